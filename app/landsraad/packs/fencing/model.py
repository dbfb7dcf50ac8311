"""A fencer of Across The Dune Sea (L29-41, L122-169): what the player chose and what
play has done to it (the wound boxes).  Traits are ladder ids ("good"); everything derived
(skill levels spent, slots, damage modifiers, penalties) is computed from the content.
"""

from __future__ import annotations

import attrs

TRAITS = ("reflexes", "muscle", "stamina", "willpower", "damage_capacity")


@attrs.define
class FencerWeapon:
    """A weapon the fencer carries: its kind (a weapon id of the pack), a name to show,
    and whether it is sharp (+1 damage, L127)."""

    kind: str = "rapier"
    name: str = ""
    sharp: bool = False


@attrs.define
class Fencer:
    name: str
    fencing: str = "terrible"
    maneuvers: list[str] = attrs.field(factory=list)
    reflexes: str = "fair"
    muscle: str = "fair"
    stamina: str = "fair"
    willpower: str = "fair"
    damage_capacity: str = "fair"
    armour: str = "none"
    weapons: list[FencerWeapon] = attrs.field(factory=lambda: [FencerWeapon()])
    # wound boxes checked, per wound level id; "dead" past Near Death (reading no-open-box)
    wounds: dict[str, int] = attrs.field(factory=dict)
    dead: bool = False
    legendary_allowed: bool = False  # the Judge allows Legendary Fencing (L34)
    legendary_cost: int | None = None  # its cost in skill levels, set by the Judge
    widen_wounds: bool = True  # the Realism Modifier widens the table (not for lackeys, L168)
    willpower_steadied: bool = False  # made the Willpower roll at Good: penalties one less (L156)
    near_death_rest: int = 0  # weeks rested at Near Death, which heals slower (L269)
    lackey_track: bool = False  # a lackey's three levels: Undamaged, Hurt, Out of Combat (L169)
    fudge_points: int = 0  # Fudge Points (L153)
    fudge_action: bool = False  # a Fudge Point spent: one action while Incapacitated (L153)
    note: str = ""

    def trait(self, name: str) -> str:
        if name not in TRAITS and name != "fencing":
            raise KeyError(name)
        return getattr(self, name)
