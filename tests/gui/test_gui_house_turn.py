"""The House turn panel of the Fief view, driven as the Judge would: Householders added,
Ventures declared and resolved with typed dice, the month ended after its Degradation is
shown; each action one undo step, and the same results as the engine and command line."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pathlib import Path

import pytest

from landsraad.gui.documents import Document
from landsraad.gui.fief.view import FiefView
from landsraad.house.document import load_fief
from landsraad.house.ventures import find_house, play_scores

pytestmark = pytest.mark.gui
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "venhei-fief.json"


@pytest.fixture
def panel(qtbot):
    doc = Document("fief", load_fief(EXAMPLE))
    view = FiefView(doc)
    qtbot.addWidget(view)
    return view.house_turn


def _select(panel, name):
    row = [h.name for h in panel.fief.houses].index(name)
    panel.houseList.setCurrentRow(row)


def _declare(panel, house, director, venture, target=None, against=None):
    _select(panel, house)
    panel.hhNameEdit.setText(director)
    panel.hhAddButton.click()
    panel.directorCombo.setCurrentText(director)
    panel.ventureCombo.setCurrentIndex(panel.ventureCombo.findData(venture))
    if target:
        panel.targetCombo.setCurrentIndex(panel.targetCombo.findData(target))
    panel.againstCombo.setCurrentIndex(panel.againstCombo.findData(against))
    panel.declareButton.click()


def _roll(panel, house, director, dice="", counter=""):
    _select(panel, house)
    panel.resolveCombo.setCurrentIndex(panel.resolveCombo.findData(director))
    panel.diceEdit.setText(dice)
    panel.counterEdit.setText(counter)
    panel.resolveButton.click()


def _venture(panel, house, director, venture, target=None, against=None, dice="", counter=""):
    _declare(panel, house, director, venture, target, against)
    panel.resolveCombo.setCurrentIndex(panel.resolveCombo.findData(director))
    panel.diceEdit.setText(dice)
    panel.counterEdit.setText(counter)
    panel.resolveButton.click()


def test_a_month_in_the_window(panel):
    doc = panel.doc
    assert panel.monthLabel.text().startswith("Month 1, Year 1")
    _select(panel, "Felderon")
    panel.strategyCombo.setCurrentIndex(panel.strategyCombo.findData("networker"))
    panel.strategyButton.click()
    # every Venture is declared at the start of the month, before any is rolled (L4898, L4905)
    _declare(panel, "Felderon", "Helene Felderon", "develop", "espionage")
    _declare(panel, "Banthet", "Heinrick Banthet", "attack", "treasury", "vorst")
    _declare(panel, "Vorst", "Wilhelm Vorst", "subvert", "influence", "felderon")
    _roll(panel, "Felderon", "Helene Felderon", dice="5 5 5")
    rec = find_house(doc.state, "Felderon").domain.venture_of("Helene Felderon")
    assert (rec.width, rec.height, rec.changes) == (3, 5, {"felderon": {"espionage": 3}})
    assert "Width 3" in panel.dice.caption and panel.dice.rows[0][1] == [5, 5, 5]
    _roll(panel, "Banthet", "Heinrick Banthet", "6 6 6 2 8", "7 7 1 3")
    rec = find_house(doc.state, "Banthet").domain.venture_of("Heinrick Banthet")
    assert (rec.width, rec.changes) == (1, {"vorst": {"treasury": -2}})
    assert [r[0] for r in panel.dice.rows] == ["Roll", "Counter"] and panel.dice.rows[0][3] == 2  # 2 gobbled
    _roll(panel, "Vorst", "Wilhelm Vorst", "8 8 8", "8 8 1 2 5")
    assert find_house(doc.state, "Vorst").domain.venture_of("Wilhelm Vorst").width == 1
    # the Degradation is shown before the month ends
    assert (
        "House Felderon: Territory -1, Treasury -1" in panel.degradationLabel.toolTip()
    )  # whole in the tooltip, short on the label (issue 27: room)
    asked = []
    panel.confirm = lambda title, text: asked.append(text) or True
    steps = doc.stack.count()
    panel.endButton.click()
    assert "Banthet: Territory -1, Warfare -1" in asked[0]
    assert doc.state.month == 2 and doc.stack.count() == steps + 1
    assert play_scores(doc.state, find_house(doc.state, "Felderon"), doc.content)["espionage"] == 8
    assert play_scores(doc.state, find_house(doc.state, "Vorst"), doc.content)["treasury"] == 18
    assert panel.monthLabel.text().startswith("Month 2, Year 1")
    doc.stack.undo()
    assert doc.state.month == 1 and panel.monthLabel.text().startswith("Month 1")
    assert find_house(doc.state, "Vorst").domain.venture_of("Wilhelm Vorst").width == 1
    doc.stack.redo()
    assert panel.report_month() == 1  # the month just ended, until month 2 begins its turn


def test_bad_dice_change_nothing(panel):
    _select(panel, "Felderon")
    steps = panel.doc.stack.count()
    _venture(panel, "Felderon", "Helene Felderon", "develop", "espionage", dice="5 5")
    assert panel.doc.stack.count() == steps + 2  # added and declared; the roll was refused
    assert find_house(panel.doc.state, "Felderon").domain.venture_of("Helene Felderon").roll is None
    panel.confirm = lambda *a: False
    panel.endButton.click()
    assert panel.doc.state.month == 1


def test_an_operation_feeds_a_venture_in_the_window(panel):
    doc = panel.doc
    _select(panel, "Vorst")
    panel.hhNameEdit.setText("Wilhelm Vorst")
    panel.hhAddButton.click()
    panel.ventureCombo.setCurrentIndex(panel.ventureCombo.findData("subvert"))
    panel.targetCombo.setCurrentIndex(panel.targetCombo.findData("influence"))
    panel.againstCombo.setCurrentIndex(panel.againstCombo.findData("felderon"))
    panel.declareButton.click()
    assert panel.poolLabel.text().startswith("3 dice")
    panel.actorCombo.setCurrentText("Wilhelm Vorst")
    panel.operationCombo.setCurrentIndex(panel.operationCombo.findData("socialise-low"))
    panel.opAgainstCombo.setCurrentIndex(panel.opAgainstCombo.findData("felderon"))
    panel.opTargetEdit.setText("a Felderon cook")
    panel.opVentureCombo.setCurrentIndex(panel.opVentureCombo.findData("vorst:Wilhelm Vorst"))
    panel.ratingsEdit.setText("charm=3 personality=2")
    panel.opDiceEdit.setText("7 7 1 4 9")
    steps = doc.stack.count()
    panel.performButton.click()
    assert doc.stack.count() == steps + 1  # ratings, the new Low Householder and the roll: one step
    vorst = find_house(doc.state, "Vorst")
    assert (vorst.domain.operations[0].width, vorst.domain.operations[0].bonus) == (2, 1)
    assert find_house(doc.state, "Felderon").domain.householder("a Felderon cook").rank == "low"
    assert panel.hhTable.item(0, 3).text() == "Socialise"  # week 1 slot
    assert panel.poolLabel.text().startswith("4 dice")  # E 1 + I 2 + Socialise (§8.4 #3)
    panel.diceEdit.setText("8 8 8 3")
    panel.counterEdit.setText("8 8 1 2 5")
    panel.resolveButton.click()
    rec = find_house(doc.state, "Vorst").domain.venture_of("Wilhelm Vorst")
    assert (rec.width, rec.height, rec.changes) == (1, 8, {"felderon": {"influence": -2}, "vorst": {"influence": 2}})
    doc.stack.undo()
    doc.stack.undo()
    assert not find_house(doc.state, "Vorst").domain.operations


def test_month_report_from_the_panel_and_the_menu(panel, tmp_path, qtbot):
    out = tmp_path / "month.pdf"
    assert panel.export_month(str(out)) and out.read_bytes().startswith(b"%PDF")
    from landsraad.gui.mainwindow import MainWindow

    w = MainWindow()
    qtbot.addWidget(w)
    assert w.actionExportMonthPdf.text().startswith("Export the Month")
    assert any(
        w.actionExportMonthPdf in m.actions()
        for m in w.ui.actionExportHousePdf.associatedObjects()
        if hasattr(m, "actions")
    )


def test_public_strategy_and_reputation(panel):
    from landsraad.house.domain import add_fact

    doc = panel.doc
    _select(panel, "Felderon")
    panel.publicCheck.setChecked(True)
    assert find_house(doc.state, "Felderon").domain.strategy_public
    assert not panel.reputationButton.isEnabled()  # no Reputation in Felderon's history
    doc.edit("a Reputation", lambda f: add_fact(f, "felderon", "reputation", "Duty to the Emperor"))
    panel.hhNameEdit.setText("Helene")
    panel.hhAddButton.click()
    panel.ventureCombo.setCurrentIndex(panel.ventureCombo.findData("maintain"))
    panel.declareButton.click()
    assert panel.poolLabel.text().startswith("3 dice") and panel.reputationButton.isEnabled()  # T 1 + Tr 3-1
    panel.reputationButton.click()
    assert panel.poolLabel.text().startswith("4 dice") and not panel.reputationButton.isEnabled()


def test_table_view_shows_only_what_the_group_may_see(panel, qtbot):
    from landsraad.gui.house_turn import TableTurnView

    doc = panel.doc
    doc.edit("players", lambda f: setattr(f.house("felderon"), "player", True))
    table = TableTurnView(doc)
    qtbot.addWidget(table)
    assert table.title.text() == "Month 1, Year 1"
    assert "House Vorst: unknown" in table.body.text() and "House Felderon (yours): Neutral" in table.body.text()
    _venture(panel, "Felderon", "Helene Felderon", "develop", "espionage", dice="5 5 5")
    _venture(panel, "Vorst", "Wilhelm Vorst", "subvert", "influence", "felderon", "8 8 8", "8 8 1 2 5")
    text = table.body.text()
    assert "Helene Felderon: Develop Espionage → Width 3 x 5" in text  # names, not ids (issue 27)
    assert "Wilhelm" not in text  # a rival's director stays the Judge's (S18)
    assert "A rival's Subvert struck: House Felderon -2 Influence" in text
    assert table.dice.rows[0][1] == [5, 5, 5]


def test_the_judge_sees_what_a_house_has_learnt(panel):
    _select(panel, "Felderon")
    assert panel.knowsLabel.text() == "Knows: nothing of its rivals yet"
    _venture(panel, "Felderon", "Helene Felderon", "investigate", against="vorst", dice="9 9 1", counter="1 2 4 6")
    # in words (issue 27): the Venture's name, the House, the Strategy's name
    assert panel.knowsLabel.text() == "Knows: month 1, Investigate on House Vorst: Strategy Neutral"


def test_view_menu_opens_the_table_view_for_a_fief_only(make_window, qtbot):
    """Issue 27: one table view, the House turn one of its pages: the action shows it there
    (the Fief view on its House turn tab), chosen again it closes; never a second window."""
    w = make_window()
    w.actionTableTurn.trigger()
    assert w.table_view is None  # no Fief open
    doc = w.open_path(str(EXAMPLE))
    w.actionTableTurn.trigger()
    tv = w.table_view
    qtbot.waitUntil(lambda: not tv._pending)
    assert tv.isVisible() and tv.pages.currentWidget() is tv.turn_page
    assert tv.turn_page.title.text() == "Month 1, Year 1" and tv.turn_page.doc is doc
    view = w.views[id(doc)]
    assert view.ui.fiefTabs.currentWidget() is view.house_turn
    view.ui.fiefTabs.setCurrentIndex(0)  # the Judge leaves the turn: the Fief again
    qtbot.waitUntil(lambda: not tv._pending)
    assert tv.pages.currentWidget() is not tv.turn_page
    w.actionTableTurn.trigger()
    qtbot.waitUntil(lambda: not tv._pending)
    assert tv.pages.currentWidget() is tv.turn_page
    w.actionTableTurn.trigger()  # again: closed, not a second copy
    assert not tv.isVisible() and not w.ui.actionTableView.isChecked()
    from PySide6.QtWidgets import QApplication

    from landsraad.gui.house_turn import TableTurnView

    assert [x for x in QApplication.topLevelWidgets() if isinstance(x, TableTurnView) and x.isVisible()] == []
    tv.closed_by_user = None
    tv.close()


def test_a_rating_typo_is_said_not_dropped(panel, monkeypatch):
    # the window reads the actor's ratings as the command line does (issue 24): "two" is no number
    said = []
    monkeypatch.setattr("landsraad.gui.plain.warn", lambda parent, title, text: said.append(text))
    doc = panel.doc
    _select(panel, "Vorst")
    panel.hhNameEdit.setText("Wilhelm Vorst")
    panel.hhAddButton.click()
    panel.actorCombo.setCurrentText("Wilhelm Vorst")
    panel.operationCombo.setCurrentIndex(panel.operationCombo.findData("socialise-low"))
    panel.opAgainstCombo.setCurrentIndex(panel.opAgainstCombo.findData("felderon"))
    panel.opTargetEdit.setText("a Felderon cook")
    panel.ratingsEdit.setText("charm=3 personality=two")
    panel.opDiceEdit.setText("7 7 1 4 9")
    steps = doc.stack.count()
    panel.performButton.click()
    assert said == ["rating 'personality': 'two' is not a whole number"]
    assert doc.stack.count() == steps and not find_house(doc.state, "Vorst").domain.operations
