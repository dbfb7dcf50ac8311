"""The character's record in the registry of document kinds (``landsraad.documents.kinds``):
how it is read and written, made, checked and printed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from landsraad.character import document
from landsraad.documents import kinds
from landsraad.paths import DEFAULT_PACK


def _content() -> Any:
    from landsraad.rules.content import load_content

    return load_content()


def _new(_content: Any) -> Any:
    from landsraad.character.model import Character

    return Character()


def _upgrade_1(data: dict) -> dict:
    """Character 1 -> 2: the character in play (issue 25): unhurt (no damage, no
    Complications, no uses spent) and an empty log of the evening."""
    body = data.get("character")
    if isinstance(body, dict):
        body = dict(body)
        body.setdefault("condition", {})
        body.setdefault("log", [])
        data["character"] = body
    return data


def _derive(character: Any, content: Any, _context: Mapping[str, Any]) -> dict[str, Any]:
    from landsraad.character.validate import validate

    sheet, findings = validate(character, content)
    return {"sheet": sheet, "findings": findings}


KIND = kinds.register(
    kinds.DocumentKind(
        document.KIND,
        document.SCHEMA_VERSION,
        document._decode,
        document.to_dict,
        label="Character",
        sort_keys=True,
        pack=DEFAULT_PACK,
        content=_content,
        new=_new,
        derive=_derive,
        title=lambda ch: ch.name.strip(),
        sheet="landsraad.sheets.character:character_pdf",
        session_sheet="landsraad.sheets.character:draw_in_session",
        session_order=1,
        migrations={1: _upgrade_1},
    )
)
