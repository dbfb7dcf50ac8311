"""The Dune conflict's order of action in the registry of document kinds
(``landsraad.documents.kinds``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from landsraad.documents import kinds
from landsraad.documents.limits import MAX_COUNT, MAX_NAME
from landsraad.packs.conflict import document
from landsraad.packs.conflict.content import PACK_ID


def _content() -> Any:
    from landsraad.packs.conflict.content import load_conflict_content

    return load_conflict_content()


def _new(_content: Any) -> Any:
    """A conflict of one player against one adversary, to be named and filled in: the two are
    placeholders, replaced by the first real character of their side (reading joining-mid-round)."""
    from landsraad.packs.conflict.order import Actor, Conflict, Side

    return Conflict(
        name="New conflict",
        sides=[Side("players", "Players"), Side("gm", "Adversaries", gm=True)],
        actors=[Actor("Player 1", "players", placeholder=True), Actor("Adversary 1", "gm", placeholder=True)],
    )


def _derive(_conflict: Any, _content: Any, _context: Mapping[str, Any]) -> dict[str, Any]:
    return {"findings": []}  # the order of action refuses a bad move; it keeps no findings


KIND = kinds.register(
    kinds.DocumentKind(
        document.KIND,
        document.SCHEMA_VERSION,
        document._decode,
        document.to_dict,
        label="Conflict (order of action)",
        sort_keys=True,
        pack=PACK_ID,
        content=_content,
        new=_new,
        derive=_derive,
        title=lambda c: c.name.strip(),
        sheet="landsraad.sheets.conflict:conflict_pdf",
        session_sheet="landsraad.sheets.conflict:draw_in_session",
        session_order=2,
        field_limits={
            "conflict.momentum": MAX_COUNT,
            "conflict.threat": MAX_COUNT,
            "conflict.round": MAX_COUNT,
            "conflict.assets.*.asset.quality": MAX_COUNT,
            "conflict.name": MAX_NAME,
            "conflict.actors.*.name": MAX_NAME,
            "conflict.sides.*.name": MAX_NAME,
            "conflict.zones.*.name": MAX_NAME,
            "conflict.assets.*.asset.name": MAX_NAME,
        },
    )
)
