"""Page machinery shared by the three sheets: paper, header, columns, text, boxes, fields.

A ``SheetCanvas`` is one PDF (one file, possibly several sheets).  ``start_sheet`` begins
a sheet on a fresh page and draws its header; when a ``Flow`` runs out of room it turns
the page, and the new page repeats the sheet's header (marked "continued").  Blocks are
measured before they are drawn, so nothing is ever cut at the page edge.

Values are drawn as static text in the embedded TrueType font (``fonts.REGULAR``);
AcroForm fields (``textfield``, ``checkbox``) are only for what players write in play,
and their pre-filled values go through ``fonts.field_text``.
"""

from __future__ import annotations

import io
import os
import tempfile
from pathlib import Path
from typing import Callable

import attrs
from reportlab.lib.colors import Color, HexColor, white
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.utils import simpleSplit
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
FAINT = HexColor("#8c7b66")
FIELD_FILL = Color(0.97, 0.96, 1.0)
FIELD_BORDER = HexColor("#9c8f80")

MARGIN = 30
GAP = 12
SECTION_H = 14
LINE = 10.5          # body line height at 8 pt


class SheetError(LandsraadError):
    """A sheet that cannot be made or written (bad paper, unknown House, unwritable file)."""


@attrs.frozen
class Header:
    kind: str                                   # "character", "house", "fief" (field prefix)
    title: str                                  # "Character", "House Minor", "Siridar Fief"
    name: str                                   # the document's name (field prefix, footer)
    boxes: tuple[tuple[str, str, float], ...]   # (label, value, relative width)


def paper_size(paper: str) -> tuple[float, float]:
    try:
        return PAPERS[str(paper).lower()]
    except KeyError:
        raise SheetError(f"paper {paper!r}: one of {', '.join(PAPERS)}") from None


class SheetCanvas:
    """One PDF being drawn: pages, the current sheet's header, unique field names."""

    def __init__(self, paper: str = "a4", title: str = ""):
        fonts.register_fonts()
        self.paper = str(paper).lower()
        self.width, self.height = paper_size(paper)
        self.buffer = io.BytesIO()
        self.c = rl_canvas.Canvas(self.buffer, pagesize=(self.width, self.height), invariant=1)
        self.c.setTitle(title or "Landsraad Forge sheet")
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
        self.page_open = False
        self._prefixes: set[str] = set()
        self._fields: set[str] = set()

    @property
    def content_width(self) -> float:
        return self.right - self.left

    # ----- pages ------------------------------------------------------------------------
    def start_sheet(self, header: Header) -> str:
        """Begin a sheet on a new page; returns its field-name prefix (unique in the file)."""
        if self.page_open:
            self.end_page()
        self._close_sheet()
        base = f"{header.kind}-{slugify(header.name) or 'unnamed'}"
        prefix, n = base, 2
        while prefix in self._prefixes:
            prefix, n = f"{base}-{n}", n + 1
        self._prefixes.add(prefix)
        self.prefix = prefix
        self.header = header
        self.sheet_page = 0
        self._open_page()
        return prefix

    def _open_page(self) -> None:
        self.sheet_page += 1
        self.page_open = True
        self.y = self.page_top = self._draw_header()

    def end_page(self) -> None:
        self._draw_footer()
        self.c.showPage()
        self.page_open = False

    def next_page(self) -> None:
        self.end_page()
        self._open_page()

    def finish(self) -> bytes:
        if self.page_open:
            self.end_page()
        self._close_sheet()
        self.c.save()
        return self.buffer.getvalue()

    def _close_sheet(self) -> None:
        """Define the sheet's page count, which every footer of the sheet already shows
        (a form XObject may be used before it is defined)."""
        if self.header is None:
            return
        c = self.c
        c.beginForm(f"pages-{self.prefix}", 0, -2, 20, 8)
        c.setFillColor(FAINT)
        c.setFont(REGULAR, 6.5)
        c.drawString(0, 0, str(self.sheet_page))
        c.endForm()
        self.header = None

    def _draw_header(self) -> float:
        c, h = self.c, self.header
        top = self.height - MARGIN
        band = 22
        c.setFillColor(BAND)
        c.rect(self.left, top - band, self.content_width, band, stroke=0, fill=1)
        c.setFillColor(white)
        c.setFont(BOLD, 13)
        title = h.title.upper() + ("  (continued)" if self.sheet_page > 1 else "")
        c.drawString(self.left + 8, top - 16, title)
        c.setFont(REGULAR, 7.5)
        c.drawRightString(self.right - 8, top - 14, "HOUSES OF THE LANDSRAAD  ·  One Roll Engine")
        y = top - band - 3
        box_h = 26
        total = sum(b[2] for b in h.boxes) or 1
        x = self.left
        for label, value, weight in h.boxes:
            w = self.content_width * weight / total
            c.setStrokeColor(RULE)
            c.setLineWidth(0.6)
            c.rect(x, y - box_h, w - 3, box_h, stroke=1, fill=0)
            c.setFillColor(FAINT)
            c.setFont(REGULAR, 6)
            c.drawString(x + 3, y - 7.5, clip(label.upper(), w - 9, 6))
            c.setFillColor(INK)
            size = 11
            value = value or ""
            while size > 6 and fonts.width(value, size, True) > w - 9:
                size -= 0.5
            c.setFont(BOLD, size)
            c.drawString(x + 3, y - box_h + 5, clip(value, w - 9, size, True))
            x += w
        return y - box_h - 8

    def _draw_footer(self) -> None:
        c = self.c
        c.setFillColor(FAINT)
        c.setFont(REGULAR, 6.5)
        name = self.header.name if self.header else ""
        title = self.header.title if self.header else ""
        c.drawString(self.left, MARGIN, f"Landsraad Forge {__version__}  ·  {title}: {name}")
        label = f"{self.paper.upper()}  ·  page {self.sheet_page} of "
        count_w = 10
        c.drawRightString(self.right - count_w, MARGIN, label)
        c.saveState()
        c.translate(self.right - count_w + 1, MARGIN)
        c.doForm(f"pages-{self.prefix}")
        c.restoreState()

    # ----- drawing helpers -----------------------------------------------------------------
    def text(self, x: float, y: float, text: str, size: float = 8, bold: bool = False,
             color=INK, max_width: float | None = None, align: str = "left", shrink: float = 0) -> None:
        """Draw ``text``; with ``max_width`` it is first shrunk (down to ``shrink`` pt, if
        given) and then clipped with an ellipsis to fit."""
        c = self.c
        c.setFillColor(color)
        if max_width is not None and shrink:
            while size > shrink and fonts.width(text, size, bold) > max_width:
                size -= 0.25
        c.setFont(BOLD if bold else REGULAR, size)
        if max_width is not None:
            text = clip(text, max_width, size, bold)
        if align == "right":
            c.drawRightString(x, y, text)
        elif align == "center":
            c.drawCentredString(x, y, text)
        else:
            c.drawString(x, y, text)

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

    def textfield(self, what: str, x: float, y: float, w: float, h: float, value: str = "",
                  multiline: bool = False, size: float = 8, tooltip: str = "") -> str:
        """A fillable text field (standard font, PDFDocEncoding value); returns its name."""
        name = self.field_name(what)
        self._outline(x, y, w, h, FIELD_BORDER)
        value = fonts.field_text(value or "")
        if multiline:
            value = wrap_field(value, w - 6, size)
        self.c.acroForm.textfield(
            name=name, tooltip=fonts.field_text(tooltip or what), value=value, x=x, y=y,
            width=w, height=h, fontName=FIELD_FONT, fontSize=size, borderWidth=0.6,
            borderColor=FIELD_BORDER, fillColor=FIELD_FILL, textColor=INK, forceBorder=True,
            fieldFlags="multiline" if multiline else "", maxlen=0)
        return name

    def _outline(self, x: float, y: float, w: float, h: float, colour) -> None:
        """The field's box as page content too, so it prints even where a viewer or
        printer leaves form fields out."""
        self.c.setStrokeColor(colour)
        self.c.setLineWidth(0.6)
        self.c.rect(x, y, w, h, stroke=1, fill=0)

    def checkbox(self, what: str, x: float, y: float, size: float = 8, checked: bool = False,
                 tooltip: str = "") -> str:
        name = self.field_name(what)
        self._outline(x, y, size, size, INK)
        self.c.acroForm.checkbox(
            name=name, tooltip=fonts.field_text(tooltip or what), x=x, y=y, size=size,
            checked=checked, buttonStyle="cross", borderWidth=0.6, borderColor=INK,
            fillColor=white, textColor=INK, forceBorder=True)
        return name


# ----- text measuring ---------------------------------------------------------------------
def clip(text: str, max_width: float, size: float, bold: bool = False) -> str:
    """``text`` shortened with an ellipsis to fit ``max_width``."""
    if fonts.width(text, size, bold) <= max_width:
        return text
    while text and fonts.width(text + "…", size, bold) > max_width:
        text = text[:-1]
    return text.rstrip() + "…"


def split(text: str, max_width: float, size: float, bold: bool = False) -> list[str]:
    """Wrap ``text`` (keeping its own line breaks) to lines of at most ``max_width``."""
    lines: list[str] = []
    for para in (text or "").splitlines() or [""]:
        lines.extend(simpleSplit(para, BOLD if bold else REGULAR, size, max_width) or [""])
    return lines


def wrap_field(text: str, max_width: float, size: float) -> str:
    """Pre-wrap a multi-line field's value (reportlab draws its appearance line by line)."""
    out: list[str] = []
    for para in text.splitlines() or [""]:
        out.extend(simpleSplit(para, FIELD_FONT, size, max_width) or [""])
    return "\n".join(out)


# ----- column flow ------------------------------------------------------------------------
Draw = Callable[[float, float, float], None]     # draw(x, y_top, width)


class Flow:
    """Blocks placed top to bottom in ``columns`` columns; a block that does not fit goes
    to the next column, then to a new page (which repeats the header)."""

    def __init__(self, sc: SheetCanvas, columns: int = 1, gap: float = GAP,
                 widths: tuple[float, ...] | None = None):
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
        self.current: tuple[str, str] | None = None    # the section being filled
        self._titling = False

    @property
    def width(self) -> float:
        return self.widths[self.col]

    def room(self) -> float:
        return self.ys[self.col] - self.sc.bottom

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
        """Draw a block of ``height``; ``reserve`` more must fit too (keep a title with its
        first row).  A block taller than a whole column is drawn at the top of one."""
        moved = False
        while (self.ys[self.col] - height - reserve < self.sc.bottom
               and self.ys[self.col] < self.sc.page_top - 0.5):
            self.break_column()
            moved = True
        if moved:
            self._continued_title()
        draw(self.xs[self.col], self.ys[self.col], self.widths[self.col])
        self.ys[self.col] -= height

    def _continued_title(self) -> None:
        """The section goes on in a new column or page: say so above it."""
        if self.current is None or self._titling:
            return
        title, note = self.current
        self._titling = True
        self.section(f"{title} (continued)", reserve=0, note=note)
        self._titling = False
        self.current = (title, note)

    def space(self, h: float) -> None:
        self.ys[self.col] -= h

    def end(self, after: float = 6) -> None:
        """Finish the flow; the canvas continues below its lowest column."""
        self.sc.y = min(self.ys) - after

    # ----- common blocks ------------------------------------------------------------------
    def section(self, title: str, reserve: float = LINE, note: str = "") -> None:
        sc = self.sc
        self.current = None          # a new section is not the continuation of the last

        def draw(x, y, w):
            sc.c.setFillColor(SECTION)
            sc.c.rect(x, y - SECTION_H + 2, w, SECTION_H - 2, stroke=0, fill=1)
            sc.text(x + 4, y - SECTION_H + 5.5, title.upper(), 7.5, bold=True, color=ACCENT)
            if note:
                sc.text(x + w - 4, y - SECTION_H + 5.5, note, 6.5, color=FAINT, align="right",
                        max_width=w - fonts.width(title.upper(), 7.5, True) - 16)
        self.place(SECTION_H + 3, draw, reserve)
        self.current = (title, note)

    def para(self, text: str, size: float = 8, bold: bool = False, color=INK, indent: float = 0,
             leading: float | None = None, keep: float = 0) -> None:
        """Wrapped text, one block per line (so it can run on into the next column);
        ``keep``: room that must follow the first line (a title kept with what it heads)."""
        leading = leading or size * 1.3
        for i, line in enumerate(split(text, min(self.widths) - indent - 2, size, bold)):
            self.place(leading, lambda x, y, w, line=line: self.sc.text(
                x + indent, y - size, line, size, bold, color), reserve=keep if i == 0 else 0)

    def label_value(self, label: str, value: str, size: float = 8, label_w: float = 70) -> None:
        """"Label   value" with the value wrapped under itself; a long value runs on line by
        line into the next column or page."""
        lines = split(value or "—", self.width - label_w - 2, size)
        leading = size * 1.3
        for i, line in enumerate(lines):
            def draw(x, y, w, line=line, first=i == 0):
                if first:
                    self.sc.text(x, y - size, label, size - 1, color=FAINT, max_width=label_w - 4)
                self.sc.text(x + label_w, y - size, line, size)
            self.place(leading + (1 if i == len(lines) - 1 else 0), draw)

    def table(self, columns: list[tuple[str, float, str]], rows: list[list[str]], size: float = 7.5,
              header: bool = True, wrap: int | tuple[int, ...] | None = None, zebra: bool = True,
              bold_first: bool = False, bold_rows: set[int] = frozenset()) -> None:
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
            for k in ((wrap,) if isinstance(wrap, int) else (wrap or ())):
                lines[k] = split(cells[k], geometry[k][1] - 4, size,
                                 (bold_first and k == 0) or i in bold_rows)
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
                        self._cell(x + cx, y - size - j * leading, cw, line, size, align, INK,
                                   (bold_first and k == 0) or i in bold_rows)
            self.place(height, draw_row)

    def _cell(self, x, y, w, text, size, align, color, bold=False):
        pad = 2
        if align == "r":
            self.sc.text(x + w - pad, y, text, size, bold, color, max_width=w - 2 * pad, align="right")
        elif align == "c":
            self.sc.text(x + w / 2, y, text, size, bold, color, max_width=w - 2 * pad, align="center")
        else:
            self.sc.text(x + pad, y, text, size, bold, color, max_width=w - 2 * pad)

    def text_field(self, what: str, height: float, value: str = "", label: str = "",
                   multiline: bool = True, size: float = 8) -> None:
        """A fillable field the width of the column (with an optional small label above)."""
        lab = 9 if label else 0

        def draw(x, y, w):
            if label:
                self.sc.text(x, y - 6.5, label, 6.5, color=FAINT)
            self.sc.textfield(what, x, y - lab - height, w, height, value, multiline, size, label or what)
        self.place(height + lab + 3, draw)


# ----- writing the file --------------------------------------------------------------------
def write_pdf(path: str | os.PathLike, data: bytes) -> None:
    """Write the PDF through a temporary file and a rename: a failure leaves no half file."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise SheetError(f"{target}: folder {str(folder)!r} does not exist")
    if target.is_dir():
        raise SheetError(f"{target}: is a folder, not a file")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise SheetError(f"{target}: cannot be written ({exc.strerror})") from None
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, 0o644)
        os.replace(tmp, target)
    except OSError as exc:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise SheetError(f"{target}: cannot be written ({exc.strerror})") from None
