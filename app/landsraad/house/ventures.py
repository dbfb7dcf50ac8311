"""House Ventures: the month's Scores and Ratings, uses, pools, rolls and effects
(L4898-L4923; spec domain-management §3, §4, §7).

Scores in play = the creation scores (``landsraad.house.scores``) with the ledger of
play changes replayed over them, clamped to 0..60 at every step (S4).  Ratings are
fixed for the month (S3): Venture effects wait in their record until ``end_month``.

A Venture's pool (§3.1, in this order): eff(a) + eff(b), where
eff(t) = max(1, Rating(t) - U(t)) and U(t) counts the House's own Ventures this month
whose pool holds t (A1 total reading, A2); Warfare capped at eff(Treasury) in Attack and
Appropriate (A19); +1 if the active Strategy favours a or b (A4); + Operation bonuses
(S15); +1 Reputation (L4850); at most 10 dice (L129).  Counter pools are the defender's
eff + Strategy (A3, A4), capped at 10 too.

Every edit here is a named function that changes the Fief in place and returns it, so
the window can run it inside ``Document.edit`` as one undo step.
"""

from __future__ import annotations

from collections import Counter

import attrs

from landsraad.dice import Roll, RollLogEntry, parse_dice, roll_pool
from landsraad.errors import ChoiceError, DiceError
from landsraad.house import counter as ore
from landsraad.house.calendar import date_of
from landsraad.house.content import HouseContent
from landsraad.house.domain_model import (
    HIGH,
    DiceRecord,
    ScoreChange,
    TurnEntry,
    VentureRecord,
)
from landsraad.house.domain_tables import CHOSEN, DomainContent, Venture
from landsraad.house.model import Fief, House
from landsraad.house.scores import clamp_score, house_scores, rating_of
from landsraad.slug import slugify


# ----- Houses, Scores and Ratings in play -------------------------------------------
def find_house(fief: Fief, token: str) -> House:
    """A House by id or name (case and accents of the slug ignored); ChoiceError names them all."""
    key = slugify(token)
    for h in fief.houses:
        if token == h.id or key in (h.id, slugify(h.name)) or key == slugify("house " + h.name):
            return h
    raise ChoiceError(f"no House {token!r} in this Fief (Houses: {', '.join(h.name for h in fief.houses)})")


def replay(start: dict, changes, hc: HouseContent) -> dict:
    scores = dict(start)
    for ch in changes:
        for t, d in ch.deltas.items():
            scores[t] = clamp_score(scores.get(t, 0) + d, hc)
    return scores


def play_scores(fief: Fief, house: House, hc: HouseContent) -> dict:
    """The House's Trait Scores now: creation, then every change of play in order."""
    return replay(house_scores(fief, house, hc).scores, house.domain.changes, hc)


def play_ratings(fief: Fief, house: House, hc: HouseContent) -> dict:
    scores = play_scores(fief, house, hc)
    return {t: rating_of(scores[t], hc) for t in hc.trait_ids}


def venture_traits(rec: VentureRecord, dc: DomainContent) -> list[str]:
    """The two traits of its pool, Surveillance's "chosen" replaced by the trait named."""
    v = dc.venture(rec.venture)
    return [(rec.target or "") if t == CHOSEN else t for t in v.pool]


def uses(house: House, dc: DomainContent) -> Counter:
    """U(t): the House's own Ventures this month whose pool holds t, once per Venture (A2);
    declared Ventures count, rolled or not, neutralised or not (S16)."""
    u: Counter = Counter()
    for rec in house.domain.ventures:
        for t in set(venture_traits(rec, dc)):
            if t:
                u[t] += 1
    return u


def effective(fief: Fief, house: House, hc: HouseContent, dc: DomainContent) -> dict:
    """eff(t) = max(1, Rating(t) - U(t)) (L4905, A1): every roll of the House this month."""
    ratings = play_ratings(fief, house, hc)
    u = uses(house, dc)
    floor = dc.use_penalty.floor
    lowered: Counter = Counter()  # a gear's cost lowers the Rating for a month (L3921, S20)
    for p in house.domain.penalties:
        if p.month == fief.month:
            lowered[p.trait] += p.amount
    return {t: max(floor, ratings[t] - u.get(t, 0) - lowered.get(t, 0)) for t in hc.trait_ids}


def strategy_trait(house: House, dc: DomainContent) -> str:
    return dc.strategy(house.domain.strategy).trait


# ----- pools ------------------------------------------------------------------------
@attrs.frozen
class Pool:
    traits: tuple[str, ...]
    parts: tuple[tuple[str, int], ...]  # ("Territory (eff)", 1), ("Builder", 1), ...
    total: int  # before the cap
    dice: int  # what is rolled: min(10, total), 0 if nothing
    special: int = 0  # Special Die Rating on this roll

    def to_json(self) -> dict:
        return {
            "traits": list(self.traits),
            "parts": [{"what": w, "dice": n} for w, n in self.parts],
            "total": self.total,
            "dice": self.dice,
            "special": self.special,
        }


def ref(house: House, director: str) -> str:
    """How an Operation names a Venture: "HOUSE-ID:Director Name"."""
    return f"{house.id}:{director}"


def _aimed_at(fief: Fief, house: House, rec: VentureRecord):
    """Every resolved Operation of the month (of any House) that names this Venture."""
    key = ref(house, rec.director).casefold()
    for h in fief.houses:
        for op in h.domain.operations:
            if op.venture and op.venture.casefold() == key and op.resolved:
                yield h, op


def acting_pool(fief: Fief, house: House, rec: VentureRecord, hc: HouseContent, dc: DomainContent) -> Pool:
    v = dc.venture(rec.venture)
    eff = effective(fief, house, hc, dc)
    traits = venture_traits(rec, dc)
    a, b = (traits + traits)[:2] if len(traits) == 1 else traits
    name = {t.id: t.name for t in hc.traits}
    parts: list[tuple[str, int]] = []
    ea, eb = eff[a], eff[b]
    if v.might_cap:  # A19, L791
        if a == "warfare" and ea > eff["treasury"]:
            ea = eff["treasury"]
        if b == "warfare" and eb > eff["treasury"]:
            eb = eff["treasury"]
    parts.append((f"{name[a]} {ea}" + (" (capped at Treasury)" if ea != eff[a] else ""), ea))
    if len(traits) == 2:
        parts.append((f"{name[b]} {eb}" + (" (capped at Treasury)" if eb != eff[b] else ""), eb))
    st = dc.strategy(house.domain.strategy)
    if st.trait and st.trait in (a, b):
        parts.append((f"{st.name} Strategy", 1))
    if v.director_statistic:  # the gear Venture (L3915)
        from landsraad.house.operations import statistic_ratings

        hh = house.domain.householder(rec.director)
        n = statistic_ratings(hh).get(v.director_statistic) if hh else None
        if n is None:
            raise ChoiceError(
                f"{rec.director}'s {v.director_statistic} is not known: link their character or "
                f"type it (--rating {v.director_statistic}=N)"
            )
        parts.insert(0, (f"{rec.director}'s {v.director_statistic.capitalize()} {n}", n))
    special = rec.special
    for h, op in _aimed_at(fief, house, rec):
        if op.bonus:
            parts.append((f"{dc.operation(op.operation).name} by {op.actor} ({h.name})", op.bonus))
        special += op.special if h is house else 0
    if rec.reputation:
        parts.append(("Reputation", 1))
    total = sum(n for _, n in parts)
    return Pool(tuple(traits), tuple(parts), total, max(0, min(dc.budget.max_pool, total)), min(special, 10))


def counter_pool(
    fief: Fief, defender: House, traits, hc: HouseContent, dc: DomainContent, reputation: bool = False
) -> Pool:
    """The defender's eff of two traits + its Strategy's die (A3, A4) + its Reputation's die
    when spent on this counter (L4850), at most 10."""
    eff = effective(fief, defender, hc, dc)
    name = {t.id: t.name for t in hc.traits}
    parts = [(f"{name[t]} {eff[t]}", eff[t]) for t in traits]
    st = dc.strategy(defender.domain.strategy)
    if st.trait and st.trait in traits:
        parts.append((f"{st.name} Strategy", 1))
    if reputation:
        parts.append(("Reputation", 1))
    total = sum(n for _, n in parts)
    return Pool(tuple(traits), tuple(parts), total, min(dc.budget.max_pool, total))


def misinform_difficulty(house: House, dc: DomainContent) -> int:
    """The highest Difficulty of the House's resolved Misinforms this month (S7, S8)."""
    best = 0
    for rec in house.domain.ventures:
        if dc.venture(rec.venture).effect == "misinform" and rec.resolved and rec.width:
            best = max(best, min(10, dc.venture(rec.venture).multiplier * rec.width))
    return best


def difficulty(fief: Fief, house: House, rec: VentureRecord, hc: HouseContent, dc: DomainContent) -> int:
    v = dc.venture(rec.venture)
    if v.difficulty == "target-rating":  # Develop, A22: the month's Rating
        return play_ratings(fief, house, hc)[rec.target]
    if v.difficulty == "judge":  # the gear's DIFFICULTY (S20)
        return rec.difficulty
    if v.effect in ("reveal-strategy", "surveil") and rec.against:
        return misinform_difficulty(find_house(fief, rec.against), dc)
    return 0


def manipulations(fief: Fief) -> dict:
    """Squish and Squash, if the Judge made them "available as standard during play" (L216, S9)."""
    return {"squish": "squish" in fief.manipulations, "squash": "squash" in fief.manipulations}


def set_manipulation(fief: Fief, which: str, on: bool) -> Fief:
    """The Judge allows (or not) Squashing (Height -2 for Width +1) or Squishing (Width -1
    for Height +2) on every House roll of the Fief, one manipulation a roll (L216)."""
    from landsraad.house.domain_model import MANIPULATIONS

    if which not in MANIPULATIONS:
        raise ChoiceError(f"{which!r}: the manipulations the Judge may allow are {', '.join(MANIPULATIONS)} (L216)")
    if on and which not in fief.manipulations:
        fief.manipulations.append(which)
    elif not on and which in fief.manipulations:
        fief.manipulations.remove(which)
    fief.turn.append(
        TurnEntry(
            fief.month,
            "",
            "rules",
            f"{which.capitalize()}ing is {'allowed' if on else 'not allowed'} on House rolls (L216)",
        )
    )
    return fief


# ----- declaring --------------------------------------------------------------------
def declare_venture(
    fief: Fief,
    house_id: str,
    venture_id: str,
    director: str,
    target: str | None = None,
    against: str | None = None,
    hc: HouseContent | None = None,
    dc: DomainContent | None = None,
    maintain=(),
    fake_strategy: str | None = None,
    fake_ventures=(),
    gear: str = "",
    gear_difficulty: int = 0,
    gear_cost: int = 0,
    gear_holding: str = "",
    gear_time: str = "",
    gear_count: int = 1,
) -> Fief:
    """A High Householder directs a Venture this month (R1, R3); ChoiceError says why not."""
    hc, dc = _contents(hc, dc)
    house = find_house(fief, house_id)
    v = dc.venture(venture_id)
    late = declare_refusal(fief, house, dc)
    if late:
        raise ChoiceError(late)
    hh = house.domain.householder(director)
    if hh is None or hh.rank != HIGH or hh.status != "active":
        raise ChoiceError(
            f"{director!r} is not an active High Householder of House {house.name}: only they "
            "direct Ventures (L4885, A14)"
        )
    if house.domain.venture_of(hh.name) is not None:
        raise ChoiceError(f"{hh.name} already directs a Venture this month (one a month, L4883)")
    tid = hc.trait_id(target) if target else None
    if target and tid is None:
        raise ChoiceError(f"unknown trait {target!r} (traits: {', '.join(hc.trait_ids)})")
    rival = None
    if v.target in ("rival-trait", "rival-house"):
        if not against:
            raise ChoiceError(f"{v.name} names a rival House (--against)")
        rival = find_house(fief, against)
        if rival is house:
            raise ChoiceError(f"{v.name} targets a rival House, not House {house.name} itself")
    elif against:
        raise ChoiceError(f"{v.name} targets no rival House ({v.text})")
    if v.target in ("rival-trait", "own-trait"):
        if tid is None:
            raise ChoiceError(f"{v.name} names a trait (--target: {', '.join(v.target_traits)})")
        if tid not in v.target_traits:
            raise ChoiceError(f"{v.name} cannot target {tid} (only {', '.join(v.target_traits)}, {v.line})")
    elif tid is not None:
        raise ChoiceError(f"{v.name} names no trait")
    if v.target == "gear":
        if not gear.strip():
            raise ChoiceError("a Gear Venture names the gear (--gear)")
        if not 1 <= gear_difficulty <= 10:
            raise ChoiceError(f"the gear's Difficulty is 1 to 10 (L154), not {gear_difficulty} (--difficulty)")
        if gear_cost < 0:
            raise ChoiceError("a gear's cost is 0 or more")
        from landsraad.house.domain_model import GEAR_TIMES

        if gear_time and gear_time not in GEAR_TIMES:
            raise ChoiceError(f"a gear's Time is {', '.join(GEAR_TIMES)} (L3919), not {gear_time!r}")
        if gear_holding:
            if hc.holding(gear_holding) is None:
                raise ChoiceError(f"no holding {gear_holding!r} ({', '.join(x.id for x in hc.holdings)})")
            if not gear_time:
                raise ChoiceError("gear that becomes a holding names its Time (--time days|weeks|months, L3919)")
        if gear_count < 1:
            raise ChoiceError("a gear order is for 1 or more")
    rec = VentureRecord(
        venture=v.id,
        director=hh.name,
        target=tid,
        against=rival.id if rival else None,
        maintain=_traits(maintain, hc),
        fake_strategy=dc.strategy(fake_strategy).id if fake_strategy else None,
        fake_ventures=[dc.venture(x).id for x in fake_ventures],
        gear=gear.strip() if v.target == "gear" else "",
        difficulty=gear_difficulty if v.target == "gear" else 0,
        cost=gear_cost if v.target == "gear" else 0,
        holding=gear_holding if v.target == "gear" else "",
        time=gear_time if v.target == "gear" else "",
        count=gear_count if v.target == "gear" else 1,
    )
    house.domain.ventures.append(rec)
    what = f"{v.name}" + (f" → {rival.name}" if rival else "") + (f" {tid}" if tid else "")
    fief.turn.append(
        TurnEntry(
            fief.month,
            house.id,
            "declare",
            f"{hh.name} directs {what}",
            who=hh.name,
            detail={"venture": v.id, "target": tid, "against": rec.against},
        )
    )
    return fief


def declare_refusal(fief: Fief, house: House, dc: DomainContent) -> str:
    """Why the House can no longer declare a Venture this month ("" if it can): Ventures are
    taken "At the beginning of a Month" (L4898) and every roll of the month uses the Ratings
    less the month's uses (L4905), so once a roll was made with the House's traits (its own
    Venture, its counter to a rival's Venture or Operation) a new use would change a pool
    already rolled.  The window shows it as the reason a Declare is disabled."""

    def said(what: str) -> str:
        return (
            f"Ventures are declared at the start of the month, before any is rolled (L4898, L4905): "
            f"{what} was already rolled with House {house.name}'s traits this month"
        )

    for rec in house.domain.ventures:
        if rec.roll is not None:
            return said(f"{rec.director}'s {dc.venture(rec.venture).name}")
    for h in fief.houses:
        for rec in h.domain.ventures:
            if rec.against == house.id and rec.counter is not None:
                return said(f"House {house.name}'s counter to {rec.director}'s {dc.venture(rec.venture).name}")
        for op in h.domain.operations:
            if op.against == house.id and op.counter is not None and dc.operation(op.operation).counter_is_house:
                return said(f"House {house.name}'s counter to {op.actor}'s {dc.operation(op.operation).name}")
    return ""


def forecast(fief: Fief, house_id: str, director: str, mentat: str = "") -> Fief:
    """A Mentat's Forecast: "Once per month, the Mentat can select a House venture and add 1
    to Special Dice on the roll" (L2783); one a month per House (rec.: the Mentat is one of
    its Householders)."""
    house = find_house(fief, house_id)
    rec = house.domain.venture_of(director)
    if rec is None or rec.resolved:
        raise ChoiceError(f"{director!r} directs no Venture of House {house.name} still to roll")
    if mentat:
        hh = house.domain.householder(mentat)
        if hh is None or hh.status != "active":
            raise ChoiceError(
                f"{mentat!r} is not an active Householder of House {house.name}: the Mentat "
                "forecasts for their own House (L2783)"
            )
        mentat = hh.name
    if any(r.special for r in house.domain.ventures):
        raise ChoiceError("a Mentat's Forecast adds a Special Die once a month (L2783)")
    rec.special += 1
    fief.turn.append(
        TurnEntry(
            fief.month,
            house.id,
            "forecast",
            f"{mentat or 'The Mentat'} forecasts {rec.director}'s Venture: +1 Special Die",
            who=mentat,
        )
    )
    return fief


def _traits(tokens, hc: HouseContent) -> list[str]:
    out = []
    for tok in tokens or ():
        t = hc.trait_id(tok)
        if t is None:
            raise ChoiceError(f"unknown trait {tok!r} (traits: {', '.join(hc.trait_ids)})")
        if t not in out:
            out.append(t)
    return out


def _contents(hc, dc):
    if hc is None:
        from landsraad.house.content import load_house_content

        hc = load_house_content()
    if dc is None:
        from landsraad.house.domain_tables import load_domain_content

        dc = load_domain_content()
    return hc, dc


# ----- rolling ----------------------------------------------------------------------
def roll_of(pool: int, dice: str | None, seed: int | None, what: str) -> Roll:
    """Typed dice (exactly ``pool`` of them, R4) or a seeded roll (a seed drawn if none)."""
    if dice is not None:
        if seed is not None:
            raise DiceError(f"{what}: typed dice or a seed, not both")
        roll = parse_dice(dice)
        if len(roll) != pool:
            raise DiceError(f"{what} rolls {pool} dice, but {len(roll)} were typed ({dice.strip()!r})")
        return roll
    return roll_pool(pool, seed)


def special_roll(pool: int, special: int, seed: int | None) -> Roll:
    """A seeded roll with a Special Die (L245-L247): Expert Dice nominate one die set to 7
    before the roll; Master Die (Rating 5+) is set after it.  The nudges and the Master
    value are chosen later by ``best_special``."""
    rest = roll_pool(pool - 1, seed) if pool > 1 else Roll((), seed if seed is not None else 0)
    return Roll((7,) + rest.faces, rest.seed)


def best_special(faces, special: int, score) -> tuple[int, ...]:
    """Set the nominated die (the first) to its best allowed value: 7 + up to Rating-1
    nudges for Expert Dice, any value for a Master Die; ``score(faces)`` ranks them."""
    if special <= 0 or not faces:
        return tuple(faces)
    values = range(1, 11) if special >= 5 else range(7, min(10, 7 + special - 1) + 1)
    return max((tuple([v] + list(faces[1:])) for v in values), key=score)


# ----- resolving --------------------------------------------------------------------
def resolve_venture(
    fief: Fief,
    house_id: str,
    director: str,
    dice: str | None = None,
    seed: int | None = None,
    against_dice: str | None = None,
    against_seed: int | None = None,
    maintain=None,
    hc: HouseContent | None = None,
    dc: DomainContent | None = None,
    against_reputation: bool = False,
) -> Fief:
    """Roll a declared Venture and its counter, read them (§3.4) and record the pending
    Score changes (applied when the month ends, S3) or what it reveals.
    ``against_reputation``: the rival spends its Reputation, +1d to the counter (L4850)."""
    hc, dc = _contents(hc, dc)
    house = find_house(fief, house_id)
    rec = house.domain.venture_of(director)
    if rec is None:
        raise ChoiceError(f"{director!r} directs no Venture of House {house.name} this month")
    if rec.resolved:
        raise ChoiceError(f"{rec.director}'s {dc.venture(rec.venture).name} is already resolved this month")
    v = dc.venture(rec.venture)
    if maintain is not None:
        rec.maintain = _traits(maintain, hc)
    rival = find_house(fief, rec.against) if rec.against else None
    if v.effect in ("reveal-strategy", "surveil") and rival is not None:
        waiting = [r for r in rival.domain.ventures if dc.venture(r.venture).effect == "misinform" and not r.resolved]
        if waiting:
            raise ChoiceError(
                f"House {rival.name}'s Misinform is not resolved yet: resolve it first "
                "(its Difficulty applies, spec §7 steps 5-6)"
            )
    date = date_of(fief.month, dc.calendar.months_per_year)
    pool = acting_pool(fief, house, rec, hc, dc)
    diff = difficulty(fief, house, rec, hc, dc)
    label = f"{v.name} of House {house.name}" + (f" against House {rival.name}" if rival else "")
    if rec.neutralised:
        why = rec.reason or f"{rec.director} was kidnapped"  # "... was killed" / "... kidnapped" (S17)
        if dice is not None or against_dice is not None:
            raise DiceError(f"{why}: {label} is neutralised and not rolled (L4966, S17); type no dice")
        rec.width, rec.height, rec.reason = 0, None, f"{why}: the Venture is not rolled (S16, S17)"
        _log_turn(fief, house, rec, v, hc, dc)
        return fief
    if pool.dice <= 0:
        if dice is not None:
            raise DiceError(f"{label} rolls no dice (pool {pool.total}), but dice were typed")
        rec.width, rec.height, rec.reason = 0, None, "no dice left in the pool: the Venture fails (S27)"
        _log_turn(fief, house, rec, v, hc, dc)
        return fief
    if dice is None and pool.special:
        roll = special_roll(pool.dice, pool.special, seed)
    else:
        roll = roll_of(pool.dice, dice, seed, label)
    cpool, croll = None, None
    if against_reputation:
        if not v.opposed or rival is None:
            raise ChoiceError(f"{v.name} is unopposed ({v.line}): no counter roll to add a Reputation die to")
        from landsraad.house.facts import spend_monthly

        spend_monthly(fief, rival, "reputation", hc, dc)
        rec.counter_reputation = True
    if v.opposed:
        assert rival is not None  # declare_venture names the rival of an opposed Venture
        cpool = counter_pool(fief, rival, v.counter, hc, dc, rec.counter_reputation)
        croll = roll_of(cpool.dice, against_dice, against_seed, f"the counter of House {rival.name}")
    elif against_dice is not None or against_seed is not None:
        raise DiceError(f"{v.name} is unopposed ({v.line}): no counter dice")
    sabotage = sum(
        op.width
        for _, op in _aimed_at(fief, house, rec)
        if dc.operation(op.operation).effect == "lower-venture" and op.width
    )
    knocked = sum(
        1 for _, op in _aimed_at(fief, house, rec) if dc.operation(op.operation).effect == "knock-die" and op.width
    )
    kw = {
        "difficulty": diff,
        "sabotage": sabotage,
        "knocked": knocked,
        "equal_gobbles": dc.dice.equal_height_gobbles,
        "runs": dc.dice.runs,
        "full_house": dc.dice.full_house,
        **manipulations(fief),
    }
    cfaces = croll.faces if croll is not None else None
    faces = roll.faces
    if dice is None and pool.special:
        faces = best_special(
            faces, pool.special, lambda f: (ore.oppose(f, cfaces, **kw).width, ore.oppose(f, cfaces, **kw).height or 0)
        )
        roll = Roll(faces, roll.seed)
    result = ore.oppose(faces, cfaces, **kw)
    rec.roll = DiceRecord(pool.dice, list(roll.faces), roll.seed)
    rec.parts = [[w, n] for w, n in pool.parts]  # as rolled: the report's pool always adds up
    rec.counter = (
        DiceRecord(cpool.dice, list(croll.faces), croll.seed) if croll is not None and cpool is not None else None
    )
    rec.counter_parts = [[w, n] for w, n in cpool.parts] if cpool is not None and croll is not None else []
    rec.width, rec.height = result.width, result.height
    reason = result.reason
    if sabotage:  # L4973: the Height of the roll lowered before it is read
        reason = f"Sabotaged: every die -{sabotage} Height (L4973, A17): " + reason
    if diff and v.effect != "raise":
        reason = f"Difficulty {diff}: " + reason
    elif diff:
        reason = f"Difficulty {diff} (the {rec.target} Rating): " + reason
    from landsraad.house.operations import legal_flags

    flags = legal_flags(house, rival, v)
    rec.reason = reason + ("; " + "; ".join(flags) if flags else "")
    _effects(fief, house, rival, rec, v, result, roll, hc, dc)
    why = f"{date.label}: {label}" + (f", {rec.target}" if rec.target else "") + f", directed by {rec.director}"
    fief.log.append(RollLogEntry.of(roll, "venture", f"House {house.name}", why, reading=reason))
    if croll is not None and rival is not None:
        fief.log.append(
            RollLogEntry.of(
                croll,
                "counter",
                f"House {rival.name}",
                f"{date.label}: counter to {label}",
                reading=croll.text or "no set",
            )
        )
    _log_turn(fief, house, rec, v, hc, dc)
    return fief


def _effects(fief, house, rival, rec, v: Venture, result: ore.Opposed, roll, hc, dc) -> None:
    w = result.width
    rec.changes, rec.reveals = {}, {}
    if v.effect in ("damage", "damage-gain") and w:
        rec.changes[rival.id] = {rec.target: -v.multiplier * w}
        if v.effect == "damage-gain":
            rec.changes[house.id] = {rec.target: v.multiplier * w}
    elif v.effect == "raise" and w:
        rec.changes[house.id] = {rec.target: w}
    elif v.effect == "maintain":
        if len(rec.maintain) > w:
            rec.reason += f"; only {w} trait(s) may be chosen, kept {', '.join(rec.maintain[:w]) or 'none'}"
            rec.maintain = rec.maintain[:w]
        rec.reveals = {"maintained": list(rec.maintain)}
    elif v.effect == "misinform":
        rec.reveals = {"difficulty": min(10, v.multiplier * w) if w else 0}
    elif v.effect in ("reveal-strategy", "surveil"):
        _learn(fief, house, rival, rec, v, result, roll, hc, dc)
    elif v.effect == "gear" and w:
        from landsraad.house.domain_model import RatingPenalty

        factor = max(0, 6 - w)  # L3919: "subtract the resulting Width from 6"
        rec.reveals = {"gear": rec.gear, "time_factor": factor, "treasury_cost": rec.cost}
        if rec.time:
            from landsraad.house.domain_model import GearOrder

            arrives = fief.month + gear_months(factor, rec.time, dc)
            rec.reveals.update(time=f"{factor} {rec.time}", arrives=arrives)
            house.domain.orders.append(GearOrder(rec.gear, rec.holding, rec.count, fief.month, arrives))
        if rec.cost:
            house.domain.penalties.append(
                RatingPenalty(fief.month + 1, "treasury", rec.cost, f"{rec.gear} obtained in month {fief.month}")
            )


def gear_months(factor: int, time: str, dc: DomainContent) -> int:
    """How many months after the roll's the gear is held from (L3919: Time Factor + Time Trait,
    counted from the start of the month, when Ventures are taken, L4898): days, and weeks up
    to a month, arrive for the next month (the month's Ratings are fixed, S3); weeks count 4 a
    month (S1), rounded up; months are the Time Factor (at least 1)."""
    if time == "months":
        return max(1, factor)
    if time == "weeks":
        return max(1, -(-factor // dc.calendar.weeks_per_month))
    return 1


def _learn(fief, house, rival, rec, v, result, roll, hc, dc) -> None:
    from landsraad.house.domain_model import Knowledge

    fake_from = None
    if not result.width:
        diff = misinform_difficulty(rival, dc)
        before = ore.best(roll.faces)  # A23: the rival's tier before Difficulty and counters
        if diff and before is not None:
            fake_from = max(1, before.width)
    if not result.width and fake_from is None:
        rec.reveals = {"result": None}
        rec.reason += "; no result (the House knows it failed, S19)"
        return
    width = result.width or fake_from
    true = bool(result.width)
    misinform = next(
        (r for r in rival.domain.ventures if dc.venture(r.venture).effect == "misinform" and r.resolved and r.width),
        None,
    )
    fake_strategy = misinform.fake_strategy if misinform is not None else None
    fakes = misinform.fake_ventures if misinform is not None else []
    if v.effect == "reveal-strategy":
        value = rival.domain.strategy if true else (fake_strategy or rival.domain.strategy)
        rec.reveals = {"strategy": value}
        house.domain.knowledge.append(Knowledge(rival.id, "strategy", value, fief.month, "investigate", true))
        return
    if true:
        listed = [r.venture for r in rival.domain.ventures if rec.target in venture_traits(r, dc)]
    else:
        listed = [x for x in fakes if rec.target in dc.venture(x).pool]
    tier = dc.tier(width)
    answer: dict = {"trait": rec.target, "tier": tier.width, "any": bool(listed)}
    if tier.width >= 2:
        answer["count"] = len(listed)
    if tier.width >= 3:
        answer["which"] = listed
    if tier.width >= 4:
        answer["level"] = play_ratings(fief, rival, hc)[rec.target]
    rec.reveals = answer
    house.domain.knowledge.append(Knowledge(rival.id, "ventures", answer, fief.month, "surveillance", true))


def _log_turn(fief, house, rec, v, hc, dc) -> None:
    """The turn log keeps the Venture as the command line answers it, so a past month's
    report reads the same as the month's own."""
    fief.turn.append(
        TurnEntry(
            fief.month,
            house.id,
            "venture",
            f"{v.name} by {rec.director}: {rec.reason}",
            who=rec.director,
            detail=venture_json(fief, house, rec, hc, dc),
        )
    )


def venture_json(fief: Fief, house: House, rec: VentureRecord, hc: HouseContent, dc: DomainContent) -> dict:
    """The command line's answer (cli-contract.md, ``house venture``)."""
    v = dc.venture(rec.venture)
    pool = acting_pool(fief, house, rec, hc, dc)
    diff = difficulty(fief, house, rec, hc, dc)
    names = {h.id: h.name for h in fief.houses}
    against = None
    if rec.against and v.opposed:
        rival = find_house(fief, rec.against)
        cp = counter_pool(fief, rival, v.counter, hc, dc, rec.counter_reputation)
        cparts = (
            [{"what": w, "dice": n} for w, n in rec.counter_parts]
            if rec.counter and rec.counter_parts
            else cp.to_json()["parts"]
        )
        against = {
            "house": rival.name,
            "pool": rec.counter.pool if rec.counter else cp.dice,
            "roll": _roll_json(rec.counter),
            "parts": cparts,
        }
    return {
        "venture": v.id,
        "name": v.name,
        "house": house.name,
        "month": fief.month,
        "director": rec.director,
        "traits": list(pool.traits),
        "target": rec.target,
        "pool": rec.roll.pool if rec.roll else pool.dice,
        "pool_parts": [{"what": w, "dice": n} for w, n in rec.parts]
        if rec.roll and rec.parts
        else pool.to_json()["parts"],
        "difficulty": diff or None,
        "roll": _roll_json(rec.roll),
        "against": against,
        "width": rec.width,
        "height": rec.height,
        "changes": {names.get(k, k): dict(d) for k, d in rec.changes.items()},
        "reveals": rec.reveals or None,
        "reading": rec.reason,
        "line": v.line,
        "readings": venture_readings(house, rec, v, dc),
    }


def venture_readings(house: House, rec: VentureRecord, v: Venture, dc: DomainContent) -> list[dict]:
    """The readings of the rules this Venture's numbers rest on (``content readings`` lists
    them all): the Venture's own note, the use penalty (every pool), the dice rules when it
    is opposed or rolled.  ``{"where", "text", "line"}``; the text's lines become pages where shown."""
    out = [{"where": f"Venture › {v.name}", "text": v.note, "line": v.line}] if v.note else []
    if dc.use_penalty.note:
        out.append({"where": "The use penalty", "text": dc.use_penalty.note, "line": dc.use_penalty.line})
    if rec.roll is not None and dc.dice.note and (v.opposed or rec.width is not None):
        out.append({"where": "Dice of House rolls", "text": dc.dice.note, "line": dc.dice.line})
    return out


def _roll_json(d: DiceRecord | None) -> dict | None:
    return None if d is None else Roll(tuple(d.faces), d.seed).to_json()


def pending_changes(fief: Fief, dc: DomainContent) -> list[tuple[House, VentureRecord]]:
    return [(h, r) for h in fief.houses for r in h.domain.ventures if r.resolved and r.changes]


def apply_venture_changes(fief: Fief, hc: HouseContent, dc: DomainContent) -> dict:
    """End of month step 8: the resolved Ventures' changes, in order, against running
    Scores clamped to 0..60; a gain equals the Score actually removed (A7)."""
    scores = {h.id: play_scores(fief, h, hc) for h in fief.houses}
    applied: dict[str, Counter] = {h.id: Counter() for h in fief.houses}
    for house, rec in pending_changes(fief, dc):
        v = dc.venture(rec.venture)
        t = rec.target or ""
        if v.effect == "damage-gain" and rec.against:
            rival = rec.against
            loss = min(scores[rival][t], -rec.changes[rival][t])
            gain = min(loss, hc.rating.score_max - scores[house.id][t])
            for hid, d in ((rival, -loss), (house.id, gain)):
                scores[hid][t] += d
                applied[hid][t] += d
            continue
        for hid, deltas in rec.changes.items():
            for tr, d in deltas.items():
                new = clamp_score(scores[hid][tr] + d, hc)
                applied[hid][tr] += new - scores[hid][tr]
                scores[hid][tr] = new
    out = {}
    for h in fief.houses:
        deltas = {t: d for t, d in applied[h.id].items() if d}
        if deltas:
            h.domain.changes.append(ScoreChange(fief.month, deltas, f"Ventures of month {fief.month}"))
            out[h.id] = deltas
    return out
