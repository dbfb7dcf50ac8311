"""The d20 procedures of play that use a character (seed d20-quick-rules.txt), as pure reads
over the roll engine (``roll``) and the character's rules (``rules``); the edits that follow
from them (Hindrance gained) are in ``edits``.

    character_roll(ch, task, D, qc, extra=0, ...)     a task roll with the character's Rerolls
    avoidance(ch, D, multiplier, qc, ...)             the avoidance roll against an NPC (L252-L260)
    opposed_tasks(a, b, ...)                          two characters' opposed task (L3, L29, L52)
    teamwork_roll(members, task, D, ...)              each member +1 Reroll, the best counts (L53)
    extreme_effort_roll(ch, task, D, ...)             +1 Reroll now, +1 Hindrance after (L54)
"""

from __future__ import annotations

import random

import attrs

from landsraad.packs.quick import rules
from landsraad.packs.quick.content import QuickContent
from landsraad.packs.quick.model import QuickCharacter
from landsraad.packs.quick.roll import TaskRoll, opposed, outcome, task_roll


@attrs.frozen
class CharacterRoll:
    name: str
    task: str
    rerolls: int
    roll: TaskRoll
    note: str = ""

    def to_json(self) -> dict:
        return {
            "name": self.name,
            "task": self.task,
            "rerolls": self.rerolls,
            "hindrance": self.roll.hindrance,
            "difficulty": self.roll.difficulty,
            **self.roll.to_json(),
            "note": self.note,
        }


def character_roll(
    ch: QuickCharacter,
    task: str,
    difficulty: int,
    qc: QuickContent,
    extra: int = 0,
    dice: list[int] | None = None,
    rng: random.Random | None = None,
) -> CharacterRoll:
    """The task's Rerolls from the character's Traits (L82, L96) plus ``extra`` (a Specialty in
    its field, a Tool, Evade: the GM says), against the character's Hindrance (L59)."""
    s = rules.suggest_rerolls(ch, task, qc)
    rerolls = s.rerolls + extra
    r = task_roll(rerolls, ch.hindrance, difficulty, qc, dice=dice, rng=rng)
    return CharacterRoll(ch.name, task, rerolls, r, s.note)


@attrs.frozen
class Avoidance:
    roll: CharacterRoll
    multiplier: int
    attack_successes: int  # one per point below the Difficulty, on a failure (L259)
    hindrance: int  # what the character gains, after its abilities and Defense

    def to_json(self) -> dict:
        return {
            **self.roll.to_json(),
            "multiplier": self.multiplier,
            "attack_successes": self.attack_successes,
            "hindrance_gained": self.hindrance,
        }


def avoidance(
    ch: QuickCharacter,
    difficulty: int,
    multiplier: int,
    qc: QuickContent,
    extra: int = 0,
    dice: list[int] | None = None,
    rng: random.Random | None = None,
) -> Avoidance:
    """An NPC attacks: the player rolls Combat + Swiftness (+1 Reroll per condition of
    L254-L258, ``extra``) against the attacker's Difficulty; only a failure or a fumble
    hurts, one attack Success per point below it, times the NPC's multiplier (L259; A12)."""
    r = character_roll(ch, "avoid-attack", difficulty, qc, extra, dice, rng)
    hurt = r.roll.result in ("failure", "critical-fumble")
    successes = max(0, difficulty - r.roll.counted) if hurt else 0
    gained = rules.avoidance_damage(r.roll.counted, difficulty, multiplier, ch, r.roll.result)
    return Avoidance(r, multiplier, successes, gained)


@attrs.frozen
class Opposed:
    a: CharacterRoll
    b: CharacterRoll
    winner: str | None  # a name, None on a tie (S2: a mixed result for both)
    successes: int

    def to_json(self) -> dict:
        def side(r: CharacterRoll) -> dict:  # no Difficulty in an opposed task: only the counted die
            return {k: v for k, v in r.to_json().items() if k not in ("difficulty", "result", "successes")}

        return {"a": side(self.a), "b": side(self.b), "winner": self.winner, "successes": self.successes}


def opposed_tasks(
    a: QuickCharacter,
    task_a: str,
    b: QuickCharacter,
    task_b: str,
    qc: QuickContent,
    dice_a: list[int] | None = None,
    dice_b: list[int] | None = None,
    rng: random.Random | None = None,
    extra_a: int = 0,
    extra_b: int = 0,
) -> Opposed:
    """Each side rolls its own pool; the higher counted die wins by the difference (L3, L29,
    L52); a counted 20 doubles the winner's Successes (S16); a tie has no winner (S2).  An
    opposed roll has no Difficulty: the rolls are read against Difficulty 1 only for the dice."""
    ra = character_roll(a, task_a, qc.roll.difficulty_min, qc, extra_a, dice_a, rng)
    rb = character_roll(b, task_b, qc.roll.difficulty_min, qc, extra_b, dice_b, rng)
    side, k = opposed(ra.roll.counted, rb.roll.counted, qc)
    winner = None if side is None else (a.name if side == "a" else b.name)
    return Opposed(ra, rb, winner, k)


@attrs.frozen
class Teamwork:
    rolls: tuple[CharacterRoll, ...]
    best: int
    result: str
    successes: int

    def to_json(self) -> dict:
        return {
            "members": [r.to_json() for r in self.rolls],
            "counted": self.best,
            "result": self.result,
            "successes": self.successes,
        }


def teamwork_roll(
    members: list[QuickCharacter],
    task: str,
    difficulty: int,
    qc: QuickContent,
    dice: list[list[int] | None] | None = None,
    rng: random.Random | None = None,
) -> Teamwork:
    """Teamwork (L53; A5): every member rolls its own pool with one more Reroll; the highest
    single result decides for the group."""
    dice = dice or [None] * len(members)
    rolls = tuple(character_roll(m, task, difficulty, qc, 1, d, rng) for m, d in zip(members, dice))
    best = max(r.roll.counted for r in rolls)
    result, successes = outcome(best, difficulty, qc)
    return Teamwork(rolls, best, result, successes)


@attrs.frozen
class Effort:
    roll: CharacterRoll
    hindrance_after: int
    wasted: bool  # the extra Reroll added no die (already five): paid for nothing (S5)

    def to_json(self) -> dict:
        return {**self.roll.to_json(), "hindrance_after": self.hindrance_after, "extra_die_wasted": self.wasted}


def extreme_effort_roll(
    ch: QuickCharacter,
    task: str,
    difficulty: int,
    qc: QuickContent,
    extra: int = 0,
    dice: list[int] | None = None,
    rng: random.Random | None = None,
) -> Effort:
    """Extreme Effort (L54): +1 Reroll on this roll; after it, success or not, 1 Hindrance
    (``edits.take_extreme_effort``).  Warns when the Reroll adds no die (S5)."""
    from landsraad.packs.quick.roll import extreme_effort

    base = rules.suggest_rerolls(ch, task, qc).rerolls + extra
    _, after, wasted = extreme_effort(base, ch.hindrance, qc)
    r = character_roll(ch, task, difficulty, qc, extra + 1, dice, rng)
    return Effort(r, after, wasted)


@attrs.frozen
class Attack:
    attacker: str
    weapon: str
    rerolls: int
    hindrance: int
    roll: TaskRoll
    deadly: int
    damage_points: int  # Successes x Deadly, before the target's abilities and Defense

    def to_json(self) -> dict:
        return {
            "attacker": self.attacker,
            "weapon": self.weapon,
            "rerolls": self.rerolls,
            "hindrance": self.hindrance,
            "difficulty": self.roll.difficulty,
            **self.roll.to_json(),
            "deadly": self.deadly,
            "damage_points": self.damage_points,
        }


def attack_roll(
    attacker: QuickCharacter,
    weapon: int,
    target: QuickCharacter,
    qc: QuickContent,
    conditions: int = 0,
    extra: int = 0,
    dice: list[int] | None = None,
    rng: random.Random | None = None,
) -> Attack:
    """A character's attack (L177-L183): the weapon's Rerolls (L179-L182, reading weapon-pair)
    plus ``extra``, against the attacker's Hindrance plus one per condition of L198-L203
    (range band, Evading target, cover, invisible), at the target's Difficulty (10 for a
    player character, L183).  Successes (a counted 20 doubles them, L50) x Deadly (L207)."""
    from landsraad.errors import ChoiceError

    if not 0 <= weapon < len(attacker.weapons):
        raise ChoiceError(f"{attacker.name or 'the attacker'} has no weapon number {weapon + 1}")
    if conditions < 0 or extra < 0:
        raise ChoiceError("conditions and extra Rerolls are 0 or more")
    w = attacker.weapons[weapon]
    rerolls = rules.weapon_rerolls(attacker, w, qc)["rerolls"] + extra
    hindrance = attacker.hindrance + conditions
    difficulty = target.difficulty if target.difficulty is not None else qc.roll.difficulty_default
    r = task_roll(rerolls, hindrance, difficulty, qc, dice=dice, rng=rng)
    return Attack(attacker.name, w.name, rerolls, hindrance, r, w.deadly, r.successes * w.deadly)
