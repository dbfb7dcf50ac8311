"""The House turn on paper (issue 18): the House sheet in play shows the Strategy, the
Householders, this month's uses per Trait and the standing facts; ``export month`` is one
page with every House, Venture and result.  Values come from the engine."""

from __future__ import annotations

import pytest

from landsraad.house.content import load_house_content
from landsraad.house.document import load_fief
from landsraad.house.domain import (
    add_householder,
    house_turn_json,
    perform_operation,
    set_strategy,
)
from landsraad.house.domain_tables import load_domain_content
from landsraad.house.ventures import declare_venture, find_house, resolve_venture
from landsraad.sheets import render_house, render_month
from tests.support.sheets import EXAMPLE_FIEF, page_texts

HC, DC = load_house_content(), load_domain_content()
KW = {"hc": HC, "dc": DC}


@pytest.fixture
def played():
    fief = load_fief(EXAMPLE_FIEF)
    add_householder(fief, "Felderon", "Helene Felderon")
    add_householder(fief, "Felderon", "Otto the Steward", rank="low")
    add_householder(fief, "Banthet", "Heinrick Banthet")
    add_householder(fief, "Vorst", "Wilhelm Vorst", ratings={"charm": 3, "personality": 2})
    set_strategy(fief, "Felderon", "networker", **KW)
    declare_venture(fief, "Felderon", "develop", "Helene Felderon", target="espionage", **KW)
    declare_venture(fief, "Banthet", "attack", "Heinrick Banthet", target="treasury", against="Vorst", **KW)
    declare_venture(fief, "Vorst", "subvert", "Wilhelm Vorst", target="influence", against="Felderon", **KW)
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
        **KW,
    )
    resolve_venture(fief, "Felderon", "Helene Felderon", dice="5 5 5", **KW)
    resolve_venture(fief, "Banthet", "Heinrick Banthet", dice="6 6 6 2 8", against_dice="7 7 1 3", **KW)
    return fief


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_month_report_is_one_page_with_every_result(played, paper):
    pages = page_texts(render_month(played, paper))
    assert len(pages) == 1
    text = pages[0]
    for needle in (
        "HOUSE TURN",
        "Month 1, Year 1",
        "HOUSE FELDERON",
        "HOUSE BANTHET",
        "HOUSE VORST",
        "Develop espionage",
        "5 5 5",
        "3x5",
        "Felderon Espionage +3",
        "6 6 6 2 8",
        "4d: 7 7 1 3",
        "1x6",
        "Vorst Treasury -2",
        "to roll",
        "socialise-low",
        "Networker decided, active from month 3",
    ):
        assert needle in text, needle


def test_house_sheet_in_play_shows_the_turn(played):
    fel = find_house(played, "Felderon")
    j = house_turn_json(played, fel, **KW)
    text = " ".join(page_texts(render_house(played, ["Felderon"])))
    assert "HOUSE TURN · MONTH 1, YEAR 1" in text
    assert "Networker decided, active from month 3" in text
    assert "Helene Felderon (High): directs develop, Width 3; Operations 0/4" in text
    assert "Low Householders: Otto the Steward" in text
    uses = "Uses this month " + " ".join(str(j["uses"][t]) for t in HC.trait_ids)
    dice = "Dice this month " + " ".join(str(j["effective"][t]) for t in HC.trait_ids)
    assert uses in text and dice in text and "Uses this month 0 0 0 0 0 1 1" in text
    vorst = " ".join(page_texts(render_house(played, ["Vorst"])))
    # L4786 and L4774 are both on p. 172 of the rulebook: the sheet names the page (issue 23)
    assert "Standing facts and debts: Division (p. 172, from 9) standing; Alliance (p. 172, from 8) standing" in vorst


def test_house_sheet_before_play_keeps_one_page():
    fief = load_fief(EXAMPLE_FIEF)
    pages = page_texts(render_house(fief))
    assert len(pages) == 3 and not any("HOUSE TURN" in p for p in pages)


def test_in_play_fields_hold_the_scores_after_the_month(played):
    from landsraad.house.domain import end_month
    from tests.support.sheets import fields

    resolve_venture(played, "Vorst", "Wilhelm Vorst", dice="8 8 8 3", against_dice="8 8 1 2 5", **KW)
    end_month(played, **KW)
    values = {k.rsplit("_", 1)[-1]: v for k, v in fields(render_house(played, ["Felderon"])).items()}
    assert values["espionage-in-play"] == "8" and values["influence-in-play"] == "28"
    assert values["treasury-in-play"] == "24"  # Degradation: 25 - 1


def test_a_past_month_reports_from_the_turn_log(played):
    from landsraad.house.domain import end_month, month_report

    resolve_venture(played, "Vorst", "Wilhelm Vorst", dice="8 8 8 3", against_dice="8 8 1 2 5", **KW)
    before = month_report(played, **KW)
    end_month(played, **KW)
    after = month_report(played, month=1, **KW)
    assert after["past"] and [h["ventures"] for h in after["houses"]] == [h["ventures"] for h in before["houses"]]
    assert after["degradation_next"] == before["degradation_next"]
    text = page_texts(render_month(played, month=1))[0]
    assert "Vorst Treasury -2" in text and "Degradation at the start of the next month: Ter -1, Tre -1" in text
    assert "No Venture this month" in page_texts(render_month(played))[0]
