"""One record per kind of document (issue 24): everything the app does with a kind that is
not a view (Qt-free).

    kind = get("fencer")
    kind.label, kind.pack, kind.schema_version       # "Fencer", "across-the-dune-sea", 1
    state = kind.make()                              # a new fencer, from the kind's content
    kind.derive(state, content, context)             # {"findings": …, "cost": …}: what the engine computes
    kind.title_of(state)                             # the state's own name ("" when it has none)
    kind.render_pdf(state, "out.pdf", documents=…)   # its printable sheet

Each kind registers its record (``register``) from its OWN engine folder, in a module named
``kind`` (``character/kind.py``, ``house/kind.py``, ``packs/<pack>/kind.py``).  Nothing
central names a kind: ``discover()`` imports every such module below ``landsraad`` (the
window's and the command line's folders are not engines), found by name, so a new kind
touches its engine folder, its GUI folder and its content folder, nothing else.

A record names its sheets by module path ("landsraad.sheets.fencing:fencer_pdf"), resolved
when a PDF is made: an engine below the sheets in the layers names the sheet that prints it
as an entry point does, without importing it.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

import attrs

__all__ = ["DocumentKind", "discover", "get", "names", "records", "register", "resolve"]


def _no_title(_state: Any) -> str:
    return ""


@attrs.frozen
class DocumentKind:
    """One kind of document.  The first fields are the codec's (a kind the codec reads and
    writes); the rest say what the app does with it beside reading and writing."""

    name: str
    schema_version: int
    decode: Callable[[dict, str], Any]  # (upgraded JSON object, file name) -> the state
    encode: Callable[[Any], dict]  # the state -> JSON object (with schema_version, kind)
    label: str = ""  # "Siridar Fief": for people
    sort_keys: bool = False  # key order of the written JSON
    pack: str = ""  # the id of the pack whose pack.toml declares it
    content: Callable[[], Any] | None = None  # the rules it is read with (a cached loader)
    new: Callable[[Any], Any] | None = None  # content -> a new state; None: not made alone
    derive: Callable[[Any, Any, Mapping[str, Any]], dict[str, Any]] | None = None
    #        (state, content, context) -> {name: value}: findings, scores; ``context`` is what
    #        the results depend on beside the state (a Fief: the householders of open characters)
    context: Callable[[], dict[str, Any]] = dict  # a new document's context
    title: Callable[[Any], str] = _no_title  # the state's own name, "" when unnamed
    sheet: str = ""  # "module:function": (state, content, out, **opts) writes its PDF
    session_sheet: str = ""  # "module:function": (canvas, state, content, session) draws it in a session PDF
    session_order: int = 9  # where a session PDF prints it (smaller first; the order opened within)
    session_title: str = ""  # "Session of the Siridar Fief {names}": a session PDF titled by these documents
    migrations: Mapping[int, Callable[[dict], dict]] = attrs.Factory(dict)  # n -> the version n to n+1 step
    # what a view shows as a number or a name, by path ("conflict.momentum",
    # "combatants.*.fencer.name"), with its bound: read only within it (limits.check_fields)
    field_limits: Mapping[str, int] = attrs.Factory(dict)
    oldest: int = 1  # the oldest schema version read

    def __attrs_post_init__(self) -> None:
        if not self.label:
            object.__setattr__(self, "label", self.name)

    # ----- what the app asks of a kind ---------------------------------------------------
    def load_content(self) -> Any:
        return self.content() if self.content is not None else None

    @property
    def makeable(self) -> bool:
        return self.new is not None

    def make(self, content: Any = None) -> Any:
        """A new document's state."""
        if self.new is None:
            raise TypeError(f"a {self.label} document is not made on its own")
        return self.new(self.load_content() if content is None else content)

    def derived(self, state: Any, content: Any = None, context: Mapping[str, Any] | None = None) -> dict[str, Any]:
        if self.derive is None:
            return {}
        return self.derive(state, self.load_content() if content is None else content, context or {})

    def title_of(self, state: Any) -> str:
        return self.title(state)

    def render_pdf(self, state: Any, out: Any, content: Any = None, **opts: Any) -> None:
        """Write the kind's sheet of ``state`` to ``out`` (``opts``: ``paper``, and
        ``documents``, the other open documents as (kind, state) pairs: a Fief's sheet counts
        the open characters in its Houses)."""
        if not self.sheet:
            raise TypeError(f"a {self.label} document has no printed sheet")
        resolve(self.sheet)(state, self.load_content() if content is None else content, out, **opts)


def resolve(ref: str) -> Callable[..., Any]:
    """``"package.module:function"`` -> the function (imported now)."""
    module, _, name = ref.partition(":")
    return getattr(importlib.import_module(module), name)


# ----- the registry -------------------------------------------------------------------------
_KINDS: dict[str, DocumentKind] = {}
_pending: list[str] | None = None  # the kind modules not imported yet (None: not looked for yet)
ENGINE_ROOT = "landsraad"
NOT_ENGINES = frozenset({"gui", "cli", "_data", "sheets", "present", "documents"})


def register(kind: DocumentKind) -> DocumentKind:
    _KINDS[kind.name] = kind
    return kind


def _import_next() -> bool:
    """Import the next engine's ``kind`` module (each registers its kinds); False when
    every one is imported."""
    global _pending
    if _pending is None:
        from landsraad.documents.discovery import kind_modules

        _pending = list(kind_modules(ENGINE_ROOT, NOT_ENGINES))
    if not _pending:
        return False
    importlib.import_module(_pending.pop(0))
    return True


def discover() -> None:
    """Import every engine's ``kind`` module (once), so each registers its kinds."""
    while _import_next():
        pass


def get(name: str) -> DocumentKind | None:
    """The kind's record; the kind modules are imported until one registers it (opening a
    character imports no pack's engine)."""
    while name not in _KINDS and _import_next():
        pass
    return _KINDS.get(name)


def names() -> list[str]:
    discover()
    return sorted(_KINDS)


def records() -> list[DocumentKind]:
    discover()
    return [_KINDS[n] for n in sorted(_KINDS)]
