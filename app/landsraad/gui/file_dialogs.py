"""Where the file dialogs start (issue 27: Open, Save and every export started in the
folder the app was run from, its source checkout under `make run`): the folder last used
in any of them, kept in QSettings, else the user's documents folder."""

from __future__ import annotations

from pathlib import Path

LAST_FOLDER_KEY = "files/lastFolder"


def documents_folder() -> str:
    from PySide6.QtCore import QStandardPaths

    found = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    return found if found and Path(found).is_dir() else str(Path.home())


def start_folder() -> str:
    """The last folder a file was opened from or saved to, while it exists; else Documents."""
    from landsraad.gui.mainwindow import settings

    last = str(settings().value(LAST_FOLDER_KEY, "") or "")
    return last if last and Path(last).is_dir() else documents_folder()


def start_path(name: str) -> str:
    """``name`` in the folder a dialog starts in."""
    return str(Path(start_folder()) / name)


def remember_folder(path: str) -> None:
    """The folder of a file the user chose: the next dialog starts there."""
    if path:
        from landsraad.gui.mainwindow import settings

        settings().setValue(LAST_FOLDER_KEY, str(Path(path).resolve().parent))
