"""The one way a Landsraad Forge document is read and written.

    kind, document = load_document("hero.json")            # ("character", Character)
    kind, document = load_document("venhei.json", expect="fief")
    save_document("fief", fief, "venhei.json")              # atomic, keeps venhei.json.bak

A document is a JSON object ``{"schema_version": N, "kind": K, "app_version": …, …}``.
Reading goes: the file's bytes (bounded, ``limits.MAX_FILE_BYTES``) → JSON (nesting and
numbers bounded, lone surrogates refused: ``limits.check_tree``) → the kind's registry
entry → ``migrations.upgrade()`` to the kind's current schema version → the kind's
``decode``.  Every failure is a ``DocumentError`` in one wording, naming the file and,
where there is one, the field: unreadable, not JSON, not a Landsraad Forge document, the
wrong kind, too new.  Writing is ``encode`` → JSON text → ``write_atomic``.

The kinds are the registry's (``landsraad.documents.kinds``): each engine folder registers
its record from its ``kind`` module, imported on first use, so importing this module costs
nothing.  A kind's migrations are in ``migrations.MIGRATIONS[kind]``.

``check_export_output`` and ``check_new_document_output`` are the Qt-free checks that
an output path never replaces a document (the window and the command line both call
them).
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from landsraad.documents import kinds as _registry
from landsraad.documents import limits
from landsraad.documents.atomic import backup_path, encode_text, write_atomic
from landsraad.documents.kinds import DocumentKind
from landsraad.documents.migrations import upgrade
from landsraad.errors import DocumentError, FileWriteError

__all__ = [
    "Kind",
    "backup_path",
    "check_export_output",
    "check_readable",
    "check_new_document_output",
    "decode_document",
    "document_kind",
    "dumps_document",
    "encode_document",
    "is_landsraad_document",
    "kinds",
    "load_document",
    "loads_document",
    "parse_json",
    "read_text",
    "register_kind",
    "save_document",
    "write_atomic",
    "write_back",
]


# One record per kind (``landsraad.documents.kinds``): the codec reads its first fields.
Kind = DocumentKind
_KINDS: dict[str, DocumentKind] = _registry._KINDS


def register_kind(
    name: str,
    schema_version: int,
    decode: Callable[[dict, str], Any],
    encode: Callable[[Any], dict],
    label: str = "",
    sort_keys: bool = False,
) -> DocumentKind:
    """A kind the codec reads and writes, with nothing else known of it (a test's, a
    script's); the app's kinds register a whole record from their engine folders."""
    kind = DocumentKind(name, schema_version, decode, encode, label or name, sort_keys)
    _KINDS[name] = kind
    return kind


def kinds() -> list[str]:
    """Every kind this app reads (every engine's, and whatever was registered)."""
    _registry.discover()
    return sorted(set(_KINDS) | set(_registry._KINDS))


def kind_entry(name: str) -> DocumentKind | None:
    return _KINDS.get(name) or _registry.get(name)


# ----- reading ------------------------------------------------------------------------------
def read_text(path: str | os.PathLike, max_bytes: int = limits.MAX_FILE_BYTES) -> str:
    """The file as UTF-8 text; DocumentError naming the file for anything else (missing,
    a folder, a device, a symlink loop, unreadable, too big, not UTF-8)."""
    file = os.fspath(path)
    if not file:
        raise DocumentError('""', "no file name given")
    try:
        st = os.stat(file)
        if stat.S_ISDIR(st.st_mode):
            raise DocumentError(file, "is a folder, not a file")
        if not stat.S_ISREG(st.st_mode):
            raise DocumentError(file, "is not a regular file")
        if st.st_size > max_bytes:
            raise DocumentError(file, f"is {st.st_size:,} bytes; a document is at most {max_bytes:,}")
        with open(file, "rb") as fh:
            blob = fh.read(max_bytes + 1)
    except FileNotFoundError:
        raise DocumentError(file, "file not found") from None
    except OSError as exc:
        raise DocumentError(file, _read_error(exc)) from None
    if len(blob) > max_bytes:
        raise DocumentError(file, f"is more than {max_bytes:,} bytes; a document is at most {max_bytes:,}")
    try:
        return blob.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise DocumentError(file, f"not UTF-8 text (byte {exc.start + 1})") from None


def _read_error(exc: OSError) -> str:
    import errno

    if exc.errno == errno.ELOOP:
        return "cannot read: a symlink loop"
    if exc.errno == errno.EISDIR:
        return "is a folder, not a file"
    return f"cannot read: {exc.strerror or exc}"


def parse_json(text: str, file: str = "<document>") -> Any:
    """JSON text to data, bounded: nesting, numbers, sizes and lone surrogates are
    refused with a DocumentError (Python's parser would die or take minutes on them)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        # json's own messages end "... starting at" (the position follows in its str()):
        # the line and column are given here, so the dangling words go ("starting at at line")
        msg = re.sub(r"\s+(?:starting\s+)?at$", "", exc.msg)
        raise DocumentError(file, f"not valid JSON (line {exc.lineno}, column {exc.colno}): {msg}") from None
    except RecursionError:
        raise DocumentError(file, f"not a Landsraad Forge document: nested more than {limits.MAX_DEPTH} deep") from None
    except ValueError:  # a number of more than 4,300 digits (int_max_str_digits)
        raise DocumentError(file, "holds a number of more than 4,300 digits; not a Landsraad Forge document") from None
    try:
        limits.check_tree(data, surrogates=limits.may_hold_surrogates(text))
    except limits.LimitError as exc:
        raise DocumentError(file, exc.reason, exc.where or None) from None
    return data


def decode_document(data: Any, file: str = "<document>", expect: str | Iterable[str] | None = None) -> tuple[str, Any]:
    """A parsed JSON value to ``(kind, document)``: the kind checked, upgraded, decoded."""
    if not isinstance(data, dict):
        raise DocumentError(file, "not a Landsraad Forge document: a document is an object ({…}) in JSON")
    raw_kind = data.get("kind")
    entry = kind_entry(raw_kind) if isinstance(raw_kind, str) else None
    if entry is None:
        raise DocumentError(
            file,
            f"not a Landsraad Forge document (kind {_short(repr(raw_kind))}; this app reads {', '.join(kinds())})",
            "kind",
        )
    kind_name = entry.name
    wanted = [expect] if isinstance(expect, str) else list(expect or [])
    if wanted and kind_name not in wanted:
        names = " or ".join(f"{w} document" for w in wanted)
        raise DocumentError(file, f"this is a {kind_name} document, not a {names}", "kind")
    data = upgrade(data, kind_name, entry.schema_version, file)
    try:  # the counts and names a view shows (spin boxes, boxes, labels), bounded where read
        limits.check_fields(data, entry.field_limits)
    except limits.LimitError as exc:
        raise DocumentError(file, exc.reason, exc.where or None) from None
    return kind_name, entry.decode(data, file)


def loads_document(text: str, file: str = "<document>", expect: str | Iterable[str] | None = None) -> tuple[str, Any]:
    return decode_document(parse_json(text, file), file, expect)


def load_document(path: str | os.PathLike, expect: str | Iterable[str] | None = None) -> tuple[str, Any]:
    """Read a document file: ``(kind, document)``; DocumentError naming the file otherwise."""
    file = os.fspath(path)
    return loads_document(read_text(file), file, expect)


def _short(text: str, n: int = 60) -> str:
    return text if len(text) <= n else text[: n - 3] + "..."


# ----- writing ------------------------------------------------------------------------------
def encode_document(kind: str, document: Any) -> dict:
    entry = kind_entry(kind)
    if entry is None:
        raise DocumentError("<document>", f"unknown kind {kind!r}", "kind")
    return entry.encode(document)


def dumps_document(kind: str, document: Any) -> str:
    """Deterministic JSON text: the kind's key order, two-space indent, a trailing newline."""
    entry = kind_entry(kind)
    assert entry is not None, kind
    return json.dumps(entry.encode(document), ensure_ascii=False, indent=2, sort_keys=entry.sort_keys) + "\n"


def save_document(kind: str, document: Any, path: str | os.PathLike, backup: bool = True) -> Path:
    """Write atomically; the file it replaces is kept as ``path.bak``.  The text is first
    read back as the reader would (its limits, its decoding): a document this app would
    refuse to open is never written (FileWriteError naming the field; nothing changed)."""
    blob = encode_text(dumps_document(kind, document))  # as written: a lone surrogate is U+FFFD
    check_readable(kind, blob.decode("utf-8"), os.fspath(path))
    return write_atomic(path, blob, backup=backup)


def check_readable(kind: str, text: str, file: str = "<document>") -> None:
    """Refuse (FileWriteError) a document text that ``load_document`` would refuse: a
    command or an edit made a number or a list beyond the reader's limits."""
    try:
        loads_document(text, file or "<document>", expect=kind)
    except DocumentError as exc:
        where = f"{exc.field}: " if exc.field else ""
        raise FileWriteError(
            file or '""', f"not written: the result could not be opened again ({where}{exc.reason})"
        ) from None


def write_back(kind: str, document: Any, path: str | os.PathLike) -> Path:
    """A command's changed document, written back to its input or to ``-o``: the file it
    replaces must be a document of the same kind (``guards.check_write_back``)."""
    from landsraad.documents.guards import check_write_back

    check_write_back(path, kind)
    return save_document(kind, document, path)


# ----- outputs that must never replace a document ---------------------------------------------
def is_landsraad_document(path: str | os.PathLike) -> bool:
    """Does ``path`` hold a Landsraad Forge document (any kind, any version, a ``.bak``
    or a recovery copy)?  Read, not guessed from the name; a file that cannot be read
    as one is not one."""
    return document_kind(path) is not None


def document_kind(path: str | os.PathLike) -> str | None:
    """The kind a Landsraad Forge document file names (read, not decoded: an output about
    to be replaced is checked by it); None for a file that cannot be read as one."""
    try:
        data = parse_json(read_text(path), os.fspath(path))
    except DocumentError:
        return None
    if (
        isinstance(data, dict)
        and isinstance(data.get("kind"), str)
        and ("schema_version" in data or "document" in data)
    ):
        return str(data["kind"])
    return None


def _same_file(a: str | os.PathLike, b: str | os.PathLike) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.realpath(a) == os.path.realpath(b)


def _same_inode(a: str | os.PathLike, b: str | os.PathLike) -> bool:
    """A hard link to the input is the input (st_dev and st_ino, whatever the names)."""
    try:
        sa, sb = os.stat(a), os.stat(b)
    except OSError:
        return False
    return (sa.st_dev, sa.st_ino) == (sb.st_dev, sb.st_ino)


def _check_writable_place(output: str | os.PathLike) -> Path:
    if not os.fspath(output):
        raise FileWriteError('""', "no file name given")
    out = Path(os.fspath(output))
    real = Path(os.path.realpath(out))
    if real.is_dir():
        raise FileWriteError(str(out), "is a folder, not a file")
    if not real.parent.is_dir():
        raise FileWriteError(str(out), f"the folder {str(real.parent)!r} does not exist")
    if real.exists() and not real.is_file():
        raise FileWriteError(str(out), "is not a regular file (a device or a pipe); choose a file")
    return out


def check_export_output(output: str | os.PathLike, inputs: Iterable[str | os.PathLike] = ()) -> Path:
    """Refuse (FileWriteError) an export's output that is one of its input documents or any
    existing Landsraad Forge document; an earlier PDF, or any other file, may be replaced."""
    out = _check_writable_place(output)
    for given in inputs:
        if given and (_same_file(out, given) or _same_inode(out, given)):
            same = os.fspath(given) == os.fspath(output)
            raise FileWriteError(
                str(out),
                ("is the document being exported" if same else f"is the document {os.fspath(given)!r}, being exported")
                + "; the PDF would replace it (choose a .pdf name)",
            )
    if out.exists() and is_landsraad_document(out):
        raise FileWriteError(str(out), "is a Landsraad Forge document; the PDF would replace it (choose a .pdf name)")
    return out


def check_new_document_output(output: str | os.PathLike, force: bool = False) -> Path:
    """Refuse (FileWriteError) writing a new document over an existing file that is not a
    Landsraad Forge document (a photo, a spreadsheet), unless ``force``; a document may be
    replaced (its old version is kept as ``.bak``)."""
    out = _check_writable_place(output)
    if out.exists() and not force and not is_landsraad_document(out):
        raise FileWriteError(
            str(out), "exists and is not a Landsraad Forge document; not replaced (use --force to replace it)"
        )
    return out
