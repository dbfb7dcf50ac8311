"""Shared machinery for loading TOML content files into attrs classes with cattrs.

Every failure becomes a ContentError naming the file, the entry (kind + id, or
index) and the reason, so a bad content file never surfaces as a bare traceback.

Parsing TOML (``tomllib`` is pure Python) is most of the time of loading the content, so
``read_toml`` keeps each file's parsed tables in the user's cache folder, keyed by a hash
of the file's bytes: an edited file is a new
key, so the cache is never stale.  Only files that parse are cached; a cache that cannot
be read or written is ignored; it keeps the newest 128 files.  ``LANDSRAAD_CACHE_DIR`` moves it; ``LANDSRAAD_NO_CACHE=1``
turns it off.
"""

from __future__ import annotations

import hashlib
import json
import os
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
            data = fh.read()
    except FileNotFoundError:
        raise ContentError(str(path), None, "file not found") from None
    cache = _cache_file(data)
    cached = _cache_get(cache)
    if cached is not None:
        return cached
    try:
        parsed = tomllib.loads(data.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise ContentError(str(path), None, f"not UTF-8 text: {exc.reason} at byte {exc.start}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(str(path), None, f"not valid TOML: {exc}") from None
    _cache_put(cache, parsed)
    return parsed


# ----- the parsed-TOML cache ------------------------------------------------------------
# JSON, not marshal or pickle: nothing read from disk can ever be more than data (issue 7).
_CACHE_TAG = "toml1"


def _cache_dir() -> Path | None:
    if os.environ.get("LANDSRAAD_NO_CACHE"):
        return None
    env = os.environ.get("LANDSRAAD_CACHE_DIR")
    if env:
        return Path(env)
    try:
        import platformdirs
        return Path(platformdirs.user_cache_dir("landsraad-forge", appauthor=False)) / "toml"
    except Exception:  # noqa: BLE001 - no cache folder: parse every time
        return None


def _cache_file(data: bytes) -> Path | None:
    folder = _cache_dir()
    if folder is None:
        return None
    return folder / f"{hashlib.blake2b(data, digest_size=20).hexdigest()}-{_CACHE_TAG}.json"


def _cache_get(file: Path | None) -> dict[str, Any] | None:
    if file is None:
        return None
    try:
        value = json.loads(file.read_bytes())
    except (OSError, ValueError, TypeError):
        return None
    return value if isinstance(value, dict) else None


def _cache_put(file: Path | None, parsed: dict[str, Any]) -> None:
    if file is None:
        return
    try:
        blob = json.dumps(parsed).encode()   # TypeError for what JSON cannot hold (TOML dates)
        file.parent.mkdir(parents=True, exist_ok=True)
        tmp = file.with_name(f"{file.name}.{os.getpid()}.tmp")
        tmp.write_bytes(blob)
        os.replace(tmp, file)             # readers see the whole file or none
        _prune(file.parent)
    except (OSError, ValueError, TypeError):
        pass


_CACHE_KEEP = 128     # files: the shipped pack has 14; edited versions come and go


def _prune(folder: Path) -> None:
    entries = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime)
    for old in entries[:-_CACHE_KEEP]:
        old.unlink(missing_ok=True)


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
