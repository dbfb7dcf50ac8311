"""The House turn on the command line (issue 18): a full month of the example Fief with
three Houses each directing a Venture, written back to the input with -o (atomic, .bak),
and the contract's JSON keys and exit codes."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "venhei-fief.json"


def _json(run, *argv):
    code, out, err = run(*argv)
    assert code == 0, err
    return json.loads(out)


def test_a_full_month_on_the_command_line(run, fief):
    """Strategies decided in month 1 are active in month 3 (L4896); month 3 is then the
    spec's worked month (§8), with the same typed dice and the same results."""
    for house, strategy in (("Banthet", "builder"), ("Vorst", "defender")):
        assert run("house", "strategy", fief, "--house", house, "--strategy", strategy, "-o", fief)[0] == 0
    assert _json(run, "fief", "month", fief, "-o", fief, "--json")["month"] == 2
    m = _json(run, "fief", "month", fief, "-o", fief, "--json")
    assert m["month"] == 3 and m["strategies"] == {"Felderon": "neutral", "Banthet": "builder", "Vorst": "defender"}
    assert m["degradation"] == {}  # no Venture, no use
    assert Path(str(fief) + ".bak").exists()

    # the Socialise of week 1 feeds Vorst's Subvert (declared first so the Operation can name it)
    assert (
        run(
            "house",
            "declare",
            fief,
            "--house",
            "Vorst",
            "--venture",
            "subvert",
            "--target",
            "influence",
            "--against",
            "Felderon",
            "--director",
            "Wilhelm Vorst",
            "-o",
            fief,
        )[0]
        == 0
    )
    assert run("house", "householder", fief, "--house", "Vorst", "--name", "Wilhelm Vorst", "-o", fief)[0] == 2
    op = _json(
        run,
        "house",
        "operation",
        fief,
        "--house",
        "Vorst",
        "--actor",
        "Wilhelm Vorst",
        "--operation",
        "socialise",
        "--target-kind",
        "low",
        "--against",
        "Felderon",
        "--target",
        "a Felderon cook",
        "--venture",
        "vorst:Wilhelm Vorst",
        "--rating",
        "charm=3",
        "--rating",
        "personality=2",
        "--dice",
        "7 7 1 4 9",
        "-o",
        fief,
        "--json",
    )
    assert (op["width"], op["bonus"], op["week"], op["month"]) == (2, 1, 1, 3)

    a1 = _json(
        run,
        "house",
        "venture",
        fief,
        "--house",
        "Felderon",
        "--venture",
        "develop",
        "--target",
        "espionage",
        "--director",
        "Helene Felderon",
        "--dice",
        "5 5 5",
        "-o",
        fief,
        "--json",
    )
    assert {
        k: a1[k]
        for k in ("venture", "house", "month", "traits", "pool", "difficulty", "width", "height", "changes", "against")
    } == {
        "venture": "develop",
        "house": "Felderon",
        "month": 3,
        "traits": ["territory", "treasury"],
        "pool": 3,
        "difficulty": 1,
        "width": 3,
        "height": 5,
        "changes": {"Felderon": {"espionage": 3}},
        "against": None,
    }
    assert a1["roll"]["faces"] == [5, 5, 5] and a1["roll"]["seed"] is None

    a2 = _json(
        run,
        "house",
        "venture",
        fief,
        "--house",
        "Banthet",
        "--venture",
        "attack",
        "--target",
        "treasury",
        "--against",
        "Vorst",
        "--director",
        "Heinrick Banthet",
        "--dice",
        "6 6 6 2 8 10",
        "--against-dice",
        "7 7 1 3 9",
        "-o",
        fief,
        "--json",
    )
    assert (a2["pool"], a2["against"]["house"], a2["against"]["pool"], a2["width"], a2["height"]) == (
        6,
        "Vorst",
        5,
        1,
        6,
    )
    assert a2["against"]["roll"]["sets"] == [{"width": 2, "height": 7}]
    assert a2["changes"] == {"Vorst": {"treasury": -2}}

    a3 = _json(
        run,
        "house",
        "venture",
        fief,
        "--house",
        "Vorst",
        "--venture",
        "subvert",
        "--target",
        "influence",
        "--against",
        "Felderon",
        "--director",
        "Wilhelm Vorst",
        "--dice",
        "8 8 8 3",
        "--against-dice",
        "8 8 1 2 5",
        "-o",
        fief,
        "--json",
    )
    assert (a3["pool"], a3["against"]["pool"], a3["width"], a3["height"]) == (4, 5, 1, 8)
    assert a3["changes"] == {"Felderon": {"influence": -2}, "Vorst": {"influence": 2}}

    show = _json(run, "fief", "show", fief, "--json")
    by = {h["name"]: h for h in show["houses"]}
    assert by["Felderon"]["uses"]["territory"] == 1 and by["Vorst"]["uses"]["espionage"] == 1
    assert by["Vorst"]["strategy"]["active"] == "defender" and by["Vorst"]["month"] == 3
    assert [h["name"] for h in by["Vorst"]["householders"]] == ["Wilhelm Vorst"]
    assert by["Vorst"]["householders"][0]["operations_left"] == 3
    assert sorted(f["fact"] for f in by["Vorst"]["facts"]) == ["alliance", "division"]

    end = _json(run, "fief", "month", fief, "-o", fief, "--json")
    assert end["ended"] == 3 and end["month"] == 4
    assert end["scores"]["Felderon"] == {
        "warfare": 20,
        "defense": 15,
        "espionage": 8,
        "influence": 28,
        "dominion": 35,
        "territory": 9,
        "treasury": 24,
    }
    assert end["scores"]["Banthet"] == {
        "warfare": 18,
        "defense": 9,
        "espionage": 11,
        "influence": 17,
        "dominion": 7,
        "territory": 53,
        "treasury": 22,
    }
    assert end["scores"]["Vorst"] == {
        "warfare": 20,
        "defense": 20,
        "espionage": 14,
        "influence": 26,
        "dominion": 25,
        "territory": 15,
        "treasury": 18,
    }
    saved = json.loads(fief.read_text(encoding="utf-8"))
    assert saved["schema_version"] == 3 and saved["month"] == 4
    assert all("month" in e for e in saved["turn"])
    assert [e["what"] for e in saved["log"]].count("venture") == 3


def test_typed_dice_must_number_the_pool(run, fief):
    code, out, err = run(
        "house",
        "venture",
        fief,
        "--house",
        "Felderon",
        "--venture",
        "develop",
        "--target",
        "espionage",
        "--dice",
        "5 5",
        "-o",
        fief,
    )
    assert code == 2 and "rolls 3 dice, but 2 were typed" in err and out == ""
    assert json.loads(fief.read_text())["month"] == 1 and not Path(str(fief) + ".bak").exists()
    code, _, err = run(
        "house",
        "venture",
        fief,
        "--house",
        "Banthet",
        "--venture",
        "attack",
        "--target",
        "treasury",
        "--against",
        "Vorst",
        "--dice",
        "1 2 3 4 5",
        "--against-dice",
        "1 2 3",
    )
    assert code == 2 and "counter of House Vorst rolls 4 dice, but 3 were typed" in err


@pytest.mark.parametrize(
    "argv, words",
    [
        (["--venture", "raid", "--seed", "1"], "unknown Venture 'raid'"),
        (
            ["--venture", "attack", "--target", "influence", "--against", "Vorst", "--seed", "1"],
            "cannot target influence",
        ),
        (["--venture", "attack", "--target", "treasury", "--against", "Nobody", "--seed", "1"], "no House 'Nobody'"),
        (["--venture", "develop", "--target", "espionage"], "one of the arguments --dice --seed is required"),
    ],
)
def test_bad_venture_input_is_exit_2(run, fief, argv, words):
    code, _, err = run("house", "venture", fief, "--house", "Felderon", *argv)
    assert code == 2 and words in err and err.startswith("landsraad: error:")


def test_seeded_venture_replays(run, fief, tmp_path):
    other = tmp_path / "other.json"
    shutil.copy(fief, other)
    a = _json(
        run,
        "house",
        "venture",
        fief,
        "--house",
        "Banthet",
        "--venture",
        "attack",
        "--target",
        "defense",
        "--against",
        "Vorst",
        "--seed",
        "11",
        "--against-seed",
        "12",
        "--json",
    )
    b = _json(
        run,
        "house",
        "venture",
        other,
        "--house",
        "Banthet",
        "--venture",
        "attack",
        "--target",
        "defense",
        "--against",
        "Vorst",
        "--seed",
        "11",
        "--against-seed",
        "12",
        "--json",
    )
    assert a == b and a["roll"]["seed"] == 11 and len(a["roll"]["faces"]) == a["pool"] == 5  # W 2-1 + T 5-1
    assert json.loads(fief.read_text())["houses"][1]["domain"]["ventures"] == []  # no -o: nothing written


def test_turn_report_and_table_view(run, fief):
    run(
        "house",
        "venture",
        fief,
        "--house",
        "Felderon",
        "--venture",
        "develop",
        "--target",
        "espionage",
        "--dice",
        "5 5 5",
        "-o",
        fief,
    )
    report = _json(run, "fief", "turn", fief, "--json")
    assert report["month"] == 1 and report["houses"][0]["ventures"][0]["width"] == 3
    table = _json(run, "fief", "turn", fief, "--table", "--json")
    assert all(h["strategy"] is None for h in table["houses"])  # no players' House, nothing public


def test_export_month_of_an_earlier_month(run, fief, tmp_path):
    run(
        "house",
        "venture",
        fief,
        "--house",
        "Felderon",
        "--venture",
        "develop",
        "--target",
        "espionage",
        "--dice",
        "5 5 5",
        "-o",
        fief,
    )
    run("fief", "month", fief, "-o", fief)
    past = _json(run, "fief", "turn", fief, "--month", "1", "--json")
    assert past["month"] == 1 and past["houses"][0]["ventures"][0]["changes"] == {"Felderon": {"espionage": 3}}
    out = tmp_path / "m1.pdf"
    assert run("export", "month", fief, "--month", "1", "-o", out)[0] == 0 and out.exists()
    code, _, err = run("export", "month", fief, "--month", "3", "-o", tmp_path / "m3.pdf")
    assert code == 2 and "months 1 to 2" in err


def test_gear_venture_on_the_command_line(run, fief):
    a = _json(
        run,
        "house",
        "venture",
        fief,
        "--house",
        "Felderon",
        "--venture",
        "gear",
        "--gear",
        "a House Shield",
        "--difficulty",
        "4",
        "--cost",
        "1",
        "--director",
        "Helene",
        "--rating",
        "charm=2",
        "--dice",
        "6 6 6 3",
        "-o",
        fief,
        "--json",
    )
    assert (a["pool"], a["difficulty"], a["width"], a["traits"]) == (4, 4, 3, ["influence"])
    assert a["reveals"] == {"gear": "a House Shield", "time_factor": 3, "treasury_cost": 1}
    code, _, err = run(
        "house",
        "venture",
        fief,
        "--house",
        "Banthet",
        "--venture",
        "gear",
        "--gear",
        "x",
        "--difficulty",
        "4",
        "--seed",
        "1",
    )
    assert code == 2 and "charm is not known" in err
