"""Item models over the engines' results, for QListView / QTableView / QTreeView.

The models hold rows of text that ``landsraad.present`` computes from the engines;
they never compute a rule.  ``set_rows`` / ``set_tree`` compare the new rows with the
old ones and emit exactly the signals Qt expects: ``rowsInserted`` / ``rowsRemoved``
for rows that appear or go, ``dataChanged`` for rows whose text changed, so views keep
their selection and scroll position across edits.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

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
    icon: str = ""  # resource icon name for column 0
    bold: bool = False
    checkable: bool = False
    checked: bool = False


# Qt hands ``data()`` its role as a plain int: the roles are compared as ints, each looked
# up once here.  A fully qualified PySide6 enum costs ~0.1-0.3 us per attribute lookup and
# comparison, and the views ask ~10 roles of every cell they measure or paint (issue 15).
_DISPLAY = int(Qt.ItemDataRole.DisplayRole.value)
_ACCESSIBLE_TEXT = int(Qt.ItemDataRole.AccessibleTextRole.value)
_TOOLTIP = int(Qt.ItemDataRole.ToolTipRole.value)
_ACCESSIBLE_DESCRIPTION = int(Qt.ItemDataRole.AccessibleDescriptionRole.value)
_DECORATION = int(Qt.ItemDataRole.DecorationRole.value)
_FONT = int(Qt.ItemDataRole.FontRole.value)
_CHECK_STATE = int(Qt.ItemDataRole.CheckStateRole.value)
_PAYLOAD = int(PAYLOAD_ROLE)
_ANSWERED = frozenset(
    (_DISPLAY, _ACCESSIBLE_TEXT, _TOOLTIP, _ACCESSIBLE_DESCRIPTION, _DECORATION, _FONT, _CHECK_STATE, _PAYLOAD)
)
_CHECKED, _UNCHECKED = Qt.CheckState.Checked, Qt.CheckState.Unchecked
_BOLD_FONT = None  # made with the first bold cell (a QFont needs the application)


def _bold_font():
    global _BOLD_FONT
    if _BOLD_FONT is None:
        from PySide6.QtGui import QFont

        _BOLD_FONT = QFont()
        _BOLD_FONT.setBold(True)
    return _BOLD_FONT


_ICONS: dict = {}


def _icon(name: str):
    """One QIcon per name: a new one per call would read and parse its SVG at every paint."""
    found = _ICONS.get(name)
    if found is None:
        from landsraad.gui.resources import icon

        found = _ICONS[name] = icon(name)
    return found


def _data(row: Row, column: int, role: int):
    """What a cell shows for ``role``; the models' ``data()`` return None at once for the
    roles not in ``_ANSWERED`` (most of what a view asks: alignment, colours, size hint)."""
    if role in (_DISPLAY, _ACCESSIBLE_TEXT):
        cells = row.cells
        return cells[column] if column < len(cells) else None
    if role == _TOOLTIP:
        # names in tooltips stay text (landsraad.gui.plain); a cell elided by its column
        # still has its whole text in the tooltip
        tip = row.tooltip or (row.cells[column] if column < len(row.cells) and len(row.cells[column]) > 24 else "")
        return plain_tip(tip) or None
    if role == _ACCESSIBLE_DESCRIPTION:
        return row.tooltip or None
    if role == _DECORATION:
        return _icon(row.icon) if column == 0 and row.icon else None
    if role == _FONT:
        return _bold_font() if row.bold else None
    if role == _CHECK_STATE:
        if column == 0 and row.checkable:
            return _CHECKED if row.checked else _UNCHECKED
        return None
    return row.payload  # PAYLOAD_ROLE


_NO_FLAGS = Qt.ItemFlag.NoItemFlags
_ENABLED = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
_CHECKABLE = _ENABLED | Qt.ItemFlag.ItemIsUserCheckable


def _flags(row: Row, column: int):
    if not row.enabled:
        return _NO_FLAGS
    return _CHECKABLE if row.checkable and column == 0 else _ENABLED


class _RowDiff:
    """Apply a new list of rows to ``rows`` (a list owned by the model) with proper signals."""

    @staticmethod
    def apply(model, parent: QModelIndex, rows: list, new: Sequence, columns: int) -> bool:
        """True when any row changed, came or went."""
        new = list(new)
        old_n, new_n = len(rows), len(new)
        if new_n < old_n:
            model.beginRemoveRows(parent, new_n, old_n - 1)
            del rows[new_n:]
            model.endRemoveRows()
        changed = [i for i in range(min(old_n, new_n)) if rows[i] != new[i]]
        for i in changed:
            rows[i] = new[i]
        # one dataChanged per run of changed rows: the rows between two changes are not
        # measured nor painted again (a tree view re-measures every row of the range)
        last = max(columns - 1, 0)
        start = prev = None
        for i in changed + [None]:
            if start is not None and (i is None or i != prev + 1):
                model.dataChanged.emit(model.index(start, 0, parent), model.index(prev, last, parent))
                start = None
            if start is None:
                start = i
            prev = i
        if new_n > old_n:
            model.beginInsertRows(parent, old_n, new_n - 1)
            rows.extend(new[old_n:])
            model.endInsertRows()
        return bool(changed) or new_n != old_n


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

    def data(self, index, role=_DISPLAY):
        if role not in _ANSWERED:
            return None
        r = index.row()
        if not index.isValid() or r >= len(self.rows):
            return None
        return _data(self.rows[r], 0, role)

    def flags(self, index):
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return _flags(self.rows[index.row()], 0)

    def set_rows(self, rows: Sequence[Row]) -> bool:
        """The new rows; True when any changed."""
        return _RowDiff.apply(self, QModelIndex(), self.rows, rows, 1)

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
        self.header_tips = list(header_tips)  # a short header's whole name (tooltip, screen reader)
        self.rows: list[Row] = []

    def rowCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.headers)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if (
            orientation == Qt.Orientation.Horizontal
            and role == Qt.ItemDataRole.DisplayRole
            and section < len(self.headers)
        ):
            return self.headers[section]
        if (
            orientation == Qt.Orientation.Horizontal
            and section < len(self.header_tips)
            and role in (Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.AccessibleTextRole)
        ):
            return self.header_tips[section]
        return None

    def data(self, index, role=_DISPLAY):
        if role not in _ANSWERED:
            return None
        r = index.row()
        if not index.isValid() or r >= len(self.rows):
            return None
        return _data(self.rows[r], index.column(), role)

    def flags(self, index):
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return _flags(self.rows[index.row()], index.column())

    def set_rows(self, rows: Sequence[Row]) -> bool:
        """The new rows; True when any changed."""
        return _RowDiff.apply(self, QModelIndex(), self.rows, rows, len(self.headers))

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
        if (
            orientation == Qt.Orientation.Horizontal
            and role == Qt.ItemDataRole.DisplayRole
            and section < len(self.headers)
        ):
            return self.headers[section]
        return None

    def row_at(self, index) -> Row | None:
        if not index.isValid():
            return None
        g, r = index.internalId(), index.row()
        if g == 0:
            rows = self.groups
        else:
            rows = self.children[g - 1] if g - 1 < len(self.children) else []
        return rows[r] if r < len(rows) else None

    def data(self, index, role=_DISPLAY):
        if role not in _ANSWERED:
            return None
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
            del self.groups[len(groups) :]
            del self.children[len(groups) :]
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
