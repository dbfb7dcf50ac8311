"""The fencing pack's entries in the window's table of kinds (``landsraad.gui.kinds``):
a fencer, and a duel between two or more of the open fencers."""

from __future__ import annotations

from landsraad.gui.kinds import ViewKind, add_new, register


def _fencer_view(doc):
    from landsraad.gui.packs.fencer_view import FencerView

    return FencerView(doc)


def _duel_view(doc):
    from landsraad.gui.packs.duel_panel import DuelPanel

    return DuelPanel(doc)


def _fencer_page(tv):
    from landsraad.gui.packs.table_pages import FencerPage

    return FencerPage(tv)


def _duel_page(tv):
    from landsraad.gui.packs.table_pages import DuelPage

    return DuelPage(tv)


def new_fencer(window):
    return add_new(window, "fencer")


def new_duel(window):
    """A duel between the open fencers (copies: the duel's wounds are its own)."""
    from landsraad.gui.documents import Document
    from landsraad.packs.fencing.kind import duel_between

    fencers = window.open_states("fencer")
    if len(fencers) < 2:
        window.report_error("New duel", "Open or make two fencers first: a duel is fought between open fencers.")
        return None
    doc = Document("fencing-duel", duel_between(fencers))
    window.add_document(doc)
    return doc


FENCER = register(
    ViewKind(
        "fencer",
        _fencer_view,
        nav_label="Fencer",
        nav_order=2,
        table_page=_fencer_page,
        new=new_fencer,
        menu_text="New Fencer (Across The Dune Sea)",
        menu_key="new-fencer",
    )
)
DUEL = register(
    ViewKind(
        "fencing-duel",
        _duel_view,
        nav_label="Duel",
        nav_order=2,
        table_page=_duel_page,
        new=new_duel,
        menu_text="New Duel of the open Fencers",
        menu_key="new-duel",
    )
)
