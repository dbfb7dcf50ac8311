"""The Siridar Fief sheet: a drawn diagram of the system (reportlab graphics), the bodies
and their Territories, which House holds what, the political history side by side, and
the session's roll log (seed or typed faces) so any roll can be checked later.

Every value comes from the House engine (``landsraad.house``); nothing is recomputed.
"""

from __future__ import annotations

import math

from reportlab.graphics import renderPDF
from reportlab.graphics.shapes import Circle, Drawing, Ellipse, Group, Line, PolyLine, Rect, String, Wedge
from reportlab.lib.colors import Color, HexColor, white

from landsraad.house.content import HouseContent
from landsraad.house.fief import (habitable_planets, minor_houses_needed, occupants, read_body,
                                  share_size, total_territories)
from landsraad.house.history import political_history
from landsraad.house.model import MAJOR, Body, Fief
from landsraad.house.scores import house_scores
from landsraad.house.validate import fief_findings
from landsraad.sheets import fonts
from landsraad.sheets.fonts import BOLD, REGULAR
from landsraad.present.house import deltas_text
from landsraad.sheets.house import roll_text, terrain_names
from landsraad.sheets.layout import FAINT, INK, LINE, RULE, Flow, Header, SheetCanvas

# one colour per House, in the Fief's order (print-friendly, distinct in greyscale too)
HOUSE_COLOURS = [HexColor(x) for x in ("#1f6f8b", "#b5482c", "#4f7a28", "#7b4fa0", "#c28a12",
                                       "#2f4858", "#a23b72", "#5c6b73", "#8c564b", "#17becf")]
MAJOR_COLOUR = HexColor("#3b2a1a")
UNHELD = HexColor("#d8cfc2")
SUN = HexColor("#f2b134")


def house_colours(fief: Fief) -> dict[str, Color]:
    out = {h.id: HOUSE_COLOURS[i % len(HOUSE_COLOURS)] for i, h in enumerate(fief.houses)}
    out[MAJOR] = MAJOR_COLOUR
    return out


def holders(fief: Fief, body: Body) -> list[str]:
    """House ids holding a Territory of the body or controlling it, in the Fief's order."""
    ids = {h.id for t in body.territories for h in occupants(fief, t.id)}
    if body.controller:
        ids.add(body.controller)
    order = [h.id for h in fief.houses] + [MAJOR]
    return [i for i in order if i in ids]


def holder_name(fief: Fief, hid: str) -> str:
    if hid == MAJOR:
        return f"House Major {fief.house_major}".strip()
    h = fief.house(hid)
    return h.name if h else hid


# ----- the diagram ------------------------------------------------------------------------
def system_drawing(fief: Fief, content: HouseContent, width: float, height: float = 150) -> Drawing:
    """The system as an orrery seen edge-on: the star at the left, each body on its own
    orbit (in the order of the roll), coloured by the House that holds it; Territories as
    small dots under each body (filled with the colour of the House living there); a
    Planetary Ring drawn around the body it circles."""
    d = Drawing(width, height)
    colours = house_colours(fief)
    cy = height * 0.48
    sun_r = height * 0.30
    sun_x = 0
    d.add(Wedge(sun_x, cy, sun_r, -90, 90, fillColor=SUN, strokeColor=HexColor("#d9961a"), strokeWidth=1))
    d.add(String(5, cy - 3, "star", fontName=BOLD, fontSize=7, fillColor=HexColor("#6b4400")))
    reach = min(cy, height - cy) - 14
    placed = [b for b in fief.bodies if not (read_body(b, content).kind == "planetary-ring"
                                             and fief.body(b.circles or "") is not None)]
    rings = {b.circles: b for b in fief.bodies if read_body(b, content).kind == "planetary-ring"
             and fief.body(b.circles or "") is not None}
    n = max(len(placed), 1)
    x0 = sun_x + sun_r + 30
    step = (width - x0 - 24) / max(n - 1, 1) if n > 1 else 0
    for i, body in enumerate(placed):
        x = x0 + i * step
        dist = x - sun_x
        # orbit: an arc of the circle centred on the star
        half = math.degrees(math.asin(min(0.999, reach / dist)))
        d.add(_arc(sun_x, cy, dist, half))
        r = read_body(body, content)
        hold = holders(fief, body)
        fill = colours[hold[0]] if hold else UNHELD
        g = _body_glyph(body, r, x, cy, fill, hold, colours)
        d.add(g)
        if body.id in rings:
            ring = rings[body.id]
            rh = holders(fief, ring)
            d.add(Ellipse(x, cy, _radius(r) + 9, 4.5, fillColor=None,
                          strokeColor=colours[rh[0]] if rh else FAINT, strokeWidth=1.4))
        # territories as dots under the body
        terrs = body.territories
        if terrs:
            dot, gap = 4.2, 1.6
            total = len(terrs) * (dot + gap) - gap
            tx = x - total / 2
            ty = cy - _radius(r) - 10
            for t in terrs:
                occ = occupants(fief, t.id)
                d.add(Rect(tx, ty, dot, dot, fillColor=colours[occ[0].id] if occ else white,
                           strokeColor=INK, strokeWidth=0.4))
                if len(occ) > 1:   # a shared Territory: second House as a half
                    d.add(Rect(tx + dot / 2, ty, dot / 2, dot, fillColor=colours[occ[1].id],
                               strokeColor=None))
                tx += dot + gap
        # label: above for even, below for odd bodies, so neighbours never collide
        name = body.name or r.name
        sub = f"{body.source} · {r.name}" if body.name else body.source
        if body.id in rings:
            sub += " · ringed"
        above = i % 2 == 0
        ly = cy + _radius(r) + 14 if above else cy - _radius(r) - 24
        maxw = max(step * 1.9, 60)
        name, sub = _fit(name, maxw, 7, True), _fit(sub, maxw, 5.8)
        half_w = max(fonts.width(name, 7, True), fonts.width(sub, 5.8)) / 2
        lx_ = min(max(x, half_w + 2), width - half_w - 2)      # keep the label on the page
        d.add(String(lx_, ly, name, fontName=BOLD, fontSize=7, fillColor=INK, textAnchor="middle"))
        d.add(String(lx_, ly - 8, sub, fontName=REGULAR, fontSize=5.8, fillColor=FAINT,
                     textAnchor="middle"))
    # legend
    lx, ly = width - 4, height - 8
    items = [(h.name + (" (players)" if h.player else ""), colours[h.id]) for h in fief.houses]
    if fief.house_major:
        items.append((f"House Major {fief.house_major}", MAJOR_COLOUR))
    items.append(("unheld", UNHELD))
    legend_w = sum(fonts.width(label, 6.5) + 18 for label, _ in items)
    d.add(Rect(width - legend_w - 8, ly - 4, legend_w + 8, 13, fillColor=white, strokeColor=None))
    for label, colour in reversed(items):
        w = fonts.width(label, 6.5) + 12
        lx -= w + 6
        d.add(Rect(lx, ly - 1, 7, 7, fillColor=colour, strokeColor=INK, strokeWidth=0.4))
        d.add(String(lx + 10, ly, label, fontName=REGULAR, fontSize=6.5, fillColor=INK))
    return d


def _arc(cx, cy, r, half):
    pts = []
    steps = 24
    for k in range(steps + 1):
        a = math.radians(-half + 2 * half * k / steps)
        pts += [cx + r * math.cos(a), cy + r * math.sin(a)]
    return PolyLine(pts, strokeColor=RULE, strokeWidth=0.5, strokeDashArray=(2, 2))


def _radius(r) -> float:
    """Glyph size by what the body is (a Greater world is bigger than a Small moon)."""
    name = r.kind
    if r.kind == "added":
        return 6
    if "greater" in name or "gas-giant" in name:
        base = 13
    elif "large" in name:
        base = 11
    elif "medium" in name:
        base = 9
    elif "small" in name:
        base = 7
    else:
        base = 8
    if r.domain == "moon" or "moon" in name:
        base -= 2
    if "arcology" in name and "gas-giant" not in name:
        base = 6
    return base


def _body_glyph(body, r, x, cy, fill, hold, colours) -> Group:
    g = Group()
    rad = _radius(r)
    held_outline = colours[hold[0]] if hold else FAINT
    if r.kind == "asteroid-field":
        for k, (dx, dy, s) in enumerate(((-7, 3, 1.6), (-3, -4, 1.2), (1, 5, 2.0), (5, -1, 1.4),
                                          (8, 4, 1.1), (-9, -2, 1.0), (3, 1, 1.3), (-1, -7, 1.1))):
            g.add(Circle(x + dx, cy + dy, s, fillColor=fill if hold else FAINT, strokeColor=None))
        return g
    if r.kind == "planetary-ring":
        g.add(Ellipse(x, cy, 11, 4.5, fillColor=None, strokeColor=held_outline, strokeWidth=1.4))
        return g
    if r.kind == "added":
        g.add(Circle(x, cy, rad, fillColor=white, strokeColor=INK, strokeWidth=0.6, strokeDashArray=(1.5, 1.5)))
        return g
    if "arcology" in r.kind and "gas-giant" not in r.kind:
        count = max(r.territories, 1)
        s = 7
        for k in range(count):
            g.add(Rect(x - (count * (s + 2)) / 2 + k * (s + 2), cy - s / 2, s, s, fillColor=fill,
                       strokeColor=INK, strokeWidth=0.5))
        return g
    habitable = r.territories > 0
    g.add(Circle(x, cy, rad, fillColor=fill if habitable else UNHELD,
                 strokeColor=held_outline if (hold and not habitable) else INK,
                 strokeWidth=1.6 if (hold and not habitable) else 0.6))
    if "gas-giant" in r.kind:
        for dy in (-4, 0, 4):
            g.add(Line(x - rad * 0.85, cy + dy, x + rad * 0.85, cy + dy, strokeColor=white, strokeWidth=0.6))
        count = max(r.territories, 1)
        for k in range(count):
            ang = math.radians(40 + k * 35)
            g.add(Rect(x + (rad + 5) * math.cos(ang) - 2.5, cy + (rad + 5) * math.sin(ang) - 2.5, 5, 5,
                       fillColor=fill, strokeColor=INK, strokeWidth=0.4))
    if r.stacked_feature:   # Harsh / Extreme worlds: a hatch
        for dx in (-rad * 0.5, 0, rad * 0.5):
            g.add(Line(x + dx - 3, cy - rad * 0.6, x + dx + 3, cy + rad * 0.6, strokeColor=white, strokeWidth=0.7))
    return g


def _fit(text: str, max_width: float, size: float, bold: bool = False) -> str:
    from landsraad.sheets.layout import clip
    return clip(text, max_width, size, bold)


# ----- the sheet --------------------------------------------------------------------------
def draw_fief(sc: SheetCanvas, fief: Fief, content: HouseContent, characters=()) -> str:
    planets = habitable_planets(fief, content)
    prefix = sc.start_sheet(Header("fief", "Siridar Fief", fief.name or "unnamed Fief", (
        ("Siridar Fief", fief.name, 2.4),
        ("House Major", fief.house_major, 1.6),
        ("System roll (11d10)", fief.roll.text if fief.roll else "not rolled", 2.2),
        ("Territories", str(total_territories(fief, content)), 0.9),
        ("Houses (needed)", f"{len(fief.houses)} ({minor_houses_needed(planets, content)})", 1.0),
    )))
    flow = Flow(sc, 1)
    flow.section("The system (Step One)", reserve=155,
                 note=roll_text(fief.roll) if fief.roll else "")
    drawing = system_drawing(fief, content, flow.width)
    flow.place(drawing.height + 4, lambda x, y, w: renderPDF.draw(drawing, sc.c, x, y - drawing.height))
    flow.space(4)

    # bodies and their Territories
    flow.section("Bodies and Territories", reserve=3 * LINE,
                 note=f"{planets} habitable planet{'s' if planets != 1 else ''}")
    rows, bold = [], set()
    for b in fief.bodies:
        r = read_body(b, content)
        to = {"territory": "to a House living there", "controller": "to the controlling House",
              "circled-body": "to every House on the body it circles"}.get(r.effects_to, "")
        effects = f"{deltas_text(r.effects, content)} {to}".strip() if r.effects else "—"
        if r.stacked_feature:
            t = content.terrain(r.stacked_feature)
            effects = f"every Territory: {t.name if t else r.stacked_feature} ({effects})"
        if b.added:
            effects = "added by hand, no game effect"
        held = ", ".join(holder_name(fief, hid) for hid in holders(fief, b))
        if r.effects_to == "controller" and not b.controller:
            held = "to assign"
        if b.circles:
            circled = fief.body(b.circles)
            held = (held + "; " if held else "") + f"circles {circled.name or circled.id if circled else b.circles}"
        name = f"{b.name} ({r.name})" if b.name else r.name
        bold.add(len(rows))
        rows.append(["+" if b.added else b.source, name, str(r.territories) if r.territories else "—",
                     effects, held or "—"])
        for t in b.territories:
            who = ", ".join(h.name for h in occupants(fief, t.id))
            rows.append(["", f"   {t.name or t.id}", share_size(fief, t.id, content),
                         terrain_names(t.features, None, content), who or "free"])
        if b.note:
            rows.append(["", f"   {b.note}", "", "", ""])
    flow.table([("Die", 0.5, "l"), ("Body / Territory", 3.2, "l"), ("Terr./size", 0.85, "l"),
                ("Effects / terrain", 3.6, "l"), ("Held by", 1.6, "l")], rows, wrap=(1, 3, 4),
               bold_rows=bold, zebra=False)
    flow.space(6)

    # which House holds what
    short = [t.name[:3] for t in content.traits]
    flow.section("Houses and what they hold", reserve=3 * LINE, note="Ratings after history")
    rows = []
    for h in fief.houses:
        from landsraad.sheets.house import householders
        s = house_scores(fief, h, content, householders(characters, h, content))
        found = fief.territory(h.territory)
        seat = "not placed"
        if found is not None:
            body, terr = found
            seat = f"{terr.name or terr.id} on {body.name or read_body(body, content).name}"
        ctrl = [b.name or read_body(b, content).name for b in fief.bodies if b.controller == h.id]
        rows.append([h.name + (" (players)" if h.player else ""), seat, ", ".join(ctrl) or "—"]
                    + [str(s.ratings[t]) for t in content.trait_ids])
    major_ctrl = [b.name or read_body(b, content).name for b in fief.bodies if b.controller == MAJOR]
    if fief.house_major:
        rows.append([f"House Major {fief.house_major}", "—", ", ".join(major_ctrl) or "—"] + [""] * 7)
    if rows:
        flow.table([("House", 1.6, "l"), ("Seat", 2.6, "l"), ("Controls", 2.2, "l")]
                   + [(x, 0.42, "r") for x in short], rows, wrap=(0, 1, 2))
    else:
        flow.para("No House yet.", 8, color=FAINT)
    flow.space(6)

    # the political history side by side
    ph = political_history(fief, content)
    if ph and fief.houses:
        flow.section("Political history", reserve=3 * LINE, note="each House's N-th event, to weave together")
        names = [h.name for h in fief.houses]
        rows = [[str(row["position"])] + [row["events"].get(n) or "" for n in names] for row in ph]
        flow.table([("#", 0.3, "r")] + [(n, 2.0, "l") for n in names], rows, wrap=tuple(range(1, len(names) + 1)))
        flow.space(6)

    # the roll log
    flow.section("Roll log of the session", reserve=3 * LINE,
                 note="seed: replay with the app; typed: the faces as rolled")
    if fief.log:
        rows = [[e.when.replace("T", " "), e.who, e.why,
                 " ".join(map(str, e.faces)), e.reading, "typed" if e.seed is None else str(e.seed)]
                for e in fief.log]
        flow.table([("When", 1.45, "l"), ("For", 1.5, "l"), ("Why", 2.2, "l"), ("Faces", 1.6, "l"),
                    ("Reading", 2.4, "l"), ("Seed", 0.75, "l")], rows, wrap=(0, 1, 2, 3, 4), size=7)
    else:
        flow.para("No roll logged.", 8, color=FAINT)
    flow.space(6)

    findings = fief_findings(fief, content)
    if findings:
        flow.section("Still to settle", reserve=LINE)
        for f in findings:
            flow.para(f"{f.severity.value}: {f.message}", 7.5)
        flow.space(4)
    flow.section("Notes", reserve=70)
    if fief.note and fonts.field_text(fief.note) != fief.note:
        flow.para(fief.note, 7, color=FAINT)
    flow.text_field("notes", max(60, min(150, flow.room() - 16)), fief.note,
                    label="Notes (pre-filled; write in play)")
    flow.end()
    return prefix
