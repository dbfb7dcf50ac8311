"""Conflict set-up in the window (issue 27) and a character joining mid-round (L39 of
shared/seeds/conflict-assets.txt), driven as a user would."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from landsraad.gui.documents import Document

pytestmark = pytest.mark.gui


def _add(view, name, side):
    view.new_name.setText(name)
    view.new_side.setCurrentIndex(view.new_side.findData(side))
    view.add_character.click()


def test_name_field_is_cleared_after_add_character(window):
    view = window.add_document(Document("conflict"))
    _add(view, "Cassia Vorne", "players")
    assert view.new_name.text() == ""
    _add(view, "Tarek Halden", "players")
    names = [a.name for a in view.doc.state.actors]
    assert "Cassia Vorne" in names and "Tarek Halden" in names and "Cassia VorneTarek Halden" not in names
    view.new_name.setText("Cassia Vorne")
    view.add_character.click()  # refused: the name stays to be corrected
    assert view.error.isVisibleTo(view) and view.new_name.text() == "Cassia Vorne"


def test_placeholders_are_replaced_and_removable(window, tmp_path):
    doc = Document("conflict")
    view = window.add_document(doc)
    assert [a.name for a in doc.state.actors] == ["Player 1", "Adversary 1"]
    _add(view, "Kara", "players")
    assert [a.name for a in doc.state.actors] == ["Adversary 1", "Kara"]
    # the Adversary placeholder removed from the sides list
    row = next(
        i for i in range(view.sides.count()) if view.sides.item(i).data(Qt.ItemDataRole.UserRole) == "Adversary 1"
    )
    view.sides.setCurrentRow(row)
    view.remove_character.click()
    assert [a.name for a in doc.state.actors] == ["Kara"]
    _add(view, "Assassin", "gm")
    # the tracker sheet prints neither placeholder
    from pypdf import PdfReader

    out = tmp_path / "c.pdf"
    doc.export_pdf(str(out))
    text = "".join(p.extract_text() for p in PdfReader(str(out)).pages)
    assert "Kara" in text and "Assassin" in text
    assert "Player 1" not in text and "Adversary 1" not in text
    window.undo_action.trigger()
    assert [a.name for a in doc.state.actors] == ["Kara"]


def test_a_character_joining_mid_round_can_be_picked(window):
    from landsraad.packs.conflict import edits

    doc = Document("conflict")
    view = window.add_document(doc)
    _add(view, "Kara", "players")
    _add(view, "Assassin", "gm")
    doc.edit("Kara acts first", edits.begin, "Kara", doc.content.order)
    _add(view, "Nasir", "players")  # joins during round 1
    nasir = next(a for a in doc.state.actors if a.name == "Nasir")
    assert not nasir.acted
    assert "Nasir: to act" in [view.sides.item(i).text().strip() for i in range(view.sides.count())]
    doc.edit("Keep", edits.keep, doc.content.order, pay="threat", ally="Nasir")  # an ally's turn (L37)
    assert doc.state.actor("Nasir").acted and doc.state.current == "Nasir"


def _shown(tv) -> str:
    """What the group's screen shows, whole (elided lines by their full text)."""
    from PySide6.QtWidgets import QLabel

    return "\n".join(
        getattr(lab, "full", None) or lab.accessibleName() or lab.text()
        for lab in tv.findChildren(QLabel)
        if lab.isVisibleTo(tv)
    )


def test_the_table_view_shows_no_replaced_placeholder(window, qtbot):
    from tests.support.table_view import table

    view = window.add_document(Document("conflict"))
    tv = table(window, qtbot)
    assert "Player 1" in _shown(tv)  # still the placeholder: the group sees it
    _add(view, "Kara", "players")
    _add(view, "Feyd", "gm")
    qtbot.waitUntil(lambda: not tv._pending)
    shown = _shown(tv)
    assert "Kara" in shown and "Feyd" in shown
    assert "Player 1" not in shown and "Adversary 1" not in shown
