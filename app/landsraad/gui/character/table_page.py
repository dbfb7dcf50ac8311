"""The character's page of the table view (``landsraad.gui.table_view``): the step being
built, what is left to do there, the Character Points and the summary; and, while the
character view shows its Condition or Roll tab, the character in play: the last roll big
(the dice as the chosen reading groups them, the Special Die marked, the dice the counter
set gobbled struck through, the other side's roll, the damage it does) and the condition.
Numbers and wording come from the engines and ``landsraad.present`` (``present/play.py``
gives the roll's board, which the web table page can draw too)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QSizePolicy, QStackedWidget, QVBoxLayout, QWidget

from landsraad.gui.table_widgets import ACCENT, DIM, FG, ElidedLine, TablePage, TailText


class CharacterPage(TablePage):
    def __init__(self, tv):
        super().__init__(tv)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        self.modes = QStackedWidget()
        outer.addWidget(self.modes)
        self.building = QWidget()
        self.modes.addWidget(self.building)
        self.play_page = self._play_page()
        self.modes.addWidget(self.play_page)
        row = QHBoxLayout(self.building)
        row.setContentsMargins(0, 0, 0, 0)
        left, right = QVBoxLayout(), QVBoxLayout()
        row.addLayout(left, 1)
        row.addLayout(right, 1)
        left.addWidget(self.heading("Now building"))
        self.step = self.label(1.2, bold=True)
        left.addWidget(self.step)
        self.step_todo = self.label()
        left.addWidget(self.step_todo)
        self.cp = self.label(1.1)
        left.addWidget(self.cp)
        left.addStretch(1)
        right.addWidget(self.heading("Summary"))
        self.summary = self.label()
        self.summary.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        right.addWidget(self.summary, 1)

    def _play_page(self) -> QWidget:
        from landsraad.gui.roll_board import RollBoardWidget

        page = QWidget()
        row = QHBoxLayout(page)
        row.setContentsMargins(0, 0, 0, 0)
        left, right = QVBoxLayout(), QVBoxLayout()
        row.addLayout(left, 3)
        row.addLayout(right, 1)
        self.play_what = self.label()
        left.addWidget(self.play_what)
        self.play_headline = self.label(1.6, bold=True)
        left.addWidget(self.play_headline)
        self.play_board = RollBoardWidget()
        self.play_board.setProperty("tableScale", 1.3)
        left.addWidget(self.play_board)
        # how it was read and the damage, the last lines that fit: a small window keeps the
        # dice and both sides in sight
        self.play_lines = TailText()
        self.play_lines.setProperty("tableScale", 0.9)
        self.play_lines.setStyleSheet(f"color: {DIM};")
        self.play_lines.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        left.addWidget(self.play_lines, 1)
        self.play_against_heading = self.heading("Against")
        left.addWidget(self.play_against_heading)
        self.play_against_headline = self.label(1.2, bold=True)
        left.addWidget(self.play_against_headline)
        self.play_against_board = RollBoardWidget()
        self.play_against_board.setProperty("tableScale", 1.0)
        left.addWidget(self.play_against_board)
        self.play_outcome = ElidedLine()
        self.play_outcome.setProperty("tableScale", 1.0)
        self.play_outcome.setStyleSheet(f"color: {FG};")
        left.addWidget(self.play_outcome)
        right.addWidget(self.heading("Condition"))
        # the hurt statistics and their states first; a short window cuts the uses at the bottom
        self.play_condition = self.label()
        self.play_condition.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Ignored)
        self.play_condition.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        right.addWidget(self.play_condition, 1)
        return page

    def in_play(self, doc) -> bool:
        """The character view shows its Condition or Roll tab (or there is no view and the
        evening's last line is a roll)."""
        tabs = getattr(self.tv.view, "play_tabs", None)
        if tabs is not None:
            return tabs.currentIndex() > 0
        return bool(doc.state.log) and doc.state.log[-1].what == "roll"

    def title(self, doc) -> str:
        return doc.display_name() + (" · in play" if self.in_play(doc) else "")

    def refresh(self, doc) -> None:
        if self.in_play(doc):
            self.modes.setCurrentWidget(self.play_page)
            self.refresh_play(doc)
            return
        self.modes.setCurrentWidget(self.building)
        self.refresh_building(doc)

    def refresh_play(self, doc) -> None:
        from landsraad.play.condition import box_rows, held_uses, penalties, thresholds
        from landsraad.play.evening import rules
        from landsraad.present.play import condition_lines, roll_board

        ch, sheet, c = doc.state, doc.sheet, doc.content
        last = next((e for e in reversed(ch.log) if e.what == "roll" and e.record), None)
        board = roll_board(last.record) if last is not None and last.record else None
        if board is None:
            self.play_what.setText("No roll yet this evening")
            self.play_headline.setText("")
            self.play_board.set_groups(())
            self.play_lines.set_paragraphs([])
        else:
            self.play_what.setText(board.what)
            self.play_headline.setText(board.headline)
            self.play_headline.setStyleSheet(f"color: {ACCENT if board.success else DIM};")
            self.play_board.set_groups(board.groups)
            self.play_lines.set_paragraphs(list(board.lines))
        other = board.against if board is not None else None
        for w in (self.play_against_heading, self.play_against_headline, self.play_against_board, self.play_outcome):
            w.setVisible(other is not None)
        if board is not None and other is not None:
            self.play_against_heading.setText(f"Against: {other.who}")
            self.play_against_headline.setText(other.headline)
            self.play_against_board.set_groups(other.groups)
            self.play_outcome.setText(board.outcome)
        cc = rules(c)
        names = {k: a.name for k, a in c.advantages.items()}
        names.update({k: f.name for k, f in c.feats.items()})
        comps = [
            cc.complication(h.id).name + (f" ({h.detail})" if h.detail else "") for h in ch.condition.complications
        ]
        lines = condition_lines(
            box_rows(sheet.statistics, ch.condition, cc),
            thresholds(sheet.statistics, ch.condition, cc),
            comps,
            penalties(ch.condition, cc),
            held_uses(ch, sheet.feats, sheet.advantages, cc, names),
        )
        self.play_condition.setText("\n".join(lines) or "Unhurt")

    def refresh_building(self, doc) -> None:
        # the words computed Qt-free (present/table.py): the session's /table page shows the same
        from landsraad.present.table import step_line, step_todo, summary_lines

        ch, sheet, c = doc.state, doc.sheet, doc.content
        step_id = getattr(self.tv.view, "current_step", None)  # a property of the character view
        if callable(step_id):
            step_id = step_id()
        if step_id:
            self.step.setText(step_line(ch, c, step_id))
            mine = step_todo(doc.findings, step_id)
            self.step_todo.setText("\n".join(f"• {m}" for m in mine) or "Nothing left to do at this step")
        else:
            self.step.setText("")
            self.step_todo.setText("")
        self.cp.setText(f"Character Points: {sheet.cp_spent} spent of {sheet.cp_budget}")
        self.summary.setText("\n".join(summary_lines(ch, sheet, c)) or "Nothing chosen yet")
