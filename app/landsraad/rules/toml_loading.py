"""Shared machinery for loading TOML content files into attrs classes with cattrs.

Every failure becomes a ContentError naming the file, the entry (kind + id, or
index) and the reason, so a bad content file never surfaces as a bare traceback: a
file that is a folder, a symlink loop or unreadable; TOML nested absurdly deep; a number
or a list far beyond any rule (``landsraad.documents.limits``); a value of the wrong
type (a nested array where text is expected is an error, never the text "['a']").

Parsing TOML (``tomllib`` is pure Python) is most of the time of loading the content, so
``read_toml`` keeps each file's parsed tables in the user's cache folder, keyed by a hash
of the file's bytes: an edited file is a new key, so the cache is never stale.  The cache
lives in its own subfolder (``parsed-toml/``, made private) and names its files
``toml-<hash>-<tag>.json``: it prunes only files of that name there, so pointing
``LANDSRAAD_CACHE_DIR`` at a folder of documents never deletes one.  Files are written
by ``write_atomic`` (unpredictable temporary names, never through a symlink).  An entry is
used only if it is ours (a regular file of our user), names the hash of the content file
it stands for, and holds plain data within the limits; anything else is ignored and the
TOML parsed again.  Only files that parse are cached; a cache that cannot be read or
written is ignored; it keeps the newest 128 entries.  ``LANDSRAAD_CACHE_DIR`` moves it;
``LANDSRAAD_NO_CACHE=1`` turns it off.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import re
import stat
import tomllib
from pathlib import Path
from typing import Any, TypeVar

import cattrs
from cattrs.errors import ForbiddenExtraKeysError

from landsraad.documents import limits
from landsraad.errors import ContentError

T = TypeVar("T")

# forbid_extra_keys: a misspelt field ("ammount") is an error, not silently ignored.
converter = cattrs.Converter(forbid_extra_keys=True)


def _toml_type(value) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return f"the number {value!r}"
    names: dict[type, str] = {str: "text", list: "an array", dict: "a table"}
    return names.get(type(value), type(value).__name__)


def _strict_str(value, _type) -> str:
    # cattrs' default is str(value): a nested array would become the text "['a']"
    if not isinstance(value, str):
        raise TypeError(f"must be text, not {_toml_type(value)}")
    return value


def _strict_int(value, _type) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"must be a whole number, not {_toml_type(value)}")
    return value


def _strict_bool(value, _type) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"must be true or false, not {_toml_type(value)}")
    return value


converter.register_structure_hook(str, _strict_str)
converter.register_structure_hook(int, _strict_int)
converter.register_structure_hook(bool, _strict_bool)


def read_toml(path: Path) -> dict[str, Any]:
    data = _read_bytes(path)
    source = hashlib.blake2b(data, digest_size=20).hexdigest()
    cache = _cache_file(source)
    cached = _cache_get(cache, source)
    if cached is not None and _shape_matches(data, cached):
        return cached
    try:
        parsed = tomllib.loads(data.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise ContentError(str(path), None, f"not UTF-8 text: {exc.reason} at byte {exc.start}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(str(path), None, f"not valid TOML: {exc}") from None
    except RecursionError:
        raise ContentError(str(path), None, f"not valid content: nested more than {limits.MAX_DEPTH} deep") from None
    except ValueError:  # tomllib reads numbers with int(): more than 4,300 digits
        raise ContentError(str(path), None, "not valid content: a number of more than 4,300 digits") from None
    try:  # tomllib refuses surrogates (escaped or not): no string needs searching for one
        limits.check_tree(parsed, max_int=limits.MAX_CONTENT_INT, surrogates=False)
    except limits.LimitError as exc:
        raise ContentError(str(path), exc.where or None, exc.reason) from None
    _cache_put(cache, source, parsed)
    return parsed


def _read_bytes(path: Path) -> bytes:
    file = str(path)
    try:
        st = os.stat(path)
        if stat.S_ISDIR(st.st_mode):
            raise ContentError(file, None, "is a folder, not a file")
        if st.st_size > limits.MAX_FILE_BYTES:
            raise ContentError(
                file, None, f"is {st.st_size:,} bytes; a content file is at most {limits.MAX_FILE_BYTES:,}"
            )
        with open(path, "rb") as fh:
            return fh.read(limits.MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise ContentError(file, None, "file not found") from None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise ContentError(file, None, "cannot be read: a symlink loop") from None
        if exc.errno == errno.EISDIR:
            raise ContentError(file, None, "is a folder, not a file") from None
        raise ContentError(file, None, f"cannot be read: {exc.strerror or exc}") from None


# ----- the parsed-TOML cache ------------------------------------------------------------
# JSON, not marshal or pickle: nothing read from disk can ever be more than data (issue 7).
_CACHE_TAG = "toml2"
_CACHE_SUBFOLDER = "parsed-toml"
_CACHE_PREFIX = "toml-"
# Only files of exactly this name (any tag) are the cache's own: prune touches nothing else.
_CACHE_NAME = re.compile(r"^toml-[0-9a-f]{40}-toml[0-9]+\.json$")


def _cache_dir() -> Path | None:
    if os.environ.get("LANDSRAAD_NO_CACHE"):
        return None
    env = os.environ.get("LANDSRAAD_CACHE_DIR")
    if env:
        return Path(env) / _CACHE_SUBFOLDER
    try:
        import platformdirs

        return Path(platformdirs.user_cache_dir("landsraad-forge", appauthor=False)) / _CACHE_SUBFOLDER
    except Exception:  # noqa: BLE001 - no cache folder: parse every time
        return None


def _cache_file(source: str) -> Path | None:
    folder = _cache_dir()
    if folder is None:
        return None
    return folder / f"{_CACHE_PREFIX}{source}-{_CACHE_TAG}.json"


def _ours(st: os.stat_result) -> bool:
    uid = getattr(os, "getuid", lambda: None)()
    return uid is None or st.st_uid == uid


def _cache_get(file: Path | None, source: str) -> dict[str, Any] | None:
    """The entry's data, or None when there is none or it is not to be trusted."""
    if file is None:
        return None
    try:
        st = os.lstat(file)
        # a regular file of our own user, in a folder nobody else may write: never a
        # planted link or another user's file
        if not stat.S_ISREG(st.st_mode) or not _ours(st) or st.st_mode & 0o022:
            return None
        if st.st_size > limits.MAX_FILE_BYTES:
            return None
        blob = file.read_bytes()
        entry = json.loads(blob)
    except (OSError, ValueError, TypeError, RecursionError):
        return None
    if not (
        isinstance(entry, dict)
        and entry.get("tag") == _CACHE_TAG
        and entry.get("source") == source
        and isinstance(entry.get("data"), dict)
    ):
        return None
    try:
        limits.check_tree(entry["data"], max_int=limits.MAX_CONTENT_INT, surrogates=limits.may_hold_surrogates(blob))
    except limits.LimitError:
        return None
    return entry["data"]


_HEADER = re.compile(rb"^[ \t]*\[(\[?)[ \t]*([A-Za-z0-9_-]+)[ \t]*(\.|\]\]?)", re.MULTILINE)


def _shape_matches(source: bytes, data: dict[str, Any]) -> bool:
    """A cache entry with the right tag and hash but other data (planted, or written by a
    broken version) is not trusted (issue 28): the tables the TOML text declares must be
    the entry's, and each ``[[name]]`` array must have as many entries as the text has
    headers.  Cheap (one scan of the bytes); a mismatch only costs a parse."""
    arrays: dict[str, int] = {}
    for m in _HEADER.finditer(source):
        name = m.group(2).decode()
        if name not in data:
            return False
        if m.group(1) and m.group(3) == b"]]":
            arrays[name] = arrays.get(name, 0) + 1
    return all(isinstance(data[k], list) and len(data[k]) == n for k, n in arrays.items())


def _cache_put(file: Path | None, source: str, parsed: dict[str, Any]) -> None:
    if file is None:
        return
    from landsraad.documents.atomic import write_atomic

    try:
        # TypeError for what JSON cannot hold (TOML dates): such a file is parsed every time
        blob = json.dumps({"tag": _CACHE_TAG, "source": source, "data": parsed}).encode()
        folder = file.parent
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        st = os.lstat(folder)
        if not stat.S_ISDIR(st.st_mode) or not _ours(st):
            return  # a link or someone else's folder: no cache
        write_atomic(file, blob, follow_symlinks=False)  # readers see the whole file or none
        _prune(folder)
    except (OSError, ValueError, TypeError):
        pass


_CACHE_KEEP = 128  # files: the shipped pack has 14; edited versions come and go


def _prune(folder: Path) -> None:
    entries = []
    for p in folder.iterdir():
        if _CACHE_NAME.match(p.name):
            try:
                st = os.lstat(p)
            except OSError:
                continue
            if stat.S_ISREG(st.st_mode):
                entries.append((st.st_mtime, p))
    entries.sort()
    for _, old in entries[:-_CACHE_KEEP]:
        old.unlink(missing_ok=True)


def describe_cattrs_error(exc: BaseException) -> str:
    """Turn cattrs' nested exception groups into one readable reason, each part led by the
    path of the field at fault (``extras[0].levels: must be a whole number, not …``)."""
    if isinstance(exc, ForbiddenExtraKeysError):
        return "unknown field(s): " + ", ".join(sorted(exc.extra_fields))
    if isinstance(exc, KeyError):
        return f"missing field {exc.args[0]!r}"
    if isinstance(exc, ExceptionGroup):
        return "; ".join(_with_path(sub) for sub in exc.exceptions)
    return str(exc) or exc.__class__.__name__


def _with_path(exc: BaseException, prefix: str = "") -> str:
    """One leaf of cattrs' exception tree per part, its path gathered from the notes
    ("Structuring class Foo @ attribute bar", "Structuring list[...] @ index 0")."""
    step = ""
    for note in getattr(exc, "__notes__", []):
        if "@ attribute" in note:
            step = "." + note.split("@ attribute", 1)[1].strip()
        elif "@ index" in note:
            step = f"[{note.split('@ index', 1)[1].strip()}]"
    path = (prefix + step).lstrip(".")
    if isinstance(exc, ExceptionGroup) and not isinstance(exc, ForbiddenExtraKeysError):
        return "; ".join(_with_path(sub, prefix + step) for sub in exc.exceptions)
    inner = describe_cattrs_error(exc)
    return f"{path}: {inner}" if path else inner


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
