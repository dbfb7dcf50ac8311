"""The command line of the dice, Fief and House engine, through ``landsraad.cli.main``
(../shared/cli-contract.md): names, flags, JSON keys, exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import landsraad.cli as cli

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "venhei-fief.json"


@pytest.fixture
def run(capsys):
    def _run(*argv):
        code = cli.main(list(argv))
        out, err = capsys.readouterr()
        return code, out, err

    return _run


# ----- roll ---------------------------------------------------------------------------------
def test_roll_typed_json(run):
    code, out, err = run("roll", "--dice", "3x4 2x8 2x5 9 6 2 1", "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    # the contract's roll object, unchanged; issue 25 adds the pool, the readings and the odds beside it
    assert {k: data[k] for k in ("faces", "seed", "sets", "waste")} == {
        "faces": [4, 4, 4, 8, 8, 5, 5, 9, 6, 2, 1],
        "seed": None,
        "sets": [{"width": 3, "height": 4}, {"width": 2, "height": 8}, {"width": 2, "height": 5}],
        "waste": [9, 6, 2, 1],
    }
    assert {"pool", "parts", "difficulty", "special", "readings", "best", "odds"} <= set(data)


def test_roll_comma_form_reads_the_same(run):
    _, out, _ = run("roll", "--dice", "4,4,4,8,8,5,5,9,6,2,1", "--json")
    assert json.loads(out)["sets"][0] == {"width": 3, "height": 4}


def test_roll_pool_seeded_replays(run):
    _, a, _ = run("roll", "--pool", "11", "--seed", "7", "--json")
    _, b, _ = run("roll", "--pool", "11", "--seed", "7", "--json")
    assert a == b and json.loads(a)["seed"] == 7 and len(json.loads(a)["faces"]) == 11


def test_roll_pool_without_seed_prints_the_seed_it_drew(run):
    _, out, _ = run("roll", "--pool", "5", "--json")
    data = json.loads(out)
    assert isinstance(data["seed"], int)
    _, again, _ = run("roll", "--pool", "5", "--seed", str(data["seed"]), "--json")
    assert json.loads(again)["faces"] == data["faces"]


def test_roll_text_output(run):
    code, out, _ = run("roll", "--dice", "3x4 2x8 2x5 9 6 2 1")
    assert code == 0 and "3x4 2x8 2x5 9 6 2 1" in out and "typed" in out


@pytest.mark.parametrize(
    "argv, words",
    [
        (("roll", "--dice", "3x4 banana"), "banana"),
        (("roll", "--dice", "3x4 11"), "1 to 10"),
        (("roll", "--pool", "0"), "pool"),
        (("roll", "--pool", "x"), "--pool"),
        (("roll",), "required"),
        (("roll", "--dice", "3x4", "--pool", "3"), "not allowed"),
        (("roll", "--dice", "3x4", "--seed", "3"), "--seed"),
        (("fief", "roll", "--dice", "3x4 2x8 2x5 9 6 2"), "expected 11 dice, got 10"),
        (("fief", "roll", "--dice", "3x4 2x8 2x5 9 6 2 1", "--seed", "4"), "not allowed"),
        (("house", "history", "--dice", "2x9 3x8 2x6 10 7 4 3 1"), "expected 11 dice, got 12"),
        (("house", "history", "--seed", "abc"), "--seed"),
        (("fief", "show", "/nonexistent/fief.json"), "file not found"),
    ],
)
def test_bad_input_is_exit_2_with_one_line(run, argv, words):
    code, out, err = run(*argv)
    assert code == 2 and out == ""
    assert err.startswith("landsraad: error: ") and err.count("\n") == 1
    assert words in err
    assert "Traceback" not in err


# ----- fief roll ------------------------------------------------------------------------------
def test_fief_roll_typed_json(run):
    code, out, _ = run("fief", "roll", "--dice", "3x4 2x8 2x5 9 6 2 1", "--json")
    data = json.loads(out)
    assert code == 0
    assert data["roll"]["faces"] == [4, 4, 4, 8, 8, 5, 5, 9, 6, 2, 1]
    assert [(b["kind"], b["from"], b["territories"]) for b in data["bodies"]] == [
        ("medium-moon", "3x4", 2),
        ("small-size-affluent-planet", "2x8", 2),
        ("small-moon", "2x5", 1),
        ("extreme-condition-world-greater", "9", 5),
        ("uninhabitable-planet-large", "6", 0),
        ("uninhabitable-moon-small", "2", 0),
        ("asteroid-field", "1", 0),
    ]
    assert data["bodies"][1]["effects"] == {"territory": -5, "treasury": 5}
    assert data["bodies"][6]["effects"] == {"treasury": 10, "territory": 5}
    assert all(set(b) >= {"kind", "name", "from", "territories", "effects"} for b in data["bodies"])
    assert data["territories"] == 10 and data["houses_needed"] == 3


def test_fief_roll_seeded_and_written(run, tmp_path):
    out_file = tmp_path / "f.json"
    code, out, _ = run("fief", "roll", "--seed", "11", "--json", "-o", str(out_file))
    data = json.loads(out)
    assert code == 0 and data["roll"]["seed"] == 11 and len(data["roll"]["faces"]) == 11
    _, again, _ = run("fief", "roll", "--seed", "11", "--json")
    assert json.loads(again)["roll"] == data["roll"]
    saved = json.loads(out_file.read_text())
    assert saved["kind"] == "fief" and saved["log"][0]["seed"] == 11


def test_fief_roll_text(run):
    code, out, _ = run("fief", "roll", "--dice", "3x4 2x8 2x5 9 6 2 1")
    assert code == 0 and "Medium Moon" in out and "Territories: 10" in out


# ----- house history --------------------------------------------------------------------------
def test_house_history_typed_json(run):
    code, out, _ = run("house", "history", "--dice", "2x9 3x8 2x6 10 7 4 3", "--json")
    data = json.loads(out)
    assert code == 0
    assert [(e["event"], e["from"]) for e in data["events"]] == [
        ("glory", "2x9"),
        ("victory", "3x8"),
        ("infrastructure", "2x6"),
        ("windfall", "10"),
        ("invasion-revolt", "7"),
        ("descent", "4"),
        ("catastrophe", "3"),
    ]
    ev = {e["from"]: e for e in data["events"]}
    assert ev["2x9"]["options"] == [{"treasury": 10, "warfare": 5}, {"treasury": 10, "defense": 5}]
    assert ev["3x8"]["options"] == [{"warfare": 10, "territory": 10}, {"defense": 10, "treasury": 10}]
    assert len(ev["2x6"]["options"]) == 7 and {"influence": 10} in ev["2x6"]["options"]
    assert len(ev["4"]["options"]) == 42 and {"territory": -5, "dominion": 5} in ev["4"]["options"]


def test_house_history_table_b_and_madness(run):
    _, out, _ = run("house", "history", "--dice", "3x10 2x2 2x1 9 6 5 4", "--table", "B", "--json")
    ev = {e["from"]: e for e in json.loads(out)["events"]}
    assert (ev["6"]["event"], ev["6"]["table"]) == ("folly", "B")
    _, out, _ = run("house", "history", "--dice", "3x10 2x2 2x1 9 6 5 4", "--json")
    ev = {e["from"]: e for e in json.loads(out)["events"]}
    assert ev["6"]["event"] == "madness" and ev["6"]["options"] == []
    assert ev["6"]["madness"] == [-5, -4, -3, -2, -1, 1, 2, 3, 4, 5]


def test_house_history_seeded_text(run):
    code, out, _ = run("house", "history", "--seed", "3")
    assert code == 0 and "seed 3" in out


# ----- fief show / check ------------------------------------------------------------------------
def test_fief_show_example_json(run):
    code, out, _ = run("fief", "show", str(EXAMPLE), "--json")
    data = json.loads(out)
    assert code == 0
    assert set(data) >= {"bodies", "houses", "log"}
    houses = {h["name"]: h for h in data["houses"]}
    assert houses["Felderon"]["scores"] == {
        "warfare": 20,
        "defense": 15,
        "espionage": 5,
        "influence": 30,
        "dominion": 35,
        "territory": 10,
        "treasury": 25,
    }
    assert houses["Banthet"]["ratings"] == {
        "warfare": 2,
        "defense": 1,
        "espionage": 1,
        "influence": 2,
        "dominion": 1,
        "territory": 5,
        "treasury": 2,
    }
    assert houses["Vorst"]["events"][0] == {
        "event": "ascent",
        "name": "Ascent",
        "from": "2x7",
        "table": "sets",
        "chosen": {"influence": 10, "treasury": 5},
        "option": 1,
    }
    assert all(set(e) >= {"event", "from", "chosen"} for h in data["houses"] for e in h["events"])
    assert isinstance(houses["Vorst"]["findings"], list)
    assert [e["what"] for e in data["log"]] == ["fief", "history", "history", "madness", "history"]


def test_fief_show_text(run):
    code, out, _ = run("fief", "show", str(EXAMPLE))
    assert code == 0 and "House Felderon" in out and "Ratings" in out and "Roll log" in out


def test_fief_check_exit_1_while_unfinished(run):
    code, out, _ = run("fief", "check", str(EXAMPLE))
    assert code == 1 and "Asteroid Field" in out


def test_fief_show_bad_document_exit_2(run, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"schema_version": 9, "kind": "fief"}))
    code, out, err = run("fief", "show", str(bad), "--json")
    assert code == 2 and out == "" and "schema_version" in err and "bad.json" in err


def test_python_m_landsraad_fief_show_example():
    """The issue's own command line, in a fresh interpreter."""
    proc = subprocess.run(
        [sys.executable, "-m", "landsraad", "fief", "show", str(EXAMPLE), "--json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert {h["name"] for h in json.loads(proc.stdout)["houses"]} == {"Felderon", "Banthet", "Vorst"}


@pytest.mark.parametrize(
    "kind, first", [("fief-results", "stellar-arcology"), ("terrains", "arable-land"), ("history-events", "vengeance")]
)
def test_content_list_house_kinds(run, kind, first):
    code, out, _ = run("content", "list", kind)
    assert code == 0 and out.splitlines()[0].split("\t")[0] == first
