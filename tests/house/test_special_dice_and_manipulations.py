"""A Householder's Special Dice in Operation rolls (L232-L250), the Mentat's Forecast on a
Venture (L2783), and Squish / Squash when the Judge allows them (L216)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from landsraad import cli
from landsraad.house import counter as ore
from landsraad.house.content import load_house_content
from landsraad.house.document import load_fief
from landsraad.house.domain import add_householder
from landsraad.house.domain_tables import load_domain_content
from landsraad.house.operations import perform_operation
from landsraad.house.ventures import declare_venture, find_house, resolve_venture, set_manipulation

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "venhei-fief.json"
HC, DC = load_house_content(), load_domain_content()
KW = {"hc": HC, "dc": DC}


@pytest.fixture
def fief():
    f = load_fief(EXAMPLE)
    add_householder(f, "Felderon", "Helene")
    add_householder(f, "Felderon", "Karl", ratings={"insight": 3, "observe": 2, "special-observe": 2})
    add_householder(f, "Vorst", "Wilhelm")
    return f


# L245: "They take a single die from their pool and 'nominate' that as the Special Die ... set at a
# value of 7 before the roll"; L241: Rating 2 = 2 Expert Dice (the first sets it to 7, the second
# nudges it by 1)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_householders_expert_dice_in_an_intelligence_roll(fief, seed):
    declare_venture(fief, "Felderon", "subvert", "Helene", target="influence", against="Vorst", **KW)
    perform_operation(
        fief,
        "Felderon",
        "Karl",
        "intelligence",
        against="Vorst",
        venture="felderon:Helene",
        seed=seed,
        against_seed=seed + 10,
        **KW,
    )
    op = find_house(fief, "Felderon").domain.operations[0]
    assert op.roll.pool == 3 + 2 and len(op.roll.faces) == 5  # Insight 3 + Observe 2
    assert op.roll.faces[0] in (7, 8) and op.special_roll == 2  # one die of the pool
    assert "Special Die 2 (2 Expert Dice" in op.reason


def test_without_a_special_die_the_roll_is_as_seeded(fief):
    find_house(fief, "Felderon").domain.householder("Karl").ratings.pop("special-observe")
    declare_venture(fief, "Felderon", "subvert", "Helene", target="influence", against="Vorst", **KW)
    perform_operation(
        fief,
        "Felderon",
        "Karl",
        "intelligence",
        against="Vorst",
        venture="felderon:Helene",
        seed=1,
        against_seed=11,
        **KW,
    )
    op = find_house(fief, "Felderon").domain.operations[0]
    assert op.special_roll == 0 and "Special Die" not in op.reason


def test_the_mentats_forecast_on_the_command_line(tmp_path, capsys):
    f = tmp_path / "f.json"
    shutil.copy(EXAMPLE, f)

    def run(*argv):
        code = cli.main([str(a) for a in argv])
        out, err = capsys.readouterr()
        return code, out, err

    for name in ("Helene", "Piter"):
        assert run("house", "householder", f, "--house", "Felderon", "--name", name, "-o", f)[0] == 0
    assert (
        run(
            "house",
            "declare",
            f,
            "--house",
            "Felderon",
            "--venture",
            "develop",
            "--target",
            "espionage",
            "--director",
            "Helene",
            "-o",
            f,
        )[0]
        == 0
    )
    code, out, err = run(
        "house", "forecast", f, "--house", "Felderon", "--director", "Helene", "--mentat", "Piter", "-o", f, "--json"
    )
    assert code == 0, err
    assert json.loads(out)["special"] == 1
    # L2783: "Once per month"
    code, _, err = run("house", "forecast", f, "--house", "Felderon", "--director", "Helene", "--mentat", "Piter")
    assert code == 2 and "once a month" in err
    # the Develop (T 1 + Tr 3-1 = 2 -> 3 dice) rolls its nominated die at 7 or better (L245)
    code, out, err = run(
        "house",
        "venture",
        f,
        "--house",
        "Felderon",
        "--venture",
        "develop",
        "--director",
        "Helene",
        "--seed",
        "5",
        "--json",
    )
    assert code == 0, err
    assert json.loads(out)["roll"]["faces"][0] >= 7


# L216: "they may reduce the Height by 2 to add 1 to the Width of a set" (Squash); "reduce the Width
# by 1 to add 2 to the Height" (Squish)
def test_squash_and_squish_only_when_the_judge_allows_them():
    # 2x6 against a 2x7: gobbled to Width 0.  Squished, 2x6 would be 1x8 - not a set: no help.
    # 3x6 against 2x7: Width 1; Squished to 2x8 the 2x7 cannot gobble it: Width 2
    assert ore.oppose([6, 6, 6, 1], [7, 7]).width == 1
    assert ore.oppose([6, 6, 6, 1], [7, 7], squish=True).width == 2
    # 2x9 against 3x8: Width 2 (8 cannot gobble 9).  Squashed to 3x7, the 3x8 gobbles all of it: Width 0
    assert ore.oppose([9, 9], [8, 8, 8], squash=True).width == 2  # not forced on the roller
    # 2x5 unopposed: Width 2; Squashed 3x3: Width 3
    assert ore.oppose([5, 5, 1]).width == 2 and ore.oppose([5, 5, 1], squash=True).width == 3


def test_the_fiefs_switch_reaches_the_ventures(fief):
    set_manipulation(fief, "squash", True)
    declare_venture(fief, "Felderon", "develop", "Helene", target="espionage", **KW)
    # 3 dice 5 5 1 at Difficulty 1 (E Rating 1): 2x5, Squashed to 3x3: Espionage +3 instead of +2
    resolve_venture(fief, "Felderon", "Helene", dice="5 5 1", **KW)
    rec = find_house(fief, "Felderon").domain.venture_of("Helene")
    assert (rec.width, rec.height) == (3, 3) and "Squashed" in rec.reason


# L3919: "subtract the resulting Width from 6 to determine the Time Factor. Combine the Time Factor
# and the Time Trait to determine how long it will take for the item to arrive"; L4068: a House
# Shield "Adds 10 to the Defense Score of the House"
def test_gear_by_venture_arrives_after_its_time_factor_as_a_holding(tmp_path, capsys):
    f = tmp_path / "f.json"
    shutil.copy(EXAMPLE, f)

    def run(*argv):
        code = cli.main([str(a) for a in argv])
        out, err = capsys.readouterr()
        assert code == 0, err
        return out

    # Charm 2 + Influence 3 - 1 = 4 dice, 6 6 6 3 at Difficulty 4: 3x6, Width 3: Time Factor 6 - 3 = 3 months
    a = json.loads(
        run(
            "house",
            "venture",
            f,
            "--house",
            "Felderon",
            "--venture",
            "gear",
            "--gear",
            "a House Shield",
            "--holding",
            "house-shield",
            "--time",
            "months",
            "--difficulty",
            "4",
            "--director",
            "Helene",
            "--rating",
            "charm=2",
            "--dice",
            "6 6 6 3",
            "-o",
            f,
            "--json",
        )
    )
    assert a["reveals"]["time"] == "3 months" and a["reveals"]["arrives"] == 4
    defense = []
    for _ in range(3):  # the ends of months 1, 2 and 3
        end = json.loads(run("fief", "month", f, "-o", f, "--json"))
        defense.append(end["scores"]["Felderon"]["defense"])
    # held from month 4: Defense 15 + 10 = 25
    assert defense == [15, 15, 25] and end["arrived"] == ["a House Shield arrives for House Felderon"]
    fief = load_fief(f)
    assert [(x.id, x.count) for x in find_house(fief, "Felderon").holdings] == [("house-shield", 1)]
    assert find_house(fief, "Felderon").domain.orders == []
