"""Each rule has one home in the content: changing the data changes the rule (no id or
number of the book is branched on in the code)."""

from __future__ import annotations

import attrs
import pytest

from landsraad.character import edits
from landsraad.character.model import Character, Purchase
from landsraad.character.validate import validate
from landsraad.errors import ContentError
from landsraad.house.content import load_house_content
from landsraad.house.fief import minor_houses_needed
from landsraad.rules import content as rules_content
from tests.support.charbuild import complete_swordmaster, content


def _with_advantage(c, aid, **changes):
    advantages = dict(c.advantages)
    advantages[aid] = attrs.evolve(advantages[aid], **changes)
    return attrs.evolve(c, advantages=advantages)


def test_honorarium_familia_raises_the_caste_rank_its_entry_names():
    c = content()
    ch = complete_swordmaster()  # Swordmaster: starting caste 3
    assert validate(ch, c)[0].caste_rank == 3
    edits.buy(ch, Purchase("advantage", "honorarium-familia"))
    assert c.advantages["honorarium-familia"].caste_rank_min == 4  # L1596
    assert validate(ch, c)[0].caste_rank == 4
    assert validate(ch, _with_advantage(c, "honorarium-familia", caste_rank_min=5))[0].caste_rank == 5
    assert validate(ch, _with_advantage(c, "honorarium-familia", caste_rank_min=0))[0].caste_rank == 3


def test_the_statistic_a_statistic_bonus_names_may_reach_the_higher_limit():
    c = content()
    lim = c.pack.limits
    ch = Character()
    for _ in range(lim.statistic_max - lim.statistic_start):
        edits.buy(ch, Purchase("statistic", "prowess"))
    edits.buy(ch, Purchase("advantage", "preternatural-statistic", detail="prowess"))
    sheet, findings = validate(ch, c)
    assert sheet.statistics["prowess"] == lim.statistic_max_preternatural  # 5 + 1 = 6 (L1686)
    assert not [f for f in findings if f.rule == "S2"]
    # an advantage without a statistic bonus opens no higher limit: a sixth point is an error
    edits.buy(ch, Purchase("statistic", "prowess"))
    sheet, findings = validate(ch, _with_advantage(c, "preternatural-statistic", statistic_bonus=0))
    assert sheet.statistics["prowess"] == lim.statistic_max + 1
    assert [f for f in findings if f.rule == "S2"]


def test_cost_of_prices_fixed_and_rated_advantages():
    c = content()
    fixed = c.advantages["honorarium-familia"]
    assert not fixed.rated and fixed.cost_of(7) == fixed.cost == 2
    allies = c.advantages["allies"]
    assert allies.rated and allies.cost_of(7) == 7  # L1306: the rating is the cost
    ch = Character()
    edits.buy(ch, Purchase("advantage", "honorarium-familia"))
    assert validate(ch, c)[0].cp_spent == fixed.cost


def test_houses_minor_needed_come_from_fief_rules():
    c = load_house_content()
    assert [minor_houses_needed(p, c) for p in (0, 4, 5, 6, 8)] == [3, 3, 3, 4, 5]  # L4571: 1 + max(p // 2, 2)
    rules = attrs.evolve(c.fief.rules, planets_per_house=3, min_houses_minor=1)
    c3 = attrs.evolve(c, fief=attrs.evolve(c.fief, rules=rules))
    assert [minor_houses_needed(p, c3) for p in (0, 3, 6)] == [2, 2, 3]


def test_feat_trees_have_one_feat_per_level_up_to_the_pack_limit():
    c = content()
    rules_content._check(c)  # the book: levels 1-5
    shorter = attrs.evolve(c, pack=attrs.evolve(c.pack, limits=attrs.evolve(c.pack.limits, feat_level_max=4)))
    with pytest.raises(ContentError, match="one feat at each level 1-4"):
        rules_content._check(shorter)


def test_aspect_and_special_dice_limits_are_the_packs():
    c = content()
    assert edits.aspect_ranges(c) == (
        (c.pack.limits.aspect_first_min, c.pack.limits.aspect_max),
        (0, c.pack.limits.aspect_max),
    )
    wider = attrs.evolve(c, pack=attrs.evolve(c.pack, limits=attrs.evolve(c.pack.limits, aspect_max=6)))
    assert edits.default_split(11, wider) == (6, 5)
