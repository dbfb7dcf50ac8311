"""Printable, fillable PDF sheets (issue 6): character, House and Siridar Fief.

    export_character(character, content, path, paper="a4")
    export_house(fief, path, houses=None, paper="a4")       # every House when houses is None
    export_fief(fief, path, paper="a4")
    export_session(path, characters=(), fiefs=(), paper="a4", duplex=False, packs=())   # one PDF
    export_documents(path, [(kind, state), …], paper="a4", duplex=False)   # any kinds, one PDF

Values are drawn as static text in an embedded TrueType font; what players write in
play (damage, complications, experience, notes) are AcroForm fields, pre-filled where
the app knows a value.  Every export is written atomically; bad input raises a
``LandsraadError`` (``SheetError``).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

# the rulebook's own sheets (sheets/book.py)
from landsraad.sheets.book import (
    export_character,
    export_fief,
    export_house,
    export_month,
    render_character,
    render_fief,
    render_house,
    render_month,
    select_houses,
)
from landsraad.sheets.layout import SheetError, write_pdf

# the session handout: every kind's documents, printed by its record (sheets/session.py)
from landsraad.sheets.session import render_documents, render_session

__all__ = [
    "export_character",
    "export_house",
    "export_fief",
    "export_session",
    "render_character",
    "render_house",
    "render_fief",
    "render_session",
    "SheetError",
    "select_houses",
    "render_month",
    "export_month",
    "render_documents",
    "export_documents",
]


def export_session(
    path: str | os.PathLike,
    characters: Sequence = (),
    fiefs: Sequence = (),
    content=None,
    paper: str = "a4",
    houses: bool = True,
    duplex: bool = False,
    title: str = "",
    packs: Sequence[tuple[str, Any]] = (),
) -> None:
    write_pdf(path, render_session(characters, fiefs, content, paper, houses, duplex, title, packs=packs))


def export_documents(
    path: str | os.PathLike,
    documents: Sequence[tuple[str, Any]],
    paper: str = "a4",
    houses: bool = True,
    duplex: bool = False,
    title: str = "",
    contents: dict[str, Any] | None = None,
) -> None:
    write_pdf(path, render_documents(documents, paper, houses, duplex, title, contents=contents))
