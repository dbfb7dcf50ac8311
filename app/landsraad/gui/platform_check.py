"""Before Qt starts on X11: are the system libraries of Qt's xcb plugin installed?

Without them Qt prints "Could not load the Qt platform plugin "xcb"" and aborts the
process (no Python exception to catch), which is what a fresh Debian/Ubuntu machine does
until libxcb-icccm4, libxcb-keysyms1 and libxcb-cursor0 (Qt >= 6.5) are installed.  The
app checks first and says which packages to install.
"""

from __future__ import annotations

import os
import sys

# soname -> (Debian/Ubuntu package, Fedora package)
XCB_LIBRARIES = {
    "libxcb-icccm.so.4": ("libxcb-icccm4", "xcb-util-wm"),
    "libxcb-keysyms.so.1": ("libxcb-keysyms1", "xcb-util-keysyms"),
    "libxcb-cursor.so.0": ("libxcb-cursor0", "xcb-util-cursor"),
    "libxcb-image.so.0": ("libxcb-image0", "xcb-util-image"),
    "libxcb-render-util.so.0": ("libxcb-render-util0", "xcb-util-renderutil"),
    "libxcb-shape.so.0": ("libxcb-shape0", "libxcb"),
    "libxcb-xkb.so.1": ("libxcb-xkb1", "libxcb"),
    "libxkbcommon-x11.so.0": ("libxkbcommon-x11-0", "libxkbcommon-x11"),
}

HINT = """\
Qt cannot start its X11 platform plugin ("xcb"): system libraries are missing.
Install them, then start again:
  Debian/Ubuntu:  sudo apt install {debian}
  Fedora:         sudo dnf install {fedora}
(Or run headless with QT_QPA_PLATFORM=offscreen, e.g. for --screenshot.)"""


def uses_xcb(environ=os.environ, platform: str = sys.platform) -> bool:
    """Whether Qt will pick its X11 plugin: on Linux, unless another one is asked for or
    the session is Wayland (Qt 6 then prefers its wayland plugin)."""
    if not platform.startswith("linux"):
        return False
    asked = environ.get("QT_QPA_PLATFORM", "")
    if asked:
        return asked.split(";")[0].split(":")[0] == "xcb"
    return not (environ.get("WAYLAND_DISPLAY") and environ.get("XDG_SESSION_TYPE") == "wayland")


def missing_xcb_libraries(load=None) -> list[str]:
    """The sonames of XCB_LIBRARIES the dynamic loader cannot find."""
    if load is None:
        import ctypes

        load = ctypes.CDLL
    missing = []
    for soname in XCB_LIBRARIES:
        try:
            load(soname)
        except OSError:
            missing.append(soname)
    return missing


def hint(missing: list[str]) -> str:
    debian = " ".join(dict.fromkeys(XCB_LIBRARIES[m][0] for m in missing))
    fedora = " ".join(dict.fromkeys(XCB_LIBRARIES[m][1] for m in missing))
    return HINT.format(debian=debian, fedora=fedora)


def check_before_qt() -> str | None:
    """The message to print instead of letting Qt abort, or None when Qt can start."""
    if not uses_xcb():
        return None
    missing = missing_xcb_libraries()
    return hint(missing) if missing else None
