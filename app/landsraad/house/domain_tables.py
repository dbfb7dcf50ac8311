"""The Domain Management rules as data (content/<pack>/domain.toml), loaded and checked.

``load_domain_content()`` reads the calendar, budgets, Strategies, Ventures, Operations,
information tiers and standing facts into these typed classes and checks every
reference (a trait that is not one of the seven, a Strategy favouring an unknown trait,
an Operation effect the engine does not know).  A bad file fails with a ContentError
naming the file, the entry and the reason.
"""

from __future__ import annotations

import functools
from pathlib import Path

import attrs

from landsraad.errors import ChoiceError, ContentError
from landsraad.house.content import load_house_content
from landsraad.paths import DEFAULT_PACK, content_dir
from landsraad.rules.toml_loading import read_toml, structure_entry, structure_list
from landsraad.slug import slugify

VENTURE_TARGETS = ("rival-trait", "rival-house", "own-trait", "own-traits", "rivals", "gear")
VENTURE_EFFECTS = ("damage", "damage-gain", "raise", "maintain", "reveal-strategy", "misinform", "surveil", "gear")
OPERATION_TARGETS = ("rival-high", "rival-low", "own-high", "self", "rival-house", "rival-householder")
OPERATION_EFFECTS = (
    "kill",
    "knock-die",
    "bonus",
    "learn-householders",
    "neutralise",
    "ransom",
    "difficulty-spy",
    "difficulty-protect",
    "lower-venture",
    "lower-operation",
    "judge",
    "bonus-against",
    "spy",
)
STATISTICS = ("physique", "prowess", "intellect", "insight", "command", "charm")
CHOSEN = "chosen"  # Surveillance: "Espionage + the chosen House Trait" (L4912)


@attrs.frozen
class Calendar:
    months_per_year: int
    weeks_per_month: int
    first_month: int
    line: str = ""
    note: str = ""


@attrs.frozen
class Budget:
    ventures_per_high: int
    operations_per_high: int
    max_pool: int
    line: str = ""
    note: str = ""


@attrs.frozen
class UsePenalty:
    reading: str
    floor: int
    counts: str
    counters_use_eff: bool
    line: str = ""
    note: str = ""


@attrs.frozen
class Degradation:
    per_use: int
    score_floor: int
    line: str = ""
    note: str = ""


@attrs.frozen
class StrategyRules:
    default: str
    active_after: int
    line: str = ""
    note: str = ""


@attrs.frozen
class Strategy:
    id: str
    name: str
    trait: str
    line: str
    text: str
    printed_name: str = ""
    note: str = ""


@attrs.frozen
class Venture:
    id: str
    name: str
    line: str
    target: str
    pool: tuple[str, ...]
    counter: tuple[str, ...]
    effect: str
    multiplier: int
    text: str
    target_traits: tuple[str, ...] = ()
    difficulty: str = ""
    might_cap: bool = False
    legal_in: tuple[str, ...] = ()  # legal states in which it is not flagged (S23)
    director_statistic: str = ""  # the gear Venture: the director's Charm joins the pool (L3915)
    note: str = ""

    @property
    def opposed(self) -> bool:
        return bool(self.counter)


@attrs.frozen
class Tier:
    width: int
    name: str
    reveals: str
    line: str
    text: str
    note: str = ""


@attrs.frozen
class SpyTier:
    width: int
    operations: int
    venture: bool
    line: str
    note: str = ""


@attrs.frozen
class Operation:
    id: str
    name: str
    target: str
    resolved: str
    effect: str
    line: str
    text: str
    pool: tuple[str, ...] = ()
    alt_pool: tuple[str, ...] = ()
    counter: tuple[str, ...] = ()
    alt_counter: tuple[str, ...] = ()
    by_inference: bool = False
    legal_in: tuple[str, ...] = ()  # legal states in which it is not flagged (S23)
    takes_out: str = ""  # a success leaves the target Householder so: "dead", "kidnapped"
    note: str = ""

    @property
    def key(self) -> str:
        """Unique: "assassinate-low", "spy-high", "mislead-self" ..."""
        return f"{self.id}-{self.target.split('-')[-1]}"

    @property
    def encounter(self) -> bool:
        return self.resolved == "encounter"

    @property
    def counter_is_house(self) -> bool:
        return bool(self.counter) and all(c.startswith("house:") for c in self.counter)


@attrs.frozen
class Fact:
    id: str
    name: str
    event: str
    use: str
    line: str
    text: str
    dice: int = 0
    note: str = ""


@attrs.frozen
class DiceRules:
    runs: bool
    full_house: bool
    equal_height_gobbles: bool
    width_one_succeeds: bool
    line: str = ""
    note: str = ""


@attrs.frozen
class DomainContent:
    calendar: Calendar
    budget: Budget
    use_penalty: UsePenalty
    degradation: Degradation
    strategy_rules: StrategyRules
    strategies: tuple[Strategy, ...]
    ventures: tuple[Venture, ...]
    surveillance_tiers: tuple[Tier, ...]
    operations: tuple[Operation, ...]
    spy_tiers: tuple[SpyTier, ...]
    facts: tuple[Fact, ...]
    dice: DiceRules
    trait_ids: tuple[str, ...]
    file: str

    def strategy(self, token: str) -> Strategy:
        key = slugify(token)
        for s in self.strategies:
            if key in (s.id, slugify(s.name)):
                return s
        raise ChoiceError(f"unknown Strategy {token!r} (Strategies: {', '.join(s.id for s in self.strategies)})")

    def venture(self, token: str) -> Venture:
        key = slugify(token)
        for v in self.ventures:
            if key in (v.id, slugify(v.name)):
                return v
        raise ChoiceError(f"unknown Venture {token!r} (Ventures: {', '.join(v.id for v in self.ventures)})")

    def operation(self, token: str, target: str | None = None) -> Operation:
        """By key ("spy-high", "assassinate-low") or by id and target kind ("high"/"low"/a target id)."""
        key = slugify(token)
        found = [o for o in self.operations if key in (o.key, o.id)]
        if target is not None:
            found = [o for o in found if o.target == target or o.target.endswith("-" + target)]
        if len(found) == 1:
            return found[0]
        if not found:
            raise ChoiceError(
                f"unknown Operation {token!r}"
                + (f" against a {target} target" if target else "")
                + f" (Operations: {', '.join(o.key for o in self.operations)})"
            )
        raise ChoiceError(f"Operation {token!r} has several targets ({', '.join(o.key for o in found)}); name one")

    def fact(self, fact_id: str) -> Fact | None:
        for f in self.facts:
            if f.id == fact_id:
                return f
        return None

    def fact_of_event(self, event_id: str) -> Fact | None:
        for f in self.facts:
            if f.event == event_id:
                return f
        return None

    def tier(self, width: int) -> Tier | None:
        """Surveillance tier of a final Width (cumulative; 5 or more reads as 4X, S25)."""
        if width < 1:
            return None
        top = max(self.surveillance_tiers, key=lambda t: t.width)
        return next((t for t in self.surveillance_tiers if t.width == width), top if width > top.width else None)

    def spy_tier(self, width: int) -> SpyTier | None:
        if width < 1:
            return None
        return max((t for t in self.spy_tiers if t.width <= width), key=lambda t: t.width)


@functools.lru_cache(maxsize=4)
def load_domain_content(directory: Path | None = None) -> DomainContent:
    directory = Path(directory) if directory else content_dir() / DEFAULT_PACK
    path = directory / "domain.toml"
    f = str(path)
    raw = read_toml(path)
    allowed = {
        "calendar",
        "budget",
        "use_penalty",
        "degradation",
        "strategy_rules",
        "strategy",
        "venture",
        "surveillance_tier",
        "operation",
        "spy_tier",
        "fact",
        "dice",
    }
    extra = sorted(set(raw) - allowed)
    if extra:
        raise ContentError(f, None, "unknown table(s): " + ", ".join(extra))
    house = load_house_content(directory)
    c = DomainContent(
        calendar=structure_entry(raw.get("calendar"), Calendar, f, "calendar"),
        budget=structure_entry(raw.get("budget"), Budget, f, "budget"),
        use_penalty=structure_entry(raw.get("use_penalty"), UsePenalty, f, "use_penalty"),
        degradation=structure_entry(raw.get("degradation"), Degradation, f, "degradation"),
        strategy_rules=structure_entry(raw.get("strategy_rules"), StrategyRules, f, "strategy_rules"),
        strategies=tuple(structure_list(raw, "strategy", Strategy, path)),
        ventures=tuple(structure_list(raw, "venture", Venture, path)),
        surveillance_tiers=tuple(_items(raw, "surveillance_tier", Tier, f)),
        operations=tuple(_items(raw, "operation", Operation, f)),
        spy_tiers=tuple(_items(raw, "spy_tier", SpyTier, f)),
        facts=tuple(structure_list(raw, "fact", Fact, path)),
        dice=structure_entry(raw.get("dice"), DiceRules, f, "dice"),
        trait_ids=house.trait_ids,
        file=f,
    )
    _check(c, house)
    return c


def _items(raw: dict, key: str, cls, f: str) -> list:
    """Entries whose id may repeat (an Operation per target kind, tiers by Width)."""
    items = raw.get(key)
    if not isinstance(items, list) or not items:
        raise ContentError(f, key, f"needs [[{key}]] entries")
    return [
        structure_entry(
            item,
            cls,
            f,
            f"{key} #{i + 1}" + (f" {item.get('id')!r}" if isinstance(item, dict) and item.get("id") else ""),
        )
        for i, item in enumerate(items)
    ]


def _check(c: DomainContent, house) -> None:
    f, traits = c.file, set(c.trait_ids)
    ids = [s.id for s in c.strategies]
    if c.strategy_rules.default not in ids:
        raise ContentError(f, "strategy_rules", f"default {c.strategy_rules.default!r} is not a Strategy")
    for s in c.strategies:
        if s.trait and s.trait not in traits:
            raise ContentError(f, f"strategy {s.id!r}", f"unknown trait {s.trait!r}")
    for v in c.ventures:
        where = f"venture {v.id!r}"
        if v.target not in VENTURE_TARGETS:
            raise ContentError(f, where, f"target {v.target!r} is not one of {', '.join(VENTURE_TARGETS)}")
        if v.effect not in VENTURE_EFFECTS:
            raise ContentError(f, where, f"effect {v.effect!r} is not one of {', '.join(VENTURE_EFFECTS)}")
        if v.director_statistic and v.director_statistic not in STATISTICS:
            raise ContentError(f, where, f"unknown statistic {v.director_statistic!r}")
        if len(v.pool) + bool(v.director_statistic) != 2 or any(t not in traits | {CHOSEN} for t in v.pool):
            raise ContentError(f, where, f"a Venture pool is two House traits (L4905), not {list(v.pool)}")
        if v.counter and (len(v.counter) != 2 or any(t not in traits for t in v.counter)):
            raise ContentError(f, where, f"a counter is two House traits, not {list(v.counter)}")
        if any(t not in traits for t in v.target_traits):
            raise ContentError(f, where, f"unknown target trait in {list(v.target_traits)}")
        if v.target == "rival-trait" and not v.target_traits:
            raise ContentError(f, where, "a Venture on a rival's trait lists the traits it may target")
    keys = [o.key for o in c.operations]
    if len(set(keys)) != len(keys):
        raise ContentError(f, "operation", "two Operations share an id and target kind")
    skills = _skill_ids()
    for o in c.operations:
        where = f"operation {o.key!r}"
        if o.target not in OPERATION_TARGETS:
            raise ContentError(f, where, f"target {o.target!r} is not one of {', '.join(OPERATION_TARGETS)}")
        if o.effect not in OPERATION_EFFECTS:
            raise ContentError(f, where, f"effect {o.effect!r} is not one of {', '.join(OPERATION_EFFECTS)}")
        if o.resolved not in ("roll", "encounter"):
            raise ContentError(f, where, "resolved is 'roll' or 'encounter'")
        if o.resolved == "roll" and len(o.pool) != 2:
            raise ContentError(f, where, "a rolled Operation has a pool of a statistic and a skill (L129)")
        for pool in (o.pool, o.alt_pool):
            if pool and (pool[0] not in STATISTICS or (skills and pool[1] not in skills)):
                raise ContentError(f, where, f"pool {list(pool)} is not a statistic + a skill")
        for part in o.counter + o.alt_counter:
            if part.startswith("house:"):
                if part[6:] not in traits:
                    raise ContentError(f, where, f"unknown House trait in {part!r}")
            elif part not in STATISTICS and skills and part not in skills:
                raise ContentError(f, where, f"counter {part!r} is not a statistic, a skill or house:TRAIT")
    if sorted(t.width for t in c.surveillance_tiers) != [1, 2, 3, 4]:
        raise ContentError(f, "surveillance_tier", "needs tiers 1X to 4X")
    if sorted(t.width for t in c.spy_tiers) != [1, 2, 3, 4]:
        raise ContentError(f, "spy_tier", "needs tiers 1X to 4X")
    events = {e.id for e in house.history.waste_a + house.history.waste_b} | {e.id for e in house.history.set_event}
    for fact in c.facts:
        if fact.event not in events:
            raise ContentError(f, f"fact {fact.id!r}", f"unknown history event {fact.event!r}")
        if fact.use not in ("monthly", "once", "called", "standing"):
            raise ContentError(f, f"fact {fact.id!r}", "use is monthly, once, called or standing")


def _skill_ids() -> set[str]:
    """The character pack's skill ids, to check Operation pools; empty if it cannot be read."""
    try:
        raw = read_toml(content_dir() / DEFAULT_PACK / "skills.toml")
    except ContentError:
        return set()
    return {str(s["id"]) for s in raw.get("skill", []) if isinstance(s, dict) and "id" in s}
