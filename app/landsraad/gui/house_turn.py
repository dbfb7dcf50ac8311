"""The monthly House turn in the Fief view (issue 18): the month, each House's Strategy
(and the change being implemented), its Householders with their Venture and four
Operation slots, the pools as they will be rolled, one "Resolve" per Venture drawing the
roll and its counter as dice, and "End the month" with the Degradation shown first.

No rule lives here: every number is the House engine's (``landsraad.house.domain``) and
every action is one engine function run through ``edit(text, change)`` (the Fief view's
``Document.edit``), so each is one undo step.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QAction, QColor, QFont, QFontMetrics, QPainter, QPen
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from landsraad.gui.plain import make_plain, plain_label
from landsraad.rules.pages import cite


def new_seed() -> int:
    """The dice engine (and attrs under it) is imported with the first Fief, not with the window."""
    from landsraad.dice import new_seed as seed

    return seed()


GOLD, INK, PAPER, RED, GREY = "#f0c987", "#2b2118", "#fffdf8", "#c8553d", "#d8d0c4"


class DuelDice(QWidget):
    """A Venture's roll and its counter as dice: the chosen set in gold, the dice its
    counter gobbled struck through, the counter set in red, waste dice plain."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.rows: list[tuple[str, list[int], set[int], int, str]] = []  # (label, faces, marked, gobbled, colour)
        self.caption = ""
        self.ink = "#5a3412"  # the captions' colour (light on the table view)
        self.show_caption = True
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)
        self.setAccessibleName("Venture dice")

    def set_dice(self, caption: str, rows) -> None:
        self.caption, self.rows = caption, list(rows)
        self.setAccessibleDescription(caption)
        self.updateGeometry()
        self.update()

    def _die(self) -> int:
        return int(QFontMetrics(self.font()).height() * 1.3)

    def sizeHint(self) -> QSize:
        # the caption's row only where it is drawn (the House turn page says it in its results)
        return QSize(360, (int(self.show_caption) + max(1, len(self.rows))) * (self._die() + 4) + 6)

    def minimumSizeHint(self) -> QSize:
        return QSize(200, self.sizeHint().height())

    def paintEvent(self, _event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        d = self._die()
        fm = QFontMetrics(self.font())
        bold = QFont(self.font())
        bold.setBold(True)
        p.setFont(bold)
        p.setPen(QColor(self.ink))
        y = 2
        if self.show_caption:
            p.drawText(
                QRectF(4, 2, self.width() - 8, d),
                Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft,
                fm.elidedText(self.caption or "Not rolled yet", Qt.TextElideMode.ElideRight, self.width() - 8),
            )
            y = d + 6
        label_w = fm.horizontalAdvance("Counter") + 14
        for label, faces, marked, gobbled, colour in self.rows:
            p.setFont(bold)
            p.setPen(QColor(self.ink))
            p.drawText(QRectF(4, y, label_w, d), Qt.AlignmentFlag.AlignVCenter, label)
            x, struck = 4 + label_w, 0
            for face in sorted(faces, key=lambda f: (f not in marked, -f)):
                rect = QRectF(x, y, d, d)
                p.setPen(QPen(QColor(INK), 1.5))
                p.setBrush(QColor(colour if face in marked else PAPER))
                p.drawRoundedRect(rect, d * 0.18, d * 0.18)
                p.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(face))
                if face in marked and struck < gobbled:
                    struck += 1
                    p.setPen(QPen(QColor(RED), 2.2))
                    p.drawLine(rect.topLeft(), rect.bottomRight())
                x += d + 3
            y += d + 4
        p.end()


def chosen_faces(chosen, faces) -> set[int]:
    """The faces a reading uses, to highlight: a set's Height; a Run's three faces; a Full
    House's set and the lower set it took in (issue 27: "3x8 (Full House)" lit two 8s)."""
    if chosen is None:
        return set()
    if chosen.how == "run":
        return {chosen.height, chosen.height - 1, chosen.height - 2}
    if chosen.how == "full-house":
        from collections import Counter

        lower = sorted(h for h, n in Counter(faces).items() if n >= 2 and h < chosen.height)
        return {chosen.height} | set(lower[:1])
    return {chosen.height}


def attach_house_turn(
    doc, edit: Callable, splitter: QSplitter, scores: QWidget, steps: QTabWidget | None = None
) -> HouseTurnPanel:
    """The monthly turn as a page of its own among the Fief's steps (issue 27: as a tab
    beside the scores it had ~130 px at 1280x720); the Trait Scores in play stay in sight
    under it, in the bottom pane's first tab."""
    panel = HouseTurnPanel(doc, edit)
    index = splitter.indexOf(scores)
    tabs = QTabWidget()
    tabs.setObjectName("fiefBottomTabs")
    tabs.setDocumentMode(True)
    tabs.addTab(scores, "Trait Scores in play (Ratings) of every House")
    if hasattr(scores, "setTitle"):  # the tab names it: no second title above the table
        scores.setTitle("")
        scores.setFlat(True)
        if scores.layout() is not None:
            scores.layout().setContentsMargins(0, 2, 0, 0)
    splitter.insertWidget(index, tabs)
    if steps is not None:
        steps.addTab(panel, "House turn, wee&k by week")
        outer = steps.parentWidget()
        saved: list[int] = []

        def shown(_i: int) -> None:
            """On the turn's page the pane below keeps three rows of Scores and gives the
            turn the rest; the sizes the Judge had elsewhere come back after."""
            if not isinstance(outer, QSplitter) or outer.count() != 2:
                return
            on = steps.currentWidget() is panel
            # the Fief's creation findings step aside while the month is played: the Scores
            # in play stay, three rows, and the turn gets the height (issue 27)
            for i in range(splitter.count()):
                if splitter.widget(i) is not tabs:
                    splitter.widget(i).setVisible(not on)
            if on and not saved:
                saved[:] = outer.sizes()
                total = sum(saved)
                low = tabs.minimumSizeHint().height()
                outer.setSizes([total - low, low])
            elif not on and saved:
                outer.setSizes(saved)
                saved.clear()

        steps.currentChanged.connect(shown)
        steps.setTabToolTip(
            steps.indexOf(panel),
            "The monthly House turn: Strategies, Householders, Ventures, "
            "Operations, the end of the month (" + cite("L4869-L4981") + ")",
        )
    else:
        tabs.addTab(panel, "House turn")
    panel.tabs = steps if steps is not None else tabs
    return panel


def add_month_export(window) -> QAction:
    """File > Export: the one-page month report of the current Fief's House turn (issue 18);
    the window keeps the action."""
    after = window.ui.actionExportHousePdf
    action = QAction("Export the Month's House Turn as PDF…", window)
    action.setObjectName("actionExportMonthPdf")

    def current_panel():
        doc = window.current
        view = window.views.get(id(doc)) if doc is not None else None
        return getattr(view, "house_turn", None)

    def enable() -> None:
        action.setEnabled(current_panel() is not None)

    for menu in after.associatedObjects():
        if hasattr(menu, "insertAction") and hasattr(menu, "aboutToShow"):
            actions = menu.actions()
            i = actions.index(after) if after in actions else len(actions) - 1
            menu.insertAction(actions[i + 1] if i + 1 < len(actions) else None, action)
            menu.aboutToShow.connect(enable)
    action.triggered.connect(lambda: current_panel() and current_panel().export_month())
    return action


class TableTurnView(QWidget):
    """The House turn as the group at the table sees it: the month, the public Strategies,
    the players' House's Ventures with their dice and results, what it has learnt, and the
    hostile Ventures it suffered, their authors hidden (S18).  Read-only; follows every
    edit of the Fief.  A page of the table view (issue 27: it was a second window of its
    own, at 0,0, in another style); ``embedded`` leaves its type to the table view."""

    def __init__(self, doc, parent=None, embedded: bool = False):
        super().__init__(parent)
        self.doc = None
        self.setObjectName("tableTurnView")
        self.setWindowTitle("House turn, for the table")
        f = self.font()
        if not embedded:
            f.setPointSizeF(f.pointSizeF() * 1.6)
            self.setFont(f)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.title = plain_label()
        tf = QFont(f)
        tf.setBold(True)
        tf.setPointSizeF(f.pointSizeF() * 1.4)
        self.title.setFont(tf)
        self.title.setProperty("tableScale", 1.3)
        self.title.setProperty("tableBold", True)
        lay.addWidget(self.title)
        self.body = plain_label()  # names come from documents: never read as HTML
        self.body.setWordWrap(True)
        self.body.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.body.setProperty("tableScale", 1.0)
        lay.addWidget(self.body)
        # the Scores in play of every House, as the Fief's page of the table view shows them
        from PySide6.QtWidgets import QGridLayout

        self.scores_grid = QGridLayout()
        self.scores_grid.setHorizontalSpacing(14)
        self.score_cells: dict = {}
        lay.addLayout(self.scores_grid)
        self.dice = DuelDice()
        self.dice.setProperty("tableScale", 1.0)
        if embedded:
            self.dice.ink = "#ffffff"  # its captions light on the table view's dark
        lay.addWidget(self.dice)
        lay.addStretch(1)
        if doc is not None:
            self.set_doc(doc)

    def set_doc(self, doc) -> None:
        if doc is self.doc:
            return
        if self.doc is not None:
            try:
                self.doc.changed.disconnect(self.refresh)
            except (RuntimeError, TypeError):
                pass
        self.doc = doc
        if doc is not None:
            doc.changed.connect(self.refresh)
            self.refresh()

    def refresh(self) -> None:
        if self.doc is None:
            return
        from landsraad.house.domain import table_view
        from landsraad.house.domain_tables import load_domain_content
        from landsraad.present.house import deltas_text
        from landsraad.present.house_turn import reveals_text

        dc, hc = load_domain_content(), self.doc.content
        v = table_view(self.doc.state, hc, dc)
        traits = {t.id: t.name for t in hc.traits}

        def learnt_text(k) -> str:  # what the players' House received, never whether it is true (L4970)
            value = k.get("value")
            return reveals_text(
                value if isinstance(value, dict) else {k.get("what", "information"): value}, self.doc.state, hc, dc
            )

        def venture_name(vid: str) -> str:
            try:
                return dc.venture(vid).name
            except Exception:  # noqa: BLE001 - an id the content no longer knows, as it is
                return vid

        self.title.setText(f"Month {v['date']['month_of_year']}, Year {v['date']['year']}")
        rows, last = [], None
        for h in v["houses"]:
            st = h["strategy"] or h["strategy_learnt"]
            shown = dc.strategy(st).name if st else "unknown"
            if h["strategy_learnt"] and not h["strategy"]:
                shown += " (learnt)"
            lines = [f"House {h['house']}" + (" (yours)" if h["players"] else "") + f": {shown}"]
            for x in h["ventures"]:
                if "width" not in x:  # an information Venture: only what the House received (L4970)
                    got = x.get("received")
                    result = (
                        "to roll"
                        if not x.get("faces")
                        else "received: " + reveals_text(got, self.doc.state, hc, dc)
                        if got
                        else "no result received"
                    )
                    lines.append(f"    {x['director']}: {venture_name(x['venture'])} → {result}")
                    continue
                result = (
                    "to roll"
                    if x["width"] is None
                    else f"Width {x['width']}" + (f" x {x['height']}" if x["height"] else "")
                    if x["width"]
                    else "fails"
                )
                target = traits.get(x["target"] or "", x["target"] or "")
                lines.append(
                    f"    {x['director']}: {venture_name(x['venture'])}"
                    + (f" {target}" if target else "")
                    + f" → {result}"
                )
                if x["roll"]:
                    last = x
            for k in h["learnt"]:
                lines.append(f"    learnt in month {k['month']}: {learnt_text(k)}")
            rows.append("\n".join(lines))
        for x in v["against_players"]:
            rows.append(
                f"A rival's {venture_name(x['venture'])} struck: "
                + "; ".join(f"House {k} {deltas_text(ch, hc)}" for k, ch in x["changes"].items())
            )
        self.body.setText("\n\n".join(rows) if rows else "No House turn yet.")
        self._refresh_scores()
        if last is not None:
            dice = [("Roll", last["roll"]["faces"], {last["height"]} if last["height"] else set(), 0, GOLD)]
            if last["against"] and last["against"]["roll"]:
                dice.append(("Counter", last["against"]["roll"]["faces"], set(), 0, RED))
            self.dice.set_dice(f"{venture_name(last['venture'])} by {last['director']}", dice)
        else:
            self.dice.set_dice("", [])

    def _refresh_scores(self) -> None:
        from landsraad.present.house_turn import score_cells

        fief, hc = self.doc.state, self.doc.content
        rows = [["Scores in play"] + [t.name[:3] for t in hc.traits]]
        rows += [[h.name] + score_cells(fief, h, hc) for h in fief.houses]
        wanted = {(r, c) for r in range(len(rows)) for c in range(len(rows[r]))}
        for key, lab in self.score_cells.items():
            lab.setVisible(key in wanted)
        for r, cells in enumerate(rows):
            for c, text in enumerate(cells):
                lab = self.score_cells.get((r, c))
                if lab is None:
                    lab = plain_label()
                    lab.setProperty("tableScale", 0.9)
                    lab.setProperty("tableBold", r == 0)
                    if c:
                        lab.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                    top = self.window()
                    if hasattr(top, "size_widget"):  # the table view's type
                        top.size_widget(lab)
                    self.scores_grid.addWidget(lab, r, c)
                    self.score_cells[(r, c)] = lab
                lab.setText(text)


def add_table_turn(window) -> tuple[QAction, list]:
    """View > House Turn for the Table: the table view, on its House-turn page (the Fief
    view's House turn tab shown); chosen again, or Escape/F5 in the table view, closes it.
    One table view, never a second window (issue 27): the list of views it opens stays empty."""
    action = QAction("House Turn for the Table", window)
    action.setObjectName("actionTableTurn")
    action.setToolTip("The table view, showing the month's House turn to the group")
    window.ui.menuView.addAction(action)

    def toggle() -> None:
        doc = window.current
        view = window.views.get(id(doc)) if doc is not None else None
        panel = getattr(view, "house_turn", None)
        if panel is None:
            window.statusBar().showMessage("Open a Siridar Fief to show its House turn", 5000)
            return
        tv = window.table_view
        if tv is not None and tv.isVisible() and tv.showing_turn():
            window.ui.actionTableView.setChecked(False)
            return
        panel.tabs.setCurrentWidget(panel)
        if window.ui.actionTableView.isChecked():
            window.table_view.refresh()
            window.table_view.raise_()
        else:
            window.ui.actionTableView.setChecked(True)

    action.triggered.connect(toggle)
    return action, []


class HouseTurnPanel(QScrollArea):
    """Hosted by the Fief view; ``edit(text, change)`` is the view's undoable edit.  Its
    contents keep their natural height and scroll when the pane is short."""

    def __init__(self, doc, edit: Callable, parent=None):
        super().__init__(parent)
        self.doc, self.edit = doc, edit
        self.setObjectName("houseTurnPanel")
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        # never across: the rows squeeze (combos shrink, their whole text in the popup)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        inner = QWidget()
        self.setWidget(inner)
        self.confirm = self._ask  # replaced in tests
        self.syncing = False
        outer = QHBoxLayout(inner)
        outer.setContentsMargins(2, 2, 2, 2)
        # the Houses | the House's turn above its roll: two splitters, their sizes kept in
        # QSettings (issue 27: the pane was reset at each tab switch)
        self.hsplit, self.vsplit = QSplitter(Qt.Orientation.Horizontal), QSplitter(Qt.Orientation.Vertical)
        self.hsplit.setObjectName("houseTurnSplitter")
        self.vsplit.setObjectName("houseTurnWorkSplitter")
        for sp in (self.hsplit, self.vsplit):
            sp.setChildrenCollapsible(False)
        outer.addWidget(self.hsplit)

        # ----- left: the month, the Houses, the end of the month ----------------------------
        leftw = QWidget()
        left = QVBoxLayout(leftw)
        left.setContentsMargins(0, 0, 0, 0)
        left.setSpacing(3)
        self.monthLabel = plain_label()
        self.monthLabel.setObjectName("monthLabel")
        f = self.monthLabel.font()
        f.setBold(True)
        f.setPointSizeF(f.pointSizeF() * 1.2)
        self.monthLabel.setFont(f)
        left.addWidget(self.monthLabel)
        self.houseList = QListWidget()
        self.houseList.setObjectName("turnHouseList")
        self.houseList.setAccessibleName("Houses of the turn")
        self.houseList.currentRowChanged.connect(lambda *_: self._sync_house())
        left.addWidget(self.houseList, 1)
        # the selected House's Strategy, under the Houses (issue 27: the turn's width and
        # height go to the Householders, the declarations and the roll)
        self.strategyLabel = plain_label()
        self.strategyLabel.setWordWrap(True)
        strategy_row = QHBoxLayout()
        strategy_row.addWidget(self.strategyLabel, 1)
        left.addLayout(strategy_row)
        row = QHBoxLayout()
        self.strategyCombo = QComboBox()
        self.strategyCombo.setObjectName("strategyCombo")
        self.strategyCombo.setAccessibleName("House Strategy")
        row.addWidget(self.strategyCombo, 1)
        self.strategyButton = QPushButton("Decide")
        self.strategyButton.clicked.connect(self.decide_strategy)
        row.addWidget(self.strategyButton)
        left.addLayout(row)
        self.publicCheck = QCheckBox("Public")
        self.publicCheck.setObjectName("strategyPublicCheck")
        self.publicCheck.setToolTip("Every House knows this Strategy; the table view shows it")
        self.publicCheck.toggled.connect(self.set_public)
        strategy_row.addWidget(self.publicCheck)
        self.degradationLabel = plain_label()
        self.degradationLabel.setWordWrap(True)
        self.monthLabel.setWordWrap(True)
        self.degradationLabel.setObjectName("degradationLabel")
        left.addWidget(self.degradationLabel)
        self.endButton = QPushButton("End the month…")
        self.endButton.setObjectName("endMonthButton")
        self.endButton.clicked.connect(self.end_month)
        left.addWidget(self.endButton)
        self.reportMonthCombo = QComboBox()  # the month the report prints (issue 27)
        self.reportMonthCombo.setObjectName("reportMonthCombo")
        self.reportMonthCombo.setAccessibleName("Month of the report")
        self.reportButton = QPushButton("Report…")
        self.reportButton.setObjectName("monthReportButton")
        self.reportButton.setToolTip(
            "The month report (PDF) of the chosen month: every House, Venture, Operation and result, on one page"
        )
        self.reportButton.clicked.connect(lambda: self.export_month())
        report = QHBoxLayout()
        self.logButton = QPushButton("Log…")
        self.logButton.setObjectName("monthLogButton")
        self.logButton.setToolTip("The turn log of the chosen month, in words")
        self.logButton.clicked.connect(self.show_log)
        left.addWidget(self.reportMonthCombo)
        report.addWidget(self.logButton)
        report.addWidget(self.reportButton)
        left.addLayout(report)
        self.hsplit.addWidget(leftw)
        self.hsplit.addWidget(self.vsplit)

        # ----- top: Strategy, Householders, declarations -------------------------------------
        topw = QWidget()
        mid = QVBoxLayout(topw)
        mid.setContentsMargins(0, 0, 0, 0)
        mid.setSpacing(2)
        self.hhTable = QTableWidget(0, 7)
        self.hhTable.setObjectName("householdersTable")
        self.hhTable.setHorizontalHeaderLabels(["Householder", "Venture", "Pool", "W1", "W2", "W3", "W4"])
        self.hhTable.verticalHeader().hide()
        self.hhTable.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        hh = self.hhTable.horizontalHeader()
        hh.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        hh.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        mid.addWidget(self.hhTable, 1)
        self.knowsLabel = plain_label()
        self.knowsLabel.setObjectName("knowsLabel")
        self.knowsLabel.setWordWrap(True)
        self.knowsLabel.setToolTip(
            "What this House has learnt of the others (the Judge sees all; "
            "fed by Investigate, Surveillance, Spy, Interrogate; a fake marked as such)"
        )
        war = QHBoxLayout()  # the legal conflicts of L38-L42 (issue 23), under the Houses
        self.warLabel = plain_label()
        self.warLabel.setObjectName("warLabel")
        self.warLabel.setWordWrap(True)
        self.warHouseCombo = QComboBox()
        self.warHouseCombo.setObjectName("warHouseCombo")
        self.warHouseCombo.setAccessibleName("Rival House of the War of Assassins or Kanly")
        war.addWidget(self.warHouseCombo, 1)
        self.warStateCombo = QComboBox()
        self.warStateCombo.setObjectName("warStateCombo")
        self.warStateCombo.setAccessibleName("Legal state")
        for label, state in (("War of Assassins", "war-of-assassins"), ("Kanly", "kanly"), ("Peace (end it)", "none")):
            self.warStateCombo.addItem(label, state)
        war.addWidget(self.warStateCombo, 1)
        self.warButton = QPushButton("Set")
        self.warButton.setToolTip("Declare the War of Assassins or Kanly chosen with that House, or end it")
        self.warButton.setObjectName("warButton")
        self.warButton.clicked.connect(self.declare_war)
        war.addWidget(self.warButton)
        left.insertWidget(left.indexOf(self.endButton), self.warLabel)
        left.insertLayout(left.indexOf(self.endButton), war)
        add = QHBoxLayout()
        # the House's characters (its Household tab lists them) offered as householders,
        # linked to their file, with their ratings (issue 27)
        self.characterCombo = QComboBox()
        self.characterCombo.setObjectName("householderCharacterCombo")
        self.characterCombo.setAccessibleName("The House's characters not yet householders")
        self.linkButton = QPushButton("Add")
        self.linkButton.setObjectName("linkCharacterButton")
        self.linkButton.setToolTip(
            "A High Householder linked to the character's file: its ratings are read from the character for Operations"
        )
        self.linkButton.clicked.connect(self.link_character)
        self.hhNameEdit = QLineEdit()
        self.hhNameEdit.setPlaceholderText("or a new Householder's name")
        self.hhNameEdit.setObjectName("householderNameEdit")
        self.hhLowCheck = QCheckBox("Low")
        self.hhAddButton = QPushButton("Add")
        self.hhAddButton.setObjectName("addHouseholderButton")
        self.hhAddButton.clicked.connect(self.add_householder)
        self.hhNameEdit.returnPressed.connect(self.add_householder)
        for w in (self.characterCombo, self.linkButton):
            add.addWidget(w)
        add2 = QHBoxLayout()
        for w in (self.hhNameEdit, self.hhLowCheck, self.hhAddButton):
            add2.addWidget(w)
        add.addLayout(add2)
        mid.addLayout(add)
        decl = QFormLayout()
        decl.setVerticalSpacing(2)
        self.directorCombo, self.ventureCombo = QComboBox(), QComboBox()
        self.targetCombo, self.againstCombo = QComboBox(), QComboBox()
        for name, w in (
            ("directorCombo", self.directorCombo),
            ("ventureCombo", self.ventureCombo),
            ("targetCombo", self.targetCombo),
            ("againstCombo", self.againstCombo),
        ):
            w.setObjectName(name)
        line = QHBoxLayout()
        for w in (self.directorCombo, self.ventureCombo, self.targetCombo, self.againstCombo):
            line.addWidget(w)
        self.declareButton = QPushButton("Declare")
        self.declareButton.setObjectName("declareButton")
        self.declareButton.clicked.connect(self.declare)
        line.addWidget(self.declareButton)
        decl.addRow("Venture", line)
        # an Operation of one week (L4917-L4981): actor, Operation, rival, target, the Venture it feeds
        self.actorCombo, self.operationCombo = QComboBox(), QComboBox()
        self.opAgainstCombo, self.opVentureCombo = QComboBox(), QComboBox()
        self.opTargetEdit, self.ratingsEdit = QLineEdit(), QLineEdit()
        self.opDiceEdit, self.opCounterEdit = QLineEdit(), QLineEdit()
        self.opSuccessCheck = QCheckBox("Encounter succeeded")
        for name, w in (
            ("actorCombo", self.actorCombo),
            ("operationCombo", self.operationCombo),
            ("opAgainstCombo", self.opAgainstCombo),
            ("opVentureCombo", self.opVentureCombo),
            ("opTargetEdit", self.opTargetEdit),
            ("ratingsEdit", self.ratingsEdit),
            ("opDiceEdit", self.opDiceEdit),
            ("opCounterEdit", self.opCounterEdit),
        ):
            w.setObjectName(name)
        self.opTargetEdit.setPlaceholderText("target Householder")
        self.ratingsEdit.setPlaceholderText("actor's ratings, e.g. charm=3 personality=2")
        self.opDiceEdit.setPlaceholderText("typed dice, or empty to roll")
        self.opCounterEdit.setPlaceholderText("counter's typed dice, or empty")
        line1, line2, line3 = QHBoxLayout(), QHBoxLayout(), QHBoxLayout()
        for w in (self.actorCombo, self.operationCombo, self.opAgainstCombo):
            line1.addWidget(w)
        self.opReputationCheck = QCheckBox("Rep. +1d")  # L4850: any related roll (issue 23)
        self.opReputationCheck.setObjectName("opReputationCheck")
        self.opReputationCheck.setToolTip(
            cite("The House spends its Reputation on this Operation's roll: +1d, once a month (L4850)")
        )
        self.opCounterReputationCheck = QCheckBox("theirs")
        self.opCounterReputationCheck.setObjectName("opCounterReputationCheck")
        self.opCounterReputationCheck.setToolTip(
            cite("The target House spends its Reputation on its counter roll: +1d, once a month (L4850)")
        )
        line1.addWidget(self.opReputationCheck)
        line1.addWidget(self.opCounterReputationCheck)
        for w in (self.opTargetEdit, self.opVentureCombo, self.ratingsEdit):
            line2.addWidget(w)
        for w in (self.opDiceEdit, self.opCounterEdit, self.opSuccessCheck):
            line3.addWidget(w)
        self.performButton = QPushButton("Perform")
        self.performButton.setObjectName("performButton")
        self.performButton.clicked.connect(self.perform)
        line3.addWidget(self.performButton)
        decl.addRow("Operation", line1)
        decl.addRow("", line2)
        decl.addRow("", line3)
        mid.addLayout(decl)
        self.vsplit.addWidget(topw)

        # ----- bottom: resolve a Venture, with its dice ---------------------------------------
        bottomw = QWidget()
        right = QHBoxLayout(bottomw)
        right.setContentsMargins(0, 0, 0, 0)
        roll = QVBoxLayout()
        shown = QVBoxLayout()
        right.addLayout(roll, 1)
        right.addLayout(shown, 1)
        form = QFormLayout()
        form.setVerticalSpacing(2)
        self.resolveCombo = QComboBox()
        self.resolveCombo.setObjectName("resolveCombo")
        self.resolveCombo.currentIndexChanged.connect(lambda *_: self._sync_pools())
        self.resolveButton = QPushButton("Resolve")
        self.resolveButton.setObjectName("resolveButton")
        self.resolveButton.clicked.connect(self.resolve)
        to_roll = QHBoxLayout()  # Resolve first in its column: it never moves as results grow
        to_roll.addWidget(self.resolveCombo, 1)
        form.addRow("To roll", to_roll)
        self.poolLabel = plain_label()
        self.poolLabel.setWordWrap(True)
        form.addRow("Pools", self.poolLabel)
        self.diceEdit, self.counterEdit = QLineEdit(), QLineEdit()
        self.diceEdit.setObjectName("ventureDiceEdit")
        self.counterEdit.setObjectName("counterDiceEdit")
        self.diceEdit.setPlaceholderText("typed dice, or empty to roll")
        self.counterEdit.setPlaceholderText("counter's typed dice, or empty")
        dice_row = QHBoxLayout()
        dice_row.addWidget(self.diceEdit)
        dice_row.addWidget(self.counterEdit)
        self.seedSpin = QSpinBox()
        self.seedSpin.setRange(0, 2147483647)
        self.seedSpin.setValue(new_seed() % 2147483647)
        self.seedSpin.setToolTip("The seed the app rolls from when no dice are typed (recorded in the roll log)")
        self.seedSpin.setAccessibleName("Seed")
        dice_row.addWidget(self.seedSpin)
        form.addRow("Dice", dice_row)
        self.reputationButton = QPushButton("Rep. +1d")
        self.reputationButton.setObjectName("reputationButton")
        self.reputationButton.setToolTip(
            "Once a month, +1d to a roll related to the House's duty or reputation (p. 174), with the Judge's approval"
        )
        self.reputationButton.clicked.connect(self.use_reputation)
        to_roll.addWidget(self.reputationButton)
        to_roll.addWidget(self.resolveButton)
        roll.addLayout(form)
        # Maintain: one trait per point of Width, chosen after the roll (L4910), in a small
        # window of its own opened by the roll (the page keeps its layout: nothing jumps)
        from PySide6.QtWidgets import QDialog

        self.maintainBox = QDialog(self)
        self.maintainBox.setWindowTitle("Maintain: the traits it spares")
        self._maintain_director, self._maintain_width = "", 0
        self.maintainBox.setObjectName("maintainBox")
        mb = QVBoxLayout(self.maintainBox)
        self.maintainLabel = plain_label()
        self.maintainLabel.setWordWrap(True)
        mb.addWidget(self.maintainLabel)
        self.maintainList = QListWidget()
        self.maintainList.setObjectName("maintainList")
        self.maintainList.setAccessibleName("Traits the Maintain spares from Degradation")
        self.maintainList.itemChanged.connect(lambda *_: self._sync_maintain_button())
        mb.addWidget(self.maintainList, 1)
        self.maintainButton = QPushButton("Spare these traits")
        self.maintainButton.setObjectName("maintainButton")
        self.maintainButton.setDefault(True)
        self.maintainButton.clicked.connect(self.choose_maintained)
        mb.addWidget(self.maintainButton)
        self.maintainOpen = QPushButton("Spare traits…")
        self.maintainOpen.setObjectName("maintainOpenButton")
        self.maintainOpen.clicked.connect(self.maintainBox.show)
        self.mentatCombo = QComboBox()  # a Mentat's Forecast (L2783), issue 23
        self.mentatCombo.setObjectName("mentatCombo")
        self.mentatCombo.setAccessibleName("The Mentat who forecasts")
        self.forecastButton = QPushButton("Forecast")
        self.forecastButton.setObjectName("forecastButton")
        self.forecastButton.setToolTip(
            cite("A Mentat's Forecast: +1 Special Die on this Venture, once a month (L2783)")
        )
        self.forecastButton.clicked.connect(self.use_forecast)
        forecast_row = QHBoxLayout()
        forecast_row.addWidget(self.mentatCombo, 1)
        forecast_row.addWidget(self.forecastButton)
        roll.addStretch(1)
        self.dice = DuelDice()
        self.dice.show_caption = False  # said as the results' first line: the roll's room for its dice
        shown.addWidget(self.dice)
        forecast_row.insertWidget(0, self.maintainOpen)  # one row: Maintain's traits, a Mentat's Forecast
        shown.addLayout(forecast_row)
        self.resultLabel = plain_label()
        self.resultLabel.setWordWrap(True)
        self.resultLabel.setObjectName("resultLabel")
        self.resultLabel.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        results = QScrollArea()  # a long result scrolls in its own place
        results.setWidgetResizable(True)
        results.setFrameShape(QFrame.Shape.NoFrame)
        said = QWidget()
        said_lay = QVBoxLayout(said)
        said_lay.setContentsMargins(0, 0, 0, 0)
        said_lay.addWidget(self.resultLabel)
        said_lay.addWidget(self.knowsLabel)
        said_lay.addStretch(1)
        results.setWidget(said)
        results.setMinimumHeight(24)
        shown.addWidget(results, 1)
        self.vsplit.addWidget(bottomw)
        self.hsplit.setStretchFactor(0, 0)
        self.hsplit.setStretchFactor(1, 1)
        leftw.setMaximumWidth(228)  # the Houses' column never takes the work's width
        self._restore_splitters()

        from landsraad.house.domain_tables import load_domain_content

        self.dc = load_domain_content()
        from landsraad.rules.readings import tooltip  # each rule's reading and page (issue 23)

        tip = Qt.ItemDataRole.ToolTipRole
        for s in self.dc.strategies:
            self.strategyCombo.addItem(s.name, s.id)
            self.strategyCombo.setItemData(self.strategyCombo.count() - 1, tooltip(s, s.text), tip)
        for v in self.dc.ventures:
            self.ventureCombo.addItem(v.name, v.id)
            self.ventureCombo.setItemData(self.ventureCombo.count() - 1, tooltip(v, v.text), tip)
        for o in self.dc.operations:
            kind = {
                "rival-high": "High",
                "rival-low": "Low",
                "own-high": "own High",
                "self": "self",
                "rival-house": "House",
                "rival-householder": "Householder",
            }[o.target]
            self.operationCombo.addItem(f"{o.name} ({kind}{', Encounter' if o.encounter else ''})", o.key)
            self.operationCombo.setItemData(self.operationCombo.count() - 1, tooltip(o, o.text), tip)
        self.ventureCombo.currentIndexChanged.connect(lambda *_: self._sync_targets())
        for combo in inner.findChildren(QComboBox):  # narrow screens: combos shrink, full text in the popup
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(5)
        for combo in (self.strategyCombo, self.warHouseCombo, self.warStateCombo, self.reportMonthCombo):
            combo.setMinimumContentsLength(3)  # the Houses' column is narrow: the popup says it whole
            combo.setMinimumWidth(0)
            combo.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        for line_edit in inner.findChildren(QLineEdit):
            line_edit.setMinimumWidth(60)
        self._fit_rows()
        make_plain(self)  # the form rows' labels too: names are never read as HTML
        doc.changed.connect(self.refresh)
        self.refresh()

    # ----- helpers -----------------------------------------------------------------------------
    @property
    def fief(self):
        return self.doc.state

    @property
    def hc(self):
        return self.doc.content

    def house(self):
        row = self.houseList.currentRow()
        houses = self.fief.houses
        return houses[row] if 0 <= row < len(houses) else None

    def _ask(self, title: str, text: str) -> bool:
        return QMessageBox.question(self, title, text) == QMessageBox.StandardButton.Yes

    def _edit(self, text: str, change, *args, **kwargs):
        """One engine edit of ``landsraad.house.turn_edits`` as one undo step (its
        ``EditResult``: true when it changed the Fief, ``.value`` the engine's return); one the
        engine refuses is said beside the roll, in the window's words (issue 27: only the
        status bar said it, naming command-line flags)."""
        from landsraad.errors import LandsraadError
        from landsraad.present.house_turn import window_words

        try:
            return self.doc.edit(text, change, *args, **kwargs)
        except LandsraadError as exc:
            message = window_words(str(exc))
            self.resultLabel.setText(f"Not done: {message}")
            self.resultLabel.setProperty("role", "reason")
            bar = getattr(self.window(), "statusBar", None)
            if callable(bar):
                bar().showMessage(message, 8000)
            return False

    # ----- actions (each one engine function, one undo step) ------------------------------------
    def decide_strategy(self) -> None:
        from landsraad.house import turn_edits as edits

        h = self.house()
        if h is None:
            return
        sid = self.strategyCombo.currentData()
        self._edit(
            f"House {h.name}: decide the {self.dc.strategy(sid).name} Strategy",
            edits.set_strategy,
            h.id,
            sid,
            self.hc,
            self.dc,
        )

    def set_public(self, on: bool) -> None:
        from landsraad.house import turn_edits as edits

        h = self.house()
        if self.syncing or h is None:
            return
        self._edit(f"House {h.name}: Strategy {'public' if on else 'secret'}", edits.set_strategy_public, h.id, on)

    def use_reputation(self) -> None:
        from landsraad.house import turn_edits as edits

        h, director = self.house(), self.resolveCombo.currentData()
        if h is None or not director:
            return
        self._edit(
            f"House {h.name}: Reputation +1d to {director}'s Venture",
            edits.use_fact,
            h.id,
            "reputation",
            director=director,
            hc=self.hc,
            dc=self.dc,
        )

    def link_character(self) -> None:
        """The chosen character of the House as a High Householder linked to its file
        (``link_householder``, the engine edit ``house householder --character`` runs): what
        its House-trait advantages add is recorded in the Fief, so the Scores in play count it
        whichever files are open (issue 23's arithmetic, issue 27's control)."""
        from landsraad.errors import LandsraadError
        from landsraad.house import turn_edits as edits
        from landsraad.household import link_record

        h, pick = self.house(), self.characterCombo.currentData()
        if h is None or not pick:
            return
        name, path, _ratings = pick
        if not path:
            return
        try:
            r = link_record(path)
        except LandsraadError as exc:
            self.resultLabel.setText(f"Not done: {exc}")
            return
        self._edit(
            f"House {h.name}: {r['name']} as householder",
            edits.link_householder,
            h.id,
            r["name"],
            r["character"],
            r["adds"],
            r["sources"],
            r["stamp"],
        )

    def choose_maintained(self) -> None:
        from landsraad.house import turn_edits as edits

        h, director = self.house(), self._maintain_director
        if h is None or not director:
            return
        traits = [
            self.maintainList.item(i).data(Qt.ItemDataRole.UserRole)
            for i in range(self.maintainList.count())
            if self.maintainList.item(i).checkState() == Qt.CheckState.Checked
        ]
        names = ", ".join(
            self.maintainList.item(i).text()
            for i in range(self.maintainList.count())
            if self.maintainList.item(i).checkState() == Qt.CheckState.Checked
        )
        self._edit(
            f"{director}'s Maintain spares {names or 'nothing'}",
            edits.choose_maintained,
            h.id,
            director,
            traits,
            self.hc,
            self.dc,
        )

    def _checked_traits(self) -> int:
        return sum(
            1
            for i in range(self.maintainList.count())
            if self.maintainList.item(i).checkState() == Qt.CheckState.Checked
        )

    def _sync_maintain_button(self) -> None:
        width = self._maintain_width
        n = self._checked_traits()
        self.maintainButton.setEnabled(n == width)
        self.maintainButton.setToolTip(
            self.maintainLabel.text()
            if n == width
            else f"Tick {width} trait{'s' if width != 1 else ''}: one per point of Width ({cite('L4910')}); {n} ticked"
        )

    def _sync_maintain(self, h) -> None:
        """After a Maintain's roll: one trait per point of Width to tick (L4910); hidden otherwise."""
        rec = next(
            (
                r
                for r in (h.domain.ventures if h else [])
                if self.dc.venture(r.venture).effect == "maintain"
                and r.resolved
                and r.width
                and len(r.maintain) < r.width
            ),
            None,
        )
        self.maintainOpen.setVisible(rec is not None)
        if rec is None:
            self.maintainBox.hide()
            self._maintain_director, self._maintain_width = "", 0
            return
        self._maintain_director = rec.director
        self._maintain_width = rec.width
        self.maintainLabel.setText(
            f"{rec.director}'s Maintain, Width {rec.width}: choose {rec.width} "
            f"trait{'s' if rec.width != 1 else ''} spared from Degradation this month "
            f"({cite('L4910')})"
        )
        self.maintainList.setToolTip(self.maintainLabel.text())
        self.maintainButton.setText(f"Spare these {rec.width}")
        self.maintainOpen.setText(f"Spare {rec.width}…")
        self.maintainOpen.setToolTip(self.maintainLabel.text())
        self.resultLabel.setText(self.maintainLabel.text() + "\n" + self.resultLabel.text())
        self.maintainList.blockSignals(True)
        self.maintainList.clear()
        for t in self.hc.traits:
            item = QListWidgetItem(t.name)
            item.setData(Qt.ItemDataRole.UserRole, t.id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if t.id in rec.maintain else Qt.CheckState.Unchecked)
            self.maintainList.addItem(item)
        self.maintainList.blockSignals(False)
        self._sync_maintain_button()

    # ----- room: splitters kept, three rows of every list ------------------------------------
    SPLITTERS = (("houseTurn/houses", "hsplit", [228, 800]), ("houseTurn/work", "vsplit", [300, 150]))

    def _restore_splitters(self) -> None:
        from landsraad.gui.mainwindow import settings

        s = settings()
        for key, attr, default in self.SPLITTERS:
            sp = getattr(self, attr)
            raw = s.value(key)
            sizes = [int(x) for x in raw] if isinstance(raw, list) and all(str(x).isdigit() for x in raw) else default
            sp.setSizes(sizes if len(sizes) == sp.count() else default)
            sp.splitterMoved.connect(lambda *_, key=key, sp=sp: settings().setValue(key, sp.sizes()))

    def _fit_rows(self) -> None:
        """Three rows of each list in sight (issue 27: the turn had one at 1280x720)."""
        from landsraad.gui.widgets import show_rows

        for view in (self.houseList, self.hhTable):
            show_rows(view, 3)

    def showEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        self._fit_rows()  # again, with the window's stylesheet applied

    def use_forecast(self) -> None:
        from landsraad.house import turn_edits as edits

        h, director, mentat = self.house(), self.resolveCombo.currentData(), self.mentatCombo.currentText()
        if h is None or not director or not mentat:
            return
        self._edit(f"House {h.name}: {mentat} forecasts {director}'s Venture", edits.forecast, h.id, director, mentat)

    def add_householder(self) -> None:
        from landsraad.house import turn_edits as edits

        h, name = self.house(), self.hhNameEdit.text().strip()
        if h is None or not name:
            return
        rank = "low" if self.hhLowCheck.isChecked() else "high"
        if self._edit(f"House {h.name}: add {name}", edits.add_householder, h.id, name, rank):
            self.hhNameEdit.clear()

    def declare_war(self) -> None:
        """A War of Assassins or Kanly with the rival chosen, or its end (L38-L42): one undo step."""
        from landsraad.house import turn_edits as edits

        h, rival, state = self.house(), self.warHouseCombo.currentData(), self.warStateCombo.currentData()
        if h is None or rival is None:
            return
        self._edit(
            f"House {h.name}: {self.warStateCombo.currentText()} with House {self.fief.house(rival).name}",
            edits.set_legal,
            h.id,
            rival,
            state,
            self.dc,
        )

    def declare(self) -> None:
        from landsraad.house import turn_edits as edits

        h = self.house()
        if h is None or not self.directorCombo.currentText():
            return
        director, vid = self.directorCombo.currentText(), self.ventureCombo.currentData()
        target, against = self.targetCombo.currentData(), self.againstCombo.currentData()
        self._edit(
            f"{director} directs {self.dc.venture(vid).name}",
            edits.declare_venture,
            h.id,
            vid,
            director,
            target=target,
            against=against,
            hc=self.hc,
            dc=self.dc,
        )

    def resolve(self) -> None:
        from landsraad.house import turn_edits as edits

        h = self.house()
        director = self.resolveCombo.currentData()
        if h is None or not director:
            return
        dice = self.diceEdit.text().strip() or None
        counter = self.counterEdit.text().strip() or None
        seed = None if dice else self.seedSpin.value()
        cseed = None if counter else (self.seedSpin.value() + 1) % 2147483647
        rec = h.domain.venture_of(director)
        if rec is not None and not self.dc.venture(rec.venture).opposed:
            counter, cseed = None, None
        if self._edit(
            f"Resolve {director}'s {self.dc.venture(rec.venture).name if rec else 'Venture'}",
            edits.resolve_venture,
            h.id,
            director,
            dice=dice,
            seed=seed,
            against_dice=counter,
            against_seed=cseed,
            hc=self.hc,
            dc=self.dc,
        ):
            self.diceEdit.clear()
            self.counterEdit.clear()
            self.seedSpin.setValue(new_seed() % 2147483647)
            self.show_result(h.id, director)
            if self._maintain_director == director:  # a Maintain rolled: its traits are chosen now
                self.maintainBox.show()
                self.maintainBox.raise_()

    def perform(self) -> None:
        from landsraad.errors import ChoiceError
        from landsraad.gui.plain import warn
        from landsraad.house import turn_edits as edits
        from landsraad.house.operation_input import parse_ratings

        h = self.house()
        actor = self.actorCombo.currentText()
        if h is None or not actor:
            return
        o = self.dc.operation(self.operationCombo.currentData())
        against = self.opAgainstCombo.currentData()
        target = self.opTargetEdit.text().strip() or None
        venture = self.opVentureCombo.currentData()
        try:  # the command line's reading of NAME=N: a typo is said, never dropped
            ratings = parse_ratings(self.ratingsEdit.text())
        except ChoiceError as exc:
            warn(self, "Operation", str(exc))
            return
        dice = self.opDiceEdit.text().strip() or None
        counter = self.opCounterEdit.text().strip() or None
        seed = None if dice else self.seedSpin.value()
        cseed = None if (counter or not o.counter) else (self.seedSpin.value() + 1) % 2147483647
        success = self.opSuccessCheck.isChecked() if o.encounter else None

        named = o.target in ("rival-high", "rival-low", "rival-householder", "own-high")
        done = self._edit(
            f"{actor}: {o.name}",
            edits.operation_with_household,
            h.id,
            actor,
            o.key,
            ratings=ratings,
            new_target_house=(h.id if o.target == "own-high" else against) if named else None,
            new_target_rank="low" if o.target == "rival-low" else "high",
            against=against,
            target=target,
            venture=venture,
            dice=None if o.encounter else dice,
            seed=None if o.encounter else seed,
            against_dice=None if o.encounter else counter,
            against_seed=None if o.encounter else cseed,
            success=success,
            encounter="recorded in the window" if o.encounter else "",
            hc=self.hc,
            dc=self.dc,
            reputation=self.opReputationCheck.isChecked(),
            against_reputation=self.opCounterReputationCheck.isChecked(),
        )
        if done:
            self.opReputationCheck.setChecked(False)
            self.opCounterReputationCheck.setChecked(False)
            self.opDiceEdit.clear()
            self.opCounterEdit.clear()
            self.seedSpin.setValue(new_seed() % 2147483647)
            op = done.value  # the Operation's record, as the engine made it
            from landsraad.present.house_turn import reveals_text, venture_ref_text

            learnt = reveals_text(op.reveals, self.fief, self.hc, self.dc)
            self.resultLabel.setText(
                f"Week {op.week}, {o.name} by {op.actor}: {cite(op.reason)}"
                + (f"; {op.bonus:+d}d to {venture_ref_text(op.venture, self.fief, self.dc)}" if op.bonus else "")
                + (f"\nLearnt: {learnt}" if learnt else "")
            )

    def month_log_text(self, month: int) -> str:
        """The turn log of ``month``, one line per entry, in its own words (issue 27: the
        Rolls dock showed timestamps and cut the rest)."""
        from landsraad.house.calendar import date_of
        from landsraad.rules.readings import plain_words

        names = {h.id: h.name for h in self.fief.houses}
        lines = [date_of(month, self.dc.calendar.months_per_year).label]
        for e in self.fief.turn:
            if e.month == month:
                who = f"House {names[e.house]}: " if e.house in names and names[e.house] not in e.text else ""
                lines.append(f"• {who}{plain_words(e.text)}")
        return "\n".join(lines) if len(lines) > 1 else lines[0] + "\nNothing logged yet."

    def show_log(self) -> None:
        from PySide6.QtWidgets import QDialog, QPlainTextEdit

        month = self.reportMonthCombo.currentData() or self.fief.month
        if getattr(self, "logDialog", None) is None:
            self.logDialog = QDialog(self)
            self.logDialog.setObjectName("monthLogDialog")
            lay = QVBoxLayout(self.logDialog)
            self.logText = QPlainTextEdit()
            self.logText.setReadOnly(True)
            lay.addWidget(self.logText)
            self.logDialog.resize(640, 400)
        self.logDialog.setWindowTitle(f"Turn log: month {month}")
        self.logText.setPlainText(self.month_log_text(month))
        self.logDialog.show()
        self.logDialog.raise_()

    def report_month(self) -> int:
        """The month the report prints: this one once anything is declared, else the last."""
        f = self.fief
        busy = any(h.domain.ventures or h.domain.operations for h in f.houses)
        return f.month if busy or f.month == 1 else f.month - 1

    def export_month(self, path: str | None = None) -> bool:
        """The one-page month report: every House, Venture, Operation and result."""
        month = self.reportMonthCombo.currentData() or self.report_month()
        if not path:
            from PySide6.QtWidgets import QFileDialog

            from landsraad.gui.file_dialogs import remember_folder, start_path

            path, _ = QFileDialog.getSaveFileName(
                self, f"Export the House turn of month {month} as PDF", start_path(f"month-{month}.pdf"), "PDF (*.pdf)"
            )
            remember_folder(path)
        if not path:
            return False
        from landsraad.sheets import export_month  # reportlab: not at start-up

        try:
            export_month(self.fief, path, month=month)
        except Exception as exc:  # noqa: BLE001 - report, never crash the table's session
            QMessageBox.warning(self, "Cannot export", str(exc))
            return False
        return True

    def end_month(self) -> None:
        from landsraad.house import turn_edits as edits

        m = self.fief.month
        if not self.confirm(f"End month {m}", self._degradation_text() + "\n\nEnd the month now?"):
            return
        self._edit(f"End month {m}", edits.end_month, self.hc, self.dc)

    # ----- showing -------------------------------------------------------------------------------
    def show_result(self, house_id: str, director: str) -> None:
        from landsraad.house import counter as ore

        h = self.fief.house(house_id)
        rec = h.domain.venture_of(director) if h else None
        if rec is None or rec.roll is None:
            self.dice.set_dice("", [])
            self.resultLabel.setText(rec.reason if rec else "")
            return
        res = ore.oppose(rec.roll.faces, rec.counter.faces if rec.counter else None)
        mine = chosen_faces(res.chosen, rec.roll.faces)
        rows = [("Roll", rec.roll.faces, mine, res.gobbled, GOLD)]
        if rec.counter is not None:
            theirs = {res.counter.height} if res.counter else set()
            rows.append(("Counter", rec.counter.faces, theirs, 0, RED))
        v = self.dc.venture(rec.venture)
        self.dice.set_dice(
            f"{v.name} by {rec.director}: Width {rec.width}" + (f" × Height {rec.height}" if rec.height else ""), rows
        )
        from landsraad.present.house import deltas_text
        from landsraad.present.house_turn import reveals_text

        names = {x.id: x.name for x in self.fief.houses}
        changes = "; ".join(f"House {names.get(k, k)} {deltas_text(ch, self.hc)}" for k, ch in rec.changes.items())
        learnt = reveals_text(rec.reveals, self.fief, self.hc, self.dc)
        self.resultLabel.setText(
            self.dice.caption
            + "\n"
            + cite(rec.reason)
            + (f"\nAt the month's end: {changes}" if changes else "")
            + (f"\nLearnt: {learnt}" if learnt else "")
        )

    def _degradation_text(self) -> str:
        from landsraad.house.domain import degradation_preview

        preview = degradation_preview(self.fief, self.hc, self.dc)
        names = {h.id: h.name for h in self.fief.houses}
        lines = [
            f"House {names[k]}: " + ", ".join(f"{t.capitalize()} {d:+d}" for t, d in v.items())
            for k, v in preview.items()
            if v
        ]
        return f"Degradation next month ({cite('L4905')}):\n" + ("\n".join(lines) if lines else "none")

    def refresh(self) -> None:
        self.syncing = True
        try:
            self._refresh()
        finally:
            self.syncing = False

    def _refresh(self) -> None:
        from landsraad.house.calendar import date_of

        fief = self.fief
        date = date_of(fief.month, self.dc.calendar.months_per_year)
        self.monthLabel.setText(date.label)
        self.monthLabel.setToolTip(
            f"Month {fief.month} of play; a Guild Year has {self.dc.calendar.months_per_year} months ({cite('L4883')})"
        )
        row = max(self.houseList.currentRow(), 0)
        self.houseList.blockSignals(True)
        self.houseList.clear()
        for h in fief.houses:
            d = h.domain
            st = self.dc.strategy(d.strategy).name
            pend = (
                f" → {self.dc.strategy(d.pending_strategy).name} (month {d.pending_from})" if d.pending_strategy else ""
            )
            self.houseList.addItem(f"{h.name}: {st}{pend}")
            self.houseList.item(self.houseList.count() - 1).setToolTip(f"House {h.name}: {st}{pend}")
        if fief.houses:
            self.houseList.setCurrentRow(min(row, len(fief.houses) - 1))
        self.houseList.blockSignals(False)
        whole = self._degradation_text()
        self.degradationLabel.setToolTip(whole)
        lines = [x for x in whole.split("\n")[1:] if x != "none"]
        # one line on the page (each House in the tooltip, and again before the month ends)
        self.degradationLabel.setText(
            "Degradation: "
            + (lines[0].removeprefix("House ") if len(lines) == 1 else f"{len(lines)} Houses" if lines else "none")
        )
        self.endButton.setToolTip(whole)
        keep = self.opVentureCombo.currentData()
        self.opVentureCombo.clear()
        self.opVentureCombo.addItem("(no Venture)", None)
        for h in fief.houses:
            for rec in h.domain.ventures:
                if not rec.resolved:
                    self.opVentureCombo.addItem(
                        f"{h.name}: {rec.director}'s {self.dc.venture(rec.venture).name}", f"{h.id}:{rec.director}"
                    )
        self.opVentureCombo.setCurrentIndex(max(self.opVentureCombo.findData(keep), 0))
        keep = self.reportMonthCombo.currentData()
        months = list(range(1, fief.month + 1))
        self.reportMonthCombo.clear()
        for m in months:
            d = date_of(m, self.dc.calendar.months_per_year)
            self.reportMonthCombo.addItem(d.label, m)
            self.reportMonthCombo.setItemData(
                self.reportMonthCombo.count() - 1,
                f"Month {m} of play" + (", this month" if m == fief.month else ""),
                Qt.ItemDataRole.ToolTipRole,
            )
        i = self.reportMonthCombo.findData(keep if keep in months else self.report_month())
        self.reportMonthCombo.setCurrentIndex(max(i, 0))
        self._sync_targets()
        self._sync_house()

    def _sync_targets(self) -> None:
        v = self.dc.venture(self.ventureCombo.currentData()) if self.ventureCombo.currentData() else None
        self.targetCombo.clear()
        traits = list(v.target_traits) if v else []
        maintain = v is not None and v.effect == "maintain"
        if maintain:  # chosen after the roll, one per point of Width (L4910)
            self.targetCombo.addItem("traits after the roll", None)
        elif not traits:
            self.targetCombo.addItem("no trait", None)
        names = {t.id: t.name for t in self.hc.traits}
        for t in traits if not maintain else ():
            self.targetCombo.addItem(names[t], t)
        self.targetCombo.setEnabled(self.targetCombo.count() > 1)
        self.targetCombo.setToolTip(
            ""
            if self.targetCombo.isEnabled()
            else f"Maintain chooses one trait per point of Width after its roll ({cite('L4910')})"
            if maintain
            else "This Venture names no trait"
        )
        self.againstCombo.setEnabled(bool(v and (v.opposed or v.effect in ("reveal-strategy", "surveil"))))
        self.againstCombo.setToolTip("" if self.againstCombo.isEnabled() else "This Venture has no rival")

    def _fill_rivals(self, h) -> None:
        """The rival combos offer every House but this one (issue 27)."""
        for combo in (self.againstCombo, self.opAgainstCombo):
            keep = combo.currentData()
            combo.clear()
            combo.addItem("no rival", None)
            for x in self.fief.houses:
                if h is None or x.id != h.id:
                    combo.addItem(f"against {x.name}", x.id)
            combo.setCurrentIndex(max(combo.findData(keep), 0))

    def _fill_characters(self, h) -> None:
        """The House's characters open in the session (its Household tab lists them) that are
        not householders yet, each with the ratings of its sheet."""
        self.characterCombo.clear()
        taken = {x.name.casefold() for x in h.domain.householders} if h else set()
        unsaved = []
        for name, path, ratings in getattr(self.doc, "characters", {}).get(h.id, ()) if h else ():
            if name.casefold() in taken:
                continue
            if path:
                self.characterCombo.addItem(name, (name, path, ratings))
            else:
                unsaved.append(name)
        self.characterCombo.setEnabled(self.characterCombo.count() > 0)
        self.linkButton.setEnabled(self.characterCombo.count() > 0)
        reason = (
            ""
            if self.characterCombo.count()
            else (
                f"Save {', '.join(unsaved)} first: a householder is linked to the character's file"
                if unsaved
                else "No open character of this House left to add: open a character whose House is this one"
            )
        )
        self.characterCombo.setToolTip(reason)
        self.linkButton.setToolTip(
            reason
            or "A High Householder linked to the character's file: its ratings "
            "are read from the character for Operations"
        )

    def _sync_house(self) -> None:
        from landsraad.house.ventures import acting_pool
        from landsraad.present.house_turn import knowledge_text

        h = self.house()
        self.hhTable.setRowCount(0)
        self.directorCombo.clear()
        self.actorCombo.clear()
        self.resolveCombo.blockSignals(True)
        self.resolveCombo.clear()
        self._fill_rivals(h)
        self._fill_characters(h)
        if h is None:
            self.resolveCombo.blockSignals(False)
            self._sync_maintain(None)
            return
        d = h.domain
        st = self.dc.strategy(d.strategy)
        self.strategyLabel.setText(
            f"Strategy: {st.name}"
            + (f" (+1d {st.trait.capitalize()})" if st.trait else "")
            + (
                f"; {self.dc.strategy(d.pending_strategy).name} from month {d.pending_from}"
                if d.pending_strategy
                else ""
            )
        )
        self.publicCheck.setChecked(d.strategy_public)
        known = [knowledge_text(k, self.fief, self.hc, self.dc) for k in d.knowledge[-4:]]
        self.knowsLabel.setText("Knows: " + ("; ".join(known) if known else "nothing of its rivals yet"))
        names = {x.id: x.name for x in self.fief.houses}
        wars = [
            f"{'Kanly' if st == 'kanly' else 'War of Assassins'} with {names.get(k, k)}" for k, st in d.legal.items()
        ]
        # one line on the page; what it means in the tooltip
        self.warLabel.setText("At war: " + ("; ".join(wars) if wars else "none"))
        self.warLabel.setToolTip(
            cite(
                "The only legal forms of conflict against noble blood (L38-L42, L774, L4929); "
                "outside them the act is flagged, the consequences are the Judge's"
            )
            + (
                ""
                if wars
                else "\nAt peace: Attack, Appropriate, Assassinate and Kidnap of a High Householder are flagged"
            )
        )
        keep = self.warHouseCombo.currentData()
        self.warHouseCombo.blockSignals(True)
        self.warHouseCombo.clear()
        for other in self.fief.houses:
            if other.id != h.id:
                self.warHouseCombo.addItem(other.name, other.id)
        self.warHouseCombo.setCurrentIndex(max(0, self.warHouseCombo.findData(keep)))
        self.warHouseCombo.blockSignals(False)
        self.warButton.setEnabled(self.warHouseCombo.count() > 0)
        from landsraad.house.domain import standing_facts

        self.reputationButton.setEnabled(
            any(f["fact"] == "reputation" and f["available"] for f in standing_facts(self.fief, h, self.hc, self.dc))
            and not any(r.reputation for r in d.ventures)
        )
        keep_mentat = self.mentatCombo.currentText()
        self.mentatCombo.clear()
        for hh in d.householders:
            if hh.status == "active":
                self.mentatCombo.addItem(hh.name)
        self.mentatCombo.setCurrentIndex(max(0, self.mentatCombo.findText(keep_mentat)))
        done = any(r.special for r in d.ventures)
        self.forecastButton.setEnabled(
            self.mentatCombo.count() > 0 and not done and any(not r.resolved for r in d.ventures)
        )
        self.forecastButton.setToolTip(
            cite(
                "A Mentat's Forecast: once a month, +1 Special Die on a House Venture "
                "not yet rolled (L2783)" + (" (used this month)" if done else "")
            )
        )
        i = self.strategyCombo.findData(d.pending_strategy or d.strategy)
        self.strategyCombo.setCurrentIndex(max(i, 0))
        red = QColor(RED)
        trait_names = {t.id: t.name for t in self.hc.traits}
        for hh in d.householders:
            r = self.hhTable.rowCount()
            self.hhTable.insertRow(r)
            rec = d.venture_of(hh.name) if hh.rank == "high" else None
            venture, pool, failed = "", "", ""
            if rec is not None:
                v = self.dc.venture(rec.venture)
                venture = (
                    v.name
                    + (f" → {self.fief.house(rec.against).name}" if rec.against else "")
                    + (f" {trait_names.get(rec.target, rec.target)}" if rec.target else "")
                )
                if rec.resolved:
                    venture += f": Width {rec.width}" if rec.width else ": fails"
                    failed = rec.reason if not rec.width else ""
                pool = str(acting_pool(self.fief, h, rec, self.hc, self.dc).dice)
            ops = {op.week: op for op in d.operations if op.actor == hh.name}
            cells = [
                hh.name
                + ("" if hh.rank == "high" else " (Low)")
                + ("" if hh.status == "active" else f" ({hh.status})")
                + (" · linked" if hh.character else ""),
                venture,
                pool,
            ]
            for w in (1, 2, 3, 4):
                op = ops.get(w)
                cells.append(
                    self.dc.operation(op.operation).name + (" ✗" if op.width == 0 else "")
                    if op
                    else ("—" if hh.rank == "high" else "")
                )
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                tip = ""
                if c == 1 and failed:
                    tip = f"Failed: {cite(failed)}"
                elif c >= 3 and ops.get(c - 2) is not None:
                    op = ops[c - 2]
                    tip = ("Failed: " if op.width == 0 else "") + cite(op.reason or "")
                elif c == 0 and hh.character:
                    tip = f"Linked to {hh.character}"
                if tip:
                    item.setToolTip(tip)
                if (c == 1 and failed) or (c >= 3 and ops.get(c - 2) is not None and ops[c - 2].width == 0):
                    item.setForeground(red)  # a failure is seen on its row, not only in the status bar
                self.hhTable.setItem(r, c, item)
            if hh.rank == "high" and hh.status == "active" and rec is None:
                self.directorCombo.addItem(hh.name)
            if hh.rank == "high" and hh.status == "active":
                self.actorCombo.addItem(hh.name)
        for rec in d.ventures:
            if not rec.resolved:
                self.resolveCombo.addItem(f"{rec.director}: {self.dc.venture(rec.venture).name}", rec.director)
        self.resolveCombo.blockSignals(False)
        done = [r for r in d.ventures if r.resolved]
        if done:
            self.show_result(h.id, done[-1].director)
        else:
            self.dice.set_dice("", [])
            self.resultLabel.setText("")
        self._sync_maintain(h)
        no_high = "Add a High Householder first: each directs one Venture and four weekly Operations"
        from landsraad.house.ventures import declare_refusal

        late = declare_refusal(self.fief, h, self.dc)  # Ventures are declared before any roll (L4898)
        self.declareButton.setEnabled(self.directorCombo.count() > 0 and not late)
        self.declareButton.setToolTip(
            cite(late)
            if late
            else no_high
            if not any(x.rank == "high" for x in d.householders)
            else "Every High Householder directs a Venture this month"
            if not self.directorCombo.count()
            else cite("Declare a Venture for this month: every Venture is declared before any roll (L4898)")
        )
        self.performButton.setEnabled(self.actorCombo.count() > 0)
        self.performButton.setToolTip("" if self.actorCombo.count() else no_high)
        self.resolveButton.setEnabled(self.resolveCombo.count() > 0)
        self.resolveButton.setToolTip("" if self.resolveCombo.count() else "No declared Venture left to roll")
        self._sync_pools()

    def _sync_pools(self) -> None:
        from landsraad.house.ventures import acting_pool, counter_pool, difficulty

        h = self.house()
        director = self.resolveCombo.currentData()
        rec = h.domain.venture_of(director) if (h and director) else None
        if rec is None:
            self.poolLabel.setText("no Venture to roll")
            return
        v = self.dc.venture(rec.venture)
        pool = acting_pool(self.fief, h, rec, self.hc, self.dc)
        text = f"{pool.dice} dice: " + " + ".join(w for w, _ in pool.parts)
        diff = difficulty(self.fief, h, rec, self.hc, self.dc)
        if diff:
            text += f", Difficulty {diff}"
        if v.opposed and rec.against:
            rival = self.fief.house(rec.against)
            cp = counter_pool(self.fief, rival, v.counter, self.hc, self.dc)
            text += f"\ncounter of House {rival.name}: {cp.dice} dice: " + " + ".join(w for w, _ in cp.parts)
        self.poolLabel.setText(text)
        self.counterEdit.setEnabled(v.opposed)
