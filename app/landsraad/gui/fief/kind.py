"""The Siridar Fief's entry in the window's table of kinds (``landsraad.gui.kinds``): its
view, its Houses under it in the navigator, its roll log and the House sheet."""

from __future__ import annotations

from landsraad.gui.kinds import NavRow, ViewKind, add_new, register


def _view(doc):
    from landsraad.gui.fief.view import FiefView

    return FiefView(doc)


def _table_page(tv):
    from landsraad.gui.fief.table_page import FiefPage

    return FiefPage(tv)


def _houses(doc) -> list[NavRow]:
    return [NavRow(f"House {h.name}" + (" (players)" if h.player else ""), "doc-house", h.id) for h in doc.state.houses]


def _rolls(doc) -> list:
    """The roll log's rows: the time of day only (issue 27: ISO timestamps took the room),
    the whole roll in the tooltip."""
    from landsraad.gui.models import Row

    rows = []
    for e in reversed(doc.state.log):
        when = e.when.replace("T", " ")[:19]
        seed = "typed" if e.seed is None else str(e.seed)
        faces = " ".join(map(str, e.faces))
        rows.append(
            Row(
                (when[11:16] or when, e.who, e.why, seed, faces, e.reading),
                payload=e,
                tooltip=f"{when}\n{e.who}: {e.why}\n{faces} → {e.reading} ({seed})",
            )
        )
    return rows


def export_house_pdf(window, doc, path: str | None = None) -> bool:
    """File > Export House: the sheet of the House selected in the Fief view (else the
    first), the session's open characters counted in its household."""
    view = window.views[id(doc)]
    house = view.selected_house() or (doc.state.houses[0] if doc.state.houses else None)
    if house is None:
        return False
    from landsraad.slug import slugify

    path = window.export_path(
        doc, f"Export House {house.name} as PDF", path, stem=f"house-{slugify(house.name) or house.id}"
    )
    if not path:
        return False
    from landsraad.sheets import export_house

    try:
        export_house(doc.state, path, houses=[house.id], characters=window.open_states("character"))
    except Exception as exc:  # noqa: BLE001 - report, never crash the table's session
        window.report_error("Cannot export", str(exc))
        return False
    window.exported(path, f"Exported House {house.name}: {path}")
    return True


def _sync_households(window) -> None:
    from landsraad.gui.house_panel import sync_households

    sync_households(window)


KIND = register(
    ViewKind(
        "fief",
        _view,
        nav_label="Siridar Fief",
        icon="doc-fief",
        nav_order=0,
        nav_children=_houses,
        select_part=lambda view, hid: view.select_house(hid),
        table_page=_table_page,
        new=lambda window: add_new(window, "fief"),
        new_action="actionNewFief",
        rolls=_rolls,
        has_part_sheet=lambda doc: bool(doc.state.houses),
        export_part=export_house_pdf,
        session_changed=_sync_households,
    )
)
