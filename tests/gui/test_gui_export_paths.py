"""The window's export dialogs never write over a document (issue 13), and the window opens
absurd files with a message instead of dying."""

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from landsraad.documents.atomic import backup_path
from landsraad.gui.mainwindow import MainWindow

FROZEN = Path(__file__).resolve().parents[1] / "data" / "documents"


@pytest.fixture(autouse=True)
def isolated_settings(tmp_path):
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path / "settings"))
    yield


@pytest.fixture
def window(qtbot):
    w = MainWindow()
    qtbot.addWidget(w)
    w.ask_save_changes = lambda doc: "discard"
    w.errors = []
    w.report_error = lambda title, text: w.errors.append((title, text))
    return w


@pytest.fixture
def hero(tmp_path):
    path = tmp_path / "docs" / "hero.json"
    path.parent.mkdir()
    path.write_bytes((FROZEN / "character-v1.json").read_bytes())
    return path


def test_the_dialog_proposes_name_pdf_beside_the_document(window, hero, monkeypatch):
    doc = window.open_path(str(hero))
    asked = {}
    import landsraad.gui.mainwindow as mw

    def fake_dialog(parent, title, start, filt):
        asked.update(title=title, start=start, filt=filt)
        return "", ""

    monkeypatch.setattr(mw.QFileDialog, "getSaveFileName", fake_dialog)
    assert window.export_pdf() is False
    assert asked["start"] == str(hero.with_suffix(".pdf")) and "*.pdf" in asked["filt"]
    assert window.export_start_path(doc) == str(hero.with_suffix(".pdf"))


def test_accepting_the_documents_own_path_is_refused_and_the_document_kept(window, hero):
    window.open_path(str(hero))
    before = hero.read_bytes()
    window.ask_save_path = lambda d, title, filt: str(hero)  # the .json itself
    assert window.export_pdf() is False
    assert window.errors[0][0] == "Cannot export" and str(hero) in window.errors[0][1]
    assert hero.read_bytes() == before and not backup_path(hero).exists()
    assert [p.name for p in hero.parent.iterdir()] == ["hero.json"]


def test_an_output_that_is_a_document_is_refused_with_a_message(window, hero, tmp_path):
    window.open_path(str(hero))
    other = tmp_path / "docs" / "venhei.pdf"  # a Fief document someone named .pdf
    other.write_bytes((FROZEN / "fief-v1.json").read_bytes())
    before = other.read_bytes()
    for export in (window.export_pdf, window.export_session_pdf):
        window.errors.clear()
        window.ask_save_path = lambda d, title, filt: str(other)
        assert export() is False
        assert window.errors and window.errors[0][0] == "Cannot export"
        assert str(other) in window.errors[0][1] and "Landsraad Forge document" in window.errors[0][1]
        assert other.read_bytes() == before


def test_an_open_documents_path_is_refused_even_if_given_directly(window, hero):
    window.open_path(str(hero))
    assert window.export_session_pdf(str(hero)) is False
    assert "being exported" in window.errors[0][1]


def test_house_export_refuses_the_fief_and_proposes_the_house_name(window, tmp_path):
    fief = tmp_path / "venhei.json"
    fief.write_bytes((FROZEN / "fief-v1.json").read_bytes())
    doc = window.open_path(str(fief))
    before = fief.read_bytes()
    seen = []
    window.ask_save_path = lambda d, title, filt: seen.append(window._proposed_export) or str(fief)
    assert window.export_house_pdf() is False
    assert fief.read_bytes() == before
    house = doc.state.houses[0]
    assert Path(seen[0]).parent == tmp_path and Path(seen[0]).name.startswith("house-")
    assert Path(seen[0]).suffix == ".pdf" and house.name.lower().split()[0] in Path(seen[0]).name


def test_an_unsaved_document_is_proposed_in_the_last_export_folder(window, hero, tmp_path):
    window.open_path(str(hero))
    out = tmp_path / "prints" / "hero"
    out.parent.mkdir()
    window.ask_save_path = lambda d, title, filt: str(out)
    assert window.export_pdf() is True
    assert (out.parent / "hero.pdf").read_bytes()[:5] == b"%PDF-"  # .pdf added
    doc = window.new_character()
    assert Path(window.export_start_path(doc)).parent == out.parent
    assert Path(window.export_start_path(doc)).suffix == ".pdf"


def test_the_window_opens_absurd_files_with_a_message(window, tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    huge = tmp_path / "huge.json"
    huge.write_text('{"schema_version": 1, "kind": "fief", "name": 1' + "0" * 5000 + "}", encoding="utf-8")
    odd = tmp_path / "odd.json"
    odd.write_text('{"schema_version": 1, "kind": "<a href=\'https://x\'>link</a>"}', encoding="utf-8")
    for path, words in ((deep, "nested more than"), (huge, "4,300 digits"), (odd, "not a Landsraad Forge document")):
        window.errors.clear()
        assert window.open_path(str(path)) is None
        assert window.errors[0][0] == "Cannot open" and words in window.errors[0][1]
    assert window.docs == []


def test_landsraad_gui_file_with_an_absurd_file_does_not_die(tmp_path):
    import subprocess
    import sys

    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    out = tmp_path / "shot.png"
    proc = subprocess.run(
        [sys.executable, "-m", "landsraad", "--screenshot", str(out), str(deep)],
        capture_output=True,
        text=True,
        timeout=120,
        env={**__import__("os").environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    assert "RecursionError" not in proc.stderr and "Traceback" not in proc.stderr
    assert proc.returncode in (0, 2), proc.stderr


def test_cannot_save_names_the_file(window, hero, monkeypatch):
    import errno
    import os

    from landsraad.documents import atomic

    doc = window.open_path(str(hero))
    doc.edit("name", lambda ch: setattr(ch, "name", "Paul"))

    def full(*_a):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(atomic.os, "fsync", full)
    assert window.save(doc) is False
    title, text = window.errors[0]
    assert title == "Cannot save" and str(hero) in text and "disk is full" in text and "Errno" not in text


def test_opening_a_symlink_loop_or_a_folder_is_a_message(window, tmp_path):
    (tmp_path / "l1.json").symlink_to(tmp_path / "l2.json")
    (tmp_path / "l2.json").symlink_to(tmp_path / "l1.json")
    (tmp_path / "folder.json").mkdir()
    for name, words in (("l1.json", "symlink loop"), ("folder.json", "is a folder")):
        window.errors.clear()
        assert window.open_path(str(tmp_path / name)) is None
        assert words in window.errors[0][1]
