"""Starting the desktop app, and rendering it to a PNG (``--screenshot``)."""

from __future__ import annotations

import os
import sys


def _application():
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if app is None:
        app = QApplication(sys.argv[:1])
    app.setApplicationName("Landsraad Forge")
    app.setOrganizationName("Landsraad Forge")
    from landsraad import __version__

    app.setApplicationVersion(__version__)
    from landsraad.gui.resources import icon

    app.setWindowIcon(icon("app-icon"))
    return app


def make_window(files: list[str] | None = None, restore: bool = True):
    from landsraad.gui import session_memory
    from landsraad.gui.mainwindow import MainWindow

    w = MainWindow()
    w.apply_style()
    if not (restore and session_memory.restore(w)):
        session_memory.fit_to_screen(w)
    for f in files or []:
        w.open_path(f)
    return w


def main(files: list[str] | None = None) -> int:
    """Start the app and open ``files``; returns the exit code."""
    if files is None:
        files = sys.argv[1:]
    from landsraad.gui.platform_check import check_before_qt

    problem = check_before_qt()
    if problem:  # Qt would abort with "Could not load the Qt platform plugin xcb"
        print(problem, file=sys.stderr)
        return 1
    app = _application()
    w = make_window(files)
    w.show()
    # what a crash left behind, offered back with its time, once the window is on screen;
    # then, once that is answered (one dialog after the other, issue 27), the documents of
    # the last evening, if the user wants them
    from PySide6.QtCore import QTimer

    QTimer.singleShot(0, lambda: offer_at_start(w, reopen=not files))
    return app.exec()


def offer_at_start(window, reopen: bool = True) -> None:
    """The start's questions, one after the other: restore what a crash left unsaved, then
    reopen the documents that were open (never two dialogs at once)."""
    window.autosave.offer_recovery()
    if reopen:
        window.offer_last_session()


def screenshot(out_png: str, document: str | None = None) -> int:
    """Open the main window offscreen (with ``document``), let it lay out, save a PNG, exit 0."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from landsraad.errors import LandsraadError

    app = _application()
    w = make_window(restore=False)  # the same picture whatever the user's last layout
    w.resize(1920, 1080)
    errors: list[str] = []
    w.report_error = lambda title, text: errors.append(f"{title}: {text}")
    if document:
        w.open_path(document)
        if errors:
            raise LandsraadError(errors[0])
    w.show()
    for _ in range(5):
        app.processEvents()
    w.grab().save(out_png)
    w.close()
    return 0
