"""Where the window's forms, icons and stylesheet come from.

Forms (``forms/*.ui``, Qt Designer files) come from their compiled modules
(``compiled_forms/ui_<name>.py``, made by ``make forms``) while those match the ``.ui``
file byte for byte, and otherwise are compiled when first used with
``QtUiTools.loadUiType`` (Qt's uic, ~100 ms): a form edited in Designer needs no build
step, only ``make forms`` to start fast again.
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import os
import sys

from PySide6.QtGui import QIcon

from landsraad.paths import forms_dir, resources_dir

BASE_POINT_SIZE = 13  # large, readable type by default
ZOOM_STEPS = (0.7, 0.8, 0.9, 1.0, 1.15, 1.3, 1.5, 1.75, 2.0, 2.5)


@functools.cache
def form_class(name: str):
    """The compiled ``Ui_…`` class of ``forms/<name>.ui``."""
    ui_file = forms_dir() / f"{name}.ui"
    compiled = compiled_form(name, ui_file)
    if compiled is not None:
        return compiled
    from PySide6.QtUiTools import loadUiType

    _put_uic_on_path()
    loaded = loadUiType(str(ui_file))
    if loaded is None:  # Qt printed why (uic missing or the form broken)
        raise RuntimeError(f"cannot build the form {ui_file}: Qt's uic (pyside6-uic) failed")
    return loaded[0]


def _put_uic_on_path() -> None:
    """loadUiType runs ``pyside6-uic`` from PATH only; in a venv that was not activated
    (``make run`` calls .venv/bin/python) it sits beside the interpreter instead."""
    beside = os.path.dirname(sys.executable)
    if os.path.exists(os.path.join(beside, "pyside6-uic")):
        parts = os.environ.get("PATH", "").split(os.pathsep)
        if beside not in parts:
            os.environ["PATH"] = os.pathsep.join([beside, *parts])


def ui_sha256(ui_file) -> str:
    """What a compiled form records of the ``.ui`` file it was made from."""
    return hashlib.sha256(ui_file.read_bytes()).hexdigest()


def compiled_form(name: str, ui_file):
    """The ``Ui_…`` class of ``compiled_forms/ui_<name>.py`` if it was made from this very
    ``.ui`` file (same SHA-256), else None."""
    try:
        module = importlib.import_module(f"landsraad.gui.compiled_forms.ui_{name}")
        current = ui_sha256(ui_file)
    except (ImportError, OSError):
        return None
    if getattr(module, "SOURCE_SHA256", None) != current:
        return None
    classes = [v for k, v in vars(module).items() if k.startswith("Ui_") and isinstance(v, type)]
    return classes[0] if len(classes) == 1 else None


def setup_form(name: str, widget) -> object:
    """Build ``forms/<name>.ui`` into ``widget``; returns the ui object (its children by name)."""
    ui = form_class(name)()
    ui.setupUi(widget)
    # the forms' labels show names and messages from documents: text, never markup
    from landsraad.gui.plain import make_plain

    make_plain(widget)
    return ui


@functools.cache
def icon(name: str) -> QIcon:
    return QIcon(str(resources_dir() / "icons" / f"{name}.svg"))


def stylesheet(point_size: float) -> str:
    text = (resources_dir() / "style.qss").read_text(encoding="utf-8")
    pt = f"{point_size:.1f}"
    big = f"{point_size * 1.45:.1f}"
    return text.replace("@PT_BIG@", big).replace("@PT@", pt)
