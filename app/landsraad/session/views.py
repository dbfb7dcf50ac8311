"""What each seat may see, as JSON computed by the server from the engines.

``table_json``      the TV: what the window's table view shows (``present/table.py``) for the
                    Judge's current document, the documents shared, who is building what
``character_json``  a player's own character: the eight steps with the same choices, costs,
                    findings (pages cited) and reasons as the window (``present/choices.py``)
``house_json``      a player's own House: its scores, its history choices once handed over,
                    the monthly turn's orders it sent and what it alone learned.  Nothing of
                    another House's Strategy, orders or results ever enters it.
"""

from __future__ import annotations

from typing import Any

from landsraad.present import table as T


def _fief_scores(entry: Any) -> dict[str, Any]:
    """Every House's Trait Scores: the window's document has them computed for this very
    state (``extra["scores"]``, once per edit); otherwise computed here."""
    if "scores" in entry.extra:
        return dict(entry.extra["scores"])
    from landsraad.house.scores import house_scores

    members = entry.extra.get("households", {})
    return {h.id: house_scores(entry.state, h, entry.content, members.get(h.id, ())) for h in entry.state.houses}


def doc_table(entry: Any) -> dict[str, Any]:
    """The table view's page for one document."""
    kind, state, c = entry.kind, entry.state, entry.content
    if kind == "fief":
        return T.fief_table(state, c, _fief_scores(entry), entry.title, entry.extra.get("house"))
    if kind == "character":
        from landsraad.character.validate import validate

        sheet, findings = validate(state, c)
        return T.character_table(state, sheet, findings, c, entry.title, entry.extra.get("step"))
    if kind == "fencing-duel":
        return T.duel_table(state, c)
    if kind == "conflict":
        return T.conflict_table(state, c.order, entry.title)
    return T.other_table(kind, entry.title)


def building_line(name: str, step: str) -> str:
    """ "Kara — Step 04" (the TV's line for a player building a character)."""
    from landsraad.character.model import STEP_IDS

    n = STEP_IDS.index(step) + 1 if step in STEP_IDS else 0
    return f"{name} — Step {n:02d}" if n else name


def table_json(entries: list[Any], current: str | None, building: list[str]) -> dict[str, Any]:
    entry = next((e for e in entries if e.id == current), None)
    return {
        "doc": doc_table(entry) if entry is not None else T.other_table("", "Landsraad Forge"),
        "current": current,
        "documents": [{"id": e.id, "kind": e.kind, "title": e.title} for e in entries],
        "building": building,
    }


# ----- a player's character ---------------------------------------------------------------------
def _finding(f: Any) -> dict[str, Any]:
    return {"severity": f.severity.value, "step": f.step, "message": f.message, "page": f.page}


def character_json(entry: Any) -> dict[str, Any]:
    from landsraad.character.model import STEP_IDS, STEP_NAMES, TEMPLATE_STEP_IDS
    from landsraad.character.validate import validate
    from landsraad.present import character as P
    from landsraad.present import choices as PC
    from landsraad.rules.pages import cite

    ch, c = entry.state, entry.content
    sheet, findings = validate(ch, c)
    steps = []
    for i, sid in enumerate(STEP_IDS, 1):
        steps.append(
            {
                "id": sid,
                "n": i,
                "name": STEP_NAMES[sid],
                "state": P.step_state(ch, findings, sid),
                "findings": [_finding(f) for f in findings if f.step == sid],
            }
        )
    templates: dict[str, Any] = {}
    for sid in TEMPLATE_STEP_IDS:
        taken = ch.step(sid).template
        reasons = PC.template_reasons(ch, c, findings, sid)
        out: dict[str, Any] = {
            "options": [
                {
                    "id": t.id,
                    "name": t.name,
                    "tip": cite(P.template_tooltip(t, c)),
                    "grants": cite(P.grants_text(t.grants, c)),
                    "reason": reasons.get(t.id, ""),
                    "taken": t.id == taken,
                }
                for t in c.steps[sid].template
            ],
            "taken": None,
        }
        t = c.template(sid, taken) if taken else None
        if t is not None:
            choices = []
            for n, choice in enumerate(c.steps[sid].choices_of(t), 1):
                if choice.kind == "feats":
                    picked = list(ch.step(sid).picks.get(n, []))
                    freasons = PC.feat_reasons(ch, c, sheet, findings, sid, n, choice)
                    max_level, _most = PC.feat_limits(choice)
                    trees = []
                    for tree in P.offered_trees(choice, sheet, c):
                        feats = [f for lv, f in sorted(c.tree_feats(tree.id).items()) if lv <= max_level]
                        trees.append(
                            {
                                "name": tree.name,
                                "feats": [
                                    {
                                        "id": f.id,
                                        "label": f"{f.level}  {f.name}",
                                        "effect": f.effect or "",
                                        "picked": f.id in picked,
                                        "reason": "" if f.id in picked else freasons.get(f.id, ""),
                                    }
                                    for f in feats
                                ],
                            }
                        )
                    choices.append(
                        {
                            "n": n,
                            "kind": "feats",
                            "heading": choice.label,
                            "picked": picked,
                            "patterns": [p.label or p.id for p in choice.patterns],
                            "trees": trees,
                        }
                    )
                    continue
                states = PC.option_states(ch, c, sheet, findings, sid, n, choice)
                choices.append(
                    {
                        "n": n,
                        "kind": "options",
                        "heading": cite(P.choice_heading(choice)),
                        "count": choice.count,
                        "max_each": choice.max_each,
                        "single": PC.is_choose_one(choice),
                        "picked": sum(s.count for s in states),
                        "options": [
                            {
                                "id": s.id,
                                "label": s.label,
                                "extra": cite(s.extra),
                                "needs": s.needs,
                                "count": s.count,
                                "fields": s.fields,
                                "reason": cite(s.reason) if s.count == 0 else "",
                                "more": "" if s.count and not s.reason else cite(s.reason),
                                "tip": cite(s.tip),
                            }
                            for s in states
                        ],
                    }
                )
            out["taken"] = {
                "id": t.id,
                "name": t.name,
                "grants": cite(P.grants_text(t.grants, c)),
                "requires": [
                    {"ok": ok, "text": cite(text)} for ok, text in P.requirement_texts(t.requires, ch, sheet, c)
                ],
                "details": [
                    {"ref": ref, "label": label, "value": ch.step(sid).details.get(ref, "")}
                    for ref, label in PC.detail_needs(t, c)
                ],
                "choices": choices,
            }
        templates[sid] = out
    castes = [
        {"id": k.id, "name": k.name, "rank": k.rank, "description": k.description}
        for k in sorted(c.castes.values(), key=lambda k: -k.rank)
    ]
    from landsraad.character import edits as ce
    from landsraad.present.character import PURCHASE_KINDS

    return {
        "title": entry.title,
        "version": entry.version,
        "cp": {"spent": sheet.cp_spent, "budget": sheet.cp_budget},
        "steps": steps,
        "templates": templates,
        "statistics": [{"name": st.name, "value": sheet.statistics[sid]} for sid, st in c.statistics.items()],
        "extras": {
            "costs": [{"cells": list(cells), "ref": ref} for cells, ref in P.cost_rows(ch, sheet, c)],
            "purchases": [list(P.purchase_cells(i + 1, p, c)) for i, p in enumerate(ch.extras)],
            "kinds": [
                {"id": k, "name": name, "items": [{"id": i, "label": lab} for i, lab in P.purchase_items(k, c)]}
                for k, name in PURCHASE_KINDS
            ],
        },
        "castes": castes,
        "caste": ch.caste,
        "suggested_caste": ce.caste_for_rank(c, sheet.caste_rank),
        "texts": {a: getattr(ch, a) for a in ce.TEXT_FIELDS},
        "summary": T.summary_lines(ch, sheet, c),
        "findings": [_finding(f) for f in findings],
        "house": P.house_contribution(ch, sheet, c),
    }


# ----- a player's House ---------------------------------------------------------------------------
def _strategy_line(strategy: dict[str, Any], month: int, dc: Any) -> str:
    """ "Strategy: Neutral (Warmonger from month 2)": the Strategy's names, not its ids."""

    def name(sid: str | None) -> str:
        found = next((s for s in dc.strategies if s.id == sid), None)
        return found.name if found is not None else str(sid)

    text = f"Strategy: {name(strategy['active'])}"
    if strategy.get("pending"):
        when = strategy.get("active_from")
        text += f" ({name(strategy['pending'])} from month {when})" if when else f" (then {name(strategy['pending'])})"
    return text


def house_json(entry: Any, house_id: str, handed: bool, pending: list[dict[str, Any]]) -> dict[str, Any]:
    """The seat's own House.  ``handed``: the Judge has handed it its history choices;
    ``pending``: the orders it sent that the Judge has not accepted yet (its own only)."""
    from landsraad.house.domain import house_turn_json
    from landsraad.house.domain_tables import load_domain_content
    from landsraad.house.history import history_events, resolve
    from landsraad.present.house import deltas_text
    from landsraad.present.house_turn import knowledge_text, operation_line, venture_line

    fief, hc = entry.state, entry.content
    dc = load_domain_content()
    house = fief.house(house_id)
    if house is None:
        return {"house": None}
    scores = _fief_scores(entry).get(house.id)
    history = []
    for ev in history_events(house, hc):
        res = resolve(ev, house.choice(ev.source), hc)
        item: dict[str, Any] = {
            "source": ev.source,
            "name": ev.name,
            "todo": res.todo or "",
            "error": res.error or "",
            "done": res.deltas is not None,
        }
        if handed and ev.row.kind == "options":
            chosen = house.choice(ev.source)
            item["chosen"] = chosen.option if chosen is not None else None
            item["options"] = [{"n": i, "text": deltas_text(o, hc)} for i, o in enumerate(ev.row.options, 1)]
        if handed and ev.row.kind == "traits":
            item["traits"] = len(ev.row.choose_traits)
        history.append(item)
    turn = house_turn_json(fief, house, hc, dc)
    highs = [h["name"] for h in turn["householders"] if h["rank"] == "high" and h["status"] == "active"]
    return {
        "house": house.name,
        "id": house.id,
        "handed": handed,
        "scores": [{"trait": t.name, "score": scores.scores[t.id], "rating": scores.ratings[t.id]} for t in hc.traits]
        if scores
        else [],
        "history": history,
        "turn": {
            "month": turn["month"],
            "date": turn["date"],
            "strategy": turn["strategy"],
            "householders": turn["householders"],
            "ventures": turn["ventures"],
            "operations": turn["operations"],
            "knowledge": turn["knowledge"],
            # the same in words, as the window says them (the page words nothing itself)
            "strategy_line": _strategy_line(turn["strategy"], turn["month"], dc),
            "venture_lines": [venture_line(v, fief, hc, dc) for v in turn["ventures"]],
            "operation_lines": [operation_line(o, fief, hc, dc) for o in turn["operations"]],
            "knowledge_lines": [knowledge_text(k, fief, hc, dc, judge=False) for k in house.domain.knowledge],
            "highs": highs,
        },
        "rivals": [{"id": h.id, "name": h.name} for h in fief.houses if h.id != house.id],
        "strategies": [{"id": s.id, "name": s.name, "text": s.text} for s in dc.strategies],
        "ventures": [
            {"id": v.id, "name": v.name, "target": v.target, "traits": list(v.target_traits), "text": v.text}
            for v in dc.ventures
        ],
        "operations": [{"key": o.key, "name": o.name, "target": o.target, "text": o.text} for o in dc.operations],
        "traits": [{"id": t.id, "name": t.name} for t in hc.traits],
        "weeks": dc.calendar.weeks_per_month,
        "pending": pending,
    }
