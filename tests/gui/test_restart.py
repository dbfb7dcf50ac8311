"""Issue 27, the restart after a crash: the two start questions one after the other, the
reopen offer of the documents open in the instance that crashed (not another instance's
list), in the right number, and the zoom of the last evening."""

from __future__ import annotations

import os
import shutil

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pathlib import Path

import pytest

pytestmark = pytest.mark.gui
EXAMPLES = Path(__file__).resolve().parent.parent.parent / "examples"


def _copies(tmp_path, names):
    out = []
    for n in names:
        p = tmp_path / n
        shutil.copy(EXAMPLES / n, p)
        out.append(str(p.resolve()))
    return out


def test_the_reopen_offer_is_what_the_crashed_instance_had_open(make_window, tmp_path):
    from landsraad.gui import session_memory

    fief, duel, d20, other = _copies(
        tmp_path, ["venhei-fief.json", "dune-sea-duel.json", "legrasse-d20.json", "ambush-conflict.json"]
    )
    crashed = make_window()
    for p in (fief, duel, d20):
        crashed.open_path(p)
    # another instance opens a document and closes cleanly after the crash
    clean = make_window()
    clean.open_path(other)
    clean.close()
    # the crash: the process dies with its lock (no close, nothing remembered at a close)
    crashed.autosave.store.release()
    crashed.closeEvent = lambda event: event.accept()
    again = make_window()
    asked = []
    again.ask_reopen = lambda paths: asked.append(paths) or True
    docs = again.offer_last_session()
    assert asked == [[fief, duel, d20]] and [d.path for d in docs] == [fief, duel, d20]
    again.ask_reopen = lambda paths: asked.append(paths) and False
    again.offer_last_session()
    assert asked[1:] in ([], [[other]])  # the crash's documents offered once
    assert session_memory.reopen_question(1) == "Reopen the document that was open when Landsraad Forge last stopped?"
    assert session_memory.reopen_question(7).startswith("Reopen the 7 documents that were open")


def test_the_start_questions_come_one_after_the_other(make_window):
    from landsraad.gui.app import offer_at_start

    w = make_window()
    events = []

    w.autosave.offer_recovery = lambda: (events.append("restore asked"), events.append("restore answered"))
    w.ask_reopen = lambda paths: events.append("reopen asked") or False
    from landsraad.gui import session_memory

    session_memory._settings().setValue(session_memory.OPEN_KEY, [str(EXAMPLES / "venhei-fief.json")])
    offer_at_start(w)
    assert events == ["restore asked", "restore answered", "reopen asked"]


def test_the_zoom_is_remembered(make_window):
    from landsraad.gui.app import make_window as app_window

    w = make_window()
    w.set_zoom(w.zoom_index + 2)
    zoom = w.zoom
    w.close()
    again = app_window()
    assert again.zoom == zoom != 1.0
    again.close()
