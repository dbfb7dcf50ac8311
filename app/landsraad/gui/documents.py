"""The session's documents as Qt objects: a Character or a Fief, its file, its undo stack.

Every edit goes through ``Document.edit(text, change, *args)``: the document's state is
copied, ``change(copy, *args)`` is applied to it (``change`` is an engine function of
``landsraad.character.edits`` or ``landsraad.house.edits``), and a ``SnapshotCommand``
holding the state before and after is pushed on the document's ``QUndoStack``.  Undo and redo put back the exact
earlier state with the engine's findings computed for it, so nothing is ever patched by hand.

A state is never changed in place once it is the document's: an edit changes a copy, so
the live state and the undo stack's snapshots share objects safely, and an edit costs one
copy of the document.  The engine's derived results (findings, scores: ``DERIVED``) are
computed once per edit and kept with the snapshot, so undo and redo do not recompute them
(issue 15: an edit costs no more than a repaint of the window).
Several edits that are one user step (taking a template) run inside ``doc.macro(text)``.
No rule lives here: the numbers come from ``validate`` and the House engine.
"""

from __future__ import annotations

import contextlib
import copy
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from landsraad.errors import DocumentError

# The engines (and cattrs under them) are imported when a document is first made, not
# when the window is: an empty window at start is on screen ~50 ms sooner (issue 8).

if TYPE_CHECKING:
    from landsraad.character.model import Character
    from landsraad.house.model import Fief

_MERGE_ID = 4242


class SnapshotCommand(QUndoCommand):
    """One edit: the whole document before and after it."""

    def __init__(self, doc: "Document", before, after, text: str, merge_key: str | None = None,
                 before_derived=None):
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


class Document(QObject):
    kind = "document"
    # what ``recompute`` sets from the state: kept per snapshot, so undo and redo reuse it
    DERIVED: tuple[str, ...] = ()
    changed = Signal()
    titleChanged = Signal()

    def __init_subclass__(cls, **kwargs):
        # every kind's display_name is cut for the window (a 32,767-character name laid out
        # in the title, the navigator and the view's heading took 9 s to open, issue 28);
        # wrapped here once, so a kind added later is cut too
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("display_name")
        if own is not None and not getattr(own, "shown", False):
            def display_name(self, _own=own) -> str:
                from landsraad.present.shown import shown
                return shown(_own(self))
            display_name.shown = True  # type: ignore[attr-defined]
            cls.display_name = display_name  # type: ignore[method-assign]

    def __init__(self, state, path: str | None = None, parent=None):
        super().__init__(parent)
        self.state = state
        self.path = path
        self.stack = QUndoStack(self)
        from landsraad.documents.limits import MAX_UNDO
        self.stack.setUndoLimit(MAX_UNDO)       # bounded history (issue 28: ~0.5 MB per Fief edit)
        from landsraad.documents.guards import stamp
        # the file as this document last read or wrote it: Save refuses a file changed since
        self.disk_stamp = stamp(path) if path else None
        # titleChanged once per edit, undo and redo, after the stack has its new index (so
        # "modified" is already right): the navigator and title are rebuilt once (issue 15)
        self._titled: tuple[int, bool] | None = None
        self.stack.indexChanged.connect(self._index_changed)
        self.stack.cleanChanged.connect(self._clean_changed)
        self.recompute()

    def _index_changed(self, index: int) -> None:
        self._titled = (index, self.stack.isClean())
        self.titleChanged.emit()

    def _clean_changed(self, clean: bool) -> None:
        # an edit, undo or redo reaching or leaving the saved state was titled by indexChanged
        if self._titled != (self.stack.index(), clean):
            self.titleChanged.emit()

    # ----- editing ------------------------------------------------------------------
    def edit(self, text: str, change: Callable[..., object], *args: object, merge_key: str | None = None,
             **kwargs: object) -> bool:
        """Run the engine edit ``change(state, *args, **kwargs)`` as one undo step named ``text``;
        False (and nothing pushed) when it changed nothing.  Edits with the same
        ``merge_key`` in a row (typing a name) merge into one step."""
        before = self.state                 # never changed in place: the snapshot is the state itself
        after = copy.deepcopy(before)
        change(after, *args, **kwargs)
        if after == before:
            return False
        self.stack.push(SnapshotCommand(self, before, after, text, merge_key, self._derived()))
        return True

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
        if derived is not None and self.DERIVED and derived[0] == self._derived_key():
            for name, value in zip(self.DERIVED, derived[1]):
                setattr(self, name, value)
        else:
            self.recompute()
        self.changed.emit()           # titleChanged follows from the stack (_index_changed)
        return self._derived()

    def _derived(self):
        """(what the results depend on beside the state, the results) or None when not kept."""
        if not self.DERIVED:
            return None
        return self._derived_key(), tuple(getattr(self, name) for name in self.DERIVED)

    def _derived_key(self):
        return None

    def recompute(self) -> None:  # pragma: no cover - overridden
        pass

    # ----- files --------------------------------------------------------------------
    @property
    def modified(self) -> bool:
        return not self.stack.isClean()

    def display_name(self) -> str:
        return Path(self.path).name if self.path else "untitled"

    def save(self, path: str | None = None, force: bool = False) -> None:
        """Write under the document's lock; ``guards.ChangedOnDisk`` when the file changed
        on disk since it was read or saved here (unless ``force``: the user keeps theirs)."""
        from landsraad.documents.guards import save_checked
        path = path or self.path
        if not path:
            raise DocumentError("<untitled>", "no file name")
        same = self.path is not None and str(path) == self.path
        self.disk_stamp = save_checked(path, self.disk_stamp if same else None, self._write, force=force)
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

    def _write(self, path: str) -> None:  # pragma: no cover - overridden
        raise NotImplementedError

    def dumps(self) -> str:  # pragma: no cover - overridden
        raise NotImplementedError


class CharacterDocument(Document):
    kind = "character"
    DERIVED = ("sheet", "findings")

    def __init__(self, character: Character | None = None, path: str | None = None, content=None, parent=None):
        if content is None:
            from landsraad.rules.content import load_content
            content = load_content()
        self.content = content
        if character is None:
            from landsraad.character.model import Character
            character = Character()
        super().__init__(character, path, parent)

    def recompute(self) -> None:
        from landsraad.character.validate import validate
        self.sheet, self.findings = validate(self.state, self.content)

    def display_name(self) -> str:
        return self.state.name.strip() or super().display_name()

    def _write(self, path: str) -> None:
        from landsraad.documents.codec import save_document
        save_document(self.kind, self.state, path)

    def dumps(self) -> str:
        from landsraad.documents.codec import dumps_document
        return dumps_document(self.kind, self.state)


class FiefDocument(Document):
    kind = "fief"
    DERIVED = ("fief_findings", "house_findings", "findings", "scores")

    def __init__(self, fief: Fief | None = None, path: str | None = None, content=None, parent=None):
        if content is None:
            from landsraad.house.content import load_house_content
            content = load_house_content()
        self.content = content
        # House id -> Householders from the session's open characters (gui/house_panel.sync_households)
        self.households: dict = {}
        if fief is None:
            from landsraad.house.model import Fief
            fief = Fief()
        super().__init__(fief, path, parent)

    def recompute(self) -> None:
        from landsraad.house.scores import house_scores
        from landsraad.house.validate import fief_findings, house_findings
        # house findings do not name their House, so they are kept per House here
        self.fief_findings = fief_findings(self.state, self.content)
        members = self.households
        self.house_findings = {h.id: house_findings(self.state, h, self.content, members.get(h.id, ()))
                               for h in self.state.houses}
        self.findings = self.fief_findings + [f for fs in self.house_findings.values() for f in fs]
        self.scores = {h.id: house_scores(self.state, h, self.content, members.get(h.id, ()))
                       for h in self.state.houses}

    def _derived_key(self):
        # the householders come from the session's open characters, not from the Fief:
        # results computed with other householders are not reused (a copy, as sync_households
        # replaces the dict rather than changing it, but cheaply guarded all the same)
        return dict(self.households)

    def display_name(self) -> str:
        return self.state.name.strip() or super().display_name()

    def _write(self, path: str) -> None:
        from landsraad.documents.codec import save_document
        save_document(self.kind, self.state, path)

    def dumps(self) -> str:
        from landsraad.documents.codec import dumps_document
        return dumps_document(self.kind, self.state)


def open_document(path: str, parent=None) -> Document:
    """Read a file through the one document codec (``landsraad.documents.codec``): any
    kind it knows (the packs' too), any failure a DocumentError in its wording."""
    from landsraad.documents.codec import load_document
    from landsraad.gui.packs import PACK_KINDS, pack_document   # the other rules packs' documents
    kind, state = load_document(path)
    if kind in PACK_KINDS:
        return pack_document(kind, state, str(path), parent)
    if kind == "character":
        return CharacterDocument(state, path=str(path), parent=parent)
    return FiefDocument(state, path=str(path), parent=parent)


def document_from_text(text: str, file: str, path: str | None = None, parent=None) -> Document:
    """A document from JSON text (a recovery copy), read through the codec like a file."""
    from landsraad.documents.codec import loads_document
    from landsraad.gui.packs import PACK_KINDS, pack_document
    kind, state = loads_document(text, file)
    if kind in PACK_KINDS:
        return pack_document(kind, state, path, parent)
    if kind == "character":
        return CharacterDocument(state, path=path, parent=parent)
    return FiefDocument(state, path=path, parent=parent)
