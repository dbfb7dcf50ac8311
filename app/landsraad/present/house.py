"""Fief and House results worded: trait changes and what a history event's row offers.

One wording for the window, the command line and the sheets (each had its own copy)."""

from __future__ import annotations

from collections.abc import Mapping

from landsraad.house.content import HouseContent
from landsraad.house.history import HistoryEvent


def deltas_text(deltas: Mapping[str, int], content: HouseContent) -> str:
    """ "+2 Warfare, -1 Treasury" in the order given, zeros left out; "no change" if none."""
    names = {t.id: t.name for t in content.traits}
    return ", ".join(f"{v:+d} {names.get(k, k)}" for k, v in deltas.items() if v) or "no change"


def row_text(ev: HistoryEvent, content: HouseContent) -> str:
    """What an event's table row offers: its options, the traits to choose, the Madness
    table (from the content), or the text to record."""
    row = ev.row
    if row.kind == "options":
        return " / ".join(f"({chr(96 + i)}) {deltas_text(o, content)}" for i, o in enumerate(row.options, 1))
    if row.kind == "traits":
        n = len(row.choose_traits)
        return f"choose {n} different trait{'s' if n > 1 else ''}: " + ", ".join(f"{a:+d}" for a in row.choose_traits)
    if row.kind == "madness":
        return (
            "Madness: one d10 per trait ("
            + ", ".join(f"{i}: {d:+d}" for i, d in enumerate(content.history.madness.deltas, 1))
            + ")"
        )
    from landsraad.rules.pages import cite

    return cite(row.record)
