"""Typed rule classes for the character chapter, one per content kind.

The field names are the TOML keys of ``docs/content-format.md``; cattrs structures
the files into these classes and rejects unknown keys.  Cross-references (a template
naming a skill, a feat naming its tree) are checked by ``landsraad.rules.content``.
"""

from __future__ import annotations

from typing import Literal

import attrs


def _tuple(x):
    return tuple(x)


@attrs.frozen
class Requirement:
    kind: Literal["advantage", "advantage-rating", "skill-not-above", "all-feats-of-order", "sex"]
    id: str = ""
    at_least: int = 0
    skill: str = ""
    order: str = ""
    value: str = ""
    severity: Literal["error", "warning"] = "error"
    note: str = ""


@attrs.frozen
class Reading:
    id: str
    rule: str
    choice: str
    note: str = ""
    line: str = ""


@attrs.frozen
class Costs:
    statistic: int
    broad: int
    narrow: int
    special_die_broad: int
    special_die_narrow: int
    feat: Literal["level", "one"] = "level"
    conversion_top_up: int = 1


@attrs.frozen
class Limits:
    statistic_start: int = 1
    statistic_max: int = 5
    statistic_max_preternatural: int = 6
    skill_max: int = 5
    special_dice_max: int = 5
    feat_level_max: int = 5
    extras_points: int = 10
    extras_statistic_raise: int = 1
    extras_skill_cap: int = 3
    aspect_first_min: int = 1  # two-aspect advantages: the first aspect at least 1 ...
    aspect_max: int = 5  # ... and each aspect at most 5 (L1308)


@attrs.frozen
class PackInfo:
    id: str
    name: str
    source: str = ""
    note: str = ""
    covers: str = ""  # what the pack covers, one sentence (`content list packs`)
    kinds: tuple[str, ...] = attrs.field(default=(), converter=_tuple)  # document kinds it makes


@attrs.frozen
class Pack:
    pack: PackInfo
    costs: Costs
    limits: Limits
    reading: tuple[Reading, ...] = attrs.field(default=(), converter=_tuple)
    step_lines: dict[str, str] = attrs.Factory(dict)  # step id -> where the step is printed


@attrs.frozen
class Statistic:
    id: str
    name: str
    pair: Literal["physical", "mental", "social"]
    style: Literal["aggressive", "subtle"]
    meaning: str = ""
    line: str = ""
    note: str = ""


@attrs.frozen
class Caste:
    id: str
    name: str
    rank: int
    playable: bool
    description: str = ""
    printed_name: str = ""
    line: str = ""
    note: str = ""


SkillKind = Literal["broad", "narrow", "specialist"]


@attrs.frozen
class Skill:
    id: str
    name: str
    kind: SkillKind
    broad: str = ""
    summary: str = ""
    statistic: str = ""
    field: str = ""
    field_options: tuple[str, ...] = attrs.field(default=(), converter=_tuple)
    # names a reading accepts beyond the printed ones (Weapon Skill's Unarmed): allowed with a warning
    field_options_added: tuple[str, ...] = attrs.field(default=(), converter=_tuple)
    repeatable: bool = False
    priced_as: Literal["", "broad", "narrow"] = ""
    requires: tuple[Requirement, ...] = attrs.field(default=(), converter=_tuple)
    aliases: tuple[str, ...] = attrs.field(default=(), converter=_tuple)
    printed_name: str = ""
    line: str = ""
    note: str = ""

    @property
    def price_class(self) -> str:
        """ "broad" or "narrow": which Step 06 price this skill pays (spec §2.2)."""
        if self.kind == "specialist":
            return self.priced_as or "narrow"
        return self.kind


@attrs.frozen
class Advantage:
    id: str
    name: str
    kind: Literal["fixed", "rated", "aspects", "tiered"]
    cost: int = 0
    max_rating: int = 0
    aspects: tuple[str, ...] = attrs.field(default=(), converter=_tuple)
    tiers: tuple[int, ...] = attrs.field(default=(), converter=_tuple)
    printed_table_cost: int = 0
    house_trait: str = ""
    needs_detail: str = ""
    statistic_bonus: int = 0  # Preternatural Statistic: +1 to the statistic named as its detail
    # (which may then reach limits.statistic_max_preternatural)
    caste_rank_min: int = 0  # the caste rank holding it gives at least (Honorarium Familia: 4, L1596)
    licence: str = ""  # secret-feat order this advantage opens (Spice Agony, Ginaz Training)
    requires: tuple[Requirement, ...] = attrs.field(default=(), converter=_tuple)
    effect: str = ""
    aliases: tuple[str, ...] = attrs.field(default=(), converter=_tuple)
    printed_name: str = ""
    line: str = ""
    note: str = ""

    @property
    def rated(self) -> bool:
        """Whether it has a rating (rated, two-aspect, tiered) or is simply held (fixed)."""
        return self.kind != "fixed"

    def cost_of(self, rating: int) -> int:
        """Character Points for this advantage at ``rating`` (L1306: rating is the cost);
        also the rating a fixed advantage is recorded at."""
        return rating if self.rated else self.cost


@attrs.frozen
class Feat:
    id: str
    name: str
    level: int
    effect: str = ""
    requires: tuple[Requirement, ...] = attrs.field(default=(), converter=_tuple)
    per_identity: bool = False  # bought again for each new identity (Guy Incognito, L2327)
    printed_name: str = ""
    line: str = ""
    note: str = ""


@attrs.frozen
class FeatTree:
    id: str
    name: str
    group: str
    kind: Literal["skill", "combat", "secret"]
    feat: tuple[Feat, ...] = attrs.field(converter=_tuple)
    skill: str = ""
    skill_field: str = ""
    order: str = ""
    aliases: tuple[str, ...] = attrs.field(default=(), converter=_tuple)
    printed_name: str = ""
    line: str = ""
    note: str = ""


GrantKind = Literal["statistic", "skill", "special-die", "advantage", "feat", "licence"]


@attrs.frozen
class Grant:
    kind: GrantKind
    id: str = ""
    amount: int = 1
    field: str = ""
    rating: int = 0
    mode: Literal["set", "add"] = "set"
    detail: str = ""
    order: str = ""
    ref: str = ""
    line: str = ""
    note: str = ""
    house_rule: bool = False


@attrs.frozen
class Option:
    id: str
    label: str = ""
    grants: tuple[Grant, ...] = attrs.field(default=(), converter=_tuple)
    cost: int = 0
    requires: tuple[Requirement, ...] = attrs.field(default=(), converter=_tuple)
    line: str = ""
    note: str = ""
    house_rule: bool = False


@attrs.frozen
class FeatPattern:
    id: str
    slots: tuple[tuple[int, ...], ...] = attrs.field(converter=lambda s: tuple(tuple(x) for x in s))
    label: str = ""
    note: str = ""


@attrs.frozen
class Choice:
    label: str
    kind: Literal["options", "feats"] = "options"
    count: int = 1
    max_each: int = 1
    distinct_fields: bool = False
    distinct_skills: bool = False  # no two picks may raise the same skill (House Service "Choose two", §5.1)
    optional: bool = False
    options: tuple[Option, ...] = attrs.field(default=(), converter=_tuple)
    trees: tuple[str, ...] = attrs.field(default=(), converter=_tuple)
    any_possessed: bool = False
    patterns: tuple[FeatPattern, ...] = attrs.field(default=(), converter=_tuple)
    line: str = ""
    note: str = ""
    house_rule: bool = False

    def option(self, option_id: str) -> Option | None:
        for opt in self.options:
            if opt.id == option_id:
                return opt
        return None


@attrs.frozen
class Template:
    id: str
    name: str
    grants: tuple[Grant, ...] = attrs.field(default=(), converter=_tuple)
    choice: tuple[Choice, ...] = attrs.field(default=(), converter=_tuple)
    starting_caste: int = 0
    requires: tuple[Requirement, ...] = attrs.field(default=(), converter=_tuple)
    asks: tuple[str, ...] = attrs.field(default=(), converter=_tuple)
    flavour: str = ""
    aliases: tuple[str, ...] = attrs.field(default=(), converter=_tuple)
    printed_name: str = ""
    line: str = ""
    note: str = ""
    house_rule: bool = False


@attrs.frozen
class StepInfo:
    id: str
    name: str
    number: int
    line: str = ""
    note: str = ""


@attrs.frozen
class Common:
    choice: tuple[Choice, ...] = attrs.field(default=(), converter=_tuple)
    note: str = ""


@attrs.frozen
class TemplateStep:
    step: StepInfo
    template: tuple[Template, ...] = attrs.field(converter=_tuple)
    common: Common = Common()

    def choices_of(self, template: Template) -> tuple[Choice, ...]:
        """The template's own choices, then the step's common ones (numbered after)."""
        return template.choice + self.common.choice
