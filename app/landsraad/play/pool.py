"""The dice pool (spec dice-and-play.md §1.1, §1.6, §1.7, §1.9 steps 1-5).

``build_pool`` is the procedure for any pool: the base parts (Statistic + Skill, or a plain
number), bonus and penalty dice, the multiple-action penalty, the Special Die Rating and
its bonuses.  Order (S3, §1.9): Protect (D29) cancels dice penalties first with the rating
points beyond 5; then a dice penalty lowers the Special Die Rating *instead of* the pool
until the rating is 0 (D26, reading A1 (a)); then ``pool = base + bonus - penalty``, capped
at 10 (D3: the cap after the modifiers).  A rating of 5 or more is a Master Die, 1-4 an
Expert Die at 7 with ``rating - 1`` nudges (D24, D28).

``character_pool`` reads the base from a character's sheet (``character.build``): the
statistic's current value (a damaged statistic counts as it stands: pass ``statistics``),
the skill (a Narrow skill uses its Broad skill's rating when that is higher, L1290), the
skill's Special Dice boxes, and the bonuses of the character's advantages and feats that
the player says apply (``content.dice_bonuses``; situational, so never applied unasked).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal

import attrs

from landsraad.errors import DiceError
from landsraad.rules.pages import page_of_ref

MAX_DICE = 10  # D3: never roll more than 10 dice unless the rules say so
UNWORTHY_MAX = 15  # UO2: the Unworthy pool
MASTER_RATING = 5  # D24: SDR 5 -> one Master Die
SpecialKind = Literal["none", "expert", "master"]


def _page(line: str) -> int | None:
    return page_of_ref(line)


@attrs.frozen
class Part:
    """One named part of a pool: its dice (signed), the rule id, the rulebook line and page."""

    label: str
    dice: int
    rule: str = ""
    line: str = ""

    @property
    def page(self) -> int | None:
        return _page(self.line) if self.line else None

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "dice": self.dice, "rule": self.rule, "line": self.line, "page": self.page}


@attrs.frozen
class Special:
    """The Special Die of a pool after penalties, bonuses and Protect.

    ``rating``: the Special Die Rating left (0: none).  ``kind``: "expert" (1-4: one die at 7,
    ``rating - 1`` nudges after the roll), "master" (5+: set to any value after the roll) or
    "none".  ``protect``: rating points beyond 5 still free to cancel a -1 Height (D29).
    ``nominated``: whether the die is taken out of the pool (the player may decline)."""

    rating: int = 0
    nominated: bool = False
    protect: int = 0
    rating_before: int = 0  # the rating before penalties and Protect took from it

    @property
    def kind(self) -> SpecialKind:
        if not self.nominated or self.rating <= 0:
            return "none"
        return "master" if self.rating >= MASTER_RATING else "expert"

    @property
    def nudges(self) -> int:
        return self.rating - 1 if self.kind == "expert" else 0

    @property
    def values(self) -> tuple[int, ...]:
        """The values the Special Die may end at: Expert 7..min(10, 6 + rating) (D28, S2),
        Master 1..10 (D25); () when none is nominated."""
        if self.kind == "expert":
            return tuple(range(7, min(10, 6 + self.rating) + 1))
        if self.kind == "master":
            return tuple(range(1, 11))
        return ()

    def to_json(self) -> dict[str, Any]:
        # expert: how many Expert Dice (the rating, 0 when none); master: a Master Die or not
        return {
            "kind": self.kind,
            "expert": self.rating if self.kind == "expert" else 0,
            "master": self.kind == "master",
            "rating": self.rating if self.nominated else 0,
            "nudges": self.nudges,
            "protect": self.protect,
            "nominated": self.kind != "none",
            "rating_before": self.rating_before,
        }


@attrs.frozen
class Pool:
    """A dice pool as the rules build it: ``dice`` go on the table (a nominated Special Die
    is one of them and is not rolled: ``rolled`` is what is thrown)."""

    dice: int
    parts: tuple[Part, ...]
    special: Special = Special()
    base: int = 0
    capped: bool = False  # D3 removed dice above the cap
    name: str = ""  # "Prowess + Duel"
    readings_used: tuple[str, ...] = ()  # spec ids of the recommended readings applied (A1, S1, S8 …)
    offered: tuple[str, ...] = ()  # bonuses the character has for this skill, not applied (ids)

    @property
    def rolled(self) -> int:
        return max(self.dice - (1 if self.special.kind != "none" else 0), 0)

    @property
    def fails(self) -> bool:
        """No dice: nothing is rolled and the action fails (D4, S1)."""
        return self.dice <= 0

    def to_json(self) -> dict[str, Any]:
        return {
            "pool": self.dice,
            "rolled": self.rolled,
            "base": self.base,
            "name": self.name,
            "parts": [p.to_json() for p in self.parts],
            "capped": self.capped,
            "special": self.special.to_json(),
            "readings_used": list(self.readings_used),
            "offered": list(self.offered),
        }


def throw(pool: Pool, typed: str | None = None, seed: int | None = None) -> Any:
    """The dice thrown for ``pool`` (a ``dice.Roll``): ``typed`` from physical dice, exactly
    ``pool.rolled`` of them (V1: a nominated Special Die is not thrown, so not typed), or
    rolled from ``seed`` (drawn and recorded when None).  No dice: an empty roll (S1)."""
    from landsraad.dice import Roll, parse_dice, roll_pool

    if typed is not None:
        if seed is not None:
            raise DiceError("typed dice have no seed")
        got = parse_dice(typed)
        if len(got) != pool.rolled:
            special = " (the Special Die is not thrown: type the others)" if pool.special.kind != "none" else ""
            raise DiceError(f"expected {pool.rolled} dice, got {len(got)} in {typed.strip()!r}{special}")
        return got
    if pool.rolled == 0:
        return Roll((), None)
    return roll_pool(pool.rolled, seed)


def _count(value: object, what: str, low: int = 0, high: int = 99) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise DiceError(f"{what} is a whole number {low} to {high}, not {value!r}")
    return value


def build_pool(
    base: Sequence[Part],
    *,
    bonus: int = 0,
    penalty: int = 0,
    actions: int = 1,
    rating: int = 0,
    rating_bonus: int = 0,
    nominate: bool = True,
    cap: int = MAX_DICE,
    bonus_parts: Sequence[Part] = (),
    name: str = "",
    extra_time: int = 0,
    protect_height: int = 0,
) -> Pool:
    """The pool of §1.9 steps 1-5 from its base parts (already the lowest pool for a
    multiple action).  ``bonus``/``penalty``: dice (+Nd / -Nd, D11-D13); ``actions``: how
    many actions the roll declares (-1d for each beyond the first, D32); ``rating``: the
    skill's Special Die Rating, ``rating_bonus`` what advantages and feats add to it (D27);
    ``nominate=False``: the player takes no Special Die (all penalties hit the pool);
    ``bonus_parts``: named bonus dice (advantages, feats), counted with ``bonus``;
    ``extra_time``: 1 for Extra Time (+1d), 2 for Double Extra Time (+2d) (D13, L160);
    ``protect_height``: Protect points (beyond 5) the player keeps for -1 Height penalties
    instead of the dice penalties (D29; §5's default is the dice first, 0)."""
    bonus = _count(bonus, "a bonus")
    penalty = _count(penalty, "a penalty")
    actions = _count(actions, "the number of actions", 1, 10)
    rating = _count(rating, "a Special Die Rating")
    rating_bonus = _count(rating_bonus, "a Special Die bonus")
    if extra_time not in (0, 1, 2):
        raise DiceError(f"Extra Time is 1 (+1d) or 2 (Double Extra Time, +2d), not {extra_time!r}")
    parts = list(base) + list(bonus_parts)
    used: list[str] = []
    if extra_time:
        parts.append(Part("Extra Time +1d" if extra_time == 1 else "Double Extra Time +2d", extra_time, "D13", "L160"))
    if bonus:
        parts.append(Part(f"Bonus +{bonus}d", bonus, "D12", "L160"))
    dice_penalty = penalty + actions - 1
    if penalty:
        parts.append(Part(f"Penalty −{penalty}d", -penalty, "D11", "L156"))
    if actions > 1:
        parts.append(Part(f"{actions} actions: −{actions - 1}d", -(actions - 1), "D32", "L169"))
    r = rating + rating_bonus if nominate else 0
    before = r
    protect = max(r - MASTER_RATING, 0)
    kept = min(_count(protect_height, "Protect points for the Height"), protect)
    if kept:
        # spent on the Height before the dice penalties reach the rating (E.g.7: spending a
        # point lowers the rating)
        r -= kept
        protect -= kept
        parts.append(Part(f"Protect: {kept} Special Die point(s) beyond 5 kept for −{kept} Height", 0, "D29", "L250"))
    if protect and dice_penalty:
        spent = min(protect, dice_penalty)  # §5 default: Protect dice penalties first
        protect -= spent
        r -= spent
        dice_penalty -= spent
        parts.append(Part(f"Protect: {spent} Special Die point(s) beyond 5 cancel −{spent}d", spent, "D29", "L250"))
    if r and dice_penalty:
        taken = min(r, dice_penalty)  # A1 (a): the rating takes the penalty instead
        was = r
        r -= taken
        dice_penalty -= taken
        parts.append(Part(f"Special Die Rating takes −{taken}d first ({was} → {r})", taken, "D26", "L245"))
        used.append("A1")
    total = sum(p.dice for p in parts)
    dice = min(total, cap)
    capped = total > cap
    if capped:
        parts.append(Part(f"Cap: {total} → {cap} dice (after the modifiers)", cap - total, "D3", "L129"))
    if dice <= 0:
        used.append("S1")
    nominated = nominate and r > 0 and dice > 0
    left = kept + (max(r - MASTER_RATING, 0) if kept else protect)
    special = Special(rating=r, nominated=nominated, protect=left if nominated else 0, rating_before=before)
    base_dice = sum(p.dice for p in base)
    return Pool(
        dice=max(dice, 0),
        parts=tuple(parts),
        special=special,
        base=base_dice,
        capped=capped,
        name=name,
        readings_used=tuple(used),
    )


def plain_pool(
    n: int,
    *,
    expert: int = 0,
    master: bool = False,
    nominate: bool = True,
    bonus: int = 0,
    penalty: int = 0,
    actions: int = 1,
    cap: int = MAX_DICE,
    extra_time: int = 0,
    protect_height: int = 0,
) -> Pool:
    """A pool of ``n`` dice with no character (``landsraad roll --pool N``): ``expert``
    Expert Dice (a rating of 1-4) or a ``master`` Die (rating 5)."""
    n = _count(n, "a dice pool", 1, 100)
    expert = _count(expert, "the Expert Dice", 0, 4)
    if expert and master:
        raise DiceError("one Special Die per pool: Expert Dice or a Master Die, not both (D23, D28)")
    rating = MASTER_RATING if master else expert
    return build_pool(
        [Part(f"Pool {n}", n, "D2", "L127")],
        bonus=bonus,
        penalty=penalty,
        actions=actions,
        rating=rating,
        nominate=nominate,
        cap=cap,
        name=f"{n} dice",
        extra_time=extra_time,
        protect_height=protect_height,
    )


@attrs.frozen
class Choice:
    """One Statistic + Skill the roll may use (a multiple action lists one per action)."""

    statistic: str
    skill: str


def character_pool(
    character: Any,
    content: Any,
    statistic: str,
    skill: str,
    *,
    bonus: int = 0,
    penalty: int = 0,
    actions: int = 1,
    others: Iterable[Choice] = (),
    nominate: bool = True,
    use: Iterable[str] = (),
    statistics: Mapping[str, int] | None = None,
    sheet: Any = None,
    extra_time: int = 0,
    protect_height: int = 0,
) -> Pool:
    """The pool of ``statistic`` + ``skill`` for ``character`` (§1.9 steps 1-5).

    ``others``: the other actions' Statistic + Skill in a multiple action: the lowest pool
    is rolled (D32) and its skill gives the Special Die (S8).  ``use``: ids of the
    character's dice bonuses (``content.dice_bonuses``) that apply to this roll.
    ``statistics``: the statistics' current values where damage lowered them (DM3); the
    sheet's values otherwise.  A statistic or skill the rules do not know is a DiceError."""
    from landsraad.character.build import build, key_skill_id
    from landsraad.play.content import bonuses_for, load_dice_content

    if sheet is None:
        sheet, _ = build(character, content)
    current = dict(sheet.statistics)
    if statistics:
        current.update(statistics)
    elif getattr(character, "condition", None) is not None and character.condition.damage:
        # DM3 (L302): a ticked damage box lowers the statistic itself, so every pool uses it
        from landsraad.play.condition import current_statistics

        current = current_statistics(current, character.condition)
    candidates = [_base(content, sheet, current, Choice(statistic, skill))]
    candidates += [_base(content, sheet, current, o) for o in others]
    # the lowest pool (D32); ties keep the first declared
    chosen = min(candidates, key=lambda c: c[0][0].dice + c[0][1].dice)
    base_parts, key = chosen
    used = ["S8"] if len(candidates) > 1 else []
    if len(candidates) > 1:
        low = base_parts[0].dice + base_parts[1].dice
        base_parts = [*base_parts, Part(f"Lowest of the {len(candidates)} actions' pools: {low}", 0, "D32", "L169")]
    rating = sheet.special_dice.get(key, 0) if key else 0
    dc = load_dice_content()
    skill_id = key_skill_id(key) if key else ""
    broad = content.skills[skill_id].broad if skill_id in content.skills else ""
    have = bonuses_for(dc, sheet, skill_id, broad)
    wanted = list(dict.fromkeys(use))
    unknown = [w for w in wanted if w not in {b.id for b in have}]
    if unknown:
        offered = ", ".join(b.id for b in have) or "none"
        raise DiceError(f"--use {unknown[0]}: not a dice bonus this character has for {skill} (offered: {offered})")
    bonus_parts, rating_bonus = [], 0
    for b in have:
        if b.id in wanted:
            if b.dice:
                bonus_parts.append(Part(f"{b.name}: +{b.dice}d ({b.when})", b.dice, "D12", b.line))
            if b.special:
                rating_bonus += b.special
                bonus_parts.append(Part(f"{b.name}: +{b.special} Special Die ({b.when})", 0, "D27", b.line))
    name = " + ".join(p.label.rsplit(" ", 1)[0] for p in base_parts[:2])
    pool = build_pool(
        base_parts,
        bonus=bonus,
        penalty=penalty,
        actions=actions,
        rating=rating,
        rating_bonus=rating_bonus,
        nominate=nominate,
        bonus_parts=bonus_parts,
        name=name,
        extra_time=extra_time,
        protect_height=protect_height,
    )
    return attrs.evolve(
        pool, readings_used=tuple(used) + pool.readings_used, offered=tuple(b.id for b in have if b.id not in wanted)
    )


def _base(content: Any, sheet: Any, current: Mapping[str, int], choice: Choice) -> tuple[list[Part], str]:
    """The Statistic and Skill parts of one action, and the skill key whose Special Dice it uses."""
    from landsraad.character.build import parse_token, skill_key

    stat = content.statistics.get(choice.statistic)
    if stat is None:
        known = ", ".join(content.statistics)
        raise DiceError(f"unknown statistic {choice.statistic!r} (one of {known})")
    sid, fld = parse_token(choice.skill)
    skill = content.skills.get(sid) or next(
        (s for s in content.skills.values() if sid in {a.lower() for a in s.aliases} or sid == s.name.lower()), None
    )
    if skill is None:
        raise DiceError(f"unknown skill {choice.skill!r} (see `landsraad content list skills`)")
    key = skill_key(skill.id, fld) if fld else skill.id
    if skill.field and not fld:
        # a field skill named without its field: the character's one instance, if there is one
        held = [k for k in sheet.skills if k.split("(", 1)[0] == skill.id]
        if len(held) == 1:
            key = held[0]
        elif len(held) > 1:
            raise DiceError(
                f"{skill.name}: name the field, one of " + ", ".join(sheet.skill_fields.get(k, k) for k in held)
            )
    rating = sheet.skills.get(key, 0)
    label = skill.name + (f" ({sheet.skill_fields.get(key, fld)})" if (fld or "(" in key) else "")
    parts = [
        Part(f"{stat.name} {current.get(stat.id, 0)}", current.get(stat.id, 0), "D2", "L127"),
        Part(f"{label} {rating}", rating, "D2", skill.line.split(",")[0].strip() or "L127"),
    ]
    if skill.kind == "narrow" and skill.broad:
        broad = content.skills[skill.broad]
        broad_rating = sheet.skills.get(skill.broad, 0)
        if broad_rating > rating:
            parts[1] = Part(
                f"{broad.name} {broad_rating} (higher than {label} {rating}: L1290)", broad_rating, "D2", "L1290"
            )
            key = skill.broad
    return parts, key
