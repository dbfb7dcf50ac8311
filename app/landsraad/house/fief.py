"""Step One and the placement rules of Step Two: what each body of the Fief is, and
where the Houses sit (spec house-creation.md §3, §4.6).

``read_body`` says what a body is from its die and the tables; ``new_fief`` builds the
bodies of a system roll; ``placement_of`` applies rules 2-4 of L4455.  Nothing here
raises on a bad reference: validation (``landsraad.house.validate``) reports it.
"""

from __future__ import annotations

import re

import attrs

from landsraad.dice import CREATION_DICE, Roll, RollLogEntry, parse_dice, roll_pool
from landsraad.errors import ChoiceError
from landsraad.house.content import HouseContent
from landsraad.house.model import ADDED, Body, Fief, House, Territory
from landsraad.slug import slugify

_SET = re.compile(r"^(\d+)x(\d+)$")


@attrs.frozen
class BodyReading:
    """What a body is, read from its die (a set or a waste face) and the tables."""

    kind: str  # the content id ("medium-moon", "asteroid-field") or "added"
    name: str  # the table's name
    source: str  # "3x4", "9" or "added"
    table: str  # "sets", "A" or "added"
    domain: str = ""  # arcology | moon | planet ("" = no Territories)
    wealth: str = ""  # planets from a set
    territories: int = 0
    effects: dict = attrs.Factory(dict)  # what it grants the House that lives on / controls it
    effects_to: str = ""  # "territory" (living on it), "controller", "circled-body", ""
    stacked_feature: str = ""  # Harsh/Extreme worlds
    controller: str = ""  # "", "any", "house-minor"
    width: int = 0
    height: int = 0
    wider_than_table: bool = False

    @property
    def habitable_planet(self) -> bool:
        """Counts towards the Minor Houses (S12): planets from sets and waste 8/9."""
        return self.domain == "planet"


def parse_source(source: str) -> tuple[int, int] | None:
    """ "3x4" -> (3, 4); "9" -> (1, 9); anything else -> None."""
    m = _SET.match(source)
    if m:
        return int(m.group(1)), int(m.group(2))
    if source.isdigit():
        return 1, int(source)
    return None


def read_body(body: Body, content: HouseContent) -> BodyReading:
    # A reading depends on the die and (for added bodies) the players' name for it only.
    return content.remember(("body", body.source, body.kind), lambda: _read_body(body, content))


def _read_body(body: Body, content: HouseContent) -> BodyReading:
    parsed = None if body.added else parse_source(body.source)
    if parsed is None or not 1 <= parsed[1] <= 10 or parsed[0] < 1:
        return BodyReading(kind=ADDED, name=body.kind or "added body", source=body.source, table=ADDED)
    width, height = parsed
    if width >= 2:
        r = content.set_result(height, width)
        wealth = content.wealth(r.wealth)
        effects = dict(wealth.modifiers) if wealth else {}
        for k, v in r.territory_effects.items():
            effects[k] = effects.get(k, 0) + v
        return BodyReading(
            kind=r.id,
            name=r.name,
            source=body.source,
            table="sets",
            domain=r.domain,
            wealth=r.wealth,
            territories=r.territories,
            effects={k: v for k, v in effects.items() if v},
            effects_to="territory",
            width=width,
            height=height,
            wider_than_table=width > content.max_width,
        )
    f = content.system_feature(height)
    if f.controller_effects:
        effects, to = dict(f.controller_effects), "controller"
    elif f.body_effects:
        effects, to = dict(f.body_effects), "circled-body"
    elif f.stacked_feature:
        terrain = content.terrain(f.stacked_feature)
        assert terrain is not None, f.stacked_feature  # the content check names only known terrain
        effects, to = {k: v for k, v in terrain.modifiers.items() if v}, "territory"
    else:
        effects, to = {}, ""
    return BodyReading(
        kind=f.id,
        name=f.name,
        source=body.source,
        table="A",
        domain=f.domain,
        territories=f.territories,
        effects=effects,
        effects_to=to,
        stacked_feature=f.stacked_feature,
        controller=f.controller,
        width=1,
        height=height,
    )


def bodies_of_roll(roll: Roll, content: HouseContent) -> list[Body]:
    """One body per set (in reading order) and per waste die, with its Territories."""
    bodies: list[Body] = []
    sources = [s.label for s in roll.sets] + [str(w) for w in roll.waste]
    for i, source in enumerate(sources, start=1):
        body = Body(id=f"b{i}", source=source)
        reading = read_body(body, content)
        body.territories = [Territory(id=f"b{i}-t{n}") for n in range(1, reading.territories + 1)]
        bodies.append(body)
    return bodies


def new_fief(roll: Roll, content: HouseContent, name: str = "", house_major: str = "", when: str | None = None) -> Fief:
    """A Fief from its system roll, with the roll logged."""
    fief = Fief(name=name, house_major=house_major, roll=roll, bodies=bodies_of_roll(roll, content))
    fief.log.append(
        RollLogEntry.of(
            roll, "fief", f"Siridar Fief{' ' + name if name else ''}", "Step One: Siridar Fief (11d10)", when
        )
    )
    return fief


def typed_parts(text: str | None) -> dict[int, list[int]]:
    """The sets a player typed apart for one Height ("3x4 3x4" -> {4: [3, 3]}): a creation
    roll read so is broken up as typed (L147-L149), not read as one 6x4.  Heights typed once
    (or as single faces only) are read as rolled."""
    import re

    if not text:
        return {}
    norm = re.sub(r"\s*[x\u00d7*]\s*", "x", text.strip().lower())
    parts: dict[int, list[int]] = {}
    for token in (t for t in re.split(r"[,;\s]+", norm) if t):
        m = _SET.match(token)
        if m:
            parts.setdefault(int(m.group(2)), []).append(int(m.group(1)))
        elif token.isdigit():
            parts.setdefault(int(token), []).append(1)
    return {h: ws for h, ws in parts.items() if len(ws) > 1 and any(w >= 2 for w in ws)}


def creation_roll(dice: str | None, seed: int | None) -> Roll:
    """The 11d10 of a creation roll: typed (exactly 11 dice) or from a seed (drawn if None)."""
    if dice is not None:
        return parse_dice(dice, expected=CREATION_DICE)
    return roll_pool(CREATION_DICE, seed)


def add_body(fief: Fief, name: str, kind: str = "", territories: int = 0) -> Body:
    """A body the players add by hand: flavour only, no game effect (L1116)."""
    n = 1 + max((int(b.id[1:]) for b in fief.bodies if b.id[1:].isdigit()), default=0)
    body = Body(id=f"b{n}", source=ADDED, name=name, kind=kind)
    body.territories = [Territory(id=f"b{n}-t{i}") for i in range(1, territories + 1)]
    fief.bodies.append(body)
    return body


def add_house(fief: Fief, name: str, player: bool = False) -> House:
    base = slugify(name) or "house"
    ident, n = base, 2
    while fief.house(ident) is not None:
        ident, n = f"{base}-{n}", n + 1
    house = House(id=ident, name=name, player=player)
    fief.houses.append(house)
    return house


def place_house(fief: Fief, house: House, territory_id: str, predominant: str | None = None) -> None:
    """Put a House on a Territory (and name its predominant feature); ChoiceError if unknown."""
    if fief.territory(territory_id) is None:
        raise ChoiceError(f"no Territory {territory_id!r} in this Fief")
    house.territory = territory_id
    house.predominant = predominant


# ----- counts ---------------------------------------------------------------------------
def habitable_planets(fief: Fief, content: HouseContent) -> int:
    return sum(1 for b in fief.bodies if read_body(b, content).habitable_planet)


def minor_houses_needed(planets: int, content: HouseContent | None = None) -> int:
    """The players' House plus one per 2 habitable planets, at least 2 more (L4571, S12;
    the numbers are fief.toml's [rules] of ``content``, the default pack's when None)."""
    if content is None:
        from landsraad.house.content import load_house_content

        content = load_house_content()
    rules = content.fief.rules
    return 1 + max(planets // rules.planets_per_house, rules.min_houses_minor)


def total_territories(fief: Fief, content: HouseContent) -> int:
    return sum(read_body(b, content).territories for b in fief.bodies)


# ----- placement (L4455) ----------------------------------------------------------------
def occupants(fief: Fief, territory_id: str) -> list[House]:
    return [h for h in fief.houses if h.territory == territory_id]


def placement_of(fief: Fief, house: House, content: HouseContent | None = None) -> str | None:
    """Which of rules 2-4 applies: "shared-territory", "sole-on-body", "sole-in-territory".

    The arcologies of one set are one body unless the content's reading says each is its own
    (territory.toml ``arcologies_one_body``)."""
    found = fief.territory(house.territory)
    if found is None or house.territory is None:
        return None
    body, territory = found
    if len(occupants(fief, house.territory)) > 1:
        return "shared-territory"
    territories = body.territories
    if (
        content is not None
        and not content.territory.rules.arcologies_one_body
        and read_body(body, content).domain == "arcology"
    ):
        territories = [territory]
    on_body = {h.id for t in territories for h in occupants(fief, t.id)}
    return "sole-on-body" if on_body == {house.id} else "sole-in-territory"


def share_size(fief: Fief, territory_id: str, content: HouseContent) -> str:
    """Rule 1: a Territory shared splits into two of the size below (Small stays Small, S15)."""
    sizes = list(content.territory.rules.sizes)
    start = sizes.index(content.territory.rules.start_size)
    if len(occupants(fief, territory_id)) > 1:
        return sizes[max(start - 1, 0)]
    return sizes[start]
