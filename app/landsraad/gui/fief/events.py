"""The events panel of the Fief view: the selected history event's editor (table A or B of
a waste die, an option, traits, a Madness roll) and the House's choices."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QLineEdit, QPushButton, QWidget

from landsraad.dice import new_seed, parse_dice
from landsraad.errors import LandsraadError
from landsraad.present.house import deltas_text, row_text
from landsraad.gui.plain import plain_label
from landsraad.gui.widgets import FlowRow, clear_layout, compact
from landsraad.house import edits
from landsraad.house.history import history_events


class EventsPanel:
    """Mixed into ``FiefView`` (uses its ``doc``, ``ui``, ``events``, ``selected_house``, ``_house_edit``)."""

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
        what = "table" if table is not None else "Madness roll" if madness is not None else "choice"
        self._house_edit(f"{source}: {what} for House {{name}}", edits.choose_event, self.doc.content, source,
                         table=table, option=option, traits=traits, madness=madness)

    def roll_madness_seeded(self, source: str) -> None:
        seed = self.ui.historySeedSpin.value()
        self._house_edit(f"{source}: Madness roll for House {{name}} (seed {seed})",
                         edits.roll_madness, self.doc.content, source, seed)
        self.ui.historySeedSpin.setValue(new_seed() % 2147483647)

    def _clear_event_editor(self) -> None:
        clear_layout(self.ui.eventEditorLayout)

    def _sync_event_editor(self) -> None:
        ev = self.selected_event()
        h = self.selected_house()
        # what the editor shows: the event (its row, table, source) and the House's choice for
        # it; the same again (a House renamed, another event chosen) keeps the widgets as they are
        shown = (h.id if h is not None else None, ev, h.choice(ev.source) if ev is not None and h is not None else None)
        if shown == getattr(self, "_event_editor_shows", None):
            return
        self._event_editor_shows = shown
        self._clear_event_editor()
        lay, c = self.ui.eventEditorLayout, self.doc.content
        if ev is None or h is None:
            lay.addWidget(plain_label("Select an event to choose what it does."))
            return

        ch = h.choice(ev.source)
        # names and rows come from content and documents: plain text, the event name bold by font
        head = plain_label(f"{ev.source} {ev.name}" + ("" if ev.is_set else f" (Table {ev.table})") +
                           f": {row_text(ev, c)}")
        font = head.font()
        font.setBold(True)
        head.setFont(font)
        head.setWordWrap(True)
        lay.addWidget(head)
        holder = QWidget()
        outer_lay = lay
        outer_lay.addWidget(holder)
        lay = FlowRow(holder)
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
            lay.addWidget(plain_label(f"Faces: {faces}"))
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
            rec = plain_label(cite(ev.row.record) or "Nothing to choose.")
            rec.setWordWrap(True)
            lay.addWidget(rec, 1)
        for combo in holder.findChildren(QComboBox):
            compact(combo)

    def _typed_madness(self, source: str, text: str) -> None:
        try:
            roll = parse_dice(text.replace(",", " "))
        except LandsraadError as exc:
            self.ui.historyError.setText(str(exc))
            return
        self.choose(source, madness=list(roll.faces))

    def select_event(self, source: str) -> None:
        r = self.events.row_of(source)
        if r >= 0:
            self.ui.eventsView.selectRow(r)
            self._sync_event_editor()
