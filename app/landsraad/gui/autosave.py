"""The window's side of autosave and recovery (the store itself is Qt-free:
``landsraad.documents.autosave``).

Every change to an open document starts a short timer; when it fires, each document
with unsaved changes is written to its recovery file (never over the user's file).
Saving, closing a document or a clean exit removes its recovery file.  At start, what a
crash left behind is offered back, each with the time it was saved; a restored
document keeps its original path and is marked unsaved.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QMessageBox

if TYPE_CHECKING:
    from landsraad.documents.autosave import Recovered, RecoveryStore

INTERVAL_MS = 3000   # "every few seconds of change"


class AutosaveController(QObject):
    def __init__(self, window, store: RecoveryStore | None = None):
        super().__init__(window)
        self.window = window
        self._store = store
        self.keys: dict[int, str] = {}
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(INTERVAL_MS)
        self.timer.timeout.connect(self.flush)
        # injectable for tests: (list[Recovered]) -> the ones to restore
        self.ask_restore = self._ask_restore
        self.errors: list[str] = []

    @property
    def store(self) -> RecoveryStore:
        """Made when first needed (the first document, or the recovery offer after the
        window is up): its imports are not paid before the window first paints."""
        if self._store is None:
            from landsraad.documents.autosave import RecoveryStore
            self._store = RecoveryStore(debounce=0)
        return self._store

    def watch(self, doc, key: str | None = None) -> None:
        self.keys[id(doc)] = key or self.store.new_key()
        doc.changed.connect(self.timer.start)
        doc.stack.cleanChanged.connect(lambda clean, d=doc: clean and self._discard(d))

    def forget(self, doc) -> None:
        self._discard(doc)
        self.keys.pop(id(doc), None)

    def _discard(self, doc) -> None:
        key = self.keys.get(id(doc))
        if key:
            self.store.discard(key)

    def flush(self) -> None:
        """Write every document with unsaved changes to its recovery file."""
        for doc in list(self.window.docs):
            key = self.keys.get(id(doc))
            if key is None or not doc.modified:
                continue
            try:
                self.store.save(key, doc.kind, doc.display_name(), doc.dumps(), original=doc.path, force=True)
            except OSError as exc:   # reported in the status bar, never a modal crash
                self.errors.append(str(exc))
                self.window.statusBar().showMessage(f"Autosave failed: {exc}", 8000)

    def clean_exit(self) -> None:
        self.timer.stop()
        if self.keys:              # no document watched: no store to make at exit
            self.store.clean_exit(list(self.keys.values()))

    # ----- recovery at start ----------------------------------------------------------------
    def offer_recovery(self) -> list:
        pending = self.store.pending()
        if not pending:
            return []
        chosen = self.ask_restore(pending)
        restored = []
        for rec in pending:
            if rec in chosen:
                doc = self._restore(rec)
                if doc is not None:
                    restored.append(doc)
            else:
                self.store.discard(rec.key)
        return restored

    def _restore(self, rec: Recovered):
        from landsraad.character import document as chdoc
        from landsraad.errors import LandsraadError
        from landsraad.gui.documents import CharacterDocument, FiefDocument
        from landsraad.house import document as fiefdoc
        from landsraad.gui.packs import PACK_KINDS, document_from_text
        try:
            if rec.kind in PACK_KINDS:
                doc = document_from_text(rec.kind, rec.text, str(rec.path), rec.original)
            elif rec.kind == "character":
                doc = CharacterDocument(chdoc.loads(rec.text, str(rec.path)), path=rec.original)
            else:
                doc = FiefDocument(fiefdoc.loads(rec.text, str(rec.path)), path=rec.original)
        except LandsraadError as exc:
            self.window.report_error("Cannot restore", str(exc))
            return None
        doc.stack.resetClean()            # restored work is unsaved until the user saves it
        self.window.add_document(doc, recovery_key=rec.key)
        return doc

    def _ask_restore(self, pending: list[Recovered]) -> list[Recovered]:
        lines = "\n".join(f"• {r.title or 'untitled'} ({r.kind}), autosaved {r.saved_when}"
                          + (f" — from {r.original}" if r.original else "") for r in pending)
        box = QMessageBox(QMessageBox.Icon.Question, "Restore unsaved work?",
                          "Landsraad Forge did not close cleanly last time. These documents have "
                          "unsaved work:", parent=self.window)
        box.setInformativeText(lines + "\n\nRestore them? (Discard deletes the recovery copies.)")
        box.setStandardButtons(QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Discard)
        box.setDefaultButton(QMessageBox.StandardButton.Yes)
        return pending if box.exec() == QMessageBox.StandardButton.Yes else []
