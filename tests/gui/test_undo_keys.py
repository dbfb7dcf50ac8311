"""Issue 27: Ctrl+Z did nothing while a text field had focus.  Now the field's own typing
is undone first, as editors do, then the document's last edit."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

pytestmark = pytest.mark.gui
EXAMPLE = Path(__file__).resolve().parent.parent.parent / "examples" / "venhei-fief.json"


def test_ctrl_z_in_a_text_field_undoes_the_documents_last_edit(make_window, qtbot):
    w = make_window()
    doc = w.open_path(str(EXAMPLE))
    view = w.views[id(doc)]
    panel = view.house_turn
    view.ui.fiefTabs.setCurrentWidget(panel)
    panel.hhNameEdit.setText("Helene Felderon")
    panel.hhAddButton.click()  # a document edit; the field is cleared
    assert doc.state.house("felderon").domain.householder("Helene Felderon") is not None
    field = panel.diceEdit  # a text field with nothing of its own to undo
    field.setFocus()
    qtbot.waitUntil(lambda: field.hasFocus())
    qtbot.keyClick(field, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert doc.state.house("felderon").domain.householder("Helene Felderon") is None  # the document's edit
    # the field's typing first: typed, Ctrl+Z takes the typing back, the document stays
    doc.stack.redo()
    qtbot.keyClicks(field, "5 5")
    qtbot.keyClick(field, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert field.text() == "" and doc.state.house("felderon").domain.householder("Helene Felderon") is not None
    qtbot.keyClick(field, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert doc.state.house("felderon").domain.householder("Helene Felderon") is None
