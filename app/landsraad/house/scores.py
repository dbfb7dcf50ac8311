"""Trait Scores and Ratings, computed from the Fief and a House's choices (never stored).

Start (Step Two, spec §4.6) = base by domain type + wealth (planets) or arcology type
(arcologies) + the predominant terrain row + a Harsh/Extreme world's stacked row (only
when it is another feature, L4429) + placement (rules 2-3) + system bonuses assigned to
the House.  Then every history event in the order chosen with the floor of 5 (H6).  Then
one line per householder (the House-trait advantages of its characters, L1415) and per
holding (L4054-L4151).  Every line's Score stays within 0..60 (L4168, S13) and
Rating = clamp(floor(Score/10 + 0.5), 1, 6) (L4168, A1).  Every step is kept, so the
sheet shows where each number comes from.
"""

from __future__ import annotations

import attrs

from landsraad.house.content import HouseContent
from landsraad.house.fief import placement_of, read_body
from landsraad.house.history import HistoryEvent, Resolution, apply_deltas, history_events, resolve
from landsraad.house.model import Fief, House
from landsraad.house.place_names import place_names


@attrs.frozen
class ScoreLine:
    source: str  # base | wealth | arcology | terrain | stacked | placement | system | event
    label: str  # "Moon", "Forest", "Asteroid Field (waste 1)", "2x9 Glory"
    deltas: dict  # what this line adds (for base: the base scores)
    after: dict  # the scores after it


@attrs.frozen
class Householder:
    """A character of the House and what its advantages add (advantage id -> trait, points)."""

    name: str
    deltas: dict  # trait -> points
    sources: tuple[str, ...] = ()  # "Contacts 2", for the label


@attrs.frozen
class ScoreSheet:
    start_lines: tuple[ScoreLine, ...]
    event_lines: tuple[ScoreLine, ...]
    start: dict  # after Step Two
    raw: dict  # after every line, each kept within 0..60 (the same as scores)
    scores: dict  # within 0..60
    ratings: dict
    clamped: tuple[str, ...]  # traits some line would have taken outside 0..60
    member_lines: tuple[ScoreLine, ...] = ()  # householders, then holdings

    @property
    def lines(self) -> tuple[ScoreLine, ...]:
        return self.start_lines + self.event_lines + self.member_lines


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
    value = (score * 2 + r.divisor) // (2 * r.divisor)  # floor(score/10 + 0.5), exact in integers
    return max(r.rating_min, min(r.rating_max, value))


def clamp_score(score: int, content: HouseContent) -> int:
    return max(content.rating.score_min, min(content.rating.score_max, score))


def clamp_all(scores: dict, content: HouseContent, touched: set | None = None) -> dict:
    """Every Score within 0..60 (L4168): a line that would leave the range stops at its edge."""
    lo, hi = content.rating.score_min, content.rating.score_max
    if all(lo <= v <= hi for v in scores.values()):
        return scores  # the common case: nothing to clamp (callers pass a fresh dict)
    out = {}
    for k, v in scores.items():
        out[k] = clamp_score(v, content)
        if touched is not None and out[k] != v:
            touched.add(k)
    return out


def start_lines(fief: Fief, house: House, content: HouseContent, touched: set | None = None) -> list[ScoreLine]:
    lines: list[ScoreLine] = []
    scores = zero(content)

    def line(source: str, label: str, deltas: dict) -> None:
        nonlocal scores
        scores = clamp_all(add(scores, deltas), content, touched)
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
            # L4429: the world's feature "stacks with any other features chosen": with another one only;
            # a predominant feature that is the same terrain is not applied twice
            if reading.stacked_feature and reading.stacked_feature != house.predominant:
                terrain = content.terrain(reading.stacked_feature)
                assert terrain is not None, reading.stacked_feature  # the content check names only known terrain
                line("stacked", f"{terrain.name} ({reading.name}, stacks)", terrain.modifiers)
            placement = placement_of(fief, house, content)
            if placement is not None:
                p = content.placement(placement)
                line("placement", p.name, p.modifiers)
            if (
                reading.effects_to == "territory"
                and reading.table == "sets"
                and content.set_result(reading.height, reading.width).territory_effects
            ):
                line(
                    "system",
                    f"{reading.name} ({body.source})",
                    content.set_result(reading.height, reading.width).territory_effects,
                )
        # a Planetary Ring around this body
        for other in fief.bodies:
            r = read_body(other, content)
            if r.effects_to == "circled-body" and other.circles == body.id:
                line(
                    "system",
                    f"{r.name} (waste {other.source}) around {place_names(fief, content).body(body.id)}",
                    r.effects,
                )
    # bodies this House controls (waste 1-7)
    for other in fief.bodies:
        r = read_body(other, content)
        if r.effects_to == "controller" and other.controller == house.id:
            line("system", f"{r.name} (waste {other.source})", r.effects)
    return lines


@attrs.frozen
class EventStep:
    """One history event as applied: what it does as chosen (or what is still to choose),
    and the seven Scores after it (unchanged by an event that adds nothing yet)."""

    event: HistoryEvent
    resolution: Resolution
    after: dict


def event_steps(house: House, content: HouseContent, start: dict, touched: set | None = None) -> list[EventStep]:
    """Every event of the House's history in the order applied, from ``start``, with the
    floor (H6, L4583); events still to choose, or chosen wrongly, add nothing."""
    scores = dict(start)
    steps: list[EventStep] = []
    for ev in history_events(house, content):
        res = resolve(ev, house.choice(ev.source), content)
        if res.deltas is not None:
            scores = clamp_all(apply_deltas(scores, res.deltas, content.floor), content, touched)
        steps.append(EventStep(ev, res, dict(scores)))
    return steps


def history_lines(house: House, content: HouseContent, start: dict, touched: set | None = None) -> list[ScoreLine]:
    """The events that add something (validation names the others), as lines of the working."""
    return [
        ScoreLine(
            "event",
            f"{s.event.source} {s.event.name}" + (f" (Table {s.event.table})" if not s.event.is_set else ""),
            dict(s.resolution.deltas),
            s.after,
        )
        for s in event_steps(house, content, start, touched)
        if s.resolution.deltas is not None
    ]


def running_scores(fief: Fief, house: House, content: HouseContent) -> tuple[dict, list[EventStep]]:
    """The House's seven Scores before its history (after Step Two), and every event of its
    history in the order applied with the Scores after it: the history panel's numbers.
    Householders and holdings come after the history, so they are not in these."""
    starts = start_lines(fief, house, content)
    start = dict(starts[-1].after) if starts else zero(content)
    return start, event_steps(house, content, start)


def member_lines(
    house: House, content: HouseContent, scores: dict, household=(), touched: set | None = None
) -> list[ScoreLine]:
    """One line per householder (L1415, L1472, L1523-L1527, L1614, L1788, L1825), then one per
    holding (L4054-L4151); a holding id the content does not know adds nothing (validation says so)."""
    lines: list[ScoreLine] = []
    for member in household:
        deltas = {k: v for k, v in member.deltas.items() if v}
        if not deltas:
            continue
        scores = clamp_all(add(scores, deltas), content, touched)
        label = member.name + (f" ({', '.join(member.sources)})" if member.sources else "")
        lines.append(ScoreLine("householder", label, deltas, dict(scores)))
    for held in house.holdings:
        item = content.holding(held.id)
        if item is None or held.count < 1:
            continue
        deltas = {item.trait: item.amount * held.count}
        scores = clamp_all(add(scores, deltas), content, touched)
        label = f"{item.name}" + (f" x{held.count}" if held.count != 1 else "")
        lines.append(ScoreLine("holding", label, deltas, dict(scores)))
    return lines


def linked_members(house: House) -> tuple[Householder, ...]:
    """The House's linked characters as the Fief records them (``link_householder``)."""
    return tuple(Householder(hh.name, dict(hh.adds), tuple(hh.sources)) for hh in house.domain.householders if hh.adds)


def members_of(house: House, household=()) -> tuple[Householder, ...]:
    """The linked characters, then those passed (``--household``) that are not among them:
    one character, one contribution, however often it is named (``household.duplicates``
    says which were dropped)."""
    out = list(linked_members(house))
    seen = {m.name.casefold() for m in out}
    for m in household:
        if m.name.casefold() not in seen:
            seen.add(m.name.casefold())
            out.append(m)
    return tuple(out)


def house_scores(fief: Fief, house: House, content: HouseContent, household=()) -> ScoreSheet:
    """The House's Trait Scores: its linked householders (recorded in the Fief) and
    ``household``, a Householder per other character of the House, each counted once."""
    household = members_of(house, household)
    touched: set = set()
    starts = start_lines(fief, house, content, touched)
    start = dict(starts[-1].after) if starts else zero(content)
    events = history_lines(house, content, start, touched)
    scores = dict(events[-1].after) if events else dict(start)
    members = member_lines(house, content, scores, household, touched)
    final = dict(members[-1].after) if members else scores
    ratings = {tr: rating_of(final[tr], content) for tr in content.trait_ids}
    clamped = tuple(tr for tr in content.trait_ids if tr in touched)
    return ScoreSheet(tuple(starts), tuple(events), start, dict(final), final, ratings, clamped, tuple(members))
