"""The Siridar Fief's record in the registry of document kinds (``landsraad.documents.kinds``):
how it is read and written, made, checked (its Houses' findings and scores, with the
householders of the session's open characters) and printed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from landsraad.documents import kinds
from landsraad.documents.limits import MAX_COUNT
from landsraad.house import document
from landsraad.paths import DEFAULT_PACK


def _content() -> Any:
    from landsraad.house.content import load_house_content

    return load_house_content()


def _new(_content: Any) -> Any:
    from landsraad.house.model import Fief

    return Fief()


def _upgrade_1(data: dict) -> dict:
    """Fief 1 -> 2: the monthly House turn (issue 18): month 1, an empty turn log, and an
    empty domain (Neutral, no Household) on every House."""
    from landsraad.house.domain_codec import upgrade_fief_1

    return upgrade_fief_1(data)


def _upgrade_2(data: dict) -> dict:
    """Fief 2 -> 3: a Householder records what a linked character adds and the file's stamp;
    the Fief records the Judge's Squish and Squash (issue 23)."""
    from landsraad.house.domain_codec import upgrade_fief_2

    return upgrade_fief_2(data)


def _derive(fief: Any, content: Any, context: Mapping[str, Any]) -> dict[str, Any]:
    """Findings and scores; ``context["households"]`` is House id -> its householders among
    the open characters (the window's ``house_panel.sync_households``)."""
    from landsraad.house.scores import house_scores
    from landsraad.house.validate import fief_findings, house_findings

    members = context.get("households") or {}
    fief_found = fief_findings(fief, content)
    # house findings do not name their House, so they are kept per House
    per_house = {h.id: house_findings(fief, h, content, members.get(h.id, ())) for h in fief.houses}
    return {
        "fief_findings": fief_found,
        "house_findings": per_house,
        "findings": fief_found + [f for fs in per_house.values() for f in fs],
        "scores": {h.id: house_scores(fief, h, content, members.get(h.id, ())) for h in fief.houses},
    }


KIND = kinds.register(
    kinds.DocumentKind(
        document.KIND,
        document.SCHEMA_VERSION,
        document._decode,
        document.fief_to_json,
        label="Siridar Fief",
        pack=DEFAULT_PACK,
        content=_content,
        new=_new,
        derive=_derive,
        context=lambda: {"households": {}},
        title=lambda fief: fief.name.strip(),
        sheet="landsraad.sheets.fief:fief_pdf",
        session_sheet="landsraad.sheets.fief:draw_in_session",
        session_order=0,
        session_title="Session of the Siridar Fief {names}",
        migrations={1: _upgrade_1, 2: _upgrade_2},
        field_limits={
            "month": MAX_COUNT,
            "houses.*.holdings.*.count": MAX_COUNT,
            "houses.*.assets.*.quality": MAX_COUNT,
        },
    )
)
