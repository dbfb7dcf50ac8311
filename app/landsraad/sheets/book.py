"""The sheets of the Houses of the Landsraad pack: a character's, a House's, a Siridar Fief's
and the month's House turn, as PDF bytes (``render_*``) or files (``export_*``).  The
kinds' records name ``character_pdf`` and ``fief_pdf`` (``sheets/character.py``,
``sheets/fief.py``), which call these; ``landsraad.sheets`` lists them."""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence

from landsraad.sheets.layout import SheetCanvas, SheetError, paper_size, write_pdf


def _house_content():
    from landsraad.house.content import load_house_content

    return load_house_content()


def select_houses(fief, houses: Iterable[str] | None):
    """The Houses of ``fief`` named in ``houses``: a House's exact name, else its exact id,
    else its name ignoring case (never a slug, which would make "伊藤" and "!!!" match
    every House whose name has no Latin letter); all when None."""
    if houses is None:
        return list(fief.houses)
    import unicodedata

    def norm(text: str) -> str:
        return unicodedata.normalize("NFC", text).strip()

    out = []
    for wanted in houses:
        key = norm(wanted)
        match = (
            [h for h in fief.houses if norm(h.name) == key]
            or [h for h in fief.houses if h.id == key]
            or [h for h in fief.houses if norm(h.name).casefold() == key.casefold()]
        )
        if not key or not match:
            names = ", ".join(h.name for h in fief.houses) or "none"
            raise SheetError(f"--house {wanted!r}: no such House in this Fief (Houses: {names})")
        out.extend(m for m in match if m not in out)
    return out


# ----- bytes (for the GUI and tests) ------------------------------------------------------
def render_character(character, content, paper: str = "a4", created: float | None = None) -> bytes:
    from landsraad.sheets.character import draw_character

    paper_size(paper)
    sc = SheetCanvas(paper, title=f"Character: {character.name or 'unnamed'}", created=created)
    draw_character(sc, character, content)
    return sc.finish()


def render_house(
    fief,
    houses: Iterable[str] | None = None,
    paper: str = "a4",
    characters: Sequence = (),
    created: float | None = None,
) -> bytes:
    from landsraad.sheets.house import draw_house, household, householders

    paper_size(paper)
    content = _house_content()
    chosen = select_houses(fief, houses)
    if not chosen:
        raise SheetError("this Fief has no House yet")
    sc = SheetCanvas(
        paper,
        title=("House " if len(chosen) == 1 else "Houses ")
        + ", ".join(h.name for h in chosen)
        + (f" ({fief.name})" if fief.name else ""),
        created=created,
    )
    for h in chosen:
        draw_house(sc, fief, h, content, household(characters, h), householders(characters, h, content))
    return sc.finish()


def render_fief(fief, paper: str = "a4", characters: Sequence = (), created: float | None = None) -> bytes:
    from landsraad.sheets.fief import draw_fief

    paper_size(paper)
    sc = SheetCanvas(paper, title=f"Siridar Fief: {fief.name or 'unnamed'}", created=created)
    draw_fief(sc, fief, _house_content(), characters)
    return sc.finish()


def render_month(fief, paper: str = "a4", month: int | None = None) -> bytes:
    """The one-page month report of the House turn (issue 18): every House, Venture and
    result of this month, or of an earlier ``month`` (from the turn log)."""
    from landsraad.sheets.house_turn import draw_month

    paper_size(paper)
    m = fief.month if month is None else month
    if not 1 <= m <= fief.month:
        raise SheetError(f"--month {m}: this Fief has played months 1 to {fief.month}")
    sc = SheetCanvas(paper, title=f"House turn: {fief.name}, month {m}")
    draw_month(sc, fief, _house_content(), m)
    return sc.finish()


# ----- files ------------------------------------------------------------------------------
def export_character(character, content, path: str | os.PathLike, paper: str = "a4") -> None:
    write_pdf(path, render_character(character, content, paper))


def export_house(
    fief, path: str | os.PathLike, houses: Iterable[str] | None = None, paper: str = "a4", characters: Sequence = ()
) -> None:
    if isinstance(houses, str):
        houses = [houses]
    write_pdf(path, render_house(fief, houses, paper, characters))


def export_fief(fief, path: str | os.PathLike, paper: str = "a4", characters: Sequence = ()) -> None:
    write_pdf(path, render_fief(fief, paper, characters))


def export_month(fief, path: str | os.PathLike, paper: str = "a4", month: int | None = None) -> None:
    write_pdf(path, render_month(fief, paper, month))
