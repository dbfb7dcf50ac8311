"""Keyboard shortcuts: no key is bound twice among the window's actions (Qt runs neither
action of an ambiguous key: Redo did nothing from the keyboard on Linux, where the
platform's Redo already is Ctrl+Shift+Z and the code added it again), and undo / redo
answer Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y."""

from collections import defaultdict

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication

from landsraad.gui.mainwindow import redo_shortcuts

pytestmark = pytest.mark.gui


def bound_keys(window) -> dict[str, list[str]]:
    """Each key sequence -> the actions (by name) it triggers, an action once per binding."""
    seen = defaultdict(list)
    actions = set(window.findChildren(QAction)) | set(window.actions())
    for menu_action in window.menuBar().actions():
        if menu_action.menu():
            actions |= set(menu_action.menu().actions())
    for act in actions:
        for key in act.shortcuts():
            if not key.isEmpty():
                seen[key.toString(QKeySequence.SequenceFormat.PortableText)].append(
                    act.objectName() or act.text().replace("&", "")
                )
    return seen


def test_no_key_triggers_two_actions_or_one_action_twice(window):
    window.new_character()
    window.new_fief()
    keys = bound_keys(window)
    assert "Ctrl+Z" in keys and "Ctrl+Shift+Z" in keys and "Ctrl+Y" in keys
    ambiguous = {k: names for k, names in keys.items() if len(names) > 1}
    assert ambiguous == {}


def test_redo_lists_each_key_once_whatever_the_platform_gives():
    mine = [k.toString() for k in redo_shortcuts()]
    assert len(mine) == len(set(mine)) and {"Ctrl+Shift+Z", "Ctrl+Y"} <= set(mine)
    assert all(k.toString() in mine for k in QKeySequence.keyBindings(QKeySequence.StandardKey.Redo))


@pytest.mark.parametrize("redo_key", ["Ctrl+Shift+Z", "Ctrl+Y"])
def test_keys_undo_and_redo_a_document(window, qtbot, redo_key):
    doc = window.new_fief()
    view = window.current_view()
    view.ui.seedSpin.setValue(5)
    qtbot.mouseClick(view.ui.rollButton, Qt.MouseButton.LeftButton)
    rolled = doc.state.roll
    assert rolled is not None
    window.activateWindow()  # a window shortcut needs the active window (on X11)
    qtbot.waitActive(window)
    view.ui.bodiesView.setFocus()  # not a text box: those keep Ctrl+Z for their own text
    QApplication.processEvents()
    qtbot.keyClick(window.focusWidget() or window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert doc.state.roll is None
    seq = QKeySequence(redo_key)[0]
    qtbot.keyClick(window.focusWidget() or window, seq.key(), seq.keyboardModifiers())
    assert doc.state.roll == rolled


@pytest.mark.parametrize(
    "platform_redo",
    [
        ["Ctrl+Shift+Z"],  # X11 (KDE, GNOME): what made the old list ambiguous
        ["Ctrl+Y", "Ctrl+Shift+Z"],  # Windows
        ["Ctrl+Y"],  # offscreen, where the tests run
    ],
)
def test_redo_keys_are_unique_on_every_platforms_bindings(monkeypatch, platform_redo):
    real = QKeySequence.keyBindings

    def bindings(key):
        if key == QKeySequence.StandardKey.Redo:
            return [QKeySequence(k) for k in platform_redo]
        return real(key)

    monkeypatch.setattr(QKeySequence, "keyBindings", staticmethod(bindings))
    keys = [k.toString() for k in redo_shortcuts()]
    assert len(keys) == len(set(keys))
    assert keys[: len(platform_redo)] == platform_redo and {"Ctrl+Shift+Z", "Ctrl+Y"} <= set(keys)


def test_under_a_real_x_server_when_one_can_be_started(tmp_path):
    """The same keys through the xcb platform (Xvfb), where Redo's own binding is
    Ctrl+Shift+Z: skipped where Xvfb is not installed."""
    import os
    import shutil
    import subprocess
    import sys
    import time

    if not shutil.which("Xvfb") or not sys.platform.startswith("linux"):
        pytest.skip("no Xvfb")
    display = f":{200 + os.getpid() % 500}"
    xvfb = subprocess.Popen(
        ["Xvfb", display, "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        time.sleep(1.0)
        if xvfb.poll() is not None:
            pytest.skip("Xvfb did not start")
        env = dict(os.environ, DISPLAY=display, QT_QPA_PLATFORM="xcb")
        here = os.path.dirname(os.path.abspath(__file__))
        proc = subprocess.run(
            [
                sys.executable,
                "-m",
                "pytest",
                "-p",
                "no:cacheprovider",
                __file__,
                "-k",
                "no_key_triggers or keys_undo_and_redo",
            ],
            env=env,
            cwd=os.path.dirname(os.path.dirname(here)),
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
        assert "3 passed" in proc.stdout
    finally:
        xvfb.terminate()
        xvfb.wait()
