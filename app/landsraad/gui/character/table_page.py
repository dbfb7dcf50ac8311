"""The character's page of the table view (``landsraad.gui.table_view``): the step being
built, what is left to do there, the Character Points and the summary.  Numbers and
wording come from the character engine and ``landsraad.present``."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QVBoxLayout

from landsraad.gui.table_widgets import TablePage


class CharacterPage(TablePage):
    def __init__(self, tv):
        super().__init__(tv)
        row = QHBoxLayout(self)
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


    def title(self, doc) -> str:
        return doc.display_name()

    def refresh(self, doc) -> None:
        # the words computed Qt-free (present/table.py): the session's /table page shows the same
        from landsraad.present.table import step_line, step_todo, summary_lines
        ch, sheet, c = doc.state, doc.sheet, doc.content
        step_id = getattr(self.tv.view, "current_step", None)      # a property of the character view
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
