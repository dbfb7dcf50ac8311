"""The Siridar Fief's page of the table view (``landsraad.gui.table_view``): the last roll
drawn as dice with its reading, every House's seven Trait Scores and Ratings, the current
House's history, the drawing of the system and the roll log.  Numbers and wording come
from the House engine and ``landsraad.present``."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPen
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from landsraad.dice import Roll
from landsraad.gui.table_widgets import ACCENT, DIM, FG, MIN_PX, ElidedLine, TablePage, TailText

LOG_LINES = 5  # the roll log's last lines, one line each (elided, the whole roll in the tooltip)
HISTORY_LINES = 12  # an 11d10 history has at most 11 events, plus a line for what is left


class BigDice(QWidget):
    """The last roll drawn as dice: each set as a group of equal faces with its width x
    height, then the waste dice, lighter; its caption (who and why) above."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.faces: tuple[int, ...] = ()
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def set_faces(self, faces) -> None:
        self.faces = tuple(faces)
        if self.faces:
            roll = Roll(self.faces)
            sets = ", ".join(f"{s.width}x{s.height}" for s in roll.sets) or "no sets"
            waste = " ".join(map(str, roll.waste))
            self.setAccessibleDescription(f"Sets {sets}; waste {waste or 'none'}")
        else:
            self.setAccessibleDescription("No roll yet")
        self.updateGeometry()
        self.update()

    def _die(self) -> int:
        return int(QFontMetrics(self.font()).height() * 1.5)

    def sizeHint(self) -> QSize:
        return QSize(600, self._die() + 8)

    def minimumSizeHint(self) -> QSize:
        return QSize(200, self._die() + 8)

    def paintEvent(self, _event) -> None:
        if not self.faces:
            return
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        d = self._die()
        bold = QFont(self.font())
        bold.setBold(True)
        p.setFont(bold)
        roll = Roll(self.faces)
        groups = [([s.height] * s.width, True) for s in roll.sets] + [([f], False) for f in roll.waste]
        # shrink the dice when a roll of many dice would not fit the width
        n = sum(len(g) for g, _ in groups)
        gap = d * 0.5
        needed = n * (d + 4) + len(groups) * gap
        scale = min(1.0, (self.width() - 8) / needed) if needed else 1.0
        size = max(d * scale, QFontMetrics(bold).height())
        x, y = 4.0, 4.0
        for faces, in_set in groups:
            for face in faces:
                rect = QRectF(x, y, size, size)
                p.setPen(QPen(QColor(FG if in_set else DIM), 2))
                p.setBrush(QColor(ACCENT) if in_set else QColor("#2a2a2a"))
                p.drawRoundedRect(rect, size * 0.18, size * 0.18)
                p.setPen(QColor("#000000") if in_set else QColor(FG))
                p.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(face))
                x += size + 4
            x += gap * scale
        p.end()


class FiefPage(TablePage):
    def __init__(self, tv):
        super().__init__(tv)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        left, right = QVBoxLayout(), QVBoxLayout()
        row.addLayout(left, 3)
        row.addLayout(right, 2)
        left.addWidget(self.heading("Last roll"))
        self.roll_caption = self.label()
        left.addWidget(self.roll_caption)
        self.dice = BigDice()
        left.addWidget(self.dice)
        self.roll_reading = self.label(dim=True)
        left.addWidget(self.roll_reading)
        left.addWidget(self.heading("Trait Scores in play (Ratings)"))
        self.scores_grid = QGridLayout()
        self.scores_grid.setHorizontalSpacing(18)
        left.addLayout(self.scores_grid)
        self.history_heading = self.heading("History")
        left.addWidget(self.history_heading)
        # the events that fit the height left, the latest kept (a small window cuts the earliest)
        self.history = TailText()
        self.history.setProperty("tableScale", 1.0)
        self.history.setStyleSheet(f"color: {FG};")
        self.history.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        left.addWidget(self.history, 1)
        self.drawing_holder = QVBoxLayout()
        right.addLayout(self.drawing_holder, 3)
        self.drawing = None
        self.log_heading = self.heading("Roll log")
        right.addWidget(self.log_heading)
        # one line a roll, cut to the width there is: a wrapping log took the drawing's room
        self.log_lines = []
        for _ in range(LOG_LINES):
            line = ElidedLine()
            line.setProperty("tableScale", 1.0)
            line.setStyleSheet(f"color: {DIM};")
            right.addWidget(line)
            self.log_lines.append(line)
        self.score_cells: dict[tuple[int, int], QLabel] = {}

    def follow(self, doc) -> None:
        """A new document followed: the drawing of its system (the drawing is per document)."""
        if self.drawing is not None:
            self.drawing_holder.removeWidget(self.drawing)
            self.drawing.deleteLater()
            self.drawing = None
        if doc is not None:
            from landsraad.gui.fief.drawing import SystemDrawing

            self.drawing = SystemDrawing(doc)
            self.drawing.setMinimumSize(200, 200)
            self.drawing.label_scale = 1.0  # its labels in the table view's body size
            self.drawing.min_label_px = MIN_PX  # shrunk to fit, never under the table view's least
            self.drawing.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
            self.drawing_holder.addWidget(self.drawing)
            self.tv.apply_size(self.tv.screen_height)

    def apply_size(self, px: int) -> None:
        """The dice and the drawing are drawn in the view's body size."""
        for w in (self.dice, self.drawing):
            if w is not None:
                f = QFont(w.font())
                f.setPixelSize(px)
                w.setFont(f)
                w.updateGeometry()

    def _current_house(self, doc):
        pick = getattr(self.tv.view, "selected_house", None)
        house = pick() if callable(pick) else None
        return house or (doc.state.houses[0] if doc.state.houses else None)

    def title(self, doc) -> str:
        from landsraad.present.table import fief_title  # the session's /table page says the same

        return fief_title(doc.display_name(), doc.state.house_major)

    def refresh(self, doc) -> None:
        from landsraad.present.table import PUBLIC_ROLLS

        fief = doc.state
        # the group sees the public rolls only: a Venture's or an Operation's roll names the
        # House and Householder behind it, the House's secret (issue 26, as the /table page)
        public = [e for e in fief.log if e.what in PUBLIC_ROLLS]
        last = public[-1] if public else None
        if last is None:
            self.roll_caption.setText("No roll yet")
            self.dice.set_faces(())
            self.roll_reading.setText("")
        else:
            from landsraad.present.table import roll_caption

            self.roll_caption.setText(roll_caption(last))
            self.dice.set_faces(last.faces)
            self.roll_reading.setText(last.reading)
        self._refresh_scores(doc)
        house = self._current_house(doc)
        self.history_heading.setText(f"History of House {house.name}" if house else "History")
        self.history.set_paragraphs((self._history_text(doc, house) if house else "No House yet").split("\n"))
        # a short window (one laptop screen) keeps two lines: the drawing needs the room more
        room = LOG_LINES if self.tv.pages.height() > 24 * self.tv.px else 2
        from landsraad.present.table import log_lines

        lines = log_lines(public, room)
        n = len(public)
        self.log_heading.setToolTip(f"The last {len(lines)} of {n} rolls")
        for line, text in zip(self.log_lines, (lines or ["No rolls yet"]) + [""] * LOG_LINES):
            line.set_full_text(text)
            line.setVisible(bool(text))
        if self.drawing is not None:
            self.drawing.update()

    def _refresh_scores(self, doc) -> None:
        """A grid of labels, made once per cell and reused: an edit only sets texts."""
        c = doc.content
        houses = doc.state.houses
        short = self.tv.width() < 1500  # "War Def Esp…" where the full names do not fit
        self.scores_grid.setHorizontalSpacing(8 if short else 18)
        from landsraad.present.table import score_rows  # computed Qt-free: the session's /table too

        rows = score_rows(houses, c, doc.scores, short, fief=doc.state)  # the Scores in play (issue 27)
        wanted = {(r, col) for r in range(len(rows)) for col in range(len(rows[r]))}
        for key, lab in self.score_cells.items():
            lab.setVisible(key in wanted)
        for r, cells in enumerate(rows):
            for col, text in enumerate(cells):
                lab = self.score_cells.get((r, col))
                if lab is None:
                    if col == 0 and r:  # a long House name is cut, whole in its tooltip
                        lab = ElidedLine()
                        lab.setProperty("tableScale", 1.0)
                        lab.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
                    else:
                        lab = self.label(bold=(r == 0))
                    lab.setWordWrap(False)
                    if col:
                        lab.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                    self.tv.size_widget(lab)
                    self.scores_grid.addWidget(lab, r, col)
                    self.score_cells[(r, col)] = lab
                if isinstance(lab, ElidedLine):
                    lab.set_full_text(text)
                else:
                    lab.setText(text)
                if r and col == 0:  # the players' House in bold
                    f = lab.font()
                    f.setBold(houses[r - 1].player)
                    lab.setFont(f)

    @staticmethod
    def _history_text(doc, house) -> str:
        from landsraad.present.table import history_lines

        return "\n".join(history_lines(house, doc.content, HISTORY_LINES))
