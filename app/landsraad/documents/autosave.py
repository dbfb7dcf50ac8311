"""Autosave and recovery, Qt-free (the window drives it with a timer).

Open documents are written every few seconds of change to *separate* recovery files
in the user's data folder (platformdirs), never over the user's own file (Krita,
LibreOffice).  A clean exit removes them; after a crash the next start finds them and
offers to restore each one, saying when it was saved.  An autosave never replaces a
good recovery file with an empty or unreadable document.

Owners (as KDE's KAutoSaveFile): every running instance holds an OS lock on a file of its
own, ``owner-<id>.lock``, for as long as it lives, and each recovery file names its owner.
The lock goes with the process, however it dies (SIGKILL included), so a second instance
offers only the files of owners whose lock it can take: it never offers, restores or
deletes the autosaves of an instance that is still running.

What a start finds is checked before anything is offered: a recovery file that is not a
record this module wrote (unreadable, wrong types, a ``saved_at`` that is no time, a
document that is not JSON, nesting too deep to parse) is listed as unreadable with the
reason, and the valid ones beside it are still offered.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import socket
import stat
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import BinaryIO

import attrs

from landsraad.documents import limits
from landsraad.documents.atomic import write_atomic

APP_NAME = "landsraad-forge"
# a document kind as the documents write it ("character", "fief", a pack's "fencer", …):
# which kinds can be restored is the window's business (it knows the packs)
KIND = re.compile(r"[a-z][a-z0-9-]{0,39}")
MAX_RECORD_BYTES = 64 * 2**20  # far above any document; a bigger file is not ours


def default_folder() -> Path:
    env = os.environ.get("LANDSRAAD_RECOVERY_DIR")
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / "recovery"


def file_stamp(path: str | os.PathLike | None) -> str | None:
    """The sha256 of a file's bytes (None if it cannot be read): what the user's file was
    when the document last matched it, to tell at restore whether it changed since."""
    if not path:
        return None
    try:  # a FIFO or a device named as the original never blocks or floods a restore
        return hashlib.sha256(read_regular(Path(path), limits.MAX_FILE_BYTES)).hexdigest()
    except (OSError, ValueError):
        return None


def read_regular(p: Path, max_bytes: int, follow: bool = True) -> bytes:
    """The bytes of a regular file, at most ``max_bytes`` (ValueError past that or for a
    FIFO, a device, a folder; with ``follow=False`` a symlink too).  Opened without
    blocking, so a FIFO answers at once instead of waiting for a writer."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    if not follow:
        flags |= getattr(os, "O_NOFOLLOW", 0)
        if p.is_symlink():
            raise ValueError("a link, not a file of the recovery folder")
    fd = os.open(p, flags)
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise ValueError("not a regular file (a pipe, a device or a folder)")
        if st.st_size > max_bytes:
            raise ValueError(f"larger than {max_bytes // 2**20} MB")
        chunks, left = [], max_bytes + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    finally:
        os.close(fd)
    blob = b"".join(chunks)
    if len(blob) > max_bytes:
        raise ValueError(f"larger than {max_bytes // 2**20} MB")
    return blob


@attrs.frozen
class Recovered:
    key: str
    kind: str  # "character" | "fief"
    title: str
    original: str | None  # the user's file, if it had one
    saved_at: str  # ISO time of the autosave
    text: str  # the document (JSON text)
    path: Path  # the recovery file
    original_stamp: str | None = None  # sha256 of the user's file when the work matched it

    @property
    def saved_when(self) -> str:
        return datetime.fromisoformat(self.saved_at).astimezone().strftime("%Y-%m-%d %H:%M:%S")

    def original_changed(self) -> bool:
        """The user's file on disk is not the one this work was based on (edited, replaced or
        written by another program since): restoring over it would lose that version."""
        if not self.original or not Path(self.original).exists():
            return False
        return file_stamp(self.original) != self.original_stamp


@attrs.frozen
class Unreadable:
    path: Path
    reason: str


@attrs.frozen
class Scan:
    offered: list[Recovered]  # a dead owner's work, newest first
    unreadable: list[Unreadable]  # recovery files that are not valid records
    busy: int  # files of instances still running (never offered)


class _OwnerLock:
    """An exclusive OS lock on one file, held while the process lives."""

    def __init__(self, path: Path):
        self.path = path
        self.fh: BinaryIO | None = None

    def acquire(self) -> bool:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fh = open(self.path, "a+b")  # noqa: SIM115 - held open for the life of the lock
        if not _try_lock(fh):
            fh.close()
            return False
        self.fh = fh
        return True

    def release(self) -> None:
        if self.fh is not None:
            _unlock(self.fh)
            self.fh.close()
            self.fh = None

    def __del__(self) -> None:
        # a lock nobody released (a store dropped without close()): the OS lock ends with the
        # file, so closing it here is the same release, without an unclosed-file warning
        if self.fh is not None:
            self.fh.close()


def _try_lock(fh) -> bool:
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        import msvcrt

        try:
            msvcrt.locking(fh.fileno(), msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]
            return True
        except OSError:
            return False
    try:
        fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except OSError:
        return False


def _unlock(fh) -> None:
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        import msvcrt

        try:
            fh.seek(0)
            msvcrt.locking(fh.fileno(), msvcrt.LK_UNLCK, 1)  # type: ignore[attr-defined]
        except OSError:
            pass
        return
    fcntl.flock(fh.fileno(), fcntl.LOCK_UN)


def _lock_name(owner: str) -> str:
    return f"owner-{owner}.lock"


def _read_record(p: Path) -> dict:
    """A recovery file's JSON object; ValueError with the reason if it is not one."""
    blob = read_regular(p, MAX_RECORD_BYTES, follow=False)  # no FIFO, device or link out of the folder
    try:
        rec = json.loads(blob.decode("utf-8"))
    except RecursionError:
        raise ValueError("nested too deeply to read") from None
    except UnicodeDecodeError:
        raise ValueError("not UTF-8 text") from None
    except ValueError:
        raise ValueError("not JSON") from None
    if not isinstance(rec, dict):
        raise ValueError("not a recovery record")
    return rec


def _owner_of(rec: dict) -> str | None:
    owner = rec.get("owner")
    return owner if isinstance(owner, str) and owner.isalnum() else None


def _parse_record(rec: dict, p: Path) -> Recovered:
    """A record as written by ``RecoveryStore.save``; ValueError with the reason if not."""

    def text(name: str) -> str:
        v = rec.get(name)
        if not isinstance(v, str):
            raise ValueError(f"{name!r} is {type(v).__name__}, not text")
        return v

    def optional(name: str) -> str | None:
        return None if rec.get(name) is None else text(name)

    key, kind, title = text("key"), text("kind"), optional("title") or ""
    if not KIND.fullmatch(kind):
        raise ValueError(f"unknown kind {kind[:40]!r}")
    saved_at = text("saved_at")
    try:
        when = datetime.fromisoformat(saved_at)
    except ValueError:
        raise ValueError(f"saved_at {saved_at[:40]!r} is not a time") from None
    if when.tzinfo is None:
        raise ValueError(f"saved_at {saved_at[:40]!r} has no time zone")
    document = text("document")
    try:
        data = json.loads(document)
    except RecursionError:
        raise ValueError("its document is nested too deeply to read") from None
    except ValueError:
        raise ValueError("its document is not JSON") from None
    if not isinstance(data, dict):
        raise ValueError("its document is not a Landsraad document")
    return Recovered(key, kind, title, optional("original"), saved_at, document, p, optional("original_stamp"))


class RecoveryStore:
    """One folder of recovery files: ``<key>.json`` holding the document and its context,
    beside the owners' lock files.  One store is one running instance."""

    def __init__(self, folder: Path | None = None, debounce: float = 3.0):
        self.folder = Path(folder) if folder else default_folder()
        self.debounce = debounce
        self._last: dict[str, float] = {}
        self.owner = uuid.uuid4().hex[:16]
        self._lock: _OwnerLock | None = None
        self._adopted: dict[str, _OwnerLock] = {}  # dead owners' locks, held during an offer
        self._running: set[str] = set()

    @staticmethod
    def new_key() -> str:
        return uuid.uuid4().hex[:12]

    def path_of(self, key: str) -> Path:
        return self.folder / f"{key}.json"

    def _own_lock(self) -> None:
        """Take this instance's lock before its first recovery file is written."""
        if self._lock is None:
            lock = _OwnerLock(self.folder / _lock_name(self.owner))
            if not lock.acquire():  # pragma: no cover - a fresh random name is never held
                raise OSError(f"cannot lock {lock.path}")
            fh = lock.fh
            assert fh is not None
            fh.truncate(0)
            fh.write(json.dumps({"pid": os.getpid(), "host": socket.gethostname()}).encode())
            fh.flush()
            self._lock = lock

    def save(
        self,
        key: str,
        kind: str,
        title: str,
        text: str,
        original: str | None = None,
        force: bool = False,
        original_stamp: str | None = None,
    ) -> bool:
        """Write a recovery file; returns False when skipped (too soon, or not a document)."""
        now = time.monotonic()
        if not force and now - self._last.get(key, -1e9) < self.debounce:
            return False
        if not text.strip():
            return False
        try:
            json.loads(text)  # never store a broken document over a good one
        except (ValueError, TypeError, RecursionError):
            return False
        self.folder.mkdir(parents=True, exist_ok=True)
        self._own_lock()
        record = {
            "key": key,
            "kind": kind,
            "title": title,
            "original": original,
            "original_stamp": original_stamp,
            "owner": self.owner,
            "pid": os.getpid(),
            "saved_at": datetime.now(UTC).isoformat(timespec="seconds"),
            "document": text,
        }
        write_atomic(self.path_of(key), json.dumps(record, ensure_ascii=False) + "\n")
        self._last[key] = now
        return True

    def discard(self, key: str) -> None:
        self.discard_path(self.path_of(key))
        self._last.pop(key, None)

    @staticmethod
    def discard_path(path: Path) -> None:
        try:
            Path(path).unlink()
        except FileNotFoundError:
            pass

    def clean_exit(self, keys) -> None:
        for key in keys:
            self.discard(key)
        self.release()

    def release(self) -> None:
        """Give up this instance's lock (at exit; a crash does the same): from now on its
        remaining recovery files are a dead owner's, offered by the next start."""
        if self._lock is not None:
            self._lock.release()
            self._lock = None
            self._drop_lock_file_if_unused(self.owner)
        self.end_offer()

    def _drop_lock_file_if_unused(self, owner: str) -> None:
        for p in self.folder.glob("*.json"):
            try:
                if _owner_of(_read_record(p)) == owner:
                    return
            except (OSError, ValueError):
                continue
        self.discard_path(self.folder / _lock_name(owner))

    def _owner_alive(self, owner: str) -> bool:
        """Whether the instance that wrote a file still runs.  A dead owner's lock is taken
        and kept until ``end_offer``: a third instance starting meanwhile sees those files
        as busy, so one crash's work is never offered twice."""
        if owner == self.owner or owner in self._adopted:
            return owner == self.owner
        if owner in self._running:
            return True
        # (a missing lock file is made and taken: its owner is long gone, and another
        # instance scanning at the same moment then sees the files as busy)
        lock = _OwnerLock(self.folder / _lock_name(owner))
        if not lock.acquire():
            self._running.add(owner)
            return True
        self._adopted[owner] = lock
        return False

    def end_offer(self) -> None:
        """The offer is answered: let go of the dead owners' locks (and their lock files,
        once none of their recovery files is left)."""
        for owner, lock in list(self._adopted.items()):
            lock.release()
            self._drop_lock_file_if_unused(owner)
        self._adopted.clear()
        self._running.clear()

    def scan(self) -> Scan:
        """What crashed instances left behind (newest first), the files that are not valid
        records, and how many belong to instances still running.  Call ``end_offer`` when
        the user has answered."""
        if not self.folder.is_dir():
            return Scan([], [], 0)
        offered: list[Recovered] = []
        unreadable: list[Unreadable] = []
        busy = 0
        self._remove_stale_temps()
        for p in sorted(self.folder.glob("*.json")):
            try:
                rec = _read_record(p)
            except (OSError, ValueError) as exc:
                unreadable.append(Unreadable(p, str(exc) or type(exc).__name__))
                continue
            owner = _owner_of(rec)
            if owner and self._owner_alive(owner):
                busy += 1
                continue
            try:
                offered.append(_parse_record(rec, p))
            except ValueError as exc:
                unreadable.append(Unreadable(p, str(exc)))
        return Scan(sorted(offered, key=lambda r: r.saved_at, reverse=True), unreadable, busy)

    def _remove_stale_temps(self) -> None:
        """Temporary files of saves killed mid-write (``.landsraad-*.tmp``, regular, ours,
        untouched for ``atomic.STALE_AFTER``): they would pile up in the folder."""
        from landsraad.documents.atomic import STALE_AFTER, TMP_PREFIX, TMP_SUFFIX

        now, uid = time.time(), getattr(os, "getuid", lambda: None)()
        try:
            names = [n for n in os.listdir(self.folder) if n.startswith(TMP_PREFIX) and n.endswith(TMP_SUFFIX)]
        except OSError:
            return
        for name in names:
            p = self.folder / name
            try:
                st = os.lstat(p)
                if stat.S_ISREG(st.st_mode) and (uid is None or st.st_uid == uid) and now - st.st_mtime > STALE_AFTER:
                    os.unlink(p)
            except OSError:
                continue

    def pending(self) -> list[Recovered]:
        """What a crash left behind, newest first; unreadable files and the files of running
        instances are left out (``scan`` says which)."""
        found = self.scan().offered
        self.end_offer()
        return found
