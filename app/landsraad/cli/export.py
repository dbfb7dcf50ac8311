"""``export``: printable PDF sheets from the command line (../shared/cli-contract.md).

    export KIND FILE.json -o OUT.pdf [--paper a4|letter]   (the sheet of any kind a pack makes:
                                            character, fief, quick-character, conflict,
                                            fencing-duel; the kind's record prints it)
    export house FIEF.json [--house NAME]... [--household CHAR.json]... -o OUT.pdf   (cli/house_export.py)
    export month FIEF.json -o OUT.pdf [--month N]   (a month's House turn, one page: cli/house_export.py)
    export cards|fencer FILE.json -o OUT.pdf        (cli/fencing.py)
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
        sp.add_argument("--paper", default="a4", type=str.lower, choices=PAPERS, help="paper size (default a4)")

    s = esub.add_parser("session", help="several documents of a session in one PDF")
    s.add_argument(
        "files",
        nargs="+",
        metavar="FILE.json",
        help="Fief and character documents (each Fief is followed by its House sheets), "
        "then fencer, fencing-duel, d20 (quick-character) and conflict documents, "
        "each printing its sheet (a fencer its maneuver cards too)",
    )
    s.add_argument("--no-houses", action="store_true", help="leave out the House sheets of each Fief")
    s.add_argument(
        "--duplex",
        action="store_true",
        help="a blank page after each sheet of an odd number of pages (two-sided printing)",
    )
    s.add_argument("--title", default="", help="the handout's title (default: from its Fiefs)")
    common(s)
    s.set_defaults(handler=cmd_session)

    from landsraad.cli.fencing import register_export  # export cards / export fencer

    register_export(esub, common)
    from landsraad.cli.house_export import register_export as register_house_export  # export house / month

    register_house_export(esub, common)
    # export KIND FILE.json: the sheet of a document of any kind a pack makes (export character,
    # export fief…), printed by the kind's record; pack.toml alone names them (no engine loads here)
    from landsraad.packs import list_packs

    for pack in list_packs():
        for kind in pack.kinds:
            if kind not in esub.choices:
                k = esub.add_parser(kind, help=f"the sheet of a {kind} document ({pack.name})")
                k.add_argument("file", metavar="FILE.json", help=f"a {kind} document")
                common(k)
                k.set_defaults(handler=cmd_sheet, kind=kind)


def _refuse_documents(args) -> None:
    from landsraad.documents.codec import check_export_output

    inputs = args.files if hasattr(args, "files") else [args.file]
    check_export_output(args.output, inputs)


def _done(path: str, data: bytes) -> int:
    from landsraad.sheets.layout import write_pdf

    write_pdf(path, data)
    sys.stdout.write(f"written: {path}\n")
    return 0


def cmd_sheet(args) -> int:
    """``export KIND FILE.json``: the kind's sheet (its record's ``render_pdf``)."""
    from landsraad.documents import kinds
    from landsraad.documents.codec import load_document
    from landsraad.errors import ChoiceError

    _refuse_documents(args)
    kind, state = load_document(args.file, expect=args.kind)
    record = kinds.get(kind)
    if record is None or not record.sheet:
        raise ChoiceError(f"a {args.kind} document has no printed sheet")
    record.render_pdf(state, args.output, paper=args.paper)
    sys.stdout.write(f"written: {args.output}\n")
    return 0


def cmd_session(args) -> int:
    """Every document given, of any kind a session prints, in one PDF (each kind's record
    orders and draws its documents: ``sheets.session``)."""
    from landsraad.documents.codec import load_document
    from landsraad.sheets import render_documents
    from landsraad.sheets.session import session_kinds

    _refuse_documents(args)
    documents = [load_document(path, expect=session_kinds()) for path in args.files]
    return _done(
        args.output,
        render_documents(documents, args.paper, houses=not args.no_houses, duplex=args.duplex, title=args.title),
    )
