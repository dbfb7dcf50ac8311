"""A House made of its people: the characters whose House it is, and what they add.

"Every point invested in this advantage ... adds 1 to appropriate Trait Score" (Contacts
L1415, Eminence L1472, Estate L1523-L1527, Influence L1614, Staff L1788, Wealth L1825):
a character records its House (``Character.house``); each of its advantages that names a
``house_trait`` adds its rating to that Trait Score of the House.  This module joins the
two engines (character, House) and neither imports the other.
"""

from __future__ import annotations

from landsraad.character.build import build
from landsraad.character.model import Character
from landsraad.house.content import HouseContent
from landsraad.house.model import House
from landsraad.house.scores import Householder
from landsraad.rules.content import Content
from landsraad.slug import slugify


def house_key(name: str) -> str:
    """"House Felderon", "felderon", "Felderon" -> "felderon"."""
    key = slugify(name or "")
    return key.removeprefix("house-")


def belongs(character: Character, house: House) -> bool:
    key = house_key(character.house)
    return bool(key) and key in {house_key(house.name), house_key(house.id)}


def householder(character: Character, content: Content, house_content: HouseContent) -> Householder:
    """What one character adds to its House: trait -> points, and the advantages it comes from."""
    sheet, _ = build(character, content)
    deltas: dict[str, int] = {}
    sources: list[str] = []
    for aid, rating in sheet.advantages.items():
        adv = content.advantages[aid]
        trait = house_content.trait_id(adv.house_trait) if adv.house_trait else None
        if trait and rating > 0:
            deltas[trait] = deltas.get(trait, 0) + rating
            sources.append(f"{adv.name} {rating}")
    return Householder(character.name.strip() or "(unnamed character)", deltas, tuple(sources))


def household_of(house: House, characters, content: Content, house_content: HouseContent) -> tuple[Householder, ...]:
    """One Householder per character of ``characters`` whose House is ``house``, in the order given."""
    return tuple(householder(ch, content, house_content) for ch in characters if belongs(ch, house))


def character_ratings(character: Character, content: Content) -> dict[str, int]:
    """The character's statistics and skills (a skill it lacks rolls 0 dice, L129): what a
    Householder linked to it rolls in an Operation, as ``house.operations.statistic_ratings``
    reads them from its file."""
    sheet, _ = build(character, content)
    skills = content.skills.values() if isinstance(content.skills, dict) else content.skills
    out: dict[str, int] = {s.id: 0 for s in skills}
    out.update(sheet.statistics)
    for key, r in sheet.skills.items():
        base = key.split("(", 1)[0]
        out[base] = max(out.get(base, 0), r)
    return out
