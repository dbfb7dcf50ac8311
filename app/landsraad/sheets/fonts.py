"""Fonts of the sheets, and what form fields can hold.

Every value is drawn as static text in an embedded TrueType font, so names with any
accent print ("Ḥarkonnen Zoë").  The font is looked for, in order:

1. ``resources/fonts/DejaVuSans*.ttf`` shipped with the app (licence beside them);
2. Debian's ``fonts-dejavu-core`` (``/usr/share/fonts/truetype/dejavu``);
3. Bitstream Vera, which reportlab itself ships (fewer accents, but always there).

AcroForm fields only take the standard PDF fonts and PDFDocEncoding values
(design/models-to-learn-from.md); reportlab 5.1 is stricter still, writing the value's
appearance as Latin-1 (an em dash or "Ł" raises ValueError).  So a value the app
pre-fills goes through ``field_text``, which folds what a field cannot hold.
"""

from __future__ import annotations

import functools
import unicodedata
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from landsraad.paths import resources_dir

REGULAR = "LandsraadSans"
BOLD = "LandsraadSans-Bold"
FIELD_FONT = "Helvetica"          # form fields: a standard font only

_SYSTEM_DEJAVU = Path("/usr/share/fonts/truetype/dejavu")


def _candidates() -> list[tuple[Path, Path]]:
    import reportlab
    vera = Path(reportlab.__file__).parent / "fonts"
    return [
        (resources_dir() / "fonts" / "DejaVuSans.ttf", resources_dir() / "fonts" / "DejaVuSans-Bold.ttf"),
        (_SYSTEM_DEJAVU / "DejaVuSans.ttf", _SYSTEM_DEJAVU / "DejaVuSans-Bold.ttf"),
        (vera / "Vera.ttf", vera / "VeraBd.ttf"),
    ]


def font_files() -> tuple[Path, Path]:
    """The (regular, bold) TrueType files the sheets use: the first pair found."""
    for regular, bold in _candidates():
        if regular.is_file() and bold.is_file():
            return regular, bold
    raise RuntimeError("no TrueType font found for the sheets (not even reportlab's Vera)")  # pragma: no cover


@functools.lru_cache(maxsize=1)
def register_fonts() -> tuple[Path, Path]:
    """Register the sheet fonts once; returns the (regular, bold) files used."""
    regular, bold = font_files()
    pdfmetrics.registerFont(TTFont(REGULAR, str(regular)))
    pdfmetrics.registerFont(TTFont(BOLD, str(bold)))
    pdfmetrics.registerFontFamily(REGULAR, normal=REGULAR, bold=BOLD, italic=REGULAR, boldItalic=BOLD)
    return regular, bold


def width(text: str, size: float, bold: bool = False) -> float:
    return pdfmetrics.stringWidth(text, BOLD if bold else REGULAR, size)


# ----- form field values ----------------------------------------------------------------
# reportlab writes a field's value into its appearance stream as Latin-1 and into /V as
# PDFDocEncoding; both agree on printable ASCII and U+00A1..U+00FF (but U+00AD), so a
# value made only of those is safe.  Anything else is folded.
_FOLD = {"—": "-", "–": "-", "‐": "-", "‑": "-", "−": "-", "“": '"', "”": '"', "„": '"',
         "«": "«", "‘": "'", "’": "'", "‚": "'", "′": "'", "″": '"', "…": "...", "€": "EUR",
         "•": "*", "·": "·", "→": "->", "←": "<-", "™": "TM", "‰": "o/oo", "\u00a0": " ",
         "\u00ad": "", "\u2009": " ", "\u202f": " ", "Œ": "OE", "œ": "oe", "Ł": "L", "ł": "l",
         "Đ": "D", "đ": "d", "Ħ": "H", "ħ": "h", "ı": "i", "ŋ": "ng", "Ŋ": "NG", "ĸ": "k",
         "ſ": "s", "Ŧ": "T", "ŧ": "t", "Ŀ": "L", "ŀ": "l"}


def _fits(ch: str) -> bool:
    return ch in "\n\t" or " " <= ch <= "~" or ("\u00a1" <= ch <= "\u00ff" and ch != "\u00ad")


def encodable(text: str) -> bool:
    """Can a form field hold ``text`` as it is?"""
    return all(_fits(ch) for ch in text)


def field_text(text: str) -> str:
    """``text`` as a form field can hold it: kept when it fits, else each character that
    does not fit is folded (Ḥ -> H, ł -> l, — -> -) or, failing that, becomes "?"."""
    text = unicodedata.normalize("NFC", text)
    if encodable(text):
        return text
    out = []
    for ch in text:
        if _fits(ch):
            out.append(ch)
        elif ch in _FOLD:
            out.append(_FOLD[ch])
        elif unicodedata.combining(ch) or unicodedata.category(ch) in ("Cc", "Cf"):
            continue                      # a stray accent or a control character: drop it
        else:
            base = unicodedata.normalize("NFKD", ch)           # Ǆ -> D Z caron, Ḥ -> H dot
            whole = unicodedata.normalize("NFC", base)         # recompose what composes
            if whole != ch and encodable(whole):
                out.append(whole)
                continue
            kept = unicodedata.normalize("NFC", "".join(c for c in base if not unicodedata.combining(c)))
            out.append(kept if kept and encodable(kept) else "?")
    return "".join(out)
