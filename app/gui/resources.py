"""Where the window's forms, icons and stylesheet come from.

Forms (``forms/*.ui``, Qt Designer files) are compiled when first used with
``QtUiTools.loadUiType`` (Qt's uic), so a form edited in Designer needs no build step.
"""

from __future__ import annotations

import functools

from PySide6.QtGui import QIcon

from landsraad.paths import forms_dir, resources_dir

BASE_POINT_SIZE = 13          # large, readable type by default
ZOOM_STEPS = (0.7, 0.8, 0.9, 1.0, 1.15, 1.3, 1.5, 1.75, 2.0, 2.5)


@functools.lru_cache(maxsize=None)
def form_class(name: str):
    """The compiled ``Ui_…`` class of ``forms/<name>.ui``."""
    from PySide6.QtUiTools import loadUiType
    form, _base = loadUiType(str(forms_dir() / f"{name}.ui"))
    return form


def setup_form(name: str, widget) -> object:
    """Build ``forms/<name>.ui`` into ``widget``; returns the ui object (its children by name)."""
    ui = form_class(name)()
    ui.setupUi(widget)
    return ui


@functools.lru_cache(maxsize=None)
def icon(name: str) -> QIcon:
    return QIcon(str(resources_dir() / "icons" / f"{name}.svg"))


def stylesheet(point_size: float) -> str:
    text = (resources_dir() / "style.qss").read_text(encoding="utf-8")
    pt = f"{point_size:.1f}"
    big = f"{point_size * 1.45:.1f}"
    return text.replace("@PT_BIG@", big).replace("@PT@", pt)
