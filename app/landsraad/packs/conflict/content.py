"""Load ``content/dune-conflict/pack.toml``: asset forms, the Quality range, the kinds of
conflict (with their aliases), and what the order of action costs."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal

import attrs

from landsraad.rules.assets import AssetRules
from landsraad.rules.toml_loading import read_toml, structure_entry

PACK_ID = "dune-conflict"


def _t(x):
    return tuple(x) if x is not None else ()


@attrs.frozen
class ConflictKind:
    id: str
    name: str
    zones: Literal["linked", "free-floating"]
    line: str
    aliases: tuple[str, ...] = attrs.field(default=(), converter=_t)
    note: str = ""


@attrs.frozen
class OrderRules:
    keep_cost: int
    extra_action_difficulty: int
    npc_first_cost: int
    next_round_cost: int
    line: str


@attrs.frozen
class Reading:
    id: str
    rule: str
    choice: str
    line: str
    note: str = ""


@attrs.frozen
class ConflictContent:
    assets: AssetRules
    kinds: dict[str, ConflictKind]
    order: OrderRules
    readings: tuple[Reading, ...]

    def kind_id(self, token: str) -> str | None:
        """A kind's id from its id, name or an alias ("negotiation" -> "intrigue")."""
        from landsraad.slug import slugify

        key = slugify(token)
        for k in self.kinds.values():
            if key == k.id or key in (slugify(a) for a in k.aliases):
                return k.id
        return None


@lru_cache(maxsize=4)
def load_conflict_content(folder: str | None = None) -> ConflictContent:
    if folder is None:
        from landsraad.packs import pack_dir

        d = pack_dir(PACK_ID)
    else:
        d = Path(folder)
    path = d / "pack.toml"
    raw = read_toml(path)
    f = str(path)
    kinds = {}
    for i, row in enumerate(raw.get("kind", [])):
        k = structure_entry(row, ConflictKind, f, f"kind {row.get('id', i + 1)}")
        kinds[k.id] = k
    return ConflictContent(
        assets=structure_entry(raw.get("assets", {}), AssetRules, f, "assets"),
        kinds=kinds,
        order=structure_entry(raw.get("order", {}), OrderRules, f, "order"),
        readings=tuple(
            structure_entry(r, Reading, f, f"reading {r.get('id', i + 1)}")
            for i, r in enumerate(raw.get("reading", []))
        ),
    )
