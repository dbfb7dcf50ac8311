"""A character is the list of choices made at each of the eight steps.

Statistics, skills, advantages, feats and points spent are computed from these
choices (``landsraad.character.build``), never stored twice.  These classes are the
saved document (``landsraad.character.document``), so every field is plain data.
"""

from __future__ import annotations

from typing import Any, Literal

import attrs

from landsraad.rules.assets import Asset

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
    levels: int = 1  # statistic points, skill levels, Special Dice boxes, advantage rating/tier
    field: str = ""  # a field skill's field ("Imperial History")
    detail: str = ""  # Worldly's culture, Preternatural Statistic's statistic


@attrs.define
class Conversion:
    """Step 06 cash-in of a Narrow Skill into its Broad Skill (L2827)."""

    narrow: str  # skill key of the narrow skill
    top_up: bool = False  # pay 1 CP first so an odd rating loses nothing


@attrs.define
class Clock:
    """The healing of one box or one Complication level: days of rest so far and the days a
    physician's, therapist's or campaign's Width has cut off (dice-and-play.md §2.7)."""

    days: int = 0
    cut: int = 0


@attrs.define
class HeldComplication:
    """A Complication the character has (condition.toml), where it is, and its healing."""

    id: str
    detail: str = ""  # the arm, the face, the source of the phobia
    levels_healed: int = 0  # a Complication heals 1 week per level (L396)
    clock: Clock = attrs.Factory(Clock)


@attrs.define
class HeldSetback:
    """A timed dice penalty (a failed Allies roll: -1d to Allies rolls for 1 week, L1349)."""

    id: str
    days_left: int


@attrs.define
class Condition:
    """The character in play: damage boxes ticked, Complications, healing clocks, uses spent."""

    damage: dict[str, int] = attrs.Factory(dict)  # statistic -> boxes ticked
    complications: list[HeldComplication] = attrs.Factory(list)
    healing: dict[str, Clock] = attrs.Factory(dict)  # damage kind -> the box healing now
    uses: dict[str, int] = attrs.Factory(dict)  # use id -> times spent since its reset
    extra_uses: dict[str, int] = attrs.Factory(dict)  # use id -> uses the Judge added (Other Memory)
    setbacks: list[HeldSetback] = attrs.Factory(list)


@attrs.define
class PlayEntry:
    """One line of the character's evening: damage taken, healing, a roll and its reading, a use."""

    what: str  # "damage" | "heal" | "roll" | "use" | "reset" | "setback"
    text: str  # what happened, in words
    when: str = ""  # ISO 8601 time
    faces: list[int] = attrs.Factory(list)  # a roll's dice (empty otherwise)
    seed: int | None = None  # None = typed in (or no roll)
    reading: str = ""  # the reading picked ("3x9 + 2x8 -> Full House 4x9")
    # a roll's full record (landsraad.play.record.RollRecord.to_json(): pool, parts, special,
    # the reading chosen, the opponent's dice); None for every other line
    record: dict[str, Any] | None = None


@attrs.define
class Character:
    name: str = ""
    player: str = ""
    sex: str = ""  # recorded for Bene Gesserit Adept's requirement (L3073)
    house: str = ""
    description: str = ""  # Step 08: parents, appearance, dress, how you joined the House
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
    # Dune conflict assets the character holds (content/dune-conflict, conflict-assets.txt L5-L19)
    assets: list[Asset] = attrs.Factory(list)
    # in play (issue 25): the condition and the evening's log (damage, healing, rolls, uses)
    condition: Condition = attrs.Factory(Condition)
    log: list[PlayEntry] = attrs.Factory(list)

    def step(self, step_id: str) -> TemplateChoice:
        return getattr(self, step_id.replace("-", "_"))
