"""Findings on a d20 character (spec §11), each with its rule id and a plain sentence."""

from __future__ import annotations

from landsraad.findings import Finding, Severity
from landsraad.packs.quick.content import QuickContent
from landsraad.packs.quick.model import QuickCharacter
from landsraad.packs.quick.rules import is_adversary

E, W, T = Severity.ERROR, Severity.WARNING, Severity.TODO


def validate(ch: QuickCharacter, qc: QuickContent) -> list[Finding]:
    out: list[Finding] = []
    if not ch.name.strip():
        out.append(Finding(T, "character", "name", "The character needs a name (L38).", "name"))
    for tid, n in ch.traits.items():
        if tid not in qc.traits:
            out.append(
                Finding(
                    E, "traits", "V1", f"Traits: {tid!r} is not one of the twelve Traits (L83-L95).", f"traits.{tid}"
                )
            )
        elif not 1 <= n <= qc.max_multiplier:
            out.append(
                Finding(
                    E,
                    "traits",
                    "V1",
                    f"Traits: {qc.traits[tid].name} is x{n}; a Trait is x1, x2 or x{qc.max_multiplier} (L40).",
                    f"traits.{tid}",
                )
            )
    if not ch.traits and not is_adversary(ch, qc):  # adversaries have no Traits (L312-L322)
        out.append(Finding(T, "traits", "V1", "Traits: none chosen yet (L38).", "traits"))
    seen: set[str] = set()
    for sp in ch.specialties:
        key = sp.strip().lower()
        if not key:
            out.append(Finding(E, "specialties", "V2", "Specialties: an empty name.", "specialties"))
        elif key in seen:
            out.append(
                Finding(
                    E,
                    "specialties",
                    "V2",
                    f"Specialties: {sp} is listed twice; a Specialty is always x1 (S13).",
                    "specialties",
                )
            )
        seen.add(key)
    for name, value in (
        ("defense", ch.defense),
        ("hindrance", ch.hindrance),
        ("temporary_hindrance", ch.temporary_hindrance),
    ):
        if value < 0:
            out.append(
                Finding(
                    E,
                    name,
                    "V5" if "hindrance" in name else "V6",
                    f"{name.replace('_', ' ').capitalize()} is {value}; it is 0 or more (L57, L61).",
                    name,
                )
            )
    d = ch.difficulty
    if d is not None and not qc.roll.difficulty_min <= d <= qc.roll.difficulty_max:
        out.append(Finding(E, "difficulty", "V3", f"Difficulty {d} is outside 1-20 (L47).", "difficulty"))
    for i, w in enumerate(ch.weapons):
        where = f"weapons.{i}"
        if w.deadly < 1:
            out.append(
                Finding(E, "weapons", "V7", f"Weapons: {w.name} has Deadly x{w.deadly}; at least x1 (L221).", where)
            )
        unknown = [t for t in w.traits if t not in qc.weapon_traits]
        if unknown:
            out.append(
                Finding(
                    E, "weapons", "V7", f"Weapons: {w.name} has unknown traits {', '.join(unknown)} (L218-L228).", where
                )
            )
        if "advanced" in w.traits and "neglected" in w.traits:
            out.append(
                Finding(
                    W, "weapons", "V7", f"Weapons: {w.name} is both Advanced and Neglected; they cancel out.", where
                )
            )
        if "ranged" in w.traits and w.band not in qc.bands:
            out.append(
                Finding(
                    E,
                    "weapons",
                    "V7",
                    f"Weapons: {w.name} is Ranged but names no band ({', '.join(qc.bands)}) (L225-L227).",
                    where,
                )
            )
    h = ch.hindrance
    if h >= qc.hindrance.destroyed:
        out.append(Finding(W, "hindrance", "H4", f"Hindrance {h}: Destroyed, beyond recovery (L214).", "hindrance"))
    elif h >= qc.hindrance.disabled:
        out.append(
            Finding(
                W,
                "hindrance",
                "H3",
                f"Hindrance {h}: Disabled; no moving, Evading or physical actions (L213).",
                "hindrance",
            )
        )
    return out
