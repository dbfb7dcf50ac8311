"""Saving a user's document: atomic write, with the previous version kept as a backup.

The backup (``name.json.bak``, as LibreOffice keeps ``.bak``) is itself written
atomically from the old file's bytes, so at every instant both the document and its
backup are complete files.
"""

from __future__ import annotations

from pathlib import Path

from landsraad.documents.atomic import write_atomic


def backup_path(path: str | Path) -> Path:
    path = Path(path)
    return path.with_name(path.name + ".bak")


def save_text(path: str | Path, text: str, backup: bool = True) -> None:
    path = Path(path)
    if backup and path.exists():
        try:
            old = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            old = None
        if old is not None and old != text:
            write_atomic(backup_path(path), old)
    write_atomic(path, text)
