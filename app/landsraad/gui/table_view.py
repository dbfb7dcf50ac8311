"""The table view: a second window for the TV or projector the whole group reads.

It follows the Judge's current document in the main window and shows, from across the
room, what the group needs, on the page its kind's ``ViewKind.table_page`` makes
(``gui/kinds.py``): for a Fief the last roll drawn as dice with its reading, the drawing of
the system, every House's seven Trait Scores and Ratings, the current House's history and
the roll log (``gui/fief/table_page.py``); for a character the step being built, what is
left to do there and the summary (``gui/character/table_page.py``); a duel, a fencer, a d20
character, a conflict (``gui/packs/table_pages.py``).  Large type (never under 24 px at 1080 lines), light on dark, and
nothing to operate: every edit is made in the main window, and this view only redraws.

Numbers and wording come from the engines and ``landsraad.present``; this module holds
no rule.
"""

from __future__ import annotations

import time

from PySide6.QtCore import QSize, Qt, QTimer
from PySide6.QtGui import QColor, QFont, QGuiApplication
from PySide6.QtWidgets import QLabel, QStackedWidget, QVBoxLayout, QWidget

# the view's type and colours are shared with the kinds' pages (gui/table_widgets.py)
from landsraad.gui.table_widgets import ACCENT, BG, DIM, FG, MIN_PX, ElidedLine

# the group's screen redraws at most this often while edits keep coming (seconds): within a
# glance of every edit, and never on the typing path of the next one
REDRAW_EVERY = 0.15

BODY_PX_AT_1080 = 28  # body text at 1080 screen lines; scaled with the screen's height


def body_px(screen_height: int) -> int:
    """Body text size in pixels for a screen of that height (24 px at least)."""
    return max(MIN_PX, round(BODY_PX_AT_1080 * screen_height / 1080))


def _plain(label: QLabel) -> QLabel:
    # names come from documents: never let them render as rich text
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    return label


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
        self._last_refresh = 0.0
        self.screen_height, self.px = 1080, body_px(1080)  # until apply_size knows the screen
        # a timer of the window's own: QTimer.singleShot's static timers stop firing in a
        # process whose QApplication has once returned from exec() (the app's own main())
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.refresh)
        self.closed_by_user = None  # set by the main window: unticks View > Table view
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
        self.one_screen = self._label(1.0, dim=True)  # shown when the table view has the only screen
        self.one_screen.setText("F5 or Esc: the screen back to the Judge")
        self.one_screen.setAlignment(Qt.AlignmentFlag.AlignRight)
        self.one_screen.hide()
        outer.addWidget(self.one_screen)
        self.empty = self._label(1.2)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setText("Open or create a document in the main window")
        self.pages.addWidget(self.empty)
        # each kind's page (gui/kinds.py: ViewKind.table_page), made by its GUI folder
        from landsraad.gui.kinds import view_kinds

        self.kind_pages = {vk.kind: vk.table_page(self) for vk in view_kinds() if vk.table_page is not None}
        self.pack_pages = self.kind_pages  # its first name (the packs' pages came first)
        for page in self.kind_pages.values():
            self.pages.addWidget(page)
        from landsraad.gui.house_turn import TableTurnView  # the Fief's House turn, a page (issue 27)

        self.turn_page = TableTurnView(None, embedded=True)
        self.pages.addWidget(self.turn_page)
        self.apply_size(QGuiApplication.primaryScreen().size().height() if QGuiApplication.primaryScreen() else 1080)

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

    # ----- size -----------------------------------------------------------------------------
    def apply_size(self, screen_height: int) -> None:
        """Type sized for the screen it is shown on; every label at least MIN_PX."""
        self.screen_height = screen_height
        self.px = body_px(screen_height)
        for lab in self.findChildren(QLabel):
            self._size_label(lab)
        for page in self.kind_pages.values():
            if hasattr(page, "apply_size"):
                page.apply_size(self.px)
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
        self.schedule()  # the score table's headers are shortened on a narrow window

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
        for kind, page in self.kind_pages.items():  # a page that draws per document follows it
            if hasattr(page, "follow"):
                page.follow(doc if doc is not None and doc.kind == kind else None)
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
        steps = getattr(ui, "fiefTabs", None)  # the House turn's page: the turn shown (issue 27)
        if steps is not None:
            out.append(steps.currentChanged)
        tabs = getattr(self.view, "play_tabs", None)  # the character view's Build/Condition/Roll
        if tabs is not None:
            out.append(tabs.currentChanged)
        return out

    def schedule(self, *_args) -> None:
        """Many signals of one edit make one redraw, after the edit; and while edits keep
        coming (the Judge typing a name), at most one redraw every REDRAW_EVERY seconds: the
        group's screen follows within that, and the typing is not made to wait for it
        (issue 26: an edit with the followers open costs no more than 1.5 repaints)."""
        if not self._pending:
            self._pending = True
            since = time.monotonic() - self._last_refresh
            self._timer.start(0 if since >= REDRAW_EVERY else int((REDRAW_EVERY - since) * 1000) + 1)

    # ----- what is shown ------------------------------------------------------------------------
    def refresh(self) -> None:
        self._pending = False
        self._last_refresh = time.monotonic()
        doc = self.doc
        page = self.kind_pages.get(doc.kind) if doc is not None else None
        if page is not None and self.showing_turn():
            # the House turn, a page of the one table view (issue 27)
            self.pages.setCurrentWidget(self.turn_page)
            self.title.setText(doc.display_name() + "  ·  House turn")
            self.turn_page.set_doc(doc)
            self.turn_page.refresh()
            page.refresh(doc)  # the Fief page stays current behind it
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
