"""A character's roll read as the rules read it (issue 25; spec dice-and-play.md §1).

Qt-free.  The window's Roll panel, the command line (``character roll``, ``roll``), the
tests and the network session call the same functions:

- ``pool``: the dice pool from a character or a plain number (Statistic + Skill, bonuses,
  penalties, the multiple-action penalty with the lowest pool, the Special Die Rating,
  Protect, the 10-dice cap applied after the modifiers), every part named with its page.
- ``reading``: the coach, every legal reading of a set of faces, best first, each with
  ``why`` and ``page``.
- ``odds``: the exact chance of success, Width 3+, Width 4+ and enough sets, before the roll.
- ``contest``: opposed (gobble dice), competitive and cooperative tests.
- ``record``: the roll log entry (below).
- ``content``: the readings and the dice bonuses of advantages and feats, from
  ``content/houses-of-the-landsraad/dice.toml``.
- ``condition`` / ``condition_content`` / ``evening``: the character in play (damage boxes,
  Complications, healing, limited uses, the evening's log) from ``condition.toml``, and its
  named edits.
- the words for people (the pool, the odds, a reading's line, the readings of the rules
  used): ``landsraad.present.roll``, shared by the window and the command line.

A Roll panel, in calls: ``pool = character_pool(ch, content, stat, skill, bonus=…,
penalty=…, actions=…, statistics=current, sheet=sheet)`` → ``pool_odds(pool, difficulty,
actions)`` (cached: per keystroke) → the dice (``pool.throw(pool, typed_text)`` or
``pool.throw(pool, seed=…)``) → ``readings(faces, difficulty, pool.special,
actions, Options(height_penalty=…))`` → the player picks ``i`` → ``record_roll(pool, faces,
rs, i, who=…, difficulty=…, seed=…)`` → the document's roll log keeps ``.to_json()``.

The roll record (``record.RollRecord``; the character document keeps a list of them in its
roll log, the window and the table view show them).  Its JSON, every key always present::

    {"when": "2026-12-04T20:15:00+00:00",   # ISO 8601, UTC
     "who": "Duncan Idaho",                   # the character (or "" for a bare roll)
     "what": "Prowess + Duel",                # the pool's name
     "actions": ["Attack"],                   # declared, in order (one unnamed action: [""])
     "pool": 7, "rolled": 6,                  # the dice pool; the dice thrown (pool - nominated)
     "parts": [{"label": "Prowess 3", "dice": 3, "rule": "D2", "line": "L127", "page": 13}, …],
     "difficulty": 4,
     "special": {"kind": "expert", "expert": 3, "master": false, "rating": 3, "nudges": 2,
                 "protect": 0, "nominated": true,
                 "rating_before": 4},          # SDR before the penalties took it (A1)
     "faces": [2, 3, 8, 8, 9, 9],             # the dice thrown, as rolled or typed
     "seed": 1234 or null,                    # null: typed from physical dice
     "reading": {reading JSON, see reading.Reading.to_json},   # the one the player chose
     "chosen": 0,                             # its index in the coach's list (0 = the best)
     "against": null or {"who", "faces", "reading", "countered"},   # an opposed test
     "readings_used": ["A1", "S3"]}           # the spec's recommended readings applied

``RollRecord.from_json(RollRecord.to_json())`` gives the record back; the character
document stores the JSON as it is.
"""
