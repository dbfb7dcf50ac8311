"""Fonts of the sheets, and what form fields can hold.

Every value is drawn as static text in an embedded TrueType font, so names with any
accent print ("Ḥarkonnen Zoë").  The font is looked for, in order:

1. ``resources/fonts/DejaVuSans*.ttf`` shipped with the app (licence beside them);
2. Debian's ``fonts-dejavu-core`` (``/usr/share/fonts/truetype/dejavu``);
3. Bitstream Vera, which reportlab itself ships (fewer accents, but always there).

A character none of those has (Japanese, Chinese) is drawn, character by character, in
the first fallback font that has it (``runs``): the shipped Droid Sans Fallback
(``resources/fonts/DroidSansFallbackFull.ttf``, Apache-2.0, 4 MB: kanji, hanzi, kana;
licence beside it), then fonts a Debian/Ubuntu machine may have (Droid, WenQuanYi,
Nanum for Hangul).  reportlab embeds each as a subset of the glyphs used and writes a
ToUnicode map, so copied text comes back as typed.  Noto CJK, the usual system CJK font,
has PostScript (CFF) outlines, which reportlab cannot embed, hence a TrueType fallback.

reportlab writes a character beyond U+FFFF (an emoji DejaVu has) into the ToUnicode map
as five hex digits, which is invalid; ``_patch_tounicode`` writes it as UTF-16, as the
PDF reference requires.

A pre-filled form field's value is stored as typed (UTF-16 where it must), and its
appearance is drawn by the sheet in these fonts (``layout.SheetCanvas.textfield``);
``field_text`` folds to PDFDocEncoding only what goes where no embedded font can be
used (tooltips are shown by the viewer in its own font, so they are kept as typed too).
"""

from __future__ import annotations

import functools
import unicodedata
from pathlib import Path

from reportlab.pdfbase import pdfmetrics, ttfonts
from reportlab.pdfbase.ttfonts import TTFont

from landsraad.paths import resources_dir

REGULAR = "LandsraadSans"
BOLD = "LandsraadSans-Bold"
FALLBACK = "LandsraadFallback"  # + index: the fallback fonts, in order
FIELD_FONT = "Helvetica"  # form fields: a standard font only
MISSING = "\u25a1"  # drawn for a character no font has (copied as typed)

_SYSTEM_DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
_SYSTEM_FALLBACKS = (
    Path("/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"),
    Path("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"),
    Path("/usr/share/fonts/truetype/nanum/NanumGothic.ttf"),
)


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


def fallback_files() -> list[Path]:
    """The TrueType fonts tried, in order, for a character the main font lacks."""
    shipped = resources_dir() / "fonts" / "DroidSansFallbackFull.ttf"
    out = [shipped] if shipped.is_file() else []
    for path in _SYSTEM_FALLBACKS:
        if path.is_file() and path.name not in {p.name for p in out}:
            out.append(path)
    return out


@functools.lru_cache(maxsize=1)
def register_fonts() -> tuple[Path, Path]:
    """Register the sheet fonts once; returns the (regular, bold) files used."""
    _patch_tounicode()
    regular, bold = font_files()
    pdfmetrics.registerFont(TTFont(REGULAR, str(regular)))
    pdfmetrics.registerFont(TTFont(BOLD, str(bold)))
    pdfmetrics.registerFontFamily(REGULAR, normal=REGULAR, bold=BOLD, italic=REGULAR, boldItalic=BOLD)
    return regular, bold


@functools.lru_cache(maxsize=1)
def _fallbacks() -> tuple[tuple[str, frozenset[int]], ...]:
    """(registered name, the characters it has) of each fallback font, loaded when a
    character first needs one (most sheets never do)."""
    out = []
    for i, path in enumerate(fallback_files()):
        name = f"{FALLBACK}{i}"
        try:
            font = TTFont(name, str(path), subfontIndex=0)
        except Exception:  # an unreadable or PostScript-outline font: skip it
            continue
        pdfmetrics.registerFont(font)
        out.append((name, frozenset(font.face.charToGlyph)))
    return tuple(out)


@functools.lru_cache(maxsize=2)
def _main_chars(bold: bool) -> frozenset[int]:
    register_fonts()
    return frozenset(pdfmetrics.getFont(BOLD if bold else REGULAR).face.charToGlyph)


def _font_of(ch: str, bold: bool) -> str | None:
    """The font that draws ``ch``: the main one, a fallback, or None when none has it."""
    code = ord(ch)
    if code in _main_chars(bold) or ch in "\n\t" or code < 32:
        return BOLD if bold else REGULAR
    for name, chars in _fallbacks():
        if code in chars:
            return name
    return None


def runs(text: str, bold: bool = False) -> list[tuple[str | None, str]]:
    """``text`` cut into runs of one font each: (font name, text); a run whose font is
    None holds characters no font has (drawn as MISSING, copied as typed)."""
    out: list[tuple[str | None, str]] = []
    main = _main_chars(bold)
    main_name = BOLD if bold else REGULAR
    start, current = 0, main_name
    for i, ch in enumerate(text):
        font = main_name if ord(ch) in main else _font_of(ch, bold)
        if font != current:
            if i > start:
                out.append((current, text[start:i]))
            start, current = i, font
    if len(text) > start:
        out.append((current, text[start:]))
    return out


def width(text: str, size: float, bold: bool = False) -> float:
    main = BOLD if bold else REGULAR
    total = 0.0
    for font, part in runs(text, bold):
        if font is None:
            total += pdfmetrics.stringWidth(MISSING * len(part), main, size)
        else:
            total += pdfmetrics.stringWidth(part, font, size)
    return total


def _patch_tounicode() -> None:
    """Make reportlab write characters beyond U+FFFF into a font's ToUnicode map as UTF-16
    surrogate pairs (``<D83DDE00>``), not as an invalid five-digit ``<1F600>``."""
    if getattr(ttfonts.makeToUnicodeCMap, "_landsraad", False):
        return
    original = ttfonts.makeToUnicodeCMap

    def make(fontname, subset):
        cmap = original(fontname, subset)
        if all(v <= 0xFFFF for v in subset):
            return cmap
        lines = cmap.split("\n")
        for i, v in enumerate(subset):
            if v > 0xFFFF:
                old = f"<{i:02X}> <{v:04X}>"
                lines[lines.index(old)] = f"<{i:02X}> <{chr(v).encode('utf-16-be').hex().upper()}>"
        return "\n".join(lines)

    make._landsraad = True
    ttfonts.makeToUnicodeCMap = make


# ----- form field values ----------------------------------------------------------------
# reportlab writes a field's value into its appearance stream as Latin-1 and into /V as
# PDFDocEncoding; both agree on printable ASCII and U+00A1..U+00FF (but U+00AD), so a
# value made only of those is safe.  Anything else is folded.
_FOLD = {
    "—": "-",
    "–": "-",
    "‐": "-",
    "‑": "-",
    "−": "-",
    "“": '"',
    "”": '"',
    "„": '"',
    "«": "«",
    "‘": "'",
    "’": "'",
    "‚": "'",
    "′": "'",
    "″": '"',
    "…": "...",
    "€": "EUR",
    "•": "*",
    "·": "·",
    "→": "->",
    "←": "<-",
    "™": "TM",
    "‰": "o/oo",
    "\u00a0": " ",
    "\u00ad": "",
    "\u2009": " ",
    "\u202f": " ",
    "Œ": "OE",
    "œ": "oe",
    "Ł": "L",
    "ł": "l",
    "Đ": "D",
    "đ": "d",
    "Ħ": "H",
    "ħ": "h",
    "ı": "i",
    "ŋ": "ng",
    "Ŋ": "NG",
    "ĸ": "k",
    "ſ": "s",
    "Ŧ": "T",
    "ŧ": "t",
    "Ŀ": "L",
    "ŀ": "l",
}


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
            continue  # a stray accent or a control character: drop it
        else:
            base = unicodedata.normalize("NFKD", ch)  # Ǆ -> D Z caron, Ḥ -> H dot
            whole = unicodedata.normalize("NFC", base)  # recompose what composes
            if whole != ch and encodable(whole):
                out.append(whole)
                continue
            kept = unicodedata.normalize("NFC", "".join(c for c in base if not unicodedata.combining(c)))
            out.append(kept if kept and encodable(kept) else "?")
    return "".join(out)
