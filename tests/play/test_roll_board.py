"""The roll as the table shows it (present/play.py, Qt-free, the web page's too): the dice
grouped as the chosen reading groups them, gobbled dice struck, the damage line by page."""

from landsraad.play.contest import opposed
from landsraad.play.pool import plain_pool
from landsraad.play.reading import readings
from landsraad.play.record import record_roll
from landsraad.present.play import roll_board


def _record(faces, difficulty=1, against=None, pool=None):
    pool = pool or plain_pool(len(faces))
    choices = readings(faces, difficulty, pool.special)
    data_against = None
    if against is not None:
        theirs = readings(against, difficulty)[0]
        o = opposed(choices, theirs)
        choices = list(o.active)
        data_against = {
            "who": "Vell",
            "faces": list(against),
            "reading": theirs.to_json(),
            "countered": {**o.results[0].to_json(), "outcome": o.outcome},
        }
    return record_roll(pool, faces, choices, 0, who="Tomas", difficulty=difficulty, against=data_against).to_json()


def test_groups_follow_the_reading_and_the_difficulty_discards():
    # T2 (D10, L154): Difficulty 4, 5 5 3 3 9 -> 2x5; the 3s are discarded, the 9 is waste
    board = roll_board(_record([5, 5, 3, 3, 9], difficulty=4))
    kinds = [(g.kind, [d.face for d in g.dice]) for g in board.groups]
    assert kinds == [("set", [5, 5]), ("waste", [9]), ("discarded", [3, 3])]
    assert board.headline == "2x5: Standard Success" and board.success


def test_a_run_when_no_set():
    # T3 (D8, L149): 4 5 6 9 -> a Run 1x6
    board = roll_board(_record([4, 5, 6, 9]))
    assert [g.label for g in board.groups][0] == "Run 1x6"
    assert board.headline == "1x6: Minimal Success"


def test_contest_strikes_the_gobbled_dice():
    # L273 (C8): a shot 2x8 against a dive 2x9: both dice gobbled, the set spoiled
    board = roll_board(_record([8, 8, 1, 3], against=[9, 9, 2]))
    struck = [d for g in board.groups for d in g.dice if d.struck]
    assert len(struck) == 2 and not board.success and board.against is not None
    assert board.against.headline.startswith("2x9")
    # L193: 2x4 against 3x3: a die of greater Height is never gobbled
    board = roll_board(_record([4, 4, 1], against=[3, 3, 3]))
    assert not any(d.struck for g in board.groups for d in g.dice) and board.success


def test_damage_line_names_the_page():
    rec = _record([7, 7, 7, 2])
    rec["attack"] = "medium"
    board = roll_board(rec)
    # L402: a Medium attack does Width + 1: 3x7 -> 4
    assert any("= 4" in ln and "p. 28" in ln and "L402" not in ln for ln in board.lines)
    assert board.to_json()["groups"][0]["dice"][0]["face"] == 7
