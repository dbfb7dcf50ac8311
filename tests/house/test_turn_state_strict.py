"""Issue 28: crafted schema-2 Fiefs passed the loader and crashed commands later; a
removed House left other Houses' Ventures naming it (``fief month``: KeyError).

``tests/data/played-fief-month-3.json`` is the rulebook's example Fief (fief-v2.json)
played on the command line to the middle of month 3: Felderon's Develop, Banthet's
Attack on Vorst and Vorst's Subvert of Felderon (fed by a Socialise), all rolled."""

import copy
import json
from pathlib import Path

import pytest

from landsraad.cli import main
from landsraad.errors import DocumentError
from landsraad.house import edits
from landsraad.house.content import load_house_content
from landsraad.house.document import fief_from_json, load_fief, save_fief
from landsraad.house.domain import end_month
from landsraad.house.validate import fief_findings

PLAYED = Path(__file__).parents[1] / "data" / "played-fief-month-3.json"


def played() -> dict:
    return json.loads(PLAYED.read_text(encoding="utf-8"))


def _vorst(d):
    return next(h for h in d["houses"] if h["id"] == "vorst")["domain"]


@pytest.mark.parametrize(
    "change, field",
    [
        (lambda d: _vorst(d)["ventures"][0].__setitem__("changes", {"felderon": 5}), "changes.felderon"),
        (lambda d: _vorst(d)["ventures"][0].__setitem__("changes", {"felderon": {"nope": 1}}), "changes.felderon.nope"),
        (lambda d: _vorst(d)["ventures"][0].__setitem__("changes", {"vorst": {"influence": "2"}}), "influence"),
        (lambda d: _vorst(d).__setitem__("strategy", "world-domination"), "strategy"),
        (
            lambda d: _vorst(d).__setitem__(
                "knowledge", [{"about": "felderon", "what": "strategy", "value": {"x": 1}, "month": 3, "source": "spy"}]
            ),
            "knowledge[0].value",
        ),
        (lambda d: d["houses"][0].__setitem__("id", ""), "houses[0].id"),
        (lambda d: d["turn"][-1]["detail"].pop("changes"), "detail.changes"),
        (lambda d: d["turn"][-1]["detail"]["roll"].__setitem__("faces", True), "roll.faces"),
        (lambda d: _vorst(d)["ventures"][0].__setitem__("venture", "conquer"), "ventures[0].venture"),
        (lambda d: _vorst(d)["operations"][0].__setitem__("operation", "teleport"), "operations[0].operation"),
    ],
)
def test_a_crafted_turn_state_is_refused_when_read_naming_the_field(change, field):
    data = played()
    change(data)
    with pytest.raises(DocumentError) as err:
        fief_from_json(data, "crafted.json")
    assert field in str(err.value) and "crafted.json" in str(err.value)


def test_remove_house_removes_what_names_it_and_the_month_ends(tmp_path):
    """Vorst's Subvert and Socialise aim at Felderon (L4909 ff.): removing Felderon
    removes both; Banthet's Attack on Vorst stays; the month then ends."""
    fief = fief_from_json(played())
    edits.remove_house(fief, "felderon")
    vorst = fief.house("vorst").domain
    assert vorst.ventures == [] and vorst.operations == []
    assert [v.venture for v in fief.house("banthet").domain.ventures] == ["attack"]
    assert edits.missing_house_references(fief) == []
    end_month(fief)
    assert fief.month == 4
    save_fief(fief, tmp_path / "f.json")
    assert load_fief(tmp_path / "f.json").month == 4


def test_a_fief_that_already_names_a_missing_house_is_a_finding_not_a_traceback(tmp_path, capsys):
    data = played()
    data["houses"] = [h for h in data["houses"] if h["id"] != "felderon"]  # removed before the fix
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    fief = load_fief(path)
    texts = [f.message for f in fief_findings(fief, load_house_content())]
    assert any("named House 'felderon'" in t and "dropped" in t for t in texts)
    for argv in (
        ["fief", "show", path, "--json"],
        ["fief", "turn", path],
        ["fief", "month", path, "-o", path],
        ["export", "month", path, "-o", tmp_path / "m.pdf"],
    ):
        assert main([str(a) for a in argv]) == 0, capsys.readouterr().err
    saved = load_fief(path)
    assert saved.month == 4 and saved.read_fixes == []  # saved with the fix: nothing left to say


def test_the_fix_is_not_a_difference_between_two_copies():
    a, b = fief_from_json(played()), fief_from_json(copy.deepcopy(played()))
    a.read_fixes.append("x")
    assert a == b
