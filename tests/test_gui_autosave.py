"""Autosave and recovery in the window: edit, crash (no clean exit), restart, restore."""

import pytest  # noqa: E402
from PySide6.QtCore import QSettings  # noqa: E402

from landsraad.character.model import TemplateChoice  # noqa: E402
from landsraad.gui.mainwindow import MainWindow  # noqa: E402


@pytest.fixture(autouse=True)
def _settings(tmp_path):
    QSettings.setDefaultFormat(QSettings.IniFormat)
    QSettings.setPath(QSettings.IniFormat, QSettings.UserScope, str(tmp_path / "settings"))


def _window(qtbot):
    w = MainWindow()
    qtbot.addWidget(w)
    # qtbot closes the window at teardown; a modal "save changes?" box would hang offscreen
    w.ask_save_changes = lambda doc: "discard"
    return w


def test_edit_crash_restart_restore(qtbot, tmp_path):
    w = _window(qtbot)
    doc = w.new_character()
    doc.edit("Name", lambda ch: setattr(ch, "name", "Gurney Halleck"))
    doc.edit("Early Life", lambda ch: setattr(ch, "early_life", TemplateChoice("slave-pits", {1: ["physique"]})))
    assert w.autosave.timer.isActive()            # a change starts the timer
    w.autosave.flush()                            # the timer fires
    pending = w.autosave.store.pending()
    assert [(r.kind, r.title) for r in pending] == [("character", "Gurney Halleck")]
    # crash: the window goes away without closeEvent; a new start finds the recovery file
    w2 = _window(qtbot)
    w2.autosave.ask_restore = lambda recs: recs
    restored = w2.autosave.offer_recovery()
    assert len(restored) == 1 and restored[0].state == doc.state
    assert restored[0].modified                   # unsaved until the user saves it
    assert restored[0].sheet.statistics["physique"] == 2


def test_saving_or_a_clean_exit_removes_the_recovery_file(qtbot, tmp_path):
    w = _window(qtbot)
    doc = w.new_character()
    doc.edit("Name", lambda ch: setattr(ch, "name", "Thufir"))
    w.autosave.flush()
    assert w.autosave.store.pending()
    doc.save(str(tmp_path / "thufir.json"))
    assert w.autosave.store.pending() == []       # saved: nothing to recover
    doc.edit("Name", lambda ch: setattr(ch, "name", "Thufir Hawat"))
    w.autosave.flush()
    w.close()
    assert w.autosave.store.pending() == []       # clean exit


def test_declined_recovery_is_deleted(qtbot):
    w = _window(qtbot)
    doc = w.new_character()
    doc.edit("Name", lambda ch: setattr(ch, "name", "Piter"))
    w.autosave.flush()
    w2 = _window(qtbot)
    w2.autosave.ask_restore = lambda recs: []
    assert w2.autosave.offer_recovery() == [] and w2.autosave.store.pending() == []
