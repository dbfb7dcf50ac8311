"""Command line of the dice, Fief and House engine (../shared/cli-contract.md).

    roll: see cli/play.py
    fief roll (--dice "…" | --seed S) [--name NAME] [-o FILE.json] [--json]
    fief show FILE.json [--household CHAR.json]… [--json]
    fief name FIEF.json PLACE NAME [-o OUT.json] [--json]   name a body or Territory
    fief check FILE.json                       exit 0 complete and valid, 1 otherwise
    house history (--dice "…" | --seed S) [--table A|B] [--json]
    house holdings FIEF.json --house NAME [--set ID=N]… [-o OUT.json] [--json]
    house order FIEF.json --house NAME --order "SOURCE,…" [-o OUT.json]

Handlers return an exit code; bad input raises a LandsraadError, which ``landsraad.cli``
turns into exit 2 with one line on stderr.
"""

from __future__ import annotations

from landsraad.cli.args import seed as args_seed
from landsraad.cli.output import out, print_json
from landsraad.documents.codec import write_back
from landsraad.findings import is_complete
from landsraad.house import edits
from landsraad.house.content import load_house_content
from landsraad.house.document import load_fief, save_fief
from landsraad.house.fief import (
    creation_roll,
    habitable_planets,
    minor_houses_needed,
    placement_of,
    read_body,
    share_size,
    total_territories,
)
from landsraad.house.history import history_events, option_list, political_history, resolve
from landsraad.house.model import Fief
from landsraad.house.place_names import place_names
from landsraad.house.scores import house_scores
from landsraad.house.validate import all_findings, fief_findings, house_findings
from landsraad.present.house import deltas_text, row_text
from landsraad.rules.pages import cite


def register(subparsers) -> None:
    from landsraad.cli import play  # `roll`: the pool, the coach's readings, the odds (issue 25)

    play.register_roll(subparsers)

    fief = subparsers.add_parser("fief", help="the Siridar Fief (Step One)")
    fsub = fief.add_subparsers(dest="fief_command", required=True, parser_class=subparsers._parser_class)
    fr = fsub.add_parser("roll", help="roll (or type) the 11d10 of a system")
    _creation_source(fr)
    fr.add_argument("--name", default="", help="the Fief's name")
    fr.add_argument("-o", "--output", metavar="FILE.json", help="also write a new Fief document")
    fr.add_argument(
        "--force", action="store_true", help="replace FILE.json even if it exists and is not a Landsraad document"
    )
    fr.add_argument("--json", action="store_true")
    fr.set_defaults(handler=cmd_fief_roll)
    fs = fsub.add_parser("show", help="a Fief document: bodies, Houses, scores, ratings, log")
    fs.add_argument("file", metavar="FILE.json")
    fs.add_argument(
        "--household",
        action="append",
        default=[],
        metavar="CHAR.json",
        help="a character document; its House-trait advantages add to its House's scores (L1415)",
    )
    fs.add_argument("--json", action="store_true")
    fs.set_defaults(handler=cmd_fief_show)
    fn = fsub.add_parser("name", help='name a body or Territory ("" gives back its default name)')
    fn.add_argument("file", metavar="FIEF.json")
    fn.add_argument(
        "place", metavar="PLACE", help='its name as shown ("The frozen world II"), or body:NAME / territory:NAME'
    )
    fn.add_argument("name", metavar="NAME")
    fn.add_argument("-o", "--output", metavar="OUT.json", help="write the Fief with the new name")
    fn.add_argument("--json", action="store_true")
    fn.set_defaults(handler=cmd_fief_name)
    fc = fsub.add_parser("check", help="the findings of a Fief document; exit 1 unless complete")
    fc.add_argument("file", metavar="FILE.json")
    fc.set_defaults(handler=cmd_fief_check)

    house = subparsers.add_parser("house", help="a House Minor (Step Three)")
    hsub = house.add_subparsers(dest="house_command", required=True, parser_class=subparsers._parser_class)
    hh = hsub.add_parser("history", help="roll (or type) the 11d10 of a House history")
    _creation_source(hh)
    hh.add_argument("--table", choices=("A", "B"), default="A", help="waste dice table (default A)")
    hh.add_argument("--json", action="store_true")
    hh.set_defaults(handler=cmd_house_history)
    hd = hsub.add_parser("holdings", help="a House's holdings and gear that add to its scores (L4054-L4151)")
    hd.add_argument("file", metavar="FIEF.json")
    hd.add_argument("--house", required=True, metavar="NAME")
    hd.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="ID=N",
        help="hold N of a holding (0 removes it), e.g. --set house-shield=1 --set prudence-door=3",
    )
    hd.add_argument("-o", "--output", metavar="OUT.json", help="write the Fief with the holdings")
    hd.add_argument("--json", action="store_true")
    hd.set_defaults(handler=cmd_house_holdings)
    ho = hsub.add_parser("order", help="the order a House's history events apply in (L4583)")
    ho.add_argument("file", metavar="FIEF.json")
    ho.add_argument("--house", required=True, metavar="NAME")
    ho.add_argument(
        "--order",
        required=True,
        metavar="SOURCE,…",
        help='the events by their dice, e.g. "3x8,2x9,2x6,10,7,4,3"; "" goes back to the default',
    )
    ho.add_argument("-o", "--output", metavar="OUT.json", help="write the Fief with the order")
    ho.set_defaults(handler=cmd_house_order)

    from landsraad.cli import domain  # the monthly House turn (issue 18): house venture, fief month, …

    domain.register(fsub, hsub)


def _creation_source(p) -> None:
    src = p.add_mutually_exclusive_group()
    src.add_argument("--dice", metavar="DICE", help='the 11 dice as rolled, e.g. "3x4 2x8 2x5 9 6 2 1"')
    src.add_argument(
        "--seed", metavar="S", type=args_seed, help="roll from this seed, 0 or more (drawn and printed if not given)"
    )


# ----- fief roll ------------------------------------------------------------------------
def _body_json(fief: Fief, body, content) -> dict:
    r = read_body(body, content)
    names = place_names(fief, content)
    out = {
        "id": body.id,
        "kind": r.kind,
        "name": body.name or r.name,
        "table_name": r.name,
        "display_name": names.body(body.id),
        "from": body.source,
        "territories": r.territories,
        "effects": dict(r.effects),
        "effects_to": r.effects_to,
        "domain": r.domain or None,
        "wealth": r.wealth or None,
    }
    if r.wider_than_table:
        out["read_as_width"] = content.max_width
    if r.stacked_feature:
        out["stacked_feature"] = r.stacked_feature
    if body.added:
        out["added"] = True
    if r.controller:
        out["controller"] = body.controller
    if r.effects_to == "circled-body":
        out["circles"] = body.circles
    out["territory_list"] = [
        {
            "id": t.id,
            "name": t.name,
            "display_name": names.territory(t.id),
            "features": list(t.features),
            "arcology_type": t.arcology_type,
            "houses": [h.id for h in fief.houses if h.territory == t.id],
            "size": share_size(fief, t.id, content),
        }
        for t in body.territories
    ]
    return out


def cmd_fief_roll(args) -> int:
    from landsraad.documents import limits
    from landsraad.errors import ChoiceError

    try:  # a name of undecodable bytes (a lone surrogate) or absurd length: refused on input
        limits.check_text(args.name, "--name", limits.MAX_NAME)
    except limits.LimitError as exc:
        raise ChoiceError(str(exc)) from None
    if args.output is not None:
        from landsraad.documents.codec import check_new_document_output

        check_new_document_output(args.output, force=args.force)
    content = load_house_content()
    roll = creation_roll(args.dice, args.seed)
    fief = Fief(name=args.name)
    edits.roll_system(fief, content, roll)
    from landsraad.house.fief import typed_parts

    for height, widths in typed_parts(args.dice).items():  # "3x4 3x4": two sets, as typed (L147)
        body = next(b for b in fief.bodies if b.source == f"{sum(widths)}x{height}")
        edits.break_up(fief, body.id, sorted(widths, reverse=True), content)
    if args.output is not None:
        save_fief(fief, args.output)
    planets = habitable_planets(fief, content)
    if args.json:
        print_json(
            {
                "roll": roll.to_json(),
                "bodies": [_body_json(fief, b, content) for b in fief.bodies],
                "territories": total_territories(fief, content),
                "habitable_planets": planets,
                "houses_needed": minor_houses_needed(planets, content),
            }
        )
        return 0
    out(f"Siridar Fief: 11d10 = {roll.text}" + (f"  (seed {roll.seed})" if roll.seed is not None else "  (typed)"))
    for b in fief.bodies:
        out("  " + _body_text(fief, b, content))
    out(
        f"Territories: {total_territories(fief, content)}; habitable planets: {planets}; "
        f"Houses Minor needed: {minor_houses_needed(planets, content)}"
    )
    if args.output:
        out(f"written: {args.output}")
    return 0


def _body_text(fief: Fief, b, content) -> str:
    r = read_body(b, content)
    names = place_names(fief, content)
    name = names.body(b.id) + (f" ({r.name})" if b.name and b.name.strip() != r.name else "")
    bits = [f"{b.source:>4}  {name}"]
    if r.territories:
        bits.append(f"{r.territories} Territor{'y' if r.territories == 1 else 'ies'}")
    if r.effects:
        to = {
            "territory": "to a House living there",
            "controller": "to the controlling House",
            "circled-body": "to every House on the body it circles",
        }.get(r.effects_to, "")
        bits.append(f"{deltas_text(r.effects, content)} {to}".strip())
    if r.controller:  # a waste-die body: who controls it (and so gets its effects)
        bits.append(f"controlled by {names.controller(b.controller)}" if b.controller else "controller to assign")
    if r.effects_to == "circled-body":
        bits.append(f"circles {names.body(b.circles)}" if b.circles else "the body it circles to choose")
    if r.wider_than_table:
        bits.append(f"read as the {content.max_width}x row")
    if b.added:
        bits.append("added by hand, no game effect")
    return "; ".join(bits)


# ----- house history --------------------------------------------------------------------
def cmd_house_history(args) -> int:
    from landsraad.house.model import EventChoice, House

    content = load_house_content()
    roll = creation_roll(args.dice, args.seed)
    house = House(
        id="house", name="House", history=roll, choices=[EventChoice(str(w), table=args.table) for w in roll.waste]
    )
    events = history_events(house, content)
    if args.json:
        print_json({"roll": roll.to_json(), "events": [_event_json(ev, content) for ev in events]})
        return 0
    out(f"House history: 11d10 = {roll.text}" + (f"  (seed {roll.seed})" if roll.seed is not None else "  (typed)"))
    for ev in events:
        out(
            f"  {ev.source:>4}  {ev.name}"
            + ("" if ev.is_set else f" (Table {ev.table})")
            + ": "
            + row_text(ev, content)
        )
        for mark in _event_marks(ev, content):
            out(f"        {mark}")
    return 0


def _event_marks(ev, content) -> list[str]:
    """What the JSON says with house_rule / read_as_width / note, as text."""
    marks = []
    if ev.wider_than_table:
        marks.append(
            f"[wide set] {ev.source} is wider than the tables: read as the {content.history.rules.max_width}x row."
        )
    if ev.row.house_rule:
        marks.append("[stand-in] this row is not printed in the rulebook; the project filled it in.")
    if ev.row.note:
        marks.append(f"[reading] {cite(ev.row.note, lines=True)}")
    return marks


def _event_json(ev, content) -> dict:
    out = {
        "event": ev.event_id,
        "name": ev.name,
        "from": ev.source,
        "table": ev.table,
        "kind": ev.row.kind,
        "options": option_list(ev, content),
    }
    if ev.row.kind == "traits":
        out["amounts"] = list(ev.row.choose_traits)
    if ev.row.kind == "madness":
        out["madness"] = list(content.history.madness.deltas)
    if ev.row.record:
        out["record"] = ev.row.record
    if ev.row.house_rule:
        out["house_rule"] = True
    if ev.row.note:
        out["note"] = ev.row.note
    if ev.wider_than_table:
        out["read_as_width"] = content.history.rules.max_width
    return out


# ----- fief show / check ----------------------------------------------------------------
def _chosen(ev, house, content):
    res = resolve(ev, house.choice(ev.source), content)
    return res.deltas


def fief_report(fief: Fief, content, households: dict | None = None) -> dict:
    """The Fief as JSON; ``households``: House id -> its Householders (``landsraad.household``)."""
    households = households or {}
    houses = []
    names = place_names(fief, content)
    from landsraad.house.scores import members_of

    for h in fief.houses:
        household = members_of(h, households.get(h.id, ()))
        sheet = house_scores(fief, h, content, household)
        events = []
        for ev in history_events(h, content):
            ch = h.choice(ev.source)
            item = {
                "event": ev.event_id,
                "name": ev.name,
                "from": ev.source,
                "table": ev.table,
                "chosen": _chosen(ev, h, content),
            }
            if ch is not None and ch.option is not None:
                item["option"] = ch.option
            if ch is not None and ch.traits:
                item["traits"] = list(ch.traits)
            if ch is not None and ch.madness:
                item["madness"] = list(ch.madness)
            if ev.row.record:
                item["record"] = ev.row.record
            events.append(item)
        houses.append(
            {
                "id": h.id,
                "name": h.name,
                "player": h.player,
                "territory": h.territory,
                "territory_name": names.place(h.territory) if fief.territory(h.territory) else None,
                "placement": placement_of(fief, h, content),
                "predominant": h.predominant,
                "founding": h.founding,
                "start": sheet.start,
                "scores": sheet.scores,
                "ratings": sheet.ratings,
                "steps": [
                    {"source": ln.source, "label": ln.label, "deltas": ln.deltas, "after": ln.after}
                    for ln in sheet.lines
                ],
                "events": events,
                "event_order": list(h.event_order) or None,  # None: the rolled order (L4583)
                "household": [{"name": m.name, "adds": dict(m.deltas), "from": list(m.sources)} for m in household],
                "holdings": [_holding_json(x, content) for x in h.holdings],
                "note": h.note,
                "assets": [
                    {"name": a.name, "form": a.form, "quality": a.quality, "kinds": list(a.kinds), "owner": a.owner}
                    for a in h.assets
                ],
                "findings": [f.to_json() for f in house_findings(fief, h, content, household)],
                **_turn_fields(fief, h, content),
            }
        )
    planets = habitable_planets(fief, content)
    return {
        "name": fief.name,
        "house_major": fief.house_major,
        "note": fief.note,
        "month": fief.month,
        "roll": fief.roll.to_json() if fief.roll is not None else None,
        "bodies": [_body_json(fief, b, content) for b in fief.bodies],
        "territories": total_territories(fief, content),
        "habitable_planets": planets,
        "houses_needed": minor_houses_needed(planets, content),
        "houses": houses,
        "political_history": political_history(fief, content),
        "findings": [f.to_json() for f in fief_findings(fief, content)],
        "log": [e.to_json() for e in fief.log],
    }


def _turn_text(fief: Fief, house, content) -> str:
    d = house.domain
    high = [x.name for x in d.householders if x.rank == "high"]
    return (
        f"Month {fief.month}: Strategy {d.strategy}"
        + (f" ({d.pending_strategy} from month {d.pending_from})" if d.pending_strategy else "")
        + f"; High Householders: {', '.join(high) or 'none listed'}"
    )


def _turn_fields(fief: Fief, house, content) -> dict:
    """The monthly House turn (issue 18): month, strategy, householders, uses, facts, …"""
    from landsraad.house.domain import house_turn_json

    return house_turn_json(fief, house, content)


def _holding_json(held, content) -> dict:
    item = content.holding(held.id)
    out = {"id": held.id, "count": held.count}
    if item is not None:
        out.update(name=item.name, trait=item.trait, adds=item.amount * held.count, line=item.line)
    return out


def _households(fief: Fief, files: list[str], content) -> tuple[dict, list[str]]:
    """House id -> Householders of the character files; and the characters whose House is not here."""
    if not files:
        return {}, []
    from landsraad.character.document import load as load_character
    from landsraad.household import belongs, householder
    from landsraad.rules.content import load_content

    chars = [load_character(f) for f in files]
    cc = load_content()
    from landsraad.house.scores import members_of
    from landsraad.household import duplicates

    households: dict[str, list] = {}
    strays = []
    for ch, file in zip(chars, files):
        home = next((h for h in fief.houses if belongs(ch, h)), None)
        if home is None:
            strays.append(
                f"{ch.name or file}: House {ch.house or '(none recorded)'} is not a House of this Fief; "
                "it adds nothing here."
            )
            continue
        households.setdefault(home.id, []).append(householder(ch, cc, content))
    for h in fief.houses:  # one character, one contribution (linked and passed, or passed twice)
        strays.extend(duplicates(h, households.get(h.id, ())))
    # every key is the id of a House of the Fief (households is filled from fief.houses above)
    homes = {h.id: h for h in fief.houses}
    return {
        k: tuple(m for m in members_of(homes[k], v) if not _linked(homes[k], m)) for k, v in households.items()
    }, strays


def _linked(house, member) -> bool:
    return any(hh.adds and hh.name.casefold() == member.name.casefold() for hh in house.domain.householders)


def cmd_fief_show(args) -> int:
    content = load_house_content()
    fief = load_fief(args.file)
    households, strays = _households(fief, args.household, content)
    from pathlib import Path

    from landsraad.household import link_warnings

    strays = link_warnings(fief, Path(args.file).resolve().parent, house_content=content) + strays
    if args.json:
        report = fief_report(fief, content, households)
        report["household_warnings"] = strays
        print_json(report)
        return 0
    trait_names = [t.name for t in content.traits]
    out(f"Siridar Fief {fief.name}".rstrip() + (f", House Major {fief.house_major}" if fief.house_major else ""))
    if fief.note:
        out(f"Note: {cite(fief.note, lines=True)}")
    if fief.roll is not None:
        out(f"System roll: {fief.roll.text}")
    names = place_names(fief, content)
    for b in fief.bodies:
        out("  " + _body_text(fief, b, content))
        for t in b.territories:
            who = [h.name for h in fief.houses if h.territory == t.id]
            feats = ", ".join(tr.name if (tr := content.terrain(x)) else x for x in t.features)
            out(
                f"        {names.territory(t.id)}: {feats or 'no dominating feature'}"
                + (f"  [{', '.join(who)}]" if who else "")
            )
    for h in fief.houses:
        household = households.get(h.id, ())
        sheet = house_scores(fief, h, content, household)
        out("")
        out(
            f"House {h.name}"
            + (" (the players' House)" if h.player else "")
            + (f", on {names.place(h.territory)}" if h.territory else ", not placed yet")
        )
        if h.note:
            out(f"  Note: {cite(h.note, lines=True)}")
        out("  " + " " * 40 + " ".join(f"{n[:3]:>4}" for n in trait_names))
        for ln in sheet.lines:
            mark = {"householder": "householder: ", "holding": "holding: "}.get(ln.source, "")
            out(f"  {(mark + ln.label)[:40]:<40}" + " ".join(f"{ln.after[t]:>4}" for t in content.trait_ids))
        out("  " + f"{'Scores':<40}" + " ".join(f"{sheet.scores[t]:>4}" for t in content.trait_ids))
        out("  " + f"{'Ratings':<40}" + " ".join(f"{sheet.ratings[t]:>4}" for t in content.trait_ids))
        out("  " + _turn_text(fief, h, content))
        for f in house_findings(fief, h, content, household):
            out(f"  {f}")
    for s in strays:
        out(f"warning: {s}")
    ff = fief_findings(fief, content)
    if ff:
        out("")
        for f in ff:
            out(str(f))
    if fief.log:
        out("")
        out("Roll log:")
        for e in fief.log:
            seed = "typed" if e.seed is None else f"seed {e.seed}"
            out(f"  {e.when}  {e.who}: {e.why}: {e.reading} ({seed})")
    return 0


def _house_named(fief: Fief, name: str):
    from landsraad.errors import ChoiceError
    from landsraad.household import house_key

    for h in fief.houses:
        if house_key(name) in {house_key(h.name), house_key(h.id)}:
            return h
    raise ChoiceError(f"--house {name!r}: no such House in this Fief ({', '.join(h.name for h in fief.houses)})")


def cmd_house_holdings(args) -> int:
    from landsraad.errors import ChoiceError

    content = load_house_content()
    fief = load_fief(args.file)
    house = _house_named(fief, args.house)
    for raw in args.set:
        ident, eq, num = raw.partition("=")
        hid = content.holding_id(ident) if ident else None
        if not eq or hid is None:
            raise ChoiceError(f"--set {raw!r}: write ID=N with ID one of {', '.join(x.id for x in content.holdings)}")
        from landsraad.documents.limits import MAX_ITEMS, parse_int

        edits.set_holding(fief, house.id, hid, parse_int(num, f"--set {ident}", 0, MAX_ITEMS), content)
    if args.output:
        write_back("fief", fief, args.output)
    items = [_holding_json(x, content) for x in house.holdings]
    if args.json:
        print_json({"house": house.name, "holdings": items})
        return 0
    for x in items:
        out(
            f"{x['count']:>3} x {x.get('name', x['id'])}: +{x.get('adds', 0)} {x.get('trait', '?').capitalize()} "
            f"({cite(x.get('line', ''))})"
        )
    if not items:
        out(f"House {house.name} holds nothing that adds to its scores.")
    return 0


def cmd_house_order(args) -> int:
    content = load_house_content()
    fief = load_fief(args.file)
    house = _house_named(fief, args.house)
    order = [x.strip() for x in args.order.replace(" ", ",").split(",") if x.strip()]
    edits.order_events(fief, house.id, order, content)
    if args.output:
        write_back("fief", fief, args.output)
    sheet = house_scores(fief, house, content)
    for ln in sheet.event_lines:
        out(f"  {ln.label[:40]:<40}" + " ".join(f"{ln.after[t]:>4}" for t in content.trait_ids))
    out("  " + f"{'Scores':<40}" + " ".join(f"{sheet.scores[t]:>4}" for t in content.trait_ids))
    return 0


def cmd_fief_name(args) -> int:
    from landsraad.documents import limits
    from landsraad.errors import ChoiceError
    from landsraad.house.place_names import find_place

    try:  # a name of undecodable bytes (a lone surrogate) or absurd length: refused on input
        limits.check_text(args.name, "NAME", limits.MAX_NAME)
    except limits.LimitError as exc:
        raise ChoiceError(str(exc)) from None
    content = load_house_content()
    fief = load_fief(args.file)
    kind, ident = find_place(fief, content, args.place)
    before = place_names(fief, content)
    was = before.body(ident) if kind == "body" else before.territory(ident)
    edits.rename_place(fief, kind, ident, args.name.strip())
    if args.output:
        write_back("fief", fief, args.output)
    names = place_names(fief, content)
    now = names.body(ident) if kind == "body" else names.territory(ident)
    if args.json:
        print_json({"kind": kind, "id": ident, "was": was, "display_name": now})
        return 0
    out(f"{'Body' if kind == 'body' else 'Territory'} {was}: now {now}")
    if args.output:
        out(f"written: {args.output}")
    return 0


def cmd_fief_check(args) -> int:
    content = load_house_content()
    fief = load_fief(args.file)
    findings = all_findings(fief, content)
    for f in findings:
        out(str(f))
    from pathlib import Path

    from landsraad.household import link_warnings  # a linked character's file gone or changed (issue 23)

    for w in link_warnings(fief, Path(args.file).resolve().parent, house_content=content):
        out(f"warning: {w}")
    if is_complete(findings):
        out("complete")
        return 0
    return 1
