"""The Fief view driven as a user would: the rulebook's example Fief (Venhei) from typed-in
dice, its Houses placed, their histories typed and chosen, and the seven Trait Scores and
Ratings of every House checked against the House engine; seeded rolls, the roll log,
undo/redo, save and reopen, findings that open their place."""

from __future__ import annotations

from pathlib import Path  # noqa: E402

import pytest  # noqa: E402
from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtWidgets import QComboBox  # noqa: E402

from landsraad.dice import roll_pool  # noqa: E402
from landsraad.house import document as fiefdoc  # noqa: E402
from landsraad.house.content import load_house_content  # noqa: E402
from landsraad.house.fief import read_body  # noqa: E402
from landsraad.house.history import history_events  # noqa: E402
from landsraad.house.scores import house_scores  # noqa: E402

# the window and the private settings folder: tests/conftest.py
pytestmark = [pytest.mark.gui, pytest.mark.usefixtures("isolated_settings")]

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "venhei-fief.json"


def type_into(qtbot, edit, text: str) -> None:
    edit.setFocus()
    edit.selectAll()
    qtbot.keyClicks(edit, text)


def choose_combo(combo: QComboBox, data) -> None:
    """Pick the item with this data, as a user choosing it from the list does."""
    i = combo.findData(data)
    assert i >= 0, (data, [combo.itemData(k) for k in range(combo.count())])
    combo.setCurrentIndex(i)
    combo.activated.emit(i)


def event_row(view, source: str):
    """The history panel's row of an event (every event is shown at once)."""
    row = view.history.row_of(source)
    assert row is not None, (source, [r.source for r in view.history.visible_rows()])
    return row


def check_scores(view) -> None:
    doc, c = view.doc, view.doc.content
    for row in view.scores.rows:
        h = doc.state.house(row.payload)
        sheet = house_scores(doc.state, h, c)
        assert row.cells[1:] == tuple(f"{sheet.scores[t]}  ({sheet.ratings[t]})" for t in c.trait_ids)


def test_venhei_from_typed_dice(window, qtbot):
    example = fiefdoc.load_fief(EXAMPLE)
    content = load_house_content()
    doc = window.new_fief()
    view = window.current_view()
    ui = view.ui
    type_into(qtbot, ui.fiefNameEdit, example.name)
    type_into(qtbot, ui.majorEdit, example.house_major)
    # Step One: the physical dice, typed
    type_into(qtbot, ui.typedEdit, "3x4 2x8 2x5 9 6 2 1")
    qtbot.mouseClick(ui.typedButton, Qt.LeftButton)
    fief = doc.state
    assert fief.roll.faces and fief.roll.text == example.roll.text and fief.roll.seed is None
    assert [b.source for b in fief.bodies] == [b.source for b in example.bodies]
    assert [len(b.territories) for b in fief.bodies] == [len(b.territories) for b in example.bodies]
    # the dice drawn grouped, each with the body it reads as
    labels = [lab for _faces, lab, _r in view.dice.items]
    assert labels == ["3x4", "2x8", "2x5", "waste 9", "waste 6", "waste 2", "waste 1"]
    assert view.dice.items[0][0] == [4, 4, 4]
    for (_f, _lab, reading), b in zip(view.dice.items, fief.bodies):
        assert reading.startswith(read_body(b, content).name)
    assert doc.state.log[-1].seed is None and doc.state.log[-1].reading == "3x4 2x8 2x5 9 6 2 1"
    assert window.roll_log.rows[0].cells[3] == "typed"
    # names and terrain, as the example has them
    for b_ex in example.bodies:
        view.select_place(("body", b_ex.id))
        type_into(qtbot, ui.placeNameEdit, b_ex.name)
        for t_ex in b_ex.territories:
            view.select_place(("territory", t_ex.id))
            if t_ex.name:
                type_into(qtbot, ui.placeNameEdit, t_ex.name)
            for feat in t_ex.features:
                r = view.terrain.row_of(feat)
                idx = view.terrain.index(r)
                assert view.terrain.setData(idx, Qt.Checked, Qt.CheckStateRole)  # what a tick does
    for b_ex, b in zip(example.bodies, doc.state.bodies):
        assert b.name == b_ex.name
        assert [(t.name, t.features) for t in b.territories] == [(t.name, t.features) for t in b_ex.territories]
    # Step Two and Three: each House
    for h_ex in example.houses:
        type_into(qtbot, ui.newHouseEdit, h_ex.name)
        qtbot.mouseClick(ui.addHouseButton, Qt.LeftButton)
        h = view.selected_house()
        assert h.name == h_ex.name
        choose_combo(ui.territoryCombo, h_ex.territory)
        choose_combo(ui.predominantCombo, h_ex.predominant)
        type_into(qtbot, ui.historyTypedEdit, h_ex.history.text if hasattr(h_ex.history, "text") else "")
        qtbot.mouseClick(ui.historyTypedButton, Qt.LeftButton)
        h = doc.state.house(h.id)
        assert sorted(h.history.faces) == sorted(h_ex.history.faces)
        choose_combo(ui.foundingCombo, h_ex.founding)
        for ch in h_ex.choices:
            row = event_row(view, ch.source)
            if ch.option is not None:
                qtbot.mouseClick(row.option_buttons[ch.option - 1], Qt.LeftButton)
            elif ch.traits:
                for combo, trait in zip(row.trait_combos, ch.traits):
                    choose_combo(combo, trait)  # the last pick makes the choice
            elif ch.madness:
                type_into(qtbot, row.madness_edit, " ".join(map(str, ch.madness)))
                qtbot.keyClick(row.madness_edit, Qt.Key_Return)
            assert doc.state.house(h.id).choice(ch.source) is not None, (h.name, ch.source)
        check_scores(view)
    # every House's seven Scores and Ratings are the engine's, and those of the book's example
    for h_ex in example.houses:
        h = doc.state.house(h_ex.id)
        mine = house_scores(doc.state, h, content)
        want = house_scores(example, h_ex, content)
        assert mine.scores == want.scores and mine.ratings == want.ratings, h.name
        assert [e.source for e in history_events(h, content)] == [e.source for e in history_events(h_ex, content)]
    check_scores(view)
    # the roll log keeps every roll, typed
    assert [e.what for e in doc.state.log] == [e.what for e in example.log]
    assert all(e.seed is None for e in doc.state.log)
    assert len(window.roll_log.rows) == len(doc.state.log)
    # the navigator shows the Fief and its Houses
    fief_row = window.navigator.groups[0]
    assert fief_row.cells[0].removeprefix("* ").startswith(f"Siridar Fief: {example.name}")  # "* ": unsaved
    assert [k.cells[0] for k in window.navigator.children[0]] == [f"House {h.name}" for h in example.houses]


def test_seeded_roll_is_logged_with_its_seed(window, qtbot):
    doc = window.new_fief()
    view = window.current_view()
    view.ui.seedSpin.setValue(42)
    qtbot.mouseClick(view.ui.rollButton, Qt.LeftButton)
    assert doc.state.roll.faces == roll_pool(11, 42).faces and doc.state.roll.seed == 42
    assert doc.state.log[-1].seed == 42
    assert window.roll_log.rows[0].cells[3] == "42"
    # a bad typed roll says why and changes nothing
    before = fiefdoc.dumps(doc.state)
    type_into(qtbot, view.ui.typedEdit, "3x4 2x8")
    qtbot.keyClick(view.ui.typedEdit, Qt.Key_Return)
    assert "11" in view.ui.diceError.text()
    assert fiefdoc.dumps(doc.state) == before


def test_fief_undo_redo_save_reopen(window, qtbot, tmp_path):
    doc = window.new_fief()
    view = window.current_view()
    ui = view.ui
    states = [fiefdoc.dumps(doc.state)]
    type_into(qtbot, ui.typedEdit, "3x4 2x8 2x5 9 6 2 1")
    qtbot.mouseClick(ui.typedButton, Qt.LeftButton)
    states.append(fiefdoc.dumps(doc.state))
    type_into(qtbot, ui.newHouseEdit, "Felderon")
    qtbot.mouseClick(ui.addHouseButton, Qt.LeftButton)
    states.append(fiefdoc.dumps(doc.state))
    choose_combo(ui.territoryCombo, "b1-t1")
    states.append(fiefdoc.dumps(doc.state))
    view.select_place(("territory", "b1-t1"))
    view.terrain.setData(view.terrain.index(view.terrain.row_of("grasslands")), Qt.Checked, Qt.CheckStateRole)
    states.append(fiefdoc.dumps(doc.state))
    view.select_house("felderon")
    choose_combo(ui.predominantCombo, "grasslands")
    states.append(fiefdoc.dumps(doc.state))
    ui.historySeedSpin.setValue(7)
    qtbot.mouseClick(ui.historyRollButton, Qt.LeftButton)
    states.append(fiefdoc.dumps(doc.state))
    for want in reversed(states[:-1]):
        window.undo_action.trigger()
        assert fiefdoc.dumps(doc.state) == want
        check_scores(view)
    assert not doc.modified
    for want in states[1:]:
        window.redo_action.trigger()
        assert fiefdoc.dumps(doc.state) == want
        check_scores(view)
    assert window.windowTitle().startswith("untitled*")
    path = tmp_path / "fief.json"
    window.ask_save_path = lambda d, title, filt: str(path)
    window.ui.actionSaveAs.trigger()
    text = fiefdoc.dumps(doc.state)
    window.ui.actionClose.trigger()
    again = window.open_path(str(path))
    assert fiefdoc.dumps(again.state) == text


def test_fief_findings_open_their_place(window, qtbot):
    doc = window.open_path(str(EXAMPLE))
    view = window.current_view()
    check_scores(view)
    # the example leaves the Asteroid Field unassigned: the finding opens that body
    r = next(i for i, row in enumerate(view.findings.rows) if (row.payload[1].field or "").startswith("bodies."))
    view.ui.findingsView.setCurrentIndex(view.findings.index(r, 2))
    view.ui.findingsView.setFocus()
    qtbot.keyClick(view.ui.findingsView, Qt.Key_Return)
    field = view.findings.rows[r].payload[1].field
    assert view.selected_place() == ("body", field.split(".", 1)[1])
    # a House's finding selects the House
    house_rows = [i for i, row in enumerate(view.findings.rows) if row.payload[0]]
    if house_rows:
        hid = view.findings.rows[house_rows[0]].payload[0]
        view.open_finding(view.findings.payload(house_rows[0]))
        assert view.selected_house().id == hid
    # the navigator opens a House
    window.ui.navigatorView.setCurrentIndex(window.navigator.index(1, 0, window.navigator.index(0, 0)))
    window._navigate(window.ui.navigatorView.currentIndex())
    assert view.selected_house().id == doc.state.houses[1].id


def test_keyboard_ticks_terrain_and_export_pdfs(window, qtbot, tmp_path):
    doc = window.new_fief()
    view = window.current_view()
    type_into(qtbot, view.ui.typedEdit, "3x4 2x8 2x5 9 6 2 1")
    qtbot.keyClick(view.ui.typedEdit, Qt.Key_Return)
    view.select_place(("territory", "b1-t1"))
    r = view.terrain.row_of("forest")
    view.ui.terrainList.setFocus()
    view.ui.terrainList.setCurrentIndex(view.terrain.index(r))
    qtbot.keyClick(view.ui.terrainList, Qt.Key_Space)
    assert doc.state.territory("b1-t1")[1].features == ["forest"]
    assert view.terrain.rows[r].checked
    assert window.ui.actionExportPdf.isEnabled()
    type_into(qtbot, view.ui.newHouseEdit, "Vorst")
    qtbot.keyClick(view.ui.newHouseEdit, Qt.Key_Return)
    out = tmp_path / "fief.pdf"
    window.ask_save_path = lambda d, title, filt: str(out)
    window.ui.actionExportPdf.trigger()
    assert out.read_bytes()[:5] == b"%PDF-"
    house = tmp_path / "house.pdf"
    window.ask_save_path = lambda d, title, filt: str(house)
    assert window.ui.actionExportHousePdf.isEnabled()
    window.ui.actionExportHousePdf.trigger()
    assert house.read_bytes()[:5] == b"%PDF-"


def test_export_the_whole_session_in_one_pdf(window, tmp_path):
    """Every open document in one PDF: as many pages as the sheets exported one by one."""
    from pypdf import PdfReader

    from landsraad.gui.documents import Document
    from landsraad.sheets import export_character, export_fief, export_house
    from tests.support.charbuild import complete_swordmaster

    assert not window.ui.actionExportSessionPdf.isEnabled()  # nothing open yet
    window.open_path(str(EXAMPLE))
    duncan = Document("character", complete_swordmaster())
    window.add_document(duncan)
    assert window.ui.actionExportSessionPdf.isEnabled()
    out = tmp_path / "session.pdf"
    window.ask_save_path = lambda d, title, filt: str(out)
    window.ui.actionExportSessionPdf.trigger()
    fief = window.docs[0].state
    export_character(duncan.state, duncan.content, tmp_path / "c.pdf")
    export_fief(fief, tmp_path / "f.pdf")
    export_house(fief, tmp_path / "h.pdf")
    pages = lambda p: len(PdfReader(str(p)).pages)  # noqa: E731
    assert pages(out) == pages(tmp_path / "c.pdf") + pages(tmp_path / "f.pdf") + pages(tmp_path / "h.pdf")
    text = "".join(page.extract_text() for page in PdfReader(str(out)).pages)
    assert "Duncan Idaho" in text and all(h.name in text for h in fief.houses)
