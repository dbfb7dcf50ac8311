"""User and file text shown as text, never as markup.

Qt guesses: a label, a message box or a tooltip whose text *looks* like HTML is rendered
as HTML, so a territory named ``<img src=…>`` showed a picture and a document whose
``kind`` held a link made the "Cannot open" box a clickable external link (issue 13).
Everything the window shows of a name, an id, a path or a message goes through here.
"""

from __future__ import annotations

from PySide6.QtGui import Qt as QtGuiNamespace
from PySide6.QtWidgets import QLabel, QMessageBox, QWidget

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
    box = message_box(parent, QMessageBox.Icon.Warning, title, text)
    box.setStandardButtons(QMessageBox.StandardButton.Ok)
    box.exec()
