"""PyInstaller runtime hook: the Designer forms, compiled when the bundle was built.

``QtUiTools.loadUiType`` compiles a ``.ui`` file by running the ``pyside6-uic`` script,
which a frozen app cannot run.  landsraad.spec compiles every ``forms/*.ui`` with
pyside6-uic into the module ``landsraad_frozen_forms.<name>``; this hook makes
``loadUiType`` return those classes.  It patches ``PySide6.QtUiTools`` only when that
module is first imported, so the command line never loads Qt.
"""

import importlib
import importlib.abc
import importlib.util
import sys
from pathlib import Path

_TARGET = "PySide6.QtUiTools"


def _patch(module) -> None:
    original = getattr(module, "loadUiType", None)

    def loadUiType(uifile, *args, **kwargs):  # noqa: N802 - Qt's name
        stem = Path(str(uifile)).stem
        try:
            compiled = importlib.import_module(f"landsraad_frozen_forms.{stem}")
        except ImportError:
            if original is None:
                raise
            return original(uifile, *args, **kwargs)
        from PySide6 import QtWidgets
        form = getattr(compiled, compiled.FORM_CLASS)
        return form, getattr(QtWidgets, compiled.BASE_CLASS)

    module.loadUiType = loadUiType


class _Finder(importlib.abc.MetaPathFinder):
    """Finds nothing itself: the first import of PySide6.QtUiTools is patched once loaded."""

    def find_spec(self, name, path=None, target=None):
        if name != _TARGET:
            return None
        sys.meta_path.remove(self)              # one time only; the real finders do the work
        spec = importlib.util.find_spec(name)
        if spec is None or spec.loader is None:
            return spec
        exec_module = spec.loader.exec_module

        def exec_and_patch(module):
            exec_module(module)
            _patch(module)

        spec.loader.exec_module = exec_and_patch
        return spec


sys.meta_path.insert(0, _Finder())
