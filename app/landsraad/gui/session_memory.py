"""What the window remembers between evenings (QSettings): its geometry and dock layout,
whether the table view was open, and the documents that were open when it closed, which
it offers to reopen at the next start."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings

from landsraad.gui.settings import settings

GEOMETRY_KEY = "window/geometry"
STATE_KEY = "window/state"
OPEN_KEY = "session/openDocuments"
STATE_VERSION = 1            # bump when the docks change, so an old layout is not restored


def _settings() -> QSettings:
    return settings()


def remember(window) -> None:
    s = _settings()
    s.setValue(GEOMETRY_KEY, window.saveGeometry())
    s.setValue(STATE_KEY, window.saveState(STATE_VERSION))
    s.setValue(OPEN_KEY, [str(Path(d.path).resolve()) for d in window.docs if d.path])


def restore(window) -> bool:
    """Geometry and docks as they were; False when there is nothing (valid) to restore.
    A geometry saved on a screen that is gone is moved onto one by Qt itself."""
    s = _settings()
    geometry, state = s.value(GEOMETRY_KEY), s.value(STATE_KEY)
    ok = bool(geometry) and window.restoreGeometry(geometry)
    if state:
        window.restoreState(state, STATE_VERSION)
    return ok


def fit_to_screen(window, preferred=(1600, 1000)) -> None:
    """A first start's size: the preferred one, or the screen's available area on a
    smaller screen (a 1280x720 laptop or projector)."""
    screen = window.screen()
    if screen is None:
        window.resize(*preferred)
        return
    avail = screen.availableGeometry()
    window.resize(min(preferred[0], avail.width()), min(preferred[1], avail.height()))
    if avail.height() < SHORT_SCREEN:
        dock_for_short_screen(window)


SHORT_SCREEN = 900        # px of available height under which the roll log leaves the bottom


def dock_for_short_screen(window) -> None:
    """On a short screen (1280x720) the roll log is a tab beside the session in the left
    dock area, so the document keeps the height for three rows of every list; the user
    moves it back by dragging its title, and the layout is remembered (QSettings)."""
    from PySide6.QtCore import Qt
    ui = window.ui
    window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, ui.rollLogDock)
    window.tabifyDockWidget(ui.navigatorDock, ui.rollLogDock)
    ui.navigatorDock.raise_()
    window.resizeDocks([ui.navigatorDock], [navigator_width(window)], Qt.Orientation.Horizontal)


def navigator_width(window) -> int:
    """Wide enough for a House's row ("House Felderon", one level in) and both dock tabs,
    so neither is elided at 1280x720 (issue 15); a document's longer name is whole in its
    tooltip, so the views keep their width."""
    view = window.ui.navigatorView
    fm = view.fontMetrics()
    # a row: its level's indentation (the top level's too: it has the expand arrow), the
    # icon, the item's padding and spacing, the text
    icon = view.iconSize().width() if view.iconSize().width() > 0 else 16
    house_row = 2 * view.indentation() + icon + 16 + fm.horizontalAdvance("House Felderon")
    tabs = fm.horizontalAdvance("Session") + fm.horizontalAdvance("Rolls (999)") + 2 * 40    # the tabs' padding
    return max(house_row + 2 * view.frameWidth() + view.verticalScrollBar().sizeHint().width(), tabs)


def last_session() -> list[str]:
    """The documents open at the last close that still exist."""
    value = _settings().value(OPEN_KEY, [])
    if isinstance(value, str):
        value = [value]
    return [str(p) for p in (value or []) if Path(str(p)).is_file()]
