"""A fencer of Across The Dune Sea: Fencing and what it costs, the maneuvers it knows
against its slots (Feint and Riposte take two), its traits, weapons with their Offensive
Damage Modifier, armour, the wound track with its boxes, and the findings.

Every change is one ``Document.edit`` (undoable); the numbers come from the engine.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from landsraad.findings import Severity
from landsraad.packs.fencing import edits

TRAITS = (
    ("reflexes", "Reflexes"),
    ("muscle", "Muscle"),
    ("stamina", "Stamina"),
    ("willpower", "Willpower"),
    ("damage_capacity", "Damage Capacity"),
)


class FencerView(QScrollArea):
    def __init__(self, doc, parent=None):
        super().__init__(parent)
        self.doc = doc
        c = self.c = doc.content
        self.setWidgetResizable(True)
        body = QWidget()
        self.setWidget(body)
        grid = QGridLayout(body)

        # ----- who, Fencing and its cost --------------------------------------------------------
        who = QGroupBox("Fencer")
        form = QFormLayout(who)
        self.name = QLineEdit()
        self.name.setPlaceholderText("Name")
        self.name.textEdited.connect(lambda t: self._edit("Name", edits.set_name, t, merge="name"))
        form.addRow("Name", self.name)
        self.fencing = QComboBox()
        for lv in c.levels:
            self.fencing.addItem(lv.name + (" (where the Judge allows)" if lv.judge_only else ""), lv.id)
        self.fencing.activated.connect(lambda i: self._edit("Fencing", edits.set_fencing, self.fencing.itemData(i), c))
        form.addRow("Fencing", self.fencing)
        self.legendary = QCheckBox("The Judge allows Legendary Fencing")
        self.legendary.toggled.connect(lambda on: self._edit("Legendary allowed", edits.set_legendary_allowed, on))
        form.addRow("", self.legendary)
        self.legendary_cost = QSpinBox()
        self.legendary_cost.setRange(0, 40)
        self.legendary_cost.setSpecialValueText("not set")
        self.legendary_cost.valueChanged.connect(
            lambda v: self._edit("Legendary cost", edits.set_legendary_cost, v or None, merge="legendary-cost")
        )
        form.addRow("Legendary cost", self.legendary_cost)
        self.cost = QLabel()
        form.addRow("Skill levels", self.cost)
        self.slots = QProgressBar()
        self.slots.setTextVisible(True)
        form.addRow("Maneuver slots", self.slots)
        grid.addWidget(who, 0, 0)

        # ----- traits, weapons, armour --------------------------------------------------------------
        traits = QGroupBox("Traits")
        tform = QFormLayout(traits)
        self.trait_boxes = {}
        for key, label in TRAITS:
            box = QComboBox()
            for lv in c.levels:
                if not lv.judge_only:
                    box.addItem(f"{lv.name} ({lv.value:+d})", lv.id)
            box.activated.connect(
                lambda i, key=key, box=box, label=label: self._edit(label, edits.set_trait, key, box.itemData(i), c)
            )
            tform.addRow(label, box)
            self.trait_boxes[key] = box
        self.armour = QComboBox()
        for a in c.armour:
            self.armour.addItem(f"{a.name} ({a.defence:+d})", a.id)
        self.armour.activated.connect(lambda i: self._edit("Armour", edits.set_armour, self.armour.itemData(i), c))
        tform.addRow("Armour", self.armour)
        self.ddm = QLabel()
        tform.addRow("Defensive Damage Modifier", self.ddm)
        grid.addWidget(traits, 1, 0)

        weapons = QGroupBox("Weapons")
        wl = QVBoxLayout(weapons)
        self.weapons = QTableWidget(0, 4)
        self.weapons.setHorizontalHeaderLabels(["Weapon", "Name", "Sharp", "ODM"])
        head = self.weapons.horizontalHeader()
        head.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        head.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.weapons.verticalHeader().hide()
        self.weapons.itemChanged.connect(self._weapon_item_changed)
        wl.addWidget(self.weapons)
        row = QHBoxLayout()
        self.add_weapon = QComboBox()
        for w in c.weapons:
            self.add_weapon.addItem(f"{w.name} ({w.damage:+d})", w.id)
            tip = " ".join(
                x
                for x in (
                    f"{w.impromptu_penalty:+d} to Reflexes and Fencing while fighting with it (L172-L173)."
                    if w.impromptu_penalty
                    else "",
                    "One use (L197)." if w.once_per_combat and not w.ranged else "",
                    f"Reading: {w.note}" if w.note else "",
                )
                if x
            )
            if tip:
                self.add_weapon.setItemData(self.add_weapon.count() - 1, tip, Qt.ItemDataRole.ToolTipRole)
        add = QPushButton("Add")
        add.clicked.connect(self._add_weapon)
        remove = QPushButton("Remove selected")
        remove.clicked.connect(self._remove_weapon)
        row.addWidget(self.add_weapon, 1)
        row.addWidget(add)
        row.addWidget(remove)
        wl.addLayout(row)
        grid.addWidget(weapons, 2, 0)

        # ----- maneuvers ---------------------------------------------------------------------------
        mbox = QGroupBox("Maneuvers known")
        ml = QVBoxLayout(mbox)
        self.maneuvers = QListWidget()
        for m in c.maneuvers:
            init = (
                "Special"
                if m.initiative == "special"
                else ("varies" if m.initiative == "varies" else f"{int(m.initiative):+d}")
            )
            item = QListWidgetItem(f"{m.name}  ·  Init {init}" + ("  ·  counts as two" if m.slots > 1 else ""))
            item.setData(Qt.ItemDataRole.UserRole, m.id)
            item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
            item.setToolTip(f"{m.effect}\n(seed {m.line})")
            self.maneuvers.addItem(item)
        self.maneuvers.itemChanged.connect(self._maneuver_toggled)
        ml.addWidget(self.maneuvers)
        grid.addWidget(mbox, 0, 1, 2, 1)

        # ----- wounds ----------------------------------------------------------------------------
        wbox = QGroupBox("Wound track")
        wg = QGridLayout(wbox)
        self.wound_checks: dict[str, list[QCheckBox]] = {}
        self.wound_bands: dict[str, QLabel] = {}
        for r, wlv in enumerate(c.wounds):
            wg.addWidget(QLabel(f"<b>{wlv.name}</b>"), r, 0)
            band = QLabel()
            self.wound_bands[wlv.id] = band
            wg.addWidget(band, r, 1)
            checks = []
            holder = QWidget()
            row_lay = QHBoxLayout(holder)
            row_lay.setContentsMargins(0, 0, 0, 0)
            for k in range(wlv.boxes):
                cb = QCheckBox()
                cb.setToolTip(wlv.effect)
                cb.toggled.connect(lambda _on, wid=wlv.id: self._wounds_changed(wid))
                row_lay.addWidget(cb)
                checks.append(cb)
            row_lay.addStretch(1)
            wg.addWidget(holder, r, 2)
            effect = QLabel(f"<small>{wlv.effect}</small>")
            effect.setWordWrap(True)
            wg.addWidget(effect, r, 3)
            self.wound_checks[wlv.id] = checks
        self.lackey = QCheckBox("Lackey: the Realism Modifier does not widen the table")
        self.lackey.toggled.connect(lambda on: self._edit("Lackey", edits.set_lackey, on))
        wg.setColumnStretch(3, 1)
        wg.addWidget(self.lackey, len(c.wounds), 0, 1, 4)
        self.steadied = QCheckBox("Made the Willpower roll at Good (penalties one less)")
        self.steadied.toggled.connect(lambda on: self._edit("Willpower roll", edits.set_willpower_steadied, on))
        wg.addWidget(self.steadied, len(c.wounds) + 1, 0, 1, 4)
        self.state_label = QLabel()
        wg.addWidget(self.state_label, len(c.wounds) + 2, 0, 1, 4)
        heal = QHBoxLayout()  # healing (L264-270), each one undoable step
        tend = self.tend_button = QPushButton("Tend Scratches")
        tend.clicked.connect(lambda: self._edit("Tend Scratches", edits.tend, c))
        self.doctor_result = QComboBox()
        for lv_id, n in c.doctor.items():
            self.doctor_result.addItem(f"Doctor: {c.level(lv_id).name} (-{n})", lv_id)
        doctor = self.treat_button = QPushButton("Treat")
        doctor.clicked.connect(lambda: self._edit("Doctor", edits.treat, self.doctor_result.currentData(), c))
        week = self.rest_button = QPushButton("A week of rest")
        week.clicked.connect(lambda: self._edit("A week of rest", edits.rest, c))
        for w in (tend, self.doctor_result, doctor, week):
            heal.addWidget(w)
        heal.addStretch(1)
        wg.addLayout(heal, len(c.wounds) + 3, 0, 1, 4)
        grid.addWidget(wbox, 2, 1)

        # ----- in play: lackeys, the Incapacitated fencer, the surroundings -------------------------
        play = QGroupBox("In play")
        pl = QVBoxLayout(play)

        def line(*widgets) -> None:
            row = QHBoxLayout()
            for w in widgets:
                row.addWidget(w)
            row.addStretch(1)
            pl.addLayout(row)

        self.lackey_track = QCheckBox("Lackey: Undamaged, Hurt, Out of Combat (L169)")
        self.lackey_track.setToolTip(
            "Reading lackey-three-levels: a Scratch or Hurt hit makes it Hurt; a Very "
            "Hurt hit or worse, or a second hit, puts it Out of Combat."
        )
        self.lackey_track.toggled.connect(lambda on: self._edit("Lackey levels", edits.set_lackey_track, on))
        line(self.lackey_track)
        self.fudge_points = QSpinBox()
        self.fudge_points.setRange(0, 99)
        self.fudge_points.setAccessibleName("Fudge Points")
        self.fudge_points.valueChanged.connect(
            lambda v: self._edit("Fudge Points", edits.set_fudge_points, v, merge="fudge-points")
        )
        self.spend_fudge = QPushButton("Spend a Fudge Point (L153)")
        self.spend_fudge.setToolTip(
            "An Incapacitated fencer manages one tremendous action, even a maneuver, "
            "before falling from its wounds (L153)"
        )
        self.spend_fudge.clicked.connect(lambda: self._edit_shown("Spend a Fudge Point", edits.spend_fudge_point, c))
        line(QLabel("Fudge Points"), self.fudge_points, self.spend_fudge)
        self.stamina_dice = QLineEdit()
        self.stamina_dice.setPlaceholderText("4dF: +1 or +-0+")
        self.stamina_dice.setToolTip("The 4dF result or four faces; empty: the app rolls")
        self.stamina_dice.setAccessibleName("Stamina roll dice")
        self.stamina_dice.setMaximumWidth(140)
        self.stamina_button = QPushButton("Stamina against Fair (L153)")
        self.stamina_button.setToolTip(
            "Incapacitated: roll Stamina, with the wound penalty, against Fair to stay conscious (reading stamina-roll)"
        )
        self.stamina_button.clicked.connect(self._stamina)
        line(QLabel("Stay conscious"), self.stamina_dice, self.stamina_button)
        self.hazard = QComboBox()
        self.hazard.setAccessibleName("What hits the fencer")
        self.hazard.addItem("Fire: Basic Damage 2-4 (L200)", "fire")
        self.hazard.addItem("Fall: feet (a point per 5, L203)", "fall")
        self.hazard.addItem("Explosion, other: Basic Damage (L206)", "damage")
        self.hazard.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.hazard.setMinimumContentsLength(12)
        self.hazard_amount = QSpinBox()
        self.hazard_amount.setRange(0, 999)
        self.hazard_amount.setValue(2)
        self.hazard_amount.setAccessibleName("Amount")
        self.hazard_realism = QSpinBox()
        self.hazard_realism.setRange(0, 9)
        self.hazard_realism.setValue(c.realism_default)
        self.hazard_realism.setPrefix("Realism ")
        self.hazard_button = QPushButton("Take the damage")
        self.hazard_button.setToolTip(
            "Reading environment-damage: Basic - DDM - Realism (L130), then the wound table and the boxes (L159-L167)"
        )
        self.hazard_button.clicked.connect(
            lambda: self._edit_shown(
                "Damage from the surroundings",
                edits.take_environment_damage,
                c,
                self.hazard.currentData(),
                self.hazard_amount.value(),
                self.hazard_realism.value(),
            )
        )
        line(self.hazard, self.hazard_amount)
        line(self.hazard_realism, self.hazard_button)
        self.play_result = QLabel()
        self.play_result.setObjectName("fencerPlayResult")
        self.play_result.setWordWrap(True)
        pl.addWidget(self.play_result)
        pl.addStretch(1)
        grid.addWidget(play, 3, 0)

        # ----- findings and printing ---------------------------------------------------------------
        fbox = QGroupBox("Findings")
        fl = QVBoxLayout(fbox)
        self.findings = QListWidget()
        fl.addWidget(self.findings)
        export = QPushButton("Export sheet and maneuver cards…")
        export.clicked.connect(self._export)
        fl.addWidget(export)
        self.ask_pdf_path = lambda: QFileDialog.getSaveFileName(
            self, "Export PDF", f"{doc.display_name()}.pdf", "PDF (*.pdf)"
        )[0]
        grid.addWidget(fbox, 3, 1)
        grid.setColumnStretch(0, 1)
        grid.setColumnStretch(1, 1)

        doc.changed.connect(self.refresh)
        self.refresh()

    # ----- edits ---------------------------------------------------------------------------------
    def _edit(self, label: str, change, *args, merge: str | None = None) -> None:
        """One undoable engine edit, unless the change comes from ``refresh`` filling the widgets."""
        if getattr(self, "_refreshing", False):
            return
        self.doc.edit(label, change, *args, merge_key=merge)

    def _edit_shown(self, label: str, change, *args) -> None:
        """An edit the rules may refuse (a Fudge Point with none left): the refusal is shown."""
        from landsraad.errors import LandsraadError
        from landsraad.packs.fencing.wounds import wound_state

        try:
            self._edit(label, change, *args)
        except LandsraadError as exc:
            self.play_result.setText(f"Refused: {exc}")
            return
        self.play_result.setText(f"{label}: now {wound_state(self.c, self.doc.state)}.")

    def _stamina(self) -> None:
        """The Stamina roll is a read: it changes nothing on the sheet (L153)."""
        from landsraad.dice import new_seed
        from landsraad.errors import LandsraadError
        from landsraad.packs.fencing.dice import FudgeDice
        from landsraad.packs.fencing.wounds import stamina_roll

        typed = self.stamina_dice.text().strip()
        try:
            dice = FudgeDice(typed=typed) if typed else FudgeDice(seed=new_seed())
            r = dice.roll(self.doc.state.name, "Stamina to stay conscious")
            res = stamina_roll(self.c, self.doc.state, r.result)
        except LandsraadError as exc:
            self.play_result.setText(f"Not rolled: {exc}")
            return
        self.play_result.setText(
            f"Stamina {self.c.name_of(res.stamina)}, rolls {res.roll:+d}: "
            f"{self.c.name_of(res.reached)} against Fair: "
            + ("stays conscious." if res.conscious else "falls unconscious.")
            + " (L153)"
        )
        self.stamina_dice.clear()

    def _maneuver_toggled(self, item: QListWidgetItem) -> None:
        ident = item.data(Qt.ItemDataRole.UserRole)
        on = item.checkState() == Qt.CheckState.Checked
        self._edit(("Learn " if on else "Forget ") + self.c.maneuver(ident).name, edits.learn, ident, on, self.c)

    def _wounds_changed(self, wid: str) -> None:
        n = sum(1 for cb in self.wound_checks[wid] if cb.isChecked())
        self._edit(f"Wounds: {self.c.wound_level(wid).name}", edits.set_wound_boxes, wid, n, self.c)

    def _add_weapon(self) -> None:
        kind = self.add_weapon.currentData()
        self._edit(f"Add {self.c.weapon(kind).name}", edits.add_weapon, kind, self.c)

    def _remove_weapon(self) -> None:
        row = self.weapons.currentRow()
        if 0 <= row < len(self.doc.state.weapons):
            self._edit("Remove weapon", edits.remove_weapon, row)

    def _weapon_item_changed(self, item: QTableWidgetItem) -> None:
        row, col = item.row(), item.column()
        if col == 1:
            self._edit("Weapon name", edits.set_weapon_name, row, item.text(), merge=f"weapon-{row}")
        elif col == 2:
            self._edit("Sharp weapon", edits.set_weapon_sharp, row, item.checkState() == Qt.CheckState.Checked)

    def _export(self) -> None:
        path = self.ask_pdf_path()
        if path:
            self.doc.export_pdf(path)

    # ----- showing -----------------------------------------------------------------------------
    def refresh(self) -> None:
        from landsraad.packs.fencing.wounds import (
            defensive_damage_modifier,
            ladder_value,
            offensive_damage_modifier,
            slow_healing_note,
            wound_state,
        )

        self._refreshing = True
        try:
            doc, f, c = self.doc, self.doc.state, self.c
            if self.name.text() != f.name:
                self.name.setText(f.name)
            self.fencing.setCurrentIndex(max(0, self.fencing.findData(f.fencing)))
            self.legendary.setChecked(f.legendary_allowed)
            self.legendary_cost.setValue(f.legendary_cost or 0)
            lv = c.level(f.fencing)
            self.legendary_cost.setEnabled(bool(lv and lv.judge_only))
            self.cost.setText("set by the Judge" if doc.cost is None else f"{doc.cost} (from Terrible, free)")
            self.slots.setMaximum(max(doc.allowed, doc.used, 1))
            self.slots.setValue(doc.used)
            over = doc.used > doc.allowed
            self.slots.setFormat(f"{doc.used} of {doc.allowed} slots" + ("  —  too many" if over else ""))
            self.slots.setStyleSheet("QProgressBar::chunk { background: #a33b20; }" if over else "")
            for key, box in self.trait_boxes.items():
                box.setCurrentIndex(max(0, box.findData(getattr(f, key))))
            self.armour.setCurrentIndex(max(0, self.armour.findData(f.armour)))
            self.ddm.setText(f"{defensive_damage_modifier(c, f):+d}")
            for i in range(self.maneuvers.count()):
                item = self.maneuvers.item(i)
                known = item.data(Qt.ItemDataRole.UserRole) in f.maneuvers
                item.setCheckState(Qt.CheckState.Checked if known else Qt.CheckState.Unchecked)
            muscle = ladder_value(c, f.muscle)
            self.weapons.setRowCount(len(f.weapons))
            for r, w in enumerate(f.weapons):
                kind = c.weapon(w.kind)
                cells = [
                    QTableWidgetItem(kind.name if kind else w.kind),
                    QTableWidgetItem(w.name),
                    QTableWidgetItem(""),
                    QTableWidgetItem(f"{offensive_damage_modifier(c, w, muscle):+d}" if kind else "?"),
                ]
                cells[0].setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
                cells[2].setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
                cells[2].setCheckState(Qt.CheckState.Checked if w.sharp else Qt.CheckState.Unchecked)
                cells[3].setFlags(Qt.ItemFlag.ItemIsEnabled)
                for col, cell in enumerate(cells):
                    self.weapons.setItem(r, col, cell)
            r_mod = c.realism_default if f.widen_wounds else 0
            for wlv in c.wounds:
                low, high = wlv.band(r_mod)
                self.wound_bands[wlv.id].setText(f"{low}+" if high is None else f"{low}-{high}")
                n = f.wounds.get(wlv.id, 0)
                for k, cb in enumerate(self.wound_checks[wlv.id]):
                    cb.setChecked(k < n)
            self.lackey.setChecked(not f.widen_wounds)
            self.lackey_track.setChecked(f.lackey_track)
            self.fudge_points.setValue(f.fudge_points)
            from landsraad.packs.fencing.wounds import is_incapacitated

            incap = is_incapacitated(c, f)
            self.spend_fudge.setEnabled(incap and f.fudge_points > 0 and not f.fudge_action)
            self.stamina_button.setEnabled(incap)
            if f.fudge_action:
                self.spend_fudge.setText("Spent: one action next round")
            else:
                self.spend_fudge.setText("Spend a Fudge Point (L153)")
            self.steadied.setChecked(f.willpower_steadied)
            slow = slow_healing_note(c, f)
            self.state_label.setText(
                f"Condition: <b>{escape(str(wound_state(c, f)))}</b>  (bands for Realism {r_mod})"
                + (f"<br><small>{escape(slow)}</small>" if slow else "")
            )
            self.rest_button.setToolTip(
                "A wound level a week without a doctor (L268): the worst wound drops one "
                "level, whatever is checked below it." + (f"\n{slow}" if slow else "")
            )
            self.findings.clear()
            for x in doc.findings:
                item = QListWidgetItem(f"{x.severity.value}: {x.message}  [{x.rule}]")
                if x.severity is Severity.ERROR:
                    item.setForeground(Qt.GlobalColor.darkRed)
                self.findings.addItem(item)
            if not doc.findings:
                self.findings.addItem("No findings: the fencer follows the rules.")
        finally:
            self._refreshing = False
