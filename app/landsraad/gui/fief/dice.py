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
        self.items: list[tuple[list[int], str, str]] = []  # (faces, label, reading)
        self.caption = ""
        self.setAccessibleName(title)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setFocusPolicy(Qt.FocusPolicy.TabFocus)

    def set_roll(self, caption: str, items: list[tuple[list[int], str, str]]) -> None:
        if (caption, items) == (self.caption, self.items):
            return  # an edit elsewhere: nothing to lay out nor paint again
        self.caption, self.items = caption, items
        self.setAccessibleDescription(caption + ". " + "; ".join(f"{lab}: {rd}" for _f, lab, rd in items))
        # a reading elided beside its dice is read whole in the tooltip
        self.setToolTip("\n".join([caption] + [f"{lab}: {rd}" for _f, lab, rd in items]))
        self.updateGeometry()
        self.update()

    def _die(self) -> int:
        return int(QFontMetrics(self.font()).height() * 1.35)

    def sizeHint(self) -> QSize:
        d = self._die()
        rows = 1 + len(self.items)
        return QSize(520, rows * (d + 4) + 8)

    def minimumSizeHint(self) -> QSize:
        # short of room (1280x720) the sets flow into columns rather than below a fold
        d = self._die()
        rows = 1 + min(len(self.items), 3)
        label_w = QFontMetrics(self.font()).horizontalAdvance("Waste 10") + 12
        return QSize(max(280, 2 * (label_w + 3 * (d + 4) + 12)), rows * (d + 4) + 8)

    def _columns(self, top: float) -> tuple[int, int, list[float]]:
        """(die size, sets per column, column lefts plus the right edge): each column as wide
        as its dice, the rest of the width shared by the readings; where the columns' dice
        would not fit the width (seven sets at 1280x720) the dice shrink, down to the digits'
        own height, rather than run off the edge."""
        d = self._die()
        label_w = QFontMetrics(self.font()).horizontalAdvance("Waste 10") + 12
        per_column = max(1, int((self.height() - top) // (d + 4)))
        columns = max(1, -(-len(self.items) // per_column))
        most = [
            max((len(f) for f, _l, _r in self.items[c * per_column : (c + 1) * per_column]), default=0)
            for c in range(columns)
        ]
        room = self.width() - 8 - columns * (label_w + 8)
        if sum(most) and sum(most) * (d + 4) > room:
            d = max(QFontMetrics(self.font()).height(), int(room / sum(most)) - 4)
        dice_w = [label_w + n * (d + 4) + 8 for n in most]
        spare = max(0.0, (self.width() - 8 - sum(dice_w)) / columns)
        lefts = [4.0]
        for w in dice_w:
            lefts.append(lefts[-1] + w + spare)
        return d, per_column, lefts

    def dice_rects(self) -> list[QRectF]:
        """Where each die is drawn (tests: nothing off the widget)."""
        top = 2 + self._caption_height() + 6
        d, per_column, lefts = self._columns(top)
        label_w = QFontMetrics(self.font()).horizontalAdvance("Waste 10") + 12
        rects = []
        for i, (faces, _label, _reading) in enumerate(self.items):
            x, y = lefts[i // per_column] + label_w, top + (i % per_column) * (d + 4)
            for _ in faces:
                rects.append(QRectF(x, y, d, d))
                x += d + 4
        return rects

    def _caption_height(self) -> int:
        bold = QFont(self.font())
        bold.setBold(True)
        d = self._die()
        if QFontMetrics(bold).horizontalAdvance(self.caption or "Not rolled yet") > self.width() - 8:
            return max(d, 2 * QFontMetrics(bold).height() + 2)
        return d

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
        # the caption wraps onto a second line where the column is narrow (1280x720), never cut
        # ("· 10 Territories ·" lost its Houses Minor)
        caption = self.caption or "Not rolled yet"
        cap_h = self._caption_height()
        p.drawText(
            QRectF(4, y, self.width() - 8, cap_h),
            Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap,
            caption,
        )
        y += cap_h + 6
        top = y
        d, per_column, lefts = self._columns(top)
        label_w = fm.horizontalAdvance("Waste 10") + 12
        for i, (faces, label, reading) in enumerate(self.items):
            column = i // per_column
            columns = len(lefts) - 1
            left = lefts[column]
            col_w = lefts[column + 1] - left
            y = top + (i % per_column) * (d + 4)
            waste = label.startswith("waste")
            p.setFont(bold)
            p.setPen(QColor("#5a3412"))
            p.drawText(QRectF(left, y, label_w, d), Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, label)
            x = left + label_w
            for face in faces:
                rect = QRectF(x, y, d, d)
                p.setPen(QPen(QColor("#2b2118"), 1.6))
                p.setBrush(QColor("#fffdf8") if waste else QColor("#f0c987"))
                p.drawRoundedRect(rect, d * 0.18, d * 0.18)
                p.setFont(bold)
                p.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(face))
                x += d + 4
            x = max(x + 8, left + label_w + (5 if columns == 1 else 0) * (d + 4) + 8)
            right = left - 4 + col_w
            p.setFont(self.font())
            p.setPen(QColor("#20170f"))
            p.drawText(
                QRectF(x, y, max(right - x - 4, 10), d),
                Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                fm.elidedText(reading, Qt.TextElideMode.ElideRight, max(int(right - x) - 4, 10)),
            )
        p.end()
