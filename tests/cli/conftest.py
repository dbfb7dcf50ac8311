"""What the command line's tests share: a run of the command line in this process (exit
code, stdout, stderr) and a copy of the rulebook's example Fief to write back to.  A test
module defining its own ``run`` or ``fief`` keeps its own."""

import shutil
from pathlib import Path

import pytest

from landsraad import cli

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "venhei-fief.json"


@pytest.fixture
def run(capsys):
    def _run(*argv):
        code = cli.main([str(a) for a in argv])
        out, err = capsys.readouterr()
        return code, out, err

    return _run


@pytest.fixture
def fief(tmp_path):
    path = tmp_path / "venhei.json"
    shutil.copy(EXAMPLE, path)
    return path
