"""The window at the table on a 1280x720 screen (issue 15): the Fief fits with three rows of
every list in sight on each of its tabs, mnemonics do not clash with the menu bar or each
other, and the keyboard paths (Delete on a purchase) work."""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QAbstractItemView, QHeaderView, QLabel, QTabWidget

from landsraad.gui import session_memory

VENHEI = str(Path(__file__).resolve().parent.parent / "examples" / "venhei-fief.json")


def _at_720(window, qtbot):
    session_memory.dock_for_short_screen(window)     # what a first start on a short screen does
    window.resize(1280, 720)
    qtbot.wait(30)


def _rows_in_sight(view: QAbstractItemView) -> float:
    row = view.sizeHintForRow(0)
    return view.viewport().height() / row if row > 0 else 0.0


def test_fief_fits_1280x720_with_three_rows_of_every_list_on_every_tab(window, qtbot):
    window.open_path(VENHEI)
    _at_720(window, qtbot)
    hint = window.minimumSizeHint()
    assert hint.width() <= 1280 and hint.height() <= 720, hint      # issue 15: ~1331x900 before
    view = window.current_view()
    tabs = view.ui.fiefTabs
    seen = set()
    for i in range(tabs.count()):
        tabs.setCurrentIndex(i)
        qtbot.wait(20)
        for v in window.findChildren(QAbstractItemView):
            if isinstance(v, QHeaderView) or not v.isVisible() or v.model() is None or v.model().rowCount() < 3:
                continue
            seen.add(v.objectName())
            assert _rows_in_sight(v) >= 3, (tabs.tabText(i), v.objectName(), _rows_in_sight(v))
    # the lists the issue found with 0 rows at 1280x720 are among them
    assert {"bodiesView", "terrainList", "findingsView", "scoresView", "housesView"} <= seen
    # and the House's history, each event with its choice in place: three events or more in sight
    tabs.setCurrentWidget(view.ui.housesPage)
    for hid in ("felderon", "banthet", "vorst"):
        view.select_house(hid)
        qtbot.wait(20)
        assert _events_in_sight(view.history) >= 3, (hid, _events_in_sight(view.history))


def _events_in_sight(panel) -> int:
    """How many of the history panel's events are wholly inside its visible area."""
    viewport = panel.scroll.viewport()
    shown = 0
    for row in panel.visible_rows():
        top = row.mapTo(viewport, row.rect().topLeft()).y()
        if top >= 0 and top + row.height() <= viewport.height():
            shown += 1
    return shown


def test_scores_and_findings_stay_in_sight_on_every_tab(window, qtbot):
    window.open_path(VENHEI)
    _at_720(window, qtbot)
    view = window.current_view()
    for i in range(view.ui.fiefTabs.count()):
        view.ui.fiefTabs.setCurrentIndex(i)
        qtbot.wait(10)
        assert view.ui.scoresView.isVisible() and view.ui.findingsView.isVisible()


def _mnemonic(text: str) -> str | None:
    m = re.search(r"&([^&])", text.replace("&&", ""))
    return m.group(1).lower() if m else None


def test_fief_mnemonics_clash_neither_with_the_menu_bar_nor_each_other(window, qtbot):
    window.open_path(VENHEI)
    view = window.current_view()
    menu = [_mnemonic(a.text()) for a in window.menuBar().actions()]
    texts = [b.text() for b in view.findChildren(QAbstractButton)]
    texts += [lab.text() for lab in view.findChildren(QLabel) if lab.buddy() is not None]
    for tw in view.findChildren(QTabWidget):
        texts += [tw.tabText(i) for i in range(tw.count())]
    letters = [m for m in map(_mnemonic, texts) if m]
    assert "h" in menu                                     # Alt+H is Help's, never Roll history's
    clashes = {x for x in letters if letters.count(x) > 1 or x in menu}
    assert not clashes, clashes


def test_long_cells_carry_their_whole_text_in_the_tooltip(window, qtbot):
    window.open_path(VENHEI)
    view = window.current_view()
    m = view.findings
    long_rows = [r for r in range(m.rowCount()) if len(m.rows[r].cells[2]) > 24 and not m.rows[r].tooltip]
    for r in long_rows:
        assert m.data(m.index(r, 2), Qt.ItemDataRole.ToolTipRole) == m.rows[r].cells[2]


def test_delete_removes_the_selected_purchase(window, qtbot):
    window.new_character()
    view = window.current_view()
    page = view.open_step("extras")
    page.ui.kindCombo.setCurrentIndex(page.ui.kindCombo.findData("statistic"))
    page.ui.itemCombo.setCurrentIndex(page.ui.itemCombo.findData("charm"))
    qtbot.mouseClick(page.ui.buyButton, Qt.MouseButton.LeftButton)
    assert page.model.rowCount() == 1
    page.ui.purchasesView.setFocus()
    page.ui.purchasesView.selectRow(0)
    qtbot.keyClick(page.ui.purchasesView, Qt.Key.Key_Delete)
    assert page.model.rowCount() == 0


def test_roll_log_shows_the_current_documents_rolls(window, qtbot):
    fief = window.open_path(VENHEI)
    assert len(window.roll_log.rows) == len(fief.state.log) > 0
    window.new_character()                     # a character has no rolls: not the Fief's
    assert window.roll_log.rows == []
    assert "Character" in window.ui.rollLogDock.windowTitle() or "0 rolls" in window.ui.rollLogDock.windowTitle()
    window.show_document(fief)
    qtbot.wait(10)
    assert len(window.roll_log.rows) == len(fief.state.log)


def test_new_character_puts_the_keyboard_on_the_first_steps_options(window, qtbot):
    window.new_character()
    view = window.current_view()
    page = view.pages[view.current_step]
    qtbot.waitUntil(lambda: window.focusWidget() is not None)
    assert view.current_step == "early-life"
    assert window.focusWidget() is page.radios["academic-education"]   # the first option, a radio button


def test_character_step_mnemonics_clash_neither_with_the_menu_bar_nor_each_other(window, qtbot):
    window.new_character()
    view = window.current_view()
    menu = {_mnemonic(a.text()) for a in window.menuBar().actions()}
    for step, page in view.pages.items():
        texts = [b.text() for b in page.findChildren(QAbstractButton)]
        texts += [lab.text() for lab in page.findChildren(QLabel) if lab.buddy() is not None]
        letters = [m for m in map(_mnemonic, texts) if m]
        clashes = {x for x in letters if letters.count(x) > 1 or x in menu}
        assert not clashes, (step, clashes)       # Finishing's &House and &Equipment were Help's and Edit's
