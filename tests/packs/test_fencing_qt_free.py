"""The fencing engine and its commands never load Qt; the commands that make no PDF never
load reportlab (issue 19: engines are Qt-free; start-up of command-line calls)."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENGINE = [
    "landsraad.packs.fencing.content",
    "landsraad.packs.fencing.validate",
    "landsraad.packs.fencing.duel",
    "landsraad.packs.fencing.melee",
    "landsraad.packs.fencing.wounds",
    "landsraad.packs.fencing.document",
    "landsraad.packs.fencing.edits",
    "landsraad.cli.fencing",
]


def test_fencing_engine_does_not_import_qt():
    code = (
        "import sys\n"
        + "".join(f"import {m}\n" for m in ENGINE)
        + "print(','.join(sorted(m for m in sys.modules if m.startswith(('PySide6', 'shiboken6', 'reportlab')))))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == ""


def test_fencing_show_loads_neither_qt_nor_reportlab(tmp_path):
    path = tmp_path / "f.json"
    code = (
        "import sys\nfrom landsraad.cli import main\n"
        f"main(['fencing', 'new', '--name', 'A', '--fencing', 'good', '-o', {str(path)!r}])\n"
        f"main(['fencing', 'show', {str(path)!r}, '--json'])\n"
        "sys.stderr.write(repr([m for m in ('PySide6', 'reportlab') if m in sys.modules]))\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=str(ROOT))
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.strip().endswith("[]")
    assert json.loads(proc.stdout)["maneuvers_allowed"] == 8
