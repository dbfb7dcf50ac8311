"""Fudge dice: 4dF, each die -1, 0 or +1, a result from -4 to +4 (reading "dice").

A ``FudgeDice`` hands out the rolls of one exchange in order, either from a seeded random
source (the seed is recorded, so the exchange replays exactly) or from results typed in
from physical dice.  Typed results are written ``+2 0 -1`` (the totals) or ``+-0+ 00-0``
(the four faces of each roll); every roll is logged with who rolled, why, the trait level
and the level reached.  Typed dice must number exactly the rolls the rules make: too few
or too many is a DiceError (exit 2 on the command line).
"""

from __future__ import annotations

import random
import re

import attrs

from landsraad.dice import new_seed, now_iso
from landsraad.errors import DiceError

DICE = 4
FACE_CHARS = {"+": 1, "-": -1, "0": 0, "−": -1}
_FACES = re.compile(r"^[+\-0−]{4}$")


@attrs.frozen
class FudgeRoll:
    """One 4dF roll: the faces when known (typed totals have none) and the result."""

    result: int
    faces: tuple[int, ...] | None = None
    seed: int | None = None  # None: typed in

    @property
    def text(self) -> str:
        faces = "".join({1: "+", -1: "-", 0: "0"}[f] for f in self.faces) if self.faces else ""
        return f"{self.result:+d}" + (f" [{faces}]" if faces else "")


@attrs.frozen
class FudgeLogEntry:
    """One line of the roll log: what was rolled, for whom and why, from which level, the
    dice and the level reached."""

    who: str
    why: str
    when: str
    roll: FudgeRoll
    base: str = ""  # the trait level rolled against ("Great", "Fencing Good +1")
    reading: str = ""  # what it reached ("Superb")

    def to_json(self) -> dict:
        return {
            "what": "4dF",
            "for": self.who,
            "why": self.why,
            "when": self.when,
            "seed": "typed" if self.roll.seed is None else self.roll.seed,
            "faces": list(self.roll.faces) if self.roll.faces else None,
            "result": self.roll.result,
            "base": self.base,
            "reading": self.reading,
        }

    @classmethod
    def from_json(cls, data: dict) -> FudgeLogEntry:
        seed = data["seed"]  # "typed", or the seed the dice were rolled with
        faces = data.get("faces")
        return cls(
            who=str(data["for"]),
            why=str(data["why"]),
            when=str(data.get("when", "")),
            roll=FudgeRoll(
                int(data["result"]), tuple(faces) if faces else None, None if seed == "typed" else int(seed)
            ),
            base=str(data.get("base", "")),
            reading=str(data.get("reading", "")),
        )


def parse_results(text: str) -> list[FudgeRoll]:
    """Typed rolls: totals (``+2 0 -1``) or four faces each (``+-0+``), space or comma
    separated."""
    out: list[FudgeRoll] = []
    for token in re.split(r"[\s,]+", (text or "").strip()):
        if not token:
            continue
        if _FACES.match(token):
            faces = tuple(FACE_CHARS[ch] for ch in token)
            out.append(FudgeRoll(sum(faces), faces, None))
            continue
        try:
            value = int(token.replace("−", "-"))
        except ValueError:
            raise DiceError(f"{token!r} is not a 4dF result (-4..+4) nor four faces like '+-0+'") from None
        if not -DICE <= value <= DICE:
            raise DiceError(f"a 4dF roll gives -4 to +4, not {value}")
        out.append(FudgeRoll(value, None, None))
    return out


class FudgeDice:
    """The rolls of one exchange, in the order the rules ask for them, each logged."""

    def __init__(self, seed: int | None = None, typed: str | list[FudgeRoll] | None = None, ask=None):
        """``ask(who, why, base)``: typed dice asked for one at a time, as the round needs
        them (the window asks the table); it returns a result -4..+4 or faces like "+-0+"."""
        if typed is not None and seed is not None:
            raise DiceError("give typed dice or a seed, not both")
        if ask is not None:
            if seed is not None:
                raise DiceError("give typed dice or a seed, not both")
            typed = typed or []
        self.ask = ask
        self.typed = parse_results(typed) if isinstance(typed, str) else (list(typed) if typed is not None else None)
        self.seed = None if self.typed is not None else (seed if seed is not None else new_seed())
        self._rng = random.Random(self.seed) if self.typed is None else None
        self.used = 0
        self.log: list[FudgeLogEntry] = []

    def roll(self, who: str, why: str, base: str = "") -> FudgeRoll:
        if self._rng is not None:
            faces = tuple(self._rng.choice((-1, 0, 1)) for _ in range(DICE))
            r = FudgeRoll(sum(faces), faces, self.seed)
        else:
            r = self._next_typed(self.typed if self.typed is not None else [], who, why, base)
        self.used += 1
        self.log.append(FudgeLogEntry(who, why, now_iso(), r, base))
        return r

    def _next_typed(self, typed: list[FudgeRoll], who: str, why: str, base: str) -> FudgeRoll:
        """The next typed roll; asked of the table when the dice are asked one at a time."""
        if self.used >= len(typed) and self.ask is not None:
            answer = self.ask(who, why, base)
            rolls = parse_results(str(answer))
            if len(rolls) != 1:
                raise DiceError(f"one 4dF roll for {who}'s {why}, not {answer!r}")
            typed.append(rolls[0])
        if self.used >= len(typed):
            raise DiceError(
                f"the exchange needs more than the {len(typed)} typed roll(s): roll {self.used + 1} is {who}'s {why}"
            )
        return typed[self.used]

    def note_reading(self, reading: str) -> None:
        """Record what the last roll reached (the log entry is immutable: replace it)."""
        last = self.log[-1]
        self.log[-1] = attrs.evolve(last, reading=reading)

    def check_all_used(self) -> None:
        if self.typed is not None and self.used != len(self.typed):
            raise DiceError(f"{len(self.typed)} typed roll(s) given but the exchange rolls {self.used}")


def roll_d6(rng: random.Random) -> int:
    return rng.randint(1, 6)
