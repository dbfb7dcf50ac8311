"""The d20 task roll (spec §1; seed L2-L6, L43-L54, L68-L80).

1d20 plus one d20 per Reroll; each Hindrance point cancels one Reroll; the dice table
(content ``[[dice]]``) says how many dice the net Rerolls roll and whether the highest
or the lowest counts.  Successes = counted - Difficulty; a counted 20 doubles them; a
counted 1 is a critical fumble; an exact match is a mixed result.
"""

from __future__ import annotations

import random
import re

import attrs

from landsraad.errors import DiceError
from landsraad.packs.quick.content import QuickContent

RESULTS = ("critical-success", "success", "mixed", "failure", "critical-fumble")


@attrs.frozen
class TaskRoll:
    rerolls: int
    hindrance: int
    difficulty: int
    dice: tuple[int, ...]
    counted: int
    result: str
    successes: int
    seed: int | None = None

    def to_json(self) -> dict:
        return {"dice": list(self.dice), "counted": self.counted, "result": self.result, "successes": self.successes}


def dice_for(rerolls: int, hindrance: int, qc: QuickContent) -> tuple[int, str]:
    """How many d20 the rules roll, and which counts ("highest" or "lowest")."""
    row = qc.dice_row(rerolls - hindrance)  # A2: Hindrance first, then the table's cap
    return row.dice, row.counted


def outcome(counted: int, difficulty: int, qc: QuickContent) -> tuple[str, int]:
    """The result id and Successes of a counted die (spec §1.3, criticals first: A3)."""
    r = qc.roll
    if counted == r.fumble_face:
        return "critical-fumble", 0
    if counted == r.critical_face:
        return "critical-success", r.critical_multiplier * max(0, counted - difficulty)
    if counted > difficulty:
        return "success", counted - difficulty
    if counted == difficulty:
        return "mixed", 0
    return "failure", 0


def check_numbers(rerolls: int, hindrance: int, difficulty: int, qc: QuickContent) -> None:
    if rerolls < 0:
        raise DiceError(f"--rerolls {rerolls}: a count of Rerolls is 0 or more")
    if hindrance < 0:
        raise DiceError(f"--hindrance {hindrance}: Hindrance is 0 or more")
    lo, hi = qc.roll.difficulty_min, qc.roll.difficulty_max
    if not lo <= difficulty <= hi:
        raise DiceError(f"--difficulty {difficulty}: a Difficulty runs from {lo} to {hi} (L47)")


def parse_faces(text: str, die: int = 20) -> list[int]:
    """Faces typed as "6 15 11 2" or "6,15,11,2"."""
    tokens = [t for t in re.split(r"[\s,]+", text.strip()) if t]
    if not tokens:
        raise DiceError("--dice: no dice typed")
    faces = []
    for t in tokens:
        if not (t.isascii() and t.isdigit()) or len(t) > 3 or not 1 <= int(t) <= die:
            raise DiceError(f"--dice: {t[:20]!r} is not a d{die} face (1-{die})")
        faces.append(int(t))
    return faces


def task_roll(
    rerolls: int,
    hindrance: int,
    difficulty: int,
    qc: QuickContent,
    dice: list[int] | None = None,
    seed: int | None = None,
    rng: random.Random | None = None,
) -> TaskRoll:
    """Roll (or read typed ``dice``) and resolve.  Typed dice must number exactly what
    the rules roll, else DiceError (exit 2)."""
    check_numbers(rerolls, hindrance, difficulty, qc)
    n, counted_by = dice_for(rerolls, hindrance, qc)
    if dice is None:
        rng = rng or random.Random(seed)
        dice = [rng.randint(1, qc.roll.die) for _ in range(n)]
    elif len(dice) != n:
        net = rerolls - hindrance
        why = (
            f"Hindrance {hindrance} outnumbers Rerolls {rerolls}"
            if net < 0
            else f"{rerolls} Rerolls less {hindrance} Hindrance = {net} net"
        )
        raise DiceError(f"--dice: {len(dice)} dice typed, but {why} rolls {n} d{qc.roll.die} (L74-L80)")
    counted = min(dice) if counted_by == "lowest" else max(dice)
    result, successes = outcome(counted, difficulty, qc)
    return TaskRoll(rerolls, hindrance, difficulty, tuple(dice), counted, result, successes, seed)


# ----- other kinds of task (spec §2; L3, L51-L54) ---------------------------------------
def opposed(counted_a: int, counted_b: int, qc: QuickContent) -> tuple[str | None, int]:
    """Two sides' counted dice: the higher wins by the difference (L3, L29); a counted 20
    doubles the winner's Successes (S16); a tie has no winner (S2, a mixed result)."""
    if counted_a == counted_b:
        return None, 0
    winner, hi, lo = ("a", counted_a, counted_b) if counted_a > counted_b else ("b", counted_b, counted_a)
    k = hi - lo
    return winner, k * qc.roll.critical_multiplier if hi == qc.roll.critical_face else k


def teamwork(counted: list[int]) -> int:
    """Each member rolls with one more Reroll; the best single result counts for the group
    (L53; A5: every member rolls their own pool)."""
    return max(counted)


def extreme_effort(rerolls: int, hindrance: int, qc: QuickContent) -> tuple[int, int, bool]:
    """+1 Reroll now, +1 Hindrance after the roll whatever happens (L54).  Returns the
    Rerolls for this roll, the Hindrance after it, and whether the extra Reroll adds no
    die (already at the table's limit: the cost is paid for nothing, so warn; S5)."""
    before, _ = dice_for(rerolls, hindrance, qc)
    after, _ = dice_for(rerolls + 1, hindrance, qc)
    return rerolls + 1, hindrance + 1, after == before
