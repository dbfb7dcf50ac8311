"""The network session (issue 26): the whole table plays from its own devices.

The Judge's documents are served over HTTP on the local network; players' browsers are
faces of the same engines, never a second rules engine.

    host.py      ``Host``: what the server asks of whoever holds the documents (list them,
                 a snapshot of each, apply a named edit with its author, tell of changes);
                 ``HeadlessHost`` for ``landsraad serve`` (the files through the codec)
    edits.py     the WHITELIST of named engine edits a browser may ask for, each with its
                 argument checker (``documents/limits.py``) and the seat it needs
    views.py     what each seat may see: the TV's table (``present/table.py``, as the
                 window's table view), a player's character build, a House's secrets
    security.py  join and Judge codes, wrong-try limits, seats, CSRF tokens, text bounds
    server.py    the aiohttp application, its Server-Sent Events, and ``SessionServer``
                 (its own asyncio loop in a thread, for the window and for tests)
    static/      the pages: plain HTML, CSS and one script, shipped in the package

Qt-free (an import-linter contract keeps it so); the window's Host lives in
``gui/share.py``.
"""
