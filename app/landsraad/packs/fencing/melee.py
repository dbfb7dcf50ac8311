"""The Melee System (L244-263): as far as the text goes it differs from the Dueling System
only in its Initiative (Step One) and in choosing the action on one's turn, with a
defensive maneuver allowed out of turn (Step Two); its Resolution is the Dueling System's
Step Four (``wounds``).

    reflexes_order(fencers, c)          option 1: by Reflexes, Superb first (L249)
    d6_initiative(fencers, c, rolls)    option 2: d6 + the Reflexes bonus (L250-254)
    may_defend_out_of_turn(m)           a defensive maneuver, no Reaction roll (L257-258)
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from landsraad.errors import DiceError
from landsraad.packs.fencing.content import FencingContent, Maneuver
from landsraad.packs.fencing.model import Fencer
from landsraad.packs.fencing.wounds import ladder_value


def reflexes_order(fencers: list[Fencer], c: FencingContent) -> list[list[Fencer]]:
    """Groups acting together, fastest first: equal Reflexes act at the same time."""
    values = sorted({ladder_value(c, f.reflexes) for f in fencers}, reverse=True)
    return [[f for f in fencers if ladder_value(c, f.reflexes) == v] for v in values]


@attrs.frozen
class MeleeInitiative:
    name: str
    die: int
    bonus: int
    total: int
    tie_break: int | None = None  # the roll that broke a tie between foes of equal Reflexes


def d6_initiative(
    entries: list[tuple[Fencer, str]], c: FencingContent, rolls: list[int], tie_rolls: Sequence[int] = ()
) -> list[list[MeleeInitiative]]:
    """Option 2 (L250-254): each fencer (with its side) rolls a d6 plus the bonus of its
    Reflexes.  Highest first; allies tied act together; foes tied go by the higher
    unmodified Reflexes, and if that ties too, by a further roll that only breaks the tie
    (``tie_rolls``, used in order).  Returns groups acting together, fastest first."""
    if len(rolls) != len(entries):
        raise DiceError(f"{len(entries)} fencer(s) need {len(entries)} d6, not {len(rolls)}")
    for r in list(rolls) + list(tie_rolls):
        if not 1 <= r <= 6:
            raise DiceError(f"a d6 shows 1 to 6, not {r}")
    scored = []
    for (f, side), die in zip(entries, rolls):
        lv = c.level(f.reflexes)
        bonus = lv.melee_initiative if lv else 0
        scored.append((MeleeInitiative(f.name, die, bonus, die + bonus), f, side))
    ties = list(tie_rolls)
    groups: list[list[MeleeInitiative]] = []
    for total in sorted({s[0].total for s in scored}, reverse=True):
        same = [s for s in scored if s[0].total == total]
        groups.extend(_break_ties(same, c, ties))
    return groups


def _break_ties(same, c: FencingContent, ties: list[int]) -> list[list[MeleeInitiative]]:
    if len({side for _, _, side in same}) <= 1:  # allies: together (L252)
        return [[s[0] for s in same]]
    by_reflexes: dict[int, list] = {}
    for s in same:
        by_reflexes.setdefault(ladder_value(c, s[1].reflexes), []).append(s)
    out = []
    for value in sorted(by_reflexes, reverse=True):
        group = by_reflexes[value]
        if len({side for _, _, side in group}) <= 1:
            out.append([s[0] for s in group])
            continue
        if len(ties) < len(group):
            raise DiceError(f"a tie between foes of equal Reflexes needs {len(group)} more d6 to break it")
        rolled = [(ties.pop(0), s) for s in group]
        for roll in sorted({r for r, _ in rolled}, reverse=True):
            out.append([attrs.evolve(s[0], tie_break=r) for r, s in rolled if r == roll])
    return out


def parse_d6(text: str) -> list[int]:
    """Typed d6 faces, "4 3" or "4,3" (1 to 6 each)."""
    import re

    tokens = [t for t in re.split(r"[\s,]+", text.strip()) if t]
    if not tokens:
        raise DiceError("no d6 typed")
    if not all(t.isdigit() and 1 <= int(t) <= 6 for t in tokens):
        raise DiceError(f"{text!r}: a d6 shows 1 to 6")
    return [int(t) for t in tokens]


def may_defend_out_of_turn(m: Maneuver) -> bool:
    """In the Melee System a defensive maneuver may be taken when attacked, before one's
    turn, with no Reaction roll and no penalty; it is the fencer's action for the round
    (reading melee-out-of-turn)."""
    return m.defensive
