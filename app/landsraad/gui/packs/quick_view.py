"""A d20 Quick Rules character in the window: who, the twelve Traits x0-x3, Specialties,
weapons, Defense and Hindrance, the counts beside the samples' range, the Rerolls the
task table suggests, and the findings.  Every change is one ``doc.edit`` (undoable);
every number comes from ``landsraad.packs.quick``.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QSpinBox,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from landsraad.errors import LandsraadError
from landsraad.packs.quick import build, edits, rules


class QuickView(QWidget):
    def __init__(self, doc, parent=None):
        super().__init__(parent)
        self.doc = doc
        qc = self.qc = doc.content
        # three columns side by side, so everything is in sight at 1280x720
        outer = QHBoxLayout(self)
        split = QSplitter(Qt.Orientation.Horizontal)
        outer.addWidget(split)
        cols = [QWidget() for _ in range(3)]
        left, middle, right = (QVBoxLayout(w) for w in cols)
        for w in cols:
            split.addWidget(w)

        who = QGroupBox("Who")
        form = QFormLayout(who)
        self.template = QComboBox()
        self.template.addItem("— start from a template —", None)
        for t in (*qc.characters.values(), *qc.adversaries.values()):
            self.template.addItem(t.name + (f" (adversary, Difficulty {t.difficulty})" if t.difficulty else ""), t.id)
        self.template.activated.connect(self._take_template)
        self.name, self.description, self.background = QLineEdit(), QLineEdit(), QLineEdit()
        form.addRow("Template", self.template)
        for label, w, field in (
            ("Name", self.name, "name"),
            ("Description", self.description, "description"),
            ("Background", self.background, "background"),
        ):
            w.setAccessibleName(label)
            w.textEdited.connect(
                lambda text, f=field, lab=label: self.doc.edit(
                    f"Edit {lab.lower()}", edits.set_text, f, text, merge_key=f"quick-{f}"
                )
            )
            form.addRow(label, w)
        left.addWidget(who)

        traits = QGroupBox("Traits (x1-x3; 0 = not held)")
        grid = QGridLayout(traits)
        self.trait_spins: dict[str, QSpinBox] = {}
        for i, t in enumerate(qc.traits.values()):
            spin = QSpinBox()
            spin.setRange(0, qc.max_multiplier)
            spin.setAccessibleName(t.name)
            spin.setToolTip(t.covers)
            spin.valueChanged.connect(lambda v, tid=t.id, name=t.name: self._set_trait(tid, name, v))
            self.trait_spins[t.id] = spin
            grid.addWidget(QLabel(t.name), i // 2, (i % 2) * 2)
            grid.addWidget(spin, i // 2, (i % 2) * 2 + 1)
        left.addWidget(traits)
        self.counts = QLabel()
        self.counts.setWordWrap(True)
        left.addWidget(self.counts)

        spec = QGroupBox("Specialties (one Reroll inside their field)")
        sl = QVBoxLayout(spec)
        self.specialties = QListWidget()
        self.specialties.setWordWrap(True)
        sl.addWidget(self.specialties)
        row = QHBoxLayout()
        self.spec_pick = QComboBox()
        self.spec_pick.setEditable(True)
        self.spec_pick.setAccessibleName("Specialty to add (listed or custom)")
        for group in ("modern", "science-fiction"):
            for s in qc.specialties.values():
                if s.group == group:
                    self.spec_pick.addItem(f"{s.name}", s.id)
        self.spec_pick.setCurrentIndex(-1)
        add, remove = QPushButton("Add"), QPushButton("Remove")
        add.clicked.connect(self._add_specialty)
        remove.clicked.connect(self._remove_specialty)
        row.addWidget(self.spec_pick, 1)
        row.addWidget(add)
        row.addWidget(remove)
        sl.addLayout(row)
        middle.addWidget(spec)

        weapons = QGroupBox("Weapons")
        wl = QVBoxLayout(weapons)
        self.weapons = QListWidget()
        self.weapons.setWordWrap(True)
        wl.addWidget(self.weapons)
        row = QHBoxLayout()
        self.weapon_pick = QComboBox()
        self.weapon_pick.setAccessibleName("Sample weapon to add")
        for w in qc.weapons.values():
            self.weapon_pick.addItem(f"{w.name} (x{w.deadly})", w.id)
        add, remove = QPushButton("Add"), QPushButton("Remove")
        add.clicked.connect(self._add_weapon)
        remove.clicked.connect(self._remove_weapon)
        row.addWidget(self.weapon_pick, 1)
        row.addWidget(add)
        row.addWidget(remove)
        wl.addLayout(row)
        row = QHBoxLayout()
        self.weapon_custom = QLineEdit()
        self.weapon_custom.setPlaceholderText("own weapon: Name:light,deadly-2,ranged-far")
        self.weapon_custom.setAccessibleName("Own weapon")
        self.weapon_custom.returnPressed.connect(self._add_custom_weapon)
        row.addWidget(self.weapon_custom, 1)
        wl.addLayout(row)
        middle.addWidget(weapons)

        abilities = QGroupBox("Special Abilities")
        al = QVBoxLayout(abilities)
        self.abilities = QListWidget()
        self.abilities.setWordWrap(True)
        al.addWidget(self.abilities)
        row = QHBoxLayout()
        self.ability_text = QLineEdit()
        self.ability_text.setPlaceholderText("Name: what it does")
        self.ability_text.setAccessibleName("Special Ability to add")
        self.ability_text.returnPressed.connect(self._add_ability)
        remove = QPushButton("Remove")
        remove.clicked.connect(lambda: self._remove(self.abilities, "abilities", "Remove ability"))
        row.addWidget(self.ability_text, 1)
        row.addWidget(remove)
        al.addLayout(row)
        middle.addWidget(abilities)

        harm = QGroupBox("Defense and Hindrance")
        hl = QVBoxLayout(harm)
        row = QHBoxLayout()
        self.defense, self.hindrance = QSpinBox(), QSpinBox()
        self.defense.setRange(0, 99)
        self.hindrance.setRange(0, 99)
        self.defense.setAccessibleName("Defense from items")
        self.hindrance.setAccessibleName("Hindrance")
        self.defense.valueChanged.connect(
            lambda v: self.doc.edit("Set Defense", edits.set_number, "defense", v, merge_key="quick-defense")
        )
        self.hindrance.valueChanged.connect(
            lambda v: self.doc.edit("Set Hindrance", edits.set_number, "hindrance", v, merge_key="quick-hindrance")
        )
        row.addWidget(QLabel("Defense"))
        row.addWidget(self.defense)
        row.addWidget(QLabel("Hindrance"))
        row.addWidget(self.hindrance)
        hl.addLayout(row)
        row = QHBoxLayout()
        self.target = QSpinBox()
        self.target.setRange(0, qc.roll.difficulty_max)
        self.target.setSpecialValueText(f"default ({qc.roll.difficulty_default})")  # 0 = None: L183's 10
        self.target.setAccessibleName("Difficulty as a target")
        self.target.valueChanged.connect(
            lambda v: self.doc.edit("Set Difficulty", edits.set_difficulty, v or None, qc, merge_key="quick-difficulty")
        )
        row.addWidget(QLabel("Difficulty as a target"))
        row.addWidget(self.target, 1)
        hl.addLayout(row)
        self.status = QLabel()
        self.status.setWordWrap(True)
        hl.addWidget(self.status)
        # harm in play: an attack's Successes (L205-L210) and the avoidance roll (L252-L260)
        grid = QGridLayout()
        self.hit_successes, self.hit_deadly = QSpinBox(), QSpinBox()
        self.hit_successes.setRange(0, 99)
        self.hit_successes.setToolTip("The attack's Successes (L205)")
        self.hit_successes.setAccessibleName("Attack Successes")
        self.hit_deadly.setRange(1, 9)
        self.hit_deadly.setPrefix("x")
        self.hit_deadly.setToolTip("The weapon's Deadly multiplier (L207)")
        self.hit_deadly.setAccessibleName("Deadly")
        self.take_hit = QPushButton("Take")
        self.take_hit.setToolTip("Successes x Deadly, then abilities and Defense, become Hindrance (L205-L210)")
        self.take_hit.clicked.connect(self._take_attack)
        grid.addWidget(QLabel("Hit"), 0, 0)
        grid.addWidget(self.hit_successes, 0, 1)
        grid.addWidget(self.hit_deadly, 0, 2)
        grid.addWidget(self.take_hit, 0, 3)
        self.npc_difficulty, self.npc_multiplier, self.avoid_extra = QSpinBox(), QSpinBox(), QSpinBox()
        self.npc_difficulty.setRange(qc.roll.difficulty_min, qc.roll.difficulty_max)
        self.npc_difficulty.setValue(qc.roll.difficulty_default)
        self.npc_difficulty.setToolTip("The attacking NPC's Difficulty (L253)")
        self.npc_difficulty.setAccessibleName("Attacker's Difficulty")
        self.npc_multiplier.setRange(1, 9)
        self.npc_multiplier.setPrefix("x")
        self.npc_multiplier.setToolTip("The NPC's damage per attack Success: a wolf x1, a grizzly x2 (L259)")
        self.npc_multiplier.setAccessibleName("NPC damage per attack Success")
        self.avoid_extra.setRange(0, 5)
        self.avoid_extra.setPrefix("+")
        self.avoid_extra.setToolTip(
            "One Reroll per condition: stunned attacker, maximum range band, Evading, cover, invisible (L254-L258)"
        )
        self.avoid_extra.setAccessibleName("Avoidance conditions")
        self.avoid_button = QPushButton("Avoid")
        self.avoid_button.setToolTip(
            "The avoidance roll (typed dice below, or rolled): Combat + Swiftness against "
            "the attacker's Difficulty; a failure costs one attack Success per point below "
            "it (L252-L260)"
        )
        self.avoid_button.clicked.connect(self.avoid)
        grid.addWidget(QLabel("NPC D"), 1, 0)
        grid.addWidget(self.npc_difficulty, 1, 1)
        grid.addWidget(self.npc_multiplier, 1, 2)
        grid.addWidget(self.avoid_button, 1, 3)
        grid.addWidget(QLabel("Rerolls"), 2, 0)
        grid.addWidget(self.avoid_extra, 2, 1)
        from PySide6.QtWidgets import QCheckBox as _Check

        self.hit_stunning = _Check("Stun")
        self.hit_stunning.setToolTip(
            "A Stunning hit: up to 5 damage become temporary Hindrance for the next turn, the rest is ignored (L228)"
        )
        grid.addWidget(self.hit_stunning, 2, 2, 1, 2)
        hl.addLayout(grid)
        right.addWidget(harm)

        task = QGroupBox("Rerolls for a task (from the task table)")
        tl = QVBoxLayout(task)
        self.task = QComboBox()
        self.task.setAccessibleName("Task")
        for t in qc.tasks.values():
            self.task.addItem(t.name, t.id)
        self.task.currentIndexChanged.connect(lambda _i: self._show_task())
        self.suggestion = QLabel()
        self.suggestion.setWordWrap(True)
        tl.addWidget(self.task)
        tl.addWidget(self.suggestion)
        # the roll: the suggested Rerolls plus what the GM allows (Specialty, Tool, Evade...),
        # less the character's Hindrance; typed dice must number what the rules roll
        row = QHBoxLayout()
        self.extra = QSpinBox()
        self.extra.setRange(0, 20)
        self.extra.setPrefix("+")
        self.extra.setToolTip("More Rerolls: a Specialty in its field, a Tool, Evade, Teamwork, Extreme Effort")
        self.extra.setAccessibleName("Extra Rerolls")
        self.extra.valueChanged.connect(lambda _v: self._show_task())
        self.difficulty = QSpinBox()
        self.difficulty.setRange(qc.roll.difficulty_min, qc.roll.difficulty_max)
        self.difficulty.setValue(qc.roll.difficulty_default)
        self.difficulty.setPrefix("Difficulty ")
        self.difficulty.setAccessibleName("Difficulty")
        self.typed = QLineEdit()
        self.typed.setPlaceholderText("typed dice")
        self.typed.setAccessibleName("Typed dice")
        self.roll_button = QPushButton("Roll")
        self.roll_button.clicked.connect(self.roll)
        row.addWidget(self.extra)
        row.addWidget(self.difficulty)
        tl.addLayout(row)
        from PySide6.QtWidgets import QCheckBox

        row = QHBoxLayout()
        self.effort = QCheckBox("Extreme Effort")
        self.effort.setToolTip("+1 Reroll on this roll; after it, success or not, +1 Hindrance (L54)")
        self.teamwork = QCheckBox("Teamwork")
        self.teamwork.setToolTip(
            "Each member of the group rolls with +1 Reroll; the highest single result decides for the group (L53)"
        )
        self.effort.toggled.connect(lambda _on: self._show_task())
        self.teamwork.toggled.connect(lambda _on: self._show_task())
        self.opposed = QSpinBox()
        self.opposed.setRange(0, qc.roll.die)
        self.opposed.setSpecialValueText("no foe")
        self.opposed.setPrefix("vs ")
        self.opposed.setToolTip(
            "Opposed task: the other side's counted die; the higher wins by the difference (L3, L52)"
        )
        self.opposed.setAccessibleName("Opposed: the other side's counted die")
        row.addWidget(self.effort)
        row.addWidget(self.teamwork)
        row.addStretch(1)
        tl.addLayout(row)
        row = QHBoxLayout()
        row.addWidget(self.typed, 1)
        row.addWidget(self.opposed)
        row.addWidget(self.roll_button)
        tl.addLayout(row)
        self.rolls = QListWidget()
        self.rolls.setWordWrap(True)
        self.rolls.setAccessibleName("Rolls")
        tl.addWidget(self.rolls)
        right.addWidget(task, 3)

        for combo in (self.template, self.spec_pick, self.weapon_pick, self.task):
            # long entries must not widen the column: the list shows them whole
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(10)
        self.findings = QListWidget()
        self.findings.setWordWrap(True)
        self.findings.setAccessibleName("Findings")
        self.findings.setMaximumHeight(80)
        right.addWidget(QLabel("Findings"))
        right.addWidget(self.findings, 1)
        doc.changed.connect(self.refresh)
        self.refresh()

    # ----- edits -----------------------------------------------------------------------
    def _take_template(self, index: int) -> None:
        tid = self.template.itemData(index)
        if tid is None:
            return
        self.doc.edit(f"Start from {self.qc.template(tid).name}", edits.take_template, tid, self.qc)
        self.template.setCurrentIndex(0)

    def _set_trait(self, tid: str, name: str, v: int) -> None:
        self.doc.edit(f"{name} x{v}", edits.set_trait, tid, v, self.qc, merge_key=f"quick-trait-{tid}")

    def _add_specialty(self) -> None:
        text = self.spec_pick.currentText().strip()
        if not text:
            return
        try:
            self.doc.edit(f"Add Specialty {text}", edits.add_specialty, text, self.qc)
        except LandsraadError as exc:
            self.suggestion.setText(str(exc))
        self.spec_pick.setCurrentIndex(-1)
        self.spec_pick.setEditText("")

    def _remove_specialty(self) -> None:
        self._remove(self.specialties, "specialties", "Remove Specialty")

    def _add_weapon(self) -> None:
        wid = self.weapon_pick.currentData()
        self.doc.edit(f"Add {self.weapon_pick.currentText()}", edits.add_weapon, build.weapon_from_list(wid, self.qc))

    def _add_custom_weapon(self) -> None:
        text = self.weapon_custom.text().strip()
        if not text:
            return
        try:
            w = build.parse_weapon(text if ":" in text else text + ":", self.qc)
        except LandsraadError as exc:
            self.suggestion.setText(str(exc))
            return
        self.doc.edit(f"Add {w.name}", edits.add_weapon, w)
        self.weapon_custom.clear()

    def _add_ability(self) -> None:
        name, _, effect = self.ability_text.text().partition(":")
        if name.strip():
            self.doc.edit(f"Add {name.strip()}", edits.add_ability, name, effect)
            self.ability_text.clear()

    def _remove(self, widget, field: str, text: str) -> None:
        row = widget.currentRow()
        if row >= 0:
            self.doc.edit(text, edits.remove_item, field, row)

    def _remove_weapon(self) -> None:
        self._remove(self.weapons, "weapons", "Remove weapon")

    def roll(self):
        """A task roll with the suggested Rerolls (+ extra) against the character's Hindrance."""
        from landsraad.dice import new_seed
        from landsraad.packs.quick.roll import parse_faces, task_roll

        tid = self.task.currentData()
        s = rules.suggest_rerolls(self.doc.state, tid, self.qc)
        if not s.offered:
            self.rolls.insertItem(0, f"Not rolled: {s.note}")
            return None
        bonus = int(self.effort.isChecked()) + int(self.teamwork.isChecked())  # L54, L53
        rerolls, hindrance = s.rerolls + self.extra.value() + bonus, self.doc.state.hindrance
        typed = self.typed.text().strip()
        try:
            seed = None if typed else new_seed()
            r = task_roll(
                rerolls,
                hindrance,
                self.difficulty.value(),
                self.qc,
                dice=parse_faces(typed, self.qc.roll.die) if typed else None,
                seed=seed,
            )
        except LandsraadError as exc:
            self.rolls.insertItem(0, f"Not rolled: {exc}")
            return None
        how = "typed" if typed else f"seed {seed}"
        self.rolls.insertItem(
            0, f"{' '.join(map(str, r.dice))} → {r.counted}: {r.result.replace('-', ' ')}, {r.successes} Success(es)"
        )
        self.rolls.item(0).setToolTip(
            f"{self.qc.tasks[tid].name}: {rerolls} Rerolls, Hindrance {hindrance}, "
            f"Difficulty {r.difficulty}, dice {how}"
        )
        if self.opposed.value():
            from landsraad.packs.quick.roll import opposed

            side, k = opposed(r.counted, self.opposed.value(), self.qc)
            self.rolls.insertItem(
                0,
                "Opposed: "
                + (
                    "a tie, no winner (S2)"
                    if side is None
                    else f"{'this character' if side == 'a' else 'the other side'} wins, {k} Success(es) (L3, L52)"
                ),
            )
        if self.teamwork.isChecked():
            self.rolls.insertItem(0, "Teamwork: the group takes the highest single result (L53)")
        if self.effort.isChecked():
            from landsraad.packs.quick import edits as quick_edits

            self.doc.edit("Extreme Effort: +1 Hindrance", quick_edits.take_extreme_effort)
            self.rolls.insertItem(0, "Extreme Effort: +1 Hindrance after the roll (L54)")
        self.typed.clear()
        return r

    def _take_attack(self) -> None:
        try:
            self.doc.edit(
                "Take an attack",
                edits.take_attack,
                self.hit_successes.value(),
                self.hit_deadly.value(),
                self.hit_stunning.isChecked(),
            )
        except LandsraadError as exc:
            self.rolls.insertItem(0, f"Refused: {exc}")

    def avoid(self):
        """The avoidance roll against an NPC's attack; a failure's Hindrance is one undo step."""
        import random

        from landsraad.dice import new_seed
        from landsraad.packs.quick.play import avoidance
        from landsraad.packs.quick.roll import parse_faces

        typed = self.typed.text().strip()
        try:
            a = avoidance(
                self.doc.state,
                self.npc_difficulty.value(),
                self.npc_multiplier.value(),
                self.qc,
                self.avoid_extra.value(),
                dice=parse_faces(typed, self.qc.roll.die) if typed else None,
                rng=None if typed else random.Random(new_seed()),
            )
        except LandsraadError as exc:
            self.rolls.insertItem(0, f"Not rolled: {exc}")
            return None
        r = a.roll.roll
        if a.hindrance:
            self.doc.edit(
                "Avoidance roll failed", edits.take_avoidance, r.counted, r.difficulty, a.multiplier, r.result
            )
        self.rolls.insertItem(
            0,
            f"Avoid: {' '.join(map(str, r.dice))} → {r.counted} against {r.difficulty}: "
            f"{r.result.replace('-', ' ')}; {a.attack_successes} attack Success(es) "
            f"x{a.multiplier}: +{a.hindrance} Hindrance (L259)",
        )
        self.typed.clear()
        return a

    # ----- showing ---------------------------------------------------------------------
    def refresh(self) -> None:
        ch, qc = self.doc.state, self.qc
        for w, value in ((self.name, ch.name), (self.description, ch.description), (self.background, ch.background)):
            if w.text() != value:
                w.setText(value)
        for tid, spin in self.trait_spins.items():
            spin.blockSignals(True)
            spin.setValue(ch.traits.get(tid, 0))
            spin.blockSignals(False)
        for spin, value in (
            (self.defense, ch.defense),
            (self.hindrance, ch.hindrance),
            (self.target, ch.difficulty or 0),
        ):
            spin.blockSignals(True)
            spin.setValue(value)
            spin.blockSignals(False)
        c = rules.counts(ch, qc)
        if rules.is_adversary(ch, qc):
            target = ch.difficulty if ch.difficulty is not None else qc.roll.difficulty_default
            self.counts.setText(
                f"An adversary: Difficulty {target}, its abilities below; adversaries have no Traits "
                "(L312-L322)."
                + (f" Damage x{ch.attack_multiplier} per attack Success (L259)." if ch.attack_multiplier else "")
            )
        else:
            self.counts.setText(
                f"{c['trait_instances']} Trait instances and {c['specialties']} Specialties; the sample characters "
                f"use {c['samples']['trait_instances'][0]}-{c['samples']['trait_instances'][1]} and "
                f"{c['samples']['specialties'][0]}-{c['samples']['specialties'][1]} (information: the rules set no "
                "budget)."
            )
        self.specialties.clear()
        for sp in ch.specialties:
            entry = qc.specialties.get(sp)
            self.specialties.addItem(f"{entry.name} — {entry.field}" if entry else f"{sp} (custom)")
        self.weapons.clear()
        for w in ch.weapons:
            att = rules.weapon_rerolls(ch, w, qc)
            self.weapons.addItem(
                f"{w.name}: Deadly x{w.deadly}, {', '.join(w.traits)}"
                f"{' (' + w.band + ')' if w.band else ''}; attack Rerolls {att['rerolls']}"
                + (" *" if att["reading"] else "")
            )
            pair = " + ".join(qc.traits[t].name for t in att["traits"] if t in qc.traits)
            self.weapons.item(self.weapons.count() - 1).setToolTip(
                f"Attacks roll with {pair or 'no Trait pair'} (L179-L182)."
                + (
                    "\nReading weapon-pair: its traits name two pairs; it rolls with the one that gives this "
                    "character more Rerolls, whatever the order typed."
                    if att["reading"]
                    else ""
                )
            )
        self.abilities.clear()
        for a in ch.abilities:
            self.abilities.addItem(f"{a.name}: {a.effect}" if a.effect else a.name)
        status = rules.status(ch, qc)
        model = self.task.model()
        for i in range(self.task.count()):  # the Destroyed have no recovery roll (L214)
            item = model.item(i) if hasattr(model, "item") else None
            if item is not None:
                item.setEnabled(rules.task_offered(ch, self.task.itemData(i), qc))
        self.status.setText(
            f"{status} · Defense {rules.total_defense(ch)} in all · Disabled "
            f"{qc.hindrance.disabled}, Destroyed {qc.hindrance.destroyed}"
        )
        self.findings.clear()
        for f in self.doc.findings:
            self.findings.addItem(f"{f.severity.value}: {f.message}")
        self._show_task()

    def _show_task(self) -> None:
        tid = self.task.currentData()
        if tid is None:
            return
        s = rules.suggest_rerolls(self.doc.state, tid, self.qc)
        names = ", ".join(f"{self.qc.traits[t].name} x{n}" for t, n in s.from_traits.items()) or "no Trait that fits"
        from landsraad.packs.quick.roll import dice_for

        h = self.doc.state.hindrance
        bonus = int(self.effort.isChecked()) + int(self.teamwork.isChecked())
        n, counted = dice_for(s.rerolls + self.extra.value() + bonus, h, self.qc)
        self.suggestion.setText(
            f"{s.rerolls} Reroll(s) ({names}); Hindrance {h}: {n} d20, {counted} counts"
            + (f"\n{s.note}" if s.note else "")
        )
        self.roll_button.setEnabled(s.offered)
        self.suggestion.setToolTip(
            f"The task uses {', '.join(self.qc.traits[t].name for t in self.qc.tasks[tid].traits)}."
            " Add one Reroll (+) for each Specialty whose field covers it, a Tool, Evade... "
            "(the GM decides)."
        )
        self.suggestion.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
