"""Damage, Complications and healing against dice-and-play.md §2 and §4.2 (E4-E6, T14-T18).

Characters are built from Step 06 statistic purchases (every statistic starts at 1, L2806),
so the statistics are the rulebook examples' own numbers.
"""

import pytest

from landsraad.character.build import build
from landsraad.character.model import Character, Purchase
from landsraad.errors import ChoiceError
from landsraad.play import evening as ev
from landsraad.play.condition import (
    current_statistics,
    damage_points,
    days_to_heal,
    penalties,
    thresholds,
    transfer_limit,
)
from landsraad.play.condition_content import load_condition_content
from tests.support.charbuild import content

WHEN = "2026-12-04T20:00:00+00:00"


def with_stats(**stats) -> Character:
    return Character(name="Test", extras=[Purchase("statistic", s, n - 1) for s, n in stats.items() if n > 1])


def now(ch):
    sheet, _ = build(ch, content())
    return current_statistics(sheet.statistics, ch.condition)


def cc():
    return load_condition_content()


def test_damage_points_light_medium_heavy_and_armour():
    # T14 (DM6-DM9, L402, L421): Medium weapon, W3 after counters, AR 2 -> 2 PD
    assert damage_points(cc(), 3, "medium", armour=2) == 2
    # E4 round 1 (L487): broadsword W1 + 1 - AR 2 -> 0; round 2 4x6: 4 + 1 - 2 = 3
    assert damage_points(cc(), 1, "medium", armour=2) == 0
    assert damage_points(cc(), 4, "medium", armour=2) == 3
    # E6 (L409): a vitriolic diatribe is heavy social: 2 + 2 = 4, armour irrelevant (DM9)
    assert damage_points(cc(), 2, "heavy", armour=3, kind="social") == 4
    assert damage_points(cc(), 0, "heavy") == 0  # no set, no hit


def test_transfer_limit_is_half_the_physical_or_social_points():
    # L402: "You are dealt 4 points of Physical Damage. You can transfer up to 2 points"
    assert transfer_limit(cc(), {"physical": 4}) == 2
    assert transfer_limit(cc(), {"physical": 5}) == 2  # T15 (a)
    assert transfer_limit(cc(), {"physical": 1}) == 0  # E4 round 3
    assert transfer_limit(cc(), {"social": 4, "physical": 3}) == 3


def test_e4_kael_three_pd_transfer_one_and_his_split():
    # E4 step 2-3: 3 PD, one moved to Mental; 1 on Physique, 1 on Prowess, the MD on Insight
    kael = with_stats(physique=3, prowess=2, insight=2, intellect=3)
    res = ev.take_damage(
        kael, content(), physical=3, transfer=1, on={"physique": 1, "prowess": 1, "insight": 1}, when=WHEN
    )
    assert res.points == {"physical": 2, "mental": 1, "social": 0}
    assert now(kael)["physique"] == 2 and now(kael)["prowess"] == 1 and now(kael)["insight"] == 1
    sheet, _ = build(kael, content())
    assert thresholds(sheet.statistics, kael.condition, cc()) == []
    assert kael.log[-1].what == "damage" and "2 PD" in kael.log[-1].text


def test_transfer_above_the_limit_is_refused():
    kael = with_stats(physique=3, prowess=2)
    with pytest.raises(ChoiceError):
        ev.take_damage(kael, content(), physical=3, transfer=2)
    assert kael.condition.damage == {} and kael.log == []


def test_both_on_prowess_incapacitates_and_both_at_zero_is_dead():
    # E4 step 3: both PD on Prowess 2 -> 0: incapacitated (L304); T16: both 0 -> dead
    kael = with_stats(physique=3, prowess=2)
    ev.take_damage(kael, content(), physical=2, on={"prowess": 2})
    sheet, _ = build(kael, content())
    assert thresholds(sheet.statistics, kael.condition, cc()) == [("physical", "incapacitated")]
    ev.take_damage(kael, content(), physical=5)
    assert thresholds(sheet.statistics, kael.condition, cc()) == [("physical", "dead")]
    assert "2 lost" in kael.log[-1].text  # 3 boxes left on Physique, 5 taken (S11)


def test_default_split_goes_on_the_statistic_with_most_boxes_left():
    mira = with_stats(physique=4, prowess=3)
    ev.take_damage(mira, content(), physical=3)
    assert now(mira)["physique"] == 2 and now(mira)["prowess"] == 2  # 4,3 -> 3,3 -> 2,3 -> 2,2


def test_armour_is_taken_off_physical_only():
    ch = with_stats(physique=4, prowess=4, command=3)
    res = ev.take_damage(ch, content(), physical=3, social=2, armour=2)
    assert res.points["physical"] == 1 and res.points["social"] == 2


def test_t17_complication_by_points_and_above_five():
    # T17 (DM11, S12): 3 PD -> Broken Bones; 7 PD -> Gore (the 5-point row)
    assert cc().complication_for("physical", 3).name == "Broken Bones"
    assert cc().complication_for("physical", 7).name == "Gore"
    assert cc().complication_for("mental", 4).name == "Phobia"
    assert cc().complication_for("social", 2).name == "Sullenness"


def test_e5_mira_broken_bones_then_boxes_then_the_healing_clock():
    mira = with_stats(physique=4, prowess=3)
    c = content()
    # 1. 2x8 with a Long Arm: 2 + 1 = 3 PD, all of it as Broken Bones (L304, L331)
    res = ev.take_damage(
        mira, c, physical=damage_points(cc(), 2, "medium"), complication=["physical"], detail="left arm"
    )
    assert res.complications == ("broken-bones",)
    assert mira.condition.damage == {}
    pens = penalties(mira.condition, cc())
    assert [(p.height, p.dice) for p in pens] == [(1, 1)]
    # 2. 2x5 -> 3 PD; Broken Bones is held: boxes instead (A13): Physique 4 -> 2, Prowess 3 -> 2
    res = ev.take_damage(mira, c, physical=3, complication=["physical"], on={"physique": 2, "prowess": 1})
    assert res.refused == ("broken-bones",)
    assert now(mira)["physique"] == 2 and now(mira)["prowess"] == 2
    sheet, _ = build(mira, c)
    assert days_to_heal(sheet.statistics, mira.condition, cc()) == 3 * 7 + 3 * 7
    # 3. a physician rolls once per box: W2, fail, W3 -> 5 + 7 + 4 = 16 days
    day = 0
    for width, days in ((2, 5), (0, 7), (3, 4)):
        r = ev.heal(mira, c, days, cuts={"physical": width} if width else None)
        day += days
        assert len(r.healed) == 1
    assert day == 16 and mira.condition.damage == {}
    # 4. Broken Bones (3 weeks) from day 17: W2, W2, fail -> 5 + 5 + 7 = 17 days -> day 33
    r1 = ev.heal(mira, c, 5, cuts={"complication": 2})
    r2 = ev.heal(mira, c, 5, cuts={"complication": 2})
    assert r1.ended == () and r2.ended == () and mira.condition.complications[0].levels_healed == 2
    r3 = ev.heal(mira, c, 6)
    assert r3.ended == ()
    r4 = ev.heal(mira, c, 1)
    assert r4.ended == ("broken-bones",) and day + 5 + 5 + 7 == 33
    assert mira.condition.complications == []


def test_e6_aune_social_and_mental_order_sullenness_and_parallel_healing():
    aune = with_stats(charm=3, command=2, insight=3, intellect=3)
    c = content()
    # 1. diatribe 2x6, heavy: 4 SD; 2 move to Mental (A11)
    pts = damage_points(cc(), 2, "heavy", kind="social")
    res = ev.take_damage(aune, c, social=pts, transfer=2, complication=["social"], on={"insight": 1, "intellect": 1})
    # 2. Mental first (DM4): Insight 3 -> 2, Intellect 3 -> 2; the 2 SD as Sullenness
    assert res.points == {"physical": 0, "mental": 2, "social": 2}
    assert res.complications == ("sullenness",)
    assert aune.log[-1].text.index("MD") < aune.log[-1].text.index("Sullenness")
    assert now(aune)["insight"] == 2 and now(aune)["intellect"] == 2
    # 3. mockery (light) 2x3: Sullenness held -> boxes: both on Command -> pliant (L304)
    ev.take_damage(
        aune, c, social=damage_points(cc(), 2, "light", kind="social"), complication=["social"], on={"command": 2}
    )
    sheet, _ = build(aune, c)
    assert thresholds(sheet.statistics, aune.condition, cc()) == [
        ("social", "pliant and subdued, unable to mount an argument")
    ]
    # 4. healing (the spec's alternative split: Charm 1 + Command 1): Mental therapy W3, W2;
    # Social campaign day 1 W2, day 3 W3
    aune2 = with_stats(charm=3, command=2, insight=3, intellect=3)
    ev.take_damage(aune2, c, social=4, transfer=2, complication=["social"], on={"insight": 1, "intellect": 1})
    ev.take_damage(aune2, c, social=2, on={"charm": 1, "command": 1})
    ev.heal(aune2, c, 1, cuts={"mental": 3, "social": 2})  # day 1
    ev.heal(aune2, c, 1)  # day 2: the campaign fails
    r = ev.heal(aune2, c, 1, cuts={"social": 3})  # day 3: social box 1 healed
    assert r.healed == ("command",)  # the lowest now (Command 1)
    r = ev.heal(aune2, c, 1)  # day 4: mental box 1 (4 days: 1 + 3 cut)
    assert r.healed == ("intellect",)  # a tie: the first of the pair
    r = ev.heal(aune2, c, 4, cuts={"mental": 2})  # days 5-8: not yet
    assert "insight" not in r.healed
    r = ev.heal(aune2, c, 1)  # day 9: box 2 healed (5 days)
    assert r.healed == ("insight",)
    assert not any(aune2.condition.damage.get(s) for s in ("insight", "intellect"))
    r = ev.heal(aune2, c, 1)  # day 10: social box 2
    assert r.healed == ("charm",) and aune2.condition.damage == {}
    # Sullenness (2 weeks) starts on day 11 -> healed at the end of day 24
    assert ev.heal(aune2, c, 13).ended == ()
    assert ev.heal(aune2, c, 1).ended == ("sullenness",)


def test_t18_complication_waits_for_every_box():
    # T18 (HE5, HE7): Phobia after 2 MD boxes: 2 weeks of boxes, then 4 weeks
    ch = with_stats(intellect=3, insight=3)
    c = content()
    ev.take_damage(ch, c, mental=2)
    ev.take_complication(ch, c, "phobia")
    sheet, _ = build(ch, c)
    assert days_to_heal(sheet.statistics, ch.condition, cc()) == 14 + 28
    r = ev.heal(ch, c, 14)
    assert len(r.healed) == 2 and ch.condition.complications[0].levels_healed == 0
    assert ev.heal(ch, c, 27).ended == ()
    assert ev.heal(ch, c, 1).ended == ("phobia",)


def test_a_box_needs_a_day_however_wide_the_cut():
    ch = with_stats(physique=2)
    ev.take_damage(ch, content(), physical=1)
    r = ev.heal(ch, content(), 1, cuts={"physical": 9})  # HE3: "to a minimum of one day"
    assert r.healed == ("physique",)


def test_bad_heal_input_is_refused():
    ch = with_stats(physique=2)
    for bad in (0, -1, True):
        with pytest.raises(ChoiceError):
            ev.heal(ch, content(), bad)
    with pytest.raises(ChoiceError):
        ev.heal(ch, content(), 1, cuts={"spleen": 2})


def with_uses() -> Character:
    # Lucky (L1651) and Guilty Pleasure (L2290), both once a session; Forecast once a month (L2783)
    return Character(
        name="Test",
        extras=[Purchase("advantage", "lucky"), Purchase("feat", "guilty-pleasure"), Purchase("feat", "forecast")],
    )


def test_uses_once_a_session_and_once_a_month_with_their_resets():
    from landsraad.play.condition import held_uses

    ch = with_uses()
    c = content()
    sheet, _ = build(ch, c)
    rows = {r.use.id: r for r in held_uses(ch, sheet.feats, sheet.advantages, cc())}
    assert set(rows) == {"lucky", "guilty-pleasure", "forecast"}
    assert rows["guilty-pleasure"].use.per == "session" and rows["forecast"].use.per == "month"
    ev.spend_use(ch, c, "guilty-pleasure")
    ev.spend_use(ch, c, "forecast")
    with pytest.raises(ChoiceError):
        ev.spend_use(ch, c, "guilty-pleasure")  # once per session
    assert ev.reset_uses(ch, c, "session") == ["guilty-pleasure"]
    assert ch.condition.uses == {"forecast": 1}  # a session's end leaves the month's use spent
    ev.spend_use(ch, c, "guilty-pleasure")
    assert ev.reset_uses(ch, c, "month") == ["forecast"]
    assert [e.what for e in ch.log] == ["use", "use", "reset", "use", "reset"]


def test_a_use_the_character_does_not_have_is_refused():
    ch = with_stats(physique=2)
    with pytest.raises(ChoiceError):
        ev.spend_use(ch, content(), "guilty-pleasure")
    with pytest.raises(ChoiceError):
        ev.spend_use(ch, content(), "no-such-use")


def test_other_memory_uses_granted_by_the_judge():
    # L2755: "three Other Personalities ... Three times per session" (feats.md A8)
    ch = Character(name="RM", extras=[Purchase("feat", "other-memory")])
    ev.grant_use(ch, content(), "other-memory", 2)
    for _ in range(3):
        ev.spend_use(ch, content(), "other-memory")
    with pytest.raises(ChoiceError):
        ev.spend_use(ch, content(), "other-memory")


def test_allies_setback_lasts_a_week_of_days():
    # L1349: "-1d penalty for future Allies rolls for 1 week"
    ch = with_stats(physique=2)
    ev.add_setback(ch, content(), "allies")
    assert [(p.dice, p.height) for p in penalties(ch.condition, cc())] == [(1, 0)]
    ev.heal(ch, content(), 6)
    assert ch.condition.setbacks[0].days_left == 1
    ev.heal(ch, content(), 1)
    assert ch.condition.setbacks == []


def test_every_use_names_a_feat_or_advantage_and_its_page():
    from landsraad.rules.pages import page_of_ref

    for use in cc().uses:
        assert page_of_ref(use.line), use.id


def test_damage_lowers_the_pool_of_every_roll():
    # E4 step 3 (DM3, L302): Prowess 2 -> 1 after a point on it; Prowess + Duel is one die less
    from landsraad.play.pool import character_pool

    ch = with_stats(prowess=2)
    before = character_pool(ch, content(), "prowess", "duel").dice
    ev.take_damage(ch, content(), physical=1, on={"prowess": 1})
    assert character_pool(ch, content(), "prowess", "duel").dice == before - 1
