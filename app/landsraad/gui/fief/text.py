"""History wording for the Fief view (moves to landsraad.present)."""

from __future__ import annotations


def deltas_text(d: dict, content) -> str:
    names = {t.id: t.name for t in content.traits}
    return ", ".join(f"{v:+d} {names.get(k, k)}" for k, v in d.items() if v) or "no change"


def row_text(ev, content) -> str:
    row = ev.row
    if row.kind == "options":
        return " / ".join(f"({chr(96 + i)}) {deltas_text(o, content)}" for i, o in enumerate(row.options, 1))
    if row.kind == "traits":
        n = len(row.choose_traits)
        return f"choose {n} different trait{'s' if n > 1 else ''}: " + ", ".join(f"{a:+d}" for a in row.choose_traits)
    if row.kind == "madness":
        return "Madness: one d10 per trait (" + ", ".join(f"{i}: {d:+d}" for i, d in
                                                        enumerate(content.history.madness.deltas, 1)) + ")"
    return row.record
