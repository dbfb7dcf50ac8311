"""The Dune conflict tracker sheet: the sides and their characters with a box per round
to tick a turn, the pools, the zones with their traits, the order-of-action reminders
(conflict-assets.txt L31-L41) and the log so far."""

from __future__ import annotations

import os

from landsraad.sheets.layout import FAINT, LINE, Flow, Header, SheetCanvas, paper_size, write_pdf

ROUNDS = 8
REMINDERS = (
    "Each character takes one turn a round; the GM picks who starts round 1 (a GM character: a narrative "
    "reason, or 2 Threat).",
    "After a turn: hand over to an opposing side, which picks one of its characters who has not acted, or Keep "
    "the Initiative: 2 Momentum or +2 Threat (GM characters: 2 Threat).",
    "Keeping buys an extra action now at +1 Difficulty, or an ally's turn. Not again until an enemy has taken a turn.",
    "A side with nobody left passes; when only one side has characters left they act in turn.",
    "End of round: the last actor names an opposing side to start the next, or pays 2 Momentum / +2 Threat "
    "(GM: 2 Threat) for its own side.",
)


def draw_conflict(sc: SheetCanvas, c, rules) -> None:
    sc.start_sheet(
        Header(
            "conflict",
            "Conflict",
            c.name or "(unnamed)",
            (
                ("Conflict", c.name, 3.0),
                ("Kind", c.kind or "—", 1.4),
                ("Round", str(c.round), 0.8),
                ("Momentum", str(c.momentum), 1.0),
                ("Threat", str(c.threat), 1.0),
            ),
            system="DUNE CONFLICT  ·  order of action",
        )
    )
    sc.c.setSubject("Dune conflict")
    flow = Flow(sc, 1)
    flow.section(
        "Sides and turns",
        note=f"tick a box when the character has taken its turn (rounds {c.round}-{c.round + ROUNDS - 1})",
    )
    for s in c.sides:
        flow.para(
            s.name
            + ("  (the GM's side: pays in Threat)" if s.gm else "")
            + ("  · has Kept the Initiative" if s.id in c.kept else ""),
            8,
            bold=True,
        )
        for a in (a for a in c.actors if a.side == s.id):

            def draw(x, y, w, a=a):
                sc.text(x + 8, y - 8, a.name + (f"  ({a.zone})" if a.zone else ""), 8, max_width=w * 0.45)
                for r in range(ROUNDS):
                    bx = x + w * 0.5 + r * 26
                    sc.checkbox(
                        f"{a.name}-r{c.round + r}",
                        bx,
                        y - 9,
                        size=8,
                        checked=(r == 0 and a.acted),
                        tooltip=f"{a.name}: round {c.round + r}",
                    )
                    sc.text(bx + 11, y - 8, str(c.round + r), 6, color=FAINT)

            flow.place(LINE + 1, draw)
    flow.space(4)
    flow.section(
        "Zones", note="the GM decides how they link" + ("; free-floating: all adjacent" if c.free_floating else "")
    )
    rows = [[z.name, ", ".join(z.traits) or "—", "yes" if z.objective else "", ", ".join(z.links)] for z in c.zones]
    if rows:
        flow.table(
            [("Zone", 2, "l"), ("Traits", 4, "l"), ("Objective", 1, "c"), ("Links", 2, "l")], rows, wrap=(0, 1, 3)
        )
    else:
        flow.para("One zone (none named).", 8, color=FAINT)
    flow.space(4)
    if c.assets:
        flow.section("Assets in the conflict", note="Quality 0-4 ranks an asset among its peers")
        flow.table(
            [
                ("Asset", 3, "l"),
                ("Owner", 2, "l"),
                ("Form", 1.3, "l"),
                ("Quality", 1, "c"),
                ("Zone", 2, "l"),
                ("State", 1.6, "l"),
            ],
            [
                [
                    x.asset.name,
                    x.asset.owner,
                    x.asset.form,
                    str(x.asset.quality),
                    x.zone or "—",
                    x.state.replace("-", " "),
                ]
                for x in c.assets
            ],
            wrap=(0, 1),
        )
        flow.space(4)
    flow.section("Order of action")
    for line in REMINDERS:
        flow.para("• " + line, 7.5)
    flow.space(4)
    flow.section("Log", note="what has happened so far")
    for e in c.log[-30:]:
        flow.para(f"Round {e.round}: {e.text} (Momentum {e.momentum}, Threat {e.threat})", 7)
    flow.text_field("notes", 60, "", label="Notes (write in play)")
    flow.end()


def render_conflict(c, rules, paper: str = "a4") -> bytes:
    paper_size(paper)
    sc = SheetCanvas(paper, title=f"Conflict: {c.name}")
    draw_conflict(sc, c, rules)
    return sc.finish()


def export_conflict(c, rules, path: str | os.PathLike, paper: str = "a4") -> None:
    write_pdf(path, render_conflict(c, rules, paper))


# ----- the kind's printing (landsraad.packs.conflict.kind names these) ----------------------
def conflict_pdf(c, content, out, paper: str = "a4", **_opts) -> None:
    export_conflict(c, content.order, out, paper)


def draw_in_session(sc: SheetCanvas, c, content, _session) -> None:
    draw_conflict(sc, c, content.order)
