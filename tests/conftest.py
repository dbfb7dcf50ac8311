"""Test-wide settings: nothing a test does may touch the user's own folders.

Every test gets its own recovery folder and its own QSettings files (the recent-files
list once held pytest's paths), and Qt runs headless unless QT_QPA_PLATFORM says
otherwise.  The main-window fixtures the GUI tests share live here too (Qt is imported
only by them).
"""

import os
import sys

import pytest

# set once, before any test module imports PySide6 (an X display is used only on request)
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture(autouse=True)
def _private_recovery_folder(tmp_path, monkeypatch):
    # the window autosaves to the user's data folder; tests get a folder of their own
    monkeypatch.setenv("LANDSRAAD_RECOVERY_DIR", str(tmp_path / "recovery"))


def _point_qsettings(folder) -> None:
    from PySide6.QtCore import QSettings

    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    for fmt in (QSettings.Format.IniFormat, QSettings.Format.NativeFormat):
        for scope in (QSettings.Scope.UserScope, QSettings.Scope.SystemScope):
            QSettings.setPath(fmt, scope, str(folder / scope.name))


@pytest.fixture(autouse=True)
def _private_settings(tmp_path, monkeypatch):
    """QSettings of this test only: every format and scope points into tmp_path.  Qt is not
    imported for this: a test that has not loaded Qt gets XDG_CONFIG_HOME (where Qt looks on
    Linux, for this process and its children), and the window fixtures point Qt there."""
    folder = tmp_path / "settings"
    monkeypatch.setenv("XDG_CONFIG_HOME", str(folder))
    if "PySide6.QtCore" in sys.modules:
        _point_qsettings(folder)
    return folder


@pytest.fixture
def isolated_settings(_private_settings):
    """QSettings (recent files, zoom) in the test's own folder, Qt loaded."""
    _point_qsettings(_private_settings)
    return _private_settings


@pytest.fixture
def make_window(qtbot, isolated_settings):
    """A maker of main windows as a user sees them (styled, 1600x1000, shown); dialogs that
    would block offscreen are answered: unsaved changes are discarded at teardown and an
    error box fails the test."""
    from landsraad.gui.mainwindow import MainWindow

    def make(show: bool = True):
        w = MainWindow()
        w.apply_style()
        w.resize(1600, 1000)
        qtbot.addWidget(w)
        if show:
            w.show()
            qtbot.waitExposed(w)
        w.ask_save_changes = lambda doc: "discard"
        w.report_error = lambda title, text: pytest.fail(f"{title}: {text}")
        return w

    return make


@pytest.fixture
def window(make_window):
    return make_window()
