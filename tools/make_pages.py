"""Write content/houses-of-the-landsraad/pages.toml from the seed text.

Usage: python tools/make_pages.py [SEED.txt]   (default: ../shared/seeds/houses-of-the-landsraad.txt)
"""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "app"))

from landsraad.rules.pages import page_starts  # noqa: E402 - after the path above

seed = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "shared" / "seeds" / "houses-of-the-landsraad.txt"
starts = page_starts(seed.read_text(encoding="utf-8"))
out = ROOT / "content" / "houses-of-the-landsraad" / "pages.toml"
lines = [
    "# The rulebook's printed pages: the first line of the seed text on each page.",
    "# Made by tools/make_pages.py from the page numbers the seed carries at the start of",
    "# each page (a number is taken only when it follows the last page: table values that",
    "# start lines are skipped). Pages 151, 155 and 156 print no number in the seed text.",
    "# A finding or tooltip citing L1299 names page 61 (landsraad.rules.pages).",
    "",
]
for line, page in starts:
    lines += ["[[start]]", f"line = {line}", f"page = {page}", ""]
out.write_text("\n".join(lines), encoding="utf-8")
print(f"{len(starts)} pages -> {out}")
