"""The hint printed instead of Qt's abort when the xcb plugin's libraries are missing."""

import subprocess
import sys

from landsraad.gui import platform_check as pc


def test_the_three_packages_of_a_fresh_debian_are_named_for_debian_and_fedora():
    missing = ["libxcb-icccm.so.4", "libxcb-keysyms.so.1", "libxcb-cursor.so.0"]
    text = pc.hint(missing)
    assert "sudo apt install libxcb-icccm4 libxcb-keysyms1 libxcb-cursor0" in text
    assert "sudo dnf install xcb-util-wm xcb-util-keysyms xcb-util-cursor" in text


def test_missing_libraries_are_found_by_loading_them():
    def load(soname):
        if soname in ("libxcb-cursor.so.0", "libxcb-icccm.so.4"):
            raise OSError(f"{soname}: cannot open shared object file")

    assert pc.missing_xcb_libraries(load) == ["libxcb-icccm.so.4", "libxcb-cursor.so.0"]


def test_only_x11_starts_are_checked():
    assert pc.uses_xcb({}, "linux")
    assert pc.uses_xcb({"QT_QPA_PLATFORM": "xcb"}, "linux")
    assert not pc.uses_xcb({"QT_QPA_PLATFORM": "offscreen"}, "linux")
    assert not pc.uses_xcb({"WAYLAND_DISPLAY": "wayland-0", "XDG_SESSION_TYPE": "wayland"}, "linux")
    assert not pc.uses_xcb({}, "darwin") and not pc.uses_xcb({}, "win32")


PROBE = r"""
import ctypes, sys
real = ctypes.CDLL
def fake(name, *a, **k):
    if name == "libxcb-cursor.so.0":
        raise OSError("missing")
    return real(name, *a, **k)
ctypes.CDLL = fake
from landsraad.gui.app import main
sys.exit(main([]))
"""


def test_the_app_prints_the_hint_and_exits_instead_of_aborting():
    env = {"PATH": "/usr/bin:/bin", "QT_QPA_PLATFORM": "xcb", "DISPLAY": ":9999", "HOME": "/nonexistent"}
    proc = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1
    assert "libxcb-cursor0" in proc.stderr and "xcb-util-cursor" in proc.stderr
    assert "Traceback" not in proc.stderr
