"""Step Three: a House's history events and what each chosen option does
(spec house-creation.md §5).

``history_events`` lists the events of a House's 11d10 in the order they apply (S2: sets
by Height descending, then waste dice by value descending), each with its table row.
``resolve`` turns an event plus the House's choice into trait deltas, or says what is
still to choose or what is wrong; ``apply_delta`` is the floor of 5 (H6).
``roll_madness`` rolls the seven d10s of a Madness event, seeded and logged.
"""

from __future__ import annotations

import itertools

import attrs

from landsraad.dice import Roll, RollLogEntry, roll_pool
from landsraad.errors import ChoiceError
from landsraad.house import tables as t
from landsraad.house.content import HouseContent
from landsraad.house.model import EventChoice, Fief, House


@attrs.frozen
class HistoryEvent:
    source: str  # "2x9" or "10"
    table: str  # "sets", "A" or "B"
    event_id: str
    name: str
    row: t.EventRow
    width: int
    height: int
    wider_than_table: bool = False
    founding_text: str = ""

    @property
    def is_set(self) -> bool:
        return self.table == "sets"


def history_events(house: House, content: HouseContent) -> list[HistoryEvent]:
    roll = house.history
    if roll is None:
        return []
    # The events depend on the roll and on the table each waste die is read on (S3), only.
    tables = tuple(_waste_table(house, face) for face in roll.waste)
    events = content.remember(("events", roll.faces, tables), lambda: tuple(_read_events(roll, tables, content)))
    return order_events(list(events), house.event_order)


def order_events(events: list, order: list[str]) -> list:
    """The events in the order the Judge chose (L4583, "in the order that you rolled them"):
    sources named in ``order`` first, in that order, then the rest in the default order.
    A source named twice takes the next event of that source (two waste dice of one face)."""
    if not order:
        return events
    rest = list(events)
    chosen = []
    for source in order:
        for i, ev in enumerate(rest):
            if ev.source == source:
                chosen.append(rest.pop(i))
                break
    return chosen + rest


def set_event_order(house: House, order: list[str], content: HouseContent) -> None:
    """Record the order the events apply in; ChoiceError for a source not in the House's roll."""
    default = [ev.source for ev in history_events(attrs.evolve(house, event_order=[]), content)]
    pool = list(default)
    for source in order:
        if source not in pool:
            raise ChoiceError(
                f"House {house.name}: no event {source!r} left in its history roll ({', '.join(default)})"
            )
        pool.remove(source)
    house.event_order = list(order)


def _waste_table(house: House, face: int) -> str:
    """The table a waste die is read on: the House's choice, Table A unless it chose B."""
    ch = house.choice(str(face))
    return ch.table if ch is not None and ch.table in ("A", "B") else "A"


def _read_events(roll, tables: tuple[str, ...], content: HouseContent) -> list[HistoryEvent]:
    events: list[HistoryEvent] = []
    wmax = content.history.rules.max_width
    for s in sorted(roll.sets, key=lambda s: (-s.height, -s.width)):
        ev = content.set_event(s.height)
        events.append(
            HistoryEvent(
                source=s.label,
                table="sets",
                event_id=ev.id,
                name=ev.name,
                row=ev.row_for(s.width),
                width=s.width,
                height=s.height,
                wider_than_table=s.width > wmax,
                founding_text=ev.founding,
            )
        )
    for face, table in zip(roll.waste, tables):
        wev = content.waste_event(table, face)
        events.append(
            HistoryEvent(
                source=str(face), table=table, event_id=wev.id, name=wev.name, row=wev.as_row, width=1, height=face
            )
        )
    return events


@attrs.frozen
class Resolution:
    deltas: dict | None  # None: nothing applies yet (still to choose, or wrong)
    todo: str = ""  # what is still to choose
    error: str = ""  # why the recorded choice does not fit


def resolve(event: HistoryEvent, choice: EventChoice | None, content: HouseContent) -> Resolution:
    """The trait deltas of one event as chosen; never raises."""
    row = event.row
    kind = row.kind
    if kind == "record":
        return Resolution({})
    if kind == "options":
        if choice is None or choice.option is None:
            return Resolution(None, todo=f"choose one of {len(row.options)} options")
        if not isinstance(choice.option, int) or not 1 <= choice.option <= len(row.options):
            return Resolution(None, error=f"option {choice.option!r} is not 1..{len(row.options)}")
        return Resolution(dict(row.options[choice.option - 1]))
    if kind == "traits":
        n = len(row.choose_traits)
        picked = list(choice.traits) if choice is not None else []
        if not picked:
            return Resolution(None, todo=f"choose {n} different trait{'s' if n > 1 else ''}")
        unknown = [x for x in picked if x not in content.trait_ids]
        if unknown:
            return Resolution(None, error=f"unknown trait(s) {unknown}")
        if len(picked) != n:
            return Resolution(None, error=f"needs {n} trait(s), {len(picked)} chosen")
        if len(set(picked)) != n:
            return Resolution(None, error="the traits chosen must be different")
        return Resolution({tr: amount for tr, amount in zip(picked, row.choose_traits)})
    # madness
    faces = list(choice.madness) if choice is not None else []
    if not faces:
        return Resolution(None, todo="roll a d10 for each of the seven traits")
    if len(faces) != len(content.trait_ids) or any(
        isinstance(f, bool) or not isinstance(f, int) or not 1 <= f <= 10 for f in faces
    ):
        return Resolution(None, error=f"needs seven d10 faces 1..10, got {faces}")
    table = content.history.madness.deltas
    return Resolution({tr: table[f - 1] for tr, f in zip(content.trait_ids, faces)})


def apply_delta(old: int, delta: int, floor: int) -> int:
    """H6 (L4583): history can reduce a Score to the floor but no lower, and never lowers
    a Score already at or below it."""
    if delta >= 0:
        return old + delta
    return max(old + delta, min(old, floor))


def apply_deltas(scores: dict, deltas: dict, floor: int) -> dict:
    out = dict(scores)
    for trait, d in deltas.items():
        out[trait] = apply_delta(out.get(trait, 0), d, floor)
    return out


def option_list(event: HistoryEvent, content: HouseContent) -> list[dict]:
    """Every delta the event can give (for "choose N traits", every legal pick; Madness: none)."""
    row = event.row
    if row.kind == "options":
        return [dict(o) for o in row.options]
    if row.kind == "traits":
        return [
            dict(zip(pick, row.choose_traits))
            for pick in itertools.permutations(content.trait_ids, len(row.choose_traits))
            if len(set(row.choose_traits)) > 1 or list(pick) == sorted(pick, key=content.trait_ids.index)
        ]
    return []


# ----- choosing -------------------------------------------------------------------------
def _event(house: House, source: str, content: HouseContent) -> HistoryEvent:
    for ev in history_events(house, content):
        if ev.source == source:
            return ev
    raise ChoiceError(f"House {house.name}: no event {source!r} in its history roll")


def set_history(fief: Fief, house: House, roll: Roll, when: str | None = None) -> None:
    house.history = roll
    fief.log.append(RollLogEntry.of(roll, "history", f"House {house.name}", "Step Three: House History (11d10)", when))


def choose_option(house: House, source: str, option: int, content: HouseContent) -> None:
    ev = _event(house, source, content)
    if ev.row.kind != "options" or not 1 <= option <= len(ev.row.options):
        raise ChoiceError(f"{ev.name} ({source}) has no option {option}")
    house.choice_for(source).option = option


def choose_traits(house: House, source: str, traits: list[str], content: HouseContent) -> None:
    ev = _event(house, source, content)
    picked = [content.trait_id(x) or x for x in traits]
    ch = EventChoice(source, traits=picked)
    r = resolve(ev, ch, content)
    if ev.row.kind != "traits" or r.error:
        raise ChoiceError(f"{ev.name} ({source}): {r.error or 'does not choose traits'}")
    house.choice_for(source).traits = picked


def choose_table(house: House, source: str, table: str, content: HouseContent) -> None:
    """Read a waste die on Table A or B (S3); a choice that no longer fits is kept and flagged."""
    if table not in ("A", "B"):
        raise ChoiceError(f"waste table {table!r} is A or B")
    ev = _event(house, source, content)
    if ev.is_set:
        raise ChoiceError(f"{source} is a set, not a waste die")
    house.choice_for(source).table = table


def roll_madness(
    fief: Fief,
    house: House,
    source: str,
    content: HouseContent,
    seed: int | None = None,
    faces: list[int] | None = None,
    when: str | None = None,
) -> Roll:
    """The seven d10 of a Madness event (one per trait, in trait order): seeded (or typed), logged."""
    ev = _event(house, source, content)
    if ev.row.kind != "madness":
        raise ChoiceError(f"{ev.name} ({source}) is not Madness")
    roll = Roll(tuple(faces), None) if faces is not None else roll_pool(len(content.trait_ids), seed)
    if len(roll.faces) != len(content.trait_ids):
        raise ChoiceError(f"Madness rolls {len(content.trait_ids)} d10, one per trait")
    house.choice_for(source).madness = list(roll.faces)
    table = content.history.madness.deltas
    reading = ", ".join(f"{tr.name} {f} ({table[f - 1]:+d})" for tr, f in zip(content.traits, roll.faces))
    fief.log.append(
        RollLogEntry.of(
            roll,
            "madness",
            f"House {house.name}",
            f"Madness (waste {source}, Table {ev.table}): one d10 per trait",
            when,
            reading=reading,
        )
    )
    return roll


def political_history(fief: Fief, content: HouseContent) -> list[dict]:
    """The Fief's shared political history: each House's events side by side, in order
    (row N holds every House's N-th event), for the group to weave together (L1131)."""
    columns = {h.name: history_events(h, content) for h in fief.houses}
    depth = max((len(evs) for evs in columns.values()), default=0)
    rows = []
    for i in range(depth):
        rows.append(
            {
                "position": i + 1,
                "events": {
                    name: (f"{evs[i].source} {evs[i].name}" if i < len(evs) else None) for name, evs in columns.items()
                },
            }
        )
    return rows
