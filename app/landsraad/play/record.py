"""The roll log's record of one roll: what was rolled, how, and the reading chosen.

The shape is agreed in ``landsraad.play`` (the package docstring); the character document
keeps a list of ``RollRecord.to_json()`` in its roll log, and reads them back with
``RollRecord.from_json``.  ``record_roll`` makes one from a pool, the faces and the coach's
readings, so the window, the command line and the network session record a roll the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from landsraad.dice import now_iso
from landsraad.errors import DiceError
from landsraad.play.pool import Pool
from landsraad.play.reading import Reading


@attrs.frozen
class RollRecord:
    when: str
    who: str
    what: str
    actions: tuple[str, ...]
    pool: int
    rolled: int
    parts: tuple[dict[str, Any], ...]
    difficulty: int
    special: dict[str, Any]
    faces: tuple[int, ...]
    seed: int | None
    reading: dict[str, Any]
    chosen: int = 0
    against: dict[str, Any] | None = None
    readings_used: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"when": self.when, "who": self.who, "what": self.what, "actions": list(self.actions),
                "pool": self.pool, "rolled": self.rolled, "parts": [dict(p) for p in self.parts],
                "difficulty": self.difficulty, "special": dict(self.special), "faces": list(self.faces),
                "seed": self.seed, "reading": dict(self.reading), "chosen": self.chosen,
                "against": dict(self.against) if self.against is not None else None,
                "readings_used": list(self.readings_used)}

    @classmethod
    def from_json(cls, data: Any) -> "RollRecord":
        """Read a record back; anything not of the agreed shape is a DiceError naming the key."""
        if not isinstance(data, dict):
            raise DiceError("a roll record is an object")

        def need(key: str, kind: type | tuple[type, ...]) -> Any:
            value = data.get(key)
            if not isinstance(value, kind) or isinstance(value, bool) and kind is int:
                raise DiceError(f"roll record: {key!r} is missing or of the wrong kind")
            return value
        faces = need("faces", list)
        if any(isinstance(f, bool) or not isinstance(f, int) or not 1 <= f <= 10 for f in faces):
            raise DiceError("roll record: 'faces' are 1 to 10")
        seed = data.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise DiceError("roll record: 'seed' is a whole number or null")
        against = data.get("against")
        if against is not None and not isinstance(against, dict):
            raise DiceError("roll record: 'against' is an object or null")
        return cls(when=need("when", str), who=need("who", str), what=need("what", str),
                   actions=tuple(str(a) for a in need("actions", list)), pool=need("pool", int),
                   rolled=need("rolled", int), parts=tuple(need("parts", list)), difficulty=need("difficulty", int),
                   special=need("special", dict), faces=tuple(faces), seed=seed, reading=need("reading", dict),
                   chosen=need("chosen", int), against=against,
                   readings_used=tuple(str(r) for r in need("readings_used", list)))


def record_roll(pool: Pool, faces: Sequence[int], choices: Sequence[Reading], chosen: int = 0, *,
                who: str = "", difficulty: int = 1, seed: int | None = None, actions: Sequence[str] = ("",),
                against: dict[str, Any] | None = None, when: str | None = None) -> RollRecord:
    """The record of a roll: the pool, the faces thrown, and ``choices[chosen]``, the reading
    the player picked from the coach's list."""
    if not choices:
        raise DiceError("a roll record needs the coach's readings")
    if isinstance(chosen, bool) or not isinstance(chosen, int) or not 0 <= chosen < len(choices):
        raise DiceError(f"reading {chosen!r} is not one of the {len(choices)} listed")
    r = choices[chosen]
    used = tuple(dict.fromkeys(pool.readings_used + r.readings_used))
    return RollRecord(when=when or now_iso(), who=who, what=pool.name, actions=tuple(actions), pool=pool.dice,
                      rolled=pool.rolled, parts=tuple(p.to_json() for p in pool.parts), difficulty=difficulty,
                      special=pool.special.to_json(), faces=tuple(faces), seed=seed, reading=r.to_json(),
                      chosen=chosen, against=against, readings_used=used)
