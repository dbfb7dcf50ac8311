"""Windows for the packs other than Houses of the Landsraad (issue 19).

The main window knows these only through the few functions here, so a pack adds its
documents and views without the window naming them:

    open_pack_document(path)    a pack's document for a file of one of its kinds, else None
    document_from_text(...)     the same from a recovery file's text
    view_for(doc)               the view of a pack document, else None
    navigator_rows(docs, cur)   the navigator's rows of the pack documents
    install_menu(window)        File > New entries of the packs
"""

from __future__ import annotations

import json
from pathlib import Path

PACK_KINDS = {"fencer", "fencing-duel"}


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
    from landsraad.gui.packs.fencing_documents import open_fencing_document
    return open_fencing_document(path, kind, parent)


def document_from_text(kind: str, text: str, where: str, path: str | None = None):
    """A pack document from its saved text (a recovery file), bound to ``path``."""
    from landsraad.errors import DocumentError
    from landsraad.gui.packs.fencing_documents import DuelDocument, FencerDocument
    from landsraad.packs.fencing.document import duel_from_json, fencer_from_json
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise DocumentError(where, f"not valid JSON: {exc}") from None
    if kind == "fencer":
        return FencerDocument(fencer_from_json(data, where), path=path)
    return DuelDocument(duel_from_json(data, where), path=path)


def view_for(doc):
    from landsraad.gui.packs.fencing_documents import DuelDocument, FencerDocument
    if isinstance(doc, FencerDocument):
        from landsraad.gui.packs.fencer_view import FencerView
        return FencerView(doc)
    if isinstance(doc, DuelDocument):
        from landsraad.gui.packs.duel_panel import DuelPanel
        return DuelPanel(doc)
    return None


def navigator_rows(docs, current) -> list:
    from landsraad.gui.models import Row
    from landsraad.gui.packs.fencing_documents import DuelDocument, FencerDocument
    rows = []
    for d in docs:
        if isinstance(d, (FencerDocument, DuelDocument)):
            star = " *" if d.modified else ""
            label = "Fencer" if isinstance(d, FencerDocument) else "Duel"
            rows.append((Row((f"{label}: {d.display_name()}{star}",), payload=("doc", id(d)),
                             icon="dice", bold=d is current), []))
    return rows


def install_menu(window) -> None:
    """File > New Fencer and New Duel (of the open fencers), after the Landsraad entries."""
    from PySide6.QtGui import QAction
    menu = window.ui.menuFile
    anchor = next((a for a in menu.actions() if a is getattr(window.ui, "actionNewFief", None)), None)
    after = menu.actions()[menu.actions().index(anchor) + 1] if anchor and anchor in menu.actions()[:-1] else None
    fencer = QAction("New Fencer (Across The Dune Sea)", window)
    fencer.triggered.connect(lambda: new_fencer(window))
    duel = QAction("New Duel of the open Fencers", window)
    duel.triggered.connect(lambda: new_duel(window))
    for act in (fencer, duel):
        menu.insertAction(after, act) if after else menu.addAction(act)
    window.pack_actions = {"new-fencer": fencer, "new-duel": duel}


def new_fencer(window):
    from landsraad.gui.packs.fencing_documents import FencerDocument
    doc = FencerDocument()
    window.add_document(doc)
    return doc


def new_duel(window):
    from landsraad.gui.packs.fencing_documents import DuelDocument, FencerDocument
    fencers = [d.state for d in window.docs if isinstance(d, FencerDocument)]
    if len(fencers) < 2:
        window.report_error("New duel", "Open or make two fencers first: a duel is fought between open fencers.")
        return None
    doc = DuelDocument.between(fencers)
    window.add_document(doc)
    return doc
