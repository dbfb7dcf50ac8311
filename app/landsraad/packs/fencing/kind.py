"""The fencing pack's two kinds in the registry of document kinds
(``landsraad.documents.kinds``): a fencer and a duel between open fencers."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from landsraad.documents import kinds
from landsraad.documents.limits import MAX_COUNT, MAX_NAME, SHEET_BOXES
from landsraad.packs.fencing import document
from landsraad.packs.fencing.content import PACK_ID


def _content() -> Any:
    from landsraad.packs.fencing.content import load_fencing_content

    return load_fencing_content()


def _new_fencer(_content: Any) -> Any:
    from landsraad.packs.fencing.model import Fencer

    return Fencer(name="", fencing="good")


def _derive_fencer(fencer: Any, content: Any, _context: Mapping[str, Any]) -> dict[str, Any]:
    from landsraad.packs.fencing.validate import fencer_findings, maneuvers_allowed, maneuvers_used, skill_levels

    return {
        "findings": fencer_findings(fencer, content),
        "cost": skill_levels(fencer, content),
        "allowed": maneuvers_allowed(fencer, content),
        "used": maneuvers_used(fencer, content),
    }


def _derive_duel(duel: Any, content: Any, _context: Mapping[str, Any]) -> dict[str, Any]:
    from landsraad.packs.fencing.validate import fencer_findings

    return {
        "findings": [
            x for cb in duel.combatants for x in fencer_findings(cb.fencer, content) if x.severity.value == "error"
        ]
    }


def duel_title(duel: Any) -> str:
    return " vs ".join(cb.fencer.name or cb.side for cb in duel.combatants)


def duel_between(fencers: Any, content: Any = None, realism: int | None = None) -> Any:
    """A new duel between copies of ``fencers``, each on a side named for it (a second
    fencer of the same name gets "-2"), at the pack's default Realism unless given."""
    from landsraad.packs.fencing.duel import Combatant, Duel
    from landsraad.slug import slugify

    c = content if content is not None else _content()
    combatants: list[Any] = []
    for f in fencers:
        side = base = slugify(f.name) or "fencer"
        n = 2
        while side in [cb.side for cb in combatants]:
            side, n = f"{base}-{n}", n + 1
        combatants.append(Combatant(side, copy.deepcopy(f)))
    return Duel(combatants, realism=c.realism_default if realism is None else realism)


FENCER = kinds.register(
    kinds.DocumentKind(
        document.FENCER_KIND,
        document.SCHEMA_VERSION,
        document.fencer_body_from_json,
        document.fencer_to_json,
        label="Fencer",
        pack=PACK_ID,
        content=_content,
        new=_new_fencer,
        derive=_derive_fencer,
        title=lambda f: f.name.strip(),
        sheet="landsraad.sheets.fencing:fencer_pdf",
        session_sheet="landsraad.sheets.fencing:draw_fencer_in_session",
        session_order=2,
        field_limits={
            "wounds.*": SHEET_BOXES,
            "legendary_cost": MAX_COUNT,
            "name": MAX_NAME,
            "weapons.*.name": MAX_NAME,
        },
    )
)

DUEL = kinds.register(
    kinds.DocumentKind(
        document.DUEL_KIND,
        document.SCHEMA_VERSION,
        document._duel_body,
        document.duel_to_json,
        label="Duel of the open Fencers",
        pack=PACK_ID,
        content=_content,
        new=None,
        derive=_derive_duel,
        title=duel_title,
        sheet="landsraad.sheets.fencing:duel_pdf",
        session_sheet="landsraad.sheets.fencing:draw_duel_in_session",
        session_order=2,
        field_limits={
            "realism": MAX_COUNT,
            "round": MAX_COUNT,
            "combatants.*.initiative_penalty": MAX_COUNT,
            "combatants.*.fencer.wounds.*": SHEET_BOXES,
            "combatants.*.fencer.legendary_cost": MAX_COUNT,
            "combatants.*.fencer.name": MAX_NAME,
            "combatants.*.side": MAX_NAME,
            "combatants.*.fencer.weapons.*.name": MAX_NAME,
        },
    )
)
