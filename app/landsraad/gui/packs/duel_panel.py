"""A duel on the Judge's screen, one round of the Dueling System at a time.

Step One: each fencer's maneuver is chosen in secret (the choice, with its Reaction and
options, is hidden as soon as it is made, so the screen can be shared); "Reveal" turns
them all over together and the table view shows each Initiative; "Fight" lets the engine
play Steps Two to Four with dice seeded, asked or typed from the table; "Next step" shows
the group the fight one step at a time (the steps not shown yet are grey here).  Every
step is listed as a sentence with the seed's line, every roll in the round's log, and the
wound tracks are updated.  Each of these is one undoable edit of
``landsraad.packs.fencing.duel_edits``.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from landsraad.errors import LandsraadError
from landsraad.gui.documents import EditResult
from landsraad.packs.fencing import duel_edits, edits
from landsraad.present.shown import shown

HIDDEN = "chosen — hidden until the reveal"


class _CardPicker(QComboBox):
    """A closed combo box picks with the arrow keys, letters and the wheel, and a pick here
    lays the card face down: those keys open the list instead and the wheel does nothing, so
    only Enter or a click in the list chooses."""

    def keyPressEvent(self, event) -> None:  # noqa: N802 - Qt's name
        # letters too: a closed combo box picks the first item they start
        if event.key() in (
            Qt.Key.Key_Up,
            Qt.Key.Key_Down,
            Qt.Key.Key_PageUp,
            Qt.Key.Key_PageDown,
            Qt.Key.Key_Home,
            Qt.Key.Key_End,
        ) or (event.text() and event.text().isprintable() and event.text() != " "):
            self.showPopup()
            return
        super().keyPressEvent(event)

    def wheelEvent(self, event) -> None:  # noqa: N802 - Qt's name
        event.ignore()


class _Side(QGroupBox):
    """One fencer's corner: its condition and its secret choice (kept face down in the
    duel, ``duel.secret``, so the table view can say "chosen" and undo takes it back)."""

    def __init__(self, panel: DuelPanel, side: str):
        super().__init__()
        self.panel, self.side = panel, side
        lay = QGridLayout(self)
        self.condition = QLabel()
        self.condition.setTextFormat(Qt.TextFormat.RichText)
        lay.addWidget(self.condition, 0, 0, 1, 2)
        self.stack = QStackedWidget()
        self.choice = _CardPicker()
        self.choice.activated.connect(self._chosen)
        self.hidden = QLabel(HIDDEN)
        self.hidden.setStyleSheet("font-style: italic;")
        self.stack.addWidget(self.choice)
        self.stack.addWidget(self.hidden)
        choice_label = QLabel("Secret &choice")
        choice_label.setBuddy(self.choice)
        lay.addWidget(choice_label, 1, 0)
        lay.addWidget(self.stack, 1, 1)
        self.again = QPushButton("Change")
        self.again.setToolTip("Take the card back and choose again (before the reveal)")
        self.again.clicked.connect(self.clear)
        lay.addWidget(self.again, 2, 1)
        self.fudge = QPushButton("Fudge Point")
        self.fudge.setToolTip(
            "Incapacitated: spend a Fudge Point for one tremendous action this round, even a maneuver (L153)"
        )
        self.fudge.clicked.connect(
            lambda: self.panel.edit("Spend a Fudge Point", duel_edits.spend_fudge_point, self.side, self.panel.c)
        )
        lay.addWidget(self.fudge, 2, 0)
        self.react = QComboBox()
        # the Reaction and the options are part of the secret: hidden with the choice
        self.options: list = []
        self._option_row(lay, 3, "React with", self.react)
        self.target = QComboBox()
        self._option_row(lay, 4, "Target", self.target)
        # the fencer's own options for the round (L73, L180)
        self.lower = QComboBox()
        self.lower.addItem("as its Reflexes", None)
        for lv in panel.c.levels:
            if not lv.judge_only:
                self.lower.addItem(f"lowered to {lv.name}", lv.id)
        self._option_row(lay, 5, "Base Initiative", self.lower)
        self.pull = QComboBox()
        self.pull.addItem("no limit", None)
        for w in panel.c.wounds:
            self.pull.addItem(f"at most {w.name}", w.id)
        self._option_row(lay, 6, "Pull punches", self.pull)

    def _option_row(self, lay: QGridLayout, row: int, text: str, widget: QWidget) -> None:
        lab = QLabel(text)
        lab.setBuddy(widget)
        lay.addWidget(lab, row, 0)
        lay.addWidget(widget, row, 1)
        self.options += [lab, widget]

    @property
    def value(self):
        """The card face down for this fencer, None while it is still choosing."""
        return self.panel.doc.state.secret.get(self.side)

    def fill(self, duel, c) -> None:
        cb = duel.combatant(self.side)
        f = cb.fencer
        self.setTitle(shown(f.name or self.side))
        self.choice.clear()
        self.choice.addItem("— choose in secret —", None)
        self.choice.addItem("No fencing action", ("none", None))
        known = [c.maneuver(i) for i in f.maneuvers if c.maneuver(i)]
        for m in known:
            if m.contest == "fencing":
                for x in known:
                    if x.id != m.id:
                        self.choice.addItem(f"Feint to {x.name}", (m.id, x.id))
            else:
                self.choice.addItem(m.name, (m.id, None))
        for act in c.actions:  # not fencing: a blow, a throw, a shot (L215-243)
            self.choice.addItem(f"{act.name} (not fencing)", ("action", act.id))
        self.react.clear()
        self.react.addItem("no Reaction", None)
        for m in known:
            if m.contest != "fencing":
                self.react.addItem(m.name, m.id)
        self.target.clear()
        for other in duel.combatants:
            if other.side != self.side:
                self.target.addItem(shown(other.fencer.name or other.side), other.side)
        self.target.setEnabled(len(duel.combatants) > 2)
        from landsraad.packs.fencing.wounds import can_act, wound_state

        state = wound_state(c, f)
        extra = [
            x
            for x, on in (
                ("disarmed: its action is retrieving the blade", cb.disarmed),
                (f"blades locked with {cb.locked_with}", bool(cb.locked_with)),
                (f"{cb.initiative_penalty:+d} Initiative (pushed)", bool(cb.initiative_penalty)),
                ("a Fudge Point spent: one action this round (L153)", f.fudge_action),
            )
            if on
        ]
        boxes = "  ".join(
            f"{w.name} " + "■" * f.wounds.get(w.id, 0) + "□" * (w.boxes - f.wounds.get(w.id, 0)) for w in c.wounds
        )
        # rich text for the bold state; every name in it escaped (issue 13: names are text)
        self.condition.setText(
            f"<b>{escape(state)}</b>"
            + (" — " + escape("; ".join(extra)) if extra else "")
            + f"<br><small>{escape(boxes)}</small>"
        )
        able = can_act(c, f)
        from landsraad.packs.fencing.wounds import is_incapacitated

        # shown while it can be spent (the fencer cannot act, so its option rows are hidden)
        self.fudge.setVisible(is_incapacitated(c, f) and not f.fudge_action)
        self.fudge.setEnabled(f.fudge_points > 0 and not duel.revealed)
        self.fudge.setText(f"Fudge Point ({f.fudge_points})")
        self.choice.setEnabled(able and not duel.revealed)
        chosen = self.value is not None
        if chosen and duel.revealed:
            from landsraad.packs.fencing.duel_edits import choice_label

            self.hidden.setText(f"turned over: {choice_label(c, self.value)}")
        else:
            self.hidden.setText(HIDDEN)
        # face down: the Judge's screen hides the card as the group's does
        self.stack.setCurrentWidget(self.hidden if chosen and able else self.choice)
        self.choice.setCurrentIndex(0 if able else 1)
        for w in self.options:
            w.setVisible(able and not chosen)

    def _chosen(self, index: int) -> None:
        data = self.choice.itemData(index)
        if data is None:
            return
        name = self.title() or self.side
        self.choice.setCurrentIndex(0)  # nothing on screen says what was picked
        self.panel.edit(
            f"{name} chooses in secret", duel_edits.choose_in_secret, self.panel.c, self.side, self.make_choice(data)
        )

    def clear(self) -> None:
        self.panel.edit(f"{self.title() or self.side} chooses again", duel_edits.withdraw_choice, self.side)

    def make_choice(self, data):
        from landsraad.packs.fencing.duel import Choice

        man, second = data
        common = {
            "target": self.target.currentData(),
            "react_with": self.react.currentData(),
            "lower_to": self.lower.currentData(),
            "pull_to": self.pull.currentData(),
        }
        if man == "action":
            return Choice(None, action=second, **common)
        return Choice(None if man == "none" else man, feint_to=second, **common)


class DuelPanel(QWidget):
    def __init__(self, doc, parent=None):
        super().__init__(parent)
        self.doc = doc
        self.c = doc.content
        lay = QVBoxLayout(self)
        self.title = QLabel()
        self.title.setTextFormat(Qt.TextFormat.RichText)
        top = QHBoxLayout()
        top.addWidget(self.title, 1)
        # the Judge's settings of the campaign (L128, L139), each an undoable edit
        self.realism = QSpinBox()
        self.realism.setRange(0, 6)
        self.realism.setPrefix("Realism Modifier ")
        self.realism.valueChanged.connect(
            lambda v: None if self._refreshing else doc.edit("Realism Modifier", edits.set_realism, v)
        )
        self.damage_roll = QCheckBox("Damage roll (optional rule)")
        self.damage_roll.toggled.connect(
            lambda on: None if self._refreshing else doc.edit("Damage roll", edits.set_damage_roll, on)
        )
        top.addWidget(self.realism)
        top.addWidget(self.damage_roll)
        # outside the round's four steps: the environment's move (L193) and the Melee System (L248)
        from PySide6.QtWidgets import QMenu

        self.more_button = QPushButton("Mo&re")
        more = QMenu(self.more_button)
        self.env_action = more.addAction("The surroundings hit a fencer…")
        self.env_action.setToolTip(
            "Fire, a fall or an explosion hits a fencer in Step Four, when the environment "
            "gets its move (L193). Reading environment-damage: Basic Damage - DDM - the "
            "Realism Modifier, looked up on the wound table (L130, L159-L167)"
        )
        self.env_action.triggered.connect(self.surroundings)
        self.melee_action = more.addAction("Melee System order (d6 + Reflexes)")
        self.melee_action.setToolTip(
            "The Melee System (L248-L254): each fencer rolls a d6 plus its Reflexes "
            "bonus, highest first; foes tied go by Reflexes. A read: the duel is not changed"
        )
        self.melee_action.triggered.connect(self.melee_order)
        more.setToolTipsVisible(True)
        self.more_button.setMenu(more)
        self.more_button.setToolTip("The surroundings' damage (L193-L208) and the Melee System's order (L248-L254)")
        top.addWidget(self.more_button)
        lay.addLayout(top)
        self._refreshing = False
        sides = QHBoxLayout()
        self.sides = {cb.side: _Side(self, cb.side) for cb in doc.state.combatants}
        for s in self.sides.values():
            sides.addWidget(s)
        lay.addLayout(sides)

        dice = QHBoxLayout()
        self.seeded = QRadioButton("Roll 4dF with seed")
        self.seeded.setChecked(True)
        self.seed = QSpinBox()
        self.seed.setRange(0, 2**31 - 1)
        self.seed.setSpecialValueText("random")
        self.asked = QRadioButton("Ask each roll as it comes")
        self.asked.setToolTip("The round is fought step by step: each roll is asked for when the rules need it")
        self.typed = QRadioButton("Typed from the table")
        self.typed_text = QLineEdit()
        self.typed_text.setPlaceholderText("results in order, e.g. +1 -2 0  (or faces +-0+)")
        self.typed_text.textEdited.connect(lambda _t: self.typed.setChecked(True))
        for w in (self.seeded, self.seed, self.asked, self.typed):
            dice.addWidget(w)
        dice.addWidget(self.typed_text, 1)
        lay.addLayout(dice)
        # the round at the table: turn the cards over, fight, show the group each step
        buttons = QHBoxLayout()
        self.reveal_button = QPushButton("&Reveal the choices")
        self.reveal_button.setToolTip(
            "Turn every card over together: the table view shows each maneuver and Initiative (L69-72)"
        )
        self.reveal_button.clicked.connect(self.reveal)
        self.fight_button = QPushButton("Fi&ght the round")
        self.fight_button.setToolTip("Steps Two to Four with the dice above (the cards are turned over first)")
        self.fight_button.clicked.connect(self.fight)
        self.step_button = QPushButton("Show &next step")
        self.step_button.setToolTip("The table view shows the fight's next step: a roll, a parry, the damage")
        self.step_button.clicked.connect(self.next_step)
        self.all_button = QPushButton("Show &all steps")
        self.all_button.clicked.connect(self.all_steps)
        self.stage = QLabel()
        buttons.addWidget(self.stage, 1)
        for b in (self.reveal_button, self.fight_button, self.step_button, self.all_button):
            buttons.addWidget(b)
        lay.addLayout(buttons)
        self.error = QLabel()
        self.error.setStyleSheet("color: #a33b20;")
        self.error.setWordWrap(True)
        lay.addWidget(self.error)

        self.steps = QListWidget()
        self.steps.setWordWrap(True)
        self.rolls = QListWidget()
        self.rolls.setWordWrap(True)
        lower = QHBoxLayout()
        box = QGroupBox("The round, step by step")
        QVBoxLayout(box).addWidget(self.steps)
        lower.addWidget(box, 3)
        box = QGroupBox("Rolls")
        QVBoxLayout(box).addWidget(self.rolls)
        lower.addWidget(box, 2)
        lay.addLayout(lower, 1)

        doc.changed.connect(self.refresh)
        self.refresh()

    def ask_surroundings(self):
        """(side, "fire" | "fall" | "damage", amount) from a small dialog, or None."""
        from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout

        dlg = QDialog(self)
        dlg.setWindowTitle("The surroundings hit a fencer")
        form = QFormLayout(dlg)
        who, what, amount = QComboBox(), QComboBox(), QSpinBox()
        for cb in self.doc.state.combatants:
            who.addItem(cb.fencer.name or cb.side, cb.side)
        what.addItem("Fire: Basic Damage 2-4 (L200)", "fire")
        what.addItem("A fall: feet, a point per 5 (L203)", "fall")
        what.addItem("Explosion or other: Basic Damage (L206)", "damage")
        amount.setRange(0, 999)
        amount.setValue(2)
        form.addRow("&Whom", who)
        form.addRow("W&hat", what)
        form.addRow("&Amount", amount)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(dlg.accept)
        buttons.rejected.connect(dlg.reject)
        form.addRow(buttons)
        if dlg.exec() != QDialog.DialogCode.Accepted:
            return None
        return who.currentData(), what.currentData(), amount.value()

    def surroundings(self) -> bool:
        """The environment's move (L193): one undoable edit on the combatant hit."""
        asked = self.ask_surroundings()
        if asked is None:
            return False
        side, source, amount = asked
        return self.edit("The surroundings hit", duel_edits.environment_damage, side, self.c, source, amount)

    def melee_order(self) -> list:
        """The Melee System's Initiative, option 2 (L250-L254), for the duel's fencers: the d6
        from the seed above (or fresh), shown in the Rolls list; the duel is not changed."""
        import random

        from landsraad.dice import new_seed
        from landsraad.errors import LandsraadError
        from landsraad.packs.fencing.melee import d6_initiative

        combs = self.doc.state.combatants
        rng = random.Random(self.seed.value() or new_seed())
        rolls = [rng.randint(1, 6) for _ in combs]
        ties = [rng.randint(1, 6) for _ in combs]
        try:
            order = d6_initiative([(cb.fencer, cb.side) for cb in combs], self.c, rolls, ties)
        except LandsraadError as exc:
            self.error.setText(str(exc))
            return []
        text = "; ".join(
            f"{i}. " + " and ".join(f"{m.name} {m.total} (d6 {m.die} {m.bonus:+d})" for m in g)
            for i, g in enumerate(order, 1)
        )
        self.rolls.insertItem(
            0, f"Melee System order (L250-L252): {text}. A defensive maneuver may be taken out of turn (L257)."
        )
        return order

    def ask_roll(self, who: str, why: str, base: str) -> str:
        """One roll from the table, asked when the round needs it (tests replace this)."""
        from PySide6.QtWidgets import QInputDialog

        text, ok = QInputDialog.getText(
            self, "Roll 4dF", f"{who}: {why}\nfrom {base}\n\nThe result (-4 to +4) or the four faces (e.g. +-0+):"
        )
        if not ok:
            raise LandsraadError("the round was not fought: a roll was cancelled")
        return text

    def edit(self, text: str, change, *args):
        """A duel edit as one undo step (its ``EditResult``, true even when it changed
        nothing, as the panel has always counted a made edit); a refusal is shown, nothing
        changes and it is False."""
        try:
            result = self.doc.edit(text, change, *args)
        except LandsraadError as exc:
            self.error.setText(str(exc))
            return False
        self.error.clear()
        return EditResult(True, result.value)

    def update_ready(self) -> None:
        from landsraad.packs.fencing.duel_edits import needs_choice, stage_of

        duel = self.doc.state
        for s in self.sides.values():
            s.again.setVisible(s.value is not None and not duel.revealed and s.choice.isEnabled())
        ready = all(s.value is not None or not needs_choice(duel, self.c, side) for side, s in self.sides.items())
        self.fight_button.setEnabled(ready)
        self.fight_button.setToolTip(
            "Steps Two to Four with the dice above" if ready else "Every fencer chooses in secret first (Step One, L62)"
        )
        self.reveal_button.setEnabled(ready and not duel.revealed)
        stage = stage_of(duel)
        self.step_button.setEnabled(stage == "fighting")
        self.all_button.setEnabled(stage == "fighting")
        left = len(duel.exchanges[-1]["steps"]) - (duel.shown or 0) if stage == "fighting" else 0
        self.stage.setText(
            {
                "choosing": "Step One: each fencer chooses in secret",
                "revealed": "The cards are turned over: fight the round",
                "fighting": f"The group has not seen {left} step(s) of the round yet",
                "fought": "The group has seen the whole round",
            }[stage]
        )

    def reveal(self) -> bool:
        return self.edit(f"Reveal round {self.doc.state.round + 1}", duel_edits.reveal_choices, self.c)

    def next_step(self) -> bool:
        return self.edit("Show the next step", duel_edits.show_next_step)

    def all_steps(self) -> bool:
        return self.edit("Show every step", duel_edits.show_all_steps)

    def fight(self) -> dict | None:
        from landsraad.packs.fencing.dice import FudgeDice

        try:
            if self.typed.isChecked():
                dice = FudgeDice(typed=self.typed_text.text())
            elif self.asked.isChecked():
                dice = FudgeDice(ask=self.ask_roll)
            else:
                dice = FudgeDice(seed=self.seed.value() or None)
        except LandsraadError as exc:
            self.error.setText(str(exc))
            return None
        done = self.edit(f"Round {self.doc.state.round + 1}", duel_edits.fight_round, self.c, dice)
        if not done:
            return None
        self.typed_text.clear()
        return done.value  # the exchange's record, as the engine returned it

    def refresh(self) -> None:
        duel = self.doc.state
        self._refreshing = True
        self.realism.setValue(duel.realism)
        self.damage_roll.setChecked(duel.damage_roll)
        self._refreshing = False
        self.title.setText(
            f"<h3>Duel: {escape(self.doc.display_name())}</h3>Round {duel.round} fought · Realism "
            f"{duel.realism}" + (" · damage roll" if duel.damage_roll else "")
        )
        for s in self.sides.values():
            s.fill(duel, self.c)
        self.steps.clear()
        if duel.revealed:
            from landsraad.packs.fencing.duel_edits import revealed_steps

            self.steps.addItem(f"Round {duel.round + 1}: the cards are turned over; fight the round")
            for st in revealed_steps(duel, self.c):
                self.steps.addItem(st["text"] + (f"   [{st['line']}]" if st.get("line") else ""))
        elif duel.exchanges:
            last = duel.exchanges[-1]
            head = QListWidgetItem(f"Round {last['round']}")
            font = head.font()
            font.setBold(True)
            head.setFont(font)
            self.steps.addItem(head)
            shown = len(last["steps"]) if duel.shown is None else duel.shown
            for i, st in enumerate(last["steps"]):
                item = QListWidgetItem(st["text"] + (f"   [{st['line']}]" if st.get("line") else ""))
                if st["step"] in ("wound", "attack") and st.get("hit"):
                    item.setForeground(Qt.GlobalColor.darkRed)
                if st["step"] == "wound":
                    item.setForeground(Qt.GlobalColor.darkRed)
                if i >= shown:  # not yet on the group's screen
                    item.setForeground(Qt.GlobalColor.gray)
                    item.setToolTip("Not shown on the table view yet: Show next step")
                    f = item.font()
                    f.setItalic(True)
                    item.setFont(f)
                self.steps.addItem(item)
        else:
            self.steps.addItem("No round fought yet: each fencer chooses in secret, then reveal and fight.")
        self.rolls.clear()
        for e in reversed(duel.log[-60:]):
            faces = "".join({1: "+", -1: "-", 0: "0"}[x] for x in e.roll.faces) if e.roll.faces else "typed"
            self.rolls.addItem(f"{e.who}, {e.why}: {e.roll.result:+d} [{faces}] → {e.reading}")
        self.update_ready()
