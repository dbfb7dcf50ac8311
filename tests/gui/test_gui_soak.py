"""A long evening in a few seconds: the real main window driven through hundreds of edits,
undos and redos in a character and a Fief (typed names, combos, templates, dice rolls,
House histories, switching documents, resizing), failing if the process is on its way to
an abort or a memory blow-up.

Why ``sys.getrefcount(None)``: PySide6-Essentials 6.12.0 on CPython 3.11 drops one
reference to None on every Qt call that returns nothing; after a few thousand calls the
app died with "Fatal Python error: none_dealloc" (issue 13).  On a healthy binding the
count stays put across a round of edits.  (On CPython 3.12+ None is immortal and the
count is a constant, so the check is silent there and the memory checks remain.)

Run against 6.12.0 this test fails after its first measured round, with the drop; on
the pinned set (constraints.txt) it passes.
"""

from __future__ import annotations

import gc
import sys

import pytest
from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtWidgets import QApplication, QComboBox

pytestmark = pytest.mark.gui

ROUNDS = 8  # each round: ~25 edits, 9 undos, 6 redos, 2 switches, 1 resize
NONE_NOISE = 64  # references to None a healthy round may still take or give back
RSS_GROWTH_MB = 80  # the undo stacks keep every snapshot: a few MB; a runaway is far more
WIDGET_GROWTH = 400  # rebuilt editors are deleted: the widget count must not climb per round
SIZES = [(1600, 1000), (1100, 700), (1280, 720), (900, 640), (1400, 900)]


def rss_mb() -> float | None:
    """Resident memory of this process now (Linux), else None."""
    try:
        with open("/proc/self/statm") as f:
            pages = int(f.read().split()[1])
    except OSError:
        return None
    import os

    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def settle() -> None:
    """Let deleteLater and queued events run, as the event loop does between two keystrokes."""
    app = QApplication.instance()
    for _ in range(2):
        app.processEvents()
        QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
    gc.collect()


def live_widgets() -> int:
    return len(QApplication.allWidgets())


def pick(combo: QComboBox, index: int) -> None:
    """Choose an entry as a user does from the list."""
    index %= combo.count()
    combo.setCurrentIndex(index)
    combo.activated.emit(index)


def character_round(i: int, window, qtbot, doc) -> int:
    window.show_document(doc)
    view = window.current_view()
    edits = 0
    # a template taken (a macro), then another one for the same step
    page = view.open_step("early-life")
    for tid in (("dueling-instruction", "academic-education")[i % 2], "commoner-upbringing"):
        radio = page.radios[tid]  # choose one: a radio button per option
        qtbot.mouseClick(radio, Qt.MouseButton.LeftButton, pos=QPoint(8, radio.height() // 2))
        edits += 1
    # a purchase through the combos of step 06
    extras = view.open_step("extras")
    extras.ui.kindCombo.setCurrentIndex(extras.ui.kindCombo.findData("statistic"))
    extras.ui.itemCombo.setCurrentIndex(i % extras.ui.itemCombo.count())
    qtbot.mouseClick(extras.ui.buyButton, Qt.MouseButton.LeftButton)
    edits += 1
    # names typed key by key (each key an edit, merged into one undo step)
    fin = view.open_step("finishing-touches")
    for edit, text in ((fin.ui.nameEdit, f"Gurney {i}"), (fin.ui.playerEdit, "Ana")):
        edit.setFocus()
        edit.selectAll()
        qtbot.keyClicks(edit, text)
        edits += len(text)
    # the caste the templates suggest
    caste = view.open_step("caste")
    if caste.ui.suggestButton.isEnabled():
        qtbot.mouseClick(caste.ui.suggestButton, Qt.MouseButton.LeftButton)
        edits += 1
    for _ in range(4):
        window.undo_action.trigger()
    for _ in range(3):
        window.redo_action.trigger()
    return edits + 7


def fief_round(i: int, window, qtbot, doc) -> int:
    window.show_document(doc)
    view = window.current_view()
    ui = view.ui
    edits = 0
    ui.fiefNameEdit.setFocus()
    ui.fiefNameEdit.selectAll()
    qtbot.keyClicks(ui.fiefNameEdit, f"V{i}")
    edits += len(f"V{i}")
    ui.seedSpin.setValue(i + 1)
    qtbot.mouseClick(ui.rollButton, Qt.MouseButton.LeftButton)  # Step One: 11d10
    edits += 1
    if len(doc.state.houses) < 3:
        ui.newHouseEdit.setFocus()
        qtbot.keyClicks(ui.newHouseEdit, f"House{i}")
        qtbot.mouseClick(ui.addHouseButton, Qt.MouseButton.LeftButton)
        edits += 1
    house = doc.state.houses[i % len(doc.state.houses)]
    view.select_house(house.id)
    if ui.territoryCombo.count() > 1:
        pick(ui.territoryCombo, 1 + i % (ui.territoryCombo.count() - 1))
        edits += 1
    if ui.predominantCombo.count() > 1:
        pick(ui.predominantCombo, 1 + i % (ui.predominantCombo.count() - 1))
        edits += 1
    ui.historySeedSpin.setValue(100 + i)
    qtbot.mouseClick(ui.historyRollButton, Qt.MouseButton.LeftButton)  # the House's history
    edits += 1
    if ui.foundingCombo.count() > 1:
        pick(ui.foundingCombo, 1 + i % (ui.foundingCombo.count() - 1))
        edits += 1
    # answer the options of the first events in the history panel (rows reused, choices rebuilt)
    for row in view.history.visible_rows()[:2]:
        if row.option_buttons:
            row.option_buttons[i % len(row.option_buttons)].click()
            edits += 1
    for _ in range(5):
        window.undo_action.trigger()
    for _ in range(3):
        window.redo_action.trigger()
    return edits + 8


def test_a_long_session_neither_leaks_references_to_none_nor_memory(window, qtbot):
    char = window.new_character()
    fief = window.new_fief()
    totals = {"edits": 0, "rounds": 0}

    def round_(i: int) -> None:
        totals["edits"] += character_round(i, window, qtbot, char)
        totals["edits"] += fief_round(i, window, qtbot, fief)
        window.resize(*SIZES[i % len(SIZES)])
        settle()
        totals["rounds"] += 1

    round_(0)  # warm-up: caches, first editors, lazy imports
    round_(1)
    none0, rss0, widgets0 = sys.getrefcount(None), rss_mb(), live_widgets()
    worst = 0
    for i in range(2, ROUNDS):
        round_(i)
        drop = none0 - sys.getrefcount(None)
        worst = max(worst, drop)
        # fail early and clearly, long before the interpreter would abort on a dead None
        assert drop <= NONE_NOISE, (
            f"references to None dropped by {drop} after {totals['rounds'] - 2} measured rounds "
            f"({totals['edits']} edits): the Qt binding leaks a reference per call "
            f"(PySide6 {_pyside_version()}); the app would abort with none_dealloc"
        )
    grown_widgets = live_widgets() - widgets0
    assert grown_widgets <= WIDGET_GROWTH, f"{grown_widgets} widgets more than after the warm-up"
    if rss0 is not None:
        grown = rss_mb() - rss0
        assert grown <= RSS_GROWTH_MB, f"resident memory grew {grown:.0f} MB over {ROUNDS - 2} rounds"
    assert totals["edits"] >= 250  # the soak really did a long session's work
    assert char.stack.count() > 20 and fief.stack.count() > 20
    print(
        f"soak: {totals['rounds']} rounds, {totals['edits']} edits; None refs drift {-worst:+d} worst; "
        f"widgets {grown_widgets:+d}; RSS {0 if rss0 is None else rss_mb() - rss0:+.1f} MB"
    )


def _pyside_version() -> str:
    import PySide6

    return PySide6.__version__
