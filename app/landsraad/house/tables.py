"""Typed classes for the House-creation content (fief, territory, history, traits .toml).

Field names are the TOML keys; cattrs structures the files into these classes and
rejects unknown keys.  Cross-references (trait keys, a stacked terrain id, one row per
width) are checked by ``landsraad.house.content``.
"""

from __future__ import annotations

from typing import Literal

import attrs

Deltas = dict[str, int]  # trait id -> change; a trait left out is +0


def _tuple(x):
    return tuple(x)


# ---- traits.toml ---------------------------------------------------------------------
@attrs.frozen
class RatingRule:
    score_min: int
    score_max: int
    divisor: int
    rounding: Literal["half-up"]
    rating_min: int
    rating_max: int
    line: str = ""
    note: str = ""


@attrs.frozen
class Trait:
    id: str
    name: str
    measures: str
    levels: tuple[str, ...] = attrs.field(converter=_tuple)
    aliases: tuple[str, ...] = attrs.field(default=(), converter=_tuple)
    line: str = ""
    note: str = ""
    levels_line: str = ""
    levels_note: str = ""


@attrs.frozen
class TraitsFile:
    rating: RatingRule
    trait: tuple[Trait, ...] = attrs.field(converter=_tuple)


# ---- fief.toml -----------------------------------------------------------------------
@attrs.frozen
class TableRules:
    dice: int
    max_width: int
    line: str = ""
    note: str = ""
    added_note: str = ""
    floor: int = 0
    waste_table_note: str = ""
    planets_per_house: int = 0  # fief.toml: one House Minor per this many habitable planets ...
    min_houses_minor: int = 0  # ... and at least this many, beside the players' House (L4571)


@attrs.frozen
class SetResult:
    """One set of the system roll: a habitable body (one row per Height group x Width)."""

    id: str
    name: str
    heights: tuple[int, ...] = attrs.field(converter=_tuple)
    width: int = 2
    body: Literal["stellar-arcology", "gas-giant", "moon", "planet"] = "moon"
    domain: Literal["arcology", "moon", "planet"] = "moon"
    wealth: str = ""
    territories: int = 1
    territory_effects: Deltas = attrs.Factory(dict)  # to the House living on one of its Territories
    printed_name: str = ""
    line: str = ""
    note: str = ""
    house_rule: bool = False


@attrs.frozen
class SystemFeature:
    """One face of waste Table A (Solar System Features)."""

    face: int
    id: str
    name: str
    territories: int = 0
    domain: Literal["", "planet"] = ""
    controller_effects: Deltas = attrs.Factory(dict)  # to the House that controls it
    controller: Literal["", "any", "house-minor"] = ""  # who may control it ("" = nobody)
    stacked_feature: str = ""  # terrain row every Territory on it applies
    body_effects: Deltas = attrs.Factory(dict)  # ring: to every House on the body it circles
    printed_name: str = ""
    line: str = ""
    note: str = ""
    house_rule: bool = False


@attrs.frozen
class FiefFile:
    rules: TableRules
    set_result: tuple[SetResult, ...] = attrs.field(converter=_tuple)
    system_feature: tuple[SystemFeature, ...] = attrs.field(converter=_tuple)


# ---- territory.toml ------------------------------------------------------------------
@attrs.frozen
class TerritoryRules:
    max_features: int
    sizes: tuple[str, ...] = attrs.field(converter=_tuple)
    start_size: str = "huge"
    line: str = ""
    note: str = ""
    # L4455 rule 3 "the sole House on a planetary body": the arcologies of one set are one body
    # (true) or each its own (false); the reading is recorded beside it
    arcologies_one_body: bool = True
    arcologies_line: str = ""
    arcologies_note: str = ""


@attrs.frozen
class Domain:
    id: str
    name: str
    base: Deltas
    line: str = ""
    note: str = ""


@attrs.frozen
class Wealth:
    id: str
    name: str
    height: int
    modifiers: Deltas
    line: str = ""
    note: str = ""


@attrs.frozen
class ArcologyType:
    id: str
    name: str
    modifiers: Deltas
    provisional: bool = False
    line: str = ""
    note: str = ""


@attrs.frozen
class Terrain:
    id: str
    name: str
    modifiers: Deltas
    description: str = ""
    printed_name: str = ""
    aliases: tuple[str, ...] = attrs.field(default=(), converter=_tuple)
    line: str = ""
    note: str = ""


@attrs.frozen
class Placement:
    id: str
    name: str
    rule: int
    modifiers: Deltas
    line: str = ""
    note: str = ""


@attrs.frozen
class Holding:
    """A holding or piece of gear that adds to a House's Trait Score, each one held (L4054-L4151)."""

    id: str
    name: str
    trait: str
    amount: int
    group: str = ""
    printed_name: str = ""
    line: str = ""
    note: str = ""


@attrs.frozen
class TerritoryFile:
    rules: TerritoryRules
    domain: tuple[Domain, ...] = attrs.field(converter=_tuple)
    wealth: tuple[Wealth, ...] = attrs.field(converter=_tuple)
    arcology_type: tuple[ArcologyType, ...] = attrs.field(converter=_tuple)
    terrain: tuple[Terrain, ...] = attrs.field(converter=_tuple)
    placement: tuple[Placement, ...] = attrs.field(converter=_tuple)


# ---- history.toml --------------------------------------------------------------------
@attrs.frozen
class EventRow:
    """What an event does at one Width: options, or traits to choose, or a Madness roll."""

    width: int = 0
    options: tuple[Deltas, ...] = attrs.field(default=(), converter=_tuple)
    choose_traits: tuple[int, ...] = attrs.field(default=(), converter=_tuple)  # one amount per trait
    madness: bool = False
    record: str = ""
    line: str = ""
    note: str = ""
    house_rule: bool = False

    @property
    def kind(self) -> str:
        if self.madness:
            return "madness"
        if self.choose_traits:
            return "traits"
        if self.options:
            return "options"
        return "record"


@attrs.frozen
class SetEvent:
    id: str
    name: str
    heights: tuple[int, ...] = attrs.field(converter=_tuple)
    row: tuple[EventRow, ...] = attrs.field(converter=_tuple)
    founding: str = ""
    line: str = ""
    note: str = ""

    def row_for(self, width: int) -> EventRow:
        """The row of that Width (a set wider than the table reads as its widest row)."""
        by_width = {r.width: r for r in self.row}
        return by_width[min(width, max(by_width))]


@attrs.frozen
class WasteEvent:
    """A waste die's event on Table A or B; the event is its own (only) row."""

    face: int
    id: str
    name: str
    options: tuple[Deltas, ...] = attrs.field(default=(), converter=_tuple)
    choose_traits: tuple[int, ...] = attrs.field(default=(), converter=_tuple)
    madness: bool = False
    record: str = ""
    aliases: tuple[str, ...] = attrs.field(default=(), converter=_tuple)
    line: str = ""
    note: str = ""
    house_rule: bool = False

    @property
    def as_row(self) -> EventRow:
        return EventRow(
            width=1,
            options=self.options,
            choose_traits=self.choose_traits,
            madness=self.madness,
            record=self.record,
            line=self.line,
            note=self.note,
            house_rule=self.house_rule,
        )


@attrs.frozen
class Madness:
    deltas: tuple[int, ...] = attrs.field(converter=_tuple)
    line: str = ""
    note: str = ""


@attrs.frozen
class HistoryFile:
    rules: TableRules
    madness: Madness
    set_event: tuple[SetEvent, ...] = attrs.field(converter=_tuple)
    waste_a: tuple[WasteEvent, ...] = attrs.field(converter=_tuple)
    waste_b: tuple[WasteEvent, ...] = attrs.field(converter=_tuple)
