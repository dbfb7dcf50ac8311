"""Printable, fillable PDF sheets (issue 6): character, House and Siridar Fief.

    export_character(character, content, path, paper="a4")
    export_house(fief, path, houses=None, paper="a4")       # every House when houses is None
    export_fief(fief, path, paper="a4")
    export_session(path, characters=(), fiefs=(), paper="a4", duplex=False, packs=())   # one PDF

Values are drawn as static text in an embedded TrueType font; what players write in
play (damage, complications, experience, notes) are AcroForm fields, pre-filled where
the app knows a value.  Every export is written atomically; bad input raises a
``LandsraadError`` (``SheetError``).
"""

from __future__ import annotations

import os
from typing import Any, Iterable, Sequence

from landsraad.sheets.layout import SheetCanvas, SheetError, paper_size, write_pdf

__all__ = ["export_character", "export_house", "export_fief", "export_session",
           "render_character", "render_house", "render_fief", "render_session", "SheetError",
           "select_houses", "render_month", "export_month", "PACK_KINDS"]


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
        match = ([h for h in fief.houses if norm(h.name) == key]
                 or [h for h in fief.houses if h.id == key]
                 or [h for h in fief.houses if norm(h.name).casefold() == key.casefold()])
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


def render_house(fief, houses: Iterable[str] | None = None, paper: str = "a4",
                 characters: Sequence = (), created: float | None = None) -> bytes:
    from landsraad.sheets.house import draw_house, household, householders
    paper_size(paper)
    content = _house_content()
    chosen = select_houses(fief, houses)
    if not chosen:
        raise SheetError("this Fief has no House yet")
    sc = SheetCanvas(paper, title=("House " if len(chosen) == 1 else "Houses ")
                     + ", ".join(h.name for h in chosen) + (f" ({fief.name})" if fief.name else ""),
                     created=created)
    for h in chosen:
        draw_house(sc, fief, h, content, household(characters, h), householders(characters, h, content))
    return sc.finish()


def render_fief(fief, paper: str = "a4", characters: Sequence = (), created: float | None = None) -> bytes:
    from landsraad.sheets.fief import draw_fief
    paper_size(paper)
    sc = SheetCanvas(paper, title=f"Siridar Fief: {fief.name or 'unnamed'}", created=created)
    draw_fief(sc, fief, _house_content(), characters)
    return sc.finish()


def session_title(characters: Sequence = (), fiefs: Sequence = (), title: str = "",
                  packs: Sequence[tuple[str, Any]] = ()) -> str:
    """The handout's title: the one given, else its Fiefs' names, else its characters'
    (the packs' fencers, d20 characters and conflicts among them)."""
    if title:
        return title
    names = [f.name for f in fiefs if f.name]
    if names:
        return "Session of the Siridar Fief " + " and ".join(names)
    people = [ch.name for ch in characters if ch.name] + [n for n in (_pack_name(k, d) for k, d in packs) if n]
    return "Session: " + (", ".join(people[:4]) + (" and others" if len(people) > 4 else "")
                          if people else "characters")


def render_session(characters: Sequence = (), fiefs: Sequence = (), content=None,
                   paper: str = "a4", houses: bool = True, duplex: bool = False,
                   title: str = "", created: float | None = None,
                   packs: Sequence[tuple[str, Any]] = ()) -> bytes:
    """One PDF for a session: each Fief sheet followed by its House sheets (with their
    household from ``characters``), then every character sheet, then the other packs'
    documents in the order given (``packs``: (kind, document) pairs: a fencer's sheet and
    maneuver cards, a duel's fencer sheets, a d20 character's sheet, a conflict's sheet);
    a bookmark for each sheet (Houses under their Fief), and with ``duplex`` a blank page
    after each sheet of an odd number of pages, so each sheet prints on its own leaves."""
    from landsraad.sheets.house import draw_house, household, householders
    paper_size(paper)
    unknown = [kind for kind, _ in packs if kind not in PACK_KINDS]
    if unknown:
        raise SheetError(f"a session prints {', '.join(PACK_KINDS)} documents of the packs, not {unknown[0]!r}")
    if not characters and not fiefs and not packs:
        raise SheetError("nothing to export: no character, Fief or pack document given")
    sc = SheetCanvas(paper, title=session_title(characters, fiefs, title, packs), duplex=duplex,
                     created=created)
    if fiefs:
        from landsraad.sheets.fief import draw_fief
        hc = _house_content()
        for fief in fiefs:
            draw_fief(sc, fief, hc, characters)
            if houses:
                for h in fief.houses:
                    draw_house(sc, fief, h, hc, household(characters, h), householders(characters, h, hc), outline=1)
    if characters:
        from landsraad.sheets.character import draw_character
        if content is None:
            from landsraad.rules.content import load_content
            content = load_content()
        for ch in characters:
            draw_character(sc, ch, content)
    if packs:
        _draw_packs(sc, packs)
        sc.c.setSubject("Houses of the Landsraad")     # a pack's sheet names its own game
    return sc.finish()


# the packs' document kinds a session prints, in the pack's words for the title
PACK_KINDS = ("fencer", "fencing-duel", "quick-character", "conflict")


def _pack_name(kind: str, doc: Any) -> str:
    if kind == "fencing-duel":
        return " vs ".join(cb.fencer.name or cb.side for cb in doc.combatants)
    return str(getattr(doc, "name", "") or "")


def _draw_packs(sc: SheetCanvas, packs: Sequence[tuple[str, Any]]) -> None:
    """Each pack document's pages, its content loaded once (the packs' engines and sheets
    are imported only when a session holds their documents)."""
    loaded: dict[str, Any] = {}

    def content(pack: str) -> Any:
        if pack not in loaded:
            if pack == "fencing":
                from landsraad.packs.fencing.content import load_fencing_content
                loaded[pack] = load_fencing_content()
            elif pack == "quick":
                from landsraad.packs.quick.content import load_quick_content
                loaded[pack] = load_quick_content()
            else:
                from landsraad.packs.conflict.content import load_conflict_content
                loaded[pack] = load_conflict_content()
        return loaded[pack]

    printed: dict[str, str] = {}            # fencer name -> the bookmark of the pages printed for it
    for kind, doc in packs:
        if kind == "fencer":
            from landsraad.sheets.fencing import draw_fencer_into
            printed.setdefault(doc.name, draw_fencer_into(sc, content("fencing"), doc))
        elif kind == "fencing-duel":            # the fencers' sheets at the duel's Realism, as the duel prints
            # each fencer once (issue 27: a fencer open beside its duel printed twice), under a
            # "Duel" bookmark of its own
            from landsraad.sheets.fencing import draw_fencer_into
            title = "Duel: " + _pack_name(kind, doc)
            keys = []
            for cb in doc.combatants:
                if cb.fencer.name in printed:
                    keys.append(printed[cb.fencer.name])
                    continue
                key = draw_fencer_into(sc, content("fencing"), cb.fencer, cards=False, realism=doc.realism,
                                       parent=title, level=1)
                printed[cb.fencer.name] = key
                keys.append(key)
                title = ""                      # the Duel bookmark once, at its first page
            if title and keys:
                sc.outline_to(title, keys[0])
        elif kind == "quick-character":
            from landsraad.sheets.quick import draw_quick
            draw_quick(sc, doc, content("quick"))
        else:
            from landsraad.sheets.conflict import draw_conflict
            draw_conflict(sc, doc, content("conflict").order)


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


def export_house(fief, path: str | os.PathLike, houses: Iterable[str] | None = None,
                 paper: str = "a4", characters: Sequence = ()) -> None:
    if isinstance(houses, str):
        houses = [houses]
    write_pdf(path, render_house(fief, houses, paper, characters))


def export_fief(fief, path: str | os.PathLike, paper: str = "a4", characters: Sequence = ()) -> None:
    write_pdf(path, render_fief(fief, paper, characters))


def export_month(fief, path: str | os.PathLike, paper: str = "a4", month: int | None = None) -> None:
    write_pdf(path, render_month(fief, paper, month))


def export_session(path: str | os.PathLike, characters: Sequence = (), fiefs: Sequence = (),
                   content=None, paper: str = "a4", houses: bool = True, duplex: bool = False,
                   title: str = "", packs: Sequence[tuple[str, Any]] = ()) -> None:
    write_pdf(path, render_session(characters, fiefs, content, paper, houses, duplex, title, packs=packs))
