"""The session's documents as Qt objects: ``Document(kind, state)``, one class for every
kind (a character, a Fief, a fencer…), its file, its undo stack.  What differs between
kinds is the kind's record (``landsraad.documents.kinds``: content, new, derive, title,
sheet); how the window shows it is its ``ViewKind`` (``landsraad.gui.kinds``).

Every edit goes through ``Document.edit(text, change, *args)``: the document's state is
copied, ``change(copy, *args)`` is applied to it (``change`` is an engine function of
``landsraad.character.edits``, ``landsraad.house.edits``, a pack's ``edits``), and a
``SnapshotCommand`` holding the state before and after is pushed on the document's
``QUndoStack``; the edit returns an ``EditResult``: true when something changed, with the
engine function's return value (a round's record, an Operation's result) as ``.value``.  Undo and redo put back the exact
earlier state with the engine's findings computed for it, so nothing is ever patched by hand.

A state is never changed in place once it is the document's: an edit changes a copy, so
the live state and the undo stack's snapshots share objects safely, and an edit costs one
copy of the document.  The engine's derived results (findings, scores: the kind's ``derive``,
read as attributes: ``doc.findings``, ``doc.scores``) are computed once per edit and kept with the snapshot, so undo and redo do not recompute them
(issue 15: an edit costs no more than a repaint of the window).
Several edits that are one user step (taking a template) run inside ``doc.macro(text)``.
No rule lives here: the numbers come from ``validate`` and the House engine.
"""

from __future__ import annotations

import contextlib
import copy
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from landsraad.errors import DocumentError

# The engines (and cattrs under them) are imported when a document is first made, not
# when the window is: an empty window at start is on screen ~50 ms sooner (issue 8).

_MERGE_ID = 4242


class SnapshotCommand(QUndoCommand):
    """One edit: the whole document before and after it."""

    def __init__(self, doc: Document, before, after, text: str, merge_key: str | None = None, before_derived=None):
        super().__init__(text)
        self.doc, self.before, self.after, self.merge_key = doc, before, after, merge_key
        # the engine's results for each snapshot, once computed (Document._restore)
        self.before_derived, self.after_derived = before_derived, None

    def redo(self) -> None:
        self.after_derived = self.doc._restore(self.after, self.after_derived)

    def undo(self) -> None:
        self.before_derived = self.doc._restore(self.before, self.before_derived)

    def id(self) -> int:  # noqa: A003 - Qt's name
        return _MERGE_ID if self.merge_key else -1

    def mergeWith(self, other) -> bool:  # typing a name is one undo step, not one per key
        if isinstance(other, SnapshotCommand) and other.doc is self.doc and other.merge_key == self.merge_key:
            self.after, self.after_derived = other.after, other.after_derived
            return True
        return False


@dataclass(frozen=True)  # not attrs: the window imports this at start-up (issue 8)
class EditResult:
    """What ``Document.edit`` did: true when the state changed (an undo step was pushed);
    ``value`` is what the engine function returned (Anki's ``CollectionOp.success``)."""

    changed: bool
    value: Any = None

    def __bool__(self) -> bool:
        return self.changed


class Document(QObject):
    """A document of any kind: its state, file, undo stack and the engine's results for
    the state (``derived``, also read as attributes: ``doc.findings``)."""

    changed = Signal()
    titleChanged = Signal()

    def __init__(self, kind, state=None, path: str | None = None, content=None, parent=None):
        super().__init__(parent)
        from landsraad.documents import kinds

        record = kinds.get(kind) if isinstance(kind, str) else kind
        if record is None:
            raise DocumentError(path or "<document>", f"unknown kind {kind!r}", "kind")
        self.record = record
        self.kind: str = record.name
        self.content = content if content is not None else record.load_content()
        # what the engine's results depend on beside the state (a Fief: "households", the
        # householders among the session's open characters: gui/house_panel.sync_households)
        self.context: dict[str, Any] = record.context()
        self.derived: dict[str, Any] = {}
        self.state = state if state is not None else record.make(self.content)
        self.path = path
        self.stack = QUndoStack(self)
        from landsraad.documents.limits import MAX_UNDO

        self.stack.setUndoLimit(MAX_UNDO)  # bounded history (issue 28: ~0.5 MB per Fief edit)
        from landsraad.documents.guards import stamp

        # the file as this document last read or wrote it: Save refuses a file changed since
        self.disk_stamp = stamp(path) if path else None
        # titleChanged once per edit, undo and redo, after the stack has its new index (so
        # "modified" is already right): the navigator and title are rebuilt once (issue 15)
        self._titled: tuple[int, bool] | None = None
        self.stack.indexChanged.connect(self._index_changed)
        self.stack.cleanChanged.connect(self._clean_changed)
        self.recompute()

    def __getattr__(self, name: str) -> Any:
        # the engine's results (doc.findings, doc.scores) and the context (doc.households);
        # only reached for a name the object does not have
        values = self.__dict__.get("derived") or {}
        if name in values:
            return values[name]
        context = self.__dict__.get("context") or {}
        if name in context:
            return context[name]
        raise AttributeError(f"{type(self).__name__} of kind {self.__dict__.get('kind')!r} has no {name!r}")

    def _index_changed(self, index: int) -> None:
        self._titled = (index, self.stack.isClean())
        self.titleChanged.emit()

    def _clean_changed(self, clean: bool) -> None:
        # an edit, undo or redo reaching or leaving the saved state was titled by indexChanged
        if self._titled != (self.stack.index(), clean):
            self.titleChanged.emit()

    # ----- editing ------------------------------------------------------------------
    def edit(
        self, text: str, change: Callable[..., object], *args: object, merge_key: str | None = None, **kwargs: object
    ) -> EditResult:
        """Run the engine edit ``change(state, *args, **kwargs)`` as one undo step named ``text``;
        false (and nothing pushed) when it changed nothing; ``.value`` is what ``change``
        returned either way.  Edits with the same ``merge_key`` in a row (typing a name)
        merge into one step."""
        before = self.state  # never changed in place: the snapshot is the state itself
        after = copy.deepcopy(before)
        value = change(after, *args, **kwargs)
        if after == before:
            return EditResult(False, value)
        self.stack.push(SnapshotCommand(self, before, after, text, merge_key, self._derived()))
        return EditResult(True, value)

    @contextlib.contextmanager
    def macro(self, text: str):
        self.stack.beginMacro(text)
        try:
            yield
        finally:
            self.stack.endMacro()

    def _restore(self, snapshot, derived=None):
        """Make ``snapshot`` the state (shared, never changed in place) with the engine's results
        ``derived`` had for it (recomputed when there are none, or when what they depend on
        outside the state changed); returns the results, for the undo command to keep."""
        self.state = snapshot
        if derived is not None and derived[0] == self.context:
            self.derived = derived[1]
        else:
            self.recompute()
        self.changed.emit()  # titleChanged follows from the stack (_index_changed)
        return self._derived()

    def _derived(self):
        """(what the results depend on beside the state, the results), kept per snapshot."""
        return dict(self.context), self.derived

    def recompute(self) -> None:
        """The engine's results for the state (the kind's ``derive``)."""
        self.derived = self.record.derived(self.state, self.content, self.context)

    def set_context(self, name: str, value: Any) -> bool:
        """Change what the results depend on beside the state (not an edit: nothing is
        pushed, the document is not modified); recomputes, True when it changed."""
        if self.context.get(name) == value:
            return False
        # replaced, never changed in place: the snapshots keep the context they were computed with
        self.context = {**self.context, name: value}
        self.recompute()
        return True

    # ----- files --------------------------------------------------------------------
    @property
    def modified(self) -> bool:
        return not self.stack.isClean()

    @property
    def label(self) -> str:
        return self.record.label

    def display_name(self) -> str:
        # cut for the window: a 32,767-character name laid out in the title, the navigator
        # and the view's heading took 9 s to open (issue 28); the state keeps it whole
        from landsraad.present.shown import shown

        return shown(self.record.title_of(self.state) or (Path(self.path).name if self.path else "untitled"))

    def save(self, path: str | None = None, force: bool = False) -> None:
        """Write under the document's lock; ``guards.ChangedOnDisk`` when the file changed
        on disk since it was read or saved here (unless ``force``: the user keeps theirs)."""
        from landsraad.documents.guards import save_checked

        path = path or self.path
        if not path:
            raise DocumentError("<untitled>", "no file name")
        same = self.path is not None and str(path) == self.path
        from landsraad.documents.codec import save_document

        self.disk_stamp = save_checked(
            path, self.disk_stamp if same else None, lambda p: save_document(self.kind, self.state, p), force=force
        )
        self.path = str(path)
        self.stack.setClean()
        self.titleChanged.emit()

    def reload(self) -> None:
        """Read the file again (it changed on disk): one undo step, the saved state."""
        from landsraad.documents import edits as document_edits
        from landsraad.documents.codec import load_document
        from landsraad.documents.guards import stamp

        assert self.path
        before = stamp(self.path)
        _, state = load_document(self.path, expect=self.kind)
        self.edit("Reload from disk", document_edits.replace_state, state)
        self.disk_stamp = before
        self.stack.setClean()
        self.titleChanged.emit()

    def dumps(self) -> str:
        from landsraad.documents.codec import dumps_document

        return dumps_document(self.kind, self.state)

    def export_pdf(self, path: str, documents=()) -> None:
        """The kind's printed sheet (``documents``: the session's other open documents, as
        (kind, state) pairs)."""
        self.record.render_pdf(self.state, path, self.content, documents=list(documents))


def open_document(path: str, parent=None) -> Document:
    """Read a file through the one document codec (``landsraad.documents.codec``): any
    kind it knows, any failure a DocumentError in its wording."""
    from landsraad.documents.codec import read_text

    return document_from_text(read_text(path), str(path), str(path), parent)


def document_from_text(
    text: str, file: str, path: str | None = None, parent=None, expect: str | None = None
) -> Document:
    """A document from JSON text (a recovery copy), read through the codec like a file, and
    bound to ``path``."""
    from landsraad.documents.codec import loads_document

    kind, state = loads_document(text, file, expect)
    return Document(kind, state, path, parent=parent)
