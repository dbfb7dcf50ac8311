"""Exact odds before the roll (issue 25; spec dice-and-play.md §1, dice-probabilities.md).

For ``n`` dice thrown at a Difficulty, with an Expert Die (its values 7..6+rating) or a
Master Die (any value) beside them, the chance that *some* reading the coach would list
gives: a success (a set, or a Run when there is no set: D8), a set, Width 3 or more,
Width 4 or more, Width 5 or more, and enough sets for the declared actions (one set each,
sets broken up as the player likes: D7, D33).  The Special Die takes the value best for
each figure (the player sets it after the roll: D25, D28); the Difficulty discards it
below (S3).  Width 3+ / 4+ / 5+ are the widest set as rolled, the figures of
dice-probabilities.md; ``reach3`` / ``reach4`` count the Full House too (D16: a set
discarded to widen a higher one), what the coach's best reading can reach.  A Height
penalty (D14, S9: after the reading, a set at Height 0 fails) is counted: only sets above
it count, a Run's top die must be above it, and a set below it still blocks a Run.

Computed exactly, not sampled: one pass of a dynamic programme over the faces 10 down to
1 counts the outcomes (integers: the number of the 10^n ordered rolls) by what the dice
of the faces at or above each face give; the dice below a Difficulty are free, so one
pass gives every Difficulty at once.  Fractions out; cached (``functools.lru_cache``), so
the window can ask on every keystroke (fresh: 10-35 ms for a pool of 10, an Expert Die the
slowest; cached: microseconds); once a set has shown, what only a Run needs is dropped from
the state.
Tests hold the figures to brute-force enumeration of all 10^n rolls, to multiset
enumeration for pools 1-10, and to the coach itself on every roll of 3 or 4 dice.
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

MAX_ODDS_DICE = 15  # the Unworthy pool (UO2); more is refused


@attrs.frozen
class Odds:
    """Exact chances, each a Fraction 0..1, for one pool at one Difficulty."""

    success: Fraction  # a set, or a Run when no set (D5, D8)
    any_set: Fraction  # at least one set
    width3: Fraction  # a set of Width 3 or more (Expert Success)
    width4: Fraction  # Width 4 or more (Master Success)
    width5: Fraction
    actions: int = 1
    enough: Fraction = Fraction(0)  # a set for each declared action (1 action: = success)
    reach3: Fraction = Fraction(0)  # Width 3 or more once a Full House may widen a set (D16)
    reach4: Fraction = Fraction(0)

    def to_json(self) -> dict[str, Any]:
        return {
            "success": float(self.success),
            "set": float(self.any_set),
            "width3": float(self.width3),
            "width4": float(self.width4),
            "width5": float(self.width5),
            "actions": self.actions,
            "enough_sets": float(self.enough),
            "full_house": {"width3": float(self.reach3), "width4": float(self.reach4)},
            "exact": {
                k: f"{v.numerator}/{v.denominator}"
                for k, v in (
                    ("success", self.success),
                    ("width3", self.width3),
                    ("width4", self.width4),
                    ("enough_sets", self.enough),
                )
            },
        }


ZERO = Odds(Fraction(0), Fraction(0), Fraction(0), Fraction(0), Fraction(0), 1, Fraction(0))
SpecialKey = tuple[Literal["none", "expert", "master"], tuple[int, ...]]


def _key(special: Special | None) -> SpecialKey:
    if special is None or special.kind == "none":
        return ("none", ())
    return (special.kind, special.values)


def odds(
    rolled: int, difficulty: int = 1, special: Special | None = None, actions: int = 1, height_penalty: int = 0
) -> Odds:
    """The odds of ``rolled`` dice thrown at ``difficulty`` beside ``special`` (module
    docstring); ``height_penalty``: the -N Height left after Protect (D14, S9): a set must end
    at Height 1 or more, a Run's top die too, and a set that fails still blocks a Run (S5)."""
    if isinstance(rolled, bool) or not isinstance(rolled, int) or not 0 <= rolled <= MAX_ODDS_DICE:
        raise DiceError(f"odds are for 0 to {MAX_ODDS_DICE} dice, not {rolled!r}")
    if isinstance(difficulty, bool) or not isinstance(difficulty, int) or not 1 <= difficulty <= 10:
        raise DiceError(f"a Difficulty is 1 to 10, not {difficulty!r}")
    if isinstance(actions, bool) or not isinstance(actions, int) or not 1 <= actions <= 10:
        raise DiceError(f"the number of actions is 1 to 10, not {actions!r}")
    if isinstance(height_penalty, bool) or not isinstance(height_penalty, int) or not 0 <= height_penalty <= 10:
        raise DiceError(f"a Height penalty is 0 to 10, not {height_penalty!r}")
    base = _all_difficulties(rolled, _key(special), actions, height_penalty)[difficulty - 1]
    r3, r4 = _reach(rolled, _key(special), height_penalty)[difficulty - 1]
    return attrs.evolve(base, reach3=r3, reach4=r4)


def pool_odds(pool: Pool, difficulty: int = 1, actions: int = 1, height_penalty: int = 0) -> Odds:
    """The odds of a built pool (its dice thrown and its Special Die; its Protect points left
    cancel the Height penalty first, D29); no dice: all 0 (S1)."""
    if pool.fails:
        return attrs.evolve(ZERO, actions=actions)
    left = max(0, height_penalty - pool.special.protect)
    return odds(pool.rolled, difficulty, pool.special, actions, left)


@functools.lru_cache(maxsize=512)
def _all_difficulties(n: int, special: SpecialKey, actions: int, hp: int = 0) -> tuple[Odds, ...]:
    """Every Difficulty's odds in one pass.  ``hp``: the Height penalty: only faces above it
    make sets that count (``w``, ``s``, the Expert and Master flags); any set at all still
    blocks a Run (``blocked``); a Run counts when its top die is above it."""
    kind, values = special
    expert_values = frozenset(values) if kind == "expert" else frozenset()
    master = kind == "master"
    cap_sets = actions
    ok = hp + 1  # the lowest Height a set or a Run's top may show
    # state: (dice left, widest above hp (cap 5), sets above hp (cap actions), a Run with its
    #         top above hp, face h+1 present, face h+2 present, widest at an Expert value above
    #         hp (cap 4), an Expert value above hp odd, a face above hp odd (Master), presence
    #         mask of faces 5..10 (Expert runs), any set at all, a die above hp, faces hp and
    #         hp-1 present with hp+1 empty (the Master Die tops that Run))
    states: dict[tuple[int, ...], int] = {(n, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0): 1}
    totals: list[list[int]] = [[0] * 6 for _ in range(10)]  # per difficulty: success, set, w3, w4, w5, enough
    total = 10**n
    for h in range(10, 0, -1):
        high = h >= ok
        nxt: dict[tuple[int, ...], int] = defaultdict(int)
        for (r, w, s, run, p1, p2, ev, eodd, odd, mask, blocked, hi_any, top), ways in states.items():
            for c in range(r + 1):
                present = 1 if c else 0
                now_blocked = blocked or c >= 2
                if now_blocked:
                    # a set blocks every Run: what only Runs need is dropped (fewer states)
                    run_, p1_, p2_, mask_, top_ = 0, 0, 0, 0, 0
                else:
                    run_ = 1 if run or (present and p1 and p2 and h + 2 >= ok) else 0
                    p1_, p2_ = present, p1
                    mask_ = mask | (present << (h - 5)) if expert_values and h >= 5 else mask
                    top_ = 1 if top or (master and h == hp - 1 and c and p1) else 0
                key = (
                    r - c,
                    min(max(w, c), 5) if high else w,
                    min(s + c // 2, cap_sets) if high else s,
                    run_,
                    p1_,
                    p2_,
                    min(max(ev, c), 4) if (high and h in expert_values) else ev,
                    1 if eodd or (high and h in expert_values and c % 2) else 0,
                    1 if odd or (high and c % 2) else 0,
                    mask_,
                    1 if now_blocked else 0,
                    1 if hi_any or (high and c) else 0,
                    top_,
                )
                nxt[key] += ways * comb(r, c)
        states = nxt
        below = h - 1
        row = totals[h - 1]
        for (r, w, s, run, _p1, _p2, ev, eodd, odd, mask, blocked, hi_any, top), ways in states.items():
            weight = ways * below**r  # the r dice left all fall below the Difficulty
            if not weight:
                continue
            if master:
                kept_high = hi_any if h < ok else r < n
                any_set = w >= 2 or bool(kept_high)
                success = any_set or (not blocked and bool(top) and h <= hp - 1)
                got = (success, any_set, w >= 2, w >= 3, w >= 4, (success if actions == 1 else s + odd >= actions))
            elif expert_values:
                any_set = w >= 2 or ev >= 1
                success = any_set or (not blocked and _expert_run_ok(run, mask, expert_values, h, ok))
                got = (
                    success,
                    any_set,
                    w >= 3 or ev >= 2,
                    w >= 4 or ev >= 3,
                    w >= 5 or ev >= 4,
                    (success if actions == 1 else s + eodd >= actions),
                )
            else:
                any_set = w >= 2
                success = any_set or (not blocked and bool(run))
                got = (success, any_set, w >= 3, w >= 4, w >= 5, success if actions == 1 else s >= actions)
            for i, flag in enumerate(got):
                if flag:
                    row[i] += weight
    out = []
    for row in totals:
        f = [Fraction(x, total) for x in row]
        out.append(Odds(f[0], f[1], f[2], f[3], f[4], actions, f[5]))
    return tuple(out)


def _expert_run_ok(run: int, mask: int, values: frozenset[int], low: int, ok: int) -> bool:
    """No set among the dice: a Run with its top at ``ok`` or more, the Expert Die placed where
    it makes no set (below the Difficulty, or on a face no die shows), or the Expert Die
    completing such a Run itself."""

    def has(face: int) -> bool:
        return low <= face <= 10 and face >= 5 and bool(mask >> (face - 5) & 1)

    for v in values:
        if v < low:
            if run:
                return True  # discarded: the dice as they are
            continue
        if has(v):
            continue  # it would make a set (which does not count)
        if run:
            return True
        for a, b, t in ((v - 2, v - 1, v), (v - 1, v + 1, v + 1), (v + 1, v + 2, v + 2)):
            if t >= ok and has(a) and has(b):
                return True
    return False


@functools.lru_cache(maxsize=512)
def _reach(n: int, special: SpecialKey, hp: int = 0) -> tuple[tuple[Fraction, Fraction], ...]:
    """Per Difficulty, the chance of Width 3+ and 4+ when a Full House (D16: discard a set to
    add 1 Width to a set of greater Height) may follow the roll and the Special Die's choice.

    Faces 10 down to 1; flags per k in (3, 4): ``f`` a set of Width k-1 above another set;
    Master Die: ``a`` a die group of k-2 above a set, ``b`` a set of k-1 above a lone die
    (the Master Die completes the lower or the upper one); Expert Die: ``x`` an Expert value
    with a die, below a set of k-1, ``y`` an Expert value with k-2 dice (pending a set below
    it), ``z`` that set found.  ``hp``: the Height penalty: the set widened must be above
    it (the set discarded may be any)."""
    kind, values = special
    expert = frozenset(values) if kind == "expert" else frozenset()
    master = kind == "master"
    # state: (left, widest cap 4, widest at an Expert value cap 4, flags bitmask)
    states: dict[tuple[int, int, int, int], int] = {(n, 0, 0, 0): 1}
    out: list[tuple[Fraction, Fraction]] = [(Fraction(0), Fraction(0))] * 10
    total = 10**n
    for h in range(10, 0, -1):
        high = h > hp
        nxt: dict[tuple[int, int, int, int], int] = defaultdict(int)
        for (r, w, ev, fl), ways in states.items():
            for c in range(r + 1):
                f = fl
                for i, k in enumerate((3, 4)):
                    bit = 1 << (i * 6)
                    if c >= 2 and w >= k - 1:
                        f |= bit  # f: plain Full House
                    if master and c >= 2 and w >= k - 2 and w >= 1:
                        f |= bit << 1  # a: the Master Die completes the upper group
                    if master and c >= 1 and w >= k - 1:
                        f |= bit << 2  # b: ... or the lower lone die
                    if h in expert and c >= 1 and w >= k - 1:
                        f |= bit << 3  # x: the Expert Die pairs a lower die
                    if f & (bit << 4) and c >= 2:
                        f |= bit << 5  # z: a set below the pending Expert group
                    if high and h in expert and c >= k - 2:
                        f |= bit << 4  # y: pending (after z, so not itself)
                key = (r - c, min(max(w, c), 4) if high else w, min(max(ev, c), 4) if (high and h in expert) else ev, f)
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
