"""What the window imports before the first document: the start-up work of issue 8 stays
done (the engines, cattrs, attrs and reportlab come with the first document or export,
and the forms come from their compiled modules, not from uic)."""

import json
import os
import subprocess
import sys

PROBE = r"""
import json, sys
from PySide6.QtWidgets import QApplication
app = QApplication([])
from landsraad.gui.app import make_window
w = make_window()
w.show()
app.processEvents()
print(json.dumps(sorted(m for m in sys.modules)))
"""


def _modules_after_start() -> set[str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    out = subprocess.run(
        [sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, timeout=120, check=True
    ).stdout
    return set(json.loads(out.strip().splitlines()[-1]))


def test_an_empty_window_imports_no_engine_and_runs_no_uic():
    mods = _modules_after_start()
    for heavy in (
        "landsraad.character.validate",
        "landsraad.house.scores",
        "cattrs",
        "attrs",
        "reportlab",
        "landsraad.sheets",
        "PySide6.QtUiTools",
    ):
        assert heavy not in mods, f"{heavy} is imported before any document is open"
    assert "landsraad.gui.compiled_forms.ui_mainwindow" in mods
