"""Character creation, guided: the eight steps, a live summary and the findings.

The view edits the document only through ``Document.edit`` (one QUndoCommand per
edit; taking a template is one macro) and shows only what ``validate`` computed.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QHeaderView, QSizePolicy, QWidget

from landsraad.character.model import STEP_IDS, STEP_NAMES, TEMPLATE_STEP_IDS
from landsraad.findings import Severity
from landsraad.gui.character.fit import keep_rows
from landsraad.gui.character.pages import (
    CastePage,
    ExtrasPage,
    FinishingPage,
    StatisticsPage,
    StepPage,
    TemplateStepPage,
)
from landsraad.gui.documents import Document
from landsraad.gui.models import Row, RowsListModel, RowsTableModel, TreeModel
from landsraad.gui.resources import setup_form
from landsraad.gui.widgets import full_text_tooltips, set_meter
from landsraad.present import character as P
from landsraad.present.findings import counts_text


# ----- the view ---------------------------------------------------------------------------
class CharacterView(QWidget):
    def __init__(self, doc: Document, parent=None):
        super().__init__(parent)
        self.doc = doc
        self.ui = setup_form("character", self)
        self.setObjectName("characterView")
        # steps
        self.steps = RowsListModel(self)
        self.ui.stepList.setModel(self.steps)
        # a long step name wraps onto a second line (never elided): the column stays narrow
        self.ui.stepList.setTextElideMode(Qt.TextElideMode.ElideNone)
        self._fit_steps()
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
        sv.setIndentation(12)
        sv.viewport().installEventFilter(self)
        sv.setHeaderHidden(True)  # "name, value" needs no header; the value column stays narrow
        # the steps over the summary on the left, the step page over the findings on the right: the
        # page gets the width (issue 15: at 1280x720 it had 510 px between the two side columns)
        self.ui.mainSplitter.setStretchFactor(0, 1)  # a wider screen widens the summary too
        self.ui.mainSplitter.setStretchFactor(1, 4)
        self.ui.mainSplitter.setSizes([250, 1000])
        self.ui.leftSplitter.setStretchFactor(0, 0)
        self.ui.leftSplitter.setStretchFactor(1, 1)
        self.ui.cpLabel.hide()  # the meter says "Character Points: spent / available"
        self.ui.centerSplitter.setStretchFactor(0, 1)
        self.ui.centerSplitter.setStretchFactor(1, 0)
        self.ui.centerSplitter.setSizes([800, 150])
        self.ui.findingsLayout.setContentsMargins(4, 2, 4, 4)
        # every list keeps three rows in sight at 1280x720; elided cells read whole in the tooltip
        full_text_tooltips(fv)
        self._fit_lists()
        # Tab leaves a table (it does not walk its cells): see focusNextPrevChild for the order
        fv.setTabKeyNavigation(False)
        self._add_play_tabs()
        doc.changed.connect(self.refresh)
        self.refresh()
        self.ui.stepList.selectionModel().currentChanged.connect(lambda cur, _p: self._page_changed(cur.row()))
        self.open_step(self.first_open_step())
        QShortcut(QKeySequence("Ctrl+PgDown"), self, activated=lambda: self.move_step(1))
        QShortcut(QKeySequence("Ctrl+PgUp"), self, activated=lambda: self.move_step(-1))
        QShortcut(QKeySequence("Ctrl+1"), self, activated=lambda: self.ui.stepList.setFocus())
        QShortcut(QKeySequence("Ctrl+2"), self, activated=lambda: self.focus_work())
        QShortcut(QKeySequence("Ctrl+3"), self, activated=self.focus_findings)
        QShortcut(QKeySequence("Ctrl+4"), self, activated=self.open_condition)
        QShortcut(QKeySequence("Ctrl+5"), self, activated=self.open_roll)
        QShortcut(QKeySequence("Ctrl+R"), self, activated=self.open_roll)

    # ----- in play: the Condition and Roll panels, tabs beside the steps' pages -------------
    def _add_play_tabs(self) -> None:
        """The step pages and findings become the "Build" tab; "Condition" and "Roll" sit
        beside it, so the character view keeps its size at 1280x720 (issue 25)."""
        from PySide6.QtWidgets import QTabWidget

        from landsraad.gui.character.condition_panel import ConditionPanel
        from landsraad.gui.character.roll_panel import RollPanel

        split = self.ui.mainSplitter
        index = split.indexOf(self.ui.centerSplitter)
        self.play_tabs = QTabWidget()
        self.play_tabs.setObjectName("playTabs")
        self.play_tabs.setDocumentMode(True)
        split.replaceWidget(index, self.play_tabs)
        self.play_tabs.addTab(self.ui.centerSplitter, "&Build")
        self.condition_panel = ConditionPanel(self.doc)
        self.roll_panel = RollPanel(self.doc)
        self.play_tabs.addTab(self.condition_panel, "Co&ndition")
        self.play_tabs.addTab(self.roll_panel, "Ro&ll")
        self.play_tabs.setTabToolTip(0, "Build the character: the eight steps and the findings (Ctrl+2)")
        self.play_tabs.setTabToolTip(1, "Damage, Complications, healing, limited uses, the evening's log (Ctrl+4)")
        self.play_tabs.setTabToolTip(2, "A roll: the pool, the exact odds, the dice and their readings (Ctrl+R)")
        split.setStretchFactor(index, 4)
        self.ui.summaryView.activated.connect(self._summary_activated)
        self.play_tabs.currentChanged.connect(self._play_tab_changed)
        self._play_tab_changed(0)

    def _play_tab_changed(self, current: int) -> None:
        # the tabs are as large as the one shown, not as their largest (fits 1280x720)
        for i in range(self.play_tabs.count()):
            policy = QSizePolicy.Policy.Preferred if i == current else QSizePolicy.Policy.Ignored
            self.play_tabs.widget(i).setSizePolicy(policy, policy)
        self.play_tabs.widget(current).updateGeometry()

    def open_condition(self) -> None:
        self.play_tabs.setCurrentWidget(self.condition_panel)
        self.condition_panel.first_control().setFocus(Qt.FocusReason.ShortcutFocusReason)

    def open_roll(self) -> None:
        self.play_tabs.setCurrentWidget(self.roll_panel)
        self.roll_panel.first_control().setFocus(Qt.FocusReason.ShortcutFocusReason)

    def _summary_activated(self, index) -> None:
        """A skill on the summary (Enter or a double-click): the Roll panel, set to roll it."""
        from landsraad.gui.models import PAYLOAD_ROLE

        payload = index.data(PAYLOAD_ROLE)
        if isinstance(payload, str) and payload.startswith("skills."):
            self.play_tabs.setCurrentWidget(self.roll_panel)
            self.roll_panel.pick_skill(payload.split(".", 1)[1])

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
        """Ctrl+PgDown / Ctrl+PgUp: the next or previous step, the keyboard on its first control
        (unless it was on the steps list, where it stays)."""
        i = max(0, min(len(STEP_IDS) - 1, STEP_IDS.index(self.current_step) + delta))
        on_list = self.ui.stepList.hasFocus()
        self.open_step(STEP_IDS[i])
        if not on_list:
            self.focus_work()

    def _page_changed(self, row: int) -> None:
        if 0 <= row < len(STEP_IDS):
            if self.ui.stepPages.currentIndex() != row:
                self.ui.stepPages.setCurrentIndex(row)
            # the stack is as large as the page shown, not as its largest page (fits 1280x720)
            for i, page in enumerate(self.pages.values()):
                policy = QSizePolicy.Policy.Preferred if i == row else QSizePolicy.Policy.Ignored
                page.setSizePolicy(policy, policy)
            self.pages[STEP_IDS[row]].refresh(full=True)

    def refresh(self) -> None:
        ch, findings, c = self.doc.state, self.doc.findings, self.doc.content
        rows = []
        for n, step in enumerate(STEP_IDS, 1):
            state = P.step_state(ch, findings, step)
            mine = [f for f in findings if f.step == step and f.severity is not Severity.WARNING]
            tip = f"{STEP_NAMES[step]}: {state}" + ("".join(f"\n• {f.message}" for f in mine[:6]))
            # the state is the icon (the legend below says which); the description reads it out
            rows.append(Row((P.step_label(n, step),), payload=step, tooltip=tip, icon=P.STATE_ICON[state]))
        self.steps.set_rows(rows)
        # the tooltip is the whole message, for players: no rule id
        self.findings.set_rows(
            [Row(P.finding_cells(f), payload=f, tooltip=f.message, icon=P.SEVERITY_ICON[f.severity]) for f in findings]
        )
        self.ui.findingsBox.setTitle(self._findings_title(findings))
        groups = P.summary_groups(ch, self.doc.sheet, c)
        self.summary.set_tree(
            [
                (
                    Row((g[0], g[1]), payload=g[2], bold=True, tooltip=f"{g[0]}: {g[1]}".rstrip(": ")),
                    [Row((k[0], k[1]), payload=k[2], tooltip=f"{k[0]}: {k[1]}") for k in kids],
                )
                for g, kids in groups
            ]
        )
        self._fit_summary_columns()
        if not getattr(self, "_expanded", False):
            self.ui.summaryView.expandAll()
            self._expanded = True
        s = self.doc.sheet
        set_meter(self.ui.cpMeter, s.cp_spent, s.cp_budget, f"Character Points: {s.cp_spent} / {s.cp_budget}")
        self.ui.cpMeter.setToolTip(f"Character Points: {s.cp_spent} spent of {s.cp_budget}")
        for step, page in self.pages.items():
            page.refresh(full=(page is self.ui.stepPages.currentWidget()))

    @staticmethod
    def _findings_title(findings) -> str:
        return f"Findings: {counts_text(findings)}"

    def open_finding(self, finding) -> None:
        if finding is None:
            return
        step = finding.step if finding.step in STEP_IDS else self.current_step
        page = self.open_step(step)
        field = finding.field or ""

        if page.focus_field(field):
            return
        # a field the page has no control of its own for (a skill a requirement names): the
        # summary shows its row, the keyboard goes to the step's first control, where it is fixed
        idx = self.summary.find(field)
        if idx.isValid():
            self.ui.summaryView.setCurrentIndex(idx)
            self.ui.summaryView.scrollTo(idx)
        page.first_control().setFocus(Qt.FocusReason.OtherFocusReason)

    def _fit_summary_columns(self) -> None:
        """The values take what they need, at most two fifths of the summary; the names the rest
        (a value cut short reads whole in its row's tooltip)."""
        sv = self.ui.summaryView
        sv.header().resizeSection(1, min(sv.sizeHintForColumn(1), sv.viewport().width() * 2 // 5))

    def eventFilter(self, obj, event) -> bool:
        from PySide6.QtCore import QEvent

        if obj is self.ui.summaryView.viewport() and event.type() == QEvent.Type.Resize:
            self._fit_summary_columns()  # the splitter moved or the window changed size
        return super().eventFilter(obj, event)

    def _fit_steps(self) -> None:
        """The steps column is as wide as "05  Personal Calling" and its icon (a longer name wraps)
        and as the legend's longer line."""
        fm, legend = self.ui.stepList.fontMetrics(), self.ui.stepLegend
        widest = max(legend.fontMetrics().horizontalAdvance(line) for line in legend.text().splitlines())
        self.ui.stepsBox.setMinimumWidth(
            max(fm.horizontalAdvance(P.step_label(5, "personal-calling")) + 80, widest + 40)
        )

    def _fit_lists(self) -> None:
        """Three rows of every list in sight at 1280x720 (issue 15); the tables' last column
        stretches, so they never scroll sideways (an elided cell reads whole in its tooltip)."""
        for view in (self.ui.findingsView, self.ui.summaryView):
            view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        for view in (self.ui.findingsView, self.ui.summaryView):
            keep_rows(view, 3)
        keep_rows(self.ui.stepList, len(STEP_IDS) + 1)  # all eight, one name on two lines
        self.ui.leftSplitter.setSizes([self.ui.stepsBox.minimumSizeHint().height(), 1000])
        for page in self.pages.values():
            page.fit_lists()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self._fit_lists()  # measured as styled, once the view is shown
        self._fit_steps()

    def changeEvent(self, event) -> None:
        from PySide6.QtCore import QEvent

        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._fit_lists()
            self._fit_steps()
        super().changeEvent(event)

    def tab_stops(self) -> list[QWidget]:
        """The Tab order, as the screen reads: the steps, the open step's controls (a group of
        radio buttons is one stop, the arrows move inside it), the findings, the summary."""
        tab = self.play_tabs.currentWidget() if hasattr(self, "play_tabs") else None
        if tab is getattr(self, "roll_panel", None):
            return [self.ui.stepList, self.play_tabs.tabBar(), *self.roll_panel.tab_stops(), self.ui.summaryView]
        if tab is getattr(self, "condition_panel", None):
            return [self.ui.stepList, self.play_tabs.tabBar(), *self.condition_panel.tab_stops(), self.ui.summaryView]
        return [self.ui.stepList, *self.pages[self.current_step].tab_stops(), self.ui.findingsView, self.ui.summaryView]

    def focusNextPrevChild(self, next: bool) -> bool:  # noqa: A002 - Qt's name
        # Qt's focus chain is the order widgets were made in; choices built later would come
        # after the summary.  Inside the view, Tab follows ``tab_stops``.
        current = self.window().focusWidget()  # the window's, active or not
        stops = self.tab_stops()
        here, next_stop = None, None
        for i, w in enumerate(stops):
            if current is not None and (w is current or w.isAncestorOf(current)):
                here = i
        if here is not None:  # round and round inside the document, as its parts read
            next_stop = stops[(here + (1 if next else -1)) % len(stops)]
        if next_stop is not None:
            reason = Qt.FocusReason.TabFocusReason if next else Qt.FocusReason.BacktabFocusReason
            next_stop.setFocus(reason)
            return True
        return super().focusNextPrevChild(next)

    def focus_findings(self) -> None:
        """Ctrl+3: the keyboard on the findings, on the first one when none is current (Enter opens it)."""
        fv = self.ui.findingsView
        if not fv.currentIndex().isValid() and self.findings.rowCount():
            fv.setCurrentIndex(self.findings.index(0, 0))
        fv.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def focus_work(self) -> None:
        """Focus where the work is: the open step's options (its first control)."""
        self.play_tabs.setCurrentIndex(0)
        self.pages[self.current_step].first_control().setFocus(Qt.FocusReason.OtherFocusReason)
