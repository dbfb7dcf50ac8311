"""Entry counts per kind against the specs' counts (issue 3)."""

from collections import Counter

from landsraad.rules.content import load_content


def test_counts_match_the_specs():
    c = load_content()
    assert len(c.statistics) == 6
    kinds = Counter(s.kind for s in c.skills.values())
    assert (len(c.skills), kinds["broad"], kinds["narrow"], kinds["specialist"]) == (70, 20, 40, 10)
    assert len(c.advantages) == 22
    assert len(c.trees) == 61
    assert len(c.feats) == 305
    assert Counter(f.level for f in c.feats.values()) == {1: 61, 2: 61, 3: 61, 4: 61, 5: 61}
    assert sum(1 for t in c.trees.values() if t.kind == "secret") * 5 == 30
    assert {k: len(v.template) for k, v in c.steps.items()} == {
        "early-life": 12,
        "vocational-conditioning": 10,
        "house-service": 12,
        "personal-calling": 15,
    }
    assert len(c.castes) == 5
    assert sorted(k.rank for k in c.castes.values() if k.playable) == [3, 4, 5]


def test_statistic_ids_and_pairs():
    c = load_content()
    assert list(c.statistics) == ["physique", "prowess", "intellect", "insight", "command", "charm"]
    pairs = {(s.pair, s.style): s.id for s in c.statistics.values()}
    assert pairs[("physical", "aggressive")] == "physique" and pairs[("social", "subtle")] == "charm"


def test_costs_from_l2833():
    costs = load_content().pack.costs
    assert (costs.statistic, costs.broad, costs.special_die_broad, costs.narrow, costs.special_die_narrow) == (
        5,
        2,
        2,
        1,
        1,
    )
    assert costs.feat == "level"


def test_every_broad_skill_has_two_narrows_and_specialist_pricing():
    c = load_content()
    for s in c.skills.values():
        if s.kind == "broad":
            assert len(c.narrows_of(s.id)) == 2, s.id
    assert c.skills["swordmanship"].price_class == "broad"  # L1549, L3439
    assert c.skills["knowledge"].price_class == "narrow"  # L3464-L3468


def test_printed_aliases_resolve():
    c = load_content()
    assert c.resolve("Listen") == ("skill", "hearing")
    assert c.resolve("Search") == ("skill", "searching")
    assert c.resolve("Atmospheric") == ("skill", "atmosphere")
    assert c.resolve("Intimidation") == ("skill", "intimidate")


def test_advantage_costs_as_recommended():
    a = load_content().advantages
    assert a["imperial-conditioning"].cost == 2 and a["imperial-conditioning"].printed_table_cost == 4
    assert a["preternatural-statistic"].cost == 6 and a["preternatural-statistic"].printed_table_cost == 10
    assert a["spice-diet"].tiers == (3, 5)
    assert {k: v.house_trait for k, v in a.items() if v.house_trait} == {
        "contacts": "espionage",
        "eminence": "dominion",
        "estate": "territory",
        "influence": "influence",
        "staff": "warfare",
        "wealth": "treasury",
    }
