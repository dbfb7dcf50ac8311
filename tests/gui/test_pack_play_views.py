"""The packs' procedures of play in their views (issue 23), driven as a user would: the
fencer's In play box (L153, L169, L193-L208), the duel's Melee System order (L248-L254),
and the d20 character's attack, avoidance, Extreme Effort, teamwork and opposed rolls."""

from __future__ import annotations

import pytest

from landsraad.gui.documents import Document
from landsraad.packs.fencing.duel import Combatant, Duel
from landsraad.packs.fencing.model import Fencer
from landsraad.packs.quick.model import QuickCharacter

pytestmark = pytest.mark.gui


def test_fencer_in_play_box(window):
    doc = Document("fencer", Fencer("Guard", "good", stamina="good", fudge_points=1))
    view = window.add_document(doc)
    assert not view.spend_fudge.isEnabled() and not view.stamina_button.isEnabled()
    # a keg of powder: 9 Basic Damage - DDM 0 - Realism 1 = 8: Very Hurt with R 1 (L160)
    view.hazard.setCurrentIndex(view.hazard.findData("damage"))
    view.hazard_amount.setValue(9)
    view.hazard_button.click()
    assert doc.state.wounds == {"very-hurt": 1}
    # a fall of 45 feet: 9 points (L203), -1 = 8: Very Hurt is checked, so Incapacitated (L166-L167)
    view.hazard.setCurrentIndex(view.hazard.findData("fall"))
    view.hazard_amount.setValue(45)
    view.hazard_button.click()
    assert doc.state.wounds == {"very-hurt": 1, "incapacitated": 1}
    assert view.spend_fudge.isEnabled() and view.stamina_button.isEnabled()
    view.stamina_dice.setText("+1")  # Good - 2 + 1 = Fair: conscious (L153)
    view.stamina_button.click()
    assert "stays conscious" in view.play_result.text()
    view.spend_fudge.click()
    assert doc.state.fudge_points == 0 and doc.state.fudge_action
    assert not view.spend_fudge.isEnabled()
    window.undo_action.trigger()
    assert doc.state.fudge_points == 1 and not doc.state.fudge_action
    view.lackey_track.setChecked(True)
    assert doc.state.lackey_track


def test_duel_melee_order(window):
    duel = Duel(
        [
            Combatant("regenald", Fencer("Regenald", "good", reflexes="great")),
            Combatant("guard", Fencer("Guard", "good", reflexes="good")),
        ]
    )
    doc = Document("fencing-duel", duel)
    view = window.add_document(doc)
    from landsraad.gui.packs.duel_panel import DuelPanel

    panel = view if isinstance(view, DuelPanel) else view.findChild(DuelPanel)
    before = doc.dumps()
    order = panel.melee_order()
    totals = {m.name: m for g in order for m in g}
    assert totals["Regenald"].bonus == 3 and totals["Guard"].bonus == 2  # L252
    assert "Melee System order" in panel.rolls.item(0).text()
    assert doc.dumps() == before  # a read


def test_quick_play_in_the_view(window):
    doc = Document("quick-character", QuickCharacter(name="Ada", traits={"combat": 1, "swiftness": 1, "physique": 1}))
    view = window.add_document(doc)
    view.hit_successes.setValue(3)
    view.hit_deadly.setValue(2)
    view.take_hit.click()  # 3 x 2 = 6 Hindrance, Defense 0 (L205-L210)
    assert doc.state.hindrance == 6
    window.undo_action.trigger()
    assert doc.state.hindrance == 0
    # avoid a grizzly (x2) at Difficulty 12: 3 dice, best 8: 4 attack Successes x2 = 8 (L259)
    view.npc_difficulty.setValue(12)
    view.npc_multiplier.setValue(2)
    view.typed.setText("3 8 5")
    a = view.avoid()
    assert a is not None and doc.state.hindrance == 8
    window.undo_action.trigger()
    # Extreme Effort on a climb (Physique + Swiftness, 2 Rerolls): 3 dice, then +1 Hindrance (L54)
    view.task.setCurrentIndex(view.task.findData("climb"))
    view.effort.setChecked(True)
    view.typed.setText("4 9 2 17")
    assert view.roll() is not None and doc.state.hindrance == 1
    view.effort.setChecked(False)
    # teamwork: one more Reroll (L53); opposed against a counted 15 (L3)
    view.teamwork.setChecked(True)
    view.opposed.setValue(15)
    view.typed.setText("4 9 2 17")  # Hindrance 1 cancels a Reroll: 2 + 1 - 1 = 2 -> 3 dice
    assert view.roll() is None  # four dice typed for three: refused
    view.typed.setText("4 9 17")
    r = view.roll()
    assert r is not None and r.counted == 17
    assert (
        "this character wins, 2 Success(es)" in view.rolls.item(1).text()
        or "this character wins, 2 Success(es)" in view.rolls.item(0).text()
    )


def test_duel_fudge_point_and_surroundings(window):
    from landsraad.gui.packs.duel_panel import DuelPanel

    guard = Fencer("Guard", "good", ["parry", "slash"], reflexes="good", wounds={"incapacitated": 1}, fudge_points=1)
    duel = Duel(
        [Combatant("regenald", Fencer("Regenald", "good", ["slash"], reflexes="great")), Combatant("guard", guard)],
        realism=1,
    )
    doc = Document("fencing-duel", duel)
    view = window.add_document(doc)
    panel = view if isinstance(view, DuelPanel) else view.findChild(DuelPanel)
    side = panel.sides["guard"]
    assert side.fudge.isVisibleTo(side) and not side.choice.isEnabled()  # Incapacitated: no action (L153)
    side.fudge.click()
    assert doc.state.combatant("guard").fencer.fudge_action and side.choice.isEnabled()
    window.undo_action.trigger()
    assert not doc.state.combatant("guard").fencer.fudge_action
    # a fire of 3 on Regenald at Realism 1: 3 - 0 - 1 = 2, a Scratch (L160, L200)
    panel.ask_surroundings = lambda: ("regenald", "fire", 3)
    panel.env_action.trigger()
    assert doc.state.combatant("regenald").fencer.wounds == {"scratch": 1}
    panel.ask_surroundings = lambda: ("regenald", "fire", 7)  # no fire does 7 (L200): refused, shown
    panel.env_action.trigger()
    assert "2 to 4" in panel.error.text() and doc.state.combatant("regenald").fencer.wounds == {"scratch": 1}
