"""Character documents: versioned JSON, written atomically.

A document is ``{"schema_version": N, "kind": "character", "app_version": …, "character": {…}}``.
Older versions are upgraded step by step by ``landsraad.documents.migrations``; a
newer or unknown version, invalid JSON, a wrong type or a missing field gives a
DocumentError naming the file and the field, and the file is never touched.
"""

from __future__ import annotations

import json
from pathlib import Path

import cattrs

from landsraad import __version__
from landsraad.character.model import Character
from landsraad.documents.migrations import upgrade
from landsraad.documents.save import save_text
from landsraad.errors import DocumentError
from landsraad.rules.toml_loading import describe_cattrs_error

SCHEMA_VERSION = 1
KIND = "character"

# Unknown keys are an error on load (never silently dropped): cattrs forbids them.
_converter = cattrs.Converter(forbid_extra_keys=True)
# JSON object keys are strings; picks are keyed by choice number.
_PICKS = dict[int, list[str]]
_converter.register_structure_hook_func(
    lambda t: t == _PICKS, lambda d, _: {int(k): _str_list(v) for k, v in _check_dict(d).items()})
_converter.register_unstructure_hook_func(
    lambda t: t == _PICKS, lambda d: {str(k): list(v) for k, v in sorted(d.items())})


def _str_list(v):
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        raise TypeError("a choice's answer is a list of ids (strings)")
    return list(v)


def _check_dict(d):
    if not isinstance(d, dict):
        raise TypeError(f"expected an object, got {type(d).__name__}")
    for k in d:
        if not str(k).isdigit():
            raise ValueError(f"choice numbers are whole numbers, not {k!r}")
    return d


def to_dict(character: Character) -> dict:
    return {"schema_version": SCHEMA_VERSION, "kind": KIND, "app_version": __version__,
            "character": _converter.unstructure(character)}


def dumps(character: Character) -> str:
    # deterministic: stable key order, trailing newline (lessons-from-peers.md, Files)
    return json.dumps(to_dict(character), ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def save(character: Character, path: str | Path, backup: bool = True) -> None:
    """Write atomically; the file it replaces is kept as ``path.bak``."""
    save_text(path, dumps(character), backup=backup)


def from_dict(data, file: str = "<document>") -> Character:
    if not isinstance(data, dict):
        raise DocumentError(file, "a character document is a JSON object")
    if "kind" in data and data.get("kind") != KIND:     # another kind's version is not ours to judge
        raise DocumentError(file, f"not a character document (kind {data.get('kind')!r})", "kind")
    data = upgrade(data, KIND, SCHEMA_VERSION, file)
    if data.get("kind") != KIND:
        raise DocumentError(file, f"not a character document (kind {data.get('kind')!r})", "kind")
    body = data.get("character")
    if not isinstance(body, dict):
        raise DocumentError(file, "missing the character object", "character")
    try:
        return _converter.structure(body, Character)
    except Exception as exc:  # noqa: BLE001 - every structuring failure names the field
        raise DocumentError(file, describe_cattrs_error(exc), "character") from None


def loads(text: str, file: str = "<document>") -> Character:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DocumentError(file, f"not valid JSON (line {exc.lineno}, column {exc.colno}): {exc.msg}") from None
    return from_dict(data, file)


def load(path: str | Path) -> Character:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DocumentError(str(path), "file not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise DocumentError(str(path), f"cannot read: {exc}") from None
    return loads(text, str(path))
