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
    """ "House Felderon", "felderon", "Felderon" -> "felderon"."""
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


# ----- linked Householders: the record the Fief keeps, and what changed since -------------
def stamp_of(path) -> str:
    """The digest of a character file as it is now ("" when it cannot be read)."""
    import hashlib
    from pathlib import Path

    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:16]
    except OSError:
        return ""


def link_record(path, content: Content | None = None, house_content: HouseContent | None = None) -> dict:
    """What ``landsraad.house.domain.link_householder`` records for a character file:
    ``{"name", "character", "adds", "sources", "stamp", "house"}`` (the window runs
    ``doc.edit(text, link_householder, house_id, r["name"], r["character"], r["adds"],
    r["sources"], r["stamp"])``).  A file that is no character document raises DocumentError."""
    from landsraad.character.document import load
    from landsraad.rules.content import load_content

    content = content or load_content()
    if house_content is None:
        from landsraad.house.content import load_house_content

        house_content = load_house_content()
    ch = load(path)
    member = householder(ch, content, house_content)
    return {
        "name": member.name,
        "character": str(path),
        "adds": dict(member.deltas),
        "sources": list(member.sources),
        "stamp": stamp_of(path),
        "house": ch.house,
    }


def _resolve(character: str, base) -> object:
    from pathlib import Path

    p = Path(character)
    return p if p.is_absolute() or base is None else Path(base) / p


def link_warnings(
    fief, base=None, content: Content | None = None, house_content: HouseContent | None = None
) -> list[str]:
    """A sentence for each linked Householder whose character file is missing or now adds
    something else than the Fief records (the Fief's record is what counts until linked again)."""
    out = []
    for h in fief.houses:
        for hh in h.domain.householders:
            if not hh.character:
                continue
            path = _resolve(hh.character, base)
            recorded = ", ".join(hh.sources) or "nothing"
            if not hh.stamp:
                out.append(
                    f"{hh.name} (House {h.name}): {hh.character} is named but not linked; what the "
                    "character adds is not counted (link it again: house householder --character)"
                )
                continue
            now = stamp_of(path)
            if not now:
                out.append(
                    f"{hh.name} (House {h.name}): the character file {hh.character} is missing; the "
                    f"Fief keeps what it added when linked ({recorded})"
                )
                continue
            if now == hh.stamp:
                continue
            try:
                fresh = link_record(path, content, house_content)
            except Exception as exc:  # noqa: BLE001 - any unreadable file is the same warning
                out.append(
                    f"{hh.name} (House {h.name}): {hh.character} can no longer be read ({exc}); the "
                    f"Fief keeps what it added when linked ({recorded})"
                )
                continue
            if fresh["adds"] != hh.adds:
                out.append(
                    f"{hh.name} (House {h.name}): {hh.character} changed: it now adds "
                    f"{', '.join(fresh['sources']) or 'nothing'}, the Fief counts {recorded} "
                    "(link it again to count the new one)"
                )
    return out


def duplicates(house: House, members) -> list[str]:
    """The characters named more than once for a House (passed twice, or linked and passed):
    each counts once."""
    seen = {hh.name.casefold() for hh in house.domain.householders if hh.adds}
    out = []
    for m in members:
        key = m.name.casefold()
        if key in seen:
            out.append(f"{m.name} is counted once for House {house.name} (named again)")
        seen.add(key)
    return out
