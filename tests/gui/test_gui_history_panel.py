"""A House's history in the Fief view (issue 15): every event at once, in the order applied,
each with its choice in place (options as radio buttons, trait pickers, the table of a
waste die) and the running Trait Scores after it; chosen with the keyboard, undone, and
opened from a finding with Enter or a double-click, scrolled into view with the keyboard on
its choice, at 1280x720."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication

from landsraad.gui import session_memory
from landsraad.house.scores import running_scores
from tests.support.worked_example import EVENTS, SEVEN

pytestmark = [pytest.mark.gui, pytest.mark.usefixtures("isolated_settings")]

VENHEI = str(Path(__file__).resolve().parents[2] / "examples" / "venhei-fief.json")
FELDERON_DICE = "3x8 2x9 2x6 10 7 4 3"  # Felderon's history (L1156), typed for a new House


def type_into(qtbot, edit, text: str) -> None:
    edit.setFocus()
    edit.selectAll()
    qtbot.keyClicks(edit, text)


def scores_shown(row) -> tuple[int, ...]:
    return tuple(int(cell.text()) for cell in row.scores.cells)


def new_house_with_history(window, qtbot, name: str = "Tessia"):
    """A House added to the Venhei Fief with the keyboard, its history typed: nothing chosen yet."""
    doc = window.open_path(VENHEI)
    view = window.current_view()
    ui = view.ui
    ui.fiefTabs.setCurrentWidget(ui.housesPage)
    type_into(qtbot, ui.newHouseEdit, name)
    qtbot.keyClick(ui.newHouseEdit, Qt.Key.Key_Return)
    type_into(qtbot, ui.historyTypedEdit, FELDERON_DICE)
    qtbot.keyClick(ui.historyTypedEdit, Qt.Key.Key_Return)
    house = view.selected_house()
    assert house.name == name and house.history is not None and house.choices == []
    return doc, view, house.id


def test_every_event_at_once_in_the_order_applied_with_the_running_scores(window):
    doc = window.open_path(VENHEI)
    view = window.current_view()
    c = doc.content
    assert c.trait_ids == SEVEN
    for house in doc.state.houses:
        view.select_house(house.id)
        rows = view.history.visible_rows()
        _start, steps = running_scores(doc.state, house, c)
        assert [r.source for r in rows] == [s.event.source for s in steps] == [s for s, _ in EVENTS[house.name]]
        for row, step, (_source, want) in zip(rows, steps, EVENTS[house.name]):
            # the rulebook's numbers after each event (L1100-L1208), as the engine computes them
            assert scores_shown(row) == want
            # the event by its rulebook name, never its id
            assert step.event.name in row.name.text() and step.event.event_id not in row.name.text()
            ch = house.choice(step.event.source)
            if step.event.row.kind == "options":
                assert row.option_group.checkedId() == ch.option
            elif step.event.row.kind == "traits":
                assert [cb.currentData() for cb in row.trait_combos] == ch.traits
    # Felderon's Glory (2x9) took option (b): +10 Treasury, +5 Defense; bold where it changed
    view.select_house("felderon")
    glory = view.history.row_of("2x9")
    assert "Glory" in glory.name.text() and glory.option_buttons[1].isChecked()
    bold = [t for t, cell in zip(SEVEN, glory.scores.cells) if cell.font().bold()]
    assert bold == ["defense", "treasury"]
    # with each Rating (L4168: 15 rounds half up to 2) and the change, for the eye and the screen reader
    assert "Defense 10 (Rating 1), +5" in glory.scores.accessibleName()
    assert "Treasury 15 (Rating 2), +10" in glory.scores.toolTip()
    # what an event leaves to remember is said in its row: Banthet's Division (waste 9, L4786)
    view.select_house("banthet")
    division = view.history.row_of("9")
    assert "Division" in division.name.text() and division.option_buttons[0].isChecked()
    assert "rival party" in division.status.text() and not division.status.isHidden()


def test_options_are_chosen_with_the_keyboard_undone_and_the_rows_reused(window, qtbot):
    doc, view, hid = new_house_with_history(window, qtbot)
    panel = view.history
    rows_before = list(panel.rows)
    glory = panel.row_of("2x9")
    a, b = glory.option_buttons
    assert not a.isChecked() and not b.isChecked()
    assert a.text() == "(a) +10 Treasury, +5 Warfare" and b.text() == "(b) +10 Treasury, +5 Defense"
    start, _ = running_scores(doc.state, doc.state.house(hid), doc.content)
    assert scores_shown(glory) == tuple(start[t] for t in SEVEN)  # nothing chosen: nothing added
    a.setFocus()
    qtbot.keyClick(a, Qt.Key.Key_Space)
    assert doc.state.house(hid).choice("2x9").option == 1 and a.isChecked()
    qtbot.keyClick(a, Qt.Key.Key_Down)  # the arrow moves to (b) and takes it
    assert doc.state.house(hid).choice("2x9").option == 2 and b.isChecked()
    assert QApplication.focusWidget() is b
    _start, steps = running_scores(doc.state, doc.state.house(hid), doc.content)
    assert scores_shown(glory) == tuple(steps[0].after[t] for t in SEVEN)
    assert steps[0].after["defense"] == start["defense"] + 5 and steps[0].after["treasury"] == start["treasury"] + 10
    # an edit updates the rows in place: the same rows, the same buttons
    assert panel.rows == rows_before and glory.option_buttons == [a, b] and panel.row_of("2x9") is glory
    window.undo_action.trigger()
    assert doc.state.house(hid).choice("2x9").option == 1 and a.isChecked() and not b.isChecked()
    window.undo_action.trigger()
    assert doc.state.house(hid).choice("2x9") is None or doc.state.house(hid).choice("2x9").option is None
    assert not a.isChecked() and not b.isChecked()
    assert scores_shown(glory) == tuple(start[t] for t in SEVEN)
    window.redo_action.trigger()
    assert a.isChecked()


def test_tab_enters_an_events_options_on_the_chosen_one(window, qtbot):
    _doc, view, _hid = new_house_with_history(window, qtbot)
    glory, victory = view.history.row_of("2x9"), view.history.row_of("3x8")
    # the events follow the House's last field in the Tab order
    assert view.ui.foundingCombo.nextInFocusChain() is glory.option_buttons[0]
    glory.option_buttons[1].click()  # (b)
    glory.option_buttons[0].setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is glory.option_buttons[1])
    assert view.selected_event().source == "2x9"  # the focused event is the current one
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is victory.option_buttons[0])
    assert view.selected_event().source == "3x8"


def test_a_waste_dies_table_switches_in_place_and_keeps_the_focus(window, qtbot):
    doc, view, hid = new_house_with_history(window, qtbot)
    row = view.history.row_of("10")
    assert "Windfall" in row.name.text() and row.table_buttons[0].isChecked()
    table_b = row.table_buttons[1]
    table_b.setFocus()
    qtbot.keyClick(table_b, Qt.Key.Key_Space)
    assert doc.state.house(hid).choice("10").table == "B"
    assert view.history.row_of("10") is row and "Boon" in row.name.text()  # Table B's 10 (L4769)
    assert table_b.isChecked() and QApplication.focusWidget() is table_b


def test_two_trait_pickers_make_one_choice_and_say_why_not(window, qtbot):
    doc, view, hid = new_house_with_history(window, qtbot)
    descent = view.history.row_of("4")  # Descent: -5 to one trait, +5 to another
    assert "Descent" in descent.name.text() and len(descent.trait_combos) == 2
    first, second = descent.trait_combos
    depth = doc.stack.count()

    def pick(combo, trait):
        i = combo.findData(trait)
        combo.setCurrentIndex(i)
        combo.activated.emit(i)

    pick(first, "warfare")
    assert doc.stack.count() == depth and descent.status.isVisible()  # one of two: no edit yet
    # Felderon has the same roll: its Descent reuses the row's pickers and shows its own traits;
    # back on Tessia, the half-made pick is gone
    view.select_house("felderon")
    assert view.history.row_of("4") is descent and descent.trait_combos == [first, second]
    assert [first.currentData(), second.currentData()] == ["territory", "dominion"]
    view.select_house(hid)
    assert first.currentData() is None and second.currentData() is None
    pick(first, "warfare")
    pick(second, "warfare")
    assert doc.stack.count() == depth and "different" in descent.status.text()
    pick(second, "defense")
    assert doc.stack.count() == depth + 1
    assert doc.state.house(hid).choice("4").traits == ["warfare", "defense"]
    window.undo_action.trigger()
    assert first.currentData() is None and second.currentData() is None
    # the wheel over a picker the keyboard is not on scrolls the history, and changes no pick
    view.window().setFocus()
    undo_index = doc.stack.index()
    bar = view.history.scroll.verticalScrollBar()
    bar.setValue(bar.maximum())
    wheel = QWheelEvent(
        QPointF(5, 5),
        QPointF(first.mapToGlobal(QPoint(5, 5))),
        QPoint(0, 0),
        QPoint(0, 120),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(first, wheel)
    assert first.currentData() is None and doc.stack.index() == undo_index
    assert bar.value() < bar.maximum()


def test_a_madness_roll_typed_wrong_says_why_in_its_row(window, qtbot):
    doc = window.open_path(VENHEI)
    view = window.current_view()
    view.select_house("banthet")
    madness = view.history.row_of("6")
    assert madness.madness_button is not None and "Faces 9 5 6 3 3 9 3" in madness.status.text()
    before = doc.stack.count()
    type_into(qtbot, madness.madness_edit, "1 2 3")
    qtbot.keyClick(madness.madness_edit, Qt.Key.Key_Return)
    assert doc.stack.count() == before and doc.state.house("banthet").choice("6").madness == [9, 5, 6, 3, 3, 9, 3]
    assert madness.status.property("role") == "reason" and "7 d10" in madness.status.text()
    type_into(qtbot, madness.madness_edit, "1 2 3 4 5 6 7")
    qtbot.keyClick(madness.madness_edit, Qt.Key.Key_Return)
    assert doc.state.house("banthet").choice("6").madness == [1, 2, 3, 4, 5, 6, 7]
    assert "Faces 1 2 3 4 5 6 7" in madness.status.text()


def _finding_row(view, hid: str, field: str) -> int:
    return next(
        i for i, row in enumerate(view.findings.rows) if row.payload[0] == hid and row.payload[1].field == field
    )


def _in_sight(panel, widget) -> bool:
    viewport = panel.scroll.viewport()
    top = widget.mapTo(viewport, widget.rect().topLeft()).y()
    return top >= 0 and top + widget.height() <= viewport.height()


def test_enter_or_double_click_on_a_finding_opens_its_event_at_1280x720(window, qtbot):
    _doc, view, hid = new_house_with_history(window, qtbot)
    session_memory.dock_for_short_screen(window)
    window.resize(1280, 720)
    ui = view.ui
    view.select_house("felderon")  # another House, another tab
    ui.fiefTabs.setCurrentWidget(ui.systemPage)
    qtbot.wait(30)
    # Enter on "House Tessia: 3 Catastrophe: choose one of 2 options": the last event, below the fold
    r = _finding_row(view, hid, "3")
    assert "Catastrophe" in view.findings.rows[r].cells[2]
    ui.findingsView.setFocus()
    ui.findingsView.setCurrentIndex(view.findings.index(r, 2))
    qtbot.keyClick(ui.findingsView, Qt.Key.Key_Return)
    assert ui.fiefTabs.currentWidget() is ui.housesPage and view.selected_house().id == hid
    row = view.history.row_of("3")
    assert QApplication.focusWidget() is row.option_buttons[0]
    assert view.selected_event().source == "3" and row.property("current")
    qtbot.waitUntil(lambda: _in_sight(view.history, row))
    assert not _in_sight(view.history, view.history.row_of("2x9"))  # it had to scroll
    # a double-click on the first event's finding scrolls back up to it
    r = _finding_row(view, hid, "2x9")
    ui.findingsView.scrollTo(view.findings.index(r, 2))
    rect = ui.findingsView.visualRect(view.findings.index(r, 2))
    # a real double-click is a click, then the double-click event (QTest's alone has no press before it)
    qtbot.mouseClick(ui.findingsView.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(ui.findingsView.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    glory = view.history.row_of("2x9")
    qtbot.waitUntil(lambda: _in_sight(view.history, glory))
    assert QApplication.focusWidget() is glory.option_buttons[0]
