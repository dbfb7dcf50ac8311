"""The coach against the spec's worked examples and readings computed by hand.

Lines are of shared/seeds/houses-of-the-landsraad.txt; E1.., T1.. are the examples of
shared/rules/dice-and-play.md §4."""

from landsraad.dice import DiceSet
from landsraad.play.pool import Special
from landsraad.play.reading import Action, Options, breakups, readings, runs_of


def S(text):
    w, h = text.split("x")
    return DiceSet(int(w), int(h))


def best(faces, **kw):
    return readings(faces, **kw)[0]


def test_l138_one_pair_among_singles():
    # L138: 1, 2, 3, 3, 5, 6, 7 -> a width of 2 and a height of 3
    r = best([1, 2, 3, 3, 5, 6, 7])
    assert r.best == S("2x3") and r.success
    assert r.waste == (7, 6, 5, 2, 1)


def test_t2_difficulty_discards_below():
    # T2 (D10, L154): Difficulty 4, 5 5 3 3 9 -> 2x5 (the 3s are discarded)
    r = best([5, 5, 3, 3, 9], difficulty=4)
    assert r.best == S("2x5")
    assert r.discarded == (3, 3)
    assert all(x.sets == (S("2x5"),) for x in readings([5, 5, 3, 3, 9], difficulty=4))


def test_l158_difficulty_discards_the_set():
    # L158: Difficulty 4, pool 5, best result 3x3: "everything goes, including your 3x3"
    rs = readings([3, 3, 3, 1, 2], difficulty=4)
    assert len(rs) == 1 and not rs[0].success and rs[0].best is None
    assert rs[0].discarded == (3, 3, 3, 2, 1)


def test_t3_run_only_when_no_set():
    # T3 (D8, L149): 4 5 6 9 -> a Run 1x6; 1 2 2 3 -> 2x2 (a set exists: no Run)
    r = best([4, 5, 6, 9])
    assert r.run == S("1x6") and r.best == S("1x6") and r.success and r.sets == ()
    assert r.waste == (9,)
    assert all(x.run is None for x in readings([1, 2, 2, 3]))
    assert best([1, 2, 2, 3]).best == S("2x2")


def test_run_beside_a_set_is_not_read():
    # L149 "When a character fails to achieve a set": a run 5-6-7 beside a pair of 9s is no Run
    rs = readings([5, 6, 7, 9, 9])
    assert [x.best for x in rs] == [S("2x9")]
    assert all(x.run is None for x in rs)


def test_run_after_the_difficulty_and_several_runs():
    # S5: read from the dice left after the Difficulty; several runs: the highest first
    assert best([1, 2, 3, 8], difficulty=2).success is False  # the 1 is discarded: 2 3 8
    rs = readings([1, 2, 3, 6, 7, 8])
    assert [x.run for x in rs] == [S("1x8"), S("1x3")]
    assert runs_of([3, 4, 5, 6]) == [S("1x6")]  # a longer run is still W1, top die
    assert runs_of([9, 10, 1]) == []  # 10 does not wrap to 1


def test_l147_breaking_up():
    # L147-L151: 1, 3, 3, 3, 3, 3 -> 5x3 (1 wasted), 4x3 (1 and a 3 wasted), 3x3 + 2x3 (1 wasted)
    texts = {x.text for x in readings([1, 3, 3, 3, 3, 3])}
    assert {"5x3 (waste 1)", "4x3 (waste 3 1)", "3x3 + 2x3 (waste 1)"} <= texts
    assert best([1, 3, 3, 3, 3, 3]).best == S("5x3")
    # 4x10 -> two sets of 2x10, or 3x10 and a 1x10 (L147)
    assert breakups(4) == [((4,), 0), ((2, 2), 0), ((3,), 1)]


def test_t4_full_house():
    # T4 (D16, L149): 2x7 + 2x3 -> 3x7; the 2x7 cannot feed the 2x3
    texts = [x.text for x in readings([7, 7, 3, 3])]
    assert texts[0] == "3x7"
    assert "3x3" not in texts
    # L149: 2x2 and 2x5 -> 3x5
    assert best([2, 2, 5, 5]).best == S("3x5")


def test_t5_squish_squash_only_where_enabled_and_never_with_a_full_house():
    # T5 (D17, D18): 2x8 squashed -> 3x6; 3x4 squished -> 2x6; off unless enabled (A22)
    assert all(x.manipulation == "" for x in readings([8, 8]))
    texts = {x.text: x for x in readings([8, 8], options=Options(squash=True))}
    assert "3x6" in texts and texts["3x6"].manipulation == "squash"
    texts = {x.text: x for x in readings([4, 4, 4], options=Options(squish=True))}
    assert "2x6" in texts and texts["2x6"].manipulation == "squish"
    # one manipulation per roll: 2x7 + 2x3 never becomes a Full House 3x7 and then 4x5
    rs = readings([7, 7, 3, 3], options=Options(squash=True, squish=True))
    assert "4x5" not in {x.text for x in rs}
    # S2: no Squash below the Difficulty
    assert "3x4" not in {x.text for x in readings([6, 6], difficulty=5, options=Options(squash=True))}


def test_e1_expert_nudges_difficulty_and_full_house():
    # E1: Ilse, pool 7 with SDR 3 after the -1d (A1 a): one Expert Die at 7, 2 nudges;
    # 2 3 8 8 9 9 rolled, Difficulty 4 -> nudge to 9 -> 3x9 + 2x8 -> Full House 4x9
    rs = readings([2, 3, 8, 8, 9, 9], difficulty=4, special=Special(rating=3, nominated=True))
    top = rs[0]
    assert top.best == S("4x9") and top.manipulation == "full-house"
    assert top.special_value == 9 and top.nudges == 2
    assert top.discarded == (3, 2)
    # the checks of E1: nudging once gives 3x9 at best, not nudging 3x9 too; both below 4x9
    once = [x for x in rs if x.nudges == 1]
    assert max(x.best.width for x in once) == 3
    assert "Expert Die 7 nudged twice to 9" in top.why and top.page is not None


def test_e6_nudges_i5():
    # E.g.6 (L247-L250): 3 Expert Dice, pool 6: 1 4 5 8 9 rolled, two nudges 7 -> 9: 2x9 (I5)
    top = best([1, 4, 5, 8, 9], special=Special(rating=3, nominated=True))
    assert top.best == S("2x9") and top.special_value == 9
    assert sorted(top.waste) == [1, 4, 5, 8]  # the rolled 8 stays (I5)


def test_t10_nudges_stop_at_ten():
    # T10 (D28, S2): SDR 4 -> the Expert Die reaches 7..10, never 11
    assert Special(rating=4, nominated=True).values == (7, 8, 9, 10)
    assert best([10, 1], special=Special(rating=4, nominated=True)).best == S("2x10")


def test_expert_die_below_the_difficulty_is_discarded():
    # S3: Difficulty 8, an Expert Die at 7 (SDR 1, no nudge) is discarded; with a nudge it stays
    assert best([7, 2], difficulty=8, special=Special(rating=1, nominated=True)).success is False
    assert best([8, 2], difficulty=8, special=Special(rating=2, nominated=True)).best == S("2x8")


def test_master_die_takes_its_best_value():
    # D25: a Master Die set after the roll: 3 3 6 6 6 -> the Master Die joins the 6s: 4x6 + 2x3,
    # and the Full House (D16, not a manipulation of the Special Die: S4) feeds the 3s to it: 5x6
    rs = readings([3, 3, 6, 6, 6], special=Special(rating=5, nominated=True))
    assert rs[0].best == S("5x6") and rs[0].special_value == 6 and rs[0].manipulation == "full-house"
    assert any(x.sets == (S("4x6"), S("2x3")) and x.manipulation == "" for x in rs)
    # one die rolled beside a Master Die makes a pair of it
    assert best([4], special=Special(rating=5, nominated=True)).best == S("2x4")


def test_t8_protect_cancels_a_height_penalty():
    # T8 / D29: the rating points beyond 5 left after the pool (here 1) cancel -1 Height
    sp = Special(rating=6, nominated=True, protect=1)
    r = best([5, 5, 2], special=sp, options=Options(height_penalty=1))
    assert r.protect_used == 1 and r.best == S("3x5")
    r = best([5, 5, 2], special=Special(rating=5, nominated=True), options=Options(height_penalty=1))
    assert r.protect_used == 0 and r.best == S("3x4")


def test_height_penalty_after_the_difficulty_e8():
    # E8: Difficulty 7 on 3 7 7 8 9 9 9 10 -> 3x9 + 2x7 -> Full House 4x9 -> -2 Height -> 4x7
    r = best([3, 7, 7, 8, 9, 9, 9, 10], difficulty=7, options=Options(height_penalty=2))
    assert r.best == S("4x7")
    # S9: a set at Height 0 or less fails
    r = best([2, 2, 5], options=Options(height_penalty=2))
    assert not r.success and r.failed == (S("2x0"),)


def test_l169_two_actions_from_one_roll():
    # L169: disarm then stab, 1 2 2 5 5 -> 2x2 and 2x5: both; 1 2 2 3 5 -> only the disarm
    acts = [Action("disarm"), Action("stab", relies_on_previous=True)]
    r = best([1, 2, 2, 5, 5], actions=acts)
    assert r.success and r.served == 2 and r.assigned == (S("2x5"), S("2x2"))
    r = best([1, 2, 2, 3, 5], actions=acts)
    assert not r.success and r.assigned == (S("2x2"), None)


def test_a6_dependent_action_needs_its_prerequisite():
    # A6 with S6: the first action needs Height 6; a 2x4 cannot serve it, so the dependent
    # second action takes nothing either
    acts = [Action("jump in", difficulty=6), Action("drive", relies_on_previous=True)]
    r = best([4, 4, 1], actions=acts)
    assert r.assigned == (None, None)
    acts = [Action("jump in", difficulty=6), Action("shoot")]
    assert best([4, 4, 1], actions=acts).assigned == (None, S("2x4"))


def test_e2_both_assignments_listed():
    # E2: 1 3 3 6 6 for Dodge then Attack (Difficulty 3 on the dodge): both ways are listed
    acts = [Action("Dodge", difficulty=3), Action("Attack")]
    rs = readings([1, 3, 3, 6, 6], actions=acts)
    both = [x.assigned for x in rs if x.served == 2]
    assert (S("2x6"), S("2x3")) in both and (S("2x3"), S("2x6")) in both
    assert rs[0].assigned == (S("2x6"), S("2x3"))  # the widest (then highest) to the first
    # option C: the Full House 3x6 for the Attack, no dodge
    assert any(x.manipulation == "full-house" and x.assigned == (None, S("3x6")) for x in rs)
    assert any(x.manipulation == "full-house" and x.assigned == (S("3x6"), None) for x in rs)


def test_order_is_deterministic_and_json_keys():
    rs1 = readings([9, 9, 9, 4, 4, 2, 7, 7], difficulty=2, special=Special(rating=2, nominated=True))
    rs2 = readings([7, 4, 9, 2, 9, 7, 4, 9], difficulty=2, special=Special(rating=2, nominated=True))
    assert [x.to_json() for x in rs1] == [x.to_json() for x in rs2]
    j = rs1[0].to_json()
    assert {"sets", "waste", "success", "why", "page"} <= set(j)
    assert j["sets"][0] == {"width": 4, "height": 9}


def test_e2_variant_a_run_for_one_of_two_actions():
    # E2 step 6: 1 2 3 7 9, no set -> a Run 1x3 for one action; the player may give it to the Attack
    acts = [Action("Dodge", difficulty=3), Action("Attack")]
    rs = readings([1, 2, 3, 7, 9], actions=acts)
    assert {x.assigned for x in rs} == {(S("1x3"), None), (None, S("1x3"))}
    assert all(not x.success and x.served == 1 for x in rs)
