"""Exact odds before the roll (issue 25; spec dice-and-play.md §1, dice-probabilities.md).

For ``n`` dice thrown at a Difficulty, with an Expert Die (its values 7..6+rating) or a
Master Die (any value) beside them, the chance that *some* reading the coach would list
gives: a success (a set, or a Run when there is no set: D8), a set, Width 3 or more,
Width 4 or more, Width 5 or more, and enough sets for the declared actions (one set each,
sets broken up as the player likes: D7, D33).  The Special Die takes the value best for
each figure (the player sets it after the roll: D25, D28); the Difficulty discards it
below (S3).  Width 3+ / 4+ / 5+ are the widest set as rolled, the figures of
dice-probabilities.md; ``reach3`` / ``reach4`` count the Full House too (D16: a set
discarded to widen a higher one), what the coach's best reading can reach.  Height
penalties are not counted (they lower Heights after the reading).

Computed exactly, not sampled: one pass of a dynamic programme over the faces 10 down to
1 counts the outcomes (integers: the number of the 10^n ordered rolls) by what the dice
of the faces at or above each face give; the dice below a Difficulty are free, so one
pass gives every Difficulty at once.  Fractions out; cached (``functools.lru_cache``), so
the window can ask on every keystroke (a fresh 10-dice pass takes a few milliseconds).
A test holds the figures to brute-force enumeration of all 10^n rolls.
"""

from __future__ import annotations

import functools
from collections import defaultdict
from fractions import Fraction
from math import comb
from typing import Any, Literal

import attrs

from landsraad.errors import DiceError
from landsraad.play.pool import Pool, Special

MAX_ODDS_DICE = 15      # the Unworthy pool (UO2); more is refused


@attrs.frozen
class Odds:
    """Exact chances, each a Fraction 0..1, for one pool at one Difficulty."""

    success: Fraction          # a set, or a Run when no set (D5, D8)
    any_set: Fraction          # at least one set
    width3: Fraction           # a set of Width 3 or more (Expert Success)
    width4: Fraction           # Width 4 or more (Master Success)
    width5: Fraction
    actions: int = 1
    enough: Fraction = Fraction(0)   # a set for each declared action (1 action: = success)
    reach3: Fraction = Fraction(0)   # Width 3 or more once a Full House may widen a set (D16)
    reach4: Fraction = Fraction(0)

    def to_json(self) -> dict[str, Any]:
        return {"success": float(self.success), "set": float(self.any_set), "width3": float(self.width3),
                "width4": float(self.width4), "width5": float(self.width5), "actions": self.actions,
                "enough_sets": float(self.enough),
                "full_house": {"width3": float(self.reach3), "width4": float(self.reach4)},
                "exact": {k: f"{v.numerator}/{v.denominator}" for k, v in (
                    ("success", self.success), ("width3", self.width3), ("width4", self.width4),
                    ("enough_sets", self.enough))}}


ZERO = Odds(Fraction(0), Fraction(0), Fraction(0), Fraction(0), Fraction(0), 1, Fraction(0))
SpecialKey = tuple[Literal["none", "expert", "master"], tuple[int, ...]]


def _key(special: Special | None) -> SpecialKey:
    if special is None or special.kind == "none":
        return ("none", ())
    return (special.kind, special.values)


def odds(rolled: int, difficulty: int = 1, special: Special | None = None, actions: int = 1) -> Odds:
    """The odds of ``rolled`` dice thrown at ``difficulty`` beside ``special`` (module docstring)."""
    if isinstance(rolled, bool) or not isinstance(rolled, int) or not 0 <= rolled <= MAX_ODDS_DICE:
        raise DiceError(f"odds are for 0 to {MAX_ODDS_DICE} dice, not {rolled!r}")
    if isinstance(difficulty, bool) or not isinstance(difficulty, int) or not 1 <= difficulty <= 10:
        raise DiceError(f"a Difficulty is 1 to 10, not {difficulty!r}")
    if isinstance(actions, bool) or not isinstance(actions, int) or not 1 <= actions <= 10:
        raise DiceError(f"the number of actions is 1 to 10, not {actions!r}")
    base = _all_difficulties(rolled, _key(special), actions)[difficulty - 1]
    r3, r4 = _reach(rolled, _key(special))[difficulty - 1]
    return attrs.evolve(base, reach3=r3, reach4=r4)


def pool_odds(pool: Pool, difficulty: int = 1, actions: int = 1) -> Odds:
    """The odds of a built pool (its dice thrown and its Special Die); no dice: all 0 (S1)."""
    if pool.fails:
        return attrs.evolve(ZERO, actions=actions)
    return odds(pool.rolled, difficulty, pool.special, actions)


@functools.lru_cache(maxsize=512)
def _all_difficulties(n: int, special: SpecialKey, actions: int) -> tuple[Odds, ...]:
    kind, values = special
    expert_values = frozenset(values) if kind == "expert" else frozenset()
    master = kind == "master"
    cap_sets = actions
    # state: (dice left, widest (cap 5), sets (cap actions), run found, face h+1 present,
    #         face h+2 present, widest at an Expert value (cap 4), an Expert value odd,
    #         any face odd (Master), presence mask of faces 5..10 (Expert runs))
    states: dict[tuple[int, ...], int] = {(n, 0, 0, 0, 0, 0, 0, 0, 0, 0): 1}
    totals: list[list[int]] = [[0] * 6 for _ in range(10)]  # per difficulty: success, set, w3, w4, w5, enough
    total = 10 ** n
    for h in range(10, 0, -1):
        nxt: dict[tuple[int, ...], int] = defaultdict(int)
        for (r, w, s, run, p1, p2, ev, eodd, odd, mask), ways in states.items():
            for c in range(r + 1):
                present = 1 if c else 0
                key = (r - c, min(max(w, c), 5), min(s + c // 2, cap_sets),
                       1 if run or (present and p1 and p2) else 0, present, p1,
                       min(max(ev, c), 4) if h in expert_values else ev,
                       1 if eodd or (h in expert_values and c % 2) else 0,
                       1 if odd or c % 2 else 0,
                       mask | (present << (h - 5)) if expert_values and h >= 5 else mask)
                nxt[key] += ways * comb(r, c)
        states = nxt
        below = h - 1
        row = totals[h - 1]
        live_expert = frozenset(v for v in expert_values if v >= h)
        for (r, w, s, run, _p1, _p2, ev, eodd, odd, mask), ways in states.items():
            weight = ways * below ** r          # the r dice left all fall below the Difficulty
            if not weight:
                continue
            if master:
                kept = r < n
                got = (kept, kept, w >= 2, w >= 3, w >= 4, s + odd >= actions)
            elif live_expert:
                any_set = w >= 2 or ev >= 1
                success = any_set or bool(run) or _expert_run(mask, live_expert, h)
                got = (success, any_set, w >= 3 or ev >= 2, w >= 4 or ev >= 3, w >= 5 or ev >= 4,
                       (success if actions == 1 else s + eodd >= actions))
            else:
                any_set = w >= 2
                success = any_set or bool(run)
                got = (success, any_set, w >= 3, w >= 4, w >= 5, success if actions == 1 else s >= actions)
            for i, flag in enumerate(got):
                if flag:
                    row[i] += weight
    if master:
        # one die kept beside the Master Die is a set; with one action "enough" is a success
        for row in totals:
            if actions == 1:
                row[5] = row[0]
    out = []
    for row in totals:
        f = [Fraction(x, total) for x in row]
        out.append(Odds(f[0], f[1], f[2], f[3], f[4], actions, f[5]))
    return tuple(out)


@functools.lru_cache(maxsize=512)
def _reach(n: int, special: SpecialKey) -> tuple[tuple[Fraction, Fraction], ...]:
    """Per Difficulty, the chance of Width 3+ and 4+ when a Full House (D16: discard a set to
    add 1 Width to a set of greater Height) may follow the roll and the Special Die's choice.

    Faces 10 down to 1; flags per k in (3, 4): ``f`` a set of Width k-1 above another set;
    Master Die: ``a`` a die group of k-2 above a set, ``b`` a set of k-1 above a lone die
    (the Master Die completes the lower or the upper one); Expert Die: ``x`` an Expert value
    with a die, below a set of k-1, ``y`` an Expert value with k-2 dice (pending a set below
    it), ``z`` that set found."""
    kind, values = special
    expert = frozenset(values) if kind == "expert" else frozenset()
    master = kind == "master"
    # state: (left, widest cap 4, widest at an Expert value cap 4, flags bitmask)
    states: dict[tuple[int, int, int, int], int] = {(n, 0, 0, 0): 1}
    out: list[tuple[Fraction, Fraction]] = [(Fraction(0), Fraction(0))] * 10
    total = 10 ** n
    for h in range(10, 0, -1):
        nxt: dict[tuple[int, int, int, int], int] = defaultdict(int)
        for (r, w, ev, fl), ways in states.items():
            for c in range(r + 1):
                f = fl
                for i, k in enumerate((3, 4)):
                    bit = 1 << (i * 6)
                    if c >= 2 and w >= k - 1:
                        f |= bit                        # f: plain Full House
                    if master and c >= 2 and w >= k - 2 and w >= 1:
                        f |= bit << 1                   # a: the Master Die completes the upper group
                    if master and c >= 1 and w >= k - 1:
                        f |= bit << 2                   # b: ... or the lower lone die
                    if h in expert and c >= 1 and w >= k - 1:
                        f |= bit << 3                   # x: the Expert Die pairs a lower die
                    if f & (bit << 4) and c >= 2:
                        f |= bit << 5                   # z: a set below the pending Expert group
                    if h in expert and c >= k - 2:
                        f |= bit << 4                   # y: pending (after z, so not itself)
                key = (r - c, min(max(w, c), 4), min(max(ev, c), 4) if h in expert else ev, f)
                nxt[key] += ways * comb(r, c)
        states = nxt
        counts = [0, 0]
        for (r, w, ev, fl), ways in states.items():
            weight = ways * (h - 1) ** r
            if not weight:
                continue
            for i, k in enumerate((3, 4)):
                bits = fl >> (i * 6)
                hit = w >= k or bool(bits & 1)
                if master:
                    hit = hit or (r < n and w >= k - 1) or bool(bits & 0b110)
                if expert and any(v >= h for v in expert):
                    hit = hit or ev >= k - 1 or bool(bits & 0b1000) or bool(bits & 0b100000)
                if hit:
                    counts[i] += weight
        out[h - 1] = (Fraction(counts[0], total), Fraction(counts[1], total))
    return tuple(out)


def _expert_run(mask: int, values: frozenset[int], low: int) -> bool:
    """Does an Expert value missing from the faces complete a run of three (faces >= low)?"""
    def has(face: int) -> bool:
        return low <= face <= 10 and face >= 5 and bool(mask >> (face - 5) & 1)
    for v in values:
        if has(v):
            continue
        if (has(v - 2) and has(v - 1)) or (has(v - 1) and has(v + 1)) or (has(v + 1) and has(v + 2)):
            return True
    return False
