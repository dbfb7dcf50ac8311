"""Issue 28 in the window: a file a command changed while it was open (watched, offered
Reload / Keep mine / Save As; its stamp checked before every save), a document that loads
but breaks its view (a message, the window up), bounded undo, plain tooltips, and every
document of tests/data/ (and fuzzed ones) opened with a view or a message."""

import json
import random
import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QPoint
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QApplication, QLabel, QToolTip

from landsraad.cli import main
from landsraad.documents.limits import MAX_UNDO
from landsraad.house import edits

pytestmark = pytest.mark.gui

DATA = Path(__file__).parents[1] / "data"
FIEF = DATA / "documents" / "fief-v2.json"


@pytest.fixture
def fief_file(tmp_path):
    path = tmp_path / "venhei.json"
    shutil.copyfile(FIEF, path)
    return path


def _month(path):
    return json.loads(path.read_text(encoding="utf-8"))["month"]


def test_a_file_changed_by_a_command_while_open_is_offered_for_reload(window, qtbot, fief_file):
    doc = window.open_path(str(fief_file))
    assert doc.state.month == 1 and str(fief_file) in window.watcher.files()
    assert not window.disk_bar.isVisible()
    assert main(["fief", "month", str(fief_file), "-o", str(fief_file)]) == 0
    qtbot.waitUntil(lambda: doc in window.disk_pending, timeout=5000)
    assert window.disk_bar.isVisible() and "venhei.json was changed on disk" in window._disk_label.text()
    assert window.answer_disk_change("reload") and doc.state.month == 2 and not doc.modified
    assert not window.disk_bar.isVisible()
    doc.stack.undo()  # the reload is one undo step
    assert doc.state.month == 1
    assert main(["fief", "month", str(fief_file), "-o", str(fief_file)]) == 0  # still watched after the
    qtbot.waitUntil(lambda: doc in window.disk_pending, timeout=5000)  # atomic replace
    window.answer_disk_change("keep")  # keep mine: the next save replaces theirs unasked
    window.ask_disk_change = lambda d: pytest.fail("asked again")
    assert window.save(doc) and json.loads(fief_file.read_text(encoding="utf-8"))["month"] == 1
    assert not doc.modified and window.disk_pending == []


def test_our_own_save_is_not_a_change_on_disk(window, qtbot, fief_file):
    doc = window.open_path(str(fief_file))
    doc.edit("Rename", edits.set_fief_text, "name", "Mine")
    assert window.save(doc)
    qtbot.wait(300)
    assert window.disk_pending == [] and not window.disk_bar.isVisible()


def test_save_checks_the_stamp_and_never_replaces_a_command_s_change_unasked(window, qtbot, fief_file):
    answers = ["cancel"]
    asked = []
    window.ask_disk_change = lambda doc: asked.append(True) or answers[0]
    window.watcher.blockSignals(True)  # the Save itself must catch it (no watcher event)
    doc = window.open_path(str(fief_file))
    doc.edit("Rename", edits.set_fief_text, "name", "Mine")
    assert main(["fief", "month", str(fief_file), "-o", str(fief_file)]) == 0
    theirs = fief_file.read_bytes()
    assert window.save(doc) is False and asked == [True]
    assert fief_file.read_bytes() == theirs and doc.modified  # nothing replaced
    answers[0] = "keep"
    assert window.save(doc) is True and asked == [True, True]
    saved = json.loads(fief_file.read_text(encoding="utf-8"))
    assert saved["name"] == "Mine" and saved["month"] == 1  # theirs is in the .bak
    assert json.loads(Path(f"{fief_file}.bak").read_text(encoding="utf-8"))["month"] == 2
    doc.edit("Rename", edits.set_fief_text, "name", "Mine again")
    assert window.save(doc) is True and asked == [True, True]  # our own save: no question


def test_a_document_whose_view_cannot_be_built_is_a_message_and_the_window_stays_up(window, monkeypatch, fief_file):
    errors = []
    window.report_error = lambda title, text: errors.append((title, text))
    import landsraad.gui.fief.view as fv

    def broken(*a, **k):
        raise OverflowError("Python int too large to convert to C int")

    monkeypatch.setattr(fv, "FiefView", broken)
    assert window.open_path(str(fief_file)) is None
    assert errors and errors[0][0] == "Cannot show" and str(fief_file) in errors[0][1]
    assert "too large to show" in errors[0][1] and window.docs == [] and window.isVisible()


def test_counts_a_view_cannot_hold_are_refused_where_the_document_is_read(window, tmp_path):
    data = json.loads((DATA / "documents" / "conflict-v1.json").read_text(encoding="utf-8"))
    data["conflict"]["momentum"] = 3_000_000_000  # what `conflict pools` used to write
    path = tmp_path / "c.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    errors = []
    window.report_error = lambda title, text: errors.append((title, text))
    assert window.open_path(str(path)) is None
    assert "conflict.momentum" in errors[0][1] and window.isVisible()


def test_the_undo_history_is_bounded(window):
    doc = window.new_fief()
    assert doc.stack.undoLimit() == MAX_UNDO
    for i in range(MAX_UNDO + 20):
        doc.edit("Rename", edits.set_fief_text, "name", f"Fief {i}")
    assert doc.stack.count() == MAX_UNDO


def test_every_tooltip_from_a_name_is_plain_text(window, qtbot):
    lab = QLabel("x")
    qtbot.addWidget(lab)
    lab.setToolTip('<h1>Big</h1><img src="x.png">')
    lab.show()
    QApplication.sendEvent(lab, QHelpEvent(QEvent.Type.ToolTip, QPoint(1, 1), lab.mapToGlobal(QPoint(1, 1))))
    qtbot.waitUntil(QToolTip.isVisible, timeout=2000)
    assert "&lt;h1&gt;" in QToolTip.text()
    QToolTip.hideText()


def _documents():
    return sorted(p for p in DATA.rglob("*.json"))


def _fuzzed(seed):
    """A frozen document with one field replaced by a hostile value."""
    rnd = random.Random(seed)
    src = rnd.choice(_documents())
    data = json.loads(src.read_text(encoding="utf-8"))
    paths = []

    def walk(o, pre=()):
        if isinstance(o, dict):
            for k, v in o.items():
                paths.append(pre + (k,))
                walk(v, pre + (k,))
        elif isinstance(o, list):
            for i, v in enumerate(o):
                paths.append(pre + (i,))
                walk(v, pre + (i,))

    walk(data)
    path = rnd.choice(paths)
    o = data
    for k in path[:-1]:
        o = o[k]
    o[path[-1]] = rnd.choice([None, "", -1, 2**31, 10**17, "<b>x</b>", {}, [], True, 2.5, "x" * 40_000])
    return data


@pytest.mark.parametrize("seed", [None, *range(40)])
def test_every_document_and_fuzzed_documents_open_with_a_view_or_a_message(window, tmp_path, seed):
    errors = []
    window.report_error = lambda title, text: errors.append(text)
    files = _documents() if seed is None else []
    if seed is not None:
        f = tmp_path / "fuzzed.json"
        f.write_text(json.dumps(_fuzzed(seed)), encoding="utf-8")
        files = [f]
    for f in files:
        before = len(window.docs)
        doc = window.open_path(str(f))
        assert (doc is not None and len(window.docs) == before + 1) or errors, f
        QApplication.processEvents()
    assert window.isVisible()


def test_remove_house_in_the_window_removes_what_names_it_in_one_undo_step(window, tmp_path):
    """The played month-3 Fief: Vorst's Subvert and Socialise aim at Felderon."""
    path = tmp_path / "played.json"
    shutil.copyfile(DATA / "played-fief-month-3.json", path)
    doc = window.open_path(str(path))
    view = window.current_view()
    before = doc.stack.count()
    doc.edit("Remove House Felderon", edits.remove_house, "felderon")
    assert doc.stack.count() == before + 1
    vorst = doc.state.house("vorst").domain
    assert vorst.ventures == [] and vorst.operations == []
    view.refresh(everything=True)  # the House turn panel refreshes without a raise
    assert window.save(doc)
    assert main(["fief", "month", str(path), "-o", str(path)]) == 0
    doc.stack.undo()
    assert doc.state.house("felderon") is not None and len(doc.state.house("vorst").domain.ventures) == 1


def test_a_duel_of_fencers_with_the_longest_names_opens_quickly(window, tmp_path):
    """Names are read up to limits.MAX_NAME (40,000 characters is refused) and shown cut."""
    import time

    from landsraad.documents.limits import MAX_NAME

    data = json.loads((DATA / "documents" / "fencing-duel-v1.json").read_text(encoding="utf-8"))
    for c in data["combatants"]:
        c["fencer"]["name"] = "N" * MAX_NAME
    path = tmp_path / "duel.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    t0 = time.perf_counter()
    doc = window.open_path(str(path))
    QApplication.processEvents()
    assert doc is not None and time.perf_counter() - t0 < 3.0  # was 8-15 s
    assert len(doc.display_name()) <= 120 and doc.state.combatants[0].fencer.name == "N" * MAX_NAME
    data["combatants"][0]["fencer"]["name"] = "N" * 40_000
    path.write_text(json.dumps(data), encoding="utf-8")
    errors = []
    window.report_error = lambda title, text: errors.append(text)
    window.close_document(doc)
    assert window.open_path(str(path)) is None and "40,000 characters" in errors[0]
