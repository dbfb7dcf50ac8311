"""Houses from the command line (issue 23): ``house add``, ``remove``, ``place``, ``choose``
and ``war``, each the engine edit the window makes, on the example Fief."""

from __future__ import annotations

import json
from pathlib import Path

from landsraad.house.content import load_house_content
from landsraad.house.document import load_fief
from landsraad.house.ventures import find_house, play_scores

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "venhei-fief.json"
HC = load_house_content()


def _ok(run, *argv):
    code, out, err = run(*argv)
    assert code == 0, err
    return out


def test_add_place_and_remove_a_house(run, fief):
    j = json.loads(_ok(run, "house", "add", fief, "Kessel", "--player", "-o", fief, "--json"))
    assert j == {"id": "kessel", "name": "Kessel", "player": True}
    # Hastalan, on Zelona (2x8 Small Affluent Planet): Mineral Deposits, Harsh Conditions
    out = _ok(
        run, "house", "place", fief, "--house", "Kessel", "Hastalan", "--predominant", "mineral deposits", "-o", fief
    )
    assert "House Kessel is on Hastalan (mineral-deposits)" in out
    kessel = find_house(load_fief(fief), "Kessel")
    assert kessel.territory == "b2-t1" and kessel.predominant == "mineral-deposits"
    code, _, err = run("house", "place", fief, "--house", "Kessel", "Zelona")
    assert code == 2 and "is a body, not a Territory" in err
    code, _, err = run("house", "place", fief, "--house", "Kessel", "Hastalan", "--predominant", "forest")
    assert code == 2 and "not a feature of this Territory" in err
    _ok(run, "house", "remove", fief, "--house", "Kessel", "-o", fief)
    assert [h.name for h in load_fief(fief).houses] == ["Felderon", "Banthet", "Vorst"]


def test_choose_an_option_of_a_history_event(run, fief):
    # L4710 Glory 2x: "+10 Treasury, +5 Warfare" or "+10 Treasury, +5 Defense"; Felderon took the second
    # (W 20, D 15).  Option 1 instead: Warfare 20 + 5 = 25, Defense 15 - 5 = 10.
    out = _ok(run, "house", "choose", fief, "--house", "Felderon", "2x9", "1", "-o", fief)
    assert "House Felderon, 2x9 Glory: option 1" in out
    f = load_fief(fief)
    scores = play_scores(f, find_house(f, "Felderon"), HC)
    assert (scores["warfare"], scores["defense"]) == (25, 10)
    code, _, err = run("house", "choose", fief, "--house", "Felderon", "5x5", "1")
    assert code == 2 and err.count("\n") == 1 and "no event '5x5'" in err


def test_removing_a_house_lapses_what_names_it(run, fief):
    _ok(run, "house", "householder", fief, "--house", "Banthet", "--name", "Heinrick", "-o", fief)
    _ok(run, "house", "householder", fief, "--house", "Felderon", "--name", "Helene", "-o", fief)
    _ok(
        run,
        "house",
        "declare",
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
        "Heinrick",
        "-o",
        fief,
    )
    _ok(
        run,
        "house",
        "declare",
        fief,
        "--house",
        "Felderon",
        "--venture",
        "develop",
        "--target",
        "espionage",
        "--director",
        "Helene",
        "-o",
        fief,
    )
    _ok(run, "house", "war", fief, "--house", "Banthet", "--against", "Vorst", "-o", fief)
    j = json.loads(_ok(run, "house", "remove", fief, "--house", "Vorst", "-o", fief, "--json"))
    assert j["removed"] == "Vorst" and j["lapsed"] == ["Heinrick's attack lapses: House Vorst was removed"]
    f = load_fief(fief)
    banthet = find_house(f, "Banthet")
    assert banthet.domain.ventures == [] and banthet.domain.legal == {}
    assert [v.director for v in find_house(f, "Felderon").domain.ventures] == ["Helene"]
    # Heinrick is free to direct another Venture this month
    _ok(
        run,
        "house",
        "declare",
        fief,
        "--house",
        "Banthet",
        "--venture",
        "develop",
        "--target",
        "territory",
        "--director",
        "Heinrick",
    )


def test_war_of_assassins_and_kanly_make_attacks_legal(run, fief):
    # L4929: Assassinate (High) is legal only "in a War of Assassins or in Kanly"; L774: a raid too
    _ok(run, "house", "householder", fief, "--house", "Banthet", "--name", "Heinrick", "-o", fief)
    _ok(run, "house", "householder", fief, "--house", "Banthet", "--name", "Lotte", "-o", fief)
    j = json.loads(_ok(run, "house", "war", fief, "--house", "Banthet", "--against", "Vorst", "-o", fief, "--json"))
    assert j["state"] == "war-of-assassins" and "Attack" in j["legal"] and "Assassinate (high)" in j["legal"]
    f = load_fief(fief)
    assert find_house(f, "Banthet").domain.legal == {"vorst": "war-of-assassins"}
    assert find_house(f, "Vorst").domain.legal == {"banthet": "war-of-assassins"}
    _ok(
        run,
        "house",
        "declare",
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
        "Heinrick",
        "-o",
        fief,
    )
    _ok(
        run,
        "house",
        "declare",
        fief,
        "--house",
        "Banthet",
        "--venture",
        "attack",
        "--target",
        "defense",
        "--against",
        "Vorst",
        "--director",
        "Lotte",
        "-o",
        fief,
    )
    a = json.loads(
        _ok(
            run,
            "house",
            "venture",
            fief,
            "--house",
            "Banthet",
            "--venture",
            "attack",
            "--director",
            "Heinrick",
            "--seed",
            "4",
            "--against-seed",
            "5",
            "-o",
            fief,
            "--json",
        )
    )
    assert "illegal" not in a["reading"]
    out = _ok(run, "house", "war", fief, "--house", "Vorst", "--against", "Banthet", "--end", "-o", fief)
    assert "A War of Assassins between Houses Vorst and Banthet ends" in out
    b = json.loads(
        _ok(
            run,
            "house",
            "venture",
            fief,
            "--house",
            "Banthet",
            "--venture",
            "attack",
            "--director",
            "Lotte",
            "--seed",
            "6",
            "--against-seed",
            "7",
            "--json",
        )
    )
    assert "illegal outside a War of Assassins or Kanly" in b["reading"]
    code, _, err = run("house", "war", fief, "--house", "Vorst", "--against", "Banthet", "--end")
    assert code == 2 and "in no War of Assassins or Kanly" in err
    out = _ok(run, "house", "war", fief, "--house", "Vorst", "--against", "Banthet", "--kanly")
    assert "House Vorst declares Kanly on House Banthet" in out
