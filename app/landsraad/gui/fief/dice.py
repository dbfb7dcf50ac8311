"""A roll drawn as dice: each set grouped with the table row it reads as, then the waste dice."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget


class DiceWidget(QWidget):
    """A roll drawn as dice: each set grouped with the table row it reads as, then the waste dice."""

    def __init__(self, title: str, parent=None):
        super().__init__(parent)
        self.title = title
        self.items: list[tuple[list[int], str, str]] = []   # (faces, label, reading)
        self.caption = ""
        self.setAccessibleName(title)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)
        self.setFocusPolicy(Qt.FocusPolicy.TabFocus)

    def set_roll(self, caption: str, items: list[tuple[list[int], str, str]]) -> None:
        self.caption, self.items = caption, items
        self.setAccessibleDescription(caption + ". " + "; ".join(f"{lab}: {rd}" for _f, lab, rd in items))
        self.updateGeometry()
        self.update()

    def _die(self) -> int:
        return int(QFontMetrics(self.font()).height() * 1.35)

    def sizeHint(self) -> QSize:
        d = self._die()
        rows = 1 + len(self.items)
        return QSize(520, rows * (d + 4) + 8)

    def minimumSizeHint(self) -> QSize:
        return QSize(280, self.sizeHint().height())

    def paintEvent(self, _event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        d = self._die()
        fm = QFontMetrics(self.font())
        y = 2
        bold = QFont(self.font())
        bold.setBold(True)
        p.setFont(bold)
        p.setPen(QColor("#5a3412"))
        p.drawText(QRectF(4, y, self.width() - 8, d), Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, self.caption or "Not rolled yet")
        y += d + 6
        label_w = fm.horizontalAdvance("Waste 10") + 12
        for faces, label, reading in self.items:
            waste = label.startswith("waste")
            p.setFont(bold)
            p.setPen(QColor("#5a3412"))
            p.drawText(QRectF(4, y, label_w, d), Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, label)
            x = 4 + label_w
            for face in faces:
                rect = QRectF(x, y, d, d)
                p.setPen(QPen(QColor("#2b2118"), 1.6))
                p.setBrush(QColor("#fffdf8") if waste else QColor("#f0c987"))
                p.drawRoundedRect(rect, d * 0.18, d * 0.18)
                p.setFont(bold)
                p.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(face))
                x += d + 4
            x = max(x + 8, 4 + label_w + 5 * (d + 4) + 8)
            p.setFont(self.font())
            p.setPen(QColor("#20170f"))
            p.drawText(QRectF(x, y, max(self.width() - x - 4, 10), d), Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                       fm.elidedText(reading, Qt.TextElideMode.ElideRight, max(self.width() - int(x) - 4, 10)))
            y += d + 4
        p.end()
