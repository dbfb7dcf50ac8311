"""Command line of the monthly House turn (issue 18; ../shared/cli-contract.md).

    house venture FIEF.json --house NAME --venture ID [--target TRAIT] [--against HOUSE]
            [--director NAME] (--dice "…" | --seed S) [--against-dice "…" | --against-seed S]
            [--maintain T,T] [--fake-strategy ID] [--fake-ventures ID,ID] [-o OUT.json] [--json]
    house declare FIEF.json --house NAME --venture ID --director NAME [...] [-o OUT.json]
    house strategy FIEF.json --house NAME --strategy ID [-o OUT.json]
    house householder FIEF.json --house NAME [--name NAME] [--low] [--character PATH] [--rating K=N]… [-o OUT.json]
    house operation FIEF.json --house NAME --actor NAME --operation ID [--target-kind high|low|house|householder]
            [--against HOUSE] [--target NAME] [--venture HOUSE:DIRECTOR] [--week N]
            (--dice "…" | --seed S | --success | --failure) [--against-dice "…" | --against-seed S] … [--json]
    house fact FIEF.json --house NAME --use FACT [--director NAME] [-o OUT.json]
    fief month FIEF.json [-o OUT.json] [--json]       ends the month
    fief turn FIEF.json [--table] [--json]           this month's turn (or what the table sees)

``-o`` may name the input: the write is atomic and keeps the ``.bak``.  Without ``-o``
nothing is written (the answer says what would happen).  Bad input: exit 2, one line.
"""

from __future__ import annotations

import functools

from landsraad.cli.output import out, print_json
from landsraad.errors import ChoiceError, DiceError
from landsraad.rules.pages import cite


def _paged(handler):
    """The turn's messages name the rulebook's pages, not the text file's lines (issues 16, 23)."""

    @functools.wraps(handler)
    def run(args):
        try:
            return handler(args)
        except (ChoiceError, DiceError) as exc:
            raise type(exc)(cite(str(exc))) from None

    return run


def register(fsub, hsub) -> None:
    """Called by ``landsraad.cli.house.register`` with its ``fief`` and ``house`` subparsers."""
    v = hsub.add_parser("venture", help="declare (if needed) and roll a House Venture this month")
    _venture_args(v)
    _dice_args(v, required=True)
    v.add_argument(
        "--against-reputation",
        action="store_true",
        help="the rival House spends its Reputation: +1d to its counter roll (L4850)",
    )
    v.add_argument("--json", action="store_true")
    v.set_defaults(handler=_paged(cmd_venture))

    d = hsub.add_parser("declare", help="declare a Venture at the start of the month, rolled later")
    _venture_args(d)
    d.add_argument("--json", action="store_true")
    d.set_defaults(handler=_paged(cmd_declare))

    s = hsub.add_parser("strategy", help="decide a House Strategy (active two months later, L4896)")
    s.add_argument("file", metavar="FIEF.json")
    s.add_argument("--house", required=True, metavar="NAME")
    s.add_argument("--strategy", required=True, metavar="ID")
    s.add_argument("--public", action="store_true", help="the Strategy is known to every House")
    s.add_argument("-o", "--output", metavar="OUT.json")
    s.add_argument("--json", action="store_true")
    s.set_defaults(handler=_paged(cmd_strategy))

    hh = hsub.add_parser("householder", help="add a Householder (High by default) to a House")
    hh.add_argument("file", metavar="FIEF.json")
    hh.add_argument("--house", required=True, metavar="NAME")
    hh.add_argument("--name", help="the Householder's name (a linked --character's name if not given)")
    hh.add_argument("--low", action="store_true", help="a Low Householder (L4881)")
    hh.add_argument(
        "--character",
        metavar="PATH",
        help="link this character document: its House-trait advantages count in every number of "
        "the turn (recorded in the Fief; run again to update the record)",
    )
    hh.add_argument(
        "--rating",
        action="append",
        default=[],
        metavar="K=N",
        help="a statistic or skill rating for Operations, e.g. --rating intellect=3",
    )
    hh.add_argument(
        "--status",
        metavar="STATUS",
        help="what became of an existing Householder: active, dead, kidnapped, turned, gone",
    )
    hh.add_argument("-o", "--output", metavar="OUT.json")
    hh.set_defaults(handler=_paged(cmd_householder))

    op = hsub.add_parser("operation", help="a Householder's Operation of one week")
    op.add_argument("file", metavar="FIEF.json")
    op.add_argument("--house", required=True, metavar="NAME")
    op.add_argument("--actor", required=True, metavar="NAME")
    op.add_argument("--operation", required=True, metavar="ID")
    op.add_argument(
        "--target-kind",
        choices=("high", "low", "house", "householder", "self"),
        help="High or Low Householder, House or Householder, where the Operation has both",
    )
    op.add_argument("--against", metavar="HOUSE")
    op.add_argument("--target", metavar="NAME", help="the Householder aimed at (added to their House if new)")
    op.add_argument("--venture", metavar="HOUSE:DIRECTOR", help="the Venture it feeds or hits")
    op.add_argument("--operation-ref", metavar="HOUSE:ACTOR:WEEK", help="Sabotage: the Operation to lower")
    op.add_argument("--week", type=int)
    op.add_argument("--alt", action="store_true", help="the second printed pool (Interrogate: Insight + Intrigue)")
    op.add_argument(
        "--rating",
        action="append",
        default=[],
        metavar="K=N",
        help="the actor's statistic/skill rating (kept on the Householder), e.g. --rating charm=3",
    )
    op.add_argument(
        "--counter-rating",
        action="append",
        default=[],
        metavar="K=N",
        help="the target character's statistic/skill for a counter (the Judge's, S12)",
    )
    op.add_argument("--bonus", type=int, help="the dice an Intelligence/Encounter gives (+1 or +2)")
    op.add_argument("--special", action="store_true", help="the Judge gives +1 Special Die instead of dice")
    op.add_argument("--ransom", choices=("yielded", "refused"))
    op.add_argument(
        "--chosen",
        action="append",
        default=[],
        metavar="NAME",
        help="Interrogate: a High Householder chosen per point of Width",
    )
    op.add_argument("--fake-operations", metavar="ID,ID")
    op.add_argument("--fake-venture", metavar="ID")
    op.add_argument("--encounter", default="", metavar="TEXT", help="the Judge's result of an Encounter")
    res = op.add_mutually_exclusive_group()
    res.add_argument("--dice", metavar="DICE")
    res.add_argument("--seed", type=int, metavar="S")
    res.add_argument("--success", action="store_true", help="an Encounter the Judge says succeeded")
    res.add_argument("--failure", action="store_true", help="an Encounter the Judge says failed")
    cnt = op.add_mutually_exclusive_group()
    cnt.add_argument("--against-dice", metavar="DICE")
    cnt.add_argument("--against-seed", type=int, metavar="S")
    op.add_argument(
        "--reputation",
        action="store_true",
        help="the acting House spends its Reputation: +1d to this roll (L4850, once a month)",
    )
    op.add_argument(
        "--against-reputation",
        action="store_true",
        help="the target House spends its Reputation: +1d to its counter roll (L4850)",
    )
    op.add_argument("-o", "--output", metavar="OUT.json")
    op.add_argument("--json", action="store_true")
    op.set_defaults(handler=_paged(cmd_operation))

    fa = hsub.add_parser("fact", help="use a standing fact or debt (Reputation, Boon, Aid)")
    fa.add_argument("file", metavar="FIEF.json")
    fa.add_argument("--house", required=True, metavar="NAME")
    fa.add_argument("--use", required=True, metavar="FACT")
    fa.add_argument("--director", metavar="NAME", help="Reputation: the Venture that gets the die")
    fa.add_argument("-o", "--output", metavar="OUT.json")
    fa.set_defaults(handler=_paged(cmd_fact))

    m = fsub.add_parser("month", help="end the month: Degradation, Strategies move on, the calendar advances")
    m.add_argument("file", metavar="FIEF.json")
    m.add_argument("-o", "--output", metavar="OUT.json")
    m.add_argument("--json", action="store_true")
    m.set_defaults(handler=_paged(cmd_month))

    t = fsub.add_parser("turn", help="this month's House turn: every House, Venture and Operation")
    t.add_argument("file", metavar="FIEF.json")
    t.add_argument("--table", action="store_true", help="only what the group at the table may see")
    t.add_argument("--month", type=int, metavar="N", help="an earlier month, from the turn log")
    t.add_argument("--json", action="store_true")
    t.set_defaults(handler=_paged(cmd_turn))

    from landsraad.cli import house_edits  # house add / remove / place / choose / war (issue 23)

    house_edits.register(hsub, _paged, fsub)


def _venture_args(p) -> None:
    p.add_argument("file", metavar="FIEF.json")
    p.add_argument("--house", required=True, metavar="NAME")
    p.add_argument("--venture", required=True, metavar="ID")
    p.add_argument("--target", metavar="TRAIT")
    p.add_argument("--against", metavar="HOUSE")
    p.add_argument("--director", metavar="NAME", help="a High Householder (added to the House if new)")
    p.add_argument("--maintain", metavar="T,T", help="Maintain: the traits to spare from Degradation")
    p.add_argument("--fake-strategy", metavar="ID", help="Misinform: the Strategy rivals are told")
    p.add_argument("--fake-ventures", metavar="ID,ID", help="Misinform: the Ventures rivals are told")
    p.add_argument("--gear", metavar="NAME", default="", help="Gear: what the House obtains (L3915)")
    p.add_argument("--difficulty", type=int, default=0, metavar="N", help="Gear: its DIFFICULTY (1-10)")
    p.add_argument("--cost", type=int, default=0, metavar="N", help="Gear: its bulk cost (Treasury Rating, a month)")
    p.add_argument("--holding", default="", metavar="ID", help="Gear: the holding it becomes when it arrives")
    p.add_argument("--time", default="", metavar="UNIT", help="Gear: its Time Trait, days, weeks or months (L3919)")
    p.add_argument("--count", type=int, default=1, metavar="N", help="Gear: how many (a bulk order's number)")
    p.add_argument(
        "--rating",
        action="append",
        default=[],
        metavar="K=N",
        help="the director's statistic (Gear: charm=N), kept on the Householder",
    )
    p.add_argument("-o", "--output", metavar="OUT.json")


def _dice_args(p, required: bool) -> None:
    src = p.add_mutually_exclusive_group(required=required)
    src.add_argument("--dice", metavar="DICE", help="typed dice, exactly the pool")
    src.add_argument("--seed", type=int, metavar="S")
    cnt = p.add_mutually_exclusive_group()
    cnt.add_argument("--against-dice", metavar="DICE", help="the counter's typed dice, exactly its pool")
    cnt.add_argument("--against-seed", type=int, metavar="S")


def _split(text: str | None) -> list[str]:
    return [x.strip() for x in (text or "").split(",") if x.strip()]


def _ratings(pairs) -> dict:
    from landsraad.house.operation_input import parse_ratings

    return parse_ratings(pairs)


def _load(path):
    from landsraad.house.content import load_house_content
    from landsraad.house.document import load_fief
    from landsraad.house.domain_tables import load_domain_content

    return load_fief(path), load_house_content(), load_domain_content()


def _save(fief, args) -> None:
    if args.output:  # the one write-back rule: a Fief replaces only a Fief
        from landsraad.documents.codec import write_back

        write_back("fief", fief, args.output)


def _director(fief, house, args, dc) -> str:
    """The Venture's director: the one named (added as a High Householder when the
    Judge names someone new, S22), else a High Householder with no Venture yet."""
    from landsraad.house.domain import add_householder

    d = house.domain
    if args.director:
        if d.householder(args.director) is None:
            add_householder(fief, house.id, args.director)
        return d.householder(args.director).name
    free = [h for h in d.householders if h.rank == "high" and h.status == "active" and d.venture_of(h.name) is None]
    if free:
        return free[0].name
    n = 1 + len([h for h in d.householders if h.rank == "high"])
    name = f"{house.name} Householder {n}"
    add_householder(fief, house.id, name, note="added by the command line to direct a Venture")
    return name


def _declare(args):
    from landsraad.house.ventures import declare_venture, find_house

    fief, hc, dc = _load(args.file)
    house = find_house(fief, args.house)
    v = dc.venture(args.venture)
    # a Venture already declared by that director (or, unnamed, the one of that kind) is rolled as declared
    rec = None
    if args.director and house.domain.venture_of(args.director):
        rec = house.domain.venture_of(args.director)
    elif not args.director:
        rec = next((r for r in house.domain.ventures if r.venture == v.id and not r.resolved), None)
    if rec is not None and rec.venture != v.id:
        raise ChoiceError(f"{rec.director} already directs a {dc.venture(rec.venture).name} this month")
    if rec is None:
        director = _director(fief, house, args, dc)
        if args.rating:
            from landsraad.house.domain import set_householder_ratings

            set_householder_ratings(fief, house.id, director, _ratings(args.rating))
        declare_venture(
            fief,
            house.id,
            v.id,
            director,
            target=args.target,
            against=args.against,
            hc=hc,
            dc=dc,
            maintain=_split(args.maintain),
            fake_strategy=args.fake_strategy,
            fake_ventures=_split(args.fake_ventures),
            gear=args.gear,
            gear_difficulty=args.difficulty,
            gear_cost=args.cost,
            gear_holding=args.holding,
            gear_time=args.time,
            gear_count=args.count,
        )
        rec = house.domain.venture_of(director)
    return fief, hc, dc, house, rec


def cmd_declare(args) -> int:
    from landsraad.house.ventures import acting_pool, venture_json

    fief, hc, dc, house, rec = _declare(args)
    _save(fief, args)
    if args.json:
        print_json(venture_json(fief, house, rec, hc, dc))
        return 0
    pool = acting_pool(fief, house, rec, hc, dc)
    out(
        f"Month {fief.month}: {rec.director} of House {house.name} directs {dc.venture(rec.venture).name} "
        f"({' + '.join(w for w, _ in pool.parts)} = {pool.dice} dice)"
    )
    if args.output:
        out(f"written: {args.output}")
    return 0


def cmd_venture(args) -> int:
    from landsraad.house.ventures import resolve_venture, venture_json

    fief, hc, dc, house, rec = _declare(args)
    resolve_venture(
        fief,
        house.id,
        rec.director,
        dice=args.dice,
        seed=args.seed,
        against_dice=args.against_dice,
        against_seed=args.against_seed,
        maintain=_split(args.maintain) or None,
        hc=hc,
        dc=dc,
        against_reputation=args.against_reputation,
    )
    _save(fief, args)
    answer = venture_json(fief, house, rec, hc, dc)
    if args.json:
        print_json(answer)
        return 0
    _venture_text(answer)
    if args.output:
        out(f"written: {args.output}")
    return 0


def _roll_text(roll: dict | None) -> str:
    if roll is None:
        return "not rolled"
    seed = "typed" if roll["seed"] is None else f"seed {roll['seed']}"
    return f"{' '.join(map(str, roll['faces']))} ({seed})"


def _venture_text(a: dict) -> None:
    out(f"Month {a['month']}: {a['name']} of House {a['house']}, directed by {a['director']}")
    out(
        f"  pool {a['pool']}: "
        + " + ".join(f"{p['what']}" for p in a["pool_parts"])
        + (f", Difficulty {a['difficulty']}" if a["difficulty"] else "")
    )
    out(f"  roll: {_roll_text(a['roll'])}")
    if a["against"]:
        out(
            f"  counter of House {a['against']['house']}, pool {a['against']['pool']}: {_roll_text(a['against']['roll'])}"
        )
    out(f"  {cite(a['reading'])}")
    for house, deltas in a["changes"].items():
        out(f"  House {house}: " + ", ".join(f"{t} {d:+d}" for t, d in deltas.items()) + " (at the month's end)")
    if a["reveals"]:
        out(f"  learnt: {a['reveals']}")
    _readings_text(a)


def _readings_text(answer: dict) -> None:
    """The readings of the rules the answer rests on, with their pages (``content readings``)."""
    for r in answer.get("readings") or []:
        out(f"  reading, {r['where']} ({cite(r['line'])}): {cite(r['text'])}")


def cmd_strategy(args) -> int:
    from landsraad.house.domain import set_strategy, set_strategy_public
    from landsraad.house.ventures import find_house

    fief, hc, dc = _load(args.file)
    house = find_house(fief, args.house)
    set_strategy(fief, house.id, args.strategy, hc, dc)
    if args.public:
        set_strategy_public(fief, house.id, True)
    _save(fief, args)
    d = house.domain
    answer = {
        "house": house.name,
        "month": fief.month,
        "strategy": d.strategy,
        "pending": d.pending_strategy,
        "active_from": d.pending_from,
    }
    if args.json:
        print_json(answer)
        return 0
    out(cite(fief.turn[-1].text))
    if args.output:
        out(f"written: {args.output}")
    return 0


def cmd_householder(args) -> int:
    """Add a Householder; with --character, link the character document: what its House-trait
    advantages add is recorded in the Fief (``link_householder``), again if already linked."""
    from landsraad.house.domain import add_householder, link_householder, set_householder_ratings
    from landsraad.house.ventures import find_house

    fief, hc, _ = _load(args.file)
    house = find_house(fief, args.house)
    rank = "low" if args.low else "high"
    name = (args.name or "").strip()
    if args.character:
        from landsraad.household import house_key, link_record

        record = link_record(args.character, house_content=hc)
        name = name or record["name"]
        if record["house"] and house_key(record["house"]) not in (house_key(house.name), house_key(house.id)):
            raise ChoiceError(f"{args.character}: the character's House is {record['house']}, not House {house.name}")
        link_householder(
            fief,
            house.id,
            name,
            _relative(args.character, args.file),
            record["adds"],
            record["sources"],
            record["stamp"],
            rank,
            hc,
        )
        if args.rating:
            set_householder_ratings(fief, house.id, name, _ratings(args.rating))
    elif args.status and house.domain.householder(name) is not None:
        from landsraad.house.domain import set_householder_status

        set_householder_status(fief, house.id, name, args.status)
        if args.rating:
            set_householder_ratings(fief, house.id, name, _ratings(args.rating))
    else:
        if not name:
            raise ChoiceError("--name: a Householder has a name (or link a --character)")
        add_householder(fief, house.id, name, rank=rank, ratings=_ratings(args.rating))
        if args.status:
            from landsraad.house.domain import set_householder_status

            set_householder_status(fief, house.id, name, args.status)
    _save(fief, args)
    hh = house.domain.householder(name)
    assert hh is not None
    adds = ", ".join(f"{t} +{n}" for t, n in hh.adds.items())
    out(
        f"{hh.name}: {hh.rank.capitalize()} Householder of House {house.name}"
        + (f" ({hh.status})" if hh.status != "active" else "")
        + (
            f", linked to {hh.character} (adds {adds or 'nothing'}: {', '.join(hh.sources) or 'no House trait'})"
            if hh.character
            else ""
        )
    )
    if args.output:
        out(f"written: {args.output}")
    return 0


def _relative(path: str, fief_file: str) -> str:
    """A character path as the Fief keeps it: relative to the Fief's folder where it can be."""
    import os
    from pathlib import Path

    target, base = Path(path).resolve(), Path(fief_file).resolve().parent
    try:
        return os.path.relpath(target, base)
    except ValueError:  # another drive
        return str(target)


def cmd_operation(args) -> int:
    from landsraad.house.domain import add_householder
    from landsraad.house.operations import operation_json
    from landsraad.house.turn_edits import operation_with_household
    from landsraad.house.ventures import find_house

    fief, hc, dc = _load(args.file)
    house = find_house(fief, args.house)
    if house.domain.householder(args.actor) is None:
        add_householder(fief, house.id, args.actor)
    o = dc.operation(args.operation, args.target_kind)
    success = True if args.success else (False if args.failure else None)
    # the ratings typed, the new target added where the Operation's target kind says: as the window does
    operation_with_household(
        fief,
        house.id,
        args.actor,
        o.key,
        ratings=_ratings(args.rating),
        week=args.week,
        against=args.against,
        target=args.target,
        venture=args.venture,
        operation_ref=args.operation_ref,
        alt=args.alt,
        dice=args.dice,
        seed=args.seed,
        against_dice=args.against_dice,
        against_seed=args.against_seed,
        counter_ratings=_ratings(args.counter_rating),
        encounter=args.encounter,
        success=success,
        bonus=args.bonus,
        special=1 if args.special else 0,
        ransom=args.ransom or "",
        chosen=args.chosen,
        fake_operations=_split(args.fake_operations),
        fake_venture=args.fake_venture,
        base=_base(args.file),
        hc=hc,
        dc=dc,
        reputation=args.reputation,
        against_reputation=args.against_reputation,
    )
    _save(fief, args)
    answer = operation_json(fief, house, house.domain.operations[-1], dc)
    if args.json:
        print_json(answer)
        return 0
    out(f"Month {fief.month}, week {answer['week']}: {o.name} by {answer['actor']} of House {house.name}")
    if answer["roll"]:
        out(f"  pool {answer['pool']}: {_roll_text(answer['roll'])}")
    if answer["counter"]:
        out(f"  counter pool {answer['counter']['pool']}: {_roll_text(answer['counter']['roll'])}")
    out(f"  {cite(answer['reading'])}")
    if answer["bonus"]:
        out(f"  {answer['bonus']:+d}d to {answer['venture']}")
    if answer["reveals"]:
        out(f"  learnt: {answer['reveals']}")
    _readings_text(answer)
    if args.output:
        out(f"written: {args.output}")
    return 0


def _base(path: str) -> str:
    from pathlib import Path

    return str(Path(path).resolve().parent)


def cmd_fact(args) -> int:
    from landsraad.house.domain import use_fact

    fief, hc, dc = _load(args.file)
    use_fact(fief, args.house, args.use, director=args.director, hc=hc, dc=dc)
    _save(fief, args)
    out(cite(fief.turn[-1].text))
    if args.output:
        out(f"written: {args.output}")
    return 0


def cmd_month(args) -> int:
    from landsraad.house.domain import degradation_preview, end_month
    from landsraad.house.ventures import play_scores

    fief, hc, dc = _load(args.file)
    ended = fief.month
    degrade = degradation_preview(fief, hc, dc)
    end_month(fief, hc, dc)
    _save(fief, args)
    summary = fief.turn[-1].detail
    names = {h.id: h.name for h in fief.houses}
    answer = {
        "ended": ended,
        "month": fief.month,
        "changes": {names[k]: v for k, v in summary.get("ventures", {}).items()},
        "degradation": {names[k]: v for k, v in degrade.items() if v},
        "strategies": {h.name: h.domain.strategy for h in fief.houses},
        "pending": {
            h.name: {"strategy": h.domain.pending_strategy, "active_from": h.domain.pending_from}
            for h in fief.houses
            if h.domain.pending_strategy
        },
        "scores": {h.name: play_scores(fief, h, hc) for h in fief.houses},
        "arrived": [e.text for e in fief.turn if e.kind == "gear" and e.month == fief.month],
    }
    if args.json:
        print_json(answer)
        return 0
    out(f"Month {ended} ends; month {fief.month} begins.")
    for name, deltas in answer["changes"].items():
        out(f"  Ventures, House {name}: " + ", ".join(f"{t} {d:+d}" for t, d in deltas.items()))
    for name, deltas in answer["degradation"].items():
        out(f"  Degradation, House {name}: " + ", ".join(f"{t} {d:+d}" for t, d in deltas.items()))
    for text in answer["arrived"]:
        out(f"  {text}")
    for name, st in answer["strategies"].items():
        out(
            f"  House {name}: {st}"
            + (
                f" (then {answer['pending'][name]['strategy']} from month {answer['pending'][name]['active_from']})"
                if name in answer["pending"]
                else ""
            )
        )
    if args.output:
        out(f"written: {args.output}")
    return 0


def cmd_turn(args) -> int:
    from landsraad.house.domain import month_report, table_view

    fief, hc, dc = _load(args.file)
    if args.month is not None and not 1 <= args.month <= fief.month:
        raise ChoiceError(f"--month {args.month}: this Fief has played months 1 to {fief.month}")
    report = table_view(fief, hc, dc) if args.table else month_report(fief, hc, dc, args.month)
    if args.json:
        print_json(report)
        return 0
    out(f"Month {report['month']} ({report['date']['month_of_year']} of year {report['date']['year']})")
    for h in report["houses"]:
        pending = f" ({h['pending']} decided)" if h.get("pending") else ""
        out(f"House {h['house']}: Strategy {h.get('strategy') or h.get('strategy_learnt') or '(hidden)'}{pending}")
        for v in h["ventures"]:
            if "received" in v:  # the group's view: only what the House receives (L4970)
                got = v["received"]
                state = (
                    ("received: " + "; ".join(f"{k.capitalize()} {val}" for k, val in got.items()))
                    if got
                    else "no result received"
                )
            elif "width" not in v:
                state = f"pool {v['pool']}, not rolled"
            else:
                state = f"Width {v['width']}" if v["width"] is not None else f"pool {v['pool']}, not rolled"
            out(f"  {v['director']}: {v['venture']} {v.get('target') or ''} -> {state}")
        for op in h.get("operations", []):
            out(f"  week {op['week']} {op['actor']}: {op['key']} -> {cite(op['reading'])}")
    return 0
