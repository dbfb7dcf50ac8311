"""Modules named ``kind`` below a package, found by name without importing them: how
the registry of document kinds (``documents/kinds.py``) and the window's table of kinds
(``gui/kinds.py``) find what each folder registers.  No attrs here: the window asks at
start-up, before any engine is imported (issue 8)."""

from __future__ import annotations

import importlib.util
import pkgutil
from collections.abc import Iterator


def kind_modules(root: str, skip: frozenset[str] = frozenset()) -> Iterator[str]:
    """Every module named ``kind`` in a package below ``root`` (not in the folders
    ``skip`` names at the first level), found without importing them (only the packages
    that hold them)."""
    spec = importlib.util.find_spec(root)
    if spec is None or not spec.submodule_search_locations:
        return
    yield from _walk(list(spec.submodule_search_locations), root, skip)


def _walk(paths: list[str], prefix: str, skip: frozenset[str]) -> Iterator[str]:
    for info in sorted(pkgutil.iter_modules(paths), key=lambda i: i.name):
        if info.name == "kind" and not info.ispkg:
            yield f"{prefix}.kind"
        elif info.ispkg and info.name not in skip:
            # the subpackage's own search path, as the import system (or a frozen app's) has it;
            # this imports ``prefix`` (already imported, or a package of plain docstrings)
            spec = importlib.util.find_spec(f"{prefix}.{info.name}")
            if spec is not None and spec.submodule_search_locations:
                yield from _walk(list(spec.submodule_search_locations), f"{prefix}.{info.name}", frozenset())
