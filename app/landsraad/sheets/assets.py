"""Dune conflict assets on the character and House sheets (conflict-assets.txt L5-L19).

Drawn only when the character or House holds assets, so a sheet without them is the
same as before.
"""

from __future__ import annotations

from landsraad.sheets.layout import Flow, SheetCanvas


def draw_assets(sc: SheetCanvas, assets, after: float = 6) -> None:
    if not assets:
        return
    flow = Flow(sc, 1)
    flow.section("Assets (Dune conflicts)", reserve=24, note="Quality 0-4; kinds are a prompt, not a limit")
    flow.table(
        [("Asset", 3.0, "l"), ("Form", 1.1, "l"), ("Quality", 0.8, "c"), ("Suited to", 2.6, "l"), ("Notes", 2.2, "l")],
        [[a.name, a.form, str(a.quality), ", ".join(a.kinds) or "—", a.note] for a in assets],
        wrap=(0, 3, 4),
    )
    flow.end(after)
