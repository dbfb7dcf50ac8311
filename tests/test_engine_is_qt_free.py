"""The rules engine never imports Qt, so it runs headless and backs the command line
(design card; models-to-learn-from.md suggests an import contract)."""

import subprocess
import sys

ENGINE = [
    "landsraad.dice",
    "landsraad.rules.content",
    "landsraad.character.validate",
    "landsraad.character.document",
    "landsraad.house.fief",
    "landsraad.house.history",
    "landsraad.house.scores",
    "landsraad.house.document",
    "landsraad.house.validate",
    "landsraad.documents.autosave",
    "landsraad.cli",
    "landsraad.packs",
    "landsraad.packs.quick.roll",
    "landsraad.packs.quick.document",
    "landsraad.packs.quick.validate",
    "landsraad.packs.conflict.order",
    "landsraad.packs.conflict.document",
]


def test_engine_modules_do_not_import_qt():
    code = (
        "import sys\n"
        + "".join(f"import {m}\n" for m in ENGINE)
        + "from landsraad.cli import build_parser\nbuild_parser()\n"
        "bad = sorted(m for m in sys.modules if m.startswith(('PySide6', 'shiboken6')))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "", f"Qt imported by the engine: {out}"


def test_engine_commands_run_without_a_qapplication():
    out = subprocess.run(
        [sys.executable, "-m", "landsraad", "roll", "--pool", "11", "--seed", "1", "--json"],
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0 and '"seed": 1' in out.stdout
