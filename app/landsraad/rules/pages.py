"""The rulebook's printed pages, from the line numbers the content and findings cite.

The project cites the seed text by line (``L1299``); a player opens the PDF by page.
The seed carries each page's number at the start of the page's first line ("61 More
information…", or a line holding only "62"), mixed with table values that also start
lines with numbers.  ``page_starts`` keeps a number only when it is the next page (or
a few pages on, where a page of pictures printed no text): that sequence is stored
once in ``content/<pack>/pages.toml`` (``tools/make_pages.py``), and a test checks it
against the seed whenever the seed is beside the checkout.

``page_of(1299)`` -> 61; ``cite("… (L1299).")`` -> "… (p. 61)."
"""

from __future__ import annotations

import bisect
import functools
import re
from pathlib import Path

from landsraad.paths import DEFAULT_PACK, content_dir

_MARK = re.compile(r"^(\d{1,3})(?: |$)")
# "L1299", "L4054-L4151", "L1523-1527", "L2108 + L2112" (each part cited on its own)
_REF = re.compile(r"\bL(\d{1,5})(?:\s*[-–]\s*L?(\d{1,5}))?")
_MAX_SKIP = 4  # a page number may follow the last after this many pages without text


def page_starts(text: str) -> list[tuple[int, int]]:
    """(first line, page) of each page of the seed text, in order; line 1 is page 1."""
    starts, current = [(1, 1)], 1
    for n, line in enumerate(text.split("\n"), start=1):
        m = _MARK.match(line)
        if m and current < int(m.group(1)) <= current + _MAX_SKIP:
            current = int(m.group(1))
            starts.append((n, current))
    return starts


@functools.lru_cache(maxsize=4)
def _table(pack: str = DEFAULT_PACK) -> tuple[tuple[int, ...], tuple[int, ...]]:
    from landsraad.rules.toml_loading import (
        read_toml,  # cattrs and TOML only once a page is asked for
    )

    path = Path(content_dir()) / pack / "pages.toml"
    data = read_toml(path) if path.exists() else {}
    starts = data.get("start", [])
    return tuple(s["line"] for s in starts), tuple(s["page"] for s in starts)


def page_of(line: int, pack: str = DEFAULT_PACK) -> int | None:
    """The printed page of a line of the seed text (None when the pack has no page table)."""
    lines, pages = _table(pack)
    if not lines or line < 1:
        return None
    return pages[max(bisect.bisect_right(lines, line) - 1, 0)]


def first_line(ref: str) -> int | None:
    """ "L1299, L1549" -> 1299; "" -> None."""
    m = _REF.search(ref or "")
    return int(m.group(1)) if m else None


def page_of_ref(ref: str, pack: str = DEFAULT_PACK) -> int | None:
    """The page of the first line a reference names ("L4054-L4151" -> 153)."""
    line = first_line(ref)
    return page_of(line, pack) if line else None


def _pages_text(a: int, b: int | None, pack: str) -> str:
    first = page_of(a, pack)
    last = page_of(b, pack) if b else first
    if first is None:
        return f"L{a}" + (f"-L{b}" if b else "")
    return f"p. {first}" if last in (None, first) else f"pp. {first}–{last}"


def cite(text: str, pack: str = DEFAULT_PACK, lines: bool = False) -> str:
    """Every line reference in ``text`` as the printed page ("(L1299)" -> "(p. 61)");
    ``lines``: keep the line after the page ("p. 61 L1299"), for readings that tell lines of one page apart."""
    if not text or not _REF.search(text):
        return text

    def one(m) -> str:
        page = _pages_text(int(m.group(1)), int(m.group(2)) if m.group(2) else None, pack)
        return f"{page} {m.group(0)}" if lines and page.startswith("p") else page

    out = _REF.sub(one, text)
    if lines:
        return out
    # "p. 61, p. 61" after two lines of one page
    return re.sub(r"\b(p\. \d+)(?:, \1\b)+", r"\1", out)
