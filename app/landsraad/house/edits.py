"""Every change a group makes to a Siridar Fief and its Houses, as a named function.

Each edit takes the ``Fief`` first and changes it in place; Houses, bodies and
Territories are named by id (an edit runs on a copy of the document, so it cannot be
handed objects of the original).  An edit that cannot be made at all (an unknown
Territory, a Madness roll of six dice) raises ``ChoiceError``; one that is merely against
the rules is recorded and reported by ``landsraad.house.validate``.  The window runs each
edit as one undo step (``doc.edit("Remove House Venhei", remove_house, "venhei")``), the
command line builds its documents with the same functions, and tests call them directly.
"""

from __future__ import annotations

from landsraad.dice import Roll
from landsraad.errors import ChoiceError
from landsraad.house import fief as _fief
from landsraad.house import history as _history
from landsraad.house.content import HouseContent
from landsraad.house.model import Fief, House

FIEF_TEXTS = ("name", "house_major")


def _house(fief: Fief, house_id: str) -> House:
    house = fief.house(house_id)
    if house is None:
        raise ChoiceError(f"no House {house_id!r} in this Fief")
    return house


# ----- the Fief -------------------------------------------------------------------------
def set_fief_text(fief: Fief, attr: str, text: str) -> None:
    """The Fief's name or the name of its House Major."""
    if attr not in FIEF_TEXTS:
        raise ValueError(f"not a text of a Fief: {attr!r}")
    setattr(fief, attr, text)


def roll_system(fief: Fief, content: HouseContent, roll: Roll) -> None:
    """Step One: the system's 11d10 (rolled or typed) read as its bodies, the roll logged;
    the Fief keeps its names, Houses and earlier log."""
    fresh = _fief.new_fief(roll, content, name=fief.name, house_major=fief.house_major)
    fief.roll, fief.bodies = fresh.roll, fresh.bodies
    fief.log.extend(fresh.log)


# ----- places ---------------------------------------------------------------------------
def rename_place(fief: Fief, kind: str, place_id: str, name: str) -> None:
    """Name a body (``kind`` "body") or a Territory (``kind`` "territory")."""
    if kind == "body":
        body = fief.body(place_id)
        if body is None:
            raise ChoiceError(f"no body {place_id!r} in this Fief")
        body.name = name
    else:
        found = fief.territory(place_id)
        if found is None:
            raise ChoiceError(f"no Territory {place_id!r} in this Fief")
        found[1].name = name


def set_terrain(fief: Fief, territory_id: str, terrain_id: str, on: bool) -> None:
    """Tick or untick a terrain feature of a Territory; ticked in order (the latest dominates)."""
    found = fief.territory(territory_id)
    if found is None:
        raise ChoiceError(f"no Territory {territory_id!r} in this Fief")
    features = found[1].features
    if on and terrain_id not in features:
        features.append(terrain_id)
    elif not on and terrain_id in features:
        features.remove(terrain_id)


def set_controller(fief: Fief, body_id: str, controller: str | None) -> None:
    """Who controls a body whose reading gives its effects to its controller (a House id or MAJOR)."""
    body = fief.body(body_id)
    if body is None:
        raise ChoiceError(f"no body {body_id!r} in this Fief")
    body.controller = controller


def set_circles(fief: Fief, body_id: str, circled: str | None) -> None:
    """The body a ring circles (its effects go to every House on that body)."""
    body = fief.body(body_id)
    if body is None:
        raise ChoiceError(f"no body {body_id!r} in this Fief")
    body.circles = circled


def set_arcology_type(fief: Fief, territory_id: str, arcology_type: str | None) -> None:
    found = fief.territory(territory_id)
    if found is None:
        raise ChoiceError(f"no Territory {territory_id!r} in this Fief")
    found[1].arcology_type = arcology_type


# ----- Houses ---------------------------------------------------------------------------
def add_house(fief: Fief, name: str, player: bool = False) -> None:
    """A new House Minor, last in the list (its id is made from its name)."""
    _fief.add_house(fief, name, player)


def remove_house(fief: Fief, house_id: str) -> None:
    """Remove a House; the bodies it controlled are controlled by nobody yet, and what
    the other Houses' turn names of it goes (``forget_house``): one edit, one undo step."""
    fief.houses = [h for h in fief.houses if h.id != house_id]
    for body in fief.bodies:
        if body.controller == house_id:
            body.controller = None
    forget_house(fief, house_id)


def forget_house(fief: Fief, house_id: str) -> None:
    """Every reference of the monthly turn to a House that is not in the Fief removed:
    the Ventures and Operations aimed at it (they have no target any more), its share of
    other Ventures' changes, a Venture it was fed through (an Operation's ``venture``),
    what was learnt of it, the legal states with it.  The turn log is history and keeps
    its lines.  Also the Judge's fix of a Fief that already names a missing House
    (``missing_house_references``)."""
    for h in fief.houses:
        d = h.domain
        d.ventures = [v for v in d.ventures if v.against != house_id]
        for v in d.ventures:
            v.changes.pop(house_id, None)
        d.operations = [op for op in d.operations if op.against != house_id]
        for op in d.operations:
            if op.venture and op.venture.split(":", 1)[0].casefold() == house_id.casefold():
                op.venture = None
        d.knowledge = [k for k in d.knowledge if k.about != house_id]
        d.legal.pop(house_id, None)


def missing_house_references(fief: Fief) -> list[tuple[str, str, str]]:
    """``(house id, field, missing id)`` for each place the turn names a House that is not
    in the Fief (a finding; ``forget_house`` fixes it)."""
    known = {h.id for h in fief.houses}
    out: list[tuple[str, str, str]] = []
    for h in fief.houses:
        d = h.domain
        for v in d.ventures:
            out += [(h.id, f"Venture of {v.director}", x) for x in [v.against, *v.changes]
                    if x is not None and x not in known]
        for op in d.operations:
            ref = op.venture.split(":", 1)[0] if op.venture else None
            out += [(h.id, f"Operation of {op.actor}", x) for x in (op.against, ref)
                    if x is not None and x not in known]
        out += [(h.id, "what it learnt", k.about) for k in d.knowledge if k.about not in known]
        out += [(h.id, "legal state", x) for x in d.legal if x not in known]
    return list(dict.fromkeys(out))


def rename_house(fief: Fief, house_id: str, name: str) -> None:
    _house(fief, house_id).name = name


def set_players_house(fief: Fief, house_id: str, on: bool) -> None:
    _house(fief, house_id).player = on


def place_house(fief: Fief, house_id: str, territory_id: str | None) -> None:
    """Put a House on a Territory (None: take it off); its predominant feature is chosen anew."""
    house = _house(fief, house_id)
    if territory_id:
        _fief.place_house(fief, house, territory_id, None)
    else:
        house.territory, house.predominant = None, None


def set_predominant(fief: Fief, house_id: str, feature: str | None) -> None:
    _house(fief, house_id).predominant = feature


def roll_history(fief: Fief, house_id: str, roll: Roll) -> None:
    """Step Three: a House's 11d10 history (rolled or typed), logged.  A history rolled again
    is a new history: the choices and the Founding Set made for the old one are cleared."""
    house = _house(fief, house_id)
    if house.history is not None:
        house.choices = []
        house.founding = None
    _history.set_history(fief, house, roll)


def set_founding(fief: Fief, house_id: str, source: str | None) -> None:
    """The set of the history roll that founded the House."""
    _house(fief, house_id).founding = source


def choose_event(fief: Fief, house_id: str, content: HouseContent, source: str, *, table: str | None = None,
                 option: int | None = None, traits: list[str] | None = None,
                 madness: list[int] | None = None) -> None:
    """A House's choice for one history event: the table of a waste die, an option, the
    traits it raises, or the typed faces of a Madness roll."""
    house = _house(fief, house_id)
    if table is not None:
        _history.choose_table(house, source, table, content)
    if option is not None:
        _history.choose_option(house, source, option, content)
    if traits is not None:
        _history.choose_traits(house, source, traits, content)
    if madness is not None:
        _history.roll_madness(fief, house, source, content, faces=madness)


def roll_madness(fief: Fief, house_id: str, content: HouseContent, source: str, seed: int | None) -> None:
    """The seven d10 of a Madness event, rolled from a seed and logged."""
    _history.roll_madness(fief, _house(fief, house_id), source, content, seed=seed)


# ----- holdings and the order of history (issue 16) -------------------------------------
def set_holding(fief: Fief, house_id: str, holding_id: str, count: int, content: HouseContent) -> None:
    """The House holds ``count`` of a holding (L4054-L4151); 0 removes it.  ChoiceError for a
    holding the content does not know."""
    from landsraad.house.model import Holding
    if content.holding(holding_id) is None:
        raise ChoiceError(f"no holding {holding_id!r} ({', '.join(x.id for x in content.holdings)})")
    house = _house(fief, house_id)
    found = next((x for x in house.holdings if x.id == holding_id), None)
    if count <= 0:
        house.holdings = [x for x in house.holdings if x.id != holding_id]
    elif found is not None:
        found.count = count
    else:
        house.holdings.append(Holding(holding_id, count))


def order_events(fief: Fief, house_id: str, order: list[str], content: HouseContent) -> None:
    """The order the House's history events apply in (L4583); [] = the rolled order.
    ChoiceError for a die that is not in its roll."""
    _history.set_event_order(_house(fief, house_id), list(order), content)


def move_event(fief: Fief, house_id: str, source: str, step: int, content: HouseContent) -> None:
    """Move one event ``step`` places earlier (-1) or later (+1) in the order it applies."""
    house = _house(fief, house_id)
    order = [ev.source for ev in _history.history_events(house, content)]
    if source not in order:
        raise ChoiceError(f"House {house.name}: no event {source!r} in its history roll")
    i = order.index(source)
    j = max(0, min(len(order) - 1, i + step))
    order.insert(j, order.pop(i))
    _history.set_event_order(house, order, content)
