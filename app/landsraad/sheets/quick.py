"""The d20 Quick Rules character sheet: one page (spec §9.1).

Left: who the character is, the twelve Traits with their x1-x3 boxes, Specialties,
Special Abilities.  Right: weapons with their attack Rerolls, Defense and the Hindrance
track 0-20 marked at Disabled (10) and Destroyed (20), and the dice table and the turn
options as reminders.  Values come from the pack's engine (``landsraad.packs.quick``).
"""

from __future__ import annotations

import os

from landsraad.sheets.layout import ACCENT, FAINT, INK, LINE, Flow, Header, SheetCanvas, paper_size, write_pdf

# the five pairs a character chooses from each combat turn (L62-L67), in our words
TURN_OPTIONS = (
    "Move twice (run 18 m)",
    "Move 9 m + one task roll",
    "Move 9 m + Evade",
    "Hold ground + Evade + one task roll",
    "Hold ground + two task rolls",
)


def draw_quick(sc: SheetCanvas, ch, qc) -> None:
    from landsraad.packs.quick import rules
    from landsraad.packs.quick.build import specialty_name

    template = qc.template(ch.template) if ch.template else None
    target = ch.difficulty if ch.difficulty is not None else qc.roll.difficulty_default
    sc.start_sheet(
        Header(
            "quick",
            "d20 character",
            ch.name or "(unnamed)",
            (
                ("Name", ch.name, 3.2),
                ("Template", template.name if template else "—", 2.2),
                ("Defense", str(rules.total_defense(ch)), 0.9),
                ("Difficulty as target", str(target), 1.3),
            ),
            system="d20 QUICK RULES  ·  roll 1d20 + 1 per Reroll",
        )
    )
    sc.c.setSubject("d20 Quick Rules")
    flow = Flow(sc, columns=2, widths=(1.0, 1.0))

    flow.section("Who")
    flow.label_value("Description", ch.description, label_w=62)
    flow.label_value("Background", ch.background, label_w=62)
    flow.space(4)

    counts = rules.counts(ch, qc)
    lo, hi = counts["samples"]["trait_instances"]
    flow.section(
        "Traits",
        note=(
            "an adversary: a Difficulty and abilities, no Traits (L312-L322)"
            if rules.is_adversary(ch, qc)
            else f"{counts['trait_instances']} instances (samples {lo}-{hi})"
        ),
    )
    for t in qc.traits.values():
        n = ch.traits.get(t.id, 0)

        def draw(x, y, w, t=t, n=n):
            sc.text(x + 2, y - 8, t.name, 8, bold=n > 0, color=INK if n else FAINT)
            sc.boxes(x + 62, y - 8.5, qc.max_multiplier, filled=n, size=7)
            sc.text(x + 94, y - 8, t.covers, 6.5, color=FAINT, max_width=w - 96)

        flow.place(LINE, draw)
    flow.space(4)

    lo, hi = counts["samples"]["specialties"]
    flow.section("Specialties", note=f"{counts['specialties']} (samples {lo}-{hi}); one Reroll in their field")
    for sp in ch.specialties:
        entry = qc.specialties.get(sp)
        flow.label_value(specialty_name(sp, qc), entry.field if entry else "custom", label_w=78)
    for i in range(max(0, 3 - len(ch.specialties))):
        flow.text_field(f"specialty-{i + 1}", 11, multiline=False)
    flow.space(4)

    flow.section("Special Abilities")
    for a in ch.abilities:
        flow.label_value(a.name, a.effect, label_w=78)
    flow.text_field("abilities", 60)

    flow.column(1)
    flow.section("Weapons", note="damage = Successes x Deadly, less Defense")
    rows = []
    for w in ch.weapons:
        att = rules.weapon_rerolls(ch, w, qc)
        traits = ", ".join(
            (
                qc.weapon_traits[t].name.split(" (")[0]
                + (f" ({qc.bands[w.band].name})" if t == "ranged" and w.band in qc.bands else "")
            )
            if t in qc.weapon_traits
            else t
            for t in w.traits
        )
        rows.append([w.name, f"x{w.deadly}", traits + (f"; {w.special}" if w.special else ""), str(att["rerolls"])])
    if not rows:
        rows = [["Punch, kick", "x1", "Light", str(sum(ch.traits.get(t, 0) for t in ("combat", "swiftness")))]]
    flow.table(
        [("Weapon", 2.3, "l"), ("Deadly", 1.0, "c"), ("Traits", 3.0, "l"), ("Rerolls", 0.9, "c")], rows, wrap=(0, 2)
    )
    flow.space(4)

    h = qc.hindrance
    flow.section("Hindrance", note=f"Disabled at {h.disabled}, Destroyed at {h.destroyed}")

    def track(x, y, w):
        size = min(9.5, (w - 8) / (h.track + 1) - 2)
        for i in range(1, h.track + 1):
            bx = x + 2 + (i - 1) * (size + 2)
            mark = i in (h.disabled, h.destroyed)
            sc.c.setLineWidth(1.4 if mark else 0.6)
            sc.c.setStrokeColor(ACCENT if mark else INK)
            sc.c.setFillColor(INK)
            sc.c.rect(bx, y - size - 2, size, size, stroke=1, fill=1 if i <= ch.hindrance else 0)
            sc.text(bx + size / 2, y - size - 9, str(i), 5.5, color=FAINT, align="center")
        sc.c.setLineWidth(0.6)

    flow.place(26, track)
    flow.label_value(
        "Status",
        {"active": "active", "disabled": "DISABLED: no moving, Evading or physical actions", "destroyed": "DESTROYED"}[
            rules.status(ch, qc)
        ],
        label_w=62,
    )

    def temp(x, y, w):
        sc.text(x, y - 8, "Temporary (Stunning)", 7, color=FAINT)
        sc.textfield(
            "temporary-hindrance",
            x + 80,
            y - 11,
            30,
            11,
            str(ch.temporary_hindrance) if ch.temporary_hindrance else "",
            size=7,
        )
        sc.text(x + 116, y - 8, "unconscious 8 h above 10 in all", 6.5, color=FAINT, max_width=w - 118)

    flow.place(14, temp)
    flow.para(
        "Each point cancels one Reroll. "
        + (
            "Destroyed: permanently beyond recovery, no recovery roll (L214)."
            if rules.status(ch, qc) == "destroyed"
            else "Recover: 8 h rest, then Difficulty 10 with Physique and Willpower; 1 point off per Success."
        ),
        size=6.5,
        color=FAINT,
    )
    flow.space(4)

    flow.section("How many d20", note="Rerolls less Hindrance")
    dice_rows = []
    for row in qc.dice:
        if row.net_max is None:
            net = f"{row.net_min} or more"
        elif row.net_min is None:
            net = "Hindrance outnumbers Rerolls"
        else:
            net = str(row.net_min)
        dice_rows.append([net, str(row.dice), row.counted])
    flow.table([("Net Rerolls", 2.4, "l"), ("Dice", 0.8, "c"), ("Counts", 1.2, "l")], dice_rows, size=7)
    flow.para(
        f"Counted over the Difficulty: Successes = counted - Difficulty. Equal: mixed. A counted "
        f"{qc.roll.critical_face} doubles the Successes; a counted {qc.roll.fumble_face} is a critical fumble.",
        size=6.5,
        color=FAINT,
    )
    flow.space(4)
    flow.section("Combat turn: choose one pair")
    for i, opt in enumerate(TURN_OPTIONS, 1):
        flow.para(f"{i}. {opt}", size=7)
    flow.para("Evade: +1 Reroll to avoid attacks and hazards until your next turn.", size=6.5, color=FAINT)
    flow.space(4)
    flow.section("Notes")
    flow.text_field("notes", 150, ch.notes)
    flow.end()


def render_quick(ch, qc, paper: str = "a4") -> bytes:
    paper_size(paper)
    sc = SheetCanvas(paper, title=f"d20 character: {ch.name}")
    draw_quick(sc, ch, qc)
    return sc.finish()


def export_quick(ch, qc, path: str | os.PathLike, paper: str = "a4") -> None:
    write_pdf(path, render_quick(ch, qc, paper))


# ----- the kind's printing (landsraad.packs.quick.kind names these) -------------------------
def quick_pdf(ch, qc, out, paper: str = "a4", **_opts) -> None:
    export_quick(ch, qc, out, paper)


def draw_in_session(sc: SheetCanvas, ch, qc, _session) -> None:
    draw_quick(sc, ch, qc)
