"""Autosave and recovery in the window: edit, crash (no clean exit), restart, restore; the
races of issue 13 (continuous editing, a second instance, a file changed since, odd and
very many leftovers)."""

import json

from PySide6.QtWidgets import QMessageBox

from landsraad.character import document as chdoc
from landsraad.character.model import TemplateChoice
from landsraad.documents.autosave import RecoveryStore
from landsraad.gui import autosave as gui_autosave
from tests.support.charbuild import complete_swordmaster


def crash(window) -> None:
    """What a crash does to the autosave: the process's owner lock goes, the files stay."""
    window.autosave.timer.stop()
    window.autosave.store.release()


def restore_all(window):
    window.autosave.ask_restore = lambda offered, unreadable: (offered, False)


def recovery_files(tmp_path):
    return sorted(p.name for p in (tmp_path / "recovery").glob("*.json"))


def test_edit_crash_restart_restore(make_window, tmp_path):
    w = make_window(show=False)
    doc = w.new_character()
    doc.edit("Name", lambda ch: setattr(ch, "name", "Gurney Halleck"))
    doc.edit("Early Life", lambda ch: setattr(ch, "early_life", TemplateChoice("slave-pits", {1: ["physique"]})))
    assert w.autosave.timer.isActive()  # a change starts the timer
    w.autosave.flush()  # the timer fires
    assert len(recovery_files(tmp_path)) == 1
    assert w.autosave.store.pending() == []  # its own live work is not a leftover
    crash(w)
    w2 = make_window(show=False)
    restore_all(w2)
    restored = w2.autosave.offer_recovery()
    assert len(restored) == 1 and restored[0].state == doc.state
    assert restored[0].modified  # unsaved until the user saves it
    assert restored[0].sheet.statistics["physique"] == 2


def test_continuous_editing_is_saved_every_few_seconds_not_only_after_a_pause(
    make_window, qtbot, tmp_path, monkeypatch
):
    w = make_window(show=False)
    w.autosave.timer.setInterval(300)  # the 3 s of the app, scaled down
    doc = w.new_character()
    store = RecoveryStore(tmp_path / "recovery")
    seen = []
    for i in range(30):  # an edit every ~50 ms for ~1.5 s, never a pause
        doc.edit("Name", lambda ch, i=i: setattr(ch, "name", f"Duncan {i}"))
        qtbot.wait(50)
        path = store.path_of(w.autosave.keys[id(doc)])
        if path.exists():
            seen.append(chdoc.loads(json.loads(path.read_text())["document"]).name)
    # written while the edits kept coming, more than once, each time a recent state
    assert len(set(seen)) >= 2, seen
    assert seen[0] != "Duncan 29"


def test_saving_or_a_clean_exit_removes_the_recovery_file(make_window, tmp_path):
    w = make_window(show=False)
    doc = w.new_character()
    doc.edit("Name", lambda ch: setattr(ch, "name", "Thufir"))
    w.autosave.flush()
    assert recovery_files(tmp_path)
    doc.save(str(tmp_path / "thufir.json"))
    assert recovery_files(tmp_path) == []  # saved: nothing to recover
    doc.edit("Name", lambda ch: setattr(ch, "name", "Thufir Hawat"))
    w.autosave.flush()
    w.close()
    assert recovery_files(tmp_path) == []  # clean exit
    assert list((tmp_path / "recovery").glob("owner-*.lock")) == []


def test_a_second_window_neither_offers_nor_deletes_a_running_windows_work(make_window, tmp_path):
    first = make_window(show=False)
    doc = first.new_character()
    doc.edit("Name", lambda ch: setattr(ch, "name", "Piter"))
    first.autosave.flush()
    second = make_window(show=False)
    asked = []
    second.autosave.ask_restore = lambda offered, unreadable: asked.append(offered) or ([], True)
    assert second.autosave.offer_recovery() == []
    assert asked == []  # nothing to ask about: the work has a live owner
    assert len(recovery_files(tmp_path)) == 1  # and it is still there
    doc.edit("Name", lambda ch: setattr(ch, "name", "Piter de Vries"))
    first.autosave.flush()  # the owner keeps saving to it


def test_declined_recovery_is_deleted(make_window, tmp_path):
    w = make_window(show=False)
    doc = w.new_character()
    doc.edit("Name", lambda ch: setattr(ch, "name", "Piter"))
    w.autosave.flush()
    crash(w)
    w2 = make_window(show=False)
    w2.autosave.ask_restore = lambda offered, unreadable: ([], False)
    assert w2.autosave.offer_recovery() == [] and recovery_files(tmp_path) == []


def _open_edit_crash(make_window, tmp_path):
    user = tmp_path / "duncan.json"
    chdoc.save(complete_swordmaster(), user)
    w = make_window(show=False)
    doc = w.open_path(str(user))
    doc.edit("Name", lambda ch: setattr(ch, "name", "Duncan (autosaved work)"))
    w.autosave.flush()
    crash(w)
    return user


def test_restoring_over_an_unchanged_file_keeps_its_path(make_window, tmp_path):
    user = _open_edit_crash(make_window, tmp_path)
    w2 = make_window(show=False)
    restore_all(w2)
    w2.autosave.ask_conflict = lambda rec: pytest_fail("the file did not change")
    (doc,) = w2.autosave.offer_recovery()
    assert doc.path == str(user.resolve()) and doc.state.name == "Duncan (autosaved work)"


def pytest_fail(msg):
    raise AssertionError(msg)


def _changed_on_disk(make_window, tmp_path):
    user = _open_edit_crash(make_window, tmp_path)
    newer = user.read_text().replace("Duncan Idaho", "Duncan Idaho, edited on the other laptop")
    user.write_text(newer)
    return user, newer


def test_restoring_over_a_file_changed_since_says_so_and_opens_it_untitled(make_window, tmp_path):
    user, newer = _changed_on_disk(make_window, tmp_path)
    w2 = make_window(show=False)
    restore_all(w2)
    conflicts = []
    w2.autosave.ask_conflict = lambda rec: conflicts.append(rec.original) or "untitled"
    (doc,) = w2.autosave.offer_recovery()
    assert conflicts == [str(user.resolve())]
    # no path: Save asks where, the newer file is never overwritten unawares
    assert doc.path is None and doc.modified and doc.state.name == "Duncan (autosaved work)"
    assert user.read_text() == newer


def test_restoring_over_a_file_changed_since_can_save_the_work_elsewhere(make_window, tmp_path):
    user, newer = _changed_on_disk(make_window, tmp_path)
    w2 = make_window(show=False)
    restore_all(w2)
    w2.autosave.ask_conflict = lambda rec: "save-as"
    elsewhere = tmp_path / "duncan-recovered.json"
    w2.ask_save_path = lambda d, title, filt: str(elsewhere)
    (doc,) = w2.autosave.offer_recovery()
    assert doc.path == str(elsewhere) and not doc.modified
    assert chdoc.load(elsewhere).name == "Duncan (autosaved work)"
    assert user.read_text() == newer
    assert recovery_files(tmp_path) == []  # saved: its recovery copy is gone


def test_odd_leftovers_are_skipped_and_can_be_deleted_while_valid_ones_are_offered(make_window, tmp_path):
    w = make_window(show=False)
    doc = w.new_character()
    doc.edit("Name", lambda ch: setattr(ch, "name", "Feyd"))
    w.autosave.flush()
    crash(w)
    folder = tmp_path / "recovery"
    (folder / "yesterday.json").write_text(
        json.dumps({"key": "y", "kind": "character", "title": "x", "saved_at": "yesterday", "document": "{}"})
    )
    (folder / "deep.json").write_text("[" * 50_000 + "]" * 50_000)
    w2 = make_window(show=False)
    got = {}

    def ask(offered, unreadable):
        got["offered"], got["unreadable"] = [r.title for r in offered], sorted(u.path.name for u in unreadable)
        return offered, True  # restore, and delete the unreadable ones

    w2.autosave.ask_restore = ask
    (restored,) = w2.autosave.offer_recovery()
    assert got == {"offered": ["Feyd"], "unreadable": ["deep.json", "yesterday.json"]}
    assert restored.state.name == "Feyd"
    assert not (folder / "yesterday.json").exists() and not (folder / "deep.json").exists()


def test_ten_thousand_leftovers_are_summed_up_not_listed(make_window, tmp_path, monkeypatch):
    folder = tmp_path / "recovery"
    folder.mkdir()
    doc = json.dumps({"kind": "character"})
    for i in range(10_000):
        (folder / f"k{i:05d}.json").write_text(
            json.dumps(
                {
                    "key": f"k{i:05d}",
                    "kind": "character",
                    "title": f"Sardaukar {i}",
                    "original": None,
                    "saved_at": f"2026-12-01T10:{i // 600 % 60:02d}:{i // 10 % 60:02d}+00:00",
                    "document": doc,
                }
            )
        )
    for i in range(3):
        (folder / f"bad{i}.json").write_text("{")
    w = make_window(show=False)
    shown = {}

    def exec_(box):
        shown["text"], shown["info"], shown["details"] = box.text(), box.informativeText(), box.detailedText()
        box.checkBox().setChecked(True)
        return QMessageBox.StandardButton.Discard

    monkeypatch.setattr(QMessageBox, "exec", exec_)
    assert w.autosave.offer_recovery() == []
    assert "10000 documents have unsaved work" in shown["text"]
    lines = shown["info"].splitlines()
    assert len(lines) <= gui_autosave.LISTED + 8
    assert "… and 9988 more" in shown["info"] and "3 recovery files could not be read" in shown["info"]
    assert len(shown["details"].splitlines()) == 10_003  # everything, in the scrollable details
    assert list(folder.glob("*.json")) == []  # Discard + the box ticked: all gone


def test_a_document_that_cannot_be_autosaved_does_not_stop_the_others(make_window, tmp_path):
    w = make_window(show=False)
    broken = w.new_character()
    broken.edit("Name", lambda ch: setattr(ch, "name", "Lone \ud800 surrogate"))
    fine = w.new_character()
    fine.edit("Name", lambda ch: setattr(ch, "name", "Alia"))
    w.autosave.flush()
    # the codec writes a lone surrogate as U+FFFD (issue 13): both are saved, none fails
    saved = sorted(json.loads(p.read_text())["title"] for p in (tmp_path / "recovery").glob("*.json"))
    assert saved == ["Alia", "Lone \ufffd surrogate"] and not w.autosave.errors


def _answer_restore_box(qtbot, key):
    """Press KEY in the real "Restore unsaved work?" box once it is shown (it runs modal)."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    seen = []

    def press():
        box = next((b for b in QApplication.topLevelWidgets() if isinstance(b, QMessageBox) and b.isVisible()), None)
        if box is None:
            QTimer.singleShot(20, press)
            return
        seen.append([b.text() for b in box.buttons()])
        if len(key) == 1:
            qtbot.keyClick(box.focusWidget() or box, key[0])
            return
        # a mnemonic: the button whose shortcut is the key (QTest does not route shortcuts)
        from PySide6.QtGui import QKeySequence

        button = next(b for b in box.buttons() if b.shortcut() == QKeySequence(key[1]))
        button.click()

    QTimer.singleShot(0, press)
    return seen


def test_escape_keeps_the_recovery_copies_for_the_next_start(make_window, tmp_path, qtbot):
    from PySide6.QtCore import Qt

    w = make_window(show=False)
    doc = w.new_character()
    doc.edit("Name", lambda ch: setattr(ch, "name", "Piter"))
    w.autosave.flush()
    crash(w)
    w2 = make_window(show=False)
    seen = _answer_restore_box(qtbot, (Qt.Key.Key_Escape,))
    assert w2.autosave.offer_recovery() == []
    assert {"&Restore", "&Discard", "&Keep for later"} <= set(seen[0])
    assert len(recovery_files(tmp_path)) == 1  # neither restored nor deleted
    crash(w2)
    w3 = make_window(show=False)
    seen = _answer_restore_box(qtbot, (None, "Alt+R"))
    restored = w3.autosave.offer_recovery()  # offered again; Alt+R restores it
    assert [d.state.name for d in restored] == ["Piter"]
