"""The monthly House turn at the Fief level: the Household, House Strategy, standing
facts and debts, secrets, and the end of the month (spec domain-management §1, §2, §4,
§6, §7).

Every edit is a named function that changes the Fief in place and returns it (the
window runs it inside ``Document.edit`` as one undo step; the command line saves it).
``end_month`` is steps 8-9 of month m and 1-2 of month m+1: the Ventures' changes,
Degradation (less the traits a Maintain chose), the Strategy decided two months ago
takes effect, the calendar advances and the month's records are cleared into the log.
"""

from __future__ import annotations

from collections import Counter

from landsraad.errors import ChoiceError
from landsraad.house.calendar import date_of
from landsraad.house.content import HouseContent
from landsraad.house.domain_model import (
    HIGH,
    LOW,
    STATUSES,
    FactUse,
    Householder,
    ScoreChange,
    TurnEntry,
)
from landsraad.house.domain_tables import DomainContent
from landsraad.house.facts import standing_facts
from landsraad.house.model import Fief, House
from landsraad.house.operations import (
    free_weeks,
    kidnapped,
    operation_json,
    operations_left,
    perform_operation,
)
from landsraad.house.ventures import (
    _contents,
    acting_pool,
    apply_venture_changes,
    declare_venture,
    effective,
    find_house,
    play_ratings,
    play_scores,
    resolve_venture,
    uses,
    venture_json,
)

__all__ = [
    "add_fact",
    "add_householder",
    "declare_venture",
    "degradation_preview",
    "end_month",
    "house_turn_json",
    "link_householder",
    "month_report",
    "perform_operation",
    "remove_householder",
    "resolve_venture",
    "set_householder_ratings",
    "set_householder_status",
    "legal_acts",
    "set_legal",
    "set_strategy",
    "table_view",
    "unlink_householder",
    "use_fact",
]


# ----- the Household (L4871-L4883) --------------------------------------------------
def add_householder(
    fief: Fief,
    house_id: str,
    name: str,
    rank: str = HIGH,
    character: str | None = None,
    ratings: dict | None = None,
    note: str = "",
) -> Fief:
    house = find_house(fief, house_id)
    name = name.strip()
    if not name:
        raise ChoiceError("a Householder has a name")
    if rank not in (HIGH, LOW):
        raise ChoiceError(f"a Householder is high or low, not {rank!r} (L4881)")
    if house.domain.householder(name) is not None:
        raise ChoiceError(f"{name} is already a Householder of House {house.name}")
    house.domain.householders.append(Householder(name, rank, character, dict(ratings or {}), note=note))
    return fief


def link_householder(
    fief: Fief,
    house_id: str,
    name: str,
    character: str,
    adds: dict,
    sources=(),
    stamp: str = "",
    rank: str = HIGH,
    hc: HouseContent | None = None,
) -> Fief:
    """Link a character document to the House as a Householder (added if new, re-linked if
    already there): what its House-trait advantages add (L1415 ... L1825) is recorded with
    the file's ``stamp``, so every number of the turn reads the Fief alone.  One character
    is one Householder: a file already linked under another name is refused.  The window
    and the command line take the record from ``landsraad.household.link_record(path)``."""
    if hc is None:
        from landsraad.house.content import load_house_content

        hc = load_house_content()
    house = find_house(fief, house_id)
    name, character = name.strip(), (character or "").strip()
    if not character:
        raise ChoiceError("a linked Householder names a character document")
    for t, n in adds.items():
        if t not in hc.trait_ids or isinstance(n, bool) or not isinstance(n, int):
            raise ChoiceError(f"{t} = {n!r}: a linked character adds whole points to a House trait")
    for h in fief.houses:
        for other in h.domain.householders:
            if other.character == character and other.name.casefold() != name.casefold():
                raise ChoiceError(
                    f"{character} is already linked as {other.name} of House {h.name}: one character, one Householder"
                )
    hh = house.domain.householder(name)
    changes = {t: n for t, n in adds.items() if n} != (dict(hh.adds) if hh is not None else {})
    if changes:  # S3: the month's Ratings are fixed once a roll used them (L4905)
        from landsraad.house.domain_tables import load_domain_content
        from landsraad.house.ventures import declare_refusal

        late = declare_refusal(fief, house, load_domain_content())
        if late:
            raise ChoiceError(
                late.replace(
                    "Ventures are declared",
                    "What a linked character adds counts from the start of a month, as Ventures are declared",
                    1,
                )
                + "; link them when the next month begins"
            )
    if hh is None:
        add_householder(fief, house.id, name, rank, character)
        hh = house.domain.householder(name)
        assert hh is not None
    hh.character, hh.adds, hh.sources, hh.stamp = character, {t: n for t, n in adds.items() if n}, list(sources), stamp
    what = ", ".join(sources) or "no House trait"
    fief.turn.append(
        TurnEntry(
            fief.month,
            house.id,
            "householder",
            f"{hh.name} is linked to House {house.name} ({what})",
            who=hh.name,
            detail={"character": character, "adds": dict(hh.adds)},
        )
    )
    return fief


def unlink_householder(fief: Fief, house_id: str, name: str) -> Fief:
    """The Householder stays, without the character document (and what it added)."""
    house = find_house(fief, house_id)
    hh = house.domain.householder(name)
    if hh is None:
        raise ChoiceError(f"{name!r} is not a Householder of House {house.name}")
    hh.character, hh.adds, hh.sources, hh.stamp = None, {}, [], ""
    return fief


def remove_householder(fief: Fief, house_id: str, name: str) -> Fief:
    house = find_house(fief, house_id)
    hh = house.domain.householder(name)
    if hh is None:
        raise ChoiceError(f"{name!r} is not a Householder of House {house.name}")
    if house.domain.venture_of(hh.name) is not None or any(op.actor == hh.name for op in house.domain.operations):
        raise ChoiceError(f"{hh.name} acts this month; they leave the Household when the month ends")
    house.domain.householders.remove(hh)
    return fief


def set_householder_status(fief: Fief, house_id: str, name: str, status: str) -> Fief:
    """The Judge records what became of a Householder (dead, kidnapped, turned, gone) or
    brings one back (active); only an active Householder acts or can be targeted (S17)."""
    house = find_house(fief, house_id)
    hh = house.domain.householder(name)
    if hh is None:
        raise ChoiceError(f"{name!r} is not a Householder of House {house.name}")
    if status not in STATUSES:
        raise ChoiceError(f"a Householder is {', '.join(STATUSES)}; not {status!r}")
    hh.status = status
    fief.turn.append(
        TurnEntry(fief.month, house.id, "householder", f"{hh.name} of House {house.name} is {status}", who=hh.name)
    )
    return fief


def set_householder_ratings(fief: Fief, house_id: str, name: str, ratings: dict) -> Fief:
    house = find_house(fief, house_id)
    hh = house.domain.householder(name)
    if hh is None:
        raise ChoiceError(f"{name!r} is not a Householder of House {house.name}")
    for k, v in ratings.items():
        if not isinstance(v, int) or not 0 <= v <= 10:
            raise ChoiceError(f"{k} = {v!r}: a rating is a whole number 0-10")
    hh.ratings.update(ratings)
    return fief


# ----- House Strategy (L4892-L4898) -------------------------------------------------
def set_strategy(
    fief: Fief, house_id: str, strategy_id: str, hc: HouseContent | None = None, dc: DomainContent | None = None
) -> Fief:
    """Decided in month N, implemented through N+1, active from N+2 (L4896); the old
    Strategy stays in effect until then (A5).  A new decision replaces a pending one and
    restarts the clock; deciding on the Strategy in effect cancels a pending change (S6)."""
    hc, dc = _contents(hc, dc)
    house = find_house(fief, house_id)
    st = dc.strategy(strategy_id)
    d = house.domain
    if st.id == d.strategy:
        d.pending_strategy, d.pending_from = None, None
        text = f"keeps the {st.name} Strategy"
    else:
        d.pending_strategy, d.pending_from = st.id, fief.month + dc.strategy_rules.active_after
        text = (
            f"decides on the {st.name} Strategy: implemented in month {fief.month + 1}, "
            f"active from month {d.pending_from}"
        )
    fief.turn.append(
        TurnEntry(
            fief.month,
            house.id,
            "strategy",
            f"House {house.name} {text}",
            detail={"strategy": st.id, "active_from": d.pending_from},
        )
    )
    return fief


def set_strategy_public(fief: Fief, house_id: str, public: bool) -> Fief:
    find_house(fief, house_id).domain.strategy_public = public
    return fief


# ----- standing facts and debts (L4774, L4786, L4813, L4850, L4858) -----------------
def add_fact(fief: Fief, house_id: str, fact_id: str, text: str = "", dc: DomainContent | None = None) -> Fief:
    """A standing fact that came out of play (a new Boon, an Alliance signed), not history."""
    _, dc = _contents(None, dc)
    house = find_house(fief, house_id)
    if dc.fact(fact_id) is None:
        raise ChoiceError(f"unknown fact {fact_id!r} (facts: {', '.join(f.id for f in dc.facts)})")
    n = 1 + sum(1 for u in house.domain.facts if u.source.startswith("play"))
    house.domain.facts.append(FactUse(fact_id, f"play{n}", text))
    return fief


def use_fact(
    fief: Fief,
    house_id: str,
    fact_id: str,
    source: str | None = None,
    director: str | None = None,
    hc: HouseContent | None = None,
    dc: DomainContent | None = None,
) -> Fief:
    """Reputation: +1d to one Venture, once a month (L4850, R8); Boon: cashed in once
    (L4858); Aid debt: called in by the Judge (L4813).  Standing facts are not used."""
    hc, dc = _contents(hc, dc)
    house = find_house(fief, house_id)
    facts = [
        f
        for f in standing_facts(fief, house, hc, dc)
        if f["fact"] == fact_id and (source is None or f["from"] == source)
    ]
    if not facts:
        raise ChoiceError(f"House {house.name} has no {fact_id} to use")
    item = next((f for f in facts if f["available"]), facts[0])
    fact = dc.fact(fact_id)
    if fact is None:  # standing_facts lists known facts only
        raise ChoiceError(f"unknown fact {fact_id!r}")
    if fact.use == "standing":
        raise ChoiceError(f"{fact.name} is a standing fact, not something to use ({fact.line})")
    if not item["available"]:
        raise ChoiceError(
            f"{fact.name} of House {house.name} is already used "
            + ("this month (once a month, L4850)" if fact.use == "monthly" else f"({fact.line})")
        )
    use = next((u for u in house.domain.facts if u.fact == fact_id and u.source == (item["from"] or "")), None)
    if use is None:
        use = FactUse(fact_id, item["from"] or "")
        house.domain.facts.append(use)
    if fact.use == "monthly":
        if director is not None:
            rec = house.domain.venture_of(director)
            if rec is None or rec.resolved:
                raise ChoiceError(f"{director!r} directs no Venture of House {house.name} still to roll")
            if any(r.reputation for r in house.domain.ventures):
                raise ChoiceError("Reputation adds 1d once a month (L4850)")
            rec.reputation = True
        use.used.append(fief.month)
    else:
        use.spent = True
    fief.turn.append(
        TurnEntry(
            fief.month,
            house.id,
            "fact",
            f"House {house.name} uses its {fact.name}",
            who=director or "",
            detail={"fact": fact_id, "from": item["from"]},
        )
    )
    return fief


LEGAL_STATES = {"war-of-assassins": "a War of Assassins", "kanly": "Kanly"}


def set_legal(fief: Fief, house_a: str, house_b: str, state: str, dc: DomainContent | None = None) -> Fief:
    """Declare (or end, ``state`` "none") the legal conflict between two Houses: a War of
    Assassins or Kanly (L38-L42), the only legal forms of conflict against noble blood; in
    one, the Ventures and Operations whose content says so are no longer flagged (L774,
    L4929).  Both Houses record it; the turn log says it, and when."""
    if state not in ("", "none", *LEGAL_STATES):
        raise ChoiceError("a legal state is none, war-of-assassins or kanly (L38-L42)")
    a, b = find_house(fief, house_a), find_house(fief, house_b)
    if a is b:
        raise ChoiceError(f"House {a.name} cannot be at war with itself")
    was = a.domain.legal.get(b.id, "")
    for x, y in ((a, b), (b, a)):
        if state in ("", "none"):
            x.domain.legal.pop(y.id, None)
        else:
            x.domain.legal[y.id] = state
    if state in ("", "none"):
        if not was:
            raise ChoiceError(f"Houses {a.name} and {b.name} are in no War of Assassins or Kanly")
        text = f"{LEGAL_STATES[was][0].upper()}{LEGAL_STATES[was][1:]} between Houses {a.name} and {b.name} ends"
    else:
        text = f"House {a.name} declares {LEGAL_STATES[state]} on House {b.name}"
    fief.turn.append(
        TurnEntry(
            fief.month,
            a.id,
            "legal",
            text,
            detail={
                "with": b.id,
                "state": state if state not in ("", "none") else None,
                "was": was or None,
                "legal": legal_acts(state, dc),
            },
        )
    )
    return fief


def legal_acts(state: str, dc: DomainContent | None = None) -> list[str]:
    """The Ventures and Operations a legal state makes legal (their ``legal_in``)."""
    _, dc = _contents(None, dc) if dc is None else (None, dc)
    if state in ("", "none"):
        return []
    return [v.name for v in dc.ventures if state in v.legal_in] + [
        f"{o.name} ({o.target.split('-')[-1]})" for o in dc.operations if state in o.legal_in
    ]


# ----- the end of the month ---------------------------------------------------------
def maintained(house: House, dc: DomainContent) -> set[str]:
    """The union of the traits this month's successful Maintains chose (L4910)."""
    out: set[str] = set()
    for rec in house.domain.ventures:
        if dc.venture(rec.venture).effect == "maintain" and rec.width:
            out |= set(rec.maintain[: rec.width])
    return out


def degradation_preview(fief: Fief, hc: HouseContent | None = None, dc: DomainContent | None = None) -> dict:
    """{house id: {trait: -n}}: what the start of next month takes, one Score point per use
    this month (L4905), none for a trait a Maintain chose."""
    hc, dc = _contents(hc, dc)
    return {h.id: house_degradation(h, dc) for h in fief.houses}


def house_degradation(house: House, dc: DomainContent) -> dict:
    """One House's share of ``degradation_preview`` (a report of every House asks each
    for its own: the whole preview per House made ``fief show`` quadratic, issue 28)."""
    keep = maintained(house, dc)
    return {t: -dc.degradation.per_use * n for t, n in sorted(uses(house, dc).items()) if t not in keep and n}


def end_month(fief: Fief, hc: HouseContent | None = None, dc: DomainContent | None = None) -> Fief:
    hc, dc = _contents(hc, dc)
    m = fief.month
    applied = apply_venture_changes(fief, hc, dc)
    degrade = degradation_preview(fief, hc, dc)
    nxt = m + 1
    for h in fief.houses:
        d = h.domain
        for rec in d.ventures:
            if not rec.resolved:
                fief.turn.append(
                    TurnEntry(
                        m,
                        h.id,
                        "venture",
                        f"{rec.director}'s {dc.venture(rec.venture).name} was never rolled and lapses",
                        who=rec.director,
                    )
                )
        if degrade[h.id]:
            d.changes.append(ScoreChange(nxt, dict(degrade[h.id]), f"Degradation at the start of month {nxt}"))
        if d.pending_strategy and d.pending_from is not None and d.pending_from <= nxt:
            d.strategy, d.pending_strategy, d.pending_from = d.pending_strategy, None, None
            fief.turn.append(
                TurnEntry(
                    nxt, h.id, "strategy", f"House {h.name}'s {dc.strategy(d.strategy).name} Strategy is in effect"
                )
            )
        _deliver(fief, h, nxt)
        d.ventures.clear()
        d.operations.clear()
    date = date_of(nxt, dc.calendar.months_per_year)
    fief.month = nxt
    fief.turn.append(
        TurnEntry(
            nxt,
            "",
            "month",
            f"{date.label} begins",
            detail={"ventures": applied, "degradation": {k: v for k, v in degrade.items() if v}},
        )
    )
    return fief


def _deliver(fief: Fief, house: House, month: int) -> None:
    """Gear due for ``month`` (the one beginning) arrives; gear that is a holding is held from
    then on (L3919, L4054-L4151)."""
    for order in [o for o in house.domain.orders if o.arrives <= month]:
        house.domain.orders.remove(order)
        if order.holding:
            held = next((x for x in house.holdings if x.id == order.holding), None)
            if held is None:
                from landsraad.house.model import Holding

                house.holdings.append(Holding(order.holding, order.count, note=f"obtained in month {order.ordered}"))
            else:
                held.count += order.count
        fief.turn.append(
            TurnEntry(
                month,
                house.id,
                "gear",
                f"{order.gear} arrives for House {house.name}" + (f" (x{order.count})" if order.count > 1 else ""),
                detail={"holding": order.holding or None, "count": order.count},
            )
        )


# ----- reports ----------------------------------------------------------------------
def house_turn_json(fief: Fief, house: House, hc: HouseContent | None = None, dc: DomainContent | None = None) -> dict:
    """What ``fief show --json`` adds per House: month, strategy, householders, uses, facts…"""
    hc, dc = _contents(hc, dc)
    d = house.domain
    u = uses(house, dc)
    return {
        "month": fief.month,
        "date": date_of(fief.month, dc.calendar.months_per_year).to_json(),
        "strategy": {
            "active": d.strategy,
            "pending": d.pending_strategy,
            "active_from": d.pending_from,
            "public": d.strategy_public,
        },
        "householders": [
            {
                "name": hh.name,
                "rank": hh.rank,
                "character": hh.character,
                "status": hh.status,
                "ratings": dict(hh.ratings),
                "linked": hh.linked,
                "adds": dict(hh.adds),
                "from": list(hh.sources),
                "venture": _venture_id(d, hh.name) if hh.rank == HIGH else None,
                "ventures_left": (0 if d.venture_of(hh.name) else dc.budget.ventures_per_high)
                if hh.rank == HIGH
                else 0,
                "operations_left": operations_left(house, hh.name, dc) if hh.rank == HIGH else 0,
                "free_weeks": free_weeks(house, hh.name, dc) if hh.rank == HIGH else [],
                "kidnapped": kidnapped(fief, house, hh.name, dc),
            }
            for hh in d.householders
        ],
        "uses": {t: u.get(t, 0) for t in hc.trait_ids},
        "effective": effective(fief, house, hc, dc),
        "play_scores": play_scores(fief, house, hc),
        "play_ratings": play_ratings(fief, house, hc),
        "facts": standing_facts(fief, house, hc, dc),
        "legal": dict(d.legal),
        "ventures": [venture_json(fief, house, r, hc, dc) for r in d.ventures],
        "operations": [operation_json(fief, house, op, dc) for op in d.operations],
        "knowledge": [
            {"about": k.about, "what": k.what, "value": k.value, "month": k.month, "source": k.source, "true": k.true}
            for k in d.knowledge
        ],
        "changes": [{"month": c.month, "deltas": dict(c.deltas), "why": c.why} for c in d.changes],
        "orders": [
            {"gear": o.gear, "holding": o.holding or None, "count": o.count, "ordered": o.ordered, "arrives": o.arrives}
            for o in d.orders
        ],
        "degradation_next": house_degradation(house, dc),
    }


def _venture_id(d, name: str) -> str | None:
    rec = d.venture_of(name)
    return rec.venture if rec is not None else None


def month_report(
    fief: Fief, hc: HouseContent | None = None, dc: DomainContent | None = None, month: int | None = None
) -> dict:
    """All Houses, all Ventures and Operations and their results, of this month (or of an
    earlier month, from the turn log)."""
    hc, dc = _contents(hc, dc)
    m = fief.month if month is None else month
    names = {h.id: h.name for h in fief.houses}
    houses = []
    for h in fief.houses:
        entry: dict = {
            "house": h.name,
            "id": h.id,
            "strategy": h.domain.strategy if m == fief.month else None,
            "pending": h.domain.pending_strategy if m == fief.month else None,
            "ratings": play_ratings(fief, h, hc),
        }
        if m == fief.month:
            entry["ventures"] = [venture_json(fief, h, r, hc, dc) for r in h.domain.ventures]
            entry["operations"] = [operation_json(fief, h, op, dc) for op in h.domain.operations]
            entry["pools"] = {r.director: acting_pool(fief, h, r, hc, dc).dice for r in h.domain.ventures}
        else:  # a past month, from the turn log (resolved Ventures as answered then)
            entry["ventures"] = [
                e.detail
                for e in fief.turn
                if e.month == m and e.house == h.id and e.kind == "venture" and e.detail.get("venture")
            ]
            entry["operations"] = [
                e.detail for e in fief.turn if e.month == m and e.house == h.id and e.kind == "operation"
            ]
        houses.append(entry)
    if m == fief.month:
        degradation = degradation_preview(fief, hc, dc)
    else:
        ends = [e.detail.get("degradation", {}) for e in fief.turn if e.kind == "month" and e.month == m + 1]
        degradation = ends[0] if ends else {}
    return {
        "month": m,
        "date": date_of(m, dc.calendar.months_per_year).to_json(),
        "fief": fief.name,
        "houses": houses,
        "names": names,
        "past": m != fief.month,
        "degradation_next": degradation,
        "log": [
            {"month": e.month, "house": names.get(e.house, ""), "kind": e.kind, "text": e.text}
            for e in fief.turn
            if e.month == m
        ],
    }


def table_view(fief: Fief, hc: HouseContent | None = None, dc: DomainContent | None = None) -> dict:
    """What the group at the table may see (spec S18): the month, every public Strategy,
    the players' House in full, and what the players' House has learnt of the others."""
    hc, dc = _contents(hc, dc)
    players = [h for h in fief.houses if h.player]
    knows = [k for p in players for k in p.domain.knowledge]
    houses = []
    for h in fief.houses:
        mine = h.player
        learnt = [k for k in knows if k.about == h.id]
        strategy = h.domain.strategy if (mine or h.domain.strategy_public) else None
        told = [k.value for k in learnt if k.what == "strategy"]
        houses.append(
            {
                "house": h.name,
                "players": mine,
                "strategy": strategy,
                "strategy_learnt": told[-1] if told and not strategy else None,
                "ventures": [_as_received(venture_json(fief, h, r, hc, dc), dc) for r in h.domain.ventures]
                if mine
                else [],
                "learnt": [{"what": k.what, "value": k.value, "month": k.month} for k in learnt],
            }
        )
    # the players feel a rival's hostile Venture, but who made it stays the Judge's (S18)
    felt = []
    names_of = {x.id: x.name for x in fief.houses}
    for h in fief.houses:
        for r in h.domain.ventures:
            hit = {p.id for p in players} & set(r.changes) - {h.id}
            if r.resolved and hit:
                felt.append(
                    {
                        "venture": r.venture,
                        "target": r.target,
                        "width": r.width,
                        "height": r.height,
                        "changes": {names_of.get(k, k): dict(r.changes[k]) for k in sorted(hit)},
                        "by": None,
                    }
                )
    return {
        "month": fief.month,
        "date": date_of(fief.month, dc.calendar.months_per_year).to_json(),
        "houses": houses,
        "against_players": felt,
    }


SECRET_EFFECTS = ("reveal-strategy", "surveil")


def _as_received(answer: dict, dc: DomainContent) -> dict:
    """An information Venture as its House receives it (L4912, L4970: "Rivals aren't aware of
    whether they pass or fail. All they know is that they receive results"): what was learnt,
    never the Width, the counter, the Difficulty or the reading that would tell a fake."""
    if dc.venture(answer["venture"]).effect not in SECRET_EFFECTS:
        return answer
    if answer["width"] is None:  # declared, not rolled yet
        keep = ("venture", "name", "house", "month", "director", "traits", "target", "pool", "pool_parts", "line")
        return {k: answer[k] for k in keep}
    keep = ("venture", "name", "house", "month", "director", "traits", "target", "pool", "pool_parts", "line")
    out = {k: answer[k] for k in keep}
    out["faces"] = list((answer.get("roll") or {}).get("faces") or [])  # the dice they rolled, unread
    reveals = dict(answer.get("reveals") or {})
    reveals.pop("result", None)
    out["received"] = reveals or None  # None: no result reached the House (S19)
    return out


def counts(fief: Fief) -> Counter:
    return Counter(e.kind for e in fief.turn)
