"""Step Four: damage and the wound track (L117-169), spec §4 and §6.

offensive_damage_modifier(...)   weapon + Muscle (L126-127)
defensive_damage_modifier(...)   Damage Capacity + armour (L127-128)
calculated_damage(...)           Basic + ODM - DDM - Realism (L130)
apply_damage_roll(C, r)          the optional damage roll's limits (L142-145)
wound_level_for(d, R, widen)     the wound level a hit of d reaches (L159-160)
check_wound(fencer, level)       check a box, moving up when the level is full (L166-167)
wound_penalty(fencer)            the worst checked level's penalty (reading penalties-stack)
"""

from __future__ import annotations

import attrs

from landsraad.packs.fencing.content import FencingContent, WoundLevel
from landsraad.packs.fencing.model import Fencer, FencerWeapon

DEAD = "dead"


def ladder_value(c: FencingContent, level_id: str) -> int:
    lv = c.level(level_id)
    return lv.value if lv else 0


def weapon_modifier(c: FencingContent, weapon: FencerWeapon | None) -> int:
    """The weapon's part of the ODM (sharpness added, L127); no weapon is -1 (L220)."""
    if weapon is None:
        return c.known_weapon("none").damage
    w = c.weapon(weapon.kind)
    return (w.damage if w else 0) + (c.sharpness if weapon.sharp else 0)


def offensive_damage_modifier(c: FencingContent, weapon: FencerWeapon | None, muscle_value: int) -> int:
    """Weapon + Muscle (its ladder value); firearms and crossbows add no Muscle (L243)."""
    w = c.weapon(weapon.kind) if weapon else None
    muscle = muscle_value if (w is None or w.muscle_powered) else 0
    return weapon_modifier(c, weapon) + muscle


def defensive_damage_modifier(c: FencingContent, f: Fencer) -> int:
    armour = c.armour_of(f.armour)
    return ladder_value(c, f.damage_capacity) + (armour.defence if armour else 0)


def calculated_damage(basic: int, odm: int, ddm: int, realism: int) -> int:
    """Total Damage = Basic Damage + ODM - DDM - Realism Modifier (L130)."""
    return basic + odm - ddm - realism


def apply_damage_roll(calculated: int, roll: int, limited: bool = True) -> int:
    """The optional damage roll (L139-146): with positive C the roll adds at most C and the
    result is at least 1; with C <= 0 the result is at most 1 and never below 0.  Unlimited
    (the Judge ignores the limits, L146): max(0, C + r)."""
    if not limited:
        return max(0, calculated + roll)
    if calculated > 0:
        return max(1, calculated + min(roll, calculated))
    return max(0, min(1, calculated + roll))


def wound_level_for(c: FencingContent, damage: int, realism: int, widen: bool = True) -> WoundLevel | None:
    """The level a single hit of ``damage`` reaches; None below the first band (no wound)."""
    r = realism if widen else 0
    found = None
    for wl in c.wounds:
        low, high = wl.band(r)
        if damage >= low and (high is None or damage <= high):
            return wl
        if damage >= low:
            found = wl
    return found


@attrs.frozen
class WoundResult:
    rolled: str | None  # the level the damage reached
    checked: str | None  # the box checked (may be higher, L166-167), DEAD past Near Death
    moved: bool


def check_wound(c: FencingContent, f: Fencer, level_id: str) -> WoundResult:
    """Check one box of ``level_id`` on ``f``; a full level passes the hit to the next
    level with an open box (L166-167); none left: Dead (reading no-open-box)."""
    ids = [w.id for w in c.wounds]
    if f.lackey_track and c.lackey:
        return _check_lackey(c, f, level_id)
    start = ids.index(level_id)
    for wl in c.wounds[start:]:
        if f.wounds.get(wl.id, 0) < wl.boxes:
            f.wounds[wl.id] = f.wounds.get(wl.id, 0) + 1
            return WoundResult(level_id, wl.id, wl.id != level_id)
    f.dead = True
    return WoundResult(level_id, DEAD, True)


def _check_lackey(c: FencingContent, f: Fencer, level_id: str) -> WoundResult:
    """A three-level lackey (L169; reading lackey-three-levels): a light hit makes it Hurt, a
    Very Hurt hit or worse, or a hit on a Hurt lackey, puts it Out of Combat."""
    ids = [w.id for w in c.wounds]
    hurt, out = c.lackey["hurt"], c.lackey["out"]
    if f.wounds.get(out, 0):
        f.dead = True
        return WoundResult(level_id, DEAD, True)
    if ids.index(level_id) >= ids.index(c.lackey["out_from"]) or f.wounds.get(hurt, 0):
        f.wounds = {out: 1}
        return WoundResult(level_id, out, level_id != out)
    f.wounds = {hurt: 1}
    return WoundResult(level_id, hurt, level_id != hurt)


def worst_wound(c: FencingContent, f: Fencer) -> WoundLevel | None:
    worst = None
    for wl in c.wounds:
        if f.wounds.get(wl.id, 0) > 0:
            worst = wl
    return worst


def wound_penalty(c: FencingContent, f: Fencer) -> int:
    """Steps off Reflexes, Muscle and Stamina: the worst level's (L151-152), one less after
    the Willpower roll at Good (L156)."""
    wl = worst_wound(c, f)
    if wl is None:
        return 0
    return min(0, wl.penalty + (1 if f.willpower_steadied else 0))


def can_act(c: FencingContent, f: Fencer) -> bool:
    """Not dead, and not Incapacitated or worse, unless a Fudge Point bought one action (L153)."""
    wl = worst_wound(c, f)
    if f.dead:
        return False
    if wl is None or not wl.cannot_act:
        return True
    return f.fudge_action and is_incapacitated(c, f)


def wound_state(c: FencingContent, f: Fencer) -> str:
    if f.dead:
        return "Dead"
    wl = worst_wound(c, f)
    if f.lackey_track and wl is not None and wl.id == c.lackey.get("out"):
        return str(c.lackey.get("out_name", wl.name))
    return wl.name if wl else "Unhurt"


# ----- the Incapacitated fencer (L153) ---------------------------------------------------------
def is_incapacitated(c: FencingContent, f: Fencer) -> bool:
    wl = worst_wound(c, f)
    return not f.dead and wl is not None and wl.id == c.incapacitated.get("level", "incapacitated")


@attrs.frozen
class StaminaRoll:
    stamina: int  # Stamina with the wound penalty
    roll: int
    reached: int
    against: int
    conscious: bool

    def to_json(self, c: FencingContent) -> dict:
        return {
            "stamina": c.name_of(self.stamina),
            "roll": self.roll,
            "reached": c.name_of(self.reached),
            "against": c.name_of(self.against),
            "conscious": self.conscious,
        }


def stamina_roll(c: FencingContent, f: Fencer, roll: int) -> StaminaRoll:
    """Incapacitated: "roll against their Stamina at a Fair difficult level to stay
    conscious" (L153): Stamina with the wound penalty (reading stamina-roll), plus the 4dF
    result, kept on the ladder (L91), must reach Fair (an unopposed action, L109)."""
    from landsraad.errors import ChoiceError

    if not is_incapacitated(c, f):
        raise ChoiceError(
            f"{f.name} is {wound_state(c, f)}: only an Incapacitated fencer rolls Stamina to stay conscious (L153)"
        )
    if not -4 <= roll <= 4:
        raise ChoiceError(f"a 4dF result is -4 to +4, not {roll}")
    stamina = ladder_value(c, f.stamina) + wound_penalty(c, f)
    reached = c.clamp(stamina + roll)
    against = ladder_value(c, str(c.incapacitated.get("stamina_against", "fair")))
    return StaminaRoll(stamina, roll, reached, against, reached >= against)


# ----- the environment (L182-L213) --------------------------------------------------------------
def environment_basic(c: FencingContent, source: str, amount: int) -> int:
    """Basic Damage from the surroundings: a fire 2 to 4 (L200), a fall of ``amount`` feet one
    point per full 5 feet (L203), anything else (an explosion, L206) what the Judge types."""
    from landsraad.errors import ChoiceError

    env = c.environment
    if source == "fire":
        lo, hi = int(env.get("fire_low", 2)), int(env.get("fire_high", 4))
        if not lo <= amount <= hi:
            raise ChoiceError(f"a fire does {lo} to {hi} points of Basic Damage (L200), not {amount}")
        return amount
    if source == "fall":
        if amount < 0:
            raise ChoiceError(f"a fall of {amount} feet: 0 or more")
        return amount // int(env.get("feet_per_point", 5))
    if source == "damage":
        if amount < 0:
            raise ChoiceError(f"damage is 0 or more, not {amount}")
        return amount
    raise ChoiceError(f"{source!r}: fire, fall or damage")


def environment_hit(c: FencingContent, f: Fencer, basic: int, realism: int) -> tuple[int, WoundResult | None]:
    """The environment's Basic Damage as a hit with no weapon: Basic - DDM - Realism (L130;
    reading environment-damage), then the wound table and the boxes (L159-L167)."""
    total = calculated_damage(basic, 0, defensive_damage_modifier(c, f), realism)
    wl = wound_level_for(c, total, realism, f.widen_wounds) if total > 0 else None
    return total, (check_wound(c, f, wl.id) if wl is not None else None)


# ----- healing (L264-270) ---------------------------------------------------------------------
def _wound_list(c: FencingContent, f: Fencer) -> list[int]:
    """One entry per checked box: the index of its level, lowest first."""
    ids = [w.id for w in c.wounds]
    return sorted(i for i, wid in enumerate(ids) for _ in range(f.wounds.get(wid, 0)))


def _rebuild(c: FencingContent, f: Fencer, indices: list[int]) -> None:
    """Check the boxes again, lowest first (reading healing-order); index 0 or less is healed."""
    f.wounds = {}
    for i in sorted(indices):
        if i >= 1:
            check_wound(c, f, c.wounds[i].id)


def tend_scratches(c: FencingContent, f: Fencer) -> int:
    """After the fight, with a few minutes to tend them, Scratches are erased (L265)."""
    n = f.wounds.pop(c.wounds[0].id, 0)
    return n


def _slow_index(c: FencingContent) -> int | None:
    ids = [w.id for w in c.wounds]
    return ids.index(c.slow_level) if c.slow_level in ids else None


def doctor(c: FencingContent, f: Fencer, result: str) -> int:
    """A Doctor roll's result (a level): Good lowers every wound one level, Great two,
    Superb three (L266); returns the wounds treated (the days of rest they need, L267).
    Scratches are not counted: they need no roll (L265).  Near Death heals slower whatever
    the care (L269): it drops ``slow_doctor_levels`` at most (reading near-death-heals-slower)."""
    steps = c.doctor.get(result, 0)
    if f.dead or steps == 0:
        return 0
    slow = _slow_index(c)
    wounds = [i for i in _wound_list(c, f) if i >= 1]
    lowered = [i - (min(steps, c.slow_doctor_levels) if i == slow else steps) for i in wounds]
    _rebuild(c, f, lowered)
    if slow is not None and slow not in lowered:
        f.near_death_rest = 0
    return len(wounds)


def heal_one_level(c: FencingContent, f: Fencer) -> None:
    """The worst wound drops one level, whatever is checked below it: its box is cleared
    and the wound checks the next lower level with an open box (L166-167 read downwards);
    one that reaches Scratch is healed (L266: "dropping to a Scratch result effectively
    means the wound has been healed")."""
    ids = [w.id for w in c.wounds]
    worst = max((i for i, wid in enumerate(ids) if f.wounds.get(wid, 0) > 0 and i >= 1), default=None)
    if worst is None:
        return
    f.wounds[ids[worst]] -= 1
    for i in range(worst - 1, 0, -1):
        if f.wounds.get(ids[i], 0) < c.wounds[i].boxes:
            f.wounds[ids[i]] = f.wounds.get(ids[i], 0) + 1
            break
    f.wounds = {k: v for k, v in f.wounds.items() if v}


def rest_untreated(c: FencingContent, f: Fencer, weeks: int = 1) -> None:
    """Without a doctor, a wound level a week (L268): each week the worst wound drops one
    level (reading healing-order), and the Scratches are gone (L265).  A Near Death wound
    needs ``slow_weeks`` weeks for its level (L269, reading near-death-heals-slower); the
    weeks already rested are kept on the fencer."""
    slow = _slow_index(c)
    for _ in range(weeks):
        f.wounds.pop(c.wounds[0].id, None)
        if f.dead or not any(f.wounds.values()):
            return  # healed (or dead): the remaining weeks change nothing
        if (
            slow is not None
            and f.wounds.get(c.wounds[slow].id, 0) > 0
            and not any(f.wounds.get(w.id, 0) for w in c.wounds[slow + 1 :])
        ):
            f.near_death_rest += 1
            if f.near_death_rest < c.slow_weeks:
                continue
            f.near_death_rest = 0
        heal_one_level(c, f)


def slow_healing_note(c: FencingContent, f: Fencer) -> str:
    """What a Near Death fencer's healing needs, in words (empty when not Near Death)."""
    slow = _slow_index(c)
    if slow is None or f.dead or not f.wounds.get(c.wounds[slow].id, 0):
        return ""
    left = max(1, c.slow_weeks - f.near_death_rest)
    return (
        f"{c.wounds[slow].name} heals slower whatever the care (L269): {c.slow_weeks} weeks of rest to reach "
        f"{c.wounds[slow - 1].name} ({left} more), and a Doctor's roll lowers it {c.slow_doctor_levels} "
        "level at most."
    )
