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


def break_up(fief: Fief, body_id: str, widths: list[int], content: HouseContent) -> None:
    """Breaking Up (L147-L149): "Rolled 4x10? Well that can be two sets of 2x10 or even a set
    of 3x10 and a 1x10 if you so desire."  A body of the system roll read from a set becomes
    one body per part (a part of 1 is a single die, read on the Solar System Features table);
    the first part keeps the body's id, name and first Territories, and a House on a Territory
    that goes is taken off it.  ChoiceError when the parts do not add up to the set."""
    body = fief.body(body_id)
    if body is None:
        raise ChoiceError(f"no body {body_id!r} in this Fief")
    parsed = None if body.added else _fief.parse_source(body.source)
    if parsed is None or parsed[0] < 2:
        raise ChoiceError(f"{body.name or body.source} is not read from a set; only a set can be broken up (L147)")
    width, height = parsed
    if len(widths) < 2 or any(not isinstance(w, int) or w < 1 for w in widths) or sum(widths) != width:
        raise ChoiceError(
            f"break {width}x{height} into parts of 1 or more that add up to {width} "
            f"(e.g. {width - width // 2},{width // 2}), not {','.join(map(str, widths))}"
        )
    from landsraad.house.model import Body, Territory

    parts = [f"{w}x{height}" if w >= 2 else str(height) for w in widths]
    n = 1 + max((int(b.id[1:]) for b in fief.bodies if b.id[1:].isdigit()), default=0)
    at = fief.bodies.index(body)
    made = []
    for i, source in enumerate(parts):
        bid = body.id if i == 0 else f"b{n + i - 1}"
        new = Body(id=bid, source=source, name=body.name if i == 0 else "", note=body.note if i == 0 else "")
        count = _fief.read_body(new, content).territories
        if i == 0:
            new.territories = body.territories[:count]
            for k in range(len(new.territories) + 1, count + 1):
                new.territories.append(Territory(id=f"{bid}-t{k}"))
        else:
            new.territories = [Territory(id=f"{bid}-t{k}") for k in range(1, count + 1)]
        made.append(new)
    kept = {t.id for b in made for t in b.territories}
    for house in fief.houses:
        if house.territory and house.territory.startswith(f"{body.id}-") and house.territory not in kept:
            house.territory, house.predominant = None, None
    fief.bodies[at : at + 1] = made


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
    """Remove a House; the bodies it controlled are controlled by nobody yet, and nothing of
    the month's turn names it any more: the other Houses' Ventures and Operations against it
    (or feeding on its Ventures) lapse, what was learnt of it and the legal states with it go."""
    gone = _house(fief, house_id)
    fief.houses = [h for h in fief.houses if h.id != house_id]
    for body in fief.bodies:
        if body.controller == house_id:
            body.controller = None
    from landsraad.house.domain_model import TurnEntry

    def names_it(ref: str | None) -> bool:
        return bool(ref) and str(ref).split(":", 1)[0] == house_id

    for h in fief.houses:
        d = h.domain
        lapsed = [v for v in d.ventures if v.against == house_id]
        lapsed_ops = [
            op for op in d.operations if op.against == house_id or names_it(op.venture) or names_it(op.operation_ref)
        ]
        d.ventures = [v for v in d.ventures if v not in lapsed]
        d.operations = [op for op in d.operations if op not in lapsed_ops]
        for v in d.ventures:  # a resolved Venture's changes to the removed House
            v.changes.pop(house_id, None)
        d.knowledge = [k for k in d.knowledge if k.about != house_id]
        d.legal.pop(house_id, None)
        for what, who in [(f"{v.director}'s {v.venture}", v.director) for v in lapsed] + [
            (f"{op.actor}'s {op.operation} of week {op.week}", op.actor) for op in lapsed_ops
        ]:
            fief.turn.append(
                TurnEntry(fief.month, h.id, "lapsed", f"{what} lapses: House {gone.name} was removed", who=who)
            )
    forget_house(fief, house_id)  # whatever else names it (missing_house_references is then empty)


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
            out += [
                (h.id, f"Venture of {v.director}", x)
                for x in [v.against, *v.changes]
                if x is not None and x not in known
            ]
        for op in d.operations:
            ref = op.venture.split(":", 1)[0] if op.venture else None
            out += [
                (h.id, f"Operation of {op.actor}", x) for x in (op.against, ref) if x is not None and x not in known
            ]
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


def choose_event(
    fief: Fief,
    house_id: str,
    content: HouseContent,
    source: str,
    *,
    table: str | None = None,
    option: int | None = None,
    traits: list[str] | None = None,
    madness: list[int] | None = None,
) -> None:
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
