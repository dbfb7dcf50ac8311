"""Item models over the engines' results, for QListView / QTableView / QTreeView.

The models hold rows of text that ``landsraad.present`` computes from the engines;
they never compute a rule.  ``set_rows`` / ``set_tree`` compare the new rows with the
old ones and emit exactly the signals Qt expects: ``rowsInserted`` / ``rowsRemoved``
for rows that appear or go, ``dataChanged`` for rows whose text changed, so views keep
their selection and scroll position across edits.
"""

from __future__ import annotations

from typing import Any, NamedTuple, Sequence

from PySide6.QtCore import QAbstractItemModel, QAbstractListModel, QAbstractTableModel, QModelIndex, Qt

from landsraad.gui.plain import plain_tip

PAYLOAD_ROLE = Qt.ItemDataRole.UserRole + 1


class Row(NamedTuple):
    # a NamedTuple, not attrs: the window imports this module at start, and attrs
    # (~12 ms) is then only imported with the first document (issue 8)
    cells: tuple[str, ...]
    payload: Any = None
    tooltip: str = ""
    enabled: bool = True
    icon: str = ""               # resource icon name for column 0
    bold: bool = False
    checkable: bool = False
    checked: bool = False


def _data(row: Row, column: int, role: int):
    if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
        if column < len(row.cells):
            return row.cells[column]
        return None
    if role == Qt.ItemDataRole.ToolTipRole:
        # names in tooltips stay text (landsraad.gui.plain); a cell elided by its column
        # still has its whole text in the tooltip
        tip = row.tooltip or (row.cells[column] if column < len(row.cells) and len(row.cells[column]) > 24 else "")
        return plain_tip(tip) or None
    if role == Qt.ItemDataRole.AccessibleDescriptionRole:
        return row.tooltip or None
    if role == Qt.ItemDataRole.DecorationRole and column == 0 and row.icon:
        from landsraad.gui.resources import icon
        return icon(row.icon)
    if role == Qt.ItemDataRole.FontRole and row.bold:
        from PySide6.QtGui import QFont
        f = QFont()
        f.setBold(True)
        return f
    if role == Qt.ItemDataRole.CheckStateRole and column == 0 and row.checkable:
        return Qt.CheckState.Checked if row.checked else Qt.CheckState.Unchecked
    if role == PAYLOAD_ROLE:
        return row.payload
    return None


def _flags(row: Row, column: int):
    if not row.enabled:
        return Qt.ItemFlag.NoItemFlags
    flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
    if row.checkable and column == 0:
        flags |= Qt.ItemFlag.ItemIsUserCheckable
    return flags


class _RowDiff:
    """Apply a new list of rows to ``rows`` (a list owned by the model) with proper signals."""

    @staticmethod
    def apply(model, parent: QModelIndex, rows: list, new: Sequence, columns: int) -> None:
        new = list(new)
        old_n, new_n = len(rows), len(new)
        if new_n < old_n:
            model.beginRemoveRows(parent, new_n, old_n - 1)
            del rows[new_n:]
            model.endRemoveRows()
        changed = [i for i in range(min(old_n, new_n)) if rows[i] != new[i]]
        for i in changed:
            rows[i] = new[i]
        if changed:
            model.dataChanged.emit(model.index(min(changed), 0, parent),
                                   model.index(max(changed), max(columns - 1, 0), parent))
        if new_n > old_n:
            model.beginInsertRows(parent, old_n, new_n - 1)
            rows.extend(new[old_n:])
            model.endInsertRows()


class RowsListModel(QAbstractListModel):
    """A list of rows; ``check_handler(payload, checked)`` (optional) receives a user's tick,
    which the handler turns into an edit (the new rows then come back through ``set_rows``)."""

    def __init__(self, parent=None, check_handler=None):
        super().__init__(parent)
        self.rows: list[Row] = []
        self.check_handler = check_handler

    def setData(self, index, value, role=Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.CheckStateRole or self.check_handler is None or not index.isValid():
            return False
        row = self.rows[index.row()]
        checked = Qt.CheckState(value) == Qt.CheckState.Checked if not isinstance(value, bool) else value
        self.check_handler(row.payload, checked)
        return True

    def rowCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.rows)

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or index.row() >= len(self.rows):
            return None
        return _data(self.rows[index.row()], 0, role)

    def flags(self, index):
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return _flags(self.rows[index.row()], 0)

    def set_rows(self, rows: Sequence[Row]) -> None:
        _RowDiff.apply(self, QModelIndex(), self.rows, rows, 1)

    def payload(self, row: int):
        return self.rows[row].payload if 0 <= row < len(self.rows) else None

    def row_of(self, payload) -> int:
        for i, r in enumerate(self.rows):
            if r.payload == payload:
                return i
        return -1


class RowsTableModel(QAbstractTableModel):
    def __init__(self, headers: Sequence[str], parent=None, header_tips: Sequence[str] = ()):
        super().__init__(parent)
        self.headers = list(headers)
        self.header_tips = list(header_tips)     # a short header's whole name (tooltip, screen reader)
        self.rows: list[Row] = []

    def rowCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.headers)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole and section < len(self.headers):
            return self.headers[section]
        if (orientation == Qt.Orientation.Horizontal and section < len(self.header_tips)
                and role in (Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.AccessibleTextRole)):
            return self.header_tips[section]
        return None

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or index.row() >= len(self.rows):
            return None
        return _data(self.rows[index.row()], index.column(), role)

    def flags(self, index):
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return _flags(self.rows[index.row()], index.column())

    def set_rows(self, rows: Sequence[Row]) -> None:
        _RowDiff.apply(self, QModelIndex(), self.rows, rows, len(self.headers))

    def payload(self, row: int):
        return self.rows[row].payload if 0 <= row < len(self.rows) else None

    def row_of(self, payload) -> int:
        for i, r in enumerate(self.rows):
            if r.payload == payload:
                return i
        return -1


class TreeModel(QAbstractItemModel):
    """Two levels: groups (top rows) and their children.  ``set_tree([(group_row, [child_rows])])``."""

    def __init__(self, headers: Sequence[str], parent=None, check_handler=None):
        super().__init__(parent)
        self.headers = list(headers)
        self.groups: list[Row] = []
        self.children: list[list[Row]] = []
        self.check_handler = check_handler

    def setData(self, index, value, role=Qt.ItemDataRole.EditRole) -> bool:
        row = self.row_at(index)
        if role != Qt.ItemDataRole.CheckStateRole or self.check_handler is None or row is None or not row.checkable:
            return False
        checked = Qt.CheckState(value) == Qt.CheckState.Checked if not isinstance(value, bool) else value
        self.check_handler(row.payload, checked)
        return True

    # internalId: 0 for a group, group number + 1 for a child
    def index(self, row, column, parent=QModelIndex()):
        if parent.isValid():
            if parent.internalId() != 0:
                return QModelIndex()
            g = parent.row()
            if 0 <= g < len(self.children) and 0 <= row < len(self.children[g]) and 0 <= column < len(self.headers):
                return self.createIndex(row, column, g + 1)
            return QModelIndex()
        if 0 <= row < len(self.groups) and 0 <= column < len(self.headers):
            return self.createIndex(row, column, 0)
        return QModelIndex()

    def parent(self, index=QModelIndex()):  # noqa: A003 - Qt's name
        if not index.isValid() or index.internalId() == 0:
            return QModelIndex()
        return self.createIndex(int(index.internalId()) - 1, 0, 0)

    def rowCount(self, parent=QModelIndex()) -> int:
        if not parent.isValid():
            return len(self.groups)
        if parent.internalId() == 0 and parent.column() == 0:
            return len(self.children[parent.row()])
        return 0

    def columnCount(self, parent=QModelIndex()) -> int:
        return len(self.headers)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole and section < len(self.headers):
            return self.headers[section]
        return None

    def row_at(self, index) -> Row | None:
        if not index.isValid():
            return None
        if index.internalId() == 0:
            return self.groups[index.row()] if index.row() < len(self.groups) else None
        g = int(index.internalId()) - 1
        kids = self.children[g] if g < len(self.children) else []
        return kids[index.row()] if index.row() < len(kids) else None

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        row = self.row_at(index)
        return None if row is None else _data(row, index.column(), role)

    def flags(self, index):
        row = self.row_at(index)
        return Qt.ItemFlag.NoItemFlags if row is None else _flags(row, index.column())

    def set_tree(self, tree: Sequence[tuple[Row, Sequence[Row]]]) -> None:
        groups = [g for g, _ in tree]
        kids = [list(k) for _, k in tree]
        # groups that go: remove their children first, then the group rows
        if len(groups) < len(self.groups):
            self.beginRemoveRows(QModelIndex(), len(groups), len(self.groups) - 1)
            del self.groups[len(groups):]
            del self.children[len(groups):]
            self.endRemoveRows()
        common = len(self.groups)
        _RowDiff.apply(self, QModelIndex(), self.groups, groups[:common], len(self.headers))
        for g in range(common):
            _RowDiff.apply(self, self.index(g, 0), self.children[g], kids[g], len(self.headers))
        if len(groups) > common:
            self.beginInsertRows(QModelIndex(), common, len(groups) - 1)
            self.groups.extend(groups[common:])
            self.children.extend(kids[common:])
            self.endInsertRows()

    def find(self, payload) -> QModelIndex:
        for g, row in enumerate(self.groups):
            if row.payload == payload:
                return self.index(g, 0)
            for c, kid in enumerate(self.children[g]):
                if kid.payload == payload:
                    return self.index(c, 0, self.index(g, 0))
        return QModelIndex()
