"""Modules named ``kind`` below a package, found by name without importing anything: how
the registry of document kinds (``documents/kinds.py``) and the window's table of kinds
(``gui/kinds.py``) find what each folder registers.  No attrs here: the window asks at
start-up, before any engine is imported (issue 8)."""

from __future__ import annotations

import importlib.util
import os
import pkgutil
from collections.abc import Iterator


def kind_modules(root: str, skip: frozenset[str] = frozenset()) -> Iterator[str]:
    """Every module named ``kind`` in a package below ``root`` (not in the folders
    ``skip`` names at the first level), found without importing anything."""
    spec = importlib.util.find_spec(root)
    if spec is None or not spec.submodule_search_locations:
        return
    yield from _walk(list(spec.submodule_search_locations), root, skip)


def _walk(paths: list[str], prefix: str, skip: frozenset[str]) -> Iterator[str]:
    for info in sorted(pkgutil.iter_modules(paths), key=lambda i: i.name):
        if info.name == "kind" and not info.ispkg:
            yield f"{prefix}.kind"
        elif info.ispkg and info.name not in skip:
            sub = getattr(info.module_finder, "path", None)
            if isinstance(sub, str):
                yield from _walk([os.path.join(sub, info.name)], f"{prefix}.{info.name}", frozenset())
