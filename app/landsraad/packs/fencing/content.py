"""The Across The Dune Sea pack as typed data, loaded from ``content/across-the-dune-sea/``.

Every entry keeps its seed line (``line``) and, where the text is ambiguous or silent, the
reading taken (``note``).  A malformed file raises ContentError naming the file, the entry
and the reason.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any, TypeVar

import attrs

from landsraad.errors import ChoiceError, ContentError
from landsraad.paths import content_dir
from landsraad.rules.toml_loading import read_toml

PACK_ID = "across-the-dune-sea"
SPECIAL = "special"  # a maneuver that acts when its fencer is attacked (L57)
VARIES = "varies"  # a modifier that depends on the situation (see *_variants)
_T = TypeVar("_T")


@attrs.frozen
class Level:
    id: str
    name: str
    value: int
    melee_initiative: int
    line: str
    judge_only: bool = False
    note: str = ""


@attrs.frozen
class SkillLevel:
    level: str
    maneuvers: int
    per_turn: int
    line: str
    cost: int | None = None  # None: the Judge sets it (Legendary, L34)
    note: str = ""


@attrs.frozen
class Maneuver:
    id: str
    name: str
    slots: int
    kind: str  # "attack" | "defence" | "special"
    initiative: int | str  # ladder steps, SPECIAL or VARIES
    muscle: int | str  # ladder steps, "n/a" or VARIES
    effect: str
    line: str
    initiative_variants: dict = attrs.field(factory=dict)
    muscle_variants: dict = attrs.field(factory=dict)
    offence: str | None = None  # trait of the offensive roll
    offence_bonus: int = 0
    defence: str | None = None  # trait of the defensive roll
    defence_bonus: int = 0
    is_parry: bool = False  # a parry roll (Feint and Punch penalise it)
    no_automatic_parry: bool = False
    contest: str | None = None  # "muscle" | "fencing"
    contest_when: str | None = None  # "hit" | "parried" | "always"
    deals_damage: bool = True
    riposte_muscle: int = 0  # Muscle bonus of a Riposte that parries this maneuver
    parry_penalty_variants: dict = attrs.field(factory=dict)
    unarmed_damage: bool = False
    feinted_parry_penalty: int = 0
    pushed_initiative: int = 0
    counter: str | None = None
    counter_bonus: int = 0
    resist_push: int = 0
    reaction_bonus: int = 0
    note: str = ""

    @property
    def special(self) -> bool:
        return self.initiative == SPECIAL

    @property
    def defensive(self) -> bool:
        return self.kind == "defence"


@attrs.frozen
class Weapon:
    id: str
    name: str
    damage: int
    category: str
    line: str
    hilt: str | None = None
    thrown: bool = False
    ranged: bool = False
    muscle_powered: bool = True
    once_per_combat: bool = False
    impromptu_penalty: int = 0  # off Reflexes and Fencing while fighting with it (L172-L173)
    note: str = ""


@attrs.frozen
class Armour:
    id: str
    name: str
    defence: int
    line: str
    note: str = ""


@attrs.frozen
class WoundLevel:
    id: str
    name: str
    boxes: int
    low: int
    widen_low: int
    penalty: int
    willpower_penalty: int
    effect: str
    line: str
    high: int | None = None  # None: open-ended (Near Death)
    widen_high: int = 0
    cannot_act: bool = False
    note: str = ""

    def band(self, realism: int) -> tuple[int, int | None]:
        """The damage band of this level with the table widened by ``realism`` (L159-160)."""
        low = self.low + self.widen_low * realism
        high = None if self.high is None else self.high + self.widen_high * realism
        return low, high


@attrs.frozen
class Step:
    id: str
    name: str
    summary: str
    line: str


@attrs.frozen
class Action:
    """An action that is not a fencing maneuver (L215-243)."""

    id: str
    name: str
    summary: str
    ranged: bool
    missile: bool
    line: str
    note: str = ""


@attrs.frozen
class Reading:
    id: str
    rule: str
    choice: str
    note: str
    line: str


@attrs.frozen
class Pack:
    id: str
    name: str
    source: str
    covers: str
    kinds: tuple[str, ...]
    credit: str = ""


@attrs.frozen
class Dueling:
    automatic_parry: int
    extra_automatic_parry_step: int
    automatic_dodge: int
    missile_dodge: int
    trade_fencing_for_initiative: int
    line: str


@attrs.frozen
class FencingContent:
    pack: Pack
    levels: tuple[Level, ...]
    skill: tuple[SkillLevel, ...]
    skill_default: str
    maneuvers: tuple[Maneuver, ...]
    weapons: tuple[Weapon, ...]
    armour: tuple[Armour, ...]
    sharpness: int
    wounds: tuple[WoundLevel, ...]
    realism_default: int
    damage_roll_recommended: bool
    dueling: Dueling
    steps: tuple[Step, ...]
    readings: tuple[Reading, ...]
    actions: tuple[Action, ...] = ()
    doctor: dict = attrs.field(factory=dict)  # Doctor result level -> wound levels healed (L266)
    # the wound level that heals slower (L269), the weeks of rest it needs to drop one level,
    # and the most levels a Doctor's roll lowers it (reading near-death-heals-slower)
    slow_level: str = ""
    slow_weeks: int = 1
    slow_doctor_levels: int = 0
    lackey: dict = attrs.field(factory=dict)  # three-level lackeys (L169): hurt, out, out_from
    incapacitated: dict = attrs.field(factory=dict)  # stamina_against, fudge_point_cost (L153)
    environment: dict = attrs.field(factory=dict)  # fire_low/high, feet_per_point (L200, L203)

    # ----- look-ups ---------------------------------------------------------------------
    def level(self, ident: str) -> Level | None:
        key = str(ident).strip().lower()
        return next((lv for lv in self.levels if lv.id == key), None)

    def level_of(self, value: int) -> Level:
        return next(lv for lv in self.levels if lv.value == value)

    def skill_level(self, ident: str) -> SkillLevel | None:
        return next((s for s in self.skill if s.level == ident), None)

    def maneuver(self, ident: str) -> Maneuver | None:
        return next((m for m in self.maneuvers if m.id == ident), None)

    def weapon(self, ident: str) -> Weapon | None:
        return next((w for w in self.weapons if w.id == ident), None)

    def armour_of(self, ident: str) -> Armour | None:
        return next((a for a in self.armour if a.id == ident), None)

    def wound_level(self, ident: str) -> WoundLevel | None:
        return next((w for w in self.wounds if w.id == ident), None)

    def action(self, ident: str) -> Action | None:
        return next((a for a in self.actions if a.id == ident), None)

    def reading(self, ident: str) -> Reading | None:
        return next((r for r in self.readings if r.id == ident), None)

    # the same for an id already checked (a choice, a document): one the pack does not know
    # is refused in a sentence (exit 2 on the command line), never an AttributeError on None
    def known_level(self, ident: str) -> Level:
        return _known(self.level(ident), "a level of the ladder", ident, [x.id for x in self.levels])

    def known_maneuver(self, ident: str) -> Maneuver:
        return _known(self.maneuver(ident), "a maneuver", ident, [x.id for x in self.maneuvers])

    def known_weapon(self, ident: str) -> Weapon:
        return _known(self.weapon(ident), "a weapon", ident, [x.id for x in self.weapons])

    def known_wound_level(self, ident: str) -> WoundLevel:
        return _known(self.wound_level(ident), "a wound level", ident, [x.id for x in self.wounds])

    def known_action(self, ident: str) -> Action:
        return _known(self.action(ident), "an action", ident, [x.id for x in self.actions])

    @property
    def lowest(self) -> Level:
        return min(self.levels, key=lambda lv: lv.value)

    @property
    def highest_ordinary(self) -> Level:
        """Superb: the top of the ladder unless the Judge allows Legendary (L91)."""
        return max((lv for lv in self.levels if not lv.judge_only), key=lambda lv: lv.value)

    def cap(self, legendary: bool = False) -> int:
        top = max(self.levels, key=lambda lv: lv.value) if legendary else self.highest_ordinary
        return top.value

    def clamp(self, value: int, legendary: bool = False) -> int:
        return max(self.lowest.value, min(self.cap(legendary), value))

    def name_of(self, value: int) -> str:
        """The ladder name of a value; beyond the ladder, the nearest end with the excess."""
        top = max(self.levels, key=lambda lv: lv.value)
        if value > top.value:
            return f"{top.name}+{value - top.value}"
        if value < self.lowest.value:
            return f"{self.lowest.name}{value - self.lowest.value}"
        return self.level_of(value).name


def _known(found: _T | None, what: str, ident: str, ids: list[str]) -> _T:
    if found is None:
        raise ChoiceError(f"{ident!r} is not {what} of the fencing pack ({', '.join(ids)})")
    return found


# ----- loading ------------------------------------------------------------------------------
def _build(cls, raw: Any, file: Path, entry: str):
    """An attrs instance from a TOML table: unknown or missing fields and wrong types are
    ContentErrors naming the file and the entry."""
    if not isinstance(raw, dict):
        raise ContentError(str(file), entry, "must be a table")
    fields = {f.name: f for f in attrs.fields(cls)}
    unknown = sorted(set(raw) - set(fields))
    if unknown:
        raise ContentError(str(file), entry, "unknown field(s): " + ", ".join(unknown))
    missing = [n for n, f in fields.items() if f.default is attrs.NOTHING and n not in raw]
    if missing:
        raise ContentError(str(file), entry, "missing field(s): " + ", ".join(missing))
    for name, value in raw.items():
        want = fields[name].type
        if not _type_ok(value, want):
            raise ContentError(str(file), entry, f"{name}: {value!r} is not {want}")
    values = dict(raw)
    if "kinds" in values:
        values["kinds"] = tuple(values["kinds"])
    return cls(**values)


def _type_ok(value: Any, want: str) -> bool:
    allowed = {"int": int, "str": str, "bool": bool, "dict": dict, "None": type(None)}
    kinds = [k.strip() for k in str(want).split("|")]
    if any(k.startswith("tuple") for k in kinds):
        return isinstance(value, list) and all(isinstance(v, str) for v in value)
    for k in kinds:
        t = allowed.get(k)
        if t is int and isinstance(value, bool):
            continue
        if t is not None and isinstance(value, t):
            return True
    return False


def _list(raw: dict, key: str, cls, file: Path) -> tuple:
    items = raw.get(key)
    if not isinstance(items, list) or not items:
        raise ContentError(str(file), None, f"no [[{key}]] entries")
    out, seen = [], set()
    for i, item in enumerate(items):
        ident = item.get("id", item.get("level")) if isinstance(item, dict) else None
        name = f"{key} {ident!r}" if ident else f"{key} #{i + 1}"
        obj = _build(cls, item, file, name)
        if ident in seen:
            raise ContentError(str(file), name, f"duplicate id {ident!r}")
        seen.add(ident)
        out.append(obj)
    return tuple(out)


def _table(raw: dict, key: str, file: Path) -> dict:
    table = raw.get(key)
    if not isinstance(table, dict):
        raise ContentError(str(file), None, f"no [{key}] table")
    return table


@functools.lru_cache(maxsize=4)
def load_fencing_content(folder: str | None = None) -> FencingContent:
    """The pack from ``folder`` (default ``content/across-the-dune-sea``), checked."""
    base = Path(folder) if folder else content_dir() / PACK_ID
    files = {
        name: base / f"{name}.toml"
        for name in ("pack", "ladder", "fencing-skill", "maneuvers", "weapons", "wounds", "dueling")
    }
    raw = {name: read_toml(path) for name, path in files.items()}

    pack = _build(Pack, _table(raw["pack"], "pack", files["pack"]), files["pack"], "pack")
    readings = list(_list(raw["pack"], "reading", Reading, files["pack"]))
    levels = _list(raw["ladder"], "level", Level, files["ladder"])
    skill = _list(raw["fencing-skill"], "level", SkillLevel, files["fencing-skill"])
    skill_default = _table(raw["fencing-skill"], "skill", files["fencing-skill"]).get("default")
    maneuvers = _list(raw["maneuvers"], "maneuver", Maneuver, files["maneuvers"])
    weapons = _list(raw["weapons"], "weapon", Weapon, files["weapons"])
    armour = _list(raw["weapons"], "armour", Armour, files["weapons"])
    sharp = _table(raw["weapons"], "sharpness", files["weapons"]).get("bonus")
    wounds = _list(raw["wounds"], "level", WoundLevel, files["wounds"])
    readings += _list(raw["wounds"], "reading", Reading, files["wounds"])
    damage = _table(raw["wounds"], "damage", files["wounds"])
    damage_roll = _table(raw["wounds"], "damage_roll", files["wounds"])
    healing = _table(raw["wounds"], "healing", files["wounds"])
    doctor = healing.get("doctor", {})
    slow: dict[str, Any] = {k: healing[k] for k in ("slow_level", "slow_weeks", "slow_doctor_levels") if k in healing}
    if slow.get("slow_level") is not None and slow["slow_level"] not in {w.id for w in wounds}:
        raise ContentError(str(files["wounds"]), "healing", f"slow_level {slow['slow_level']!r} is not a wound level")
    for k in ("slow_weeks", "slow_doctor_levels"):
        if k in slow and (isinstance(slow[k], bool) or not isinstance(slow[k], int) or slow[k] < 0):
            raise ContentError(str(files["wounds"]), "healing", f"{k} = {slow[k]!r} is not a count")
    for level, n in doctor.items():
        if level not in {lv.id for lv in levels} or isinstance(n, bool) or not isinstance(n, int):
            raise ContentError(str(files["wounds"]), "healing", f"doctor: {level!r} = {n!r} is not a level and a count")
    dueling = _build(Dueling, _table(raw["dueling"], "dueling", files["dueling"]), files["dueling"], "dueling")
    steps = _list(raw["dueling"], "step", Step, files["dueling"])
    readings += _list(raw["dueling"], "reading", Reading, files["dueling"])
    actions = _list(raw["dueling"], "action", Action, files["dueling"])
    for m in maneuvers:
        for value, ok in ((m.initiative, (SPECIAL, VARIES)), (m.muscle, ("n/a", VARIES))):
            if isinstance(value, str) and value not in ok:
                raise ContentError(str(files["maneuvers"]), f"maneuver {m.id!r}", f"{value!r}: one of {ok} or a number")
        if m.initiative == VARIES and not m.initiative_variants:
            raise ContentError(
                str(files["maneuvers"]), f"maneuver {m.id!r}", "initiative varies but has no initiative_variants"
            )

    content = FencingContent(
        pack=pack,
        levels=levels,
        skill=skill,
        skill_default=str(skill_default),
        maneuvers=maneuvers,
        weapons=weapons,
        armour=armour,
        sharpness=int(sharp or 0),
        wounds=wounds,
        realism_default=int(damage.get("realism_default", 1)),
        damage_roll_recommended=bool(damage_roll.get("recommended", False)),
        dueling=dueling,
        steps=steps,
        readings=tuple(readings),
        actions=actions,
        doctor=dict(doctor),
        **slow,
        lackey=_table(raw["wounds"], "lackey", files["wounds"]),
        incapacitated=_table(raw["wounds"], "incapacitated", files["wounds"]),
        environment=_table(raw["wounds"], "environment", files["wounds"]),
    )
    _check(content, files)
    return content


def _check(c: FencingContent, files: dict[str, Path]) -> None:
    """Cross-file consistency: every skill level is a ladder level, once."""
    ids = {lv.id for lv in c.levels}
    for s in c.skill:
        if s.level not in ids:
            raise ContentError(str(files["fencing-skill"]), f"level {s.level!r}", "not a ladder level")
    if c.skill_default not in ids:
        raise ContentError(str(files["fencing-skill"]), "skill", f"default {c.skill_default!r} is not a ladder level")
    if len({lv.value for lv in c.levels}) != len(c.levels):
        raise ContentError(str(files["ladder"]), None, "two levels share a value")
