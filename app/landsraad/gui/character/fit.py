"""Lists that keep rows in sight (issue 15: at 1280x720 every list of the character view shows
at least three rows).  The minimum height is measured on the view as styled: its header, the
height its rows really take (the stylesheet's padding included) and its frame."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QTableView, QTreeView


def row_height(view: QAbstractItemView) -> int:
    """The height one row takes in ``view`` (measured on its first row when it has one)."""
    guess = view.fontMetrics().height() + 13  # the stylesheet's item padding and grid line
    model = view.model()
    if model is not None and model.rowCount() > 0:
        if isinstance(view, QTableView):
            return max(view.rowHeight(0), view.sizeHintForRow(0), 1)
        return max(view.sizeHintForRow(0), 1)
    if isinstance(view, QTableView):
        return view.verticalHeader().defaultSectionSize()  # what a row will take
    return guess


def rows_in_sight(view: QAbstractItemView) -> float:
    return view.viewport().height() / row_height(view)


def keep_rows(view: QAbstractItemView, rows: int = 3, at_least: int = 0) -> None:
    """Never let ``view`` shrink below ``rows`` rows in sight (nor below ``at_least`` pixels)."""
    header = 0
    if isinstance(view, QTableView) and not view.horizontalHeader().isHidden():
        header = view.horizontalHeader().sizeHint().height()
    elif isinstance(view, QTreeView) and not view.isHeaderHidden():
        header = view.header().sizeHint().height()
    off = view.horizontalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAlwaysOff
    scroll = 0 if off else view.horizontalScrollBar().sizeHint().height()
    view.setMinimumHeight(max(at_least, header + rows * row_height(view) + 2 * view.frameWidth() + scroll))
