"""What the window remembers between evenings (QSettings): its geometry and dock layout,
its zoom, and the documents that were open when it closed, which it offers to reopen at
the next start.

The open documents are also kept while the window runs, per instance (issue 27): a crash
(``kill -9``) never reaches the close that remembers them, and another instance's clean
close would answer for it.  Each running instance keeps its own list under its recovery
owner's id; a start offers the lists of the owners that are gone (the recovery store's
locks tell), and the last clean close's list when no instance crashed."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings

from landsraad.gui.settings import settings

GEOMETRY_KEY = "window/geometry"
STATE_KEY = "window/state"
OPEN_KEY = "session/openDocuments"
RUNNING_KEY = "session/running"  # + "/<owner>": the documents one running instance has open
ZOOM_KEY = "window/zoom"
STATE_VERSION = 1  # bump when the docks change, so an old layout is not restored


def _settings() -> QSettings:
    return settings()


def _open_paths(window) -> list[str]:
    return [str(Path(d.path).resolve()) for d in window.docs if d.path]


def remember(window) -> None:
    s = _settings()
    s.setValue(GEOMETRY_KEY, window.saveGeometry())
    s.setValue(STATE_KEY, window.saveState(STATE_VERSION))
    s.setValue(OPEN_KEY, _open_paths(window))
    s.setValue(ZOOM_KEY, window.zoom)
    owner = _owner(window)
    if owner:
        s.remove(f"{RUNNING_KEY}/{owner}")  # a clean close: this instance's list is the one above


def _owner(window) -> str:
    store = getattr(window.autosave, "_store", None)
    return store.owner if store is not None else ""


def note_open(window) -> None:
    """Keep this instance's open documents (when they change): what a crash left open."""
    paths = _open_paths(window)
    if paths == getattr(window, "_noted_open", None):
        return
    owner = window.autosave.store.owner if window.docs else _owner(window)
    if not owner:
        return
    window._noted_open = paths
    _settings().setValue(f"{RUNNING_KEY}/{owner}", paths)


def crashed_sessions(window) -> list[str]:
    """The documents open in instances that are gone without closing (their owners' locks
    free), in order, each once; their lists are forgotten once read."""
    s = _settings()
    s.beginGroup(RUNNING_KEY)
    owners = s.childKeys()
    s.endGroup()
    store = window.autosave.store
    mine = store.owner
    out: list[str] = []
    try:
        for owner in owners:
            if owner == mine or not owner.isalnum() or store._owner_alive(owner):
                continue
            value = s.value(f"{RUNNING_KEY}/{owner}", [])
            for p in [value] if isinstance(value, str) else list(value or []):
                if str(p) not in out:
                    out.append(str(p))
            s.remove(f"{RUNNING_KEY}/{owner}")
    finally:
        store.end_offer()  # the dead owners' locks, taken to ask, let go
    return out


def restore(window) -> bool:
    """Geometry and docks as they were; False when there is nothing (valid) to restore.
    A geometry saved on a screen that is gone is moved onto one by Qt itself."""
    s = _settings()
    geometry, state = s.value(GEOMETRY_KEY), s.value(STATE_KEY)
    ok = bool(geometry) and window.restoreGeometry(geometry)
    if state:
        window.restoreState(state, STATE_VERSION)
    restore_zoom(window)
    return ok


def restore_zoom(window) -> None:
    """The zoom of the last evening (issue 27: it was forgotten)."""
    from landsraad.gui.resources import ZOOM_STEPS

    try:
        zoom = float(_settings().value(ZOOM_KEY, 1.0))
    except (TypeError, ValueError):
        return
    if zoom in ZOOM_STEPS and ZOOM_STEPS.index(zoom) != window.zoom_index:
        window.set_zoom(ZOOM_STEPS.index(zoom))


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


SHORT_SCREEN = 900  # px of available height under which the roll log leaves the bottom


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
    tabs = fm.horizontalAdvance("Session") + fm.horizontalAdvance("Rolls (999)") + 2 * 40  # the tabs' padding
    return max(house_row + 2 * view.frameWidth() + view.verticalScrollBar().sizeHint().width(), tabs)


def last_session(window=None) -> list[str]:
    """The documents to offer again that still exist: those open in instances that crashed
    (``window`` given), else those open at the last clean close."""
    crashed = crashed_sessions(window) if window is not None else []
    if crashed:
        value: object = crashed
    else:
        value = _settings().value(OPEN_KEY, [])
    if isinstance(value, str):
        value = [value]
    return [str(p) for p in (value or []) if Path(str(p)).is_file()]


def reopen_question(n: int) -> str:
    """ "Reopen the document that was open …" / "the 7 documents that were open …"."""
    return (
        "Reopen the document that was open" if n == 1 else f"Reopen the {n} documents that were open"
    ) + " when Landsraad Forge last stopped?"
