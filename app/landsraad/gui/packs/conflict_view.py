"""A Dune conflict's order of action in the window: the sides and who has acted this
round, who acts next, the moves open now (act, Keep the Initiative, hand over, start the
next round), the Momentum and Threat pools, zones with their traits, and the log.

Every move is one ``doc.edit`` calling ``landsraad.packs.conflict.order``; a move the
rules refuse is shown with its rule, and nothing changes.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
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
from landsraad.packs.conflict import edits, order


def _flow(*buttons: QPushButton) -> QWidget:
    """Buttons side by side that wrap onto a second line when the column is narrow (issue 15:
    at 1280x720 beside the zones they were cut to "Next roun…"), each at its whole width."""
    from PySide6.QtWidgets import QSizePolicy

    from landsraad.gui.flow_layout import FlowLayout

    holder = QWidget()
    flow = FlowLayout(holder, hspacing=6, vspacing=4)
    for b in buttons:
        flow.addWidget(b)
    policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
    policy.setHeightForWidth(True)
    holder.setSizePolicy(policy)
    return holder


class ConflictView(QWidget):
    def __init__(self, doc, parent=None):
        super().__init__(parent)
        self.doc = doc
        self.rules = doc.content.order
        outer = QHBoxLayout(self)
        split = QSplitter(Qt.Orientation.Horizontal)
        outer.addWidget(split)
        lw, rw = QWidget(), QWidget()
        rw.setMinimumWidth(240)
        left, right = QVBoxLayout(lw), QVBoxLayout(rw)
        split.addWidget(lw)
        split.addWidget(rw)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)

        head = QFormLayout()
        self.name = QLineEdit()
        self.name.setAccessibleName("Conflict name")
        self.name.textEdited.connect(
            lambda t: self.doc.edit("Rename conflict", edits.set_name, t, merge_key="conflict-name")
        )
        head.addRow("Conflic&t", self.name)  # QFormLayout makes the label its buddy
        self.momentum, self.threat = QSpinBox(), QSpinBox()
        for spin, field in ((self.momentum, "momentum"), (self.threat, "threat")):
            spin.setRange(0, 999)
            spin.setAccessibleName(field.capitalize())
            spin.valueChanged.connect(
                lambda v, f=field: self._edit(
                    f"Set {f.capitalize()}",
                    edits.set_pools,
                    **{f: v},
                    reason="set by the GM",
                    merge_key=f"conflict-{f}",
                )
            )
        pools = QHBoxLayout()
        for text, spin in (("&Momentum (players)", self.momentum), ("Th&reat (GM)", self.threat)):
            label = QLabel(text)
            label.setBuddy(spin)
            pools.addWidget(label)
            pools.addWidget(spin, 1)
        head.addRow(pools)
        left.addLayout(head)

        self.round = QLabel()
        self.round.setObjectName("conflictRound")
        left.addWidget(self.round)
        self.sides = QListWidget()
        self.sides.setAccessibleName("Sides and who has acted")
        left.addWidget(self.sides, 1)

        moves = QGroupBox("Next")
        ml = QVBoxLayout(moves)
        self.next = QLabel()
        self.next.setWordWrap(True)
        ml.addWidget(self.next)
        row = QHBoxLayout()
        self.who = QComboBox()
        self.who.setAccessibleName("Character")
        self.act = QPushButton("&Acts")
        self.act.clicked.connect(self._act)
        self.ambush = QPushButton("Am&bush (free)")
        self.ambush.clicked.connect(
            lambda: self._edit("Ambush", edits.begin, self.who.currentText(), self.rules, narrative=True)
        )
        self.ambush.setToolTip("A GM character acts first for a narrative reason (an ambush): no Threat (L35)")
        row.addWidget(self.who, 1)
        row.addWidget(_flow(self.act, self.ambush), 2)
        ml.addLayout(row)
        row = QHBoxLayout()
        self.pay = QComboBox()
        self.pay.setAccessibleName("Pay with")
        self.pay.addItem("2 Momentum", "momentum")
        self.pay.addItem("+2 Threat", "threat")
        self.keep_extra = QPushButton("&Keep: extra action")
        self.keep_extra.clicked.connect(
            lambda: self._edit("Keep the Initiative", edits.keep, self.rules, pay=self._pay(), extra=True)
        )
        self.keep_ally = QPushButton("Keep: all&y")
        self.keep_ally.clicked.connect(
            lambda: self._edit(
                "Keep the Initiative", edits.keep, self.rules, pay=self._pay(), ally=self.who.currentText()
            )
        )
        self.keep_extra.setToolTip("Keep the Initiative: the same character acts again at +1 Difficulty (L37)")
        self.keep_ally.setToolTip("Keep the Initiative: an ally who has not acted takes a turn (L37)")
        row.addWidget(self.pay, 1)
        row.addWidget(_flow(self.keep_extra, self.keep_ally), 2)
        ml.addLayout(row)
        row = QHBoxLayout()
        self.side_pick = QComboBox()
        self.side_pick.setAccessibleName("Side")
        self.hand = QPushButton("Hand &over")
        self.hand.clicked.connect(lambda: self._edit("Hand over", edits.hand_over, self.side_pick.currentData()))
        self.next_to = QPushButton("&Next round: side starts")
        self.next_to.clicked.connect(
            lambda: self._edit("Next round", edits.next_round, self.rules, to=self.side_pick.currentData())
        )
        self.next_pay = QPushButton("Next round: &pay")
        self.next_pay.clicked.connect(lambda: self._edit("Next round", edits.next_round, self.rules, pay=self._pay()))
        self.next_to.setToolTip("The last actor nominates an opposing side to start the next round (L41)")
        self.next_pay.setToolTip("The last actor pays for its own side to start the next round (L41)")
        row.addWidget(self.side_pick, 1)
        row.addWidget(_flow(self.hand, self.next_to, self.next_pay), 2)
        ml.addLayout(row)
        self.error = QLabel()
        self.error.setObjectName("conflictRefusal")
        self.error.setVisible(False)
        self.error.setWordWrap(True)
        ml.addWidget(self.error)
        left.addWidget(moves)

        setup = QGroupBox("Set up")
        sl = QVBoxLayout(setup)
        row = QHBoxLayout()
        self.new_name = QLineEdit()
        self.new_name.setPlaceholderText("name (zone: name: trait; trait)")
        self.new_name.setAccessibleName("Name of the character, side or zone to add")
        self.new_side = QComboBox()
        self.new_side.setAccessibleName("Side the character joins")
        row.addWidget(self.new_name, 1)
        row.addWidget(self.new_side)
        sl.addLayout(row)
        self.add_character = QPushButton("Add &character")
        self.add_character.clicked.connect(
            lambda: self._add_setup("Add character", edits.add_actor, self.new_name.text(), self.new_side.currentData())
        )
        self.add_character.setToolTip(
            "A character joining a begun round has not yet taken a turn and may be "
            "chosen this round (L39); the first one of a side replaces its placeholder"
        )
        self.add_side_btn = QPushButton("Add &side")
        self.add_side_btn.clicked.connect(lambda: self._add_setup("Add side", edits.add_side, self.new_name.text()))
        self.add_gm_side = QPushButton("Add &GM side")
        self.add_gm_side.clicked.connect(
            lambda: self._add_setup("Add GM side", edits.add_side, self.new_name.text(), gm=True)
        )
        self.add_zone_btn = QPushButton("Add &zone")
        self.add_zone_btn.clicked.connect(self._add_zone)
        self.remove_character = QPushButton("&Drop")
        self.remove_character.setToolTip(
            "Remove the character selected in the sides list from the conflict (a placeholder, or someone gone)"
        )
        self.remove_character.clicked.connect(self._remove_character)
        sl.addWidget(
            _flow(self.add_character, self.add_zone_btn, self.add_side_btn, self.add_gm_side, self.remove_character)
        )
        left.addWidget(setup)
        right.addWidget(QLabel("Zones"))
        self.zones = QListWidget()
        self.zones.setAccessibleName("Zones")
        self.zones.setWordWrap(True)
        right.addWidget(self.zones, 1)
        right.addWidget(QLabel("Assets"))
        self.assets = QListWidget()
        self.assets.setWordWrap(True)
        self.assets.setAccessibleName("Assets in the conflict")
        right.addWidget(self.assets, 1)
        right.addWidget(QLabel("Log"))
        self.log = QListWidget()
        self.log.setAccessibleName("Log")
        self.log.setWordWrap(True)
        right.addWidget(self.log, 2)
        doc.changed.connect(self.refresh)
        self.refresh()

    def showEvent(self, event) -> None:  # noqa: N802 - Qt's name
        for combo in (self.who, self.pay, self.side_pick, self.new_side):
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(8)
        super().showEvent(event)

    def _pay(self) -> str | None:
        state = self.doc.state
        me = state.side_of(state.current) if state.current else None
        return None if me is not None and me.gm else self.pay.currentData()

    def _edit(self, text: str, edit, *args, merge_key: str | None = None, **kwargs) -> None:
        """An engine edit as one undo step; a refusal is shown with its rule, nothing changes."""
        try:
            self.doc.edit(text, edit, *args, merge_key=merge_key, **kwargs)
            self.error.setText("")
        except LandsraadError as exc:
            self.error.setText(f"Refused: {exc}")
        self.error.setVisible(bool(self.error.text()))

    def _add_setup(self, text: str, edit, *args, **kwargs) -> None:
        """An add of the set-up; the name field is cleared once it is taken (issue 27)."""
        self._edit(text, edit, *args, **kwargs)
        if not self.error.text():
            self.new_name.clear()

    def _add_zone(self) -> None:
        self._add_setup("Add zone", edits.add_zone_typed, self.new_name.text())

    def selected_character(self) -> str | None:
        item = self.sides.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item is not None else None

    def _remove_character(self) -> None:
        who = self.selected_character()
        if who:
            self._edit(f"Remove {who}", edits.remove_actor, who)

    def _act(self) -> None:
        who = self.who.currentText()
        if self.doc.state.phase == "start":
            self._edit(f"{who} acts first", edits.begin, who, self.rules)
        else:
            self._edit(f"{who} takes a turn", edits.choose, who)

    def refresh(self) -> None:
        c = self.doc.state
        data = order.to_json(c, self.rules)
        if self.name.text() != c.name:
            self.name.setText(c.name)
        for spin, value in ((self.momentum, c.momentum), (self.threat, c.threat)):
            spin.blockSignals(True)
            spin.setValue(value)
            spin.blockSignals(False)
        kind = f" ({c.kind})" if c.kind else ""
        self.round.setText(f"Round {c.round}{kind}: {len(data['acted'])} of {len(c.actors)} have acted")
        self.sides.clear()
        for s in data["sides"]:
            self.sides.addItem(
                f"{s['name']}{'  [GM: pays Threat]' if s['gm'] else ''}"
                f"{'  [Kept: no Keep until an enemy acts]' if s['kept'] else ''}"
            )
            for a in s["characters"]:
                mark = "acted" if a["acted"] else "to act"
                now = "  ◀ now" if a["name"] == c.current else ""
                ph = "  (placeholder)" if a["placeholder"] else ""
                self.sides.addItem(f"    {a['name']}{ph}: {mark}{'  in ' + a['zone'] if a['zone'] else ''}{now}")
                self.sides.item(self.sides.count() - 1).setData(Qt.ItemDataRole.UserRole, a["name"])
        nxt = data["next"]
        phase_text = order.phase_hint(c)
        extra = f"  Extra action: +{data['extra_difficulty']} Difficulty." if data["extra_difficulty"] else ""
        self.next.setText(
            f"{phase_text}." + (f" May act: {', '.join(nxt['may_act'])}." if nxt["may_act"] else "") + extra
        )
        self.who.clear()
        if c.phase in ("start", "choose"):
            self.who.addItems(nxt["may_act"])
        else:
            mine = c.side_of(c.current).id if c.current else None
            self.who.addItems([a.name for a in c.waiting(mine)])
        self.new_side.clear()
        for s in c.sides:
            self.new_side.addItem(s.name, s.id)
        self.side_pick.clear()
        mine = c.side_of(c.current).id if c.current else None
        # an opposing side first: the initiative goes across (L37); one with characters left before others
        for s in sorted(c.sides, key=lambda s: (s.id == mine, not c.waiting(s.id))):
            self.side_pick.addItem(s.name, s.id)
        opts = set(data["options"])
        self.act.setEnabled(bool(opts & {"start", "act"}))
        self.ambush.setEnabled("start" in opts)
        self.keep_extra.setEnabled("keep-extra" in opts)
        self.keep_ally.setEnabled("keep-ally" in opts)
        self.hand.setEnabled("hand-over" in opts)
        self.next_to.setEnabled("next-round" in opts)
        self.next_pay.setEnabled("next-round" in opts)
        self.zones.clear()
        for z in c.zones:
            self.zones.addItem(
                f"{z.name}"
                + (f": {', '.join(z.traits)}" if z.traits else "")
                + ("  (objective)" if z.objective else "")
            )
        if not c.zones:
            self.zones.addItem("one zone (none named)")
        self.assets.clear()
        for x in c.assets:
            a = x.asset
            self.assets.addItem(
                f"{a.name} ({a.owner or '—'}): {a.form}, Quality {a.quality}"
                + (f", in {x.zone}" if x.zone else "")
                + ("" if x.state == "in-play" else f" — {x.state.replace('-', ' ')}")
            )
        self.log.clear()
        for e in reversed(c.log):
            self.log.addItem(f"R{e.round}  {e.text}  (M {e.momentum}, T {e.threat})")
