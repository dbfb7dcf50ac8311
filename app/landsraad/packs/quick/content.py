"""Load ``content/d20-quick-rules/`` into typed classes (cattrs; unknown keys are errors)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal

import attrs

from landsraad.errors import ContentError
from landsraad.rules.toml_loading import converter, read_toml, structure_entry

PACK_ID = "d20-quick-rules"


def _t(x):
    return tuple(x) if x is not None else ()


@attrs.frozen
class DiceRow:
    """One row of the dice table: for net Rerolls in [net_min, net_max], roll ``dice``."""

    dice: int
    counted: Literal["highest", "lowest"]
    line: str
    net_min: int | None = None
    net_max: int | None = None
    note: str = ""

    def holds(self, net: int) -> bool:
        return (self.net_min is None or net >= self.net_min) and (self.net_max is None or net <= self.net_max)


@attrs.frozen
class RollRules:
    die: int
    difficulty_min: int
    difficulty_max: int
    difficulty_default: int
    fumble_face: int
    critical_face: int
    critical_multiplier: int
    line: str
    note: str = ""


@attrs.frozen
class HindranceRules:
    disabled: int
    destroyed: int
    track: int
    line: str
    note: str = ""


@attrs.frozen
class Budget:
    trait_instances: tuple[int, int]
    specialties: tuple[int, int]
    line: str
    note: str = ""


@attrs.frozen
class Reading:
    id: str
    rule: str
    choice: str
    line: str
    note: str = ""


@attrs.frozen
class Trait:
    id: str
    name: str
    covers: str
    line: str
    note: str = ""


@attrs.frozen
class Specialty:
    id: str
    name: str
    group: Literal["modern", "science-fiction"]
    field: str
    line: str
    note: str = ""


@attrs.frozen
class Task:
    id: str
    name: str
    traits: tuple[str, ...] = attrs.field(converter=_t)
    line: str = ""
    difficulty: int | None = None
    time: str = ""
    note: str = ""
    physical: bool = False  # a physical action, barred to the Disabled (L213; reading physical-tasks)
    recovery: bool = False  # the recovery roll of L216, not for the Destroyed (L214)


@attrs.frozen
class WeaponTrait:
    id: str
    name: str
    effect: str
    line: str
    rerolls: int = 0
    rerolls_from: tuple[str, ...] = attrs.field(default=(), converter=_t)
    overrides_pair: bool = False  # its pair replaces the others' (Artillery, L182)
    takes_value: bool = False
    takes_band: bool = False
    note: str = ""


@attrs.frozen
class Band:
    id: str
    name: str
    limit_m: int
    line: str


@attrs.frozen
class WeaponEntry:
    id: str
    name: str
    line: str
    deadly: int = 1
    traits: tuple[str, ...] = attrs.field(default=(), converter=_t)
    band: str | None = None
    special: str = ""
    science_fiction: bool = False
    note: str = ""


@attrs.frozen
class AbilityEntry:
    name: str
    effect: str
    line: str = ""
    defense: int = 0
    rerolls: int = 0
    damage_taken: Literal["normal", "double", "half"] = "normal"
    note: str = ""


@attrs.frozen
class Template:
    """A sample character or an adversary to start a character from."""

    id: str
    name: str
    description: str
    line: str
    traits: dict[str, int] = attrs.Factory(dict)
    specialties: tuple[str, ...] = attrs.field(default=(), converter=_t)
    weapons: tuple[str, ...] = attrs.field(default=(), converter=_t)
    ability: tuple[AbilityEntry, ...] = attrs.field(default=(), converter=_t)
    difficulty: int | None = None
    attack_multiplier: int | None = None
    note: str = ""


@attrs.frozen
class QuickContent:
    folder: Path
    roll: RollRules
    dice: tuple[DiceRow, ...]
    hindrance: HindranceRules
    budget: Budget
    readings: tuple[Reading, ...]
    max_multiplier: int
    traits: dict[str, Trait]
    specialties: dict[str, Specialty]
    tasks: dict[str, Task]
    weapon_traits: dict[str, WeaponTrait]
    bands: dict[str, Band]
    weapons: dict[str, WeaponEntry]
    characters: dict[str, Template]
    adversaries: dict[str, Template]

    def template(self, ident: str) -> Template | None:
        return self.characters.get(ident) or self.adversaries.get(ident)

    def dice_row(self, net: int) -> DiceRow:
        for row in self.dice:
            if row.holds(net):
                return row
        raise ContentError(str(self.folder / "pack.toml"), "dice", f"no row of the dice table holds {net}")


def _rows(path: Path, data: dict, key: str, cls) -> list:
    return [
        structure_entry(row, cls, str(path), f"{key} {row.get('id', i + 1)}") for i, row in enumerate(data.get(key, []))
    ]


def _table(path: Path, data: dict, key: str, cls) -> dict:
    out: dict = {}
    for entry in _rows(path, data, key, cls):
        if entry.id in out:
            raise ContentError(str(path), f"{key} {entry.id}", "duplicate id")
        out[entry.id] = entry
    return out


@lru_cache(maxsize=4)
def load_quick_content(folder: str | None = None) -> QuickContent:
    if folder is None:
        from landsraad.packs import pack_dir

        d = pack_dir(PACK_ID)
    else:
        d = Path(folder)
    p_pack, p_traits, p_spec = d / "pack.toml", d / "traits.toml", d / "specialties.toml"
    p_tasks, p_weap, p_tmpl = d / "tasks.toml", d / "weapons.toml", d / "templates.toml"
    pack, traits_d, weap = read_toml(p_pack), read_toml(p_traits), read_toml(p_weap)
    tmpl = read_toml(p_tmpl)
    traits = _table(p_traits, traits_d, "trait", Trait)
    qc = QuickContent(
        folder=d,
        roll=structure_entry(pack.get("roll", {}), RollRules, str(p_pack), "roll"),
        dice=tuple(_rows(p_pack, pack, "dice", DiceRow)),
        hindrance=structure_entry(pack.get("hindrance", {}), HindranceRules, str(p_pack), "hindrance"),
        budget=structure_entry(pack.get("budget", {}), Budget, str(p_pack), "budget"),
        readings=tuple(_rows(p_pack, pack, "reading", Reading)),
        max_multiplier=int(traits_d.get("max_multiplier", 3)),
        traits=traits,
        specialties=_table(p_spec, read_toml(p_spec), "specialty", Specialty),
        tasks=_table(p_tasks, read_toml(p_tasks), "task", Task),
        weapon_traits=_table(p_weap, weap, "weapon_trait", WeaponTrait),
        bands=_table(p_weap, weap, "band", Band),
        weapons=_table(p_weap, weap, "weapon", WeaponEntry),
        characters=_table(p_tmpl, tmpl, "character", Template),
        adversaries=_table(p_tmpl, tmpl, "adversary", Template),
    )
    _check(qc, d)
    return qc


def _check(qc: QuickContent, d: Path) -> None:
    """Cross-references: every Trait, Specialty, weapon trait and band named exists."""
    for t in qc.tasks.values():
        for tr in t.traits:
            if tr not in qc.traits:
                raise ContentError(str(d / "tasks.toml"), f"task {t.id}", f"unknown Trait {tr!r}")
    for w in qc.weapons.values():
        for tr in w.traits:
            if tr not in qc.weapon_traits:
                raise ContentError(str(d / "weapons.toml"), f"weapon {w.id}", f"unknown weapon trait {tr!r}")
        if w.band is not None and w.band not in qc.bands:
            raise ContentError(str(d / "weapons.toml"), f"weapon {w.id}", f"unknown band {w.band!r}")
    for tm in (*qc.characters.values(), *qc.adversaries.values()):
        for tr, n in tm.traits.items():
            if tr not in qc.traits or not 1 <= n <= qc.max_multiplier:
                raise ContentError(str(d / "templates.toml"), tm.id, f"Trait {tr!r} x{n}")
        for sp in tm.specialties:
            if sp not in qc.specialties:
                raise ContentError(str(d / "templates.toml"), tm.id, f"unknown Specialty {sp!r}")
        for wid in tm.weapons:
            if wid not in qc.weapons:
                raise ContentError(str(d / "templates.toml"), tm.id, f"unknown weapon {wid!r}")
    nets = range(-30, 31)
    if any(sum(row.holds(n) for row in qc.dice) != 1 for n in nets):
        raise ContentError(str(d / "pack.toml"), "dice", "the dice table's rows must hold every net Reroll count once")


__all__ = ["QuickContent", "load_quick_content", "converter"]
