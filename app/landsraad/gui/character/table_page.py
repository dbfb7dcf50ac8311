"""The character's page of the table view (``landsraad.gui.table_view``): the step being
built, what is left to do there, the Character Points and the summary.  Numbers and
wording come from the character engine and ``landsraad.present``."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QVBoxLayout

from landsraad.findings import Severity
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
        from landsraad.character.model import STEP_NAMES
        ch, sheet, c = doc.state, doc.sheet, doc.content
        step_id = getattr(self.tv.view, "current_step", None)      # a property of the character view
        if callable(step_id):
            step_id = step_id()
        if step_id:
            from landsraad.character.model import TEMPLATE_STEP_IDS
            from landsraad.present import character as P
            n = list(STEP_NAMES).index(step_id) + 1 if step_id in STEP_NAMES else 0
            text = f"Step {n:02d} · {STEP_NAMES.get(step_id, step_id)}"
            if step_id in TEMPLATE_STEP_IDS and ch.step(step_id).template:
                text += f": {c.template(step_id, ch.step(step_id).template).name}"
            self.step.setText(text)
            mine = [f for f in doc.findings if f.step == step_id and f.severity is not Severity.WARNING]
            self.step_todo.setText("\n".join(f"• {f.message}" for f in mine[:6]) or "Nothing left to do at this step")
        else:
            self.step.setText("")
            self.step_todo.setText("")
        self.cp.setText(f"Character Points: {sheet.cp_spent} spent of {sheet.cp_budget}")
        from landsraad.present import character as P
        parts = []
        for (title, value, _p), kids in P.summary_groups(ch, sheet, c):
            if not kids:
                continue
            items = ", ".join(f"{k[0]} {k[1]}".strip() for k in kids)
            parts.append(f"{title}: {items}")
        self.summary.setText("\n".join(parts) or "Nothing chosen yet")
