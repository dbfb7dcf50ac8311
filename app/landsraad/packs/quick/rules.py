"""What a d20 character's record means: Defense, status, weapon Rerolls, task Rerolls.

Plain functions over ``QuickCharacter`` and the content; each says which line it reads.
"""

from __future__ import annotations

import attrs

from landsraad.packs.quick.content import QuickContent
from landsraad.packs.quick.model import QuickCharacter, Weapon


def total_defense(ch: QuickCharacter) -> int:
    """Defense from items plus what abilities give (Natural Armor, Armored; A11)."""
    return ch.defense + sum(a.defense for a in ch.abilities)


def status(ch: QuickCharacter, qc: QuickContent) -> str:
    """active, disabled (10 or more) or destroyed (20 or more) (L61, L213-L214)."""
    if ch.hindrance >= qc.hindrance.destroyed:
        return "destroyed"
    if ch.hindrance >= qc.hindrance.disabled:
        return "disabled"
    return "active"


def is_adversary(ch: QuickCharacter, qc: QuickContent) -> bool:
    """An adversary: started from an adversary template, or given an NPC's damage per attack
    Success (L259).  Adversaries have a Difficulty and abilities, not Traits (L312-L322;
    reading adversaries)."""
    return ch.template in qc.adversaries or ch.attack_multiplier is not None


def task_offered(ch: QuickCharacter, task_id: str, qc: QuickContent) -> bool:
    """The recovery roll is not for the Destroyed: 'permanently beyond recovery' (L214, L216)."""
    return not (qc.tasks[task_id].recovery and status(ch, qc) == "destroyed")


def task_note(ch: QuickCharacter, task_id: str, qc: QuickContent) -> str:
    """What the character's state says of a task: a Disabled character takes no physical
    action (L213; reading physical-tasks); the Destroyed have no recovery roll (L214)."""
    task = qc.tasks[task_id]
    state = status(ch, qc)
    if not task_offered(ch, task_id, qc):
        return "Destroyed: permanently beyond recovery, no recovery roll (L214)."
    if state == "destroyed":
        return "Destroyed: dead, broken or beyond recovery; no task (L214)."
    if state == "disabled" and task.physical:
        return "Disabled: may not move, Evade or take physical actions (L213); the GM decides."
    return ""


def counts(ch: QuickCharacter, qc: QuickContent) -> dict:
    """Trait instances and Specialties beside the samples' range (S1: information only)."""
    return {
        "trait_instances": sum(ch.traits.values()),
        "specialties": len(ch.specialties),
        "samples": {"trait_instances": list(qc.budget.trait_instances), "specialties": list(qc.budget.specialties)},
    }


@attrs.frozen
class Suggestion:
    task: str
    rerolls: int
    from_traits: dict[str, int]  # trait id -> instances the character has
    specialties_to_ask: tuple[str, ...]  # the character's Specialties: the GM says if one fits
    difficulty: int | None
    note: str = ""  # Disabled / Destroyed (L213-L214)
    offered: bool = True  # False: the Destroyed have no recovery roll (L214)

    def to_json(self) -> dict:
        return {
            "task": self.task,
            "rerolls": self.rerolls,
            "from_traits": dict(self.from_traits),
            "specialties_to_ask": list(self.specialties_to_ask),
            "difficulty": self.difficulty,
            "note": self.note,
            "offered": self.offered,
        }


def suggest_rerolls(ch: QuickCharacter, task_id: str, qc: QuickContent) -> Suggestion:
    """Rerolls from the task example table: one per instance of each listed Trait the
    character has (L82, L96).  Specialties only count when the task lies in their field,
    which the GM decides (L41), so they are listed, not added."""
    task = qc.tasks[task_id]
    got = {t: ch.traits[t] for t in task.traits if ch.traits.get(t, 0) > 0}
    return Suggestion(
        task.id,
        sum(got.values()),
        got,
        tuple(ch.specialties),
        task.difficulty,
        task_note(ch, task_id, qc),
        task_offered(ch, task_id, qc),
    )


def weapon_rerolls(ch: QuickCharacter, w: Weapon, qc: QuickContent) -> dict:
    """Attack Rerolls a weapon gives: the Trait pair its traits name (L179-L182), +1
    Advanced (L219), -1 Neglected floored at 0 (A8).  Two pairs (Heavy and Light): the one
    that gives this character more Rerolls, whatever the order typed; a pair that
    overrides (Artillery, L182) replaces the others (reading weapon-pair)."""
    pairs: list[tuple[str, ...]] = []
    overriding: list[tuple[str, ...]] = []
    bonus = 0
    for tid in w.traits:
        wt = qc.weapon_traits.get(tid)
        if wt is None:
            continue
        if wt.rerolls_from:
            (overriding if wt.overrides_pair else pairs).append(wt.rerolls_from)
        bonus += wt.rerolls
    candidates = overriding or pairs

    def score(pair: tuple[str, ...]) -> tuple[int, tuple[str, ...]]:
        return sum(ch.traits.get(t, 0) for t in pair), tuple(sorted(pair))  # a tie: the same pair either way

    pair = max(candidates, key=score) if candidates else ()
    from_traits = sum(ch.traits.get(t, 0) for t in pair)
    return {
        "traits": list(pair),
        "rerolls": max(0, from_traits + bonus),
        "reading": "weapon-pair" if len(set(candidates)) > 1 else "",
    }


# ----- damage (spec §4.4-§4.6; L183, L198-L210, L252-L260) ------------------------------
def damage_taken(points: int, target: QuickCharacter) -> int:
    """Hindrance a target gains from ``points`` of physical damage: its abilities double or
    halve the damage first, rounding down, then its Defense comes off; never below 0
    (A9: factor first, then Defense; L208-L210, L316, L321)."""
    for a in target.abilities:
        if a.damage_taken == "double":
            points *= 2
        elif a.damage_taken == "half":
            points //= 2
    return max(0, points - total_defense(target))


def attack_damage(successes: int, deadly: int, target: QuickCharacter) -> int:
    """A character's attack: Successes (a counted 20 has already doubled them, A4) times
    the Deadly multiplier, then the target's abilities and Defense (L205-L210)."""
    return damage_taken(successes * deadly, target)


def avoidance_damage(counted: int, difficulty: int, multiplier: int, target: QuickCharacter, result: str) -> int:
    """An NPC's attack avoided by the player's roll against the attacker's Difficulty: only
    a failure or a fumble hurts, one attack Success per point below the Difficulty, times
    the NPC's multiplier (L259; A12: a mixed result does no damage)."""
    if result not in ("failure", "critical-fumble"):
        return 0
    return damage_taken(max(0, difficulty - counted) * multiplier, target)
