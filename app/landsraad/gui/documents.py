"""The session's documents as Qt objects: a Character or a Fief, its file, its undo stack.

Every edit goes through ``Document.edit(text, change, *args)``: the document's state is
copied, ``change(copy, *args)`` is applied to it (``change`` is an engine function of
``landsraad.character.edits`` or ``landsraad.house.edits``), and a ``SnapshotCommand``
holding the state before and after is pushed on the document's ``QUndoStack``.  Undo and redo put back the exact
earlier state and recompute the engine's findings, so nothing is ever patched by hand.
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

    def __init__(self, doc: "Document", before, after, text: str, merge_key: str | None = None):
        super().__init__(text)
        self.doc, self.before, self.after, self.merge_key = doc, before, after, merge_key

    def redo(self) -> None:
        self.doc._restore(self.after)

    def undo(self) -> None:
        self.doc._restore(self.before)

    def id(self) -> int:  # noqa: A003 - Qt's name
        return _MERGE_ID if self.merge_key else -1

    def mergeWith(self, other) -> bool:  # typing a name is one undo step, not one per key
        if isinstance(other, SnapshotCommand) and other.doc is self.doc and other.merge_key == self.merge_key:
            self.after = other.after
            return True
        return False


class Document(QObject):
    kind = "document"
    changed = Signal()
    titleChanged = Signal()

    def __init__(self, state, path: str | None = None, parent=None):
        super().__init__(parent)
        self.state = state
        self.path = path
        self.stack = QUndoStack(self)
        self.stack.cleanChanged.connect(self._clean_changed)
        self.recompute()

    def _clean_changed(self, _clean: bool) -> None:
        self.titleChanged.emit()

    # ----- editing ------------------------------------------------------------------
    def edit(self, text: str, change: Callable[..., object], *args: object, merge_key: str | None = None,
             **kwargs: object) -> bool:
        """Run the engine edit ``change(state, *args, **kwargs)`` as one undo step named ``text``;
        False (and nothing pushed) when it changed nothing.  Edits with the same
        ``merge_key`` in a row (typing a name) merge into one step."""
        before = copy.deepcopy(self.state)
        after = copy.deepcopy(self.state)
        change(after, *args, **kwargs)
        if after == before:
            return False
        self.stack.push(SnapshotCommand(self, before, after, text, merge_key))
        return True

    @contextlib.contextmanager
    def macro(self, text: str):
        self.stack.beginMacro(text)
        try:
            yield
        finally:
            self.stack.endMacro()

    def _restore(self, snapshot) -> None:
        self.state = copy.deepcopy(snapshot)
        self.recompute()
        self.changed.emit()
        self.titleChanged.emit()

    def recompute(self) -> None:  # pragma: no cover - overridden
        pass

    # ----- files --------------------------------------------------------------------
    @property
    def modified(self) -> bool:
        return not self.stack.isClean()

    def display_name(self) -> str:
        return Path(self.path).name if self.path else "untitled"

    def save(self, path: str | None = None) -> None:
        path = path or self.path
        if not path:
            raise DocumentError("<untitled>", "no file name")
        self._write(path)
        self.path = str(path)
        self.stack.setClean()
        self.titleChanged.emit()

    def _write(self, path: str) -> None:  # pragma: no cover - overridden
        raise NotImplementedError

    def dumps(self) -> str:  # pragma: no cover - overridden
        raise NotImplementedError


class CharacterDocument(Document):
    kind = "character"

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
