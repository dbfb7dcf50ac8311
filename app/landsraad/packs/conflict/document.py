"""Conflict documents: versioned JSON, written atomically (kind ``conflict``).

``{"schema_version": 1, "kind": "conflict", "pack": "dune-conflict", "app_version": …,
"conflict": {…}}``; ``to_dict``/``from_dict`` are the codec, ``save``/``load`` the file.
"""

from __future__ import annotations

from pathlib import Path

from landsraad import __version__
from landsraad.documents import codec as _codec
from landsraad.documents.strict import strict_converter
from landsraad.errors import DocumentError
from landsraad.packs.conflict.order import Conflict
from landsraad.rules.toml_loading import describe_cattrs_error

KIND = "conflict"
PACK = "dune-conflict"
SCHEMA_VERSION = 1
PHASES = ("start", "after", "extra", "choose", "round-end")

# strict: null, a string for a list, 2.7 for a whole number, "yes" for a boolean are refused (issue 28)
_converter = strict_converter()


def to_dict(c: Conflict) -> dict:
    return {
        "schema_version": SCHEMA_VERSION,
        "kind": KIND,
        "pack": PACK,
        "app_version": __version__,
        "conflict": _converter.unstructure(c),
    }


def from_dict(data, file: str = "<document>"):
    """A parsed document (any schema version this app reads), through the one codec."""
    return _codec.decode_document(data, file, expect=KIND)[1]


def _decode(data: dict, file: str):
    """An upgraded document object (the codec has checked kind and version)."""
    body = data.get("conflict")
    if not isinstance(body, dict):
        raise DocumentError(file, "missing the conflict object", "conflict")
    try:
        c = _converter.structure(body, Conflict)
    except Exception as exc:  # noqa: BLE001 - every structuring failure names the field
        raise DocumentError(file, describe_cattrs_error(exc), "conflict") from None
    _check(c, file)
    return c


def _check(c: Conflict, file: str) -> None:
    """What the state machine relies on: known phase, sides, characters; pools >= 0."""
    side_ids = {s.id for s in c.sides}
    names = {a.name for a in c.actors}
    if c.phase not in PHASES:
        raise DocumentError(file, f"unknown phase {c.phase!r}", "conflict.phase")
    if any(a.side not in side_ids for a in c.actors):
        raise DocumentError(file, "a character names a side the conflict does not have", "conflict.actors")
    if c.chooser is not None and c.chooser not in side_ids:
        raise DocumentError(file, f"unknown side {c.chooser!r}", "conflict.chooser")
    if c.current is not None and c.current not in names:
        raise DocumentError(file, f"unknown character {c.current!r}", "conflict.current")
    from landsraad.packs.conflict.assets import check_assets
    from landsraad.packs.conflict.order import ASSET_STATES

    problems = check_assets([x.asset for x in c.assets])
    if problems:
        raise DocumentError(file, problems[0], "conflict.assets")
    if any(x.state not in ASSET_STATES for x in c.assets):
        raise DocumentError(file, f"an asset's state is one of {', '.join(ASSET_STATES)}", "conflict.assets")
    if c.momentum < 0 or c.threat < 0:
        raise DocumentError(file, "Momentum and Threat are 0 or more", "conflict.momentum")
    if c.round < 1:
        raise DocumentError(file, f"the round is 1 or more, not {c.round}", "conflict.round")
    if len(names) != len(c.actors):
        raise DocumentError(file, "two characters share a name", "conflict.actors")


def dumps(c: Conflict) -> str:
    return _codec.dumps_document(KIND, c)


def loads(text: str, file: str = "<document>") -> Conflict:
    return _codec.loads_document(text, file, expect=KIND)[1]


def save(c: Conflict, path: str | Path, backup: bool = True) -> None:
    """Write atomically; the file it replaces is kept as ``path.bak``."""
    _codec.save_document(KIND, c, path, backup=backup)


def load(path: str | Path) -> Conflict:
    return _codec.load_document(path, expect=KIND)[1]
