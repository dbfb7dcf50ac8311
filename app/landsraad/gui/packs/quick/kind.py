"""The d20 Quick Rules character's entry in the window's table of kinds (``landsraad.gui.kinds``)."""

from __future__ import annotations

from landsraad.gui.kinds import ViewKind, add_new, register


def _view(doc):
    from landsraad.gui.packs.quick_view import QuickView

    return QuickView(doc)


def _page(tv):
    from landsraad.gui.packs.table_pages import QuickPage

    return QuickPage(tv)


KIND = register(
    ViewKind(
        "quick-character",
        _view,
        nav_label="d20 character",
        nav_order=2,
        table_page=_page,
        new=lambda window: add_new(window, "quick-character"),
    )
)
