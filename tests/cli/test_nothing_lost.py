"""Issue 28, nothing lost: the guards every command shares (one export guard, one
write-back guard, ``-o ""``, the result checked against the reader's limits, one integer
parser, escaped and cut error lines).  Each test reproduced its item before the fix."""

import json
import os
import shutil
from pathlib import Path

import pytest

from landsraad.cli import main

FROZEN = Path(__file__).parents[1] / "data" / "documents"


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(code, err, *words):
    assert code == 2, err
    assert err.startswith("landsraad: error: ") and err.count("\n") == 1, err
    for w in words:
        assert w in err, err


@pytest.fixture
def docs(tmp_path):
    out = {}
    for name in ("character-v1", "fief-v2", "conflict-v1", "quick-character-v1", "fencer-v1", "fencing-duel-v1"):
        dst = tmp_path / f"{name.rsplit('-', 1)[0]}.json"
        shutil.copyfile(FROZEN / f"{name}.json", dst)
        out[dst.stem] = dst
    photo = tmp_path / "photo.jpg"
    photo.write_bytes(b"\xff\xd8\xff\xe0 a photo")
    out["photo"] = photo
    return out


def unchanged(*paths):
    return {p: p.read_bytes() for p in paths}


# ----- one export guard -----------------------------------------------------------------
@pytest.mark.parametrize(
    "command, source", [(("quick", "export"), "quick-character"), (("conflict", "export"), "conflict")]
)
def test_pack_exports_never_write_a_pdf_over_another_document(capsys, docs, command, source):
    before = unchanged(docs["fief"], docs[source])
    code, _, err = run(capsys, *command, docs[source], "-o", docs["fief"])
    one_line_error(code, err, "is a Landsraad Forge document")
    assert unchanged(docs["fief"], docs[source]) == before
    assert not Path(f"{docs['fief']}.bak").exists()


@pytest.mark.parametrize(
    "command, source",
    [(("quick", "export"), "quick-character"), (("conflict", "export"), "conflict"), (("export", "fief"), "fief")],
)
def test_an_export_over_a_hard_link_to_its_input_is_refused(capsys, docs, tmp_path, command, source):
    link = tmp_path / "same.pdf"
    os.link(docs[source], link)
    before = docs[source].read_bytes()
    code, _, err = run(capsys, *command, docs[source], "-o", link)
    one_line_error(code, err, "being exported")
    assert docs[source].read_bytes() == before


# ----- one write-back guard ---------------------------------------------------------------
WRITE_BACKS = [
    ("fief", "month", "{fief}"),
    ("fief", "name", "{fief}", "Thyca", "Arrakis"),
    ("house", "strategy", "{fief}", "--house", "Felderon", "--strategy", "builder"),
    ("house", "holdings", "{fief}", "--house", "Felderon", "--set", "house-shield=1"),
    ("house", "order", "{fief}", "--house", "Felderon", "--order", ""),
    ("house", "householder", "{fief}", "--house", "Felderon", "--name", "Idris"),
    ("conflict", "pools", "{conflict}", "--momentum", "2"),
    ("conflict", "asset", "{character}", "--asset", "Knife:tangible:2"),
]


def _argv(template, docs):
    return [a.format(**{k: str(v) for k, v in docs.items()}) for a in template]


@pytest.mark.parametrize("template", WRITE_BACKS, ids=lambda t: " ".join(t[:2]))
@pytest.mark.parametrize("victim", ["photo", "other-kind"])
def test_write_back_commands_never_replace_a_file_that_is_not_such_a_document(capsys, docs, template, victim):
    target = docs["photo"] if victim == "photo" else (docs["quick-character"])
    before = unchanged(target)
    code, _, err = run(capsys, *_argv(template, docs), "-o", target)
    one_line_error(code, err, "not replaced")
    assert unchanged(target) == before and not Path(f"{target}.bak").exists()


COMMANDS_WITH_O = [
    ("fief", "month", "{fief}"),
    ("fief", "name", "{fief}", "Thyca", "Arrakis"),
    ("fief", "roll", "--seed", "1"),
    ("house", "holdings", "{fief}", "--house", "Felderon"),
    ("house", "strategy", "{fief}", "--house", "Felderon", "--strategy", "builder"),
    ("conflict", "pools", "{conflict}", "--momentum", "2"),
    ("conflict", "asset", "{character}", "--asset", "Knife:tangible:2"),
    ("quick", "new", "--template", "mata-hari"),
    ("quick", "export", "{quick-character}"),
    ("fencing", "new", "--name", "Duncan", "--fencing", "1"),
    ("export", "fief", "{fief}"),
    ("character", "new", "--template", "x"),
]


@pytest.mark.parametrize("template", COMMANDS_WITH_O, ids=lambda t: " ".join(t[:2]))
def test_an_empty_output_name_is_one_message_everywhere(capsys, docs, template):
    before = unchanged(*[p for k, p in docs.items() if k != "photo"])
    code, out, err = run(capsys, *_argv(template, docs), "-o", "")
    one_line_error(code, err, 'no file name given (-o "")')
    assert out == "" and unchanged(*before) == before


# ----- results within the reader's limits ---------------------------------------------
def test_a_command_never_writes_a_document_the_app_would_refuse(capsys, docs):
    """``fief month`` at the largest month the reader takes would write one more."""
    from landsraad.documents.limits import MAX_COUNT

    data = json.loads(docs["fief"].read_text(encoding="utf-8"))
    data["month"] = MAX_COUNT
    docs["fief"].write_text(json.dumps(data), encoding="utf-8")
    before = docs["fief"].read_bytes()
    code, _, err = run(capsys, "fief", "month", docs["fief"], "-o", docs["fief"])
    one_line_error(code, err, "not written", "month")
    assert docs["fief"].read_bytes() == before and not Path(f"{docs['fief']}.bak").exists()


@pytest.mark.parametrize(
    "argv",
    [
        ("conflict", "pools", "{conflict}", "--momentum", str(10**21)),
        ("quick", "new", "--defense", str(10**19), "-o", "{photo}.json"),
        ("fencing", "new", "--name", "D", "--fencing", "1", "--legendary-cost", str(10**22), "-o", "{photo}.json"),
    ],
)
def test_numbers_the_reader_refuses_are_refused_before_anything_is_written(capsys, docs, argv):
    before = unchanged(docs["conflict"])
    code, _, err = run(capsys, *_argv(argv, docs))
    one_line_error(code, err, "digit")
    assert unchanged(docs["conflict"]) == before and not Path(f"{docs['photo']}.json").exists()


# ----- one integer parser ----------------------------------------------------------------
@pytest.mark.parametrize("value", ["²", "9" * 5000, "٣"])
@pytest.mark.parametrize(
    "template",
    [
        ("house", "holdings", "{fief}", "--house", "Felderon", "--set", "house-shield={v}"),
        ("house", "householder", "{fief}", "--house", "Felderon", "--name", "Idris", "--rating", "intellect={v}"),
        ("quick", "roll", "--dice", "{v}"),
        ("quick", "new", "--trait", "charm:{v}", "-o", "{tmp}/q.json"),
        ("quick", "new", "--weapon", "Cane:deadly-{v}", "-o", "{tmp}/q.json"),
        ("conflict", "asset", "{character}", "--asset", "Knife:tangible:{v}"),
        ("conflict", "pools", "{conflict}", "--momentum", "{v}"),
        ("roll", "--pool", "{v}"),
        ("fief", "turn", "{fief}", "--month", "{v}"),
    ],
    ids=lambda t: " ".join(t[:2]) if isinstance(t, tuple) else None,
)
def test_numbers_in_arguments_are_read_by_one_bounded_parser(capsys, docs, tmp_path, template, value):
    argv = [
        a.replace("{v}", value).replace("{tmp}", str(tmp_path))
        for a in _argv([t.replace("{v}", "\0").replace("{tmp}", "\1") for t in template], docs)
    ]
    argv = [a.replace("\0", value).replace("\1", str(tmp_path)) for a in argv]
    before = unchanged(*[p for k, p in docs.items()])
    code, _, err = run(capsys, *argv)
    one_line_error(code, err)
    assert "Traceback" not in err and len(err) < 600
    assert unchanged(*before) == before and not (tmp_path / "q.json").exists()


# ----- error lines and JSON ----------------------------------------------------------------
def test_error_lines_escape_terminal_controls_and_cut_long_values(capsys, docs):
    code, _, err = run(
        capsys, "house", "fact", docs["fief"], "--house", "\x1b]0;pwned\x07\x1b[31mX\x9b2J", "--use", "\x1b[2J"
    )
    one_line_error(code, err)
    assert not any(c in err for c in "\x1b\x07\x9b") and "\\x1b" in err
    code, _, err = run(capsys, "house", "holdings", docs["fief"], "--house", "N" * 40_000)
    one_line_error(code, err)
    assert len(err) < 600 and "characters" in err


def test_json_output_escapes_c1_controls(capsys, docs, tmp_path):
    data = json.loads(docs["fief"].read_text(encoding="utf-8"))
    data["name"] = "Venhei\x9b2J"
    docs["fief"].write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    code, out, _ = run(capsys, "fief", "show", docs["fief"], "--json")
    assert code == 0 and "\x9b" not in out and "\\u009b" in out
    assert json.loads(out)["name"] == "Venhei\x9b2J"


# ----- conflict asset FILE through the codec ---------------------------------------------
def test_conflict_asset_reads_its_file_through_the_codec(capsys, docs, tmp_path):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    code, _, err = run(capsys, "conflict", "asset", fifo, "--asset", "Knife:tangible:2")  # no hang
    one_line_error(code, err, "not a regular file")
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    code, _, err = run(capsys, "conflict", "asset", deep, "--asset", "Knife:tangible:2")
    one_line_error(code, err, "nested more than")
    bom = tmp_path / "bom.json"
    bom.write_bytes(b"\xef\xbb\xbf" + docs["character"].read_bytes())
    code, _, err = run(capsys, "conflict", "asset", bom, "--asset", "Knife:tangible:2")
    assert code == 0, err
    assert any(a["name"] == "Knife" for a in json.loads(bom.read_text(encoding="utf-8-sig"))["character"]["assets"])


def test_a_title_of_bytes_that_are_not_utf8_is_exit_2_not_a_reportlab_traceback(capsys, docs, tmp_path):
    pdf = tmp_path / "s.pdf"
    code, _, err = run(
        capsys, "export", "session", docs["fief"], "-o", pdf, "--title", b"\xff".decode("utf-8", "surrogateescape")
    )
    one_line_error(code, err, "--title", "invalid character")
    assert not pdf.exists()
    code, _, err = run(capsys, "fief", "show", tmp_path / b"\xff.json".decode("utf-8", "surrogateescape"))
    one_line_error(code, err, "file not found")  # a file name may be any bytes
