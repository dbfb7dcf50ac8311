"""The character engine against numbers from the rules text."""

import copy

import pytest

from landsraad.character.model import Character, Conversion, Purchase, TemplateChoice
from landsraad.findings import is_complete
from tests.support.charbuild import check, complete_swordmaster, content, level1, rules


def test_step01_every_statistic_starts_at_1():
    sheet, findings = check(Character())
    assert sheet.statistics == {s: 1 for s in content().statistics}  # L2806
    assert {f.step for f in findings if f.severity.value == "todo"} >= {
        "early-life",
        "vocational-conditioning",
        "house-service",
        "personal-calling",
        "caste",
        "finishing-touches",
    }


def test_complete_character_has_no_errors_and_no_todos():
    sheet, findings = check(complete_swordmaster())
    assert [str(f) for f in findings if f.severity.value != "warning"] == []
    assert is_complete(findings)
    # Prowess: 1 + Dueling Instruction + Swordmaster = 3 (L2806, L2901, L3411)
    assert sheet.statistics["prowess"] == 3
    # Physique: 1 + Swordmaster = 2; Charm: 1 + Weapons Master = 2
    assert sheet.statistics["physique"] == 2 and sheet.statistics["charm"] == 2
    # Insight: 1 + Exile/Fugitive + 1 bought in Step 06
    assert sheet.statistics["insight"] == 3
    # Duel: Dueling 1 + Swordmaster 2 + its choose-two 1 + Weapons Master choose-two 1
    assert sheet.skills["duel"] == 5
    assert sheet.skills["control"] == 2  # picked twice in the choose-six (max 3)
    assert sheet.skills["vigor"] == 3  # Swordmaster six + Weapons Master five + Exile/Fugitive
    assert sheet.skills["language(chakobsa)"] == 1
    # 10 CP: statistic 5 + Observe 2 levels at 2 (broad) + Searching 1 level at 1 (narrow)
    assert (sheet.cp_spent, sheet.cp_budget) == (10, 10)
    assert sheet.caste == "bondsmen" and sheet.caste_rank == 3  # Swordmaster STARTING CASTE 3
    assert "shields-up" in sheet.feats  # L2914


def test_narrow_to_broad_example_athletics_acrobatics():
    # L2827: Athletics 1, Acrobatics 2 -> halve Acrobatics to 1 and add: Athletics 2.
    ch = Character(
        early_life=TemplateChoice("slave-pits", {1: ["physique"], 2: ["sight", "vigor"]}),
        extras=[Purchase("skill", "acrobatics", 2)],
        conversions=[Conversion("acrobatics")],
    )
    sheet, _ = check(ch)
    assert sheet.skills["athletics"] == 2
    assert "acrobatics" not in sheet.skills
    assert sheet.cp_spent == 2


@pytest.mark.parametrize("top_up,intrigue,cp", [(False, 4, 3), (True, 5, 4)])
def test_narrow_to_broad_example_intrigue_empathy(top_up, intrigue, cp):
    # L2827: Intrigue 3 and Empathy 3 -> 1.5, the 0.5 wasted unless the character pays 1 CP.
    ch = Character(
        vocational_conditioning=TemplateChoice("delegate"),  # Intrigue +3 (L3185)
        extras=[Purchase("skill", "empathy", 3)],
        conversions=[Conversion("empathy", top_up)],
    )
    sheet, findings = check(ch)
    assert sheet.skills["intrigue"] == intrigue
    assert "empathy" not in sheet.skills
    assert sheet.cp_spent == cp
    lost = [f for f in findings if f.rule == "K6" and "half a point" in f.message]
    assert bool(lost) is (not top_up)


def test_feat_costs_its_level():
    ch = Character(
        early_life=TemplateChoice("mentat-priming"),  # Observe 1, Research 1
        extras=[
            Purchase("skill", "observe", 1),
            Purchase("feat", level1("assaying-eye")),
            Purchase("feat", level1("assaying-eye", 2)),
        ],
    )
    sheet, findings = check(ch)
    assert sheet.cp_spent == 2 + 1 + 2  # broad +1 = 2; levels 1 and 2
    assert "F2" not in rules(findings) and "F3" not in rules(findings)


def test_template_statistics_and_caste_from_vocational_conditioning():
    sheet, _ = check(Character(vocational_conditioning=TemplateChoice("mentat")))
    assert sheet.statistics["insight"] == 2 and sheet.statistics["intellect"] == 2  # L3236, L3240
    assert sheet.caste_rank == 4
    assert {k: sheet.skills[k] for k in ("academia", "observe", "perception")} == {
        "academia": 2,
        "observe": 2,
        "perception": 2,
    }


def test_honorarium_familia_raises_caste_to_4():
    # Noble Household's advantage choice (L2963) with a caste-3 conditioning (Assassin, L3033); L1596
    ch = Character(
        early_life=TemplateChoice("noble-household", {2: ["honorarium-familia"]}),
        vocational_conditioning=TemplateChoice("assassin"),
    )
    sheet, _ = check(ch)
    assert sheet.caste_rank == 4


def test_plus_2pts_advantage_grants_add_up():
    # Orphaned: Benefactor at 2pts (L2982); Sleeper Agent: Benefactor +2pts (L3898) -> 4 (spec §6.3 reading b)
    ch = Character(early_life=TemplateChoice("orphaned"), personal_calling=TemplateChoice("sleeper-agent"))
    sheet, _ = check(ch)
    assert sheet.advantages["benefactor"] == 4


def test_undo_friendly_character_is_plain_data():
    ch = complete_swordmaster()
    clone = copy.deepcopy(ch)
    assert clone == ch
