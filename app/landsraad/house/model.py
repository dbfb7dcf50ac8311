"""The Siridar Fief as the group builds it: bodies, Territories, Houses and the roll log.

These classes hold only what was rolled and chosen.  What a body *is* (its kind, its
Territory count, its effects), each House's events and its Trait Scores are computed
from them and the content tables (``landsraad.house.fief``, ``.history``, ``.scores``),
never stored twice.  They are the saved document (``landsraad.house.document``).
"""

from __future__ import annotations

import attrs

from landsraad.dice import Roll, RollLogEntry
from landsraad.house.domain_model import HouseDomain, TurnEntry  # the monthly turn (issue 18)
from landsraad.rules.assets import Asset

ADDED = "added"  # Body.source of a body the players add by hand (no game effect, L1116)
MAJOR = "major"  # Body.controller: the House Major holds it (no House Minor gets the bonus)


@attrs.define
class Territory:
    id: str  # unique in the Fief, e.g. "b1-t2"
    name: str = ""
    features: list[str] = attrs.Factory(list)  # terrain ids, at most 8, latest added dominates the description
    arcology_type: str | None = None  # arcology Territories only (S14)
    note: str = ""


@attrs.define
class Body:
    """A habitable body or structure from a set, a Solar System Feature from a waste die,
    or a body added by hand."""

    id: str  # unique in the Fief, e.g. "b1"
    source: str  # "3x4" (a set), "9" (a waste die) or "added"
    name: str = ""
    territories: list[Territory] = attrs.Factory(list)
    controller: str | None = None  # features 1-7: a House id, or "major"
    circles: str | None = None  # Planetary Ring: id of the body it circles
    kind: str = ""  # added bodies only: what the players call it
    note: str = ""

    @property
    def added(self) -> bool:
        return self.source == ADDED


@attrs.define
class EventChoice:
    """What a House chose for one event of its history (keyed by the die: "2x9", "10")."""

    source: str
    table: str = "A"  # waste dice: "A" or "B" (S3); ignored for sets
    option: int | None = None  # "Choose one": the option number, 1-based
    traits: list[str] = attrs.Factory(list)  # "Choose N Trait Scores": in the order of the amounts
    madness: list[int] = attrs.Factory(list)  # Madness: the seven d10 faces, in trait order


@attrs.define
class Holding:
    """How many of one holding (a content id: "house-shield", "prudence-door") the House holds."""

    id: str
    count: int = 1
    note: str = ""


@attrs.define
class House:
    id: str
    name: str
    player: bool = False  # the players' House
    territory: str | None = None  # a Territory id
    predominant: str | None = None  # terrain id: the one predominant feature (rule 5)
    history: Roll | None = None  # the 11d10 history roll
    founding: str | None = None  # the Founding Set ("2x9"); narrative only (H7)
    choices: list[EventChoice] = attrs.Factory(list)
    # L4583 "Record them in the order that you rolled them": the events' sources in the order the
    # Judge settles on; empty = the default order (sets by Height, then waste dice)
    event_order: list[str] = attrs.Factory(list)
    holdings: list[Holding] = attrs.Factory(list)  # L4054-L4151: gear and holdings adding to scores
    note: str = ""
    # Dune conflict assets the House holds (conflict-assets.txt L13: troops, goods, ...)
    assets: list[Asset] = attrs.Factory(list)
    # --- the monthly House turn (issue 18): Strategy, Household, this month's acts, facts
    domain: HouseDomain = attrs.Factory(HouseDomain)

    def choice(self, source: str) -> EventChoice | None:
        for ch in self.choices:
            if ch.source == source:
                return ch
        return None

    def choice_for(self, source: str) -> EventChoice:
        """The choice record of that event, created when missing."""
        ch = self.choice(source)
        if ch is None:
            ch = EventChoice(source)
            self.choices.append(ch)
        return ch


@attrs.define
class Fief:
    name: str = ""
    house_major: str = ""
    roll: Roll | None = None  # the 11d10 system roll
    bodies: list[Body] = attrs.Factory(list)
    houses: list[House] = attrs.Factory(list)
    log: list[RollLogEntry] = attrs.Factory(list)
    note: str = ""
    # --- the monthly House turn (issue 18): the calendar (month 1 = play starts) and turn log
    month: int = 1
    turn: list[TurnEntry] = attrs.Factory(list)
    manipulations: list[str] = attrs.Factory(list)  # "squish", "squash": enabled by the Judge (L216, S9)
    # what reading the document fixed (a Venture aimed at a House no longer in the Fief):
    # not saved; shown as findings until the document is saved with the fix (issue 28)
    read_fixes: list[str] = attrs.field(factory=list, eq=False)

    def house(self, house_id: str) -> House | None:
        for h in self.houses:
            if h.id == house_id:
                return h
        return None

    def body(self, body_id: str) -> Body | None:
        for b in self.bodies:
            if b.id == body_id:
                return b
        return None

    def territory(self, territory_id: str | None) -> tuple[Body, Territory] | None:
        for b in self.bodies:
            for t in b.territories:
                if t.id == territory_id:
                    return b, t
        return None
