"""The rules packs in the window: File > New offers each pack's documents, and the
documents of the d20 Quick Rules and Dune conflict packs open in their own views.

The main window calls four things from here, nothing more: ``install_new_menu``,
``view_for``, ``open_pack_document`` and ``restore_pack_document``; a pack document
exports its own sheet (``export_sheet``) and names itself in the navigator (``label``).
"""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtGui import QAction

from landsraad.gui.documents import CharacterDocument, Document, FiefDocument


class QuickDocument(Document):
    """A d20 Quick Rules character (kind ``quick-character``)."""
    kind = "quick-character"
    label = "d20 character"

    def __init__(self, character=None, path: str | None = None, content=None, parent=None):
        from landsraad.packs.quick.content import load_quick_content
        from landsraad.packs.quick.model import QuickCharacter
        self.content = content or load_quick_content()
        super().__init__(character if character is not None else QuickCharacter(), path, parent)

    def recompute(self) -> None:
        from landsraad.packs.quick.validate import validate
        self.findings = validate(self.state, self.content)

    def display_name(self) -> str:
        return self.state.name.strip() or super().display_name()

    def _write(self, path: str) -> None:
        from landsraad.packs.quick import document
        document.save(self.state, path)

    def dumps(self) -> str:
        from landsraad.packs.quick import document
        return document.dumps(self.state)

    def export_sheet(self, path: str) -> None:
        from landsraad.sheets.quick import export_quick
        export_quick(self.state, self.content, path)


class ConflictDocument(Document):
    """A Dune conflict's order of action (kind ``conflict``)."""
    kind = "conflict"
    label = "Conflict"

    def __init__(self, conflict=None, path: str | None = None, content=None, parent=None):
        from landsraad.packs.conflict.content import load_conflict_content
        self.content = content or load_conflict_content()
        if conflict is None:
            from landsraad.packs.conflict.order import Actor, Conflict, Side
            conflict = Conflict(name="New conflict",
                                sides=[Side("players", "Players"), Side("gm", "Adversaries", gm=True)],
                                actors=[Actor("Player 1", "players"), Actor("Adversary 1", "gm")])
        super().__init__(conflict, path, parent)

    def recompute(self) -> None:
        self.findings = []          # the order of action refuses a bad move; it keeps no findings

    def display_name(self) -> str:
        return self.state.name.strip() or super().display_name()

    def _write(self, path: str) -> None:
        from landsraad.packs.conflict import document
        document.save(self.state, path)

    def dumps(self) -> str:
        from landsraad.packs.conflict import document
        return document.dumps(self.state)

    def export_sheet(self, path: str) -> None:
        from landsraad.sheets.conflict import export_conflict
        export_conflict(self.state, self.content.order, path)


# document kind -> how the window makes one (kinds a pack names but the window cannot
# make yet are offered greyed, with the reason)
FACTORIES = {"character": CharacterDocument, "fief": FiefDocument,
             "quick-character": QuickDocument, "conflict": ConflictDocument}
KIND_LABELS = {"character": "Character", "fief": "Siridar Fief", "quick-character": "d20 character",
               "conflict": "Conflict (order of action)"}
PACK_KINDS = {"quick-character": QuickDocument, "conflict": ConflictDocument}


def new_document_entries() -> list[tuple[str, str, str, type | None]]:
    """(pack name, kind, label, document class or None) for every kind every pack makes."""
    from landsraad.packs import list_packs
    out = []
    for p in list_packs():
        for kind in p.kinds:
            out.append((p.name, kind, KIND_LABELS.get(kind, kind), FACTORIES.get(kind)))
    return out


def install_new_menu(window) -> None:
    """File > New from pack: a submenu per pack with the documents it makes.  The packs are
    read when the menu first opens, so the window's start does no file reading for it."""
    menu = window.ui.menuFile.addMenu("&New from pack")
    first = window.ui.menuFile.actions()[0] if window.ui.menuFile.actions() else None
    if first is not None:
        window.ui.menuFile.insertMenu(first, menu)
    window.new_pack_menu = menu
    menu.aboutToShow.connect(lambda: fill_new_menu(window))


def fill_new_menu(window) -> None:
    menu = window.new_pack_menu
    if menu.actions():
        return
    try:
        entries = new_document_entries()
    except Exception as exc:  # noqa: BLE001 - a broken pack.toml must not stop the window
        act = menu.addAction(f"Packs unreadable: {exc}")
        act.setEnabled(False)
        return
    packs: dict[str, object] = {}
    for pack, kind, label, cls in entries:
        sub = packs.get(pack) or menu.addMenu(pack)
        packs[pack] = sub
        act = QAction(label, window)
        act.setObjectName(f"actionNew-{kind}")
        if cls is None:
            act.setEnabled(False)
            act.setToolTip(f"The window cannot make a {kind!r} document yet; use the command line")
        else:
            act.triggered.connect(lambda _=False, c=cls: new_pack_document(window, c))
        sub.addAction(act)


def new_pack_document(window, cls) -> Document:
    if cls is CharacterDocument:
        return window.new_character()
    if cls is FiefDocument:
        return window.new_fief()
    doc = cls()
    window.add_document(doc)
    return doc


def view_for(doc):
    """The view of a pack document, or None for the Landsraad documents."""
    if isinstance(doc, QuickDocument):
        from landsraad.gui.packs.quick_view import QuickView
        return QuickView(doc)
    if isinstance(doc, ConflictDocument):
        from landsraad.gui.packs.conflict_view import ConflictView
        return ConflictView(doc)
    return None


def _kind_of(path: str) -> str | None:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    return data.get("kind") if isinstance(data, dict) else None


def open_pack_document(path: str):
    """A pack document read from ``path``, or None when the file is not one."""
    kind = _kind_of(path)
    return _from_text(kind, Path(path).read_text(encoding="utf-8"), str(path), path) if kind in PACK_KINDS else None


def restore_pack_document(kind: str, text: str, original: str | None):
    """An autosaved pack document, or None when ``kind`` is not a pack kind."""
    return _from_text(kind, text, "<recovery>", original) if kind in PACK_KINDS else None


def _from_text(kind: str, text: str, file: str, path: str | None):
    if kind == "quick-character":
        from landsraad.packs.quick import document
        return QuickDocument(document.loads(text, file), path=path)
    from landsraad.packs.conflict import document
    return ConflictDocument(document.loads(text, file), path=path)
