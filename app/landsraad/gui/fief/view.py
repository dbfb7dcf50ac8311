"""The Siridar Fief and its Houses, guided: the 11d10 of the system shown as dice in sets
and waste, bodies and Territories with their terrain, Houses placed on Territories, each
House's history roll with its events and choices, the seven Trait Scores and Ratings of
every House side by side, and a drawing of the system.

All numbers come from the House engine (``landsraad.house``); every edit is a
``Document.edit`` (one QUndoCommand).  The panels (places, Houses, events) are mixins
in their own modules; this module holds the view, the system roll, the scores and findings.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QComboBox, QHeaderView, QStyledItemDelegate, QWidget

from landsraad.dice import new_seed
from landsraad.errors import LandsraadError
from landsraad.gui.documents import Document
from landsraad.gui.fief.dice import DiceWidget
from landsraad.gui.fief.drawing import SystemDrawing
from landsraad.gui.fief.events import EventsPanel
from landsraad.gui.fief.houses import HousesPanel
from landsraad.gui.fief.places import PlacesPanel
from landsraad.gui.models import Row, RowsListModel, RowsTableModel, TreeModel
from landsraad.gui.resources import setup_form
from landsraad.gui.widgets import Syncing, compact, full_text_tooltips, show_rows
from landsraad.house import edits
from landsraad.house.fief import creation_roll, habitable_planets, minor_houses_needed, read_body, total_territories
from landsraad.house.place_names import place_names
from landsraad.present import character as P
from landsraad.present.findings import counts_text
from landsraad.present.house import deltas_text

SCORES_WIDTH_STEP = 40  # px: the scores table's minimum width shrinks when it is this much too wide


def widest_texts(view, rows, columns: int) -> list[int]:
    """The width of the widest text of each column of ``rows`` in ``view``'s font (bold rows
    in bold): what a header in ResizeToContents would fit, measured without asking the model."""
    fm = view.fontMetrics()
    bold_font = view.font()
    bold_font.setBold(True)
    bold = QFontMetrics(bold_font)
    widths = [0] * columns
    for row in rows:
        metrics = bold if row.bold else fm
        for col, text in enumerate(row.cells[:columns]):
            if text:
                w = metrics.horizontalAdvance(text)
                if w > widths[col]:
                    widths[col] = w
    return widths


def fit_columns(view, model, again: bool = False) -> None:
    """Each column of ``view`` (a tree over a ``TreeModel``) as wide as its widest text, like
    a header in ResizeToContents; measured again only when a column's widest text changed,
    not at every edit (a header in ResizeToContents measures every row at each dataChanged)."""
    rows = [r for g, group in enumerate(model.groups) for r in [group] + model.children[g]]
    widths = widest_texts(view, rows, model.columnCount())
    last = getattr(view, "_fitted_widths", None)
    stretched = len(widths) - 1 if view.header().stretchLastSection() else -1  # the header sizes that one
    for col, w in enumerate(widths):
        if col != stretched and (again or last is None or col >= len(last) or last[col] != w):
            view.resizeColumnToContents(col)
    view._fitted_widths = widths


class IconOnlyDelegate(QStyledItemDelegate):
    """A cell drawn as its icon alone; its text stays the model's (tooltip, screen reader)."""

    def initStyleOption(self, option, index) -> None:  # noqa: N802 - Qt's name
        super().initStyleOption(option, index)
        option.text = ""


class FiefView(PlacesPanel, HousesPanel, EventsPanel, Syncing, QWidget):
    def __init__(self, doc: Document, parent=None):
        super().__init__(parent)
        self.doc = doc
        self.ui = setup_form("fief", self)
        self.setObjectName("fiefView")
        ui = self.ui
        self.dice = DiceWidget("System roll dice")
        ui.diceHolderLayout.addWidget(self.dice)
        self.drawing = SystemDrawing(doc)
        ui.drawingLayout.addWidget(self.drawing)
        ui.seedSpin.setValue(new_seed() % 2147483647)
        ui.historySeedSpin.setValue(new_seed() % 2147483647)
        # models
        self.bodies = TreeModel(["Body / Territory", "Die", "Reads as", "Terrain", "Houses"], self)
        ui.bodiesView.setModel(self.bodies)
        # columns as wide as their text, fitted by fit_columns when a width changes: a header
        # in ResizeToContents measures every row again at each dataChanged (issue 15)
        ui.bodiesView.header().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        ui.bodiesView.setUniformRowHeights(True)  # one line each: no row measured at an edit
        ui.bodiesView.selectionModel().currentChanged.connect(lambda *_: self._sync_place_editor())
        self.terrain = RowsListModel(self, check_handler=self._toggle_terrain)
        ui.terrainList.setModel(self.terrain)
        self.houses = RowsListModel(self)
        ui.housesView.setModel(self.houses)
        ui.housesView.selectionModel().currentChanged.connect(lambda *_: self._sync_house_editor())
        self.history = self._make_history_panel()  # every event of the House at once (issue 15)
        names = [t.name for t in doc.content.traits]
        # the traits by their first three letters, as the history panel heads them, the whole
        # name in the header's tooltip: the scores leave the findings beside them room (issue 15)
        self.scores = RowsTableModel(["House"] + [n[:3] for n in names], self, header_tips=["House"] + names)
        ui.scoresBox.setTitle("Trait Scores in play (Ratings) of every House")
        ui.scoresView.setModel(self.scores)
        ui.scoresView.verticalHeader().hide()
        ui.scoresView.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        ui.scoresView.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        ui.scoresView.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        ui.scoresView.setToolTip(
            "Each cell: Score (Rating), the House engine's numbers; hover a row for where they come from"
        )
        # the steps as tabs over the scores and findings, which stay in sight on every tab:
        # the window fits 1280x720 with three rows of every list (issue 15)
        ui.outerSplitter.setStretchFactor(0, 3)
        ui.outerSplitter.setStretchFactor(1, 1)
        ui.outerSplitter.setSizes([600, 220])
        ui.mainSplitter.setSizes([480, 620])
        # the Houses, then the history of the selected one: at 1280 px the Houses' column keeps
        # ~300 px, room for "Territory: Thyca mainland" whole (issue 15)
        ui.houseSplitter.setSizes([300, 700])
        ui.houseSplitter.setStretchFactor(0, 0)  # a wider window widens the history
        ui.houseSplitter.setStretchFactor(1, 1)
        ui.bottomSplitter.setSizes([640, 560])
        # the severity as its icon alone (its word in the tooltip and the accessible text): the
        # message takes the width at 1280 px (issue 15: "Siridar …" in a narrow column)
        self.findings = RowsTableModel(["", "Where", "Message"], self, header_tips=["Severity", "Where", "Message"])
        ui.findingsView.setModel(self.findings)
        ui.findingsView.verticalHeader().hide()
        fh = ui.findingsView.horizontalHeader()
        ui.findingsView.setItemDelegateForColumn(0, IconOnlyDelegate(ui.findingsView))
        fh.setSectionResizeMode(0, QHeaderView.ResizeMode.Fixed)
        fh.resizeSection(0, ui.findingsView.iconSize().width() + 24 if ui.findingsView.iconSize().width() > 0 else 40)
        fh.setSectionResizeMode(1, QHeaderView.ResizeMode.Interactive)
        fh.resizeSection(1, 90)
        ui.findingsView.setColumnHidden(1, True)  # each message names its place; the room goes to the message
        fh.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        ui.findingsView.activated.connect(lambda idx: self.open_finding(self.findings.payload(idx.row())))
        from landsraad.gui.house_turn import attach_house_turn  # the monthly House turn (issue 18)

        self.house_turn = attach_house_turn(doc, self._edit, ui.bottomSplitter, ui.scoresBox, ui.fiefTabs)
        # editors
        ui.fiefNameEdit.textEdited.connect(lambda t: self._edit_fief("name", t))
        ui.majorEdit.textEdited.connect(lambda t: self._edit_fief("house_major", t))
        ui.rollButton.clicked.connect(self.roll_seeded)
        ui.typedButton.clicked.connect(self.roll_typed)
        ui.typedEdit.returnPressed.connect(self.roll_typed)
        ui.placeNameEdit.textEdited.connect(self._rename_place)
        ui.controllerCombo.activated.connect(self._set_controller)
        ui.circlesCombo.activated.connect(self._set_circles)
        ui.arcologyCombo.activated.connect(self._set_arcology)
        ui.addHouseButton.clicked.connect(self.add_house)
        ui.newHouseEdit.returnPressed.connect(self.add_house)
        ui.removeHouseButton.clicked.connect(self.remove_house)
        ui.houseNameEdit.textEdited.connect(self._rename_house)
        ui.playerCheck.toggled.connect(self._set_player)
        ui.territoryCombo.activated.connect(self._set_territory)
        ui.predominantCombo.activated.connect(self._set_predominant)
        ui.historyRollButton.clicked.connect(self.roll_history_seeded)
        ui.historyTypedButton.clicked.connect(self.roll_history_typed)
        ui.historyTypedEdit.returnPressed.connect(self.roll_history_typed)
        ui.foundingCombo.activated.connect(self._set_founding)
        for combo in self.findChildren(QComboBox):
            compact(combo)
        ui.mainSplitter.setStretchFactor(0, 3)
        ui.mainSplitter.setStretchFactor(1, 3)
        # the Houses' column gets the width at 1280 px (their Territory's name); the typed-dice
        # field says itself in its tooltip
        ui.historyTypedEdit.setToolTip("The history's 11d10 as rolled at the table, typed in: 3x8 2x9 2x6 10 7 4 3")
        self._lists = (ui.bodiesView, ui.terrainList, ui.housesView, ui.findingsView)
        # a long House name is elided in the narrow list, not scrolled sideways over its third row
        ui.housesView.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        for view in self._lists + (ui.scoresView,):
            full_text_tooltips(view)
        self._fit_lists()
        # the scores' cells as wide as their text (_fit_scores, when a text's width changed:
        # not by the header, which would measure every cell at each edit), the findings take the rest
        sh = ui.scoresView.horizontalHeader()
        sh.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)  # the House column capped in _fit_scores
        ui.bottomSplitter.setStretchFactor(0, 0)
        ui.bottomSplitter.setStretchFactor(1, 1)
        ui.systemColumnScroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # the House's household, holdings and event order (landsraad.gui.house_panel), under its list
        from landsraad.gui.house_panel import HousePanel

        self.house_panel = HousePanel(self)
        # in a scroll area of its own, so it never widens nor lengthens the window (issue 15);
        from PySide6.QtWidgets import QFrame, QScrollArea

        holder = QScrollArea()
        holder.setWidgetResizable(True)
        holder.setFrameShape(QFrame.Shape.NoFrame)
        holder.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        holder.setWidget(self.house_panel)
        from PySide6.QtWidgets import QTabWidget

        bottom = self.findChild(QTabWidget, "fiefBottomTabs")
        if bottom is not None:  # beside the Trait Scores it feeds, as the House turn is
            bottom.addTab(holder, "Household and holdings")
            # short tab titles, so the three read whole beside the findings at 1280 px (issue 15);
            # the whole title in the tooltip
            # the scores' box is a tab's page now, untitled: no room kept for a title (the
            # history above gets the ~30 px, a third event in sight at 720 lines)
            ui.scoresBox.setStyleSheet("QGroupBox { margin-top: 0px; padding: 0px; border: none; }")
            for i, short in enumerate(("Trait Scores in play", "Household")):
                if i < bottom.count():
                    bottom.setTabToolTip(i, bottom.tabText(i))
                    bottom.setTabText(i, short)
        else:
            hl = ui.housesLayout
            hl.addWidget(holder, hl.rowCount(), 0, 1, max(hl.columnCount(), 1))
        self._shown: dict = {}  # the key each part was last shown with (see _parts)
        doc.changed.connect(self.refresh)
        self.refresh()
        self._fit_lists()  # again, with rows to measure
        # the scores as wide as their columns, the findings beside them every pixel left over
        ui.bottomSplitter.setSizes([ui.scoresView.minimumWidth(), 10000])
        if self.houses.rows:
            ui.housesView.setCurrentIndex(self.houses.index(0))

    def title(self) -> str:
        return self.doc.display_name()

    # ----- edits -----------------------------------------------------------------------------
    def _edit(self, text: str, change, *args, merge_key: str | None = None, **kwargs) -> bool:
        """Run an edit of ``landsraad.house.edits``; one it cannot make is said in the status bar."""
        try:
            return self.doc.edit(text, change, *args, merge_key=merge_key, **kwargs)
        except LandsraadError as exc:
            self.window().statusBar().showMessage(str(exc), 8000) if hasattr(self.window(), "statusBar") else None
            return False

    def _edit_fief(self, attr: str, text: str) -> None:
        if self.syncing:
            return
        self._edit(f"Edit {attr.replace('_', ' ')}", edits.set_fief_text, attr, text, merge_key=f"fief.{attr}")

    def apply_system_roll(self, roll) -> None:
        self._edit(
            f"Roll the system: {roll.text}" + (" (typed)" if roll.typed else f" (seed {roll.seed})"),
            edits.roll_system,
            self.doc.content,
            roll,
        )

    def roll_seeded(self) -> None:
        seed = self.ui.seedSpin.value()
        self.apply_system_roll(creation_roll(None, seed))
        self.ui.seedSpin.setValue(new_seed() % 2147483647)
        self.ui.diceError.setText("")

    def roll_typed(self) -> None:
        try:
            roll = creation_roll(self.ui.typedEdit.text(), None)
        except LandsraadError as exc:
            self.ui.diceError.setText(str(exc))
            return
        self.ui.diceError.setText("")
        self.apply_system_roll(roll)

    # ----- refresh ---------------------------------------------------------------------------
    def refresh(self, everything: bool = False) -> None:
        """Bring the view up to the document: each part whose inputs changed since it was last
        shown, or every part with ``everything`` (issue 15: an edit costs about a repaint)."""
        with self.syncing_now():
            if everything:
                self._shown.clear()
            self._refresh()

    def _parts(self):
        """(name, key, refresh) of each part of the view: ``refresh`` runs when ``key()``
        differs from the last time it ran.  A key holds everything its part reads from the
        document (the engine's objects compare by value), so a new panel fits in with its
        own line here."""
        doc = self.doc
        fief = doc.state

        def houses_shown():  # what of the Houses the places and the drawing show
            # (the House Major too: a body it controls is "House Major Venhei")
            return fief.house_major, tuple((h.id, h.name, h.territory, h.player) for h in fief.houses)

        return (
            ("fief texts", lambda: (fief.name, fief.house_major), self._refresh_texts),
            ("system dice", lambda: (fief.roll, fief.bodies), self._refresh_dice),
            ("bodies", lambda: (fief.bodies, houses_shown()), self._refresh_bodies),
            ("houses", lambda: (fief.houses, fief.bodies, fief.note, doc.households), self._refresh_houses),
            (
                "scores",
                lambda: (
                    houses_shown(),
                    [doc.scores[h.id] for h in fief.houses],
                    [(h.domain.changes, h.domain.householders) for h in fief.houses],  # in play
                    [len(doc.households.get(h.id, ())) for h in fief.houses],
                ),
                self._refresh_scores,
            ),
            ("findings", lambda: (houses_shown(), doc.fief_findings, doc.house_findings), self._refresh_findings),
            ("drawing", lambda: (fief.roll, fief.bodies, fief.houses, fief.house_major), self.drawing.update),
        )

    def _refresh(self) -> None:
        shown = self._shown
        for name, key, part in self._parts():
            now = key()
            if name in shown and shown[name] == now:
                continue
            part()
            shown[name] = now

    def _refresh_texts(self) -> None:
        fief, ui = self.doc.state, self.ui
        for edit, value in ((ui.fiefNameEdit, fief.name), (ui.majorEdit, fief.house_major)):
            if edit.text() != value:
                edit.setText(value)

    def _refresh_dice(self) -> None:
        fief, c = self.doc.state, self.doc.content
        # dice of the system roll, each set with the body it reads as
        if fief.roll is not None:
            items = []
            by_source = {b.source: b for b in fief.bodies if not b.added}
            for s in fief.roll.sets:
                b = by_source.get(s.label)
                r = read_body(b, c) if b else None
                items.append(([s.height] * s.width, s.label, self._body_reading(b, r)))
            for w in fief.roll.waste:
                b = by_source.get(str(w))
                r = read_body(b, c) if b else None
                items.append(([w], f"waste {w}", self._body_reading(b, r)))
            how = "typed" if fief.roll.typed else f"seed {fief.roll.seed}"
            planets = habitable_planets(fief, c)
            self.dice.set_roll(
                f"{fief.roll.text}  ({how}) · {total_territories(fief, c)} Territories · "
                f"{minor_houses_needed(planets, c)} Houses Minor needed",
                items,
            )
        else:
            self.dice.set_roll("Not rolled yet: roll 11d10 or type the physical dice", [])

    def _refresh_bodies(self) -> None:
        fief, c, ui = self.doc.state, self.doc.content, self.ui
        # bodies
        tree = []
        names = place_names(fief, c)
        for b in fief.bodies:
            r = read_body(b, c)
            holders = lambda t: ", ".join(h.name for h in fief.houses if h.territory == t.id)  # noqa: E731
            extra = deltas_text(r.effects, c) if r.effects else ""
            kids = [
                Row(
                    (
                        names.territory(t.id),
                        "",
                        "",
                        ", ".join((c.terrain(x).name if c.terrain(x) else x) for x in t.features),
                        holders(t),
                    ),
                    payload=("territory", t.id),
                )
                for t in b.territories
            ]
            tip = f"{r.name} ({b.source})" + (f": {extra}" if extra else "") + (f"\n{b.note}" if b.note else "")
            if r.table in ("sets", "A"):
                from landsraad.rules.readings import tooltip as reading_tip

                entry = c.set_result(r.height, r.width) if r.table == "sets" else c.system_feature(r.height)
                reading = reading_tip(
                    entry, f"Read as the {c.max_width}x row (wider than the tables)." if r.wider_than_table else ""
                )
                tip += f"\n{reading}" if reading else ""
            tree.append(
                (
                    Row(
                        (
                            names.body(b.id),
                            b.source,
                            r.name,
                            f"{r.territories} Territor{'y' if r.territories == 1 else 'ies'}"
                            if r.territories
                            else extra,
                            ", ".join(h.name for h in fief.houses for t in b.territories if h.territory == t.id)
                            or (
                                self._controller_name(b.controller)
                                if b.controller
                                else "to assign"
                                if r.controller
                                else ""
                            ),
                        ),
                        payload=("body", b.id),
                        tooltip=tip,
                        bold=True,
                    ),
                    kids,
                )
            )
        first = not self.bodies.groups
        self.bodies.set_tree(tree)
        if first and tree:
            ui.bodiesView.expandAll()
        fit_columns(ui.bodiesView, self.bodies)
        self._sync_place_editor()

    def _refresh_houses(self) -> None:
        fief = self.doc.state
        # houses
        self.houses.set_rows(
            [
                Row(
                    (h.name + ("  (players)" if h.player else ""),),
                    payload=h.id,
                    icon="doc-house",
                    tooltip=f"House {h.name}: "
                    + (self._territory_name(h.territory) if h.territory else "not placed yet"),
                )
                for h in fief.houses
            ]
        )
        self._sync_house_editor()

    def _refresh_scores(self) -> None:
        fief, c = self.doc.state, self.doc.content
        # the one set of Scores in play (creation, then the monthly turn's changes), the same
        # as the table view, the sheets and `fief show --json` (issue 27); open character
        # files do not change it: a House's characters count once linked as householders
        from landsraad.present.house_turn import changes_lines, score_cells

        rows = []
        for h in fief.houses:
            sheet = self.doc.scores[h.id]
            cells = [f"House {h.name}"] + score_cells(fief, h, c, "  ")
            tip = "\n".join(
                f"{ln.label}: " + ", ".join(f"{ln.after[t]}" for t in c.trait_ids)
                for ln in sheet.lines
                if ln.source != "householder"
            )
            played = changes_lines(h, c)
            if played:
                tip += "\nIn play:\n" + "\n".join(played)
            rows.append(Row(tuple(cells), payload=h.id, tooltip=f"House {h.name}\n{tip}"))
        self.scores.set_rows(rows)
        fit = (len(rows), widest_texts(self.ui.scoresView, rows, self.scores.columnCount()))
        last = getattr(self, "_scores_fit", None)
        if fit != last:  # a House came or went, a text widened
            # the columns whose widest text changed, or every one when the rows did
            columns = (
                None
                if last is None or last[0] != fit[0]
                else [col for col, (a, b) in enumerate(zip(last[1], fit[1])) if a != b]
            )
            self._fit_scores(columns)
            self._scores_fit = fit

    def _refresh_findings(self) -> None:
        fief, ui = self.doc.state, self.ui
        # findings, each tagged with its House
        frows = [
            Row(
                P.finding_cells(f, {"fief": "Fief"}),
                payload=(None, f),
                icon=P.SEVERITY_ICON[f.severity],
                tooltip=f"{f.rule}: {f.message}",
            )
            for f in self.doc.fief_findings
        ]
        for h in fief.houses:
            for f in self.doc.house_findings.get(h.id, []):
                frows.append(
                    Row(
                        (P.SEVERITY_TEXT[f.severity], f"{h.name}: {f.step}", f.message),
                        payload=(h.id, f),
                        icon=P.SEVERITY_ICON[f.severity],
                        tooltip=f"{f.rule}: {f.message}",
                    )
                )
        if self.findings.set_rows(frows) or "findings" not in self._shown:
            ui.findingsView.resizeRowsToContents()
        ui.findingsBox.setTitle(f"Findings: {counts_text(self.doc.findings, warnings=False)}")

    def _fit_scores(self, columns: list[int] | None = None) -> None:
        """The scores table shows three Houses (more scroll inside it) and every column without
        scrolling; ``columns``: only these were measured again (a House's name typed)."""
        v = self.ui.scoresView
        if columns is None:
            v.resizeColumnsToContents()
        else:
            for col in columns:
                v.resizeColumnToContents(col)
        fm = QFontMetrics(v.font())
        # a long House name is elided (its whole name in the row's tooltip and accessible text):
        # it never widens the window past 1280 px (issue 15: twelve Houses with long names did),
        # and the findings beside keep the room for their messages
        if columns is None or 0 in columns:
            v.setColumnWidth(0, min(v.columnWidth(0), fm.horizontalAdvance("House Felderon") + 24))
        # grown to the pixel, shrunk only by a step: a new minimum relays out the whole window
        # (the splitters, the docks), so a name typed over a wider one, or a letter typed and
        # taken back, does not move the window at every key (issue 15)
        width = v.horizontalHeader().length() + 2 * v.frameWidth() + 4 + v.verticalScrollBar().sizeHint().width()
        if width > v.minimumWidth() or width < v.minimumWidth() - SCORES_WIDTH_STEP:
            v.setMinimumWidth(width)
        # three rows in sight whatever the number of Houses; more scroll inside the table, so a
        # fourth House no longer pushes the status bar off a 720-line screen
        rows = 3
        height = v.horizontalHeader().sizeHint().height() + rows * v.verticalHeader().defaultSectionSize() + 6
        height = max(height, v.horizontalHeader().sizeHint().height() + rows * (fm.height() + 8) + 6)
        v.setMinimumHeight(height)

    def _fit_lists(self) -> None:
        """Three rows of every list in sight at the font the stylesheet gives (issue 15)."""
        for view in getattr(self, "_lists", ()):
            show_rows(view, 3)
            if view.model() is not None and view.model().rowCount() > 0:
                # the rows as drawn may be taller than the font's (the Houses' icons, the style's
                # padding once the window's stylesheet is applied): three of them, measured
                header = 0
                if hasattr(view, "horizontalHeader") and view.horizontalHeader().isVisible():
                    header = view.horizontalHeader().sizeHint().height()
                elif hasattr(view, "header") and not view.isHeaderHidden():
                    header = view.header().sizeHint().height()
                need = header + 3 * view.sizeHintForRow(0) + 2 * view.frameWidth() + 4
                view.setMinimumHeight(max(view.minimumHeight(), need))
        col = self.ui.systemColumn
        self.ui.systemColumnScroll.setMinimumWidth(col.minimumSizeHint().width() + 4)

    def showEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        # measured again with the window's stylesheet applied (the rows grow by its padding)
        self._fit_lists()

    def changeEvent(self, event) -> None:
        from PySide6.QtCore import QEvent

        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._fit_scores()
            self._fit_lists()
            if hasattr(self, "bodies"):  # rows are fitted when they change, and at a new font
                fit_columns(self.ui.bodiesView, self.bodies, again=True)
                for rows in (getattr(self.ui, "eventsView", None), self.ui.findingsView):
                    if rows is not None:
                        rows.resizeRowsToContents()
        super().changeEvent(event)

    def open_finding(self, payload) -> None:
        if not payload:
            return
        hid, f = payload
        field = f.field or ""
        ui = self.ui
        if hid is None:
            if field.startswith("bodies."):
                self.select_place(("body", field.split(".", 1)[1]))
                ui.bodiesView.setFocus(Qt.FocusReason.OtherFocusReason)
            elif field == "roll":
                ui.typedEdit.setFocus(Qt.FocusReason.OtherFocusReason)
            elif field == "houses":
                ui.newHouseEdit.setFocus(Qt.FocusReason.OtherFocusReason)
            else:
                ui.bodiesView.setFocus(Qt.FocusReason.OtherFocusReason)
            return
        self.select_house(hid)
        targets = {
            "territory": ui.territoryCombo,
            "predominant": ui.predominantCombo,
            "history": ui.historyRollButton,
            "founding": ui.foundingCombo,
        }
        if field in self.doc.content.trait_ids:
            ui.scoresView.selectRow(self.scores.row_of(hid))
            ui.scoresView.setFocus(Qt.FocusReason.OtherFocusReason)
            return
        ui.fiefTabs.setCurrentWidget(ui.housesPage)  # the House's page, where its finding is fixed
        if field in targets:
            targets[field].setFocus(Qt.FocusReason.OtherFocusReason)
        else:
            self.open_event(hid, field)
