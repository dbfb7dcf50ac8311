"""One edit, undo and redo in each view against one full repaint of the window, in the
same process and run (issue 15): prints a JSON object of medians in seconds.

    python benchmarks/_gui_edit.py REPEATS
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parent.parent


def _median(fn, app, repeats: int) -> float:
    fn()
    app.processEvents()
    samples = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        app.processEvents()          # deferred refreshes are part of the edit's cost
        samples.append(time.perf_counter() - t0)
    return statistics.median(samples)


def _measure(w, app, name: str, doc, rename, repeats: int) -> dict:
    w.show_document(doc)
    app.processEvents()
    counter = iter(range(10 ** 9))

    def edit():
        doc.edit("Rename", lambda s: rename(s, f"Name {next(counter)}"))

    def undo_redo():
        doc.stack.undo()
        doc.stack.redo()

    return {f"{name}-edit": _median(edit, app, repeats),
            f"{name}-undo": _median(undo_redo, app, repeats) / 2,
            f"repaint-{name}": _median(w.repaint, app, repeats)}


def main(repeats: int) -> dict:
    from PySide6.QtWidgets import QApplication
    app = QApplication.instance() or QApplication([])
    from landsraad.gui.app import make_window
    w = make_window(restore=False)
    w.resize(1280, 720)
    w.ask_save_changes = lambda doc: "discard"
    w.show()
    app.processEvents()
    fief = w.open_path(str(ROOT / "examples" / "venhei-fief.json"))
    ch = w.new_character()
    out = {}
    for name, doc, rename in (
            ("fief", fief, lambda f, n: setattr(f.houses[0], "name", n)),
            ("character", ch, lambda c, n: setattr(c, "name", n))):
        out.update(_measure(w, app, name, doc, rename, repeats))
    w.close()
    return out


if __name__ == "__main__":
    print(json.dumps(main(int(sys.argv[1]) if len(sys.argv) > 1 else 30)))
