"""The fencer view and the duel panel driven as a user would (issue 19): File > New Fencer,
maneuvers checked against the slots, undo; two fencers opened from files, a duel of the open
fencers, choices hidden as soon as made, a round revealed and fought with typed dice, the
wound boxes updated, undo of the round, save and reopen."""

from __future__ import annotations

import json
import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from PySide6.QtCore import Qt

from landsraad.gui.documents import Document
from landsraad.gui.mainwindow import MainWindow
from landsraad.gui.packs.duel_panel import HIDDEN, DuelPanel
from landsraad.gui.packs.fencer_view import FencerView
from landsraad.packs.fencing.document import load_duel, save_fencer
from landsraad.packs.fencing.model import Fencer

pytestmark = pytest.mark.gui


def check(view: FencerView, ident: str, on: bool = True) -> None:
    for i in range(view.maneuvers.count()):
        item = view.maneuvers.item(i)
        if item.data(Qt.ItemDataRole.UserRole) == ident:
            item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
            return
    raise AssertionError(ident)


def test_new_fencer_slots_and_undo(window):
    window.pack_actions["new-fencer"].trigger()
    doc = window.current
    assert doc.kind == "fencer"
    view = window.current_view()
    assert isinstance(view, FencerView)
    view.name.setText("Regenald Wilde")
    view.name.textEdited.emit("Regenald Wilde")
    for m in ("feint", "riposte", "parry", "thrust", "slash", "lunge"):
        check(view, m)
    assert (doc.used, doc.allowed) == (8, 8) and doc.findings == []
    assert view.slots.text().startswith("8 of 8")
    # Fair: the same maneuvers are over the 6 slots
    view.fencing.setCurrentIndex(view.fencing.findData("fair"))
    view.fencing.activated.emit(view.fencing.currentIndex())
    assert doc.state.fencing == "fair" and (doc.used, doc.allowed) == (8, 6)
    assert [f.rule for f in doc.findings] == ["L39"]
    assert "too many" in view.slots.text()
    assert "L39" in view.findings.item(0).text()
    window.undo_action.trigger()
    assert doc.state.fencing == "good" and doc.findings == []
    assert view.fencing.currentData() == "good"
    window.undo_action.trigger()
    assert "lunge" not in doc.state.maneuvers


def test_duel_between_open_fencers(window, tmp_path):
    reg = Fencer("Regenald", "good", ["thrust", "parry", "slash"], reflexes="great")
    guard = Fencer("Guard", "good", ["fleche", "parry", "slash"], reflexes="good")
    for f in (reg, guard):
        save_fencer(f, tmp_path / f"{f.name}.json")
        assert window.open_path(str(tmp_path / f"{f.name}.json")) is not None
    window.pack_actions["new-duel"].trigger()
    doc = window.current
    assert doc.kind == "fencing-duel"
    panel = window.current_view()
    assert isinstance(panel, DuelPanel)
    assert not panel.fight_button.isEnabled()

    def choose(side, label):
        s = panel.sides[side]
        i = s.choice.findText(label)
        assert i > 0, label
        s.choice.setCurrentIndex(i)
        s.choice.activated.emit(i)
        assert s.stack.currentWidget() is s.hidden and s.hidden.text() == HIDDEN

    choose("regenald", "Thrust")
    assert not panel.fight_button.isEnabled()
    choose("guard", "Fleche")
    assert panel.fight_button.isEnabled()
    panel.typed.setChecked(True)
    panel.typed_text.setText("-1 0 0 +1")
    record = panel.fight()
    assert record and panel.error.text() == ""
    assert [(h["damage"], h["wound"]) for h in record["hits"]] == [(2, "scratch")]
    assert doc.state.combatant("guard").fencer.wounds == {"scratch": 1}
    assert "■" in panel.sides["guard"].condition.text()
    texts = [panel.steps.item(i).text() for i in range(panel.steps.count())]
    assert any("Superb: Regenald reveals and performs Thrust" in t for t in texts)
    assert panel.rolls.count() == 4
    # the choices are cleared for the next round; a wrong count of typed dice changes nothing
    assert panel.sides["regenald"].value is None
    choose("regenald", "Slash")
    choose("guard", "Parry")
    panel.typed.setChecked(True)
    panel.typed_text.setText("0")
    assert panel.fight() is None and "typed" in panel.error.text()
    assert doc.state.round == 1
    # each secret choice is an undo step of its own (the table view says "chosen"), then the round
    for _ in range(3):
        window.undo_action.trigger()
    assert doc.state.round == 0 and doc.state.combatant("guard").fencer.wounds == {}
    assert set(doc.state.secret) == {"regenald", "guard"}  # back to the cards face down
    for _ in range(3):
        window.redo_action.trigger()
    path = tmp_path / "duel.json"
    doc.save(str(path))
    assert load_duel(path).round == 1
    window.close_document(doc)
    again = window.open_path(str(path))
    assert again.kind == "fencing-duel" and again.state.round == 1


def test_fencer_exports_its_sheet(window, tmp_path):
    window.pack_actions["new-fencer"].trigger()
    view = window.current_view()
    check(view, "slash")
    out = tmp_path / "f.pdf"
    assert window.export_pdf(str(out)) is True
    assert out.read_bytes().startswith(b"%PDF")


def test_fencer_and_duel_come_back_after_a_crash(qtbot, window):
    from landsraad.gui.packs.fencing.kind import new_duel

    window.pack_actions["new-fencer"].trigger()
    a = window.current
    a.edit("Name", lambda f: setattr(f, "name", "Tessa"))
    b = Document("fencer")
    window.add_document(b)
    b.edit("Name", lambda f: setattr(f, "name", "Scoundrel"))
    duel = new_duel(window)
    duel.edit("Realism", lambda d: setattr(d, "realism", 0))
    window.autosave.flush()
    # the running window's own work is never a leftover; on disk, one recovery file each
    assert window.autosave.store.pending() == []
    kinds = sorted(json.loads(p.read_text())["kind"] for p in window.autosave.store.folder.glob("*.json"))
    assert kinds == ["fencer", "fencer", "fencing-duel"]
    window.autosave.store.release()  # the crash: the owner's lock goes with it
    w2 = MainWindow()
    qtbot.addWidget(w2)
    w2.ask_save_changes = lambda doc: "discard"
    w2.report_error = lambda title, text: pytest.fail(f"{title}: {text}")
    w2.autosave.ask_restore = lambda offered, unreadable: (offered, False)
    restored = w2.autosave.offer_recovery()
    assert sorted(d.kind for d in restored) == kinds
    back = next(d for d in restored if d.kind == "fencing-duel")
    assert back.state.realism == 0 and back.modified
    assert {d.display_name() for d in restored if d.kind == "fencer"} == {"Tessa", "Scoundrel"}


def test_healing_buttons(window):
    window.pack_actions["new-fencer"].trigger()
    doc, view = window.current, window.current_view()
    doc.edit("Wounds", lambda f: f.wounds.update({"scratch": 2, "very-hurt": 1}))
    assert view.wound_checks["very-hurt"][0].isChecked()
    view.treat_button.click()  # Doctor: Good (-1) is the first entry
    assert doc.state.wounds == {"hurt": 1}
    assert view.wound_checks["hurt"][0].isChecked() and not view.wound_checks["scratch"][0].isChecked()
    assert doc.stack.undoText() == "Doctor"
    window.undo_action.trigger()
    assert doc.state.wounds == {"scratch": 2, "very-hurt": 1}
    view.tend_button.click()  # Scratches erased after the fight (L265)
    assert doc.state.wounds == {"very-hurt": 1}
    view.rest_button.click()  # a week: the worst wound one level down (L268)
    assert doc.state.wounds == {"hurt": 1}


def test_fencer_panel_edits_are_named_undoable_steps(window):
    """Every widget of the fencer panel goes through packs/fencing/edits.py: one undo step
    each, named, and a refresh that fills the widgets pushes nothing."""
    window.pack_actions["new-fencer"].trigger()
    doc, view = window.current, window.current_view()
    depth = doc.stack.count()
    view.fencing.activated.emit(view.fencing.findData("fair"))
    view.trait_boxes["muscle"].activated.emit(view.trait_boxes["muscle"].findData("great"))
    view.armour.activated.emit(view.armour.findData("buff-coat"))
    view.lackey.setChecked(True)
    assert (doc.state.fencing, doc.state.muscle, doc.state.armour, doc.state.widen_wounds) == (
        "fair",
        "great",
        "buff-coat",
        False,
    )
    assert view.ddm.text() == "+2"  # Fair Damage Capacity 0 + buff coat +2 (L127-128)
    item = next(
        view.maneuvers.item(i)
        for i in range(view.maneuvers.count())
        if view.maneuvers.item(i).data(Qt.ItemDataRole.UserRole) == "feint"
    )
    item.setCheckState(Qt.CheckState.Checked)
    assert doc.state.maneuvers == ["feint"] and doc.stack.undoText() == "Learn Feint"
    view.add_weapon.setCurrentIndex(view.add_weapon.findData("small"))
    view._add_weapon()
    assert [w.kind for w in doc.state.weapons] == ["rapier", "small"]
    view.weapons.item(1, 2).setCheckState(Qt.CheckState.Checked)
    assert doc.state.weapons[1].sharp
    view.wound_checks["hurt"][0].setChecked(True)
    assert doc.state.wounds == {"hurt": 1}
    assert doc.stack.count() - depth == 8
    for _ in range(8):
        window.undo_action.trigger()
    assert (doc.state.fencing, doc.state.maneuvers, len(doc.state.weapons), doc.state.wounds) == ("good", [], 1, {})


def test_duel_asks_each_roll_as_it_comes(window):
    from landsraad.gui.packs.fencing.kind import new_duel

    for name, reflexes in (("Regenald", "great"), ("Guard", "good")):
        d = Document("fencer", Fencer(name, "good", ["thrust", "fleche", "parry"], reflexes=reflexes))
        window.add_document(d)
    doc = new_duel(window)
    panel = window.current_view()
    asked = []
    answers = iter(["-1", "0", "0", "+0+-"])

    def ask(who, why, base):
        asked.append((who, why, base))
        return next(answers)

    panel.ask_roll = ask
    for side, label in (("regenald", "Thrust"), ("guard", "Fleche")):
        s = panel.sides[side]
        s.choice.setCurrentIndex(s.choice.findText(label))
        s.choice.activated.emit(s.choice.currentIndex())
    panel.asked.setChecked(True)
    record = panel.fight()
    assert asked[0] == ("Regenald", "Thrust", "Reflexes Superb") and len(asked) == 4
    assert [(h["damage"], h["wound"]) for h in record["hits"]] == [(2, "scratch")]
    assert doc.state.log[-1].roll.faces == (1, 0, 1, -1)


def test_duel_panel_judge_settings_and_pulled_punch(window):
    from landsraad.gui.packs.fencing.kind import new_duel

    for name, reflexes in (("A", "great"), ("B", "good")):
        window.add_document(Document("fencer", Fencer(name, "good", ["lunge", "slash"], reflexes=reflexes)))
    doc = new_duel(window)
    panel = window.current_view()
    panel.realism.setValue(0)
    assert doc.state.realism == 0
    window.undo_action.trigger()
    assert doc.state.realism == 1 and panel.realism.value() == 1
    a = panel.sides["a"]
    a.pull.setCurrentIndex(a.pull.findData("scratch"))
    for side in ("a", "b"):
        s = panel.sides[side]
        s.choice.setCurrentIndex(s.choice.findText("Lunge" if side == "a" else "No fencing action"))
        s.choice.activated.emit(s.choice.currentIndex())
    panel.typed.setChecked(True)
    panel.typed_text.setText("+2 -1")  # Lunge Great +2 -> Superb vs Automatic Parry Fair -1: 4 + 4 - 0 - 1
    record = panel.fight()
    (hit,) = record["hits"]
    assert hit["damage"] == 7 and hit["wound"] == "scratch"  # Very Hurt, pulled to a Scratch (L180-181)


def test_the_session_pdf_holds_the_open_fencers_and_duels(window, tmp_path):
    """File > Export session: the open fencer's sheet and cards and the duel's fencer sheets
    follow the Landsraad documents (render_session's packs)."""
    from landsraad.gui.packs.fencing.kind import new_duel
    from tests.support.sheets import page_texts

    for name in ("Tessa", "Scoundrel"):
        window.add_document(Document("fencer", Fencer(name, "good", ["thrust", "parry"])))
    new_duel(window)
    out = tmp_path / "session.pdf"
    assert window.export_session_pdf(str(out)) is True
    heads = [(p.split(" ")[0], "Tessa" in p, "Scoundrel" in p) for p in page_texts(out.read_bytes())]
    # Tessa: sheet + cards, Scoundrel: sheet + cards; the duel of the two prints no second copy
    # of them (issue 27: each fencer once), a Duel bookmark pointing at them
    assert heads == [("FENCER", True, False), ("Thrust", True, False), ("FENCER", False, True), ("Thrust", False, True)]
    from tests.support.sheets import reader

    titles = [o.title for o in reader(out.read_bytes()).outline if not isinstance(o, list)]
    assert any(t.startswith("Duel: Tessa vs Scoundrel") for t in titles)
