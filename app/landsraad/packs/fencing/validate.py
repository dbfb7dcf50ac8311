"""What the rules say about a fencer: the Fencing skill's cost, its maneuver slots, and
findings (each with the rule's line and a sentence a player understands).

    skill_levels(f, c)        cost of Fencing in skill levels (None: the Judge sets it)
    maneuvers_allowed(f, c)   maneuver slots of its Fencing level (L39)
    maneuvers_used(f, c)      slots its maneuvers take (Feint and Riposte two, L46, L53)
    fencer_findings(f, c)     every finding
"""

from __future__ import annotations

from landsraad.findings import Finding, Severity
from landsraad.packs.fencing.content import FencingContent
from landsraad.packs.fencing.model import TRAITS, Fencer

STEP = "fencer"


def skill_levels(f: Fencer, c: FencingContent) -> int | None:
    s = c.skill_level(f.fencing)
    if s is None:
        return None
    return s.cost if s.cost is not None else f.legendary_cost


def maneuvers_allowed(f: Fencer, c: FencingContent) -> int:
    s = c.skill_level(f.fencing)
    return s.maneuvers if s else 0


def maneuvers_used(f: Fencer, c: FencingContent) -> int:
    return sum(m.slots for m in (c.maneuver(i) for i in f.maneuvers) if m is not None)


def fencer_findings(f: Fencer, c: FencingContent) -> list[Finding]:
    out: list[Finding] = []

    def add(sev, rule, message, field=None):
        out.append(Finding(sev, STEP, rule, message, field))

    if not f.name.strip():
        add(Severity.TODO, "name", "The fencer has no name yet.", "name")

    # ----- Fencing and its cost ---------------------------------------------------------
    level = c.level(f.fencing)
    if level is None or c.skill_level(f.fencing) is None:
        names = ", ".join(s.level for s in c.skill)
        add(Severity.ERROR, "L34", f"Fencing {f.fencing!r} is not a level of the skill ({names}).", "fencing")
    elif level.judge_only:
        if not f.legendary_allowed:
            add(
                Severity.ERROR,
                "L34",
                f"Fencing {level.name} is only for truly cinematic campaigns where "
                "the Judge allows it; mark it allowed or choose Superb or lower.",
                "fencing",
            )
        if f.legendary_cost is None:
            add(
                Severity.TODO,
                "L34",
                f"The Judge sets what Fencing {level.name} costs in skill levels; it is not recorded yet.",
                "legendary_cost",
            )

    for t in TRAITS:
        lv = c.level(getattr(f, t))
        if lv is None or (lv.judge_only and not f.legendary_allowed):
            add(
                Severity.ERROR,
                "F1",
                f"{t.replace('_', ' ').capitalize()} {getattr(f, t)!r} is not a level from Terrible to Superb.",
                t,
            )

    # ----- maneuvers --------------------------------------------------------------------
    seen: set[str] = set()
    for ident in f.maneuvers:
        m = c.maneuver(ident)
        if m is None:
            known = ", ".join(x.id for x in c.maneuvers)
            add(Severity.ERROR, "L42-57", f"{ident!r} is not one of the thirteen maneuvers ({known}).", "maneuvers")
        elif ident in seen:
            add(Severity.ERROR, "L39", f"{m.name} is listed twice; a maneuver is learned once.", "maneuvers")
        seen.add(ident)
    allowed, used = maneuvers_allowed(f, c), maneuvers_used(f, c)
    lv_name = level.name if level else f.fencing
    learned = [m for m in (c.maneuver(i) for i in dict.fromkeys(f.maneuvers)) if m is not None]
    doubles = [m.name for m in learned if m.slots > 1]
    why = (
        f" ({' and '.join(doubles)} count as two)"
        if len(doubles) > 1
        else f" ({doubles[0]} counts as two)"
        if doubles
        else ""
    )
    if used > allowed:
        add(
            Severity.ERROR,
            "L39",
            f"Fencing {lv_name} allows {allowed} maneuver slots, but these maneuvers "
            f"take {used}{why}: drop some or raise Fencing.",
            "maneuvers",
        )
    elif used < allowed and level is not None:
        add(
            Severity.WARNING,
            "L39",
            f"Fencing {lv_name} allows {allowed} maneuver slots; {used} are used{why}, {allowed - used} left to learn.",
            "maneuvers",
        )
    if "feint" in f.maneuvers and not [i for i in f.maneuvers if i != "feint" and c.maneuver(i)]:
        add(
            Severity.WARNING,
            "L45",
            "A Feint must lead to another maneuver the fencer knows; it knows no other.",
            "maneuvers",
        )

    # ----- equipment --------------------------------------------------------------------
    for i, w in enumerate(f.weapons):
        if c.weapon(w.kind) is None:
            add(
                Severity.ERROR,
                "L127",
                f"Weapon {w.name or w.kind!r}: {w.kind!r} is not a weapon of the damage tables.",
                f"weapons.{i}",
            )
    if c.armour_of(f.armour) is None:
        add(Severity.ERROR, "L128", f"Armour {f.armour!r} is not in the armour table.", "armour")
    for lid, n in f.wounds.items():
        wl = c.wound_level(lid)
        if wl is None:
            add(Severity.ERROR, "L159", f"Wound level {lid!r} does not exist.", "wounds")
        elif not 0 <= n <= wl.boxes:
            add(Severity.ERROR, "L159", f"{wl.name} has {wl.boxes} box(es), not {n} checked.", "wounds")
    return out
