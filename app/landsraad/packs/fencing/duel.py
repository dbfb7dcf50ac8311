"""The Dueling System, one round (an "exchange") at a time, step by step (L58-169).

Step One   ``select_maneuver``   each fencer's choice, kept secret until ``reveal``
Step Two   ``base_initiative``, ``maneuver_initiative``, ``initiative_order``
Step Three ``perform`` at each called level: ``attempt_reaction``, ``defence_for``,
           ``attack_level``, ``opposed_roll``, then ``muscle_contest`` / ``feint`` /
           ``counter_attack`` as the maneuver says
Step Four  ``resolve_hits``: ``damage_of_hit`` and ``check_wound`` for every hit

``resolve_exchange`` runs the four steps with a ``FudgeDice`` (seeded or typed) and returns
the exchange's record: every step as a sentence with its numbers and line, every roll.
All numbers come from the pack's content; the readings taken are in ``dueling.toml``.
"""

from __future__ import annotations

import copy

import attrs

from landsraad.errors import ChoiceError
from landsraad.packs.fencing.content import SPECIAL, VARIES, FencingContent, Maneuver
from landsraad.packs.fencing.dice import FudgeDice, FudgeLogEntry
from landsraad.packs.fencing.model import Fencer, FencerWeapon
from landsraad.packs.fencing.wounds import (
    apply_damage_roll,
    calculated_damage,
    can_act,
    check_wound,
    defensive_damage_modifier,
    ladder_value,
    offensive_damage_modifier,
    wound_level_for,
    wound_penalty,
)

RETRIEVE = "retrieve"  # a disarmed fencer's action: pick the blade up (L42)


# ----- the duel and the choices --------------------------------------------------------------
@attrs.define
class Combatant:
    """A fencer in a duel, with what carries over from one round to the next."""

    side: str
    fencer: Fencer
    locked_with: str | None = None  # blades locked at the end of last round (Push +1, L52)
    disarmed: bool = False  # must spend the next action retrieving the blade (L42)
    initiative_penalty: int = 0  # pushed after acting: -2 next round (L53)
    fired: list[int] = attrs.field(factory=list)  # black-powder weapons spent (once a combat, L243)


@attrs.define
class Choice:
    """What a fencer picks in secret in Step One (L62-66), and how it will play it."""

    maneuver: str | None  # a known maneuver id; None: no fencing action
    target: str | None = None  # the side it is aimed at (the only foe by default)
    feint_to: str | None = None  # Feint's true maneuver (L45)
    react_with: str | None = None  # the maneuver to switch to if a Reaction succeeds (L109)
    lower_to: str | None = None  # base Initiative lowered to this level (L73)
    trade: int = 0  # Fencing steps traded for Initiative (optional rule, L74)
    pull_to: str | None = None  # highest wound level it will deal (pulling punches, L180)
    weapon: int | None = None  # index in the fencer's weapons (None: see weapon_for)
    also: tuple[str, ...] = ()  # further maneuvers this turn (Cinematic Fencing, L263)
    action: str | None = None  # a non-fencing action instead ("strike", "throw", "shoot", L215)
    skill: str | None = None  # the attacker's skill with that weapon (a level), for throws and shots


@attrs.define
class Duel:
    combatants: list[Combatant]
    realism: int = 1
    damage_roll: bool = False  # the optional damage roll (L139)
    damage_roll_limited: bool = True  # its limits (L142-145); off = "let the chips fall" (L146)
    cinematic: bool = False  # Cinematic Fencing: several maneuvers a turn (optional, L261-263)
    round: int = 0
    exchanges: list[dict] = attrs.field(factory=list)
    log: list[FudgeLogEntry] = attrs.field(factory=list)
    # the round at the table (``duel_edits``): Step One's choices face down, whether they
    # are turned over, and how many steps of the last exchange the group has been shown
    secret: dict[str, Choice] = attrs.field(factory=dict)
    revealed: bool = False
    shown: int | None = None  # None: every step of the last exchange

    def combatant(self, side: str) -> Combatant:
        for c in self.combatants:
            if c.side == side:
                return c
        raise ChoiceError(f"no fencer on side {side!r} (sides: {', '.join(c.side for c in self.combatants)})")


# ----- one round's working state ---------------------------------------------------------------
@attrs.define(eq=False)
class Fighter:
    c: Combatant
    choice: Choice
    selected: Maneuver | None  # chosen in Step One
    maneuver: Maneuver | None  # current (a Reaction may change it)
    true_maneuver: Maneuver | None  # a Feint's true maneuver
    fencing: int  # current Fencing (a trade lowers it)
    reflexes: int  # with the wound penalty
    muscle: int
    base: int  # base Initiative this round
    weapon: FencerWeapon | None
    weapon_index: int | None = None
    acted: bool = False
    reacted: bool = False
    defences_used: int = 0  # defensive maneuvers already met an attack this round
    extras: list = attrs.field(factory=list)  # further maneuvers (Cinematic Fencing, L261-263)
    auto_parries: int = 0
    feinted_by: set = attrs.field(factory=set)
    forfeit: str = ""  # why its action is lost ("pushed", "disarmed", "locked")
    locked: bool = False
    disarmed_now: bool = False

    @property
    def name(self) -> str:
        return self.c.fencer.name or self.c.side

    @property
    def defences(self) -> list[Maneuver]:
        """Its defensive maneuvers this round, in the order they meet attacks (a Feint to
        Parry parries; Cinematic Fencing may add more, L263)."""
        first = [
            m
            for m in (
                self.maneuver,
                self.true_maneuver if self.maneuver and self.maneuver.contest == "fencing" else None,
            )
            if m is not None and m.defence is not None
        ][:1]
        return first + [m for m in self.extras if m.defence is not None]

    @property
    def defensive(self) -> Maneuver | None:
        """The defensive maneuver that meets the next attack, if one is left (reading defence-coverage)."""
        left = self.defences[self.defences_used :]
        return left[0] if left else None


@attrs.frozen
class Action:
    side: str
    maneuver: Maneuver | None  # None: retrieving the blade, or a non-fencing action
    part: str  # "main", "feint", "true" (Feint's true maneuver), "retrieve", "action"
    level: int


class _Ctx:
    def __init__(self, duel: Duel, c: FencingContent, dice: FudgeDice):
        self.duel, self.c, self.dice = duel, c, dice
        self.steps: list[dict] = []
        self.hits: list[dict] = []
        self.fighters: dict[str, Fighter] = {}
        self.riposte_rider = 0  # Lunge/Fleche Muscle bonus of the Riposte under way

    def step(self, step: str, text: str, line: str = "", **data) -> None:
        entry = {"step": step, "text": text}
        if line:
            entry["line"] = line
        entry.update(data)
        self.steps.append(entry)

    def lv(self, value: int) -> str:
        return self.c.name_of(value)

    def clamp(self, value: int) -> int:
        return self.c.clamp(value)

    def roll(self, who: Fighter, why: str, level: int, label: str = "") -> tuple[int, int]:
        """A 4dF roll from ``level``; returns (die result, level reached, kept on the ladder)."""
        base = f"{label} {self.lv(level)}".strip()
        r = self.dice.roll(who.name, why, base)
        # results stop at Superb, or at Legendary where the Judge allows it (L91; reading ladder-ends)
        legendary = any(cb.fencer.legendary_allowed for cb in self.duel.combatants)
        reached = self.c.clamp(level + r.result, legendary)
        self.dice.note_reading(self.lv(reached))
        return r.result, reached


# ----- Step One -----------------------------------------------------------------------------
def select_maneuver(duel: Duel, c: FencingContent, side: str, choice: Choice) -> Choice:
    """Check one fencer's secret choice against what it knows and can do (L62-66)."""
    comb = duel.combatant(side)
    f = comb.fencer
    known = set(f.maneuvers)

    def need_known(ident: str, what: str) -> Maneuver:
        m = c.maneuver(ident)
        if m is None:
            raise ChoiceError(f"{f.name}: {what} {ident!r} is not a maneuver")
        if ident not in known:
            raise ChoiceError(
                f"{f.name}: {what} {m.name} is not one of the maneuvers it knows ({', '.join(f.maneuvers) or 'none'})"
            )
        return m

    if choice.action is not None:
        _check_action(c, comb, choice)
    if choice.maneuver is not None:
        m = need_known(choice.maneuver, "maneuver")
        if not can_act(c, f):
            raise ChoiceError(f"{f.name} cannot act (L153-155): its choice must be no action")
        if m.contest == "fencing":
            if not choice.feint_to:
                raise ChoiceError(f"{f.name}: a Feint must lead to another maneuver (L45): give the true maneuver")
            if choice.feint_to == m.id:
                raise ChoiceError(f"{f.name}: a Feint cannot lead to another Feint")
            need_known(choice.feint_to, "the Feint's true maneuver")
        elif choice.feint_to:
            raise ChoiceError(f"{f.name}: only a Feint leads to a true maneuver")
    if choice.react_with is not None:
        need_known(choice.react_with, "the Reaction maneuver")
    if choice.also:
        _check_cinematic(duel, c, f, choice, [need_known(i, "maneuver") for i in choice.also])
    others = [x.side for x in duel.combatants if x.side != side]
    if choice.target is None:
        if len(others) != 1:
            raise ChoiceError(f"{f.name}: name the target (one of {', '.join(others)})")
        choice = attrs.evolve(choice, target=others[0])
    elif choice.target not in others:
        raise ChoiceError(f"{f.name}: target {choice.target!r} is not a foe (one of {', '.join(others)})")
    if choice.lower_to is not None and c.level(choice.lower_to) is None:
        raise ChoiceError(f"{f.name}: {choice.lower_to!r} is not a ladder level")
    if choice.pull_to is not None and c.wound_level(choice.pull_to) is None:
        raise ChoiceError(
            f"{f.name}: pull to {choice.pull_to!r}: not a wound level ({', '.join(w.id for w in c.wounds)})"
        )
    if choice.trade < 0 or choice.trade > ladder_value(c, f.fencing) - c.lowest.value:
        raise ChoiceError(f"{f.name}: cannot trade {choice.trade} Fencing steps (Fencing {f.fencing})")
    if choice.weapon is not None and not 0 <= choice.weapon < len(f.weapons):
        raise ChoiceError(f"{f.name}: it has no weapon number {choice.weapon + 1}")
    if choice.maneuver is not None:
        index = weapon_for(c, f, choice)
        w = c.weapon(f.weapons[index].kind) if index is not None and index < len(f.weapons) else None
        if w is not None and w.once_per_combat and not w.ranged and index in comb.fired:
            raise ChoiceError(f"{f.name}: the {w.name} is used up: a one-shot weapon (L197)")
    return choice


def weapon_for(c: FencingContent, f: Fencer, choice: Choice) -> int | None:
    """The weapon a choice uses: the one named, else for a maneuver the first weapon, for a
    throw the first throwable one, for a shot the first that shoots, for a strike none (a fist)."""
    if choice.weapon is not None:
        return choice.weapon
    act = c.action(choice.action) if choice.action else None
    if act is None:
        return 0 if f.weapons else None
    if not act.ranged:
        return None
    for i, w in enumerate(f.weapons):
        kind = c.weapon(w.kind)
        if kind and (kind.ranged if act.missile else kind.thrown):
            return i
    return None


def _check_cinematic(duel: Duel, c: FencingContent, f: Fencer, choice: Choice, extras: list[Maneuver]) -> None:
    """Cinematic Fencing (L261-263): only where the Judge allows it; as many maneuvers as
    the table gives its Fencing (reading cinematic-count); none twice unless defensive; a
    Feint only as the first choice (it names its own true maneuver)."""
    if not duel.cinematic:
        raise ChoiceError(f"{f.name}: more than one maneuver a turn is the Judge's Cinematic Fencing option (L261)")
    if choice.maneuver is None:
        raise ChoiceError(f"{f.name}: further maneuvers follow a first maneuver")
    skill = c.skill_level(f.fencing)
    limit = skill.per_turn if skill else 1
    if 1 + len(extras) > limit:
        raise ChoiceError(f"{f.name}: Fencing {c.known_level(f.fencing).name} allows {limit} maneuver(s) a turn (L263)")
    chosen = [c.known_maneuver(choice.maneuver)] + extras
    for m in extras:
        if m.contest == "fencing":
            raise ChoiceError(f"{f.name}: a Feint can only be the first maneuver of the turn")
    for m in chosen:
        if not m.defensive and sum(1 for x in chosen if x.id == m.id) > 1:
            raise ChoiceError(f"{f.name}: {m.name} twice in a turn; only defensive maneuvers may repeat (L263)")


def _check_action(c: FencingContent, comb: Combatant, choice: Choice) -> None:
    """A non-fencing action (L215-243): a known kind, instead of a maneuver, with a weapon
    that fits it; a black-powder weapon fires once a combat (L243)."""
    f = comb.fencer
    act = c.action(choice.action) if choice.action is not None else None
    if act is None:
        raise ChoiceError(f"{f.name}: {choice.action!r} is not an action ({', '.join(a.id for a in c.actions)})")
    if choice.maneuver is not None:
        raise ChoiceError(f"{f.name}: one action a round (L23): a maneuver or a {act.name}, not both")
    if not can_act(c, f):
        raise ChoiceError(f"{f.name} cannot act (L153-155): its choice must be no action")
    if choice.skill is not None and c.level(choice.skill) is None:
        raise ChoiceError(f"{f.name}: skill {choice.skill!r} is not a ladder level")
    index = weapon_for(c, f, choice)
    if index is None:
        if act.ranged:
            raise ChoiceError(f"{f.name} has no weapon to {act.id} with")
        return
    w = c.weapon(f.weapons[index].kind) if 0 <= index < len(f.weapons) else None
    if w is None:
        raise ChoiceError(f"{f.name}: it has no weapon number {index + 1}")
    if act.missile and not w.ranged:
        raise ChoiceError(f"{f.name}: a {w.name} does not shoot")
    if act.ranged and not act.missile and not w.thrown:
        raise ChoiceError(f"{f.name}: a {w.name} is not for throwing")
    if w.once_per_combat and index in comb.fired:
        raise ChoiceError(f"{f.name}: the {w.name} has fired; there is no time to reload in a combat (L243)")


def reveal(duel: Duel, choices: dict[str, Choice]) -> dict[str, Choice]:
    """All choices are turned over together (L85): every fencer must have chosen."""
    missing = [c.fencer.name for c in duel.combatants if c.side not in choices]
    if missing:
        raise ChoiceError("still to choose in secret: " + ", ".join(missing))
    return choices


# ----- Step Two -----------------------------------------------------------------------------
def base_initiative(c: FencingContent, comb: Combatant, choice: Choice) -> int:
    """Reflexes (wounds count), lowered at will (L73), raised by traded Fencing (L74), a
    Push's -2 from last round (L53); kept within the ladder (reading initiative-cap)."""
    f = comb.fencer
    base = ladder_value(c, f.reflexes) + wound_penalty(c, f)
    if choice.lower_to is not None:
        base = min(base, ladder_value(c, choice.lower_to))
    base += choice.trade * c.dueling.trade_fencing_for_initiative
    base += comb.initiative_penalty
    return c.clamp(base)


def variant_of(m: Maneuver, fighter: Fighter, duel: Duel, c: FencingContent) -> str | None:
    """Which of a maneuver's variants applies: the hilt of the weapon (Punch), whether the
    blades were locked last round (Push)."""
    keys = set(m.initiative_variants) | set(m.muscle_variants) | set(m.parry_penalty_variants)
    if {"pommel", "basket"} <= keys:
        w = c.weapon(fighter.weapon.kind) if fighter.weapon else None
        return w.hilt if w and w.hilt else "pommel"
    if {"locked", "standard"} <= keys:
        return "locked" if fighter.c.locked_with == fighter.choice.target else "standard"
    return None


def maneuver_initiative(m: Maneuver, variant: str | None) -> int | None:
    """The maneuver's Initiative modifier; None for Special (acts when attacked, L57)."""
    if m.initiative == SPECIAL:
        return None
    if m.initiative == VARIES:
        return int(m.initiative_variants[variant])
    return int(m.initiative)


def muscle_modifier(m: Maneuver | None, variant: str | None) -> int:
    if m is None or m.muscle == "n/a":
        return 0
    if m.muscle == VARIES:
        return int(m.muscle_variants.get(variant, 0))
    return int(m.muscle)


def initiative_order(ctx: _Ctx) -> list[Action]:
    """Every action of the round with its Initiative (L69-72), fastest first."""
    c, duel = ctx.c, ctx.duel
    actions: list[Action] = []
    for side, ft in ctx.fighters.items():
        if ft.c.disarmed:
            actions.append(Action(side, None, "retrieve", ft.base))  # unmodified Initiative (L42)
            ctx.step(
                "initiative",
                f"{ft.name} is disarmed: its action is to retrieve the blade, at its "
                f"unmodified Initiative {ctx.lv(ft.base)}.",
                "L42",
                who=ft.name,
                level=ctx.lv(ft.base),
            )
            continue
        m = ft.maneuver
        act = c.action(ft.choice.action) if ft.choice.action else None
        if act is not None:
            actions.append(Action(side, None, "action", ft.base))
            ctx.step(
                "initiative",
                f"{ft.name}: {act.name} at its base Initiative {ctx.lv(ft.base)}, no modifier.",
                "L217-218",
                who=ft.name,
                base=ctx.lv(ft.base),
                level=ctx.lv(ft.base),
            )
            continue
        if m is None:
            ctx.step("initiative", f"{ft.name} takes no fencing action this round.", "L66", who=ft.name)
            continue
        if m.contest == "fencing":  # Feint: the feint, then the true maneuver (L47)
            feint_level = c.clamp(ft.base + int(m.initiative_variants["feint"]))
            actions.append(Action(side, m, "feint", feint_level))
            true = _true_maneuver(ft)
            own = maneuver_initiative(true, variant_of(true, ft, duel, c))
            parts = f"the feint at {ctx.lv(feint_level)}"
            true_level = None
            if own is not None:
                true_level = c.clamp(ft.base + own + int(m.initiative_variants["true_maneuver"]))
                actions.append(Action(side, true, "true", true_level))
                parts += f", the true {true.name} at {ctx.lv(true_level)}"
            else:
                parts += f", the true {true.name} is Special (when attacked)"
            ctx.step(
                "initiative",
                f"{ft.name}: base {ctx.lv(ft.base)}; {parts}.",
                "L47",
                who=ft.name,
                base=ctx.lv(ft.base),
                level=ctx.lv(feint_level),
                true_level=SPECIAL if true_level is None else ctx.lv(true_level),
            )
            continue
        for extra in ft.extras:  # Cinematic Fencing: each at its own Initiative (L263)
            emod = maneuver_initiative(extra, variant_of(extra, ft, duel, c))
            if emod is None:
                ctx.step("initiative", f"{ft.name}: also {extra.name}, Special (when attacked).", "L263", who=ft.name)
            else:
                elevel = c.clamp(ft.base + emod)
                actions.append(Action(side, extra, "extra", elevel))
                ctx.step(
                    "initiative",
                    f"{ft.name}: also {extra.name}, base {ctx.lv(ft.base)} {emod:+d} = {ctx.lv(elevel)}.",
                    "L263",
                    who=ft.name,
                    level=ctx.lv(elevel),
                    maneuver=extra.id,
                )
        mod = maneuver_initiative(m, variant_of(m, ft, duel, c))
        if mod is None:
            ctx.step(
                "initiative",
                f"{ft.name}: base {ctx.lv(ft.base)}; its maneuver is Special (acts when attacked).",
                "L57",
                who=ft.name,
                base=ctx.lv(ft.base),
                level=SPECIAL,
            )
            continue
        level = c.clamp(ft.base + mod)
        actions.append(Action(side, m, "main", level))
        ctx.step(
            "initiative",
            f"{ft.name}: base {ctx.lv(ft.base)} {mod:+d} for {m.name} = {ctx.lv(level)}.",
            m.line,
            who=ft.name,
            base=ctx.lv(ft.base),
            modifier=mod,
            level=ctx.lv(level),
        )
    return sorted(actions, key=lambda a: -a.level)


# ----- Step Three ---------------------------------------------------------------------------
def attempt_reaction(ctx: _Ctx, defender: Fighter, attacker: Fighter, level: int | None) -> bool:
    """A Reaction (L109-116): an unopposed roll of the defender's current Fencing (+1 after
    choosing Root, L55) that must reach the attacker's current Initiative.  Only before the
    defender has acted, and not against a successful Feint (L47, L113)."""
    react = ctx.c.maneuver(defender.choice.react_with) if defender.choice.react_with else None
    if (
        react is None
        or defender.acted
        or defender.reacted
        or attacker.c.side in defender.feinted_by
        or not can_act(ctx.c, defender.c.fencer)
        or defender.c.disarmed
    ):
        return False
    target = level if level is not None else attacker.base  # reading reaction-vs-special
    bonus = defender.selected.reaction_bonus if defender.selected else 0
    skill = defender.fencing + bonus
    result, reached = ctx.roll(defender, f"Reaction to {attacker.name}", skill, "Fencing")
    ok = reached >= target
    defender.reacted = True
    ctx.step(
        "reaction",
        f"{defender.name} tries to react with {react.name}: Fencing {ctx.lv(skill)}, "
        f"rolls {result:+d}: {ctx.lv(reached)}, needing {attacker.name}'s Initiative {ctx.lv(target)}: "
        + ("it changes its maneuver." if ok else "too slow."),
        "L109-116",
        who=defender.name,
        roll=result,
        reached=ctx.lv(reached),
        target=ctx.lv(target),
        success=ok,
    )
    if ok:
        defender.maneuver = react
        defender.true_maneuver = None
        defender.defences_used = 0
    return ok


def _floor(c: FencingContent, level: int) -> int:
    """A defence before its roll: kept at Terrible at least (reading automatic-parry-after-acting)
    but not cut to Superb; the cap comes after the roll, for attack and defence alike (L91)."""
    return max(c.lowest.value, level)


def defence_for(
    ctx: _Ctx, d: Fighter, a: Fighter, m: Maneuver, part: str
) -> tuple[int | None, str, str, Maneuver | None]:
    """The defender's defence against this attack: (level, or None for no roll; label;
    line; the defensive maneuver used, None for an automatic defence).  The chosen
    defensive maneuver covers the first attack (reading defence-coverage); otherwise an
    Automatic Parry at Fencing -1, each further one a step lower (L97-98, reading
    extra-automatic-parries).  Feint and Punch penalise parries, not dodges (reading A3)."""
    c = ctx.c
    if not can_act(c, d.c.fencer):
        return None, "helpless (no defence roll)", "L153-154", None
    if d.c.disarmed or d.disarmed_now:
        return _floor(c, d.reflexes + c.dueling.automatic_dodge), "Automatic Dodge (disarmed)", "L105", None
    variant = variant_of(m, a, ctx.duel, c)
    parry_mod = int(m.parry_penalty_variants.get(variant, 0)) if m.parry_penalty_variants else 0
    if a.c.side in d.feinted_by and part == "true":
        feint = next((x for x in c.maneuvers if x.contest == "fencing"), None)
        parry_mod += feint.feinted_parry_penalty if feint else 0
    dm = d.defensive
    if dm is not None:
        d.defences_used += 1
        on_fencing = dm.defence == "fencing"
        trait = d.fencing if on_fencing else d.reflexes
        level = trait + dm.defence_bonus + (parry_mod if dm.is_parry else 0)
        extra = f" {dm.defence_bonus:+d}" if dm.defence_bonus else ""
        pen = f", {parry_mod:+d} to parry" if dm.is_parry and parry_mod else ""
        return (
            _floor(c, level),
            f"{dm.name} ({'Fencing' if on_fencing else 'Reflexes'} {ctx.lv(trait)}{extra}{pen})",
            dm.line,
            dm,
        )
    step = c.dueling.extra_automatic_parry_step * d.auto_parries
    d.auto_parries += 1
    level = d.fencing + c.dueling.automatic_parry + step + parry_mod
    pen = f", {parry_mod:+d} to parry" if parry_mod else ""
    extra = f", {step:+d} as a further Automatic Parry" if step else ""
    return (
        _floor(c, level),
        f"Automatic Parry (Fencing {ctx.lv(d.fencing)} {c.dueling.automatic_parry:+d}{extra}{pen})",
        "L97-98",
        None,
    )


def attack_level(a: Fighter, trait: str, bonus: int) -> int:
    return (a.reflexes if trait == "reflexes" else a.fencing if trait == "fencing" else a.muscle) + bonus


def opposed_roll(
    ctx: _Ctx, a: Fighter, a_level: int, d: Fighter, d_level: int | None, why: str, a_label: str, d_label: str
) -> tuple[bool, int, dict]:
    """Both roll (L88); the actor succeeds only by beating the other (reading ties);
    returns (success, margin in levels, the numbers)."""
    ar, a_reached = ctx.roll(a, why, a_level, a_label)
    if d_level is None:
        d_reached, dr = ctx.c.lowest.value, None
    else:
        dr, d_reached = ctx.roll(d, f"defence against {a.name}'s {why}", d_level, d_label)
    margin = a_reached - d_reached
    return (
        margin > 0,
        margin,
        {"attack": ctx.lv(a_reached), "attack_roll": ar, "defence": ctx.lv(d_reached), "defence_roll": dr},
    )


def muscle_contest(ctx: _Ctx, a: Fighter, a_mod: int, d: Fighter, d_mod: int, why: str, line: str) -> bool:
    """Muscle against Muscle, the actor's modified Muscle kept on the ladder (reading muscle-mod)."""
    al, dl = ctx.clamp(a.muscle + a_mod), ctx.clamp(d.muscle + d_mod)
    ok, _margin, nums = opposed_roll(ctx, a, al, d, dl, why, "Muscle", "Muscle")
    am = f" {a_mod:+d}" if a_mod else ""
    dmod = f" {d_mod:+d}" if d_mod else ""
    ctx.step(
        "contest",
        f"{why}: {a.name} Muscle {ctx.lv(a.muscle)}{am}, rolls {nums['attack_roll']:+d}: "
        f"{nums['attack']}; {d.name} Muscle {ctx.lv(d.muscle)}{dmod}, rolls {nums['defence_roll']:+d}: "
        f"{nums['defence']}; " + ("it works." if ok else "it fails."),
        line,
        who=a.name,
        against=d.name,
        success=ok,
        **nums,
    )
    return ok


def feint(ctx: _Ctx, a: Fighter, d: Fighter, m: Maneuver) -> None:
    """Fencing against Fencing (L47): success takes away the foe's Reaction to the true
    maneuver and worsens its parries against it."""
    ok, _, nums = opposed_roll(ctx, a, a.fencing, d, d.fencing, "Feint", "Fencing", "Fencing")
    true = _true_maneuver(a)
    ctx.step(
        "feint",
        f"{a.name} feints to {true.name}: Fencing {ctx.lv(a.fencing)}, rolls {nums['attack_roll']:+d}: "
        f"{nums['attack']}; {d.name}'s Fencing {ctx.lv(d.fencing)}, rolls {nums['defence_roll']:+d}: "
        f"{nums['defence']}; "
        + (
            f"{d.name} bites; it cannot React to the {true.name} and parries it one step worse."
            if ok
            else "not fooled."
        ),
        m.line,
        who=a.name,
        against=d.name,
        success=ok,
        **nums,
    )
    if ok:
        d.feinted_by.add(a.c.side)


def push(ctx: _Ctx, a: Fighter, d: Fighter, m: Maneuver) -> None:
    """Muscle against Muscle, Root adds +2 to resist (L53, L55); a pushed foe loses its
    action this round, or is -2 Initiative next round if it has acted (L53)."""
    resist = max((x.resist_push for x in [d.maneuver, *d.extras] if x is not None), default=0)
    ok = muscle_contest(
        ctx, a, muscle_modifier(m, None), d, resist, f"{a.name}'s Push" + (" (Root +2)" if resist else ""), m.line
    )
    for f in (a, d):
        if f.locked or f.c.locked_with:
            f.locked, f.c.locked_with = False, None
    if not ok:
        return
    if not d.acted:
        d.forfeit = "pushed off balance"
        ctx.step("effect", f"{d.name} is pushed back and loses its action this round.", m.line, who=d.name)
    else:
        d.c.initiative_penalty = m.pushed_initiative
        ctx.step(
            "effect",
            f"{d.name} has already acted: it is {m.pushed_initiative:+d} to Initiative next round.",
            m.line,
            who=d.name,
        )


def attack(
    ctx: _Ctx, a: Fighter, d: Fighter, m: Maneuver, part: str, level: int | None, counter_of: Maneuver | None = None
) -> None:
    """One attack, A against D: D's Reaction, D's defence, both roll, then what the
    maneuver does with a hit, or D's Riposte or Lock with a parry (L88, L97-116, L42-57).
    A Reaction to a maneuver that is not defensive is performed right after (L110)."""
    reacted = counter_of is None and attempt_reaction(ctx, d, a, level)
    _strike(ctx, a, d, m, part, counter_of)
    if reacted and d.maneuver is not None and not d.maneuver.defensive and not d.forfeit:
        d.acted = True
        ctx.step("reveal", f"{d.name} performs its Reaction, {d.maneuver.name}, at once.", "L110", who=d.name)
        _act(ctx, d, d.maneuver, "main", level)


def _strike(ctx: _Ctx, a: Fighter, d: Fighter, m: Maneuver, part: str, counter_of: Maneuver | None) -> None:
    c = ctx.c
    d_level, d_label, _line, dm = defence_for(ctx, d, a, m, part)
    trait = counter_of.counter if counter_of else m.offence
    bonus = counter_of.counter_bonus if counter_of else m.offence_bonus
    why = "Riposte counter-attack" if counter_of else m.name
    if trait is None:  # the content gives every attack (and counter-attack) its trait
        raise ChoiceError(f"{why} has no offensive roll in the pack's maneuvers")
    a_level = attack_level(a, trait, bonus)
    hit, margin, nums = opposed_roll(ctx, a, a_level, d, d_level, why, trait.capitalize(), "")
    kind = c.weapon(a.weapon.kind) if a.weapon is not None and not m.unarmed_damage else None
    if (
        kind is not None
        and kind.once_per_combat
        and not kind.ranged
        and a.weapon_index is not None
        and a.weapon_index not in a.c.fired
    ):
        a.c.fired.append(a.weapon_index)  # a one-shot weapon (broken glass, L197) is used up
    odd = (
        f" ({kind.impromptu_penalty:+d} with an impromptu weapon, L172-L173)" if kind and kind.impromptu_penalty else ""
    )
    what = (
        f"{a.name}'s {why}: {trait.capitalize()} {ctx.lv(a_level - bonus)}{odd}"
        + (f" {bonus:+d}" if bonus else "")
        + f", rolls {nums['attack_roll']:+d}: {nums['attack']}; "
        f"{d.name}'s {d_label}"
    )
    if nums["defence_roll"] is not None:
        what += f", rolls {nums['defence_roll']:+d}: {nums['defence']}"
    line = counter_of.line if counter_of else m.line
    if hit:
        ctx.step(
            "attack",
            what + f"; a hit by {margin}.",
            line,
            who=a.name,
            against=d.name,
            maneuver=m.id,
            hit=True,
            basic_damage=margin,
            **nums,
        )
        if m.contest == "muscle" and m.contest_when == "hit":  # Disarm (L43)
            if muscle_contest(ctx, a, muscle_modifier(m, None), d, 0, f"{a.name}'s Disarm", m.line):
                d.c.disarmed = True
                d.disarmed_now = True
                if not d.acted:
                    d.forfeit = "disarmed"
                ctx.step(
                    "effect", f"{d.name} is disarmed: retrieving the blade takes its next action.", m.line, who=d.name
                )
        if m.deals_damage:
            variant = variant_of(m, a, ctx.duel, c)
            rider = ctx.riposte_rider if counter_of is not None else 0
            muscle = c.clamp(a.muscle + muscle_modifier(counter_of or m, variant) + rider)
            ctx.hits.append(
                {
                    "attacker": a.c.side,
                    "defender": d.c.side,
                    "maneuver": m.id,
                    "basic": margin,
                    "muscle": muscle,
                    "weapon": None if m.unarmed_damage else a.weapon,
                    "unarmed": m.unarmed_damage,
                    "pull_to": a.choice.pull_to,
                }
            )
        return
    outcome = (
        "missed"
        if d_level is None
        else "dodged"
        if (dm is not None and not dm.is_parry) or "Dodge" in d_label
        else "parried"
    )
    ctx.step("attack", what + f"; {outcome}.", line, who=a.name, against=d.name, maneuver=m.id, hit=False, **nums)
    if dm is None:
        return
    if dm.counter and counter_of is None:  # Riposte (L54)
        ctx.riposte_rider = m.riposte_muscle
        ctx.step(
            "counter",
            f"{d.name} strikes back"
            + (f", Muscle {m.riposte_muscle:+d} against the {m.name}" if m.riposte_muscle else "")
            + ".",
            dm.line,
            who=d.name,
        )
        attack(ctx, d, a, _counter_maneuver(dm), "main", None, counter_of=dm)
    elif dm.contest == "muscle" and dm.contest_when == "parried":  # Lock (L49)
        if muscle_contest(ctx, d, muscle_modifier(dm, None), a, 0, f"{d.name}'s Lock", dm.line):
            for f in (a, d):
                f.locked = True
            a.c.locked_with, d.c.locked_with = d.c.side, a.c.side
            ctx.step("effect", "Blades locked: neither blade is used in another maneuver this round.", dm.line)


def non_fencing_attack(ctx: _Ctx, a: Fighter, d: Fighter, act, level: int) -> None:
    """A strike, throw or shot (L215-243): Reflexes (or the weapon skill given) against the
    target's Dodge, else its Automatic Dodge, -2 against a missile (L236); a thrown or shot
    weapon meets no Reaction (L114).  Damage as any hit (Step Four)."""
    c = ctx.c
    weapon = a.weapon
    w = c.weapon(weapon.kind) if weapon else None
    ctx.step(
        "reveal",
        f"{ctx.lv(level)}: {a.name} reveals its {act.name}"
        + (f" with the {weapon.name or w.name}" if weapon and w else "")
        + ".",
        act.line,
        who=a.name,
        level=ctx.lv(level),
    )
    if not act.ranged:
        attempt_reaction(ctx, d, a, level)
    dm = d.defensive if (d.defensive is not None and d.defensive.defence == "reflexes") else None
    if not can_act(c, d.c.fencer):
        d_level, label = None, "helpless (no defence roll)"
    elif dm is not None:
        d.defences_used += 1
        d_level, label = (
            d.reflexes + dm.defence_bonus,
            f"{dm.name} (Reflexes {ctx.lv(d.reflexes)} {dm.defence_bonus:+d}",
        )
    else:
        d_level, label = (
            d.reflexes + c.dueling.automatic_dodge,
            (f"Automatic Dodge (Reflexes {ctx.lv(d.reflexes)} {c.dueling.automatic_dodge:+d}"),
        )
    if d_level is not None:
        if act.missile:
            d_level += c.dueling.missile_dodge
            label += f", {c.dueling.missile_dodge:+d} against a missile"
        label += ")"
        d_level = _floor(c, d_level)
    skill = c.known_level(a.choice.skill).value if a.choice.skill else a.reflexes
    skill_name = "skill" if a.choice.skill else "Reflexes"
    hit, margin, nums = opposed_roll(ctx, a, skill, d, d_level, act.name, skill_name, "")
    text = (
        f"{a.name}'s {act.name}: {skill_name} {ctx.lv(skill)}, rolls {nums['attack_roll']:+d}: {nums['attack']}; "
        f"{d.name}'s {label}"
    )
    if nums["defence_roll"] is not None:
        text += f", rolls {nums['defence_roll']:+d}: {nums['defence']}"
    ctx.step(
        "attack",
        text + (f"; a hit by {margin}." if hit else "; missed."),
        act.line,
        who=a.name,
        against=d.name,
        maneuver=act.id,
        hit=hit,
        **({"basic_damage": margin} if hit else {}),
        **nums,
    )
    if w is not None and w.once_per_combat and act.missile and a.weapon_index is not None:
        a.c.fired.append(a.weapon_index)
    if hit:
        ctx.hits.append(
            {
                "attacker": a.c.side,
                "defender": d.c.side,
                "maneuver": act.id,
                "basic": margin,
                "muscle": c.clamp(a.muscle),
                "weapon": weapon,
                "unarmed": weapon is None,
                "pull_to": a.choice.pull_to,
            }
        )


def _counter_maneuver(riposte: Maneuver) -> Maneuver:
    """The Riposte's counter-strike as an attack: offence from the Riposte's counter fields."""
    return attrs.evolve(
        riposte,
        kind="attack",
        offence=riposte.counter,
        offence_bonus=riposte.counter_bonus,
        defence=None,
        contest=None,
        parry_penalty_variants={},
    )


def perform(ctx: _Ctx, action: Action) -> None:
    """A fencer acts at its called level (L85-88)."""
    a = ctx.fighters[action.side]
    if action.part == "retrieve":
        a.c.disarmed = False
        ctx.step("effect", f"{a.name} retrieves its blade.", "L42", who=a.name)
        return
    if a.reacted and a.maneuver is not a.selected and action.part != "extra":
        return  # a Reaction replaced this maneuver; it was performed then
    if a.forfeit:
        ctx.step("effect", f"{a.name} cannot act: {a.forfeit}.", "L49, L53", who=a.name)
        return
    if action.part == "action" and a.choice.action is not None:
        non_fencing_attack(ctx, a, _target(ctx, a), ctx.c.known_action(a.choice.action), action.level)
        return
    if action.maneuver is None:
        return  # nothing left to perform (retrieving is done above)
    if a.locked and not (action.maneuver.contest == "muscle" and action.maneuver.contest_when == "always"):
        ctx.step(
            "effect", f"{a.name}'s blade is locked: its {action.maneuver.name} does not happen.", "L49", who=a.name
        )
        return
    what = f"a Feint to {_true_maneuver(a).name}" if action.part == "feint" else action.maneuver.name
    ctx.step(
        "reveal",
        f"{ctx.lv(action.level)}: {a.name} reveals and performs {what}.",
        "L85",
        who=a.name,
        level=ctx.lv(action.level),
    )
    _act(ctx, a, action.maneuver, action.part, action.level)


def _target(ctx: _Ctx, a: Fighter) -> Fighter:
    """The foe ``a`` aims at (``check_choice`` sets it: the only foe, or the one named)."""
    if a.choice.target is None:
        raise ChoiceError(f"{a.name}: name the target")
    return ctx.fighters[a.choice.target]


def _true_maneuver(a: Fighter) -> Maneuver:
    """A Feint's true maneuver (L45: the Feint is declared "Feint to X")."""
    if a.true_maneuver is None:
        raise ChoiceError(f"{a.name}: a Feint names its true maneuver (L45)")
    return a.true_maneuver


def _act(ctx: _Ctx, a: Fighter, m: Maneuver, part: str, level: int | None) -> None:
    d = _target(ctx, a)
    if m.kind == "attack":
        attack(ctx, a, d, m, part, level)
    elif m.contest == "fencing":
        feint(ctx, a, d, m)
    elif m.contest == "muscle" and m.contest_when == "always":
        push(ctx, a, d, m)


def combat(ctx: _Ctx, actions: list[Action]) -> None:
    """Step Three: the Judge calls Superb down to Terrible; everyone at the called level
    acts together (L71, L85; reading simultaneous)."""
    levels = sorted({a.level for a in actions}, reverse=True)
    for level in levels:
        group = [a for a in actions if a.level == level]
        for act in group:
            ctx.fighters[act.side].acted = True
        for act in group:
            perform(ctx, act)


# ----- Step Four ----------------------------------------------------------------------------
def damage_of_hit(ctx: _Ctx, hit: dict) -> dict:
    """Total Damage = Basic + ODM - DDM - Realism (L130), with the optional damage roll."""
    c, duel = ctx.c, ctx.duel
    a, d = ctx.fighters[hit["attacker"]], ctx.fighters[hit["defender"]]
    odm = offensive_damage_modifier(c, hit["weapon"], hit["muscle"])  # no weapon: -1 (L220)
    ddm = defensive_damage_modifier(c, d.c.fencer)
    calc = calculated_damage(hit["basic"], odm, ddm, duel.realism)
    final, r = max(0, calc), None
    if duel.damage_roll:
        r = ctx.dice.roll(a.name, f"damage roll against {d.name}").result
        final = apply_damage_roll(calc, r, duel.damage_roll_limited)
        ctx.dice.note_reading(f"{final} damage")
    return {
        "basic": hit["basic"],
        "odm": odm,
        "ddm": ddm,
        "realism": duel.realism,
        "calculated": calc,
        "damage_roll": r,
        "damage": final,
    }


def resolve_hits(ctx: _Ctx) -> list[dict]:
    """Step Four: each hit's damage and the wound box it checks (L117-169)."""
    c = ctx.c
    out = []
    for hit in ctx.hits:
        a, d = ctx.fighters[hit["attacker"]], ctx.fighters[hit["defender"]]
        dmg = damage_of_hit(ctx, hit)
        f = d.c.fencer
        wl = wound_level_for(c, dmg["damage"], ctx.duel.realism, f.widen_wounds)
        text = (
            f"{a.name} on {d.name}: Basic {dmg['basic']} + ODM {dmg['odm']} - DDM {dmg['ddm']} - Realism "
            f"{dmg['realism']} = {dmg['calculated']}"
        )
        if dmg["damage_roll"] is not None:
            text += f", damage roll {dmg['damage_roll']:+d} -> {dmg['damage']}"
        record = {
            "attacker": a.name,
            "defender": d.name,
            "maneuver": hit["maneuver"],
            **dmg,
            "wound": None,
            "checked": None,
        }
        if wl is None:
            ctx.step("damage", text + ": no wound.", "L130, L140", **dmg)
            out.append(record)
            continue
        level_id = wl.id
        pull = hit.get("pull_to")
        ids = [w.id for w in c.wounds]
        if pull and ids.index(level_id) > ids.index(pull):
            level_id = pull
            text += f" (pulled to {c.known_wound_level(pull).name})"
        res = check_wound(c, f, level_id)
        checked = "Dead" if res.checked is None or res.checked == "dead" else c.known_wound_level(res.checked).name
        text += f": {c.known_wound_level(level_id).name}" + (f", no open box, so {checked}" if res.moved else "") + "."
        ctx.step("wound", text, "L130, L159-167", who=d.name, wound=level_id, checked=res.checked, **dmg)
        record.update(wound=level_id, checked=res.checked)
        out.append(record)
    return out


# ----- the whole round ----------------------------------------------------------------------
def start_round(duel: Duel, c: FencingContent, choices: dict[str, Choice]) -> dict[str, Fighter]:
    """Turn the revealed choices into this round's fighters (traits with wounds, trades)."""
    fighters = {}
    for comb in duel.combatants:
        ch = choices[comb.side]
        f = comb.fencer
        pen = wound_penalty(c, f)
        m = c.maneuver(ch.maneuver) if ch.maneuver else None
        index = weapon_for(c, f, ch)
        weapon = f.weapons[index] if index is not None else None
        kind = c.weapon(weapon.kind) if weapon is not None else None
        odd = kind.impromptu_penalty if kind is not None else 0  # an impromptu weapon (L172-L173)
        fencing = ladder_value(c, f.fencing) - ch.trade * c.dueling.trade_fencing_for_initiative + odd
        fighters[comb.side] = Fighter(
            c=comb,
            choice=ch,
            selected=m,
            maneuver=m,
            true_maneuver=c.maneuver(ch.feint_to) if ch.feint_to else None,
            extras=[c.maneuver(i) for i in ch.also],
            fencing=fencing,
            reflexes=ladder_value(c, f.reflexes) + pen + odd,
            muscle=ladder_value(c, f.muscle) + pen,
            base=base_initiative(c, comb, ch),
            weapon=weapon,
            weapon_index=index,
        )
        comb.initiative_penalty = 0  # last round's Push penalty is used up
    return fighters


def resolve_exchange(duel: Duel, c: FencingContent, choices: dict[str, Choice], dice: FudgeDice) -> dict:
    """One round of the Dueling System: the four steps in order.  On success the duel is
    updated (wounds, what carries over, the roll log) and the exchange's record returned;
    on any error (a bad choice, typed dice that do not match the rolls) it is left as it was."""
    work = copy.deepcopy(duel)
    record = _run_round(work, c, choices, dice)
    duel.combatants, duel.round, duel.exchanges, duel.log = work.combatants, work.round, work.exchanges, work.log
    duel.shown = None  # a round fought elsewhere (the command line) is shown whole; duel_edits sets it
    return record


def _run_round(duel: Duel, c: FencingContent, choices: dict[str, Choice], dice: FudgeDice) -> dict:
    checked = {side: select_maneuver(duel, c, side, ch) for side, ch in choices.items()}
    reveal(duel, checked)
    ctx = _Ctx(duel, c, dice)
    lock_before = {comb.side: comb.locked_with for comb in duel.combatants}
    ctx.fighters = start_round(duel, c, checked)
    for side, ch in checked.items():
        ft = ctx.fighters[side]
        act = c.action(ch.action) if ch.action else None
        shown = (
            ("Feint to " + ft.true_maneuver.name)
            if ft.true_maneuver
            else (ft.selected.name if ft.selected else act.name if act else "no fencing action")
        )
        ctx.step("selection", f"{ft.name} chose {shown} in secret; revealed when it acts.", "L62-67", who=ft.name)
    actions = initiative_order(ctx)
    combat(ctx, actions)
    hits = resolve_hits(ctx)
    for comb in duel.combatants:  # a lock lasts past the round only to give a Push +1 (L52)
        if comb.locked_with == lock_before[comb.side] and not ctx.fighters[comb.side].locked:
            comb.locked_with = None
    dice.check_all_used()
    for comb in duel.combatants:  # the action a Fudge Point bought is spent this round (L153)
        if comb.fencer.fudge_action and ctx.fighters[comb.side].acted:
            comb.fencer.fudge_action = False
    duel.round += 1
    duel.log.extend(dice.log)
    record = {
        "round": duel.round,
        "dice": "typed" if dice.typed is not None else {"seed": dice.seed},
        "choices": {side: _choice_json(ch) for side, ch in checked.items()},
        "steps": ctx.steps,
        "hits": hits,
        "fencers": {comb.side: fighter_summary(c, comb) for comb in duel.combatants},
        "rolls": [e.to_json() for e in dice.log],
    }
    duel.exchanges.append({k: v for k, v in record.items() if k != "rolls"})
    return record


def fighter_summary(c: FencingContent, comb: Combatant) -> dict:
    from landsraad.packs.fencing.wounds import wound_state

    f = comb.fencer
    return {
        "name": f.name,
        "wounds": dict(f.wounds),
        "state": wound_state(c, f),
        "dead": f.dead,
        "disarmed": comb.disarmed,
        "locked_with": comb.locked_with,
        "initiative_penalty": comb.initiative_penalty,
    }


def _choice_json(ch: Choice) -> dict:
    return {
        k: (list(v) if isinstance(v, tuple) else v)
        for k, v in attrs.asdict(ch).items()
        if v not in (None, 0, (), "") or k == "maneuver"
    }
