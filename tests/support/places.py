"""A Fief as a group leaves it before naming anything (typed dice, twelve Houses placed)."""

from __future__ import annotations

from landsraad.dice import roll_pool
from landsraad.house import edits
from landsraad.house.content import load_house_content
from landsraad.house.fief import creation_roll, read_body
from landsraad.house.history import set_history
from landsraad.house.model import MAJOR, Fief

HC = load_house_content()

TWELVE = [
    "Felderon",
    "Banthet",
    "Vorst",
    "Moritani",
    "Taligari",
    "Wallach",
    "Ginaz",
    "Richese",
    "Ordos",
    "Wikkheiser",
    "Mutelli",
    "Ecaz",
]


def generated_fief(dice: str, houses=TWELVE) -> Fief:
    """A Fief as the group leaves it before naming anything: typed system dice, twelve
    Houses placed round its Territories, every waste-die body given to a House (or the
    House Major), a ring around the first world."""
    fief = Fief(name="Generated", house_major="Venhei")
    edits.roll_system(fief, HC, creation_roll(dice, None))
    for name in houses:
        edits.add_house(fief, name)
    terrs = [t.id for b in fief.bodies for t in b.territories]
    for i, h in enumerate(fief.houses):
        edits.place_house(fief, h.id, terrs[i % len(terrs)])
        set_history(fief, h, roll_pool(11, 100 + i), when="2026-12-03T10:00:00")
    k = 0
    for b in fief.bodies:
        r = read_body(b, HC)
        if r.controller:
            edits.set_controller(
                fief,
                b.id,
                MAJOR if r.controller == "any" and k % 3 == 0 else fief.houses[(k * 5) % len(fief.houses)].id,
            )
            k += 1
        if r.effects_to == "circled-body":
            edits.set_circles(
                fief, b.id, next(x.id for x in fief.bodies if read_body(x, HC).domain in ("planet", "moon"))
            )
    return fief
