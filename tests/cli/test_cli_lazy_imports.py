"""A command imports only what it needs: engine commands never load Qt, and the ones
that make no PDF never load reportlab (startup time of every command-line call)."""

import subprocess
import sys

import pytest

CASES = [
    (["--version"], ("PySide6", "reportlab", "cattrs", "landsraad.cli.house")),
    (["fief", "roll", "--seed", "1", "--json"], ("PySide6", "reportlab", "landsraad.character.build")),
    (["content", "list", "skills"], ("PySide6", "reportlab", "landsraad.cli.house")),
    (["export", "fief", "examples/venhei-fief.json", "-o", "{tmp}/f.pdf"], ("PySide6",)),
]


@pytest.mark.parametrize("argv, absent", CASES)
def test_a_command_imports_only_its_own_machinery(argv, absent, tmp_path):
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    code = (
        "import sys\nfrom landsraad.cli import main\n"
        "try:\n    rc = main(sys.argv[1:])\nexcept SystemExit as e:\n    rc = e.code\n"
        f"loaded = [m for m in {list(absent)!r} if m in sys.modules]\n"
        "sys.stderr.write(f'LOADED {loaded}\\n')\nsys.exit(rc or (1 if loaded else 0))\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code, *argv],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=str(__import__("pathlib").Path(__file__).resolve().parents[2]),
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "LOADED []" in proc.stderr
