"""The one thing pyproject.toml cannot say: code packages found under app/, plus the
three data folders mapped into the package (package-dir in pyproject.toml), with each of
their folders that has an importable name (resources/fonts, resources/icons): setuptools
warns at every install about a data folder that is importable but not listed (issue 27)."""

from pathlib import Path

from setuptools import find_packages, setup

HERE = Path(__file__).resolve().parent
DATA = {"landsraad._data.content": "content", "landsraad._data.forms": "forms",
        "landsraad._data.resources": "resources"}


def data_packages() -> list[str]:
    out = []
    for name, folder in DATA.items():
        out.append(name)
        root = HERE / folder
        for sub in sorted(p for p in root.rglob("*") if p.is_dir()):
            parts = sub.relative_to(root).parts
            if all(part.isidentifier() for part in parts):
                out.append(".".join((name,) + parts))
    return out


setup(packages=find_packages("app") + data_packages())
