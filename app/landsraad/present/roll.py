"""A roll worded for people: the pool, the odds, the coach's readings, the readings of the rules.

One wording for the window's Roll panel, the table view and the command line
(``landsraad roll``, ``character roll``); every number names the rulebook's page.
"""

from __future__ import annotations

from collections.abc import Iterable

from landsraad.play.odds import Odds
from landsraad.play.pool import Pool
from landsraad.play.reading import Reading
from landsraad.rules.pages import cite


def percent(x: float) -> str:
    """ "60.4%"; "<0.1%" for a chance that is there but rounds to nothing; "0%" for none."""
    if x <= 0:
        return "0%"
    if x < 0.0005:
        return "<0.1%"
    return f"{x:.1%}"


def part_text(label: str, line: str) -> str:
    return f"{label} ({cite(line)})" if line else label


def pool_text(pool: Pool) -> str:
    """ "8 dice, 7 thrown, Expert Die at 7 with 2 nudges — Prowess 3 (p. 12); Duel 5 (p. 76)"."""
    sp = pool.special
    special = {
        "expert": f", Expert Die at 7 with {sp.nudges} nudge{'s' if sp.nudges != 1 else ''}",
        "master": ", a Master Die",
    }.get(sp.kind, "")
    protect = f", {sp.protect} Protect point{'s' if sp.protect != 1 else ''} left" if sp.protect else ""
    parts = "; ".join(part_text(p.label, p.line) for p in pool.parts)
    if pool.fails:
        return f"no dice: nothing is rolled and the action fails — {parts}"
    return f"{pool.dice} dice, {pool.rolled} thrown{special}{protect} — {parts}"


def odds_text(odds: Odds) -> str:
    """ "success 97.2%, Width 3+ 29.3% (75.1% with a Full House), Width 4+ 4.0% (20.3%)"."""
    line = (
        f"success {percent(float(odds.success))}, Width 3+ {percent(float(odds.width3))} "
        f"({percent(float(odds.reach3))} with a Full House), Width 4+ {percent(float(odds.width4))} "
        f"({percent(float(odds.reach4))})"
    )
    if odds.actions > 1:
        line += f", a set for each of the {odds.actions} actions {percent(float(odds.enough))}"
    return line


def reading_line(n: int, r: Reading) -> str:
    """ "1. 4x9 — Expert Die 7 nudged twice to 9 (D28); … (pp. 13, 14)"."""
    served = r.served
    mark = "" if r.success else (f"  ({served} of {len(r.assigned)} actions)" if served else "  (fails)")
    return f"{n}. {r.text}{mark} — {r.why} ({r.pages})"


def readings_used_lines(ids: Iterable[str]) -> list[str]:
    """Each reading of the rules a roll used (dice.toml), with its page, once."""
    from landsraad.play.content import load_dice_content

    dc = load_dice_content()
    return [f"reading {dc.readings[rid].text()}" for rid in dict.fromkeys(ids) if rid in dc.readings]
