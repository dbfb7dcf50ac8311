"""`landsraad roll` and `landsraad character roll` (issue 25): keys, exit codes, the readings
and the odds the issue lists (cli-contract.md keeps the older keys)."""

import json
from fractions import Fraction

import pytest

from landsraad.character import document
from landsraad.character.build import build
from landsraad.cli import main
from landsraad.play.odds import odds
from landsraad.play.pool import Special
from tests.support.charbuild import complete_swordmaster, content


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
def hero(tmp_path):
    path = tmp_path / "duncan.json"
    document.save(complete_swordmaster(), path)
    return path


def test_roll_keeps_the_contract_keys_and_adds_the_coach(capsys):
    code, out, _ = run(capsys, "roll", "--dice", "3x4 2x8 2x5 9 6 2 1", "--json")
    d = json.loads(out)
    assert code == 0
    assert d["faces"] == [4, 4, 4, 8, 8, 5, 5, 9, 6, 2, 1] and d["seed"] is None
    assert d["sets"][0] == {"width": 3, "height": 4} and d["waste"] == [9, 6, 2, 1]
    for key in ("pool", "parts", "difficulty", "special", "readings", "best", "odds"):
        assert key in d
    assert d["pool"] == 11 and d["special"] == {**d["special"], "expert": False, "master": False, "nominated": False}
    assert d["best"] == d["readings"][0]
    # 3x4 + 2x8 + 2x5: the Full House feeds a lower set to the 8s (D16): 3x8
    assert d["best"]["sets"][0] == {"width": 3, "height": 8} or d["best"]["sets"][0] == {"width": 4, "height": 4}


def test_roll_seeded_pool_is_the_same_roll_as_before(capsys):
    code, out, _ = run(capsys, "roll", "--pool", "3", "--seed", "5", "--json")
    d = json.loads(out)
    assert code == 0 and d["seed"] == 5 and len(d["faces"]) == 3
    code, out2, _ = run(capsys, "roll", "--pool", "3", "--seed", "5", "--json")
    assert json.loads(out2) == d


def test_roll_e1_expert_die_difficulty_odds(capsys):
    # E1: pool 7, Expert Dice 4 (SDR 4), -1d on the rating (A1), Difficulty 4, 2 3 8 8 9 9 -> 4x9
    code, out, _ = run(
        capsys, "roll", "--expert", "4", "--penalty", "1", "--difficulty", "4", "--dice", "2 3 8 8 9 9", "--json"
    )
    d = json.loads(out)
    assert code == 0
    assert d["pool"] == 7 and d["rolled"] == 6
    assert d["special"]["expert"] and d["special"]["nominated"] and d["special"]["nudges"] == 2
    assert d["best"]["sets"][0] == {"width": 4, "height": 9} and d["best"]["success"]
    assert d["best"]["page"] is not None and "Full House" in d["best"]["why"]
    want = odds(6, 4, Special(rating=3, nominated=True))
    for key, value in (("success", want.success), ("width3", want.width3), ("width4", want.width4)):
        assert abs(d["odds"][key] - float(value)) < 1e-9 and 0 <= d["odds"][key] <= 1


def test_roll_master_and_no_special(capsys):
    code, out, _ = run(capsys, "roll", "--master", "--dice", "4 9", "--json")
    d = json.loads(out)
    assert d["special"]["master"] and d["best"]["sets"][0] == {"width": 2, "height": 9}
    code, out, _ = run(capsys, "roll", "--master", "--no-special", "--dice", "4 9 1", "--json")
    d = json.loads(out)
    assert not d["special"]["nominated"] and d["best"]["success"] is False


def test_roll_two_actions(capsys):
    # L169: 1 2 2 5 5 gives a set to each of two actions
    code, out, _ = run(capsys, "roll", "--pool", "6", "--actions", "2", "--seed", "3", "--json")
    assert json.loads(out)["pool"] == 5 and len(json.loads(out)["faces"]) == 5
    code, out, _ = run(capsys, "roll", "--actions", "2", "--dice", "1 2 2 5 5", "--json")
    d = json.loads(out)
    assert d["best"]["success"]
    assert [a["set"] for a in d["best"]["actions"]] == [{"width": 2, "height": 5}, {"width": 2, "height": 2}]
    assert d["odds"]["enough_sets"] == pytest.approx(float(odds(5, 1, None, 2).enough), abs=1e-9)


def test_roll_against_dice_gobbles_by_height(capsys):
    # L190: 3x7 against 2x8: the two gobble dice leave 1x7, still a success (I1)
    code, out, _ = run(capsys, "roll", "--dice", "7 7 7 1", "--against-dice", "8 8 2", "--json")
    d = json.loads(out)
    assert code == 0 and d["countered"] == [7, 7]
    assert d["best"]["sets"] == [{"width": 1, "height": 7}] and d["best"]["success"]
    # L193: 2x4 against 3x3: the 3s cannot gobble the 4s
    code, out, _ = run(capsys, "roll", "--dice", "4 4 1", "--against-dice", "3 3 3", "--json")
    d = json.loads(out)
    assert d["countered"] == [] and d["best"]["sets"] == [{"width": 2, "height": 4}]


@pytest.mark.parametrize(
    "argv, words",
    [
        (("roll",), "--pool"),
        (("roll", "--pool", "0"), "--pool"),
        (("roll", "--pool", "5", "--dice", "1 2 3"), "not allowed"),
        (("roll", "--dice", "1 2 11"), "1 to 10"),
        (("roll", "--dice", "1 2 3", "--seed", "4"), "--seed"),
        (("roll", "--pool", "5", "--difficulty", "11"), "--difficulty"),
        (("roll", "--pool", "5", "--expert", "5"), "Expert"),
        (("roll", "--pool", "5", "--expert", "2", "--master"), "one Special Die"),
        (("roll", "--pool", "5", "--actions", "0"), "actions"),
        (("roll", "--pool", "5", "--against-dice", "x"), "cannot read"),
    ],
)
def test_roll_bad_input_is_exit_2(capsys, argv, words):
    code, out, err = run(capsys, *argv)
    one_line_error(code, err, words)
    assert out == ""


def test_character_roll_pool_from_the_sheet(capsys, hero):
    sheet, _ = build(complete_swordmaster(), content())
    want = min(sheet.statistics["prowess"] + sheet.skills["duel"], 10)
    code, out, _ = run(
        capsys,
        "character",
        "roll",
        hero,
        "--stat",
        "prowess",
        "--skill",
        "duel",
        "--difficulty",
        "3",
        "--seed",
        "7",
        "--json",
    )
    d = json.loads(out)
    assert code == 0 and d["pool"] == want and len(d["faces"]) == want and d["seed"] == 7
    assert [p["label"] for p in d["parts"][:2]] == [
        f"Prowess {sheet.statistics['prowess']}",
        f"Duel {sheet.skills['duel']}",
    ]
    assert all(p["page"] for p in d["parts"])
    assert d["record"]["reading"] == d["best"] and d["record"]["who"] == "Duncan Idaho"
    # the same seed, the same roll
    code, out2, _ = run(
        capsys,
        "character",
        "roll",
        hero,
        "--stat",
        "prowess",
        "--skill",
        "duel",
        "--difficulty",
        "3",
        "--seed",
        "7",
        "--json",
    )
    d2 = json.loads(out2)
    assert d2["faces"] == d["faces"] and d2["readings"] == d["readings"]


def test_character_roll_bonus_penalty_and_typed_dice(capsys, hero):
    sheet, _ = build(complete_swordmaster(), content())
    base = sheet.statistics["prowess"] + sheet.skills["duel"]
    n = min(base + 2 - 1, 10)
    dice = " ".join(map(str, [7, 7, 7] + [1, 3, 5, 9, 10, 2, 4][: n - 3]))  # one set: 3x7
    code, out, _ = run(
        capsys,
        "character",
        "roll",
        hero,
        "--stat",
        "prowess",
        "--skill",
        "duel",
        "--bonus",
        "2",
        "--penalty",
        "1",
        "--dice",
        dice,
        "--json",
        "--choose",
        "2",
    )
    d = json.loads(out)
    assert code == 0 and d["pool"] == n
    assert d["best"]["sets"][0] == {"width": 3, "height": 7}
    assert d["record"]["chosen"] == 1 and d["record"]["reading"] == d["readings"][1]


def test_character_roll_against_another(capsys, hero, tmp_path):
    sheet, _ = build(complete_swordmaster(), content())
    n = min(sheet.statistics["prowess"] + sheet.skills["duel"], 10)
    mine = " ".join(map(str, [6, 6, 6] + [1, 3, 9, 10, 2, 4, 8][: n - 3]))  # one set: 3x6
    theirs = " ".join(map(str, [9, 9] + [1, 2, 3, 4, 5, 7, 10, 6][: n - 2]))  # one set: 2x9
    code, out, err = run(
        capsys,
        "character",
        "roll",
        hero,
        "--stat",
        "prowess",
        "--skill",
        "duel",
        "--dice",
        mine,
        "--against",
        hero,
        "--against-stat",
        "prowess",
        "--against-skill",
        "duel",
        "--against-dice",
        theirs,
        "--json",
    )
    d = json.loads(out)
    assert code == 0, err
    # the 2x9 gobbles two of the 6s (9 >= 6, D37): 3x6 -> 1x6, still a success (I1)
    assert d["against"]["best"]["sets"][0] == {"width": 2, "height": 9}
    assert d["countered"] == [6, 6] and d["best"]["sets"][0] == {"width": 1, "height": 6} and d["best"]["success"]


@pytest.mark.parametrize(
    "extra, words",
    [
        (("--stat", "strength", "--skill", "duel"), "statistic"),
        (("--stat", "prowess", "--skill", "basket"), "skill"),
        (("--stat", "prowess", "--skill", "duel", "--dice", "1 2"), "expected"),
        (("--stat", "prowess", "--skill", "duel", "--use", "nope"), "--use nope"),
        (("--stat", "prowess", "--skill", "duel", "--against-dice", "1 2"), "--against"),
        (("--stat", "prowess", "--skill", "duel", "--choose", "99", "--seed", "1"), "--choose"),
    ],
)
def test_character_roll_bad_input(capsys, hero, extra, words):
    code, out, err = run(capsys, "character", "roll", hero, *extra)
    one_line_error(code, err, words)
    assert out == ""


def test_odds_exact_to_1e9_against_fractions(capsys):
    code, out, _ = run(capsys, "roll", "--pool", "10", "--difficulty", "6", "--seed", "1", "--json")
    d = json.loads(out)
    o = odds(10, 6)
    assert abs(d["odds"]["width3"] - float(o.width3)) < 1e-9
    num, den = d["odds"]["exact"]["width3"].split("/")
    assert Fraction(int(num), int(den)) == o.width3


def test_roll_competitive_by_width_or_height(capsys):
    # T12 (D34): 3x2 against 2x10: by Width the 3x2 wins, by Height the 2x10
    code, out, _ = run(
        capsys, "roll", "--dice", "2 2 2 1", "--against-dice", "10 10 5", "--competitive", "width", "--json"
    )
    d = json.loads(out)
    assert code == 0 and d["competitive"]["winner"] == "active" and "countered" not in d
    code, out, _ = run(
        capsys, "roll", "--dice", "2 2 2 1", "--against-dice", "10 10 5", "--competitive", "height", "--json"
    )
    assert json.loads(out)["competitive"]["winner"] == "opponent"
    code, out, err = run(capsys, "roll", "--dice", "2 2", "--competitive", "width")
    one_line_error(code, err, "--against-dice")


def test_roll_cooperative_e3b(capsys):
    # E3b: Ada 2x5 (Difficulty 3), Bek 8 8 8 5 4, Cid 9 5 6 2 -> both add a 5: 4x5
    code, out, _ = run(
        capsys,
        "roll",
        "--dice",
        "5 5 8 3",
        "--difficulty",
        "3",
        "--helper-dice",
        "8 8 8 5 4",
        "--helper-dice",
        "9 5 6 2",
        "--json",
    )
    d = json.loads(out)
    assert code == 0 and d["cooperative"]["result"] == {"width": 4, "height": 5}
    assert d["cooperative"]["contributors"] == ["helper 1", "helper 2"]


def test_roll_named_actions_with_their_difficulties(capsys):
    # E2: Dodge (Difficulty 3) then Attack; L169: stab relies on the disarm
    code, out, _ = run(capsys, "roll", "--action", "Dodge:3", "--action", "Attack", "--dice", "1 3 3 6 6", "--json")
    d = json.loads(out)
    assert code == 0 and d["actions"] == 2
    assert [(a["label"], a["set"]) for a in d["best"]["actions"]] == [
        ("Dodge", {"width": 2, "height": 6}),
        ("Attack", {"width": 2, "height": 3}),
    ]
    code, out, _ = run(capsys, "roll", "--action", "disarm", "--action", "stab::after", "--dice", "1 2 2 3 5", "--json")
    d = json.loads(out)
    assert [a["success"] for a in d["best"]["actions"]] == [True, False]
    code, out, err = run(capsys, "roll", "--action", "x:11", "--dice", "1 2")
    one_line_error(code, err, "1 to 10")
    code, out, err = run(capsys, "roll", "--actions", "3", "--action", "a", "--action", "b", "--dice", "1 2")
    one_line_error(code, err, "--actions 3")
