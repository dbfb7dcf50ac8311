"""The d20 Quick Rules character in the registry of document kinds (``landsraad.documents.kinds``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from landsraad.documents import kinds
from landsraad.documents.limits import MAX_COUNT, MAX_NAME, SHEET_BOXES
from landsraad.packs.quick import document
from landsraad.packs.quick.content import PACK_ID


def _content() -> Any:
    from landsraad.packs.quick.content import load_quick_content

    return load_quick_content()


def _new(_content: Any) -> Any:
    from landsraad.packs.quick.model import QuickCharacter

    return QuickCharacter()


def _derive(character: Any, content: Any, _context: Mapping[str, Any]) -> dict[str, Any]:
    from landsraad.packs.quick.validate import validate

    return {"findings": validate(character, content)}


KIND = kinds.register(
    kinds.DocumentKind(
        document.KIND,
        document.SCHEMA_VERSION,
        document._decode,
        document.to_dict,
        label="d20 character",
        sort_keys=True,
        pack=PACK_ID,
        content=_content,
        new=_new,
        derive=_derive,
        title=lambda ch: ch.name.strip(),
        sheet="landsraad.sheets.quick:quick_pdf",
        session_sheet="landsraad.sheets.quick:draw_in_session",
        session_order=2,
        field_limits={
            "character.defense": MAX_COUNT,
            "character.hindrance": MAX_COUNT,
            "character.temporary_hindrance": MAX_COUNT,
            "character.traits.*": SHEET_BOXES,
            "character.weapons.*.deadly": SHEET_BOXES,
            "character.name": MAX_NAME,
            "character.specialties.*": MAX_NAME,
            "character.weapons.*.name": MAX_NAME,
        },
    )
)
