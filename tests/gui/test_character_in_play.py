"""The character view's Condition and Roll tabs and the table view's roll (issue 25): every
change an engine edit and one undo step, the odds before the roll equal to the engine's
exact odds, typed dice read from the keyboard, a contest's gobbled dice struck, and the tabs
fit 1280x720."""

from __future__ import annotations

import attrs
import pytest
from PySide6.QtCore import Qt

from landsraad.character.model import Purchase
from landsraad.gui import session_memory
from landsraad.play.odds import pool_odds
from landsraad.play.pool import character_pool
from tests.support.charbuild import complete_swordmaster

pytestmark = [pytest.mark.gui]


def _load(view, character) -> None:
    def replace(ch, new=character):
        for f in attrs.fields(type(new)):
            setattr(ch, f.name, getattr(new, f.name))

    view.doc.edit("Load a character", replace)


@pytest.fixture
def view(window, qtbot):
    window.new_character()
    v = window.current_view()
    ch = complete_swordmaster()
    ch.extras.append(Purchase("feat", "guilty-pleasure"))
    _load(v, ch)
    return v


def test_condition_panel_takes_damage_as_one_undo_step(view, qtbot):
    view.open_condition()
    panel = view.condition_panel
    doc = view.doc
    before = doc.stack.count()
    panel.take["physical"].setValue(3)
    panel.transfer.setValue(1)
    panel.take_button.click()
    # 3 PD, 1 moved to Mental (L402): 2 PD + 1 MD, in one step
    assert doc.stack.count() == before + 1
    assert sum(doc.state.condition.damage.values()) == 3
    assert sum(v for k, v in doc.state.condition.damage.items() if k in ("intellect", "insight")) == 1
    assert doc.state.log[-1].what == "damage"
    assert panel.take["physical"].value() == 0  # the form is cleared for the next hit
    doc.stack.undo()
    assert doc.state.condition.damage == {} and doc.state.log == []


def test_a_box_spin_is_an_edit_and_a_refused_transfer_a_message(view, qtbot):
    view.open_condition()
    panel = view.condition_panel
    panel.spins["prowess"].setValue(2)
    assert view.doc.state.condition.damage == {"prowess": 2}
    assert "now" not in panel.names["prowess"].text() and panel.names["prowess"].text().endswith(
        f"{view.doc.sheet.statistics['prowess'] - 2}/{view.doc.sheet.statistics['prowess']}"
    )
    panel.take["physical"].setValue(1)
    panel.transfer.setValue(1)  # one point cannot move (1 // 2 = 0)
    count = view.doc.stack.count()
    panel.take_button.click()
    assert view.doc.stack.count() == count and "p. 28" in panel.error.text()


def test_uses_spend_and_session_end(view, qtbot):
    view.open_condition()
    panel = view.condition_panel
    assert panel.uses.rowCount() == 1  # Guilty Pleasure, once a session (L2290)
    panel.use_view.setCurrentIndex(panel.uses.index(0, 0))
    panel.spend_button.click()
    assert view.doc.state.condition.uses == {"guilty-pleasure": 1}
    assert panel.uses.rows[0].cells[1].startswith("0/1")
    panel.session_button.click()
    assert view.doc.state.condition.uses == {}


def test_roll_from_the_keyboard_with_typed_dice(window, view, qtbot):
    panel = view.roll_panel
    from PySide6.QtGui import QKeySequence, QShortcut

    # Ctrl+R is the view's own shortcut (offscreen Qt delivers no window shortcut: fire it)
    ctrl_r = [sc for sc in view.findChildren(QShortcut) if sc.key() == QKeySequence("Ctrl+R")]
    assert len(ctrl_r) == 1
    ctrl_r[0].activated.emit()
    assert view.play_tabs.currentWidget() is panel and window.focusWidget() is panel.stat
    panel.stat.setCurrentIndex(panel.stat.findData("prowess"))
    panel.skill.setCurrentIndex(panel.skill.findData("duel"))
    panel.difficulty.setValue(3)
    pool = character_pool(view.doc.state, view.doc.content, "prowess", "duel")
    exact = pool_odds(pool, 3)
    # the odds shown are the engine's exact ones, before any die is thrown
    assert f"success {float(exact.success):.1%}" in panel.odds_line.full
    dice = " ".join(["9", "9", "9", "8", "8", "2", "1", "4", "5", "6"][: pool.rolled])
    panel.dice.setFocus()
    qtbot.keyClicks(panel.dice, dice)
    qtbot.keyClick(panel.dice, Qt.Key.Key_Return)
    assert panel.readings.rowCount() >= 1 and window.focusWidget() is panel.readings_view
    count = view.doc.stack.count()
    qtbot.keyClick(panel.readings_view, Qt.Key.Key_Return)
    assert view.doc.stack.count() == count + 1
    entry = view.doc.state.log[-1]
    assert entry.what == "roll" and entry.seed is None and entry.faces == [int(x) for x in dice.split()]
    assert entry.record["difficulty"] == 3 and entry.record["reading"]["text"] == entry.reading
    view.doc.stack.undo()
    assert view.doc.state.log == []


def test_app_dice_are_seeded_and_replay(view, qtbot):
    from landsraad.dice import roll_pool

    panel = view.roll_panel
    view.open_roll()
    panel.roll()
    assert panel.seed is not None
    assert panel.faces == roll_pool(len(panel.faces), panel.seed).faces
    panel.keep(0)
    assert view.doc.state.log[-1].seed == panel.seed or view.doc.state.log[-1].seed is not None


def test_opposed_roll_strikes_the_gobbled_dice_on_the_table_view(window, view, qtbot):
    from landsraad.gui.table_view import TableView

    panel = view.roll_panel
    view.open_roll()
    panel.stat.setCurrentIndex(panel.stat.findData("prowess"))
    panel.skill.setCurrentIndex(panel.skill.findData("duel"))
    n = panel.pool.rolled
    panel.dice.setText(" ".join(["5", "5", "5", "6", "6", "2", "3", "4", "1", "10"][:n]))
    panel.against.setText("6 6 9 1 4")  # a 2x6 counter set (L190, L193)
    panel.roll()
    assert panel.opposed is not None
    panel.keep(0)
    tv = TableView()
    qtbot.addWidget(tv)
    tv.follow(view.doc, view)
    tv.refresh()
    page = tv.kind_pages["character"]
    assert tv.pages.currentWidget() is page and page.modes.currentWidget() is page.play_page
    struck = [d for g in page.play_board.groups for d in g.dice if d.struck]
    assert len(struck) == view.doc.state.log[-1].record["against"]["countered"]["countered"] > 0
    assert page.play_against_board.groups and "2x6" in page.play_against_headline.text()
    view.play_tabs.setCurrentIndex(0)  # back to building: the building page
    tv.refresh()
    assert page.modes.currentWidget() is page.building


def test_summary_skill_opens_the_roll(view, qtbot):
    from landsraad.gui.models import PAYLOAD_ROLE

    model = view.summary
    sv = view.ui.summaryView
    found = None
    for r in range(model.rowCount()):
        parent = model.index(r, 0)
        for k in range(model.rowCount(parent)):
            idx = model.index(k, 0, parent)
            if idx.data(PAYLOAD_ROLE) == "skills.duel":
                found = idx
    assert found is not None
    sv.activated.emit(found)
    assert view.play_tabs.currentWidget() is view.roll_panel
    assert view.roll_panel.skill.currentData() == "duel" and view.window().focusWidget() is view.roll_panel.difficulty


@pytest.mark.parametrize("tab", ["open_condition", "open_roll"])
def test_the_play_tabs_fit_1280x720(window, view, qtbot, tab):
    session_memory.dock_for_short_screen(window)
    window.resize(1280, 720)
    getattr(view, tab)()
    qtbot.wait(30)
    hint = window.minimumSizeHint()
    assert hint.width() <= 1280 and hint.height() <= 720, hint


def test_a_complication_from_the_tables_and_its_end(view, qtbot):
    view.open_condition()
    panel = view.condition_panel
    panel.comp_pick.setCurrentIndex(panel.comp_pick.findData("lost-limb"))  # L333: 4 points
    panel.detail.setText("left arm")
    panel.add_comp.click()
    held = view.doc.state.condition.complications
    assert [(h.id, h.detail) for h in held] == [("lost-limb", "left arm")]
    assert "4 week(s)" in panel.comps.rows[0].cells[0]
    panel.add_comp.click()  # held already: refused, a message (L304)
    assert len(view.doc.state.condition.complications) == 1 and "p. 24" in panel.error.text()
    panel.comp_view.setCurrentIndex(panel.comps.index(0))
    panel.end_comp.click()
    assert view.doc.state.condition.complications == []


def test_tab_goes_the_short_way_statistic_skill_difficulty_dice(view, qtbot):
    view.open_roll()
    stops = view.tab_stops()
    panel = view.roll_panel
    i = stops.index(panel.stat)
    assert stops[i : i + 4] == [panel.stat, panel.skill, panel.difficulty, panel.dice]
    view.window().focusWidget()
    panel.stat.setFocus()
    assert view.focusNextPrevChild(True) and view.window().focusWidget() is panel.skill


def test_a_dice_bonus_of_a_feat_goes_into_the_pool_when_ticked(view, qtbot):
    # the Swordmaster's feats offer dice bonuses for Duel (dice.toml): ticked, the pool has them
    panel = view.roll_panel
    view.open_roll()
    panel.stat.setCurrentIndex(panel.stat.findData("prowess"))
    panel.skill.setCurrentIndex(panel.skill.findData("duel"))
    assert panel.bonus_boxes, "a Duel bonus is offered"
    bid, box = next(iter(panel.bonus_boxes.items()))
    plain = character_pool(view.doc.state, view.doc.content, "prowess", "duel")
    box.setChecked(True)
    with_it = character_pool(view.doc.state, view.doc.content, "prowess", "duel", use=[bid])
    assert panel.pool == with_it and with_it.parts != plain.parts
    panel.skill.setCurrentIndex(panel.skill.findData("observe"))  # not a Duel roll: gone
    assert bid not in panel.bonus_boxes or not panel.bonus_boxes[bid].isChecked()


def test_lucky_rolls_again_a_roll_with_no_set_once_a_session(window, qtbot):
    # L1651: "Once per session, if you do not roll any sets, you may re-roll all the dice"
    window.new_character()
    v = window.current_view()
    ch = complete_swordmaster()
    ch.extras.append(Purchase("advantage", "lucky"))
    _load(v, ch)
    panel = v.roll_panel
    v.open_roll()
    panel.stat.setCurrentIndex(panel.stat.findData("insight"))
    panel.skill.setCurrentIndex(panel.skill.findData("observe"))
    n = panel.pool.rolled
    panel.dice.setText(" ".join(str(f) for f in (1, 3, 5, 7, 9, 10, 2, 4)[:n]))  # no set, no Run
    panel.roll()
    assert panel.lucky_button.isVisibleTo(panel)
    panel.lucky_button.click()
    assert v.doc.state.condition.uses == {"lucky": 1} and panel.dice.text() == ""
    panel.dice.setText(" ".join(str(f) for f in (1, 3, 5, 7, 9, 10, 2, 4)[:n]))
    panel.roll()
    assert not panel.lucky_button.isVisibleTo(panel)  # spent for this session
