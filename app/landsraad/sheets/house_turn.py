"""The monthly House turn on paper (issue 18).

``draw_house_turn`` adds to a House sheet: its Strategy (and the change being
implemented), its Householders with this month's Venture and Operations left, this
month's uses per Trait with the effective dice and next month's Degradation, the standing
facts and debts with their use, and the Score changes of play.
``draw_month`` is the one-page month report: every House, every Venture and Operation,
their pools, dice and results, and the Degradation the month's end will apply.

Every number comes from the engine (``landsraad.house.domain``); this module only draws.
"""

from __future__ import annotations

from landsraad.house.calendar import date_of
from landsraad.house.content import HouseContent
from landsraad.house.model import Fief, House
from landsraad.rules.pages import cite
from landsraad.sheets.layout import FAINT, LINE, Flow, Header, SheetCanvas


def _strategy_text(house: House, dc) -> str:
    d = house.domain
    st = dc.strategy(d.strategy)
    text = f"{st.name}" + (f" (+1d {st.trait.capitalize()})" if st.trait else " (no bonus)")
    if d.pending_strategy:
        text += f"; {dc.strategy(d.pending_strategy).name} decided, active from month {d.pending_from}"
    return text


def _strategy_in_month(fief: Fief, house: House, dc, month: int) -> str | None:
    """The Strategy that was in effect in a past ``month`` (from the turn log), or None when
    the log cannot say (issue 27: a past month's report said "Strategy now: Networker" a
    month before Networker applied)."""
    active = [
        (e.month, e.text)
        for e in fief.turn
        if e.house == house.id and e.kind == "strategy" and e.text.endswith("Strategy is in effect")
    ]
    if not any(m > month for m, _ in active):
        st = dc.strategy(house.domain.strategy)  # unchanged since: the one in effect now
        return f"{st.name}" + (f" (+1d {st.trait.capitalize()})" if st.trait else " (no bonus)")
    before = [text for m, text in active if m <= month]
    if not before:
        return None
    for st in dc.strategies:
        if f"'s {st.name} Strategy is in effect" in before[-1]:
            return st.name
    return None


def _deltas(d: dict) -> str:
    return ", ".join(f"{t.capitalize()} {v:+d}" for t, v in d.items() if v) or "none"


def in_play(fief: Fief, house: House) -> bool:
    """Has the monthly turn begun for this House?  A House fresh from creation (month 1,
    Neutral, no Household, nothing declared) has nothing to show yet, and its sheet stays
    one page."""
    d = house.domain
    return bool(
        fief.month > 1
        or d.householders
        or d.ventures
        or d.operations
        or d.changes
        or d.facts
        or d.pending_strategy
        or d.strategy != "neutral"
        or d.knowledge
    )


def draw_house_turn(sc: SheetCanvas, fief: Fief, house: House, content: HouseContent) -> None:
    """Compact (one section, full width); each Householder and each Score change of play
    adds a line.  Nothing is drawn before play begins (``in_play``)."""
    if not in_play(fief, house):
        return
    from landsraad.house.domain import house_turn_json
    from landsraad.house.domain_tables import load_domain_content

    dc = load_domain_content()
    j = house_turn_json(fief, house, content, dc)
    date = date_of(fief.month, dc.calendar.months_per_year)
    flow = Flow(sc, 1)
    flow.section(
        f"House turn · {date.label}",
        reserve=4 * LINE,
        note=cite("dice = max(1, Rating − uses this month), L4905; each use costs 1 Score next month"),
    )
    high = [hh for hh in j["householders"] if hh["rank"] == "high"]
    low = [hh["name"] for hh in j["householders"] if hh["rank"] == "low"]
    flow.label_value("Strategy", _strategy_text(house, dc), label_w=62)
    nxt = j["degradation_next"]
    short = [t.name[:3] for t in content.traits]
    rows = [
        ["Uses this month"] + [str(j["uses"][t.id]) for t in content.traits],
        ["Dice this month"] + [str(j["effective"][t.id]) for t in content.traits],
        ["Degradation next month"] + [str(nxt.get(t.id, "")) or "—" for t in content.traits],
    ]
    flow.table([("Trait", 3.0, "l")] + [(x, 0.9, "r") for x in short], rows, size=7)
    if high:
        for hh in high:
            v = next((x for x in j["ventures"] if x["director"] == hh["name"]), None)
            venture = (
                "no Venture"
                if v is None
                else (
                    f"directs {v['venture']}"
                    + (f" → {v['against']['house']}" if v["against"] else "")
                    + (f", Width {v['width']}" if v["width"] is not None else f", {v['pool']} dice to roll")
                )
            )
            status = "" if hh["status"] == "active" else f" ({hh['status']})"
            flow.para(
                f"{hh['name']}{status} (High{', ' + hh['character'] if hh['character'] else ''}): {venture}; "
                f"Operations {4 - hh['operations_left']}/4",
                7.5,
                indent=4,
            )
    else:
        flow.para(
            cite(
                "High Householders: none listed (each directs at most 1 Venture and makes 4 Operations a month, L4883)"
            ),
            7.5,
            color=FAINT,
            indent=4,
        )
    if low:
        flow.para("Low Householders: " + ", ".join(low), 7.5, indent=4)
    facts = j["facts"]
    if facts:

        def use(f):
            return {
                "monthly": "used this month" if f["available"] is False else "free this month",
                "once": "spent" if f["spent"] else "not yet cashed in",
                "called": "called in" if f["spent"] else "still owed",
                "standing": "standing",
            }[f["use"]]

        flow.para(
            "Standing facts and debts: "
            + "; ".join(
                f"{f['name']} ({cite(f['line'])}{', from ' + f['from'] if f['from'] else ''}) {use(f)}" for f in facts
            ),
            7.5,
            indent=4,
        )
    for c in j["changes"][-6:]:
        flow.para(f"Month {c['month']}: {c['why']}: {_deltas(c['deltas'])}", 7, color=FAINT, indent=4)
    flow.end(6)


def draw_month(sc: SheetCanvas, fief: Fief, content: HouseContent, month: int | None = None) -> None:
    """The one-page month report (all Houses, their Ventures, Operations and results); a
    past month is read from the turn log."""
    from landsraad.house.domain import month_report
    from landsraad.house.domain_tables import load_domain_content

    dc = load_domain_content()
    r = month_report(fief, content, dc, month)
    date = date_of(r["month"], dc.calendar.months_per_year)
    sc.start_sheet(
        Header(
            "month",
            "House turn",
            f"{date.label}",
            (
                ("Siridar Fief", fief.name, 2.6),
                ("House Major", fief.house_major, 1.6),
                ("Month of play", str(r["month"]), 1.0),
                ("Guild Year", str(date.year), 1.0),
            ),
        )
    )
    flow = Flow(sc, 1)
    names = {t.id: t.name[:3] for t in content.traits}
    for h in r["houses"]:
        house = fief.house(h["id"])
        if r["past"]:
            then = _strategy_in_month(fief, house, dc, r["month"])
            note = f"Strategy in month {r['month']}: {then}" if then else ""
        else:
            note = "Strategy: " + _strategy_text(house, dc)
        flow.section(f"House {h['house']}", reserve=3 * LINE, note=note)
        rows = []
        for v in h["ventures"]:
            what = (
                v["venture"].capitalize()
                + (f" → {v['against']['house']}" if v["against"] else "")
                + (f" {v['target']}" if v["target"] else "")
            )
            roll = " ".join(map(str, v["roll"]["faces"])) if v["roll"] else "to roll"
            counter = (
                (
                    f"{v['against']['pool']}d: "
                    + (" ".join(map(str, v["against"]["roll"]["faces"])) if v["against"]["roll"] else "")
                )
                if v["against"]
                else "—"
            )
            result = "—" if v["width"] is None else (f"{v['width']}x{v['height']}" if v["width"] else "fails")
            changes = "; ".join(f"{k} {_deltas(d)}" for k, d in v["changes"].items())
            if v["reveals"]:
                from landsraad.present.house_turn import reveals_text

                changes = (
                    (changes + "; " if changes else "") + "learns " + reveals_text(v["reveals"], fief, content, dc)
                )
            # the pool and its Difficulty in columns of their own (issue 27: "3 @D3 9 6 10" ran together)
            rows.append(
                [
                    v["director"],
                    what,
                    f"{v['pool']}d",
                    str(v["difficulty"]) if v["difficulty"] else "—",
                    roll,
                    counter,
                    result,
                    changes or "—",
                ]
            )
        if rows:
            flow.table(
                [
                    ("Director", 1.6, "l"),
                    ("Venture", 2.1, "l"),
                    ("Pool", 0.6, "c"),
                    ("Diff.", 0.6, "c"),
                    ("Dice", 1.7, "l"),
                    ("Counter", 1.7, "l"),
                    ("Result", 0.7, "c"),
                    ("Changes", 2.4, "l"),
                ],
                rows,
                size=7,
                wrap=(1, 4, 5, 7),
            )
            for v in h["ventures"]:
                if v["width"] is not None:
                    flow.para(cite(f"{v['director']}: {v['reading']}"), 6.5, color=FAINT, indent=4)
        else:
            flow.para("No Venture this month.", 7, color=FAINT)
        ops = [
            f"week {op['week']} {op['actor']}: {op['key']}"
            + (f" → {op['target']}" if op["target"] else "")
            + f": {cite(op['reading'])}"
            for op in h["operations"]
        ]
        for line in ops:
            flow.para(line, 6.8, indent=4)
        deg = (r["degradation_next"] or {}).get(h["id"], {})
        flow.para(
            ("Degradation at the start of the next month: " if r["past"] else "At the month's end, Degradation: ")
            + (", ".join(f"{names[t]} {d:+d}" for t, d in deg.items()) or "none"),
            6.8,
            color=FAINT,
            indent=4,
        )
        flow.space(4)
    used: dict[str, dict] = {}  # the readings this month's numbers rest on, once each
    for h in r["houses"]:
        for item in h["ventures"] + h["operations"]:
            for reading in item.get("readings") or []:
                used.setdefault(reading["where"], reading)
    if used:
        flow.para("Readings of the rulebook used this month (all of them: Help, Rules readings):", 7, indent=0)
        for where, reading in used.items():
            label = where.replace(" › ", ", ")
            flow.para(f"{label} ({cite(reading['line'])}): {cite(reading['text'])}", 7, color=FAINT, indent=4)
    flow.end()
