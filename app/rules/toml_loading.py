"""Shared machinery for loading TOML content files into attrs classes with cattrs.

Every failure becomes a ContentError naming the file, the entry (kind + id, or
index) and the reason, so a bad content file never surfaces as a bare traceback.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, TypeVar

import cattrs
from cattrs.errors import ClassValidationError, ForbiddenExtraKeysError

from landsraad.errors import ContentError

T = TypeVar("T")

# forbid_extra_keys: a misspelt field ("ammount") is an error, not silently ignored.
converter = cattrs.Converter(forbid_extra_keys=True)


def read_toml(path: Path) -> dict[str, Any]:
    try:
        with open(path, "rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise ContentError(str(path), None, "file not found") from None
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(str(path), None, f"not valid TOML: {exc}") from None


def describe_cattrs_error(exc: BaseException) -> str:
    """Turn cattrs' nested exception groups into one readable reason."""
    if isinstance(exc, ForbiddenExtraKeysError):
        return "unknown field(s): " + ", ".join(sorted(exc.extra_fields))
    if isinstance(exc, ClassValidationError):
        notes = []
        for sub in exc.exceptions:
            where = ""
            for note in getattr(sub, "__notes__", []):
                # cattrs notes read "Structuring class Foo @ attribute bar"
                if "@ attribute" in note:
                    where = note.split("@ attribute", 1)[1].strip()
            inner = describe_cattrs_error(sub)
            notes.append(f"{where}: {inner}" if where else inner)
        return "; ".join(notes)
    if isinstance(exc, KeyError):
        return f"missing field {exc.args[0]!r}"
    if isinstance(exc, ExceptionGroup):
        return "; ".join(describe_cattrs_error(e) for e in exc.exceptions)
    return str(exc) or exc.__class__.__name__


def structure_entry(data: Any, cls: type[T], file: str, entry: str) -> T:
    try:
        return converter.structure(data, cls)
    except Exception as exc:  # noqa: BLE001 - every structuring failure is a content error
        raise ContentError(file, entry, describe_cattrs_error(exc)) from None


def structure_list(raw: dict[str, Any], key: str, cls: type[T], path: Path) -> list[T]:
    """Structure raw[key] (a list of tables) into cls, naming each entry by its id."""
    items = raw.get(key)
    if items is None:
        raise ContentError(str(path), None, f"no [[{key}]] entries")
    if not isinstance(items, list):
        raise ContentError(str(path), key, "must be an array of tables")
    out: list[T] = []
    seen: set[str] = set()
    for index, item in enumerate(items):
        ident = item.get("id") if isinstance(item, dict) else None
        name = f"{key} {ident!r}" if ident else f"{key} #{index + 1}"
        obj = structure_entry(item, cls, str(path), name)
        ident = getattr(obj, "id", None)
        if ident is not None:
            if ident in seen:
                raise ContentError(str(path), name, f"duplicate id {ident!r}")
            seen.add(ident)
        out.append(obj)
    return out
