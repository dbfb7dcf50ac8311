"""User and file text shown as text, never as markup.

Qt guesses: a label, a message box or a tooltip whose text *looks* like HTML is rendered
as HTML, so a territory named ``<img src=…>`` showed a picture and a document whose
``kind`` held a link made the "Cannot open" box a clickable external link (issue 13).
Everything the window shows of a name, an id, a path or a message goes through here.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import Qt as QtGuiNamespace
from PySide6.QtWidgets import QAbstractItemView, QApplication, QLabel, QMessageBox, QToolTip, QWidget

PLAIN = QtGuiNamespace.TextFormat.PlainText


def plain_label(text: str = "", parent: QWidget | None = None) -> QLabel:
    lab = QLabel(parent)
    lab.setTextFormat(PLAIN)
    lab.setText(text)
    return lab


def make_plain(widget: QWidget) -> None:
    """Every QLabel under ``widget`` (a Designer form's) shows its text as plain text."""
    for lab in widget.findChildren(QLabel):
        lab.setTextFormat(PLAIN)


def plain_tip(text: str) -> str:
    """A tooltip of user text: as is when Qt would show it as text anyway, else escaped
    (tooltips have no text-format switch)."""
    if not text or not QtGuiNamespace.mightBeRichText(text):
        return text
    return QtGuiNamespace.convertFromPlainText(text, QtGuiNamespace.WhiteSpaceMode.WhiteSpacePre)


def menu_text(text: str) -> str:
    """A file name as a menu entry: ``&`` is a mnemonic marker in menus, so it is doubled."""
    return text.replace("&", "&&")


def message_box(parent, icon: QMessageBox.Icon, title: str, text: str, informative: str = "") -> QMessageBox:
    box = QMessageBox(icon, title, text, QMessageBox.StandardButton.NoButton, parent)
    box.setTextFormat(PLAIN)
    if informative:
        box.setInformativeText(informative)
        # the informative label has no format switch of its own: it follows mightBeRichText
        for lab in box.findChildren(QLabel):
            if lab.objectName() == "qt_msgbox_informativelabel":
                lab.setTextFormat(PLAIN)
    return box


def warn(parent, title: str, text: str) -> None:
    from landsraad.present.shown import shown

    # a message may quote a 40,000-character name or value: cut, as the command line's are
    box = message_box(parent, QMessageBox.Icon.Warning, title, shown(text, 2000))
    box.setStandardButtons(QMessageBox.StandardButton.Ok)
    box.exec()


class _PlainToolTips(QObject):
    """Every tooltip of the application shown as text (issue 28): the table view's elided
    lines, the Fief view's territory and predominant combos and every item view's
    ToolTipRole carried names from documents, and a tooltip has no format switch.  One
    application-wide filter instead of a ``plain_tip`` at each of sixty call sites."""

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt's name
        if event.type() != QEvent.Type.ToolTip or not isinstance(obj, QWidget):
            return False
        text = _tip_of(obj, event)
        if not text or not QtGuiNamespace.mightBeRichText(text):
            return False
        QToolTip.showText(event.globalPos(), plain_tip(text), obj)
        return True


def _tip_of(widget: QWidget, event) -> str:
    view = widget.parent()
    if isinstance(view, QAbstractItemView) and widget is view.viewport():
        index = view.indexAt(event.pos())
        value = index.data(QtGuiNamespace.ItemDataRole.ToolTipRole) if index.isValid() else None
        return value if isinstance(value, str) else ""
    return widget.toolTip()


_FILTER: list[_PlainToolTips] = []


def install_plain_tooltips() -> None:
    """Install the filter once on the running QApplication."""
    app = QApplication.instance()
    if app is None or _FILTER:
        return
    _FILTER.append(_PlainToolTips(app))
    app.installEventFilter(_FILTER[0])
