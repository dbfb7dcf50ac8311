"""The command line: a stable, scriptable face of the engines (../shared/cli-contract.md).

Exit codes: 0 success; 1 a check found errors or the document is unfinished;
2 bad input, with one line ``landsraad: error: …`` on stderr and never a traceback.

The package holds the dispatcher (here), one module per command group (``content``,
``character``, ``house`` for roll/fief/house, ``export``) and ``output``.
Each area registers its own subcommands (``register(subparsers)``) and handlers
return an exit code; this module only parses and turns errors into exit 2.
Qt is imported only by the ``gui`` and ``--screenshot`` paths.
"""

from __future__ import annotations

import argparse
import sys
from typing import NoReturn

from landsraad import __version__
from landsraad.errors import LandsraadError

PROG = "landsraad"


class UsageError(LandsraadError):
    pass


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage error as one line and exit 2 (no usage dump).

    Every value goes through ``_get_value``: that is where the shared rules of every
    command live, whatever group declared the option: ``type=int`` reads whole numbers
    through the one bounded parser (``args.integer``: no ``²``, no 5,000 digits), and
    every ``-o``/``--output`` refuses an empty name (``args.output_file``)."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)

    def _get_value(self, action, arg_string):
        from landsraad.cli import args as shared

        if isinstance(arg_string, str) and not _names_a_file(action) and shared.has_surrogate(arg_string):
            # bytes that are not UTF-8 (a terminal's $'\xff'): a name, a title or a value is
            # text; only a file name may be any bytes the system allows
            raise UsageError(
                f"argument {'/'.join(action.option_strings) or action.dest}: holds an invalid "
                "character (bytes that are not UTF-8 text); type it as text"
            )
        if action.type is int:
            action = _with_type(action, shared.integer)
        elif action.dest == "output" and action.type is None:
            action = _with_type(action, shared.output_file)
        return super()._get_value(action, arg_string)


def _names_a_file(action) -> bool:
    if isinstance(action, argparse._SubParsersAction):  # the rest of the line: each part on its own
        return True
    meta = str(action.metavar or "")
    return action.dest in ("file", "files", "output") or "." in meta or "PATH" in meta or "FILE" in meta


def _with_type(action, kind):
    import copy

    other = copy.copy(action)
    other.type = kind
    return other


# The module that registers each command.  A command line naming one of these imports
# only that module, so `fief roll` loads neither the character engine nor the PDF
# machinery (and nothing loads Qt but `gui`); anything else (--help, a typo) gets all.
_REGISTRARS = {
    "content": "landsraad.cli.content",
    "character": "landsraad.cli.character",
    "roll": "landsraad.cli.house",
    "fief": "landsraad.cli.house",
    "house": "landsraad.cli.house",
    "export": "landsraad.cli.export",
    "quick": "landsraad.cli.quick",
    "conflict": "landsraad.cli.conflict",
    "fencing": "landsraad.cli.fencing",
    "serve": "landsraad.cli.serve",
}


def _registrars_for(argv: list[str] | None) -> list[str]:
    every = list(dict.fromkeys(_REGISTRARS.values()))
    if argv is None:
        return every
    if not argv or argv == ["--version"] or argv[0] == "gui" or argv[0].startswith("--screenshot"):
        return []
    first = argv[0]
    return [_REGISTRARS[first]] if first in _REGISTRARS else every


def build_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    """The whole command line; with ``argv``, only the commands that ``argv`` can name."""
    parser = _Parser(prog=PROG, description="Landsraad Forge: characters, Houses and Siridar Fiefs.")
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    parser.add_argument("--screenshot", metavar="OUT.png", help="render the main window offscreen to a PNG and exit")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    import importlib

    for name in _registrars_for(argv):
        importlib.import_module(name).register(sub)

    gui = sub.add_parser("gui", help="start the desktop app")
    gui.add_argument("files", nargs="*")
    gui.set_defaults(handler=_run_gui)
    return parser


def _run_gui(args) -> int:
    from landsraad.gui.app import main as gui_main

    return gui_main(args.files)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    try:
        parser = build_parser(argv)
        # "--screenshot OUT.png [FILE.json]" has no subcommand.
        if argv and (argv[0] == "--screenshot" or argv[0].startswith("--screenshot=")):
            shot = _Parser(prog=PROG)
            shot.add_argument("--screenshot", required=True)
            shot.add_argument("document", nargs="?")
            sargs = shot.parse_args(argv)
            from landsraad.gui.app import screenshot

            return screenshot(sargs.screenshot, sargs.document)
        args = parser.parse_args(argv)
        handler = getattr(args, "handler", None)
        if handler is None:
            if args.command is None:
                return _run_gui(argparse.Namespace(files=[]))
            raise UsageError(f"{args.command}: a subcommand is needed (see --help)")
        from landsraad.documents.guards import locked

        with locked(_written_documents(args)):
            return int(handler(args) or 0)
    except LandsraadError as exc:
        sys.stderr.write(f"{PROG}: error: {_one_line(str(exc))}\n")
        return 2
    except BrokenPipeError:  # pragma: no cover - `| head`
        return 0


def _written_documents(args) -> list[str]:
    """The files a command may write back (its input, its ``-o``): locked for the whole
    read-modify-write, so two processes never lose each other's change (issue 28)."""
    if not hasattr(args, "output"):
        return []
    return [p for p in (getattr(args, "file", None), args.output) if isinstance(p, str) and p]


# One error line: at most this many characters (a 40,000-character name is cut).
MAX_ERROR = 400


def _one_line(text: str) -> str:
    """The message on one line, with whatever would act on a terminal shown escaped
    (a House named ``ESC]0;…BEL`` must not retitle the window, C1 controls included)."""
    from landsraad.cli.output import printable

    line = printable(" ".join(text.split()))
    if len(line) > MAX_ERROR:
        line = f"{line[: MAX_ERROR - 40]}… ({len(line):,} characters in all)"
    return line
