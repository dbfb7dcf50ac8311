"""File > New: the form's entries, the kinds' own entries and File > New from pack (every
kind every pack makes, the packs discovered), each made by its ``ViewKind``
(``landsraad.gui.kinds``).  The main window owns what these return."""

from __future__ import annotations

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu


def connect_form_actions(window) -> None:
    """The form's File > New actions (New Character, New Siridar Fief) make their kind's document."""
    from landsraad.gui.kinds import view_kinds

    for vk in view_kinds():
        action = getattr(window.ui, vk.new_action, None) if vk.new_action else None
        if action is not None:
            action.triggered.connect(lambda _=False, k=vk.kind: window.new_document(k))


def add_kind_actions(window) -> dict[str, QAction]:
    """The File > New entries a kind has of its own (New Fencer, New Duel), after the form's
    last New entry; key -> action."""
    from landsraad.gui.kinds import view_kinds

    menu = window.ui.menuFile
    actions = menu.actions()
    news = [a for a in actions if a.objectName().startswith("actionNew")]
    anchor = news[-1] if news else None
    after = actions[actions.index(anchor) + 1] if anchor is not None and anchor in actions[:-1] else None
    out: dict[str, QAction] = {}
    for vk in view_kinds():
        if not vk.menu_text:
            continue
        act = QAction(vk.menu_text, window)
        act.triggered.connect(lambda _=False, k=vk.kind: window.new_document(k))
        menu.insertAction(after, act) if after else menu.addAction(act)
        out[vk.menu_key or vk.kind] = act
    return out


def new_document_entries() -> list[tuple[str, str, str, bool]]:
    """(pack name, kind, label, whether the window makes it) for every kind every pack makes."""
    from landsraad.documents import kinds
    from landsraad.gui.kinds import view_kind
    from landsraad.packs import list_packs

    out = []
    for p in list_packs():
        for kind in p.kinds:
            record, vk = kinds.get(kind), view_kind(kind)
            out.append((p.name, kind, record.label if record else kind, bool(vk and vk.new)))
    return out


def add_new_from_pack(window) -> QMenu:
    """File > New from pack, first in the File menu; the packs are read when it first opens,
    so the window's start reads no file for it."""
    menu = window.ui.menuFile.addMenu("&New from pack")
    first = window.ui.menuFile.actions()[0] if window.ui.menuFile.actions() else None
    if first is not None:
        window.ui.menuFile.insertMenu(first, menu)
    menu.aboutToShow.connect(lambda: fill_new_menu(window, menu))
    return menu


def fill_new_menu(window, menu: QMenu) -> None:
    if menu.actions():
        return
    try:
        entries = new_document_entries()
    except Exception as exc:  # noqa: BLE001 - a broken pack.toml must not stop the window
        act = menu.addAction(f"Packs unreadable: {exc}")
        act.setEnabled(False)
        return
    packs: dict[str, QMenu] = {}
    for pack, kind, label, makeable in entries:
        sub = packs.get(pack) or menu.addMenu(pack)
        packs[pack] = sub
        act = QAction(label, window)
        act.setObjectName(f"actionNew-{kind}")
        if not makeable:
            act.setEnabled(False)
            act.setToolTip(f"The window cannot make a {kind!r} document yet; use the command line")
        else:
            act.triggered.connect(lambda _=False, k=kind: window.new_document(k))
        sub.addAction(act)
