"""Issue 27: `make run` (tools/run_gui.py) names the xcb libraries only when Qt said it
could not load the xcb plugin, never for another exit above 128 (a `kill -9` is 137)."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import run_gui  # noqa: E402

QT_SAYS = (
    'qt.qpa.plugin: Could not load the Qt platform plugin "xcb" in "" even though it was found.\\n'
    "This application failed to start because no Qt platform plugin could be initialized.\\n"
)


def _run(capfd, code: str) -> tuple[int, str]:
    rc = run_gui.main([], command=[sys.executable, "-c", code])
    return rc, capfd.readouterr().err


def test_a_kill_is_not_blamed_on_qt(capfd):
    rc, err = _run(capfd, "import os, signal; os.kill(os.getpid(), signal.SIGKILL)")
    assert rc == 137 and "libxcb" not in err


def test_qt_failing_to_load_xcb_gets_the_hint(capfd):
    rc, err = _run(capfd, f"import os, sys; sys.stderr.write('{QT_SAYS}'); sys.stderr.flush(); os.abort()")
    assert rc == 134
    assert err.startswith("qt.qpa.plugin: Could not load")  # Qt's own words passed through first
    assert "sudo apt install libxcb-icccm4 libxcb-keysyms1 libxcb-cursor0" in err


def test_a_clean_exit_and_other_errors_say_nothing_more(capfd):
    rc, err = _run(capfd, "import sys; sys.stderr.write('something else\\n'); sys.exit(3)")
    assert (rc, err) == (3, "something else\n")
    assert not run_gui.needs_xcb_hint(0, QT_SAYS)
