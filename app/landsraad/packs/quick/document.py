"""d20 character documents: versioned JSON, written atomically (kind ``quick-character``).

``to_dict``/``from_dict`` are the codec (plain dicts, so a shared codec can register
them); ``save``/``load`` add the file.  ``{"schema_version": 1, "kind": "quick-character",
"pack": "d20-quick-rules", "app_version": …, "character": {…}}``.
"""

from __future__ import annotations

from pathlib import Path

from landsraad import __version__
from landsraad.documents import codec as _codec
from landsraad.documents.strict import strict_converter
from landsraad.errors import DocumentError
from landsraad.packs.quick.model import QuickCharacter
from landsraad.rules.toml_loading import describe_cattrs_error

KIND = "quick-character"
PACK = "d20-quick-rules"
SCHEMA_VERSION = 1

# strict: null, a string for a list, 2.7 for a whole number, "yes" for a boolean are refused (issue 28)
_converter = strict_converter()


def to_dict(ch: QuickCharacter) -> dict:
    return {
        "schema_version": SCHEMA_VERSION,
        "kind": KIND,
        "pack": PACK,
        "app_version": __version__,
        "character": _converter.unstructure(ch),
    }


def from_dict(data, file: str = "<document>"):
    """A parsed document (any schema version this app reads), through the one codec."""
    return _codec.decode_document(data, file, expect=KIND)[1]


def _decode(data: dict, file: str):
    """An upgraded document object (the codec has checked kind and version)."""
    body = data.get("character")
    if not isinstance(body, dict):
        raise DocumentError(file, "missing the character object", "character")
    try:
        return _converter.structure(body, QuickCharacter)
    except Exception as exc:  # noqa: BLE001 - every structuring failure names the field
        raise DocumentError(file, describe_cattrs_error(exc), "character") from None


def dumps(ch: QuickCharacter) -> str:
    return _codec.dumps_document(KIND, ch)


def loads(text: str, file: str = "<document>") -> QuickCharacter:
    return _codec.loads_document(text, file, expect=KIND)[1]


def save(ch: QuickCharacter, path: str | Path, backup: bool = True) -> None:
    """Write atomically; the file it replaces is kept as ``path.bak``."""
    _codec.save_document(KIND, ch, path, backup=backup)


def load(path: str | Path) -> QuickCharacter:
    return _codec.load_document(path, expect=KIND)[1]
