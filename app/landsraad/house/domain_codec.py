"""The monthly House turn in the Fief document (schema_version 3): write and read.

Kept apart from ``landsraad.house.document`` so the document codec only calls four
functions: ``fief_extra_json`` / ``house_extra_json`` when writing, ``read_fief_extra`` /
``read_house_extra`` when reading (``r`` is the codec's reader, which names the field of
any error).  Version 1 documents are upgraded by ``upgrade_fief_1`` (month 1, no turn
yet, every House Neutral with an empty Household), version 2 by ``upgrade_fief_2``
(Householders gain the linked character's record).

    "month": 3, "turn": [{"month", "house", "kind", "text", "who", "detail"}],
    houses[i].domain: {"strategy", "pending_strategy", "pending_from", "strategy_public",
        "householders": [{"name", "rank", "character", "ratings", "status", "note", "adds", "sources", "stamp"}],
        "ventures": […], "operations": […], "facts": […], "knowledge": […],
        "changes": [{"month", "deltas", "why"}], "legal": {house id: state}}
"""

from __future__ import annotations

from typing import Any

import attrs

from landsraad.house.domain_model import (
    GEAR_TIMES,
    MANIPULATIONS,
    STATUSES,
    DiceRecord,
    FactUse,
    GearOrder,
    HouseDomain,
    Householder,
    Knowledge,
    OperationRecord,
    RatingPenalty,
    ScoreChange,
    TurnEntry,
    VentureRecord,
)

_NONE = type(None)


# ----- migration --------------------------------------------------------------------
def upgrade_fief_1(data: dict) -> dict:
    """schema_version 1 -> 2: the calendar starts at month 1; Houses gain an empty domain."""
    data.setdefault("month", 1)
    data.setdefault("turn", [])
    if isinstance(data.get("houses"), list):
        data["houses"] = [dict(h, domain=h.get("domain", {})) if isinstance(h, dict) else h for h in data["houses"]]
    return data


def upgrade_fief_2(data: dict) -> dict:
    """schema_version 2 -> 3: the Fief records the Judge's Squish and Squash (``manipulations``,
    none); a Householder records what a linked character adds (``adds``,
    ``sources``) and the file's digest (``stamp``).  A version-2 link named only a path and
    added nothing in play: it stays a path, unlinked (empty stamp), until it is linked again."""
    data.setdefault("manipulations", [])
    for h in data.get("houses") or []:
        dom = h.get("domain") if isinstance(h, dict) else None
        people = dom.get("householders") if isinstance(dom, dict) else None
        for hh in people if isinstance(people, list) else []:  # anything else: the strict reader says so
            if isinstance(hh, dict):
                hh.setdefault("adds", {})
                hh.setdefault("sources", [])
                hh.setdefault("stamp", "")
    return data


# ----- writing ----------------------------------------------------------------------
def _dice(d: DiceRecord | None):
    return (
        None if d is None else {"pool": d.pool, "faces": list(d.faces), "seed": "typed" if d.seed is None else d.seed}
    )


def fief_extra_json(fief) -> dict:
    return {
        "month": fief.month,
        "manipulations": list(fief.manipulations),
        "turn": [
            {"month": e.month, "house": e.house, "kind": e.kind, "text": e.text, "who": e.who, "detail": e.detail}
            for e in fief.turn
        ],
    }


def house_extra_json(house) -> dict:
    d: HouseDomain = house.domain
    return {
        "domain": {
            "strategy": d.strategy,
            "pending_strategy": d.pending_strategy,
            "pending_from": d.pending_from,
            "strategy_public": d.strategy_public,
            "householders": [attrs.asdict(h) for h in d.householders],
            "ventures": [_record(v) for v in d.ventures],
            "operations": [_record(o) for o in d.operations],
            "facts": [attrs.asdict(f) for f in d.facts],
            "knowledge": [attrs.asdict(k) for k in d.knowledge],
            "changes": [attrs.asdict(c) for c in d.changes],
            "penalties": [attrs.asdict(p) for p in d.penalties],
            "orders": [attrs.asdict(o) for o in d.orders],
            "legal": dict(d.legal),
        }
    }


def _record(rec) -> dict:
    out = attrs.asdict(rec, recurse=False)
    out["roll"], out["counter"] = _dice(rec.roll), _dice(rec.counter)
    return out


# ----- reading ----------------------------------------------------------------------
def read_fief_extra(top: dict, fief, r) -> None:
    fief.month = r.get(top, "month", int, "", 1)
    if fief.month < 1:
        r.fail("month", "months of play start at 1")
    fief.manipulations = r.list_of(top, "manipulations", str, "", [])
    for m in fief.manipulations:
        if m not in MANIPULATIONS:
            r.fail("manipulations", f"{m!r} is not one of {', '.join(MANIPULATIONS)}")
    for i, raw in enumerate(r.get(top, "turn", list, "", [])):
        where = f"turn[{i}]"
        e = r.obj(raw, where)
        fief.turn.append(
            TurnEntry(
                month=r.get(e, "month", int, where),
                house=r.get(e, "house", str, where, ""),
                kind=r.get(e, "kind", str, where),
                text=r.get(e, "text", str, where, ""),
                who=r.get(e, "who", str, where, ""),
                detail=r.get(e, "detail", dict, where, {}),
            )
        )
    check_turn_state(fief, r)
    fix_missing_houses(fief)


# ----- the turn state checked against the document (issue 28) ------------------------
# What each turn-log entry's ``detail`` must hold, by kind, for the readers of past months
# (``month_report``, the month's sheet): key -> the JSON types allowed.  wt/turn's new
# kinds add a line here.
_N = _NONE
DETAIL_SHAPES: dict[str, dict[str, tuple]] = {
    "venture": {
        "venture": (str,),
        "director": (str,),
        "target": (str, _N),
        "pool": (int,),
        "difficulty": (int, _N),
        "roll": (dict, _N),
        "against": (dict, _N),
        "width": (int, _N),
        "height": (int, _N),
        "changes": (dict,),
        "reveals": (dict, _N),
    },
    "operation": {"week": (int,), "actor": (str,), "key": (str,), "target": (str, _N), "reading": (str,)},
    "month": {"ventures": (dict,), "degradation": (dict,)},
}


def check_turn_state(fief, r) -> None:
    """After the whole Fief is read: every trait, Strategy, Venture and Operation the turn
    state names exists and every turn-log detail has its shape, so no reader meets a
    KeyError later (``r.fail`` names the field).  Called by ``read_fief_extra``.  A House
    named but not in the Fief is not refused here: it is a finding the Judge can fix
    (``house.edits.missing_house_references``), and the engines read it as no House."""
    from landsraad.house.content import load_house_content
    from landsraad.house.domain_tables import load_domain_content

    hc, dc = load_house_content(), load_domain_content()
    ids = [h.id for h in fief.houses]
    traits = set(hc.trait_ids)
    strategies = {x.id for x in dc.strategies}
    ventures = {x.id: x for x in dc.ventures}
    operations = {x.key for x in dc.operations}
    for i, hid in enumerate(ids):  # (two Houses of one id are a finding, V5)
        if not hid.strip():
            r.fail(f"houses[{i}].id", "a House id is not empty")
    for i, house in enumerate(fief.houses):
        d, w = house.domain, f"houses[{i}].domain"
        if d.strategy not in strategies:
            r.fail(f"{w}.strategy", f"{d.strategy!r} is not a Strategy ({', '.join(sorted(strategies))})")
        if d.pending_strategy is not None and d.pending_strategy not in strategies:
            r.fail(f"{w}.pending_strategy", f"{d.pending_strategy!r} is not a Strategy")
        for j, v in enumerate(d.ventures):
            vw = f"{w}.ventures[{j}]"
            if v.venture not in ventures:
                r.fail(f"{vw}.venture", f"{v.venture!r} is not a Venture")
            if (
                ventures[v.venture].target in ("rival-trait", "own-trait")
                and v.target is not None
                and v.target not in traits
            ):
                r.fail(f"{vw}.target", f"{v.target!r} is not a House trait")
            _check_changes(r, v.changes, f"{vw}.changes", traits)
            for t in v.maintain:
                if t not in traits:
                    r.fail(f"{vw}.maintain", f"{t!r} is not a House trait")
        for j, op in enumerate(d.operations):
            if op.operation not in operations:
                r.fail(f"{w}.operations[{j}].operation", f"{op.operation!r} is not an Operation")
        for j, k in enumerate(d.knowledge):
            if k.what == "strategy" and not isinstance(k.value, (str, _NONE)):
                r.fail(f"{w}.knowledge[{j}].value", "a Strategy learnt is its id (text)")
        for j, c in enumerate(d.changes):
            _check_deltas(r, c.deltas, f"{w}.changes[{j}].deltas", traits)
        for j, p in enumerate(d.penalties):
            if p.trait not in traits:
                r.fail(f"{w}.penalties[{j}].trait", f"{p.trait!r} is not a House trait")
    for i, e in enumerate(fief.turn):
        shape = DETAIL_SHAPES.get(e.kind)
        if shape is None or not e.detail or (e.kind == "venture" and not e.detail.get("venture")):
            continue
        for key, types in shape.items():
            if key not in e.detail:
                r.fail(f"turn[{i}].detail.{key}", "missing field")
            if not _is(e.detail[key], types):
                r.fail(f"turn[{i}].detail.{key}", "has the wrong type")
        if e.kind == "venture":
            against = e.detail["against"]
            rolls = [("roll", e.detail["roll"])]
            if against is not None:
                if not (
                    _is(against.get("house"), (str,))
                    and _is(against.get("pool"), (int,))
                    and _is(against.get("roll"), (dict, _N))
                ):
                    r.fail(f"turn[{i}].detail.against", "must hold the counter's house, pool and roll")
                rolls.append(("against.roll", against["roll"]))
            for key, roll in rolls:
                if roll is not None and not (
                    isinstance(roll.get("faces"), list) and all(_is(x, (int,)) for x in roll["faces"])
                ):
                    r.fail(f"turn[{i}].detail.{key}.faces", "must be a list of whole numbers")
            for key in ("changes", "reveals"):
                for house_name, deltas in (e.detail[key] or {}).items():
                    if key == "changes" and not (
                        isinstance(deltas, dict) and all(_is(x, (int,)) for x in deltas.values())
                    ):
                        r.fail(f"turn[{i}].detail.changes.{house_name}", "must be {trait: whole number}")
        if e.kind == "month":
            for house_key, deltas in e.detail["degradation"].items():
                _check_deltas(r, deltas, f"turn[{i}].detail.degradation.{house_key}", traits)


def _is(value, types: tuple) -> bool:
    if isinstance(value, bool):
        return bool in types
    return isinstance(value, types)


def _check_changes(r, changes: dict, where: str, traits: set) -> None:
    for hid, deltas in changes.items():
        _check_deltas(r, deltas, f"{where}.{hid}", traits)


def _check_deltas(r, deltas, where: str, traits: set) -> None:
    if not isinstance(deltas, dict):
        r.fail(where, "must be an object {trait: whole number}")
    for t, n in deltas.items():
        if t not in traits:
            r.fail(f"{where}.{t}", "is not a House trait")
        if isinstance(n, bool) or not isinstance(n, int):
            r.fail(f"{where}.{t}", "must be a whole number")


def read_house_extra(h: dict, house, r, where: str) -> None:
    raw = r.get(h, "domain", dict, where, {})
    w = f"{where}.domain"
    d = house.domain
    d.strategy = r.get(raw, "strategy", str, w, "neutral")
    d.pending_strategy = r.get(raw, "pending_strategy", (str, _NONE), w, None)
    d.pending_from = r.get(raw, "pending_from", (int, _NONE), w, None)
    d.strategy_public = r.get(raw, "strategy_public", bool, w, False)
    d.legal = dict(r.get(raw, "legal", dict, w, {}))
    for i, x in enumerate(r.get(raw, "householders", list, w, [])):
        hw = f"{w}.householders[{i}]"
        o = r.obj(x, hw)
        rank = r.get(o, "rank", str, hw, "high")
        if rank not in ("high", "low"):
            r.fail(f"{hw}.rank", f"must be high or low, not {rank!r}")
        d.householders.append(
            Householder(
                name=r.get(o, "name", str, hw),
                rank=rank,
                character=r.get(o, "character", (str, _NONE), hw, None),
                ratings=_int_dict(r, o, "ratings", hw),
                status=r.get(o, "status", str, hw, "active"),
                note=r.get(o, "note", str, hw, ""),
                adds=_trait_dict(r, o, "adds", hw),
                sources=r.list_of(o, "sources", str, hw, []),
                stamp=r.get(o, "stamp", str, hw, ""),
            )
        )
        status = d.householders[-1].status
        if status not in STATUSES:
            r.fail(f"{hw}.status", f"must be one of {', '.join(STATUSES)}, not {status!r}")
    names = [h.name.casefold() for h in d.householders]
    if len(names) != len(set(names)):
        r.fail(f"{w}.householders", "names a Householder twice")
    for i, x in enumerate(r.get(raw, "ventures", list, w, [])):
        vw = f"{w}.ventures[{i}]"
        o = r.obj(x, vw)
        d.ventures.append(
            VentureRecord(
                venture=r.get(o, "venture", str, vw),
                director=r.get(o, "director", str, vw),
                target=r.get(o, "target", (str, _NONE), vw, None),
                against=r.get(o, "against", (str, _NONE), vw, None),
                maintain=r.list_of(o, "maintain", str, vw, []),
                fake_strategy=r.get(o, "fake_strategy", (str, _NONE), vw, None),
                fake_ventures=r.list_of(o, "fake_ventures", str, vw, []),
                reputation=r.get(o, "reputation", bool, vw, False),
                special=r.get(o, "special", int, vw, 0),
                gear=r.get(o, "gear", str, vw, ""),
                difficulty=r.get(o, "difficulty", int, vw, 0),
                cost=r.get(o, "cost", int, vw, 0),
                roll=_read_dice(r, o, "roll", vw),
                counter=_read_dice(r, o, "counter", vw),
                width=r.get(o, "width", (int, _NONE), vw, None),
                height=r.get(o, "height", (int, _NONE), vw, None),
                changes=r.get(o, "changes", dict, vw, {}),
                reveals=r.get(o, "reveals", dict, vw, {}),
                reason=r.get(o, "reason", str, vw, ""),
                neutralised=r.get(o, "neutralised", bool, vw, False),
                counter_reputation=r.get(o, "counter_reputation", bool, vw, False),
                parts=_parts(r, o, "parts", vw),
                counter_parts=_parts(r, o, "counter_parts", vw),
                holding=r.get(o, "holding", str, vw, ""),
                time=r.get(o, "time", str, vw, ""),
                count=r.get(o, "count", int, vw, 1),
            )
        )
        if d.ventures[-1].time not in ("", *GEAR_TIMES):
            r.fail(f"{vw}.time", f"must be one of {', '.join(GEAR_TIMES)}")
        _known_holding(r, d.ventures[-1].holding, f"{vw}.holding")
    for i, x in enumerate(r.get(raw, "operations", list, w, [])):
        ow = f"{w}.operations[{i}]"
        o = r.obj(x, ow)
        d.operations.append(
            OperationRecord(
                operation=r.get(o, "operation", str, ow),
                actor=r.get(o, "actor", str, ow),
                week=r.get(o, "week", int, ow),
                against=r.get(o, "against", (str, _NONE), ow, None),
                target=r.get(o, "target", (str, _NONE), ow, None),
                venture=r.get(o, "venture", (str, _NONE), ow, None),
                operation_ref=r.get(o, "operation_ref", (str, _NONE), ow, None),
                alt=r.get(o, "alt", bool, ow, False),
                roll=_read_dice(r, o, "roll", ow),
                counter=_read_dice(r, o, "counter", ow),
                width=r.get(o, "width", (int, _NONE), ow, None),
                height=r.get(o, "height", (int, _NONE), ow, None),
                encounter=r.get(o, "encounter", str, ow, ""),
                bonus=r.get(o, "bonus", int, ow, 0),
                special=r.get(o, "special", int, ow, 0),
                ransom=r.get(o, "ransom", str, ow, ""),
                chosen=r.list_of(o, "chosen", str, ow, []),
                reveals=r.get(o, "reveals", dict, ow, {}),
                reason=r.get(o, "reason", str, ow, ""),
                reputation=r.get(o, "reputation", bool, ow, False),
                counter_reputation=r.get(o, "counter_reputation", bool, ow, False),
                special_roll=r.get(o, "special_roll", int, ow, 0),
            )
        )
    for i, x in enumerate(r.get(raw, "facts", list, w, [])):
        fw = f"{w}.facts[{i}]"
        o = r.obj(x, fw)
        d.facts.append(
            FactUse(
                fact=r.get(o, "fact", str, fw),
                source=r.get(o, "source", str, fw, ""),
                text=r.get(o, "text", str, fw, ""),
                used=r.list_of(o, "used", int, fw, []),
                spent=r.get(o, "spent", bool, fw, False),
            )
        )
    for i, x in enumerate(r.get(raw, "knowledge", list, w, [])):
        kw = f"{w}.knowledge[{i}]"
        o = r.obj(x, kw)
        d.knowledge.append(
            Knowledge(
                about=r.get(o, "about", str, kw),
                what=r.get(o, "what", str, kw),
                value=o.get("value"),
                month=r.get(o, "month", int, kw),
                source=r.get(o, "source", str, kw, ""),
                true=r.get(o, "true", bool, kw, True),
                public=r.get(o, "public", bool, kw, False),
            )
        )
    for i, x in enumerate(r.get(raw, "changes", list, w, [])):
        cw = f"{w}.changes[{i}]"
        o = r.obj(x, cw)
        d.changes.append(
            ScoreChange(
                month=r.get(o, "month", int, cw), deltas=_int_dict(r, o, "deltas", cw), why=r.get(o, "why", str, cw, "")
            )
        )
    _read_penalties(raw, d, r, w)
    for i, x in enumerate(r.get(raw, "orders", list, w, [])):
        gw = f"{w}.orders[{i}]"
        o = r.obj(x, gw)
        order = GearOrder(
            gear=r.get(o, "gear", str, gw),
            holding=r.get(o, "holding", str, gw, ""),
            count=r.get(o, "count", int, gw, 1),
            ordered=r.get(o, "ordered", int, gw),
            arrives=r.get(o, "arrives", int, gw),
        )
        _known_holding(r, order.holding, f"{gw}.holding")
        if order.count < 1 or order.arrives < order.ordered:
            r.fail(gw, "a gear order is for 1 or more, arriving no earlier than it was ordered")
        d.orders.append(order)


def fix_missing_houses(fief) -> None:
    """A Fief whose turn names a House no longer in it (written before Remove House
    cleaned up after itself, or edited by hand) is read with those references dropped,
    as Remove House drops them now; each is kept in ``fief.read_fixes`` and shown as a
    finding, so the Judge sees what changed and saving keeps the fix."""
    from landsraad.house.edits import forget_house, missing_house_references

    found = missing_house_references(fief)
    if not found:
        return
    names = {h.id: h.name for h in fief.houses}
    for hid, what, missing in found:
        fief.read_fixes.append(
            f"House {names.get(hid, hid)}'s {what} named House {missing!r}, which is not "
            "in this Fief: dropped when the document was read (save to keep the fix)"
        )
    for missing in {m for _, _, m in found}:
        forget_house(fief, missing)


def _read_penalties(raw: dict, d, r, w: str) -> None:
    for i, x in enumerate(r.get(raw, "penalties", list, w, [])):
        pw = f"{w}.penalties[{i}]"
        o = r.obj(x, pw)
        d.penalties.append(
            RatingPenalty(
                month=r.get(o, "month", int, pw),
                trait=r.get(o, "trait", str, pw),
                amount=r.get(o, "amount", int, pw),
                why=r.get(o, "why", str, pw, ""),
            )
        )


def _parts(r, obj: dict, key: str, where: str) -> list:
    """A pool's parts as rolled: [[what, dice], ...]."""
    value = r.get(obj, key, list, where, [])
    for i, part in enumerate(value):
        if not (
            isinstance(part, list)
            and len(part) == 2
            and isinstance(part[0], str)
            and isinstance(part[1], int)
            and not isinstance(part[1], bool)
        ):
            r.fail(f"{where}.{key}[{i}]", "must be [text, whole number]")
    return [list(p) for p in value]


def _known_holding(r, holding: str, field: str) -> None:
    from landsraad.house.content import load_house_content

    if holding and load_house_content().holding(holding) is None:
        r.fail(field, f"is not a holding of the content ({holding!r})")


def _trait_dict(r, obj: dict, key: str, where: str) -> dict:
    """{trait: points}: whole numbers, keyed by the seven House traits."""
    from landsraad.house.content import load_house_content

    value = _int_dict(r, obj, key, where)
    known = load_house_content().trait_ids
    for k in value:
        if k not in known:
            r.fail(f"{where}.{key}.{k}", f"is not a House trait ({', '.join(known)})")
    return value


def _int_dict(r, obj: dict, key: str, where: str) -> dict:
    value = r.get(obj, key, dict, where, {})
    for k, v in value.items():
        if isinstance(v, bool) or not isinstance(v, int):
            r.fail(f"{where}.{key}.{k}", "must be a whole number")
    return dict(value)


def _read_dice(r, obj: dict, key: str, where: str) -> DiceRecord | None:
    value: Any = r.get(obj, key, (dict, _NONE), where, None)
    if value is None:
        return None
    w = f"{where}.{key}"
    faces = r.list_of(value, "faces", int, w)
    if any(not 1 <= f <= 10 for f in faces):
        r.fail(f"{w}.faces", "a d10 shows 1 to 10")
    seed = r.get(value, "seed", (int, str), w, "typed")
    if isinstance(seed, str) and seed != "typed":
        r.fail(f"{w}.seed", 'must be a whole number or "typed"')
    return DiceRecord(
        pool=r.get(value, "pool", int, w, len(faces)), faces=faces, seed=None if seed == "typed" else seed
    )
