"""Assets (conflict-assets.txt L5-L19): what a character or a House can use in a conflict.

The record is plain data, stored on Landsraad characters and on Houses (it lives in
``landsraad.rules.assets``, below the engines); ``parse_asset``
reads the command line's ``NAME:tangible|intangible:QUALITY[:KINDS]``, checking the form,
the Quality range and the kinds against the pack's content.
"""

from __future__ import annotations

from landsraad.errors import ChoiceError
from landsraad.rules.assets import Asset
from landsraad.rules.assets import check_assets as _check_assets


def parse_asset(spec: str, owner: str = "", content=None) -> Asset:
    """``NAME:FORM:QUALITY[:KIND,KIND]``; a bad form, Quality or kind is a ChoiceError."""
    if content is None:
        from landsraad.packs.conflict.content import load_conflict_content

        content = load_conflict_content()
    parts = spec.split(":")
    if len(parts) not in (3, 4) or not parts[0].strip():
        raise ChoiceError(f"--asset {spec!r}: write NAME:tangible|intangible:QUALITY[:KINDS]")
    name, form, quality = parts[0].strip(), parts[1].strip().lower(), parts[2].strip()
    rules = content.assets
    if form not in rules.forms:
        raise ChoiceError(f"--asset {spec!r}: the form is {' or '.join(rules.forms)}, not {form!r} (L11)")
    lo, hi = rules.quality_min, rules.quality_max
    from landsraad.documents.limits import parse_int, short

    try:
        parse_int(quality, "Quality", lo, hi)
    except ChoiceError:
        raise ChoiceError(
            f"--asset {short(spec)!r}: Quality is a whole number from {lo} to {hi}, not {short(quality)!r} (L17)"
        ) from None
    kinds: list[str] = []
    if len(parts) == 4:
        for tok in (t.strip() for t in parts[3].split(",") if t.strip()):
            kid = content.kind_id(tok)
            if kid is None:
                raise ChoiceError(
                    f"--asset {spec!r}: {tok!r} is not a kind of conflict ({', '.join(content.kinds)}) (L7, L25)"
                )
            if kid not in kinds:
                kinds.append(kid)
    return Asset(name, form, int(quality), kinds, owner)


def give_asset(holder, asset: Asset) -> None:
    """An edit: a character or a House (anything with ``assets``) gains an asset; the same
    name twice is refused (one record per asset, its Quality says how good it is)."""
    if any(a.name.lower() == asset.name.lower() for a in holder.assets):
        raise ChoiceError(f"--asset {asset.name!r}: already held; change its Quality instead of adding it twice")
    holder.assets.append(asset)


def check_assets(assets, content=None) -> list[str]:
    """Problems with stored assets (a hand-edited file): one sentence each (the rule is
    ``landsraad.rules.assets.check_assets``; here against the pack's loaded content)."""
    if content is None:
        return _check_assets(assets)
    return _check_assets(assets, content.assets, content.kinds)


def describe(a: Asset) -> str:
    """One line for sheets and lists: "Concealable knife — tangible, Quality 0 (dueling, espionage)"."""
    kinds = f" ({', '.join(a.kinds)})" if a.kinds else ""
    return f"{a.name} — {a.form}, Quality {a.quality}{kinds}"
