"""Ctrl+Z (and redo) while a text field has focus (issue 27: it did nothing): the field's
own typing first, as editors do, then the document's last edit through Edit > Undo.

A line edit, spin box or plain text edit takes the undo key for itself whether or not it
has anything to undo; this filter lets it keep the key only while it has, so the window's
Undo action gets it otherwise."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QLineEdit, QPlainTextEdit, QTextEdit


def _field_of(widget):
    """The text field behind ``widget`` (a spin box's or combo's line edit), or None."""
    if isinstance(widget, QLineEdit | QPlainTextEdit | QTextEdit):
        return widget
    if isinstance(widget, QAbstractSpinBox):
        return widget.findChild(QLineEdit)
    return None


def _can(field, undo: bool) -> bool:
    if isinstance(field, QLineEdit):
        return field.isUndoAvailable() if undo else field.isRedoAvailable()
    doc = field.document()
    return doc.isUndoAvailable() if undo else doc.isRedoAvailable()


class UndoKeys(QObject):
    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt's name
        if event.type() != QEvent.Type.ShortcutOverride:
            return False
        undo = event.matches(QKeySequence.StandardKey.Undo)
        redo = not undo and any(event.matches(k) for k in (QKeySequence.StandardKey.Redo,))
        if not (undo or redo):
            return False
        field = _field_of(obj)
        if field is None or obj.window() is not self.window:
            return False
        if _can(field, undo) and not field.isReadOnly():
            return False  # the field's typing first
        return True  # not taken by the field: Edit > Undo / Redo fires


def install(window) -> UndoKeys:
    keys = UndoKeys(window)
    QApplication.instance().installEventFilter(keys)
    return keys
