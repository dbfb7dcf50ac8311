"""The names players read for the bodies and Territories of a Siridar Fief, and for who
holds them: one wording for the window, the command line and the sheets (issue 15), so
no list ever shows an id like ``b1-t2``.

A body is called by the name the group gave it, else by what the tables read it as
("Medium Moon", "Small Uninhabitable Moon"); two bodies that would read the same are told apart by
their die ("Medium Moon (3x4)").  A Territory is called by its given name, else by its
body's name and its place on the body in Roman numerals ("Thyca I", "Thyca II"), or by
the body's name alone when the body has a single Territory ("Endor": the rulebook's
example calls the moon's one Territory by the moon's name, L1193).  Names are derived
each time from the document; nothing here is stored.
"""

from __future__ import annotations

from landsraad.house.content import HouseContent
from landsraad.house.fief import read_body
from landsraad.house.model import MAJOR, Fief

_ROMAN = (
    (1000, "M"),
    (900, "CM"),
    (500, "D"),
    (400, "CD"),
    (100, "C"),
    (90, "XC"),
    (50, "L"),
    (40, "XL"),
    (10, "X"),
    (9, "IX"),
    (5, "V"),
    (4, "IV"),
    (1, "I"),
)


def roman(n: int) -> str:
    """1 -> "I", 4 -> "IV", 12 -> "XII" (n >= 1)."""
    out = []
    for value, letters in _ROMAN:
        while n >= value:
            out.append(letters)
            n -= value
    return "".join(out)


def kind_name(table_name: str) -> str:
    """A table's name as a body is called in a sentence: "Uninhabitable Moon, Small" ->
    "Small Uninhabitable Moon" (the rulebook's own wording, "a small Uninhabitable Moon",
    L1133); names without a trailing size stay as they are."""
    head, sep, size = table_name.rpartition(", ")
    return f"{size} {head}" if sep and size and " " not in size else table_name


class PlaceNames:
    """Every body's and Territory's name in one Fief, computed once (a view that names
    several places builds one of these and asks it)."""

    def __init__(self, fief: Fief, content: HouseContent):
        self.fief, self.content = fief, content
        plain = {b.id: (b.name.strip() or kind_name(read_body(b, content).name)) for b in fief.bodies}
        seen: dict[str, int] = {}
        for name in plain.values():
            seen[name.casefold()] = seen.get(name.casefold(), 0) + 1
        self._bodies: dict[str, str] = {}
        added = 0
        for b in fief.bodies:
            name = plain[b.id]
            if seen[name.casefold()] > 1:  # two bodies read alike: the die tells them apart
                if b.added:
                    added += 1
                    name = f"{name} (added {added})"
                else:
                    name = f"{name} ({b.source})"
            taken = {v.casefold() for v in self._bodies.values()}
            base, k = name, 2
            while name.casefold() in taken:  # the same die twice (a set broken up, D7)
                name, k = f"{base} {k}", k + 1
            self._bodies[b.id] = name
        self._territories: dict[str, str] = {}
        self._body_of: dict[str, str] = {}
        for b in fief.bodies:
            single = len(b.territories) == 1
            for n, t in enumerate(b.territories, start=1):
                self._territories[t.id] = t.name.strip() or (
                    self._bodies[b.id] if single else f"{self._bodies[b.id]} {roman(n)}"
                )
                self._body_of[t.id] = b.id

    def body(self, body_id: str | None) -> str:
        """The body's name; "a body not in this Fief" for an id the Fief does not hold."""
        return self._bodies.get(body_id or "", "a body not in this Fief")

    def default_body(self, body_id: str) -> str:
        """The name the body has when the group gives it none (the placeholder of its name field)."""
        body = self.fief.body(body_id)
        if body is None or not body.name.strip():
            return self.body(body_id)
        name = kind_name(read_body(body, self.content).name)
        others = {v.casefold() for k, v in self._bodies.items() if k != body_id}
        return f"{name} ({body.source})" if name.casefold() in others else name

    def territory(self, territory_id: str | None) -> str:
        """The Territory's name; "a Territory not in this Fief" for an unknown id."""
        return self._territories.get(territory_id or "", "a Territory not in this Fief")

    def default_territory(self, territory_id: str) -> str:
        """The name the Territory has when the group gives it none."""
        found = self.fief.territory(territory_id)
        if found is None:
            return self.territory(territory_id)
        body, _t = found
        n = [t.id for t in body.territories].index(territory_id) + 1
        return self.body(body.id) if len(body.territories) == 1 else f"{self.body(body.id)} {roman(n)}"

    def place(self, territory_id: str | None) -> str:
        """Where a House sits, in full: the Territory, and its body unless the Territory's
        name already says it ("Thyca I", "Abrant on Thyca", "Endor")."""
        if territory_id not in self._territories:
            return self.territory(territory_id)
        tname, bname = self._territories[territory_id], self._bodies[self._body_of[territory_id]]
        return tname if tname.casefold().startswith(bname.casefold()) else f"{tname} on {bname}"

    def controller(self, controller: str | None) -> str:
        """Who controls a body (its ``controller``): "House Felderon", "House Major Venhei",
        "nobody yet"."""
        if not controller:
            return "nobody yet"
        if controller == MAJOR:
            return f"House Major {self.fief.house_major}".strip()
        house = self.fief.house(controller)
        return f"House {house.name}" if house else "a House not in this Fief"

    def holders(self, body_id: str) -> list[tuple[str, str | None]]:
        """Who holds a body, as (words, House id or None) for a drawing's caption: the Houses
        living on its Territories, who controls a waste-die body (L4392-L4420, "to assign"
        while nobody does), and the body a Planetary Ring circles."""
        body = self.fief.body(body_id)
        if body is None:
            return []
        out: list[tuple[str, str | None]] = []
        for t in body.territories:
            for h in self.fief.houses:
                if h.territory == t.id and (f"House {h.name}", h.id) not in out:
                    out.append((f"House {h.name}", h.id))
        r = read_body(body, self.content)
        if r.controller:
            if body.controller:
                out += [("controlled by", None), (self.controller(body.controller), body.controller)]
            else:
                out.append(("controller to assign", None))
        if r.effects_to == "circled-body":
            out.append((f"ring around {self.body(body.circles)}" if body.circles else "ring: its body to choose", None))
        return out

    def holders_text(self, body_id: str) -> str:
        """``holders`` as one phrase: "House Felderon, House Banthet", "controlled by House
        Vorst", "controller to assign"."""
        houses: list[str] = []
        rest: list[str] = []
        for text, hid in self.holders(body_id):
            (rest if rest or not hid else houses).append(text)  # the Houses living there come first
        return "; ".join(x for x in (", ".join(houses), " ".join(rest)) if x)


def find_place(fief: Fief, content: HouseContent, text: str) -> tuple[str, str]:
    """The place a player means by ``text``: ("body" | "territory", its id).  ``text`` is its
    name as shown (given or default, any case) or its id; "body:NAME" or "territory:NAME"
    says which when a body and a Territory share the name (a moon of one Territory).
    ChoiceError names the places there are."""
    from landsraad.errors import ChoiceError

    names = place_names(fief, content)
    kind, sep, rest = text.partition(":")
    wanted = rest if sep and kind in ("body", "territory") else text
    kinds = (kind,) if sep and kind in ("body", "territory") else ("body", "territory")
    key = wanted.strip().casefold()
    found: list[tuple[str, str]] = []
    for b in fief.bodies:
        if "body" in kinds and key in (names.body(b.id).casefold(), b.id.casefold()):
            found.append(("body", b.id))
        for t in b.territories:
            if "territory" in kinds and key in (names.territory(t.id).casefold(), t.id.casefold()):
                found.append(("territory", t.id))
    if len(found) == 1:
        return found[0]
    if found:
        raise ChoiceError(
            f"{wanted!r} is the name of a body and of a Territory: write body:{wanted} or territory:{wanted}"
        )
    known = [names.body(b.id) for b in fief.bodies] + [
        names.territory(t.id) for b in fief.bodies for t in b.territories
    ]
    raise ChoiceError(f"no body or Territory {wanted!r} in this Fief ({', '.join(dict.fromkeys(known))})")


def place_names(fief: Fief, content: HouseContent) -> PlaceNames:
    return PlaceNames(fief, content)


def body_name(fief: Fief, body_id: str | None, content: HouseContent) -> str:
    return place_names(fief, content).body(body_id)


def territory_name(fief: Fief, territory_id: str | None, content: HouseContent) -> str:
    return place_names(fief, content).territory(territory_id)


def place_name(fief: Fief, territory_id: str | None, content: HouseContent) -> str:
    return place_names(fief, content).place(territory_id)
