"""Words and shapes for a character in play, shared by the window, the table view and the web
table page: a roll laid out as the chosen reading groups its dice (``roll_board``), and the
condition in short lines (``condition_lines``).  Qt-free; numbers from ``landsraad.play``.

``roll_board(record)`` reads a roll record (``landsraad.play.record.RollRecord.to_json()``,
as the character's log keeps it) and gives the dice in groups: each set, a Run, the waste
dice, the dice the Difficulty discarded; the Special Die marked; in an opposed test the dice
the counter set gobbled ``struck``, and the other side's roll as a board of its own.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import attrs

from landsraad.rules.pages import cite

GRADES = {1: "Minimal Success", 2: "Standard Success", 3: "Expert Success", 4: "Master Success"}
ATTACK_BONUS = {"light": 0, "medium": 1, "heavy": 2}  # condition.toml [[attack]], L398-L409


@attrs.frozen
class Die:
    face: int
    kind: str  # "set" | "run" | "waste" | "discarded" | "failed"
    special: str = ""  # "E" (an Expert Die), "M" (the Master Die), ""
    struck: bool = False  # gobbled by the other side's counter dice


@attrs.frozen
class Group:
    label: str  # "3x9", "Run 1x6", "waste", "below Difficulty 4"
    kind: str
    dice: tuple[Die, ...]
    action: str = ""  # the declared action this set serves


@attrs.frozen
class RollBoard:
    who: str
    what: str  # "Prowess + Duel at Difficulty 4"
    headline: str  # "4x9: Master Success" / "Failure: no set"
    success: bool
    groups: tuple[Group, ...]
    lines: tuple[str, ...]  # how it was read, the damage it does (pages, not lines)
    against: RollBoard | None = None
    outcome: str = ""

    def to_json(self) -> dict[str, Any]:
        """The same board for the web table page."""
        return {
            "who": self.who,
            "what": self.what,
            "headline": self.headline,
            "success": self.success,
            "groups": [
                {"label": g.label, "kind": g.kind, "action": g.action, "dice": [attrs.asdict(d) for d in g.dice]}
                for g in self.groups
            ],
            "lines": list(self.lines),
            "outcome": self.outcome,
            "against": self.against.to_json() if self.against else None,
        }


def grade(width: int) -> str:
    return GRADES.get(width, "Master Success") if width < 5 else "better than a Master Success"


_RULE_IDS = re.compile(r"\s*\((?:[DSAIC][A-Z]?\d+(?:,\s*)?)+\)")


def for_players(why: str) -> str:
    """The coach's words without the spec's rule ids ("(D28)"): the pages say where to read."""
    return _RULE_IDS.sub("", why)


def _board(
    who: str, what: str, reading: Mapping[str, Any], taken: list[int] | None = None, after: list[dict] | None = None
) -> tuple[str, bool, tuple[Group, ...]]:
    special = (reading.get("special") or {}).get("value")
    mark = ""
    if special is not None:
        mark = "E" if (reading.get("special") or {}).get("nudges", 0) or special >= 7 else "M"
    marked = [special is None]  # mark one die only: the first of its face in a set

    def die(face: int, kind: str, struck: bool = False) -> Die:
        tag = ""
        if not marked[0] and face == special and kind in ("set", "run", "waste", "discarded"):
            tag, marked[0] = mark, True
        return Die(face, kind, tag, struck)

    actions = {
        (a.get("set") or {}).get("width", 0) * 100 + (a.get("set") or {}).get("height", 0): a.get("label", "")
        for a in reading.get("actions") or []
        if a.get("set")
    }
    groups: list[Group] = []
    for i, s in enumerate(reading.get("sets") or []):
        w, h = s["width"], s["height"]
        gone = (taken or [])[i] if taken and i < len(taken) else 0
        dice = tuple(die(h, "set", struck=k >= w - gone) for k in range(w))
        label = f"{w}x{h}" + (f" → {w - gone}x{h}" if gone else "")
        groups.append(Group(label, "set", dice, actions.get(w * 100 + h, "")))
    run = reading.get("run")
    if run:
        top = run["height"]
        groups.append(Group(f"Run {run['width']}x{top}", "run", tuple(die(f, "run") for f in (top - 2, top - 1, top))))
    for s in reading.get("failed") or []:
        groups.append(
            Group(
                f"{s['width']}x{s['height']} (Height penalty: fails)",
                "failed",
                tuple(die(s["height"], "failed") for _ in range(s["width"])),
            )
        )
    waste = reading.get("waste") or []
    if waste:
        groups.append(Group("waste", "waste", tuple(die(f, "waste") for f in waste)))
    discarded = reading.get("discarded") or []
    if discarded:
        groups.append(Group("below the Difficulty", "discarded", tuple(die(f, "discarded") for f in discarded)))
    ok = bool(reading.get("success"))
    first = (after[0] if after else None) or ((reading.get("sets") or [None])[0]) or run
    if ok and first and first.get("width", 0) > 0:
        head = f"{first['width']}x{first['height']}: {grade(first['width'])}"
    elif ok and after:
        head = "Spoiled: the counter dice took the whole set"
        ok = False
    else:
        head = "Failure: no set"
    return head, ok, tuple(groups)


def roll_board(record: Mapping[str, Any], attack: str = "") -> RollBoard:
    """The board of a roll record; ``attack`` ("light", "medium", "heavy"; default the
    record's own ``attack`` key): the damage line, Width + the class bonus (L402)."""
    reading = record.get("reading") or {}
    against = record.get("against") or None
    countered = (against or {}).get("countered") or {}
    taken = list(countered.get("taken") or []) or None
    after = list(countered.get("after") or []) or None
    what = f"{record.get('what') or 'A roll'} at Difficulty {record.get('difficulty', 1)}"
    head, ok, groups = _board(record.get("who", ""), what, reading, taken, after)
    lines = []
    if reading.get("why"):
        # the table reads the last steps of the coach's why (the manipulation and the result)
        steps = [x for x in for_players(str(reading["why"])).split("; ") if x]
        lines.append("; ".join(steps[-2:]) + (f" ({reading['pages']})" if reading.get("pages") else ""))
    attack = attack or str(record.get("attack") or "")
    first = (after[0] if after else None) or ((reading.get("sets") or [None])[0]) or reading.get("run")
    if attack in ATTACK_BONUS and ok and first:
        w, bonus = first["width"], ATTACK_BONUS[attack]
        lines.append(
            cite(
                f"Damage: Width {w}"
                + (f" + {bonus} ({attack.title()})" if bonus else f" ({attack.title()})")
                + f" = {w + bonus}, less the target's armour for Physical Damage (L402, L421)"
            )
        )
    other = None
    outcome = ""
    if against:
        o_head, o_ok, o_groups = _board(against.get("who", ""), "", against.get("reading") or {})
        other = RollBoard(against.get("who", "") or "Opponent", "counter dice", o_head, o_ok, o_groups, ())
        outcome = for_players(str(countered.get("outcome") or (against.get("outcome") or "")))
        if taken and sum(taken):
            outcome = outcome or f"{sum(taken)} die/dice gobbled"
    return RollBoard(record.get("who", ""), what, head, ok, groups, tuple(lines), other, outcome)


def condition_lines(rows, states, complications, pens, uses) -> list[str]:
    """Short lines for the table view: statistics now, states, Complications, penalties, uses."""
    out = []
    hurt = [r for r in rows if r.ticked]
    if hurt:
        out.append("Hurt: " + ", ".join(f"{r.statistic.title()} {r.current}/{r.boxes}" for r in hurt))
    out += [f"{k.title()}: {s}" for k, s in states]
    out += [f"Complication: {c}" for c in complications]
    for p in pens:
        bits = ", ".join(t for t in (f"-{p.height} Height" if p.height else "", f"-{p.dice}d" if p.dice else "") if t)
        out.append(f"{p.source}: {bits}")
    left = [f"{u.name} {u.left}/{u.times}" for u in uses]
    if left:
        out.append("Uses left: " + ", ".join(left))
    return out
