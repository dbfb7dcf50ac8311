"""A House's history, all of it at once: every event of its 11d10 in the order applied, each
with its choice in place (the options as radio buttons, the trait pickers, the Madness
roll, the table of a waste die) and the seven Trait Scores after it.

A scroll area of compact rows rather than a table with an editor under it: an 11d10 gives
at most eleven events, and a choice is made where it is read, with the keyboard (Tab to an
event, the arrow keys among its options).  The numbers are the House engine's
(``landsraad.house.scores.running_scores``); every choice is a named edit of
``landsraad.house.edits`` run by the Fief view (``EventsPanel.choose``), so it is undoable.

``refresh()`` updates in place: a row is rebuilt only when its event changed (another
roll, another table, another order); otherwise only checked states, texts and scores are set.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, QTimer
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import (
    QApplication,
    QButtonGroup,
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from landsraad.gui.flow_layout import FlowLayout
from landsraad.gui.plain import plain_label, plain_tip
from landsraad.house.model import EventChoice
from landsraad.present.house import deltas_text

TABLES = ("A", "B")
MIN_CHOICE = 160  # an event's choice goes beside its name only with this much room, and its widest option's
NAME_WIDTH = 260  # a longer name wraps


def _set_role(label: QLabel, role: str) -> None:
    """The stylesheet's ``role`` of a label ("hint", "reason"), re-polished only when it changes."""
    if label.property("role") != role:
        label.setProperty("role", role)
        label.style().unpolish(label)
        label.style().polish(label)


def _set_text(label: QLabel, text: str) -> None:
    if label.text() != text:
        label.setText(text)


def _button_text(text: str) -> str:
    return text.replace("&", "&&")  # a button reads "&" as a mnemonic


class ElidedLabel(QLabel):
    """One line of plain text cut with "…" where the room ends (the whole text in the tooltip)."""

    def __init__(self, text: str = ""):
        super().__init__()
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.full = ""
        self.set_full(text)

    def set_full(self, text: str) -> None:
        if text != self.full:
            self.full = text
            self.setToolTip(plain_tip(text))
            self.setAccessibleName(text)
            self._elide()

    def _elide(self) -> None:
        _set_text(self, self.fontMetrics().elidedText(self.full, Qt.TextElideMode.ElideRight, max(self.width(), 20)))

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._elide()


class ScoreStrip(QWidget):
    """The seven Trait Scores in fixed columns, so the strips of every row line up; the
    Scores an event changed are bold."""

    def __init__(self, traits, header: bool = False, parent=None):
        super().__init__(parent)
        self.traits = list(traits)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(0)
        self.cells: list[QLabel] = []
        for t in self.traits:
            cell = plain_label(t.name[:3] if header else "")
            cell.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            if header:
                cell.setToolTip(t.name)
                cell.setProperty("role", "hint")
            lay.addWidget(cell)
            self.cells.append(cell)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self._fit()

    def _fit(self) -> None:
        """Each column as wide as "60" or the trait's three letters, at the font the style gives."""
        bold = QFont(self.font())  # the style gives every widget one size; a changed Score is bold
        bold.setBold(True)
        plain = QFontMetrics(self.font())
        width = max(
            [QFontMetrics(bold).horizontalAdvance("60") + 12]
            + [plain.horizontalAdvance(t.name[:3]) + 12 for t in self.traits]
        )
        for cell in self.cells:
            if cell.width() != width or cell.minimumWidth() != width:
                cell.setFixedWidth(width)

    def changeEvent(self, event) -> None:
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._fit()
        super().changeEvent(event)

    def set_scores(self, after: dict, before: dict | None, what: str, content) -> None:
        """The Scores ``after``, bold where they differ from ``before``; the tooltip names each
        trait with its Rating (the engine's rounding) and the change."""
        from landsraad.house.scores import rating_of

        for t, cell in zip(self.traits, self.cells):
            _set_text(cell, str(after.get(t.id, "")))
            changed = before is not None and after.get(t.id) != before.get(t.id)
            if cell.font().bold() != changed:
                font = cell.font()
                font.setBold(changed)
                cell.setFont(font)
        tip = f"{what}:\n" + "\n".join(
            f"{t.name} {after.get(t.id)} (Rating {rating_of(after.get(t.id, 0), content)})"
            + (
                f", {after.get(t.id, 0) - before.get(t.id, 0):+d}"
                if before is not None and after.get(t.id) != before.get(t.id)
                else ""
            )
            for t in self.traits
        )
        if self.accessibleName() != tip.replace("\n", ", "):
            self.setToolTip(plain_tip(tip))
            self.setAccessibleName(tip.replace("\n", ", "))


class EventRow(QFrame):
    """One event of the history: its dice and name, its Scores after it, its choice."""

    def __init__(self, panel: HistoryPanel):
        super().__init__()
        self.panel = panel
        self.setObjectName("historyEvent")
        self.setProperty("current", False)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setFocusPolicy(Qt.FocusPolicy.ClickFocus)  # a click makes it the current event; Tab skips it
        self.grid = grid = QGridLayout(self)
        grid.setContentsMargins(6, 3, 6, 3)
        grid.setHorizontalSpacing(10)
        grid.setVerticalSpacing(1)
        self.name = plain_label()
        font = self.name.font()
        font.setBold(True)
        self.name.setFont(font)
        self.name.setWordWrap(True)
        self.head = QWidget()  # the name, and under it (wide) the table of a waste die
        hlay = QVBoxLayout(self.head)
        hlay.setContentsMargins(0, 0, 0, 0)
        hlay.setSpacing(1)
        hlay.addWidget(self.name)
        self.scores = ScoreStrip(panel.traits)
        # the table a waste die is read on, under its name: made once per row, so the focus
        # stays on it when the choice beside it is rebuilt for the other table's event
        self.table_box = QWidget()
        tlay = QHBoxLayout(self.table_box)
        tlay.setContentsMargins(0, 0, 0, 0)
        tlay.setSpacing(8)
        tlabel = plain_label("Table")
        tlabel.setProperty("role", "hint")
        tlay.addWidget(tlabel)
        self.table_group = QButtonGroup(self)
        self.table_buttons = []
        for i, table in enumerate(TABLES):
            b = QRadioButton(table)
            b.setToolTip(f"Read this waste die on Table {table}")
            self.table_group.addButton(b, i)
            b.installEventFilter(self)
            tlay.addWidget(b)
            self.table_buttons.append(b)
        tlay.addStretch(1)
        self.table_group.idClicked.connect(self._table_clicked)
        # the choice: its controls, flowing, and a line under them (an error, a Madness roll's faces, a record)
        self.choice = QWidget()
        clay = QVBoxLayout(self.choice)
        clay.setContentsMargins(0, 0, 0, 0)
        clay.setSpacing(1)
        self.controls = QWidget()
        self.flow = FlowLayout(self.controls)
        clay.addWidget(self.controls)
        self.status = plain_label()
        self.status.setWordWrap(True)
        clay.addWidget(self.status)
        self.wide: bool | None = None
        self.set_wide(True)
        self.key: tuple | None = None
        self.house_id: str | None = None
        self.step = None
        self.option_group: QButtonGroup | None = None
        self.option_buttons: list[QRadioButton] = []
        self.trait_combos: list[QComboBox] = []
        self.madness_button: QPushButton | None = None
        self.madness_edit: QLineEdit | None = None
        self.pending_traits: list | None = None  # picked, not yet a choice (one of two, or the same twice)
        self._choice_widgets: list[QWidget] = []

    def set_wide(self, wide: bool) -> None:
        """Wide: the name, the choice beside it and the Scores on one line.  Narrow (a panel
        made small): the name and Scores over the choice."""
        if wide == self.wide:
            return
        self.wide = wide
        g = self.grid
        for w in (self.head, self.table_box, self.choice, self.scores):
            g.removeWidget(w)
        self.head.layout().removeWidget(self.table_box)
        top = Qt.AlignmentFlag.AlignTop
        g.addWidget(self.head, 0, 0, top)
        g.addWidget(self.scores, 0, 2, top | Qt.AlignmentFlag.AlignRight)
        if wide:  # name over table | choice | Scores
            self.head.layout().addWidget(self.table_box)
            g.addWidget(self.choice, 0, 1, top)
            g.setColumnStretch(0, 0)
            g.setColumnStretch(1, 1)
        else:  # name, table, Scores over the choice (a House's options side by side when they fit)
            g.addWidget(self.table_box, 0, 1, top)
            g.addWidget(self.choice, 1, 0, 1, 3, top)
            g.setColumnStretch(0, 1)
            g.setColumnStretch(1, 0)

    # ----- what the user does ---------------------------------------------------------------
    @property
    def source(self) -> str:
        return self.step.event.source

    def _table_clicked(self, i: int) -> None:
        if self.step is not None and not self.panel.syncing:
            self.panel.view.choose(self.source, table=TABLES[i])

    def _option_clicked(self, option: int) -> None:
        if self.step is not None and not self.panel.syncing:
            self.panel.view.choose(self.source, option=option)

    def _trait_picked(self, _i: int) -> None:
        if self.step is None or self.panel.syncing:
            return
        picked = [c.currentData() for c in self.trait_combos]
        if None in picked:
            self.pending_traits = picked  # one of two chosen: wait for the other
            self._sync_status()
            return
        content = self.panel.view.doc.content
        res = self.panel.resolve(self.step.event, EventChoice(self.source, traits=picked), content)
        if res.error:  # the engine says why (the same trait twice)
            self.pending_traits = picked
            self._sync_status(res.error)
            return
        self.pending_traits = None
        self.panel.view.choose(self.source, traits=picked)

    def _roll_madness(self) -> None:
        if self.step is not None:
            self.panel.view.roll_madness_seeded(self.source)

    def _typed_madness(self) -> None:
        if self.step is None or self.madness_edit is None:
            return
        error = self.panel.view.typed_madness(self.source, self.madness_edit.text())
        if error:
            self._sync_status(error)

    # ----- building and syncing ---------------------------------------------------------------
    def _clear_choice(self) -> None:
        for w in self._choice_widgets:
            self.flow.removeWidget(w)
            w.setParent(None)
            w.deleteLater()
        self._choice_widgets = []
        if self.option_group is not None:
            self.option_group.deleteLater()
        self.option_group, self.option_buttons, self.trait_combos = None, [], []
        self.madness_button = self.madness_edit = None
        self.pending_traits = None

    def _add(self, w: QWidget) -> QWidget:
        self.flow.addWidget(w)
        self._choice_widgets.append(w)
        return w

    def _build_choice(self, ev, content) -> None:
        """The controls of the event's kind; made when the row shows another event."""
        self._clear_choice()
        label = f"{ev.source} {ev.name}"
        row = ev.row
        if row.kind == "options":
            self.option_group = QButtonGroup(self)
            for i, o in enumerate(row.options, 1):
                text = f"({chr(96 + i)}) {deltas_text(o, content)}"
                b = QRadioButton(_button_text(text))
                b.setToolTip(plain_tip(text))
                b.setAccessibleName(f"{label}: option {text}")
                self.option_group.addButton(b, i)
                b.installEventFilter(self)
                self.option_buttons.append(self._add(b))
            self.option_group.idClicked.connect(self._option_clicked)
        elif row.kind == "traits":
            for j, amount in enumerate(row.choose_traits):
                combo = QComboBox()
                combo.setAccessibleName(f"Trait {j + 1} ({amount:+d}) for {label}")
                combo.addItem(f"{amount:+d}: choose a trait", None)
                for t in content.traits:
                    combo.addItem(f"{amount:+d} {t.name}", t.id)
                combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)  # short names: shown whole
                combo.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
                combo.installEventFilter(self)  # the wheel scrolls the history, not an unfocused picker
                combo.activated.connect(self._trait_picked)
                self.trait_combos.append(self._add(combo))
        elif row.kind == "madness":
            self.madness_button = self._add(QPushButton("Roll Madness (7d10)"))
            self.madness_button.setToolTip("One d10 per trait, from the history seed (recorded in the roll log)")
            self.madness_button.clicked.connect(self._roll_madness)
            self.madness_edit = self._add(QLineEdit())
            self.madness_edit.setPlaceholderText("or type 7 faces")
            self.madness_edit.setAccessibleName(f"Madness faces for {label}, typed")
            self.madness_edit.setMaximumWidth(self.fontMetrics().horizontalAdvance("10 10 10 10 10 10 10") + 24)
            self.madness_edit.returnPressed.connect(self._typed_madness)

    def sync(self, house, step, before: dict, content) -> bool:
        """Show ``step`` (an ``EventStep``); True when the row was rebuilt for another event."""
        ev = step.event
        key = (ev.source, ev.table, ev.event_id, ev.width)  # the same event of another House reuses it
        rebuilt = key != self.key
        if self.house_id != house.id:
            self.pending_traits = None  # a half-made pick belongs to the House it was made for
            self.house_id = house.id
        self.step = step
        if rebuilt:
            self._build_choice(ev, content)
            self.key = key
            from landsraad.rules.readings import tooltip

            self.name.setToolTip(
                plain_tip(
                    f"{ev.source} {ev.name}"
                    + (f" (Table {ev.table})" if not ev.is_set else "")
                    + (f"\n{tooltip(ev.row, ev.row.record)}" if tooltip(ev.row, ev.row.record) else "")
                )
            )
            self.setAccessibleName(f"{ev.source} {ev.name}")
        name = (
            f"{ev.source if ev.is_set else 'waste ' + ev.source}  {ev.name}"
            + (" (Founding Set)" if ev.is_set and house.founding == ev.source else "")
            + (" (filled in)" if ev.row.house_rule else "")
            + (f" (read as {content.history.rules.max_width}x)" if ev.wider_than_table else "")
        )
        _set_text(self.name, name)
        ch = house.choice(ev.source)
        # the table of a waste die
        self.table_box.setVisible(not ev.is_set)
        if not ev.is_set:
            self.table_buttons[TABLES.index(ev.table)].setChecked(True)
            for b, table in zip(self.table_buttons, TABLES):
                b.setAccessibleName(f"waste {ev.source}: read on Table {table}")
        # the choice
        if self.option_group is not None:
            option = ch.option if ch is not None and ch.option in range(1, len(self.option_buttons) + 1) else -1
            if option != self.option_group.checkedId():
                if option > 0:
                    self.option_group.button(option).setChecked(True)
                else:  # none chosen (undone): an exclusive group unchecks only so
                    self.option_group.setExclusive(False)
                    for b in self.option_buttons:
                        b.setChecked(False)
                    self.option_group.setExclusive(True)
        if self.trait_combos:
            recorded = list(ch.traits) if ch is not None and ch.traits else None
            if recorded is not None:
                self.pending_traits = None
            shown = recorded or self.pending_traits or []
            for j, combo in enumerate(self.trait_combos):
                i = combo.findData(shown[j]) if j < len(shown) and shown[j] else 0
                if combo.currentIndex() != max(i, 0):
                    combo.setCurrentIndex(max(i, 0))
        self._sync_status()
        self.scores.set_scores(step.after, before, f"Scores after {ev.source} {ev.name}", content)
        return rebuilt

    def _sync_status(self, problem: str = "") -> None:
        """Under the choice: what is wrong, what a Madness roll did, or the text to record
        (what is still to choose is plain from the controls, and is among the findings)."""
        step = self.step
        ev, res = step.event, step.resolution
        content = self.panel.view.doc.content
        text, role = "", "hint"
        if problem or res.error:
            text, role = (problem or res.error), "reason"
        elif self.pending_traits is not None:  # picked, not yet a choice
            if None in self.pending_traits:
                text = f"choose {len(self.pending_traits)} different traits"
            else:
                pending = EventChoice(ev.source, traits=list(self.pending_traits))
                text, role = self.panel.resolve(ev, pending, content).error, "reason"
        elif ev.row.kind == "madness" and res.deltas:
            ch = self.panel.current_house.choice(ev.source)
            text = f"Faces {' '.join(map(str, ch.madness))}: {deltas_text(res.deltas, content)}"
        if ev.row.record and role != "reason":  # what the House must remember (Division, Alliance...)
            from landsraad.rules.pages import cite

            text = "\n".join(x for x in (text, "Record: " + cite(ev.row.record)) if x)
        _set_text(self.status, text)
        _set_role(self.status, role)
        self.status.setVisible(bool(text))

    def eventFilter(self, watched, event) -> bool:
        """Radio buttons as a group: Tab lands on the chosen one, and every arrow key takes the
        next or previous one in order, wherever the flow put it (Qt's own arrows go by
        position: Down does nothing when the options sit side by side).  The wheel over a
        trait picker the keyboard is not on scrolls the history instead of changing the pick."""
        if isinstance(watched, QComboBox) and event.type() == QEvent.Type.Wheel and not watched.hasFocus():
            QApplication.sendEvent(self.panel.scroll.verticalScrollBar(), event)
            return True
        group = watched.group() if isinstance(watched, QRadioButton) else None
        if group is None:
            return super().eventFilter(watched, event)
        if event.type() == QEvent.Type.FocusIn and event.reason() in (
            Qt.FocusReason.TabFocusReason,
            Qt.FocusReason.BacktabFocusReason,
        ):
            checked = group.checkedButton()
            if checked is not None and checked is not watched:
                reason = event.reason()
                QTimer.singleShot(0, checked, lambda: checked.setFocus(reason))
        elif event.type() == QEvent.Type.KeyPress and event.modifiers() == Qt.KeyboardModifier.NoModifier:
            step = {Qt.Key.Key_Down: 1, Qt.Key.Key_Right: 1, Qt.Key.Key_Up: -1, Qt.Key.Key_Left: -1}.get(event.key())
            buttons = [b for b in group.buttons() if b.isVisible() or not self.isVisible()]
            if step is not None and watched in buttons:
                target = buttons[(buttons.index(watched) + step) % len(buttons)]
                target.setFocus(Qt.FocusReason.OtherFocusReason)
                if not target.isChecked():
                    target.click()
                return True
        return super().eventFilter(watched, event)

    def focus_target(self) -> QWidget:
        """The control of the event's choice (the chosen option, else the first; the first
        trait still to pick; the Madness roll), else the row itself."""
        if self.option_buttons:
            checked = self.option_group.checkedButton()
            return checked or self.option_buttons[0]
        if self.trait_combos:
            return next((c for c in self.trait_combos if c.currentData() is None), self.trait_combos[0])
        if self.madness_button is not None:
            return self.madness_button
        return self

    def set_current(self, on: bool) -> None:
        if self.property("current") != on:
            self.setProperty("current", on)
            self.style().unpolish(self)
            self.style().polish(self)


class HistoryPanel(QWidget):
    """Every event of the selected House's history, in the order applied (see the module)."""

    def __init__(self, view, parent=None):
        super().__init__(parent)
        from landsraad.house.history import resolve

        self.resolve = resolve
        self.view = view
        self.setObjectName("historyPanel")
        self.traits = list(view.doc.content.traits)
        self.syncing = False
        self.current_source: str | None = None
        self.current_house = None
        self.tab_after: QWidget | None = None  # the events follow this in the Tab order (the Founding Set)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(2)
        # the trait names over the columns, and the Scores the history starts from
        self.header = QWidget()
        hgrid = QGridLayout(self.header)
        hgrid.setContentsMargins(7, 0, 7, 0)
        hgrid.setVerticalSpacing(0)
        self.caption = ElidedLabel()
        self.caption.setProperty("role", "hint")
        hgrid.addWidget(self.caption, 0, 0)
        self.start_label = plain_label("")
        self.start_label.setProperty("role", "hint")
        self.start_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        hgrid.addWidget(ScoreStrip(self.traits, header=True), 0, 1)
        hgrid.addWidget(self.start_label, 1, 0)
        self.start = ScoreStrip(self.traits)
        hgrid.addWidget(self.start, 1, 1)
        hgrid.setColumnStretch(0, 1)
        lay.addWidget(self.header)
        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # always there, so the rows' Scores stay under the header's columns
        self.scroll.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
        self.scroll.setAccessibleName("History events of the selected House, in the order applied")
        self.body = QWidget()
        self.rows_layout = QVBoxLayout(self.body)
        self.rows_layout.setContentsMargins(2, 2, 2, 2)
        self.rows_layout.setSpacing(3)
        self.empty = plain_label("")
        self.empty.setWordWrap(True)
        self.empty.setProperty("role", "hint")
        self.rows_layout.addWidget(self.empty)
        self.rows_layout.addStretch(1)
        self.scroll.setWidget(self.body)
        self.scroll.viewport().installEventFilter(self)
        lay.addWidget(self.scroll, 1)
        self.rows: list[EventRow] = []
        QApplication.instance().focusChanged.connect(self._focus_changed)

    def _fit_header(self) -> None:
        bar = self.scroll.verticalScrollBar().sizeHint().width() + 2 * self.scroll.frameWidth()
        self.header.layout().setContentsMargins(7, 0, 7 + bar, 0)

    # ----- refresh ---------------------------------------------------------------------------
    def refresh(self) -> None:
        """Show the selected House's history: rows reused, rebuilt only where the event changed."""
        self.syncing = True
        try:
            self._refresh()
        finally:
            self.syncing = False

    def _refresh(self) -> None:
        from landsraad.house.scores import running_scores

        doc, h = self.view.doc, self.view.selected_house()
        if h is not self.current_house and (h is None or self.current_house is None or h.id != self.current_house.id):
            self.scroll.verticalScrollBar().setValue(0)  # another House: its history from the top
        self.current_house = h
        c = doc.content
        self._fit_header()
        if h is None or h.history is None:
            steps, start = [], None
            _set_text(
                self.empty,
                "Add a House, then roll its history (11d10): its events appear here, each with its choice."
                if h is None
                else f"Roll the history of House {h.name} (11d10): its events appear here, in the order "
                "they apply, each with its choice and the Scores after it.",
            )
        else:
            start, steps = running_scores(doc.state, h, c)
        self.empty.setVisible(not steps)
        self.header.setVisible(start is not None)
        if start is not None:
            how = "typed" if h.history.typed else f"seed {h.history.seed}"
            self.caption.set_full(f"Rolled {h.history.text} ({how})")
            _set_text(self.start_label, "Before its history")
            self.start.set_scores(start, None, f"House {h.name} before its history (Step Two)", c)
        changed = False
        while len(self.rows) < len(steps):
            row = EventRow(self)
            self.rows_layout.insertWidget(self.rows_layout.count() - 1, row)
            self.rows.append(row)
            changed = True
        before = start
        for i, row in enumerate(self.rows):
            if i < len(steps):
                changed |= row.sync(h, steps[i], before, c)
                before = steps[i].after
                if row.isHidden():
                    row.show()
                    changed = True
            elif not row.isHidden():
                row.hide()
                row.key = None
                changed = True
        if changed:
            self._fit_rows()
        sources = [s.event.source for s in steps]
        if self.current_source not in sources:
            self.current_source = None
        for i, row in enumerate(self.rows):
            row.set_current(i < len(steps) and row.source == self.current_source)
        if changed:
            self._tab_order()

    def _fit_rows(self) -> None:
        """Wide enough, each event is one line: its name in a column as wide as the longest,
        its choice beside it, its Scores at the right; else the choice goes under the name."""
        rows = self.visible_rows()
        if not rows:
            return
        names = max(r.name.fontMetrics().horizontalAdvance(r.name.text()) + 6 for r in rows)
        names = max(names, max(r.table_box.sizeHint().width() for r in rows))
        strip = rows[0].scores.sizeHint().width()
        names = min(names, NAME_WIDTH)
        room = self.scroll.viewport().width() - 24 - strip - names
        # beside the name only when every option has a line of its own there, uncut
        need = max([MIN_CHOICE] + [w.sizeHint().width() for r in rows for w in r._choice_widgets])
        wide = room >= need
        for r in rows:
            r.set_wide(wide)
            if wide:
                r.name.setFixedWidth(names)
            else:
                r.name.setMinimumWidth(0)
                r.name.setMaximumWidth(16777215)

    def eventFilter(self, watched, event) -> bool:
        if watched is self.scroll.viewport() and event.type() == QEvent.Type.Resize:
            self._fit_rows()  # the rows' room is the viewport's, known once it is resized
        return super().eventFilter(watched, event)

    def _tab_order(self) -> None:
        """Tab goes from the House's last field down the rows in the order shown (rows are
        made when first needed and reused, so creation order is not it)."""
        chain: list[QWidget] = [self.tab_after] if self.tab_after is not None else []
        for row in self.rows:
            if row.isHidden():
                continue
            chain += row.table_buttons if not row.table_box.isHidden() else []
            chain += row._choice_widgets
        for a, b in zip(chain, chain[1:]):
            QWidget.setTabOrder(a, b)

    # ----- the current event -----------------------------------------------------------------
    def visible_rows(self) -> list[EventRow]:
        return [r for r in self.rows if not r.isHidden()]

    def row_of(self, source: str) -> EventRow | None:
        return next((r for r in self.visible_rows() if r.source == source), None)

    def current_event(self):
        row = self.row_of(self.current_source) if self.current_source else None
        return row.step.event if row is not None else None

    def set_current(self, source: str | None) -> None:
        self.current_source = source
        for row in self.visible_rows():
            row.set_current(row.source == source)

    def _focus_changed(self, _old, now) -> None:
        if now is None or not self.isAncestorOf(now):
            return  # focus elsewhere (the Earlier/Later buttons) keeps the current event
        for row in self.visible_rows():
            if row is now or row.isAncestorOf(now):
                if row.source != self.current_source:
                    self.set_current(row.source)
                return

    def show_event(self, source: str, focus: bool = True) -> bool:
        """Make the event current, scroll it into view and (``focus``) put the keyboard on its
        choice; False when the House has no such event."""
        row = self.row_of(source)
        if row is None:
            return False
        self.set_current(source)
        target = row.focus_target()
        self._scroll_to(row, target)
        if focus:
            target.setFocus(Qt.FocusReason.OtherFocusReason)
        # a tab just switched to: its layout is done on the next turn of the event loop
        QTimer.singleShot(0, self, lambda: self._scroll_to(row, target))
        return True

    def _scroll_to(self, row: EventRow, target: QWidget) -> None:
        if not row.isVisible():
            return
        self.body.layout().activate()
        self.scroll.ensureWidgetVisible(row, 0, 0)
        if target is not row:
            self.scroll.ensureWidgetVisible(target, 10, 10)
