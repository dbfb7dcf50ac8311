"""A House's standing facts and debts of its history, as they act in play (spec §6.1):
Reputation's +1d once a month (L4850), a Boon cashed in once (L4858), an Aid debt called
in (L4813).  Kept apart so the Venture and Operation rolls can spend a Reputation without
importing the month's edits.
"""

from __future__ import annotations

from landsraad.errors import ChoiceError
from landsraad.house.content import HouseContent
from landsraad.house.domain_model import FactUse
from landsraad.house.domain_tables import DomainContent
from landsraad.house.history import history_events
from landsraad.house.model import Fief, House


def standing_facts(fief: Fief, house: House, hc: HouseContent, dc: DomainContent) -> list[dict]:
    """The House's history events that act in play, with their use, and facts added by hand."""
    out, seen = [], set()
    records = {(u.fact, u.source): u for u in house.domain.facts}
    for ev in history_events(house, hc):
        fact = dc.fact_of_event(ev.event_id)
        if fact is None:
            continue
        use = records.get((fact.id, ev.source))
        seen.add((fact.id, ev.source))
        out.append(_fact_json(fact, ev.source, use, fief.month))
    for use in house.domain.facts:
        if (use.fact, use.source) not in seen:
            fact = dc.fact(use.fact)
            if fact is not None:
                out.append(_fact_json(fact, use.source, use, fief.month))
    return out


def _fact_json(fact, source: str, use: FactUse | None, month: int) -> dict:
    used = list(use.used) if use else []
    spent = bool(use and use.spent)
    if fact.use == "monthly":
        available = month not in used
    elif fact.use in ("once", "called"):
        available = not spent
    else:
        available = None
    return {
        "fact": fact.id,
        "name": fact.name,
        "from": source or None,
        "use": fact.use,
        "text": (use.text if use and use.text else fact.text),
        "used": used,
        "spent": spent,
        "available": available,
        "line": fact.line,
    }


def spend_monthly(fief: Fief, house: House, fact_id: str, hc: HouseContent, dc: DomainContent) -> dict:
    """Mark a monthly fact (Reputation) used this month; ChoiceError if the House has none
    or used it already ("Once per Month, one of your Household may add 1d to a dice roll
    related to your duty or reputation", L4850).  Returns the fact as ``standing_facts`` lists it."""
    fact = dc.fact(fact_id)
    if fact is None:
        raise ChoiceError(f"unknown fact {fact_id!r}")
    facts = [f for f in standing_facts(fief, house, hc, dc) if f["fact"] == fact.id]
    if not facts:
        raise ChoiceError(f"House {house.name} has no {fact.name} (L4850)")
    item = next((f for f in facts if f["available"]), None)
    if item is None:
        raise ChoiceError(f"{fact.name} of House {house.name} is already used this month (once a month, L4850)")
    use = next((u for u in house.domain.facts if u.fact == fact.id and u.source == (item["from"] or "")), None)
    if use is None:
        use = FactUse(fact.id, item["from"] or "")
        house.domain.facts.append(use)
    use.used.append(fief.month)
    return item
