"""The roll engine's content: ``content/houses-of-the-landsraad/dice.toml``.

Two kinds of entry: ``[[reading]]`` (a reading of the dice chapter the engine takes where
the spec says AMBIGUITY / SILENT / INCONSISTENT; the coach names it beside a reading that
uses it, ``content readings`` lists it) and ``[[bonus]]`` (the dice an advantage or feat
adds to a skill's rolls, offered on a roll of that skill).  Loaded once, checked on load
(an unknown key or a wrong type is a ContentError naming the file and entry).
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any, Literal

import attrs

from landsraad.errors import ContentError
from landsraad.paths import DEFAULT_PACK, content_dir
from landsraad.rules.pages import cite, page_of_ref


def _tuple(v: Any) -> tuple[Any, ...]:
    return tuple(v)


@attrs.frozen
class DiceReading:
    """A reading the roll engine takes: the spec's id (A1, S5 …), what it decides, why."""

    id: str
    rule: str
    choice: str
    note: str
    line: str

    @property
    def page(self) -> int | None:
        return page_of_ref(self.line)

    def text(self) -> str:
        """One line for a tooltip or the coach: the choice, the page."""
        return f"{self.id} {self.rule}: {self.choice} ({cite(self.line)})"


@attrs.frozen
class DiceBonus:
    """Dice an advantage or feat adds to rolls of some skills in some situation."""

    source: Literal["feat", "advantage"]
    id: str
    skills: tuple[str, ...] = attrs.field(converter=_tuple)
    when: str
    line: str
    dice: int = 0
    special: int = 0
    note: str = ""
    name: str = ""  # filled from the feat or advantage on load

    @property
    def page(self) -> int | None:
        return page_of_ref(self.line)


@attrs.frozen
class DiceContent:
    readings: dict[str, DiceReading]
    bonuses: tuple[DiceBonus, ...]

    def reading(self, rid: str) -> DiceReading:
        return self.readings[rid]


@functools.lru_cache(maxsize=2)
def load_dice_content(directory: Path | None = None) -> DiceContent:
    """Load and check ``dice.toml`` (default: the shipped pack)."""
    from landsraad.rules.content import load_content
    from landsraad.rules.toml_loading import read_toml, structure_list

    directory = Path(directory) if directory else content_dir() / DEFAULT_PACK
    path = directory / "dice.toml"
    raw = read_toml(path)
    extra = set(raw) - {"reading", "bonus"}
    if extra:
        raise ContentError(str(path), "top level", f"unknown table(s) {', '.join(sorted(extra))}")
    readings = structure_list(raw, "reading", DiceReading, path)
    bonuses = structure_list(raw, "bonus", DiceBonus, path)
    c = load_content(directory)
    named = []
    for b in bonuses:
        entry = (c.feats if b.source == "feat" else c.advantages).get(b.id)
        if entry is None:
            raise ContentError(str(path), f"bonus {b.id!r}", f"no {b.source} has the id {b.id!r}")
        unknown = [s for s in b.skills if s not in c.skills]
        if unknown:
            raise ContentError(str(path), f"bonus {b.id!r}", f"unknown skill {unknown[0]!r}")
        if b.dice < 0 or b.special < 0 or not (b.dice or b.special):
            raise ContentError(str(path), f"bonus {b.id!r}", "gives dice or special, 1 or more")
        named.append(attrs.evolve(b, name=entry.name))
    return DiceContent(readings={r.id: r for r in readings}, bonuses=tuple(named))


def bonuses_for(dc: DiceContent, sheet: Any, skill: str, broad: str = "") -> list[DiceBonus]:
    """The bonuses ``sheet``'s advantages and feats give to a roll of ``skill`` (or of its
    Broad skill ``broad``), in the file's order."""
    held_feats = set(getattr(sheet, "feats", {}) or {})
    held_advs = {k for k, v in (getattr(sheet, "advantages", {}) or {}).items() if v}
    out = []
    for b in dc.bonuses:
        held = b.id in (held_feats if b.source == "feat" else held_advs)
        if held and (skill in b.skills or (broad and broad in b.skills)):
            out.append(b)
    return out


def dice_readings(dc: DiceContent | None = None) -> list[Any]:
    """The readings as rows of ``rules.readings`` (``content readings``, Help › Rules readings)."""
    from landsraad.rules.readings import ReadingRow, kind_of

    dc = dc or load_dice_content()
    rows = [
        ReadingRow(
            "Dice and play", f"{r.id} {r.rule}", kind_of(r.note), f"{r.choice} — {cite(r.note, lines=True)}", r.line
        )
        for r in dc.readings.values()
    ]
    for b in dc.bonuses:
        if b.note:
            rows.append(
                ReadingRow("Dice and play", f"bonus: {b.name}", kind_of(b.note), cite(b.note, lines=True), b.line)
            )
    return rows
