"""Opposed, competitive and cooperative tests (L172-L193; spec dice-and-play.md §1.8, E3)."""

import pytest

from landsraad.dice import DiceSet
from landsraad.errors import DiceError
from landsraad.play.contest import Helper, competitive, cooperative, gobble, opposed, opposed_faces
from landsraad.play.pool import Special
from landsraad.play.reading import readings


def S(text):
    w, h = text.split("x")
    return DiceSet(int(w), int(h))


def test_l190_gobble_to_width_one_still_succeeds():
    # L190: 3x7 against 2x8: the two gobble dice reduce the 3x7 to 1x7 (a success: I1, L193)
    g = gobble([S("3x7")], S("2x8"))
    assert g.after == (S("1x7"),) and g.countered == 2
    o = opposed_faces([7, 7, 7, 1], [8, 8, 2])
    assert o.succeeds and o.best_after.after == (S("1x7"),)


def test_l193_cannot_gobble_a_die_of_greater_height():
    # T11, L193: 2x4 against 3x3: the 3s cannot gobble the 4s
    g = gobble([S("2x4")], S("3x3"))
    assert g.after == (S("2x4"),) and g.countered == 0 and g.idle == 3
    # A5: an equal Height may gobble
    assert gobble([S("2x4")], S("2x4")).after == (S("0x4"),)


def test_l193_one_gobble_die_on_each_set():
    # L193: trip 2x4 + strike 2x6 against a dodge of 2x7: both dice on one set, or one on each
    both = gobble([S("2x4"), S("2x6")], S("2x7"))
    assert both.after == (S("0x4"), S("2x6"))
    split = gobble([S("2x4"), S("2x6")], S("2x7"), split=[1, 1])
    assert split.after == (S("1x4"), S("1x6"))
    with pytest.raises(DiceError, match="greater Height"):
        gobble([S("2x8")], S("2x7"), split=[1])


def test_e3a_two_attackers_one_counter_set():
    # E3a: Oskar's dodge 3x6 loses a die to Sela's 2x7 (C9) and spends 2 on Rhun's 3x4 -> 1x4
    assert gobble([S("2x7")], S("3x6")).countered == 0  # 6 < 7: no counter
    assert gobble([S("3x4")], S("2x6")).after == (S("1x4"),)
    assert gobble([S("3x4")], S("3x6")).after == (S("0x4"),)  # without Sela's hit: spoiled


def test_opposed_active_fails_or_opponent_fails():
    o = opposed_faces([1, 2, 5], [8, 8])
    assert "ignored" in o.outcome and not o.succeeds
    o = opposed_faces([5, 5, 1], [1, 2, 9])
    assert "unopposed" in o.outcome and o.best_after.after == (S("2x5"),)


def test_opposed_best_is_the_reading_that_keeps_most_after_the_counters():
    # 4x3 + 2x9: unopposed the 4x3 is best; against 2x5 it drops to 2x3, while the Full House
    # 3x9 (the 4x3 fed to the 9s) keeps its Width: the 5s cannot gobble 9s (D37)
    mine = readings([3, 3, 3, 3, 9, 9])
    assert mine[0].best == S("4x3")
    o = opposed(mine, readings([5, 5, 1])[0])
    assert o.best.best == S("3x9") and o.best_after.after == (S("3x9"),)
    # two actions: 3x9 + 2x2 against 2x5: the 5s would spoil the 2x2, so either way one action
    # is served; the Full House 4x9 keeps the most for it
    o = opposed(readings([9, 9, 9, 2, 2], actions=2), readings([5, 5, 1])[0])
    assert o.best_after.after == (S("4x9"),)
    assert any(g.after == (S("3x9"), S("0x2")) for g in o.results)


def test_t12_competitive_width_and_height():
    # T12 (D34): 3x2 against 2x10 on Width -> the 3x2 wins; on Height the 2x10
    assert competitive(S("3x2"), S("2x10"), "width") == 1
    assert competitive(S("3x2"), S("2x10"), "height") == -1
    # S26: ties -> the other aspect, then a tie; a set beats no set; nobody: nobody wins
    assert competitive(S("2x7"), S("2x5"), "width") == 1
    assert competitive(S("2x7"), S("2x7")) == 0
    assert competitive(None, S("2x2")) == -1 and competitive(None, None) == 0
    # L147: a race by Height: 3x7 against the opponent's 5s
    assert competitive(S("3x7"), S("3x5"), "height") == 1


def test_l188_and_e3b_cooperative():
    # E3b: Ada 5 5 8 3 -> 2x5, Bek 8 8 8 5 4 -> 3x8, Cid 9 5 6 (a 2 discarded) -> no set;
    # Difficulty 3: the baseline is Ada's 2x5; Bek and Cid each add a 5 -> 4x5 (A3)
    c = cooperative(
        [Helper("Ada", (5, 5, 8, 3)), Helper("Bek", (8, 8, 8, 5, 4)), Helper("Cid", (9, 5, 6, 2))], difficulty=3
    )
    assert c.baseline == "Ada" and c.result == S("4x5") and c.contributors == ("Bek", "Cid")
    # L188: nobody with a set -> the test fails
    assert cooperative([Helper("A", (1, 3)), Helper("B", (2, 9))]).result is None
    # a Special Die may be the contributed die (L188, D30): an Expert Die nudged to the baseline's 8
    c = cooperative([Helper("A", (8, 8, 1)), Helper("B", (1, 2, 4), Special(rating=2, nominated=True))])
    assert c.result == S("3x8") and c.contributors == ("B",)


def test_a_run_counters_with_one_die():
    # reading counter-run (dice.toml): the opponent's Run 1x6 gobbles one die of a 2x5
    o = opposed_faces([5, 5, 1], [4, 5, 6])
    assert o.best_after.after == (S("1x5"),) and o.best_after.counter == S("1x6")
