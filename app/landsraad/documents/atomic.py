"""The one way the app writes a file: a crash never leaves it half written, and nothing
the user had is lost (documents, their ``.bak``, PDFs, recovery copies, the TOML cache).

``write_atomic(path, text_or_bytes)``:

* the bytes go to a temporary file in the same folder (so the rename stays on one file
  system), created with ``mkstemp`` (O_EXCL, an unpredictable name, never through a
  symlink), flushed and fsync'd; ``os.replace`` puts it in place in one step and the
  folder is fsync'd, so at every instant the file is the whole old or the whole new one;
* a symlinked document is written *through* the link (to its target), as editors do,
  so the link stays a link (``follow_symlinks=False`` replaces the link itself: the
  cache, where a planted link must never redirect a write);
* an existing file keeps its permission bits (a private 0600 document stays private,
  and so does its ``.bak``), never its setuid/setgid/sticky bits; a new file gets
  0666 less the umask, as ``open()`` would give it;
* ``backup=True`` first copies the old file to ``NAME.bak`` (itself written this way);
* temporary files of our own naming that a killed save left behind (older than
  ``STALE_AFTER``) are removed;
* every failure is a ``FileWriteError`` naming the file (disk full, read-only folder,
  a folder or a device where the file should be, a missing folder, an empty name), the
  temporary file is removed and the old file is left as it was.
"""

from __future__ import annotations

import errno
import os
import re
import stat
import tempfile
import time
from pathlib import Path

from landsraad.errors import FileWriteError

TMP_PREFIX = ".landsraad-"  # our temporary files: ".landsraad-NAME.XXXXXXXX.tmp"
TMP_SUFFIX = ".tmp"
# A save writes its temporary file in well under a second; one untouched for this long
# belongs to a save that was killed (another process saving right now is never touched).
STALE_AFTER = 120.0


def backup_path(path: str | os.PathLike) -> Path:
    path = Path(path)
    return path.with_name(path.name + ".bak")


def write_atomic(
    path: str | os.PathLike, data: str | bytes, *, backup: bool = False, follow_symlinks: bool = True
) -> Path:
    """Write ``data`` (text is written as UTF-8) to ``path``; returns the file written
    (the symlink's target when ``path`` is a link).  See the module docstring."""
    target = _target(path, follow_symlinks)
    blob = data if isinstance(data, bytes) else encode_text(data)
    old = _existing(target, follow_symlinks)
    mode = (old.st_mode & 0o777) if old is not None else (0o666 & ~umask())
    if backup and old is not None:
        try:
            previous = target.read_bytes()
        except OSError:
            previous = None
        if previous is not None and previous != blob:
            _replace(backup_path(target), previous, mode)
    _replace(target, blob, mode)
    return target


def encode_text(text: str) -> bytes:
    """UTF-8; a lone surrogate (pasted or decoded from bad bytes) becomes U+FFFD rather
    than stopping a save: saving never fails on the text itself."""
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return re.sub("[\ud800-\udfff]", "\ufffd", text).encode("utf-8")


def umask() -> int:
    """The process umask, read without changing it where the platform says it (Linux)."""
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o022)  # pragma: no cover - not Linux
    os.umask(mask)
    return mask


# ----- the parts ------------------------------------------------------------------------
def _target(path: str | os.PathLike, follow: bool) -> Path:
    if not os.fspath(path):
        raise FileWriteError('""', "no file name given")
    target = Path(os.fspath(path))
    if follow and target.is_symlink():
        try:
            target = Path(os.path.realpath(target, strict=True))
        except FileNotFoundError:  # a link to a file not yet there: create it
            target = Path(os.path.realpath(target))
        except OSError as exc:
            raise FileWriteError(str(path), _why(exc, "a symlink loop")) from None
    folder = target.parent
    if not folder.is_dir():
        raise FileWriteError(str(path), f"the folder {str(folder)!r} does not exist")
    return target


def _existing(target: Path, follow: bool) -> os.stat_result | None:
    try:
        st = os.stat(target, follow_symlinks=follow)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise FileWriteError(str(target), _why(exc, "cannot be examined")) from None
    if stat.S_ISDIR(st.st_mode):
        raise FileWriteError(str(target), "is a folder, not a file")
    if stat.S_ISLNK(st.st_mode):
        return None  # not following: the link itself is replaced
    if not stat.S_ISREG(st.st_mode):
        raise FileWriteError(str(target), "is not a regular file (a device or a pipe); choose a file")
    return st


def _replace(target: Path, blob: bytes, mode: int) -> None:
    folder = target.parent
    _remove_stale_temps(target)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f"{TMP_PREFIX}{target.name}.", suffix=TMP_SUFFIX, dir=folder)
    except OSError as exc:
        raise FileWriteError(str(target), _why(exc, "cannot be written")) from None
    try:
        try:
            os.fchmod(fd, mode)
        except (AttributeError, OSError):  # pragma: no cover - Windows
            pass
        with os.fdopen(fd, "wb") as fh:
            fh.write(blob)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OSError) and not isinstance(exc, FileWriteError):
            raise FileWriteError(str(target), _why(exc, "cannot be written")) from None
        raise
    _fsync_dir(folder)


def _why(exc: OSError, default: str) -> str:
    if exc.errno == errno.ENOSPC:
        return "cannot be written: the disk is full (nothing was changed)"
    if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return (
            f"cannot be written: {exc.strerror.lower() if exc.strerror else 'permission denied'} "
            "(a read-only folder or file?)"
        )
    if exc.errno == errno.ELOOP:
        return "is a symlink loop"
    if exc.errno == errno.EISDIR:
        return "is a folder, not a file"
    return f"{default}: {exc.strerror}" if exc.strerror else default


def _remove_stale_temps(target: Path) -> None:
    """Temporary files a killed save of this same file left: ours (``.landsraad-NAME.*.tmp``,
    or the ``.NAME.XXXXXXXX.tmp`` of earlier versions), regular, our own, untouched a while."""
    prefix, name, suffix = re.escape(TMP_PREFIX), re.escape(target.name), re.escape(TMP_SUFFIX)
    ours = re.compile(rf"^(?:{prefix}|\.){name}\.[a-z0-9_]{{8}}{suffix}$")
    now = time.time()
    try:
        names = [n for n in os.listdir(target.parent) if n.endswith(TMP_SUFFIX) and ours.match(n)]
    except OSError:
        return
    uid = getattr(os, "getuid", lambda: None)()
    for name in names:
        p = target.parent / name
        try:
            st = os.lstat(p)
            if stat.S_ISREG(st.st_mode) and (uid is None or st.st_uid == uid) and now - st.st_mtime > STALE_AFTER:
                os.unlink(p)
        except OSError:
            continue


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # pragma: no cover - Windows cannot open folders
        return
    try:
        os.fsync(fd)
    except OSError:  # pragma: no cover
        pass
    finally:
        os.close(fd)
