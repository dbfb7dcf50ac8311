"""The Roll panel of the character view: a Statistic + Skill roll read as the rules read it.

Pick the Statistic and Skill (or double-click a skill on the summary), the Difficulty, bonus
and penalty dice, the actions; the exact odds show before the roll.  Then Roll (the app's
dice, seeded and logged) or type the dice; the coach lists every legal reading, best first;
the one picked goes to the document's log (``landsraad.play.evening.log_roll``, one undo
step).  An opponent's dice typed beside make it an opposed test: the counter dice gobble.

Keyboard first: Ctrl+R comes here (the Statistic), Tab walks the fields in reading order,
Enter in any field rolls (or reads the typed dice), Enter on a reading keeps it.  The
numbers come from ``landsraad.play`` (pool, odds, reading, contest, record); the
table view's board from ``landsraad.present.play``.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from landsraad.dice import new_seed, parse_dice, roll_pool
from landsraad.errors import LandsraadError
from landsraad.gui.models import Row, RowsListModel
from landsraad.gui.plain import make_plain
from landsraad.gui.table_widgets import ElidedLine
from landsraad.play import evening as play_edits
from landsraad.play.condition import current_statistics, penalties
from landsraad.present.play import for_players
from landsraad.rules.pages import cite

ATTACKS = (("", "no attack"), ("light", "Light: W"), ("medium", "Medium: W+1"), ("heavy", "Heavy: W+2"))


class RollPanel(QWidget):
    rolled = Signal()  # a roll was kept in the log (the table view redraws)

    def __init__(self, doc, parent=None):
        super().__init__(parent)
        self.doc = doc
        self.setObjectName("rollPanel")
        self.pool = None
        self.faces: tuple[int, ...] = ()
        self.seed: int | None = None
        self.choices: list = []
        self.opposed = None
        self.against_reading = None
        outer = QVBoxLayout(self)
        outer.setContentsMargins(4, 4, 4, 4)

        # --- what is rolled ------------------------------------------------------------------
        form = QGroupBox("The roll")
        g = QGridLayout(form)
        g.setContentsMargins(6, 4, 6, 4)
        g.setVerticalSpacing(3)
        self.stat = QComboBox()
        for sid, st in doc.content.statistics.items():
            self.stat.addItem(st.name, sid)
        self.skill = QComboBox()
        self.skill.setEditable(False)
        self.difficulty = QSpinBox()
        self.difficulty.setRange(1, 10)
        self.difficulty.setValue(1)
        self.difficulty.setToolTip(cite("Difficulty 1-10: dice lower than it are discarded after the roll (L154)"))
        self.bonus = QSpinBox()
        self.bonus.setRange(0, 10)
        self.bonus.setPrefix("+")
        self.bonus.setSuffix("d")
        self.penalty = QSpinBox()
        self.penalty.setRange(0, 10)
        self.penalty.setPrefix("−")
        self.penalty.setSuffix("d")
        self.penalty.setToolTip(cite("Dice penalties; a Special Die takes them first (L245, L247)"))
        self.height = QSpinBox()
        self.height.setRange(0, 10)
        self.height.setPrefix("−")
        self.height.setToolTip(
            cite("Height penalties (Complications, bursts): off every set after the Difficulty (L315-L393, L485)")
        )
        self.actions = QSpinBox()
        self.actions.setRange(1, 5)
        self.actions.setToolTip(cite("Several actions from one roll: −1d for each beyond the first (L169)"))
        self.nominate = QCheckBox("Special Die")
        self.nominate.setChecked(True)
        self.nominate.setToolTip(cite("Nominate the skill's Special Die before the roll (L245)"))
        self.attack = QComboBox()
        for key, text in ATTACKS:
            self.attack.addItem(text, key)
        self.attack.setToolTip(cite("Damage = the Width, + 1 Medium, + 2 Heavy (L402)"))
        cells = (
            ("S&tatistic", self.stat),
            ("S&kill", self.skill),
            ("&Difficulty", self.difficulty),
            ("Bon&us", self.bonus),
            ("&Penalty", self.penalty),
            ("Hei&ght", self.height),
            ("Act&ions", self.actions),
        )
        for w in (
            self.difficulty,
            self.bonus,
            self.penalty,
            self.height,
            self.actions,
            self.against_difficulty if hasattr(self, "against_difficulty") else self.actions,
        ):
            w.setMaximumWidth(64)
        self.skill.setMinimumContentsLength(12)
        self.skill.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        # three rows of three: what is rolled; the Difficulty and dice; Height, actions, damage
        places = ((0, 0), (0, 1), (1, 0), (1, 1), (1, 2), (2, 0), (2, 1))
        for (text, w), (r, k) in zip(cells, places):
            lab = QLabel(text)
            lab.setBuddy(w)
            g.addWidget(lab, r, k * 2)
            g.addWidget(w, r, k * 2 + 1)
        g.addWidget(self.nominate, 0, 4, 1, 2)
        g.addWidget(self.attack, 2, 4, 1, 2)
        g.setColumnStretch(6, 1)
        # the dice bonuses of the character's advantages and feats for this skill (dice.toml):
        # ticked, they go into the pool; the Judge says whether the situation is theirs
        self.bonus_row = QHBoxLayout()
        self.bonus_row.setContentsMargins(0, 0, 0, 0)
        self.bonus_boxes: dict[str, QCheckBox] = {}
        self._offered: tuple[str, ...] = ()
        g.addLayout(self.bonus_row, 6, 0, 1, 7)
        self.penalty_hint = QLabel()
        self.penalty_hint.setWordWrap(True)
        self.penalty_hint.setStyleSheet("color: #8b1e1e;")
        g.addWidget(self.penalty_hint, 3, 0, 1, 7)
        # one line each, cut at the width there is (the whole text in the tooltip): a wrapped
        # label in the grid overlapped the fields at 1280x720
        self.pool_line = ElidedLine()
        g.addWidget(self.pool_line, 4, 0, 1, 7)
        self.odds_line = ElidedLine()
        self.odds_line.setStyleSheet("font-weight: bold;")
        self.odds_line.setAccessibleName("The odds before the roll")
        g.addWidget(self.odds_line, 5, 0, 1, 7)
        outer.addWidget(form)

        # --- the dice -------------------------------------------------------------------------
        dice = QGroupBox("The dice")
        h = QGridLayout(dice)
        h.setContentsMargins(6, 4, 6, 4)
        self.dice = QLineEdit()
        self.dice.setPlaceholderText("type the dice (7 7 3 9) and Enter, or leave empty and Enter to roll")
        self.dice.setAccessibleName("Dice typed from the table")
        self.against = QLineEdit()
        self.against.setPlaceholderText("opponent's dice, for an opposed test")
        self.against.setAccessibleName("The opponent's dice")
        self.against_difficulty = QSpinBox()
        self.against_difficulty.setRange(1, 10)
        self.against_difficulty.setPrefix("Difficulty ")
        self.against_difficulty.setToolTip("The opponent's Difficulty")
        self.roll_button = QPushButton("&Roll")
        self.roll_button.setToolTip("Roll the app's dice (seeded: the log keeps the seed); with dice typed, read them")
        self.roll_button.clicked.connect(self.roll)
        lab = QLabel("Di&ce")
        lab.setBuddy(self.dice)
        lab2 = QLabel("&Against")
        lab2.setBuddy(self.against)
        h.addWidget(lab, 0, 0)
        h.addWidget(self.dice, 0, 1)
        h.addWidget(self.roll_button, 0, 2)
        h.addWidget(lab2, 1, 0)
        h.addWidget(self.against, 1, 1)
        h.addWidget(self.against_difficulty, 1, 2)
        self.error = QLabel()
        self.error.setStyleSheet("color: #8b1e1e;")
        self.error.setWordWrap(True)
        h.addWidget(self.error, 2, 0, 1, 3)
        self.error.hide()  # shown only with a message: the readings keep the room
        outer.addWidget(dice)

        # --- the readings ---------------------------------------------------------------------
        rbox = QGroupBox("Readings (best first): Enter keeps the one selected")
        v = QVBoxLayout(rbox)
        v.setContentsMargins(6, 4, 6, 4)
        self.readings = RowsListModel(self)
        self.readings_view = QListView()
        self.readings_view.setModel(self.readings)
        self.readings_view.setWordWrap(True)
        self.readings_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.readings_view.setAccessibleName("Readings of the dice, best first")
        self.readings_view.activated.connect(lambda idx: self.keep(idx.row()))
        self.readings_view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        v.addWidget(self.readings_view, 1)
        self.why = ElidedLine()  # one line at 1280x720; the whole why in its tooltip
        self.why.setAccessibleName("Why this reading")
        v.addWidget(self.why)
        self.readings_view.selectionModel().currentChanged.connect(self._show_why)
        bottom = QHBoxLayout()
        self.outcome = QLabel()
        self.outcome.setWordWrap(True)
        self.outcome.setTextFormat(Qt.TextFormat.PlainText)
        # Lucky (L1651): once a session, a roll with no set may be re-rolled whole
        self.lucky_button = QPushButton("Luck&y: roll again")
        self.lucky_button.setToolTip(
            cite(
                "Lucky: once per session, if you do not roll any sets, re-roll all the "
                "dice in your pool (L1651); spends the use"
            )
        )
        self.lucky_button.clicked.connect(self.lucky)
        self.lucky_button.hide()
        self.keep_button = QPushButton("Keep thi&s reading")
        self.keep_button.clicked.connect(lambda: self.keep(self.readings_view.currentIndex().row()))
        bottom.addWidget(self.outcome, 1)
        bottom.addWidget(self.lucky_button)
        bottom.addWidget(self.keep_button)
        v.addLayout(bottom)
        outer.addWidget(rbox, 1)

        for w in (self.stat, self.skill, self.attack):
            w.currentIndexChanged.connect(self.update_pool)
        self.nominate.toggled.connect(self.update_pool)
        for s in (self.difficulty, self.bonus, self.penalty, self.height, self.actions):
            s.valueChanged.connect(self.update_pool)
            s.lineEdit().returnPressed.connect(self.roll)
        self.dice.returnPressed.connect(self.roll)
        self.against.returnPressed.connect(self.roll)
        self.against_difficulty.lineEdit().returnPressed.connect(self.roll)
        self.dice.textEdited.connect(lambda _t: self._clear_readings())
        self.against.textEdited.connect(lambda _t: self._clear_readings())
        make_plain(self)
        from landsraad.gui.character.fit import keep_rows

        keep_rows(self.readings_view, 3)
        doc.changed.connect(self.refresh)
        self.refresh()

    # ----- the pool and its odds ---------------------------------------------------------------
    def refresh(self) -> None:
        """The skills the character has first (then the rest), the pool redone."""
        sheet, c = self.doc.sheet, self.doc.content
        keep = self.skill.currentData()
        self.skill.blockSignals(True)
        self.skill.clear()
        have = sorted(sheet.skills, key=lambda k: k)
        from landsraad.character.validate import skill_name

        for key in have:
            self.skill.addItem(f"{skill_name(c, sheet, key)} {sheet.skills[key]}", key)
        for sid, sk in sorted(c.skills.items(), key=lambda kv: kv[1].name):
            if sid not in sheet.skills and not sk.field:
                self.skill.addItem(f"{sk.name} 0", sid)
        i = self.skill.findData(keep)
        self.skill.setCurrentIndex(max(i, 0))
        self.skill.blockSignals(False)
        cc = play_edits.rules(c)
        pens = penalties(self.doc.state.condition, cc)
        self.penalty_hint.setText(
            (
                "In play: "
                + "; ".join(
                    f"{p.source} "
                    + ", ".join(
                        t for t in (f"−{p.height} Height" if p.height else "", f"−{p.dice}d" if p.dice else "") if t
                    )
                    for p in pens
                )
                + " — add those that apply to this roll"
            )
            if pens
            else ""
        )
        self.penalty_hint.setVisible(bool(pens))
        self.update_pool()

    def pick_skill(self, key: str) -> None:
        """A skill chosen on the summary: it and its Statistic, then the Difficulty."""
        i = self.skill.findData(key)
        if i < 0:
            return
        self.skill.setCurrentIndex(i)
        sk = self.doc.content.skills.get(key.split("(", 1)[0])
        if sk is not None and sk.statistic:
            j = self.stat.findData(sk.statistic)
            if j >= 0:
                self.stat.setCurrentIndex(j)
        self.difficulty.setFocus(Qt.FocusReason.OtherFocusReason)
        self.difficulty.selectAll()

    def update_pool(self, *_args) -> None:
        from landsraad.play.odds import pool_odds
        from landsraad.play.pool import character_pool

        self._clear_readings()
        doc = self.doc
        stats = current_statistics(doc.sheet.statistics, doc.state.condition)
        try:
            use = [bid for bid, box in self.bonus_boxes.items() if box.isChecked()]
            try:
                self.pool = character_pool(
                    doc.state,
                    doc.content,
                    self.stat.currentData(),
                    self.skill.currentData(),
                    bonus=self.bonus.value(),
                    penalty=self.penalty.value(),
                    actions=self.actions.value(),
                    nominate=self.nominate.isChecked(),
                    statistics=stats,
                    sheet=doc.sheet,
                    use=use,
                )
            except LandsraadError:  # a bonus ticked for the skill before: not this one's
                use = []
                self.pool = character_pool(
                    doc.state,
                    doc.content,
                    self.stat.currentData(),
                    self.skill.currentData(),
                    bonus=self.bonus.value(),
                    penalty=self.penalty.value(),
                    actions=self.actions.value(),
                    nominate=self.nominate.isChecked(),
                    statistics=stats,
                    sheet=doc.sheet,
                )
            self._show_bonuses(tuple(sorted(set(self.pool.offered) | set(use))))
        except LandsraadError as exc:
            self.pool = None
            self.pool_line.setText(str(exc))
            self.odds_line.setText("")
            return
        from landsraad.present.roll import odds_text, pool_text

        p = self.pool
        self.pool_line.setText("Pool " + cite(pool_text(p)))  # the one wording of the CLI too
        if p.fails:
            self.odds_line.setText("No dice: nothing is rolled and the action fails")
            return
        o = pool_odds(p, self.difficulty.value(), self.actions.value())
        self.odds_line.setText(f"Odds at Difficulty {self.difficulty.value()}: {odds_text(o)}")

    def _show_bonuses(self, offered: tuple[str, ...]) -> None:
        """One check box per dice bonus this skill is offered (its situation in the tooltip)."""
        if offered == self._offered:
            return
        from landsraad.play.content import load_dice_content

        dc = load_dice_content()
        by_id = {b.id: b for b in dc.bonuses}
        keep = {bid for bid, box in self.bonus_boxes.items() if box.isChecked() and bid in offered}
        for box in self.bonus_boxes.values():
            self.bonus_row.removeWidget(box)
            box.deleteLater()
        self.bonus_boxes = {}
        for bid in offered:
            b = by_id.get(bid)
            name = self.doc.content.feats.get(bid) or self.doc.content.advantages.get(bid)
            text = (
                (name.name if name is not None else bid)
                + (f" +{b.dice}d" if b and b.dice else "")
                + (f" +{b.special} SD" if b and b.special else "")
            )
            box = QCheckBox(text)
            box.setChecked(bid in keep)
            box.setToolTip(cite(f"{b.when} ({b.line})") if b else "")
            box.toggled.connect(self.update_pool)
            self.bonus_row.addWidget(box)
            self.bonus_boxes[bid] = box
        self._offered = offered

    # ----- the roll ------------------------------------------------------------------------------
    def _clear_readings(self) -> None:
        self.choices, self.opposed = [], None
        self.readings.set_rows([])
        if hasattr(self, "why"):
            self.why.setText("")
        if hasattr(self, "lucky_button"):
            self.lucky_button.hide()
        self.outcome.setText("")
        self.keep_button.setEnabled(False)

    def roll(self) -> None:
        """Enter: read the typed dice, or (none typed) roll the app's dice with a new seed."""
        from landsraad.play.contest import opposed
        from landsraad.play.reading import Options, readings

        self._say("")
        if self.pool is None or self.pool.fails:
            self._say("No dice to roll")
            return
        n = self.pool.rolled
        try:
            if self.dice.text().strip():
                faces, seed = parse_dice(self.dice.text(), expected=n).faces, None
            else:
                seed = new_seed()
                faces = roll_pool(n, seed).faces if n else ()
                self.dice.setText(" ".join(map(str, faces)))
            opts = Options(height_penalty=self.height.value())
            self.choices = readings(faces, self.difficulty.value(), self.pool.special, self.actions.value(), opts)
            self.against_reading = None
            self.opposed = None
            if self.against.text().strip():
                theirs = parse_dice(self.against.text())
                self.against_reading = readings(theirs.faces, self.against_difficulty.value())[0]
                self.opposed = opposed(self.choices, self.against_reading)
                self.choices = list(self.opposed.active)
        except LandsraadError as exc:
            self._say(str(exc))
            self._clear_readings()
            return
        self.faces, self.seed = tuple(faces), seed
        rows = []
        for i, r in enumerate(self.choices):
            after = ""
            if self.opposed is not None:
                g = self.opposed.results[i]
                if g.countered:
                    after = " → after the counter dice: " + " + ".join(s.label for s in g.after)
            rows.append(
                Row(
                    (
                        f"{r.text}{after}"
                        + (f"  · {r.manipulation.replace('-', ' ')}" if r.manipulation else "")
                        + ("" if r.success else "  · fails"),
                    ),
                    payload=i,
                    tooltip=for_players(r.why) + (f" ({r.pages})" if r.pages else ""),
                )
            )
        self.readings.set_rows(rows)
        if rows:
            self.readings_view.setCurrentIndex(self.readings.index(0))
            self._show_why(self.readings.index(0))
        self.keep_button.setEnabled(bool(rows))
        self.outcome.setText(
            for_players(self.opposed.outcome)
            if self.opposed is not None
            else ("seed " + str(seed) if seed is not None else "typed dice")
        )
        self.lucky_button.setVisible(self._lucky_left() > 0 and not any(r.sets for r in self.choices))
        self.readings_view.setFocus(Qt.FocusReason.OtherFocusReason)

    def _lucky_left(self) -> int:
        from landsraad.play.condition import held_uses

        doc = self.doc
        rows = held_uses(doc.state, doc.sheet.feats, doc.sheet.advantages, play_edits.rules(doc.content))
        return next((r.left for r in rows if r.use.id == "lucky"), 0)

    def lucky(self) -> None:
        """Spend Lucky (one undo step) and roll again: the app's dice, or new dice typed."""
        typed = self.seed is None
        self.doc.edit("Use Lucky", play_edits.spend_use, self.doc.content, "lucky")
        self.dice.clear()
        self._clear_readings()
        if typed:
            self._say("Lucky spent: type the new dice and Enter")
            self.dice.setFocus(Qt.FocusReason.OtherFocusReason)
        else:
            self.roll()

    def _say(self, text: str) -> None:
        self.error.setText(text)
        self.error.setVisible(bool(text))

    def _show_why(self, current, _previous=None) -> None:
        i = current.row() if current is not None and current.isValid() else -1
        self.why.setText(self.readings.rows[i].tooltip if 0 <= i < len(self.choices) else "")

    def record(self, index: int) -> dict | None:
        """The roll record of reading ``index`` (the log's and the table view's)."""
        from landsraad.play.record import record_roll

        if not (0 <= index < len(self.choices)) or self.pool is None:
            return None
        against = None
        if self.opposed is not None and self.against_reading is not None:
            g = self.opposed.results[index]
            against = {
                "who": "Opponent",
                "faces": list(self.against.text().split()),
                "reading": self.against_reading.to_json(),
                "countered": {**g.to_json(), "outcome": self.opposed.outcome},
            }
            against["faces"] = list(parse_dice(self.against.text()).faces)
        rec = record_roll(
            self.pool,
            self.faces,
            self.choices,
            index,
            who=self.doc.state.name,
            difficulty=self.difficulty.value(),
            seed=self.seed,
            actions=tuple(f"action {k + 1}" if self.actions.value() > 1 else "" for k in range(self.actions.value())),
            against=against,
        )
        data = rec.to_json()
        if self.attack.currentData():
            data["attack"] = self.attack.currentData()
        return data

    def keep(self, index: int) -> None:
        data = self.record(index)
        if data is None:
            return
        r = self.choices[index]
        text = f"{data['what']} at Difficulty {data['difficulty']}" + (" (opposed)" if data.get("against") else "")
        self.doc.edit(
            f"Roll {data['what']}: {r.text}", play_edits.log_roll, text, self.faces, self.seed, r.text, None, data
        )
        self._clear_readings()
        self.dice.clear()
        self.against.clear()
        self.rolled.emit()
        self.stat.setFocus(Qt.FocusReason.OtherFocusReason)

    def first_control(self) -> QWidget:
        return self.stat

    def tab_stops(self) -> list[QWidget]:
        # the short way first (Statistic, Skill, Difficulty, the dice: Enter rolls, Enter keeps);
        # the modifiers after, and each by its Alt+letter (Bonus, Penalty, Height, Actions)
        return [
            self.stat,
            self.skill,
            self.difficulty,
            self.dice,
            self.against,
            self.against_difficulty,
            self.roll_button,
            self.readings_view,
            self.lucky_button,
            self.keep_button,
            self.nominate,
            self.attack,
            self.bonus,
            self.penalty,
            self.height,
            self.actions,
            *self.bonus_boxes.values(),
        ]
