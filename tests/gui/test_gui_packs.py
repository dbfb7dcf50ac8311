"""File > New offers each pack's documents; the d20 and conflict documents edit, undo,
save, reopen and export in the window (issue 19).  Headless, driven as a user would."""

from __future__ import annotations

import pytest

from landsraad.gui.documents import Document

pytestmark = pytest.mark.gui


def _menu_actions(window):
    window.new_pack_menu.aboutToShow.emit()  # the menu is filled when it first opens
    out = {}
    for sub in window.new_pack_menu.actions():
        if sub.menu():
            for a in sub.menu().actions():
                out[(sub.text(), a.text())] = a
    return out


def test_file_new_offers_each_packs_documents(window):
    acts = _menu_actions(window)
    assert ("Houses of the Landsraad", "Character") in acts and ("Houses of the Landsraad", "Siridar Fief") in acts
    assert acts[("d20 Quick Rules", "d20 character")].isEnabled()
    assert acts[("Dune conflict assets", "Conflict (order of action)")].isEnabled()
    acts[("d20 Quick Rules", "d20 character")].trigger()
    assert window.current.kind == "quick-character"
    acts[("Houses of the Landsraad", "Siridar Fief")].trigger()
    assert window.current.kind == "fief"
    acts[("Across The Dune Sea fencing", "Fencer")].trigger()
    assert window.current.kind == "fencer"


def test_d20_character_edits_undo_save_reopen_export(window, tmp_path):
    doc = Document("quick-character")
    view = window.add_document(doc)
    view.template.setCurrentIndex(view.template.findData("legrasse"))
    view.template.activated.emit(view.template.currentIndex())
    assert doc.state.name == "Insp. John Raymond Legrasse" and doc.state.traits["combat"] == 1
    view.trait_spins["combat"].setValue(3)
    assert doc.state.traits["combat"] == 3
    view.task.setCurrentIndex(view.task.findData("initiative"))
    assert view.suggestion.text().startswith("5 Reroll(s)")  # Awareness 1 + Combat 3 + Swiftness 1
    window.undo_action.trigger()
    assert doc.state.traits["combat"] == 1
    assert view.trait_spins["combat"].value() == 1
    view.spec_pick.setEditText("Bayou lore")
    view._add_specialty()
    assert doc.state.specialties[-1] == "Bayou lore"
    view.ability_text.setText("Second sight: notices the uncanny")
    view.ability_text.returnPressed.emit()
    view.weapon_custom.setText("Cane sword:light,deadly-2")
    view.weapon_custom.returnPressed.emit()
    assert doc.state.abilities[-1].name == "Second sight" and doc.state.weapons[-1].deadly == 2
    assert view.weapons.item(1).text().endswith("attack Rerolls 2")  # Light: Combat 1 + Swiftness 1
    path = tmp_path / "legrasse.json"
    doc.save(str(path))
    window.close_document(doc)
    again = window.open_path(str(path))
    assert again.kind == "quick-character" and again.state.specialties[-1] == "Bayou lore"
    assert window.export_pdf(str(tmp_path / "legrasse.pdf"))
    assert (tmp_path / "legrasse.pdf").read_bytes().startswith(b"%PDF")


def test_conflict_order_of_action_in_the_window(window, tmp_path):
    from landsraad.packs.conflict.order import Actor, Conflict, Side

    c = Conflict(
        name="Ambush",
        momentum=3,
        threat=5,
        sides=[Side("p", "Players"), Side("g", "Assassins", gm=True)],
        actors=[Actor("Kara", "p"), Actor("Nasir", "p"), Actor("Assassin 1", "g"), Actor("Assassin 2", "g")],
    )
    doc = Document("conflict", c)
    view = window.add_document(doc)
    view.who.setCurrentText("Assassin 1")
    view.ambush.click()
    assert doc.state.current == "Assassin 1" and doc.state.threat == 5
    view.side_pick.setCurrentIndex(view.side_pick.findData("p"))
    view.hand.click()
    view.who.setCurrentText("Kara")
    view.act.click()
    view.pay.setCurrentIndex(view.pay.findData("momentum"))
    view.who.setCurrentText("Nasir")
    view.keep_ally.click()
    assert doc.state.momentum == 1 and doc.state.current == "Nasir"
    assert not view.keep_extra.isEnabled()  # not twice before an enemy acts
    view.keep_extra.setEnabled(True)
    view.keep_extra.click()  # forced: the engine refuses with its rule
    assert view.error.text().startswith("Refused: O6")
    assert doc.state.phase == "after"
    window.undo_action.trigger()  # undo Nasir's turn
    assert doc.state.current == "Kara" and doc.state.momentum == 3
    path = tmp_path / "c.json"
    doc.save(str(path))
    window.close_document(doc)
    again = window.open_path(str(path))
    assert again.kind == "conflict" and again.state.current == "Kara"
    assert window.export_pdf(str(tmp_path / "c.pdf"))
    assert (tmp_path / "c.pdf").read_bytes().startswith(b"%PDF")


def test_pack_documents_come_back_after_a_crash(window, tmp_path):
    from landsraad.documents.autosave import RecoveryStore
    from landsraad.packs.quick import document as qdoc
    from landsraad.packs.quick.model import QuickCharacter

    store = RecoveryStore(tmp_path / "rec")
    store.save("k1", "quick-character", "Ada", qdoc.dumps(QuickCharacter(name="Ada")), force=True)
    store.release()  # its instance is gone: the next start offers the file
    rec = RecoveryStore(tmp_path / "rec").pending()[0]
    doc = window.autosave._restore(rec)
    assert doc.kind == "quick-character" and doc.state.name == "Ada"


def test_conflict_setup_in_the_window(window):
    doc = Document("conflict")
    view = window.add_document(doc)
    view.new_name.setText("Kara")
    view.new_side.setCurrentIndex(view.new_side.findData("players"))
    view.add_character.click()
    view.new_name.setText("Alley: cramped; dark")
    view.add_zone_btn.click()
    view.new_name.setText("Kara")
    view.add_character.click()  # the same name twice is refused
    assert view.error.text().startswith("Refused")
    assert [a.name for a in doc.state.actors if a.side == "players"] == ["Kara"]  # replaces "Player 1"
    assert doc.state.zones[0].name == "Alley" and doc.state.zones[0].traits == ["cramped", "dark"]
    window.undo_action.trigger()
    assert doc.state.zones == []


def test_d20_roll_panel_uses_the_suggested_rerolls(window):
    from landsraad.packs.quick import build

    doc = Document("quick-character")
    doc.state = build.from_template(doc.content.characters["richard-surrey"], doc.content)
    view = window.add_document(doc)
    view.refresh()
    view.task.setCurrentIndex(view.task.findData("pick-lock"))  # Intellect, Swiftness, Tech x2: 4 Rerolls
    view.difficulty.setValue(12)
    view.typed.setText("5 9 3")  # 5 dice are needed
    assert view.roll() is None and view.rolls.item(0).text().startswith("Not rolled")
    view.typed.setText("5 9 3 14 2")
    r = view.roll()
    assert (r.counted, r.result, r.successes) == (14, "success", 2)
    doc.edit("hurt", lambda s: setattr(s, "hindrance", 6))  # Hindrance outnumbers: two dice, lower
    view.typed.setText("18 7")
    r = view.roll()
    assert (r.counted, r.result) == (7, "failure")
    r = view.roll()  # seeded roll of the right count
    assert len(r.dice) == 2 and r.seed is not None
    view.target.setValue(14)
    assert doc.state.difficulty == 14
    view.target.setValue(0)  # back to the default
    assert doc.state.difficulty is None and view.target.text() == "default (10)"
