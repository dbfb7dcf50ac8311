"""Pieces of the table view that fit their text to the room they are given.

``ElidedLine``  one line, cut with "…" at the width it has (recomputed on every resize, so
                it never depends on a width guessed before the layout ran); the whole text
                in its tooltip and accessible name.
``TailText``    paragraphs, the last ones that fit its height shown (a round's steps:
                the newest matter most), "…" first when earlier ones are left out.
``WoundTrack``  a fencer's wound levels, each with its boxes, drawn as boxes and wrapped
                to the width it has.

All plain text; no widget to operate.  Their fonts are set by the table view (property
``tableScale``), never under its smallest size.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFontMetrics, QPainter, QPen
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

ELLIPSIS = "…"
MIN_PX = 24  # the smallest text the table view ever draws (issue: at 1920x1080 no text under 24 px)
BG, FG, DIM, ACCENT = "#101010", "#ffffff", "#d8d0c0", "#ffcf5a"


class ElidedLine(QLabel):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.full = ""
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setWordWrap(False)
        # the layout gives it the width there is; its text never asks for more
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)

    def setText(self, text: str) -> None:  # noqa: N802 - Qt's name: every caller gets the elision
        self.set_full_text(text)

    def set_full_text(self, text: str) -> None:
        self.full = text
        self.setToolTip(text)
        self.setAccessibleName(text)
        self._elide()

    def _elide(self) -> None:
        width = self.contentsRect().width()
        shown = self.fontMetrics().elidedText(self.full, Qt.TextElideMode.ElideRight, max(width, 0))
        if shown != self.text():
            QLabel.setText(self, shown)

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self._elide()

    def changeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().changeEvent(event)
        if event.type() == event.Type.FontChange:
            self._elide()

    def sizeHint(self) -> QSize:
        return QSize(min(self.fontMetrics().horizontalAdvance(self.full), 800), self.fontMetrics().height() + 4)

    def minimumSizeHint(self) -> QSize:
        return QSize(self.fontMetrics().horizontalAdvance(ELLIPSIS * 3), self.fontMetrics().height() + 4)


class TailText(QLabel):
    """The last paragraphs that fit its height, wrapped to its width."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.paragraphs: list[str] = []
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setWordWrap(True)
        self.setAlignment(Qt.AlignmentFlag.AlignBottom | Qt.AlignmentFlag.AlignLeft)
        # its height is what the layout gives it; what it shows follows, not the reverse
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)

    def set_paragraphs(self, paragraphs: list[str]) -> None:
        self.paragraphs = list(paragraphs)
        self.setAccessibleName("\n".join(self.paragraphs))
        self._cap()
        self._fit()

    def _needed(self, width: int) -> int:
        fm = QFontMetrics(self.font())
        flags = int(Qt.TextFlag.TextWordWrap)
        return sum(fm.boundingRect(QRect(0, 0, max(width, 1), 10**6), flags, p).height() for p in self.paragraphs)

    def _cap(self) -> None:
        """It asks for no more than all its paragraphs at its width: what is below it (the
        newest step) follows them closely, and the room left goes to the layout's stretch."""
        self._capped_width = self.contentsRect().width()
        self.updateGeometry()  # its size hint follows its width and paragraphs

    def _fit(self) -> None:
        rect = self.contentsRect()
        fm = QFontMetrics(self.font())
        flags = int(Qt.TextFlag.TextWordWrap)

        def height(text: str) -> int:
            return fm.boundingRect(QRect(0, 0, max(rect.width(), 1), 10**6), flags, text).height()

        heights = [height(p) for p in self.paragraphs]
        kept = list(self.paragraphs)
        if rect.height() < 2 * fm.lineSpacing() and sum(heights) > rect.height():
            kept = []  # no room for a step and its "…"
        elif sum(heights) > rect.height():
            kept = []
            room = rect.height() - fm.lineSpacing()  # a line kept for the "…" of what is left out
            used = 0
            for p, h in zip(reversed(self.paragraphs), reversed(heights)):
                if kept and used + h > room:
                    break
                kept.insert(0, p)
                used += h
            kept.insert(0, ELLIPSIS)
        text = "\n".join(kept)
        if text != self.text():
            super().setText(text)

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        if self.contentsRect().width() != getattr(self, "_capped_width", None):
            self._cap()
        self._fit()

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt's name
        # a wrapping QLabel asks for its text's height for its width, and a layout gives it
        # that before the other widgets' minimum: this one takes the room that is left
        return False

    def showEvent(self, event) -> None:  # noqa: N802 - Qt's name
        # shown again at the geometry it had: no resize event comes to fit the new paragraphs
        super().showEvent(event)
        self._fit()

    def changeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().changeEvent(event)
        if event.type() == event.Type.FontChange:
            self._cap()
            self._fit()

    def sizeHint(self) -> QSize:
        return QSize(400, self._needed(max(self.contentsRect().width(), 200)))

    def minimumSizeHint(self) -> QSize:
        return QSize(100, 0)  # on a crowded page it gives its room up first


class WoundTrack(QWidget):
    """Each wound level's name and its boxes (checked ones filled), wrapped to the width."""

    BOX_FILL, BOX_EDGE, DEAD = "#ff6b5a", "#ffffff", "#ff6b5a"

    def __init__(self, parent=None):
        super().__init__(parent)
        self.levels: list[tuple[str, int, int]] = []  # (name, boxes, checked)
        self.dead = False
        self.setProperty("tableScale", 1.0)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)

    def set_track(self, levels: list[tuple[str, int, int]], dead: bool = False) -> None:
        self.levels, self.dead = list(levels), dead
        self._hold_rows()
        words = [f"{name} {checked} of {boxes} checked" for name, boxes, checked in self.levels]
        self.setAccessibleName("Wounds: " + ("Dead; " if dead else "") + "; ".join(words))
        self.updateGeometry()
        self.update()

    # ----- geometry -------------------------------------------------------------------
    def _box(self) -> int:
        return int(self.fontMetrics().height() * 0.8)

    def _items(self) -> list[tuple[str, int, int, int]]:
        """(name, boxes, checked, width) of each level, name and boxes side by side."""
        fm, box = self.fontMetrics(), self._box()
        return [
            (name, boxes, checked, fm.horizontalAdvance(name) + box // 2 + boxes * (box + box // 3))
            for name, boxes, checked in self.levels
        ]

    def _rows(self, width: int) -> list[list[tuple[str, int, int, int]]]:
        gap = self.fontMetrics().horizontalAdvance("  ") * 2
        rows: list[list] = [[]]
        x = 0
        for item in self._items():
            if rows[-1] and x + item[3] > width:
                rows.append([])
                x = 0
            rows[-1].append(item)
            x += item[3] + gap
        return rows

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        # its rows follow its width: its size hints say so (no height-for-width, which the
        # layouts squeeze on a crowded page)
        super().resizeEvent(event)
        if event.oldSize().width() != event.size().width():
            self._hold_rows()

    def _hold_rows(self) -> None:
        """An explicit least height, its rows' at its width: the layouts keep to it where a
        size hint is squeezed (a page of wrapping labels is laid out height-for-width)."""
        need = self.heightForWidth(self.width()) if self.width() > 50 else self.minimumSizeHint().height()
        if self.minimumHeight() != need:
            self.setMinimumHeight(need)
        self.updateGeometry()

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt's name
        line = int(self.fontMetrics().height() * 1.2)
        return len(self._rows(width)) * line + (line if self.dead else 0)

    def sizeHint(self) -> QSize:
        width = self.width() if self.width() > 50 else 600
        return QSize(600, self.heightForWidth(width))

    def minimumSizeHint(self) -> QSize:
        widest = max((i[3] for i in self._items()), default=100)
        return QSize(min(widest, 300), self.heightForWidth(max(widest, self.width())))

    def paintEvent(self, _event) -> None:  # noqa: N802 - Qt's name
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        fm, box = self.fontMetrics(), self._box()
        line = int(fm.height() * 1.2)
        gap = fm.horizontalAdvance("  ") * 2
        y = 0
        if self.dead:
            p.setPen(QColor(self.DEAD))
            p.drawText(QRect(0, y, self.width(), line), Qt.AlignmentFlag.AlignVCenter, "Dead")
            y += line
        for row in self._rows(self.width()):
            x = 0
            for name, boxes, checked, width in row:
                p.setPen(QColor("#ffffff"))
                p.drawText(QRect(x, y, width, line), Qt.AlignmentFlag.AlignVCenter, name)
                bx = x + fm.horizontalAdvance(name) + box // 2
                for i in range(boxes):
                    r = QRectF(bx, y + (line - box) / 2, box, box)
                    p.setPen(QPen(QColor(self.BOX_EDGE), 2))
                    p.setBrush(QColor(self.BOX_FILL) if i < checked else Qt.BrushStyle.NoBrush)
                    p.drawRect(r)
                    bx += box + box // 3
                x += width + gap
            y += line
        p.end()


class TablePage(QWidget):
    """A kind's page of the table view (``ViewKind.table_page``): ``title(doc)`` is the
    view's title line, ``refresh(doc)`` redraws it; ``follow(doc)`` (a new document
    followed) and ``apply_size(px)`` (the view's body size) where the page needs them.
    Its labels come from the view, in the view's type."""

    def __init__(self, tv):
        super().__init__()
        self.tv = tv

    def label(self, scale: float = 1.0, bold: bool = False, dim: bool = False) -> QLabel:
        return self.tv._label(scale, bold, dim)

    def heading(self, text: str) -> QLabel:
        return self.tv._heading(text)

    def sized(self, widget):
        """A widget made after the view was sized gets the view's type."""
        self.tv.size_widget(widget)
        return widget

    def title(self, doc) -> str:
        return doc.display_name()

    def refresh(self, doc) -> None:  # pragma: no cover - every page draws itself
        raise NotImplementedError
