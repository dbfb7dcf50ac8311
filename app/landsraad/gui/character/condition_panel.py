"""The Condition panel of the character view: damage boxes, taking damage, rest, Complications,
penalties, the limited uses and the evening's log.

Every change is a named engine edit of ``landsraad.play.evening`` run by ``doc.edit`` (one
undo step); what is shown comes from ``landsraad.play.condition``.  Keyboard first: each
statistic's boxes are a spin box (Up/Down tick and clear), the forms' buttons are defaults of
their fields (Enter takes the damage or rests).
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListView,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from landsraad.errors import ChoiceError
from landsraad.gui.models import Row, RowsListModel, RowsTableModel
from landsraad.gui.plain import make_plain
from landsraad.play import evening as play_edits
from landsraad.play.condition import box_rows, days_to_heal, held_uses, penalties, thresholds
from landsraad.rules.pages import cite

KINDS = ("physical", "mental", "social")


def reading_tip(cc, reading_id: str) -> str:
    """A reading of condition.toml for a tooltip: what the app does, why, the page."""
    r = cc.readings.get(reading_id)
    return cite(f"Reading: {r.choice} {r.note}", lines=True) if r else ""


class Boxes(QWidget):
    """One statistic's damage boxes, painted: ticked ones filled.  A click on box k ticks k
    boxes (a click on the last ticked one clears it)."""

    clicked = Signal(int)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.total, self.ticked = 0, 0
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the spin box beside it is the keyboard's

    def set_boxes(self, total: int, ticked: int) -> None:
        self.total, self.ticked = total, ticked
        self.setAccessibleName(f"{ticked} of {total} boxes ticked")
        self.updateGeometry()
        self.update()

    def _side(self) -> int:
        return max(12, self.fontMetrics().height())

    def sizeHint(self) -> QSize:
        s = self._side()
        return QSize(max(self.total, 1) * (s + 4), s + 2)

    def mousePressEvent(self, event) -> None:
        s = self._side()
        k = int(event.position().x() // (s + 4)) + 1
        if 1 <= k <= self.total:
            self.clicked.emit(k - 1 if k == self.ticked else k)

    def paintEvent(self, _event) -> None:
        p = QPainter(self)
        s = self._side()
        ink = self.palette().color(self.foregroundRole())
        for k in range(self.total):
            r = QRectF(k * (s + 4) + 1, 1, s - 1, s - 1)
            p.setPen(QPen(ink, 1.2))
            p.setBrush(QColor("#8b1e1e") if k < self.ticked else Qt.BrushStyle.NoBrush)
            p.drawRect(r)
        p.end()


class ConditionPanel(QWidget):
    def __init__(self, doc, parent=None):
        super().__init__(parent)
        self.doc = doc
        self.setObjectName("conditionPanel")
        self._syncing = False
        outer = QHBoxLayout(self)
        outer.setContentsMargins(4, 4, 4, 4)
        left, right = QVBoxLayout(), QVBoxLayout()
        outer.addLayout(left, 5)
        outer.addLayout(right, 6)

        # --- damage boxes ----------------------------------------------------------------
        self.boxes_box = QGroupBox("Damage boxes")
        cc = play_edits.rules(doc.content)
        self.boxes_box.setToolTip(reading_tip(cc, "boxes"))
        grid = QGridLayout(self.boxes_box)
        grid.setContentsMargins(6, 4, 6, 4)
        grid.setVerticalSpacing(2)
        self.spins: dict[str, QSpinBox] = {}
        self.strips: dict[str, Boxes] = {}
        self.names: dict[str, QLabel] = {}
        cc = play_edits.rules(doc.content)
        row = 0
        for kind in cc.kinds:
            head = QLabel(kind.name)
            bold = head.font()
            bold.setBold(True)
            head.setFont(bold)
            head.setToolTip(
                cite(
                    f"{kind.name} Damage: one statistic at 0: {kind.one_at_zero}; both: "
                    f"{kind.both_at_zero} ({kind.line})"
                )
            )
            grid.addWidget(head, row, 0)  # the kind beside its first statistic: a row less each
            for stat in kind.statistics:
                name = QLabel()
                spin = QSpinBox()
                spin.setRange(0, 10)
                spin.setMaximumWidth(64)
                spin.setAccessibleName(f"{doc.content.statistics[stat].name} damage boxes ticked")
                spin.setToolTip("Boxes ticked: Up ticks one, Down clears one (one undo step each)")
                strip = Boxes()
                name.setBuddy(spin)
                spin.valueChanged.connect(lambda n, s=stat: self._set_boxes(s, n))
                strip.clicked.connect(lambda n, s=stat: self._set_boxes(s, n))
                grid.addWidget(name, row, 1)
                grid.addWidget(spin, row, 2)
                grid.addWidget(strip, row, 3)
                self.spins[stat], self.strips[stat], self.names[stat] = spin, strip, name
                row += 1
        grid.setColumnStretch(3, 1)
        self.states = QLabel()
        self.states.setWordWrap(True)
        self.states.setStyleSheet("color: #8b1e1e; font-weight: bold;")
        grid.addWidget(self.states, row, 0, 1, 4)
        left.addWidget(self.boxes_box)

        # --- take damage -------------------------------------------------------------------
        dmg = QGroupBox("Take damage")
        dmg.setToolTip(
            cite(
                "Armour off Physical Damage (L421), then up to half the Physical or Social "
                "points moved to Mental (L402), then Physical, Mental, Social (L302); a kind "
                "ticked 'as Complication' becomes its Complication (L304)."
            )
        )
        g = QGridLayout(dmg)
        g.setContentsMargins(6, 4, 6, 4)
        g.setVerticalSpacing(2)
        self.take: dict[str, QSpinBox] = {}
        self.as_comp: dict[str, QCheckBox] = {}
        for i, kind in enumerate(KINDS):
            spin = QSpinBox()
            spin.setRange(0, 30)
            spin.setMaximumWidth(64)
            lab = QLabel(f"&{kind.title()}" if kind != "social" else "S&ocial")
            lab.setBuddy(spin)
            box = QCheckBox("Complication")
            box.setToolTip(
                cite(f"All the {kind.title()} Damage as the Complication of as many points (L304)")
                + "\n"
                + reading_tip(cc, "complication-held")
            )
            g.addWidget(lab, i, 0)
            g.addWidget(spin, i, 1)
            g.addWidget(box, i, 2)
            self.take[kind], self.as_comp[kind] = spin, box
        self.armour = QSpinBox()
        self.armour.setRange(0, 3)
        self.armour.setMaximumWidth(56)
        self.armour.setToolTip(cite("Armour Rating 1-3 reduces Physical Damage 1 for 1 (L421)"))
        self.transfer = QSpinBox()
        self.transfer.setRange(0, 15)
        self.transfer.setMaximumWidth(56)
        self.transfer.setToolTip(
            cite("Points moved to Mental Damage: one for every 2 Physical or Social (L402)")
            + "\n"
            + reading_tip(cc, "transfer-to-mental")
        )
        lab_a, lab_t = QLabel("&Armour"), QLabel("To M&D")
        lab_a.setBuddy(self.armour)
        lab_t.setBuddy(self.transfer)
        ar = QHBoxLayout()
        ar.addWidget(lab_a)
        ar.addWidget(self.armour)
        ar.addWidget(lab_t)
        ar.addWidget(self.transfer)
        ar.addStretch(1)
        g.addLayout(ar, 3, 0, 1, 3)
        self.detail = QLineEdit()
        self.detail.setPlaceholderText("where (the left arm), for a Complication")
        self.take_button = QPushButton("Ta&ke damage")
        self.take_button.clicked.connect(self.take_damage)
        g.addWidget(self.detail, 4, 0, 1, 2)
        g.addWidget(self.take_button, 4, 2)
        for w in (*self.take.values(), self.armour, self.transfer):
            w.editingFinished.connect(lambda: None)
            w.lineEdit().returnPressed.connect(self.take_damage)
        self.detail.returnPressed.connect(self.take_damage)
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #8b1e1e;")
        g.addWidget(self.error, 5, 0, 1, 3)
        left.addWidget(dmg)

        # --- rest -----------------------------------------------------------------------------
        rest = QGroupBox("Rest and healing")
        rest.setToolTip(reading_tip(cc, "healing-clock"))
        h = QHBoxLayout(rest)
        h.setContentsMargins(6, 4, 6, 4)
        self.days = QSpinBox()
        self.days.setRange(1, 365)
        self.days.setMaximumWidth(84)
        self.days.setValue(7)
        self.days.setSuffix(" days")
        lab_d = QLabel("&Rest")
        lab_d.setBuddy(self.days)
        self.cut_kind = QComboBox()
        self.cut_kind.addItem("no cut", "")
        for k in (*KINDS, "complication"):
            self.cut_kind.addItem(f"cut: {k}", k)
        self.cut_kind.setMinimumContentsLength(8)
        self.cut_kind.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.cut_kind.setToolTip(
            cite(
                "A physician's, therapist's or campaign's Width cuts that many days "
                "off the box (or Complication level) healing now (L393, L396)"
            )
        )
        self.cut = QSpinBox()
        self.cut.setRange(0, 10)
        self.cut.setMaximumWidth(64)
        self.cut.setPrefix("W ")
        self.rest_button = QPushButton("Re&st")
        self.rest_button.clicked.connect(self.heal)
        self.days.lineEdit().returnPressed.connect(self.heal)
        for w in (lab_d, self.days, self.cut_kind, self.cut, self.rest_button):
            h.addWidget(w)
        self.heal_time = QLabel()
        left.addWidget(self.heal_time)
        left.addStretch(1)

        # --- Complications and penalties ------------------------------------------------------
        comp = QGroupBox("Complications and penalties")
        v = QVBoxLayout(comp)
        v.setContentsMargins(6, 4, 6, 4)
        self.comps = RowsListModel(self)
        self.comp_view = QListView()
        self.comp_view.setModel(self.comps)
        self.comp_view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.comp_view.setAccessibleName("Complications and penalties")
        self.comp_view.setMinimumHeight(self.comp_view.fontMetrics().height() * 3)
        v.addWidget(self.comp_view)
        self.end_comp = QPushButton("&Clear it")
        self.end_comp.setToolTip("The Judge ends the selected Complication (counseling, treatment)")
        self.end_comp.clicked.connect(self.end_complication)
        # a Complication named directly (a Called Shot's, or the Judge's call): the tables by kind
        self.comp_pick = QComboBox()
        for entry in cc.complications:
            self.comp_pick.addItem(f"{entry.kind.title()} {entry.points}: {entry.name}", entry.id)
            self.comp_pick.setItemData(
                self.comp_pick.count() - 1,
                cite(f"{entry.effect}; {entry.scope} ({entry.line})"),
                Qt.ItemDataRole.ToolTipRole,
            )
        self.comp_pick.setAccessibleName("A Complication from the tables")
        self.comp_pick.setMinimumContentsLength(12)
        self.comp_pick.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.add_comp = QPushButton("Add")
        self.add_comp.setToolTip("Add the Complication chosen (where: the field under Take damage)")
        self.add_comp.clicked.connect(self.add_complication)
        row_c = QHBoxLayout()
        row_c.addWidget(self.comp_pick, 1)
        row_c.addWidget(self.add_comp)
        row_c.addWidget(self.end_comp)
        v.addLayout(row_c)
        right.addWidget(comp, 2)

        # --- uses --------------------------------------------------------------------------------
        uses = QGroupBox("Limited uses")
        v = QVBoxLayout(uses)
        v.setContentsMargins(6, 4, 6, 4)
        self.uses = RowsTableModel(["Use", "Left", "Effect"], self)
        self.use_view = QTableView()
        self.use_view.setModel(self.uses)
        self.use_view.verticalHeader().hide()
        self.use_view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.use_view.setTabKeyNavigation(False)
        hh = self.use_view.horizontalHeader()
        hh.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        hh.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        hh.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.use_view.activated.connect(lambda _i: self.spend())
        v.addWidget(self.use_view)
        b = QHBoxLayout()
        self.spend_button = QPushButton("&Use one")
        self.spend_button.clicked.connect(self.spend)
        self.session_button = QPushButton("Sess&ion ends")
        self.session_button.clicked.connect(lambda: self.reset("session"))
        self.month_button = QPushButton("Mon&th ends")
        self.month_button.clicked.connect(lambda: self.reset("month"))
        for w in (self.spend_button, self.session_button, self.month_button):
            b.addWidget(w)
        b.addStretch(1)
        v.addLayout(b)
        right.addWidget(uses, 2)
        right.addWidget(rest)

        # --- the evening's log ------------------------------------------------------------------
        log = QGroupBox("The evening")
        v = QVBoxLayout(log)
        v.setContentsMargins(6, 4, 6, 4)
        self.log = RowsListModel(self)
        self.log_view = QListView()
        self.log_view.setModel(self.log)
        self.log_view.setAccessibleName("The evening's log")
        self.log_view.setMinimumHeight(self.log_view.fontMetrics().height() * 3)
        v.addWidget(self.log_view)
        right.addWidget(log, 3)
        make_plain(self)  # names and Complication details are shown as typed, never as HTML
        doc.changed.connect(self.refresh)
        self.refresh()

    # ----- edits: each one undo step -----------------------------------------------------------
    def _set_boxes(self, stat: str, n: int) -> None:
        if self._syncing:
            return
        name = self.doc.content.statistics[stat].name
        self.doc.edit(f"{name}: {n} box(es) ticked", play_edits.set_boxes, self.doc.content, stat, n)

    def take_damage(self) -> None:
        pts = {k: s.value() for k, s in self.take.items()}
        if not any(pts.values()):
            self.error.setText("Set the points of damage first.")
            return
        comps = [k for k, b in self.as_comp.items() if b.isChecked() and pts[k]]
        what = ", ".join(f"{n} {k.title()}" for k, n in pts.items() if n)
        try:
            self.doc.edit(
                f"Take {what} Damage",
                play_edits.take_damage,
                self.doc.content,
                physical=pts["physical"],
                mental=pts["mental"],
                social=pts["social"],
                transfer=self.transfer.value(),
                armour=self.armour.value(),
                complication=comps,
                detail=self.detail.text().strip(),
            )
        except ChoiceError as exc:
            self.error.setText(str(exc))
            return
        self.error.setText("")
        for s in (*self.take.values(), self.transfer):
            s.setValue(0)
        for b in self.as_comp.values():
            b.setChecked(False)
        self.detail.clear()

    def heal(self) -> None:
        kind = self.cut_kind.currentData()
        cuts = {kind: self.cut.value()} if kind and self.cut.value() else None
        days = self.days.value()
        self.doc.edit(f"Rest {days} day(s)", play_edits.heal, self.doc.content, days, cuts)
        self.cut.setValue(0)

    def add_complication(self) -> None:
        cid = self.comp_pick.currentData()
        try:
            self.doc.edit(
                f"Take {self.comp_pick.currentText()}",
                play_edits.take_complication,
                self.doc.content,
                cid,
                self.detail.text().strip(),
            )
        except ChoiceError as exc:
            self.error.setText(str(exc))
            return
        self.error.setText("")
        self.detail.clear()

    def end_complication(self) -> None:
        idx = self.comp_view.currentIndex()
        payload = self.comps.payload(idx.row()) if idx.isValid() else None
        if isinstance(payload, int):
            self.doc.edit("End a Complication", play_edits.remove_complication, self.doc.content, payload)

    def spend(self) -> None:
        idx = self.use_view.currentIndex()
        uid = self.uses.payload(idx.row()) if idx.isValid() else None
        if uid is None:
            return
        try:
            self.doc.edit(f"Use {uid.replace('-', ' ')}", play_edits.spend_use, self.doc.content, uid)
        except ChoiceError as exc:
            self.error.setText(str(exc))

    def reset(self, period: str) -> None:
        self.doc.edit(f"End of the {period}", play_edits.reset_uses, self.doc.content, period)

    # ----- showing ---------------------------------------------------------------------------------
    def refresh(self) -> None:
        doc = self.doc
        ch, sheet, c = doc.state, doc.sheet, doc.content
        cc = play_edits.rules(c)
        self._syncing = True
        try:
            for r in box_rows(sheet.statistics, ch.condition, cc):
                spin, strip = self.spins[r.statistic], self.strips[r.statistic]
                spin.setMaximum(r.boxes)
                spin.setValue(min(r.ticked, r.boxes))
                strip.set_boxes(r.boxes, min(r.ticked, r.boxes))
                self.names[r.statistic].setText(f"{c.statistics[r.statistic].name} {r.current}/{r.boxes}")
        finally:
            self._syncing = False
        st = thresholds(sheet.statistics, ch.condition, cc)
        self.states.setText("; ".join(f"{k.title()}: {s}" for k, s in st))
        self.states.setVisible(bool(st))
        rows = []
        for i, held in enumerate(ch.condition.complications):
            comp = cc.complication(held.id)
            left = comp.points - held.levels_healed
            rows.append(
                Row(
                    (f"{comp.name}" + (f" ({held.detail})" if held.detail else "") + f": {left} week(s) to heal",),
                    payload=i,
                    tooltip=cite(f"{comp.name} ({comp.points} points): {comp.effect}; {comp.scope} ({comp.line})"),
                )
            )
        for p in penalties(ch.condition, cc):
            bits = ", ".join(
                t for t in (f"-{p.height} Height" if p.height else "", f"-{p.dice}d" if p.dice else "") if t
            )
            rows.append(
                Row(
                    (f"   {p.source}: {bits}",),
                    payload=None,
                    tooltip=cite(f"{p.source}: {bits} on {p.scope} ({p.line})"),
                )
            )
        self.comps.set_rows(rows)
        self.end_comp.setEnabled(bool(ch.condition.complications))
        names = {k: a.name for k, a in c.advantages.items()}
        names.update({k: f.name for k, f in c.feats.items()})
        urows = held_uses(ch, sheet.feats, sheet.advantages, cc, names)
        self.uses.set_rows(
            [
                Row(
                    (u.name, f"{u.left}/{u.times} a {u.use.per}", u.use.effect),
                    payload=u.use.id,
                    tooltip=cite(f"{u.name}: {u.use.effect} ({u.use.line})"),
                    enabled=True,
                )
                for u in urows
            ]
        )
        self.spend_button.setEnabled(bool(urows))
        self.log.set_rows(
            [
                Row((f"{e.what}: {e.text}" + (f"  [{e.reading}]" if e.reading else ""),), tooltip=f"{e.when}: {e.text}")
                for e in reversed(ch.log)
            ]
        )
        days = days_to_heal(sheet.statistics, ch.condition, cc)
        self.heal_time.setText(f"Healed in {days} day(s) of rest" if days else "Unhurt")

    def first_control(self) -> QWidget:
        return self.take["physical"]

    def tab_stops(self) -> list[QWidget]:
        """Taking damage first (the evening's most common change), then rest, the boxes, the
        Complications, the uses and the log."""
        out: list[QWidget] = []
        for k in KINDS:
            out += [self.take[k], self.as_comp[k]]
        out += [
            self.armour,
            self.transfer,
            self.detail,
            self.take_button,
            self.days,
            self.cut_kind,
            self.cut,
            self.rest_button,
            *self.spins.values(),
            self.comp_view,
            self.comp_pick,
            self.add_comp,
            self.end_comp,
            self.use_view,
            self.spend_button,
            self.session_button,
            self.month_button,
            self.log_view,
        ]
        return out
