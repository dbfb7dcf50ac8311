"""One edit, undo and redo in each view against one full repaint of the window, in the
same process and run (issue 15): prints a JSON object of medians in seconds.

    python benchmarks/_gui_edit.py REPEATS

Edits measured, each as the window takes it (``doc.edit``, the undo stack):
- ``fief-edit`` / ``fief-undo``: typing a House's name, a key at a time into the name field
  of the Houses page (each key one edit, merged into one undo step), a letter then Backspace;
- ``fief-choice`` / ``fief-choice-undo``: choosing the other option of a history event of
  the selected House, with the event selected (its Trait Scores, findings, the event's
  controls and the scores table all change);
- ``character-edit`` / ``character-undo``: typing the character's name;
- ``repaint-fief`` / ``repaint-character``: one full repaint of the window (``repaint()``).
The table view (the group's window) is closed, as by default; the same Fief edits with it
open are the ``*-table`` keys.  Each sample ends when the deferred work (the table view's
refresh, posted layouts, paints) is done: the events are processed until none is left.
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


def _settle(app) -> None:
    """Process events until the deferred refreshes and the paints they post are done: one
    pass runs what was posted before it; a table view's refresh posts layouts and paints."""
    app.processEvents()
    app.sendPostedEvents()
    app.processEvents()


def _medians(fns: dict, app, repeats: int) -> dict:
    """The median of each of ``fns`` (name -> (function, divisor)), their samples taken in
    turn, so that a burst of load on a shared machine weighs on all of them alike."""
    samples: dict = {name: [] for name in fns}
    for _ in range(repeats + 1):  # the first round warms up
        for name, (fn, divisor) in fns.items():
            t0 = time.perf_counter()
            fn()
            _settle(app)  # deferred refreshes are part of the edit's cost
            samples[name].append((time.perf_counter() - t0) / divisor)
    return {name: statistics.median(s[1:]) for name, s in samples.items()}


def _undo_redo(doc):
    def undo_redo():
        doc.stack.undo()
        doc.stack.redo()

    return undo_redo


def _typing(doc, rename):
    """Typing a name: each key one edit, merged into one undo step as the window's name fields do."""
    counter = iter(range(10**9))

    def edit():
        doc.edit("Rename", lambda s: rename(s, f"Name {next(counter)}"), merge_key="name")

    return edit


def _typing_keys(view, doc):
    """A key typed into the selected House's name field, as the Judge types: a letter, then
    Backspace (the field's textEdited makes the edit, as each key does)."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    field = view.ui.houseNameEdit
    field.setFocus()
    field.end(False)
    keys = iter(range(10**9))

    def key():
        if next(keys) % 2:
            QTest.keyClick(field, Qt.Key.Key_Backspace)
        else:
            QTest.keyClick(field, Qt.Key.Key_X)

    return key


def _choosing(w, app, doc):
    """The other option of a "choose one" event of the selected House, each time, with the
    event selected in the view (the Judge has it in sight)."""
    from landsraad.house import edits
    from landsraad.house.history import history_events

    view = w.current_view()
    house = view.selected_house() or doc.state.houses[0]
    event = next(ev for ev in history_events(house, doc.content) if ev.row.kind == "options")
    if hasattr(view, "select_event"):
        view.select_event(event.source)
    _settle(app)
    options = len(event.row.options)

    def choose():
        now = doc.state.house(house.id).choice(event.source)
        option = (now.option % options) + 1 if now and now.option else 1
        doc.edit("Choose", edits.choose_event, house.id, doc.content, event.source, option=option)

    return choose


def _fief_figures(w, app, fief, repeats: int, suffix: str = "") -> dict:
    w.show_document(fief)
    view = w.current_view()
    ui = view.ui
    if hasattr(ui, "housesPage"):  # where the Judge types a House's name and chooses
        ui.fiefTabs.setCurrentWidget(ui.housesPage)
    _settle(app)
    choosing = _choosing(w, app, fief)
    typing = _typing_keys(view, fief) if hasattr(ui, "houseNameEdit") else _typing(fief, _rename_house)
    m = _medians(
        {"fief-edit": (typing, 1), "fief-undo": (_undo_redo(fief), 2), "repaint-fief": (w.repaint, 1)}, app, repeats
    )
    # a choice, then undo/redo of it: the undo stack's top is the choice
    m.update(
        _medians(
            {"fief-choice": (choosing, 1), "fief-choice-undo": (_undo_redo(fief), 2), "repaint-fief-2": (w.repaint, 1)},
            app,
            repeats,
        )
    )
    m["repaint-fief"] = statistics.median([m["repaint-fief"], m.pop("repaint-fief-2")])
    return {k + suffix: v for k, v in m.items()}


def _shared_figures(w, app, fief, repeats: int) -> dict:
    import subprocess

    panel = getattr(w, "share_panel", None)
    if panel is None:
        return {}
    panel.port = 0
    w.actionShare.setChecked(True)
    _settle(app)
    s = panel.server.session
    followers = subprocess.Popen(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "_session.py"),
            "--follow",
            f"http://127.0.0.1:{panel.server.port}",
            s.gate.join_code,
            "8",
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        followers.stdout.readline()  # "following": all 8 connected
        return _fief_figures(w, app, fief, repeats, "-shared")
    finally:
        followers.kill()
        followers.wait()
        w.actionShare.setChecked(False)


def _rename_house(f, n):
    f.houses[0].name = n


def main(repeats: int) -> dict:
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    from landsraad.gui.app import make_window

    w = make_window(restore=False)
    w.resize(1280, 720)
    w.ask_save_changes = lambda doc: "discard"
    w.show()
    _settle(app)
    fief = w.open_path(str(ROOT / "examples" / "venhei-fief.json"))
    ch = w.new_character()
    out = _fief_figures(w, app, fief, repeats)
    w.show_document(ch)
    _settle(app)
    out.update(
        _medians(
            {
                "character-edit": (_typing(ch, lambda c, n: setattr(c, "name", n)), 1),
                "character-undo": (_undo_redo(ch), 2),
                "repaint-character": (w.repaint, 1),
            },
            app,
            repeats,
        )
    )
    # the same Fief edits with the table view (View > Table view) open and following them
    w.ui.actionTableView.setChecked(True)
    _settle(app)
    out.update(_fief_figures(w, app, fief, repeats, "-table"))
    # and shared with the table (issue 26): 8 followers in another process, as browsers are
    out.update(_shared_figures(w, app, fief, repeats))
    w.ui.actionTableView.setChecked(False)
    w.close()
    return out


if __name__ == "__main__":
    print(json.dumps(main(int(sys.argv[1]) if len(sys.argv) > 1 else 30)))
