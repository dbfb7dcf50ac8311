"""Benchmark-only helper: start a main window offscreen, print when it first paints, exit.

    python benchmarks/_coldstart.py bare   # a bare PySide6 QMainWindow
    python benchmarks/_coldstart.py form   # that QMainWindow with forms/mainwindow.ui built in
    python benchmarks/_coldstart.py app    # Landsraad Forge's main window (landsraad.gui.app.main)

Prints one line ``shown <t>`` where ``<t>`` is ``time.perf_counter()`` at the first Paint
event of a visible top-level QMainWindow (a system-wide monotonic clock on Linux, macOS
and Windows, so the parent can subtract its own ``perf_counter()`` taken just before it
started this process).  Exits at once with ``os._exit`` so teardown is not measured.
Both modes create the QApplication the same way, before anything else is imported.
"""

import os
import sys
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def _run(mode: str) -> None:
    from PySide6.QtCore import QEvent, QObject
    from PySide6.QtWidgets import QApplication, QMainWindow

    app = QApplication(sys.argv[:1])

    class FirstPaint(QObject):
        def eventFilter(self, obj, event):  # noqa: N802 - Qt's name
            if event.type() == QEvent.Type.Paint and isinstance(obj, QMainWindow) and obj.isVisible():
                t = time.perf_counter()
                sys.stdout.write(f"shown {t!r}\n")
                sys.stdout.flush()
                os._exit(0)
            return False

    watcher = FirstPaint()
    app.installEventFilter(watcher)

    if mode == "bare":
        w = QMainWindow()
        w.resize(1600, 1000)
        w.show()
        app.exec()
    elif mode == "form":
        # the floor under "app": the main window's Designer form alone, no app code
        from landsraad.gui.compiled_forms.ui_mainwindow import Ui_MainWindow

        w = QMainWindow()
        Ui_MainWindow().setupUi(w)
        w.resize(1600, 1000)
        w.show()
        app.exec()
    elif mode == "app":
        # main() reuses the QApplication made above (QApplication.instance()).
        from landsraad.gui.app import main

        main([])
    else:
        raise SystemExit(f"unknown mode {mode!r} (bare | form | app)")
    sys.stderr.write("the event loop ended before a main window was painted\n")
    os._exit(3)


if __name__ == "__main__":
    _run(sys.argv[1] if len(sys.argv) > 1 else "bare")
