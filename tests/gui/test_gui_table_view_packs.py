"""The table view for the packs' documents (issue 19) and on one small screen (issue 15):
a duel followed through the cards face down, the reveal, the fight shown step by step and
the wound boxes, through undo and document switches; a conflict's order of action with
its next actor, pools and Keep the Initiative; a fencer and a d20 character summed up;
the roll log one line a roll; a normal window beside the main one when there is one screen."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402
from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtWidgets import QAbstractButton, QAbstractItemView, QComboBox, QLabel, QLineEdit  # noqa: E402

from landsraad.gui.table_view import MIN_PX  # noqa: E402
from landsraad.gui.table_widgets import ElidedLine, WoundTrack  # noqa: E402
from tests.support import table_view as _table_view  # noqa: E402

# the window at a laptop's 1280x720 (the table view closed at teardown) and opening the view
window = _table_view.window
table = _table_view.table

pytestmark = pytest.mark.gui


def settle(qtbot, tv):
    qtbot.waitUntil(lambda: not tv._pending)


def shown_text(tv) -> str:
    """Everything the group's screen shows, whole (elided lines by their full text)."""
    parts = [
        getattr(lab, "full", None) or lab.accessibleName() or lab.text()
        for lab in tv.findChildren(QLabel)
        if lab.isVisibleTo(tv)
    ]
    parts += [w.accessibleName() for w in tv.findChildren(WoundTrack) if w.isVisibleTo(tv)]
    return "\n".join(parts)


# ----- a duel -------------------------------------------------------------------------------
def duel_of_example_6(window):
    """The seed's Example #6 (fudge-fencing.txt L99-L100): Regenald (Reflexes Great) and the
    Guard (Reflexes Good), both Good fencers."""
    from landsraad.gui.documents import Document
    from landsraad.gui.packs.fencing.kind import new_duel
    from landsraad.packs.fencing.model import Fencer

    fencers = []
    for name, reflexes, known in (
        ("Regenald", "great", ["thrust", "parry", "slash"]),
        ("Guard", "good", ["fleche", "parry", "slash"]),
    ):
        d = Document("fencer", Fencer(name, "good", known, reflexes=reflexes))
        window.add_document(d)
        fencers.append(d)
    return fencers, new_duel(window)


def choose(panel, side, label):
    s = panel.sides[side]
    i = s.choice.findText(label)
    assert i > 0, label
    s.choice.setCurrentIndex(i)
    s.choice.activated.emit(i)


def test_a_duel_on_the_table_view_from_the_secret_cards_to_the_wound_boxes(window, qtbot):
    fencers, doc = duel_of_example_6(window)
    panel = window.current_view()
    tv = table(window, qtbot)
    page = tv.pack_pages["fencing-duel"]
    assert tv.pages.currentWidget() is page and tv.title.text().startswith("Duel")
    assert (page.corners[0].name.full, page.corners[1].name.full) == ("Regenald", "Guard")
    reg, guard = page.corners[:2]
    assert (reg.card.full, guard.card.full) == ("choosing…", "choosing…")

    # Step One: the card lies face down on both screens
    choose(panel, "regenald", "Thrust")
    settle(qtbot, tv)
    assert (reg.card.full, guard.card.full) == ("chosen", "choosing…")
    assert "Thrust" not in shown_text(tv)
    s = panel.sides["regenald"]
    assert s.stack.currentWidget() is s.hidden and "Thrust" not in s.choice.currentText()
    # the arrow keys on the Guard's closed list open it: they never lay a card down by themselves
    g = panel.sides["guard"]
    for key in (Qt.Key.Key_Down, Qt.Key.Key_N):  # N: the first letter of "No fencing action"
        qtbot.keyClick(g.choice, key)
        assert "guard" not in doc.state.secret and g.choice.view().isVisible()
        g.choice.hidePopup()
    assert not s.react.isVisible() and not s.pull.isVisible()  # the Reaction is part of the secret
    assert not panel.reveal_button.isEnabled()
    choose(panel, "guard", "Fleche")
    settle(qtbot, tv)
    assert guard.card.full == "chosen" and "Fleche" not in shown_text(tv)

    # the reveal: both maneuvers and their Initiative (L100: Superb and Mediocre), no die yet
    panel.reveal_button.click()
    settle(qtbot, tv)
    assert (reg.card.full, guard.card.full) == ("Thrust", "Fleche")
    assert (reg.initiative.full, reg.how.full) == ("Initiative Superb", "base Great +1 for Thrust = Superb.")
    assert (guard.initiative.full, guard.how.full) == ("Initiative Mediocre", "base Good -2 for Fleche = Mediocre.")
    assert doc.state.log == []
    window.undo_action.trigger()  # undo the reveal: the cards face down again
    settle(qtbot, tv)
    assert reg.card.full == "chosen" and "Thrust" not in shown_text(tv)
    window.redo_action.trigger()
    settle(qtbot, tv)
    assert reg.card.full == "Thrust"

    # the fight: typed dice; the group sees the steps as the Judge shows them
    panel.typed.setChecked(True)
    panel.typed_text.setText("-1 0 0 +1")
    assert panel.fight() is not None
    settle(qtbot, tv)
    assert doc.state.combatant("guard").fencer.wounds == {"scratch": 1}
    assert guard.track.accessibleName().startswith("Wounds: Scratch 0 of 3 checked")  # not seen yet
    assert "more to come" in page.steps_heading.text() and reg.card.full == "Thrust"
    assert reg.initiative.full == "Initiative Superb" and not reg.how.isVisible()
    assert panel.step_button.isEnabled()
    panel.step_button.click()
    settle(qtbot, tv)
    assert page.latest.text() == "Superb: Regenald reveals and performs Thrust."
    panel.step_button.click()
    settle(qtbot, tv)
    assert "Regenald's Thrust" in page.latest.text() and "a hit by 2" in page.latest.text()
    assert "Superb: Regenald reveals" in page.earlier.accessibleName()
    steps = 2
    while panel.step_button.isEnabled():
        panel.step_button.click()
        steps += 1
    settle(qtbot, tv)
    assert guard.track.accessibleName().startswith("Wounds: Scratch 1 of 3 checked")
    assert "Scratch" in page.latest.text() and "to come" not in page.steps_heading.text()
    # undo the last step: the box is open again on the group's screen
    window.undo_action.trigger()
    settle(qtbot, tv)
    assert guard.track.accessibleName().startswith("Wounds: Scratch 0 of 3 checked")
    # a document switch and back: the same round, as far as it was shown
    window.show_document(fencers[0])
    settle(qtbot, tv)
    assert tv.pages.currentWidget() is tv.pack_pages["fencer"] and "Regenald" in tv.title.full
    window.show_document(doc)
    settle(qtbot, tv)
    assert tv.pages.currentWidget() is page and guard.track.accessibleName().startswith("Wounds: Scratch 0 of 3")
    panel = window.current_view()
    panel.all_button.click()
    settle(qtbot, tv)
    assert guard.track.accessibleName().startswith("Wounds: Scratch 1 of 3 checked")
    # the next round begins: the cards face down again, the last round kept as it ended
    choose(panel, "guard", "Parry")
    settle(qtbot, tv)
    assert (reg.card.full, guard.card.full) == ("choosing…", "chosen") and "Round 2" in tv.title.full
    assert page.steps_heading.text() == "Round 1, as it ended"


def test_a_fencer_who_cannot_act_needs_no_card(window, qtbot):
    _fencers, doc = duel_of_example_6(window)
    panel = window.current_view()
    doc.edit("Wounds", lambda d: d.combatant("guard").fencer.wounds.update({"incapacitated": 1}))
    tv = table(window, qtbot)
    page = tv.pack_pages["fencing-duel"]
    assert page.corners[1].card.full == "cannot act"
    assert page.corners[1].state.full.startswith("Incapacitated")
    choose(panel, "regenald", "Slash")
    assert panel.reveal_button.isEnabled()
    panel.reveal_button.click()
    settle(qtbot, tv)
    assert page.corners[1].card.full == "No fencing action"


# ----- a conflict ---------------------------------------------------------------------------
def ambush(window):
    from landsraad.gui.documents import Document
    from landsraad.packs.conflict.order import Actor, Conflict, Side, Zone

    c = Conflict(
        name="Ambush",
        kind="skirmish",
        sides=[Side("players", "Players"), Side("assassins", "Assassins", gm=True)],
        actors=[
            Actor("Kara", "players", zone="Alley"),
            Actor("Nasir", "players"),
            Actor("Assassin 1", "assassins"),
            Actor("Assassin 2", "assassins"),
        ],
        zones=[Zone("Alley", ["cramped", "dark"]), Zone("Rooftop", ["exposed"], objective=True)],
        momentum=3,
        threat=5,
    )
    doc = Document("conflict", c)
    window.add_document(doc)
    return doc


def test_the_order_of_action_on_the_table_view(window, qtbot):
    from landsraad.packs.conflict import edits

    doc = ambush(window)
    rules = doc.content.order
    tv = table(window, qtbot)
    page = tv.pack_pages["conflict"]
    assert tv.pages.currentWidget() is page and tv.title.full.startswith("Round 1") and "skirmish" in tv.title.full
    assert (page.momentum.text(), page.threat.text()) == ("3", "5")
    assert "Alley: cramped, dark" in page.zones.text() and "Kara" in page.zones.text()
    assert "Rooftop (objective): exposed" in page.zones.text()
    assert page.next.text().startswith("The conflict has not begun")

    doc.edit("Kara acts first", edits.begin, "Kara", rules)
    settle(qtbot, tv)
    assert "Kara has just acted" in page.next.text()
    assert "✓\u00a0Kara" not in page.sides.text() and "▶\u00a0Kara\u00a0(Alley)" in page.sides.text()
    assert "·\u00a0Nasir" in page.sides.text()
    # L37: Keep the Initiative for 2 Momentum or +2 Threat
    assert page.keep.text() == "Kara may Keep the Initiative for 2 Momentum or +2 Threat"
    doc.edit("Keep", edits.keep, rules, pay="momentum", extra=True)
    settle(qtbot, tv)
    assert page.momentum.text() == "1"
    assert page.keep.text() == "Kara Keeps the Initiative: an extra action at +1 Difficulty"
    doc.edit("Hand over", edits.hand_over, None)
    settle(qtbot, tv)
    assert page.next.text() == "Assassins picks who acts next: Assassin 1, Assassin 2"
    assert "✓\u00a0Kara" in page.sides.text()
    # not twice before an enemy acts (L39): the Players' Keep is spent until an Assassin acts
    assert "Players Kept the Initiative: not again until an enemy acts" in page.keep.text()
    doc.edit("Assassin 1", edits.choose, "Assassin 1")
    settle(qtbot, tv)
    assert "Players Kept" not in page.keep.text()
    assert page.keep.text() == "Assassin 1 may Keep the Initiative for 2 Threat"
    assert "Assassin 1 takes a turn" in page.log[0].full
    # undo goes back through every move
    for _ in range(3):
        window.undo_action.trigger()
    settle(qtbot, tv)
    assert page.momentum.text() == "3" and "Kara has just acted" in page.next.text()
    assert page.keep.text() == "Kara may Keep the Initiative for 2 Momentum or +2 Threat"


# ----- a fencer and a d20 character -----------------------------------------------------------
def test_a_fencer_and_a_d20_character_are_summed_up(window, qtbot):
    from landsraad.gui.documents import Document
    from landsraad.packs.fencing.model import Fencer
    from landsraad.packs.quick.model import QuickCharacter, Weapon

    f = Document(
        "fencer", Fencer("Tessa", "good", ["feint", "riposte", "thrust"], reflexes="great", wounds={"scratch": 2})
    )
    window.add_document(f)
    tv = table(window, qtbot)
    page = tv.pack_pages["fencer"]
    text = shown_text(tv)
    # a Good fencer: 6 skill levels, 8 slots; Feint and Riposte count two each (L31-L35)
    assert "Fencing Good  ·  6 skill levels" in text and "Maneuvers (5 of 8 slots): Feint, Riposte, Thrust" in text
    assert "Reflexes Great" in text and page.track.accessibleName().startswith("Wounds: Scratch 2 of 3 checked")
    f.edit("Hurt", lambda x: x.wounds.update({"hurt": 1}))
    settle(qtbot, tv)
    assert "Hurt 1 of 1 checked" in page.track.accessibleName() and page.state.text().startswith("Hurt")
    q = Document(
        "quick-character",
        QuickCharacter(
            name="Ada",
            traits={"tech": 3, "charm": 1},
            specialties=["Hacker"],
            weapons=[Weapon("Cane sword", 2, ["light"])],
            hindrance=4,
        ),
    )
    window.add_document(q)
    settle(qtbot, tv)
    assert tv.pages.currentWidget() is tv.pack_pages["quick-character"] and "Ada" in tv.title.full
    qp = tv.pack_pages["quick-character"]
    assert "×3" in qp.traits.text() and "Hacker" in qp.specialties.text()
    assert "Cane sword (Deadly ×2" in qp.weapons.text()
    # L213-L214: Disabled at 10, Destroyed at 20
    assert qp.health.text() == "Defense 0  ·  Hindrance 4 (Disabled at 10, Destroyed at 20): active"
    q.edit("Hurt", lambda x: setattr(x, "hindrance", 12))
    settle(qtbot, tv)
    assert qp.health.text().endswith("disabled")
    window.undo_action.trigger()
    settle(qtbot, tv)
    assert qp.health.text().endswith("active")


# ----- every kind: large type, nothing to operate --------------------------------------------
@pytest.mark.parametrize("kind", ["fencing-duel", "conflict", "fencer", "quick-character"])
def test_no_text_under_24_px_at_1080_and_nothing_to_operate(window, qtbot, kind):
    from landsraad.gui.documents import Document

    if kind == "fencing-duel":
        _f, doc = duel_of_example_6(window)
        choose(window.current_view(), "regenald", "Thrust")
    elif kind == "conflict":
        doc = ambush(window)
    elif kind == "fencer":
        doc = Document("fencer")
        window.add_document(doc)
    else:
        doc = Document("quick-character")
        window.add_document(doc)
    tv = table(window, qtbot)
    tv.apply_size(1080)
    tv.refresh()
    assert tv.pages.currentWidget() is tv.pack_pages[kind]
    page = tv.pack_pages[kind]
    sizes = [lab.font().pixelSize() for lab in page.findChildren(QLabel)]
    sizes += [w.font().pixelSize() for w in page.findChildren(WoundTrack)]
    assert sizes and min(sizes) >= MIN_PX, sorted(sizes)[:5]
    assert all(lab.textFormat() == Qt.TextFormat.PlainText for lab in tv.findChildren(QLabel))
    for w in (QAbstractButton, QLineEdit, QComboBox, QAbstractItemView):
        assert not tv.findChildren(w), w


# ----- one small screen (issue 15) ------------------------------------------------------------
def test_the_roll_log_is_one_line_a_roll_cut_with_its_whole_text_in_the_tooltip(window, qtbot):
    from pathlib import Path

    from landsraad.dice import parse_dice

    doc = window.open_path(str(Path(__file__).resolve().parents[2] / "examples" / "venhei-fief.json"))
    tv = table(window, qtbot)
    tv.resize(520, 560)
    window.current_view().apply_system_roll(parse_dice("3x4 2x8 2x5 9 6 2 1"))
    settle(qtbot, tv)
    line = tv.kind_pages["fief"].log_lines[0]
    qtbot.waitUntil(lambda: 0 < line.width() < 300)
    assert isinstance(line, ElidedLine) and not line.wordWrap()
    last = doc.state.log[-1]
    assert line.full.startswith(" ".join(map(str, last.faces))) and last.why in line.full
    assert line.toolTip() == line.full == line.accessibleName()
    # one line, cut to the width the layout gave it (not a width guessed before the layout)
    assert line.height() < 2 * line.fontMetrics().height()
    assert line.text().endswith("…") and line.text()[:-1] == line.full[: len(line.text()) - 1]
    assert line.fontMetrics().horizontalAdvance(line.text()) <= line.contentsRect().width()
    narrow = line.width()
    tv.resize(tv.width() + 700, 560)
    qtbot.waitUntil(lambda: line.width() > narrow)
    fits = line.fontMetrics().horizontalAdvance(line.full) <= line.contentsRect().width()
    assert line.text() == line.full if fits else len(line.text()) > len(tv.kind_pages["fief"].log_lines[0].text()[:3])
    # the log never takes the drawing's room: the drawing keeps most of its column
    assert tv.kind_pages["fief"].drawing.height() > 1.5 * sum(
        x.height() for x in tv.kind_pages["fief"].log_lines if x.isVisible()
    )


def test_on_one_screen_it_takes_the_screen_and_gives_it_back(window, qtbot):
    """Issue 27: at 1280x720 neither window fits beside the other, and over the Judge's
    window the table view hid most of it and cut its own content: with one screen the
    screen is the group's, whole, saying so, until F5 or Escape gives it back."""
    from PySide6.QtCore import Qt

    tv = table(window, qtbot)
    assert tv.isFullScreen() and tv.isVisible() and tv.screen() is window.screen()
    assert tv.one_screen.isVisibleTo(tv) and "F5" in tv.one_screen.text()
    qtbot.keyClick(tv, Qt.Key.Key_F5)
    assert not tv.isVisible() and not window.ui.actionTableView.isChecked()
