"""A session's handout: several documents of any kinds in one PDF, each printed by its
kind's record (``landsraad.documents.kinds``: ``session_sheet``, ``session_order``), so
this module names no kind.

    render_documents([("fief", venhei), ("character", paul), ("fencer", tessa)])

Each kind's documents print in the kind's ``session_order`` (a Fief, with its Houses, before
the characters, then the packs' documents), the order given within; a bookmark for each
sheet, and with ``duplex`` a blank page after each sheet of an odd number of pages.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from landsraad.documents import kinds as registry
from landsraad.sheets.layout import SheetCanvas, SheetError, paper_size

DEFAULT_SUBJECT = "Houses of the Landsraad"


class Session:
    """What a kind's session sheet may ask of the rest of the handout."""

    def __init__(self, documents: Sequence[tuple[str, Any]], houses: bool = True):
        self.documents = list(documents)
        self.houses = houses  # a Fief's House sheets follow it

    def states(self, kind: str) -> list[Any]:
        return [state for k, state in self.documents if k == kind]


def session_kinds() -> list[str]:
    """The kinds a session handout prints."""
    return [k.name for k in registry.records() if k.session_sheet]


def _record(kind: str) -> registry.DocumentKind:
    record = registry.get(kind)
    if record is None or not record.session_sheet:
        raise SheetError(f"a session prints {', '.join(session_kinds())} documents, not {kind!r}")
    return record


def documents_title(documents: Sequence[tuple[str, Any]], title: str = "") -> str:
    """The handout's title: the one given, else the names of the first kind that titles a
    session (its Fiefs), else its people's names (characters, fencers, conflicts)."""
    if title:
        return title
    ordered = _ordered(documents)
    for record in [_record(k) for k in dict.fromkeys(k for k, _ in ordered)]:  # in print order
        names = [record.title_of(s) for k, s in ordered if k == record.name and record.title_of(s)]
        if record.session_title and names:
            return record.session_title.format(names=" and ".join(names))
    people = [n for n in (_record(k).title_of(s) for k, s in ordered) if n]
    return "Session: " + (
        ", ".join(people[:4]) + (" and others" if len(people) > 4 else "") if people else "characters"
    )


def _ordered(documents: Sequence[tuple[str, Any]]) -> list[tuple[str, Any]]:
    return sorted(documents, key=lambda d: _record(d[0]).session_order)  # stable: as given within


def render_documents(
    documents: Sequence[tuple[str, Any]],
    paper: str = "a4",
    houses: bool = True,
    duplex: bool = False,
    title: str = "",
    created: float | None = None,
    contents: dict[str, Any] | None = None,
) -> bytes:
    """One PDF of ``documents`` ((kind, state) pairs), each kind's content loaded once
    (``contents`` gives it where the caller has it)."""
    paper_size(paper)
    ordered = _ordered(documents)  # an unknown kind is refused before anything is drawn
    if not ordered:
        raise SheetError("nothing to export: no character, Fief or pack document given")
    loaded = dict(contents or {})
    session = Session(ordered, houses)
    sc = SheetCanvas(paper, title=documents_title(ordered, title), duplex=duplex, created=created)
    for kind, state in ordered:
        record = _record(kind)
        if kind not in loaded:
            loaded[kind] = record.load_content()
        registry.resolve(record.session_sheet)(sc, state, loaded[kind], session)
    from landsraad.paths import DEFAULT_PACK

    if any(_record(k).pack not in ("", DEFAULT_PACK) for k, _ in ordered):
        sc.c.setSubject(DEFAULT_SUBJECT)  # a pack's sheet names its own game
    return sc.finish()


def render_session(
    characters: Sequence = (),
    fiefs: Sequence = (),
    content=None,
    paper: str = "a4",
    houses: bool = True,
    duplex: bool = False,
    title: str = "",
    created: float | None = None,
    packs: Sequence[tuple[str, Any]] = (),
) -> bytes:
    """``render_documents`` for the Fiefs, characters and (kind, document) pairs of the
    other packs, as the sheets' first callers give them (the app's own kinds are not
    ``packs``: they have their own arguments)."""
    from landsraad.paths import DEFAULT_PACK

    own = [k for k, _ in packs if (registry.get(k) or _record(k)).pack == DEFAULT_PACK]
    if own:
        others = [k for k in session_kinds() if _record(k).pack != DEFAULT_PACK]
        raise SheetError(f"a session prints {', '.join(others)} documents of the packs, not {own[0]!r}")
    documents = [("fief", f) for f in fiefs] + [("character", c) for c in characters] + list(packs)
    return render_documents(
        documents,
        paper,
        houses,
        duplex,
        title,
        created,
        contents={"character": content} if content is not None else None,
    )
