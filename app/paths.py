"""Where the app's data folders are, in a checkout and in an installed wheel."""

from __future__ import annotations

import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def _find(name: str) -> Path:
    # Installed wheel: data is copied into the package (landsraad/_data/<name>).
    bundled = _PACKAGE / "_data" / name
    if bundled.is_dir():
        return bundled
    # Checkout (editable install): top-level folder beside app/.
    return _PACKAGE.parent / name


def content_dir() -> Path:
    env = os.environ.get("LANDSRAAD_CONTENT")
    return Path(env) if env else _find("content")


def forms_dir() -> Path:
    return _find("forms")


def resources_dir() -> Path:
    return _find("resources")


DEFAULT_PACK = "houses-of-the-landsraad"
