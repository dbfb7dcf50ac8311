"""Householder Operations (L4917-L4981; spec domain-management §5).

Each High Householder has four Operations a month, one a week (L4883, L4901, S1).  An
Operation is either rolled (the Householder's statistic + skill, countered by the target
House's eff + Strategy or by the target character's statistic + skill) or played as an
Encounter, whose outcome the Judge records (S28).  What an Operation does to the month's
Ventures (bonus dice, a knocked-out die, lowered Height, a neutralised director) is
stored on its record and read by ``landsraad.house.ventures`` when the Venture is rolled.

``perform_operation`` is the one edit: it checks the budget and the target, rolls (or
takes the Judge's result), records the effect, logs the rolls and returns the Fief.
"""

from __future__ import annotations

from pathlib import Path

from landsraad.dice import Roll, RollLogEntry
from landsraad.errors import ChoiceError, DiceError
from landsraad.house import counter as ore
from landsraad.house.calendar import date_of, weeks
from landsraad.house.content import HouseContent
from landsraad.house.domain_model import (
    HIGH,
    DiceRecord,
    Householder,
    Knowledge,
    OperationRecord,
    TurnEntry,
)
from landsraad.house.domain_tables import DomainContent, Operation
from landsraad.house.model import Fief, House
from landsraad.house.operation_input import names_householder, names_rival_house, target_rank
from landsraad.house.ventures import _contents, counter_pool, find_house, manipulations, ref, roll_of

BONUSES = (1, 2)  # "+1d, +2d or +1 Special Die" (L4951, L4962, L4975)
SPECIAL = "special-"  # a rating "special-observe" = the Householder's Special Die Rating on Observe


# ----- who may act -----------------------------------------------------------------
def kidnapped(fief: Fief, house: House, name: str, dc: DomainContent) -> bool:
    """Kidnap-High succeeded against this Householder this month (L4966)."""
    key = name.casefold()
    for h in fief.houses:
        for op in h.domain.operations:
            if (
                op.against == house.id
                and (op.target or "").casefold() == key
                and op.width
                and dc.operation(op.operation).effect == "neutralise"
            ):
                return True
    return False


def operations_left(house: House, name: str, dc: DomainContent) -> int:
    done = sum(1 for op in house.domain.operations if op.actor.casefold() == name.casefold())
    return dc.budget.operations_per_high - done


def free_weeks(house: House, name: str, dc: DomainContent) -> list[int]:
    taken = {op.week for op in house.domain.operations if op.actor.casefold() == name.casefold()}
    return [w for w in weeks(dc.calendar.weeks_per_month) if w not in taken]


def statistic_ratings(hh: Householder, base: str | Path | None = None) -> dict:
    """The Householder's statistics and skills: those typed by the Judge, over those of
    the linked character document (when it can be read)."""
    out: dict = {}
    if hh.character:
        path = Path(hh.character)
        if base is not None and not path.is_absolute():
            path = Path(base) / path
        try:
            from landsraad.character.build import build
            from landsraad.character.document import load
            from landsraad.rules.content import load_content

            content = load_content()
            sheet, _ = build(load(path), content)
            skills = content.skills.values() if isinstance(content.skills, dict) else content.skills
            out.update({s.id: 0 for s in skills})  # a skill the character lacks rolls 0 dice (L129)
            out.update(sheet.statistics)
            for key, r in sheet.skills.items():
                out[key.split("(", 1)[0]] = max(out.get(key.split("(", 1)[0], 0), r)
            for key, r in sheet.special_dice.items():  # Special Dice on a skill (L232-L250)
                name = SPECIAL + key.split("(", 1)[0]
                out[name] = max(out.get(name, 0), r)
        except Exception:  # noqa: BLE001, S110 - an unreadable link falls back to the typed ratings
            pass
    out.update(hh.ratings)
    return out


def _pool(who: str, parts, ratings: dict, max_pool: int) -> tuple[int, list]:
    missing = [p for p in parts if p not in ratings]
    if missing:
        raise ChoiceError(
            f"{who}'s {' and '.join(missing)} are not known: link their character or type the "
            f"ratings (householder --rating {missing[0]}=N)"
        )
    listed = [(p, int(ratings[p])) for p in parts]
    return min(max_pool, sum(n for _, n in listed)), listed


def _protect_difficulty(fief: Fief, house: House, name: str, dc: DomainContent, effect: str) -> int:
    """The highest Difficulty a resolved Protect (on this Householder) or Mislead (by them)
    sets this month (S7, S8)."""
    best = 0
    for op in house.domain.operations:
        o = dc.operation(op.operation)
        if not op.width or o.effect != effect:
            continue
        if effect == "difficulty-protect" and (op.target or "").casefold() != name.casefold():
            continue
        if effect == "difficulty-spy" and op.actor.casefold() != name.casefold():
            continue
        best = max(best, min(10, 2 * op.width))
    return best


def _venture(fief: Fief, token: str | None, what: str):
    if not token or ":" not in token:
        raise ChoiceError(f"{what}: name the Venture as HOUSE:DIRECTOR")
    hid, director = token.split(":", 1)
    house = find_house(fief, hid)
    rec = house.domain.venture_of(director)
    if rec is None:
        raise ChoiceError(f"{what}: {director!r} directs no Venture of House {house.name} this month")
    return house, rec


# ----- the edit ---------------------------------------------------------------------
def perform_operation(
    fief: Fief,
    house_id: str,
    actor: str,
    operation: str,
    *,
    target_kind: str | None = None,
    week: int | None = None,
    against: str | None = None,
    target: str | None = None,
    venture: str | None = None,
    operation_ref: str | None = None,
    alt: bool = False,
    dice: str | None = None,
    seed: int | None = None,
    against_dice: str | None = None,
    against_seed: int | None = None,
    counter_ratings: dict | None = None,
    encounter: str = "",
    success: bool | None = None,
    bonus: int | None = None,
    special: int = 0,
    ransom: str = "",
    chosen=(),
    fake_operations=(),
    fake_venture: str | None = None,
    base: str | None = None,
    hc: HouseContent | None = None,
    dc: DomainContent | None = None,
    reputation: bool = False,
    against_reputation: bool = False,
) -> Fief:
    """One Operation of one week: checked, rolled (or the Encounter's result taken), its
    effect recorded.  ``reputation`` / ``against_reputation``: the acting / target House
    spends its Reputation, +1d to the roll / the counter (L4850, once a month)."""
    hc, dc = _contents(hc, dc)
    house = find_house(fief, house_id)
    o = dc.operation(operation, target_kind)
    if bonus is not None and (bonus not in BONUSES or isinstance(bonus, bool)):
        raise ChoiceError(f"{o.name} gives +1d, +2d or +1 Special Die (L4951, L4962, L4975), not {bonus:+d}d")
    if bonus is not None and special:
        raise ChoiceError(f"{o.name} gives dice or a Special Die, not both (L4951)")
    if week is not None and week not in weeks(dc.calendar.weeks_per_month):
        raise ChoiceError(
            f"week {week}: a month has weeks 1 to {dc.calendar.weeks_per_month} (one Operation a week, L4901)"
        )
    hh = house.domain.householder(actor)
    if hh is None or hh.rank != HIGH or hh.status != "active":
        raise ChoiceError(f"{actor!r} is not an active High Householder of House {house.name} (L4883)")
    if kidnapped(fief, house, hh.name, dc):
        raise ChoiceError(f"{hh.name} was kidnapped this month: no more Operations (L4966)")
    if operations_left(house, hh.name, dc) <= 0:
        raise ChoiceError(f"{hh.name} has made all {dc.budget.operations_per_high} Operations this month (L4883)")
    free = free_weeks(house, hh.name, dc)
    if week is None:
        week = free[0]
    if week not in free:
        raise ChoiceError(
            f"{hh.name} already has an Operation in week {week} (one a week, L4901); free: "
            + (", ".join(map(str, free)) or "none")
        )
    rec = OperationRecord(operation=o.key, actor=hh.name, week=week, alt=alt, encounter=encounter, ransom=ransom)
    rival, thh = _target(fief, house, o, against, target, rec)
    if reputation or against_reputation:
        from landsraad.house.facts import spend_monthly

        if reputation:
            spend_monthly(fief, house, "reputation", hc, dc)
            rec.reputation = True
        if against_reputation:
            if rival is None or not o.counter_is_house:
                raise ChoiceError(f"{o.name} ({o.key}) has no House counter roll to add a Reputation die to")
            spend_monthly(fief, rival, "reputation", hc, dc)
            rec.counter_reputation = True
    if o.effect in ("knock-die", "lower-venture", "ransom", "bonus", "bonus-against") and venture:
        vh, vrec = _venture(fief, venture, o.name)
        rec.venture = ref(vh, vrec.director)
    if o.effect == "lower-operation":
        rec.operation_ref = _operation_ref(fief, operation_ref, rival)
    date = date_of(fief.month, dc.calendar.months_per_year)
    label = (
        f"{o.name} by {hh.name} of House {house.name}"
        + (f" on {rec.target}" if rec.target else "")
        + (f" (House {rival.name})" if rival is not None else "")
    )
    flags = legal_flags(house, rival, o)
    if o.encounter:
        if success is None:
            raise ChoiceError(
                f"{o.name} against a {o.target.split('-')[1]} target is played as an Encounter "
                f"({o.line}): record the Judge's result (success or failure)"
            )
        rec.width, rec.height = (1 if success else 0), None
        rec.reason = f"Encounter: {encounter or ('success' if success else 'failure')}"
        guard = _protect_difficulty(fief, rival, thh.name, dc, "difficulty-protect") if thh and rival else 0
        if guard:  # A18: the Judge applies it to the Encounter's decisive roll
            rec.reason += f" (Protect: Difficulty {guard} on the Encounter's decisive roll)"
    else:
        _roll(
            fief,
            house,
            hh,
            rival,
            thh,
            o,
            rec,
            dice,
            seed,
            against_dice,
            against_seed,
            counter_ratings,
            base,
            label,
            date,
            hc,
            dc,
        )
    if flags:
        rec.reason += "; " + "; ".join(flags)
    _effect(fief, house, rival, thh, o, rec, bonus, special, ransom, chosen, fake_operations, fake_venture, hc, dc)
    house.domain.operations.append(rec)
    fief.turn.append(
        TurnEntry(
            fief.month,
            house.id,
            "operation",
            f"Week {week}: {label}: {rec.reason}",
            who=hh.name,
            detail=operation_json(fief, house, rec, dc),
        )
    )
    return fief


def _target(fief, house, o: Operation, against, target, rec):
    rival, thh = None, None
    if names_rival_house(o):
        if not against:
            raise ChoiceError(f"{o.name} names a rival House (--against)")
        rival = find_house(fief, against)
        if rival is house:
            raise ChoiceError(f"{o.name} targets a rival House, not House {house.name} itself")
        rec.against = rival.id
    if names_householder(o):
        where = rival if rival is not None else house
        if not target:
            raise ChoiceError(f"{o.name} names a Householder of House {where.name} (--target)")
        thh = where.domain.householder(target)
        if thh is None:
            raise ChoiceError(f"{target!r} is not a Householder of House {where.name} (add them to its Household)")
        if thh.status != "active":
            raise ChoiceError(f"{thh.name} is {thh.status} (S17)")
        rank = target_rank(o)
        if rank and thh.rank != rank:
            raise ChoiceError(f"{o.name} ({o.key}) targets a {rank} Householder; {thh.name} is {thh.rank}")
        if o.target == "own-high":
            if thh.name.casefold() == rec.actor.casefold():
                raise ChoiceError("Protect watches over another High Householder (L4970)")
            rec.against = house.id
        rec.target = thh.name
    return rival, thh


def _operation_ref(fief, token, rival) -> str:
    parts = (token or "").split(":")
    if len(parts) != 3 or not parts[2].isdigit():
        raise ChoiceError("Sabotage of a Householder names their Operation as HOUSE:ACTOR:WEEK")
    h = find_house(fief, parts[0])
    if rival is not None and h is not rival:
        raise ChoiceError("the Operation to sabotage belongs to the rival House named")
    if any(op.actor.casefold() == parts[1].casefold() and op.week == int(parts[2]) for op in h.domain.operations):
        raise ChoiceError(f"{parts[1]}'s Operation of week {parts[2]} is already resolved; Sabotage comes before it")
    return f"{h.id}:{parts[1]}:{int(parts[2])}"


def legal_flags(house, rival, entry) -> list[str]:
    """SILENT (S23): an act outside the legal states its content entry names is flagged,
    never blocked; the consequences are the Judge's (L38-L53, L774, L4929)."""
    if rival is None or not entry.legal_in:
        return []
    if house.domain.legal.get(rival.id, "") in entry.legal_in:
        return []
    return [f"illegal outside a War of Assassins or Kanly with House {rival.name} ({entry.line}, L774)"]


def _roll(
    fief,
    house,
    hh,
    rival,
    thh,
    o: Operation,
    rec,
    dice,
    seed,
    against_dice,
    against_seed,
    counter_ratings,
    base,
    label,
    date,
    hc,
    dc,
) -> None:
    parts = o.alt_pool if rec.alt and o.alt_pool else o.pool
    ratings = dict(statistic_ratings(hh, base))
    if rec.reputation:  # L4850: +1d to a related roll, once a month
        ratings["Reputation"] = 1
        parts = (*parts, "Reputation")
    n, listed = _pool(hh.name, parts, ratings, dc.budget.max_pool)
    # L241-L247: a Special Die on the Operation's skill is one die of the pool, nominated (Expert: set
    # to 7 before the roll and nudged after; Master, Rating 5: set after); typed dice are as the table set them
    sd = max((int(ratings.get(SPECIAL + p, 0)) for p in parts), default=0)
    rec.special_roll = min(sd, 10)
    if dice is None and sd and n:
        from landsraad.house.ventures import special_roll

        roll = special_roll(n, sd, seed)
    else:
        roll = roll_of(n, dice, seed, label)
    cparts = o.alt_counter if rec.alt and o.alt_counter else o.counter
    croll, cn = None, 0
    if cparts:
        if o.counter_is_house:
            cp = counter_pool(fief, rival, [c[6:] for c in cparts], hc, dc, rec.counter_reputation)
            cn = cp.dice
        else:
            who = thh.name if thh is not None else "the target"
            ratings = dict(statistic_ratings(thh, base)) if thh is not None else {}
            ratings.update(counter_ratings or {})
            cn, _ = _pool(who, cparts, ratings, dc.budget.max_pool)
        croll = roll_of(cn, against_dice, against_seed, f"the counter to {label}")
    elif against_dice is not None or against_seed is not None:
        raise DiceError(f"{o.name} is unopposed ({o.line}): no counter dice")
    # a Protect on the target, a Mislead by the Householder spied on (L4970)
    diff = 0
    if thh is not None and rival is not None:
        diff = _protect_difficulty(fief, rival, thh.name, dc, "difficulty-protect")
        if o.effect == "spy":
            diff = max(diff, _protect_difficulty(fief, rival, thh.name, dc, "difficulty-spy"))
    guarded = _guarded(fief, rec, rival)  # A18: Protect watches "the Operations and Ventures" (L4970)
    if guarded and rival is not None:
        diff = max(diff, _protect_difficulty(fief, rival, guarded, dc, "difficulty-protect"))
    sabotage = 0
    mine = f"{house.id}:{hh.name}:{rec.week}".casefold()
    for h in fief.houses:
        for op in h.domain.operations:
            if op.operation_ref and op.operation_ref.casefold() == mine and op.width:
                sabotage += op.width
    kw = {
        "difficulty": diff,
        "sabotage": sabotage,
        "equal_gobbles": dc.dice.equal_height_gobbles,
        "runs": dc.dice.runs,
        "full_house": dc.dice.full_house,
        **manipulations(fief),
    }
    cfaces = croll.faces if croll else None
    if dice is None and sd and n:
        from landsraad.house.ventures import best_special

        roll = Roll(
            best_special(
                roll.faces, sd, lambda f: (ore.oppose(f, cfaces, **kw).width, ore.oppose(f, cfaces, **kw).height or 0)
            ),
            roll.seed,
        )
    res = ore.oppose(roll.faces, cfaces, **kw)
    rec.roll = DiceRecord(n, list(roll.faces), roll.seed)
    rec.counter = DiceRecord(cn, list(croll.faces), croll.seed) if croll else None
    rec.width, rec.height = res.width, res.height
    rec.reason = (
        (f"Difficulty {diff} (Protect/Mislead): " if diff else "")
        + (f"Sabotaged -{sabotage} Height: " if sabotage else "")
        + (f"Special Die {sd} ({'a Master Die' if sd >= 5 else f'{min(sd, 4)} Expert Dice'}, L241): " if sd else "")
        + res.reason
    )
    pool_text = " + ".join(f"{p} {r}" for p, r in listed)
    fief.log.append(
        RollLogEntry.of(
            roll, "operation", hh.name, f"{date.label}, week {rec.week}: {label} ({pool_text})", reading=rec.reason
        )
    )
    if croll is not None:
        fief.log.append(
            RollLogEntry.of(
                croll,
                "counter",
                rival.name if rival else "",
                f"{date.label}: counter to {label}",
                reading=croll.text or "no set",
            )
        )


def _guarded(fief, rec, rival) -> str:
    """The rival Householder whose Venture (Sabotage, Assassinate-Low) or Operation (Sabotage
    of a Householder) this Operation aims at: a Protect on them sets its Difficulty."""
    if rival is None:
        return ""
    if rec.venture:
        hid, _, director = rec.venture.partition(":")
        if hid == rival.id:
            return director
    if rec.operation_ref:
        hid, actor, _ = rec.operation_ref.split(":")
        if hid == rival.id:
            return actor
    return ""


def _effect(
    fief, house, rival, thh, o: Operation, rec, bonus, special, ransom, chosen, fake_operations, fake_venture, hc, dc
) -> None:
    w = rec.width or 0
    if o.effect in ("knock-die", "lower-venture", "ransom", "bonus-against") and not rec.venture and w:
        raise ChoiceError(f"{o.name}: name the Venture it acts on (--venture HOUSE:DIRECTOR)")
    if o.effect in ("knock-die", "lower-venture") and rec.venture:
        vh, vrec = _venture(fief, rec.venture, o.name)
        if vh is not rival:
            raise ChoiceError(f"{o.name} acts on a Venture of House {rival.name}")
        if vrec.resolved:
            raise ChoiceError(f"{vrec.director}'s Venture is already rolled; {o.name} comes before it")
    if not w:
        rec.bonus = 0
        if o.effect == "spy" and rec.roll is not None:
            _spy_misled(fief, house, rival, thh, rec, dc)
        return
    if o.takes_out and thh is not None:  # a Low Householder taken out is gone (L4925, L4933-L4937)
        thh.status = o.takes_out
        rec.reason += f"; {thh.name} is {o.takes_out}"
    if o.effect == "bonus" and not rec.venture:
        rec.reveals = {"information": rec.encounter or "the Judge gives the information found"}
    elif o.effect == "bonus":
        if rec.venture:
            vh, vrec = _venture(fief, rec.venture, o.name)
            if vh is not house:
                raise ChoiceError(f"{o.name}'s bonus goes to a Venture of House {house.name}")
            if vrec.resolved:
                raise ChoiceError(f"{vrec.director}'s Venture is already rolled; {o.name}'s bonus comes before it")
        if special:
            rec.special = 1
        else:
            # AMBIGUITY (A15): the Judge chooses; the app's default is Width 1-2: +1d, 3+: +2d
            rec.bonus = bonus if bonus is not None else (1 if w <= 2 else 2)
    elif o.effect == "bonus-against":
        vh, vrec = _venture(fief, rec.venture, o.name)
        if vrec.resolved:
            raise ChoiceError(f"{vrec.director}'s Venture is already rolled; {o.name}'s die comes before it")
        if vh is not house or vrec.against != rival.id:
            raise ChoiceError(
                f"Socialise adds 1d to one of House {house.name}'s Ventures against House {rival.name} (L4977)"
            )
        rec.bonus = 1
    elif o.effect == "ransom":
        vh, vrec = _venture(fief, rec.venture, o.name)
        if vrec.resolved:
            raise ChoiceError(f"{vrec.director}'s Venture is already rolled; the ransomed die comes before it")
        if ransom not in ("yielded", "refused"):
            raise ChoiceError("Kidnap of a Low Householder: the target House yields or refuses (--ransom)")
        if ransom == "refused":
            if vh is not rival:
                raise ChoiceError(f"the die held to ransom is one of House {rival.name}'s pools")
            rec.bonus = -1
        else:
            if vh is not house:
                raise ChoiceError(f"a yielded ransom gives a die to one of House {house.name}'s pools")
            rec.bonus = 1
    elif o.effect == "kill":
        thh.status = "dead"
        _lapse(rival, thh.name, "killed")
    elif o.effect == "neutralise":
        _lapse(rival, thh.name, "kidnapped")
    elif o.effect == "learn-householders":
        _interrogate(fief, house, rival, rec, chosen, w, dc)
    elif o.effect == "difficulty-spy":
        rec.reveals = {
            "difficulty": min(10, 2 * w),
            "fake_operations": list(fake_operations),
            "fake_venture": fake_venture,
        }
    elif o.effect == "difficulty-protect":
        rec.reveals = {"difficulty": min(10, 2 * w), "protects": rec.target}
    elif o.effect == "spy":
        _spy(fief, house, rival, thh, rec, w, dc)


def _lapse(rival: House, name: str, why: str) -> None:
    v = rival.domain.venture_of(name)
    if v is not None and not v.resolved:
        v.neutralised = True
        v.reason = f"{name} was {why}"


def _acts_of(house: House, name: str, dc: DomainContent) -> tuple[list[str], str | None]:
    ops = [
        f"week {op.week}: {dc.operation(op.operation).name}"
        for op in house.domain.operations
        if op.actor.casefold() == name.casefold()
    ]
    v = house.domain.venture_of(name)
    return ops, (v.venture if v else None)


def _spy(fief, house, rival, thh, rec, w, dc) -> None:
    tier = dc.spy_tier(w)
    ops, venture = _acts_of(rival, thh.name, dc)
    answer = {"householder": thh.name, "tier": tier.width, "operations": ops[: tier.operations]}
    if tier.venture:
        answer["venture"] = venture
    rec.reveals = answer
    house.domain.knowledge.append(Knowledge(rival.id, "operations", answer, fief.month, "spy", True))


def _spy_misled(fief, house, rival, thh, rec, dc) -> None:
    """A Spy that failed under the target's Mislead receives the fake list (L4970), at the
    tier of its widest set before the Difficulty (A23)."""
    mislead = next(
        (
            op
            for op in rival.domain.operations
            if op.width
            and op.actor.casefold() == thh.name.casefold()
            and dc.operation(op.operation).effect == "difficulty-spy"
        ),
        None,
    )
    before = ore.best(rec.roll.faces)
    if mislead is None or before is None:
        return
    tier = dc.spy_tier(max(1, before.width))
    fake = mislead.reveals.get("fake_operations", [])
    answer = {
        "householder": thh.name,
        "tier": tier.width,
        "operations": [dc.operation(x).name if _known_op(x, dc) else x for x in fake][: tier.operations],
    }
    if tier.venture:
        answer["venture"] = mislead.reveals.get("fake_venture")
    rec.reveals = answer
    house.domain.knowledge.append(Knowledge(rival.id, "operations", answer, fief.month, "spy", False))


def _known_op(token: str, dc) -> bool:
    try:
        dc.operation(token)
    except ChoiceError:
        return False
    return True


def _interrogate(fief, house, rival, rec, chosen, w, dc) -> None:
    """One High Householder per point of Width: one of their Operations and whether they
    direct a Venture (L4966).  A Householder who Misleads has the roll re-read at their
    Difficulty; if it fails there, the interrogator receives their fake list (A21)."""
    names = list(chosen)[:w]
    found, true = {}, True
    for name in names:
        hh = rival.domain.householder(name)
        if hh is None or hh.rank != HIGH:
            raise ChoiceError(f"Interrogate: {name!r} is not a High Householder of House {rival.name} (L4966)")
        ops, venture = _acts_of(rival, hh.name, dc)
        entry = {"operation": ops[0] if ops else None, "venture": venture is not None}
        misled = _protect_difficulty(fief, rival, hh.name, dc, "difficulty-spy")
        if misled and rec.roll is not None:
            again = ore.oppose(
                rec.roll.faces,
                rec.counter.faces if rec.counter else None,
                difficulty=misled,
                equal_gobbles=dc.dice.equal_height_gobbles,
                runs=dc.dice.runs,
                full_house=dc.dice.full_house,
                **manipulations(fief),
            )
            if not again.width:
                lie = next(
                    op
                    for op in rival.domain.operations
                    if op.width and op.actor == hh.name and dc.operation(op.operation).effect == "difficulty-spy"
                )
                fake = lie.reveals.get("fake_operations", [])
                entry = {"operation": fake[0] if fake else None, "venture": bool(lie.reveals.get("fake_venture"))}
                true = False
        found[hh.name] = entry
    rec.chosen = list(found)
    rec.reveals = found
    if found:
        house.domain.knowledge.append(Knowledge(rival.id, "householders", found, fief.month, "interrogate", true))


def operation_json(fief: Fief, house: House, rec: OperationRecord, dc: DomainContent) -> dict:
    o = dc.operation(rec.operation)
    names = {h.id: h.name for h in fief.houses}
    return {
        "operation": o.id,
        "key": o.key,
        "house": house.name,
        "actor": rec.actor,
        "week": rec.week,
        "month": fief.month,
        "against": names.get(rec.against or "", rec.against),
        "target": rec.target,
        "venture": rec.venture,
        "resolved_by": o.resolved,
        "encounter": rec.encounter or None,
        "roll": None if rec.roll is None else Roll(tuple(rec.roll.faces), rec.roll.seed).to_json(),
        "pool": rec.roll.pool if rec.roll else None,
        "counter": None
        if rec.counter is None
        else {"pool": rec.counter.pool, "roll": Roll(tuple(rec.counter.faces), rec.counter.seed).to_json()},
        "width": rec.width,
        "height": rec.height,
        "bonus": rec.bonus,
        "special": rec.special,
        "reveals": rec.reveals or None,
        "reading": rec.reason,
        "line": o.line,
        "reputation": rec.reputation,
        "counter_reputation": rec.counter_reputation,
        "special_die": rec.special_roll,
        "readings": [{"where": f"Operation › {o.name} ({o.target.split('-')[-1]})", "text": o.note, "line": o.line}]
        if o.note
        else [],
    }
