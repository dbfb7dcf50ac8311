"""Page machinery shared by the three sheets: paper, header, columns, text, boxes, fields.

A ``SheetCanvas`` is one PDF (one file, possibly several sheets).  ``start_sheet`` begins
a sheet on a fresh page and draws its header; when a ``Flow`` runs out of room it turns
the page, and the new page repeats the sheet's header (marked "continued").  Blocks are
measured before they are drawn, so nothing is ever cut at the page edge.

Values are drawn as static text in the embedded TrueType font (``fonts.REGULAR``);
AcroForm fields (``textfield``, ``checkbox``) are only for what players write in play,
and their pre-filled values are kept as typed (``SheetCanvas.textfield``).
"""

from __future__ import annotations

import io
import os
import time
from collections.abc import Callable

import attrs
from reportlab.lib.colors import Color, HexColor, white
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.utils import TimeStamp
from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary, PDFObjectReference, PDFString
from reportlab.pdfgen import canvas as rl_canvas

from landsraad import __version__
from landsraad.errors import LandsraadError
from landsraad.sheets import fonts
from landsraad.sheets.fonts import BOLD, FIELD_FONT, REGULAR
from landsraad.slug import slugify

PAPERS = {"a4": A4, "letter": LETTER}

INK = HexColor("#2b2118")
ACCENT = HexColor("#7a4b1e")
BAND = HexColor("#4a3020")
SECTION = HexColor("#eadfcd")
RULE = HexColor("#b9a68c")
FAINT = HexColor("#6e604f")  # grey text: at least 4.5:1 on white, so office printers keep it
FIELD_FILL = Color(0.97, 0.96, 1.0)
FIELD_BORDER = HexColor("#9c8f80")

MARGIN = 30
GAP = 12
SECTION_H = 14
LINE = 10.5  # body line height at 8 pt
MIN_SIZE = 7.0  # no text smaller (issue 17: office printers)
FULL_NAME_CHARS = 2000  # an elided header value is printed in full up to this length


class SheetError(LandsraadError):
    """A sheet that cannot be made or written (bad paper, unknown House, unwritable file)."""


@attrs.frozen
class Header:
    kind: str  # "character", "house", "fief" (field prefix)
    title: str  # "Character", "House Minor", "Siridar Fief"
    name: str  # the document's name (field prefix, footer)
    boxes: tuple[tuple[str, str, float], ...]  # (label, value, relative width)
    outline: int = 0  # bookmark level (0: top, 1: under the last 0)
    fill_in: tuple[str, ...] = ()  # labels whose box is a field when its value is empty
    system: str = "HOUSES OF THE LANDSRAAD  ·  One Roll Engine"  # the band's right-hand words


def paper_size(paper: str) -> tuple[float, float]:
    try:
        return PAPERS[str(paper).lower()]
    except KeyError:
        raise SheetError(f"paper {paper!r}: one of {', '.join(PAPERS)}") from None


class SheetCanvas:
    """One PDF being drawn: pages, the current sheet's header, unique field names."""

    def __init__(
        self, paper: str = "a4", title: str = "", duplex: bool = False, created: float | None = None, lang: str = "en"
    ):
        fonts.register_fonts()
        self.paper = str(paper).lower()
        self.width, self.height = paper_size(paper)
        self.duplex = duplex
        self.buffer = io.BytesIO()
        # invariant: no random file id; the creation date is ``created`` (default now, or
        # SOURCE_DATE_EPOCH), so the same input and time give the same bytes
        self.c = rl_canvas.Canvas(self.buffer, pagesize=(self.width, self.height), invariant=1, lang=lang)
        self.c._doc._timeStamp = _timestamp(created)
        self.c.setTitle(_short(title or "Landsraad Forge sheet", 300))
        self.c.setAuthor("Landsraad Forge")
        self.c.setCreator(f"Landsraad Forge {__version__}")
        self.c.setSubject("Houses of the Landsraad")
        self.left = MARGIN
        self.right = self.width - MARGIN
        self.bottom = MARGIN + 14
        self.y = self.page_top = self.height - MARGIN
        self.header: Header | None = None
        self.prefix = ""
        self.sheet_page = 0
        self.file_page = 0
        self.page_open = False
        self.elided: list[tuple[str, str]] = []  # header values shortened on this sheet
        self._prefixes: set[str] = set()
        self._fields: set[str] = set()
        self._outlines = 0
        self._box_looks: dict[tuple, dict] = {}

    @property
    def content_width(self) -> float:
        return self.right - self.left

    # ----- pages ------------------------------------------------------------------------
    def start_sheet(self, header: Header) -> str:
        """Begin a sheet on a new page; returns its field-name prefix (unique in the file)."""
        if self.page_open:
            self.end_page()
        self._close_sheet()
        base = f"{header.kind}-{slugify(header.name[:80]) or 'unnamed'}"
        prefix, n = base, 2
        while prefix in self._prefixes:
            prefix, n = f"{base}-{n}", n + 1
        self._prefixes.add(prefix)
        self.prefix = prefix
        self.header = header
        self.sheet_page = 0
        self._open_page()
        key = f"sheet-{self._outlines}"
        self._outlines += 1
        self.c.bookmarkPage(key)
        self.c.addOutlineEntry(
            _short(f"{header.title}: {header.name or 'unnamed'}", 200),
            key,
            level=header.outline if self._outlines > 1 else 0,
        )
        self._print_elided()
        return prefix

    def _open_page(self) -> None:
        self.sheet_page += 1
        self.file_page += 1
        self.page_open = True
        self.elided = []
        self.y = self.page_top = self._draw_header()

    def _print_elided(self) -> None:
        """Header values too long for their box, printed in full under the header."""
        for label, value in self.elided:
            more = len(value) - FULL_NAME_CHARS
            text = value[:FULL_NAME_CHARS] + (f" … ({len(value):,} characters in all)" if more > 0 else "")
            lines = split(f"{label} in full: {text}", self.content_width, 7.5)
            room = int((self.y - self.bottom - 200) // 9.5)  # leave most of the page to the sheet
            if len(lines) > room:
                lines = lines[: max(room, 1)]
                lines[-1] = clip(lines[-1] + " …", self.content_width, 7.5)
            for line in lines:
                self.text(self.left, self.y - 7.5, line, 7.5)
                self.y -= 9.5
            self.y -= 4
        self.page_top = self.y

    def end_page(self) -> None:
        self._draw_footer()
        self.c.showPage()
        self.page_open = False

    def next_page(self) -> None:
        self.end_page()
        self._open_page()

    def need(self, height: float) -> None:
        """Turn the page unless ``height`` is left below ``y`` (keeps a full-width title
        with the columns that follow it)."""
        if self.y - height < self.bottom and self.y < self.page_top - 0.5:
            self.next_page()

    # ----- pages a rules pack draws itself (the fencer sheet and its maneuver cards) ------------
    def begin_pack_pages(self, title: str, name: str, parent: str = "", level: int = 0) -> str:
        """Pages drawn on this canvas by a pack's own renderer, with its own header and
        footer, follow: the sheet before them is closed and they get a bookmark (under a
        ``parent`` bookmark made here when given, or at ``level``: a duel's fencers under "Duel: …").
        Returns the bookmark's key."""
        if self.page_open:
            self.end_page()
        self._close_sheet()
        key = f"sheet-{self._outlines}"
        self._outlines += 1
        self.c.bookmarkPage(key)
        # one outline entry per key: a second key on the same page for a bookmark above it
        # (the duel's), made now or later by ``outline_to``
        self.c.bookmarkPage(key + "-above")
        if parent:
            self.c.addOutlineEntry(_short(parent, 200), key + "-above", level=0)
        self.c.addOutlineEntry(_short(f"{title}: {name or 'unnamed'}", 200), key, level=1 if parent else level)
        return key

    def outline_to(self, title: str, key: str) -> None:
        """A top-level bookmark to pages already printed (``key``: ``begin_pack_pages``'s),
        once per pages: a duel whose fencers were printed before it."""
        self.c.addOutlineEntry(_short(title, 200), key + "-above", level=0)

    def end_pack_pages(self, count: int) -> None:
        """After ``count`` such pages (the last one shown): counted in the file's pages, and
        in duplex an odd count gets a blank back, as a sheet does."""
        self.file_page += count
        if self.duplex and count % 2:
            self.file_page += 1
            self.c.setPageSize((self.width, self.height))
            self.c.showPage()

    def finish(self) -> bytes:
        if self.page_open:
            self.end_page()
        self._close_sheet()
        self._count_form("pages-file", self.file_page)
        self.c.showOutline()
        self.c.save()
        return self.buffer.getvalue()

    def _close_sheet(self) -> None:
        """Define the sheet's page count, which every footer of the sheet already shows
        (a form XObject may be used before it is defined); in duplex, a sheet of an odd
        number of pages gets a blank back, so each sheet can be pulled out on its own."""
        if self.header is None:
            return
        self._count_form(f"pages-{self.prefix}", self.sheet_page)
        if self.duplex and self.sheet_page % 2:
            self.file_page += 1
            self.c.setPageSize((self.width, self.height))
            self.c.showPage()
        self.header = None

    def _count_form(self, name: str, count: int) -> None:
        c = self.c
        c.beginForm(name, 0, -2, COUNT_W, 8)
        c.setFillColor(FAINT)
        c.setFont(REGULAR, FOOT_SIZE)
        c.drawString(0, 0, str(count))
        c.endForm()

    def _draw_header(self) -> float:
        c, h = self.c, self.header
        top = self.height - MARGIN
        band = 22
        c.setFillColor(BAND)
        c.rect(self.left, top - band, self.content_width, band, stroke=0, fill=1)
        c.setFillColor(white)
        title = h.title.upper() + ("  (continued)" if self.sheet_page > 1 else "")
        # the title keeps clear of the running title at the right (issue 27: page 2 of the
        # players' House ran "(continued)" into it): smaller type, then cut, never overlapping
        room = self.content_width - 8 - 8 - fonts.width(h.system, 7.5) - 12
        size = fit_size(title, room, 13, 9, bold=True)
        c.setFont(BOLD, size)
        c.drawString(
            self.left + 8,
            top - 16,
            title if fonts.width(title, size, True) <= room else clip(title, room, size, bold=True),
        )
        c.setFont(REGULAR, 7.5)
        c.drawRightString(self.right - 8, top - 14, h.system)
        y = top - band - 3
        box_h = 26
        total = sum(b[2] for b in h.boxes) or 1
        x = self.left
        for label, value, weight in h.boxes:
            w = self.content_width * weight / total
            c.setStrokeColor(RULE)
            c.setLineWidth(0.6)
            c.rect(x, y - box_h, w - 3, box_h, stroke=1, fill=0)
            self.text(x + 3, y - 8, label.upper(), MIN_SIZE, color=FAINT, max_width=w - 9)
            value = value or ""
            if not value and label in h.fill_in and self.sheet_page == 1:
                self.textfield(slugify(label), x + 2, y - box_h + 2, w - 7, 14, "", size=10, tooltip=label)
                x += w
                continue
            size = fit_size(value, w - 9, 11, MIN_SIZE, True)
            shown = clip(value, w - 9, size, True)
            if shown != value and value:
                self.elided.append((label, value))
            self.text(x + 3, y - box_h + 5, shown, size, True)
            x += w
        return y - box_h - 8

    def _draw_footer(self) -> None:
        """ "Landsraad Forge · Character: NAME" at the left (the name elided to the room
        left), "A4 · page 2 of 3 · file 5 of 12" at the right; they never overlap."""
        c = self.c
        name = self.header.name if self.header else ""
        title = self.header.title if self.header else ""
        x = self.right
        for count, words in (
            ("pages-file", f"  ·  file page {self.file_page} of "),
            (f"pages-{self.prefix}", f"{self.paper.upper()}  ·  page {self.sheet_page} of "),
        ):
            x -= COUNT_W
            c.saveState()
            c.translate(x + 1, MARGIN)
            c.doForm(count)
            c.restoreState()
            self.text(x, MARGIN, words, FOOT_SIZE, color=FAINT, align="right")
            x -= fonts.width(words, FOOT_SIZE)
        self.text(
            self.left,
            MARGIN,
            f"Landsraad Forge {__version__}  ·  {title}: {name[:500]}",
            FOOT_SIZE,
            color=FAINT,
            max_width=x - self.left - 12,
        )

    # ----- drawing helpers -----------------------------------------------------------------
    def text(
        self,
        x: float,
        y: float,
        text: str,
        size: float = 8,
        bold: bool = False,
        color=INK,
        max_width: float | None = None,
        align: str = "left",
        shrink: float = 0,
    ) -> float:
        """Draw ``text`` (never under MIN_SIZE); with ``max_width`` it is first shrunk
        (down to ``shrink`` pt, if given) and then clipped with an ellipsis to fit.
        Returns the size used."""
        size = max(size, MIN_SIZE)
        if max_width is not None:
            if shrink:
                size = fit_size(text, max_width, size, max(shrink, MIN_SIZE), bold)
            text = clip(text, max_width, size, bold)
        draw_text(self.c, x, y, text, size, bold, color, align)
        return size

    def boxes(self, x: float, y: float, n: int, filled: int = 0, size: float = 7, gap: float = 2) -> float:
        """``n`` printed squares, the first ``filled`` of them filled; returns the width."""
        c = self.c
        c.setLineWidth(0.6)
        c.setStrokeColor(INK)
        for i in range(n):
            c.setFillColor(INK if i < filled else white)
            c.rect(x + i * (size + gap), y, size, size, stroke=1, fill=1)
        return n * (size + gap) - gap if n else 0

    def field_name(self, what: str) -> str:
        name = f"{self.prefix}_{what}"
        if name in self._fields:
            raise ValueError(f"field {name!r} made twice")  # pragma: no cover - a sheet bug
        self._fields.add(name)
        return name

    def textfield(
        self,
        what: str,
        x: float,
        y: float,
        w: float,
        h: float,
        value: str = "",
        multiline: bool = False,
        size: float = 8,
        tooltip: str = "",
    ) -> str:
        """A fillable text field; returns its name.  Its value is stored as typed, in any
        script (/V is UTF-16 where PDFDocEncoding cannot hold it); its appearance is drawn
        here in the sheet's embedded fonts (with the per-character fallback), so a
        pre-filled value shows once and in its own letters.  Typing replaces it, in the
        viewer's own font."""
        name = self.field_name(what)
        self._outline(x, y, w, h, FIELD_BORDER)
        value = value or ""
        size = max(size, MIN_SIZE)
        tip = tooltip or what
        self.c.acroForm.textfield(
            name=name,
            tooltip=fonts.field_text(tip),
            value="",
            x=x,
            y=y,
            width=w,
            height=h,
            fontName=FIELD_FONT,
            fontSize=size,
            borderWidth=0.6,
            borderColor=FIELD_BORDER,
            fillColor=FIELD_FILL,
            textColor=INK,
            forceBorder=True,
            fieldFlags="multiline" if multiline else "",
            maxlen=0,
        )
        annot = self._last_field()
        annot["TU"] = _text_string(tip)
        if value:
            annot["V"] = _text_string(value)
            annot["DV"] = _text_string(value)
            annot["AP"] = PDFDictionary({"N": self._field_appearance(name, w, h, value, multiline, size)})
        return name

    def _last_field(self) -> PDFDictionary:
        """The annotation dictionary reportlab just made for a field."""
        ref = self.c.acroForm.fields[-1]
        return self.c._doc.idToObject[ref.name].dict

    def _field_appearance(
        self, name: str, w: float, h: float, value: str, multiline: bool, size: float
    ) -> PDFObjectReference:
        """A field's normal appearance: its fill and border, then the value (wrapped in a
        multi-line field), as a form XObject using the embedded fonts."""
        c = self.c
        form = f"field-ap-{name}"
        c.beginForm(form, 0, 0, w, h)
        c.setFillColor(FIELD_FILL)
        c.setStrokeColor(FIELD_BORDER)
        c.setLineWidth(0.6)
        c.rect(0.3, 0.3, w - 0.6, h - 0.6, stroke=1, fill=1)
        p = c.beginPath()
        p.rect(1.2, 1.2, w - 2.4, h - 2.4)
        c.clipPath(p, stroke=0, fill=0)
        if multiline:
            y = h - 2 - size
            for line in split(value, w - 6, size):
                if y < 0:
                    break
                draw_text(c, 3, y, line, size, False, INK)
                y -= size * 1.15
        else:
            draw_text(c, 3, (h - size) / 2 + size * 0.22, clip(value.replace("\n", " "), w - 6, size), size, False, INK)
        c.endForm()
        return PDFObjectReference(c._doc.getXObjectName(form))

    def _outline(self, x: float, y: float, w: float, h: float, colour) -> None:
        """The field's box as page content too, so it prints even where a viewer or
        printer leaves form fields out."""
        self.c.setStrokeColor(colour)
        self.c.setLineWidth(0.6)
        self.c.rect(x, y, w, h, stroke=1, fill=0)

    def checkbox(
        self,
        what: str,
        x: float,
        y: float,
        size: float = 8,
        checked: bool = False,
        tooltip: str = "",
        dashed: bool = False,
    ) -> str:
        """A check box; ``dashed``: one not in use yet (a damage box past the rating).

        reportlab builds six appearance streams and their dictionaries for every box,
        though a sheet's ~450 boxes share a few looks: the first box of each look is made
        by reportlab, the others reuse its appearance, border and flags."""
        name = self.field_name(what)
        if dashed:
            self.c.saveState()
            self.c.setDash(1.5, 1.2)
            self._outline(x, y, size, size, FAINT)
            self.c.restoreState()
        else:
            self._outline(x, y, size, size, INK)
        look = (size, dashed, checked)
        shared = self._box_looks.get(look)
        if shared is None:
            # a box ticked in play (damage taken, a use spent) prints filled, its cross white
            style = (
                dict(borderWidth=0, borderColor=None, fillColor=None)
                if dashed
                else dict(borderWidth=0.6, borderColor=INK, fillColor=INK if checked else white)
            )
            self.c.acroForm.checkbox(
                name=name,
                tooltip=fonts.field_text(tooltip or what),
                x=x,
                y=y,
                size=size,
                checked=checked,
                buttonStyle="cross",
                textColor=white if checked and not dashed else INK,
                forceBorder=False,
                **style,
            )
            made = self._last_field()
            self._box_looks[look] = {
                k: made[k] for k in ("FT", "AP", "Subtype", "Type", "F", "Ff", "H", "MK", "V", "AS", "BS") if k in made
            }
            made["TU"] = _text_string(tooltip or what)
            return name
        box = dict(shared)
        box.update(
            P=self.c._doc.thisPageRef(),
            Rect=PDFArray((x, y, x + size, y + size)),
            T=PDFString(name),
            TU=_text_string(tooltip or what),
        )
        annot = PDFDictionary(box)
        self.c._addAnnotation(annot)
        self.c.acroForm.fields.append(self.c.acroForm.getRef(annot))
        return name


# ----- text drawing and measuring ---------------------------------------------------------
COUNT_W = 13  # room for a page count of up to three digits in the footer
FOOT_SIZE = MIN_SIZE
_NARROWEST = 0.05  # no drawn character is narrower than this many ems (clip's bound)


def _timestamp(created: float | None) -> TimeStamp:
    """The PDF's creation date: ``created`` (seconds), else SOURCE_DATE_EPOCH, else now."""
    ts = TimeStamp(invariant=1)
    env = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    t = created if created is not None else (int(env) if env.isdigit() else int(time.time()))
    ts.t = t
    ts.lt = time.gmtime(t)
    ts.YMDhms = tuple(ts.lt)[:6]
    ts.dhh = ts.dmm = 0
    ts.tzname = "UTC"
    return ts


def _short(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


def draw_text(
    c, x: float, y: float, text: str, size: float, bold: bool = False, color=INK, align: str = "left"
) -> None:
    """Draw ``text`` one run per font (fonts.runs): a character the main font lacks is
    drawn in a fallback font that has it (bold faked by stroking, as fallbacks have no
    bold); one that no font has is drawn as a box, copied as typed (ActualText)."""
    if align != "left":
        w = fonts.width(text, size, bold)
        x -= w if align == "right" else w / 2
    c.saveState()
    c.setFillColor(color)
    t = c.beginText(x, y)
    main = BOLD if bold else REGULAR
    for font, part in fonts.runs(text, bold):
        if font is None:
            t.setFont(main, size)
            t._code.append(f"/Span <</ActualText {_pdf_text(part)}>> BDC")
            t.textOut(fonts.MISSING * len(part))
            t._code.append("EMC")
        elif font == main:
            t.setFont(font, size)
            t.textOut(part)
        else:
            t.setFont(font, size)
            if bold:
                c.setStrokeColor(color)
                c.setLineWidth(size * 0.04)
                t.setTextRenderMode(2)
            t.textOut(part)
            if bold:
                t.setTextRenderMode(0)
    c.drawText(t)
    c.restoreState()


def _text_string(text: str) -> PDFString:
    """A PDF text string that reads back as ``text``: plain ASCII as it is, anything else
    as UTF-16 (PDFDocEncoding leaves some codes undefined, e.g. U+009F)."""
    plain = all(" " <= ch <= "~" or ch in "\n\t" for ch in text)
    return PDFString(text, enc="auto" if plain else "utf16")


def _pdf_text(text: str) -> str:
    """A PDF hex string of ``text`` in UTF-16BE with its byte-order mark."""
    return "<FEFF" + text.encode("utf-16-be").hex().upper() + ">"


def fit_size(text: str, max_width: float, size: float, floor: float, bold: bool = False) -> float:
    """The largest size from ``size`` down to ``floor`` (steps of 0.25 pt) at which ``text``
    fits ``max_width``; ``floor`` when none does.  Width scales with size, so this is one
    measurement, not a loop."""
    w = fonts.width(text[:4000], size, bold)
    if w <= max_width or w == 0:
        return size
    fitted = size * max_width / w
    return max(floor, min(size, int(fitted * 4) / 4))


def clip(text: str, max_width: float, size: float, bold: bool = False) -> str:
    """``text`` shortened with an ellipsis to fit ``max_width``: a binary search over the
    length kept, on at most the characters that could ever fit, so a 100 MB name costs
    what a line costs (issue 13)."""
    cap = int(max_width / (size * _NARROWEST)) + 2
    head = text[:cap]
    if len(head) == len(text) and fonts.width(text, size, bold) <= max_width:
        return text
    room = max_width - fonts.width("…", size, bold)
    lo, hi = 0, len(head)  # the longest prefix that fits is in [lo, hi]
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if fonts.width(head[:mid], size, bold) <= room:
            lo = mid
        else:
            hi = mid - 1
    return head[:lo].rstrip() + "…"


def split(text: str, max_width: float, size: float, bold: bool = False) -> list[str]:
    """Wrap ``text`` (keeping its own line breaks) to lines of at most ``max_width``, at
    spaces where there are any, else anywhere (a long CJK name, a word of 300 letters)."""
    lines: list[str] = []
    cap = int(max_width / (size * _NARROWEST)) + 2  # more than this never fits a line
    for para in (text or "").splitlines() or [""]:
        line = ""
        for word in para.split(" "):
            candidate = f"{line} {word}" if line else word
            if len(candidate) <= cap and fonts.width(candidate, size, bold) <= max_width:
                line = candidate
                continue
            if line:
                lines.append(line)
            start = 0
            while True:
                cut = _fit_count(word[start : start + cap], max_width, size, bold)
                if start + cut >= len(word):
                    break
                soft = max(word.rfind("/", start, start + cut), word.rfind("-", start, start + cut))
                if soft > start:  # break after a slash or hyphen when there is one
                    cut = soft + 1 - start
                    lines.append(word[start : start + cut])
                elif cut > 2 and word[start + cut - 1].isalpha() and word[start + cut].isalpha():
                    # inside a word: a hyphen says it goes on (issue 27: "Infrastructur / e"),
                    # two letters at least on each side
                    cut = max(2, _fit_count(word[start : start + cut] + "-", max_width, size, bold) - 1)
                    if len(word) - (start + cut) < 2:
                        cut = max(2, len(word) - start - 2)
                    lines.append(word[start : start + cut] + "-")
                else:
                    lines.append(word[start : start + cut])
                start += cut
            line = word[start:]
        lines.append(line)
    return lines


def _fit_count(text: str, max_width: float, size: float, bold: bool) -> int:
    """How many leading characters of ``text`` fit ``max_width`` (at least one)."""
    lo, hi = 1, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if fonts.width(text[:mid], size, bold) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return lo


# ----- column flow ------------------------------------------------------------------------
Draw = Callable[[float, float, float], None]  # draw(x, y_top, width)


class Flow:
    """Blocks placed top to bottom in ``columns`` columns; a block that does not fit goes
    to the next column, then to a new page (which repeats the header)."""

    def __init__(self, sc: SheetCanvas, columns: int = 1, gap: float = GAP, widths: tuple[float, ...] | None = None):
        self.sc = sc
        self.n = columns
        self.gap = gap
        weights = widths or (1.0,) * columns
        usable = sc.content_width - gap * (columns - 1)
        self.widths = [usable * w / sum(weights) for w in weights]
        self.xs = []
        x = sc.left
        for w in self.widths:
            self.xs.append(x)
            x += w + gap
        self.top = sc.y
        self.ys = [self.top] * columns
        self.col = 0
        self.current: tuple[str, str] | None = None  # the section being filled
        self.pending: Draw | None = None  # a section title waiting for its first block
        self._titling = False

    @property
    def width(self) -> float:
        return self.widths[self.col]

    def room(self) -> float:
        """Height left in the current column (less a section title still to draw)."""
        return self.ys[self.col] - self.sc.bottom - (SECTION_H + 3 if self.pending else 0)

    def column(self, col: int) -> None:
        """Continue in column ``col`` (of the current page)."""
        self.col = col

    def break_column(self) -> None:
        if self.col + 1 < self.n:
            self.col += 1
        else:
            self.new_page()

    def new_page(self) -> None:
        self.sc.next_page()
        self.top = self.sc.y
        self.ys = [self.top] * self.n
        self.col = 0

    def place(self, height: float, draw: Draw, reserve: float = 0) -> None:
        """Draw a block of ``height``; ``reserve`` more must fit too.  A section title is
        drawn with the first block after it, never alone at a column's foot.  A block
        taller than a whole column is drawn at the top of one."""
        title, self.pending = self.pending, None
        head = SECTION_H + 3 if title else 0
        moved = False
        while (
            self.ys[self.col] - head - height - reserve < self.sc.bottom and self.ys[self.col] < self.sc.page_top - 0.5
        ):
            self.break_column()
            moved = True
        if moved and not title:
            self._continued_title()
        if title:
            title(self.xs[self.col], self.ys[self.col], self.widths[self.col])
            self.ys[self.col] -= head
        draw(self.xs[self.col], self.ys[self.col], self.widths[self.col])
        self.ys[self.col] -= height

    def _continued_title(self) -> None:
        """The section goes on in a new column or page: say so above it."""
        if self.current is None or self._titling:
            return
        title, note = self.current
        self._titling = True
        draw = self._title_block(f"{title} (continued)", note)
        draw(self.xs[self.col], self.ys[self.col], self.widths[self.col])
        self.ys[self.col] -= SECTION_H + 3
        self._titling = False
        self.current = (title, note)

    def space(self, h: float) -> None:
        if self.pending is None:
            self.ys[self.col] -= h

    def end(self, after: float = 6) -> None:
        """Finish the flow; the canvas continues below its lowest column."""
        if self.pending is not None:  # a title nothing followed: draw it alone
            self.place(0, lambda x, y, w: None)
        self.sc.y = min(self.ys) - after

    # ----- common blocks ------------------------------------------------------------------
    def section(self, title: str, reserve: float = LINE, note: str = "") -> None:
        """A section title; it is drawn with the block that follows it (``place``), so a
        title never ends a column.  ``reserve`` is kept for the callers' sake."""
        self.current = None  # a new section is not the continuation of the last
        self.pending = self._title_block(title, note)
        self.current = (title, note)

    def _title_block(self, title: str, note: str) -> Draw:
        sc = self.sc

        def draw(x, y, w):
            sc.c.setFillColor(SECTION)
            sc.c.rect(x, y - SECTION_H + 2, w, SECTION_H - 2, stroke=0, fill=1)
            sc.text(x + 4, y - SECTION_H + 5.5, title.upper(), 7.5, bold=True, color=ACCENT)
            if note:
                sc.text(
                    x + w - 4,
                    y - SECTION_H + 5.5,
                    note,
                    MIN_SIZE,
                    color=FAINT,
                    align="right",
                    max_width=w - fonts.width(title.upper(), 7.5, True) - 16,
                )

        return draw

    def para(
        self,
        text: str,
        size: float = 8,
        bold: bool = False,
        color=INK,
        indent: float = 0,
        leading: float | None = None,
        keep: float = 0,
        whole: bool = False,
    ) -> None:
        """Wrapped text, one block per line (so it can run on into the next column);
        ``keep``: room that must follow the first line (a title kept with what it heads);
        ``whole``: the lines stay together (a short note is not split over two pages)."""
        leading = leading or size * 1.3
        lines = split(text, min(self.widths) - indent - 2, size, bold)
        if whole:
            self.place(
                leading * len(lines),
                lambda x, y, w: [
                    self.sc.text(x + indent, y - size - j * leading, line, size, bold, color)
                    for j, line in enumerate(lines)
                ],
            )
            return
        for i, line in enumerate(lines):
            self.place(
                leading,
                lambda x, y, w, line=line: self.sc.text(x + indent, y - size, line, size, bold, color),
                reserve=keep if i == 0 else 0,
            )

    def label_value(self, label: str, value: str, size: float = 8, label_w: float = 70) -> None:
        """ "Label   value" with the value wrapped under itself; a long value runs on line by
        line into the next column or page."""
        lines = split(value or "—", self.width - label_w - 2, size)
        leading = size * 1.3
        for i, line in enumerate(lines):

            def draw(x, y, w, line=line, first=i == 0):
                if first:
                    self.sc.text(x, y - size, label, size - 1, color=FAINT, max_width=label_w - 4)
                self.sc.text(x + label_w, y - size, line, size)

            self.place(leading + (1 if i == len(lines) - 1 else 0), draw)

    def table(
        self,
        columns: list[tuple[str, float, str]],
        rows: list[list[str]],
        size: float = 7.5,
        header: bool = True,
        wrap: int | tuple[int, ...] | None = None,
        zebra: bool = True,
        bold_first: bool = False,
        bold_rows: set[int] = frozenset(),
    ) -> None:
        """A table: ``columns`` = (title, relative width, align "l"/"r"/"c"); cells wrap in
        column ``wrap`` (others are clipped).  The header repeats after a column break."""
        leading = size * 1.28
        total = sum(c[1] for c in columns)

        def col_geometry(w):
            xs, x = [], 0.0
            for _, cw, _ in columns:
                width_ = w * cw / total
                xs.append((x, width_))
                x += width_
            return xs

        def draw_header(x, y, w):
            for (title, _, align), (cx, cw) in zip(columns, col_geometry(w)):
                self._cell(x + cx, y - size, cw, title, size - 1, align, FAINT, True)
            self.sc.c.setStrokeColor(RULE)
            self.sc.c.setLineWidth(0.5)
            self.sc.c.line(x, y - leading - 0.5, x + w, y - leading - 0.5)

        geometry = col_geometry(self.width)
        for i, row in enumerate(rows):
            cells = [str(v) for v in row]
            lines = [[cells[k]] for k in range(len(cells))]
            for k in (wrap,) if isinstance(wrap, int) else (wrap or ()):
                lines[k] = split(cells[k], geometry[k][1] - 4, size, (bold_first and k == 0) or i in bold_rows)
            height = leading * max(len(ls) for ls in lines) + 1
            if header:
                if i == 0:
                    self.place(leading + 2, draw_header, reserve=height)
                elif self.ys[self.col] - height < self.sc.bottom:
                    self.break_column()
                    self._continued_title()
                    self.place(leading + 2, draw_header)

            def draw_row(x, y, w, lines=lines, i=i, height=height):
                geo = col_geometry(w)
                if zebra and i % 2 == 1:
                    self.sc.c.setFillColor(Color(0.96, 0.94, 0.90))
                    self.sc.c.rect(x, y - height + 1.5, w, height - 0.5, stroke=0, fill=1)
                for k, ((_, _, align), (cx, cw)) in enumerate(zip(columns, geo)):
                    for j, line in enumerate(lines[k]):
                        self._cell(
                            x + cx,
                            y - size - j * leading,
                            cw,
                            line,
                            size,
                            align,
                            INK,
                            (bold_first and k == 0) or i in bold_rows,
                        )

            self.place(height, draw_row)

    def _cell(self, x, y, w, text, size, align, color, bold=False):
        pad = 2
        if align == "r":
            self.sc.text(x + w - pad, y, text, size, bold, color, max_width=w - 2 * pad, align="right")
        elif align == "c":
            self.sc.text(x + w / 2, y, text, size, bold, color, max_width=w - 2 * pad, align="center")
        else:
            self.sc.text(x + pad, y, text, size, bold, color, max_width=w - 2 * pad)

    def text_field(
        self, what: str, height: float, value: str = "", label: str = "", multiline: bool = True, size: float = 8
    ) -> None:
        """A fillable field the width of the column (with an optional small label above)."""
        lab = 9 if label else 0

        def draw(x, y, w):
            if label:
                self.sc.text(x, y - 6.5, label, 6.5, color=FAINT)
            self.sc.textfield(what, x, y - lab - height, w, height, value, multiline, size, label or what)

        self.place(height + lab + 3, draw)


# ----- writing the file --------------------------------------------------------------------
def write_pdf(path: str | os.PathLike, data: bytes) -> None:
    """Write the PDF with the app's one atomic writer (``landsraad.documents.atomic``):
    a failure leaves no half file, an earlier PDF keeps its permissions, a new one
    honours the umask.  Every failure is a SheetError naming the file."""
    from landsraad.documents.atomic import write_atomic
    from landsraad.errors import FileWriteError

    try:
        write_atomic(path, data)
    except FileWriteError as exc:
        raise SheetError(str(exc)) from None
