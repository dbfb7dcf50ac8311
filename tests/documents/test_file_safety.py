"""No file is ever lost (issue 13): the one writer, export never over a document, new -o
never over a stranger's file, and every bad path an exit 2 with one line naming it."""

import errno
import json
import os
import stat
import time
from pathlib import Path

import pytest

from landsraad.cli import main
from landsraad.documents import atomic, codec
from landsraad.documents.atomic import backup_path, write_atomic
from landsraad.errors import FileWriteError

FROZEN = Path(__file__).resolve().parents[1] / "data" / "documents"
CHARACTER = FROZEN / "character-v1.json"
FIEF = FROZEN / "fief-v1.json"


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(code, err, *words):
    assert code == 2, err
    assert err.startswith("landsraad: error: ") and err.count("\n") == 1, err
    assert "Traceback" not in err
    for w in words:
        assert w in err, err


@pytest.fixture
def docs(tmp_path):
    hero = tmp_path / "hero.json"
    hero.write_bytes(CHARACTER.read_bytes())
    fief = tmp_path / "venhei.json"
    fief.write_bytes(FIEF.read_bytes())
    return hero, fief


# ----- write_atomic -------------------------------------------------------------------------
def test_a_symlinked_document_is_written_through_its_link(tmp_path):
    real = tmp_path / "store" / "hero.json"
    real.parent.mkdir()
    real.write_text("old\n", encoding="utf-8")
    link = tmp_path / "hero.json"
    link.symlink_to(real)
    write_atomic(link, "new\n", backup=True)
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_text(encoding="utf-8") == "new\n"
    assert backup_path(real).read_text(encoding="utf-8") == "old\n"  # the .bak beside the target


def test_the_document_mode_is_kept_for_it_and_its_backup_never_setuid(tmp_path):
    path = tmp_path / "private.json"
    path.write_text("one\n", encoding="utf-8")
    os.chmod(path, 0o600)
    write_atomic(path, "two\n", backup=True)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(backup_path(path).stat().st_mode) == 0o600
    os.chmod(path, 0o6750)  # setuid + setgid
    write_atomic(path, "three\n", backup=True)
    assert stat.S_IMODE(path.stat().st_mode) == 0o750
    assert stat.S_IMODE(backup_path(path).stat().st_mode) == 0o750


def test_new_files_honour_the_umask(tmp_path):
    old = os.umask(0o077)
    try:
        write_atomic(tmp_path / "new.json", "x\n")
        write_atomic(tmp_path / "new.pdf", b"%PDF-1.4\n")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.json").stat().st_mode) == 0o600
    assert stat.S_IMODE((tmp_path / "new.pdf").stat().st_mode) == 0o600


def test_stale_temp_files_of_a_killed_save_are_removed_fresh_and_foreign_ones_kept(tmp_path):
    path = tmp_path / "hero.json"
    stale = tmp_path / ".landsraad-hero.json.abcd1234.tmp"
    legacy = tmp_path / ".hero.json.x_y9z8w7.tmp"  # the naming of earlier versions
    fresh = tmp_path / ".landsraad-hero.json.zzzz9999.tmp"  # another save, in progress now
    foreign = tmp_path / ".hero.json.notours.tmp"  # not of our naming
    other = tmp_path / ".landsraad-villain.json.abcd1234.tmp"  # another document's save
    of_bak = tmp_path / ".landsraad-hero.json.bak.abcd1234.tmp"  # a killed write of the .bak
    for p in (stale, legacy, fresh, foreign, other, of_bak):
        p.write_bytes(b"x" * 1000)
    long_ago = time.time() - 3600
    for p in (stale, legacy, foreign, other, of_bak):
        os.utime(p, (long_ago, long_ago))
    path.write_text("old\n", encoding="utf-8")
    write_atomic(path, "doc\n", backup=True)
    assert not stale.exists() and not legacy.exists() and not of_bak.exists()
    assert fresh.exists() and foreign.exists() and other.exists()


@pytest.mark.parametrize(
    "err, words",
    [
        (errno.ENOSPC, "the disk is full"),
        (errno.EROFS, "read-only"),
        (errno.EACCES, "permission denied"),
    ],
)
def test_a_failed_write_names_the_file_and_changes_nothing(tmp_path, monkeypatch, err, words):
    path = tmp_path / "hero.json"
    path.write_text("old\n", encoding="utf-8")

    def fail(*_a, **_k):
        raise OSError(err, os.strerror(err))

    monkeypatch.setattr(atomic.os, "fsync", fail)
    with pytest.raises(FileWriteError) as exc:
        write_atomic(path, "new\n", backup=True)
    assert str(exc.value).startswith(str(path)) and words in str(exc.value).lower()
    assert "Errno" not in str(exc.value)
    assert isinstance(exc.value, OSError)  # code guarding with `except OSError` still holds
    assert path.read_text(encoding="utf-8") == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")) == []


def test_a_read_only_folder(tmp_path):
    """A folder the user may not write to.  Root writes past the mode bits, so as root (as CI
    runs) the folder is made immutable (`chattr +i`, which stops root too) instead."""
    import subprocess

    folder = tmp_path / "ro"
    folder.mkdir()
    as_root = os.geteuid() == 0
    if as_root:
        subprocess.run(["chattr", "+i", str(folder)], check=True)
    else:
        os.chmod(folder, 0o555)
    try:
        with pytest.raises(FileWriteError, match="ro/hero.json: cannot be written"):
            write_atomic(folder / "hero.json", "x\n")
        assert list(folder.iterdir()) == []  # no temp file left behind either
    finally:
        if as_root:
            subprocess.run(["chattr", "-i", str(folder)], check=True)
        os.chmod(folder, 0o755)


@pytest.mark.parametrize(
    "where, words",
    [
        ("", "no file name given"),
        ("folder", "is a folder, not a file"),
        ("missing/hero.json", "does not exist"),
        ("/dev/null", "not a regular file"),
    ],
)
def test_places_that_are_not_a_file(tmp_path, where, words):
    (tmp_path / "folder").mkdir()
    target = where if where in ("", "/dev/null") else tmp_path / where
    with pytest.raises(FileWriteError, match=words):
        write_atomic(target, "x\n")


def test_a_lone_surrogate_never_stops_a_save(tmp_path):
    path = tmp_path / "hero.json"
    write_atomic(path, '{"name": "Paul\ud800"}\n')
    assert json.loads(path.read_text(encoding="utf-8")) == {"name": "Paul\ufffd"}


def test_a_window_document_with_a_lone_surrogate_saves(tmp_path, qapp):
    from landsraad.gui.documents import Document, open_document

    doc = Document("character")
    doc.edit("name", lambda ch: setattr(ch, "name", "Paul\udc80 Atreides"))
    doc.save(str(tmp_path / "paul.json"))
    assert open_document(str(tmp_path / "paul.json")).state.name == "Paul\ufffd Atreides"
    json.loads(doc.dumps())  # what autosave stores is JSON


# ----- export never writes over a document ------------------------------------------------------
@pytest.mark.parametrize("which", ["character", "session", "fief", "house"])
def test_export_refuses_its_own_input(capsys, docs, which):
    hero, fief = docs
    src = hero if which == "character" else fief
    before = src.read_bytes()
    code, out, err = run(capsys, "export", which, src, "-o", src)
    one_line_error(code, err, str(src), "being exported")
    assert src.read_bytes() == before and not backup_path(src).exists()


def test_export_refuses_any_landsraad_document_a_backup_or_a_recovery_copy(capsys, docs, tmp_path):
    hero, fief = docs
    other = tmp_path / "other.json"
    other.write_bytes(CHARACTER.read_bytes())
    bak = tmp_path / "old.json.bak"
    bak.write_bytes(FIEF.read_bytes())
    rec = tmp_path / "abc.json"
    rec.write_text(json.dumps({"key": "abc", "kind": "fief", "document": FIEF.read_text()}), encoding="utf-8")
    for target in (other, bak, rec):
        before = target.read_bytes()
        code, _, err = run(capsys, "export", "fief", fief, "-o", target)
        one_line_error(code, err, str(target), "is a Landsraad Forge document")
        assert target.read_bytes() == before
    code, _, err = run(capsys, "export", "session", fief, hero, "-o", other)
    one_line_error(code, err, "is a Landsraad Forge document")


def test_an_earlier_pdf_may_be_replaced(capsys, docs, tmp_path):
    _, fief = docs
    out = tmp_path / "venhei.pdf"
    assert run(capsys, "export", "fief", fief, "-o", out)[0] == 0
    os.chmod(out, 0o640)
    assert run(capsys, "export", "fief", fief, "-o", out)[0] == 0
    assert out.read_bytes().startswith(b"%PDF") and stat.S_IMODE(out.stat().st_mode) == 0o640


@pytest.mark.parametrize(
    "where, words",
    [
        ("", "no file name given"),
        ("folder", "is a folder"),
        ("nope/x.pdf", "does not exist"),
    ],
)
def test_export_to_a_bad_place_is_exit_2(capsys, docs, tmp_path, where, words):
    (tmp_path / "folder").mkdir()
    _, fief = docs
    code, _, err = run(capsys, "export", "fief", fief, "-o", "" if not where else tmp_path / where)
    one_line_error(code, err, words)


def test_the_check_is_one_function_both_sides_call(tmp_path, docs):
    hero, _ = docs
    with pytest.raises(FileWriteError):
        codec.check_export_output(hero, [])
    with pytest.raises(FileWriteError):
        codec.check_export_output(tmp_path / "." / "hero.json", [hero])
    assert codec.check_export_output(tmp_path / "hero.pdf", [hero]) == tmp_path / "hero.pdf"


# ----- new documents never over a stranger's file ----------------------------------------------------
@pytest.mark.parametrize("argv", [("character", "new", "--name", "Zoe"), ("fief", "roll", "--seed", "3")])
def test_new_over_a_file_that_is_not_a_document_needs_force(capsys, tmp_path, argv):
    photo = tmp_path / "photo.jpg"
    photo.write_bytes(b"\xff\xd8\xff\xe0 a photo")
    code, out, err = run(capsys, *argv, "-o", photo)
    one_line_error(code, err, str(photo), "--force")
    assert out == "" and photo.read_bytes() == b"\xff\xd8\xff\xe0 a photo"
    assert run(capsys, *argv, "-o", photo, "--force")[0] == 0
    assert codec.is_landsraad_document(photo)
    assert backup_path(photo).read_bytes() == b"\xff\xd8\xff\xe0 a photo"  # still not lost


@pytest.mark.parametrize("argv", [("character", "new"), ("fief", "roll", "--seed", "3")])
def test_new_over_a_document_replaces_it_keeping_the_backup(capsys, docs, argv):
    hero, _ = docs
    before = hero.read_bytes()
    assert run(capsys, *argv, "-o", hero)[0] == 0
    assert backup_path(hero).read_bytes() == before


@pytest.mark.parametrize("argv", [("character", "new"), ("fief", "roll", "--seed", "3")])
@pytest.mark.parametrize(
    "where, words",
    [
        ("", "no file name given"),
        ("folder", "is a folder"),
        ("nope/x.json", "does not exist"),
    ],
)
def test_new_to_a_bad_place_is_exit_2(capsys, tmp_path, argv, where, words):
    (tmp_path / "folder").mkdir()
    code, out, err = run(capsys, *argv, "-o", "" if not where else tmp_path / where)
    one_line_error(code, err, words)
    assert out == ""


def test_disk_full_during_new_is_exit_2_naming_the_file(capsys, tmp_path, monkeypatch):
    def full(*_a):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(atomic.os, "fsync", full)
    target = tmp_path / "hero.json"
    code, _, err = run(capsys, "character", "new", "-o", target)
    one_line_error(code, err, str(target), "the disk is full")
    assert not target.exists()


# ----- bad input: exit 2, one line, the file unchanged ----------------------------------------------
def _doc_with(tmp_path, text: str) -> Path:
    p = tmp_path / "bad.json"
    p.write_text(text, encoding="utf-8")
    return p


@pytest.mark.parametrize(
    "text, words",
    [
        ("[" * 100_000 + "]" * 100_000, "nested more than"),
        (
            '{"schema_version": 1, "kind": "character", "character": {"name": "' + "9" * 10 + '", "extras": [{"kind": '
            '"skill", "id": "observe", "levels": ' + "9" * 5000 + "}]}}",
            "4,300 digits",
        ),
        ('{"schema_version": 1, "kind": "character", "character": {"name": "\\ud800"}}', "lone surrogate"),
        ('{"schema_version": 1, "kind": "character", "character": {"name": null}}', "must be text, not null"),
        (
            '{"schema_version": 1, "kind": "character", "character": {"extras": [{"kind": "skill", "id": "observe", '
            '"levels": 100000}]}}',
            "1 to 100",
        ),
    ],
)
@pytest.mark.parametrize(
    "command", [("character", "show"), ("character", "check"), ("fief", "show"), ("export", "session")]
)
def test_bad_documents_are_exit_2_for_every_command(capsys, tmp_path, text, words, command):
    bad = _doc_with(tmp_path, text)
    before = bad.read_bytes()
    extra = ["-o", tmp_path / "out.pdf"] if command[0] == "export" else []
    started = time.perf_counter()
    code, _, err = run(capsys, *command, bad, *extra)
    assert time.perf_counter() - started < 5
    if command == ("fief", "show") and words in ("must be text, not null", "1 to 100"):
        words = "not a fief document"  # the kind is checked before the kind's own fields
    one_line_error(code, err, "bad.json", words)
    assert bad.read_bytes() == before and not (tmp_path / "out.pdf").exists()


@pytest.mark.parametrize(
    "argv, words",
    [
        (("character", "new", "--buy", "insight:100000"), "LEVELS is 1 to 100"),
        (("character", "new", "--buy", "insight:" + "9" * 5000), "LEVELS is 1 to 100"),
        (("character", "new", "--name", "Paul\udcff"), "--name"),
        (("character", "new", "--name", "N" * 40_000), "--name"),
        (
            ("character", "new", "--early-life", "academic-education", "--pick", "early-life." + "9" * 5000 + "=x"),
            "--pick",
        ),
        (("character", "new", "--aspects", "allies=" + "9" * 5000 + ",1"), "write ADVANTAGE=A,B"),
        (("character", "new", "--aspects", "allies=200,1"), "at most 100"),
        (("character", "new", "--special-die", "observe:" + "9" * 5000), "LEVELS is 1 to 100"),
        (("roll", "--pool", "9" * 5000), "--pool"),
        (("roll", "--dice", "9" * 5000 + "x3"), "cannot read"),
        (("fief", "roll", "--dice", "3x4 2x8 2x5 9 6 2 " + "1" * 5000), "cannot read"),
        (("fief", "roll", "--seed", "1", "--name", "Arrakis\udcff"), "--name: holds an invalid character"),
        (("roll", "--pool", "3", "--seed", "-5"), "a seed is 0 or more"),
        (("fief", "roll", "--seed", "-5"), "a seed is 0 or more"),
        (("house", "history", "--seed", "-1"), "a seed is 0 or more"),
    ],
)
def test_bad_typed_values_are_exit_2(capsys, tmp_path, argv, words):
    target = tmp_path / "x.json"
    extra = ["-o", target] if argv[:2] == ("character", "new") else []
    code, out, err = run(capsys, *argv, *extra)
    one_line_error(code, err, words)
    assert out == "" and not target.exists()


def test_seed_5_still_rolls_as_before(capsys):
    code, out, _ = run(capsys, "roll", "--pool", "3", "--seed", "5", "--json")
    assert code == 0 and json.loads(out)["seed"] == 5


# ----- show escapes what a name could do to a terminal ---------------------------------------------
def test_character_and_fief_show_escape_control_characters(capsys, tmp_path):
    evil = "Zoe\x1b]0;pwned\x07\x1b[2J\u202eevil"
    data = json.loads(CHARACTER.read_text(encoding="utf-8"))
    data["character"]["name"] = evil
    hero = tmp_path / "hero.json"
    hero.write_text(json.dumps(data), encoding="utf-8")
    code, out, _ = run(capsys, "character", "show", hero)
    assert code == 0 and "\x1b" not in out and "\x07" not in out and "\u202e" not in out
    assert out.splitlines()[0] == "Zoe\\x1b]0;pwned\\x07\\x1b[2J\\u202eevil"
    fief = json.loads(FIEF.read_text(encoding="utf-8"))
    fief["name"] = evil
    fief["houses"][0]["name"] = "House\x1b[31m Red"
    path = tmp_path / "fief.json"
    path.write_text(json.dumps(fief), encoding="utf-8")
    code, out, _ = run(capsys, "fief", "show", path)
    assert code == 0 and "\x1b" not in out and "\\x1b[31m" in out
    code, out, _ = run(capsys, "fief", "show", path, "--json")
    assert code == 0 and json.loads(out)["name"] == evil  # JSON keeps the value exactly


def test_check_output_is_still_tab_separated(capsys, tmp_path):
    code, out, _ = run(capsys, "character", "check", CHARACTER)
    assert code == 1 and all(len(line.split("\t")) == 3 for line in out.splitlines())


def test_autosave_of_a_document_with_a_lone_surrogate_is_written(tmp_path, qapp):
    from landsraad.documents.autosave import RecoveryStore
    from landsraad.gui.documents import Document, document_from_text

    doc = Document("character")
    doc.edit("name", lambda ch: setattr(ch, "name", "Jessica\ud83d"))
    store = RecoveryStore(tmp_path / "recovery", debounce=0)
    assert store.save("k1", doc.kind, doc.display_name(), doc.dumps(), force=True)
    store.release()  # its instance is gone: the next start offers the file
    (rec,) = RecoveryStore(tmp_path / "recovery").pending()
    restored = document_from_text(rec.text, str(rec.path))
    assert restored.state.name == "Jessica\ufffd"
