"""``export``: printable PDF sheets from the command line (../shared/cli-contract.md).

    export character FILE.json -o OUT.pdf [--paper a4|letter]
    export house FIEF.json [--house NAME]... [--household CHAR.json]... -o OUT.pdf [--paper a4|letter]
    export fief FIEF.json -o OUT.pdf [--paper a4|letter]
    export month FIEF.json -o OUT.pdf [--paper a4|letter] [--month N]   (a month's House turn, one page)
    export session FILE.json... -o OUT.pdf [--paper a4|letter] [--duplex] [--title TEXT]
                                            (Fiefs, their Houses, characters, then fencers with
                                            their cards, duels, d20 characters, conflicts; bookmarked)

Handlers return 0; bad input raises a LandsraadError (exit 2, one line, no file written).
An output that is one of the inputs or any Landsraad document is refused before anything
is rendered (``documents.codec.check_export_output``, the window's check too); an
earlier PDF may be replaced.
"""

from __future__ import annotations

import sys

PAPERS = ("a4", "letter")


def register(subparsers) -> None:
    p = subparsers.add_parser("export", help="printable, fillable PDF sheets")
    esub = p.add_subparsers(dest="export_command", required=True, parser_class=subparsers._parser_class)

    def common(sp) -> None:
        sp.add_argument("-o", "--output", required=True, metavar="OUT.pdf", help="the PDF to write")
        sp.add_argument("--paper", default="a4", type=str.lower, choices=PAPERS,
                        help="paper size (default a4)")

    c = esub.add_parser("character", help="a character sheet")
    c.add_argument("file", metavar="FILE.json", help="a character document")
    common(c)
    c.set_defaults(handler=cmd_character)

    h = esub.add_parser("house", help="House sheets from a Fief document")
    h.add_argument("file", metavar="FILE.json", help="a Fief document")
    h.add_argument("--house", action="append", metavar="NAME",
                   help="the House to print, by its exact name (or id; repeatable); every House "
                        "when omitted; no such House is exit 2")
    h.add_argument("--household", action="append", default=[], metavar="CHAR.json",
                   help="a character document of one of the Houses: listed in its household, and its "
                        "House-trait advantages add to the scores (L1415)")
    common(h)
    h.set_defaults(handler=cmd_house)

    f = esub.add_parser("fief", help="the Siridar Fief sheet")
    f.add_argument("file", metavar="FILE.json", help="a Fief document")
    common(f)
    f.set_defaults(handler=cmd_fief)

    m = esub.add_parser("month", help="the one-page report of this month's House turn")
    m.add_argument("file", metavar="FIEF.json", help="a Fief document")
    m.add_argument("--month", type=int, metavar="N", help="an earlier month of play (default: the current one)")
    common(m)
    m.set_defaults(handler=cmd_month)

    s = esub.add_parser("session", help="several documents of a session in one PDF")
    s.add_argument("files", nargs="+", metavar="FILE.json",
                   help="Fief and character documents (each Fief is followed by its House sheets), "
                        "then fencer, fencing-duel, d20 (quick-character) and conflict documents, "
                        "each printing its sheet (a fencer its maneuver cards too)")
    s.add_argument("--no-houses", action="store_true", help="leave out the House sheets of each Fief")
    s.add_argument("--duplex", action="store_true",
                   help="a blank page after each sheet of an odd number of pages (two-sided printing)")
    s.add_argument("--title", default="", help="the handout's title (default: from its Fiefs)")
    common(s)
    s.set_defaults(handler=cmd_session)

    from landsraad.cli.fencing import register_export      # export cards / export fencer
    register_export(esub, common)


def _refuse_documents(args) -> None:
    from landsraad.documents.codec import check_export_output
    inputs = args.files if hasattr(args, "files") else [args.file]
    check_export_output(args.output, inputs)


def _done(path: str, data: bytes) -> int:
    from landsraad.sheets.layout import write_pdf
    write_pdf(path, data)
    sys.stdout.write(f"written: {path}\n")
    return 0


def cmd_character(args) -> int:
    from landsraad.character.document import load
    from landsraad.rules.content import load_content
    from landsraad.sheets import render_character
    _refuse_documents(args)
    character = load(args.file)
    return _done(args.output, render_character(character, load_content(), args.paper))


def cmd_house(args) -> int:
    from landsraad.character.document import load
    from landsraad.house.document import load_fief
    from landsraad.sheets import render_house
    _refuse_documents(args)
    characters = [load(f) for f in args.household]
    return _done(args.output, render_house(load_fief(args.file), args.house, args.paper, characters))


def cmd_fief(args) -> int:
    from landsraad.house.document import load_fief
    from landsraad.sheets import render_fief
    _refuse_documents(args)
    return _done(args.output, render_fief(load_fief(args.file), args.paper))


def cmd_month(args) -> int:
    from landsraad.house.document import load_fief
    from landsraad.sheets import render_month
    _refuse_documents(args)
    return _done(args.output, render_month(load_fief(args.file), args.paper, args.month))


def cmd_session(args) -> int:
    """Every document given, of any kind a session prints, in one PDF (each kind's record
    orders and draws its documents: ``sheets.session``)."""
    from landsraad.documents.codec import load_document
    from landsraad.sheets import render_documents
    from landsraad.sheets.session import session_kinds
    _refuse_documents(args)
    documents = [load_document(path, expect=session_kinds()) for path in args.files]
    return _done(args.output, render_documents(documents, args.paper, houses=not args.no_houses,
                                               duplex=args.duplex, title=args.title))
