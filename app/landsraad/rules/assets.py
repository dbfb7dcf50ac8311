"""Assets (conflict-assets.txt L5-L19): the shared record and its check, below the engines.

A Landsraad character and a House both hold assets, and the conflict pack uses them; the
record lives here, in the rules layer, so ``character/`` and ``house/`` keep it without
importing the conflict pack (issue 24, engines in layers).  The check of a stored asset
reads the pack's ``[assets]`` table and its kinds' ids straight from the pack's data
(``content/dune-conflict/pack.toml``), not through the pack's engine; the pack's own
loader structures the same table with the same ``AssetRules`` record.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from functools import lru_cache
from pathlib import Path

import attrs

ASSETS_PACK = "dune-conflict"  # the pack whose data says what an asset may be


def _t(x: Iterable[str] | None) -> tuple[str, ...]:
    return tuple(x) if x is not None else ()


@attrs.define
class Asset:
    name: str
    form: str = "tangible"  # tangible | intangible (L11)
    quality: int = 0  # 0-4, most assets 0 (L17)
    kinds: list[str] = attrs.Factory(list)  # conflict kinds it suits: a prompt, not a limit (L9)
    owner: str = ""  # a character's name or the House's (L13, L15)
    note: str = ""  # special rules, or "details pending" (L9, L19)


@attrs.frozen
class AssetRules:
    forms: tuple[str, ...] = attrs.field(converter=_t)
    quality_min: int
    quality_max: int
    quality_default: int
    line: str
    note: str = ""


@lru_cache(maxsize=4)
def load_asset_rules(folder: str | None = None) -> tuple[AssetRules, frozenset[str]]:
    """The conflict pack's asset table and the ids of its kinds of conflict, from its data."""
    from landsraad.paths import content_dir
    from landsraad.rules.toml_loading import read_toml, structure_entry

    d = Path(folder) if folder is not None else Path(content_dir()) / ASSETS_PACK
    path = d / "pack.toml"
    raw = read_toml(path)
    rules = structure_entry(raw.get("assets", {}), AssetRules, str(path), "assets")
    return rules, frozenset(str(row.get("id", "")) for row in raw.get("kind", []))


def check_assets(
    assets: Iterable[Asset], rules: AssetRules | None = None, kinds: Collection[str] | None = None
) -> list[str]:
    """Problems with stored assets (a hand-edited file): one sentence each."""
    if rules is None or kinds is None:
        rules, kinds = load_asset_rules()
    out = []
    for a in assets:
        if a.form not in rules.forms:
            out.append(f"Asset {a.name}: the form is {' or '.join(rules.forms)}, not {a.form!r} (L11).")
        if not rules.quality_min <= a.quality <= rules.quality_max:
            out.append(f"Asset {a.name}: Quality {a.quality} is outside {rules.quality_min}-{rules.quality_max} (L17).")
        bad = [k for k in a.kinds if k not in kinds]
        if bad:
            out.append(f"Asset {a.name}: unknown kinds of conflict {', '.join(bad)} (L7, L25).")
    return out
