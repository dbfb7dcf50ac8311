"""Start a d20 character from a template and edit it: plain engine functions the command
line and the window share."""

from __future__ import annotations

from landsraad.errors import ChoiceError
from landsraad.packs.quick.content import QuickContent, Template
from landsraad.packs.quick.model import Ability, QuickCharacter, Weapon
from landsraad.slug import slugify


def from_template(t: Template, qc: QuickContent) -> QuickCharacter:
    """A fresh character holding a copy of the template (sample character or adversary)."""
    return QuickCharacter(
        name=t.name,
        description=t.description,
        traits=dict(t.traits),
        specialties=list(t.specialties),
        abilities=[Ability(a.name, a.effect, a.defense, a.rerolls, a.damage_taken) for a in t.ability],
        weapons=[weapon_from_list(w, qc) for w in t.weapons],
        difficulty=t.difficulty,
        attack_multiplier=t.attack_multiplier,
        template=t.id,
    )


def weapon_from_list(ident: str, qc: QuickContent) -> Weapon:
    w = qc.weapons.get(slugify(ident))
    if w is None:
        raise ChoiceError(f"no sample weapon {ident!r}; one of: {', '.join(qc.weapons)}")
    return Weapon(w.name, w.deadly, list(w.traits), w.band, w.special, w.id)


def parse_weapon(text: str, qc: QuickContent) -> Weapon:
    """A sample weapon's id ("pistol"), or "NAME:TRAIT,TRAIT" with deadly-N and
    ranged-BAND ("Cane sword:light,deadly-2,advanced")."""
    if ":" not in text:
        return weapon_from_list(text, qc)
    name, _, spec = text.partition(":")
    w = Weapon(name.strip())
    for tok in (t.strip() for t in spec.split(",") if t.strip()):
        key = slugify(tok)
        if tok.lower().startswith("deadly-"):  # the typed digits (slugify reads "²" as "2")
            from landsraad.documents.limits import parse_int  # the one bounded reading of a number

            w.deadly = parse_int(tok[7:], f"--weapon {name.strip()[:40]!r} deadly", 0, 100)
            continue
        if key.startswith("ranged-") and key[7:] in qc.bands:
            w.traits.append("ranged")
            w.band = key[7:]
            continue
        if key not in qc.weapon_traits or key in ("deadly", "ranged"):
            raise ChoiceError(
                f"--weapon {text!r}: {tok!r} is not a weapon trait (write deadly-N, ranged-BAND "
                f"or one of {', '.join(k for k in qc.weapon_traits if k not in ('deadly', 'ranged'))})"
            )
        w.traits.append(key)
    if not w.name:
        raise ChoiceError(f"--weapon {text!r}: the weapon needs a name")
    return w


def set_trait(ch: QuickCharacter, trait: str, times: int, qc: QuickContent) -> None:
    key = slugify(trait)
    if key not in qc.traits:
        raise ChoiceError(f"--trait {trait!r}: one of {', '.join(qc.traits)}")
    if not 0 <= times <= qc.max_multiplier:
        raise ChoiceError(f"--trait {trait}:{times}: a Trait is x1, x2 or x3 (L40); 0 removes it")
    if times == 0:
        ch.traits.pop(key, None)
    else:
        ch.traits[key] = times


def add_specialty(ch: QuickCharacter, name: str, qc: QuickContent) -> None:
    """A listed Specialty by id or name, else a custom one kept as typed (L131, L157)."""
    key = slugify(name)
    entry = qc.specialties.get(key)
    value = entry.id if entry else name.strip()
    if not value:
        raise ChoiceError("--specialty: an empty name")
    if value.lower() in (s.lower() for s in ch.specialties):
        raise ChoiceError(f"--specialty {name!r}: already listed; a Specialty is always x1 (S13)")
    ch.specialties.append(value)


def specialty_name(sp: str, qc: QuickContent) -> str:
    e = qc.specialties.get(sp)
    return e.name if e else sp
