"""Test-wide settings: nothing a test does may touch the user's own folders; Qt runs
headless unless told otherwise; the window tests' fixtures (Qt is imported only by them)."""

import os

import pytest


@pytest.fixture(autouse=True)
def _private_recovery_folder(tmp_path, monkeypatch):
    # the window autosaves to the user's data folder; tests get a folder of their own
    monkeypatch.setenv("LANDSRAAD_RECOVERY_DIR", str(tmp_path / "recovery"))


os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")   # set once, for every test (Qt runs headless)


@pytest.fixture
def isolated_settings(tmp_path):
    """QSettings (recent files, zoom) in a folder of the test's own."""
    from PySide6.QtCore import QSettings
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path / "settings"))
    yield


@pytest.fixture
def window(qtbot, isolated_settings):
    """The main window, styled, shown at 1600x1000; closing it never asks, an error box fails the test."""
    from landsraad.gui.mainwindow import MainWindow
    w = MainWindow()
    w.apply_style()
    w.resize(1600, 1000)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    w.ask_save_changes = lambda doc: "discard"
    w.report_error = lambda title, text: pytest.fail(f"{title}: {text}")
    return w
