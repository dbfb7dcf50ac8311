"""Character creation, guided: the eight steps, a live summary and the findings.

The view edits the document only through ``CharacterDocument.edit`` (one QUndoCommand per
edit; taking a template is one macro) and shows only what ``validate`` computed.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QHeaderView, QWidget

from landsraad.character.model import STEP_IDS, STEP_NAMES, TEMPLATE_STEP_IDS
from landsraad.findings import Severity
from landsraad.present import character as P
from landsraad.gui.character.pages import (CastePage, ExtrasPage, FinishingPage, StatisticsPage, StepPage,
                                           TemplateStepPage)
from landsraad.gui.documents import CharacterDocument
from landsraad.gui.models import Row, RowsListModel, RowsTableModel, TreeModel
from landsraad.gui.resources import setup_form
from landsraad.gui.widgets import set_meter
from landsraad.present.findings import counts_text



# ----- the view ---------------------------------------------------------------------------
class CharacterView(QWidget):
    def __init__(self, doc: CharacterDocument, parent=None):
        super().__init__(parent)
        self.doc = doc
        self.ui = setup_form("character", self)
        self.setObjectName("characterView")
        # steps
        self.steps = RowsListModel(self)
        self.ui.stepList.setModel(self.steps)
        self.pages: dict[str, StepPage] = {}
        for step in STEP_IDS:
            if step == "statistics":
                page = StatisticsPage(doc)
            elif step in TEMPLATE_STEP_IDS:
                page = TemplateStepPage(doc, step)
            elif step == "extras":
                page = ExtrasPage(doc)
            elif step == "caste":
                page = CastePage(doc)
            else:
                page = FinishingPage(doc)
            self.pages[step] = page
            self.ui.stepPages.addWidget(page)
        # findings
        self.findings = RowsTableModel(["Severity", "Step", "Message"], self)
        fv = self.ui.findingsView
        fv.setModel(self.findings)
        fv.verticalHeader().hide()
        fv.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        fv.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        fv.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        fv.activated.connect(lambda idx: self.open_finding(self.findings.payload(idx.row())))
        # summary
        self.summary = TreeModel(["", "Value"], self)
        sv = self.ui.summaryView
        sv.setModel(self.summary)
        sv.header().setStretchLastSection(False)
        sv.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        sv.header().setSectionResizeMode(1, QHeaderView.ResizeMode.Interactive)
        sv.header().resizeSection(1, 125)
        self.ui.mainSplitter.setStretchFactor(0, 0)
        self.ui.mainSplitter.setStretchFactor(1, 3)
        self.ui.mainSplitter.setStretchFactor(2, 1)
        self.ui.centerSplitter.setStretchFactor(0, 4)
        self.ui.centerSplitter.setStretchFactor(1, 1)
        self.ui.mainSplitter.setSizes([320, 1000, 380])
        self.ui.centerSplitter.setSizes([700, 200])
        doc.changed.connect(self.refresh)
        self.refresh()
        self.ui.stepList.selectionModel().currentChanged.connect(lambda cur, _p: self._page_changed(cur.row()))
        self.open_step(self.first_open_step())
        QShortcut(QKeySequence("Ctrl+PgDown"), self, activated=lambda: self.move_step(1))
        QShortcut(QKeySequence("Ctrl+PgUp"), self, activated=lambda: self.move_step(-1))
        QShortcut(QKeySequence("Ctrl+1"), self, activated=lambda: self.ui.stepList.setFocus())
        QShortcut(QKeySequence("Ctrl+2"), self, activated=lambda: self.ui.stepPages.currentWidget().setFocus())
        QShortcut(QKeySequence("Ctrl+3"), self, activated=lambda: self.ui.findingsView.setFocus())

    # --------------------------------------------------------------------------------------
    def title(self) -> str:
        return self.doc.display_name()

    def first_open_step(self) -> str:
        for step in STEP_IDS:
            if P.step_state(self.doc.state, self.doc.findings, step) != P.DONE:
                return step
        return STEP_IDS[0]

    @property
    def current_step(self) -> str:
        return STEP_IDS[self.ui.stepPages.currentIndex()]

    def open_step(self, step: str) -> StepPage:
        i = STEP_IDS.index(step)
        self.ui.stepList.setCurrentIndex(self.steps.index(i))
        self._page_changed(i)
        return self.pages[step]

    def move_step(self, delta: int) -> None:
        i = max(0, min(len(STEP_IDS) - 1, STEP_IDS.index(self.current_step) + delta))
        self.open_step(STEP_IDS[i])

    def _page_changed(self, row: int) -> None:
        if 0 <= row < len(STEP_IDS):
            if self.ui.stepPages.currentIndex() != row:
                self.ui.stepPages.setCurrentIndex(row)
            self.pages[STEP_IDS[row]].refresh(full=True)

    def refresh(self) -> None:
        ch, findings, c = self.doc.state, self.doc.findings, self.doc.content
        rows = []
        for n, step in enumerate(STEP_IDS, 1):
            state = P.step_state(ch, findings, step)
            mine = [f for f in findings if f.step == step and f.severity is not Severity.WARNING]
            tip = f"{STEP_NAMES[step]}: {state}" + ("".join(f"\n• {f.message}" for f in mine[:6]))
            rows.append(Row((f"{P.step_label(n, step)}\n{state}",), payload=step, tooltip=tip,
                            icon=P.STATE_ICON[state]))
        self.steps.set_rows(rows)
        self.findings.set_rows([Row(P.finding_cells(f), payload=f, tooltip=f"{f.rule}: {f.message}",
                                    icon=P.SEVERITY_ICON[f.severity]) for f in findings])
        self.ui.findingsBox.setTitle(self._findings_title(findings))
        groups = P.summary_groups(ch, self.doc.sheet, c)
        self.summary.set_tree([(Row((g[0], g[1]), payload=g[2], bold=True),
                                [Row((k[0], k[1]), payload=k[2], tooltip=f"{k[0]}: {k[1]}") for k in kids])
                               for g, kids in groups])
        if not getattr(self, "_expanded", False):
            self.ui.summaryView.expandAll()
            self._expanded = True
        s = self.doc.sheet
        set_meter(self.ui.cpMeter, s.cp_spent, s.cp_budget, f"{s.cp_spent} / {s.cp_budget} spent")
        self.ui.cpLabel.setText(f"Character Points: {s.cp_spent} spent of {s.cp_budget}")
        for step, page in self.pages.items():
            page.refresh(full=(page is self.ui.stepPages.currentWidget()))

    @staticmethod
    def _findings_title(findings) -> str:
        return f"Findings: {counts_text(findings)}  (Enter opens the step and field)"

    def open_finding(self, finding) -> None:
        if finding is None:
            return
        step = finding.step if finding.step in STEP_IDS else self.current_step
        page = self.open_step(step)
        field = finding.field or ""

        def focus():
            if page.focus_field(field):
                return
            idx = self.summary.find(field)
            if idx.isValid():
                self.ui.summaryView.setCurrentIndex(idx)
                self.ui.summaryView.scrollTo(idx)
                self.ui.summaryView.setFocus(Qt.FocusReason.OtherFocusReason)
        focus()
