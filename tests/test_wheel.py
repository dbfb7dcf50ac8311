"""The wheel built from pyproject.toml carries content/, forms/ and resources/ at
landsraad/_data/, and an installed wheel finds them there (issue 8).

Builds the wheel (``pip wheel --no-deps``), installs only it into a fresh virtual
environment (no pip of its own: the test venv's pip installs into it with ``--python``),
and gives that environment the dependencies already installed in the test venv through
a ``.pth`` line, so nothing is downloaded but the build backend (cached by ``make venv``).
Then ``python -m landsraad fief roll --seed 1 --json`` runs from another folder.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.slow


def _run(cmd, **kw):
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300, **kw)
    assert proc.returncode == 0, f"{cmd} failed ({proc.returncode}):\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
    return proc


def _clean_env() -> dict:
    env = {
        k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "LANDSRAAD_CONTENT", "VIRTUAL_ENV")
    }
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return env


SOURCES = ("pyproject.toml", "setup.py", "README.md", "app", "content", "forms", "resources")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    # build from a copy: setuptools writes build/ and *.egg-info beside the sources, and
    # another test run (or a developer) may be building in the checkout at the same time
    src = tmp_path_factory.mktemp("source")
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", "_data")
    for name in SOURCES:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, src / name, ignore=skip)
        else:
            shutil.copy2(path, src / name)
    out = tmp_path_factory.mktemp("wheelhouse")
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(out), str(src)], env=_clean_env())
    (whl,) = out.glob("landsraad_forge-*.whl")
    return whl


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> Path:
    """A fresh venv with only the wheel installed (its dependencies borrowed read-only)."""
    env_dir = tmp_path_factory.mktemp("fresh") / "venv"
    venv.EnvBuilder(with_pip=False, system_site_packages=False).create(env_dir)
    py = env_dir / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    _run(
        [sys.executable, "-m", "pip", "--python", str(py), "install", "--no-deps", "--no-index", "--quiet", str(wheel)],
        env=_clean_env(),
    )
    site = Path(_run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]).stdout.strip())
    # the dependencies (attrs, cattrs, platformdirs, reportlab, PySide6) of the test venv,
    # appended after the fresh venv's own site-packages
    (site / "zz_test_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    return py


def test_the_wheel_holds_the_data_folders(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for folder in ("content", "forms", "resources"):
        files = sorted((ROOT / folder).rglob("*"))
        expected = {
            f"landsraad/_data/{folder}/{p.relative_to(ROOT / folder).as_posix()}"
            for p in files
            if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
        }
        assert expected, folder
        assert expected <= names, sorted(expected - names)[:10]
    # every module of app/landsraad/ (setup.py finds the sub-packages)
    modules = {
        f"landsraad/{p.relative_to(ROOT / 'app' / 'landsraad').as_posix()}"
        for p in (ROOT / "app" / "landsraad").rglob("*.py")
        if "__pycache__" not in p.parts and "_data" not in p.parts
    }
    assert modules <= names, sorted(modules - names)


def test_the_installed_wheel_finds_its_data_and_rolls_a_fief(installed, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    probe = _run(
        [
            str(installed),
            "-c",
            "import landsraad, landsraad.paths as p; "
            "print(landsraad.__file__); print(p.content_dir()); print(p.forms_dir()); "
            "print(p.resources_dir()); print(landsraad.__version__)",
        ],
        cwd=elsewhere,
        env=_clean_env(),
    ).stdout.split("\n")
    package, content, forms, resources, version = (Path(x) for x in probe[:5])
    env_root = installed.parent.parent
    assert env_root in package.parents, f"landsraad imported from {package}, not the fresh venv"
    for d, marker in (
        (content, "houses-of-the-landsraad/pack.toml"),
        (forms, "mainwindow.ui"),
        (resources, "fonts/DejaVuSans.ttf"),
    ):
        assert env_root in d.parents and d.parent.name == "_data", d
        assert (d / marker).is_file(), d / marker
    import landsraad

    assert str(version) == landsraad.__version__

    out = _run(
        [str(installed), "-m", "landsraad", "fief", "roll", "--seed", "1", "--json"], cwd=elsewhere, env=_clean_env()
    ).stdout
    got = json.loads(out)
    assert got["roll"]["seed"] == 1 and len(got["roll"]["faces"]) == 11
    assert got["bodies"] and got["territories"] == sum(b["territories"] for b in got["bodies"])
    # the same as the checkout's own command line
    here = _run(
        [sys.executable, "-m", "landsraad", "fief", "roll", "--seed", "1", "--json"], cwd=ROOT, env=_clean_env()
    ).stdout
    assert got == json.loads(here)

    version_line = _run(
        [str(installed), "-m", "landsraad", "--version"], cwd=elsewhere, env=_clean_env()
    ).stdout.strip()
    assert version_line == f"landsraad {landsraad.__version__}"
