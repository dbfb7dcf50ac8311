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
        w.show_document(doc)
        app.processEvents()
        counter = iter(range(10 ** 9))
        out[f"{name}-edit"] = _median(lambda: doc.edit("Rename", lambda s: rename(s, f"Name {next(counter)}")),
                                      app, repeats)
        out[f"{name}-undo"] = _median(lambda: (doc.stack.undo(), doc.stack.redo()), app, repeats) / 2
        out["repaint-" + name] = _median(w.repaint, app, repeats)
    w.close()
    return out


if __name__ == "__main__":
    print(json.dumps(main(int(sys.argv[1]) if len(sys.argv) > 1 else 30)))
