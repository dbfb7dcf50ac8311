"""One edit rebuilds the window's navigator once (it was rebuilt on both ``changed`` and
``titleChanged``, which every edit emits); an edit that leaves or reaches the saved state
too (titleChanged follows the undo stack's index, not also its cleanChanged: issue 15)."""

from __future__ import annotations

import pytest  # noqa: E402

from landsraad.character import edits  # noqa: E402
from landsraad.gui.mainwindow import MainWindow  # noqa: E402

pytestmark = pytest.mark.gui


def test_an_edit_rebuilds_the_navigator_once(qtbot, monkeypatch):
    w = MainWindow()
    qtbot.addWidget(w)
    w.ask_save_changes = lambda doc: "discard"
    doc = w.new_character()
    doc.edit("Player", edits.set_text, "player", "Frank")  # leaving the clean state also retitles it
    calls = []
    original = w.navigator.set_tree
    monkeypatch.setattr(w.navigator, "set_tree", lambda tree: (calls.append(1), original(tree)))
    assert doc.edit("Name", edits.set_text, "name", "Duncan")
    assert len(calls) == 1
    doc.stack.undo()  # back to one edit, still not clean
    assert len(calls) == 2
    # the navigator still follows the edit: the document's new name is listed
    doc.stack.redo()
    assert any("Duncan" in row.cells[0] for row in w.navigator.groups)
