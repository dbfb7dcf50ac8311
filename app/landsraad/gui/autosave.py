"""The window's side of autosave and recovery (the store itself is Qt-free:
``landsraad.documents.autosave``).

The first change to an open document starts a timer that is *not* restarted by the
changes after it: while edits keep coming, every document with unsaved changes is written
to its recovery file at most every few seconds (never over the user's file), so a user
who edits without pause and then crashes still gets their work back.  Saving, closing a
document or a clean exit removes its recovery file.

At start, what a crashed instance left behind is offered back, each with the time it was
saved; the files of an instance still running are never offered (the store's owner
locks).  A restored document keeps its original path and is marked unsaved, unless the
user's file changed on disk since the work was autosaved: then the user is told, and the
recovered work is saved elsewhere or opened as a new untitled document, so the newer file
is never overwritten unawares.  Recovery files that cannot be read are counted, listed
in the details, and can be deleted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QCheckBox, QMessageBox

from landsraad.gui.plain import message_box

if TYPE_CHECKING:
    from landsraad.documents.autosave import Recovered, RecoveryStore, Unreadable

INTERVAL_MS = 3000  # "every few seconds of change"
LISTED = 12  # lines of the restore question; the rest are summed up and in the details


class AutosaveController(QObject):
    def __init__(self, window, store: RecoveryStore | None = None):
        super().__init__(window)
        self.window = window
        self._store = store
        self.keys: dict[int, str] = {}
        self.stamps: dict[int, str | None] = {}  # the user's file as the work last matched it
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(INTERVAL_MS)
        self.timer.timeout.connect(self.flush)
        # injectable for tests: (offered, unreadable) -> (the ones to restore, delete unreadable?)
        self.ask_restore = self._ask_restore
        # (Recovered) -> "save-as" | "untitled": the user's file changed since the autosave
        self.ask_conflict = self._ask_conflict
        self.errors: list[str] = []

    @property
    def store(self) -> RecoveryStore:
        """Made when first needed (the first document, or the recovery offer after the
        window is up): its imports are not paid before the window first paints."""
        if self._store is None:
            from landsraad.documents.autosave import RecoveryStore

            self._store = RecoveryStore(debounce=0)
        return self._store

    def watch(self, doc, key: str | None = None, stamp: str | None = None) -> None:
        from landsraad.documents.autosave import file_stamp

        self.keys[id(doc)] = key or self.store.new_key()
        self.stamps[id(doc)] = stamp if stamp is not None else file_stamp(doc.path)
        doc.changed.connect(self.changed)
        doc.stack.cleanChanged.connect(lambda clean, d=doc: clean and self._saved(d))

    def changed(self) -> None:
        # started by the first change, not restarted by the next ones: continuous editing
        # is saved every INTERVAL_MS, not only after a pause
        if not self.timer.isActive():
            self.timer.start()

    def _saved(self, doc) -> None:
        from landsraad.documents.autosave import file_stamp

        self.stamps[id(doc)] = file_stamp(doc.path)
        self._discard(doc)

    def forget(self, doc) -> None:
        self._discard(doc)
        self.keys.pop(id(doc), None)
        self.stamps.pop(id(doc), None)

    def _discard(self, doc) -> None:
        key = self.keys.get(id(doc))
        if key:
            self.store.discard(key)

    def flush(self) -> None:
        """Write every document with unsaved changes to its recovery file; one document that
        cannot be written never stops the others."""
        for doc in list(self.window.docs):
            self.flush_one(doc)

    def flush_one(self, doc) -> bool:
        key = self.keys.get(id(doc))
        if key is None or not doc.modified:
            return False
        try:
            return self.store.save(
                key,
                doc.kind,
                doc.display_name(),
                doc.dumps(),
                original=doc.path,
                force=True,
                original_stamp=self.stamps.get(id(doc)),
            )
        except Exception as exc:  # noqa: BLE001 - reported in the status bar, never a modal crash
            self.errors.append(f"{doc.display_name()}: {exc}")
            self.window.statusBar().showMessage(f"Autosave of {doc.display_name()} failed: {exc}", 8000)
            return False

    def clean_exit(self) -> None:
        self.timer.stop()
        if self.keys or self._store is not None:  # no document watched: no store to make at exit
            self.store.clean_exit(list(self.keys.values()))

    # ----- recovery at start ----------------------------------------------------------------
    def offer_recovery(self) -> list:
        store = self.store
        scan = store.scan()
        try:
            if not scan.offered and not scan.unreadable:
                return []
            chosen, delete_unreadable = self.ask_restore(scan.offered, scan.unreadable)
            if chosen is None:  # "Keep for later": restore nothing, delete nothing
                return []
            restored = []
            for rec in scan.offered:
                if rec in chosen:
                    doc = self._restore(rec)
                    if doc is not None:
                        restored.append(doc)
                        self.flush_one(doc)  # the record is this instance's from now on
                else:
                    store.discard_path(rec.path)
            if delete_unreadable:
                for bad in scan.unreadable:
                    store.discard_path(bad.path)
            return restored
        finally:
            store.end_offer()

    def _restore(self, rec: Recovered):
        from landsraad.errors import LandsraadError
        from landsraad.gui.documents import document_from_text

        path, stamp = rec.original, rec.original_stamp
        if rec.original_changed():
            # the user's file is newer than this work: never save over it unawares
            save_as = self.ask_conflict(rec) == "save-as"
            path, stamp = None, None
        else:
            save_as = False
        try:  # read through the one document codec, as a file is
            doc = document_from_text(rec.text, str(rec.path), path=path)
        except (LandsraadError, RecursionError) as exc:
            self.window.report_error("Cannot restore", f"{rec.title or rec.path.name}: {exc}")
            return None
        doc.stack.resetClean()  # restored work is unsaved until the user saves it
        self.window.add_document(doc, recovery_key=rec.key, recovery_stamp=stamp)
        if save_as:
            self.window.save_as(doc)
        return doc

    def _ask_restore(self, offered: list[Recovered], unreadable: list[Unreadable]):
        def line(r):
            return f"• {r.title or 'untitled'} ({r.kind}), autosaved {r.saved_when}" + (
                f", from {r.original}" if r.original else ""
            )

        shown = [line(r) for r in offered[:LISTED]]
        if len(offered) > LISTED:
            shown.append(f"… and {len(offered) - LISTED} more (all listed under Show Details)")
        text = "Landsraad Forge did not close cleanly last time. " + (
            f"{len(offered)} document{'s have' if len(offered) != 1 else ' has'} unsaved work:"
            if offered
            else "No document can be restored."
        )
        info = "\n".join(shown)
        if unreadable:
            info += (
                f"\n\n{len(unreadable)} recovery file{'s' if len(unreadable) != 1 else ''} could not be read "
                f"and {'are' if len(unreadable) != 1 else 'is'} kept in {unreadable[0].path.parent}."
            )
        if offered:
            info += (
                "\n\nRestore them? (Discard deletes their recovery copies; Keep for later "
                "leaves them to be offered at the next start.)"
            )
        box = message_box(self.window, QMessageBox.Icon.Question, "Restore unsaved work?", text, info.strip())
        details = [line(r) for r in offered] + [f"cannot read {u.path.name}: {u.reason}" for u in unreadable]
        box.setDetailedText("\n".join(details))
        keep = None
        if offered:
            # mnemonics for the keyboard; Escape keeps the copies rather than deleting work
            box.setStandardButtons(QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Discard)
            box.button(QMessageBox.StandardButton.Yes).setText("&Restore")
            box.button(QMessageBox.StandardButton.Discard).setText("&Discard")
            keep = box.addButton("&Keep for later", QMessageBox.ButtonRole.RejectRole)
            box.setDefaultButton(QMessageBox.StandardButton.Yes)
            box.setEscapeButton(keep)
        else:
            box.setStandardButtons(QMessageBox.StandardButton.Ok)
        delete_box = None
        if unreadable:
            delete_box = QCheckBox(
                f"Delete the {len(unreadable)} recovery file{'s' if len(unreadable) != 1 else ''} that cannot be read"
            )
            box.setCheckBox(delete_box)
        answer = box.exec()
        if keep is not None and box.clickedButton() is keep:
            return None, False
        chosen = offered if answer == QMessageBox.StandardButton.Yes else []
        return chosen, bool(delete_box and delete_box.isChecked())

    def _ask_conflict(self, rec: Recovered) -> str:
        box = message_box(
            self.window,
            QMessageBox.Icon.Warning,
            "The file changed since",
            f"{rec.original} changed on disk after this work was autosaved ({rec.saved_when}).",
            "Restoring over it would lose the newer file. Save the recovered work as a new file, "
            "or open it as an untitled document?",
        )
        save_as = box.addButton("Save As…", QMessageBox.ButtonRole.AcceptRole)
        box.addButton("Open Untitled", QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(save_as)
        box.exec()
        return "save-as" if box.clickedButton() is save_as else "untitled"
