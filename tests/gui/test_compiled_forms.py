"""The compiled forms (app/landsraad/gui/compiled_forms, `make forms`) match forms/*.ui, and an
edited .ui file that was not recompiled is still what the window shows."""

import shutil  # noqa: E402

import pytest  # noqa: E402

from landsraad.gui import resources  # noqa: E402
from landsraad.paths import forms_dir  # noqa: E402
from tools import compile_forms  # noqa: E402

UI_FILES = sorted(forms_dir().glob("*.ui"))


@pytest.mark.parametrize("ui_file", UI_FILES, ids=lambda p: p.stem)
def test_every_form_has_a_current_compiled_module(ui_file):
    compiled = resources.compiled_form(ui_file.stem, ui_file)
    assert compiled is not None, f"forms/{ui_file.name} changed: run `make forms`"
    assert compiled.__name__ == "Ui_" + _root_object_name(ui_file)


def _root_object_name(ui_file) -> str:
    import xml.etree.ElementTree as ET

    return ET.parse(ui_file).getroot().find("widget").get("name")


def test_compiling_again_gives_the_committed_files(tmp_path):
    written = compile_forms.compile_all(tmp_path)
    assert {p.name for p in written} == {f"ui_{p.stem}.py" for p in UI_FILES}
    for p in written:
        committed = compile_forms.OUT / p.name
        assert p.read_text(encoding="utf-8") == committed.read_text(encoding="utf-8"), p.name


def test_an_edited_form_that_was_not_recompiled_is_loaded_from_the_ui_file(tmp_path, monkeypatch, qtbot):
    from PySide6.QtWidgets import QWidget

    folder = tmp_path / "forms"
    shutil.copytree(forms_dir(), folder)
    ui = folder / "finishing_step.ui"
    text = ui.read_text(encoding="utf-8")
    assert "<class>FinishingStep</class>" in text
    # an edit in Designer that does not change what the form builds, only its bytes
    ui.write_text(
        text.replace('<ui version="4.0">', '<ui version="4.0">\n <author>edited</author>', 1), encoding="utf-8"
    )
    monkeypatch.setattr(resources, "forms_dir", lambda: folder)
    resources.form_class.cache_clear()
    try:
        assert resources.compiled_form("finishing_step", ui) is None  # stale: not used
        w = QWidget()
        qtbot.addWidget(w)
        form = resources.setup_form("finishing_step", w)  # loadUiType instead
        assert form.__class__.__module__ != "landsraad.gui.compiled_forms.ui_finishing_step"
    finally:
        resources.form_class.cache_clear()


def test_trim_imports_keeps_only_the_names_the_form_uses():
    code = (
        "from PySide6.QtCore import (QCoreApplication, QDate,\n    QLocale, Qt)\n"
        "from PySide6.QtGui import (QBrush, QColor)\n"
        "class Ui_X(object):\n    def setupUi(self, X):\n        X.setLayoutDirection(Qt.LeftToRight)\n"
        "        QCoreApplication.translate('X', 'x')\n"
    )
    out = compile_forms.trim_imports(code)
    assert "from PySide6.QtCore import QCoreApplication, Qt\n" in out
    assert "QtGui" not in out and "QLocale" not in out


def test_the_compiled_text_does_not_depend_on_the_uic_version():
    code = (
        "# -*- coding: utf-8 -*-\n## Form generated from reading UI file 'x.ui'\n##\n"
        "## Created by: Qt User Interface Compiler version 6.12.0\n##\nclass Ui_X: pass\n"
    )
    other = code.replace("6.12.0", "6.11.3")
    assert compile_forms.drop_uic_version(code) == compile_forms.drop_uic_version(other)
    assert "Compiler version" not in compile_forms.drop_uic_version(code)
    for p in UI_FILES:  # and the committed files hold no version line either
        text = (compile_forms.OUT / f"ui_{p.stem}.py").read_text(encoding="utf-8")
        assert "Qt User Interface Compiler version" not in text, p.name
