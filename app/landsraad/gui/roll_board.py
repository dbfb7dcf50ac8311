"""The table view's roll, drawn big: the dice as the chosen reading groups them.

Each group (a set, a Run, the waste dice, the dice under the Difficulty) is a row of dice
under its label ("3x9", "Run 1x6"); a Special Die carries its letter (E, M); dice gobbled by
the other side's counter dice are struck through.  The groups come from
``landsraad.present.play.roll_board`` (the web table page draws the same board).
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from landsraad.gui.table_widgets import ACCENT, DIM, FG

STRUCK = "#ff6a5a"  # a gobbled die's stroke


class RollBoardWidget(QWidget):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.groups = ()
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def set_groups(self, groups) -> None:
        self.groups = tuple(groups)
        words = "; ".join(
            f"{g.label}: " + " ".join(str(d.face) + (" struck" if d.struck else "") for d in g.dice)
            for g in self.groups
        )
        self.setAccessibleDescription(words or "No roll")
        self.setFixedHeight(self.heightForWidth(max(self.width(), 200)) if self.groups else 0)
        self.updateGeometry()
        self.update()

    def _die(self) -> float:
        return QFontMetrics(self.font()).height() * 1.6

    def _layout(self, width: float):
        """(scale, rows): the groups flowed into rows of the width, dice shrunk to fit the widest."""
        d = self._die()
        gap = d * 0.6
        n = sum(len(g.dice) for g in self.groups)
        need = n * (d + 6) + len(self.groups) * gap
        scale = 1.0 if need <= width * 2 else max(0.5, width * 2 / need)
        size = d * scale
        rows, x, row = [], 0.0, []
        for g in self.groups:
            w = len(g.dice) * (size + 6) + gap * scale
            if row and x + w > width:
                rows.append(row)
                row, x = [], 0.0
            row.append(g)
            x += w
        if row:
            rows.append(row)
        return size, rows

    def heightForWidth(self, width: int) -> int:
        size, rows = self._layout(max(width - 8, 100))
        label = QFontMetrics(self.font()).height()
        return int(len(rows) * (size + label + 14)) + 8

    def hasHeightForWidth(self) -> bool:
        return True

    def sizeHint(self) -> QSize:
        return QSize(800, self.heightForWidth(800))

    def minimumSizeHint(self) -> QSize:
        return QSize(200, self.heightForWidth(max(self.width(), 200)))

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        want = self.heightForWidth(self.width()) if self.groups else 0
        if want != self.height():
            self.setFixedHeight(want)

    def changeEvent(self, event) -> None:
        from PySide6.QtCore import QEvent

        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange and self.groups:
            self.setFixedHeight(self.heightForWidth(self.width()))

    def paintEvent(self, _event) -> None:
        if not self.groups:
            return
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        size, rows = self._layout(max(self.width() - 8, 100))
        fm = QFontMetrics(self.font())
        label_h = fm.height()
        want = self.heightForWidth(self.width())
        if want != self.height():  # laid out at another width or font: take the height it needs
            from PySide6.QtCore import QTimer

            QTimer.singleShot(0, lambda h=want: self.setFixedHeight(h))
        bold = QFont(self.font())
        bold.setBold(True)
        small = QFont(self.font())
        small.setPixelSize(max(12, int(size * 0.4)))  # the E or M badge: 27 px on a 1080-line screen
        y = 4.0
        for row in rows:
            x = 4.0
            for g in row:
                p.setFont(self.font())
                p.setPen(QColor(ACCENT if g.kind in ("set", "run") else DIM))
                p.drawText(
                    QRectF(x, y, max(len(g.dice) * (size + 6), fm.horizontalAdvance(g.label) + 4), label_h),
                    Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                    g.label,
                )
                dy = y + label_h + 4
                for die in g.dice:
                    rect = QRectF(x, dy, size, size)
                    in_set = g.kind in ("set", "run") and not die.struck
                    pen = QPen(QColor(FG if in_set else DIM), 2)
                    if g.kind == "discarded":
                        pen.setStyle(Qt.PenStyle.DashLine)
                    p.setPen(pen)
                    p.setBrush(QColor(ACCENT) if in_set else QColor("#2a2a2a"))
                    p.drawRoundedRect(rect, size * 0.18, size * 0.18)
                    p.setFont(bold)
                    p.setPen(QColor("#000000") if in_set else QColor(DIM))
                    p.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(die.face))
                    if die.special:
                        p.setFont(small)
                        p.drawText(
                            rect.adjusted(3, 1, -3, -1),
                            Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop,
                            die.special,
                        )
                    if die.struck:
                        p.setPen(QPen(QColor(STRUCK), 4))
                        p.drawLine(rect.bottomLeft(), rect.topRight())
                    x += size + 6
                x += size * 0.6
            y += size + label_h + 14
        p.end()
