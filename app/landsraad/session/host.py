"""The documents a session serves, behind one interface the server talks to.

``Host`` is what the server needs of whoever holds the Judge's documents:

    entries()                        a snapshot of every document (``Entry``: id, kind, title,
                                     state, content); states are never changed in place by
                                     their holder (an edit replaces them), so the server reads
                                     a snapshot in its own thread while the holder edits on
    apply(doc_id, edit, args, kwargs, text, author)
                                     run one named engine edit as one undo step; False when
                                     it changed nothing; ChoiceError/LimitError refuse it
    add_document(kind, state, title) a new document (a player's new character); its id
    subscribe(listener)              ``listener(doc_id)`` after each change; returns the
                                     function that unsubscribes
    call(fn)                         run ``fn()`` on the holder's thread, a Future of its result

``HeadlessHost`` holds the files given to ``landsraad serve``: each accepted edit is
written back at once through ``documents/codec.py`` (atomic, ``.bak`` kept) and kept as
an undo step; ``undo()`` takes the last one back.  The window's Host (``gui/share.py``)
applies edits with ``doc.edit`` on the Qt main thread.
"""

from __future__ import annotations

import concurrent.futures
import copy
import functools
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

import attrs

from landsraad.errors import ChoiceError

MAX_UNDO = 200  # undo steps kept per document by the headless host


@attrs.frozen
class Entry:
    id: str
    kind: str
    title: str
    state: Any
    content: Any
    version: int = 0
    # what the holder knows beside the state: the Judge's current House and step, the
    # House's householders from open characters (the window's table view reads the same)
    extra: dict = attrs.field(factory=dict, eq=False)


class Host(Protocol):
    def entries(self) -> list[Entry]: ...

    def apply(
        self, doc_id: str, edit: Callable[..., Any], args: tuple, kwargs: dict, text: str, author: str
    ) -> bool: ...

    def add_document(self, kind: str, state: Any, title: str) -> str: ...

    def subscribe(self, listener: Callable[[str], None]) -> Callable[[], None]: ...

    def call(self, fn: Callable[[], Any]) -> concurrent.futures.Future: ...

    def current(self) -> str | None: ...


@functools.cache
def content_for(kind: str) -> Any:
    """The rules a document of ``kind`` is read with (loaded once, shared, never changed)."""
    if kind == "character":
        from landsraad.rules.content import load_content

        return load_content()
    if kind == "fief":
        from landsraad.house.content import load_house_content

        return load_house_content()
    if kind in ("fencer", "fencing-duel"):
        from landsraad.packs.fencing.content import load_fencing_content

        return load_fencing_content()
    if kind == "quick-character":
        from landsraad.packs.quick.content import load_quick_content

        return load_quick_content()
    if kind == "conflict":
        from landsraad.packs.conflict.content import load_conflict_content

        return load_conflict_content()
    return None


def title_of(kind: str, state: Any, path: str | None) -> str:
    name = getattr(state, "name", "")
    if isinstance(name, str) and name.strip():
        return name.strip()
    return Path(path).name if path else f"untitled {kind}"


@attrs.define
class _Doc:
    id: str
    kind: str
    path: str | None
    state: Any
    version: int = 0
    undo: list = attrs.Factory(list)  # (text, author, state before)


class ListenerSet:
    """Listeners told of each change; one that raises is dropped, never the holder's problem."""

    def __init__(self) -> None:
        self._listeners: list[Callable[[str], None]] = []
        self._lock = threading.Lock()

    def add(self, listener: Callable[[str], None]) -> Callable[[], None]:
        with self._lock:
            self._listeners.append(listener)

        def remove() -> None:
            with self._lock:
                if listener in self._listeners:
                    self._listeners.remove(listener)

        return remove

    def tell(self, doc_id: str) -> None:
        with self._lock:
            listeners = list(self._listeners)
        for fn in listeners:
            try:
                fn(doc_id)
            except Exception:  # noqa: BLE001 - a follower's failure never stops an edit
                pass


class HeadlessHost:
    """The documents of ``landsraad serve``: read through the codec, each accepted edit
    written back (atomic, ``.bak`` kept).  Used from one thread (the server's loop)."""

    def __init__(self, paths: list[str] | None = None, save: bool = True):
        from landsraad.documents.codec import load_document

        self._docs: dict[str, _Doc] = {}
        self._order: list[str] = []
        self._listeners = ListenerSet()
        self.save = save
        self.log: list[tuple[str, str, str]] = []  # (doc id, author, undo text): the session's record
        for p in paths or []:
            kind, state = load_document(p)
            self._add(kind, state, str(p))

    def _add(self, kind: str, state: Any, path: str | None) -> str:
        doc_id = f"d{len(self._order) + 1}"
        self._docs[doc_id] = _Doc(doc_id, kind, path, state)
        self._order.append(doc_id)
        return doc_id

    # ----- Host ---------------------------------------------------------------------------
    def entries(self) -> list[Entry]:
        return [
            Entry(d.id, d.kind, title_of(d.kind, d.state, d.path), d.state, content_for(d.kind), d.version)
            for d in (self._docs[i] for i in self._order)
        ]

    def current(self) -> str | None:
        """The document the TV follows: the first Fief, else the first document."""
        for i in self._order:
            if self._docs[i].kind == "fief":
                return i
        return self._order[0] if self._order else None

    def apply(self, doc_id: str, edit: Callable[..., Any], args: tuple, kwargs: dict, text: str, author: str) -> bool:
        d = self._docs.get(doc_id)
        if d is None:
            raise ChoiceError("that document is no longer shared")
        after = copy.deepcopy(d.state)
        edit(after, *args, **kwargs)
        if after == d.state:
            return False
        d.undo.append((text, author, d.state))
        del d.undo[:-MAX_UNDO]
        d.state = after
        d.version += 1
        self.log.append((doc_id, author, text))
        del self.log[:-MAX_UNDO]
        self._write(d)
        self._listeners.tell(doc_id)
        return True

    def undo(self, doc_id: str) -> str | None:
        """Take the last accepted edit of the document back (written back too); its text."""
        d = self._docs[doc_id]
        if not d.undo:
            return None
        text, _author, before = d.undo.pop()
        d.state = before
        d.version += 1
        self._write(d)
        self._listeners.tell(doc_id)
        return text

    def add_document(self, kind: str, state: Any, title: str) -> str:
        """A new document (a player's new character), written beside the first file served
        as ``session-character-N.json``: its name never comes from a request."""
        path = None
        if self.save:
            folder = next((Path(d.path).parent for d in self._docs.values() if d.path), None)
            if folder is not None:
                n = 1
                while (folder / f"session-{kind}-{n}.json").exists():
                    n += 1
                path = str(folder / f"session-{kind}-{n}.json")
        doc_id = self._add(kind, state, path)
        self._write(self._docs[doc_id])
        self._listeners.tell(doc_id)
        return doc_id

    def subscribe(self, listener: Callable[[str], None]) -> Callable[[], None]:
        return self._listeners.add(listener)

    def call(self, fn: Callable[[], Any]) -> concurrent.futures.Future:
        fut: concurrent.futures.Future = concurrent.futures.Future()
        try:
            fut.set_result(fn())
        except BaseException as exc:  # noqa: BLE001 - handed to the awaiting request
            fut.set_exception(exc)
        return fut

    def _write(self, d: _Doc) -> None:
        if self.save and d.path:
            from landsraad.documents.codec import save_document

            save_document(d.kind, d.state, d.path)

    def state(self, doc_id: str) -> Any:
        return self._docs[doc_id].state
