"""Across The Dune Sea printables: maneuver cards to cut out and the fencer sheet.

The seed asks players to keep each maneuver on a card, chosen face down in Step One and
turned over when the fencer acts (L62-65).  ``render_cards`` prints one card per maneuver
(62 x 84 mm, nine to an A4 or Letter page, with cut marks in the margins
and at every inner corner): its name, the slots it takes, its Initiative and Muscle
modifiers, what is rolled and the effect in the app's words, with the seed's line.
``render_fencer`` prints the fencer sheet (traits, weapons with their Offensive Damage
Modifier, the Defensive Damage Modifier, the wound track with its boxes, the maneuvers)
followed by the fencer's cards.

Only the fonts and the small helpers of ``layout`` are shared with the Landsraad sheets: the
page header here names this game, not Houses of the Landsraad.
"""

from __future__ import annotations

import io

from reportlab.lib.colors import HexColor, white
from reportlab.lib.units import mm
from reportlab.pdfgen import canvas as rl_canvas

from landsraad import __version__
from landsraad.packs.fencing.content import SPECIAL, VARIES, FencingContent, Maneuver
from landsraad.packs.fencing.model import Fencer
from landsraad.packs.fencing.validate import (
    fencer_findings,
    maneuvers_allowed,
    maneuvers_used,
    skill_levels,
)
from landsraad.packs.fencing.wounds import (
    defensive_damage_modifier,
    ladder_value,
    offensive_damage_modifier,
    wound_state,
)
from landsraad.sheets import fonts
from landsraad.sheets.fonts import BOLD, REGULAR
from landsraad.sheets.layout import (
    ACCENT,
    BAND,
    FAINT,
    INK,
    RULE,
    SECTION,
    SheetCanvas,
    SheetError,
    clip,
    paper_size,
    split,
)

CARD_W, CARD_H = 62 * mm, 84 * mm  # nine fit A4 and Letter with room for the marks
KIND_COLOUR = {
    "attack": HexColor("#8a2f1d"),
    "defence": HexColor("#1f4e6b"),
    "special": HexColor("#5a3d7a"),
    "other": HexColor("#4a3020"),
}
KIND_NAME = {"attack": "Attack", "defence": "Defence", "special": "Special", "other": "Not a fencing maneuver"}
TAGLINE = "ACROSS THE DUNE SEA  ·  Fudge fencing"


# ----- how a maneuver reads on paper ---------------------------------------------------------
def _signed(n: int) -> str:
    return "±0" if n == 0 else f"{n:+d}".replace("-", "−")


def initiative_text(m: Maneuver) -> str:
    if m.initiative == SPECIAL:
        return "Special"
    if m.initiative == VARIES:
        labels = {
            "pommel": "pommel",
            "basket": "basket hilt",
            "locked": "out of a lock",
            "standard": "otherwise",
            "feint": "feint",
            "true_maneuver": "true maneuver",
        }
        return " / ".join(f"{_signed(v)} {labels.get(k, k)}" for k, v in m.initiative_variants.items())
    return _signed(int(m.initiative))


def muscle_text(m: Maneuver) -> str:
    if m.muscle == "n/a":
        return "N.A."
    if m.muscle == VARIES:
        labels = {"pommel": "pommel", "basket": "basket hilt"}
        return " / ".join(f"{_signed(v)} {labels.get(k, k)}" for k, v in m.muscle_variants.items())
    return _signed(int(m.muscle))


def roll_text(m: Maneuver) -> str:
    parts = []
    if m.offence:
        parts.append(f"Attack: {m.offence.capitalize()}" + (f" {_signed(m.offence_bonus)}" if m.offence_bonus else ""))
    if m.defence:
        parts.append(
            ("Parry" if m.is_parry else "Defence")
            + f": {m.defence.capitalize()}"
            + (f" {_signed(m.defence_bonus)}" if m.defence_bonus else "")
        )
    if m.counter:
        parts.append(f"then counter: {m.counter.capitalize()} {_signed(m.counter_bonus)}")
    if m.contest:
        when = {"hit": "after a hit", "parried": "after a parry", "always": ""}.get(m.contest_when or "", "")
        parts.append(f"{m.contest.capitalize()} vs {m.contest.capitalize()}" + (f" {when}" if when else ""))
    if m.resist_push:
        parts.append(f"Muscle {_signed(m.resist_push)} against a Push")
    return "; ".join(parts) or "—"


def maneuver_flags(m: Maneuver) -> list[str]:
    flags = []
    if m.initiative == SPECIAL:
        flags.append("Special: works when you are attacked.")
    if m.no_automatic_parry:
        flags.append("No Automatic Parry unless two or more foes attack.")
    if not m.deals_damage:
        flags.append("Deals no damage.")
    if m.riposte_muscle:
        flags.append(f"A Riposte against it gets Muscle {_signed(m.riposte_muscle)}.")
    return flags


# ----- the canvas -------------------------------------------------------------------------------
class _Pages:
    """The pages of this pack's printables: a PDF of their own, or (``canvas``) pages drawn
    into another file, a session handout's (``close`` then ends the last page)."""

    def __init__(self, paper: str, title: str, canvas: rl_canvas.Canvas | None = None):
        fonts.register_fonts()
        self.paper = str(paper).lower()
        self.width, self.height = paper_size(paper)
        self.buffer = io.BytesIO()
        self.page = 0
        if canvas is not None:
            self.c = canvas
            return
        self.c = rl_canvas.Canvas(self.buffer, pagesize=(self.width, self.height), invariant=1)
        self.c.setTitle(title)
        self.c.setAuthor("Landsraad Forge")
        self.c.setCreator(f"Landsraad Forge {__version__}")
        self.c.setSubject("Across The Dune Sea fencing")

    def text(self, x, y, text, size=8, bold=False, color=INK, max_width=None, align="left"):
        c = self.c
        c.setFillColor(color)
        c.setFont(BOLD if bold else REGULAR, size)
        if max_width is not None:
            text = clip(text, max_width, size, bold)
        {"left": c.drawString, "right": c.drawRightString, "center": c.drawCentredString}[align](x, y, text)

    def wrap(self, x, y, text, width, size=7.5, leading=None, bold=False, color=INK, bottom=None) -> float:
        """Wrapped text from the baseline ``y`` down; stops above ``bottom``; returns the next y."""
        leading = leading or size * 1.25
        for line in split(text, width, size, bold):
            if bottom is not None and y < bottom:
                break
            self.text(x, y, line, size, bold, color)
            y -= leading
        return y

    def footer(self, label: str) -> None:
        self.text(30, 22, f"Landsraad Forge {__version__}  ·  {label}", 6.5, color=FAINT)
        self.text(self.width - 30, 22, f"{self.paper.upper()}  ·  page {self.page}", 6.5, color=FAINT, align="right")

    def new_page(self) -> None:
        if self.page:
            self.c.showPage()
        self.page += 1

    def close(self) -> int:
        """End the last page drawn into another file's canvas; the number of pages drawn."""
        if self.page:
            self.c.showPage()
        return self.page

    def finish(self) -> bytes:
        self.c.showPage()
        self.c.save()
        return self.buffer.getvalue()


# ----- cards --------------------------------------------------------------------------------
def _card_grid(p: _Pages) -> tuple[int, int, float, float]:
    cols = int((p.width - 40) // CARD_W)
    rows = int((p.height - 60) // CARD_H)
    x0 = (p.width - cols * CARD_W) / 2
    y0 = (p.height - rows * CARD_H) / 2 + 6
    return cols, rows, x0, y0


def _cut_marks(p: _Pages, cols: int, rows: int, x0: float, y0: float) -> None:
    """Marks in the margins on every cut line, and small crosses where inner cuts meet."""
    c = p.c
    c.setStrokeColor(INK)
    c.setLineWidth(0.4)
    xs = [x0 + i * CARD_W for i in range(cols + 1)]
    ys = [y0 + j * CARD_H for j in range(rows + 1)]
    gap, length = 3, 12
    for x in xs:
        c.line(x, ys[0] - gap, x, ys[0] - gap - length)
        c.line(x, ys[-1] + gap, x, ys[-1] + gap + length)
    for y in ys:
        c.line(xs[0] - gap, y, xs[0] - gap - length, y)
        c.line(xs[-1] + gap, y, xs[-1] + gap + length, y)
    for x in xs[1:-1]:
        for y in ys[1:-1]:
            c.line(x - 4, y, x + 4, y)
            c.line(x, y - 4, x, y + 4)


def _draw_card(p: _Pages, x: float, y: float, m: Maneuver | None, owner: str) -> None:
    """One card with its lower-left corner at (x, y); ``m`` None is the blank
    "other action" card (a stunt, a shot, a retreat: L66, L217)."""
    c = p.c
    pad = 9
    inner_w = CARD_W - 2 * pad
    kind = m.kind if m else "other"
    colour = KIND_COLOUR[kind]
    c.setStrokeColor(RULE)
    c.setLineWidth(0.5)
    c.roundRect(x + 4, y + 4, CARD_W - 8, CARD_H - 8, 6, stroke=1, fill=0)
    top = y + CARD_H - 4
    band = 30
    c.setFillColor(colour)
    c.roundRect(x + 4, top - band, CARD_W - 8, band, 6, stroke=0, fill=1)
    c.rect(x + 4, top - band, CARD_W - 8, 8, stroke=0, fill=1)
    name = m.name if m else "Other action"
    size = 12
    while size > 8 and fonts.width(name, size, True) > inner_w:
        size -= 0.5
    p.text(x + pad, top - 15, name, size, True, white, max_width=inner_w)
    sub = KIND_NAME[kind] + ("  ·  counts as two" if m and m.slots > 1 else "")
    p.text(x + pad, top - 25, sub, 6.8, False, white, max_width=inner_w)

    yy = top - band - 8
    if m is not None:
        half = (inner_w - 6) / 2
        for i, (label, value) in enumerate((("INITIATIVE", initiative_text(m)), ("MUSCLE", muscle_text(m)))):
            bx = x + pad + i * (half + 6)
            c.setFillColor(SECTION)
            c.roundRect(bx, yy - 30, half, 30, 3, stroke=0, fill=1)
            p.text(bx + 4, yy - 9, label, 5.8, True, ACCENT)
            vsize = 13 if len(value) <= 7 else 7.2
            lines = split(value, half - 8, vsize, True)[:2]
            for k, line in enumerate(lines):
                p.text(bx + 4, yy - 21 - k * 8.5 + (4 if len(lines) > 1 else 0), line, vsize, True, INK)
        yy -= 42
        p.text(x + pad, yy, "ROLL", 5.8, True, ACCENT)
        yy = p.wrap(x + pad, yy - 9, roll_text(m), inner_w, 7.2, bold=True)
        yy -= 3
        p.text(x + pad, yy, "EFFECT", 5.8, True, ACCENT)
        bottom = y + 30
        yy = p.wrap(x + pad, yy - 9, m.effect, inner_w, 7, bottom=bottom)
        for flag in maneuver_flags(m):
            said = (
                "Automatic Parry" in m.effect
                and "Automatic Parry" in flag
                or "Riposte" in m.effect
                and "Riposte" in flag
                or "damage" in m.effect
                and "damage" in flag
            )
            if said:
                continue
            yy = p.wrap(x + pad, yy - 1, flag, inner_w, 6.5, color=colour, bottom=bottom)
        p.text(x + pad, y + 13, f"Seed {m.line}", 5.8, color=FAINT, max_width=inner_w / 2)
    else:
        yy = p.wrap(
            x + pad,
            yy - 4,
            "A stunt, a shot, a retreat or grabbing an apple: "
            "chosen face down like a maneuver; base Initiative, no modifier.",
            inner_w,
            7,
        )
        c.setStrokeColor(RULE)
        for k in range(6):
            ly = yy - 10 - k * 14
            c.line(x + pad, ly, x + CARD_W - pad, ly)
        p.text(x + pad, y + 13, "Seed L66, L217-218", 5.8, color=FAINT)
    if owner:
        p.text(x + CARD_W - pad, y + 13, owner, 5.8, color=FAINT, max_width=inner_w / 2, align="right")


def draw_cards(p: _Pages, maneuvers: list[Maneuver | None], owner: str = "") -> None:
    cols, rows, x0, y0 = _card_grid(p)
    if cols < 1 or rows < 1:
        raise SheetError(f"paper {p.paper!r} is too small for a card")
    per_page = cols * rows
    for start in range(0, len(maneuvers), per_page):
        p.new_page()
        chunk = maneuvers[start : start + per_page]
        for i, m in enumerate(chunk):
            col, row = i % cols, i // cols
            _draw_card(p, x0 + col * CARD_W, y0 + (rows - 1 - row) * CARD_H, m, owner)
        _cut_marks(p, cols, rows, x0, y0)
        title = f"Maneuver cards{' of ' + owner if owner else ''}: cut along the marks"
        p.text(p.width / 2, p.height - 22, title, 7, color=FAINT, align="center")
        p.footer("Across The Dune Sea maneuver cards")


def _deck(c: FencingContent, fencer: Fencer | None) -> list[Maneuver | None]:
    if fencer is None:
        return list(c.maneuvers) + [None]
    known = [c.maneuver(i) for i in dict.fromkeys(fencer.maneuvers) if c.maneuver(i) is not None]
    if not known:
        raise SheetError(f"{fencer.name} knows no maneuver yet: no cards to print (try --all)")
    return known + [None]


def render_cards(c: FencingContent, fencer: Fencer | None = None, paper: str = "a4") -> bytes:
    """The maneuver cards of ``fencer`` (every maneuver when None), plus one blank
    "other action" card."""
    p = _Pages(paper, f"Maneuver cards: {fencer.name}" if fencer else "Maneuver cards")
    draw_cards(p, _deck(c, fencer), fencer.name if fencer else "")
    return p.finish()


# ----- the fencer sheet ---------------------------------------------------------------------
def _header(p: _Pages, fencer: Fencer, c: FencingContent) -> float:
    cv = p.c
    left, right = 30, p.width - 30
    top = p.height - 30
    cv.setFillColor(BAND)
    cv.rect(left, top - 22, right - left, 22, stroke=0, fill=1)
    p.text(left + 8, top - 16, "FENCER", 13, True, white)
    p.text(right - 8, top - 14, TAGLINE, 7.5, False, white, align="right")
    lv = c.level(fencer.fencing)
    cost = skill_levels(fencer, c)
    boxes = (
        ("Name", fencer.name or "—", 3.0),
        ("Fencing", f"{lv.name if lv else fencer.fencing}", 1.4),
        ("Skill levels spent", "set by the Judge" if cost is None else str(cost), 1.4),
        ("Maneuver slots", f"{maneuvers_used(fencer, c)} of {maneuvers_allowed(fencer, c)}", 1.3),
        ("Condition", wound_state(c, fencer), 1.3),
    )
    total = sum(b[2] for b in boxes)
    x, y, h = left, top - 25, 28
    for label, value, weight in boxes:
        w = (right - left) * weight / total
        cv.setStrokeColor(RULE)
        cv.setLineWidth(0.6)
        cv.rect(x, y - h, w - 3, h, stroke=1, fill=0)
        p.text(x + 3, y - 8, label.upper(), 6, color=FAINT, max_width=w - 9)
        size = 11
        while size > 6.5 and fonts.width(value, size, True) > w - 9:
            size -= 0.5
        p.text(x + 3, y - h + 6, value, size, True, max_width=w - 9)
        x += w
    return y - h - 12


def _section(p: _Pages, x: float, y: float, w: float, title: str, note: str = "") -> float:
    p.c.setFillColor(SECTION)
    p.c.rect(x, y - 12, w, 12, stroke=0, fill=1)
    p.text(x + 4, y - 9, title.upper(), 7.5, True, ACCENT)
    if note:
        p.text(
            x + w - 4,
            y - 9,
            note,
            6.3,
            color=FAINT,
            align="right",
            max_width=w - fonts.width(title.upper(), 7.5, True) - 16,
        )
    return y - 22


def _rule_line(p: _Pages, x: float, y: float, w: float) -> None:
    p.c.setStrokeColor(RULE)
    p.c.setLineWidth(0.3)
    p.c.line(x, y, x + w, y)


def draw_fencer(p: _Pages, fencer: Fencer, c: FencingContent, realism: int | None = None) -> None:
    realism = c.realism_default if realism is None else realism
    p.new_page()
    y = _header(p, fencer, c)
    left, right = 30, p.width - 30
    gap = 14
    col_w = (right - left - gap) / 2
    lx, rx = left, left + col_w + gap

    # ----- traits and weapons (left) -----------------------------------------------------------
    ly = _section(p, lx, y, col_w, "Traits", "ladder value in brackets")
    for key, label in (
        ("fencing", "Fencing"),
        ("reflexes", "Reflexes (base Initiative)"),
        ("muscle", "Muscle"),
        ("stamina", "Stamina"),
        ("willpower", "Willpower"),
        ("damage_capacity", "Damage Capacity"),
    ):
        lv = c.level(getattr(fencer, key))
        p.text(lx + 2, ly, label, 8)
        p.text(
            lx + col_w - 2,
            ly,
            f"{lv.name} ({_signed(lv.value)})" if lv else getattr(fencer, key),
            8.5,
            True,
            align="right",
        )
        _rule_line(p, lx, ly - 4, col_w)
        ly -= 13
    fencing = ladder_value(c, fencer.fencing)
    p.text(lx + 2, ly, "Automatic Parry", 8)
    p.text(lx + col_w - 2, ly, c.name_of(c.clamp(fencing + c.dueling.automatic_parry)), 8.5, True, align="right")
    ly -= 18

    ly = _section(p, lx, ly, col_w, "Weapons", "ODM = weapon + Muscle (L127)")
    muscle = ladder_value(c, fencer.muscle)
    for w in fencer.weapons:
        kind = c.weapon(w.kind)
        name = w.name or (kind.name if kind else w.kind)
        detail = (
            f"{kind.name}, {_signed(kind.damage)}"
            if kind and w.name
            else f"{_signed(kind.damage)}"
            if kind
            else "unknown weapon"
        )
        if w.sharp:
            detail += f", sharp {_signed(c.sharpness)}"
        if kind and kind.hilt:
            detail += f"; {'basket hilt' if kind.hilt == 'basket' else 'pommel'}"
        p.text(lx + 2, ly, name, 8.5, True, max_width=col_w - 60)
        if kind:
            p.text(
                lx + col_w - 2, ly, f"ODM {_signed(offensive_damage_modifier(c, w, muscle))}", 9, True, align="right"
            )
        ly = p.wrap(lx + 2, ly - 10, detail, col_w - 4, 7, color=FAINT)
        _rule_line(p, lx, ly + 4, col_w)
        ly -= 6
    armour = c.armour_of(fencer.armour)
    p.text(lx + 2, ly, f"Armour: {armour.name if armour else fencer.armour}", 8)
    p.text(lx + col_w - 2, ly, f"DDM {_signed(defensive_damage_modifier(c, fencer))}", 9, True, align="right")
    ly -= 10
    p.text(lx + 2, ly, "DDM = Damage Capacity + armour (L127-128)", 6.5, color=FAINT)
    ly -= 16

    # ----- wound track (right) ------------------------------------------------------------------
    widen = fencer.widen_wounds
    ry = _section(p, rx, y, col_w, "Wounds", f"Realism {realism}" + ("" if widen else ", not widened (lackey)"))
    r = realism if widen else 0
    for wl in c.wounds:
        low, high = wl.band(r)
        band = f"{low}+" if high is None else (f"{low}" if low == high else f"{low}-{high}")
        checked = fencer.wounds.get(wl.id, 0)
        p.text(rx + 2, ry, wl.name, 8.5, True)
        p.text(rx + 84, ry, band, 8.5)
        for k in range(wl.boxes):
            bx = rx + 118 + k * 12
            p.c.setStrokeColor(INK)
            p.c.setLineWidth(0.7)
            p.c.setFillColor(INK if k < checked else white)
            p.c.rect(bx, ry - 1.5, 9, 9, stroke=1, fill=1)
        ry = p.wrap(rx + 2, ry - 10, wl.effect, col_w - 4, 6.5, color=FAINT)
        _rule_line(p, rx, ry + 4, col_w)
        ry -= 8
    ry = p.wrap(
        rx + 2,
        ry,
        "Each hit is looked up alone; a full level passes the hit to the next open box. "
        "Damage = Basic + ODM − DDM − Realism.",
        col_w - 4,
        6.5,
        color=FAINT,
    )
    ry -= 8
    extra = []
    if fencer.lackey_track:
        extra.append("Lackey: Undamaged, Hurt, Out of Combat (L169).")
    extra.append(
        f"Fudge Points: {fencer.fudge_points}"
        + (" (one spent: an action while Incapacitated, L153)" if fencer.fudge_action else "")
        + "."
    )
    from landsraad.packs.fencing.wounds import slow_healing_note

    if slow_healing_note(c, fencer):
        extra.append(slow_healing_note(c, fencer))
    ry = p.wrap(rx + 2, ry, " ".join(extra), col_w - 4, 7, color=INK)
    ry -= 8

    # ----- maneuvers (full width) ---------------------------------------------------------------
    y = min(ly, ry) - 4
    known = [c.maneuver(i) for i in fencer.maneuvers if c.maneuver(i) is not None]
    y = _section(
        p,
        left,
        y,
        right - left,
        "Maneuvers known",
        f"{maneuvers_used(fencer, c)} of {maneuvers_allowed(fencer, c)} slots; Feint and Riposte take two",
    )
    cols = (("Maneuver", 0.20), ("Slots", 0.06), ("Initiative", 0.17), ("Muscle", 0.13), ("Roll", 0.44))
    width = right - left
    x = left
    for title, share in cols:
        p.text(x + 2, y + 2, title, 6.5, True, FAINT)
        x += width * share
    y -= 9
    for m in known:
        x = left
        cells = (m.name, str(m.slots), initiative_text(m), muscle_text(m), roll_text(m))
        height = 0
        for (title, share), cell in zip(cols, cells):
            lines = split(cell, width * share - 6, 7.3, title == "Maneuver")[:2]
            for k, line in enumerate(lines):
                p.text(x + 2, y - k * 9, line, 7.3, title == "Maneuver")
            height = max(height, len(lines))
            x += width * share
        y -= 9 * height + 3
        _rule_line(p, left, y + 6, width)
        if y < 90:
            break
    if not known:
        p.text(left + 2, y, "None yet.", 8, color=FAINT)
        y -= 12

    # ----- findings and the round ----------------------------------------------------------------
    findings = fencer_findings(fencer, c)
    if findings and y > 120:
        y = _section(p, left, y - 4, width, "Findings")
        for f in findings:
            y = p.wrap(
                left + 2,
                y,
                f"{f.severity.value}: {f.message} ({f.rule})",
                width - 4,
                7.5,
                color=ACCENT if f.severity.value == "error" else INK,
                bottom=100,
            )
        y -= 4
    if y > 110:
        y = _section(p, left, y - 4, width, "A round of the Dueling System")
        for step in c.steps:
            if y < 60:
                break
            p.text(left + 2, y, step.name, 7.5, True)
            y = p.wrap(left + 150, y, step.summary, width - 154, 7, bottom=55) - 2
    if y > 90:
        y = _section(p, left, y - 6, width, "Notes")
        while y > 52:
            _rule_line(p, left, y - 4, width)
            y -= 16
    p.text(left, 34, c.pack.credit, 6.3, color=FAINT, max_width=width)
    p.footer(f"Fencer: {fencer.name}")


def render_fencer(c: FencingContent, fencer: Fencer, paper: str = "a4", cards: bool = True) -> bytes:
    """The fencer sheet, then (``cards``) its maneuver cards."""
    p = _Pages(paper, f"Fencer: {fencer.name}")
    _sheet_and_cards(p, c, fencer, cards)
    return p.finish()


def _sheet_and_cards(p: _Pages, c: FencingContent, fencer: Fencer, cards: bool, realism: int | None = None) -> None:
    draw_fencer(p, fencer, c, realism)
    if cards and any(c.maneuver(i) for i in fencer.maneuvers):
        draw_cards(p, _deck(c, fencer), fencer.name)


def draw_fencer_into(
    sc: SheetCanvas,
    c: FencingContent,
    fencer: Fencer,
    cards: bool = True,
    realism: int | None = None,
    parent: str = "",
    level: int = 0,
) -> str:
    """The fencer sheet and (``cards``) its maneuver cards as pages of a session handout:
    bookmarked (under ``parent``'s bookmark when given), counted in the file's pages, with a
    blank back in duplex.  Returns the bookmark's key."""
    key = sc.begin_pack_pages("Fencer", fencer.name, parent, level)
    p = _Pages(sc.paper, "", canvas=sc.c)
    _sheet_and_cards(p, c, fencer, cards, realism)
    sc.end_pack_pages(p.close())
    return key


def render_fencers(c: FencingContent, fencers: list[Fencer], paper: str = "a4", realism: int | None = None) -> bytes:
    """The sheets of several fencers (a duel's), one page each, without cards."""
    if not fencers:
        raise SheetError("no fencer to print")
    p = _Pages(paper, "Fencers: " + ", ".join(f.name for f in fencers))
    for f in fencers:
        draw_fencer(p, f, c, realism)
    return p.finish()


# ----- the kinds' printing (landsraad.packs.fencing.kind names these) -----------------------
def fencer_pdf(fencer: Fencer, c: FencingContent, out, paper: str = "a4", **_opts) -> None:
    from landsraad.sheets.layout import write_pdf

    write_pdf(out, render_fencer(c, fencer, paper))


def duel_pdf(duel, c: FencingContent, out, paper: str = "a4", **_opts) -> None:
    from landsraad.sheets.layout import write_pdf

    write_pdf(out, render_fencers(c, [cb.fencer for cb in duel.combatants], paper, realism=duel.realism))


def _printed(session) -> dict:
    """Fencer name -> the bookmark of the pages a session printed for it (each fencer once)."""
    if session is None:
        return {}
    if not hasattr(session, "printed_fencers"):
        session.printed_fencers = {}
    return session.printed_fencers


def draw_fencer_in_session(sc: SheetCanvas, fencer: Fencer, c: FencingContent, session) -> None:
    printed = _printed(session)
    key = draw_fencer_into(sc, c, fencer)
    printed.setdefault(fencer.name, key)


def draw_duel_in_session(sc: SheetCanvas, duel, c: FencingContent, session) -> None:
    """The fencers' sheets at the duel's Realism, as the duel prints; each fencer once
    (issue 27: a fencer open beside its duel printed twice), under a "Duel" bookmark."""
    printed = _printed(session)
    title = "Duel: " + " vs ".join(cb.fencer.name or cb.side for cb in duel.combatants)
    keys = []
    for cb in duel.combatants:
        if cb.fencer.name in printed:
            keys.append(printed[cb.fencer.name])
            continue
        key = draw_fencer_into(sc, c, cb.fencer, cards=False, realism=duel.realism, parent=title, level=1)
        printed[cb.fencer.name] = key
        keys.append(key)
        title = ""  # the Duel bookmark once, at its first page
    if title and keys:
        sc.outline_to(title, keys[0])
