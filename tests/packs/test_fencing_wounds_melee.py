"""Damage, the wound track (L130-169) and the Melee System's Initiative (L249-254),
spec shared/rules/fencing.md worked examples F9, F13-F15, F18."""

import random

import pytest

from landsraad.errors import DiceError
from landsraad.packs.fencing.content import load_fencing_content
from landsraad.packs.fencing.melee import (
    d6_initiative,
    may_defend_out_of_turn,
    reflexes_order,
)
from landsraad.packs.fencing.model import Fencer, FencerWeapon
from landsraad.packs.fencing.wounds import (
    apply_damage_roll,
    calculated_damage,
    check_wound,
    defensive_damage_modifier,
    offensive_damage_modifier,
    wound_level_for,
    wound_penalty,
)


@pytest.fixture(scope="module")
def c():
    return load_fencing_content()


def test_example_8_as_printed(c):
    # F9: Basic 1 + ODM 2 (rapier, Muscle Fair) - DDM 0 - Realism 1 = 2 -> Scratch
    odm = offensive_damage_modifier(c, FencerWeapon("rapier"), 0)
    assert odm == 2
    assert defensive_damage_modifier(c, Fencer("Guard")) == 0
    dmg = calculated_damage(1, odm, 0, 1)
    assert dmg == 2 and wound_level_for(c, dmg, 1).id == "scratch"


def test_damage_modifier_tables(c):
    assert offensive_damage_modifier(c, FencerWeapon("cutlass", sharp=True), 3) == 6  # +2 +1 sharp + Superb
    assert offensive_damage_modifier(c, FencerWeapon("pistol"), 3) == 3  # firearms add no Muscle
    assert offensive_damage_modifier(c, None, -1) == -2  # no weapon -1, Mediocre
    f = Fencer("x", damage_capacity="great", armour="buff-coat")
    assert defensive_damage_modifier(c, f) == 4


@pytest.mark.parametrize(
    "calc, expected",
    [(2, [1, 1, 1, 1, 2, 3, 4, 4, 4]), (0, [0, 0, 0, 0, 0, 1, 1, 1, 1]), (-1, [0, 0, 0, 0, 0, 0, 1, 1, 1])],
)
def test_damage_roll_limits(calc, expected):
    # F13 (L142-145), rolls -4..+4
    assert [apply_damage_roll(calc, r) for r in range(-4, 5)] == expected


def test_damage_roll_without_limits():
    assert [apply_damage_roll(2, r, limited=False) for r in (-4, 4)] == [0, 6]


def test_wound_boxes_move_up_and_end_in_death(c):
    # F14: R 1, hits 2, 3, 1, 2, 5, 4, 6, 1
    f = Fencer("x")
    checked = [check_wound(c, f, wound_level_for(c, d, 1).id).checked for d in (2, 3, 1, 2, 5, 4, 6, 1)]
    assert checked == ["scratch", "scratch", "scratch", "hurt", "very-hurt", "incapacitated", "near-death", "dead"]
    assert f.dead


@pytest.mark.parametrize(
    "damage, r0, r1",
    [
        (0, None, None),
        (5, "very-hurt", "hurt"),
        (9, "near-death", "incapacitated"),
        (11, "near-death", "near-death"),
        (3, "hurt", "scratch"),
    ],
)
def test_realism_widens_the_table(c, damage, r0, r1):
    # F15 (L159-160)
    lv0, lv1 = wound_level_for(c, damage, 0), wound_level_for(c, damage, 1)
    assert (lv0.id if lv0 else None, lv1.id if lv1 else None) == (r0, r1)


def test_lackeys_do_not_widen(c):
    assert wound_level_for(c, 5, 1, widen=False).id == "very-hurt"


def test_wound_penalties_worst_level_and_willpower(c):
    f = Fencer("x", wounds={"scratch": 3, "hurt": 1})
    assert wound_penalty(c, f) == -1
    f.wounds["very-hurt"] = 1
    assert wound_penalty(c, f) == -2
    f.willpower_steadied = True  # L156: one less
    assert wound_penalty(c, f) == -1


def test_melee_d6_initiative_example_9(c):
    # F18 (L253-254): Regenald Great rolls 4 -> 7; the Guard Good rolls 3 -> 5; or 5 -> 7, a
    # tie between foes that goes to the higher unmodified Reflexes
    reg, guard = Fencer("Regenald", reflexes="great"), Fencer("Guard", reflexes="good")
    order = d6_initiative([(reg, "players"), (guard, "cardinal")], c, [4, 3])
    assert [[x.name for x in g] for g in order] == [["Regenald"], ["Guard"]]
    assert [g[0].total for g in order] == [7, 5]
    order = d6_initiative([(reg, "players"), (guard, "cardinal")], c, [4, 5])
    assert [[x.name for x in g] for g in order] == [["Regenald"], ["Guard"]]


def test_melee_ties(c):
    a, b, e = Fencer("A", reflexes="good"), Fencer("B", reflexes="good"), Fencer("E", reflexes="good")
    together = d6_initiative([(a, "x"), (b, "x")], c, [3, 3])
    assert [[x.name for x in g] for g in together] == [["A", "B"]]  # allies together
    with pytest.raises(DiceError):
        d6_initiative([(a, "x"), (e, "y")], c, [3, 3])  # foes, equal Reflexes: roll off
    broken = d6_initiative([(a, "x"), (e, "y")], c, [3, 3], tie_rolls=[2, 6])
    assert [[x.name for x in g] for g in broken] == [["E"], ["A"]]
    assert broken[0][0].total == 5  # the tie roll changes no total


def test_melee_reflexes_order_and_out_of_turn_defence(c):
    fs = [Fencer("A", reflexes="fair"), Fencer("B", reflexes="superb"), Fencer("C", reflexes="fair")]
    assert [[f.name for f in g] for g in reflexes_order(fs, c)] == [["B"], ["A", "C"]]
    assert may_defend_out_of_turn(c.maneuver("parry")) and not may_defend_out_of_turn(c.maneuver("lunge"))


def test_fudge_dice_are_minus_four_to_four(c):
    from landsraad.packs.fencing.dice import FudgeDice

    dice = FudgeDice(seed=random.Random(3).randrange(2**32))
    results = [dice.roll("x", "test").result for _ in range(400)]
    assert min(results) >= -4 and max(results) <= 4 and 0 in results


def test_healing_example_l268(c):
    from landsraad.packs.fencing.wounds import doctor, tend_scratches

    # Scratch + Hurt + Very Hurt; the Scratch is tended after the fight; a Good Doctor roll:
    # Hurt healed, Very Hurt -> Hurt; two wounds treated, two days in bed
    f = Fencer("x", wounds={"scratch": 1, "hurt": 1, "very-hurt": 1})
    assert tend_scratches(c, f) == 1
    assert doctor(c, f, "good") == 2
    assert f.wounds == {"hurt": 1}


def test_healing_f19(c):
    from landsraad.packs.fencing.wounds import doctor, rest_untreated

    f = Fencer("x", wounds={"hurt": 1, "very-hurt": 1})
    doctor(c, f, "great")
    assert f.wounds == {}
    f = Fencer("x", wounds={"incapacitated": 1})
    doctor(c, f, "superb")
    assert f.wounds == {}
    f = Fencer("x", wounds={"incapacitated": 1})
    rest_untreated(c, f)
    assert f.wounds == {"very-hurt": 1}
    f = Fencer("x", wounds={"hurt": 1})
    assert doctor(c, f, "fair") == 0 and f.wounds == {"hurt": 1}  # below Good: nothing
