"""A drawing of the system: bodies in orbits round the star, their Territories as dots
filled with the colour of the House living there, each body's name and who holds it.

The labels are placed by ``landsraad.present.label_layout`` (the Fief sheet's diagram
uses the same function): none overlaps another, leaves the drawing or sits on the star;
a label set apart from its body is joined to it by a thin line.  The Houses' colours are
a legend along the top, which the labels keep clear of.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontInfo, QFontMetrics, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from landsraad.gui.documents import Document
from landsraad.house.fief import read_body
from landsraad.house.place_names import place_names
from landsraad.present.label_layout import Box, Disc, Layout, Request, fit_labels, leader, leader_needed

# twelve colours that read on the dark ground, so twelve Houses stay apart (issue 17's count)
HOUSE_COLOURS = (
    "#1f5f99",
    "#a33b20",
    "#2e7d32",
    "#7b3f99",
    "#b8860b",
    "#00838f",
    "#6d4c41",
    "#c2185b",
    "#5f7f1f",
    "#d2691e",
    "#4a6fa5",
    "#8c564b",
)
GROUND = "#1d1712"
INK = "#f4ead9"
DIM = "#b9ab97"
STAR_R = 14
MARGIN = 6


class SystemDrawing(QWidget):
    """Bodies in orbits round the star, their Territories as dots and the Houses holding them."""

    def __init__(self, doc: Document, parent=None):
        super().__init__(parent)
        self.doc = doc
        self.setAccessibleName("Drawing of the system")
        self.label_scale = 0.8
        # the smallest label type the layout may shrink to when space is short; the table
        # view sets its own body size here, as its type is never under 24 px
        self.min_label_px = 9
        self.setMinimumSize(300, 260)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.last_layout: Layout | None = None  # the labels as last painted (tests check them)
        self._cache: tuple | None = None

    def sizeHint(self) -> QSize:
        return QSize(460, 380)

    # ----- what is drawn, in pure geometry --------------------------------------------------
    def _label_px(self) -> int:
        # labels a little smaller than the view's text (the table view sets label_scale 1);
        # in pixels, so a font sized in pixels (the table view's) is honoured too
        return max(round(QFontInfo(self.font()).pixelSize() * self.label_scale), 9)

    def _font(self, px: int, bold: bool = False) -> QFont:
        f = QFont(self.font())
        f.setPixelSize(max(px, 1))
        f.setBold(bold)
        return f

    def _legend(self, fief, names, fm: QFontMetrics, width: float, height: float) -> list[list[tuple[float, str, str]]]:
        """The legend's items flowed into rows within ``width``: (x, text, House id); each
        House with where it sits, else (many Houses, little room) its name alone, else
        nothing: the legend takes at most a quarter of the drawing's ``height`` (the labels
        name the Houses in their colours anyway)."""
        for full in (True, False):
            rows = self._legend_rows(fief, names, fm, width, full)
            if len(rows) * fm.height() <= height / 4:
                return rows
        return []

    def _legend_rows(self, fief, names, fm: QFontMetrics, width: float, full: bool):
        rows: list[list[tuple[float, str, str]]] = [[]]
        x = 0.0
        for hs in fief.houses:
            text = f"House {hs.name}" if full else hs.name
            if full and fief.territory(hs.territory):
                text += f" · {names.place(hs.territory)}"
            text = fm.elidedText(text, Qt.TextElideMode.ElideRight, int(width - 14))
            w = 12 + fm.horizontalAdvance(text) + 14
            if x + w > width and rows[-1]:
                rows.append([])
                x = 0.0
            rows[-1].append((x, text, hs.id))
            x += w
        return rows if rows[0] else []

    def _caption(self, body, names, fm_bold: QFontMetrics, fm: QFontMetrics, compact: bool):
        """A body's label: its name (bold), then who holds it flowed into lines no wider than
        about two House names: [(line, [(x, text, House id or None)])], width, height."""
        name = names.body(body.id)
        parts = [] if compact else names.holders(body.id)
        maxw = max(fm_bold.horizontalAdvance(name), fm.horizontalAdvance("House Felderon, House Banth"))
        lines: list[list[tuple[float, str, str | None]]] = []
        x = 0.0
        for i, (text, hid) in enumerate(parts):
            text = text + ("," if i < len(parts) - 1 and hid and parts[i + 1][1] else "")
            w = fm.horizontalAdvance(text)
            if not lines or (x > 0 and x + w > maxw):
                lines.append([])
                x = 0.0
            lines[-1].append((x, text, hid))
            x += w + fm.horizontalAdvance(" ")
        width = max([fm_bold.horizontalAdvance(name)] + [ln[-1][0] + fm.horizontalAdvance(ln[-1][1]) for ln in lines])
        height = fm_bold.height() + len(lines) * fm.height()
        return name, lines, width + 6, height + 2

    def _geometry(self, fief, content, legend_h: float):
        """The star's disc, each body's centre, glyph radius and orbit, in widget pixels."""
        w, h = self.width(), self.height()
        top = MARGIN + legend_h
        cx, cy = w / 2, top + (h - top - MARGIN) / 2
        rx_max, ry_max = w / 2 - 40, (h - top - MARGIN) / 2 - 22
        n = max(len(fief.bodies), 1)
        bodies = []
        for i, body in enumerate(fief.bodies):
            k = (i + 1) / n
            rx, ry = 30 + k * (rx_max - 30), 22 + k * (ry_max - 22)
            angle = i * 2.39996 + 0.6
            reading = read_body(body, content)
            size = 6 + 2.2 * min(reading.territories, 6)
            bodies.append((body, reading, cx + rx * math.cos(angle), cy + ry * math.sin(angle), size, rx, ry))
        return Disc(cx, cy, STAR_R + 4), bodies

    # ----- painting ----------------------------------------------------------------------------
    def paintEvent(self, _event) -> None:
        fief, c = self.doc.state, self.doc.content
        names = place_names(fief, c)
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), QColor(GROUND))
        w, h = self.width(), self.height()
        colours = {hs.id: QColor(HOUSE_COLOURS[i % len(HOUSE_COLOURS)]) for i, hs in enumerate(fief.houses)}
        px = self._label_px()
        fm_legend = QFontMetrics(self._font(px))
        legend = self._legend(fief, names, fm_legend, w - 2 * MARGIN, h)
        legend_h = len(legend) * fm_legend.height() + (4 if legend else 0)
        star, bodies = self._geometry(fief, c, legend_h)
        # orbits and the star
        for _b, _r, _x, _y, _s, rx, ry in bodies:
            p.setPen(QPen(QColor("#6b5a45"), 1, Qt.PenStyle.DashLine))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(QPointF(star.x, star.y), rx, ry)
        p.setBrush(QColor("#ffcf5a"))
        p.setPen(Qt.PenStyle.NoPen)
        p.drawEllipse(QPointF(star.x, star.y), STAR_R, STAR_R)
        # the bodies, their Territories as dots filled with the colour of the House living there
        obstacles = []
        for body, reading, bx, by, size, _rx, _ry in bodies:
            colour = {"planet": "#4f8fc0", "moon": "#b9b1a5", "arcology": "#d98c1f"}.get(reading.domain, "#7d6f60")
            ctrl = colours.get(body.controller or "")
            p.setPen(QPen(ctrl, 3) if ctrl is not None else QPen(QColor(INK), 1))
            p.setBrush(QColor(colour))
            if "asteroid" in reading.kind:
                p.setPen(QPen(QColor(INK), 1))
                p.setBrush(ctrl if ctrl is not None else QColor(colour))
                for j in range(7):
                    p.drawEllipse(QPointF(bx + 9 * math.cos(j * 0.9), by + 6 * math.sin(j * 1.7)), 2.4, 2.4)
            else:
                p.drawEllipse(QPointF(bx, by), size, size)
            for j, t in enumerate(body.territories):
                a = j * 2 * math.pi / max(len(body.territories), 1)
                tx, ty = bx + (size + 6) * math.cos(a), by + (size + 6) * math.sin(a)
                holders = [hs for hs in fief.houses if hs.territory == t.id]
                p.setPen(QPen(QColor(INK), 1))
                p.setBrush(colours[holders[0].id] if holders else QColor("#3a3027"))
                p.drawEllipse(QPointF(tx, ty), 3.5, 3.5)
            reach = size + 10 if body.territories else max(size, 12) + 2
            obstacles.append(Box(bx - reach, by - reach, bx + reach, by + reach))
        # the legend: each House's colour and where it sits, along the top
        for row_i, row in enumerate(legend):
            ly = MARGIN + (row_i + 1) * fm_legend.height() - fm_legend.descent()
            for lx, text, hid in row:
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(colours[hid])
                p.drawEllipse(QPointF(MARGIN + lx + 5, ly - fm_legend.ascent() / 3), 4.5, 4.5)
                p.setPen(colours[hid].lighter(160))
                p.setFont(self._font(px))
                p.drawText(QPointF(MARGIN + lx + 14, ly), text)
        bounds = Box(MARGIN, MARGIN + legend_h, w - MARGIN, h - MARGIN)
        # labels: the layout finds each a free spot, at the largest type that lets all fit
        floor = min(self.min_label_px, px)
        levels = [(s, False) for s in (1.0, 0.9, 0.8, 0.7) if round(px * s) >= floor] + [
            (max(floor / px, 0.7), True)
        ]  # last: the names alone
        captions: dict = {}

        def measure(level):
            scale, compact = level
            fb, fr = QFontMetrics(self._font(round(px * scale), True)), QFontMetrics(self._font(round(px * scale)))
            reqs = []
            for body, _r, bx, by, size, _rx, _ry in bodies:
                cap = self._caption(body, names, fb, fr, compact)
                captions[(level, body.id)] = cap
                reach = size + 10 if body.territories else max(size, 12) + 2
                reqs.append(Request(bx, by, reach, cap[2], cap[3]))
            return reqs

        # the same labels in the same place need no new layout (a repaint, a tab switch)
        key = (
            w,
            h,
            px,
            floor,
            self.font().toString(),
            tuple(
                (b.id, names.body(b.id), names.holders_text(b.id), bx, by, s) for b, _r, bx, by, s, _rx, _ry in bodies
            ),
        )
        if self._cache is not None and self._cache[0] == key:
            level, reqs, boxes, captions = self._cache[1]
        else:
            level, reqs, boxes = fit_labels(measure, levels, bounds, star, obstacles, gap=3)
            self._cache = (key, (level, reqs, boxes, captions))
        self.last_layout = Layout(list(reqs), boxes, bounds, star, obstacles)
        scale, _compact = level
        fb, fr = self._font(round(px * scale), True), self._font(round(px * scale))
        fmb, fmr = QFontMetrics(fb), QFontMetrics(fr)
        descr = []
        for (body, reading, bx, by, _s, _rx, _ry), req, box in zip(bodies, reqs, boxes):
            name, lines, _w, _h = captions[(level, body.id)]
            who = names.holders_text(body.id)
            descr.append(f"{name} ({body.source}, {reading.name})" + (f": {who}" if who else ""))
            if box is None:
                continue
            if leader_needed(req, box):
                x1, y1, x2, y2 = leader(req, box)
                p.setPen(QPen(QColor(DIM), 1))
                p.drawLine(QPointF(x1, y1), QPointF(x2, y2))
            # a ground under the label, so the orbit lines never run through its text
            ground = QColor(GROUND)
            ground.setAlpha(215)
            p.fillRect(QRectF(box.x0, box.y0, box.width, box.height), ground)
            y = box.y0 + fmb.ascent() + 1
            p.setFont(fb)
            p.setPen(QColor(INK))
            p.drawText(QPointF(box.x0 + 3, y), name)
            p.setFont(fr)
            y += fmb.descent() + fmr.ascent()
            for line in lines:
                for lx, text, hid in line:
                    p.setPen(colours[hid].lighter(160) if hid in colours else QColor("#e6c27a") if hid else QColor(DIM))
                    p.drawText(QPointF(box.x0 + 3 + lx, y), text)
                y += fmr.height()
        if not fief.bodies:
            p.setPen(QColor(INK))
            p.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, "Roll the system's 11d10 to see it here")
        p.end()
        self.setAccessibleDescription("; ".join(descr))
