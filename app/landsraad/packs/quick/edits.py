"""Edits of a d20 character: named engine functions the window and the command line share
(``doc.edit("Charm x2", edits.set_trait, "charm", 2, qc)``); each changes the character in
place or raises ChoiceError, so a refused edit changes nothing."""

from __future__ import annotations

from landsraad.errors import ChoiceError
from landsraad.packs.quick import build
from landsraad.packs.quick.content import QuickContent
from landsraad.packs.quick.model import Ability, QuickCharacter, Weapon

TEXT_FIELDS = ("name", "description", "background", "notes")
NUMBER_FIELDS = ("defense", "hindrance", "temporary_hindrance")


def set_text(ch: QuickCharacter, field: str, text: str) -> None:
    if field not in TEXT_FIELDS:
        raise ChoiceError(f"{field!r} is not a text of the character")
    setattr(ch, field, text)


def set_number(ch: QuickCharacter, field: str, value: int) -> None:
    """Defense, Hindrance or temporary Hindrance: whole numbers 0 or more (V5, V6)."""
    if field not in NUMBER_FIELDS:
        raise ChoiceError(f"{field!r} is not a number of the character")
    if value < 0:
        raise ChoiceError(f"{field.replace('_', ' ')} is 0 or more, not {value}")
    setattr(ch, field, value)


def set_difficulty(ch: QuickCharacter, value: int | None, qc: QuickContent) -> None:
    """The character's Difficulty as a target; None is the default 10 (L183)."""
    if value is not None and not qc.roll.difficulty_min <= value <= qc.roll.difficulty_max:
        raise ChoiceError(f"a Difficulty runs from {qc.roll.difficulty_min} to {qc.roll.difficulty_max} (L47)")
    ch.difficulty = value


def set_attack_multiplier(ch: QuickCharacter, value: int | None) -> None:
    """An NPC's damage per attack Success (L259: a wolf x1, a grizzly x2); None: not an NPC's."""
    if value is not None and value < 1:
        raise ChoiceError(f"an NPC's damage per attack Success is x1 or more, not x{value} (L259)")
    ch.attack_multiplier = value


def set_trait(ch: QuickCharacter, trait: str, times: int, qc: QuickContent) -> None:
    build.set_trait(ch, trait, times, qc)


def add_specialty(ch: QuickCharacter, name: str, qc: QuickContent) -> None:
    build.add_specialty(ch, name, qc)


def add_weapon(ch: QuickCharacter, weapon: Weapon) -> None:
    ch.weapons.append(weapon)


def add_ability(ch: QuickCharacter, name: str, effect: str = "") -> None:
    if not name.strip():
        raise ChoiceError("a Special Ability needs a name")
    ch.abilities.append(Ability(name.strip(), effect.strip()))


def remove_item(ch: QuickCharacter, field: str, index: int) -> None:
    """Take the ``index``-th Specialty, weapon or ability off the character."""
    if field not in ("specialties", "weapons", "abilities"):
        raise ChoiceError(f"{field!r} is not a list of the character")
    items = getattr(ch, field)
    if not 0 <= index < len(items):
        raise ChoiceError(f"no {field[:-1]} number {index + 1}")
    items.pop(index)


def take_template(ch: QuickCharacter, template_id: str, qc: QuickContent) -> None:
    """The whole character becomes a copy of a sample character or adversary (one step)."""
    t = qc.template(template_id)
    if t is None:
        raise ChoiceError(f"no template {template_id!r}")
    fresh = build.from_template(t, qc)
    for field in ch.__attrs_attrs__:  # every field, so nothing of the old character stays
        setattr(ch, field.name, getattr(fresh, field.name))


# ----- what play does to a character (Hindrance gained, L210, L54) ---------------------------
STUN_LIMIT = 5  # "instead of the first 5 points of normal physical damage" (L228)


def _add_hindrance(ch: QuickCharacter, field: str, gained: int) -> None:
    """Add to a Hindrance count, kept within what a document may hold (a file written is a
    file that opens again, ``documents.limits``)."""
    from landsraad.documents.limits import MAX_INT

    total = getattr(ch, field) + gained
    if total > MAX_INT:
        raise ChoiceError(f"{field.replace('_', ' ')} would be a {len(str(total))}-digit number; at most {MAX_INT:,}")
    setattr(ch, field, total)


def take_attack(ch: QuickCharacter, successes: int, deadly: int, stunning: bool = False) -> int:
    """An attack's Successes times its Deadly multiplier, then the character's abilities and
    Defense, become Hindrance (L205-L210; A9); returns the Hindrance gained.  A Stunning
    attack turns up to 5 of that damage into temporary Hindrance for the next turn and
    ignores the rest (L228; S11: Defense first)."""
    from landsraad.packs.quick.rules import attack_damage

    if successes < 0 or deadly < 1:
        raise ChoiceError(f"Successes are 0 or more and Deadly x1 or more, not {successes} and x{deadly} (L207)")
    gained = attack_damage(successes, deadly, ch)
    if stunning:
        gained = min(STUN_LIMIT, gained)
        _add_hindrance(ch, "temporary_hindrance", gained)
        return gained
    _add_hindrance(ch, "hindrance", gained)
    return gained


def take_avoidance(ch: QuickCharacter, counted: int, difficulty: int, multiplier: int, result: str) -> int:
    """A failed avoidance roll: one attack Success per point below the Difficulty, times the
    NPC's multiplier, less Defense, as Hindrance (L259); returns the Hindrance gained."""
    from landsraad.packs.quick.rules import avoidance_damage

    if multiplier < 1:
        raise ChoiceError(f"an NPC's damage per attack Success is x1 or more, not x{multiplier} (L259)")
    gained = avoidance_damage(counted, difficulty, multiplier, ch, result)
    _add_hindrance(ch, "hindrance", gained)
    return gained


def take_extreme_effort(ch: QuickCharacter) -> None:
    """After an Extreme Effort, success or not, the character gains 1 Hindrance (L54)."""
    _add_hindrance(ch, "hindrance", 1)
