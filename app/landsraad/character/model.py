"""A character is the list of choices made at each of the eight steps.

Statistics, skills, advantages, feats and points spent are computed from these
choices (``landsraad.character.build``), never stored twice.  These classes are the
saved document (``landsraad.character.document``), so every field is plain data.
"""

from __future__ import annotations

from typing import Literal

import attrs

# The eight steps of "Putting it all together" (L2804–L2838), in order.
STEPS: tuple[tuple[str, str], ...] = (
    ("statistics", "Statistics"),
    ("early-life", "Early Life"),
    ("vocational-conditioning", "Vocational Conditioning"),
    ("house-service", "House Service"),
    ("personal-calling", "Personal Calling"),
    ("extras", "Extras"),
    ("caste", "Caste"),
    ("finishing-touches", "Finishing Touches"),
)
STEP_NAMES = dict(STEPS)
STEP_IDS = tuple(s for s, _ in STEPS)
TEMPLATE_STEP_IDS = ("early-life", "vocational-conditioning", "house-service", "personal-calling")


@attrs.define
class TemplateChoice:
    """What was taken at one template step (02–05)."""

    template: str | None = None
    # answer to the N-th "choose …" (1-based, as printed): tokens "id" or "id(field)";
    # a feat choice's tokens are feat ids.
    picks: dict[int, list[str]] = attrs.Factory(dict)
    # texts the player records: a grant's ref -> field/culture, or an "asks" label -> text
    details: dict[str, str] = attrs.Factory(dict)


PurchaseKind = Literal["statistic", "skill", "special-die", "advantage", "feat"]


@attrs.define
class Purchase:
    """One Step 06 purchase with Character Points."""

    kind: PurchaseKind
    id: str
    levels: int = 1           # statistic points, skill levels, Special Dice boxes, advantage rating/tier
    field: str = ""           # a field skill's field ("Imperial History")
    detail: str = ""          # Worldly's culture, Preternatural Statistic's statistic


@attrs.define
class Conversion:
    """Step 06 cash-in of a Narrow Skill into its Broad Skill (L2827)."""

    narrow: str               # skill key of the narrow skill
    top_up: bool = False      # pay 1 CP first so an odd rating loses nothing


@attrs.define
class Character:
    name: str = ""
    player: str = ""
    sex: str = ""             # recorded for Bene Gesserit Adept's requirement (L3073)
    house: str = ""
    description: str = ""     # Step 08: parents, appearance, dress, how you joined the House
    equipment: str = ""
    notes: str = ""
    early_life: TemplateChoice = attrs.Factory(TemplateChoice)
    vocational_conditioning: TemplateChoice = attrs.Factory(TemplateChoice)
    house_service: TemplateChoice = attrs.Factory(TemplateChoice)
    personal_calling: TemplateChoice = attrs.Factory(TemplateChoice)
    extras: list[Purchase] = attrs.Factory(list)
    conversions: list[Conversion] = attrs.Factory(list)
    # two-aspect advantages: advantage id -> [first, second] aspect ratings
    aspects: dict[str, list[int]] = attrs.Factory(dict)
    caste: str | None = None

    def step(self, step_id: str) -> TemplateChoice:
        return getattr(self, step_id.replace("-", "_"))
