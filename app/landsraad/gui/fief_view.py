"""The Siridar Fief and its Houses, guided: the 11d10 of the system shown as dice in sets
and waste, bodies and Territories with their terrain, Houses placed on Territories, each
House's history roll with its events and choices, the seven Trait Scores and Ratings of
every House side by side, and a drawing of the system.

All numbers come from the House engine (``landsraad.house``); every edit is a
``FiefDocument.edit`` (one QUndoCommand).
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPen
from PySide6.QtWidgets import (QComboBox, QGridLayout, QHeaderView, QLabel, QLineEdit, QPushButton, QSizePolicy,
                               QWidget)

from landsraad.dice import new_seed, parse_dice
from landsraad.errors import LandsraadError
from landsraad.findings import Severity
from landsraad.gui import present as P
from landsraad.gui.documents import FiefDocument
from landsraad.gui.models import Row, RowsListModel, RowsTableModel, TreeModel
from landsraad.gui.resources import setup_form
from landsraad.house.fief import (add_house, creation_roll, habitable_planets, minor_houses_needed, new_fief,
                                  place_house, read_body, total_territories)
from landsraad.house.history import (choose_option, choose_table, choose_traits, history_events, resolve,
                                     roll_madness, set_history)
from landsraad.house.model import MAJOR

class _FlowRow:
    """Controls two to a row (a grid), so an event's editor never widens its column."""

    def __init__(self, holder: QWidget, columns: int = 2):
        self.grid = QGridLayout(holder)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.columns, self.n = columns, 0

    def addWidget(self, w, stretch: int = 0) -> None:
        self.grid.addWidget(w, self.n // self.columns, self.n % self.columns)
        self.n += 1


def _compact(combo: QComboBox) -> None:
    """Long item texts must not widen the column: the combo shows what fits, the list shows all."""
    combo.setSizeAdjustPolicy(QComboBox.AdjustToMinimumContentsLengthWithIcon)
    combo.setMinimumContentsLength(8)
    combo.view().setTextElideMode(Qt.ElideNone)


HOUSE_COLOURS = ("#1f5f99", "#a33b20", "#2e7d32", "#7b3f99", "#b8860b", "#00838f", "#6d4c41", "#c2185b")


def deltas_text(d: dict, content) -> str:
    names = {t.id: t.name for t in content.traits}
    return ", ".join(f"{v:+d} {names.get(k, k)}" for k, v in d.items() if v) or "no change"


def row_text(ev, content) -> str:
    row = ev.row
    if row.kind == "options":
        return " / ".join(f"({chr(96 + i)}) {deltas_text(o, content)}" for i, o in enumerate(row.options, 1))
    if row.kind == "traits":
        n = len(row.choose_traits)
        return f"choose {n} different trait{'s' if n > 1 else ''}: " + ", ".join(f"{a:+d}" for a in row.choose_traits)
    if row.kind == "madness":
        return "Madness: one d10 per trait (" + ", ".join(f"{i}: {d:+d}" for i, d in
                                                        enumerate(content.history.madness.deltas, 1)) + ")"
    from landsraad.rules.pages import cite
    return cite(row.record)


# ----- dice ------------------------------------------------------------------------------
class DiceWidget(QWidget):
    """A roll drawn as dice: each set grouped with the table row it reads as, then the waste dice."""

    def __init__(self, title: str, parent=None):
        super().__init__(parent)
        self.title = title
        self.items: list[tuple[list[int], str, str]] = []   # (faces, label, reading)
        self.caption = ""
        self.setAccessibleName(title)
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Minimum)
        self.setFocusPolicy(Qt.TabFocus)

    def set_roll(self, caption: str, items: list[tuple[list[int], str, str]]) -> None:
        self.caption, self.items = caption, items
        self.setAccessibleDescription(caption + ". " + "; ".join(f"{lab}: {rd}" for _f, lab, rd in items))
        self.updateGeometry()
        self.update()

    def _die(self) -> int:
        return int(QFontMetrics(self.font()).height() * 1.35)

    def sizeHint(self) -> QSize:
        d = self._die()
        rows = 1 + len(self.items)
        return QSize(520, rows * (d + 4) + 8)

    def minimumSizeHint(self) -> QSize:
        return QSize(280, self.sizeHint().height())

    def paintEvent(self, _event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.Antialiasing)
        d = self._die()
        fm = QFontMetrics(self.font())
        y = 2
        bold = QFont(self.font())
        bold.setBold(True)
        p.setFont(bold)
        p.setPen(QColor("#5a3412"))
        p.drawText(QRectF(4, y, self.width() - 8, d), Qt.AlignVCenter | Qt.AlignLeft, self.caption or "Not rolled yet")
        y += d + 6
        label_w = fm.horizontalAdvance("Waste 10") + 12
        for faces, label, reading in self.items:
            waste = label.startswith("waste")
            p.setFont(bold)
            p.setPen(QColor("#5a3412"))
            p.drawText(QRectF(4, y, label_w, d), Qt.AlignVCenter | Qt.AlignLeft, label)
            x = 4 + label_w
            for face in faces:
                rect = QRectF(x, y, d, d)
                p.setPen(QPen(QColor("#2b2118"), 1.6))
                p.setBrush(QColor("#fffdf8") if waste else QColor("#f0c987"))
                p.drawRoundedRect(rect, d * 0.18, d * 0.18)
                p.setFont(bold)
                p.drawText(rect, Qt.AlignCenter, str(face))
                x += d + 4
            x = max(x + 8, 4 + label_w + 5 * (d + 4) + 8)
            p.setFont(self.font())
            p.setPen(QColor("#20170f"))
            p.drawText(QRectF(x, y, max(self.width() - x - 4, 10), d), Qt.AlignVCenter | Qt.AlignLeft,
                       fm.elidedText(reading, Qt.ElideRight, max(self.width() - int(x) - 4, 10)))
            y += d + 4
        p.end()


# ----- the drawing of the system -----------------------------------------------------------
class SystemDrawing(QWidget):
    """Bodies in orbits round the star, their Territories as dots and the Houses holding them."""

    def __init__(self, doc: FiefDocument, parent=None):
        super().__init__(parent)
        self.doc = doc
        self.setAccessibleName("Drawing of the system")
        self.setMinimumSize(300, 260)
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Expanding)

    def sizeHint(self) -> QSize:
        return QSize(460, 380)

    def paintEvent(self, _event) -> None:
        fief, c = self.doc.state, self.doc.content
        p = QPainter(self)
        p.setRenderHint(QPainter.Antialiasing)
        p.fillRect(self.rect(), QColor("#1d1712"))
        w, h = self.width(), self.height()
        cx, cy = w / 2, h / 2
        bodies = fief.bodies
        n = max(len(bodies), 1)
        rx_max, ry_max = w / 2 - 40, h / 2 - 28
        p.setBrush(QColor("#ffcf5a"))
        p.setPen(Qt.NoPen)
        p.drawEllipse(QPointF(cx, cy), 14, 14)
        colours = {hs.id: QColor(HOUSE_COLOURS[i % len(HOUSE_COLOURS)]) for i, hs in enumerate(fief.houses)}
        small = QFont(self.font())
        small.setPointSizeF(max(self.font().pointSizeF() * 0.8, 7))
        p.setFont(small)
        fm = QFontMetrics(small)
        descr = []
        for i, body in enumerate(bodies):
            k = (i + 1) / n
            rx, ry = 30 + k * (rx_max - 30), 22 + k * (ry_max - 22)
            p.setPen(QPen(QColor("#6b5a45"), 1, Qt.DashLine))
            p.setBrush(Qt.NoBrush)
            p.drawEllipse(QPointF(cx, cy), rx, ry)
            angle = i * 2.39996 + 0.6
            bx, by = cx + rx * math.cos(angle), cy + ry * math.sin(angle)
            reading = read_body(body, c)
            size = 6 + 2.2 * min(reading.territories, 6)
            colour = {"planet": "#4f8fc0", "moon": "#b9b1a5", "arcology": "#d98c1f"}.get(reading.domain, "#7d6f60")
            p.setPen(QPen(QColor("#f4ead9"), 1))
            p.setBrush(QColor(colour))
            if reading.kind == "asteroid-field" or "asteroid" in reading.kind:
                for j in range(7):
                    p.drawEllipse(QPointF(bx + 9 * math.cos(j * 0.9), by + 6 * math.sin(j * 1.7)), 2.2, 2.2)
            else:
                p.drawEllipse(QPointF(bx, by), size, size)
            # territories as dots round the body, filled with the colour of the House holding it
            for j, t in enumerate(body.territories):
                a = j * 2 * math.pi / max(len(body.territories), 1)
                tx, ty = bx + (size + 6) * math.cos(a), by + (size + 6) * math.sin(a)
                holders = [hs for hs in fief.houses if hs.territory == t.id]
                p.setPen(QPen(QColor("#f4ead9"), 1))
                p.setBrush(colours[holders[0].id] if holders else QColor("#3a3027"))
                p.drawEllipse(QPointF(tx, ty), 3.5, 3.5)
            name = body.name or reading.name
            holders = [hs for hs in fief.houses for t in body.territories if hs.territory == t.id]
            p.setPen(QColor("#f4ead9"))
            tx = min(max(bx + size + 8, 2), w - fm.horizontalAdvance(name) - 2)
            ty = by - size - 2 if abs(by - cy) < 30 and abs(bx - cx) < rx_max / 2 else by - 2
            p.drawText(QPointF(tx, ty), name)
            yy = ty + fm.height()
            for hs in holders:
                p.setPen(colours[hs.id].lighter(150))
                p.drawText(QPointF(tx, yy), f"House {hs.name}")
                yy += fm.height()
            descr.append(f"{name} ({body.source})" + (": " + ", ".join(hs.name for hs in holders) if holders else ""))
        # legend: the colour of each House, top left
        ly = 4 + fm.height()
        for hs in fief.houses:
            p.setPen(Qt.NoPen)
            p.setBrush(colours[hs.id])
            p.drawEllipse(QPointF(10, ly - fm.height() / 3), 4, 4)
            p.setPen(colours[hs.id].lighter(150))
            p.drawText(QPointF(18, ly), f"House {hs.name}" + (f" · {self.doc.state.territory(hs.territory)[1].name or hs.territory}"
                                                              if self.doc.state.territory(hs.territory) else ""))
            ly += fm.height()
        if not bodies:
            p.setPen(QColor("#f4ead9"))
            p.drawText(self.rect(), Qt.AlignCenter, "Roll the system's 11d10 to see it here")
        p.end()
        self.setAccessibleDescription("; ".join(descr))


# ----- the view -----------------------------------------------------------------------------
class FiefView(QWidget):
    def __init__(self, doc: FiefDocument, parent=None):
        super().__init__(parent)
        self.doc = doc
        self.ui = setup_form("fief", self)
        self.setObjectName("fiefView")
        self.syncing = False
        self.focused_field: str | None = None
        ui = self.ui
        self.dice = DiceWidget("System roll dice")
        ui.diceHolderLayout.addWidget(self.dice)
        self.history_dice = DiceWidget("History roll dice")
        ui.historyDiceLayout.addWidget(self.history_dice)
        self.drawing = SystemDrawing(doc)
        ui.drawingLayout.addWidget(self.drawing)
        ui.seedSpin.setValue(new_seed() % 2147483647)
        ui.historySeedSpin.setValue(new_seed() % 2147483647)
        # models
        self.bodies = TreeModel(["Body / Territory", "Die", "Reads as", "Terrain", "Houses"], self)
        ui.bodiesView.setModel(self.bodies)
        ui.bodiesView.header().setSectionResizeMode(QHeaderView.ResizeToContents)
        ui.bodiesView.selectionModel().currentChanged.connect(lambda *_: self._sync_place_editor())
        self.terrain = RowsListModel(self, check_handler=self._toggle_terrain)
        ui.terrainList.setModel(self.terrain)
        self.houses = RowsListModel(self)
        ui.housesView.setModel(self.houses)
        ui.housesView.selectionModel().currentChanged.connect(lambda *_: self._sync_house_editor())
        self.events = RowsTableModel(["Die", "Table", "Event", "Offers", "Chosen"], self)
        ui.eventsView.setModel(self.events)
        ui.eventsView.verticalHeader().hide()
        eh = ui.eventsView.horizontalHeader()
        for col in (0, 1, 2):
            eh.setSectionResizeMode(col, QHeaderView.ResizeToContents)
        eh.setSectionResizeMode(3, QHeaderView.Stretch)
        eh.setSectionResizeMode(4, QHeaderView.Stretch)
        ui.eventsView.selectionModel().currentChanged.connect(lambda *_: self._sync_event_editor())
        names = [t.name for t in doc.content.traits]
        self.scores = RowsTableModel(["House"] + names, self)
        ui.scoresBox.setTitle("Trait Scores and Ratings of every House  ·  each cell: Score (Rating)")
        ui.scoresView.setModel(self.scores)
        ui.scoresView.verticalHeader().hide()
        ui.scoresView.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeToContents)
        ui.scoresView.horizontalHeader().setSectionResizeMode(QHeaderView.Stretch)
        ui.scoresView.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeToContents)
        ui.scoresView.setToolTip("Each cell: Score (Rating), the House engine's numbers; hover a row for where they come from")
        ui.outerSplitter.setStretchFactor(0, 5)
        ui.outerSplitter.setStretchFactor(1, 1)
        ui.outerSplitter.setSizes([640, 190])
        ui.mainSplitter.setSizes([600, 560, 440])
        self.findings = RowsTableModel(["Severity", "Where", "Message"], self)
        ui.findingsView.setModel(self.findings)
        ui.findingsView.verticalHeader().hide()
        fh = ui.findingsView.horizontalHeader()
        fh.setSectionResizeMode(0, QHeaderView.ResizeToContents)
        fh.setSectionResizeMode(1, QHeaderView.Interactive)
        fh.resizeSection(1, 90)
        fh.setSectionResizeMode(2, QHeaderView.Stretch)
        ui.findingsView.activated.connect(lambda idx: self.open_finding(self.findings.payload(idx.row())))
        # editors
        ui.fiefNameEdit.textEdited.connect(lambda t: self._edit_fief("name", t))
        ui.majorEdit.textEdited.connect(lambda t: self._edit_fief("house_major", t))
        ui.rollButton.clicked.connect(self.roll_seeded)
        ui.typedButton.clicked.connect(self.roll_typed)
        ui.typedEdit.returnPressed.connect(self.roll_typed)
        ui.placeNameEdit.textEdited.connect(self._rename_place)
        ui.controllerCombo.activated.connect(self._set_controller)
        ui.circlesCombo.activated.connect(self._set_circles)
        ui.arcologyCombo.activated.connect(self._set_arcology)
        ui.addHouseButton.clicked.connect(self.add_house)
        ui.newHouseEdit.returnPressed.connect(self.add_house)
        ui.removeHouseButton.clicked.connect(self.remove_house)
        ui.houseNameEdit.textEdited.connect(self._rename_house)
        ui.playerCheck.toggled.connect(self._set_player)
        ui.territoryCombo.activated.connect(self._set_territory)
        ui.predominantCombo.activated.connect(self._set_predominant)
        ui.historyRollButton.clicked.connect(self.roll_history_seeded)
        ui.historyTypedButton.clicked.connect(self.roll_history_typed)
        ui.historyTypedEdit.returnPressed.connect(self.roll_history_typed)
        ui.foundingCombo.activated.connect(self._set_founding)
        self.event_widgets: list[QWidget] = []
        for combo in self.findChildren(QComboBox):
            _compact(combo)
        ui.mainSplitter.setStretchFactor(0, 3)
        ui.mainSplitter.setStretchFactor(1, 3)
        ui.mainSplitter.setStretchFactor(2, 3)
        from landsraad.gui.house_panel import HousePanel
        self.house_panel = HousePanel(self)
        ui.houseColumnLayout.addWidget(self.house_panel)
        doc.changed.connect(self.refresh)
        self.refresh()
        if self.houses.rows:
            ui.housesView.setCurrentIndex(self.houses.index(0))

    def title(self) -> str:
        return self.doc.display_name()

    # ----- edits -----------------------------------------------------------------------------
    def _edit(self, text: str, change, merge_key: str | None = None) -> bool:
        try:
            return self.doc.edit(text, change, merge_key)
        except LandsraadError as exc:
            self.window().statusBar().showMessage(str(exc), 8000) if hasattr(self.window(), "statusBar") else None
            return False

    def _edit_fief(self, attr: str, text: str) -> None:
        if self.syncing:
            return

        def change(f):
            setattr(f, attr, text)
        self._edit(f"Edit {attr.replace('_', ' ')}", change, merge_key=f"fief.{attr}")

    def apply_system_roll(self, roll) -> None:
        content = self.doc.content

        def change(f):
            fresh = new_fief(roll, content, name=f.name, house_major=f.house_major)
            f.roll, f.bodies = fresh.roll, fresh.bodies
            f.log.extend(fresh.log)
        self._edit(f"Roll the system: {roll.text}" + (" (typed)" if roll.typed else f" (seed {roll.seed})"), change)

    def roll_seeded(self) -> None:
        seed = self.ui.seedSpin.value()
        self.apply_system_roll(creation_roll(None, seed))
        self.ui.seedSpin.setValue(new_seed() % 2147483647)
        self.ui.diceError.setText("")

    def roll_typed(self) -> None:
        try:
            roll = creation_roll(self.ui.typedEdit.text(), None)
        except LandsraadError as exc:
            self.ui.diceError.setText(str(exc))
            return
        self.ui.diceError.setText("")
        self.apply_system_roll(roll)

    def selected_place(self):
        row = self.bodies.row_at(self.ui.bodiesView.currentIndex())
        return row.payload if row is not None else None

    def _rename_place(self, text: str) -> None:
        if self.syncing or not self.selected_place():
            return
        kind, pid = self.selected_place()

        def change(f):
            if kind == "body":
                f.body(pid).name = text
            else:
                f.territory(pid)[1].name = text
        self._edit("Rename", change, merge_key=f"rename.{pid}")

    def _toggle_terrain(self, terrain_id: str, checked: bool) -> None:
        place = self.selected_place()
        if not place or place[0] != "territory":
            return
        tid = place[1]
        name = self.doc.content.terrain(terrain_id).name

        def change(f):
            t = f.territory(tid)[1]
            if checked and terrain_id not in t.features:
                t.features.append(terrain_id)
            elif not checked and terrain_id in t.features:
                t.features.remove(terrain_id)
        self._edit(f"{'Add' if checked else 'Remove'} {name}", change)

    def set_terrain(self, territory_id: str, terrain_id: str, checked: bool = True) -> None:
        """Select a Territory and tick a terrain (keyboard and tests)."""
        self.select_place(("territory", territory_id))
        self._toggle_terrain(terrain_id, checked)

    def _combo_edit(self, combo: QComboBox, text: str, apply) -> None:
        place = self.selected_place()
        if not place:
            return
        value = combo.currentData()
        self._edit(text, lambda f: apply(f, place[1], value))

    def _set_controller(self, _i) -> None:
        def apply(f, bid, value):
            f.body(bid).controller = value
        self._combo_edit(self.ui.controllerCombo, "Assign control", apply)

    def _set_circles(self, _i) -> None:
        def apply(f, bid, value):
            f.body(bid).circles = value
        self._combo_edit(self.ui.circlesCombo, "Set the ring's body", apply)

    def _set_arcology(self, _i) -> None:
        def apply(f, tid, value):
            f.territory(tid)[1].arcology_type = value
        self._combo_edit(self.ui.arcologyCombo, "Set arcology type", apply)

    # houses --------------------------------------------------------------------------------
    def selected_house(self):
        idx = self.ui.housesView.currentIndex()
        hid = self.houses.payload(idx.row()) if idx.isValid() else None
        return self.doc.state.house(hid) if hid else None

    def add_house(self) -> None:
        name = self.ui.newHouseEdit.text().strip() or f"House {len(self.doc.state.houses) + 1}"
        made = {}

        def change(f):
            made["id"] = add_house(f, name).id
        if self._edit(f"Add House {name}", change):
            self.ui.newHouseEdit.clear()
            self.select_house(made["id"])

    def remove_house(self) -> None:
        h = self.selected_house()
        if h is None:
            return
        hid = h.id

        def change(f):
            f.houses = [x for x in f.houses if x.id != hid]
            for b in f.bodies:
                if b.controller == hid:
                    b.controller = None
        self._edit(f"Remove House {h.name}", change)

    def _house_edit(self, text: str, fn, merge_key=None) -> None:
        h = self.selected_house()
        if h is None or self.syncing:
            return
        hid = h.id
        self._edit(text.format(name=h.name), lambda f: fn(f, f.house(hid)), merge_key)

    def _rename_house(self, text: str) -> None:
        self._house_edit("Rename House {name}", lambda f, h: setattr(h, "name", text),
                         merge_key=f"house.name.{getattr(self.selected_house(), 'id', '')}")

    def _set_player(self, on: bool) -> None:
        self._house_edit("Players' House: {name}", lambda f, h: setattr(h, "player", on))

    def _set_territory(self, _i) -> None:
        tid = self.ui.territoryCombo.currentData()

        def fn(f, h):
            if tid:
                place_house(f, h, tid, None)
            else:
                h.territory, h.predominant = None, None
        self._house_edit("Place House {name}", fn)

    def _set_predominant(self, _i) -> None:
        value = self.ui.predominantCombo.currentData()
        self._house_edit("Predominant feature of House {name}", lambda f, h: setattr(h, "predominant", value))

    def apply_history_roll(self, roll) -> None:
        def fn(f, h):
            if h.history is not None:
                h.choices = []
                h.founding = None
            set_history(f, h, roll)
        self._house_edit("Roll the history of House {name}: " + roll.text +
                         (" (typed)" if roll.typed else f" (seed {roll.seed})"), fn)

    def roll_history_seeded(self) -> None:
        self.apply_history_roll(creation_roll(None, self.ui.historySeedSpin.value()))
        self.ui.historySeedSpin.setValue(new_seed() % 2147483647)
        self.ui.historyError.setText("")

    def roll_history_typed(self) -> None:
        try:
            roll = creation_roll(self.ui.historyTypedEdit.text(), None)
        except LandsraadError as exc:
            self.ui.historyError.setText(str(exc))
            return
        self.ui.historyError.setText("")
        self.apply_history_roll(roll)

    def _set_founding(self, _i) -> None:
        value = self.ui.foundingCombo.currentData()
        self._house_edit("Founding Set of House {name}", lambda f, h: setattr(h, "founding", value))

    def selected_event(self):
        h = self.selected_house()
        idx = self.ui.eventsView.currentIndex()
        if h is None or not idx.isValid():
            return None
        source = self.events.payload(idx.row())
        for ev in history_events(h, self.doc.content):
            if ev.source == source:
                return ev
        return None

    def choose(self, source: str, *, option: int | None = None, traits: list[str] | None = None,
               table: str | None = None, madness: list[int] | None = None) -> None:
        """Record the selected House's choice for one event (the event editor calls this)."""
        content = self.doc.content

        def fn(f, h):
            if table is not None:
                choose_table(h, source, table, content)
            if option is not None:
                choose_option(h, source, option, content)
            if traits is not None:
                choose_traits(h, source, traits, content)
            if madness is not None:
                roll_madness(f, h, source, content, faces=madness)
        what = "table" if table is not None else "Madness roll" if madness is not None else "choice"
        self._house_edit(f"{source}: {what} for House {{name}}", fn)

    def roll_madness_seeded(self, source: str) -> None:
        content, seed = self.doc.content, self.ui.historySeedSpin.value()
        self._house_edit(f"{source}: Madness roll for House {{name}} (seed {seed})",
                         lambda f, h: roll_madness(f, h, source, content, seed=seed))
        self.ui.historySeedSpin.setValue(new_seed() % 2147483647)

    # ----- refresh ---------------------------------------------------------------------------
    def refresh(self) -> None:
        self.syncing = True
        try:
            self._refresh()
        finally:
            self.syncing = False

    def _refresh(self) -> None:
        fief, c, ui = self.doc.state, self.doc.content, self.ui
        for edit, value in ((ui.fiefNameEdit, fief.name), (ui.majorEdit, fief.house_major)):
            if edit.text() != value:
                edit.setText(value)
        # dice of the system roll, each set with the body it reads as
        if fief.roll is not None:
            items = []
            by_source = {b.source: b for b in fief.bodies if not b.added}
            for s in fief.roll.sets:
                b = by_source.get(s.label)
                r = read_body(b, c) if b else None
                items.append(([s.height] * s.width, s.label, self._body_reading(b, r)))
            for w in fief.roll.waste:
                b = by_source.get(str(w))
                r = read_body(b, c) if b else None
                items.append(([w], f"waste {w}", self._body_reading(b, r)))
            how = "typed" if fief.roll.typed else f"seed {fief.roll.seed}"
            planets = habitable_planets(fief, c)
            self.dice.set_roll(f"{fief.roll.text}  ({how}) · {total_territories(fief, c)} Territories · "
                               f"{minor_houses_needed(planets)} Houses Minor needed", items)
        else:
            self.dice.set_roll("Not rolled yet: roll 11d10 or type the physical dice", [])
        # bodies
        tree = []
        for b in fief.bodies:
            r = read_body(b, c)
            holders = lambda t: ", ".join(h.name for h in fief.houses if h.territory == t.id)  # noqa: E731
            extra = deltas_text(r.effects, c) if r.effects else ""
            kids = [Row((t.name or t.id, "", "", ", ".join((c.terrain(x).name if c.terrain(x) else x) for x in t.features),
                         holders(t)), payload=("territory", t.id)) for t in b.territories]
            tip = f"{r.name} ({b.source})" + (f": {extra}" if extra else "") + (f"\n{b.note}" if b.note else "")
            if r.table in ("sets", "A"):
                from landsraad.rules.readings import tooltip as reading_tip
                entry = c.set_result(r.height, r.width) if r.table == "sets" else c.system_feature(r.height)
                reading = reading_tip(entry, f"Read as the {c.max_width}x row (wider than the tables)."
                                      if r.wider_than_table else "")
                tip += f"\n{reading}" if reading else ""
            tree.append((Row((b.name or r.name, b.source, r.name,
                              f"{r.territories} Territor{'y' if r.territories == 1 else 'ies'}" if r.territories else extra,
                              ", ".join(h.name for h in fief.houses for t in b.territories if h.territory == t.id)
                              or (self._controller_name(b.controller) if b.controller else "")),
                             payload=("body", b.id), tooltip=tip, bold=True), kids))
        first = not self.bodies.groups
        self.bodies.set_tree(tree)
        if first and tree:
            ui.bodiesView.expandAll()
        self._sync_place_editor()
        # houses
        self.houses.set_rows([Row((h.name + ("  (players)" if h.player else ""),), payload=h.id, icon="doc-house",
                                  tooltip=self._territory_name(h.territory) if h.territory else "not placed yet")
                              for h in fief.houses])
        self._sync_house_editor()
        # scores side by side
        rows = []
        for h in fief.houses:
            sheet = self.doc.scores[h.id]
            members = self.doc.households.get(h.id, ())
            cells = [f"House {h.name}" + (f"  +{len(members)} householder{'s' if len(members) != 1 else ''}"
                                          if members else "")] + \
                [f"{sheet.scores[t]}  ({sheet.ratings[t]})" for t in c.trait_ids]
            tip = "\n".join(f"{ln.label}: " + ", ".join(f"{ln.after[t]}" for t in c.trait_ids)
                            for ln in sheet.lines)
            rows.append(Row(tuple(cells), payload=h.id, tooltip=f"House {h.name}\n{tip}"))
        self.scores.set_rows(rows)
        self._fit_scores()
        # findings, each tagged with its House
        frows = [Row(P.finding_cells(f, {"fief": "Fief"}), payload=(None, f), icon=P.SEVERITY_ICON[f.severity],
                     tooltip=f"{f.rule}: {f.message}") for f in self.doc.fief_findings]
        for h in fief.houses:
            for f in self.doc.house_findings.get(h.id, []):
                frows.append(Row((P.SEVERITY_TEXT[f.severity], f"{h.name}: {f.step}", f.message), payload=(h.id, f),
                                 icon=P.SEVERITY_ICON[f.severity], tooltip=f"{f.rule}: {f.message}"))
        self.findings.set_rows(frows)
        ui.findingsView.resizeRowsToContents()
        n = sum(1 for f in self.doc.findings if f.severity is Severity.ERROR)
        t = sum(1 for f in self.doc.findings if f.severity is Severity.TODO)
        ui.findingsBox.setTitle(f"Findings: {n} error{'s' if n != 1 else ''}, {t} to do")
        self.drawing.update()

    def _fit_scores(self) -> None:
        """The scores table always shows every House (up to eight) without scrolling."""
        v = self.ui.scoresView
        rows = max(min(len(self.scores.rows), 8), 3)
        height = v.horizontalHeader().sizeHint().height() + rows * v.verticalHeader().defaultSectionSize() + 6
        fm = QFontMetrics(v.font())
        height = max(height, v.horizontalHeader().sizeHint().height() + rows * (fm.height() + 8) + 6)
        v.setMinimumHeight(height)

    def changeEvent(self, event) -> None:
        from PySide6.QtCore import QEvent
        if event.type() in (QEvent.FontChange, QEvent.StyleChange):
            self._fit_scores()
        super().changeEvent(event)

    def _body_reading(self, b, r) -> str:
        if b is None or r is None:
            return "no body recorded for this die"
        bits = [f"{r.name}" + (f" “{b.name}”" if b.name else "")]
        if r.territories:
            bits.append(f"{r.territories} Territor{'y' if r.territories == 1 else 'ies'}")
        if r.effects:
            bits.append(deltas_text(r.effects, self.doc.content))
        return " · ".join(bits)

    def _controller_name(self, cid) -> str:
        if cid == MAJOR:
            return "House Major"
        h = self.doc.state.house(cid)
        return f"House {h.name}" if h else str(cid)

    def _territory_name(self, tid) -> str:
        found = self.doc.state.territory(tid)
        if found is None:
            return f"{tid} (missing)"
        b, t = found
        return f"{b.name or b.id}: {t.name or t.id}"

    @staticmethod
    def _fill(combo: QComboBox, items: list[tuple[str, object]], current) -> None:
        have = [(combo.itemText(i), combo.itemData(i)) for i in range(combo.count())]
        if have != items:
            combo.clear()
            for text, data in items:
                combo.addItem(text, data)
        i = combo.findData(current)
        combo.setCurrentIndex(i if i >= 0 else 0)

    def _sync_place_editor(self) -> None:
        fief, c, ui = self.doc.state, self.doc.content, self.ui
        place = self.selected_place()
        was = self.syncing
        self.syncing = True
        try:
            body = territory = None
            if place and place[0] == "body":
                body = fief.body(place[1])
            elif place and place[0] == "territory" and fief.territory(place[1]):
                body, territory = fief.territory(place[1])
            r = read_body(body, c) if body else None
            name = (territory.name if territory else body.name) if body else ""
            if ui.placeNameEdit.text() != name:
                ui.placeNameEdit.setText(name)
            ui.placeNameEdit.setEnabled(body is not None)
            ctrl = bool(r and r.controller and territory is None)
            items = [("(nobody yet)", None)]
            if r and r.controller == "any":
                items.append(("House Major", MAJOR))
            items += [(f"House {h.name}", h.id) for h in fief.houses]
            self._fill(ui.controllerCombo, items, body.controller if body else None)
            ui.controllerCombo.setEnabled(ctrl)
            ring = bool(r and r.effects_to == "circled-body" and territory is None)
            self._fill(ui.circlesCombo, [("(nothing)", None)] + [(x.name or x.id, x.id) for x in fief.bodies if x is not body],
                       body.circles if body else None)
            ui.circlesCombo.setEnabled(ring)
            arc = bool(r and r.domain == "arcology" and territory is not None)
            from landsraad.rules.readings import tooltip as reading_tip
            self._fill(ui.arcologyCombo, [("(none)", None)] + [(a.name + (" (PROVISIONAL)" if a.provisional else ""), a.id)
                                                                for a in c.territory.arcology_type],
                       territory.arcology_type if territory else None)
            for i, a in enumerate(c.territory.arcology_type, start=1):
                ui.arcologyCombo.setItemData(i, deltas_text(a.modifiers, c) + "\n" + reading_tip(a),
                                             Qt.ItemDataRole.ToolTipRole)
            ui.arcologyCombo.setEnabled(arc)
            rows = []
            for tr in c.territory.terrain:
                if territory is None:
                    rows.append(Row((tr.name,), payload=tr.id, enabled=False, tooltip="Select a Territory first"))
                    continue
                order = territory.features.index(tr.id) + 1 if tr.id in territory.features else 0
                tip = deltas_text(tr.modifiers, c) + (f"\n{tr.description}" if tr.description else "")
                reading = reading_tip(tr)
                tip += f"\n{reading}" if reading else ""
                rows.append(Row((f"{tr.name}" + (f"  (#{order})" if order else ""),), payload=tr.id, tooltip=tip,
                                checkable=True, checked=bool(order)))
            self.terrain.set_rows(rows)
            ui.terrainLabel.setText(f"Terrain of {territory.name or territory.id} (tick in order; the latest dominates)"
                                    if territory else "Terrain: select a Territory")
        finally:
            self.syncing = was

    def _sync_house_editor(self) -> None:
        fief, c, ui = self.doc.state, self.doc.content, self.ui
        h = self.selected_house()
        was = self.syncing
        self.syncing = True
        try:
            for w in (ui.houseNameEdit, ui.playerCheck, ui.territoryCombo, ui.predominantCombo, ui.removeHouseButton,
                      ui.historyRollButton, ui.historyTypedButton, ui.foundingCombo, ui.eventsView):
                w.setEnabled(h is not None)
            name = h.name if h else ""
            if ui.houseNameEdit.text() != name:
                ui.houseNameEdit.setText(name)
            ui.playerCheck.setChecked(bool(h and h.player))
            titems = [("Territory: (none)", None)]
            for b in fief.bodies:
                for t in b.territories:
                    titems.append((f"Territory: {b.name or b.id} — {t.name or t.id}", t.id))
            self._fill(ui.territoryCombo, titems, h.territory if h else None)
            found = fief.territory(h.territory) if h else None
            feats = found[1].features if found else []
            self._fill(ui.predominantCombo, [("Predominant feature: (none)", None)] +
                       [(f"Predominant: {c.terrain(x).name if c.terrain(x) else x}", x) for x in feats],
                       h.predominant if h else None)
            ui.historyBox.setTitle(f"Step Three: history of House {h.name} (11d10)" if h else "Step Three: history (11d10)")
            events = history_events(h, c) if h else []
            if h and h.history is not None:
                how = "typed" if h.history.typed else f"seed {h.history.seed}"
                self.history_dice.set_roll(f"{h.history.text}  ({how})",
                                           [([ev.height] * ev.width, ev.source if ev.is_set else f"waste {ev.source}",
                                             f"{ev.name}" + ("" if ev.is_set else f" (Table {ev.table})"))
                                            for ev in events])
            else:
                self.history_dice.set_roll("No history rolled yet", [])
            self._fill(ui.foundingCombo, [("(choose the Founding Set)", None)] +
                       [(f"{ev.source} {ev.name}", ev.source) for ev in events if ev.is_set], h.founding if h else None)
            rows = []
            for ev in events:
                res = resolve(ev, h.choice(ev.source), c)
                chosen = deltas_text(res.deltas, c) if res.deltas else (res.todo or res.error or
                                                                        ("recorded" if res.deltas == {} else ""))
                if res.deltas == {} and ev.row.kind == "record":
                    chosen = "record it"
                from landsraad.rules.readings import tooltip
                name = ev.name + (" (filled in)" if ev.row.house_rule else "") + \
                    (f" (read as {c.history.rules.max_width}x)" if ev.wider_than_table else "")
                rows.append(Row((ev.source, "Sets" if ev.is_set else f"Table {ev.table}", name, row_text(ev, c), chosen),
                                payload=ev.source, tooltip=tooltip(ev.row, ev.row.record)))
            self.events.set_rows(rows)
            self.ui.eventsView.resizeRowsToContents()
        finally:
            self.syncing = was
        self._sync_event_editor()
        if hasattr(self, "house_panel"):
            self.house_panel.sync()

    def _clear_event_editor(self) -> None:
        lay = self.ui.eventEditorLayout
        while lay.count():
            item = lay.takeAt(0)
            w = item.widget()
            if w is not None:
                w.setParent(None)
                w.deleteLater()
        self.event_widgets = []

    def _sync_event_editor(self) -> None:
        self._clear_event_editor()
        ev = self.selected_event()
        h = self.selected_house()
        lay, c = self.ui.eventEditorLayout, self.doc.content
        if ev is None or h is None:
            lay.addWidget(QLabel("Select an event to choose what it does."))
            return

        ch = h.choice(ev.source)
        head = QLabel(f"<b>{ev.source} {ev.name}</b>" + ("" if ev.is_set else f" (Table {ev.table})") +
                      f": {row_text(ev, c)}")
        head.setWordWrap(True)
        lay.addWidget(head)
        holder = QWidget()
        outer_lay = lay
        outer_lay.addWidget(holder)
        lay = _FlowRow(holder)
        if not ev.is_set:
            tb = QComboBox()
            tb.setAccessibleName(f"Table for waste die {ev.source}")
            tb.addItem("Table A", "A")
            tb.addItem("Table B", "B")
            tb.setCurrentIndex(0 if ev.table == "A" else 1)
            tb.activated.connect(lambda _i, s=ev.source, w=tb: self.choose(s, table=w.currentData()))
            lay.addWidget(tb)
        kind = ev.row.kind
        if kind == "options":
            combo = QComboBox()
            combo.setAccessibleName(f"Option for {ev.source} {ev.name}")
            combo.addItem("(choose an option)", None)
            for i, o in enumerate(ev.row.options, 1):
                combo.addItem(f"({chr(96 + i)}) {deltas_text(o, c)}", i)
            combo.setCurrentIndex(combo.findData(ch.option) if ch and ch.option else 0)
            combo.activated.connect(lambda _i, s=ev.source, w=combo: w.currentData() and self.choose(s, option=w.currentData()))
            lay.addWidget(combo, 1)
        elif kind == "traits":
            combos = []
            for j, amount in enumerate(ev.row.choose_traits):
                combo = QComboBox()
                combo.setAccessibleName(f"Trait {j + 1} ({amount:+d}) for {ev.source}")
                combo.addItem(f"{amount:+d}: (trait)", None)
                for t in c.traits:
                    combo.addItem(f"{amount:+d} {t.name}", t.id)
                cur = ch.traits[j] if ch and j < len(ch.traits) else None
                combo.setCurrentIndex(max(combo.findData(cur), 0))
                combos.append(combo)
                lay.addWidget(combo)
            apply = QPushButton("Apply traits")
            apply.clicked.connect(lambda _=False, s=ev.source, ws=combos: self.choose(
                s, traits=[w.currentData() for w in ws if w.currentData()]))
            lay.addWidget(apply)
        elif kind == "madness":
            faces = ", ".join(map(str, ch.madness)) if ch and ch.madness else "not rolled"
            lay.addWidget(QLabel(f"Faces: {faces}"))
            btn = QPushButton("Roll Madness (7d10)")
            btn.clicked.connect(lambda _=False, s=ev.source: self.roll_madness_seeded(s))
            lay.addWidget(btn)
            typed = QLineEdit()
            typed.setPlaceholderText("or type 7 faces")
            typed.setAccessibleName(f"Madness faces for {ev.source}, typed")
            typed.returnPressed.connect(lambda s=ev.source, w=typed: self._typed_madness(s, w.text()))
            lay.addWidget(typed)
        else:
            from landsraad.rules.pages import cite
            rec = QLabel(cite(ev.row.record) or "Nothing to choose.")
            rec.setWordWrap(True)
            lay.addWidget(rec, 1)
        for combo in holder.findChildren(QComboBox):
            _compact(combo)

    def _typed_madness(self, source: str, text: str) -> None:
        try:
            roll = parse_dice(text.replace(",", " "))
        except LandsraadError as exc:
            self.ui.historyError.setText(str(exc))
            return
        self.choose(source, madness=list(roll.faces))

    # ----- selection helpers ----------------------------------------------------------------
    def select_house(self, hid: str) -> None:
        r = self.houses.row_of(hid)
        if r >= 0:
            self.ui.housesView.setCurrentIndex(self.houses.index(r))
            self._sync_house_editor()

    def select_place(self, payload) -> None:
        idx = self.bodies.find(payload)
        if idx.isValid():
            self.ui.bodiesView.setCurrentIndex(idx)
            self._sync_place_editor()

    def select_event(self, source: str) -> None:
        r = self.events.row_of(source)
        if r >= 0:
            self.ui.eventsView.selectRow(r)
            self._sync_event_editor()

    def open_finding(self, payload) -> None:
        if not payload:
            return
        hid, f = payload
        field = f.field or ""
        self.focused_field = field
        ui = self.ui
        if hid is None:
            if field.startswith("bodies."):
                self.select_place(("body", field.split(".", 1)[1]))
                ui.bodiesView.setFocus(Qt.OtherFocusReason)
            elif field == "roll":
                ui.typedEdit.setFocus(Qt.OtherFocusReason)
            elif field == "houses":
                ui.newHouseEdit.setFocus(Qt.OtherFocusReason)
            else:
                ui.bodiesView.setFocus(Qt.OtherFocusReason)
            return
        self.select_house(hid)
        targets = {"territory": ui.territoryCombo, "predominant": ui.predominantCombo,
                   "history": ui.historyRollButton, "founding": ui.foundingCombo}
        if field in targets:
            targets[field].setFocus(Qt.OtherFocusReason)
        elif field in self.doc.content.trait_ids:
            ui.scoresView.selectRow(self.scores.row_of(hid))
            ui.scoresView.setFocus(Qt.OtherFocusReason)
        else:
            self.select_event(field)
            ui.eventsView.setFocus(Qt.OtherFocusReason)
