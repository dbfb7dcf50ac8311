"""The dice pool against the spec's unit assertions (dice-and-play.md §4.4) and the
Seven Principles' examples (L245-L250)."""

import pytest

from landsraad.character.build import build
from landsraad.errors import DiceError
from landsraad.play.pool import Choice, Part, build_pool, character_pool, plain_pool
from tests.support.charbuild import complete_swordmaster, content


def base(n):
    return [Part(f"Pool {n}", n, "D2", "L127")]


def test_t1_cap_after_modifiers():
    # T1 (D3, L129-L133): 9 + 3 - 1 = 11 -> 10 (capping first would give 9)
    p = build_pool(base(9), bonus=3, penalty=1)
    assert p.dice == 10 and p.capped
    assert sum(x.dice for x in p.parts) == 10
    assert p.parts[-1].rule == "D3" and p.parts[-1].page is not None


def test_l160_extra_time_bonus():
    # L160-L163: an Engineering pool of 6, +1d for Extra Time -> 7
    assert build_pool(base(6), bonus=1).dice == 7


def test_t7_multiple_actions():
    # T7 (D32, L169): three actions -> -2d on the lowest pool; drive 7, shoot 5 -> 5 - 1 = 4
    assert build_pool(base(5), actions=3).dice == 3
    assert build_pool(base(5), actions=2).dice == 4


def test_e_g_3_expert_die_one_of_the_pool():
    # E.g.3 (L245): Prowess 3 + Sword 4 = 7 dice, Special Dice 1: one die at 7, six rolled
    p = build_pool(base(7), rating=1)
    assert p.dice == 7 and p.rolled == 6
    assert p.special.kind == "expert" and p.special.nudges == 0 and p.special.values == (7,)


def test_e_g_4_penalty_on_the_rating_first():
    # E.g.4 (L247): pool 5, SDR 5 (a Master Die), -1d -> SDR 4: four Expert Dice (A1 a: pool 5)
    p = build_pool(base(5), rating=5, penalty=1)
    assert p.special.rating == 4 and p.special.kind == "expert" and p.special.nudges == 3
    assert p.dice == 5 and "A1" in p.readings_used


def test_t9_penalty_beyond_the_rating_hits_the_pool():
    # T9 (D26, A1 a): pool 6, SDR 2, -3d -> SDR 0, 5 dice
    p = build_pool(base(6), rating=2, penalty=3)
    assert p.special.rating == 0 and p.special.kind == "none" and p.dice == 5 and p.rolled == 5


def test_e_g_7_protect():
    # E.g.7 (L250): SDR 4 + 3 = 7, -2d: Protect cancels both with 2 points -> SDR 5, a Master Die
    p = build_pool(base(6), rating=4, rating_bonus=3, penalty=2)
    assert p.special.rating == 5 and p.special.kind == "master" and p.dice == 6 and p.special.protect == 0


def test_t8_protect_leaves_points_for_height():
    # T8: SDR 5 + 2, -1d and -1 Height: one point cancels the -1d, one is left for the Height
    p = build_pool(base(6), rating=5, rating_bonus=2, penalty=1)
    assert p.dice == 6 and p.special.rating == 6 and p.special.protect == 1 and p.special.kind == "master"


def test_e1_pool():
    # E1: Insight 3 + Marksmanship 4, SDR 4, -1d -> SDR 3 (2 nudges), pool 7, 6 rolled
    p = build_pool(base(7), rating=4, penalty=1)
    assert (p.dice, p.rolled, p.special.rating, p.special.nudges) == (7, 6, 3, 2)


def test_declining_the_special_die():
    # Nominating is the player's choice (S3): without it the penalty hits the pool
    p = build_pool(base(7), rating=4, penalty=1, nominate=False)
    assert (p.dice, p.rolled, p.special.kind) == (6, 6, "none")


def test_s1_no_dice():
    p = build_pool(base(1), penalty=2)
    assert p.dice == 0 and p.fails and "S1" in p.readings_used


def test_plain_pool_flags():
    assert plain_pool(6, expert=3).special.nudges == 2
    assert plain_pool(6, master=True).special.kind == "master"
    with pytest.raises(DiceError):
        plain_pool(6, expert=2, master=True)
    with pytest.raises(DiceError):
        plain_pool(0)


def test_character_pool_statistic_and_skill_from_the_sheet():
    c = content()
    ch = complete_swordmaster()
    sheet, _ = build(ch, c)
    p = character_pool(ch, c, "prowess", "duel")
    want = sheet.statistics["prowess"] + sheet.skills.get("duel", 0)
    assert p.base == want
    assert p.dice == min(want, 10)
    assert p.parts[0].label == f"Prowess {sheet.statistics['prowess']}" and p.parts[0].page is not None
    assert p.special.rating == sheet.special_dice.get("duel", 0)
    # damage lowers the statistic the pool uses (DM3)
    hurt = character_pool(ch, c, "prowess", "duel", statistics={"prowess": 1})
    assert hurt.base == 1 + sheet.skills.get("duel", 0)


def test_character_pool_multiple_actions_lowest_pool():
    c = content()
    ch = complete_swordmaster()
    sheet, _ = build(ch, c)
    a = sheet.statistics["prowess"] + sheet.skills.get("duel", 0)
    b = sheet.statistics["intellect"] + sheet.skills.get("academia", 0)
    p = character_pool(ch, c, "prowess", "duel", actions=2, others=[Choice("intellect", "academia")])
    assert p.base == min(a, b)
    assert "S8" in p.readings_used


def test_character_pool_bad_names():
    c = content()
    ch = complete_swordmaster()
    with pytest.raises(DiceError, match="statistic"):
        character_pool(ch, c, "strength", "duel")
    with pytest.raises(DiceError, match="skill"):
        character_pool(ch, c, "prowess", "basket-weaving")


def test_d13_extra_time():
    # L160-L163: the Engineering pool of 6 with Extra Time is 7; Double Extra Time gives +2d
    assert build_pool(base(6), extra_time=1).dice == 7
    p = build_pool(base(6), extra_time=2)
    assert p.dice == 8 and any(x.rule == "D13" and x.page for x in p.parts)
    with pytest.raises(DiceError):
        build_pool(base(6), extra_time=3)


def test_throw_typed_or_seeded():
    from landsraad.play.pool import throw

    # V1: with a nominated Special Die the typed dice are the pool less one
    p = build_pool(base(7), rating=1)
    assert throw(p, "1 2 3 4 5 6").faces == (1, 2, 3, 4, 5, 6)
    with pytest.raises(DiceError, match="expected 6 dice"):
        throw(p, "1 2 3 4 5 6 7")
    a, b = throw(p, seed=9), throw(p, seed=9)
    assert a == b and len(a) == 6 and a.seed == 9
    assert len(throw(build_pool(base(1), penalty=1))) == 0


def test_protect_the_height_instead_of_the_dice():
    # D29 / §5: SDR 6, -1d and -1 Height: one point beyond 5 cancels one of them
    from landsraad.play.reading import Options, readings

    dice_first = build_pool(base(6), rating=6, penalty=1)
    assert dice_first.special.kind == "master" and dice_first.special.protect == 0
    r = readings([5, 5, 1], special=dice_first.special, options=Options(height_penalty=1))[0]
    assert r.best == r.best.__class__(3, 4)  # the Master Die joins the 5s; -1 Height stays
    height_kept = build_pool(base(6), rating=6, penalty=1, protect_height=1)
    # the point spent lowers the rating to 5, then the -1d takes it to 4 (A1): Expert Dice
    assert height_kept.special.kind == "expert" and height_kept.special.rating == 4
    assert height_kept.special.protect == 1 and height_kept.dice == 6
    r = readings([5, 5, 1], special=height_kept.special, options=Options(height_penalty=1))[0]
    assert r.protect_used == 1 and r.best == r.best.__class__(2, 5)
