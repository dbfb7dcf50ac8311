"""Small helpers every view shares: labels, the Character Point meter, emptying a layout,
compact combo boxes, a two-column flow of controls, and the syncing guard.

The syncing guard exists because a view writes the document's values into its widgets
(``sync``), and those widgets' signals would otherwise come back as edits: while
``syncing`` is set, the widgets' handlers do nothing.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QGridLayout, QLabel, QLayout, QProgressBar, QWidget


def label(text: str, role: str = "", wrap: bool = True) -> QLabel:
    """A label that wraps, with a stylesheet ``role`` ("hint", "reason") when given; its text
    is plain text, never markup (names come from documents and content)."""
    from landsraad.gui.plain import plain_label

    lab = plain_label(text)
    lab.setWordWrap(wrap)
    if role:
        lab.setProperty("role", role)
    return lab


def set_meter(meter: QProgressBar, spent: int, budget: int, fmt: str) -> bool:
    """Show ``spent`` of ``budget`` on a meter; the "over" property (red in the stylesheet)
    is set when over budget.  Returns whether it is over."""
    meter.setRange(0, max(budget, 1))
    meter.setValue(min(spent, budget))
    meter.setFormat(fmt)
    over = spent > budget
    if meter.property("over") != over:
        meter.setProperty("over", over)
        meter.style().unpolish(meter)  # a dynamic property needs a re-polish to restyle
        meter.style().polish(meter)
    return over


def clear_layout(lay: QLayout) -> None:
    """Remove and delete every widget of a layout (its choices are rebuilt)."""
    while lay.count():
        item = lay.takeAt(0)
        w = item.widget()
        if w is not None:
            w.setParent(None)
            w.deleteLater()


def compact(combo: QComboBox) -> None:
    """Long item texts must not widen the column: the combo shows what fits, the list shows all."""
    combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    combo.setMinimumContentsLength(8)
    combo.view().setTextElideMode(Qt.TextElideMode.ElideNone)


class FlowRow:
    """Controls two to a row (a grid), so an event's editor never widens its column."""

    def __init__(self, holder: QWidget, columns: int = 2):
        self.grid = QGridLayout(holder)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.columns, self.n = columns, 0

    def addWidget(self, w: QWidget, stretch: int = 0) -> None:
        self.grid.addWidget(w, self.n // self.columns, self.n % self.columns)
        self.n += 1


class Syncing:
    """The syncing guard: ``with self.syncing_now():`` around writing the document into the
    widgets; handlers return early while ``self.syncing`` is true.  Nests (a panel's sync
    inside the view's refresh keeps the outer flag)."""

    syncing: bool = False

    @contextlib.contextmanager
    def syncing_now(self) -> Iterator[None]:
        was = self.syncing
        self.syncing = True
        try:
            yield
        finally:
            self.syncing = was


def fill_combo(combo: QComboBox, items: list[tuple[str, object]], current: object) -> None:
    """Set a combo's items (only when they changed, so an open list is not reset) and select ``current``."""
    have = [(combo.itemText(i), combo.itemData(i)) for i in range(combo.count())]
    if have != items:
        combo.clear()
        for text, data in items:
            combo.addItem(text, data)
    i = combo.findData(current)
    combo.setCurrentIndex(i if i >= 0 else 0)


def show_rows(view, rows: int = 3) -> None:
    """Never let a list, tree or table shrink below ``rows`` rows in sight (issue 15: at
    1280x720 every list shows at least three): its minimum height is the header, the rows
    at the font's height plus the style's item padding, and the frame."""
    from PySide6.QtWidgets import QTableView, QTreeView

    fm = view.fontMetrics()
    row_h = fm.height() + 10  # the stylesheet's item padding (3px) and the grid line
    header = 0
    if (isinstance(view, QTableView) and view.horizontalHeader().isVisible()) or (
        isinstance(view, QTreeView) and not view.isHeaderHidden()
    ):
        header = fm.height() + 12
    if isinstance(view, QTableView):
        view.verticalHeader().setDefaultSectionSize(row_h)
        view.verticalHeader().setMinimumSectionSize(row_h)
    view.setMinimumHeight(header + rows * row_h + 2 * view.frameWidth() + 4)


def full_text_tooltips(view) -> None:
    """Cells elided at the right, never wrapped into taller rows; the model's tooltip and
    accessible text carry the whole text (``models._data``)."""
    view.setWordWrap(False)
    view.setTextElideMode(Qt.TextElideMode.ElideRight)
