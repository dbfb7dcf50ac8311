"""The selected House's people and holdings, and the order of its history, in the Fief view.

- Householders: the session's open characters whose House is this one; each point of
  their Contacts, Eminence, Estate, Influence, Staff and Wealth adds 1 to the House's
  Trait Score (L1415...).  ``sync_households`` gives every open Fief its householders.
- Holdings (L4054-L4151): how many of each holding the House has, edited here.
- Event order (L4583): the Judge may move an event earlier or later; the floor follows.
- The House's note: where this House's replay differs from print, and why.

Every change is one ``doc.edit`` (undoable); no rule lives here.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSpinBox,
    QTableView,
)

from landsraad.gui.models import Row, RowsTableModel
from landsraad.house import edits


def _label(text: str = "", role: str = "") -> QLabel:
    lab = QLabel(text)
    lab.setTextFormat(Qt.TextFormat.PlainText)  # names and notes are never read as HTML
    lab.setWordWrap(True)
    lab.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    if role:
        lab.setProperty("role", role)
    return lab


# ----- householders of the session ---------------------------------------------------------
def sync_households(window) -> None:
    """Give every open Fief the householders of the open characters; a Fief whose household
    changed recomputes and repaints (its document is not modified: characters are their own files)."""
    fiefs = [d for d in window.docs if d.kind == "fief"]
    if not fiefs:
        return
    from landsraad.household import household_of

    characters = window.open_states("character")
    content = None
    for d in fiefs:
        if characters and content is None:
            from landsraad.rules.content import load_content

            content = load_content()
        households = (
            {h.id: household_of(h, characters, content, d.content) for h in d.state.houses} if characters else {}
        )
        households = {k: v for k, v in households.items() if v}
        # the House's characters as the House turn offers them as householders (issue 27):
        # (name, file or None, ratings of the sheet)
        people = _characters_of(d, window, content) if characters else {}
        view = window.views.get(id(d))
        if people != getattr(d, "characters", {}):
            d.characters = people
            turn = getattr(view, "house_turn", None)
            if turn is not None:
                turn.refresh()
        if d.set_context("households", households):  # recomputed with them
            if view is not None:
                view.refresh()


def _characters_of(fief_doc, window, content) -> dict:
    from landsraad.household import belongs, character_ratings

    out: dict = {}
    for doc in window.docs:
        if doc.kind != "character":
            continue
        for h in fief_doc.state.houses:
            if belongs(doc.state, h):
                name = doc.state.name.strip() or "(unnamed character)"
                out.setdefault(h.id, []).append((name, doc.path, character_ratings(doc.state, content)))
                break
    return {k: tuple(v) for k, v in out.items()}


class HousePanel(QGroupBox):
    def __init__(self, view, parent=None):
        super().__init__("The selected House: householders, holdings, event order", parent)
        self.view = view
        self.doc = view.doc
        self.setObjectName("housePanel")
        grid = QGridLayout(self)
        self.note = _label("", "hint")
        self.note.setAccessibleName("How this House differs from the printed example")
        grid.addWidget(self.note, 0, 0, 1, 4)
        self.members = _label("", "hint")
        self.members.setAccessibleName("Householders of the selected House")
        grid.addWidget(self.members, 1, 0, 1, 4)
        # holdings
        self.holdings = RowsTableModel(["Holding", "Count", "Adds"], self)
        self.table = QTableView()
        self.table.setAccessibleName("Holdings of the selected House")
        self.table.setModel(self.holdings)
        self.table.verticalHeader().hide()
        hh = self.table.horizontalHeader()
        hh.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        hh.setSectionResizeMode(1, QHeaderView.ResizeMode.Interactive)
        hh.setSectionResizeMode(2, QHeaderView.ResizeMode.Interactive)
        self.table.setMaximumHeight(120)
        grid.addWidget(self.table, 2, 0, 1, 4)
        self.kind = QComboBox()
        self.kind.setAccessibleName("Holding to add or change")
        for item in self.doc.content.holdings:
            self.kind.addItem(f"{item.name} (+{item.amount} {item.trait.capitalize()})", item.id)
            self.kind.setItemData(self.kind.count() - 1, self._item_tip(item), Qt.ItemDataRole.ToolTipRole)
        self.count = QSpinBox()
        self.count.setRange(0, 99)
        self.count.setValue(1)
        self.count.setAccessibleName("How many the House holds (0 removes it)")
        self.set_button = QPushButton("Set &quantity")
        self.set_button.clicked.connect(lambda: self.set_holding(self.kind.currentData(), self.count.value()))
        grid.addWidget(self.kind, 3, 0, 1, 2)
        grid.addWidget(self.count, 3, 2)
        grid.addWidget(self.set_button, 3, 3)
        # event order
        row = QHBoxLayout()
        self.earlier = QPushButton("Event earlier")
        self.later = QPushButton("Event &later")
        self.default = QPushButton("Rolled order")
        for b, tip in (
            (self.earlier, "Apply the selected history event one place earlier (the Judge's call, L4583)"),
            (self.later, "Apply the selected history event one place later"),
            (self.default, "Back to the default order: sets by Height, then waste dice"),
        ):
            from landsraad.rules.pages import cite

            b.setToolTip(cite(tip))
            row.addWidget(b)
        self.earlier.clicked.connect(lambda: self.move_event(-1))
        self.later.clicked.connect(lambda: self.move_event(+1))
        self.default.clicked.connect(self.default_order)
        grid.addLayout(row, 4, 0, 1, 4)

    @staticmethod
    def _item_tip(item) -> str:
        from landsraad.rules.readings import tooltip

        return tooltip(item)

    # ----- edits (engine functions of landsraad.house.edits, one undo step each) ------------
    def set_holding(self, holding_id: str, count: int) -> bool:
        h = self.view.selected_house()
        item = self.doc.content.holding(holding_id)
        if h is None or item is None:
            return False
        return self.doc.edit(
            f"House {h.name}: {count} x {item.name}", edits.set_holding, h.id, holding_id, count, self.doc.content
        )

    def move_event(self, step: int, source: str | None = None) -> bool:
        h = self.view.selected_house()
        ev = self.view.selected_event() if source is None else None
        source = source or (ev.source if ev else None)
        if h is None or source is None:
            return False
        done = self.doc.edit(
            f"House {h.name}: {source} applies {'earlier' if step < 0 else 'later'}",
            edits.move_event,
            h.id,
            source,
            step,
            self.doc.content,
        )
        if done:
            self.view.select_event(source)
        return done

    def default_order(self) -> bool:
        h = self.view.selected_house()
        if h is None:
            return False
        return self.doc.edit(
            f"House {h.name}: events in the rolled order", edits.order_events, h.id, [], self.doc.content
        )

    # ----- sync -------------------------------------------------------------------------
    def sync(self) -> None:
        from landsraad.rules.pages import cite

        h = self.view.selected_house()
        c = self.doc.content
        for w in (self.table, self.kind, self.count, self.set_button, self.earlier, self.later, self.default):
            w.setEnabled(h is not None)
        if h is None:
            self.note.setText("")
            self.members.setText("")
            self.holdings.set_rows([])
            return
        fief_note = self.doc.state.note
        notes = [f"House {h.name}: {cite(h.note, lines=True)}"] if h.note else []
        if fief_note:
            notes.insert(0, f"This Fief: {cite(fief_note, lines=True)}")
        self.note.setText("\n".join(notes))
        self.note.setVisible(bool(notes))
        members = self.doc.households.get(h.id, ())
        if members:
            self.members.setText(
                "Householders (open characters of this House, "
                + cite("L1415")
                + "): "
                + "; ".join(f"{m.name} ({', '.join(m.sources)})" for m in members)
            )
        else:
            self.members.setText(
                "Householders: no open character names this House. A character's "
                "Contacts, Eminence, Estate, Influence, Staff and Wealth add to its House "
                f"({cite('L1415')}): open it and record the House in Finishing Touches."
            )
        rows = []
        for held in h.holdings:
            item = c.holding(held.id)
            if item is None:
                rows.append(Row((held.id, str(held.count), "unknown holding"), payload=held.id))
                continue
            rows.append(
                Row(
                    (item.name, str(held.count), f"+{item.amount * held.count} {item.trait.capitalize()}"),
                    payload=held.id,
                    tooltip=self._item_tip(item),
                )
            )
        self.holdings.set_rows(rows)
        for col in (1, 2):
            self.table.resizeColumnToContents(col)
        self.default.setEnabled(bool(h.event_order))
