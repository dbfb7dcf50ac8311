"""Printable, fillable PDF sheets (issue 6): character, House and Siridar Fief.

    export_character(character, content, path, paper="a4")
    export_house(fief, path, houses=None, paper="a4")       # every House when houses is None
    export_fief(fief, path, paper="a4")
    export_session(path, characters=(), fiefs=(), paper="a4")   # all of a session in one PDF

Values are drawn as static text in an embedded TrueType font; what players write in
play (damage, complications, experience, notes) are AcroForm fields, pre-filled where
the app knows a value.  Every export is written atomically; bad input raises a
``LandsraadError`` (``SheetError``).
"""

from __future__ import annotations

import os
from typing import Iterable, Sequence

from landsraad.sheets.layout import SheetCanvas, SheetError, paper_size, write_pdf

__all__ = ["export_character", "export_house", "export_fief", "export_session",
           "render_character", "render_house", "render_fief", "render_session", "SheetError",
           "select_houses"]


def _house_content():
    from landsraad.house.content import load_house_content
    return load_house_content()


def select_houses(fief, houses: Iterable[str] | None):
    """The Houses of ``fief`` named (by name or id, any case) in ``houses``; all when None."""
    if houses is None:
        return list(fief.houses)
    from landsraad.slug import slugify
    out = []
    for wanted in houses:
        key = slugify(wanted)
        match = [h for h in fief.houses if h.id == key or slugify(h.name) == key]
        if not match:
            names = ", ".join(h.name for h in fief.houses) or "none"
            raise SheetError(f"--house {wanted!r}: no such House in this Fief (Houses: {names})")
        out.extend(m for m in match if m not in out)
    return out


# ----- bytes (for the GUI and tests) ------------------------------------------------------
def render_character(character, content, paper: str = "a4") -> bytes:
    from landsraad.sheets.character import draw_character
    paper_size(paper)
    sc = SheetCanvas(paper, title=f"Character: {character.name}")
    draw_character(sc, character, content)
    return sc.finish()


def render_house(fief, houses: Iterable[str] | None = None, paper: str = "a4",
                 characters: Sequence = ()) -> bytes:
    from landsraad.sheets.house import draw_house, household, householders
    paper_size(paper)
    content = _house_content()
    chosen = select_houses(fief, houses)
    if not chosen:
        raise SheetError("this Fief has no House yet")
    sc = SheetCanvas(paper, title="Houses: " + ", ".join(h.name for h in chosen))
    for h in chosen:
        draw_house(sc, fief, h, content, household(characters, h), householders(characters, h, content))
    return sc.finish()


def render_fief(fief, paper: str = "a4", characters: Sequence = ()) -> bytes:
    from landsraad.sheets.fief import draw_fief
    paper_size(paper)
    sc = SheetCanvas(paper, title=f"Siridar Fief: {fief.name}")
    draw_fief(sc, fief, _house_content(), characters)
    return sc.finish()


def render_session(characters: Sequence = (), fiefs: Sequence = (), content=None,
                   paper: str = "a4", houses: bool = True) -> bytes:
    """One PDF for a session: each Fief sheet followed by its House sheets (with their
    household from ``characters``), then every character sheet."""
    from landsraad.sheets.house import draw_house, household, householders
    paper_size(paper)
    if not characters and not fiefs:
        raise SheetError("nothing to export: no character and no Fief given")
    sc = SheetCanvas(paper, title="Session sheets")
    if fiefs:
        from landsraad.sheets.fief import draw_fief
        hc = _house_content()
        for fief in fiefs:
            draw_fief(sc, fief, hc, characters)
            if houses:
                for h in fief.houses:
                    draw_house(sc, fief, h, hc, household(characters, h), householders(characters, h, hc))
    if characters:
        from landsraad.sheets.character import draw_character
        if content is None:
            from landsraad.rules.content import load_content
            content = load_content()
        for ch in characters:
            draw_character(sc, ch, content)
    return sc.finish()


# ----- files ------------------------------------------------------------------------------
def export_character(character, content, path: str | os.PathLike, paper: str = "a4") -> None:
    write_pdf(path, render_character(character, content, paper))


def export_house(fief, path: str | os.PathLike, houses: Iterable[str] | None = None,
                 paper: str = "a4", characters: Sequence = ()) -> None:
    if isinstance(houses, str):
        houses = [houses]
    write_pdf(path, render_house(fief, houses, paper, characters))


def export_fief(fief, path: str | os.PathLike, paper: str = "a4", characters: Sequence = ()) -> None:
    write_pdf(path, render_fief(fief, paper, characters))


def export_session(path: str | os.PathLike, characters: Sequence = (), fiefs: Sequence = (),
                   content=None, paper: str = "a4", houses: bool = True) -> None:
    write_pdf(path, render_session(characters, fiefs, content, paper, houses))
