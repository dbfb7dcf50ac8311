"""Saving a user's document: ``write_atomic`` with the previous version kept as a backup.

The backup (``name.json.bak``, as LibreOffice keeps ``.bak``) is itself written
atomically from the old file's bytes, with the document's own permissions, so at every
instant both the document and its backup are complete files.
"""

from __future__ import annotations

from pathlib import Path

from landsraad.documents.atomic import backup_path, write_atomic

__all__ = ["backup_path", "save_text"]


def save_text(path: str | Path, text: str, backup: bool = True) -> None:
    write_atomic(path, text, backup=backup)
