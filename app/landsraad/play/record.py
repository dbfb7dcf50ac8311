"""The roll log's record of one roll: what was rolled, how, and the reading chosen.

The shape is agreed in ``landsraad.play`` (the package docstring); the character document
keeps a list of ``RollRecord.to_json()`` in its roll log, and reads them back with
``RollRecord.from_json``; the record itself lives in ``landsraad.dice``, below the
engines, so the character document checks its roll log without importing the roll engine
(issue 24, engines in layers).  ``record_roll`` makes one from a pool, the faces and the coach's
readings, so the window, the command line and the network session record a roll the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from landsraad.dice import RollRecord, now_iso
from landsraad.errors import DiceError
from landsraad.play.pool import Pool
from landsraad.play.reading import Reading


def record_roll(
    pool: Pool,
    faces: Sequence[int],
    choices: Sequence[Reading],
    chosen: int = 0,
    *,
    who: str = "",
    difficulty: int = 1,
    seed: int | None = None,
    actions: Sequence[str] = ("",),
    against: dict[str, Any] | None = None,
    when: str | None = None,
) -> RollRecord:
    """The record of a roll: the pool, the faces thrown, and ``choices[chosen]``, the reading
    the player picked from the coach's list."""
    if not choices:
        raise DiceError("a roll record needs the coach's readings")
    if isinstance(chosen, bool) or not isinstance(chosen, int) or not 0 <= chosen < len(choices):
        raise DiceError(f"reading {chosen!r} is not one of the {len(choices)} listed")
    r = choices[chosen]
    used = tuple(dict.fromkeys(pool.readings_used + r.readings_used))
    return RollRecord(
        when=when or now_iso(),
        who=who,
        what=pool.name,
        actions=tuple(actions),
        pool=pool.dice,
        rolled=pool.rolled,
        parts=tuple(p.to_json() for p in pool.parts),
        difficulty=difficulty,
        special=pool.special.to_json(),
        faces=tuple(faces),
        seed=seed,
        reading=r.to_json(),
        chosen=chosen,
        against=against,
        readings_used=used,
    )
