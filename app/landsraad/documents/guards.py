"""The guards every write of a document goes through, written once (issue 28).

    check_write_back("venhei.json", "fief")      # refuse a photo, a character, a folder
    with locked(["venhei.json"]):                 # one writer at a time (a lock file beside it)
        fief = load_fief(...); edit(fief); write_back("fief", fief, "venhei.json")
    s = stamp(path); ...; if stamp(path) != s: ...   # the window: changed on disk since opened?

* ``check_write_back``: a command that changes a document writes it back to the input
  or to ``-o``; the file it replaces must be a document of the same kind (a ``.json``
  photo, a spreadsheet, a character where a Fief goes: refused, nothing changed).
* ``locked``: an ``fcntl`` lock on ``.NAME.lock`` beside each document, held for the whole
  read-modify-write, so two processes ending the month of one Fief never lose a month.
  A second writer waits (``timeout`` seconds) and is then refused with a clear message.
  The lock file is removed on release; a waiter that wakes on a removed file tries again.
* ``stamp``: mtime, size, inode and device; the window compares it before every save.

These are plain functions: the command line, the window's documents and the document
kinds' registry call them; none of them imports Qt.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import time
from collections.abc import Iterable, Iterator
from pathlib import Path

from landsraad.errors import FileWriteError

__all__ = ["LOCK_WAIT", "ChangedOnDisk", "Stamp", "check_write_back", "lock_path", "locked", "save_checked", "stamp"]

# How long a second writer waits for the first (a command's read-modify-write takes well
# under a second; the window's save of a 500-House Fief about one).
LOCK_WAIT = 20.0

Stamp = tuple[int, int, int, int]  # (mtime_ns, size, inode, device)


def check_write_back(path: str | os.PathLike, kind: str, label: str = "") -> Path:
    """The file a write-back command is about to replace: none yet, or a ``kind``
    document.  FileWriteError otherwise (nothing is written)."""
    from landsraad.documents.codec import document_kind, kind_entry

    name = os.fspath(path)
    if not name:
        raise FileWriteError('""', "no file name given")
    out = Path(name)
    try:
        st = os.stat(out)
    except FileNotFoundError:
        return out
    except OSError as exc:
        raise FileWriteError(name, f"cannot be examined: {exc.strerror or exc}") from None
    if stat.S_ISDIR(st.st_mode):
        raise FileWriteError(name, "is a folder, not a file")
    if not stat.S_ISREG(st.st_mode):
        raise FileWriteError(name, "is not a regular file (a device or a pipe); choose a file")
    found = document_kind(out)
    if found == kind:
        return out
    entry = kind_entry(kind)
    mine = label or (entry.label if entry is not None else kind)
    if found is None:
        raise FileWriteError(
            name, f"is not a Landsraad Forge document; it is not replaced by a {mine} (choose another -o)"
        )
    other = kind_entry(found)
    theirs = other.label if other is not None else found
    raise FileWriteError(name, f"is a {theirs} document; it is not replaced by a {mine} (choose another -o)")


def stamp(path: str | os.PathLike) -> Stamp | None:
    """What tells whether a file changed since it was read; None for no file."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size, st.st_ino, st.st_dev)


def lock_path(path: str | os.PathLike) -> Path:
    """``.NAME.lock`` beside the document (of a symlink's target: every name locks one file)."""
    real = Path(os.path.realpath(os.fspath(path)))
    return real.with_name(f".{real.name}.lock")


@contextlib.contextmanager
def locked(paths: Iterable[str | os.PathLike], timeout: float = LOCK_WAIT) -> Iterator[None]:
    """Hold the lock of every path (in one order, so two writers never deadlock)."""
    targets = sorted({lock_path(p) for p in paths if os.fspath(p)})
    with contextlib.ExitStack() as stack:
        for target in targets:
            stack.enter_context(_lock_one(target, timeout))
        yield


@contextlib.contextmanager
def _lock_one(target: Path, timeout: float) -> Iterator[None]:
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows: no fcntl; one writer is assumed
        yield
        return
    deadline = time.monotonic() + timeout
    while True:
        try:
            fd = os.open(target, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
        except OSError as exc:
            if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS, errno.ENOENT, errno.ENOTDIR):
                # a read-only place (nothing can be written there anyway) or no folder: the
                # write itself will say so; a lock cannot be had and is not needed
                yield
                return
            raise FileWriteError(
                str(target.with_name(target.name[1:-5])), f"cannot be locked: {exc.strerror or exc}"
            ) from None
        try:
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if time.monotonic() >= deadline:
                        raise FileWriteError(
                            str(target.with_name(target.name[1:-5])),
                            f"is being changed by another Landsraad Forge process "
                            f"(waited {timeout:g} s for it); nothing was written, try again",
                        ) from None
                    time.sleep(0.01)
            # the holder before us may have removed the lock file as it released it: a lock
            # on a removed file locks nothing, so start again on the file now at that name
            try:
                same = os.fstat(fd).st_ino == os.stat(target, follow_symlinks=False).st_ino
            except OSError:
                same = False
            if not same:
                continue
            try:
                yield
            finally:
                with contextlib.suppress(OSError):
                    os.unlink(target)
            return
        finally:
            os.close(fd)


class ChangedOnDisk(FileWriteError):
    """The file was changed (by a command, another program) since the document was read
    or last saved: saving now would replace that change (issue 28).  Nothing written."""


def save_checked(path: str | os.PathLike, expected: Stamp | None, write, *, force: bool = False) -> Stamp | None:
    """The window's save: under the document's lock, refuse (``ChangedOnDisk``) when the
    file's stamp is no longer ``expected`` (None: a new file, nothing to compare), unless
    ``force`` (the user chose to keep their version); then ``write(path)``.  Returns the
    stamp of the file written, for the next save to compare."""
    with locked([path]):
        now = stamp(path)
        if not force and expected is not None and now != expected:
            raise ChangedOnDisk(
                os.fspath(path), "changed on disk since it was opened or saved here (by a command or another program)"
            )
        write(path)
        return stamp(path)
