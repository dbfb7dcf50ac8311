"""The rules of a character in play as data: ``content/houses-of-the-landsraad/condition.toml``.

Damage kinds and their statistics, the attack classes, armour, the Complication tables, the
healing clock, and the uses of advantages and feats limited to a session, a month, an
encounter... (spec ``dice-and-play.md`` §2, ``feats.md`` "Usage limits").  Every
cross-reference is checked on load: a statistic, kind, advantage or feat the character pack
does not know is a ContentError naming the file and the entry.
"""

from __future__ import annotations

import functools
from pathlib import Path

import attrs

from landsraad.errors import ContentError
from landsraad.paths import DEFAULT_PACK, content_dir
from landsraad.rules.toml_loading import read_toml, structure_entry, structure_list

FILE = "condition.toml"
PERIODS = ("session", "month", "encounter", "scene", "four-months")


@attrs.frozen
class DamageRules:
    order: list[str]
    transfer_to: str
    transfer_from: list[str]
    transfer_per: int
    armour_kinds: list[str]
    complication_max: int
    line: str = ""
    note: str = ""


@attrs.frozen
class Kind:
    id: str
    name: str
    short: str
    statistics: list[str]
    one_at_zero: str
    both_at_zero: str
    line: str = ""
    note: str = ""


@attrs.frozen
class Attack:
    id: str
    name: str
    bonus: int
    examples: str = ""
    line: str = ""
    note: str = ""


@attrs.frozen
class Armour:
    rating: int
    name: str
    line: str = ""


@attrs.frozen
class HealingRules:
    days_per_box: int
    days_per_level: int
    least_days: int
    line: str = ""
    note: str = ""


@attrs.frozen
class Complication:
    id: str
    name: str
    kind: str
    points: int
    height: int
    dice: int
    scope: str
    effect: str
    line: str = ""
    note: str = ""


@attrs.frozen
class ComplicationRules:
    line: str = ""
    note: str = ""


@attrs.frozen
class Use:
    id: str
    source: str  # "feat" | "advantage"
    of: str  # the feat or advantage id that gives it
    per: str  # one of PERIODS
    times: int
    effect: str
    line: str = ""
    note: str = ""


@attrs.frozen
class Setback:
    id: str
    advantage: str
    dice: int
    days: int
    line: str = ""
    note: str = ""


@attrs.frozen
class Reading:
    """A reading this file takes, listed by ``content readings`` and shown in the window's tooltips."""

    id: str
    rule: str
    choice: str
    note: str
    line: str = ""


@attrs.frozen
class ConditionContent:
    damage: DamageRules
    kinds: tuple[Kind, ...]
    attacks: tuple[Attack, ...]
    armour: tuple[Armour, ...]
    healing: HealingRules
    complications: tuple[Complication, ...]
    complication_rules: ComplicationRules
    uses: tuple[Use, ...]
    setbacks: tuple[Setback, ...]
    periods: dict[str, tuple[str, ...]]
    periods_note: str = ""
    readings: dict[str, Reading] = attrs.Factory(dict)

    def kind(self, kind_id: str) -> Kind:
        for k in self.kinds:
            if k.id == kind_id:
                return k
        raise KeyError(kind_id)

    def kind_of_statistic(self, stat: str) -> Kind:
        for k in self.kinds:
            if stat in k.statistics:
                return k
        raise KeyError(stat)

    def attack(self, attack_id: str) -> Attack:
        for a in self.attacks:
            if a.id == attack_id:
                return a
        raise KeyError(attack_id)

    def complication(self, cid: str) -> Complication:
        for c in self.complications:
            if c.id == cid:
                return c
        raise KeyError(cid)

    def complication_for(self, kind: str, points: int) -> Complication:
        """The N-point Complication of a kind's table (more than the top row reads as the top, S12)."""
        n = max(1, min(points, self.damage.complication_max))
        for c in self.complications:
            if c.kind == kind and c.points == n:
                return c
        raise KeyError(f"{kind} {n}")

    def use(self, use_id: str) -> Use:
        for u in self.uses:
            if u.id == use_id:
                return u
        raise KeyError(use_id)

    def setback(self, setback_id: str) -> Setback:
        for s in self.setbacks:
            if s.id == setback_id:
                return s
        raise KeyError(setback_id)


def _table(raw: dict, key: str, cls, path: Path):
    if not isinstance(raw.get(key), dict):
        raise ContentError(str(path), key, f"missing the [{key}] table")
    return structure_entry(raw[key], cls, str(path), f"[{key}]")


def load_condition_content(directory: Path | None = None) -> ConditionContent:
    d = Path(directory) if directory is not None else Path(content_dir()) / DEFAULT_PACK
    return _load(str(d))


@functools.lru_cache(maxsize=4)
def _load(directory: str) -> ConditionContent:
    path = Path(directory) / FILE
    raw = read_toml(path)
    extra = set(raw) - {
        "damage",
        "kind",
        "attack",
        "armour",
        "healing",
        "complication",
        "complications",
        "use",
        "setback",
        "periods",
        "reading",
    }
    if extra:
        raise ContentError(str(path), "top level", f"unknown table(s) {', '.join(sorted(extra))}")
    periods_raw = raw.get("periods")
    if not isinstance(periods_raw, dict):
        raise ContentError(str(path), "periods", "missing the [periods] table")
    periods: dict[str, tuple[str, ...]] = {}
    for key, value in periods_raw.items():
        if key == "note":
            continue
        if key not in PERIODS or not isinstance(value, list) or not all(v in PERIODS for v in value):
            raise ContentError(str(path), f"periods.{key}", f"periods are {', '.join(PERIODS)}")
        periods[key] = tuple(value)
    cc = ConditionContent(
        damage=_table(raw, "damage", DamageRules, path),
        kinds=tuple(structure_list(raw, "kind", Kind, path)),
        attacks=tuple(structure_list(raw, "attack", Attack, path)),
        armour=tuple(structure_list(raw, "armour", Armour, path)),
        healing=_table(raw, "healing", HealingRules, path),
        complications=tuple(structure_list(raw, "complication", Complication, path)),
        complication_rules=_table(raw, "complications", ComplicationRules, path),
        uses=tuple(structure_list(raw, "use", Use, path)),
        setbacks=tuple(structure_list(raw, "setback", Setback, path)),
        periods=periods,
        periods_note=str(periods_raw.get("note", "")),
        readings={r.id: r for r in structure_list(raw, "reading", Reading, path)},
    )
    _check(cc, path, Path(directory))
    return cc


def _check(cc: ConditionContent, path: Path, directory: Path) -> None:
    kinds = {k.id for k in cc.kinds}
    for kid in cc.damage.order + cc.damage.transfer_from + cc.damage.armour_kinds + [cc.damage.transfer_to]:
        if kid not in kinds:
            raise ContentError(str(path), "[damage]", f"unknown damage kind {kid!r}")
    for c in cc.complications:
        if c.kind not in kinds or not 1 <= c.points <= cc.damage.complication_max:
            raise ContentError(str(path), f"complication {c.id!r}", "unknown kind or points out of range")
    for k in cc.kinds:
        for n in range(1, cc.damage.complication_max + 1):
            if not any(c.kind == k.id and c.points == n for c in cc.complications):
                raise ContentError(str(path), f"kind {k.id!r}", f"no {n}-point Complication")
    for u in cc.uses:
        if u.per not in PERIODS or u.source not in ("feat", "advantage") or u.times < 1:
            raise ContentError(
                str(path),
                f"use {u.id!r}",
                f"per is one of {', '.join(PERIODS)}; source feat or advantage; times at least 1",
            )
    # the ids the uses and setbacks name exist in the character pack (statistics too)
    stats = {s.get("id") for s in read_toml(directory / "statistics.toml").get("statistic", [])}
    for k in cc.kinds:
        for s in k.statistics:
            if s not in stats:
                raise ContentError(str(path), f"kind {k.id!r}", f"unknown statistic {s!r}")
    advantages = {a.get("id") for a in read_toml(directory / "advantages.toml").get("advantage", [])}
    feats = {f.get("id") for t in read_toml(directory / "feats.toml").get("tree", []) for f in t.get("feat", [])}
    for u in cc.uses:
        if u.of not in (feats if u.source == "feat" else advantages):
            raise ContentError(str(path), f"use {u.id!r}", f"unknown {u.source} {u.of!r}")
    for sb in cc.setbacks:
        if sb.advantage not in advantages:
            raise ContentError(str(path), f"setback {sb.id!r}", f"unknown advantage {sb.advantage!r}")
