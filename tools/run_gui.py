"""`make run`: start the window, pass its error output through as it comes, and only when
Qt said it could not load its xcb plugin print which packages to install (issue 27: any
exit above 128, a `kill -9` is 137, blamed missing Qt libraries).

    python tools/run_gui.py [ARGS…]      exit status: the app's own
"""

from __future__ import annotations

import subprocess
import sys

XCB_SIGNS = (
    'Could not load the Qt platform plugin "xcb"',
    'could not load the Qt platform plugin "xcb"',
    'Could not load the Qt platform plugin \\"xcb\\"',
)
HINT = """\
Qt could not load its X11 platform plugin ("xcb"). Install its libraries, then run again:
  Debian/Ubuntu: sudo apt install libxcb-icccm4 libxcb-keysyms1 libxcb-cursor0
  Fedora:        sudo dnf install xcb-util-wm xcb-util-keysyms xcb-util-cursor"""


def needs_xcb_hint(returncode: int, stderr: str) -> bool:
    """Only a failed start whose error output names the xcb plugin (never a kill -9)."""
    return returncode != 0 and any(sign.casefold() in stderr.casefold() for sign in XCB_SIGNS)


def main(argv: list[str] | None = None, command: list[str] | None = None) -> int:
    """``command``: what to start instead of the app (the tests' stand-ins)."""
    args = list(sys.argv[1:] if argv is None else argv)
    kept: list[str] = []
    with subprocess.Popen(
        command or [sys.executable, "-m", "landsraad", "gui", *args],
        stderr=subprocess.PIPE,
        text=True,
        errors="replace",
    ) as proc:
        assert proc.stderr is not None
        for line in proc.stderr:  # the app's messages as they come, kept to read after
            sys.stderr.write(line)
            sys.stderr.flush()
            kept.append(line)
        rc = proc.wait()
    if needs_xcb_hint(rc, "".join(kept)):
        print(HINT, file=sys.stderr)
    return 128 - rc if rc < 0 else rc  # killed by a signal: the shell's 128+N


if __name__ == "__main__":
    sys.exit(main())
