"""Trait Scores and Ratings, computed from the Fief and a House's choices (never stored).

Start (Step Two, spec §4.6) = base by domain type + wealth (planets) or arcology type
(arcologies) + the predominant terrain row + a Harsh/Extreme world's stacked row +
placement (rules 2-3) + system bonuses assigned to the House.  Then every history event
in order with the floor of 5 (H6).  Then the Score is clamped to 0..60 (S13) and
Rating = clamp(floor(Score/10 + 0.5), 1, 6) (L4168, A1).  Every step is kept, so the
sheet shows where each number comes from.
"""

from __future__ import annotations

import attrs

from landsraad.house.content import HouseContent
from landsraad.house.fief import placement_of, read_body
from landsraad.house.history import apply_deltas, history_events, resolve
from landsraad.house.model import Fief, House


@attrs.frozen
class ScoreLine:
    source: str        # base | wealth | arcology | terrain | stacked | placement | system | event
    label: str         # "Moon", "Forest", "Asteroid Field (waste 1)", "2x9 Glory"
    deltas: dict       # what this line adds (for base: the base scores)
    after: dict        # the scores after it


@attrs.frozen
class ScoreSheet:
    start_lines: tuple[ScoreLine, ...]
    event_lines: tuple[ScoreLine, ...]
    start: dict        # after Step Two
    raw: dict          # after history, before clamping
    scores: dict       # clamped to 0..60
    ratings: dict
    clamped: tuple[str, ...]   # traits whose raw score was outside 0..60


def zero(content: HouseContent) -> dict:
    return {tr: 0 for tr in content.trait_ids}


def add(scores: dict, deltas: dict) -> dict:
    out = dict(scores)
    for k, v in deltas.items():
        out[k] = out.get(k, 0) + v
    return out


def rating_of(score: int, content: HouseContent) -> int:
    """Round half up (never banker's rounding), clamped to 1..6."""
    r = content.rating
    value = (score * 2 + r.divisor) // (2 * r.divisor)      # floor(score/10 + 0.5), exact in integers
    return max(r.rating_min, min(r.rating_max, value))


def clamp_score(score: int, content: HouseContent) -> int:
    return max(content.rating.score_min, min(content.rating.score_max, score))


def start_lines(fief: Fief, house: House, content: HouseContent) -> list[ScoreLine]:
    lines: list[ScoreLine] = []
    scores = zero(content)

    def line(source: str, label: str, deltas: dict) -> None:
        nonlocal scores
        scores = add(scores, deltas)
        lines.append(ScoreLine(source, label, dict(deltas), dict(scores)))

    found = fief.territory(house.territory)
    if found is not None and not found[0].added:
        body, territory = found
        reading = read_body(body, content)
        if reading.domain:
            line("base", content.domain(reading.domain).name, content.domain(reading.domain).base)
            if reading.domain == "planet" and reading.wealth:
                w = content.wealth(reading.wealth)
                if w is not None:
                    line("wealth", f"{w.name} wealth", w.modifiers)
            if reading.domain == "arcology" and territory.arcology_type:
                a = content.arcology_type(territory.arcology_type)
                if a is not None:
                    line("arcology", a.name, a.modifiers)
            if house.predominant and house.predominant in territory.features:
                terrain = content.terrain(house.predominant)
                if terrain is not None:
                    line("terrain", terrain.name, terrain.modifiers)
            if reading.stacked_feature:
                terrain = content.terrain(reading.stacked_feature)
                assert terrain is not None, reading.stacked_feature   # the content check names only known terrain
                line("stacked", f"{terrain.name} ({reading.name}, stacks)", terrain.modifiers)
            placement = placement_of(fief, house)
            if placement is not None:
                p = content.placement(placement)
                line("placement", p.name, p.modifiers)
            if reading.effects_to == "territory" and reading.table == "sets" and \
                    content.set_result(reading.height, reading.width).territory_effects:
                line("system", f"{reading.name} ({body.source})",
                     content.set_result(reading.height, reading.width).territory_effects)
        # a Planetary Ring around this body
        for other in fief.bodies:
            r = read_body(other, content)
            if r.effects_to == "circled-body" and other.circles == body.id:
                line("system", f"{r.name} (waste {other.source}) around {body.name or body.id}", r.effects)
    # bodies this House controls (waste 1-7)
    for other in fief.bodies:
        r = read_body(other, content)
        if r.effects_to == "controller" and other.controller == house.id:
            line("system", f"{r.name} (waste {other.source})", r.effects)
    return lines


def history_lines(house: House, content: HouseContent, start: dict) -> list[ScoreLine]:
    """Apply the House's chosen events to ``start`` in order, with the floor (H6); events
    still to choose, or chosen wrongly, add nothing (validation says so)."""
    scores = dict(start)
    events: list[ScoreLine] = []
    for ev in history_events(house, content):
        res = resolve(ev, house.choice(ev.source), content)
        if res.deltas is None:
            continue
        scores = apply_deltas(scores, res.deltas, content.floor)
        label = f"{ev.source} {ev.name}" + (f" (Table {ev.table})" if not ev.is_set else "")
        events.append(ScoreLine("event", label, dict(res.deltas), dict(scores)))
    return events


def house_scores(fief: Fief, house: House, content: HouseContent) -> ScoreSheet:
    starts = start_lines(fief, house, content)
    start = dict(starts[-1].after) if starts else zero(content)
    events = history_lines(house, content, start)
    scores = dict(events[-1].after) if events else dict(start)
    clamped = tuple(tr for tr in content.trait_ids if clamp_score(scores[tr], content) != scores[tr])
    final = {tr: clamp_score(scores[tr], content) for tr in content.trait_ids}
    ratings = {tr: rating_of(final[tr], content) for tr in content.trait_ids}
    return ScoreSheet(tuple(starts), tuple(events), start, scores, final, ratings, clamped)
