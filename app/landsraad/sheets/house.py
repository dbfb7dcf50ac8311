"""The House sheet: name, seat and Territory with its terrain, the seven Trait Scores and
Ratings (with where each number came from), the history events in order with the dice
that made them, the household, notes.

Everything is computed by the House engine (``landsraad.house``); this module only
draws it.
"""

from __future__ import annotations

from landsraad.house.content import HouseContent
from landsraad.house.fief import occupants, placement_of, read_body, share_size
from landsraad.house.history import history_events, resolve
from landsraad.house.model import MAJOR, Fief, House
from landsraad.house.place_names import place_names
from landsraad.house.scores import house_scores
from landsraad.house.validate import house_findings
from landsraad.present.house import deltas_text
from landsraad.rules.pages import cite
from landsraad.sheets.layout import ACCENT, FAINT, INK, LINE, RULE, SECTION_H, Flow, Header, SheetCanvas

STANDING_FACT = "V15"  # the finding that repeats an event's permanent record


def abbrev(content: HouseContent) -> list[str]:
    return [t.name[:3] for t in content.traits]


def roll_text(roll) -> str:
    if roll is None:
        return "not rolled yet"
    how = "typed from physical dice" if roll.seed is None else f"seed {roll.seed}"
    return f"{len(roll)}d10: {roll.text}  ({how}; faces {' '.join(map(str, roll.faces))})"


def territory_label(fief: Fief, territory_id: str | None, content: HouseContent) -> tuple[str, str]:
    """(territory name, body description) of a Territory id."""
    found = fief.territory(territory_id)
    if found is None:
        return ("not placed yet", "")
    body, terr = found
    r = read_body(body, content)
    names = place_names(fief, content)
    body_text = (
        f"{names.body(body.id)} ({r.name}, from {body.source})"
        if body.name
        else f"{names.body(body.id)} (from {body.source})"
    )
    return (names.territory(terr.id), body_text)


def terrain_names(features, predominant, content: HouseContent) -> str:
    out = []
    for x in features:
        t = content.terrain(x)
        name = t.name if t else x
        out.append(f"{name} (predominant)" if x == predominant else name)
    return ", ".join(out) or "no dominating feature"


def choice_text(ev, choice, content: HouseContent) -> tuple[str, str]:
    """(what was chosen, its trait changes) of one history event."""
    res = resolve(ev, choice, content)
    row = ev.row
    if res.error:
        return (f"not valid: {res.error}", "")
    if res.deltas is None:
        return (f"to choose: {res.todo}", "")
    if row.kind == "options":
        n = choice.option
        return (f"option ({chr(96 + n)})", deltas_text(res.deltas, content))
    if row.kind == "traits":
        return ("traits chosen", deltas_text(res.deltas, content))
    if row.kind == "madness":
        return (f"Madness d10s {' '.join(map(str, choice.madness))}", deltas_text(res.deltas, content))
    return (cite(row.record) or "recorded", "")


def draw_house(
    sc: SheetCanvas,
    fief: Fief,
    house: House,
    content: HouseContent,
    members: list[tuple[str, str]] = (),
    householders=(),
    outline: int = 0,
) -> str:
    """Draw one House sheet; ``members``: (character name, player) of its household;
    ``householders``: what each adds to the scores (``landsraad.household``).
    Returns the sheet's field prefix."""
    sheet = house_scores(fief, house, content, householders)
    named = {n.casefold() for n, _ in members}  # and the Household the Fief records (issue 23)
    members = list(members) + [
        (hh.name + ("" if hh.rank == "high" else " (Low)") + ("" if hh.status == "active" else f", {hh.status}"), "")
        for hh in house.domain.householders
        if hh.name.casefold() not in named
    ]
    from landsraad.house.ventures import play_scores  # the monthly turn's changes (issue 18)

    in_play = play_scores(fief, house, content)
    title = "House Minor" + (" · the players' House" if house.player else "")
    prefix = sc.start_sheet(
        Header(
            "house",
            title,
            house.name,
            (
                ("House", house.name, 3.0),
                ("Siridar Fief", fief.name, 2.2),
                ("House Major", fief.house_major, 1.6),
                ("Founding Set", house.founding or "—", 1.0),
            ),
            outline=outline,
        )
    )
    trait_ids = list(content.trait_ids)

    # ----- seat and territory -------------------------------------------------------------
    flow = Flow(sc, 2, widths=(1.15, 1.0))
    flow.section("Seat and Territory (Step Two)")
    tname, body_text = territory_label(fief, house.territory, content)
    flow.label_value("Territory", tname)
    flow.label_value("On", body_text or "—")
    found = fief.territory(house.territory)
    if found is not None:
        body, terr = found
        flow.label_value("Terrain", terrain_names(terr.features, house.predominant, content))
        if terr.arcology_type:
            a = content.arcology_type(terr.arcology_type)
            flow.label_value("Arcology", a.name if a else terr.arcology_type)
        flow.label_value("Size", share_size(fief, terr.id, content).capitalize())
        placement = placement_of(fief, house, content)
        if placement:
            flow.label_value("Placement", content.placement(placement).name)
        others = [h.name for h in occupants(fief, terr.id) if h.id != house.id]
        if others:
            flow.label_value("Shares with", ", ".join(others))
    controlled = [b for b in fief.bodies if b.controller == house.id]
    if controlled:
        names = place_names(fief, content)
        flow.label_value("Controls", "; ".join(f"{names.body(b.id)} (waste {b.source})" for b in controlled))
    if house.founding:
        evs = [ev for ev in history_events(house, content) if ev.source == house.founding]
        flow.label_value(
            "Founding",
            f"{house.founding} {evs[0].name}: {evs[0].founding_text}"
            if evs and evs[0].founding_text
            else house.founding,
        )

    # ----- scores and ratings --------------------------------------------------------------
    flow.column(1)
    flow.ys[1] = flow.top
    flow.section("Trait Scores and Ratings", note="Rating = Score/10, rounded")
    row_h = 17

    def trait_header(x, y, w):
        cols = _trait_cols(w)
        for label, (cx, cw, align) in zip(("Trait", "Start", "Score", "", "Rating", "In play"), cols):
            if label:
                flow._cell(x + cx, y - 7, cw, label, 7, align, FAINT, True)

    flow.place(10, trait_header)
    for i, tr in enumerate(content.traits):

        def draw_trait(x, y, w, tr=tr, i=i):
            cols = _trait_cols(w)
            score, rating = sheet.scores[tr.id], sheet.ratings[tr.id]
            base = y - 11
            flow._cell(x + cols[0][0], base, cols[0][1], tr.name, 9, "l", INK, True)
            flow._cell(x + cols[1][0], base, cols[1][1], str(sheet.start[tr.id]), 8, "r", FAINT)
            flow._cell(x + cols[2][0], base, cols[2][1], str(score), 10, "r", INK, True)
            flow._cell(x + cols[3][0], base, cols[3][1], str(rating), 10, "r", ACCENT, True)
            sc.boxes(x + cols[4][0] + 4, base - 0.5, content.rating.rating_max, rating, size=7, gap=1.5)
            sc.textfield(
                f"{tr.id}-in-play",
                x + cols[5][0] + 2,
                base - 3.5,
                cols[5][1] - 2,
                13,
                str(in_play[tr.id]),
                size=8,
                tooltip=f"{tr.name}: Score in play",
            )
            level = tr.levels[rating - 1] if 0 < rating <= len(tr.levels) else ""
            sc.c.setStrokeColor(RULE)
            sc.c.setLineWidth(0.3)
            sc.c.line(x, y - row_h - 7, x + w, y - row_h - 7)
            sc.text(x + 2, y - row_h - 3.5, level, 7, color=FAINT, max_width=w - 4)

        flow.place(row_h + 8, draw_trait)
    if sheet.clamped:
        flow.para("Clamped to 0-60: " + ", ".join(sheet.clamped), 7, color=FAINT)
    flow.end(8)

    # ----- how the scores were made ---------------------------------------------------------
    short = abbrev(content)
    flow = Flow(sc, 1)
    flow.section("Starting Scores (Step Two)", reserve=3 * LINE)
    rows = [
        [ln.label, deltas_text(ln.deltas, content) if ln.source != "base" else "base scores"]
        + [str(ln.after[t]) for t in trait_ids]
        for ln in sheet.start_lines
    ]
    rows.append(["Start", ""] + [str(sheet.start[t]) for t in trait_ids])
    flow.table([("From", 4.0, "l"), ("Adds", 5.0, "l")] + [(s, 0.75, "r") for s in short], rows, wrap=(0, 1))
    flow.space(6)

    # ----- history ------------------------------------------------------------------------
    flow.section(
        "History (Step Three)",
        reserve=3 * LINE,
        note=(
            cite("events in the order the Judge chose (L4583)")
            if house.event_order
            else "events in the order they apply: sets by Height, then waste dice"
        ),
    )
    flow.label_value("History roll", roll_text(house.history), label_w=60)
    rows = []
    lines = iter(sheet.event_lines)
    after = dict(sheet.start)
    for n, ev in enumerate(history_events(house, content), start=1):
        ch = house.choice(ev.source)
        chosen, changes = choice_text(ev, ch, content)
        if resolve(ev, ch, content).deltas is not None:
            after = next(lines).after
        table = "set" if ev.is_set else f"Table {ev.table}"
        rows.append(
            [str(n), ev.source, f"{ev.name} ({table})", f"{chosen}{': ' if changes else ''}{changes}"]
            + [str(after[t]) for t in trait_ids]
        )
    if rows:
        flow.table(
            [("#", 0.45, "r"), ("Dice", 0.9, "l"), ("Event", 3.0, "l"), ("Chosen", 5.0, "l")]
            + [(s, 0.62, "r") for s in short],
            rows,
            wrap=3,
        )
    else:
        flow.para("No history rolled yet.", 8, color=FAINT)
    logged = [e for e in fief.log if e.who == f"House {house.name}"]
    if logged:
        flow.space(3)
        flow.para("Rolls for this House (from the Fief's roll log):", 7, bold=True, color=FAINT)
        for e in logged:
            how = "typed" if e.seed is None else f"seed {e.seed}"
            flow.para(
                f"{e.when.replace('T', ' ')}  {e.why}: {' '.join(map(str, e.faces))} → {cite(e.reading)} ({how})",
                7,
                indent=6,
            )
    # ----- householders and holdings (L1415..., L4054-L4151) -------------------------------
    if sheet.member_lines:
        flow.space(6)
        flow.section(
            "Householders and holdings",
            reserve=3 * LINE,
            note=cite("characters' advantages L1415; gear and holdings L4054-L4151"),
        )
        rows = [
            [
                ("Householder: " if ln.source == "householder" else "Holding: ") + ln.label,
                deltas_text(ln.deltas, content),
            ]
            + [str(ln.after[t]) for t in trait_ids]
            for ln in sheet.member_lines
        ]
        flow.table([("From", 4.0, "l"), ("Adds", 5.0, "l")] + [(s, 0.75, "r") for s in short], rows, wrap=(0, 1))
    # what the history made permanently true (Alliance, Division…): the House's standing
    # facts, not something left to settle
    facts = [
        f"{ev.name} ({ev.source}): {cite(ev.row.record)}" for ev in history_events(house, content) if ev.row.record
    ]
    findings = [
        f"{f.severity.value}: {f.message}"
        for f in house_findings(fief, house, content, householders)
        if f.rule != STANDING_FACT
    ]
    flow.end(6)

    # ----- assets (Dune conflict pack) ---------------------------------------------------------
    from landsraad.sheets.assets import draw_assets

    draw_assets(sc, getattr(house, "assets", ()))

    # ----- the monthly House turn (issue 18): Strategy, Householders, uses, facts and debts --
    from landsraad.sheets.house_turn import draw_house_turn

    draw_house_turn(sc, fief, house, content)

    def tail() -> None:
        flow = Flow(sc, 1)
        if facts:
            flow.section("Standing facts of the House", note="from its history; they last")
            for text in facts:
                flow.para(text, 7.5)
            flow.space(4)
        if findings:
            flow.section("Still to settle")
            for text in findings:
                flow.para(text, 7.5)
        flow.end(6)

    def household_and_notes(notes_h: float) -> None:
        flow = Flow(sc, 2, widths=(1.0, 1.4))
        flow.section("Household")
        # the members are the field's value (shown once, in the field), one a line
        flow.text_field(
            "household",
            62,
            "\n".join(n + (f" (player: {p})" if p else "") for n, p in members),
            label="Household members (write in play)",
        )
        flow.column(1)
        flow.ys[1] = flow.top
        flow.section("Notes")
        flow.text_field("notes", max(62, min(140, notes_h)), house.note, label="Notes (pre-filled; write in play)")
        flow.end(6)

    # the household and notes end the sheet when they fit below the rest; otherwise they
    # come before it, so no page ever holds only them
    width = sc.content_width - 2
    tail_h = sum(
        (SECTION_H + 7) + sum(len(_lines(t, width)) for t in block) * 7.5 * 1.3 for block in (facts, findings) if block
    )
    need = SECTION_H + 3 + 9 + 62 + 3
    room_after = sc.y - tail_h - sc.bottom - 10  # 10: a margin on the estimate
    if room_after >= need:
        tail()
        # the Notes field takes what is left: its title, label and gap come off
        household_and_notes(sc.y - sc.bottom - (SECTION_H + 3) - 9 - 3 - 2)
    else:
        household_and_notes(62)
        tail()
    return prefix


def _lines(text: str, width: float) -> list[str]:
    from landsraad.sheets.layout import split

    return split(text, width, 7.5)


def _trait_cols(w: float) -> list[tuple[float, float, str]]:
    """x offset, width, align of: trait, start, score, rating, boxes, in-play field."""
    spec = [(0.30, "l"), (0.10, "r"), (0.11, "r"), (0.10, "r"), (0.23, "l"), (0.16, "l")]
    out, x = [], 0.0
    for frac, align in spec:
        out.append((x, w * frac, align))
        x += w * frac
    return out


def household(characters, house: House) -> list[tuple[str, str]]:
    """(name, player) of the characters whose House is this one (by name or id)."""
    from landsraad.household import belongs

    return [(ch.name, ch.player) for ch in characters if belongs(ch, house)]


def householders(characters, house: House, content: HouseContent) -> tuple:
    """What each character of the House adds to its scores (empty without characters)."""
    if not characters:
        return ()
    from landsraad.household import household_of
    from landsraad.rules.content import load_content

    return household_of(house, characters, load_content(), content)


__all__ = ["draw_house", "household", "deltas_text", "roll_text", "MAJOR", "SECTION_H"]
