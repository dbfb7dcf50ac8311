"""d20 and conflict documents are decoded strictly (issue 28): a value of the wrong JSON type
is a DocumentError (exit 2 on the command line, one line, the file untouched), never coerced."""

import json
from pathlib import Path

import pytest

from landsraad.cli import main
from landsraad.errors import DocumentError
from landsraad.packs.conflict import document as conflict_doc
from landsraad.packs.conflict.order import Actor, Conflict, Side
from landsraad.packs.quick import document as quick_doc
from landsraad.packs.quick.model import QuickCharacter, Weapon

DATA = Path(__file__).resolve().parents[1] / "data" / "documents"


def quick_data() -> dict:
    ch = QuickCharacter(
        name="Ada",
        traits={"tech": 3},
        specialties=["hacker"],
        weapons=[Weapon("Cane sword", 2, ["light"])],
        difficulty=12,
    )
    return quick_doc.to_dict(ch)


def conflict_data() -> dict:
    c = Conflict(
        name="Ambush",
        sides=[Side("p", "Players"), Side("g", "GM", gm=True)],
        actors=[Actor("Kara", "p"), Actor("Feyd", "g")],
        momentum=2,
    )
    return conflict_doc.to_dict(c)


def _set(data, path, value):
    d = data
    for k in path[:-1]:
        d = d[k]
    d[path[-1]] = value
    return data


@pytest.mark.parametrize(
    "path, value, words",
    [
        (("character", "name"), None, "null"),  # not "None"
        (("character", "specialties"), "hacker", "list"),  # not ['h','a','c',...]
        (("character", "defense"), 2.7, "decimal"),  # not 2
        (("character", "hindrance"), "3", "whole number"),
        (("character", "difficulty"), 2.7, "decimal"),
        (("character", "traits"), ["tech"], "object"),
        (("character", "weapons", 0, "traits"), "light", "list"),
        (("character", "weapons", 0, "deadly"), True, "whole number"),
    ],
)
def test_quick_document_refuses_wrong_types(path, value, words):
    data = _set(quick_data(), path, value)
    with pytest.raises(DocumentError) as e:
        quick_doc.from_dict(data)
    assert words in str(e.value) and path[1] in str(e.value)


@pytest.mark.parametrize(
    "path, value, words",
    [
        (("conflict", "name"), None, "null"),
        (("conflict", "zones"), "Alley", "list"),
        (("conflict", "momentum"), 2.7, "decimal"),
        (("conflict", "free_floating"), "yes", "true or false"),
        (("conflict", "actors", 0, "acted"), "yes", "true or false"),
        (("conflict", "actors", 0, "name"), 7, "text"),
        (("conflict", "round"), -3, "round"),
        (("conflict", "round"), 0, "round"),
    ],
)
def test_conflict_document_refuses_wrong_types(path, value, words):
    data = _set(conflict_data(), path, value)
    with pytest.raises(DocumentError) as e:
        conflict_doc.from_dict(data)
    assert words in str(e.value)


def test_good_documents_round_trip():
    q = quick_doc.from_dict(quick_data())
    assert q.specialties == ["hacker"] and q.weapons[0].traits == ["light"] and q.difficulty == 12
    c = conflict_doc.from_dict(conflict_data())
    assert [a.name for a in c.actors] == ["Kara", "Feyd"] and c.round == 1


@pytest.mark.parametrize("kind, loader", [("quick-character", quick_doc.load), ("conflict", conflict_doc.load)])
def test_frozen_documents_still_load(kind, loader):
    files = sorted(DATA.glob(f"{kind}*.json"))
    assert files, kind
    for f in files:
        loader(f)


def test_cli_exit_2_and_file_untouched(tmp_path, capsys):
    f = tmp_path / "c.json"
    f.write_text(json.dumps(_set(conflict_data(), ("conflict", "round"), -3)))
    before = f.read_bytes()
    code = main(["conflict", "act", str(f), "Kara"])
    _, err = capsys.readouterr()
    assert code == 2 and err.startswith("landsraad: error:") and err.count("\n") == 1 and "Traceback" not in err
    assert f.read_bytes() == before
    g = tmp_path / "q.json"
    g.write_text(json.dumps(_set(quick_data(), ("character", "name"), None)))
    code = main(["quick", "show", str(g)])
    _, err = capsys.readouterr()
    assert code == 2 and "null" in err and err.count("\n") == 1
