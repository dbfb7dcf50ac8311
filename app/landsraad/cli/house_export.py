"""``export house`` and ``export month``: the Fief's House sheets and its month's House turn
(../shared/cli-contract.md), under the export command (``cli/export.py`` calls
``register_export``).

    export house FIEF.json [--house NAME]... [--household CHAR.json]... -o OUT.pdf [--paper a4|letter]
    export month FIEF.json -o OUT.pdf [--paper a4|letter] [--month N]   (a month's House turn, one page)
"""

from __future__ import annotations


def register_export(esub, common) -> None:
    h = esub.add_parser("house", help="House sheets from a Fief document")
    h.add_argument("file", metavar="FILE.json", help="a Fief document")
    h.add_argument(
        "--house",
        action="append",
        metavar="NAME",
        help="the House to print, by its exact name (or id; repeatable); every House "
        "when omitted; no such House is exit 2",
    )
    h.add_argument(
        "--household",
        action="append",
        default=[],
        metavar="CHAR.json",
        help="a character document of one of the Houses: listed in its household, and its "
        "House-trait advantages add to the scores (L1415)",
    )
    common(h)
    h.set_defaults(handler=cmd_house)

    m = esub.add_parser("month", help="the one-page report of this month's House turn")
    m.add_argument("file", metavar="FIEF.json", help="a Fief document")
    m.add_argument("--month", type=int, metavar="N", help="an earlier month of play (default: the current one)")
    common(m)
    m.set_defaults(handler=cmd_month)


def cmd_house(args) -> int:
    from landsraad.character.document import load
    from landsraad.cli.export import _done, _refuse_documents
    from landsraad.house.document import load_fief
    from landsraad.sheets import render_house

    _refuse_documents(args)
    characters = [load(f) for f in args.household]
    return _done(args.output, render_house(load_fief(args.file), args.house, args.paper, characters))


def cmd_month(args) -> int:
    from landsraad.cli.export import _done, _refuse_documents
    from landsraad.house.document import load_fief
    from landsraad.sheets import render_month

    _refuse_documents(args)
    return _done(args.output, render_month(load_fief(args.file), args.paper, args.month))
