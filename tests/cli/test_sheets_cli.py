"""`export character|house|fief|session` on the command line: exit codes, one-line errors,
no file written on bad input (../shared/cli-contract.md)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from landsraad.character import document
from landsraad.cli import main
from tests.support.sheets import ACCENTED, EXAMPLE_FIEF, PAGE_SIZES, ROOT, fields, page_sizes, page_texts, text_of, zoe


@pytest.fixture()
def zoe_file(tmp_path):
    path = tmp_path / "zoe.json"
    document.save(zoe(), path)
    return path


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_export_character(capsys, tmp_path, zoe_file):
    out = tmp_path / "zoe.pdf"
    code, stdout, err = run(capsys, "export", "character", zoe_file, "-o", out)
    assert (code, err) == (0, "")
    assert str(out) in stdout
    data = out.read_bytes()
    assert ACCENTED in text_of(data)
    assert page_sizes(data)[0] == PAGE_SIZES["a4"]


@pytest.mark.parametrize("paper", ["a4", "letter", "LETTER"])
def test_paper_flag(capsys, tmp_path, paper):
    out = tmp_path / "f.pdf"
    code, _, _ = run(capsys, "export", "fief", EXAMPLE_FIEF, "-o", out, "--paper", paper)
    assert code == 0
    assert set(page_sizes(out.read_bytes())) == {PAGE_SIZES[paper.lower()]}


def test_export_house_one_or_all(capsys, tmp_path):
    one, every = tmp_path / "one.pdf", tmp_path / "all.pdf"
    assert run(capsys, "export", "house", EXAMPLE_FIEF, "--house", "Banthet", "-o", one)[0] == 0
    assert run(capsys, "export", "house", EXAMPLE_FIEF, "-o", every)[0] == 0
    assert len(page_texts(one.read_bytes())) == 1 and "HOUSE Banthet" in text_of(one.read_bytes())
    fief = json.loads(EXAMPLE_FIEF.read_text())
    assert len(page_texts(every.read_bytes())) == len(fief["houses"])
    two = tmp_path / "two.pdf"
    assert run(capsys, "export", "house", EXAMPLE_FIEF, "--house", "vorst", "--house", "felderon", "-o", two)[0] == 0
    assert {k.split("_")[0] for k in fields(two.read_bytes())} == {"house-vorst", "house-felderon"}


def test_export_session(capsys, tmp_path, zoe_file):
    out = tmp_path / "session.pdf"
    code, _, err = run(capsys, "export", "session", EXAMPLE_FIEF, zoe_file, "-o", out)
    assert (code, err) == (0, "")
    firsts = [p.split(" HOUSES OF")[0] for p in page_texts(out.read_bytes())]
    assert (
        firsts[0] == "SIRIDAR FIEF"
        and "HOUSE MINOR" in firsts
        and firsts[-2:] == ["CHARACTER", "CHARACTER (continued)"]
    )
    bare = tmp_path / "bare.pdf"
    assert run(capsys, "export", "session", EXAMPLE_FIEF, "--no-houses", "-o", bare)[0] == 0
    assert not any(p.startswith("HOUSE MINOR") for p in page_texts(bare.read_bytes()))


@pytest.mark.parametrize(
    "argv, needle",
    [
        (["export", "fief", "{missing}", "-o", "{out}"], "file not found"),
        (["export", "fief", "{fief}", "-o", "{out}", "--paper", "a5"], "--paper"),
        (["export", "house", "{fief}", "--house", "Atreides", "-o", "{out}"], "Atreides"),
        (["export", "character", "{fief}", "-o", "{out}"], "not a character document"),
        (["export", "fief", "{zoe}", "-o", "{out}"], "not a fief"),
        (["export", "fief", "{bad}", "-o", "{out}"], "not valid JSON"),
        (["export", "session", "{bad}", "-o", "{out}"], "not valid JSON"),
        (["export", "fief", "{fief}", "-o", "{nofolder}"], "does not exist"),
        (["export", "fief", "{fief}"], "-o/--output"),
        (["export", "poster", "{fief}", "-o", "{out}"], "invalid choice"),
        (["export"], "required"),
    ],
)
def test_bad_input_is_exit_2_with_one_line(capsys, tmp_path, zoe_file, argv, needle):
    bad = tmp_path / "bad.json"
    bad.write_text("{ nope", encoding="utf-8")
    out = tmp_path / "out.pdf"
    subs = {
        "missing": tmp_path / "missing.json",
        "out": out,
        "fief": EXAMPLE_FIEF,
        "zoe": zoe_file,
        "bad": bad,
        "nofolder": tmp_path / "no" / "such" / "x.pdf",
    }
    code, stdout, err = run(capsys, *[a.format(**subs) for a in argv])
    assert code == 2
    assert err.startswith("landsraad: error: ") and err.count("\n") == 1, err
    assert needle in err
    assert "Traceback" not in err
    assert not out.exists()
    assert not list(tmp_path.glob("*.pdf")) and not list(tmp_path.glob(".*.tmp"))


def test_failed_export_leaves_an_existing_file_untouched(capsys, tmp_path):
    out = tmp_path / "keep.pdf"
    out.write_bytes(b"old")
    code, _, _ = run(capsys, "export", "house", EXAMPLE_FIEF, "--house", "nobody", "-o", out)
    assert code == 2 and out.read_bytes() == b"old"


def test_python_dash_m_entry_point(tmp_path):
    out = tmp_path / "fief.pdf"
    proc = subprocess.run(
        [sys.executable, "-m", "landsraad", "export", "fief", str(EXAMPLE_FIEF), "-o", str(out), "--paper", "letter"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stderr
    assert out.read_bytes().startswith(b"%PDF")
