"""Autosave and recovery, Qt-free (the window drives it with a timer).

Open documents are written every few seconds of change to *separate* recovery files
in the user's data folder (platformdirs), never over the user's own file (Krita,
LibreOffice).  A clean exit removes them; after a crash the next start finds them and
offers to restore each one, saying when it was saved.  An autosave never replaces a
good recovery file with an empty or unreadable document.
"""

from __future__ import annotations

import json
import os
import time
import uuid
from datetime import datetime, timezone
from pathlib import Path

import attrs

from landsraad.documents.atomic import write_atomic

APP_NAME = "landsraad-forge"


def default_folder() -> Path:
    env = os.environ.get("LANDSRAAD_RECOVERY_DIR")
    if env:
        return Path(env)
    import platformdirs
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / "recovery"


@attrs.frozen
class Recovered:
    key: str
    kind: str               # "character" | "fief"
    title: str
    original: str | None    # the user's file, if it had one
    saved_at: str           # ISO time of the autosave
    text: str               # the document (JSON text)
    path: Path              # the recovery file

    @property
    def saved_when(self) -> str:
        return datetime.fromisoformat(self.saved_at).astimezone().strftime("%Y-%m-%d %H:%M:%S")


class RecoveryStore:
    """One folder of recovery files: ``<key>.json`` holding the document and its context."""

    def __init__(self, folder: Path | None = None, debounce: float = 3.0):
        self.folder = Path(folder) if folder else default_folder()
        self.debounce = debounce
        self._last: dict[str, float] = {}

    @staticmethod
    def new_key() -> str:
        return uuid.uuid4().hex[:12]

    def path_of(self, key: str) -> Path:
        return self.folder / f"{key}.json"

    def save(self, key: str, kind: str, title: str, text: str, original: str | None = None,
             force: bool = False) -> bool:
        """Write a recovery file; returns False when skipped (too soon, or not a document)."""
        now = time.monotonic()
        if not force and now - self._last.get(key, -1e9) < self.debounce:
            return False
        try:
            json.loads(text)            # never store a broken document over a good one
        except (ValueError, TypeError):
            return False
        if not text.strip():
            return False
        self.folder.mkdir(parents=True, exist_ok=True)
        record = {"key": key, "kind": kind, "title": title, "original": original,
                  "saved_at": datetime.now(timezone.utc).isoformat(timespec="seconds"), "document": text}
        write_atomic(self.path_of(key), json.dumps(record, ensure_ascii=False) + "\n")
        self._last[key] = now
        return True

    def discard(self, key: str) -> None:
        try:
            self.path_of(key).unlink()
        except FileNotFoundError:
            pass
        self._last.pop(key, None)

    def clean_exit(self, keys) -> None:
        for key in keys:
            self.discard(key)

    def pending(self) -> list[Recovered]:
        """What a crash left behind, newest first; unreadable recovery files are skipped."""
        if not self.folder.is_dir():
            return []
        found = []
        for p in self.folder.glob("*.json"):
            try:
                rec = json.loads(p.read_text(encoding="utf-8"))
                found.append(Recovered(rec["key"], rec["kind"], rec.get("title", ""), rec.get("original"),
                                       rec["saved_at"], rec["document"], p))
            except (OSError, ValueError, KeyError, TypeError):
                continue
        return sorted(found, key=lambda r: r.saved_at, reverse=True)
