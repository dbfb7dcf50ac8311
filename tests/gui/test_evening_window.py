"""Issue 27, the window's details met during an evening: the rival combos never offer the
House itself, the month is said once, an Operation's failure shows on its row, the month
report exports the month chosen, and file dialogs start in the documents folder or the
last folder used (never the folder the app was started from)."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pathlib import Path

import pytest

from landsraad.gui.documents import Document
from landsraad.gui.fief.view import FiefView
from landsraad.house.document import load_fief
from landsraad.house.ventures import find_house

pytestmark = pytest.mark.gui
EXAMPLE = Path(__file__).resolve().parent.parent.parent / "examples" / "venhei-fief.json"


@pytest.fixture
def panel(qtbot, isolated_settings):
    doc = Document("fief", load_fief(EXAMPLE))
    view = FiefView(doc)
    qtbot.addWidget(view)
    return view.house_turn


def _select(panel, name):
    panel.houseList.setCurrentRow([h.name for h in panel.fief.houses].index(name))


def _items(combo):
    return [combo.itemText(i) for i in range(combo.count())]


def test_the_rival_combos_never_offer_the_house_itself(panel):
    for name in ("Felderon", "Banthet", "Vorst"):
        _select(panel, name)
        for combo in (panel.againstCombo, panel.opAgainstCombo):
            assert f"against {name}" not in _items(combo)
            assert len(_items(combo)) == 1 + 2  # "no rival" and the two others


def test_the_month_is_said_once(panel):
    assert panel.monthLabel.text() == "Month 1, Year 1"
    assert "Month 1 of play" in panel.monthLabel.toolTip() and "L4883" not in panel.monthLabel.toolTip()


def test_an_operation_that_fails_is_marked_on_its_row(panel):
    from PySide6.QtGui import QColor

    from landsraad.gui.house_turn import RED

    _select(panel, "Felderon")
    panel.hhNameEdit.setText("Helene Felderon")
    panel.hhAddButton.click()
    panel.actorCombo.setCurrentText("Helene Felderon")
    panel.operationCombo.setCurrentIndex(panel.operationCombo.findData("spy-high"))
    panel.opAgainstCombo.setCurrentIndex(panel.opAgainstCombo.findData("vorst"))
    panel.opTargetEdit.setText("Wilhelm Vorst")
    panel.ratingsEdit.setText("intellect=3 insight=3 observe=2 perception=2 intrigue=2")
    ops = find_house(panel.fief, "Felderon").domain.operations
    for n in range(1, 11):  # the pool's size, as the Judge would count it
        # no set and no run (L147): "the roll fails"
        panel.opDiceEdit.setText(" ".join(str(f) for f in (1, 3, 5, 7, 9, 2, 4, 6, 8, 10)[:n]))
        panel.performButton.click()
        ops = find_house(panel.fief, "Felderon").domain.operations
        if ops:
            break
    op = ops[-1]
    assert op.width == 0
    row = [panel.hhTable.item(r, 0).text() for r in range(panel.hhTable.rowCount())].index("Helene Felderon")
    cell = panel.hhTable.item(row, 2 + op.week)
    assert cell.text().endswith("✗") and cell.toolTip().startswith("Failed: ")
    assert cell.foreground().color() == QColor(RED)


def test_the_month_report_exports_the_month_chosen(panel, tmp_path):
    from landsraad.house import turn_edits as edits
    from tests.support.sheets import page_texts

    panel.doc.edit("End month 1", edits.end_month, panel.hc, panel.dc)
    assert _items(panel.reportMonthCombo) == ["Month 1, Year 1", "Month 2, Year 1"]
    panel.reportMonthCombo.setCurrentIndex(0)
    out = tmp_path / "m.pdf"
    assert panel.export_month(str(out))
    text = " ".join(page_texts(out.read_bytes()))
    assert "Month 1, Year 1" in text and "Month 2, Year 1" not in text


def test_file_dialogs_start_in_documents_then_the_last_folder(make_window, monkeypatch, tmp_path):
    from PySide6.QtWidgets import QFileDialog

    from landsraad.gui import file_dialogs

    w = make_window()
    docs = tmp_path / "Documents"
    docs.mkdir()
    monkeypatch.setattr(file_dialogs, "documents_folder", lambda: str(docs))
    asked = []
    monkeypatch.setattr(
        QFileDialog,
        "getOpenFileNames",
        staticmethod(lambda parent, title, start, filt: (asked.append(start), ([str(EXAMPLE)], ""))[1]),
    )
    w.open_dialog()
    assert asked == [str(docs)] and Path(asked[0]) != Path.cwd()
    saves = []
    monkeypatch.setattr(
        QFileDialog,
        "getSaveFileName",
        staticmethod(lambda parent, title, start, filt: (saves.append(start), ("", ""))[1]),
    )
    w.new_fief()
    w.save_as()
    assert Path(saves[-1]).parent == EXAMPLE.parent  # the folder the last file came from
    w.open_dialog()
    assert asked[-1] == str(EXAMPLE.parent)


def test_a_refused_operation_is_said_beside_the_roll_in_the_windows_words(panel):
    _select(panel, "Felderon")
    panel.hhNameEdit.setText("Helene Felderon")
    panel.hhAddButton.click()
    panel.actorCombo.setCurrentText("Helene Felderon")
    panel.operationCombo.setCurrentIndex(panel.operationCombo.findData("spy-high"))
    panel.opAgainstCombo.setCurrentIndex(panel.opAgainstCombo.findData("vorst"))
    panel.opTargetEdit.setText("Wilhelm Vorst")
    panel.ratingsEdit.setText("")
    panel.performButton.click()  # no ratings typed, no character linked
    said = panel.resultLabel.text()
    assert said.startswith("Not done: Helene Felderon's") and "in the ratings field" in said
    assert "--rating" not in said and "householder --" not in said


def test_the_house_turn_has_room_at_1280x720_and_its_splitters_are_remembered(make_window, qtbot):
    """Issue 27: the turn was a ~130 px tab beside the scores with two scroll bars, Resolve
    pushed out of sight, the splitter reset on a tab switch.  Now its own page: no scroll
    bar at 1280x720, three rows of its lists, Resolve in sight, the splitters kept."""
    from landsraad.gui import session_memory
    from landsraad.gui.mainwindow import settings

    w = make_window()
    session_memory.dock_for_short_screen(w)
    qtbot.wait(30)
    w.resize(1280, 720)
    doc = w.open_path(str(EXAMPLE))
    view = w.views[id(doc)]
    panel = view.house_turn
    view.ui.fiefTabs.setCurrentWidget(panel)
    qtbot.wait(50)
    assert w.height() <= 720 and panel.height() >= 360, panel.height()
    assert panel.verticalScrollBar().maximum() == 0 and panel.horizontalScrollBar().maximum() == 0
    assert panel.houseList.viewport().height() >= 3 * panel.houseList.sizeHintForRow(0)
    assert panel.hhTable.viewport().height() >= 3 * panel.hhTable.verticalHeader().defaultSectionSize()
    top_left = panel.resolveButton.mapTo(panel.viewport(), panel.resolveButton.rect().bottomRight())
    assert 0 <= top_left.y() <= panel.viewport().height()  # Resolve in sight
    assert view.ui.scoresView.isVisible()  # the Scores in play under the turn
    sizes = panel.hsplit.sizes()
    panel.hsplit.setSizes([sizes[0] - 20, sizes[1] + 20])
    panel.hsplit.splitterMoved.emit(sizes[0] - 20, 1)
    assert [int(x) for x in settings().value("houseTurn/houses")] == panel.hsplit.sizes()
    view.ui.fiefTabs.setCurrentIndex(0)
    view.ui.fiefTabs.setCurrentWidget(panel)
    assert panel.hsplit.sizes() == [int(x) for x in settings().value("houseTurn/houses")]


def test_a_full_house_and_a_run_light_every_die_they_use():
    """L149: a Full House discards a set to add 1 Width to a set of greater Height; a Run is
    three consecutive faces.  "3x8 (Full House)" lit two 8s only."""
    from landsraad.gui.house_turn import chosen_faces
    from landsraad.house import counter as ore

    full = ore.best([8, 8, 3, 3, 5])
    assert (full.label, full.how) == ("3x8", "full-house")
    assert chosen_faces(full, [8, 8, 3, 3, 5]) == {8, 3}
    run = ore.best([2, 3, 4, 9])
    assert run.how == "run" and chosen_faces(run, [2, 3, 4, 9]) == {2, 3, 4}
    assert chosen_faces(ore.best([6, 6, 1]), [6, 6, 1]) == {6}


def test_the_month_log_reads_in_the_window(panel):
    _select(panel, "Felderon")
    panel.hhNameEdit.setText("Helene Felderon")
    panel.hhAddButton.click()
    panel.directorCombo.setCurrentText("Helene Felderon")
    panel.ventureCombo.setCurrentIndex(panel.ventureCombo.findData("develop"))
    panel.targetCombo.setCurrentIndex(panel.targetCombo.findData("espionage"))
    panel.declareButton.click()
    panel.resolveCombo.setCurrentIndex(panel.resolveCombo.findData("Helene Felderon"))
    panel.diceEdit.setText("5 5 5")
    panel.resolveButton.click()
    panel.show_log()
    text = panel.logText.toPlainText()
    assert text.startswith("Month 1, Year 1\n• ") and "Helene Felderon directs" in text
    assert "Develop by Helene Felderon" in text and "T" not in text.split("\n")[1][:3]
    assert not any(x in text for x in ("{'", "L49", "2026-"))


def test_the_session_tree_shows_unsaved_first_and_follows_ctrl_w(make_window, tmp_path):
    import shutil

    w = make_window()
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    shutil.copy(EXAMPLE, a)
    shutil.copy(EXAMPLE, b)
    first = w.open_path(str(a))
    first.edit("name", lambda f: setattr(f, "name", "A Fief with a rather long name that the dock cuts"))
    row = w.navigator.groups[0]
    assert row.cells[0].startswith("* Siridar Fief: A Fief") and row.tooltip.endswith("(unsaved changes)")
    second = w.open_path(str(b))
    assert w.ui.navigatorView.currentIndex() == w.navigator.find(("doc", id(second)))
    w.close_document(second)  # Ctrl+W: the first is shown, and highlighted
    assert w.current is first
    assert w.ui.navigatorView.currentIndex() == w.navigator.find(("doc", id(first)))
    w.ask_save_changes = lambda doc: "discard"
