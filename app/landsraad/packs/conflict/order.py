"""The order of action in a conflict (conflict-assets.txt L31-L43; spec §4).

A ``Conflict`` holds the sides, their characters (who has acted this round), the zones,
the Momentum and Threat pools and the phase the table is in:

- ``start``: round 1 has not begun; the GM picks the first character (O2).
- ``after``: ``current`` has just taken a turn; it hands over or Keeps the Initiative (O3).
- ``extra``: ``current`` takes its extra action at +1 Difficulty, then hands over (O5, A5).
- ``choose``: side ``chooser`` picks one of its characters who has not acted (O7, A4).
- ``round-end``: everyone has acted; ``current`` (the last actor) nominates who starts
  the next round or pays for its own side (O10).

Every move is a function that checks the rules, changes the conflict and logs what it
did with the pools after it; a move the rules forbid raises ``OrderError`` naming the
rule (a bad input, exit 2 on the command line).
"""

from __future__ import annotations

import attrs

from landsraad.errors import ChoiceError
from landsraad.packs.conflict.assets import Asset
from landsraad.packs.conflict.content import OrderRules

# an asset in a conflict: in play, out of play for now (tangible assets are "normally only
# removed temporarily", L13), or removed (intangible ones are easier to remove, L15)
ASSET_STATES = ("in-play", "removed-for-now", "removed")


class OrderError(ChoiceError):
    def __init__(self, rule: str, message: str):
        self.rule = rule
        super().__init__(f"{rule}: {message}")


@attrs.define
class Side:
    id: str
    name: str
    gm: bool = False  # the GM's side pays in Threat (L37, L41; I1)


@attrs.define
class Actor:
    name: str
    side: str
    acted: bool = False
    zone: str | None = None
    placeholder: bool = False  # "Player 1" of a new conflict: replaced by the first real character


@attrs.define
class Zone:
    name: str
    traits: list[str] = attrs.Factory(list)
    objective: bool = False  # warfare objectives (L27)
    links: list[str] = attrs.Factory(list)  # zone names; ignored when the conflict is free-floating


@attrs.define
class InPlay:
    """An asset brought into the conflict: where it is and whether it is still in play."""

    asset: Asset
    zone: str | None = None
    state: str = "in-play"


@attrs.define
class LogEntry:
    round: int
    event: str
    text: str
    momentum: int
    threat: int


@attrs.define
class Conflict:
    name: str = ""
    kind: str | None = None  # dueling, skirmish, warfare, espionage, intrigue
    free_floating: bool = False  # every zone adjacent to every other (L25)
    sides: list[Side] = attrs.Factory(list)
    actors: list[Actor] = attrs.Factory(list)
    zones: list[Zone] = attrs.Factory(list)
    assets: list[InPlay] = attrs.Factory(list)  # assets in the conflict (spec §2.1, §3)
    momentum: int = 0  # the players' shared pool (spec §5)
    threat: int = 0  # the GM's pool
    round: int = 1
    phase: str = "start"
    chooser: str | None = None  # side id, in phase "choose"
    current: str | None = None  # actor name, in "after", "extra", "round-end"
    kept: list[str] = attrs.Factory(list)  # sides that Kept, until an enemy takes a turn (O6, A7)
    log: list[LogEntry] = attrs.Factory(list)

    # ----- lookups -------------------------------------------------------------------
    def side(self, token: str) -> Side:
        from landsraad.slug import slugify

        for s in self.sides:
            if s.id == token or s.id == slugify(token) or s.name == token:
                return s
        raise OrderError("sides", f"no side {token!r} (sides: {', '.join(s.id for s in self.sides)})")

    def actor(self, name: str) -> Actor:
        for a in self.actors:
            if a.name == name or a.name.lower() == name.lower():
                return a
        raise OrderError("characters", f"no character {name!r} (characters: {', '.join(a.name for a in self.actors)})")

    def side_of(self, name: str) -> Side:
        return self.side(self.actor(name).side)

    def waiting(self, side_id: str | None = None) -> list[Actor]:
        """Characters who have not yet taken a turn this round (of one side)."""
        return [a for a in self.actors if not a.acted and (side_id is None or a.side == side_id)]

    def opposing(self, side_id: str) -> list[Side]:
        return [s for s in self.sides if s.id != side_id]


def _now(c: Conflict) -> str:
    """The character who has just acted (phases after, extra, round-end)."""
    if c.current is None:
        raise OrderError("O3", "nobody has acted yet")
    return c.current


def _chooser(c: Conflict) -> str:
    if c.chooser is None:
        raise OrderError("O3", "no side holds the initiative")
    return c.chooser


# ----- paying -------------------------------------------------------------------------
def _pay(c: Conflict, side: Side, pay: str | None, cost: int, what: str) -> str:
    """A player side spends ``cost`` Momentum or adds ``cost`` Threat; the GM's side spends
    ``cost`` Threat (L37, L41).  No mixed payment (S6).  Returns how it was paid."""
    if side.gm:
        if pay not in (None, "threat"):
            raise OrderError("O4", f"{side.name} is the GM's side: it pays for {what} in Threat, not {pay}")
        if c.threat < cost:
            raise OrderError("V4", f"{what} costs the GM {cost} Threat and the pool holds {c.threat}")
        c.threat -= cost
        return f"spends {cost} Threat"
    if pay == "momentum":
        if c.momentum < cost:
            raise OrderError(
                "V4",
                f"{what} costs {cost} Momentum and the pool holds {c.momentum}; "
                f"add {cost} to Threat instead (--pay threat)",
            )
        c.momentum -= cost
        return f"spends {cost} Momentum"
    if pay == "threat":
        c.threat += cost
        return f"adds {cost} to Threat"
    raise OrderError(
        "O4", f"{what}: say how {side.name} pays, {cost} Momentum or {cost} Threat (--pay momentum|threat)"
    )


def _log(c: Conflict, event: str, text: str) -> None:
    c.log.append(LogEntry(c.round, event, text, c.momentum, c.threat))


# ----- moves --------------------------------------------------------------------------
def _turn(c: Conflict, a: Actor, how: str) -> None:
    a.acted = True
    # O6: a side that Kept may Keep again once an enemy has taken a turn.
    c.kept = [s for s in c.kept if s == a.side]
    _log(c, "turn", f"{a.name} takes a turn{how}")
    c.current = a.name
    c.chooser = None
    c.phase = "round-end" if not c.waiting() else "after"
    if c.phase == "round-end":
        _log(c, "round-end", f"round {c.round} ends: {a.name} acted last and chooses who starts round {c.round + 1}")


def begin(c: Conflict, who: str, rules: OrderRules, narrative: bool = False) -> None:
    """Round 1: the GM picks who acts first (O2).  A GM-side character goes first only
    with a narrative reason (an ambush: free, logged, S9) or for 2 Threat."""
    if c.phase != "start":
        raise OrderError("O2", "the conflict has already begun")
    a = c.actor(who)
    side = c.side(a.side)
    how = ""
    if side.gm:
        if narrative:
            how = " first (a narrative reason: no Threat)"
        else:
            if c.threat < rules.npc_first_cost:
                raise OrderError(
                    "O2",
                    f"a GM character acts first only with a narrative reason (--ambush) or for "
                    f"{rules.npc_first_cost} Threat, and the pool holds {c.threat}",
                )
            c.threat -= rules.npc_first_cost
            how = f" first (the GM spends {rules.npc_first_cost} Threat)"
    else:
        how = " first"
    _turn(c, a, how)


def choose(c: Conflict, who: str) -> None:
    """The side holding the initiative picks one of its characters who has not acted (O7)."""
    if c.phase != "choose":
        raise OrderError("O3", phase_hint(c))
    a = c.actor(who)
    if a.side != c.chooser:
        raise OrderError("A4", f"{c.side(_chooser(c)).name} picks who acts next; {a.name} is on {c.side(a.side).name}")
    if a.acted:
        raise OrderError("O7", f"{a.name} has already taken a turn this round")
    _turn(c, a, "")


def keep(c: Conflict, rules: OrderRules, pay: str | None = None, extra: bool = False, ally: str | None = None) -> None:
    """Keep the Initiative after a turn (O4-O6): pay, then an extra action at +1
    Difficulty, or an ally's turn."""
    if c.phase != "after":
        raise OrderError("O3", "Keep the Initiative comes right after a character's turn; " + phase_hint(c))
    if extra == (ally is not None):
        raise OrderError(
            "O5", "Keeping the Initiative buys either an extra action (--extra) or an ally's turn (--ally NAME)"
        )
    me = c.actor(_now(c))
    side = c.side(me.side)
    if side.id in c.kept:
        raise OrderError(
            "O6", f"{side.name} has Kept the Initiative and may not again until an enemy character has taken a turn"
        )
    if ally is not None:
        other = c.actor(ally)
        if other.side != side.id:
            raise OrderError("V5", f"{other.name} is not on {side.name}'s side")
        if other.acted:
            raise OrderError("V5", f"{other.name} has already taken a turn this round (O7)")
    paid = _pay(c, side, pay, rules.keep_cost, "Keeping the Initiative")
    c.kept.append(side.id)
    if extra:
        c.phase = "extra"
        _log(
            c,
            "keep",
            f"{me.name} Keeps the Initiative ({paid}) for an extra action at "
            f"+{rules.extra_action_difficulty} Difficulty",
        )
    else:
        _log(c, "keep", f"{me.name} Keeps the Initiative ({paid}) so that {other.name} acts")
        _turn(c, other, " (an ally's turn)")


def hand_over(c: Conflict, to: str | None = None, then: str | None = None) -> None:
    """Pass the initiative to an opposing side, which picks who acts (O3, A4).  A side
    with nobody left passes and nominates another opposing side (O8); when only one side
    has characters left they act in sequence (O9)."""
    if c.phase not in ("after", "extra"):
        raise OrderError("O3", phase_hint(c))
    me = c.side_of(_now(c))
    able = [s for s in c.opposing(me.id) if c.waiting(s.id)]
    if not able:
        if to is not None and c.side(to).id != me.id and not c.waiting(c.side(to).id):
            _log(c, "pass", f"{c.side(to).name} has nobody left to act and passes")
        c.phase, c.chooser = "choose", me.id
        _log(c, "sequence", f"only {me.name} has characters left: they act in sequence (O9)")
        return
    if to is None:
        if len(able) > 1:
            raise OrderError("O3", f"name the opposing side that chooses next: {', '.join(s.id for s in able)}")
        target = able[0]
    else:
        target = c.side(to)
        if target.id == me.id:
            raise OrderError("O3", f"the initiative goes to an opposing side, not back to {me.name}")
    passer = None
    if not c.waiting(target.id):
        # O8: the nominated side passes and at once nominates another opposing side
        passer = target
        others = [s for s in c.opposing(target.id) if c.waiting(s.id)]
        if then is not None:
            nxt = c.side(then)
            if nxt not in others:
                raise OrderError(
                    "O8", f"{target.name} passes to a side with characters left: {', '.join(s.id for s in others)}"
                )
        elif len(others) == 1:
            nxt = others[0]
        else:
            raise OrderError(
                "O8", f"{target.name} passes; say which side it nominates (--then): {', '.join(s.id for s in others)}"
            )
        target = nxt
    c.phase, c.chooser = "choose", target.id
    if passer is not None:
        _log(c, "hand-over", f"{c.current} hands the initiative to {passer.name}")
        _log(c, "pass", f"{passer.name} has nobody left to act: it passes to {target.name}")
    else:
        _log(c, "hand-over", f"{c.current} hands the initiative to {target.name}")


def next_round(c: Conflict, rules: OrderRules, to: str | None = None, pay: str | None = None) -> None:
    """End of round (O10): the last actor nominates an opposing side to start the next
    round, or pays for its own side to start (a separate purchase, A6)."""
    if c.phase != "round-end":
        raise OrderError("O10", "the round ends only when every character has taken a turn; " + phase_hint(c))
    me = c.side_of(_now(c))
    if (to is None) == (pay is None):
        raise OrderError(
            "O10",
            f"{c.current} either nominates an opposing side (--to SIDE) or pays for "
            f"{me.name} to start (--pay momentum|threat)",
        )
    if to is not None:
        target = c.side(to)
        if target.id == me.id:
            raise OrderError("O10", f"for its own side to start, {me.name} pays (--pay)")
        how = f"{c.current} nominates {target.name} to start round {c.round + 1}"
    else:
        target = me
        how = (
            f"{c.current} {_pay(c, me, pay, rules.next_round_cost, 'starting the next round')} "
            f"so that {me.name} starts round {c.round + 1}"
        )
    c.round += 1
    for a in c.actors:
        a.acted = False
    c.phase, c.chooser, c.current = "choose", target.id, None
    _log(c, "next-round", how)


def set_pools(c: Conflict, momentum: int | None = None, threat: int | None = None, reason: str = "") -> None:
    """The GM enters the pools (S5): whole numbers 0 or more, logged with the reason."""
    for label, v in (("Momentum", momentum), ("Threat", threat)):
        if v is not None and v < 0:
            raise OrderError("V8", f"{label} is 0 or more, not {v}")
    if momentum is not None:
        c.momentum = momentum
    if threat is not None:
        c.threat = threat
    _log(c, "pools", f"pools set to Momentum {c.momentum}, Threat {c.threat}" + (f": {reason}" if reason else ""))


def add_side(c: Conflict, name: str, gm: bool = False) -> Side:
    from landsraad.slug import slugify

    sid = slugify(name)
    if not sid or any(s.id == sid for s in c.sides):
        raise OrderError("sides", f"a side needs a new name ({name!r} is empty or taken)")
    side = Side(sid, name.strip(), gm)
    c.sides.append(side)
    _log(c, "setup", f"side {side.name}" + (" (the GM's)" if gm else ""))
    return side


def add_actor(c: Conflict, name: str, side: str) -> Actor:
    """A character joins a side.  Joining a begun round, it has not taken a turn and may be
    chosen this round (L39: "the character chosen must be someone who has not yet taken a
    turn during the current round"); a round that had ended goes on for it.  The first real
    character of a side replaces the side's placeholders while the conflict has not begun."""
    name = name.strip()
    if not name or any(a.name.lower() == name.lower() and not a.placeholder for a in c.actors):
        raise OrderError("characters", f"a character needs a new name ({name!r} is empty or taken)")
    sid = c.side(side).id
    if c.phase == "start":
        c.actors = [a for a in c.actors if not (a.placeholder and (a.side == sid or a.name.lower() == name.lower()))]
    elif any(a.name.lower() == name.lower() for a in c.actors):
        raise OrderError("characters", f"{name!r} is taken by a placeholder: remove it first")
    a = Actor(name, sid)
    c.actors.append(a)
    mid = c.phase != "start"
    _log(c, "setup", f"{name} joins {c.side(side).name}" + (f" during round {c.round}: not yet acted" if mid else ""))
    if c.phase == "round-end":
        c.phase = "after"
        _log(c, "setup", f"round {c.round} goes on: {name} has not taken a turn")
    return a


def remove_actor(c: Conflict, name: str) -> None:
    """A character leaves the conflict (a placeholder, or someone who is gone).  Not the one
    who has just acted, while the order waits on that character's choice."""
    a = c.actor(name)
    if c.current == a.name and c.phase != "choose":
        raise OrderError("characters", f"{a.name} has just acted and chooses what comes next: hand over first")
    c.actors.remove(a)
    if c.current == a.name:
        c.current = None
    if not a.placeholder:  # a placeholder was never a participant: nothing to log or print
        _log(c, "setup", f"{a.name} leaves the conflict")
    if c.phase == "after" and not c.waiting():
        c.phase = "round-end"
        _log(c, "round-end", f"round {c.round} ends: {c.current} acted last and chooses who starts round {c.round + 1}")
    elif c.phase == "choose" and not c.waiting(c.chooser):
        able = [s for s in c.opposing(_chooser(c)) if c.waiting(s.id)]
        if able:  # a side with nobody left passes to another (L39)
            c.chooser = able[0].id
            _log(c, "pass", f"{able[0].name} picks who acts next")
        elif c.current is not None:
            c.phase = "round-end"
            _log(
                c,
                "round-end",
                f"round {c.round} ends: {c.current} acted last and chooses who starts round {c.round + 1}",
            )
        else:
            raise OrderError("characters", f"{a.name} is the last character left to act this round")


def add_zone(c: Conflict, name: str, traits: list[str] | None = None, objective: bool = False) -> Zone:
    name = name.strip()
    if not name or any(z.name == name for z in c.zones):
        raise OrderError("Z1", f"a zone needs a new name ({name!r} is empty or taken)")
    z = Zone(name, list(traits or []), objective)
    c.zones.append(z)
    _log(
        c,
        "zone",
        f"zone {name}" + (f": {', '.join(z.traits)}" if z.traits else "") + (" (objective)" if objective else ""),
    )
    return z


def bring_asset(c: Conflict, asset: Asset, zone: str | None = None) -> InPlay:
    """An asset of a character or House enters the conflict (L23: characters move and use
    their assets in zones)."""
    _check_zone(c, zone)
    if any(x.asset.name == asset.name and x.asset.owner == asset.owner for x in c.assets):
        raise OrderError("assets", f"{asset.owner or 'someone'}'s {asset.name} is already in the conflict")
    item = InPlay(asset, zone)
    c.assets.append(item)
    _log(
        c,
        "asset",
        f"{asset.owner + chr(39) + 's ' if asset.owner else ''}{asset.name} (Quality {asset.quality}) "
        f"enters the conflict" + (f" in {zone}" if zone else ""),
    )
    return item


def _asset(c: Conflict, name: str) -> InPlay:
    found = [x for x in c.assets if x.asset.name.lower() == name.lower()]
    if len(found) != 1:
        raise OrderError(
            "assets",
            f"no single asset {name!r} in the conflict ({', '.join(x.asset.name for x in c.assets) or 'none'})",
        )
    return found[0]


def set_asset_state(c: Conflict, name: str, state: str) -> None:
    """The GM takes an asset out of play for now, for good, or brings it back (S2, logged)."""
    if state not in ASSET_STATES:
        raise OrderError("S2", f"an asset is {', '.join(ASSET_STATES)}, not {state!r}")
    item = _asset(c, name)
    item.state = state
    _log(c, "asset", f"{item.asset.name} is now {state.replace('-', ' ')}")


def place_asset(c: Conflict, name: str, zone: str | None) -> None:
    _check_zone(c, zone)
    item = _asset(c, name)
    item.zone = zone
    _log(c, "move", f"{item.asset.name} is in {zone}" if zone else f"{item.asset.name} leaves the zones")


def _check_zone(c: Conflict, zone: str | None) -> None:
    if zone is not None and zone not in {z.name for z in c.zones}:
        raise OrderError("Z1", f"no zone {zone!r} (zones: {', '.join(z.name for z in c.zones) or 'none'})")


def place(c: Conflict, who: str, zone: str | None) -> None:
    a = c.actor(who)
    _check_zone(c, zone)
    a.zone = zone
    _log(c, "move", f"{a.name} is in {zone}" if zone else f"{a.name} leaves the zones")


def adjacent(c: Conflict, a: str, b: str) -> bool:
    """Two zones touch when linked, or always in a free-floating conflict (L25)."""
    if c.free_floating or a == b:
        return True
    za = next((z for z in c.zones if z.name == a), None)
    zb = next((z for z in c.zones if z.name == b), None)
    return bool(za and zb and (b in za.links or a in zb.links))


# ----- what the table sees ------------------------------------------------------------
def phase_hint(c: Conflict) -> str:
    if c.phase == "start":
        return "the conflict has not begun: the GM picks who acts first"
    if c.phase == "choose":
        return f"{c.side(_chooser(c)).name} picks who acts next"
    if c.phase == "after":
        return f"{c.current} has just acted and hands over or Keeps the Initiative"
    if c.phase == "extra":
        return f"{c.current} takes the extra action, then hands over"
    return f"the round is over: {c.current} chooses who starts the next round"


def options(c: Conflict, rules: OrderRules) -> list[str]:
    """The moves open now, as command words, for the window and `conflict show`."""
    if c.phase == "start":
        return ["start"]
    if c.phase == "choose":
        return ["act"]
    if c.phase == "extra":
        return ["hand-over"]
    if c.phase == "round-end":
        return ["next-round"]
    side = c.side_of(_now(c))
    out = ["hand-over"]
    if side.id not in c.kept and (c.threat >= rules.keep_cost if side.gm else True):
        out.append("keep-extra")
        if c.waiting(side.id):
            out.append("keep-ally")
    return out


def next_up(c: Conflict, rules: OrderRules) -> dict:
    """Who acts next: the side choosing and whom it may pick, or who must decide."""
    if c.phase == "choose":
        names = [a.name for a in c.waiting(c.chooser)]
        return {"side": c.chooser, "may_act": names, "decides": c.side(_chooser(c)).name}
    if c.phase == "start":
        return {"side": None, "may_act": [a.name for a in c.actors], "decides": "GM"}
    return {"side": c.side_of(_now(c)).id, "may_act": [], "decides": c.current}


def to_json(c: Conflict, rules: OrderRules) -> dict:
    return {
        "name": c.name,
        "kind": c.kind,
        "round": c.round,
        "phase": c.phase,
        "momentum": c.momentum,
        "threat": c.threat,
        "sides": [
            {
                "id": s.id,
                "name": s.name,
                "gm": s.gm,
                "kept": s.id in c.kept,
                "characters": [
                    {"name": a.name, "acted": a.acted, "zone": a.zone, "placeholder": a.placeholder}
                    for a in c.actors
                    if a.side == s.id
                ],
            }
            for s in c.sides
        ],
        "current": c.current,
        "chooser": c.chooser,
        "acted": [a.name for a in c.actors if a.acted],
        "to_act": [a.name for a in c.waiting()],
        "next": next_up(c, rules),
        "extra_difficulty": rules.extra_action_difficulty if c.phase == "extra" else 0,
        "options": options(c, rules),
        "zones": [
            {"name": z.name, "traits": list(z.traits), "objective": z.objective, "links": list(z.links)}
            for z in c.zones
        ],
        "free_floating": c.free_floating,
        "assets": [
            {
                "name": x.asset.name,
                "owner": x.asset.owner,
                "form": x.asset.form,
                "quality": x.asset.quality,
                "kinds": list(x.asset.kinds),
                "zone": x.zone,
                "state": x.state,
            }
            for x in c.assets
        ],
        "log": [
            {"round": e.round, "event": e.event, "text": e.text, "momentum": e.momentum, "threat": e.threat}
            for e in c.log
        ],
    }
