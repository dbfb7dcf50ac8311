"""Property tests: any roll and any legal choices keep scores and ratings in range, and the
engine never raises, whatever is recorded."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from landsraad.cli.house import fief_report
from landsraad.dice import Roll
from landsraad.house.content import load_house_content
from landsraad.house.fief import add_house, bodies_of_roll, new_fief, read_body
from landsraad.house.history import history_events
from landsraad.house.model import MAJOR, EventChoice, Holding, House
from landsraad.house.scores import history_lines, house_scores
from landsraad.house.validate import all_findings

C = load_house_content()
TRAITS = C.trait_ids
eleven_d10 = st.lists(st.integers(1, 10), min_size=11, max_size=11).map(lambda f: Roll(tuple(f)))


@st.composite
def house_with_legal_choices(draw):
    roll = draw(eleven_d10)
    house = House("h", "H", history=roll)
    for face in roll.waste:
        house.choices.append(EventChoice(str(face), table=draw(st.sampled_from("AB"))))
    for ev in history_events(house, C):
        ch = house.choice_for(ev.source)
        kind = ev.row.kind
        if kind == "options":
            ch.option = draw(st.integers(1, len(ev.row.options)))
        elif kind == "traits":
            ch.traits = draw(st.permutations(TRAITS))[: len(ev.row.choose_traits)]
        elif kind == "madness":
            ch.madness = draw(st.lists(st.integers(1, 10), min_size=7, max_size=7))
    return house


@settings(max_examples=300, deadline=None)
@given(house_with_legal_choices(), st.lists(st.integers(5, 60), min_size=7, max_size=7))
def test_history_from_a_start_of_at_least_5_stays_within_5_to_60(house, start_values):
    start = dict(zip(TRAITS, start_values))
    lines = history_lines(house, C, start)
    assert len(lines) == len(history_events(house, C))  # every legal choice applies
    for ln in lines:
        assert all(ln.after[t] >= 5 for t in TRAITS)
    final = lines[-1].after
    from landsraad.house.scores import clamp_score, rating_of

    for t in TRAITS:
        assert 5 <= clamp_score(final[t], C) <= 60
        assert 1 <= rating_of(clamp_score(final[t], C), C) <= 6


@st.composite
def any_fief(draw):
    """A Fief with whatever a hand-edited document might hold."""
    roll = draw(eleven_d10)
    fief = new_fief(roll, C, when="2026-01-01T00:00:00+00:00")
    houses = [add_house(fief, f"H{i}") for i in range(draw(st.integers(0, 5)))]
    territories = [t.id for b in fief.bodies for t in b.territories] + ["nowhere", None]
    terrain = [x.id for x in C.territory.terrain] + ["swamp"]
    for b in fief.bodies:
        for t in b.territories:
            t.features = draw(st.lists(st.sampled_from(terrain), max_size=10))
            t.arcology_type = draw(st.sampled_from([None, "botanical-domes", "exotic-deposits", "bogus"]))
        b.controller = draw(st.sampled_from([None, MAJOR, "ghost"] + [h.id for h in houses]))
        b.circles = draw(st.sampled_from([None, "b1", "b9", "x"]))
    for h in houses:
        h.territory = draw(st.sampled_from(territories))
        h.predominant = draw(st.sampled_from([None] + terrain))
        h.history = draw(
            st.one_of(st.none(), st.lists(st.integers(1, 10), min_size=1, max_size=14).map(lambda f: Roll(tuple(f))))
        )
        h.founding = draw(st.sampled_from([None, "2x9", "10", "junk"]))
        sources = ([s.label for s in h.history.sets] + [str(w) for w in h.history.waste]) if h.history else []
        for src in draw(st.lists(st.sampled_from(sources + ["7x7", "11"]), max_size=8)):
            h.choices.append(
                EventChoice(
                    src,
                    table=draw(st.sampled_from(["A", "B", "C", ""])),
                    option=draw(st.one_of(st.none(), st.integers(-2, 5))),
                    traits=draw(st.lists(st.sampled_from(list(TRAITS) + ["luck"]), max_size=3)),
                    madness=draw(st.lists(st.integers(-1, 12), max_size=8)),
                )
            )
        # the Judge's order of the events (L4583) and holdings (L4054-L4151), also as hand-edited
        h.event_order = draw(st.lists(st.sampled_from(sources + ["7x7"]), max_size=6))
        h.holdings = [
            Holding(i, n)
            for i, n in draw(
                st.lists(
                    st.tuples(st.sampled_from([x.id for x in C.holdings] + ["lasgun"]), st.integers(-1, 12)), max_size=4
                )
            )
        ]
    return fief


@settings(max_examples=200, deadline=None)
@given(any_fief())
def test_engine_never_raises_and_keeps_scores_in_range(fief):
    findings = all_findings(fief, C)
    assert all(f.rule.startswith(("V", "H")) for f in findings)
    for h in fief.houses:
        sheet = house_scores(fief, h, C)
        assert all(0 <= sheet.scores[t] <= 60 for t in TRAITS)
        # L4168: every line of the working stays within 0..60, not only the end
        assert all(0 <= ln.after[t] <= 60 for ln in sheet.lines for t in TRAITS)
        assert all(1 <= sheet.ratings[t] <= 6 for t in TRAITS)
    report = fief_report(fief, C)
    assert len(report["houses"]) == len(fief.houses)


@given(eleven_d10)
def test_every_system_roll_yields_bodies_with_the_table_territories(roll):
    bodies = bodies_of_roll(roll, C)
    assert [b.source for b in bodies] == [s.label for s in roll.sets] + [str(w) for w in roll.waste]
    for b in bodies:
        r = read_body(b, C)
        assert len(b.territories) == r.territories
        assert r.kind != "added"
