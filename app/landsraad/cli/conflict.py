"""`conflict new | show | start | act | keep | hand-over | next-round | pools | zone | place | asset`:
the Dune conflict pack (order of action, Momentum and Threat, zones, assets).

Every command that moves the conflict on writes the document back in place (atomic,
the previous version kept as ``.bak``), or to ``-o``; a move the rules forbid is exit 2
with the rule's id (``O6: …``) and the file is not changed.
"""

from __future__ import annotations

import sys

from landsraad.cli.output import out, print_json
from landsraad.errors import ChoiceError


def _cc():
    from landsraad.packs.conflict.content import load_conflict_content

    return load_conflict_content()


def _file_args(p, out_flag: bool = True) -> None:
    p.add_argument("file", metavar="FILE.json")
    if out_flag:
        p.add_argument("-o", "--output", metavar="OUT.json", help="write here instead of back to FILE")
    p.add_argument("--json", action="store_true", help="print the conflict as `conflict show --json` does")


def register(sub) -> None:
    p = sub.add_parser("conflict", help="Dune conflicts: order of action, Momentum/Threat, zones, assets")
    cs = p.add_subparsers(dest="conflict_command", required=True, parser_class=sub._parser_class)

    n = cs.add_parser("new", help="a conflict document with its sides, characters and zones")
    n.add_argument("--name", default="")
    n.add_argument("--kind", metavar="KIND", help="dueling, skirmish, warfare, espionage or intrigue")
    n.add_argument(
        "--side",
        action="append",
        default=[],
        metavar="NAME=CHAR,CHAR",
        help="a side of player characters (and their allies)",
    )
    n.add_argument(
        "--gm",
        action="append",
        default=[],
        metavar="NAME=CHAR,CHAR",
        help="a side of the GM's characters (pays in Threat)",
    )
    n.add_argument("--zone", action="append", default=[], metavar="NAME[:TRAIT;TRAIT][:objective]")
    n.add_argument(
        "--free-floating",
        action="store_true",
        default=None,
        help="every zone adjacent to every other (intrigue's default, L25)",
    )
    n.add_argument("--momentum", type=int, default=0)
    n.add_argument("--threat", type=int, default=0)
    n.add_argument("-o", "--output", required=True, metavar="FILE.json")
    n.set_defaults(handler=cmd_new)

    s = cs.add_parser("show", help="round, who has acted, who acts next, pools, zones, log")
    s.add_argument("file", metavar="FILE.json")
    s.add_argument("--json", action="store_true")
    s.set_defaults(handler=cmd_show)

    st = cs.add_parser("start", help="round 1: the GM picks who acts first (L35)")
    _file_args(st)
    st.add_argument("who", metavar="CHARACTER")
    st.add_argument("--ambush", action="store_true", help="a narrative reason for a GM character to start: no Threat")
    st.set_defaults(handler=cmd_start)

    a = cs.add_parser("act", help="the side holding the initiative picks who takes a turn (L39)")
    _file_args(a)
    a.add_argument("who", metavar="CHARACTER")
    a.set_defaults(handler=cmd_act)

    k = cs.add_parser("keep", help="Keep the Initiative: 2 Momentum or +2 Threat (GM: 2 Threat) (L37)")
    _file_args(k)
    g = k.add_mutually_exclusive_group(required=True)
    g.add_argument("--extra", action="store_true", help="an extra action now, at +1 Difficulty")
    g.add_argument("--ally", metavar="CHARACTER", help="an ally who has not acted takes a turn")
    k.add_argument("--pay", choices=("momentum", "threat"))
    k.set_defaults(handler=cmd_keep)

    h = cs.add_parser("hand-over", help="pass the initiative to an opposing side (L37, L39)")
    _file_args(h)
    h.add_argument("--to", metavar="SIDE")
    h.add_argument("--then", metavar="SIDE", help="when --to has nobody left: the side it nominates (L39)")
    h.set_defaults(handler=cmd_hand_over)

    r = cs.add_parser("next-round", help="the last actor picks who starts the next round (L41)")
    _file_args(r)
    gr = r.add_mutually_exclusive_group(required=True)
    gr.add_argument("--to", metavar="SIDE", help="an opposing side starts")
    gr.add_argument("--pay", choices=("momentum", "threat"), help="pay for the last actor's own side to start")
    r.set_defaults(handler=cmd_next_round)

    po = cs.add_parser("pools", help="the GM sets Momentum and Threat (logged)")
    _file_args(po)
    po.add_argument("--momentum", type=int)
    po.add_argument("--threat", type=int)
    po.add_argument("--reason", default="")
    po.set_defaults(handler=cmd_pools)

    z = cs.add_parser("zone", help="add or change a zone: its traits, objective, links (L23-L27)")
    _file_args(z)
    z.add_argument("zone", metavar="NAME")
    z.add_argument("--trait", action="append", default=[])
    z.add_argument("--objective", action="store_true")
    z.add_argument("--link", action="append", default=[], metavar="ZONE")
    z.set_defaults(handler=cmd_zone)

    j = cs.add_parser("join", help="a character joins a side; joining a begun round, it has not yet acted (L39)")
    _file_args(j)
    j.add_argument("who", metavar="CHARACTER")
    j.add_argument("--side", required=True, metavar="SIDE")
    j.set_defaults(handler=cmd_join)

    rm = cs.add_parser("remove", help="a character leaves the conflict (a placeholder, or someone gone)")
    _file_args(rm)
    rm.add_argument("who", metavar="CHARACTER")
    rm.set_defaults(handler=cmd_remove)

    b = cs.add_parser("bring", help="bring assets into the conflict: typed, or a character's own (--from)")
    _file_args(b)
    b.add_argument("--asset", action="append", default=[], metavar="NAME:tangible|intangible:QUALITY[:KINDS]")
    b.add_argument("--owner", default="", metavar="NAME", help="who holds the typed assets")
    b.add_argument("--from", dest="from_file", metavar="CHAR.json", help="every asset of a Landsraad character")
    b.add_argument("--zone", metavar="ZONE")
    b.set_defaults(handler=cmd_bring)

    ast = cs.add_parser("asset-state", help="the GM takes an asset out of play, for now or for good, or back in")
    _file_args(ast)
    ast.add_argument("asset", metavar="ASSET")
    ast.add_argument("state", choices=("in-play", "removed-for-now", "removed"))
    ast.set_defaults(handler=cmd_asset_state)

    pl = cs.add_parser("place", help="put a character (or an asset, --asset) in a zone")
    _file_args(pl)
    pl.add_argument("who", metavar="CHARACTER")
    pl.add_argument("zone", metavar="ZONE")
    pl.add_argument("--asset", action="store_true", help="CHARACTER names an asset in the conflict")
    pl.set_defaults(handler=cmd_place)

    ex = cs.add_parser("export", help="the conflict tracker sheet (PDF)")
    ex.add_argument("file", metavar="FILE.json")
    ex.add_argument("-o", "--output", required=True, metavar="OUT.pdf")
    ex.add_argument("--paper", choices=("a4", "letter"), default="a4")
    ex.set_defaults(handler=cmd_export)

    aa = cs.add_parser("asset", help="give an asset to a character document, or to a House of a Fief")
    aa.add_argument("file", metavar="FILE.json", help="a character or a Fief document")
    aa.add_argument("--asset", action="append", required=True, metavar="NAME:tangible|intangible:QUALITY[:KINDS]")
    aa.add_argument("--house", metavar="NAME", help="the House (in a Fief document)")
    aa.add_argument("-o", "--output", metavar="OUT.json")
    aa.set_defaults(handler=cmd_asset)


# ----- documents ---------------------------------------------------------------------
def _load(path):
    from landsraad.packs.conflict import document

    return document.load(path)


def _save_and_show(c, args) -> int:
    from landsraad.packs import check_output
    from landsraad.packs.conflict import document

    check_output(args.output or args.file, document.KIND)
    document.save(c, args.output or args.file)
    if args.json:
        from landsraad.packs.conflict.order import to_json

        print_json(to_json(c, _cc().order))
    else:
        out(c.log[-1].text if c.log else "")
    return 0


def _members(raw: str, flag: str) -> tuple[str, list[str]]:
    name, eq, chars = raw.partition("=")
    names = [x.strip() for x in chars.split(",") if x.strip()]
    if not eq or not name.strip() or not names:
        raise ChoiceError(f"--{flag} {raw!r}: write NAME=CHARACTER,CHARACTER")
    return name.strip(), names


def cmd_new(args) -> int:
    from landsraad.packs.conflict import document, order
    from landsraad.packs.conflict.order import Conflict

    cc = _cc()
    c = Conflict(name=args.name, momentum=args.momentum, threat=args.threat)
    if args.momentum < 0 or args.threat < 0:
        raise ChoiceError("--momentum and --threat are 0 or more (V8)")
    if args.kind is not None:
        c.kind = cc.kind_id(args.kind)
        if c.kind is None:
            raise ChoiceError(f"--kind {args.kind!r}: one of {', '.join(cc.kinds)}")
    c.free_floating = (
        args.free_floating
        if args.free_floating is not None
        else bool(c.kind and cc.kinds[c.kind].zones == "free-floating")
    )
    for flag, gm in (("side", False), ("gm", True)):
        for raw in getattr(args, flag):
            name, members = _members(raw, flag)
            side = order.add_side(c, name, gm)
            for m in members:
                order.add_actor(c, m, side.id)
    if len(c.sides) < 2:
        raise ChoiceError("a conflict needs at least two sides (--side, --gm) (L1)")
    for raw in args.zone:
        parts = raw.split(":")
        if not parts[0].strip() or len(parts) > 3 or (len(parts) == 3 and parts[2].strip() != "objective"):
            raise ChoiceError(f"--zone {raw!r}: write NAME[:TRAIT;TRAIT][:objective]")
        traits = [t.strip() for t in parts[1].split(";") if t.strip()] if len(parts) > 1 else []
        order.add_zone(c, parts[0], traits, len(parts) == 3)
    c.log.clear()  # the setup is the document itself, not moves of the conflict
    from landsraad.packs import check_output

    check_output(args.output, document.KIND)
    document.save(c, args.output)
    sys.stderr.write(f"wrote {args.output}\n")
    return 0


def cmd_show(args) -> int:
    from landsraad.packs.conflict.order import to_json

    c = _load(args.file)
    data = to_json(c, _cc().order)
    if args.json:
        print_json(data)
        return 0
    out(f"{c.name or 'Conflict'}: round {c.round}, Momentum {c.momentum}, Threat {c.threat}")
    for s in data["sides"]:
        marks = ", ".join(f"{a['name']}{' (acted)' if a['acted'] else ''}" for a in s["characters"])
        out(f"{s['name']}{' [GM]' if s['gm'] else ''}{' [kept]' if s['kept'] else ''}: {marks}")
    nxt = data["next"]
    out(
        f"next: {nxt['decides']} decides"
        + (f" among {', '.join(nxt['may_act'])}" if nxt["may_act"] else "")
        + f"; options: {', '.join(data['options'])}"
    )
    for z in data["zones"]:
        out(
            f"zone {z['name']}"
            + (f": {', '.join(z['traits'])}" if z["traits"] else "")
            + (" (objective)" if z["objective"] else "")
        )
    return 0


def cmd_start(args) -> int:
    from landsraad.packs.conflict.order import begin

    c = _load(args.file)
    begin(c, args.who, _cc().order, narrative=args.ambush)
    return _save_and_show(c, args)


def cmd_act(args) -> int:
    from landsraad.packs.conflict.order import choose

    c = _load(args.file)
    choose(c, args.who)
    return _save_and_show(c, args)


def cmd_keep(args) -> int:
    from landsraad.packs.conflict.order import keep

    c = _load(args.file)
    keep(c, _cc().order, pay=args.pay, extra=args.extra, ally=args.ally)
    return _save_and_show(c, args)


def cmd_hand_over(args) -> int:
    from landsraad.packs.conflict.order import hand_over

    c = _load(args.file)
    hand_over(c, args.to, args.then)
    return _save_and_show(c, args)


def cmd_next_round(args) -> int:
    from landsraad.packs.conflict.order import next_round

    c = _load(args.file)
    next_round(c, _cc().order, to=args.to, pay=args.pay)
    return _save_and_show(c, args)


def cmd_pools(args) -> int:
    from landsraad.packs.conflict.order import set_pools

    c = _load(args.file)
    set_pools(c, args.momentum, args.threat, args.reason)
    return _save_and_show(c, args)


def cmd_zone(args) -> int:
    from landsraad.packs.conflict.order import Zone, _log

    c = _load(args.file)
    z = next((z for z in c.zones if z.name == args.zone), None)
    if z is None:
        z = Zone(args.zone)
        c.zones.append(z)
    z.traits.extend(t for t in args.trait if t not in z.traits)
    z.objective = z.objective or args.objective
    names = {x.name for x in c.zones}
    for link in args.link:
        if link not in names:
            raise ChoiceError(f"--link {link!r}: no such zone ({', '.join(sorted(names))})")
        if link not in z.links:
            z.links.append(link)
    _log(c, "zone", f"zone {z.name}: " + (", ".join(z.traits) or "no traits"))
    return _save_and_show(c, args)


def cmd_join(args) -> int:
    from landsraad.packs.conflict.order import add_actor

    c = _load(args.file)
    add_actor(c, args.who, args.side)
    return _save_and_show(c, args)


def cmd_remove(args) -> int:
    from landsraad.packs.conflict.order import remove_actor

    c = _load(args.file)
    remove_actor(c, args.who)
    return _save_and_show(c, args)


def cmd_place(args) -> int:
    from landsraad.packs.conflict.order import place, place_asset

    c = _load(args.file)
    (place_asset if args.asset else place)(c, args.who, args.zone)
    return _save_and_show(c, args)


def cmd_bring(args) -> int:
    from landsraad.packs.conflict.assets import parse_asset
    from landsraad.packs.conflict.order import bring_asset

    c = _load(args.file)
    assets = [parse_asset(raw, owner=args.owner) for raw in args.asset]
    if args.from_file:
        from landsraad.character import document

        assets += document.load(args.from_file).assets
    if not assets:
        raise ChoiceError("name the assets (--asset) or a character whose assets come (--from)")
    for a in assets:
        bring_asset(c, a, args.zone)
    return _save_and_show(c, args)


def cmd_asset_state(args) -> int:
    from landsraad.packs.conflict.order import set_asset_state

    c = _load(args.file)
    set_asset_state(c, args.asset, args.state)
    return _save_and_show(c, args)


def cmd_export(args) -> int:
    from landsraad.sheets.conflict import export_conflict

    c = _load(args.file)
    from landsraad.documents.codec import check_export_output  # the check every export makes

    check_export_output(args.output, [args.file])
    export_conflict(c, _cc().order, args.output, args.paper)
    sys.stderr.write(f"wrote {args.output}\n")
    return 0


def cmd_asset(args) -> int:
    """Assets go on a Landsraad character, or on a House of a Fief (--house)."""
    from landsraad.documents.codec import load_document, write_back
    from landsraad.errors import DocumentError
    from landsraad.packs.conflict.assets import give_asset, parse_asset

    # read through the codec (bounded, regular files only, a BOM accepted, depth limited)
    kind, doc = load_document(args.file)
    target = args.output or args.file
    if kind == "character":
        if args.house:
            raise ChoiceError("--house is for a Fief document; this is a character")
        for raw in args.asset:
            give_asset(doc, parse_asset(raw, owner=doc.name))
    elif kind == "fief":
        from landsraad.sheets import select_houses

        if not args.house:
            raise ChoiceError("--house NAME: which House of the Fief holds the asset")
        house = select_houses(doc, [args.house])[0]
        for raw in args.asset:
            give_asset(house, parse_asset(raw, owner=house.name))
    else:
        raise DocumentError(args.file, f"assets go on a character or a Fief's House, not a {kind} document", "kind")
    write_back(kind, doc, target)
    sys.stderr.write(f"wrote {target}\n")
    return 0
