"""What the table view shows, as data: the window's table view (``gui/table_view.py``) and
the session server's ``/table`` page (``landsraad.session``) both read it from here, so a
TV's browser and the table view window never disagree.

``table_json(kind, state, content, …)`` is the whole page of one document as plain JSON
(strings, numbers, lists): a Fief's last roll as dice, every House's Trait Scores and
Ratings, the current House's history and the roll log; a character's step being built and
summary; a duel's corners and steps; a conflict's order of action.  The smaller functions
are the pieces the window's widgets set their texts from.  No Qt, no rule: the numbers come
from the engines.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from landsraad.dice import Roll
from landsraad.findings import Severity

LOG_LINES = 5  # the roll log's last lines
# the rolls every House may see: the House turn's Venture, Operation and counter rolls name
# what a House ordered (its secret), so a table of several player Houses sees only these
PUBLIC_ROLLS = ("fief", "history", "madness", "pool")
HISTORY_LINES = 12  # an 11d10 history has at most 11 events, plus a line for what is left


# ----- a Fief ---------------------------------------------------------------------------------
def roll_caption(entry: Any) -> str:
    """ "Judge: system roll  ·  typed dice": who rolled, why, and whether the dice were typed."""
    return f"{entry.who}: {entry.why}" + ("  ·  typed dice" if entry.seed is None else "")


def dice_groups(faces: Sequence[int]) -> list[dict[str, Any]]:
    """The roll as the table view draws it: each set a group of equal faces, then each waste die."""
    if not faces:
        return []
    roll = Roll(tuple(faces))
    groups: list[dict[str, Any]] = [{"faces": [s.height] * s.width, "set": True, "label": s.label} for s in roll.sets]
    groups += [{"faces": [f], "set": False, "label": str(f)} for f in roll.waste]
    return groups


def last_roll(log: Sequence[Any]) -> dict[str, Any] | None:
    last = log[-1] if log else None
    if last is None:
        return None
    return {
        "caption": roll_caption(last),
        "faces": list(last.faces),
        "groups": dice_groups(last.faces),
        "reading": last.reading,
    }


def log_lines(log: Sequence[Any], room: int = LOG_LINES) -> list[str]:
    """The last ``room`` rolls, newest first, one line each."""
    if room <= 0:
        return []
    return [f"{' '.join(map(str, e.faces))} · {e.who} · {e.why}" for e in reversed(log[-room:])]


def score_rows(
    houses: Sequence[Any], content: Any, scores: Mapping[str, Any], short: bool = False, fief: Any = None
) -> list[list[str]]:
    """The Trait Scores table: a header row ("House", the seven traits) and a row per House of
    "score (Rating)" cells; ``short`` cuts the traits' names to three letters.  With ``fief``
    the Scores in play (issue 27: the one set the Scores tab, the sheets and ``fief show
    --json`` show), else the ``scores`` sheets given."""
    rows = [["House"] + [t.name[:3] if short else t.name for t in content.traits]]
    for h in houses:
        if fief is not None:
            from landsraad.present.house_turn import score_cells

            rows.append([h.name or "(unnamed)"] + score_cells(fief, h, content))
            continue
        sheet = scores.get(h.id)
        rows.append(
            [h.name or "(unnamed)"]
            + [f"{sheet.scores[t.id]} ({sheet.ratings[t.id]})" if sheet else "–" for t in content.traits]
        )
    return rows


def history_lines(house: Any, content: Any, most: int = HISTORY_LINES) -> list[str]:
    """A House's history, an event a line with what it changed (or what is left to choose)."""
    from landsraad.house.history import history_events, resolve
    from landsraad.present.house import deltas_text

    lines = []
    for ev in history_events(house, content):
        res = resolve(ev, house.choice(ev.source), content)
        if res.deltas is None:
            what = "to choose: " + (res.todo or res.error or "")
        elif res.deltas:
            what = deltas_text(res.deltas, content)
        else:
            what = "a record, no change"
        lines.append(f"{ev.source}  {ev.name}: {what}")
    if not lines:
        return ["History not rolled yet"]
    if len(lines) > most:
        lines = lines[: most - 1] + [f"… and {len(lines) - most + 1} more"]
    return lines


def fief_title(name: str, house_major: str | None) -> str:
    return name + (f"  ·  House Major {house_major}" if house_major else "")


def fief_table(
    fief: Any, content: Any, scores: Mapping[str, Any], title: str, house_id: str | None = None
) -> dict[str, Any]:
    """A Fief's page: the title, the last roll, the score table, the current House's history
    (``house_id``, else the first House), the roll log and the public side of the House turn.
    The rolls are the public ones (``PUBLIC_ROLLS``): no House's orders reach the TV."""
    house = next((h for h in fief.houses if h.id == house_id), None) or (fief.houses[0] if fief.houses else None)
    rows = score_rows(fief.houses, content, scores, fief=fief)
    log = [e for e in fief.log if e.what in PUBLIC_ROLLS]
    return {
        "page": "fief",
        "title": fief_title(title, fief.house_major),
        "roll": last_roll(log),
        "scores": {
            "header": rows[0],
            "short": score_rows((), content, scores, short=True)[0],
            "rows": rows[1:],
            "players": [bool(h.player) for h in fief.houses],
        },
        "history": {
            "house": house.name if house else "",
            "heading": f"History of House {house.name}" if house else "History",
            "lines": history_lines(house, content) if house else ["No House yet"],
        },
        "log": log_lines(log) or ["No rolls yet"],
        "log_count": len(log),
        "turn": public_turn(fief, content),
    }


def public_turn(fief: Any, content: Any) -> dict[str, Any]:
    """The monthly House turn as every House may see it (the TV): the month, each House's
    Strategy where it was made public, and what was learnt and made public.  Nothing of any
    House's orders or secret findings: ``fief turn --table`` shows the players' House in
    full, but at a table of several player Houses each one's secrets are its own."""
    from landsraad.house.calendar import date_of
    from landsraad.house.domain_tables import load_domain_content
    from landsraad.present.house_turn import knowledge_text

    dc = load_domain_content()
    houses = []
    for h in fief.houses:
        d = h.domain
        houses.append(
            {
                "house": h.name,
                "strategy": d.strategy if d.strategy_public else None,
                "public": [
                    {
                        "about": k.about,
                        "what": k.what,
                        "value": k.value,
                        "month": k.month,
                        "text": knowledge_text(k, fief, content, dc, judge=False),
                    }
                    for k in d.knowledge
                    if k.public
                ],
            }
        )
    return {
        "month": fief.month,
        "date": date_of(fief.month, dc.calendar.months_per_year).to_json(),
        "houses": houses,
        "log": [e.text for e in fief.turn if e.month == fief.month and e.kind == "month"],
    }


# ----- a character ----------------------------------------------------------------------------
def step_line(ch: Any, c: Any, step_id: str | None) -> str:
    """ "Step 04 · House Service: Swordmaster"."""
    from landsraad.character.model import STEP_NAMES, TEMPLATE_STEP_IDS

    if not step_id:
        return ""
    n = list(STEP_NAMES).index(step_id) + 1 if step_id in STEP_NAMES else 0
    text = f"Step {n:02d} · {STEP_NAMES.get(step_id, step_id)}"
    if step_id in TEMPLATE_STEP_IDS and ch.step(step_id).template:
        t = c.template(step_id, ch.step(step_id).template)
        text += f": {t.name if t else ch.step(step_id).template}"
    return text


def step_todo(findings: Iterable[Any], step_id: str | None, most: int = 6) -> list[str]:
    """What is left to do at the step: its findings that are not mere warnings."""
    if not step_id:
        return []
    mine = [f for f in findings if f.step == step_id and f.severity is not Severity.WARNING]
    return [f.message for f in mine[:most]]


def summary_lines(ch: Any, sheet: Any, c: Any) -> list[str]:
    """The summary a group reads: a line per group ("Skills: Charm 2, …")."""
    from landsraad.present import character as P

    parts = []
    for (title, _value, _p), kids in P.summary_groups(ch, sheet, c):
        if not kids:
            continue
        parts.append(f"{title}: " + ", ".join(f"{k[0]} {k[1]}".strip() for k in kids))
    return parts


def character_table(
    ch: Any, sheet: Any, findings: Sequence[Any], c: Any, title: str, step_id: str | None = None
) -> dict[str, Any]:
    return {
        "page": "character",
        "title": title,
        "step": step_line(ch, c, step_id),
        "todo": step_todo(findings, step_id) if step_id else [],
        "cp": f"Character Points: {sheet.cp_spent} spent of {sheet.cp_budget}",
        "summary": summary_lines(ch, sheet, c) or ["Nothing chosen yet"],
    }


# ----- the packs' documents -------------------------------------------------------------------
def wound_track(c: Any, wounds: Mapping[str, int], dead: bool) -> tuple[list[tuple[str, int, int]], str]:
    """The boxes of each wound level (name, boxes, checked), and the state in words with its effect."""
    levels = [(w.name, w.boxes, min(w.boxes, wounds.get(w.id, 0))) for w in c.wounds]
    worst = None
    for w in c.wounds:
        if wounds.get(w.id, 0) > 0:
            worst = w
    state = "Dead" if dead else (f"{worst.name}: {worst.effect}" if worst else "Unhurt")
    return levels, state


def duel_table(duel: Any, c: Any) -> dict[str, Any]:
    """A duel: each corner's card face down ("chosen" / "choosing…") until the Judge turns them
    over, the Initiative, the wound boxes; the fight's steps as far as the Judge has shown them."""
    from landsraad.packs.fencing.duel_edits import table_round

    t = table_round(duel, c)
    corners = []
    for k in t.corners:
        levels, state = wound_track(c, k.wounds, k.dead)
        if k.status == "revealed":
            card, initiative = k.maneuver or "—", (f"Initiative {k.initiative_level}" if k.initiative_level else "")
        else:
            card = {"chosen": "chosen", "choosing": "choosing…"}.get(k.status, k.status)
            initiative = {"chosen": "the card lies face down", "choosing": "no card on the table yet"}.get(
                k.status, "no action this round"
            )
        corners.append(
            {
                "name": k.name,
                "card": card,
                "initiative": initiative,
                "wounds": [{"level": n, "boxes": b, "checked": x} for n, b, x in levels],
                "state": state,
            }
        )
    return {
        "page": "duel",
        "title": f"Duel  ·  Round {t.round}",
        "corners": corners,
        "steps": [st["text"] for st in t.steps],
        "stage": t.stage,
    }


def keep_text(c: Any, rules: Any, data: Mapping[str, Any]) -> str:
    """Keep the Initiative as it stands (L37-39): the extra action under way, a side that
    may not Keep again yet, or the Keep open now with its price."""
    parts = []
    if c.phase == "extra":
        parts.append(
            f"{c.current} Keeps the Initiative: an extra action at +{rules.extra_action_difficulty} Difficulty"
        )
    for s in c.sides:
        if s.id in c.kept and c.phase != "extra":
            parts.append(f"{s.name} Kept the Initiative: not again until an enemy acts")
    if "keep-extra" in data["options"]:
        side = c.side_of(c.current)
        price = f"{rules.keep_cost} Threat" if side.gm else f"{rules.keep_cost} Momentum or +{rules.keep_cost} Threat"
        parts.append(f"{c.current} may Keep the Initiative for {price}")
    return "\n".join(parts)


def conflict_table(conflict: Any, rules: Any, title: str) -> dict[str, Any]:
    """A conflict's order of action: who acts next, Keep the Initiative, the sides (▶ acting
    now, ✓ has acted, · to act), the pools, the zones and the last moves."""
    from landsraad.packs.conflict import order

    c = conflict
    data = order.to_json(c, rules)
    nxt = data["next"]
    text = order.phase_hint(c)
    if nxt["may_act"] and c.phase == "choose":
        text += ": " + ", ".join(nxt["may_act"])
    sides = []
    for s in data["sides"]:
        people = []
        for a in s["characters"]:
            mark = "▶" if a["name"] == c.current and c.phase != "choose" else ("✓" if a["acted"] else "·")
            people.append(f"{mark}\u00a0{a['name']}" + (f"\u00a0({a['zone']})" if a["zone"] else ""))
        sides.append(s["name"] + (" (GM)" if s["gm"] else "") + ":   " + "   ".join(people))
    zones = []
    for z in c.zones:
        here = [a.name for a in c.actors if a.zone == z.name]
        zones.append(
            z.name
            + (" (objective)" if z.objective else "")
            + (f": {', '.join(z.traits)}" if z.traits else "")
            + (f"  ({', '.join(here)})" if here else "")
        )
    return {
        "page": "conflict",
        "title": f"Round {c.round}  ·  {title}" + (f"  ·  {c.kind}" if c.kind else ""),
        "next": text[:1].upper() + text[1:],
        "keep": keep_text(c, rules, data),
        "sides": sides or ["No sides yet"],
        "momentum": c.momentum,
        "threat": c.threat,
        "zones": zones or ["One zone, none named"],
        "log": [e.text for e in reversed(c.log[-3:])],
    }


def other_table(kind: str, title: str) -> dict[str, Any]:
    return {"page": "other", "kind": kind, "title": title}
