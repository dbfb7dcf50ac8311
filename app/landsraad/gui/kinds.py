"""How the window shows each kind of document: the ``ViewKind`` table (issue 24).

    vk = view_kind(doc)             # the kind's entry (doc.kind, "character", "fencer"…)
    vk.view(doc)                    # its view (the window's page for it)
    vk.table_page(table_view)       # its page of the table view (title(doc), refresh(doc))
    vk.icon, vk.nav_label           # its row in the navigator
    vk.new(window)                  # File > New (from pack): a new document, added

Each GUI folder fills the table from a module named ``kind`` (``gui/character/kind.py``,
``gui/fief/kind.py``, ``gui/packs/<pack>/kind.py``), found by name as the engines' kinds
are (``landsraad.documents.kinds``): the main window, the navigator and the table view
look a kind up here instead of testing a document's type, and name no kind.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from landsraad.gui.documents import Document

__all__ = ["NavRow", "ViewKind", "register", "view_kind", "view_kinds"]


@dataclass(frozen=True)  # not attrs: the window reads this table at start-up (issue 8)
class NavRow:
    """A row under a document in the navigator (a Fief's House): its text and icon, and
    ``key``: what the view is asked to select (``ViewKind.select_part(view, key)``) when it
    is chosen."""

    text: str
    icon: str
    key: Any


@dataclass(frozen=True)
class ViewKind:
    kind: str  # the document kind's name
    view: Callable[[Document], Any]  # the window's page for a document
    nav_label: str  # "Siridar Fief": the navigator's row, the menus
    icon: str = "dice"  # resources/icons/<icon>.svg
    nav_order: int = 9  # the navigator lists smaller first
    nav_children: Callable[[Document], list[NavRow]] | None = None  # the rows under it (a Fief's Houses)
    select_part: Callable[[Any, Any], None] | None = None  # (view, NavRow.key): a row under it chosen
    table_page: Callable[[Any], Any] | None = None  # (table view) -> its page: title(doc), refresh(doc)
    new: Callable[[Any], Document | None] | None = None  # (window) -> a new document, added (or None)
    new_action: str = ""  # the form's File > New action that makes one
    menu_text: str = ""  # a File > New entry of its own, after the form's
    menu_key: str = ""  # that entry's key in ``window.pack_actions``
    focus_new: bool = False  # a new one starts with the keyboard in its view
    rolls: Callable[[Document], list[Any]] | None = None  # the roll log's rows (gui.models.Row)
    # a part of the document with a sheet of its own (a Fief's House): whether there is one
    # now, and (window, doc, path) -> exported
    has_part_sheet: Callable[[Document], bool] | None = None
    export_part: Callable[[Any, Document, str | None], bool] | None = None
    # (window): the session's documents changed (one opened, closed or edited); its documents
    # take what they need of the others (a Fief: the householders among the open characters)
    session_changed: Callable[[Any], None] | None = None


_VIEWS: dict[str, ViewKind] = {}
_discovered = False
GUI_ROOT = "landsraad.gui"
GUI_SKIP = frozenset({"compiled_forms"})


def register(vk: ViewKind) -> ViewKind:
    _VIEWS[vk.kind] = vk
    return vk


def discover() -> None:
    """Import every GUI folder's ``kind`` module (once), so each fills its entries."""
    global _discovered
    if _discovered:
        return
    _discovered = True
    from landsraad.documents.discovery import kind_modules

    for module in kind_modules(GUI_ROOT, GUI_SKIP):
        importlib.import_module(module)


def view_kind(doc_or_kind: Document | str) -> ViewKind | None:
    name = doc_or_kind if isinstance(doc_or_kind, str) else doc_or_kind.kind
    if name not in _VIEWS:
        discover()
    return _VIEWS.get(name)


def view_kinds() -> list[ViewKind]:
    """Every entry, in the navigator's order."""
    discover()
    return sorted(_VIEWS.values(), key=lambda v: (v.nav_order, v.kind))


def add_new(window, kind: str) -> Document:
    """A new document of ``kind`` made from its record and added to the window (the usual
    ``ViewKind.new``)."""
    from landsraad.gui.documents import Document

    doc = Document(kind)
    window.add_document(doc)
    return doc
