"""The window: a Fief counts the session's open characters of its Houses, holdings and the
event order are edited in the Fief view, and Help > Rules readings lists every reading (issue 16)."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pathlib import Path

import pytest

from landsraad.character import document as chardoc
from landsraad.character import edits
from landsraad.character.model import Character, Purchase

pytestmark = pytest.mark.gui

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "venhei-fief.json"


def _felderon_row(view):
    return next(r for r in view.scores.rows if r.payload == "felderon")


def test_an_open_character_is_offered_as_a_linked_householder_and_the_scores_do_not_follow_open_files(window, tmp_path):
    """Issue 27: one set of Scores in play, whichever character files are open; the House's
    characters (its Household tab lists them) are offered in the House turn as householders,
    linked to their file (``house householder --character``), with their ratings."""
    fief_doc = window.open_path(str(EXAMPLE))
    view = window.views[id(fief_doc)]
    esp = 1 + [t.id for t in fief_doc.content.traits].index("espionage")
    assert _felderon_row(view).cells[esp] == "5  (1)"
    path = tmp_path / "cassia.json"
    chardoc.save(
        Character(
            name="Lady Cassia",
            house="Felderon",
            extras=[Purchase("advantage", "contacts", 2)],
            aspects={"contacts": [1, 1]},
        ),
        path,
    )
    char_doc = window.open_path(str(path))
    assert _felderon_row(view).cells[esp] == "5  (1)"  # opening a file changes no Score
    assert not fief_doc.modified  # the Fief file did not change: the character is its own file
    view.select_house("felderon")
    assert "Lady Cassia (Contacts 2)" in view.house_panel.members.text()
    turn = view.house_turn
    turn.houseList.setCurrentRow([h.id for h in fief_doc.state.houses].index("felderon"))
    assert [turn.characterCombo.itemText(i) for i in range(turn.characterCombo.count())] == ["Lady Cassia"]
    assert turn.linkButton.isEnabled()
    turn.linkButton.click()
    hh = fief_doc.state.house("felderon").domain.householder("Lady Cassia")
    assert (hh.rank, hh.character) == ("high", str(path)) and fief_doc.modified
    # linked, the character counts in the Scores in play: Contacts 2 adds 2 to Espionage (L1415)
    assert _felderon_row(view).cells[esp] == "7  (1)"
    from landsraad.house.ventures import play_scores

    assert play_scores(fief_doc.state, fief_doc.state.house("felderon"), fief_doc.content)["espionage"] == 7
    assert turn.characterCombo.count() == 0 and not turn.linkButton.isEnabled()
    assert turn.linkButton.toolTip()  # disabled, with the reason
    assert "Lady Cassia · linked" in turn.hhTable.item(0, 0).text() or any(
        "Lady Cassia · linked" in turn.hhTable.item(r, 0).text() for r in range(turn.hhTable.rowCount())
    )
    fief_doc.stack.undo()
    assert [turn.characterCombo.itemText(i) for i in range(turn.characterCombo.count())] == ["Lady Cassia"]
    # the character moves to House Banthet in its own view: offered there, no longer in Felderon
    char_doc.edit("House", edits.set_text, "house", "Banthet")
    assert turn.characterCombo.count() == 0
    window.close_document(char_doc)
    assert _felderon_row(view).cells[esp] == "5  (1)"  # unlinked (undone): the file alone adds nothing
    fief_doc.stack.redo()
    assert _felderon_row(view).cells[esp] == "7  (1)"  # linked: counted with no character file open


def test_holdings_and_event_order_are_edited_in_the_fief_view(window):
    doc = window.open_path(str(EXAMPLE))
    view = window.views[id(doc)]
    view.select_house("felderon")
    panel = view.house_panel
    defense = 1 + [t.id for t in doc.content.traits].index("defense")
    assert _felderon_row(view).cells[defense] == "15  (2)"
    assert panel.set_holding("house-shield", 1)  # "Adds 10 to the Defense Score" (L4068)
    assert _felderon_row(view).cells[defense] == "25  (3)"
    assert [r.cells for r in panel.holdings.rows] == [("House Shield", "1", "+10 Defense")]
    doc.stack.undo()
    assert _felderon_row(view).cells[defense] == "15  (2)" and panel.holdings.rows == []
    # Catastrophe (3) moved first: Defense is 5 and cannot fall below it (L4583), so it ends at 20
    for _ in range(6):
        assert panel.move_event(-1, "3")
    assert doc.state.house("felderon").event_order[0] == "3"
    assert _felderon_row(view).cells[defense] == "20  (2)"
    assert view.history.visible_rows()[0].source == "3"
    assert panel.default_order() and _felderon_row(view).cells[defense] == "15  (2)"
    assert "worked example" in panel.note.text() and "p. " in panel.note.text()


def test_help_rules_readings_lists_every_reading(window, qtbot):
    from landsraad.present.readings import all_readings

    dialog = window.show_readings()
    assert dialog.model.rowCount() == len(all_readings())
    dialog.kind.setCurrentText("filled in")
    shown = [
        dialog.model.rows[dialog.proxy.mapToSource(dialog.proxy.index(i, 0)).row()].cells[1]
        for i in range(dialog.proxy.rowCount())
    ]
    assert any(s.startswith("Merchant") for s in shown) and any(s.startswith("Technologist") for s in shown)
    dialog.kind.setCurrentIndex(0)
    dialog.search.setText("Weapon Skill")
    assert 0 < dialog.proxy.rowCount() < dialog.model.rowCount()
    assert "Rules readings" in "".join(a.text() for a in window.ui.menuHelp.actions()).replace("&", "")


def test_readings_are_where_the_user_meets_them(window):
    from landsraad.present import character as P
    from landsraad.rules.content import load_content

    c = load_content()
    merchant = c.template("personal-calling", "merchant")
    assert "Negotiation +1 (filled in, not printed)" in P.grants_text(merchant.grants, c)
    tip = P.template_tooltip(merchant, c)
    assert "Filled in, not printed in the rulebook" in tip and "p. 144" in tip  # plain words (issue 27)
    tech = c.template("house-service", "technologist")
    stat = next(ch for ch in c.steps["house-service"].choices_of(tech) if ch.house_rule)
    assert "FILLED IN" in P.choice_heading(stat)
    # the character window shows it on the choice itself
    doc = window.new_character()
    view = window.views[id(doc)]
    doc.edit("Technologist", edits.take_template, "house-service", "technologist")
    from PySide6.QtWidgets import QLabel

    texts = [lab.text() for lab in view.findChildren(QLabel)]
    assert any("FILLED IN: the rulebook lost this text" in t for t in texts)
    # the Fief window: a provisional arcology type carries the reading mark in its list, and
    # its tooltip says so in words, with its page (issue 27: no "(PROVISIONAL)" in the name)
    from landsraad.gui.fief.places import READING_MARK

    fdoc = window.open_path(str(EXAMPLE))
    fview = window.views[id(fdoc)]
    combo = fview.ui.arcologyCombo
    marked = [combo.itemText(i) for i in range(combo.count()) if combo.itemText(i).endswith(READING_MARK)]
    assert marked
    from PySide6.QtCore import Qt

    tips = [combo.itemData(combo.findText(t), Qt.ItemDataRole.ToolTipRole) for t in marked]
    assert all("p. " in tip for tip in tips) and any("provisional reading" in tip for tip in tips)


def test_house_sheet_from_the_window_counts_the_open_characters(window, tmp_path):
    from tests.support.sheets import text_of

    doc = window.open_path(str(EXAMPLE))
    path = tmp_path / "cassia.json"
    chardoc.save(
        Character(
            name="Lady Cassia",
            house="Felderon",
            extras=[Purchase("advantage", "contacts", 2)],
            aspects={"contacts": [1, 1]},
        ),
        path,
    )
    window.open_path(str(path))
    window.show_document(doc)
    window.views[id(doc)].select_house("felderon")
    out = tmp_path / "felderon.pdf"
    assert window.export_house_pdf(str(out))
    text = text_of(out.read_bytes())
    assert "Householder: Lady Cassia (Contacts 2) +2 Espionage" in text and "Espionage 5 7 1" in text


def test_the_character_says_what_it_adds_to_its_house(window):
    doc = window.new_character()
    view = window.views[id(doc)]
    doc.edit("buy", edits.buy, Purchase("advantage", "contacts", 2))
    doc.edit("house", edits.set_text, "house", "Felderon")
    from landsraad.gui.character.pages import FinishingPage

    fin = view.findChildren(FinishingPage)[0]
    fin.sync(True)
    assert fin.house_hint.text().startswith("Adds to House Felderon: +2 Espionage (Contacts 2) (p. 65)")
