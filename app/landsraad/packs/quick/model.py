"""A d20 Quick Rules character (spec §9.1): what the player records, nothing computed.

Traits are keyed by id with their multiplier (x1-x3); Specialties are ids of the
content lists or custom names (both lists "may include", L131, L157).  Defense is what
items give (SILENT S6: 0 by default); abilities may add to it.  An adversary template
also carries its Difficulty as a target.
"""

from __future__ import annotations

from typing import Literal

import attrs


@attrs.define
class Ability:
    """A Special Ability: a rules exception or a new option (L42)."""

    name: str
    effect: str = ""
    defense: int = 0  # Defense it adds (Natural Armor: 3, A11)
    rerolls: int = 0  # Rerolls it adds where its effect applies (Strength of a Giant: 3)
    damage_taken: Literal["normal", "double", "half"] = "normal"  # Puny, Huge (L316, L321)


@attrs.define
class Weapon:
    name: str
    deadly: int = 1  # damage per Success (L207, L221)
    traits: list[str] = attrs.Factory(list)  # weapon trait ids: light, heavy, ranged, ...
    band: str | None = None  # the Ranged trait's band
    special: str = ""
    source: str | None = None  # the sample weapon's id, when taken from the list


@attrs.define
class QuickCharacter:
    name: str = ""
    description: str = ""
    background: str = ""
    traits: dict[str, int] = attrs.Factory(dict)  # trait id -> 1..3
    specialties: list[str] = attrs.Factory(list)  # ids, or custom names
    abilities: list[Ability] = attrs.Factory(list)
    weapons: list[Weapon] = attrs.Factory(list)
    defense: int = 0
    hindrance: int = 0
    temporary_hindrance: int = 0  # from Stunning, gone after the next turn (L228)
    difficulty: int | None = None  # as a target; None = the default 10 (L183)
    attack_multiplier: int | None = None  # an NPC's damage per attack Success (L259)
    template: str | None = None  # the template it started from
    notes: str = ""
