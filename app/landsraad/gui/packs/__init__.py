"""Windows for the packs other than Houses of the Landsraad (issue 19).

The main window knows these only through the few functions here, so a pack adds its
documents and views without the window naming them:

    open_pack_document(path)    a pack's document for a file of one of its kinds, else None
    document_from_text(...)     the same from a recovery file's text
    view_for(doc)               the view of a pack document, else None
    navigator_rows(docs, cur)   the navigator's rows of the pack documents
    install_menu(window)        File > New entries of the packs: New Fencer / New Duel, and
                                New from pack (every pack's documents, packs discovered)

The packs here: Across The Dune Sea fencing (fencer, duel), the d20 Quick Rules character,
and the Dune conflict's order of action.
"""

from __future__ import annotations

FENCING_KINDS = {"fencer", "fencing-duel"}
QUICK_CONFLICT_KINDS = {"quick-character", "conflict"}
PACK_KINDS = FENCING_KINDS | QUICK_CONFLICT_KINDS
LABELS = {"character": "Character", "fief": "Siridar Fief", "quick-character": "d20 character",
          "conflict": "Conflict (order of action)", "fencer": "Fencer", "fencing-duel": "Duel of the open Fencers"}


def pack_document(kind: str, state, path: str | None = None, parent=None):
    """The window's document for a pack's state read by ``landsraad.documents.codec``."""
    if kind in QUICK_CONFLICT_KINDS:
        from landsraad.gui.packs.quick_conflict_documents import ConflictDocument, QuickDocument
        cls = QuickDocument if kind == "quick-character" else ConflictDocument
        return cls(state, path=path, parent=parent)
    from landsraad.gui.packs.fencing_documents import DuelDocument, FencerDocument
    if kind == "fencer":
        return FencerDocument(state, path=path, parent=parent)
    return DuelDocument(state, path=path, parent=parent)


def open_pack_document(path: str, parent=None):
    """A pack's document for a file of one of its kinds, else None (read through the codec)."""
    from landsraad.documents.codec import load_document
    from landsraad.errors import DocumentError
    try:
        kind, state = load_document(path, expect=PACK_KINDS)
    except DocumentError:
        return None
    return pack_document(kind, state, str(path), parent)


def document_from_text(kind: str, text: str, where: str, path: str | None = None):
    """A pack document from its saved text (a recovery file), bound to ``path``."""
    from landsraad.documents.codec import loads_document
    kind, state = loads_document(text, where, expect=kind)
    return pack_document(kind, state, path)


def view_for(doc):
    from landsraad.gui.packs.fencing_documents import DuelDocument, FencerDocument
    from landsraad.gui.packs.quick_conflict_documents import ConflictDocument, QuickDocument
    if isinstance(doc, FencerDocument):
        from landsraad.gui.packs.fencer_view import FencerView
        return FencerView(doc)
    if isinstance(doc, DuelDocument):
        from landsraad.gui.packs.duel_panel import DuelPanel
        return DuelPanel(doc)
    if isinstance(doc, QuickDocument):
        from landsraad.gui.packs.quick_view import QuickView
        return QuickView(doc)
    if isinstance(doc, ConflictDocument):
        from landsraad.gui.packs.conflict_view import ConflictView
        return ConflictView(doc)
    return None


def navigator_rows(docs, current) -> list:
    from landsraad.gui.models import Row
    from landsraad.gui.packs.fencing_documents import DuelDocument, FencerDocument
    from landsraad.gui.packs.quick_conflict_documents import ConflictDocument, QuickDocument
    rows = []
    for d in docs:
        if isinstance(d, (FencerDocument, DuelDocument, QuickDocument, ConflictDocument)):
            star = " *" if d.modified else ""
            if isinstance(d, (QuickDocument, ConflictDocument)):
                label = d.label
            else:
                label = "Fencer" if isinstance(d, FencerDocument) else "Duel"
            text = f"{label}: {d.display_name()}{star}"
            rows.append((Row((text,), payload=("doc", id(d)), icon="dice", bold=d is current,
                             tooltip=text), []))      # whole where the dock elides it
    return rows


def install_menu(window) -> None:
    """File > New Fencer and New Duel (of the open fencers), after the Landsraad entries;
    and File > New from pack, a submenu per pack with the documents it makes."""
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
    install_new_from_pack(window)


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


# ----- File > New from pack ---------------------------------------------------------------
def _add(window, cls):
    doc = cls()
    window.add_document(doc)
    return doc


def document_makers() -> dict:
    """Document kind -> how the window makes one.  A kind a pack names that is not here is
    offered greyed in File > New from pack, with the reason."""
    from landsraad.gui.packs.quick_conflict_documents import ConflictDocument, QuickDocument
    return {"character": lambda w: w.new_character(), "fief": lambda w: w.new_fief(),
            "quick-character": lambda w: _add(w, QuickDocument), "conflict": lambda w: _add(w, ConflictDocument),
            "fencer": new_fencer, "fencing-duel": new_duel}


def new_document_entries() -> list[tuple[str, str, str, object]]:
    """(pack name, kind, label, maker or None) for every kind every pack makes."""
    from landsraad.packs import list_packs
    makers = document_makers()
    return [(p.name, kind, LABELS.get(kind, kind), makers.get(kind)) for p in list_packs() for kind in p.kinds]


def install_new_from_pack(window) -> None:
    """The packs are read when the menu first opens, so the window's start reads no file for it."""
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
    for pack, kind, label, maker in entries:
        sub = packs.get(pack) or menu.addMenu(pack)
        packs[pack] = sub
        act = QAction(label, window)
        act.setObjectName(f"actionNew-{kind}")
        if maker is None:
            act.setEnabled(False)
            act.setToolTip(f"The window cannot make a {kind!r} document yet; use the command line")
        else:
            act.triggered.connect(lambda _=False, m=maker: m(window))
        sub.addAction(act)
