"""A drawing of the system: bodies in orbits round the star, their Territories as dots and
the Houses holding them."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from landsraad.gui.documents import FiefDocument
from landsraad.house.fief import read_body

HOUSE_COLOURS = ("#1f5f99", "#a33b20", "#2e7d32", "#7b3f99", "#b8860b", "#00838f", "#6d4c41", "#c2185b")


class SystemDrawing(QWidget):
    """Bodies in orbits round the star, their Territories as dots and the Houses holding them."""

    def __init__(self, doc: FiefDocument, parent=None):
        super().__init__(parent)
        self.doc = doc
        self.setAccessibleName("Drawing of the system")
        self.setMinimumSize(300, 260)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def sizeHint(self) -> QSize:
        return QSize(460, 380)

    def paintEvent(self, _event) -> None:
        fief, c = self.doc.state, self.doc.content
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), QColor("#1d1712"))
        w, h = self.width(), self.height()
        cx, cy = w / 2, h / 2
        bodies = fief.bodies
        n = max(len(bodies), 1)
        rx_max, ry_max = w / 2 - 40, h / 2 - 28
        p.setBrush(QColor("#ffcf5a"))
        p.setPen(Qt.PenStyle.NoPen)
        p.drawEllipse(QPointF(cx, cy), 14, 14)
        colours = {hs.id: QColor(HOUSE_COLOURS[i % len(HOUSE_COLOURS)]) for i, hs in enumerate(fief.houses)}
        small = QFont(self.font())
        small.setPointSizeF(max(self.font().pointSizeF() * 0.8, 7))
        p.setFont(small)
        fm = QFontMetrics(small)
        descr = []
        for i, body in enumerate(bodies):
            k = (i + 1) / n
            rx, ry = 30 + k * (rx_max - 30), 22 + k * (ry_max - 22)
            p.setPen(QPen(QColor("#6b5a45"), 1, Qt.PenStyle.DashLine))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawEllipse(QPointF(cx, cy), rx, ry)
            angle = i * 2.39996 + 0.6
            bx, by = cx + rx * math.cos(angle), cy + ry * math.sin(angle)
            reading = read_body(body, c)
            size = 6 + 2.2 * min(reading.territories, 6)
            colour = {"planet": "#4f8fc0", "moon": "#b9b1a5", "arcology": "#d98c1f"}.get(reading.domain, "#7d6f60")
            p.setPen(QPen(QColor("#f4ead9"), 1))
            p.setBrush(QColor(colour))
            if reading.kind == "asteroid-field" or "asteroid" in reading.kind:
                for j in range(7):
                    p.drawEllipse(QPointF(bx + 9 * math.cos(j * 0.9), by + 6 * math.sin(j * 1.7)), 2.2, 2.2)
            else:
                p.drawEllipse(QPointF(bx, by), size, size)
            # territories as dots round the body, filled with the colour of the House holding it
            for j, t in enumerate(body.territories):
                a = j * 2 * math.pi / max(len(body.territories), 1)
                tx, ty = bx + (size + 6) * math.cos(a), by + (size + 6) * math.sin(a)
                holders = [hs for hs in fief.houses if hs.territory == t.id]
                p.setPen(QPen(QColor("#f4ead9"), 1))
                p.setBrush(colours[holders[0].id] if holders else QColor("#3a3027"))
                p.drawEllipse(QPointF(tx, ty), 3.5, 3.5)
            name = body.name or reading.name
            holders = [hs for hs in fief.houses for t in body.territories if hs.territory == t.id]
            p.setPen(QColor("#f4ead9"))
            tx = min(max(bx + size + 8, 2), w - fm.horizontalAdvance(name) - 2)
            ty = by - size - 2 if abs(by - cy) < 30 and abs(bx - cx) < rx_max / 2 else by - 2
            p.drawText(QPointF(tx, ty), name)
            yy = ty + fm.height()
            for hs in holders:
                p.setPen(colours[hs.id].lighter(150))
                p.drawText(QPointF(tx, yy), f"House {hs.name}")
                yy += fm.height()
            descr.append(f"{name} ({body.source})" + (": " + ", ".join(hs.name for hs in holders) if holders else ""))
        # legend: the colour of each House, top left
        ly = 4 + fm.height()
        for hs in fief.houses:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(colours[hs.id])
            p.drawEllipse(QPointF(10, ly - fm.height() / 3), 4, 4)
            p.setPen(colours[hs.id].lighter(150))
            p.drawText(QPointF(18, ly), f"House {hs.name}" + (f" · {self.doc.state.territory(hs.territory)[1].name or hs.territory}"
                                                              if self.doc.state.territory(hs.territory) else ""))
            ly += fm.height()
        if not bodies:
            p.setPen(QColor("#f4ead9"))
            p.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, "Roll the system's 11d10 to see it here")
        p.end()
        self.setAccessibleDescription("; ".join(descr))
