"""The House turn window by the book (issue 23): the Declare button is disabled, with the reason,
once a roll used the House's traits (L4898, L4905); the group's window shows what an
information Venture received, never its Width (L4970)."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pathlib import Path

import pytest

from landsraad.gui.documents import Document
from landsraad.gui.fief.view import FiefView
from landsraad.house import turn_edits
from landsraad.house.document import load_fief
from landsraad.house.ventures import find_house

pytestmark = pytest.mark.gui
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "venhei-fief.json"


@pytest.fixture
def panel(qtbot):
    doc = Document("fief", load_fief(EXAMPLE))
    view = FiefView(doc)
    qtbot.addWidget(view)
    return view.house_turn


def _select(panel, name):
    panel.houseList.setCurrentRow([h.name for h in panel.fief.houses].index(name))


def test_declare_is_disabled_with_the_reason_after_a_roll(panel):
    doc = panel.doc
    doc.edit("Helene", turn_edits.add_householder, "felderon", "Helene")
    doc.edit("Karl", turn_edits.add_householder, "felderon", "Karl")
    doc.edit("Declare", turn_edits.declare_venture, "felderon", "develop", "Helene", target="espionage")
    _select(panel, "Felderon")
    assert panel.declareButton.isEnabled()
    # Develop: T max(1, 1-1) = 1 + Tr 3-1 = 2 -> 3 dice (L4905)
    doc.edit("Roll", turn_edits.resolve_venture, "felderon", "Helene", dice="5 5 5")
    _select(panel, "Banthet")
    _select(panel, "Felderon")
    assert not panel.declareButton.isEnabled()
    tip = panel.declareButton.toolTip()
    assert "before any is rolled" in tip and "Helene's Develop" in tip and "(p. " in tip and "L4898" not in tip


def test_the_groups_window_shows_what_was_received(qtbot):
    from landsraad.gui.house_turn import TableTurnView

    fief = load_fief(EXAMPLE)
    find_house(fief, "Felderon").player = True
    doc = Document("fief", fief)
    for house, name in (("felderon", "Helene"), ("vorst", "Wilhelm")):
        doc.edit(name, turn_edits.add_householder, house, name)
    doc.edit("Misinform", turn_edits.declare_venture, "vorst", "misinform", "Wilhelm", fake_strategy="courtesan")
    doc.edit("Investigate", turn_edits.declare_venture, "felderon", "investigate", "Helene", against="vorst")
    # Misinform: E 2-1 = 1 + I 3-1 = 2 = 3 dice, 4 4 4: Difficulty 6; the Investigate's 5 5 2 fails under it
    doc.edit("Roll", turn_edits.resolve_venture, "vorst", "Wilhelm", dice="4 4 4")
    doc.edit("Roll", turn_edits.resolve_venture, "felderon", "Helene", dice="5 5 2", against_dice="1 3 9")
    view = TableTurnView(doc)
    qtbot.addWidget(view)
    text = view.body.text()
    # in words (issue 27): the Strategy's name
    assert "received: Strategy Courtesan" in text and "Width 0" not in text and "fails" not in text


def test_a_war_of_assassins_declared_in_the_window(panel):
    # L38-L42: a War of Assassins and Kanly are the legal forms of conflict; one undo step each
    _select(panel, "Banthet")
    panel.warHouseCombo.setCurrentIndex(panel.warHouseCombo.findData("vorst"))
    panel.warStateCombo.setCurrentIndex(panel.warStateCombo.findData("war-of-assassins"))
    steps = panel.doc.stack.count()
    panel.warButton.click()
    assert panel.doc.stack.count() == steps + 1
    assert find_house(panel.doc.state, "Vorst").domain.legal == {"banthet": "war-of-assassins"}
    assert "War of Assassins with Vorst" in panel.warLabel.text()
    panel.doc.stack.undo()
    assert find_house(panel.doc.state, "Banthet").domain.legal == {}


def test_each_venture_and_operation_shows_its_reading_and_page(panel):
    from PySide6.QtCore import Qt

    from landsraad.rules.pages import page_of

    combo = panel.ventureCombo
    tip = combo.itemData(combo.findData("develop"), Qt.ItemDataRole.ToolTipRole)
    # Develop (L4910): the AMBIGUITY A22 of domain.toml, and its page
    # in plain words for players (issue 27): what the kind means, the page, no spec numbers
    assert "can be read more than one way" in tip and f"Rulebook p. {page_of(4910)}" in tip and "A22" not in tip
    ops = panel.operationCombo
    tip = ops.itemData(ops.findData("spy-high"), Qt.ItemDataRole.ToolTipRole)
    assert "contradicts itself" in tip and "reveal four" in tip and "I3" not in tip


def test_the_mentats_forecast_in_the_window(panel):
    # L2783: "Once per month, the Mentat can select a House venture and add 1 to Special Dice on the roll"
    doc = panel.doc
    for name in ("Helene", "Piter"):
        doc.edit(name, turn_edits.add_householder, "felderon", name)
    doc.edit("Declare", turn_edits.declare_venture, "felderon", "develop", "Helene", target="espionage")
    _select(panel, "Banthet")
    _select(panel, "Felderon")
    panel.resolveCombo.setCurrentIndex(panel.resolveCombo.findData("Helene"))
    panel.mentatCombo.setCurrentIndex(panel.mentatCombo.findText("Piter"))
    assert panel.forecastButton.isEnabled()
    panel.forecastButton.click()
    assert find_house(doc.state, "Felderon").domain.venture_of("Helene").special == 1
    assert not panel.forecastButton.isEnabled() and "used this month" in panel.forecastButton.toolTip()


def test_the_done_when_month_reads_the_same_in_the_window(qtbot, tmp_path, capsys):
    """Issue 23's month (tests/support/month23.py), opened in the window: the same numbers as the
    command line's (tests/cli/test_done_when_month.py), worked by hand there."""
    from landsraad.gui.house_turn import TableTurnView
    from tests.support.month23 import play

    path, _ = play(tmp_path, capsys)
    doc = Document("fief", load_fief(path))
    view = FiefView(doc)
    qtbot.addWidget(view)
    panel = view.house_turn
    _select(panel, "Felderon")
    rows = {
        panel.hhTable.item(r, 0).text().removesuffix(" · linked"): (
            panel.hhTable.item(r, 1).text(),
            panel.hhTable.item(r, 2).text(),
        )
        for r in range(panel.hhTable.rowCount())
    }
    # Marta's Attack on Vorst's Treasury rolled 3 dice (eff W 3-1 = 2 + eff T 1), Width 2;
    # Dorn's Misinform 3 dice (E 1 + I 3-1 = 2), Width 2
    assert rows["Marta Felderon"] == ("Attack → Vorst Treasury: Width 2", "3")  # trait names (issue 27)
    assert rows["Dorn Felderon"] == ("Misinform: Width 2", "3")
    # Degradation at the month's end: one point per use (L4905)
    text = panel.degradationLabel.toolTip()  # whole in the tooltip, one line on the page (issue 27)
    assert "Felderon" in text and "Warfare -1" in text and "Territory -1" in text
    _select(panel, "Banthet")
    rows = {
        panel.hhTable.item(r, 0).text().removesuffix(" · linked"): panel.hhTable.item(r, 1).text()
        for r in range(panel.hhTable.rowCount())
    }
    assert rows["Banthet groom (Low) (dead)"] == ""
    # the group's window: the players' House in full, the rival's Attack on them felt, no secrets
    table = TableTurnView(doc)
    qtbot.addWidget(table)
    body = table.body.text()
    assert "Marta Felderon: Attack Treasury → Width 2 x 9" in body  # names, not ids (issue 27)
    assert "House Felderon -4 Warfare" in body and "warmonger" not in body


def test_help_rules_readings_has_the_house_turn_with_pages():
    from landsraad.gui.readings import reading_rows
    from landsraad.rules.pages import page_of

    rows = [r.cells for r in reading_rows() if r.cells[0] == "House turn"]
    assert len(rows) >= 33
    use = next(c for c in rows if c[1] == "The use penalty")
    assert use[3] == f"p. {page_of(4905)}" and use[4].startswith("The rulebook can be read more than one way")


def test_reputation_on_an_operation_in_the_window(panel):
    # L4850: "Once per Month, one of your Household may add 1d to a dice roll related to your duty or
    # reputation": Karl's Intelligence, Insight 3 + Observe 2 + 1 = 6 dice
    from landsraad.house.domain import add_fact

    doc = panel.doc
    doc.edit("Reputation", add_fact, "felderon", "reputation")
    doc.edit("Helene", turn_edits.add_householder, "felderon", "Helene")
    doc.edit("Karl", turn_edits.add_householder, "felderon", "Karl", ratings={"insight": 3, "observe": 2})
    doc.edit(
        "Declare", turn_edits.declare_venture, "felderon", "subvert", "Helene", target="influence", against="vorst"
    )
    _select(panel, "Banthet")
    _select(panel, "Felderon")
    panel.actorCombo.setCurrentText("Karl")
    panel.operationCombo.setCurrentIndex(panel.operationCombo.findData("intelligence-house"))
    panel.opAgainstCombo.setCurrentIndex(panel.opAgainstCombo.findData("vorst"))
    panel.opVentureCombo.setCurrentIndex(panel.opVentureCombo.findData("felderon:Helene"))
    panel.opReputationCheck.setChecked(True)
    panel.opDiceEdit.setText("9 9 1 2 4 6")
    panel.opCounterEdit.setText("1 3 5 7")
    panel.performButton.click()
    op = find_house(doc.state, "Felderon").domain.operations[0]
    assert op.reputation and op.roll.pool == 6 and op.width == 2
    assert not panel.opReputationCheck.isChecked()
