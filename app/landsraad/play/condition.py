"""A character's condition read against the rules: boxes, thresholds, penalties, uses left.

Nothing here changes a character (the edits are ``landsraad.play.evening``).  The numbers
come from ``condition.toml`` (``landsraad.play.condition_content``): damage kinds and their
statistics (L299-L302), attack classes (L398-L409), armour (L421), the Complication tables
(L309-L393), the healing clock (L393-L396) and the limited uses of advantages and feats.

A damage box lowers the statistic itself (L302), so every pool uses ``current_statistics``.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from landsraad.character.model import Character, Condition
from landsraad.play.condition_content import ConditionContent, Use


@attrs.frozen
class BoxRow:
    """One statistic's damage boxes: one box per point of the statistic (S10)."""

    statistic: str
    kind: str
    boxes: int  # the statistic as built
    ticked: int  # damage on it

    @property
    def current(self) -> int:
        return max(self.boxes - self.ticked, 0)


@attrs.frozen
class Penalty:
    """A penalty the character carries: a Complication's or a setback's."""

    source: str  # "Broken Bones (left arm)", "Allies setback"
    height: int
    dice: int
    scope: str
    line: str


@attrs.frozen
class UseRow:
    use: Use
    name: str  # the feat's or advantage's name
    times: int  # per period, with the Judge's additions
    spent: int

    @property
    def left(self) -> int:
        return max(self.times - self.spent, 0)


def box_rows(statistics: Mapping[str, int], cond: Condition, cc: ConditionContent) -> list[BoxRow]:
    """Every statistic of every damage kind, in the kinds' order (Physical, Mental, Social)."""
    rows = []
    for kind in cc.kinds:
        for stat in kind.statistics:
            rows.append(BoxRow(stat, kind.id, statistics.get(stat, 0), cond.damage.get(stat, 0)))
    return rows


def current_statistics(statistics: Mapping[str, int], cond: Condition) -> dict[str, int]:
    """The statistics with their damage taken off (L302: each point reduces the statistic)."""
    return {s: max(v - cond.damage.get(s, 0), 0) for s, v in statistics.items()}


def thresholds(statistics: Mapping[str, int], cond: Condition, cc: ConditionContent) -> list[tuple[str, str]]:
    """(kind id, state) for each kind with a statistic at 0 (L304): one at 0 or both at 0."""
    now = current_statistics(statistics, cond)
    out = []
    for kind in cc.kinds:
        zero = sum(1 for s in kind.statistics if now.get(s, 0) <= 0)
        if zero == len(kind.statistics):
            out.append((kind.id, kind.both_at_zero))
        elif zero:
            out.append((kind.id, kind.one_at_zero))
    return out


def damage_points(
    cc: ConditionContent, width: int, attack: str = "light", armour: int = 0, kind: str = "physical"
) -> int:
    """Damage of one hit (S13): the Width after counters, + the attack class's bonus (L402,
    L487), - the Armour Rating for the kinds armour stops (L421: Physical), at least 0."""
    points = width + cc.attack(attack).bonus if width > 0 else 0
    if kind in cc.damage.armour_kinds:
        points -= armour
    return max(points, 0)


def transfer_limit(cc: ConditionContent, points: Mapping[str, int]) -> int:
    """How many points may move to Mental Damage (L402, A11 (a)): one for every 2 points of
    Physical or Social Damage received."""
    return sum(points.get(k, 0) // cc.damage.transfer_per for k in cc.damage.transfer_from)


def penalties(cond: Condition, cc: ConditionContent) -> list[Penalty]:
    out = []
    for held in cond.complications:
        comp = cc.complication(held.id)
        if comp.height or comp.dice:
            name = comp.name + (f" ({held.detail})" if held.detail else "")
            out.append(Penalty(name, comp.height, comp.dice, comp.scope, comp.line))
    for sb in cond.setbacks:
        rule = cc.setback(sb.id)
        out.append(
            Penalty(
                f"{rule.advantage.title()} setback ({sb.days_left} days left)",
                0,
                rule.dice,
                f"{rule.advantage.title()} rolls",
                rule.line,
            )
        )
    return out


def held_uses(
    ch: Character,
    sheet_feats: Mapping[str, object],
    sheet_advantages: Mapping[str, object],
    cc: ConditionContent,
    names: Mapping[str, str] | None = None,
) -> list[UseRow]:
    """The limited uses this character has (from its feats and advantages), with what is left."""
    rows = []
    for use in cc.uses:
        held = use.of in (sheet_feats if use.source == "feat" else sheet_advantages)
        if not held:
            continue
        times = use.times + ch.condition.extra_uses.get(use.id, 0)
        name = (names or {}).get(use.of, use.of.replace("-", " ").title())
        rows.append(UseRow(use, name, times, ch.condition.uses.get(use.id, 0)))
    return rows


def days_to_heal(statistics: Mapping[str, int], cond: Condition, cc: ConditionContent) -> int:
    """Days of rest until every box and Complication is healed, with no physician's help:
    the kinds heal in parallel, then the Complications one after another (HE5, S14)."""
    per_box = cc.healing.days_per_box
    longest = 0
    for kind in cc.kinds:
        ticked = sum(min(cond.damage.get(s, 0), statistics.get(s, 0)) for s in kind.statistics)
        if ticked:
            clock = cond.healing.get(kind.id)
            done = min(clock.days + clock.cut, per_box - 1) if clock else 0
            longest = max(longest, ticked * per_box - done)
    total = longest
    for held in cond.complications:
        comp = cc.complication(held.id)
        levels = comp.points - held.levels_healed
        done = min(held.clock.days + held.clock.cut, cc.healing.days_per_level - 1)
        total += max(levels * cc.healing.days_per_level - done, 0)
    return total


def is_unhurt(cond: Condition) -> bool:
    return not any(cond.damage.values()) and not cond.complications
