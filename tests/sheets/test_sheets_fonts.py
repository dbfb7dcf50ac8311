"""Sheet fonts and form-field text: the shipped DejaVu Sans, its fallbacks, and folding what
PDFDocEncoding cannot hold (design/models-to-learn-from.md, reportlab facts)."""

from __future__ import annotations

import pytest
from reportlab.pdfgen import canvas

from landsraad.sheets import fonts
from landsraad.sheets.fonts import encodable, field_text, font_files
from tests.support.sheets import ACCENTED, ROOT

FONTS = ROOT / "resources" / "fonts"


def test_the_shipped_font_and_its_licence_are_used():
    assert (FONTS / "DejaVuSans.ttf").is_file() and (FONTS / "DejaVuSans-Bold.ttf").is_file()
    licence = (FONTS / "LICENSE-DejaVu.txt").read_text(encoding="utf-8")
    assert "Bitstream" in licence and "Permission is hereby granted" in licence
    assert font_files() == (FONTS / "DejaVuSans.ttf", FONTS / "DejaVuSans-Bold.ttf")


def test_the_shipped_font_has_the_accents():
    from reportlab.pdfbase.ttfonts import TTFont

    face = TTFont("probe", str(FONTS / "DejaVuSans.ttf")).face
    for ch in ACCENTED + "ÅØłŒ€—…·→":
        assert ord(ch) in face.charToGlyph, ch


def test_fallback_without_the_shipped_fonts(monkeypatch, tmp_path):
    """A machine without resources/fonts still gets a TrueType font: Debian's DejaVu, else
    the Vera that reportlab itself ships."""
    monkeypatch.setattr(fonts, "resources_dir", lambda: tmp_path)
    regular, bold = font_files()
    assert regular.is_file() and bold.is_file()
    assert regular.name in ("DejaVuSans.ttf", "Vera.ttf")
    monkeypatch.setattr(fonts, "_SYSTEM_DEJAVU", tmp_path / "none")
    assert font_files()[0].name == "Vera.ttf"


TRICKY = [
    ("Zoë Ørsted", "Zoë Ørsted"),  # Latin-1: unchanged
    (ACCENTED, "Harkonnen Zoë"),
    ("Ǆemal Łódź", "DZemal Lódz"),
    ("Straße — “quoted” … €5", 'Straße - "quoted" ... EUR5'),
    ("e\u0301", "é"),  # decomposed accents are composed first
    ("Ḥ\u0323", "H"),
    ("Œuvre ‘Ŧ’ ŀ", "OEuvre 'T' l"),
    ("tab\tline\nnext", "tab\tline\nnext"),
    ("zero\u200bwidth", "zerowidth"),
    ("日本", "??"),
]


@pytest.mark.parametrize("text, folded", TRICKY)
def test_field_text(text, folded):
    assert field_text(text) == folded
    assert encodable(field_text(text))


def test_folded_values_really_go_into_fields_and_read_back(tmp_path):
    import pypdf

    out = tmp_path / "f.pdf"
    c = canvas.Canvas(str(out))
    for i, (text, _) in enumerate(TRICKY):
        c.acroForm.textfield(name=f"f{i}", value=field_text(text), y=20 * i + 20, fieldFlags="multiline", maxlen=0)
    c.showPage()
    c.save()
    got = pypdf.PdfReader(str(out)).get_fields()
    for i, (_, folded) in enumerate(TRICKY):
        assert got[f"f{i}"]["/V"] == folded


def test_reportlab_really_refuses_what_field_text_folds(tmp_path):
    c = canvas.Canvas(str(tmp_path / "x.pdf"))
    with pytest.raises((KeyError, UnicodeEncodeError, ValueError)):
        c.acroForm.textfield(name="n", value=ACCENTED)
    c.acroForm.textfield(name="m", value=field_text(ACCENTED))
    c.showPage()
    c.save()


def test_a_sheet_still_renders_with_reportlabs_vera_alone(tmp_path):
    """A fresh machine with neither the shipped fonts nor fonts-dejavu-core: the sheet is
    made with Vera (in a child process, as fonts register once per process)."""
    import subprocess
    import sys

    code = (
        "from pathlib import Path\n"
        "import landsraad.sheets.fonts as f\n"
        "f.resources_dir = lambda: Path('/nonexistent')\n"
        "f._SYSTEM_DEJAVU = Path('/nonexistent')\n"
        "from landsraad.house.document import load_fief\n"
        "from landsraad.sheets import export_fief\n"
        f"export_fief(load_fief({str(ROOT / 'examples' / 'venhei-fief.json')!r}), {str(tmp_path / 'v.pdf')!r})\n"
        "print(f.register_fonts()[0].name)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "Vera.ttf"
    assert (tmp_path / "v.pdf").read_bytes().startswith(b"%PDF")
