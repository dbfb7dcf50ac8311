"""The worked month of domain-management.md §8 on the rulebook's example Fief, through the
engine's edit functions, with the typed dice of §8.4 (recommended readings)."""

from __future__ import annotations

from pathlib import Path

import pytest

from landsraad.errors import ChoiceError, DiceError
from landsraad.house.content import load_house_content
from landsraad.house.document import dumps, load_fief, loads
from landsraad.house.domain import (
    add_householder,
    degradation_preview,
    end_month,
    house_turn_json,
    perform_operation,
    set_strategy,
)
from landsraad.house.domain_tables import load_domain_content
from landsraad.house.ventures import (
    acting_pool,
    counter_pool,
    declare_venture,
    find_house,
    play_ratings,
    play_scores,
    resolve_venture,
    venture_json,
)

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "venhei-fief.json"
HC = load_house_content()
DC = load_domain_content()
TRAITS = ("warfare", "defense", "espionage", "influence", "dominion", "territory", "treasury")


def _scores(fief, name):
    return tuple(play_scores(fief, find_house(fief, name), HC)[t] for t in TRAITS)


def _ratings(fief, name):
    return tuple(play_ratings(fief, find_house(fief, name), HC)[t] for t in TRAITS)


@pytest.fixture
def month1():
    """§8.1-8.3: the three Houses with their directors, Strategies and declarations."""
    fief = load_fief(EXAMPLE)
    find_house(fief, "Banthet").domain.strategy = "builder"
    find_house(fief, "Vorst").domain.strategy = "defender"
    add_householder(fief, "Felderon", "Helene Felderon")
    add_householder(fief, "Felderon", "Otto the Steward", rank="low")
    add_householder(fief, "Banthet", "Heinrick Banthet")
    add_householder(fief, "Vorst", "Wilhelm Vorst", ratings={"charm": 3, "personality": 2})
    declare_venture(fief, "Felderon", "develop", "Helene Felderon", target="espionage", hc=HC, dc=DC)
    set_strategy(fief, "Felderon", "networker", HC, DC)
    declare_venture(fief, "Banthet", "attack", "Heinrick Banthet", target="treasury", against="Vorst", hc=HC, dc=DC)
    declare_venture(fief, "Vorst", "subvert", "Wilhelm Vorst", target="influence", against="Felderon", hc=HC, dc=DC)
    return fief


def test_start_of_month_one_matches_the_spec():
    fief = load_fief(EXAMPLE)
    assert fief.month == 1
    assert _scores(fief, "Felderon") == (20, 15, 5, 30, 35, 10, 25)
    assert _ratings(fief, "Felderon") == (2, 2, 1, 3, 4, 1, 3)
    assert _scores(fief, "Banthet") == (19, 9, 11, 17, 7, 54, 22)
    assert _ratings(fief, "Banthet") == (2, 1, 1, 2, 1, 5, 2)
    assert _scores(fief, "Vorst") == (20, 20, 15, 25, 25, 15, 20)
    assert _ratings(fief, "Vorst") == (2, 2, 2, 3, 3, 2, 2)


def test_worked_month(month1):
    fief = month1
    j = house_turn_json(fief, find_house(fief, "Felderon"), HC, DC)
    assert j["uses"]["territory"] == 1 and j["uses"]["treasury"] == 1
    assert j["effective"]["territory"] == 1 and j["effective"]["treasury"] == 2  # §8.2
    # §8.3 Week 1: Wilhelm Vorst Socialises a Felderon Low Householder, 7 7 1 4 9 = 2x7: +1d
    perform_operation(
        fief,
        "Vorst",
        "Wilhelm Vorst",
        "socialise",
        target_kind="low",
        against="Felderon",
        target="Otto the Steward",
        venture="vorst:Wilhelm Vorst",
        dice="7 7 1 4 9",
        hc=HC,
        dc=DC,
    )
    op = find_house(fief, "Vorst").domain.operations[0]
    assert (op.width, op.height, op.bonus, op.week) == (2, 7, 1, 1)

    # #1 Felderon Develop E: pool 3, Difficulty 1, 3x5, E +3
    resolve_venture(fief, "Felderon", "Helene Felderon", dice="5 5 5", hc=HC, dc=DC)
    fel = find_house(fief, "Felderon")
    r1 = venture_json(fief, fel, fel.domain.ventures[0], HC, DC)
    assert (r1["pool"], r1["difficulty"], r1["width"], r1["height"]) == (3, 1, 3, 5)
    assert r1["changes"] == {"Felderon": {"espionage": 3}} and r1["against"] is None

    # #2 Banthet Attack Vorst Tr: pool 6 (W1 + T4 + Builder), counter 5 (D2 + T2 + Defender): 1x6, Tr -2
    resolve_venture(fief, "Banthet", "Heinrick Banthet", dice="6 6 6 2 8 10", against_dice="7 7 1 3 9", hc=HC, dc=DC)
    ban = find_house(fief, "Banthet")
    r2 = venture_json(fief, ban, ban.domain.ventures[0], HC, DC)
    assert (r2["pool"], r2["against"]["pool"], r2["width"], r2["height"]) == (6, 5, 1, 6)
    assert r2["changes"] == {"Vorst": {"treasury": -2}} and r2["difficulty"] is None

    # #3 Vorst Subvert Felderon I: pool 4 (E1 + I2 + Socialise), counter 5 (E1 + Dom4): 1x8, I -2 / +2
    resolve_venture(fief, "Vorst", "Wilhelm Vorst", dice="8 8 8 3", against_dice="8 8 1 2 5", hc=HC, dc=DC)
    vor = find_house(fief, "Vorst")
    r3 = venture_json(fief, vor, vor.domain.ventures[0], HC, DC)
    assert (r3["pool"], r3["against"]["pool"], r3["width"], r3["height"]) == (4, 5, 1, 8)
    assert r3["changes"] == {"Felderon": {"influence": -2}, "Vorst": {"influence": 2}}

    # every roll is in the log with who, why, faces and reading
    ventures = [e for e in fief.log if e.what == "venture"]
    assert [e.faces for e in ventures] == [(5, 5, 5), (6, 6, 6, 2, 8, 10), (8, 8, 8, 3)]
    assert all(e.seed is None and "Month 1" in e.why for e in ventures)
    assert all(e.month == 1 for e in fief.turn)

    # §8.5: Degradation previewed, then the month ends
    assert degradation_preview(fief, HC, DC) == {
        "felderon": {"territory": -1, "treasury": -1},
        "banthet": {"territory": -1, "warfare": -1},
        "vorst": {"espionage": -1, "influence": -1},
    }
    end_month(fief, HC, DC)
    assert fief.month == 2
    assert _scores(fief, "Felderon") == (20, 15, 8, 28, 35, 9, 24)
    assert _ratings(fief, "Felderon") == (2, 2, 1, 3, 4, 1, 2)
    assert _scores(fief, "Banthet") == (18, 9, 11, 17, 7, 53, 22)
    assert _ratings(fief, "Banthet") == (2, 1, 1, 2, 1, 5, 2)
    assert _scores(fief, "Vorst") == (20, 20, 14, 26, 25, 15, 18)
    assert _ratings(fief, "Vorst") == (2, 2, 1, 3, 3, 2, 2)
    # Networker decided in month 1: implemented in month 2, active in month 3 (L4896)
    assert (fel.domain.strategy, fel.domain.pending_strategy, fel.domain.pending_from) == ("neutral", "networker", 3)
    assert not any(h.domain.ventures or h.domain.operations for h in fief.houses)
    end_month(fief, HC, DC)
    assert fel.domain.strategy == "networker" and fel.domain.pending_strategy is None

    # the whole turn survives a save and a load
    again = loads(dumps(fief))
    assert again == fief
    assert _scores(again, "Vorst") == _scores(fief, "Vorst")


def test_typed_dice_must_number_the_pool(month1):
    with pytest.raises(DiceError, match="rolls 3 dice, but 4 were typed"):
        resolve_venture(month1, "Felderon", "Helene Felderon", dice="5 5 5 1", hc=HC, dc=DC)
    with pytest.raises(DiceError, match="counter of House Vorst rolls 5 dice, but 2"):
        resolve_venture(month1, "Banthet", "Heinrick Banthet", dice="6 6 6 2 8 10", against_dice="7 7", hc=HC, dc=DC)


def test_seeded_rolls_replay(month1):
    a, b = loads(dumps(month1)), loads(dumps(month1))
    for f in (a, b):
        resolve_venture(f, "Banthet", "Heinrick Banthet", seed=7, against_seed=8, hc=HC, dc=DC)
    ra, rb = find_house(a, "Banthet").domain.ventures[0], find_house(b, "Banthet").domain.ventures[0]
    assert ra.roll == rb.roll and ra.counter == rb.counter and ra.roll.seed == 7 and len(ra.roll.faces) == 6
    assert (ra.width, ra.changes) == (rb.width, rb.changes)


def test_declaration_rules(month1):
    fief = month1
    with pytest.raises(ChoiceError, match="already directs"):
        declare_venture(fief, "Felderon", "maintain", "Helene Felderon", hc=HC, dc=DC)
    with pytest.raises(ChoiceError, match="only they direct"):
        declare_venture(fief, "Felderon", "maintain", "Otto the Steward", hc=HC, dc=DC)
    add_householder(fief, "Felderon", "Karl Felderon")
    with pytest.raises(ChoiceError, match="cannot target influence"):
        declare_venture(fief, "Felderon", "attack", "Karl Felderon", target="influence", against="Vorst", hc=HC, dc=DC)
    with pytest.raises(ChoiceError, match="names a rival House"):
        declare_venture(fief, "Felderon", "attack", "Karl Felderon", target="treasury", hc=HC, dc=DC)
    with pytest.raises(ChoiceError, match="not House Felderon itself"):
        declare_venture(
            fief, "Felderon", "subvert", "Karl Felderon", target="influence", against="Felderon", hc=HC, dc=DC
        )


def test_month_one_pools_follow_the_use_penalty(month1):
    fief = month1
    vor = find_house(fief, "Vorst")
    assert acting_pool(fief, vor, vor.domain.ventures[0], HC, DC).dice == 3  # before the Socialise
    fel = find_house(fief, "Felderon")
    assert counter_pool(fief, fel, ("espionage", "dominion"), HC, DC).dice == 5
