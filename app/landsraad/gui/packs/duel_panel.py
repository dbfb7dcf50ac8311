"""A duel on the Judge's screen, one round of the Dueling System at a time.

Step One: each fencer's maneuver is chosen in secret (the choice is hidden as soon as it
is made, so the screen can be shared); "Reveal and fight" turns them all over together
and the engine plays Steps Two to Four with dice seeded or typed from the table.  Every
step is listed as a sentence with the seed's line, every roll in the round's log, and the
wound tracks are updated.  A round is one undoable edit.
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
from landsraad.packs.fencing import edits

HIDDEN = "chosen — hidden until the reveal"


class _Side(QGroupBox):
    """One fencer's corner: its condition and its secret choice."""

    def __init__(self, panel: DuelPanel, side: str):
        super().__init__()
        self.panel, self.side = panel, side
        lay = QGridLayout(self)
        self.condition = QLabel()
        self.condition.setTextFormat(Qt.TextFormat.RichText)
        lay.addWidget(self.condition, 0, 0, 1, 2)
        self.stack = QStackedWidget()
        self.choice = QComboBox()
        self.choice.activated.connect(self._chosen)
        self.hidden = QLabel(HIDDEN)
        self.hidden.setStyleSheet("font-style: italic;")
        self.stack.addWidget(self.choice)
        self.stack.addWidget(self.hidden)
        lay.addWidget(QLabel("Secret choice"), 1, 0)
        lay.addWidget(self.stack, 1, 1)
        self.again = QPushButton("Change")
        self.again.clicked.connect(self.clear)
        lay.addWidget(self.again, 2, 1)
        self.react = QComboBox()
        lay.addWidget(QLabel("React with"), 3, 0)
        lay.addWidget(self.react, 3, 1)
        self.target = QComboBox()
        lay.addWidget(QLabel("Target"), 4, 0)
        lay.addWidget(self.target, 4, 1)
        # the fencer's own options for the round (L73, L180)
        self.lower = QComboBox()
        self.lower.addItem("as its Reflexes", None)
        for lv in panel.c.levels:
            if not lv.judge_only:
                self.lower.addItem(f"lowered to {lv.name}", lv.id)
        lay.addWidget(QLabel("Base Initiative"), 5, 0)
        lay.addWidget(self.lower, 5, 1)
        self.pull = QComboBox()
        self.pull.addItem("no limit", None)
        for w in panel.c.wounds:
            self.pull.addItem(f"at most {w.name}", w.id)
        lay.addWidget(QLabel("Pull punches"), 6, 0)
        lay.addWidget(self.pull, 6, 1)
        self.value = None          # (maneuver, feint_to) once chosen

    def fill(self, duel, c) -> None:
        cb = duel.combatant(self.side)
        f = cb.fencer
        self.setTitle(f.name or self.side)
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
        for act in c.actions:                     # not fencing: a blow, a throw, a shot (L215-243)
            self.choice.addItem(f"{act.name} (not fencing)", ("action", act.id))
        self.react.clear()
        self.react.addItem("no Reaction", None)
        for m in known:
            if m.contest != "fencing":
                self.react.addItem(m.name, m.id)
        self.target.clear()
        for other in duel.combatants:
            if other.side != self.side:
                self.target.addItem(other.fencer.name or other.side, other.side)
        self.target.setEnabled(len(duel.combatants) > 2)
        from landsraad.packs.fencing.wounds import can_act, wound_state
        state = wound_state(c, f)
        extra = [x for x, on in (("disarmed: its action is retrieving the blade", cb.disarmed),
                                 (f"blades locked with {cb.locked_with}", bool(cb.locked_with)),
                                 (f"{cb.initiative_penalty:+d} Initiative (pushed)", bool(cb.initiative_penalty)))
                 if on]
        boxes = "  ".join(f"{w.name} " + "■" * f.wounds.get(w.id, 0) + "□" * (w.boxes - f.wounds.get(w.id, 0))
                          for w in c.wounds)
        # rich text for the bold state; every name in it escaped (issue 13: names are text)
        self.condition.setText(f"<b>{escape(state)}</b>" + (" — " + escape("; ".join(extra)) if extra else "")
                               + f"<br><small>{escape(boxes)}</small>")
        self.choice.setEnabled(can_act(c, f))
        if not can_act(c, f):
            self.value = ("none", None)
            self.stack.setCurrentWidget(self.choice)
            self.choice.setCurrentIndex(1)

    def _chosen(self, index: int) -> None:
        data = self.choice.itemData(index)
        if data is None:
            return
        self.value = data
        self.stack.setCurrentWidget(self.hidden)      # hide at once: the screen is shared
        self.panel.update_ready()

    def clear(self) -> None:
        self.value = None
        self.choice.setCurrentIndex(0)
        self.stack.setCurrentWidget(self.choice)
        self.panel.update_ready()

    def make_choice(self):
        from landsraad.packs.fencing.duel import Choice
        man, second = self.value
        common = {"target": self.target.currentData(), "react_with": self.react.currentData(),
                  "lower_to": self.lower.currentData(), "pull_to": self.pull.currentData()}
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
            lambda v: None if self._refreshing else doc.edit("Realism Modifier", edits.set_realism, v))
        self.damage_roll = QCheckBox("Damage roll (optional rule)")
        self.damage_roll.toggled.connect(
            lambda on: None if self._refreshing else doc.edit("Damage roll", edits.set_damage_roll, on))
        top.addWidget(self.realism)
        top.addWidget(self.damage_roll)
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
        self.fight_button = QPushButton("Reveal and fight the round")
        self.fight_button.clicked.connect(self.fight)
        dice.addWidget(self.fight_button)
        lay.addLayout(dice)
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

    def ask_roll(self, who: str, why: str, base: str) -> str:
        """One roll from the table, asked when the round needs it (tests replace this)."""
        from PySide6.QtWidgets import QInputDialog
        text, ok = QInputDialog.getText(self, "Roll 4dF", f"{who}: {why}\nfrom {base}\n\n"
                                        "The result (-4 to +4) or the four faces (e.g. +-0+):")
        if not ok:
            raise LandsraadError("the round was not fought: a roll was cancelled")
        return text

    def update_ready(self) -> None:
        for s in self.sides.values():
            s.again.setVisible(s.value is not None and s.choice.isEnabled())
        ready = all(s.value is not None for s in self.sides.values())
        self.fight_button.setEnabled(ready)
        self.fight_button.setToolTip("" if ready else "Every fencer chooses in secret first (Step One, L62)")

    def fight(self) -> dict | None:
        from landsraad.packs.fencing.dice import FudgeDice
        choices = {side: s.make_choice() for side, s in self.sides.items() if s.value is not None}
        try:
            if self.typed.isChecked():
                dice = FudgeDice(typed=self.typed_text.text())
            elif self.asked.isChecked():
                dice = FudgeDice(ask=self.ask_roll)
            else:
                dice = FudgeDice(seed=self.seed.value() or None)
            record = self.doc.fight(choices, dice)
        except LandsraadError as exc:
            self.error.setText(str(exc))
            return None
        self.error.clear()
        for s in self.sides.values():
            s.clear()
        self.typed_text.clear()
        self.refresh()
        return record

    def refresh(self) -> None:
        duel = self.doc.state
        self._refreshing = True
        self.realism.setValue(duel.realism)
        self.damage_roll.setChecked(duel.damage_roll)
        self._refreshing = False
        self.title.setText(f"<h3>Duel: {escape(self.doc.display_name())}</h3>Round {duel.round} fought · Realism "
                           f"{duel.realism}" + (" · damage roll" if duel.damage_roll else ""))
        for s in self.sides.values():
            keep = s.value
            s.fill(duel, self.c)
            if keep is not None and s.choice.isEnabled():
                s.value = keep
                s.stack.setCurrentWidget(s.hidden)
        self.steps.clear()
        if duel.exchanges:
            last = duel.exchanges[-1]
            head = QListWidgetItem(f"Round {last['round']}")
            font = head.font()
            font.setBold(True)
            head.setFont(font)
            self.steps.addItem(head)
            for st in last["steps"]:
                item = QListWidgetItem(st["text"] + (f"   [{st['line']}]" if st.get("line") else ""))
                if st["step"] in ("wound", "attack") and st.get("hit"):
                    item.setForeground(Qt.GlobalColor.darkRed)
                if st["step"] == "wound":
                    item.setForeground(Qt.GlobalColor.darkRed)
                self.steps.addItem(item)
        else:
            self.steps.addItem("No round fought yet: each fencer chooses in secret, then reveal and fight.")
        self.rolls.clear()
        for e in reversed(duel.log[-60:]):
            faces = "".join({1: "+", -1: "-", 0: "0"}[x] for x in e.roll.faces) if e.roll.faces else "typed"
            self.rolls.addItem(f"{e.who}, {e.why}: {e.roll.result:+d} [{faces}] → {e.reading}")
        self.update_ready()
