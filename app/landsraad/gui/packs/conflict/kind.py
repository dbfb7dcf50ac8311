"""The Dune conflict's entry in the window's table of kinds (``landsraad.gui.kinds``)."""

from __future__ import annotations

from landsraad.gui.kinds import ViewKind, add_new, register


def _view(doc):
    from landsraad.gui.packs.conflict_view import ConflictView

    return ConflictView(doc)


def _page(tv):
    from landsraad.gui.packs.table_pages import ConflictPage

    return ConflictPage(tv)


KIND = register(
    ViewKind(
        "conflict",
        _view,
        nav_label="Conflict",
        nav_order=2,
        table_page=_page,
        new=lambda window: add_new(window, "conflict"),
    )
)
