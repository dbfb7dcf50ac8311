"""The Across The Dune Sea fencer against the seed's text (shared/seeds/fudge-fencing.txt,
spec shared/rules/fencing.md §2-3, worked examples F1-F2)."""

import pytest

from landsraad.findings import Severity
from landsraad.packs.fencing.content import SPECIAL, load_fencing_content
from landsraad.packs.fencing.model import Fencer
from landsraad.packs.fencing.validate import (
    fencer_findings,
    maneuvers_allowed,
    maneuvers_used,
    skill_levels,
)


@pytest.fixture(scope="module")
def c():
    return load_fencing_content()


def errors(f, c):
    return [x for x in fencer_findings(f, c) if x.severity is Severity.ERROR]


# L34 (costs) and L39 (maneuvers), as printed
@pytest.mark.parametrize(
    "level, cost, slots",
    [
        ("terrible", 0, 0),
        ("poor", 1, 2),
        ("mediocre", 2, 4),
        ("fair", 4, 6),
        ("good", 6, 8),
        ("great", 8, 10),
        ("superb", 10, 12),
    ],
)
def test_cost_and_slots_per_level(c, level, cost, slots):
    f = Fencer("Test", level)
    assert skill_levels(f, c) == cost
    assert maneuvers_allowed(f, c) == slots


def test_legendary_has_fifteen_slots_and_a_judge_set_cost(c):
    f = Fencer("Legend", "legendary", legendary_allowed=True)
    assert maneuvers_allowed(f, c) == 15
    assert skill_levels(f, c) is None
    todo = [x for x in fencer_findings(f, c) if x.severity is Severity.TODO and x.rule == "L34"]
    assert todo and "Judge" in todo[0].message
    f.legendary_cost = 14
    assert skill_levels(f, c) == 14
    assert not [x for x in fencer_findings(f, c) if x.rule == "L34"]


def test_legendary_without_the_judge_is_an_error(c):
    errs = errors(Fencer("Legend", "legendary", legendary_cost=12), c)
    assert [x.rule for x in errs] == ["L34"]


def test_feint_and_riposte_count_as_two(c):
    assert c.maneuver("feint").slots == 2 and c.maneuver("riposte").slots == 2
    assert sum(m.slots for m in c.maneuvers) == 15  # all thirteen fill Legendary's 15
    assert maneuvers_used(Fencer("x", "good", ["feint", "riposte"]), c) == 4


GOOD_SET = ["feint", "riposte", "parry", "thrust", "slash", "lunge"]


def test_good_fencer_with_feint_and_riposte_uses_8_of_8(c):
    f = Fencer("Regenald Wilde", "good", list(GOOD_SET))
    assert (maneuvers_used(f, c), maneuvers_allowed(f, c)) == (8, 8)
    assert fencer_findings(f, c) == []


def test_fair_fencer_with_the_same_maneuvers_is_over(c):
    f = Fencer("Guard", "fair", list(GOOD_SET))
    assert (maneuvers_used(f, c), maneuvers_allowed(f, c)) == (8, 6)
    errs = errors(f, c)
    assert len(errs) == 1
    assert errs[0].rule == "L39" and errs[0].field == "maneuvers"
    assert "6" in errs[0].message and "8" in errs[0].message and "count as two" in errs[0].message


def test_worked_example_f1_great_fencer(c):
    f = Fencer("F1", "great", ["feint", "riposte", "parry", "thrust", "lunge", "slash", "dodge", "disarm"])
    assert (maneuvers_used(f, c), maneuvers_allowed(f, c), skill_levels(f, c)) == (10, 10, 8)
    assert errors(f, c) == []
    f.maneuvers.append("push")
    assert maneuvers_used(f, c) == 11 and [x.rule for x in errors(f, c)] == ["L39"]


def test_worked_example_f2_mediocre_feint_and_riposte(c):
    f = Fencer("F2", "mediocre", ["feint", "riposte"])
    assert (maneuvers_used(f, c), maneuvers_allowed(f, c), skill_levels(f, c)) == (4, 4, 2)
    assert errors(f, c) == []


def test_fewer_maneuvers_is_a_warning_not_an_error(c):
    found = fencer_findings(Fencer("x", "good", ["slash"]), c)
    assert [x.severity for x in found] == [Severity.WARNING]
    assert "7 left" in found[0].message


def test_terrible_fencer_knows_no_maneuver(c):
    assert [x.rule for x in errors(Fencer("x", "terrible", ["slash"]), c)] == ["L39"]


def test_duplicates_and_unknown_maneuvers_are_errors(c):
    rules = [x.message for x in errors(Fencer("x", "good", ["slash", "slash", "bash"]), c)]
    assert any("twice" in m for m in rules) and any("'bash'" in m for m in rules)


def test_maneuver_table_matches_the_seed(c):
    # (initiative mod, Muscle mod) per maneuver, L42-57 (spec §3)
    expected = {
        "disarm": (-1, 0),
        "dodge": (SPECIAL, "n/a"),
        "fleche": (-2, 3),
        "lock": (SPECIAL, 0),
        "lunge": (-1, 2),
        "parry": (SPECIAL, "n/a"),
        "riposte": (SPECIAL, 0),
        "root": (SPECIAL, 0),
        "slash": (0, 0),
        "thrust": (1, -1),
    }
    for ident, (init, muscle) in expected.items():
        m = c.maneuver(ident)
        assert (m.initiative, m.muscle) == (init, muscle), ident
    assert c.maneuver("punch").initiative_variants == {"pommel": 1, "basket": 0}
    assert c.maneuver("punch").muscle_variants == {"pommel": 0, "basket": 1}
    assert c.maneuver("push").initiative_variants == {"locked": 1, "standard": -1}
    assert c.maneuver("feint").initiative_variants == {"feint": 1, "true_maneuver": -1}
    assert len(c.maneuvers) == 13
    assert all(m.line.startswith("L") and m.effect for m in c.maneuvers)


def test_every_reading_names_its_line(c):
    assert len(c.readings) >= 20
    assert all(r.line.startswith("L") and r.note and r.choice for r in c.readings)


def test_pack_identity(c):
    assert c.pack.id == "across-the-dune-sea"
    assert set(c.pack.kinds) == {"fencer", "fencing-duel"}
    assert c.pack.covers and c.pack.name
