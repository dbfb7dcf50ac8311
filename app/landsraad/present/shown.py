"""Names as a window shows them: a name may be 32,767 characters (what a name field
holds, ``limits.MAX_NAME``), but a label, a title or a combo box item laying out that
many takes a second each (a duel of two such fencers took 8 s to open, issue 28)."""

from __future__ import annotations

SHOWN = 120  # characters of a name a label shows; the whole name stays in the document


def shown(text: str, n: int = SHOWN) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"
