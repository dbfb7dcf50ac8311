"""The character's entry in the window's table of kinds (``landsraad.gui.kinds``)."""

from __future__ import annotations

from landsraad.gui.kinds import ViewKind, add_new, register


def _view(doc):
    from landsraad.gui.character.view import CharacterView

    return CharacterView(doc)


def _table_page(tv):
    from landsraad.gui.character.table_page import CharacterPage

    return CharacterPage(tv)


KIND = register(
    ViewKind(
        "character",
        _view,
        nav_label="Character",
        icon="doc-character",
        nav_order=1,
        table_page=_table_page,
        new=lambda window: add_new(window, "character"),
        new_action="actionNewCharacter",
        focus_new=True,
    )
)
