"""The app's QSettings: one place that names the store, so the main window and what it
remembers between evenings (``session_memory``) share it without importing each other."""

from __future__ import annotations

from PySide6.QtCore import QSettings

APP_NAME = "Landsraad Forge"


def settings() -> QSettings:
    # the default format (native, unless a test set INI files in a folder of its own)
    return QSettings(QSettings.defaultFormat(), QSettings.Scope.UserScope, APP_NAME, APP_NAME)
