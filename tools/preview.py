"""Render a page of a sheet PDF to PNG, to look at it (and for the README's pictures).

    python tools/preview.py SHEET.pdf OUT.png [--page N] [--scale S]

Needs pypdfium2 (a test dependency), imported only here.
"""

from __future__ import annotations

import argparse


def render_png(pdf: bytes, out: str, page: int = 0, scale: float = 1.25) -> None:
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    doc.init_forms()  # draw the AcroForm fields as a viewer would
    doc[page].render(scale=scale, may_draw_forms=True).to_pil().save(out, optimize=True)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python tools/preview.py")
    p.add_argument("pdf")
    p.add_argument("png")
    p.add_argument("--page", type=int, default=1, help="1-based page number (default 1)")
    p.add_argument("--scale", type=float, default=1.25, help="1.0 = 72 dpi (default 1.25)")
    args = p.parse_args(argv)
    with open(args.pdf, "rb") as fh:
        render_png(fh.read(), args.png, args.page - 1, args.scale)
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
