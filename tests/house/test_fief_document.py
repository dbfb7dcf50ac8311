"""Fief documents: versioned JSON, atomic writes, and clear errors for bad files."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from landsraad.documents.atomic import write_atomic
from landsraad.errors import DocumentError
from landsraad.house.content import load_house_content
from landsraad.house.document import dumps, fief_to_json, load_fief, loads, save_fief
from landsraad.house.scores import house_scores

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "venhei-fief.json"
C = load_house_content()


def test_save_and_load_round_trip(tmp_path):
    fief = load_fief(EXAMPLE)
    out = tmp_path / "copy.json"
    save_fief(fief, out)
    again = load_fief(out)
    assert again == fief
    assert out.read_text(encoding="utf-8") == EXAMPLE.read_text(encoding="utf-8")  # deterministic
    assert [house_scores(again, h, C).scores for h in again.houses] == [
        house_scores(fief, h, C).scores for h in fief.houses
    ]


def test_document_header_and_log():
    data = json.loads(EXAMPLE.read_text())
    assert (data["schema_version"], data["kind"]) == (3, "fief")  # 3: linked Householders (issue 23)
    assert isinstance(data["app_version"], str)
    assert [e["what"] for e in data["log"]] == ["fief", "history", "history", "madness", "history"]
    assert all(e["seed"] == "typed" for e in data["log"])
    assert data["log"][0]["reading"] == "3x4 2x8 2x5 9 6 2 1"
    assert dumps(load_fief(EXAMPLE)).endswith("}\n")


def _bad(tmp_path, mutate) -> DocumentError:
    data = fief_to_json(load_fief(EXAMPLE))
    mutate(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(DocumentError) as exc:
        load_fief(path)
    assert str(path) in str(exc.value)
    return exc.value


@pytest.mark.parametrize(
    "mutate, field, words",
    [
        (lambda d: d.update(schema_version=99), "schema_version", "newer"),
        (lambda d: d.update(schema_version=0), "schema_version", "unknown"),
        (lambda d: d.update(schema_version="1"), "schema_version", "whole number"),
        (lambda d: d.pop("schema_version"), "schema_version", "missing"),
        (lambda d: d.update(kind="character"), "kind", "not a fief"),
        (lambda d: d.pop("houses"), "houses", "missing"),
        (lambda d: d["houses"][1].pop("name"), "houses[1].name", "missing"),
        (lambda d: d["houses"][0].update(player="yes"), "houses[0].player", "true or false"),
        (lambda d: d["houses"][2]["choices"][0].update(option="a"), "houses[2].choices[0].option", "whole number"),
        (lambda d: d["houses"][0]["history"].update(faces=[1, 2, 11]), "houses[0].history.faces", "1 to 10"),
        (
            lambda d: d["bodies"][0]["territories"][0].update(features="grasslands"),
            "bodies[0].territories[0].features",
            "a list",
        ),
        (lambda d: d["log"][1].update(seed="random"), "log[1].seed", "typed"),
        (lambda d: d.update(roll=[4, 4]), "roll", "an object"),
    ],
)
def test_bad_documents_name_file_and_field(tmp_path, mutate, field, words):
    err = _bad(tmp_path, mutate)
    assert err.field == field
    assert words in str(err)


def test_bad_json_and_missing_file(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"schema_version": 1,')
    with pytest.raises(DocumentError) as exc:
        load_fief(path)
    assert "not valid JSON" in str(exc.value) and "broken.json" in str(exc.value)
    with pytest.raises(DocumentError, match="file not found"):
        load_fief(tmp_path / "nope.json")
    with pytest.raises(DocumentError, match="an object"):
        loads("[1, 2]", "list.json")


def test_write_atomic_replaces_and_leaves_no_temp_files(tmp_path):
    path = tmp_path / "f.json"
    write_atomic(path, "one\n")
    write_atomic(path, "two\n")
    assert path.read_text() == "two\n"
    assert os.listdir(tmp_path) == ["f.json"]


def test_write_atomic_failure_keeps_the_old_file(tmp_path, monkeypatch):
    path = tmp_path / "f.json"
    path.write_text("old\n")

    def boom(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        write_atomic(path, "new\n")
    assert path.read_text() == "old\n"
    assert os.listdir(tmp_path) == ["f.json"]


def test_write_atomic_fsyncs_before_replacing(tmp_path, monkeypatch):
    calls = []
    real_fsync, real_replace = os.fsync, os.replace
    monkeypatch.setattr(os, "fsync", lambda fd: (calls.append("fsync"), real_fsync(fd))[1])
    monkeypatch.setattr(os, "replace", lambda a, b: (calls.append("replace"), real_replace(a, b))[1])
    write_atomic(tmp_path / "f.json", "x")
    assert calls.index("fsync") < calls.index("replace")
