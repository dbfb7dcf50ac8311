"""What validation says about a Fief and its Houses: a list of Finding, each carrying the
spec's rule id (house-creation.md §9, V1-V15) so a message never drifts from its check.

Severity: ERROR breaks a rule; TODO is still to choose; WARNING is allowed but the Judge
should know (a reading we chose, a set wider than the tables).
"""

from __future__ import annotations

import attrs

from landsraad.dice import CREATION_DICE
from landsraad.findings import Finding, Severity, cited
from landsraad.house.content import HouseContent
from landsraad.house.fief import habitable_planets, minor_houses_needed, occupants, read_body
from landsraad.house.history import history_events, resolve
from landsraad.house.model import MAJOR, Fief, House
from landsraad.house.place_names import place_names
from landsraad.house.scores import house_scores

E, W, T = Severity.ERROR, Severity.WARNING, Severity.TODO

# Where each area of House creation is printed: a finding that cites no line of its own
# names this page (Step One L4356, placing the Houses L4455, history L4583, Traits L4168,
# holdings L4054).
AREA_LINES = {"fief": "L4356", "territory": "L4455", "history": "L4583", "scores": "L4168", "holdings": "L4054"}


def _with_line(f: Finding) -> Finding:
    return f if f.line or f.step not in AREA_LINES else attrs.evolve(f, line=AREA_LINES[f.step])


def fief_findings(fief: Fief, content: HouseContent) -> list[Finding]:
    """Findings about the Fief as a whole (not about one House)."""
    out: list[Finding] = []

    def f(sev, rule, msg, field=None):
        out.append(_with_line(cited(sev, "fief", rule, f"Siridar Fief: {msg}", field)))

    if fief.roll is None:
        f(T, "V1", "roll the 11d10 of the system.", "roll")
    else:
        if len(fief.roll) != CREATION_DICE:
            f(E, "V1", f"the system roll has {len(fief.roll)} dice; it is {CREATION_DICE}d10.", "roll")
        read_as = {b.source for b in fief.bodies}
        for s in fief.roll.sets:
            if s.width > content.max_width and s.label in read_as:  # unless broken up (L147)
                f(W, "V3", f"{s.label} is wider than the tables; read as the {content.max_width}x row.", "roll")
        rolled = sorted([s.label for s in fief.roll.sets] + [str(w) for w in fief.roll.waste])
        have = sorted(b.source for b in fief.bodies if not b.added)
        # Breaking Up (L147-L149): the bodies may split a set, as long as they hold the roll's dice
        if rolled != have and _faces_of(have) != sorted(fief.roll.faces):
            f(
                E,
                "V4",
                f"the bodies ({', '.join(have) or 'none'}) do not match the roll ({', '.join(rolled)}).",
                "bodies",
            )
    ids = [b.id for b in fief.bodies]
    for dup in sorted({i for i in ids if ids.count(i) > 1}):
        f(E, "V4", f"two bodies have the id {dup!r}.", "bodies")
    tids = [t.id for b in fief.bodies for t in b.territories]
    for dup in sorted({i for i in tids if tids.count(i) > 1}):
        f(E, "V4", f"two Territories have the id {dup!r}.", "bodies")
    hids = [h.id for h in fief.houses]
    for dup in sorted({i for i in hids if hids.count(i) > 1}):
        f(E, "V5", f"two Houses have the id {dup!r}.", "houses")
    for fix in fief.read_fixes:  # what reading the document fixed (issue 28)
        f(W, "V5", fix + ".", "houses")

    max_features = content.territory.rules.max_features
    names = place_names(fief, content)
    for body in fief.bodies:
        reading = read_body(body, content)
        label = names.body(body.id)
        where = f"bodies.{body.id}"
        if not body.added and len(body.territories) != reading.territories:
            f(
                E,
                "V4",
                f"{label} ({body.source}) has {len(body.territories)} Territories; "
                f"the table gives {reading.territories}.",
                where,
            )
        for t in body.territories:
            tname = names.territory(t.id)
            if len(t.features) > max_features:
                f(E, "V7", f"Territory {tname} has {len(t.features)} features; at most {max_features}.", where)
            for feat in sorted({x for x in t.features if t.features.count(x) > 1}):
                f(E, "V7", f"Territory {tname} lists {feat!r} twice.", where)
            for feat in t.features:
                if content.terrain(feat) is None:
                    f(E, "V7", f"Territory {tname}: {feat!r} is not a terrain feature.", where)
            if reading.domain == "arcology":
                if t.arcology_type is None:
                    if occupants(fief, t.id):
                        f(T, "V8", f"choose the arcology type of {tname}.", where)
                elif (arcology := content.arcology_type(t.arcology_type)) is None:
                    f(E, "V8", f"{t.arcology_type!r} is not an arcology type.", where)
                elif arcology.provisional:
                    f(
                        W,
                        "V8",
                        f"{tname}: the {arcology.name} modifiers are a PROVISIONAL reading of a flattened table.",
                        where,
                    )
                if t.features:
                    f(W, "V8", f"{tname} is an arcology; by default arcologies take no terrain feature (S14).", where)
            elif t.arcology_type is not None:
                f(E, "V8", f"{tname} is not an arcology and takes no arcology type.", where)
        # who controls a Solar System Feature (V10)
        # the body as the group calls it, with the table's reading when they named it
        what = (
            f"{label} ({reading.name}, waste {body.source})"
            if body.name.strip() not in ("", reading.name)
            else f"the {label} (waste {body.source})"
        )
        opening = what[0].upper() + what[1:]  # the same, opening a sentence
        if reading.controller:
            c = body.controller
            if c is None:
                who = "a House Minor" if reading.controller == "house-minor" else "a House (or the House Major)"
                f(T, "V10", f"assign {what} to {who}.", where)
            elif c == MAJOR:
                if reading.controller == "house-minor":
                    f(E, "V10", f"{opening} goes to one of the Houses Minor, not the House Major (L4420).", where)
            elif fief.house(c) is None:
                f(E, "V10", f"{opening} is assigned to an unknown House {c!r}.", where)
        elif body.controller is not None:
            f(E, "V10", f"{label} has no controlling House to assign.", where)
        if reading.effects_to == "circled-body":
            target = fief.body(body.circles) if body.circles else None
            if body.circles is None:
                f(T, "V10", f"choose the planet or moon {what} circles.", where)
            elif target is None or target.added or read_body(target, content).domain not in ("moon", "planet"):
                f(
                    E,
                    "V10",
                    f"{opening} circles a rolled planet or moon, not "
                    f"{names.body(body.circles) if target is not None else repr(body.circles)}.",
                    where,
                )
        elif body.circles is not None:
            f(E, "V10", f"{label} is not a ring and circles nothing.", where)

    needed = minor_houses_needed(habitable_planets(fief, content), content)
    if len(fief.houses) < needed:
        f(
            T,
            "V5",
            f"{len(fief.houses)} Houses Minor; this system needs {needed} "
            f"(the players' House plus one per 2 habitable planets, at least 2 more).",
            "houses",
        )
    players = [h for h in fief.houses if h.player]
    if len(players) > 1:
        f(W, "V5", f"{len(players)} Houses are marked as the players' House.", "houses")
    return out


def house_findings(fief: Fief, house: House, content: HouseContent, household=()) -> list[Finding]:
    out: list[Finding] = []

    def f(sev, step, rule, msg, field=None):
        out.append(_with_line(cited(sev, step, rule, f"House {house.name}: {msg}", field)))

    # territory (V6, V7)
    found = fief.territory(house.territory)
    if house.territory is None:
        f(T, "territory", "V6", "choose a Territory of the Fief.", "territory")
    elif found is None:
        f(E, "territory", "V6", f"Territory {house.territory!r} is not in this Fief.", "territory")
    else:
        body, territory = found
        if body.added:
            f(
                E,
                "territory",
                "V6",
                f"{place_names(fief, content).body(body.id)} was added by hand and has no game effect; "
                "a House sits in a Territory the roll produced (L1116).",
                "territory",
            )
        elif territory.features and house.predominant is None:
            f(
                T,
                "territory",
                "V7",
                f"choose the predominant feature of {place_names(fief, content).territory(territory.id)}.",
                "predominant",
            )
        if house.predominant is not None and house.predominant not in territory.features:
            f(
                E,
                "territory",
                "V7",
                f"{house.predominant!r} is not a feature of {place_names(fief, content).territory(territory.id)}.",
                "predominant",
            )

    # history (V1, V3, V11)
    roll = house.history
    if roll is None:
        f(T, "history", "V11", "roll the 11d10 of its history.", "history")
    else:
        if len(roll) != CREATION_DICE:
            f(E, "history", "V1", f"the history roll has {len(roll)} dice; it is {CREATION_DICE}d10.", "history")
        events = history_events(house, content)
        sources = {ev.source for ev in events}
        set_sources = {ev.source for ev in events if ev.is_set}
        if house.founding is None:
            f(T, "history", "V11", "choose one set as the Founding Set.", "founding")
        elif house.founding not in set_sources:
            f(E, "history", "V11", f"the Founding Set {house.founding!r} is not a set of its roll.", "founding")
        for ev in events:
            if ev.wider_than_table:
                f(
                    W,
                    "history",
                    "V3",
                    f"{ev.source} is wider than the tables; read as the {content.history.rules.max_width}x row.",
                    ev.source,
                )
            res = resolve(ev, house.choice(ev.source), content)
            label = f"{ev.source} {ev.name}"
            if res.todo:
                f(T, "history", "V11", f"{label}: {res.todo}.", ev.source)
            elif res.error:
                f(E, "history", "V11", f"{label}: {res.error}.", ev.source)
            if ev.row.record:
                f(W, "history", "V15", f"{label}: {ev.row.record}", ev.source)
        for ch in house.choices:
            if ch.source not in sources:
                f(
                    E,
                    "history",
                    "V11",
                    f"a choice for {ch.source!r}, which is not in its roll, is kept but not applied.",
                    ch.source,
                )
            elif ch.source in set_sources and ch.table not in ("A", "B", ""):
                f(E, "history", "V11", f"{ch.source}: table {ch.table!r} is A or B.", ch.source)
            elif ch.table not in ("A", "B", ""):
                f(E, "history", "V11", f"{ch.source}: waste table {ch.table!r} is A or B.", ch.source)
        ids = [ch.source for ch in house.choices]
        for dup in sorted({i for i in ids if ids.count(i) > 1}):
            f(E, "history", "V11", f"two choices are recorded for {dup}; the first is used.", dup)
        pool = [ev.source for ev in events]
        for source in house.event_order:
            if source in pool:
                pool.remove(source)
            else:
                f(
                    E,
                    "history",
                    "H5",
                    f"the order names {source!r}, which is not (or no more) in its roll; it is skipped (L4583).",
                    "event_order",
                )
        if house.event_order:
            f(
                W,
                "history",
                "H5",
                "the events apply in the order the Judge chose, not the default "
                "(sets by Height, then waste dice); the floor of 5 follows it (L4583).",
                "event_order",
            )

    # holdings (L4054-L4151)
    for held in house.holdings:
        item = content.holding(held.id)
        if item is None:
            f(
                E,
                "holdings",
                "V16",
                f"{held.id!r} is not a holding that adds to a Trait Score "
                f"({', '.join(x.id for x in content.holdings)}).",
                "holdings",
            )
        elif held.count < 1:
            f(E, "holdings", "V16", f"{item.name}: the House holds at least 1, not {held.count}.", "holdings")

    # scores (V13)
    sheet = house_scores(fief, house, content, household)
    for tr in sheet.clamped:
        name = next(x.name for x in content.traits if x.id == tr)
        f(
            W,
            "scores",
            "V13",
            f"{name} would leave {content.rating.score_min}..{content.rating.score_max} "
            f"on a line of the working; it stops at the edge (L4168), ending at {sheet.scores[tr]}.",
            tr,
        )
    return out


def all_findings(fief: Fief, content: HouseContent) -> list[Finding]:
    out = fief_findings(fief, content)
    for h in fief.houses:
        out += house_findings(fief, h, content)
    return out


def _faces_of(sources) -> list[int] | None:
    """The dice a list of body sources ("3x4", "9") stands for, sorted; None if one is unreadable."""
    from landsraad.house.fief import parse_source

    faces: list[int] = []
    for source in sources:
        parsed = parse_source(source)
        if parsed is None:
            return None
        faces.extend([parsed[1]] * parsed[0])
    return sorted(faces)
