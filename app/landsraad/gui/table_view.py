"""The table view: a second window for the TV or projector the whole group reads.

It follows the Judge's current document in the main window and shows, from across the
room, what the group needs: for a Fief the last roll drawn as dice with its reading, the
drawing of the system, every House's seven Trait Scores and Ratings, the current House's
history and the roll log; for a character the step being built, what is left to do there
and the summary.  Large type (never under 24 px at 1080 lines), light on dark, and
nothing to operate: every edit is made in the main window, and this view only redraws.

Numbers and wording come from the engines and ``landsraad.present``; this module holds
no rule.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt, QTimer
from PySide6.QtGui import QColor, QFont, QFontMetrics, QGuiApplication, QPainter, QPen
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QLabel, QSizePolicy, QStackedWidget, QVBoxLayout, QWidget

from landsraad.dice import Roll
from landsraad.findings import Severity
from landsraad.gui.table_widgets import ElidedLine, TailText

MIN_PX = 24                 # the smallest text this window ever draws (issue: at 1920x1080 no text under 24 px)
BODY_PX_AT_1080 = 28        # body text at 1080 screen lines; scaled with the screen's height
BG, FG, DIM, ACCENT = "#101010", "#ffffff", "#d8d0c0", "#ffcf5a"
LOG_LINES = 5               # the roll log's last lines, one line each (elided, the whole roll in the tooltip)
HISTORY_LINES = 12          # an 11d10 history has at most 11 events, plus a line for what is left


def body_px(screen_height: int) -> int:
    """Body text size in pixels for a screen of that height (24 px at least)."""
    return max(MIN_PX, round(BODY_PX_AT_1080 * screen_height / 1080))


def _plain(label: QLabel) -> QLabel:
    # names come from documents: never let them render as rich text
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    return label


class BigDice(QWidget):
    """The last roll drawn as dice: each set as a group of equal faces with its width x
    height, then the waste dice, lighter; its caption (who and why) above."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.faces: tuple[int, ...] = ()
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def set_faces(self, faces) -> None:
        self.faces = tuple(faces)
        if self.faces:
            roll = Roll(self.faces)
            sets = ", ".join(f"{s.width}x{s.height}" for s in roll.sets) or "no sets"
            waste = " ".join(map(str, roll.waste))
            self.setAccessibleDescription(f"Sets {sets}; waste {waste or 'none'}")
        else:
            self.setAccessibleDescription("No roll yet")
        self.updateGeometry()
        self.update()

    def _die(self) -> int:
        return int(QFontMetrics(self.font()).height() * 1.5)

    def sizeHint(self) -> QSize:
        return QSize(600, self._die() + 8)

    def minimumSizeHint(self) -> QSize:
        return QSize(200, self._die() + 8)

    def paintEvent(self, _event) -> None:
        if not self.faces:
            return
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        d = self._die()
        bold = QFont(self.font())
        bold.setBold(True)
        p.setFont(bold)
        roll = Roll(self.faces)
        groups = [([s.height] * s.width, True) for s in roll.sets] + [([f], False) for f in roll.waste]
        # shrink the dice when a roll of many dice would not fit the width
        n = sum(len(g) for g, _ in groups)
        gap = d * 0.5
        needed = n * (d + 4) + len(groups) * gap
        scale = min(1.0, (self.width() - 8) / needed) if needed else 1.0
        size = max(d * scale, QFontMetrics(bold).height())
        x, y = 4.0, 4.0
        for faces, in_set in groups:
            for face in faces:
                rect = QRectF(x, y, size, size)
                p.setPen(QPen(QColor(FG if in_set else DIM), 2))
                p.setBrush(QColor(ACCENT) if in_set else QColor("#2a2a2a"))
                p.drawRoundedRect(rect, size * 0.18, size * 0.18)
                p.setPen(QColor("#000000") if in_set else QColor(FG))
                p.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(face))
                x += size + 4
            x += gap * scale
        p.end()


class _CurrentPageStack(QStackedWidget):
    """Only the page on show sets the window's least size: a duel's page does not keep the
    room a Fief's score table needs (issue 15: the window beside the main one on one screen)."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.currentChanged.connect(lambda _i: self.updateGeometry())

    def sizeHint(self) -> QSize:
        page = self.currentWidget()
        return page.sizeHint() if page is not None else super().sizeHint()

    def minimumSizeHint(self) -> QSize:
        page = self.currentWidget()
        return page.minimumSizeHint() if page is not None else super().minimumSizeHint()


class TableView(QWidget):
    """The window for the group's screen.  ``follow(doc, view)`` is called by the main
    window whenever its current document changes; edits, undo and redo reach it through
    the document's ``changed`` signal.  The packs' documents have pages of their own
    (``landsraad.gui.packs.table_pages``), chosen by the document's kind."""

    ACCENT, DIM = ACCENT, DIM

    def __init__(self, parent=None):
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("tableView")
        self.setWindowTitle("Landsraad Forge — Table view")
        self.doc = None
        self.view = None
        self._pending = False
        self.screen_height, self.px = 1080, body_px(1080)     # until apply_size knows the screen
        # a timer of the window's own: QTimer.singleShot's static timers stop firing in a
        # process whose QApplication has once returned from exec() (the app's own main())
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.refresh)
        self.closed_by_user = None          # set by the main window: unticks View > Table view
        self.setAutoFillBackground(True)
        pal = self.palette()
        pal.setColor(self.backgroundRole(), QColor(BG))
        pal.setColor(self.foregroundRole(), QColor(FG))
        self.setPalette(pal)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(24, 16, 24, 16)
        # one line, cut at the right on a narrow window (the whole title in its tooltip)
        self.title = ElidedLine()
        self.title.setProperty("tableScale", 1.5)
        self.title.setProperty("tableBold", True)
        outer.addWidget(self.title)
        self.pages = _CurrentPageStack()
        outer.addWidget(self.pages, 1)
        self.one_screen = self._label(1.0, dim=True)     # shown when the table view has the only screen
        self.one_screen.setText("F5 or Esc: the screen back to the Judge")
        self.one_screen.setAlignment(Qt.AlignmentFlag.AlignRight)
        self.one_screen.hide()
        outer.addWidget(self.one_screen)
        self.empty = self._label(1.2)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setText("Open or create a document in the main window")
        self.pages.addWidget(self.empty)
        self.pages.addWidget(self._fief_page())
        self.pages.addWidget(self._character_page())
        from landsraad.gui.packs.table_pages import ConflictPage, DuelPage, FencerPage, QuickPage
        self.pack_pages = {"fencing-duel": DuelPage(self), "fencer": FencerPage(self),
                           "conflict": ConflictPage(self), "quick-character": QuickPage(self)}
        for page in self.pack_pages.values():
            self.pages.addWidget(page)
        from landsraad.gui.house_turn import TableTurnView      # the Fief's House turn, a page (issue 27)
        self.turn_page = TableTurnView(None, embedded=True)
        self.pages.addWidget(self.turn_page)
        self.apply_size(QGuiApplication.primaryScreen().size().height()
                        if QGuiApplication.primaryScreen() else 1080)

    # ----- building -------------------------------------------------------------------------
    def _label(self, scale: float = 1.0, bold: bool = False, dim: bool = False) -> QLabel:
        lab = _plain(QLabel())
        lab.setProperty("tableScale", scale)
        lab.setProperty("tableBold", bold)
        lab.setStyleSheet(f"color: {DIM if dim else FG};")
        return lab

    def _heading(self, text: str) -> QLabel:
        lab = self._label(1.15, bold=True)
        lab.setStyleSheet(f"color: {ACCENT};")
        lab.setText(text)
        return lab

    def _fief_page(self) -> QWidget:
        page = QWidget()
        row = QHBoxLayout(page)
        row.setContentsMargins(0, 0, 0, 0)
        left, right = QVBoxLayout(), QVBoxLayout()
        row.addLayout(left, 3)
        row.addLayout(right, 2)
        left.addWidget(self._heading("Last roll"))
        self.roll_caption = self._label()
        left.addWidget(self.roll_caption)
        self.dice = BigDice()
        left.addWidget(self.dice)
        self.roll_reading = self._label(dim=True)
        left.addWidget(self.roll_reading)
        left.addWidget(self._heading("Trait Scores in play (Ratings)"))
        self.scores_grid = QGridLayout()
        self.scores_grid.setHorizontalSpacing(18)
        left.addLayout(self.scores_grid)
        self.history_heading = self._heading("History")
        left.addWidget(self.history_heading)
        # the events that fit the height left, the latest kept (a small window cuts the earliest)
        self.history = TailText()
        self.history.setProperty("tableScale", 1.0)
        self.history.setStyleSheet(f"color: {FG};")
        self.history.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        left.addWidget(self.history, 1)
        self.drawing_holder = QVBoxLayout()
        right.addLayout(self.drawing_holder, 3)
        self.drawing = None
        self.log_heading = self._heading("Roll log")
        right.addWidget(self.log_heading)
        # one line a roll, cut to the width there is: a wrapping log took the drawing's room
        self.log_lines = []
        for _ in range(LOG_LINES):
            line = ElidedLine()
            line.setProperty("tableScale", 1.0)
            line.setStyleSheet(f"color: {DIM};")
            right.addWidget(line)
            self.log_lines.append(line)
        self.score_cells: dict[tuple[int, int], QLabel] = {}
        return page

    def _character_page(self) -> QWidget:
        page = QWidget()
        row = QHBoxLayout(page)
        row.setContentsMargins(0, 0, 0, 0)
        left, right = QVBoxLayout(), QVBoxLayout()
        row.addLayout(left, 1)
        row.addLayout(right, 1)
        left.addWidget(self._heading("Now building"))
        self.step = self._label(1.2, bold=True)
        left.addWidget(self.step)
        self.step_todo = self._label()
        left.addWidget(self.step_todo)
        self.cp = self._label(1.1)
        left.addWidget(self.cp)
        left.addStretch(1)
        right.addWidget(self._heading("Summary"))
        self.summary = self._label()
        self.summary.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        right.addWidget(self.summary, 1)
        return page

    # ----- size -----------------------------------------------------------------------------
    def apply_size(self, screen_height: int) -> None:
        """Type sized for the screen it is shown on; every label at least MIN_PX."""
        self.screen_height = screen_height
        self.px = body_px(screen_height)
        for lab in self.findChildren(QLabel):
            self._size_label(lab)
        for w in (self.dice, self.drawing):
            if w is not None:
                f = QFont(w.font())
                f.setPixelSize(self.px)
                w.setFont(f)
                w.updateGeometry()
        for w in self.findChildren(QWidget):
            if not isinstance(w, QLabel) and w.property("tableScale") is not None:
                self.size_widget(w)

    def size_widget(self, w: QWidget) -> None:
        """A label or a drawn piece (``tableScale`` set) in the view's type."""
        if isinstance(w, QLabel):
            self._size_label(w)
            return
        f = QFont(w.font())
        f.setPixelSize(max(MIN_PX, round(self.px * float(w.property("tableScale") or 1.0))))
        w.setFont(f)
        w.updateGeometry()

    def _size_label(self, lab: QLabel) -> None:
        f = QFont(lab.font())
        f.setPixelSize(max(MIN_PX, round(self.px * float(lab.property("tableScale") or 1.0))))
        f.setBold(bool(lab.property("tableBold")))
        lab.setFont(f)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.schedule()             # the score table's headers are shortened on a narrow window

    def closeEvent(self, event) -> None:
        if self.closed_by_user is not None:
            self.closed_by_user()
        super().closeEvent(event)

    def keyPressEvent(self, event) -> None:
        # Esc or F5 (the same key that opened it) closes the table view
        if event.key() in (Qt.Key.Key_Escape, Qt.Key.Key_F5):
            self.close()
            return
        super().keyPressEvent(event)

    def moveEvent(self, event) -> None:
        super().moveEvent(event)
        screen = self.screen()
        if screen is not None and screen.size().height() != self.screen_height:
            self.apply_size(screen.size().height())

    def show_on_best_screen(self, main_window) -> None:
        """Full screen on a screen other than the main window's when there is one;
        otherwise a normal window beside it (the Judge still needs the laptop's screen)."""
        own = main_window.screen() if main_window is not None else None
        others = [s for s in QGuiApplication.screens() if s is not own]
        if others:
            target = others[0]
            self.setScreen(target)
            self.setGeometry(target.geometry())
            self.apply_size(target.size().height())
            self.showFullScreen()
        else:
            # one screen (issue 27): beside the Judge's window neither fits at 1280x720 (the
            # window needs ~1070 px, the table view's type ~900), and over it the table view
            # hid ~70 % of the Judge's work and cut its own content; so the screen is either
            # the group's, whole, or the Judge's: F5 or Escape gives it back
            screen = own or QGuiApplication.primaryScreen()
            if screen is not None:
                self.setScreen(screen)
                self.setGeometry(screen.geometry())
                self.apply_size(screen.size().height())
            self.one_screen.show()
            self.refresh()
            self.showFullScreen()
            return
        self.one_screen.hide()
        self.refresh()

    # ----- following the main window ------------------------------------------------------------
    def follow(self, doc, view=None) -> None:
        if doc is self.doc and view is self.view:
            self.schedule()
            return
        if self.doc is not None:
            try:
                self.doc.changed.disconnect(self.schedule)
                self.doc.titleChanged.disconnect(self.schedule)
            except (RuntimeError, TypeError):
                pass
        self._disconnect_view()
        self.doc, self.view = doc, view
        if doc is not None:
            doc.changed.connect(self.schedule)
            doc.titleChanged.connect(self.schedule)
        self._connect_view()
        self._set_drawing()
        self.refresh()

    def _connect_view(self) -> None:
        for signal in self._view_signals():
            signal.connect(self.schedule)

    def _disconnect_view(self) -> None:
        for signal in self._view_signals():
            try:
                signal.disconnect(self.schedule)
            except (RuntimeError, TypeError):
                pass

    def _view_signals(self) -> list:
        """What the Judge selects without editing: the current House of a Fief view and
        the current step of a character view."""
        ui = getattr(self.view, "ui", None)
        out = []
        houses = getattr(ui, "housesView", None)
        if houses is not None and houses.selectionModel() is not None:
            out.append(houses.selectionModel().currentChanged)
        pages = getattr(ui, "stepPages", None)
        if pages is not None:
            out.append(pages.currentChanged)
        steps = getattr(ui, "fiefTabs", None)           # the House turn's page: the turn shown (issue 27)
        if steps is not None:
            out.append(steps.currentChanged)
        return out

    def _set_drawing(self) -> None:
        from landsraad.gui.documents import FiefDocument
        if self.drawing is not None:
            self.drawing_holder.removeWidget(self.drawing)
            self.drawing.deleteLater()
            self.drawing = None
        if isinstance(self.doc, FiefDocument):
            from landsraad.gui.fief.drawing import SystemDrawing
            self.drawing = SystemDrawing(self.doc)
            self.drawing.setMinimumSize(200, 200)
            self.drawing.label_scale = 1.0                # its labels in the table view's body size
            self.drawing.min_label_px = MIN_PX           # shrunk to fit, never under the table view's least
            self.drawing.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
            self.drawing_holder.addWidget(self.drawing)
            self.apply_size(self.screen_height)

    def schedule(self, *_args) -> None:
        """Many signals of one edit make one redraw, after the edit."""
        if not self._pending:
            self._pending = True
            self._timer.start()

    # ----- what is shown ------------------------------------------------------------------------
    def refresh(self) -> None:
        self._pending = False
        from landsraad.gui.documents import CharacterDocument, FiefDocument
        doc = self.doc
        page = self.pack_pages.get(getattr(doc, "kind", None)) if doc is not None else None
        if isinstance(doc, FiefDocument) and self.showing_turn():
            self.pages.setCurrentWidget(self.turn_page)
            self.title.setText(doc.display_name() + "  ·  House turn")
            self.turn_page.set_doc(doc)
            self.turn_page.refresh()
            self._refresh_scores(doc)            # the Fief page's cells stay current behind it
        elif isinstance(doc, FiefDocument):
            self.pages.setCurrentIndex(1)
            self._refresh_fief(doc)
        elif isinstance(doc, CharacterDocument):
            self.pages.setCurrentIndex(2)
            self._refresh_character(doc)
        elif page is not None:
            self.pages.setCurrentWidget(page)
            self.title.setText(page.title(doc))
            page.refresh(doc)
        else:
            self.pages.setCurrentIndex(0)
            self.title.setText("Landsraad Forge")

    def showing_turn(self) -> bool:
        """The Judge's Fief view is on its House turn page: the group sees the turn."""
        panel = getattr(self.view, "house_turn", None)
        tabs = getattr(panel, "tabs", None)
        return panel is not None and tabs is not None and tabs.currentWidget() is panel

    def _current_house(self, doc):
        pick = getattr(self.view, "selected_house", None)
        house = pick() if callable(pick) else None
        return house or (doc.state.houses[0] if doc.state.houses else None)

    def _refresh_fief(self, doc) -> None:
        fief = doc.state
        self.title.setText(doc.display_name() + (f"  ·  House Major {fief.house_major}" if fief.house_major else ""))
        last = fief.log[-1] if fief.log else None
        if last is None:
            self.roll_caption.setText("No roll yet")
            self.dice.set_faces(())
            self.roll_reading.setText("")
        else:
            self.roll_caption.setText(f"{last.who}: {last.why}" + ("  ·  typed dice" if last.seed is None else ""))
            self.dice.set_faces(last.faces)
            self.roll_reading.setText(last.reading)
        self._refresh_scores(doc)
        house = self._current_house(doc)
        self.history_heading.setText(f"History of House {house.name}" if house else "History")
        self.history.set_paragraphs((self._history_text(doc, house) if house else "No House yet").split("\n"))
        # a short window (one laptop screen) keeps two lines: the drawing needs the room more
        room = LOG_LINES if self.pages.height() > 24 * self.px else 2
        lines = [f"{' '.join(map(str, e.faces))} · {e.who} · {e.why}" for e in reversed(fief.log[-room:])]
        n = len(fief.log)
        self.log_heading.setToolTip(f"The last {len(lines)} of {n} rolls")
        for line, text in zip(self.log_lines, (lines or ["No rolls yet"]) + [""] * LOG_LINES):
            line.set_full_text(text)
            line.setVisible(bool(text))
        if self.drawing is not None:
            self.drawing.update()

    def _refresh_scores(self, doc) -> None:
        """A grid of labels, made once per cell and reused: an edit only sets texts."""
        c = doc.content
        houses = doc.state.houses
        short = self.width() < 1500             # "War Def Esp…" where the full names do not fit
        self.scores_grid.setHorizontalSpacing(8 if short else 18)
        rows = [["House"] + [t.name[:3] if short else t.name for t in c.traits]]
        from landsraad.present.house_turn import score_cells     # the Scores in play (issue 27)
        for h in houses:
            rows.append([h.name or "(unnamed)"] + score_cells(doc.state, h, c))
        wanted = {(r, col) for r in range(len(rows)) for col in range(len(rows[r]))}
        for key, lab in self.score_cells.items():
            lab.setVisible(key in wanted)
        for r, cells in enumerate(rows):
            for col, text in enumerate(cells):
                lab = self.score_cells.get((r, col))
                if lab is None:
                    if col == 0 and r:              # a long House name is cut, whole in its tooltip
                        lab = ElidedLine()
                        lab.setProperty("tableScale", 1.0)
                        lab.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
                    else:
                        lab = self._label(bold=(r == 0))
                    lab.setWordWrap(False)
                    if col:
                        lab.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                    self._size_label(lab)
                    self.scores_grid.addWidget(lab, r, col)
                    self.score_cells[(r, col)] = lab
                if isinstance(lab, ElidedLine):
                    lab.set_full_text(text)
                else:
                    lab.setText(text)
                if r and col == 0:                  # the players' House in bold
                    f = lab.font()
                    f.setBold(houses[r - 1].player)
                    lab.setFont(f)

    @staticmethod
    def _history_text(doc, house) -> str:
        from landsraad.present.house import deltas_text
        from landsraad.house.history import history_events, resolve
        c = doc.content
        lines = []
        for ev in history_events(house, c):
            res = resolve(ev, house.choice(ev.source), c)
            if res.deltas is None:
                what = "to choose: " + (res.todo or res.error or "")
            elif res.deltas:
                what = deltas_text(res.deltas, c)
            else:
                what = "a record, no change"
            lines.append(f"{ev.source}  {ev.name}: {what}")
        if not lines:
            return "History not rolled yet"
        if len(lines) > HISTORY_LINES:
            lines = lines[:HISTORY_LINES - 1] + [f"… and {len(lines) - HISTORY_LINES + 1} more"]
        return "\n".join(lines)

    def _refresh_character(self, doc) -> None:
        from landsraad.character.model import STEP_NAMES
        ch, sheet, c = doc.state, doc.sheet, doc.content
        self.title.setText(doc.display_name())
        step_id = getattr(self.view, "current_step", None)      # a property of the character view
        if callable(step_id):
            step_id = step_id()
        if step_id:
            from landsraad.character.model import TEMPLATE_STEP_IDS
            from landsraad.present import character as P
            n = list(STEP_NAMES).index(step_id) + 1 if step_id in STEP_NAMES else 0
            text = f"Step {n:02d} · {STEP_NAMES.get(step_id, step_id)}"
            if step_id in TEMPLATE_STEP_IDS and ch.step(step_id).template:
                text += f": {c.template(step_id, ch.step(step_id).template).name}"
            self.step.setText(text)
            mine = [f for f in doc.findings if f.step == step_id and f.severity is not Severity.WARNING]
            self.step_todo.setText("\n".join(f"• {f.message}" for f in mine[:6]) or "Nothing left to do at this step")
        else:
            self.step.setText("")
            self.step_todo.setText("")
        self.cp.setText(f"Character Points: {sheet.cp_spent} spent of {sheet.cp_budget}")
        from landsraad.present import character as P
        parts = []
        for (title, value, _p), kids in P.summary_groups(ch, sheet, c):
            if not kids:
                continue
            items = ", ".join(f"{k[0]} {k[1]}".strip() for k in kids)
            parts.append(f"{title}: {items}")
        self.summary.setText("\n".join(parts) or "Nothing chosen yet")
