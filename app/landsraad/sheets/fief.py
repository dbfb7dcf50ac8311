"""The Siridar Fief sheet: a drawn diagram of the system (reportlab graphics), the bodies
and their Territories, which House holds what, the political history side by side, and
the session's roll log (seed or typed faces) so any roll can be checked later.

Every value comes from the House engine (``landsraad.house``); nothing is recomputed.
"""

from __future__ import annotations

import math

import attrs
from reportlab.graphics import renderPDF
from reportlab.graphics.shapes import Circle, Drawing, Ellipse, Group, Line, Polygon, PolyLine, Rect, Wedge
from reportlab.lib.colors import Color, HexColor, white

from landsraad.house.content import HouseContent
from landsraad.house.fief import (
    habitable_planets,
    minor_houses_needed,
    occupants,
    read_body,
    share_size,
    total_territories,
)
from landsraad.house.history import political_history
from landsraad.house.model import MAJOR, Body, Fief
from landsraad.house.place_names import kind_name, place_names
from landsraad.house.validate import fief_findings
from landsraad.present.house import deltas_text
from landsraad.rules.pages import cite
from landsraad.sheets import fonts
from landsraad.sheets.house import roll_text, terrain_names
from landsraad.sheets.layout import FAINT, INK, LINE, RULE, Flow, Header, SheetCanvas

# Each House a mark: a colour and a shape, so that Houses stay apart in greyscale and
# past the tenth House.  The shapes cycle fastest, the colours slower, so neighbours in
# the Fief's order differ in both; 12 shapes x 12 colours before anything repeats.
HOUSE_COLOURS = [
    HexColor(x)
    for x in (
        "#1f6f8b",
        "#b5482c",
        "#4f7a28",
        "#7b4fa0",
        "#c28a12",
        "#2f4858",
        "#a23b72",
        "#5c6b73",
        "#8c564b",
        "#17becf",
        "#6b8e23",
        "#d2691e",
    )
]
SHAPES = (
    "circle",
    "square",
    "triangle",
    "diamond",
    "triangle-down",
    "pentagon",
    "hexagon",
    "star",
    "cross",
    "bowtie",
    "half",
    "ring",
)
MAJOR_COLOUR = HexColor("#3b2a1a")
UNHELD = HexColor("#d8cfc2")
SUN = HexColor("#f2b134")


@attrs.frozen
class Mark:
    colour: Color
    shape: str


def house_marks(fief: Fief) -> dict[str, Mark]:
    """Each House's mark, in the Fief's order; the House Major a dark square."""
    n = len(SHAPES)
    out = {
        h.id: Mark(HOUSE_COLOURS[(i + i // n) % len(HOUSE_COLOURS)], SHAPES[i % n]) for i, h in enumerate(fief.houses)
    }
    out[MAJOR] = Mark(MAJOR_COLOUR, "major")
    return out


def house_colours(fief: Fief) -> dict[str, Color]:
    return {k: m.colour for k, m in house_marks(fief).items()}


def mark_shape(mark: Mark, cx: float, cy: float, r: float) -> Group:
    """A House's mark centred on (cx, cy), radius r: its shape filled with its colour,
    outlined in ink (white inner detail where the shape has one)."""
    g = Group()
    kw = dict(fillColor=mark.colour, strokeColor=INK, strokeWidth=0.5)

    def poly(points):
        g.add(Polygon([c for p in points for c in p], **kw))

    def regular(k, start=90, radius=r):
        return [
            (
                cx + radius * math.cos(math.radians(start + 360 * j / k)),
                cy + radius * math.sin(math.radians(start + 360 * j / k)),
            )
            for j in range(k)
        ]

    shape = mark.shape
    if shape == "circle":
        g.add(Circle(cx, cy, r, **kw))
    elif shape in ("square", "major"):
        g.add(Rect(cx - r * 0.9, cy - r * 0.9, r * 1.8, r * 1.8, **kw))
        if shape == "major":
            g.add(Rect(cx - r * 0.35, cy - r * 0.35, r * 0.7, r * 0.7, fillColor=white, strokeColor=None))
    elif shape == "triangle":
        poly(regular(3, 90, r * 1.15))
    elif shape == "triangle-down":
        poly(regular(3, -90, r * 1.15))
    elif shape == "diamond":
        poly(regular(4, 90, r * 1.15))
    elif shape == "pentagon":
        poly(regular(5, 90, r * 1.05))
    elif shape == "hexagon":
        poly(regular(6, 0, r * 1.02))
    elif shape == "star":
        pts = []
        for j in range(10):
            rad = r * 1.25 if j % 2 == 0 else r * 0.5
            a = math.radians(90 + 36 * j)
            pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
        poly(pts)
    elif shape == "cross":
        a, b = r, r * 0.38
        poly(
            [
                (cx - b, cy - a),
                (cx + b, cy - a),
                (cx + b, cy - b),
                (cx + a, cy - b),
                (cx + a, cy + b),
                (cx + b, cy + b),
                (cx + b, cy + a),
                (cx - b, cy + a),
                (cx - b, cy + b),
                (cx - a, cy + b),
                (cx - a, cy - b),
                (cx - b, cy - b),
            ]
        )
    elif shape == "bowtie":
        poly([(cx - r, cy - r), (cx, cy), (cx - r, cy + r)])
        poly([(cx + r, cy - r), (cx, cy), (cx + r, cy + r)])
    elif shape == "half":
        g.add(Circle(cx, cy, r, fillColor=white, strokeColor=INK, strokeWidth=0.5))
        g.add(Wedge(cx, cy, r, 90, 270, fillColor=mark.colour, strokeColor=None))
    else:  # ring
        g.add(Circle(cx, cy, r, fillColor=mark.colour, strokeColor=INK, strokeWidth=0.5))
        g.add(Circle(cx, cy, r * 0.45, fillColor=white, strokeColor=INK, strokeWidth=0.4))
    return g


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
@attrs.frozen
class Label:
    x: float  # anchor point, drawing coordinates
    y: float
    text: str
    size: float
    bold: bool = False
    colour: Color = INK
    anchor: str = "middle"


def system_drawing(fief: Fief, content: HouseContent, width: float, height: float = 150) -> tuple[Drawing, list[Label]]:
    """The system as an orrery seen edge-on: the star at the left, each body on its own
    orbit (in the order of the roll), coloured by the House that holds it; Territories as
    marks under each body (the mark of the House living there: colour and shape); a
    Planetary Ring drawn around the body it circles.  Returns the shapes and the labels,
    which the sheet draws in its own fonts (any script).  The labels are placed by
    ``landsraad.present.label_layout`` (as the window's drawing is): none overlaps another,
    the star or a body, and all stay inside the drawing; a label set apart from its body is
    joined to it by a thin line.  When the labels cannot all be placed the drawing grows
    taller (up to twice ``height``), then its type gets smaller."""
    d, labels, _layout = system_layout(fief, content, width, height)
    return d, labels


def system_layout(fief: Fief, content: HouseContent, width: float, height: float = 150):
    """``system_drawing`` with the placed labels' layout (``label_layout.Layout``)."""
    tries = [height + k * height / 4 for k in range(5)]
    for n, h in enumerate(tries):
        d, labels, layout = _system_drawing(
            fief,
            content,
            width,
            h,
            7.0,  # 7 pt: the sheets' least type
            lines_may_cross=n == len(tries) - 1,
        )
        if layout.complete:
            break
    return d, labels, layout


def _wrap(text: str, width: float, size: float, bold: bool) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``width`` (a longer word stands alone)."""
    lines: list[str] = []
    for word in text.split(" "):
        if lines and fonts.width(f"{lines[-1]} {word}", size, bold) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [""]


def _caption(fief: Fief, body: Body, r, names, rings) -> list[tuple[str, bool, Color]]:
    """The lines of a body's label: its name, its die and kind, and who controls it when it
    came from a waste die (L4392-L4420) or the body a ring circles."""
    lines = [(names.body(body.id), True, INK)]
    sub = f"{body.source} · {kind_name(r.name)}" if body.name and body.name.strip() != r.name else body.source
    if body.id in rings:
        sub += " · ringed"
    lines.append((sub, False, FAINT))
    if r.controller:
        lines.append(
            (
                f"controlled by {names.controller(body.controller)}" if body.controller else "controller to assign",
                False,
                INK if body.controller else FAINT,
            )
        )
    elif r.effects_to == "circled-body" and not body.circles:
        lines.append(("its body to choose", False, FAINT))
    return lines


def _system_drawing(fief: Fief, content: HouseContent, width: float, height: float, size: float, lines_may_cross: bool):
    from landsraad.present.label_layout import (
        ABOVE_BELOW_FIRST,
        Box,
        Disc,
        Layout,
        Request,
        leader,
        leader_needed,
        place_labels,
    )
    from landsraad.sheets.layout import clip

    d = Drawing(width, height)
    names = place_names(fief, content)
    marks = house_marks(fief)
    colours = {k: m.colour for k, m in marks.items()}
    cy = height * 0.5
    sun_r = min(height * 0.30, 45)
    sun_x = 0
    d.add(Wedge(sun_x, cy, sun_r, -90, 90, fillColor=SUN, strokeColor=HexColor("#d9961a"), strokeWidth=1))
    taken: list[Box] = []
    reach = min(cy, height - cy) - 4
    placed = [
        b
        for b in fief.bodies
        if not (read_body(b, content).kind == "planetary-ring" and fief.body(b.circles or "") is not None)
    ]
    rings = {
        b.circles: b
        for b in fief.bodies
        if read_body(b, content).kind == "planetary-ring" and fief.body(b.circles or "") is not None
    }
    n = max(len(placed), 1)
    x0 = sun_x + sun_r + 34
    step = (width - x0 - 34) / max(n - 1, 1) if n > 1 else 0
    line_h = size + 1
    maxw = min(width / 3, 170)  # long names whole; the layout finds them room
    wrap_w = max(step * 1.6, 64)  # labels about as wide as the room between bodies stack well
    star_w = fonts.width("star", size, True) + 4
    requests = [Request(sun_x, cy, sun_r, star_w, line_h + 2)]
    texts: list[list[tuple[str, bool, Color]]] = [[("star", True, HexColor("#5a3900"))]]
    centres: list[tuple[float, float]] = [(sun_x, cy)]
    for i, body in enumerate(placed):
        x = x0 + i * step
        dist = x - sun_x
        half = math.degrees(math.asin(min(0.999, reach / dist)))
        d.add(_arc(sun_x, cy, dist, half))
        r = read_body(body, content)
        hold = holders(fief, body)
        fill = colours[hold[0]] if hold else UNHELD
        d.add(_body_glyph(body, r, x, cy, fill, hold, colours))
        rad = _radius(r)
        taken.append(Box(x - rad - 3, cy - rad - 3, x + rad + 3, cy + rad + 3))
        if body.id in rings:
            ring = rings[body.id]
            rh = holders(fief, ring)
            d.add(
                Ellipse(
                    x, cy, rad + 9, 4.5, fillColor=None, strokeColor=colours[rh[0]] if rh else FAINT, strokeWidth=1.4
                )
            )
            taken.append(Box(x - rad - 10, cy - 5, x + rad + 10, cy + 5))
        # Territories as the marks of the Houses living there, in a row under the body
        terrs = body.territories
        if terrs:
            dot, gap = 6.0, 2.0
            total = len(terrs) * (dot + gap) - gap
            tx = x - total / 2
            ty = cy - rad - 8
            for t in terrs:
                occ = occupants(fief, t.id)
                if not occ:
                    d.add(Rect(tx, ty - dot / 2, dot, dot, fillColor=white, strokeColor=INK, strokeWidth=0.5))
                else:
                    d.add(mark_shape(marks[occ[0].id], tx + dot / 2, ty, dot / 2))
                    for k, other in enumerate(occ[1:3], start=1):  # shared: the others beneath
                        d.add(mark_shape(marks[other.id], tx + dot / 2, ty - k * (dot + 1.5), dot / 2 * 0.85))
                tx += dot + gap
            rows = max(len(occupants(fief, t.id)) for t in terrs)
            bottom = ty - dot / 2 - max(min(rows, 3) - 1, 0) * (dot + 1.5) - 1
            taken.append(Box(x - total / 2 - 1, bottom, x + total / 2 + 1, cy - rad))
        lines = [
            (clip(part, maxw, size, bold), bold, colour)
            for text, bold, colour in _caption(fief, body, r, names, rings)
            for part in _wrap(text, wrap_w, size, bold)
        ]
        w = max(fonts.width(text, size, bold) for text, bold, _c in lines) + 4
        requests.append(Request(x, cy, rad + 2, w, len(lines) * line_h + 2))
        texts.append(lines)
        centres.append((x, cy))
    bounds, star = Box(0, 0, width, height), Disc(sun_x, cy, sun_r)
    boxes = place_labels(
        requests, bounds, star, taken, gap=2, angles=ABOVE_BELOW_FIRST, lines_may_cross=lines_may_cross
    )
    labels: list[Label] = []
    for req, box, lines in zip(requests, boxes, texts):
        if box is None:
            continue
        if leader_needed(req, box):
            d.add(Line(*leader(req, box), strokeColor=FAINT, strokeWidth=0.4))
        # a white ground under the label, so the orbit lines never run through its text
        d.add(Rect(box.x0, box.y0, box.width, box.height, fillColor=white, strokeColor=None))
        cx = (box.x0 + box.x1) / 2
        for k, (text, bold, colour) in enumerate(lines):
            labels.append(Label(cx, box.y1 - (k + 1) * line_h + 1.5, text, size, bold, colour))
    return d, labels, Layout(requests, boxes, bounds, star, taken)


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def legend_items(fief: Fief) -> list[tuple[str, Mark | None]]:
    marks = house_marks(fief)
    items = [(h.name + (" (players)" if h.player else ""), marks[h.id]) for h in fief.houses]
    if fief.house_major:
        items.append((f"House Major {fief.house_major}", marks[MAJOR]))
    items.append(("unheld / free", None))
    return items


def legend_rows(items, width: float, size: float = 7) -> list[list[tuple[float, str, Mark | None]]]:
    """The legend's items flowed left to right into rows within ``width``: (x, label, mark)."""
    from landsraad.sheets.layout import clip

    rows: list[list[tuple[float, str, Mark | None]]] = [[]]
    x = 0.0
    for label, mark in items:
        label = clip(label, width / 2, size)
        w = 12 + fonts.width(label, size) + 10
        if x + w > width and rows[-1]:
            rows.append([])
            x = 0.0
        rows[-1].append((x, label, mark))
        x += w
    return rows


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
        for k, (dx, dy, s) in enumerate(
            (
                (-7, 3, 1.6),
                (-3, -4, 1.2),
                (1, 5, 2.0),
                (5, -1, 1.4),
                (8, 4, 1.1),
                (-9, -2, 1.0),
                (3, 1, 1.3),
                (-1, -7, 1.1),
            )
        ):
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
            g.add(
                Rect(
                    x - (count * (s + 2)) / 2 + k * (s + 2),
                    cy - s / 2,
                    s,
                    s,
                    fillColor=fill,
                    strokeColor=INK,
                    strokeWidth=0.5,
                )
            )
        return g
    habitable = r.territories > 0
    g.add(
        Circle(
            x,
            cy,
            rad,
            fillColor=fill if habitable else UNHELD,
            strokeColor=held_outline if (hold and not habitable) else INK,
            strokeWidth=1.6 if (hold and not habitable) else 0.6,
        )
    )
    if "gas-giant" in r.kind:
        for dy in (-4, 0, 4):
            g.add(Line(x - rad * 0.85, cy + dy, x + rad * 0.85, cy + dy, strokeColor=white, strokeWidth=0.6))
        count = max(r.territories, 1)
        for k in range(count):
            ang = math.radians(40 + k * 35)
            g.add(
                Rect(
                    x + (rad + 5) * math.cos(ang) - 2.5,
                    cy + (rad + 5) * math.sin(ang) - 2.5,
                    5,
                    5,
                    fillColor=fill,
                    strokeColor=INK,
                    strokeWidth=0.4,
                )
            )
    if r.stacked_feature:  # Harsh / Extreme worlds: a hatch
        for dx in (-rad * 0.5, 0, rad * 0.5):
            g.add(Line(x + dx - 3, cy - rad * 0.6, x + dx + 3, cy + rad * 0.6, strokeColor=white, strokeWidth=0.7))
    return g


# ----- the sheet --------------------------------------------------------------------------
def draw_fief(sc: SheetCanvas, fief: Fief, content: HouseContent, characters=()) -> str:
    planets = habitable_planets(fief, content)
    prefix = sc.start_sheet(
        Header(
            "fief",
            "Siridar Fief",
            fief.name or "unnamed Fief",
            (
                ("Siridar Fief", fief.name, 2.3),
                ("House Major", fief.house_major, 1.5),
                ("System roll (11d10)", fief.roll.text if fief.roll else "not rolled", 2.1),
                ("Territories", str(total_territories(fief, content)), 0.9),
                ("Houses (needed)", f"{len(fief.houses)} ({minor_houses_needed(planets, content)})", 1.25),
            ),
        )
    )
    flow = Flow(sc, 1)
    flow.section("The system (Step One)", reserve=155, note=roll_text(fief.roll) if fief.roll else "")
    drawing, labels = system_drawing(fief, content, flow.width)

    def draw_system(x, y, w):
        base = y - drawing.height
        renderPDF.draw(drawing, sc.c, x, base)
        for lab in labels:
            align = {"middle": "center", "start": "left", "end": "right"}[lab.anchor]
            sc.text(x + lab.x, base + lab.y, lab.text, lab.size, lab.bold, lab.colour, align=align)

    flow.place(drawing.height + 4, draw_system)
    for row in legend_rows(legend_items(fief), flow.width):

        def draw_legend(x, y, w, row=row):
            for lx, label, mark in row:
                cx, cy = x + lx + 4.5, y - 5.5
                if mark is None:
                    sc.c.setStrokeColor(INK)
                    sc.c.setFillColor(white)
                    sc.c.setLineWidth(0.5)
                    sc.c.rect(cx - 3.5, cy - 3.5, 7, 7, stroke=1, fill=1)
                else:
                    g = Drawing(12, 12)
                    g.add(mark_shape(mark, 6, 6, 4))
                    renderPDF.draw(g, sc.c, cx - 6, cy - 6)
                sc.text(x + lx + 12, y - 8, label, 7)

        flow.place(11, draw_legend)
    flow.space(4)

    # bodies and their Territories
    flow.section(
        "Bodies and Territories", reserve=3 * LINE, note=f"{planets} habitable planet{'s' if planets != 1 else ''}"
    )
    rows, bold = [], set()
    names = place_names(fief, content)
    for b in fief.bodies:
        r = read_body(b, content)
        to = {
            "territory": "to a House living there",
            "controller": "to the controlling House",
            "circled-body": "to every House on the body it circles",
        }.get(r.effects_to, "")
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
            held = (held + "; " if held else "") + f"circles {names.body(b.circles)}"
        name = names.body(b.id) + (f" ({r.name})" if b.name and b.name.strip() != r.name else "")
        bold.add(len(rows))
        rows.append(
            ["+" if b.added else b.source, name, str(r.territories) if r.territories else "—", effects, held or "—"]
        )
        for t in b.territories:
            who = ", ".join(h.name for h in occupants(fief, t.id))
            rows.append(
                [
                    "",
                    f"   {names.territory(t.id)}",
                    share_size(fief, t.id, content),
                    terrain_names(t.features, None, content),
                    who or "free",
                ]
            )
        if b.note:
            rows.append(["", f"   {cite(b.note)}", "", "", ""])
    flow.table(
        [
            ("Die", 0.5, "l"),
            ("Body / Territory", 3.2, "l"),
            ("Terr./size", 0.85, "l"),
            ("Effects / terrain", 3.6, "l"),
            ("Held by", 1.6, "l"),
        ],
        rows,
        wrap=(1, 3, 4),
        bold_rows=bold,
        zebra=False,
    )
    flow.space(6)

    # which House holds what
    short = [t.name[:3] for t in content.traits]
    flow.section("Houses and what they hold", reserve=3 * LINE, note="Ratings in play")
    rows = []
    from landsraad.present.house_turn import scores_in_play  # the one set the window shows (issue 27)

    for h in fief.houses:
        _, ratings = scores_in_play(fief, h, content)
        seat = names.place(h.territory) if fief.territory(h.territory) is not None else "not placed"
        ctrl = [names.body(b.id) for b in fief.bodies if b.controller == h.id]
        rows.append(
            [h.name + (" (players)" if h.player else ""), seat, ", ".join(ctrl) or "—"]
            + [str(ratings[t]) for t in content.trait_ids]
        )
    major_ctrl = [names.body(b.id) for b in fief.bodies if b.controller == MAJOR]
    if fief.house_major:
        rows.append([f"House Major {fief.house_major}", "—", ", ".join(major_ctrl) or "—"] + [""] * 7)
    if rows:
        flow.table(
            [("House", 1.6, "l"), ("Seat", 2.6, "l"), ("Controls", 2.2, "l")] + [(x, 0.42, "r") for x in short],
            rows,
            wrap=(0, 1, 2),
        )
    else:
        flow.para("No House yet.", 8, color=FAINT)
    flow.space(6)

    # the political history: one row per House, its events in order across, so twelve
    # Houses stay as readable as three (cells wrap at words)
    ph = political_history(fief, content)
    if ph and fief.houses:
        flow.section(
            "Political history", reserve=3 * LINE, note="each House's events in order: weave the N-th events together"
        )
        names = [h.name for h in fief.houses]
        positions = [row["position"] for row in ph]
        rows = [[n] + [row["events"].get(n) or "" for row in ph] for n in names]
        flow.table(
            [("House", 1.5, "l")] + [(f"{p}.", 1.0, "l") for p in positions],
            rows,
            wrap=tuple(range(0, len(positions) + 1)),
            size=7,
            bold_first=True,
        )
        flow.space(6)

    # notes before the roll log, so no page ever holds only the Notes box
    flow.section("Notes")
    flow.text_field("notes", 60, fief.note, label="Notes (pre-filled; write in play)")
    flow.space(6)

    # the roll log
    flow.section(
        "Roll log of the session", reserve=3 * LINE, note="seed: replay with the app; typed: the faces as rolled"
    )
    if fief.log:
        rows = [
            [
                e.when.replace("T", " "),
                e.who,
                e.why,
                " ".join(map(str, e.faces)),
                cite(e.reading),
                "typed" if e.seed is None else str(e.seed),
            ]
            for e in fief.log
        ]
        # the seed whole (issue 27: "481034…" under "replay with the app"): a ten-digit seed's room
        flow.table(
            [
                ("When", 1.45, "l"),
                ("For", 1.5, "l"),
                ("Why", 2.1, "l"),
                ("Faces", 1.5, "l"),
                ("Reading", 2.2, "l"),
                ("Seed", 1.15, "l"),
            ],
            rows,
            wrap=(0, 1, 2, 3, 4, 5),
            size=7,
        )
    else:
        flow.para("No roll logged.", 8, color=FAINT)
    flow.space(6)

    findings = fief_findings(fief, content)
    if findings:
        flow.section("Still to settle", reserve=LINE)
        for f in findings:
            flow.para(f"{f.severity.value}: {f.message}", 7.5)
        flow.space(4)
    flow.end()
    return prefix


# ----- the kind's printing (landsraad.house.kind names these) -------------------------------
def fief_pdf(fief: Fief, _content, out, paper: str = "a4", documents=(), **_opts) -> None:
    """The Fief's sheet; the open characters (``documents``) count in their Houses' scores."""
    from landsraad.sheets import export_fief

    export_fief(fief, out, paper, characters=[s for k, s in documents if k == "character"])


def draw_in_session(sc: SheetCanvas, fief: Fief, content: HouseContent, session) -> None:
    """The Fief's sheet, then (unless the session leaves them out) each House's, with its
    household among the session's characters."""
    from landsraad.sheets.house import draw_house, household, householders

    characters = session.states("character")
    draw_fief(sc, fief, content, characters)
    if session.houses:
        for h in fief.houses:
            draw_house(sc, fief, h, content, household(characters, h), householders(characters, h, content), outline=1)
