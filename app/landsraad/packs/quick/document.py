"""d20 character documents: versioned JSON, written atomically (kind ``quick-character``).

``to_dict``/``from_dict`` are the codec (plain dicts, so a shared codec can register
them); ``save``/``load`` add the file.  ``{"schema_version": 1, "kind": "quick-character",
"pack": "d20-quick-rules", "app_version": …, "character": {…}}``.
"""

from __future__ import annotations

import json
from pathlib import Path

import cattrs

from landsraad import __version__
from landsraad.documents.save import save_text
from landsraad.errors import DocumentError
from landsraad.packs.quick.model import QuickCharacter
from landsraad.rules.toml_loading import describe_cattrs_error

KIND = "quick-character"
PACK = "d20-quick-rules"
SCHEMA_VERSION = 1

_converter = cattrs.Converter(forbid_extra_keys=True)


def to_dict(ch: QuickCharacter) -> dict:
    return {"schema_version": SCHEMA_VERSION, "kind": KIND, "pack": PACK, "app_version": __version__,
            "character": _converter.unstructure(ch)}


def from_dict(data, file: str = "<document>") -> QuickCharacter:
    if not isinstance(data, dict):
        raise DocumentError(file, "a d20 character document is a JSON object")
    if data.get("kind") != KIND:
        raise DocumentError(file, f"not a d20 character document (kind {data.get('kind')!r})", "kind")
    version = data.get("schema_version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise DocumentError(file, "missing or non-integer version", "schema_version")
    if version > SCHEMA_VERSION:
        raise DocumentError(file, f"written by a newer Landsraad Forge (schema_version {version}); update the app",
                            "schema_version")
    body = data.get("character")
    if not isinstance(body, dict):
        raise DocumentError(file, "missing the character object", "character")
    try:
        return _converter.structure(body, QuickCharacter)
    except Exception as exc:  # noqa: BLE001 - every structuring failure names the field
        raise DocumentError(file, describe_cattrs_error(exc), "character") from None


def dumps(ch: QuickCharacter) -> str:
    return json.dumps(to_dict(ch), ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def loads(text: str, file: str = "<document>") -> QuickCharacter:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DocumentError(file, f"not valid JSON (line {exc.lineno}, column {exc.colno}): {exc.msg}") from None
    return from_dict(data, file)


def save(ch: QuickCharacter, path: str | Path, backup: bool = True) -> None:
    save_text(path, dumps(ch), backup=backup)


def load(path: str | Path) -> QuickCharacter:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DocumentError(str(path), "file not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise DocumentError(str(path), f"cannot read: {exc}") from None
    return loads(text, str(path))


# read and written through the one document codec (landsraad.documents.codec), like every kind
from landsraad.documents import codec as _codec  # noqa: E402

_codec.register_kind(KIND, SCHEMA_VERSION, from_dict, to_dict, label=KIND)
