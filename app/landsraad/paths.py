"""Where the app's data folders are: in a PyInstaller bundle, an installed wheel, a checkout."""

from __future__ import annotations

import os
import sys
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def _candidates(name: str) -> list[Path]:
    out = []
    # PyInstaller bundle (packaging/landsraad.spec): data at <bundle>/landsraad/_data/<name>.
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        out.append(Path(bundle) / "landsraad" / "_data" / name)
    # Installed wheel: data is copied into the package (landsraad/_data/<name>).
    out.append(_PACKAGE / "_data" / name)
    return out


def _find(name: str) -> Path:
    for bundled in _candidates(name):
        if bundled.is_dir():
            return bundled
    # Checkout (editable install): top-level folder beside app/ (app/landsraad/ is the package).
    return _PACKAGE.parent.parent / name


def content_dir() -> Path:
    env = os.environ.get("LANDSRAAD_CONTENT")
    return Path(env) if env else _find("content")


def forms_dir() -> Path:
    return _find("forms")


def resources_dir() -> Path:
    return _find("resources")


DEFAULT_PACK = "houses-of-the-landsraad"
