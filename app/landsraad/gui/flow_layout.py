"""A layout that puts its widgets side by side and wraps them onto the next line when the
width runs out (Qt's "Flow Layout" example): a history event's options sit on one line on
a wide screen and one under the other on a laptop, and never widen their column."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QLayout, QLayoutItem, QWidget

# no item asks for more than this as its minimum: a long option is cut (its whole text is
# in its tooltip and accessible name) rather than widening the window past a laptop's screen
MIN_ITEM_WIDTH = 140


class FlowLayout(QLayout):
    def __init__(self, parent: QWidget | None = None, hspacing: int = 12, vspacing: int = 2):
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._h, self._v = hspacing, vspacing
        self.setContentsMargins(0, 0, 0, 0)

    # ----- QLayout -----------------------------------------------------------------------
    def addItem(self, item: QLayoutItem) -> None:
        self._items.append(item)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int):
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int):
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._place(QRect(0, 0, width, 0), move=False)

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._place(rect, move=True)

    def sizeHint(self) -> QSize:
        return self.minimumSize()

    def minimumSize(self) -> QSize:
        size = QSize()
        for item in self._items:
            if not item.isEmpty():
                m = item.minimumSize()
                size = size.expandedTo(QSize(min(m.width(), MIN_ITEM_WIDTH), m.height()))
        m = self.contentsMargins()
        return size + QSize(m.left() + m.right(), m.top() + m.bottom())

    # ----- placing -----------------------------------------------------------------------
    def _place(self, rect: QRect, move: bool) -> int:
        """Lay the items out left to right, wrapping; returns the height they take."""
        m = self.contentsMargins()
        area = rect.adjusted(m.left(), m.top(), -m.right(), -m.bottom())
        x, y, line = area.x(), area.y(), 0
        for item in self._items:
            if item.isEmpty():  # a hidden widget takes no room
                continue
            hint = item.sizeHint()
            width = min(hint.width(), max(area.width(), 1))
            if x > area.x() and x + width > area.x() + area.width():
                x, y, line = area.x(), y + line + self._v, 0
            if move:
                item.setGeometry(QRect(QPoint(x, y), QSize(width, hint.height())))
            x += width + self._h
            line = max(line, hint.height())
        return y + line - rect.y() + m.bottom()
