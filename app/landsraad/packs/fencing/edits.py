"""Edits of a fencer and of a duel: named engine functions the window and the command line
share (``doc.edit("Fencing", edits.set_fencing, "good", c)``).  Each changes the document
in place or raises ChoiceError before changing anything, so a refused edit changes nothing.
No Qt here.

The fencer's edits take the fencer first, the duel's the duel first (``Document.edit``
hands the state as the first argument); the content comes after the values (before any
optional ones) where a level, maneuver, weapon or wound level must be one the pack knows.
"""

from __future__ import annotations

from landsraad.errors import ChoiceError
from landsraad.packs.fencing import wounds
from landsraad.packs.fencing.content import FencingContent
from landsraad.packs.fencing.dice import FudgeDice
from landsraad.packs.fencing.duel import Choice, Duel, resolve_exchange
from landsraad.packs.fencing.model import TRAITS, Fencer, FencerWeapon

__all__ = [
    "add_weapon",
    "fight_round",
    "learn",
    "remove_weapon",
    "rest",
    "set_armour",
    "set_damage_roll",
    "set_fencing",
    "set_lackey",
    "set_legendary_allowed",
    "set_legendary_cost",
    "set_name",
    "set_realism",
    "set_trait",
    "set_weapon_name",
    "set_weapon_sharp",
    "set_willpower_steadied",
    "set_wound_boxes",
    "tend",
    "treat",
    "set_lackey_track",
    "set_fudge_points",
    "spend_fudge_point",
    "take_environment_damage",
]


# ----- the fencer: who, Fencing and its cost (L29-41) -----------------------------------------
def set_name(f: Fencer, name: str) -> None:
    f.name = name


def set_fencing(f: Fencer, level: str, c: FencingContent) -> None:
    """Any level of the ladder, Legendary included: whether the Judge allows it is a finding
    (L34), not a refusal, so a Legendary fencer can be written before the Judge decides."""
    if c.level(level) is None:
        raise ChoiceError(f"{level!r} is not a level of the ladder ({', '.join(x.id for x in c.levels)})")
    f.fencing = level


def set_legendary_allowed(f: Fencer, allowed: bool) -> None:
    f.legendary_allowed = allowed


def set_legendary_cost(f: Fencer, cost: int | None) -> None:
    """The Judge's price of Legendary Fencing in skill levels (L34: "?"); None: not set."""
    if cost is not None and cost < 0:
        raise ChoiceError(f"a cost in skill levels is 0 or more, not {cost}")
    f.legendary_cost = cost


def set_trait(f: Fencer, trait: str, level: str, c: FencingContent) -> None:
    """Reflexes, Muscle, Stamina, Willpower or Damage Capacity: Terrible to Superb (Legendary
    is for Fencing only, L34)."""
    if trait not in TRAITS:
        raise ChoiceError(f"{trait!r} is not a trait of a fencer ({', '.join(TRAITS)})")
    lv = c.level(level)
    if lv is None or lv.judge_only:
        raise ChoiceError(f"{level!r}: a trait is one of {', '.join(x.id for x in c.levels if not x.judge_only)}")
    setattr(f, trait, level)


def set_armour(f: Fencer, armour: str, c: FencingContent) -> None:
    if c.armour_of(armour) is None:
        raise ChoiceError(f"{armour!r} is not armour ({', '.join(a.id for a in c.armour)})")
    f.armour = armour


def learn(f: Fencer, maneuver: str, known: bool, c: FencingContent) -> None:
    """Learn (``known``) or forget a maneuver.  Slots over the limit are a finding, not a
    refusal (the player sees the count go red and chooses what to drop); no maneuver twice."""
    if c.maneuver(maneuver) is None:
        raise ChoiceError(f"{maneuver!r} is not a maneuver ({', '.join(m.id for m in c.maneuvers)})")
    if known and maneuver not in f.maneuvers:
        f.maneuvers.append(maneuver)
    elif not known and maneuver in f.maneuvers:
        f.maneuvers.remove(maneuver)


# ----- weapons (L122-127) ----------------------------------------------------------------------
def add_weapon(f: Fencer, kind: str, c: FencingContent, name: str = "", sharp: bool = False) -> None:
    if c.weapon(kind) is None:
        raise ChoiceError(f"{kind!r} is not a weapon ({', '.join(w.id for w in c.weapons)})")
    f.weapons.append(FencerWeapon(kind=kind, name=name, sharp=sharp))


def _weapon_at(f: Fencer, index: int) -> FencerWeapon:
    if not 0 <= index < len(f.weapons):
        raise ChoiceError(f"the fencer has no weapon number {index + 1}")
    return f.weapons[index]


def remove_weapon(f: Fencer, index: int) -> None:
    _weapon_at(f, index)
    del f.weapons[index]


def set_weapon_name(f: Fencer, index: int, name: str) -> None:
    _weapon_at(f, index).name = name


def set_weapon_sharp(f: Fencer, index: int, sharp: bool) -> None:
    """Sharpness adds +1 to the weapon's damage (L127)."""
    _weapon_at(f, index).sharp = sharp


# ----- the wound track (L147-169) and healing (L264-270) ---------------------------------------
def set_wound_boxes(f: Fencer, level: str, checked: int, c: FencingContent) -> None:
    """The boxes of one wound level checked by hand (the Judge's correction of the track)."""
    wl = c.wound_level(level)
    if wl is None:
        raise ChoiceError(f"{level!r} is not a wound level ({', '.join(w.id for w in c.wounds)})")
    if not 0 <= checked <= wl.boxes:
        raise ChoiceError(f"{wl.name} has {wl.boxes} box(es); {checked} cannot be checked")
    if checked:
        f.wounds[level] = checked
    else:
        f.wounds.pop(level, None)


def set_lackey(f: Fencer, lackey: bool) -> None:
    """A lackey's wound table is not widened by the Realism Modifier (L168)."""
    f.widen_wounds = not lackey


def set_lackey_track(f: Fencer, on: bool) -> None:
    """A lackey with three wound levels: Undamaged, Hurt, Out of Combat (L169)."""
    f.lackey_track = on


def set_fudge_points(f: Fencer, points: int) -> None:
    from landsraad.documents.limits import MAX_INT

    if not 0 <= points <= MAX_INT:
        raise ChoiceError(f"Fudge Points are 0 to {MAX_INT:,}, not {points if points < 0 else 'more'}")
    f.fudge_points = points


def spend_fudge_point(f: Fencer, c: FencingContent) -> None:
    """An Incapacitated fencer spends a Fudge Point for one tremendous action, even a
    maneuver, before falling from its wounds (L153): it may act in its next round."""
    cost = int(c.incapacitated.get("fudge_point_cost", 1))
    if not wounds.is_incapacitated(c, f):
        raise ChoiceError(
            f"{f.name} is {wounds.wound_state(c, f)}: a Fudge Point buys an action only for an "
            "Incapacitated fencer (L153)"
        )
    if f.fudge_action:
        raise ChoiceError(f"{f.name} has already spent a Fudge Point for its next action")
    if f.fudge_points < cost:
        raise ChoiceError(f"{f.name} has {f.fudge_points} Fudge Point(s); the action costs {cost} (L153)")
    f.fudge_points -= cost
    f.fudge_action = True


def take_environment_damage(f: Fencer, c: FencingContent, source: str, amount: int, realism: int) -> dict:
    """Fire, a fall or an explosion hits the fencer (L193-L208; reading environment-damage);
    returns what happened (the Basic and Total Damage, the box checked)."""
    if realism < 0:
        raise ChoiceError(f"the Realism Modifier is 0 or more, not {realism}")
    basic = wounds.environment_basic(c, source, amount)
    total, result = wounds.environment_hit(c, f, basic, realism)
    return {
        "source": source,
        "amount": amount,
        "basic": basic,
        "total": total,
        "wound": result.rolled if result else None,
        "checked": result.checked if result else None,
        "state": wounds.wound_state(c, f),
    }


def set_willpower_steadied(f: Fencer, steadied: bool) -> None:
    """Made the Willpower roll at Good: the wound penalties are one less (L156)."""
    f.willpower_steadied = steadied


def tend(f: Fencer, c: FencingContent) -> None:
    """After the fight, Scratches are erased (L265)."""
    wounds.tend_scratches(c, f)


def treat(f: Fencer, result: str, c: FencingContent) -> int:
    """A Doctor (or Field Medicine) roll reaching ``result`` lowers every wound (L266);
    returns the wounds treated, the days of rest they need (L267)."""
    if c.level(result) is None:
        raise ChoiceError(f"{result!r} is not a level of the ladder ({', '.join(x.id for x in c.levels)})")
    return wounds.doctor(c, f, result)


def rest(f: Fencer, c: FencingContent, weeks: int = 1) -> None:
    """Weeks of rest without a doctor: a wound level a week (L268)."""
    if weeks < 0:
        raise ChoiceError(f"weeks of rest are 0 or more, not {weeks}")
    wounds.rest_untreated(c, f, weeks)


# ----- the duel: the Judge's settings (L128, L139) and a round (L58-214) ------------------------
def set_realism(d: Duel, realism: int) -> None:
    """The campaign's Realism Modifier: 0 is the most realistic (L128)."""
    if realism < 0:
        raise ChoiceError(f"the Realism Modifier is 0 or more (0 is the most realistic, L128), not {realism}")
    d.realism = realism


def set_damage_roll(d: Duel, on: bool, limited: bool | None = None) -> None:
    """The optional damage roll (L139), with or without its limits (L142-146)."""
    d.damage_roll = on
    if limited is not None:
        d.damage_roll_limited = limited


def fight_round(d: Duel, c: FencingContent, choices: dict[str, Choice], dice: FudgeDice) -> dict:
    """One round, Steps One to Four (``duel.resolve_exchange``); returns the round's record
    (the window's undoable edit hands it on: ``EditResult.value``)."""
    return resolve_exchange(d, c, choices, dice)
