"""Names, ids and messages from documents are shown as text, never rendered as HTML: a
territory named with an image, a heading and a link showed them in the terrain label, and
a document whose ``kind`` held a link made the "Cannot open" box a clickable link."""

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel, QMessageBox

from landsraad.gui import plain

pytestmark = pytest.mark.gui

HTML = '<h1>Big</h1><img src="x.png"><a href="https://evil.example/">click</a>'


def type_into(qtbot, edit, text):
    edit.setFocus()
    edit.selectAll()
    qtbot.keyClicks(edit, text)


def labels_showing(window, marker="<h1>"):
    return [lab for lab in window.findChildren(QLabel) if marker in lab.text()]


def test_names_with_html_are_plain_text_in_every_label(window, qtbot):
    fief = window.new_fief()
    view = window.current_view()
    ui = view.ui
    type_into(qtbot, ui.fiefNameEdit, "Fief " + HTML)
    type_into(qtbot, ui.typedEdit, "3x4 2x8 2x5 9 6 2 1")
    qtbot.mouseClick(ui.typedButton, Qt.MouseButton.LeftButton)
    tid = fief.state.bodies[0].territories[0].id
    view.select_place(("territory", tid))
    type_into(qtbot, ui.placeNameEdit, "Land " + HTML)
    type_into(qtbot, ui.newHouseEdit, "House " + HTML)
    qtbot.mouseClick(ui.addHouseButton, Qt.MouseButton.LeftButton)
    view.select_place(("territory", tid))
    assert fief.state.bodies[0].territories[0].name == "Land " + HTML
    # the terrain label names the territory: as typed, not rendered
    assert HTML in ui.terrainLabel.text()
    assert ui.terrainLabel.textFormat() == Qt.TextFormat.PlainText
    char = window.new_character()
    cview = window.current_view()
    fin = cview.open_step("finishing-touches")
    type_into(qtbot, fin.ui.nameEdit, "Duncan " + HTML)
    assert char.state.name == "Duncan " + HTML
    window.show_document(fief)
    QApplication.processEvents()
    shown = labels_showing(window)
    assert ui.terrainLabel in shown  # the test sees the label it is about
    assert [lab.objectName() or lab.text() for lab in shown if lab.textFormat() != Qt.TextFormat.PlainText] == []
    # no label of the window, shown or not, guesses its format
    guessing = [
        lab.objectName() or lab.text()[:40]
        for lab in window.findChildren(QLabel)
        if lab.textFormat() != Qt.TextFormat.PlainText and lab.text()
    ]
    assert guessing == []
    # tooltips that carry the name are escaped (a tooltip has no format switch)
    window.show_document(fief)
    tips = [
        view.scores.data(view.scores.index(r, 0), Qt.ItemDataRole.ToolTipRole) for r in range(view.scores.rowCount())
    ]
    assert tips and all("<h1>" not in t and "&lt;h1&gt;" in t for t in tips)


def _record_boxes(monkeypatch) -> list:
    """Every message box the window shows, as (text, format, informative text), answered Ok
    at once (no nested event loop: a test that quit the app before makes those return)."""
    seen = []

    def exec_(box):
        seen.append((box.text(), box.textFormat(), box.informativeText()))
        return QMessageBox.StandardButton.Ok

    monkeypatch.setattr(QMessageBox, "exec", exec_)
    return seen


def test_the_cannot_open_box_shows_the_kind_as_text(window, tmp_path, monkeypatch):
    path = tmp_path / "odd.json"
    path.write_text(json.dumps({"kind": '<a href="https://evil.example/">click me</a>'}), encoding="utf-8")
    window.report_error = lambda title, text: plain.warn(window, title, text)  # the real box
    seen = _record_boxes(monkeypatch)
    assert window.open_path(str(path)) is None
    assert len(seen) == 1
    text, fmt, _ = seen[0]
    assert '<a href="https://evil.example/">click me</a>' in text
    assert fmt == Qt.TextFormat.PlainText


def test_the_unsaved_changes_box_names_the_character_as_text(window, qtbot, monkeypatch):
    char = window.new_character()
    fin = window.current_view().open_step("finishing-touches")
    type_into(qtbot, fin.ui.nameEdit, HTML)
    seen = _record_boxes(monkeypatch)
    window._ask_save_changes(char)  # the window's own question
    assert seen and HTML in seen[0][0] and seen[0][1] == Qt.TextFormat.PlainText


def test_plain_tip_leaves_text_alone_and_escapes_markup():
    assert plain.plain_tip("Physique +1\nPlanet") == "Physique +1\nPlanet"
    tip = plain.plain_tip("House <b>Atreides</b>")
    assert "<b>" not in tip and "&lt;b&gt;Atreides&lt;/b&gt;" in tip


def test_a_file_name_with_an_ampersand_is_not_a_mnemonic():
    assert plain.menu_text("Salt & Sand.json") == "Salt && Sand.json"


def test_a_duel_between_fencers_named_with_html_shows_the_names_as_text(window):
    from landsraad.gui.documents import Document
    from landsraad.gui.packs.fencing.kind import new_duel

    for name in ("Tessa " + HTML, "Scoundrel"):
        doc = Document("fencer")
        window.add_document(doc)
        doc.edit("Name", lambda f, n=name: setattr(f, "name", n))
    new_duel(window)
    panel = window.current_view()
    title = panel.title
    assert title.textFormat() == Qt.TextFormat.RichText  # its heading is markup of ours ...
    assert "<h1>" not in title.text() and "&lt;h1&gt;Big&lt;/h1&gt;" in title.text()  # ... the names are not
