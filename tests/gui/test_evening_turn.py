"""Issue 27, the Judge's evening: two months of the House turn with three Houses played in
the window alone, the table view open; at every step the Scores tab, the table view, the
House sheet's "In play" fields and ``fief show --json`` show one set of Scores in play."""

from __future__ import annotations

import json
import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pathlib import Path

import pytest

from landsraad.house.ventures import find_house, play_scores

pytestmark = pytest.mark.gui
EXAMPLE = Path(__file__).resolve().parent.parent.parent / "examples" / "venhei-fief.json"


@pytest.fixture
def evening(make_window, qtbot, tmp_path):
    w = make_window()
    w.resize(1280, 720)
    doc = w.open_path(str(EXAMPLE))
    view = w.views[id(doc)]
    w.ui.actionTableView.trigger()
    tv = w.table_view
    qtbot.waitUntil(lambda: not tv._pending)
    panel = view.house_turn
    panel.confirm = lambda title, text: True
    yield w, doc, view, tv, panel, tmp_path
    tv.closed_by_user = None
    tv.close()
    tv.deleteLater()


def _select(panel, name):
    panel.houseList.setCurrentRow([h.name for h in panel.fief.houses].index(name))


def _declare(panel, house, director, venture, target=None):
    _select(panel, house)
    if panel.fief.house(find_house(panel.fief, house).id).domain.householder(director) is None:
        panel.hhNameEdit.setText(director)
        panel.hhAddButton.click()
    panel.directorCombo.setCurrentText(director)
    panel.ventureCombo.setCurrentIndex(panel.ventureCombo.findData(venture))
    if target:
        panel.targetCombo.setCurrentIndex(panel.targetCombo.findData(target))
    panel.declareButton.click()
    assert find_house(panel.fief, house).domain.venture_of(director) is not None, (house, director, venture)


def _resolve(panel, house, director, dice):
    """Typed dice: the set given, the rest of the pool waste dice of other faces."""
    from landsraad.house.ventures import acting_pool

    _select(panel, house)
    h = find_house(panel.fief, house)
    n = acting_pool(panel.fief, h, h.domain.venture_of(director), panel.hc, panel.dc).dice
    faces = dice.split()
    faces += [str(x) for x in (1, 2, 3, 4, 6, 7) if str(x) not in faces][: max(0, n - len(faces))]
    panel.resolveCombo.setCurrentIndex(panel.resolveCombo.findData(director))
    panel.diceEdit.setText(" ".join(faces[:n]))
    panel.resolveButton.click()
    assert find_house(panel.fief, house).domain.venture_of(director).resolved


def agree(evening, capsys) -> dict:
    """Every view shows the engine's Scores in play (``play_scores``); returns them by House."""
    from landsraad.cli import main
    from landsraad.sheets import render_house
    from tests.support.sheets import fields

    w, doc, view, tv, panel, tmp_path = evening
    fief, c = doc.state, doc.content
    engine = {h.name: play_scores(fief, h, c) for h in fief.houses}
    if tv._pending:  # the table view redraws once, after the edit's events
        tv.refresh()
    for r, h in enumerate(fief.houses, start=1):
        s = engine[h.name]
        from landsraad.house.scores import rating_of

        want = [f"{s[t]} ({rating_of(s[t], c)})" for t in c.trait_ids]
        row = next(x for x in view.scores.rows if x.payload == h.id)
        assert [x.replace("  ", " ") for x in row.cells[1:]] == want, ("Scores tab", h.name)
        cells = tv.kind_pages["fief"].score_cells  # the Fief page of the table view
        assert [cells[(r, col)].text() for col in range(1, 8)] == want, ("table view", h.name)
        values = {k.rsplit("_", 1)[-1]: v for k, v in fields(render_house(fief, [h.name])).items()}
        assert [values[f"{t}-in-play"] for t in c.trait_ids] == [str(s[t]) for t in c.trait_ids], ("sheet", h.name)
    path = tmp_path / "fief.json"
    doc.save(str(path))
    capsys.readouterr()
    assert main(["fief", "show", str(path), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert {h["name"]: h["play_scores"] for h in report["houses"]} == engine
    return engine


def test_two_months_with_three_houses_agree_everywhere(evening, capsys, qtbot):
    w, doc, view, tv, panel, _ = evening
    # a character of House Felderon, open in the session, linked as a householder from the
    # House turn: its Contacts 2 adds 2 to Espionage (L1415), then counted whichever files are open
    from landsraad.character import document as chardoc
    from landsraad.character.model import Character, Purchase

    path = evening[5] / "cassia.json"
    chardoc.save(
        Character(
            name="Lady Cassia",
            house="Felderon",
            extras=[Purchase("advantage", "contacts", 2)],
            aspects={"contacts": [1, 1]},
        ),
        path,
    )
    before = play_scores(doc.state, find_house(doc.state, "Felderon"), doc.content)["espionage"]
    char_doc = w.open_path(str(path))
    w.show_document(doc)
    _select(panel, "Felderon")
    assert panel.characterCombo.currentText() == "Lady Cassia"
    panel.linkButton.click()
    w.close_document(char_doc)
    start = agree(evening, capsys)
    assert start["Felderon"]["espionage"] == before + 2
    # month 1: Develop raises "the appropriate Trait Score by your resulting Width" (L4910);
    # Maintain: "Choose one Trait per point of Width. Those traits don't suffer Degradation" (L4910)
    _declare(panel, "Felderon", "Helene Felderon", "develop", "espionage")
    agree(evening, capsys)
    _declare(panel, "Banthet", "Heinrick Banthet", "maintain")
    assert not panel.targetCombo.isEnabled() and "after its roll" in panel.targetCombo.toolTip()
    _declare(panel, "Vorst", "Wilhelm Vorst", "develop", "influence")
    _resolve(panel, "Felderon", "Helene Felderon", "5 5 5")
    _resolve(panel, "Banthet", "Heinrick Banthet", "6 6")
    assert panel.maintainBox.isVisible() and panel.maintainList.count() == 7  # opened by the roll
    assert panel.maintainOpen.isVisibleTo(panel)
    assert not panel.maintainButton.isEnabled()  # none ticked: Width 2 asks for two
    from PySide6.QtCore import Qt

    for i in range(panel.maintainList.count()):
        if panel.maintainList.item(i).data(Qt.ItemDataRole.UserRole) in ("territory", "treasury"):
            panel.maintainList.item(i).setCheckState(Qt.CheckState.Checked)
    assert panel.maintainButton.isEnabled(), (panel.maintainLabel.text(), panel.maintainButton.toolTip())
    panel.maintainButton.click()
    assert find_house(doc.state, "Banthet").domain.venture_of("Heinrick Banthet").maintain == ["territory", "treasury"]
    assert not panel.maintainBox.isVisible() and not panel.maintainOpen.isVisibleTo(panel)
    assert "maintained: Territory, Treasury" in panel.resultLabel.text()
    _resolve(panel, "Vorst", "Wilhelm Vorst", "9 9")
    agree(evening, capsys)
    panel.endButton.click()
    after1 = agree(evening, capsys)
    assert doc.state.month == 2
    assert after1["Felderon"]["espionage"] == start["Felderon"]["espionage"] + 3  # Width 3 (L4910)
    # Banthet's Maintain spared the two traits its own roll used (Degradation L4905)
    assert [after1["Banthet"][t] for t in ("territory", "treasury")] == [
        start["Banthet"][t] for t in ("territory", "treasury")
    ]
    # month 2: the same directors, again
    _declare(panel, "Felderon", "Helene Felderon", "develop", "treasury")
    _declare(panel, "Banthet", "Heinrick Banthet", "develop", "defense")
    _declare(panel, "Vorst", "Wilhelm Vorst", "maintain")
    _resolve(panel, "Felderon", "Helene Felderon", "8 8")
    _resolve(panel, "Banthet", "Heinrick Banthet", "9 9 9")
    _resolve(panel, "Vorst", "Wilhelm Vorst", "8 8")
    agree(evening, capsys)
    panel.endButton.click()
    agree(evening, capsys)
    assert doc.state.month == 3 and panel.monthLabel.text() == "Month 3, Year 1"
