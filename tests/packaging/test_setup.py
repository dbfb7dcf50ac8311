"""Issue 27: the first ``make`` printed setuptools' warning boxes about
``landsraad._data.resources.fonts`` and ``.icons`` being absent from ``packages``: every
folder of the data folders with an importable name is declared as a package."""

from __future__ import annotations

import runpy
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent


def test_every_importable_data_folder_is_a_declared_package(monkeypatch):
    import setuptools

    seen = {}
    monkeypatch.setattr(setuptools, "setup", lambda **kw: seen.update(kw))
    runpy.run_path(str(ROOT / "setup.py"), run_name="__main__")
    packages = set(seen["packages"])
    assert {"landsraad._data.resources.fonts", "landsraad._data.resources.icons"} <= packages
    for name, folder in (
        ("landsraad._data.content", "content"),
        ("landsraad._data.forms", "forms"),
        ("landsraad._data.resources", "resources"),
    ):
        assert name in packages
        for sub in (ROOT / folder).rglob("*"):
            parts = sub.relative_to(ROOT / folder).parts
            if sub.is_dir() and all(p.isidentifier() for p in parts):
                assert ".".join((name,) + parts) in packages, sub
    assert "landsraad._data.content.houses-of-the-landsraad" not in packages  # not importable: data only
    assert "landsraad.gui" in packages
