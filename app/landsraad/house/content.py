"""Load the House-creation tables (fief, territory, history, traits .toml) and check them.

``load_house_content()`` reads the four files into ``landsraad.house.tables`` and checks
every cross-reference: a trait key that is not one of the seven, a Height or Width with
no row, a waste face missing, a stacked terrain that does not exist... each fails with a
ContentError naming the file, the entry and the reason.

``list_content(kind)`` / ``show_content(kind, id)`` serve ``content list|show`` for the
House kinds (``HOUSE_KINDS``).
"""

from __future__ import annotations

import functools
from pathlib import Path

import attrs

from landsraad.errors import ChoiceError, ContentError
from landsraad.house import tables as t
from landsraad.paths import DEFAULT_PACK, content_dir
from landsraad.rules.toml_loading import converter, read_toml, structure_entry, structure_list
from landsraad.slug import slugify

HOUSE_KINDS = ("fief-results", "terrains", "history-events", "arcology-types", "house-traits", "holdings")
HEIGHTS = range(1, 11)
PLACEMENT_IDS = ("shared-territory", "sole-on-body", "sole-in-territory")


@attrs.frozen
class HouseContent:
    traits: tuple[t.Trait, ...]
    rating: t.RatingRule
    fief: t.FiefFile
    territory: t.TerritoryFile
    history: t.HistoryFile
    directory: Path
    holdings: tuple[t.Holding, ...] = ()

    # ----- traits ------------------------------------------------------------------
    @functools.cached_property
    def trait_ids(self) -> tuple[str, ...]:
        return tuple(tr.id for tr in self.traits)

    @functools.cached_property
    def memo(self) -> dict:
        """Readings derived from this content and a few inputs (a body's reading by its die,
        a House's events by its roll and waste tables): recomputing a Fief on every edit reads them many times over.
        Keys hold every input, so an edited document never meets a stale entry."""
        return {}

    def remember(self, key: tuple, make):
        """``memo[key]``, made by ``make()`` when missing; the memo is emptied when it grows
        past a few thousand entries (a long session of rolls), never served stale."""
        found = self.memo.get(key)
        if found is None:
            if len(self.memo) > 4096:
                self.memo.clear()
            found = self.memo[key] = make()
        return found

    def trait_id(self, token: str) -> str | None:
        """A user's trait name or alias ("Might") -> trait id, or None."""
        key = slugify(token)
        for tr in self.traits:
            if key == tr.id or key in {slugify(a) for a in tr.aliases}:
                return tr.id
        return None

    # ----- Step One ----------------------------------------------------------------
    @property
    def max_width(self) -> int:
        return self.fief.rules.max_width

    def set_result(self, height: int, width: int) -> t.SetResult:
        """The body a set of that Height and Width is (Width above 5 reads as 5)."""
        w = min(max(width, 2), self.fief.rules.max_width)
        return self._set_results[(height, w)]

    def system_feature(self, face: int) -> t.SystemFeature:
        return self._features[face]

    @functools.cached_property
    def _set_results(self) -> dict[tuple[int, int], t.SetResult]:
        return {(h, r.width): r for r in self.fief.set_result for h in r.heights}

    @functools.cached_property
    def _features(self) -> dict[int, t.SystemFeature]:
        return {f.face: f for f in self.fief.system_feature}

    # ----- Step Two ----------------------------------------------------------------
    def domain(self, domain_id: str) -> t.Domain:
        return self._territory_rows["domain"][domain_id]

    def wealth(self, wealth_id: str) -> t.Wealth | None:
        return self._territory_rows["wealth"].get(wealth_id)

    def terrain(self, terrain_id: str) -> t.Terrain | None:
        return self._territory_rows["terrain"].get(terrain_id)

    @functools.cached_property
    def _territory_rows(self) -> dict[str, dict]:
        """The Territory file's rows by table and id."""
        return {
            table: {row.id: row for row in getattr(self.territory, table)}
            for table in ("domain", "wealth", "terrain", "arcology_type", "placement")
        }

    def terrain_id(self, token: str) -> str | None:
        key = slugify(token)
        for x in self.territory.terrain:
            if key in {x.id, slugify(x.name), slugify(x.printed_name)} | {slugify(a) for a in x.aliases}:
                return x.id
        return None

    def arcology_type(self, type_id: str) -> t.ArcologyType | None:
        return self._territory_rows["arcology_type"].get(type_id)

    def placement(self, placement_id: str) -> t.Placement:
        return self._territory_rows["placement"][placement_id]

    # ----- Step Three --------------------------------------------------------------
    def set_event(self, height: int) -> t.SetEvent:
        return self._set_events[height]

    def waste_event(self, table: str, face: int) -> t.WasteEvent:
        return (self.history.waste_a if table == "A" else self.history.waste_b)[face - 1]

    @functools.cached_property
    def _set_events(self) -> dict[int, t.SetEvent]:
        return {h: e for e in self.history.set_event for h in e.heights}

    @property
    def floor(self) -> int:
        return self.history.rules.floor

    # ----- holdings ----------------------------------------------------------------
    def holding(self, holding_id: str) -> t.Holding | None:
        for h in self.holdings:
            if h.id == holding_id:
                return h
        return None

    def holding_id(self, token: str) -> str | None:
        key = slugify(token)
        for h in self.holdings:
            if key in {h.id, slugify(h.name), slugify(h.printed_name)}:
                return h.id
        return None


@functools.lru_cache(maxsize=4)
def load_house_content(directory: Path | None = None) -> HouseContent:
    """Load and check the House tables in ``directory`` (default: the shipped pack); cached."""
    directory = Path(directory) if directory else content_dir() / DEFAULT_PACK
    p_traits, p_fief = directory / "traits.toml", directory / "fief.toml"
    p_terr, p_hist = directory / "territory.toml", directory / "history.toml"

    raw = read_toml(p_traits)
    rating = structure_entry(raw.get("rating"), t.RatingRule, str(p_traits), "rating")
    traits = tuple(structure_list(raw, "trait", t.Trait, p_traits))

    raw = read_toml(p_fief)
    fief = t.FiefFile(
        rules=structure_entry(raw.get("rules"), t.TableRules, str(p_fief), "rules"),
        set_result=structure_list(raw, "set_result", t.SetResult, p_fief),
        system_feature=structure_list(raw, "system_feature", t.SystemFeature, p_fief),
    )
    _no_extra(raw, {"rules", "set_result", "system_feature"}, p_fief)

    raw = read_toml(p_terr)
    territory = t.TerritoryFile(
        rules=structure_entry(raw.get("rules"), t.TerritoryRules, str(p_terr), "rules"),
        domain=structure_list(raw, "domain", t.Domain, p_terr),
        wealth=structure_list(raw, "wealth", t.Wealth, p_terr),
        arcology_type=structure_list(raw, "arcology_type", t.ArcologyType, p_terr),
        terrain=structure_list(raw, "terrain", t.Terrain, p_terr),
        placement=structure_list(raw, "placement", t.Placement, p_terr),
    )
    _no_extra(raw, {"rules", "domain", "wealth", "arcology_type", "terrain", "placement"}, p_terr)

    raw = read_toml(p_hist)
    history = t.HistoryFile(
        rules=structure_entry(raw.get("rules"), t.TableRules, str(p_hist), "rules"),
        madness=structure_entry(raw.get("madness"), t.Madness, str(p_hist), "madness"),
        set_event=structure_list(raw, "set_event", t.SetEvent, p_hist),
        waste_a=structure_list(raw, "waste_a", t.WasteEvent, p_hist),
        waste_b=structure_list(raw, "waste_b", t.WasteEvent, p_hist),
    )
    _no_extra(raw, {"rules", "madness", "set_event", "waste_a", "waste_b"}, p_hist)

    p_hold = directory / "holdings.toml"
    holdings = tuple(structure_list(read_toml(p_hold), "holding", t.Holding, p_hold)) if p_hold.exists() else ()

    content = HouseContent(
        traits=traits,
        rating=rating,
        fief=fief,
        territory=territory,
        history=history,
        directory=directory,
        holdings=holdings,
    )
    _check(content)
    return content


def _no_extra(raw: dict, allowed: set[str], path: Path) -> None:
    extra = sorted(set(raw) - allowed)
    if extra:
        raise ContentError(str(path), None, "unknown table(s): " + ", ".join(extra))


# ----- consistency checks ---------------------------------------------------------------
def _check(c: HouseContent) -> None:
    d = c.directory
    f_traits, f_fief = str(d / "traits.toml"), str(d / "fief.toml")
    f_terr, f_hist = str(d / "territory.toml"), str(d / "history.toml")
    ids = c.trait_ids
    if len(ids) != 7:
        raise ContentError(f_traits, None, f"a House has seven traits, found {len(ids)}")
    for tr in c.traits:
        if len(tr.levels) != c.rating.rating_max:
            raise ContentError(f_traits, f"trait {tr.id!r}", f"needs {c.rating.rating_max} level descriptions")

    def deltas(file: str, where: str, values: dict, complete: bool = False) -> None:
        unknown = sorted(set(values) - set(ids))
        if unknown:
            raise ContentError(file, where, f"unknown trait(s) {unknown} (traits: {', '.join(ids)})")
        if complete and set(values) != set(ids):
            raise ContentError(file, where, f"needs every trait, missing {sorted(set(ids) - set(values))}")

    # Step One
    wmax = c.fief.rules.max_width
    if c.fief.rules.planets_per_house < 1:
        raise ContentError(f_fief, "rules", "planets_per_house (habitable planets per House Minor) must be 1 or more")
    seen: dict[tuple[int, int], str] = {}
    for r in c.fief.set_result:
        where = f"set_result {r.id!r}"
        if r.width not in range(2, wmax + 1):
            raise ContentError(f_fief, where, f"width {r.width} is not 2..{wmax}")
        for h in r.heights:
            if h not in HEIGHTS:
                raise ContentError(f_fief, where, f"height {h} is not 1..10")
            if (h, r.width) in seen:
                raise ContentError(f_fief, where, f"{r.width}x{h} is also {seen[(h, r.width)]!r}")
            seen[(h, r.width)] = r.id
        if r.domain == "planet" and c.wealth(r.wealth) is None:
            raise ContentError(f_fief, where, f"unknown wealth {r.wealth!r}")
        if r.domain != "planet" and r.wealth:
            raise ContentError(f_fief, where, "only planets have a wealth")
        if r.territories < 1:
            raise ContentError(f_fief, where, "a habitable body has at least one Territory")
        deltas(f_fief, where, r.territory_effects)
    missing = [f"{w}x{h}" for h in HEIGHTS for w in range(2, wmax + 1) if (h, w) not in seen]
    if missing:
        raise ContentError(f_fief, "set_result", f"no row for {', '.join(missing)}")
    faces = sorted(f.face for f in c.fief.system_feature)
    if faces != list(HEIGHTS):
        raise ContentError(f_fief, "system_feature", f"needs faces 1..10 once each, found {faces}")
    for feat in c.fief.system_feature:
        where = f"system_feature {feat.id!r}"
        deltas(f_fief, where, feat.controller_effects)
        deltas(f_fief, where, feat.body_effects)
        if feat.stacked_feature and c.terrain(feat.stacked_feature) is None:
            raise ContentError(f_fief, where, f"unknown terrain {feat.stacked_feature!r}")
        if (feat.territories > 0) != bool(feat.domain):
            raise ContentError(f_fief, where, "a feature with Territories names its domain type, and only then")
        if feat.controller_effects and not feat.controller:
            raise ContentError(
                f_fief, where, "effects for a controlling House need controller = 'any' or 'house-minor'"
            )

    # Step Two
    for dom in c.territory.domain:
        deltas(f_terr, f"domain {dom.id!r}", dom.base, complete=True)
    if sorted(dom.id for dom in c.territory.domain) != ["arcology", "moon", "planet"]:
        raise ContentError(f_terr, "domain", "needs exactly arcology, moon and planet")
    heights = [w.height for w in c.territory.wealth]
    if sorted(heights) != [6, 7, 8, 9, 10]:
        raise ContentError(f_terr, "wealth", f"needs one wealth per Height 6..10, found {sorted(heights)}")
    for group, items in (
        ("wealth", c.territory.wealth),
        ("arcology_type", c.territory.arcology_type),
        ("terrain", c.territory.terrain),
        ("placement", c.territory.placement),
    ):
        for item in items:
            deltas(f_terr, f"{group} {item.id!r}", item.modifiers)
    if sorted(p.id for p in c.territory.placement) != sorted(PLACEMENT_IDS):
        raise ContentError(f_terr, "placement", f"needs exactly {', '.join(PLACEMENT_IDS)}")
    if c.territory.rules.start_size not in c.territory.rules.sizes:
        raise ContentError(f_terr, "rules", f"start_size {c.territory.rules.start_size!r} is not a size")

    for held in c.holdings:
        deltas(str(d / "holdings.toml"), f"holding {held.id!r}", {held.trait: held.amount})

    # Step Three
    hmax = c.history.rules.max_width
    covered: list[int] = []
    for ev in c.history.set_event:
        where = f"set_event {ev.id!r}"
        covered.extend(ev.heights)
        widths = sorted(r.width for r in ev.row)
        if widths != list(range(2, hmax + 1)):
            raise ContentError(f_hist, where, f"needs one row per width 2..{hmax}, found {widths}")
        for row in ev.row:
            _check_row(row, f_hist, f"{where} row {row.width}x", deltas)
    if sorted(covered) != list(HEIGHTS):
        raise ContentError(f_hist, "set_event", f"needs every Height 1..10 once, found {sorted(covered)}")
    for table, events in (("waste_a", c.history.waste_a), ("waste_b", c.history.waste_b)):
        if [e.face for e in events] != list(HEIGHTS):
            raise ContentError(f_hist, table, "needs faces 1..10, once each, in order")
        for e in events:
            _check_row(e.as_row, f_hist, f"{table} {e.id!r}", deltas)
    if len(c.history.madness.deltas) != 10:
        raise ContentError(f_hist, "madness", "needs one delta per d10 face (10)")
    for e in c.history.waste_a + c.history.waste_b:
        if e.id in {s.id for s in c.history.set_event}:
            raise ContentError(f_hist, f"{e.id!r}", "id used by a set event and a waste event")


def _check_row(r: t.EventRow, file: str, where: str, deltas) -> None:
    kinds = [bool(r.options), bool(r.choose_traits), r.madness]
    if sum(kinds) > 1:
        raise ContentError(file, where, "an event has options, or choose_traits, or madness; not several")
    if sum(kinds) == 0 and not r.record:
        raise ContentError(file, where, "an event with no score change says what it records")
    for o in r.options:
        deltas(file, where, o)
        if not o:
            raise ContentError(file, where, "an option changes at least one trait")
    if len(r.choose_traits) > 7:
        raise ContentError(file, where, "cannot choose more than the seven traits")


# ----- content list / show --------------------------------------------------------------
def _plain(obj) -> dict:
    return converter.unstructure(obj)


def _entries(kind: str) -> list[dict]:
    c = load_house_content()
    if kind == "fief-results":
        out = [{**_plain(r), "table": "sets", "from": [f"{r.width}x{h}" for h in r.heights]} for r in c.fief.set_result]
        out += [{**_plain(f), "table": "A", "from": [str(f.face)]} for f in c.fief.system_feature]
        return out
    if kind == "terrains":
        return [_plain(x) for x in c.territory.terrain]
    if kind == "arcology-types":
        return [_plain(x) for x in c.territory.arcology_type]
    if kind == "house-traits":
        return [_plain(x) for x in c.traits]
    if kind == "holdings":
        return [_plain(x) for x in c.holdings]
    if kind == "history-events":
        out = [{**_plain(e), "table": "sets", "from": [f"Nx{h}" for h in e.heights]} for e in c.history.set_event]
        for table, events in (("A", c.history.waste_a), ("B", c.history.waste_b)):
            out += [{**_plain(e), "table": table, "from": [str(e.face)]} for e in events]
        return out
    raise ChoiceError(f"unknown content kind {kind!r} (House kinds: {', '.join(HOUSE_KINDS)})")


def list_content(kind: str) -> list[dict]:
    """Entries of a House kind, each a dict with at least "id" and "name"."""
    return _entries(kind)


def show_content(kind: str, entry_id: str) -> dict:
    """One entry of a House kind with all its fields; ChoiceError for an unknown id."""
    key = slugify(entry_id)
    for entry in _entries(kind):
        if entry["id"] == key:
            return entry
    raise ChoiceError(f"no {kind} entry {entry_id!r}")
