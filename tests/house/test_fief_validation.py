"""Validation findings (spec §9, V1-V15), placement, system bonuses, and the Minor House count."""

from __future__ import annotations

import pytest

from landsraad.dice import parse_dice
from landsraad.errors import ChoiceError
from landsraad.findings import Severity, is_complete
from landsraad.house.content import load_house_content
from landsraad.house.fief import (
    add_body,
    add_house,
    minor_houses_needed,
    new_fief,
    place_house,
    placement_of,
    share_size,
)
from landsraad.house.history import (
    choose_option,
    choose_table,
    choose_traits,
    political_history,
    roll_madness,
    set_history,
)
from landsraad.house.model import MAJOR
from landsraad.house.scores import house_scores
from landsraad.house.validate import all_findings, fief_findings, house_findings

C = load_house_content()
SYSTEM = "3x4 2x8 2x5 9 6 2 1"


def rules(findings, severity=None):
    return sorted(f.rule for f in findings if severity is None or f.severity is severity)


def fresh(dice=SYSTEM, houses=("A", "B", "C")):
    fief = new_fief(parse_dice(dice, 11), C)
    hs = [add_house(fief, n) for n in houses]
    return fief, hs


@pytest.mark.parametrize("planets, needed", [(0, 3), (1, 3), (2, 3), (4, 3), (5, 3), (6, 4), (7, 4), (9, 5)])
def test_minor_houses_one_per_two_planets_at_least_three(planets, needed):
    assert minor_houses_needed(planets) == needed


def test_too_few_houses_and_houses_without_territory():
    fief, _ = fresh(houses=("Solo",))
    ff = fief_findings(fief, C)
    assert any(f.rule == "V5" and f.severity is Severity.TODO and "needs 3" in f.message for f in ff)
    hf = house_findings(fief, fief.houses[0], C)
    assert any(f.rule == "V6" and f.severity is Severity.TODO for f in hf)


def test_asteroid_field_must_go_to_a_house_minor():
    fief, (a, b, c) = fresh()
    asteroid = next(x for x in fief.bodies if x.source == "1")
    assert any(
        f.rule == "V10" and f.severity is Severity.TODO and "Asteroid" in f.message for f in fief_findings(fief, C)
    )
    asteroid.controller = MAJOR
    assert any(f.rule == "V10" and f.severity is Severity.ERROR for f in fief_findings(fief, C))
    asteroid.controller = "nobody"
    assert any(f.rule == "V10" and "unknown House" in f.message for f in fief_findings(fief, C))
    asteroid.controller = a.id
    assert not any(f.rule == "V10" and "Asteroid" in f.message for f in fief_findings(fief, C))


def test_system_bonus_goes_to_the_controlling_house_only():
    fief, (a, b, c) = fresh()
    endor = next(x for x in fief.bodies if x.source == "2x5")
    place_house(fief, a, endor.territories[0].id)
    before = house_scores(fief, a, C).start
    next(x for x in fief.bodies if x.source == "1").controller = a.id
    next(x for x in fief.bodies if x.source == "6").controller = a.id
    after = house_scores(fief, a, C).start
    assert {k: after[k] - before[k] for k in after if after[k] != before[k]} == {
        "treasury": 16,
        "territory": 11,
        "influence": 3,
    }
    assert house_scores(fief, b, C).start == {t: 0 for t in C.trait_ids}  # b has no territory


def test_placement_rules_and_splitting():
    fief, (a, b, c) = fresh()
    thyca = next(x for x in fief.bodies if x.source == "3x4")
    place_house(fief, a, thyca.territories[0].id)
    assert placement_of(fief, a) == "sole-on-body"
    place_house(fief, b, thyca.territories[1].id)
    assert placement_of(fief, a) == "sole-in-territory"  # rule 4: no bonus or penalty
    assert share_size(fief, thyca.territories[0].id, C) == "huge"
    place_house(fief, c, thyca.territories[0].id)
    assert placement_of(fief, a) == placement_of(fief, c) == "shared-territory"
    assert share_size(fief, thyca.territories[0].id, C) == "large"  # rule 1: Huge shared -> two Large
    with pytest.raises(ChoiceError):
        place_house(fief, a, "b99-t1")


def test_harsh_world_stacks_its_row_and_wealth_and_gas_giant():
    fief, (a, b, c) = fresh("2x2 2x6 8 9 1 3 4 5 7")
    gas = next(x for x in fief.bodies if x.source == "2x2")
    place_house(fief, a, gas.territories[0].id)
    gas.territories[0].arcology_type = "botanical-domes"
    lines = {ln.source: ln.deltas for ln in house_scores(fief, a, C).start_lines}
    assert lines["base"]["defense"] == 20 and lines["arcology"] == {
        "warfare": -5,
        "defense": -5,
        "dominion": 5,
        "territory": 5,
    }
    assert lines["system"] == {"treasury": 5}
    harsh = next(x for x in fief.bodies if x.source == "8")
    harsh.territories[0].features = ["forest"]
    place_house(fief, b, harsh.territories[0].id, "forest")
    sheet = house_scores(fief, b, C)
    assert [ln.source for ln in sheet.start_lines] == ["base", "terrain", "stacked", "placement"]
    # Planet 10/10/10/10/10/20/10 + Forest + Harsh (stacks) + sole on body (+5 Dom, -5 Inf)
    assert sheet.start == {
        "warfare": 10,
        "defense": 20,
        "espionage": 15,
        "influence": 0,
        "dominion": 15,
        "territory": 15,
        "treasury": 5,
    }


def test_planetary_ring_gives_treasury_to_houses_on_the_body_it_circles():
    fief, (a, b, c) = fresh("3x4 2x8 2x5 10 6 2 1")
    ring = next(x for x in fief.bodies if x.source == "10")
    zelona = next(x for x in fief.bodies if x.source == "2x8")
    place_house(fief, a, zelona.territories[0].id)
    assert any(f.rule == "V10" and "circles" in f.message for f in fief_findings(fief, C))
    before = house_scores(fief, a, C).start["treasury"]
    ring.circles = zelona.id
    assert house_scores(fief, a, C).start["treasury"] == before + 5
    ring.circles = ring.id
    assert any(f.rule == "V10" and f.severity is Severity.ERROR for f in fief_findings(fief, C))


def test_territory_features_predominant_and_added_bodies():
    fief, (a, b, c) = fresh()
    thyca = next(x for x in fief.bodies if x.source == "3x4")
    t = thyca.territories[0]
    t.features = ["grasslands", "wetlands"]
    place_house(fief, a, t.id)
    assert any(f.rule == "V7" and f.severity is Severity.TODO for f in house_findings(fief, a, C))
    a.predominant = "forest"
    assert any(f.rule == "V7" and f.severity is Severity.ERROR for f in house_findings(fief, a, C))
    t.features = [
        "arable-land",
        "exotic-deposits",
        "extreme-conditions",
        "forest",
        "grasslands",
        "harsh-conditions",
        "lakelands",
        "mineral-deposits",
        "mountainous",
    ]
    assert any(f.rule == "V7" and "at most 8" in f.message for f in fief_findings(fief, C))
    t.features = ["forest", "forest", "swamp"]
    msgs = [f.message for f in fief_findings(fief, C) if f.rule == "V7"]
    assert any("twice" in m for m in msgs) and any("swamp" in m for m in msgs)
    moonlet = add_body(fief, "Tiny moonlet", "moon", territories=1)
    assert moonlet.added and moonlet.territories
    place_house(fief, b, moonlet.territories[0].id)
    assert any(f.rule == "V6" and f.severity is Severity.ERROR for f in house_findings(fief, b, C))
    assert house_scores(fief, b, C).start == {t: 0 for t in C.trait_ids}  # no game effect (L1116)
    assert not any(f.rule == "V4" for f in fief_findings(fief, C))  # added bodies are not the roll


def test_arcology_type_to_choose():
    fief, (a, b, c) = fresh("2x1 2x3 2x4 2x6 2x7 5")
    arc = next(x for x in fief.bodies if x.source == "2x1")
    place_house(fief, a, arc.territories[0].id)
    assert any(f.rule == "V8" and f.severity is Severity.TODO for f in fief_findings(fief, C))
    arc.territories[0].arcology_type = "energy-collection"
    assert any(f.rule == "V8" and "PROVISIONAL" in f.message for f in fief_findings(fief, C))


def test_history_options_to_choose_and_wrong_choices():
    fief, (a, b, c) = fresh()
    set_history(fief, a, parse_dice("2x9 3x8 2x6 10 7 4 3", 11))
    hf = house_findings(fief, a, C)
    todo = [f.field for f in hf if f.rule == "V11" and f.severity is Severity.TODO]
    assert todo == ["founding", "2x9", "3x8", "2x6", "10", "7", "4", "3"]
    a.founding = "10"
    assert any(f.field == "founding" and f.severity is Severity.ERROR for f in house_findings(fief, a, C))
    with pytest.raises(ChoiceError):
        choose_option(a, "2x9", 3, C)
    with pytest.raises(ChoiceError):
        choose_traits(a, "4", ["territory", "territory"], C)  # S17: different traits
    with pytest.raises(ChoiceError):
        choose_option(a, "5x5", 1, C)
    a.choice_for("2x9").option = 7  # hand-edited document
    assert any(f.field == "2x9" and f.severity is Severity.ERROR for f in house_findings(fief, a, C))
    choose_traits(a, "4", ["Territory", "Might"], C)
    assert a.choice("4").traits == ["territory", "warfare"]


def test_waste_table_b_and_stale_choices_are_kept_and_flagged():
    fief, (a, b, c) = fresh()
    set_history(fief, a, parse_dice("2x9 3x8 2x6 10 7 4 3", 11))
    choose_option(a, "7", 1, C)  # Invasion/Revolt (a)
    choose_table(a, "7", "B", C)  # Callousness
    assert a.choice("7").option == 1
    sheet = house_scores(fief, a, C)
    assert sheet.event_lines[-1].label == "7 Callousness (Table B)"
    assert sheet.event_lines[-1].deltas == {"territory": -5, "warfare": 5, "defense": 5}
    with pytest.raises(ChoiceError):
        choose_table(a, "2x9", "B", C)
    set_history(fief, a, parse_dice("2x1 2x2 2x3 2x4 2x5 5", 11))  # re-rolled: old choices no longer fit
    stale = [f for f in house_findings(fief, a, C) if "not in its roll" in f.message]
    assert {f.field for f in stale} == {"7"}


def test_madness_is_seeded_logged_and_replays():
    fief, (a, b, c) = fresh()
    set_history(fief, a, parse_dice("3x10 2x2 2x1 9 6 5 4", 11))
    roll = roll_madness(fief, a, "6", C, seed=42)
    assert a.choice("6").madness == list(roll.faces) and len(roll.faces) == 7
    entry = fief.log[-1]
    assert (entry.what, entry.seed, entry.faces) == ("madness", 42, roll.faces)
    assert entry.reading.startswith("Warfare ")
    again = roll_madness(fief, a, "6", C, seed=42)
    assert again.faces == roll.faces
    with pytest.raises(ChoiceError):
        roll_madness(fief, a, "9", C, seed=1)


def test_only_features_with_a_controller_can_be_assigned():
    fief, (a, b, c) = fresh("2x10 2x2 2x3 2x4 2x5 8")
    next(x for x in fief.bodies if x.source == "8").controller = a.id  # a Harsh world has no controller
    assert any(f.rule == "V10" and f.severity is Severity.ERROR for f in fief_findings(fief, C))


def test_score_above_60_is_clamped_with_a_v13_warning():
    fief, (a, b, c) = fresh("2x10 2x2 2x3 2x4 2x5 1")
    opulent = next(x for x in fief.bodies if x.source == "2x10")
    place_house(fief, a, opulent.territories[0].id)
    next(x for x in fief.bodies if x.source == "1").controller = a.id  # +10 Treasury
    a.history = parse_dice("5x10 5x9 1", 11)
    choose_option(a, "5x10", 1, C)
    choose_option(a, "5x9", 1, C)
    sheet = house_scores(fief, a, C)
    # 10 base + 15 Opulent + 10 Asteroid Field = 35; +15 +15 = 65 -> 60, stopped on the line that crosses it (L4168)
    assert sheet.event_lines[-1].after["treasury"] == 60
    assert sheet.raw["treasury"] == 60 and sheet.scores["treasury"] == 60 and sheet.ratings["treasury"] == 6
    assert "treasury" in sheet.clamped
    assert any(f.rule == "V13" and f.field == "treasury" for f in house_findings(fief, a, C))


def test_political_history_side_by_side():
    fief, (a, b, c) = fresh()
    set_history(fief, a, parse_dice("2x9 3x8 2x6 10 7 4 3", 11))
    set_history(fief, b, parse_dice("2x7 2x4 2x3 2x2 9 8 1", 11))
    rows = political_history(fief, C)
    assert len(rows) == 7
    assert rows[0] == {"position": 1, "events": {"A": "2x9 Glory", "B": "2x7 Ascent", "C": None}}
    assert rows[6]["events"] == {"A": "3 Catastrophe", "B": "1 Doom", "C": None}


def test_a_finished_fief_is_complete():
    fief, (a, b, c) = fresh()
    bodies = {x.source: x for x in fief.bodies}
    for src in ("6", "2"):
        bodies[src].controller = MAJOR
    bodies["1"].controller = a.id
    place_house(fief, a, bodies["2x5"].territories[0].id)
    place_house(fief, b, bodies["2x8"].territories[0].id)
    place_house(fief, c, bodies["2x8"].territories[1].id)
    for h, dice in ((a, "2x9 3x8 2x6 10 7 5 3"), (b, "2x9 3x8 2x6 10 7 5 3"), (c, "2x9 3x8 2x6 10 7 5 3")):
        set_history(fief, h, parse_dice(dice, 11))
        h.founding = "2x9"
        for src in ("2x9", "3x8", "7", "5", "3"):
            choose_option(h, src, 1, C)
        choose_traits(h, "2x6", ["defense"], C)
        choose_traits(h, "10", ["espionage"], C)
    findings = all_findings(fief, C)
    assert is_complete(findings), [str(f) for f in findings]
    assert rules(findings, Severity.ERROR) == [] and rules(findings, Severity.TODO) == []
