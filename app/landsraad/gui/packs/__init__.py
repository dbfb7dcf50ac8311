"""Windows for the packs other than Houses of the Landsraad (issue 19).

The main window knows these only through the few functions here, so a pack adds its
documents and views without the window naming them:

    open_pack_document(path)    a pack's document for a file of one of its kinds, else None
    document_from_text(...)     the same from a recovery file's text
    view_for(doc)               the view of a pack document, else None
    navigator_rows(docs, cur)   the navigator's rows of the pack documents
    install_menu(window)        File > New from pack: each pack's documents, packs discovered

Here: the d20 Quick Rules character and the Dune conflict's order of action.
"""

from __future__ import annotations

import json
from pathlib import Path

PACK_KINDS = {"quick-character", "conflict"}
LABELS = {"character": "Character", "fief": "Siridar Fief", "quick-character": "d20 character",
          "conflict": "Conflict (order of action)"}


def _kind(path: str) -> str | None:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    return data.get("kind") if isinstance(data, dict) else None


def open_pack_document(path: str, parent=None):
    kind = _kind(path)
    if kind not in PACK_KINDS:
        return None
    return document_from_text(kind, Path(path).read_text(encoding="utf-8"), str(path), str(path))


def document_from_text(kind: str, text: str, where: str, path: str | None = None):
    """A pack document from its saved text (a file or a recovery file), bound to ``path``."""
    from landsraad.gui.packs.quick_conflict_documents import ConflictDocument, QuickDocument
    if kind == "quick-character":
        from landsraad.packs.quick import document
        return QuickDocument(document.loads(text, where), path=path)
    from landsraad.packs.conflict import document as cdoc
    return ConflictDocument(cdoc.loads(text, where), path=path)


def view_for(doc):
    from landsraad.gui.packs.quick_conflict_documents import ConflictDocument, QuickDocument
    if isinstance(doc, QuickDocument):
        from landsraad.gui.packs.quick_view import QuickView
        return QuickView(doc)
    if isinstance(doc, ConflictDocument):
        from landsraad.gui.packs.conflict_view import ConflictView
        return ConflictView(doc)
    return None


def navigator_rows(docs, current) -> list:
    from landsraad.gui.models import Row
    from landsraad.gui.packs.quick_conflict_documents import ConflictDocument, QuickDocument
    rows = []
    for d in docs:
        if isinstance(d, (QuickDocument, ConflictDocument)):
            star = " *" if d.modified else ""
            rows.append((Row((f"{d.label}: {d.display_name()}{star}",), payload=("doc", id(d)),
                             icon="dice", bold=d is current), []))
    return rows


def document_classes() -> dict:
    """Document kind -> how the window makes one.  A kind a pack names that is not here is
    offered greyed in File > New from pack, with the reason."""
    from landsraad.gui.documents import CharacterDocument, FiefDocument
    from landsraad.gui.packs.quick_conflict_documents import ConflictDocument, QuickDocument
    return {"character": CharacterDocument, "fief": FiefDocument,
            "quick-character": QuickDocument, "conflict": ConflictDocument}


def new_document_entries() -> list[tuple[str, str, str, type | None]]:
    """(pack name, kind, label, document class or None) for every kind every pack makes."""
    from landsraad.packs import list_packs
    classes = document_classes()
    return [(p.name, kind, LABELS.get(kind, kind), classes.get(kind)) for p in list_packs() for kind in p.kinds]


def install_menu(window) -> None:
    """File > New from pack: a submenu per pack with the documents it makes.  The packs are
    read when the menu first opens, so the window's start does no file reading for it."""
    menu = window.ui.menuFile.addMenu("&New from pack")
    first = window.ui.menuFile.actions()[0] if window.ui.menuFile.actions() else None
    if first is not None:
        window.ui.menuFile.insertMenu(first, menu)
    window.new_pack_menu = menu
    menu.aboutToShow.connect(lambda: fill_new_menu(window))


def fill_new_menu(window) -> None:
    from PySide6.QtGui import QAction
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


def new_pack_document(window, cls):
    from landsraad.gui.documents import CharacterDocument, FiefDocument
    if cls is CharacterDocument:
        return window.new_character()
    if cls is FiefDocument:
        return window.new_fief()
    doc = cls()
    window.add_document(doc)
    return doc
