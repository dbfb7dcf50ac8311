"""Help > Rules readings: every reading the content records, in one filterable table.

Rows come from ``landsraad.rules.readings`` (the content's notes, the text the project
filled in, printed-vs-read names, PROVISIONAL rows, the pack's readings), each with the
rulebook page; the full text is the row's tooltip and shows below the table.
"""

from __future__ import annotations

from PySide6.QtCore import QSortFilterProxyModel, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QTableView,
    QVBoxLayout,
)

from landsraad.gui.models import Row, RowsTableModel

KINDS = ("every kind", "filled in", "AMBIGUITY", "SILENT", "INCONSISTENT", "provisional", "printed as", "note")


def _kind_item(kind: str) -> str:
    from landsraad.rules.readings import plain_kind

    return kind if kind == "every kind" else plain_kind(kind)


def reading_rows() -> list[Row]:
    from landsraad.present.readings import all_readings
    from landsraad.rules.readings import plain_kind, plain_words

    out = []
    for r in all_readings():
        page = f"p. {r.page}" if r.page else r.line  # other packs cite their own text by line
        # in plain words (issue 27): "the rulebook does not say", pages, no spec numbers
        kind, text = plain_kind(r.kind), plain_words(r.text) if r.pack == "houses-of-the-landsraad" else r.text
        tip = f"{r.area} › {r.where}\n{kind[:1].upper() + kind[1:]}: {text}" + (
            f"\nRulebook p. {r.page}" if r.page else (f"\nLines {r.line} of {r.pack}" if r.line else "")
        )
        out.append(
            Row(
                (r.area, r.where, kind, page, text), payload=r, tooltip=tip, bold=r.kind in ("filled in", "provisional")
            )
        )
    return out


class _Filter(QSortFilterProxyModel):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.text = ""
        self.kind = ""

    def set(self, text: str, kind: str) -> None:
        if hasattr(self, "beginFilterChange"):  # Qt 6.9+: invalidateFilter is deprecated
            self.beginFilterChange()
            self.text, self.kind = text.lower().strip(), kind
            self.endFilterChange()
        else:  # pragma: no cover - older Qt
            self.text, self.kind = text.lower().strip(), kind
            self.invalidateFilter()

    def filterAcceptsRow(self, source_row, source_parent) -> bool:
        row = self.sourceModel().rows[source_row]
        if self.kind and row.cells[2] != self.kind:
            return False
        return not self.text or any(self.text in c.lower() for c in row.cells)


class ReadingsDialog(QDialog):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.setWindowTitle("Rules readings")
        self.resize(1000, 620)
        lay = QVBoxLayout(self)
        intro = QLabel(
            "Where the rulebook is ambiguous, silent, contradicts itself or lost its text, the app "
            "follows a reading. Every one is listed here with the page to check; rows in bold are "
            "text the project filled in or a provisional reading of a flattened table."
        )
        intro.setWordWrap(True)
        lay.addWidget(intro)
        bar = QHBoxLayout()
        self.search = QLineEdit(placeholderText="Search readings (a skill, a template, a page, a word)…")
        self.search.setAccessibleName("Search readings")
        self.kind = QComboBox()
        self.kind.setAccessibleName("Kind of reading")
        self.kind.addItems([_kind_item(k) for k in KINDS])
        bar.addWidget(self.search, 1)
        bar.addWidget(self.kind)
        lay.addLayout(bar)
        self.model = RowsTableModel(["Area", "Where you meet it", "Kind", "Page (line)", "Reading"], self)
        self.model.set_rows(reading_rows())
        self.proxy = _Filter(self)
        self.proxy.setSourceModel(self.model)
        self.table = QTableView()
        self.table.setAccessibleName("Rules readings")
        self.table.setModel(self.proxy)
        self.table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.table.setWordWrap(False)
        self.table.verticalHeader().hide()
        hh = self.table.horizontalHeader()
        for col, mode in enumerate(
            (
                QHeaderView.ResizeMode.ResizeToContents,
                QHeaderView.ResizeMode.Interactive,
                QHeaderView.ResizeMode.ResizeToContents,
                QHeaderView.ResizeMode.ResizeToContents,
                QHeaderView.ResizeMode.Stretch,
            )
        ):
            hh.setSectionResizeMode(col, mode)
        hh.resizeSection(1, 300)
        lay.addWidget(self.table, 1)
        self.detail = QPlainTextEdit(readOnly=True)
        self.detail.setAccessibleName("The reading in full")
        self.detail.setMaximumHeight(110)
        lay.addWidget(self.detail)
        self.count = QLabel()
        self.count.setTextFormat(Qt.TextFormat.PlainText)
        lay.addWidget(self.count)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self.search.textChanged.connect(self._refilter)
        self.kind.currentIndexChanged.connect(self._refilter)
        self.table.selectionModel().currentRowChanged.connect(self._show)
        self._refilter()

    def _refilter(self) -> None:
        kind = self.kind.currentText()
        self.proxy.set(self.search.text(), "" if kind == KINDS[0] else kind)
        self.count.setText(f"{self.proxy.rowCount()} of {self.model.rowCount()} readings")
        if self.proxy.rowCount():
            self.table.setCurrentIndex(self.proxy.index(0, 0))  # the detail pane shows the first one in full

    def _show(self, current, _previous) -> None:
        if not current.isValid():
            return
        row = self.model.rows[self.proxy.mapToSource(current).row()]
        self.detail.setPlainText(row.tooltip)
