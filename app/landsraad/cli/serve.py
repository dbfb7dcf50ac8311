"""``landsraad serve FILE.json… [--host ADDR] [--port N] [--accept-as-sent]``: the session
server without a window (issue 26).

The first line of stdout is the address and the join code (``http://127.0.0.1:8765/join?code=…
code ABCD2345``), the second the Judge's address; it runs until SIGINT or SIGTERM.  Every
accepted edit is written to its document at once (atomic, ``.bak`` kept).  It binds to
127.0.0.1 unless ``--host`` names another address.
"""

from __future__ import annotations

import sys

DEFAULT_PORT = 8765


def register(sub) -> None:
    p = sub.add_parser("serve", help="share documents with the table's browsers (phones, the TV)")
    p.add_argument("files", nargs="+", metavar="FILE.json", help="the documents to share (any kind)")
    p.add_argument(
        "--host",
        default="127.0.0.1",
        help="the address to listen on (default 127.0.0.1: this machine only; "
        "name the machine's LAN address to let the table's devices in)",
    )
    p.add_argument("--port", default=str(DEFAULT_PORT), help=f"the port (default {DEFAULT_PORT}; 0: any free one)")
    p.add_argument(
        "--accept-as-sent",
        action="store_true",
        help="apply what players send to a shared document without waiting for the Judge",
    )
    p.set_defaults(handler=cmd_serve)


def cmd_serve(args) -> int:
    from landsraad.cli import UsageError
    from landsraad.session.host import HeadlessHost
    from landsraad.session.server import join_address, serve_forever

    port_text = str(args.port).strip()
    if not port_text.isdigit() or not 0 <= int(port_text) <= 65535:
        raise UsageError(f"--port: {args.port!r} is not a port (0 to 65535)")
    host = HeadlessHost(args.files)  # every file read first: a bad one is exit 2, nothing served

    def announce(session) -> None:
        session.accept_as_sent = bool(args.accept_as_sent)
        print(f"{join_address(session)}  code {session.gate.join_code}", flush=True)
        print(f"Judge: {join_address(session, code=session.gate.judge_code)}  (the TV: add &next=/table)", flush=True)

    try:
        serve_forever(host, args.host, int(port_text), announce)
    except OSError as exc:
        raise UsageError(f"cannot listen on {args.host}:{port_text}: {exc.strerror or exc}") from None
    sys.stdout.flush()
    return 0
