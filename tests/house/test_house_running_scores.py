"""The running Trait Scores of a House's history (the history panel's numbers): every event
in the order applied with the seven Scores after it, from the House engine, against the
rulebook's worked example (L1100-L1208) as tests/test_house_worked_example.py types it in."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from landsraad.house.content import load_house_content
from landsraad.house.document import load_fief
from landsraad.house.scores import house_scores, running_scores
from tests.support.worked_example import EVENTS, SEVEN, START_LINES

C = load_house_content()
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "venhei-fief.json"


@pytest.fixture(scope="module")
def fief():
    return load_fief(EXAMPLE)


@pytest.mark.parametrize("name", EVENTS)
def test_every_event_with_the_scores_after_it_in_the_order_applied(fief, name):
    house = next(h for h in fief.houses if h.name == name)
    start, steps = running_scores(fief, house, C)
    assert tuple(start[t] for t in SEVEN) == START_LINES[name][-1][1]
    assert [(s.event.source, tuple(s.after[t] for t in SEVEN)) for s in steps] == EVENTS[name]
    sheet = house_scores(fief, house, C)
    assert steps[-1].after == sheet.event_lines[-1].after


def test_an_event_still_to_choose_is_listed_and_changes_nothing(fief):
    felderon = next(h for h in fief.houses if h.name == "Felderon")
    # Victory (3x8) not chosen yet: it is still in the list, says what to choose, adds nothing
    house = attrs.evolve(felderon, choices=[ch for ch in felderon.choices if ch.source != "3x8"])
    _start, steps = running_scores(fief, house, C)
    assert [s.event.source for s in steps] == [s for s, _ in EVENTS["Felderon"]]
    victory = steps[1]
    assert victory.event.name == "Victory" and victory.resolution.deltas is None
    assert victory.resolution.todo.startswith("choose one of")
    assert victory.after == steps[0].after == {t: v for t, v in zip(SEVEN, (10, 10, 5, 15, 20, 20, 15))}
    # Infrastructure (+10 Influence) then applies to the Scores Glory left
    assert steps[2].after["influence"] == 25 and steps[2].after["defense"] == 10


def test_a_house_without_history_has_its_start_and_no_events(fief):
    house = attrs.evolve(fief.houses[0], history=None, choices=[])
    start, steps = running_scores(fief, house, C)
    assert steps == [] and tuple(start[t] for t in SEVEN) == START_LINES["Felderon"][-1][1]
