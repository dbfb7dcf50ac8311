"""Building a Fief's Houses from the command line (issue 23), each command the same engine
edit the window makes (``landsraad.house.edits``), and the legal state between two Houses
(``landsraad.house.domain.set_legal``).

    house add FIEF.json NAME [--player] [-o OUT.json] [--json]
    house remove FIEF.json --house NAME [-o OUT.json] [--json]
    house place FIEF.json --house NAME TERRITORY [--predominant TERRAIN] [-o OUT.json] [--json]
    house choose FIEF.json --house NAME EVENT OPTION [--table A|B] [-o OUT.json] [--json]
    house war FIEF.json --house NAME --against NAME [--kanly | --end] [-o OUT.json] [--json]
    fief break-up FIEF.json BODY W,W… [-o OUT.json] [--json]
    fief dice FIEF.json [--squish on|off] [--squash on|off] [-o OUT.json] [--json]
    house forecast FIEF.json --house NAME --director NAME --mentat NAME [-o OUT.json] [--json]

Without ``-o`` nothing is written (the answer says what would be).  Bad input: exit 2.
"""

from __future__ import annotations

from landsraad.cli.output import out, print_json
from landsraad.errors import ChoiceError


def register(hsub, paged, fsub=None) -> None:
    """Called by ``landsraad.cli.domain.register`` with the ``house`` (and ``fief``) subparsers."""
    if fsub is not None:
        b = fsub.add_parser("break-up", help="break a set of the system roll into smaller sets (L147-L149)")
        b.add_argument("file", metavar="FIEF.json")
        b.add_argument("body", metavar="BODY", help="the body read from the set: its name as shown, or its id")
        b.add_argument("widths", metavar="W,W", help='the parts, e.g. "2,2" for a 4x10 as two 2x10')
        _tail(b)
        b.set_defaults(handler=paged(cmd_break_up))
        m = fsub.add_parser("dice", help="the Judge allows Squish and Squash on House rolls (L216)")
        m.add_argument("file", metavar="FIEF.json")
        m.add_argument("--squish", choices=("on", "off"), help="Width -1 for Height +2")
        m.add_argument("--squash", choices=("on", "off"), help="Height -2 for Width +1")
        _tail(m)
        m.set_defaults(handler=paged(cmd_dice))
    fc = hsub.add_parser("forecast", help="a Mentat's Forecast: +1 Special Die on a House Venture (L2783)")
    fc.add_argument("file", metavar="FIEF.json")
    fc.add_argument("--house", required=True, metavar="NAME")
    fc.add_argument("--director", required=True, metavar="NAME", help="whose Venture (not rolled yet)")
    fc.add_argument("--mentat", required=True, metavar="NAME", help="the Mentat, a Householder of the House")
    _tail(fc)
    fc.set_defaults(handler=paged(cmd_forecast))
    a = hsub.add_parser("add", help="add a House Minor to the Fief (the window's Add House)")
    a.add_argument("file", metavar="FIEF.json")
    a.add_argument("name", metavar="NAME")
    a.add_argument("--player", action="store_true", help="the players' House")
    _tail(a)
    a.set_defaults(handler=paged(cmd_add))

    r = hsub.add_parser("remove", help="remove a House; what of the month's turn names it lapses")
    r.add_argument("file", metavar="FIEF.json")
    r.add_argument("--house", required=True, metavar="NAME")
    _tail(r)
    r.set_defaults(handler=paged(cmd_remove))

    p = hsub.add_parser("place", help='put a House on a Territory ("none" takes it off)')
    p.add_argument("file", metavar="FIEF.json")
    p.add_argument("--house", required=True, metavar="NAME")
    p.add_argument("territory", metavar="TERRITORY", help="its name as shown, or its id; none takes it off")
    p.add_argument("--predominant", metavar="TERRAIN", help="the Territory's feature that predominates (rule 5)")
    _tail(p)
    p.set_defaults(handler=paged(cmd_place))

    c = hsub.add_parser("choose", help="choose for one event of a House's history (its option or traits)")
    c.add_argument("file", metavar="FIEF.json")
    c.add_argument("--house", required=True, metavar="NAME")
    c.add_argument("event", metavar="EVENT", help='the die of the event, e.g. "2x9" or "10"')
    c.add_argument(
        "option",
        metavar="OPTION",
        nargs="?",
        help='an option number ("Choose one"), or the traits in order, e.g. "espionage,influence"',
    )
    c.add_argument("--table", choices=("A", "B"), help="a waste die's table")
    _tail(c)
    c.set_defaults(handler=paged(cmd_choose))

    w = hsub.add_parser("war", help="declare a War of Assassins (or Kanly) on a rival House, or end it")
    w.add_argument("file", metavar="FIEF.json")
    w.add_argument("--house", required=True, metavar="NAME")
    w.add_argument("--against", required=True, metavar="NAME")
    kind = w.add_mutually_exclusive_group()
    kind.add_argument("--kanly", action="store_true", help="Kanly, the formal feud (L38)")
    kind.add_argument("--end", action="store_true", help="end the War of Assassins or Kanly")
    _tail(w)
    w.set_defaults(handler=paged(cmd_war))


def _tail(p) -> None:
    p.add_argument("-o", "--output", metavar="OUT.json", help="write the Fief (may name the input)")
    p.add_argument("--json", action="store_true")


def _load(path):
    from landsraad.house.content import load_house_content
    from landsraad.house.document import load_fief

    return load_fief(path), load_house_content()


def _done(fief, args, answer: dict, text: str) -> int:
    if args.output:
        from landsraad.house.document import save_fief

        save_fief(fief, args.output)
    if args.json:
        print_json(answer)
        return 0
    out(text)
    if args.output:
        out(f"written: {args.output}")
    return 0


def cmd_add(args) -> int:
    from landsraad.documents import limits
    from landsraad.house import edits

    try:
        limits.check_text(args.name, "NAME", limits.MAX_NAME)
    except limits.LimitError as exc:
        raise ChoiceError(str(exc)) from None
    name = args.name.strip()
    if not name:
        raise ChoiceError("NAME: a House has a name")
    fief, _ = _load(args.file)
    before = {h.id for h in fief.houses}
    edits.add_house(fief, name, args.player)
    house = next(h for h in fief.houses if h.id not in before)
    return _done(
        fief,
        args,
        {"id": house.id, "name": house.name, "player": house.player},
        f"House {house.name} added (id {house.id})" + (", the players' House" if house.player else ""),
    )


def cmd_remove(args) -> int:
    from landsraad.house import edits
    from landsraad.house.ventures import find_house

    fief, _ = _load(args.file)
    house = find_house(fief, args.house)
    n = len(fief.turn)
    edits.remove_house(fief, house.id)
    lapsed = [e.text for e in fief.turn[n:]]
    return _done(
        fief,
        args,
        {"removed": house.name, "id": house.id, "lapsed": lapsed},
        "\n".join([f"House {house.name} removed"] + [f"  {t}" for t in lapsed]),
    )


def cmd_place(args) -> int:
    from landsraad.house import edits
    from landsraad.house.place_names import find_place, place_names
    from landsraad.house.ventures import find_house

    fief, hc = _load(args.file)
    house = find_house(fief, args.house)
    if args.territory.strip().casefold() == "none":
        if args.predominant:
            raise ChoiceError("--predominant goes with a Territory")
        edits.place_house(fief, house.id, None)
        return _done(
            fief,
            args,
            {"house": house.name, "territory": None, "predominant": None},
            f"House {house.name} is not placed",
        )
    text = args.territory if args.territory.startswith(("territory:", "body:")) else f"territory:{args.territory}"
    try:
        kind, ident = find_place(fief, hc, text)
    except ChoiceError:
        kind, ident = find_place(fief, hc, args.territory)  # a body's name: said below
    if kind != "territory":
        raise ChoiceError(f"{args.territory!r} is a body, not a Territory: name one of its Territories")
    edits.place_house(fief, house.id, ident)
    if args.predominant:
        key = args.predominant.strip().casefold()
        terrain = next((t for t in hc.territory.terrain if key in (t.id, t.name.casefold())), None) or next(
            (t for t in hc.territory.terrain if t.id.startswith(key.replace(" ", "-"))), None
        )
        found = fief.territory(ident)
        assert found is not None
        if terrain is None or terrain.id not in found[1].features:
            have = ", ".join(found[1].features) or "none"
            raise ChoiceError(f"--predominant {args.predominant!r}: not a feature of this Territory ({have})")
        edits.set_predominant(fief, house.id, terrain.id)
    where = place_names(fief, hc).territory(ident)
    return _done(
        fief,
        args,
        {"house": house.name, "territory": ident, "territory_name": where, "predominant": house.predominant},
        f"House {house.name} is on {where}" + (f" ({house.predominant})" if house.predominant else ""),
    )


def cmd_choose(args) -> int:
    from landsraad.house import edits
    from landsraad.house.history import history_events
    from landsraad.house.ventures import find_house

    fief, hc = _load(args.file)
    house = find_house(fief, args.house)
    events = {ev.source: ev for ev in history_events(house, hc)}
    if args.event not in events:
        raise ChoiceError(
            f"House {house.name}: no event {args.event!r} in its history roll "
            f"({', '.join(events) or 'no history rolled'})"
        )
    option, traits = None, None
    text = (args.option or "").strip()
    if text.isdigit():
        option = int(text)
    elif text:
        traits = []
        for tok in text.replace(" ", ",").split(","):
            if tok.strip():
                tid = hc.trait_id(tok.strip())
                if tid is None:
                    raise ChoiceError(f"OPTION {text!r}: an option number or traits ({', '.join(hc.trait_ids)})")
                traits.append(tid)
    elif args.table is None:
        raise ChoiceError("OPTION: an option number, the traits, or --table A|B")
    edits.choose_event(fief, house.id, hc, args.event, table=args.table, option=option, traits=traits)
    ch = house.choice(args.event)
    ev = next(e for e in history_events(house, hc) if e.source == args.event)
    answer = {
        "house": house.name,
        "event": args.event,
        "name": ev.name,
        "table": ch.table if ch else None,
        "option": ch.option if ch else None,
        "traits": list(ch.traits) if ch else [],
    }
    what = (
        f"option {answer['option']}"
        if answer["option"]
        else (", ".join(answer["traits"]) or f"Table {answer['table']}")
    )
    return _done(fief, args, answer, f"House {house.name}, {args.event} {ev.name}: {what}")


def cmd_war(args) -> int:
    from landsraad.house.domain import legal_acts, set_legal
    from landsraad.house.ventures import find_house

    fief, _ = _load(args.file)
    a, b = find_house(fief, args.house), find_house(fief, args.against)
    state = "none" if args.end else ("kanly" if args.kanly else "war-of-assassins")
    set_legal(fief, a.id, b.id, state)
    legal = legal_acts(state)
    answer = {
        "house": a.name,
        "against": b.name,
        "state": None if state == "none" else state,
        "month": fief.month,
        "legal": legal,
    }
    text = fief.turn[-1].text + (f"; legal between them now: {', '.join(legal)}" if legal else "")
    return _done(fief, args, answer, text)


def cmd_break_up(args) -> int:
    from landsraad.house import edits
    from landsraad.house.place_names import find_place, place_names

    fief, hc = _load(args.file)
    text = args.body if args.body.startswith(("territory:", "body:")) else f"body:{args.body}"
    try:
        _, ident = find_place(fief, hc, text)
    except ChoiceError:
        body = fief.body(args.body)
        if body is None:
            raise
        ident = body.id
    widths = []
    for tok in args.widths.replace(" ", ",").split(","):
        if tok.strip():
            if not tok.strip().isdigit():
                raise ChoiceError(f"W,W {args.widths!r}: whole numbers, e.g. 2,2")
            widths.append(int(tok))
    before = {b.id for b in fief.bodies}
    was = next(b.source for b in fief.bodies if b.id == ident)
    edits.break_up(fief, ident, widths, hc)
    names = place_names(fief, hc)
    made = [b for b in fief.bodies if b.id == ident or b.id not in before]
    answer = {
        "was": was,
        "bodies": [
            {"id": b.id, "source": b.source, "display_name": names.body(b.id), "territories": len(b.territories)}
            for b in made
        ],
    }
    return _done(
        fief,
        args,
        answer,
        f"{was} broken up: "
        + ", ".join(f"{b['source']} {b['display_name']} ({b['territories']} Territories)" for b in answer["bodies"]),
    )


def cmd_dice(args) -> int:
    from landsraad.house.ventures import set_manipulation

    fief, _ = _load(args.file)
    for which in ("squish", "squash"):
        value = getattr(args, which)
        if value is not None:
            set_manipulation(fief, which, value == "on")
    allowed = list(fief.manipulations)
    return _done(
        fief,
        args,
        {"manipulations": allowed},
        "House rolls: Full House and Runs"
        + (", " + ", ".join(a.capitalize() for a in allowed) if allowed else "; no Squish or Squash (L216)"),
    )


def cmd_forecast(args) -> int:
    from landsraad.house.ventures import find_house, forecast

    fief, _ = _load(args.file)
    house = find_house(fief, args.house)
    forecast(fief, house.id, args.director, args.mentat)
    rec = house.domain.venture_of(args.director)
    assert rec is not None
    return _done(
        fief,
        args,
        {"house": house.name, "director": rec.director, "special": rec.special, "mentat": args.mentat},
        fief.turn[-1].text,
    )
