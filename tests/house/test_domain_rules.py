"""The unit assertions U1-U23 of domain-management.md §9, each Venture and each Operation,
from the rulebook's text (L4883-L4981), on the example Fief through the engine's edits."""

from __future__ import annotations

from pathlib import Path

import pytest

from landsraad.errors import ChoiceError
from landsraad.house import counter as ore
from landsraad.house.content import load_house_content
from landsraad.house.document import load_fief
from landsraad.house.domain import (
    add_householder,
    end_month,
    set_strategy,
    standing_facts,
    table_view,
    use_fact,
)
from landsraad.house.domain_model import ScoreChange
from landsraad.house.domain_tables import load_domain_content
from landsraad.house.operations import perform_operation
from landsraad.house.scores import rating_of
from landsraad.house.ventures import (
    acting_pool,
    counter_pool,
    declare_venture,
    find_house,
    misinform_difficulty,
    play_ratings,
    play_scores,
    resolve_venture,
)

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "venhei-fief.json"
HC = load_house_content()
DC = load_domain_content()
KW = {"hc": HC, "dc": DC}


def _set(fief, house, trait, score):
    """Put a Trait Score at ``score`` (a ledger line before play, month 0)."""
    h = find_house(fief, house)
    now = play_scores(fief, h, HC)[trait]
    h.domain.changes.append(ScoreChange(0, {trait: score - now}, "test set-up"))


@pytest.fixture
def fief():
    f = load_fief(EXAMPLE)
    find_house(f, "Banthet").domain.strategy = "builder"
    find_house(f, "Vorst").domain.strategy = "defender"
    for house, names in (
        ("Felderon", ["Helene", "Karl", "Anna"]),
        ("Banthet", ["Heinrick", "Lotte"]),
        ("Vorst", ["Wilhelm", "Gerda"]),
    ):
        for n in names:
            add_householder(
                f,
                house,
                n,
                ratings={
                    "intellect": 3,
                    "sinister": 2,
                    "insight": 3,
                    "observe": 2,
                    "perception": 2,
                    "prowess": 2,
                    "charm": 2,
                    "personality": 2,
                    "intrigue": 2,
                    "physician": 1,
                    "command": 2,
                    "focus": 1,
                },
            )
        add_householder(f, house, f"{house} servant", rank="low", ratings={"command": 1, "focus": 1, "intrigue": 1})
    return f


def _pool(f, house, director):
    h = find_house(f, house)
    return acting_pool(f, h, h.domain.venture_of(director), HC, DC)


# ----- the use penalty and the pool (L4905, L129) --------------------------------------
def test_u1_three_ventures_on_treasury_3_roll_1d_each(fief):
    assert play_ratings(fief, find_house(fief, "Felderon"), HC)["treasury"] == 3
    declare_venture(fief, "Felderon", "develop", "Helene", target="espionage", **KW)
    declare_venture(fief, "Felderon", "maintain", "Karl", **KW)
    declare_venture(fief, "Felderon", "develop", "Anna", target="warfare", **KW)
    for who in ("Helene", "Karl", "Anna"):
        parts = dict(_pool(fief, "Felderon", who).parts)
        assert parts["Treasury 1"] == 1  # 3 - 3 = 0, raised to the floor of 1: "1d for each roll"


def test_u2_u3_single_use_and_floor(fief):
    declare_venture(fief, "Felderon", "develop", "Helene", target="espionage", **KW)
    assert _pool(fief, "Felderon", "Helene").dice == 3  # T 1 (floor) + Tr 3-1
    declare_venture(fief, "Felderon", "maintain", "Karl", **KW)
    assert dict(_pool(fief, "Felderon", "Karl").parts)["Territory 1"] == 1  # Rating 1 used twice: 1 die


def test_u4_degradation_33_used_twice_is_31(fief):
    _set(fief, "Felderon", "espionage", 33)
    declare_venture(fief, "Felderon", "investigate", "Helene", against="Vorst", **KW)
    declare_venture(fief, "Felderon", "misinform", "Karl", **KW)
    end_month(fief, **KW)
    fel = find_house(fief, "Felderon")
    assert play_scores(fief, fel, HC)["espionage"] == 31 and play_ratings(fief, fel, HC)["espionage"] == 3


def test_u5_maintain_spares_the_chosen_traits(fief):
    for t, s in (("espionage", 33), ("influence", 30), ("territory", 20), ("treasury", 20)):
        _set(fief, "Felderon", t, s)
    declare_venture(fief, "Felderon", "investigate", "Helene", against="Vorst", **KW)
    declare_venture(fief, "Felderon", "subvert", "Karl", target="influence", against="Banthet", **KW)
    declare_venture(fief, "Felderon", "maintain", "Anna", **KW)
    assert _pool(fief, "Felderon", "Anna").dice == 2
    resolve_venture(fief, "Felderon", "Anna", dice="9 9", maintain=["espionage", "treasury", "influence"], **KW)
    rec = find_house(fief, "Felderon").domain.venture_of("Anna")
    assert rec.maintain == ["espionage", "treasury"]  # one trait per point of Width
    end_month(fief, **KW)
    s = play_scores(fief, find_house(fief, "Felderon"), HC)
    assert (s["espionage"], s["influence"], s["territory"], s["treasury"]) == (33, 28, 19, 20)


def test_u15_cap_of_ten(fief):
    _set(fief, "Vorst", "defense", 60)
    _set(fief, "Vorst", "territory", 50)
    pool = counter_pool(fief, find_house(fief, "Vorst"), ("defense", "territory"), HC, DC)
    assert (pool.total, pool.dice) == (12, 10)


def test_u17_counters_use_eff(fief):
    declare_venture(fief, "Vorst", "subvert", "Wilhelm", target="influence", against="Felderon", **KW)
    pool = counter_pool(fief, find_house(fief, "Vorst"), DC.venture("investigate").counter, HC, DC)
    assert pool.dice == 4  # E 2-1 + D 2 + Defender 1


def test_u22_might_capped_at_treasury(fief):
    _set(fief, "Banthet", "warfare", 40)
    declare_venture(fief, "Banthet", "attack", "Heinrick", target="defense", against="Vorst", **KW)
    parts = _pool(fief, "Banthet", "Heinrick").parts
    assert parts[0] == ("Warfare 2 (capped at Treasury)", 2)  # eff 3, Treasury eff 2


def test_u23_ratings():
    scores = (0, 4, 5, 14, 15, 24, 25, 54, 55, 60)
    assert [rating_of(s, HC) for s in scores] == [1, 1, 1, 1, 2, 2, 3, 5, 6, 6]


# ----- counter dice (L190-L193, L4910) ---------------------------------------------------
@pytest.mark.parametrize(
    "active, against, width",
    [
        ([6, 6, 6], [7, 7], 1),  # U6, L4910
        ([7, 7, 7], [8, 8], 1),  # U7, L190 (rec.: Width 1 succeeds, I2)
        ([4, 4], [3, 3, 3], 2),  # U8, L193: cannot gobble a greater Height
        ([8, 8, 8], [8, 8], 1),  # U9: equal Height gobbles
        ([5, 5], [6, 6, 6], 0),  # U10: spoiled
        ([4, 4, 4, 9, 9, 1], [6, 6, 2], 3),  # U12: Full House 3x9
        ([1, 2, 3], [3, 3], 0),  # U14: a Run is W1 H3
        ([1, 2, 3], [2, 2], 1),
    ],
)
def test_counter_dice(active, against, width):
    assert ore.oppose(active, against).width == width


def test_u13_sabotage_lowers_before_counters():
    assert ore.oppose([6, 6, 6], [5, 5]).width == 3
    assert ore.oppose([6, 6, 6], [5, 5], sabotage=2).width == 1  # 3x4 gobbled by 2x5


def test_l4910_example_through_an_attack(fief):
    """3x6 countered by 2x7 leaves Width 1; the target loses 2 (the rule's traits, I1)."""
    declare_venture(fief, "Banthet", "attack", "Heinrick", target="treasury", against="Vorst", **KW)
    resolve_venture(fief, "Banthet", "Heinrick", dice="6 6 6 1 3 9", against_dice="7 7 1 4 10", **KW)
    rec = find_house(fief, "Banthet").domain.venture_of("Heinrick")
    assert (rec.width, rec.height, rec.changes) == (1, 6, {"vorst": {"treasury": -2}})
    end_month(fief, **KW)
    assert play_scores(fief, find_house(fief, "Vorst"), HC)["treasury"] == 18


# ----- each Venture ---------------------------------------------------------------------
def test_u11_develop_at_the_traits_rating(fief):
    _set(fief, "Banthet", "espionage", 40)
    declare_venture(fief, "Banthet", "develop", "Heinrick", target="espionage", **KW)
    assert _pool(fief, "Banthet", "Heinrick").dice == 6  # T 4 + Tr 1 + Builder
    resolve_venture(fief, "Banthet", "Heinrick", dice="3 3 3 5 5 5", **KW)
    rec = find_house(fief, "Banthet").domain.venture_of("Heinrick")
    assert (rec.width, rec.height, rec.changes) == (3, 5, {"banthet": {"espionage": 3}})
    assert "Difficulty 4" in rec.reason


def test_u16_appropriate_gains_what_was_removed(fief):
    _set(fief, "Vorst", "treasury", 3)
    declare_venture(fief, "Banthet", "appropriate", "Heinrick", target="treasury", against="Vorst", **KW)
    resolve_venture(fief, "Banthet", "Heinrick", dice="9 9 1 3 5 7", against_dice="1 3 5 7 10", **KW)
    rec = find_house(fief, "Banthet").domain.venture_of("Heinrick")
    assert rec.width == 2 and rec.changes == {"vorst": {"treasury": -4}, "banthet": {"treasury": 4}}
    end_month(fief, **KW)
    assert play_scores(fief, find_house(fief, "Vorst"), HC)["treasury"] == 0
    assert play_scores(fief, find_house(fief, "Banthet"), HC)["treasury"] == 22 + 3


def test_propaganda_and_subvert_hit_dominion_espionage_influence(fief):
    declare_venture(fief, "Felderon", "propaganda", "Helene", target="dominion", against="Vorst", **KW)
    f = find_house(fief, "Felderon")
    assert _pool(fief, "Felderon", "Helene").dice == 1 + 2  # E 1 (floor) + I 3-1
    with pytest.raises(ChoiceError, match="cannot target treasury"):
        declare_venture(fief, "Felderon", "subvert", "Karl", target="treasury", against="Vorst", **KW)
    # counter: Vorst Defense 2 + Dominion 3 + Defender = 6
    resolve_venture(fief, "Felderon", "Helene", dice="4 4 4", against_dice="1 3 5 7 9 10", **KW)
    assert f.domain.venture_of("Helene").changes == {"vorst": {"dominion": -6}}


def test_investigate_reveals_the_strategy_in_effect(fief):
    set_strategy(fief, "Vorst", "warmonger", **KW)  # pending: not what is revealed
    declare_venture(fief, "Felderon", "investigate", "Helene", against="Vorst", **KW)
    resolve_venture(fief, "Felderon", "Helene", dice="9 9 1", against_dice="1 2 4 6 8", **KW)
    f = find_house(fief, "Felderon")
    assert f.domain.venture_of("Helene").reveals == {"strategy": "defender"}
    assert [(k.about, k.what, k.value, k.true) for k in f.domain.knowledge] == [("vorst", "strategy", "defender", True)]


def test_misinform_sets_a_difficulty_and_feeds_a_fake(fief):
    declare_venture(
        fief, "Vorst", "misinform", "Wilhelm", fake_strategy="courtesan", fake_ventures=["develop", "maintain"], **KW
    )
    declare_venture(fief, "Felderon", "investigate", "Helene", against="Vorst", **KW)
    with pytest.raises(ChoiceError, match="Misinform is not resolved"):
        resolve_venture(fief, "Felderon", "Helene", dice="9 9 1", against_dice="1 4 6 8", **KW)
    resolve_venture(fief, "Vorst", "Wilhelm", dice="7 7 7", **KW)  # E 2-1 + I 3-1
    vorst = find_house(fief, "Vorst")
    assert misinform_difficulty(vorst, DC) == 6  # U19: Width 3 -> 6
    resolve_venture(fief, "Felderon", "Helene", dice="5 5 1", against_dice="1 4 6 8", **KW)
    f = find_house(fief, "Felderon")
    assert f.domain.venture_of("Helene").width == 0  # the 5s fall under Difficulty 6
    assert [(k.value, k.true) for k in f.domain.knowledge] == [("courtesan", False)]
    vorst.domain.venture_of("Wilhelm").width = 5
    assert misinform_difficulty(vorst, DC) == 10  # U19: capped at 10


def test_u20_surveillance_tiers(fief):
    assert [DC.tier(w).reveals for w in (1, 2, 3, 4, 5)] == ["any", "count", "which", "level", "level"]
    declare_venture(fief, "Vorst", "develop", "Wilhelm", target="defense", **KW)
    declare_venture(fief, "Vorst", "maintain", "Gerda", **KW)
    declare_venture(fief, "Felderon", "surveillance", "Helene", target="territory", against="Vorst", **KW)
    assert _pool(fief, "Felderon", "Helene").dice == 1 + 1  # E 1 + T 1 (its own Territory)
    resolve_venture(fief, "Felderon", "Helene", dice="6 6", against_dice="1 2 4 7 9", **KW)
    f = find_house(fief, "Felderon")
    assert f.domain.venture_of("Helene").reveals == {"trait": "territory", "tier": 2, "any": True, "count": 2}


def test_u18_strategy_timing(fief):
    fief.month = 3
    set_strategy(fief, "Felderon", "builder", **KW)
    end_month(fief, **KW)
    assert (fief.month, find_house(fief, "Felderon").domain.strategy) == (4, "neutral")
    end_month(fief, **KW)
    assert (fief.month, find_house(fief, "Felderon").domain.strategy) == (5, "builder")


# ----- each Operation ---------------------------------------------------------------------
def test_operation_budget_four_a_month_one_a_week(fief):
    for week in (1, 2, 3, 4):
        perform_operation(
            fief,
            "Felderon",
            "Helene",
            "intelligence",
            against="Vorst",
            dice="1 2 4 6 8",
            against_dice="1 3 5 7 9",
            week=week,
            **KW,
        )
    with pytest.raises(ChoiceError, match="all 4 Operations"):
        perform_operation(
            fief,
            "Felderon",
            "Helene",
            "intelligence",
            against="Vorst",
            dice="1 2 4 6 8",
            against_dice="1 3 5 7 9",
            **KW,
        )
    perform_operation(fief, "Felderon", "Karl", "mislead", dice="2 2 5 6 9", week=2, **KW)
    with pytest.raises(ChoiceError, match="week 2"):
        perform_operation(fief, "Felderon", "Karl", "mislead", dice="2 2 5 6 9", week=2, **KW)


def test_intelligence_gives_bonus_dice(fief):
    declare_venture(fief, "Felderon", "subvert", "Helene", target="influence", against="Vorst", **KW)
    before = _pool(fief, "Felderon", "Helene").dice
    perform_operation(
        fief,
        "Felderon",
        "Karl",
        "intelligence",
        against="Vorst",
        venture="felderon:Helene",
        dice="9 9 9 1 2",
        against_dice="1 3 5 7 10",
        **KW,
    )  # W3: +2d (A15 default)
    assert _pool(fief, "Felderon", "Helene").dice == before + 2


def test_assassinate_low_knocks_a_die(fief):
    declare_venture(fief, "Vorst", "develop", "Wilhelm", target="defense", **KW)
    perform_operation(
        fief,
        "Felderon",
        "Helene",
        "assassinate",
        target_kind="low",
        against="Vorst",
        target="Vorst servant",
        venture="vorst:Wilhelm",
        dice="8 8 1 2 4",
        against_dice="1 3 5 7 9",
        **KW,
    )
    resolve_venture(fief, "Vorst", "Wilhelm", dice="5 5", **KW)  # 2x5 at Difficulty 2, -1 Width
    rec = find_house(fief, "Vorst").domain.venture_of("Wilhelm")
    assert (rec.width, rec.changes) == (1, {"vorst": {"defense": 1}})


def test_sabotage_house_lowers_the_venture(fief):
    declare_venture(fief, "Vorst", "develop", "Wilhelm", target="defense", **KW)
    perform_operation(
        fief,
        "Felderon",
        "Helene",
        "sabotage",
        target_kind="house",
        against="Vorst",
        venture="vorst:Wilhelm",
        dice="6 6 1 3",
        against_dice="1 3 5 7 9",
        **KW,
    )  # W2
    resolve_venture(fief, "Vorst", "Wilhelm", dice="3 3", **KW)  # 2x3 -> 2x1, under Difficulty 2
    assert find_house(fief, "Vorst").domain.venture_of("Wilhelm").width == 0


def test_kidnap_low_ransom_yield_and_refuse(fief):
    declare_venture(fief, "Vorst", "develop", "Wilhelm", target="defense", **KW)
    declare_venture(fief, "Felderon", "develop", "Helene", target="espionage", **KW)
    base_v, base_f = _pool(fief, "Vorst", "Wilhelm").dice, _pool(fief, "Felderon", "Helene").dice
    perform_operation(
        fief,
        "Felderon",
        "Karl",
        "kidnap",
        target_kind="low",
        against="Vorst",
        target="Vorst servant",
        venture="vorst:Wilhelm",
        ransom="refused",
        dice="7 7 1 2 4",
        against_dice="1 3 5 8 10",
        **KW,
    )
    assert _pool(fief, "Vorst", "Wilhelm").dice == base_v - 1
    # the servant is held (issue 23: a Low Householder taken out is gone); another one is taken
    assert find_house(fief, "Vorst").domain.householder("Vorst servant").status == "kidnapped"
    add_householder(fief, "Vorst", "Vorst cook", rank="low")
    perform_operation(
        fief,
        "Felderon",
        "Anna",
        "kidnap",
        target_kind="low",
        against="Vorst",
        target="Vorst cook",
        venture="felderon:Helene",
        ransom="yielded",
        dice="7 7 1 2 4",
        against_dice="1 3 5 8 10",
        **KW,
    )
    assert _pool(fief, "Felderon", "Helene").dice == base_f + 1


def test_kidnap_and_assassinate_high_are_encounters(fief):
    declare_venture(fief, "Vorst", "develop", "Wilhelm", target="defense", **KW)
    with pytest.raises(ChoiceError, match="Encounter"):
        perform_operation(
            fief, "Felderon", "Helene", "kidnap", target_kind="high", against="Vorst", target="Wilhelm", **KW
        )
    perform_operation(
        fief,
        "Felderon",
        "Helene",
        "kidnap",
        target_kind="high",
        against="Vorst",
        target="Wilhelm",
        success=True,
        encounter="taken at the opera",
        **KW,
    )
    op = find_house(fief, "Felderon").domain.operations[0]
    assert "illegal" in op.reason and op.encounter == "taken at the opera"
    with pytest.raises(ChoiceError, match="kidnapped"):
        perform_operation(fief, "Vorst", "Wilhelm", "mislead", dice="2 2 5 6 9", **KW)
    resolve_venture(fief, "Vorst", "Wilhelm", **KW)
    assert find_house(fief, "Vorst").domain.venture_of("Wilhelm").width == 0
    perform_operation(
        fief, "Felderon", "Karl", "assassinate", target_kind="high", against="Vorst", target="Gerda", success=True, **KW
    )
    assert find_house(fief, "Vorst").domain.householder("Gerda").status == "dead"


def test_spy_mislead_protect(fief):
    perform_operation(fief, "Vorst", "Wilhelm", "mislead", dice="2 2 5 6 9", fake_operations=["socialise"], **KW)
    assert find_house(fief, "Vorst").domain.operations[0].reveals["difficulty"] == 4
    perform_operation(
        fief,
        "Felderon",
        "Helene",
        "spy",
        against="Vorst",
        target="Wilhelm",
        dice="3 3 3 9 1",
        against_dice="1 2 4 6 8",
        **KW,
    )  # the 3s fall under Difficulty 4
    assert find_house(fief, "Felderon").domain.operations[0].width == 0
    perform_operation(
        fief,
        "Felderon",
        "Karl",
        "spy",
        against="Vorst",
        target="Wilhelm",
        dice="5 5 5 9 1",
        against_dice="1 2 4 6 8",
        **KW,
    )  # U21: 3X reveals three (I3)
    spy = find_house(fief, "Felderon").domain.operations[1]
    assert spy.width == 3 and spy.reveals["operations"] == ["week 1: Mislead"]
    assert DC.spy_tier(3).operations == 3
    perform_operation(fief, "Vorst", "Gerda", "protect", target="Wilhelm", dice="6 6 6 1 2", **KW)
    assert find_house(fief, "Vorst").domain.operations[1].reveals == {"difficulty": 6, "protects": "Wilhelm"}


def test_interrogate_low_learns_high_householders(fief):
    declare_venture(fief, "Vorst", "develop", "Wilhelm", target="defense", **KW)
    perform_operation(
        fief,
        "Felderon",
        "Helene",
        "interrogate",
        target_kind="low",
        against="Vorst",
        target="Vorst servant",
        chosen=["Wilhelm", "Gerda"],
        dice="4 4 1 2",
        against_dice="1 5",
        **KW,
    )
    op = find_house(fief, "Felderon").domain.operations[0]
    assert op.width == 2 and op.reveals == {
        "Wilhelm": {"operation": None, "venture": True},
        "Gerda": {"operation": None, "venture": False},
    }


def test_socialise_steal_interrogate_high_are_recorded(fief):
    declare_venture(fief, "Felderon", "subvert", "Helene", target="influence", against="Vorst", **KW)
    before = _pool(fief, "Felderon", "Helene").dice
    perform_operation(
        fief,
        "Felderon",
        "Karl",
        "steal",
        against="Vorst",
        venture="felderon:Helene",
        success=True,
        bonus=2,
        encounter="the command codes",
        **KW,
    )
    perform_operation(
        fief,
        "Felderon",
        "Anna",
        "socialise",
        target_kind="high",
        against="Vorst",
        target="Gerda",
        success=True,
        encounter="a friend at court",
        **KW,
    )
    perform_operation(
        fief,
        "Felderon",
        "Anna",
        "socialise",
        target_kind="low",
        against="Vorst",
        target="Vorst servant",
        venture="felderon:Helene",
        dice="2 2 1 3",
        **KW,
    )
    assert _pool(fief, "Felderon", "Helene").dice == before + 3


def test_reputation_once_a_month(fief):
    h = find_house(fief, "Felderon")
    from landsraad.house.domain import add_fact
    from landsraad.house.domain_model import FactUse

    add_fact(fief, "Felderon", "reputation", "Duty to the Emperor", dc=DC)
    declare_venture(fief, "Felderon", "develop", "Helene", target="espionage", **KW)
    declare_venture(fief, "Felderon", "maintain", "Karl", **KW)
    before = _pool(fief, "Felderon", "Helene").dice
    use_fact(fief, "Felderon", "reputation", director="Helene", **KW)
    assert _pool(fief, "Felderon", "Helene").dice == before + 1
    with pytest.raises(ChoiceError, match="already used this month"):
        use_fact(fief, "Felderon", "reputation", director="Karl", **KW)
    assert isinstance(h.domain.facts[0], FactUse)


def test_history_facts_are_tracked(fief):
    vorst = standing_facts(fief, find_house(fief, "Vorst"), HC, DC)
    assert sorted(f["fact"] for f in vorst) == ["alliance", "division"]
    assert [f["fact"] for f in standing_facts(fief, find_house(fief, "Banthet"), HC, DC)] == ["division"]
    assert standing_facts(fief, find_house(fief, "Felderon"), HC, DC) == []
    with pytest.raises(ChoiceError, match="standing fact"):
        use_fact(fief, "Vorst", "alliance", **KW)


def test_table_view_hides_secrets(fief):
    find_house(fief, "Felderon").player = True
    view = table_view(fief, **KW)
    by = {h["house"]: h for h in view["houses"]}
    assert by["Felderon"]["strategy"] == "neutral" and by["Vorst"]["strategy"] is None
    declare_venture(fief, "Felderon", "investigate", "Helene", against="Vorst", **KW)
    resolve_venture(fief, "Felderon", "Helene", dice="9 9 1", against_dice="1 2 4 6 8", **KW)
    by = {h["house"]: h for h in table_view(fief, **KW)["houses"]}
    assert by["Vorst"]["strategy_learnt"] == "defender" and by["Vorst"]["ventures"] == []


def test_spy_failing_under_mislead_gets_the_fake_list(fief):
    perform_operation(
        fief, "Vorst", "Wilhelm", "mislead", dice="2 2 5 6 9", fake_operations=["steal"], fake_venture="develop", **KW
    )
    perform_operation(
        fief,
        "Felderon",
        "Helene",
        "spy",
        against="Vorst",
        target="Wilhelm",
        dice="3 3 3 9 1",
        against_dice="1 2 4 6 8",
        **KW,
    )
    spy = find_house(fief, "Felderon").domain.operations[0]
    assert spy.width == 0 and spy.reveals == {"householder": "Wilhelm", "tier": 3, "operations": ["Steal"]}
    assert find_house(fief, "Felderon").domain.knowledge[0].true is False


def test_attack_outside_kanly_is_flagged_not_blocked(fief):
    from landsraad.house.domain import set_legal

    declare_venture(fief, "Banthet", "attack", "Heinrick", target="treasury", against="Vorst", **KW)
    declare_venture(fief, "Banthet", "attack", "Lotte", target="defense", against="Vorst", **KW)
    resolve_venture(fief, "Banthet", "Heinrick", seed=5, against_seed=6, **KW)
    assert "illegal outside" in find_house(fief, "Banthet").domain.venture_of("Heinrick").reason
    set_legal(fief, "Banthet", "Vorst", "kanly")
    resolve_venture(fief, "Banthet", "Lotte", seed=3, against_seed=4, **KW)
    assert "illegal" not in find_house(fief, "Banthet").domain.venture_of("Lotte").reason


def test_intelligence_special_die_is_nominated_at_7(fief):
    declare_venture(fief, "Felderon", "subvert", "Helene", target="influence", against="Vorst", **KW)
    perform_operation(
        fief,
        "Felderon",
        "Karl",
        "intelligence",
        against="Vorst",
        venture="felderon:Helene",
        special=1,
        dice="9 9 1 2 4",
        against_dice="1 3 5 7 10",
        **KW,
    )
    pool = _pool(fief, "Felderon", "Helene")
    assert pool.special == 1
    resolve_venture(fief, "Felderon", "Helene", seed=99, against_seed=5, **KW)
    rec = find_house(fief, "Felderon").domain.venture_of("Helene")
    assert rec.roll.faces[0] == 7 and len(rec.roll.faces) == pool.dice  # L245: one die of the pool, set to 7


def test_boon_is_cashed_once(fief):
    from landsraad.house.domain import add_fact

    add_fact(fief, "Vorst", "boon", "the Spacing Guild owes us", dc=DC)
    use_fact(fief, "Vorst", "boon", **KW)
    with pytest.raises(ChoiceError, match="already used"):
        use_fact(fief, "Vorst", "boon", **KW)
    boon = next(f for f in standing_facts(fief, find_house(fief, "Vorst"), HC, DC) if f["fact"] == "boon")
    assert boon["spent"] and boon["available"] is False and boon["text"] == "the Spacing Guild owes us"


def test_a_householder_linked_to_a_character_uses_its_statistics(fief, tmp_path):
    from landsraad.character.document import save
    from landsraad.house.operations import statistic_ratings
    from tests.support.sheets import zoe

    save(zoe(), tmp_path / "zoe.json")
    add_householder(fief, "Felderon", "Zoë", character="zoe.json")
    hh = find_house(fief, "Felderon").domain.householder("Zoë")
    ratings = statistic_ratings(hh, base=tmp_path)
    assert ratings["insight"] >= 1 and ratings["intrigue"] >= 1
    perform_operation(
        fief,
        "Felderon",
        "Zoë",
        "spy",
        against="Vorst",
        target="Wilhelm",
        seed=5,
        against_seed=6,
        base=str(tmp_path),
        **KW,
    )
    op = find_house(fief, "Felderon").domain.operations[0]
    assert op.roll.pool == min(10, ratings["insight"] + ratings["perception"])


def test_mentat_forecast_once_a_month(fief):
    from landsraad.house.ventures import forecast

    declare_venture(fief, "Felderon", "develop", "Helene", target="espionage", **KW)
    declare_venture(fief, "Felderon", "maintain", "Karl", **KW)
    with pytest.raises(ChoiceError, match="not an active Householder of House Felderon"):
        forecast(fief, "Felderon", "Helene", "Piter")  # the Mentat is one of the House's own
    forecast(fief, "Felderon", "Helene", "Anna")
    assert _pool(fief, "Felderon", "Helene").special == 1
    with pytest.raises(ChoiceError, match="once a month"):
        forecast(fief, "Felderon", "Karl")


def test_interrogate_is_re_read_at_a_misleaders_difficulty(fief):
    perform_operation(
        fief, "Vorst", "Gerda", "mislead", dice="3 3 5 6 9", fake_operations=["steal"], fake_venture="attack", **KW
    )  # W2: Difficulty 4
    perform_operation(
        fief,
        "Felderon",
        "Helene",
        "interrogate",
        target_kind="low",
        against="Vorst",
        target="Vorst servant",
        chosen=["Wilhelm", "Gerda"],
        dice="3 3 1 2",
        against_dice="1 5",
        **KW,
    )
    op = find_house(fief, "Felderon").domain.operations[0]
    assert op.width == 2
    assert op.reveals == {
        "Wilhelm": {"operation": None, "venture": False},
        "Gerda": {"operation": "steal", "venture": True},
    }  # the 3s fall under Difficulty 4


def test_sabotage_of_a_householders_operation(fief):
    # Felderon sabotages Wilhelm's week-2 Operation before it is made: its dice lose Height 2
    perform_operation(
        fief,
        "Felderon",
        "Helene",
        "sabotage",
        target_kind="householder",
        against="Vorst",
        target="Wilhelm",
        operation_ref="vorst:Wilhelm:2",
        dice="6 6 1 3",
        against_dice="1 2 4 6 8",
        **KW,
    )  # counter: Wilhelm's Insight 3 + Perception 2
    assert find_house(fief, "Felderon").domain.operations[0].width == 2
    perform_operation(fief, "Vorst", "Wilhelm", "mislead", week=2, dice="3 3 5 6 9", **KW)
    op = find_house(fief, "Vorst").domain.operations[0]
    assert op.width == 2 and op.height == 1 and op.reveals["difficulty"] == 4  # 2x3 read as 2x1
    with pytest.raises(ChoiceError, match="already resolved"):
        perform_operation(
            fief,
            "Felderon",
            "Karl",
            "sabotage",
            target_kind="householder",
            against="Vorst",
            target="Wilhelm",
            operation_ref="vorst:Wilhelm:2",
            dice="6 6 1 3",
            against_dice="1 2 4 6 8",
            **KW,
        )


def test_protect_disrupts_operations_that_fail_its_difficulty(fief):
    perform_operation(fief, "Vorst", "Gerda", "protect", target="Wilhelm", dice="6 6 6 1 2", **KW)  # W3: 6
    perform_operation(
        fief,
        "Felderon",
        "Helene",
        "spy",
        against="Vorst",
        target="Wilhelm",
        dice="5 5 5 9 1",
        against_dice="1 2 4 6 8",
        **KW,
    )
    assert find_house(fief, "Felderon").domain.operations[0].width == 0  # the 5s fall under Difficulty 6
    perform_operation(
        fief,
        "Felderon",
        "Karl",
        "spy",
        against="Vorst",
        target="Wilhelm",
        dice="7 7 9 1 2",
        against_dice="1 2 4 6 8",
        **KW,
    )
    assert find_house(fief, "Felderon").domain.operations[1].width == 2


def test_the_dead_are_no_targets_and_protect_reaches_encounters(fief):
    perform_operation(fief, "Vorst", "Gerda", "protect", target="Wilhelm", dice="6 6 1 2 4", **KW)  # W2: 4
    perform_operation(
        fief,
        "Felderon",
        "Helene",
        "socialise",
        target_kind="high",
        against="Vorst",
        target="Wilhelm",
        success=False,
        **KW,
    )
    assert "Protect: Difficulty 4" in find_house(fief, "Felderon").domain.operations[0].reason
    perform_operation(
        fief, "Felderon", "Karl", "assassinate", target_kind="high", against="Vorst", target="Gerda", success=True, **KW
    )
    with pytest.raises(ChoiceError, match="Gerda is dead"):
        perform_operation(
            fief,
            "Felderon",
            "Anna",
            "socialise",
            target_kind="high",
            against="Vorst",
            target="Gerda",
            success=True,
            **KW,
        )


def test_gear_as_a_house_venture(fief):
    """L3915-L3921: Charm + Influence at the gear's Difficulty; Width 3 -> Time Factor 3;
    the bulk cost lowers the Treasury Rating for the next month (S20), not the Score."""
    with pytest.raises(ChoiceError, match="Difficulty is 1 to 10"):
        declare_venture(fief, "Felderon", "gear", "Helene", gear="ornithopters", **KW)
    declare_venture(fief, "Felderon", "gear", "Helene", gear="ornithopters", gear_difficulty=4, gear_cost=2, **KW)
    pool = _pool(fief, "Felderon", "Helene")
    assert pool.parts == (("Helene's Charm 2", 2), ("Influence 2", 2)) and pool.traits == ("influence",)
    resolve_venture(fief, "Felderon", "Helene", dice="6 6 6 3", **KW)  # the 3 falls under Difficulty 4
    rec = find_house(fief, "Felderon").domain.venture_of("Helene")
    assert (rec.width, rec.reveals) == (3, {"gear": "ornithopters", "time_factor": 3, "treasury_cost": 2})
    fel = find_house(fief, "Felderon")
    end_month(fief, **KW)
    from landsraad.house.ventures import effective

    assert play_scores(fief, fel, HC)["treasury"] == 25 and play_ratings(fief, fel, HC)["treasury"] == 3
    assert effective(fief, fel, HC, DC)["treasury"] == 1  # 3 - 2 this month
    assert play_scores(fief, fel, HC)["influence"] == 29  # one use of Influence degrades
    end_month(fief, **KW)
    assert effective(fief, fel, HC, DC)["treasury"] == 3


def test_the_windows_operation_edit_returns_the_operation_it_recorded(fief):
    """The window's composed edit hands back the Operation's record (``EditResult.value``),
    so the window reads no "last operation" of the Fief (issue 24)."""
    from landsraad.house.turn_edits import operation_with_household

    rec = operation_with_household(
        fief,
        "Felderon",
        "Helene",
        "intelligence",
        against="Vorst",
        dice="1 2 4 6 8",
        against_dice="1 3 5 7 9",
        week=2,
        **KW,
    )
    assert rec is find_house(fief, "Felderon").domain.operations[-1]
    assert (rec.actor, rec.week) == ("Helene", 2)
