"""``export``: printable PDF sheets from the command line (../shared/cli-contract.md).

    export character FILE.json -o OUT.pdf [--paper a4|letter]
    export house FIEF.json [--house NAME]... [--household CHAR.json]... -o OUT.pdf [--paper a4|letter]
    export fief FIEF.json -o OUT.pdf [--paper a4|letter]
    export session FILE.json... -o OUT.pdf [--paper a4|letter]   (Fiefs, their Houses, characters)

Handlers return 0; bad input raises a LandsraadError (exit 2, one line, no file written).
"""

from __future__ import annotations

import json
import sys

from landsraad.errors import DocumentError

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
                   help="the House to print (name or id; repeatable); every House when omitted")
    h.add_argument("--household", action="append", default=[], metavar="CHAR.json",
                   help="a character document of one of the Houses: listed in its household, and its "
                        "House-trait advantages add to the scores (L1415)")
    common(h)
    h.set_defaults(handler=cmd_house)

    f = esub.add_parser("fief", help="the Siridar Fief sheet")
    f.add_argument("file", metavar="FILE.json", help="a Fief document")
    common(f)
    f.set_defaults(handler=cmd_fief)

    s = esub.add_parser("session", help="several documents of a session in one PDF")
    s.add_argument("files", nargs="+", metavar="FILE.json",
                   help="Fief and character documents (each Fief is followed by its House sheets)")
    s.add_argument("--no-houses", action="store_true", help="leave out the House sheets of each Fief")
    common(s)
    s.set_defaults(handler=cmd_session)

    from landsraad.cli.fencing import register_export      # export cards / export fencer
    register_export(esub, common)


def _done(path: str, data: bytes) -> int:
    from landsraad.sheets.layout import write_pdf
    write_pdf(path, data)
    sys.stdout.write(f"written: {path}\n")
    return 0


def cmd_character(args) -> int:
    from landsraad.character.document import load
    from landsraad.rules.content import load_content
    from landsraad.sheets import render_character
    character = load(args.file)
    return _done(args.output, render_character(character, load_content(), args.paper))


def cmd_house(args) -> int:
    from landsraad.character.document import load
    from landsraad.house.document import load_fief
    from landsraad.sheets import render_house
    characters = [load(f) for f in args.household]
    return _done(args.output, render_house(load_fief(args.file), args.house, args.paper, characters))


def cmd_fief(args) -> int:
    from landsraad.house.document import load_fief
    from landsraad.sheets import render_fief
    return _done(args.output, render_fief(load_fief(args.file), args.paper))


def document_kind(path: str) -> str:
    """The ``kind`` of a saved document ("fief", "character"), read without loading it."""
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except FileNotFoundError:
        raise DocumentError(path, "file not found") from None
    except IsADirectoryError:
        raise DocumentError(path, "is a folder, not a file") from None
    except UnicodeDecodeError:
        raise DocumentError(path, "not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise DocumentError(path, f"not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except OSError as exc:
        raise DocumentError(path, exc.strerror or "cannot be read") from None
    kind = data.get("kind") if isinstance(data, dict) else None
    if kind not in ("fief", "character"):
        raise DocumentError(path, f"not a Fief or character document (kind {kind!r})", "kind")
    return kind


def cmd_session(args) -> int:
    from landsraad.character.document import load
    from landsraad.house.document import load_fief
    from landsraad.sheets import render_session
    fiefs, characters = [], []
    for path in args.files:
        if document_kind(path) == "fief":
            fiefs.append(load_fief(path))
        else:
            characters.append(load(path))
    content = None
    if characters:
        from landsraad.rules.content import load_content
        content = load_content()
    return _done(args.output, render_session(characters, fiefs, content, args.paper,
                                             houses=not args.no_houses))
