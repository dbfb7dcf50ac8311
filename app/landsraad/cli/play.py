"""`roll` and `character roll`: a roll read as the rules read it (issue 25; engine ``landsraad.play``).

    roll (--dice "FACES" | --pool N [--seed S]) [--difficulty N] [--expert N | --master] [--no-special]
         [--bonus N] [--penalty N] [--actions N] [--height-penalty N] [--squish] [--squash]
         [--against-dice "FACES" [--against-difficulty N] [--against-expert N | --against-master]
          [--competitive width|height]] [--helper-dice "FACES"]… [--json]
    character roll CHAR.json --stat STAT --skill SKILL [--difficulty N] [--bonus N] [--penalty N]
         [--actions N] [--other STAT+SKILL]… [--use BONUS]… [--no-special] [--dice "FACES" | --seed N]
         [--against OTHER.json --against-stat S --against-skill K [--against-dice "FACES" | --against-seed N]
          [--competitive width|height]] [--helper-dice "FACES"]…
         [--choose N] [--json]

`roll` keeps every flag and key it had (cli-contract.md: ``faces``, ``seed``, ``sets``,
``waste`` of the dice thrown) and adds the pool, the coach's readings and the odds.
"""

from __future__ import annotations

from typing import Any

from landsraad.cli.args import seed as args_seed
from landsraad.cli.output import out, print_json, printable
from landsraad.dice import MAX_POOL, Roll, parse_dice
from landsraad.errors import DiceError
from landsraad.play.contest import Gobbled, opposed
from landsraad.play.odds import MAX_ODDS_DICE, pool_odds
from landsraad.play.pool import MAX_DICE, Pool, plain_pool, throw
from landsraad.play.reading import Action, Options, Reading, readings
from landsraad.play.record import record_roll

SHOWN = 5  # readings printed as text (all of them in --json)


def _reading_flags(p) -> None:
    p.add_argument("--difficulty", metavar="N", type=int, default=1, help="1-10: dice below it are discarded (D10)")
    p.add_argument("--bonus", metavar="N", type=int, default=0, help="+Nd (D12; the 10-dice cap after it, D3)")
    p.add_argument(
        "--extra-time",
        metavar="N",
        type=int,
        choices=(1, 2),
        help="1: Extra Time (+1d), 2: Double Extra Time (+2d) (D13, a loose rule)",
    )
    p.add_argument(
        "--penalty", metavar="N", type=int, default=0, help="-Nd (D11): the Special Die Rating takes it first (D26, A1)"
    )
    p.add_argument(
        "--actions",
        metavar="N",
        type=int,
        default=1,
        help="actions declared for this one roll: -1d each beyond the first, one set each (D32, D33)",
    )
    p.add_argument(
        "--action",
        action="append",
        default=[],
        metavar="NAME[:DIFFICULTY][:after]",
        help="a declared action, in order (instead of --actions N): its own Difficulty (S6), "
        "':after' if it relies on the one before (D31, A6), e.g. --action Dodge:3 --action Attack",
    )
    p.add_argument("--no-special", action="store_true", help="nominate no Special Die (D25: the player's choice)")
    p.add_argument(
        "--height-penalty",
        metavar="N",
        type=int,
        default=0,
        help="-N Height on every set (D14, S9); Protect points beyond 5 cancel it (D29)",
    )
    p.add_argument(
        "--protect-height",
        metavar="N",
        type=int,
        default=0,
        help="keep N Protect points (Special Die Rating beyond 5) for the Height penalty, "
        "not the dice penalties (D29; the default spends them on dice first)",
    )
    p.add_argument("--squish", action="store_true", help="the Judge allows Squish (D17, A22)")
    p.add_argument("--squash", action="store_true", help="the Judge allows Squash (D17, A22)")
    p.add_argument("--json", action="store_true", help="print one JSON object")


def register_roll(subparsers) -> None:
    p = subparsers.add_parser("roll", help="roll or read One Roll Engine dice: the pool, every reading, the odds")
    src = p.add_mutually_exclusive_group(required=True)
    src.add_argument(
        "--dice",
        metavar="DICE",
        help='typed dice: "3x4 2x8 9 6" or "4,4,4,8,8,9,6" (the dice thrown; a Special Die is not)',
    )
    src.add_argument("--pool", metavar="N", type=int, help="roll N d10 (the dice pool)")
    p.add_argument(
        "--seed", metavar="S", type=args_seed, help="seed for --pool, 0 or more (drawn and printed if not given)"
    )
    p.add_argument(
        "--expert",
        metavar="N",
        type=int,
        default=0,
        help="N Expert Dice (a Special Die Rating of 1-4): one die at 7, N-1 nudges (D24, D28)",
    )
    p.add_argument("--master", action="store_true", help="a Master Die (rating 5): set after the roll (D25)")
    p.add_argument("--against-dice", metavar="FACES", help="an opposed test: the opponent's dice (D36)")
    p.add_argument("--against-difficulty", metavar="N", type=int, help="the opponent's Difficulty (default: the same)")
    p.add_argument("--against-expert", metavar="N", type=int, default=0, help="the opponent's Expert Dice")
    p.add_argument("--against-master", action="store_true", help="the opponent has a Master Die")
    _contest_flags(p)
    _reading_flags(p)
    p.set_defaults(handler=cmd_roll)


def register_character_roll(csub) -> None:
    r = csub.add_parser("roll", help="a character's roll: Statistic + Skill, the coach's readings, the odds")
    r.add_argument("file", metavar="CHAR.json")
    r.add_argument(
        "--stat", required=True, metavar="STAT", help="physique, prowess, intellect, insight, command, charm"
    )
    r.add_argument("--skill", required=True, metavar="SKILL", help='a skill id; a field skill as "knowledge(Arts)"')
    r.add_argument(
        "--other",
        action="append",
        default=[],
        metavar="STAT+SKILL",
        help="another action's pool in a multiple action: the lowest pool is rolled (D32)",
    )
    r.add_argument(
        "--use",
        action="append",
        default=[],
        metavar="BONUS",
        help="an advantage's or feat's dice bonus that applies (offered ones are listed)",
    )
    src = r.add_mutually_exclusive_group()
    src.add_argument("--dice", metavar="FACES", help="the dice thrown, typed from physical dice")
    src.add_argument("--seed", metavar="N", type=args_seed, help="roll from this seed (drawn and printed if not given)")
    r.add_argument("--against", metavar="OTHER.json", help="an opposed test against this character (D36)")
    r.add_argument("--against-stat", metavar="S")
    r.add_argument("--against-skill", metavar="K")
    asrc = r.add_mutually_exclusive_group()
    asrc.add_argument("--against-dice", metavar="FACES", help="the opponent's dice")
    asrc.add_argument("--against-seed", metavar="N", type=args_seed, help="roll the opponent's dice from this seed")
    r.add_argument("--against-difficulty", metavar="N", type=int, help="the opponent's Difficulty (default: the same)")
    _contest_flags(r)
    r.add_argument(
        "--choose",
        metavar="N",
        type=int,
        default=1,
        help="the reading the player picks (1 = the best): the roll record keeps it",
    )
    _reading_flags(r)
    r.set_defaults(handler=cmd_character_roll)


def _contest_flags(p) -> None:
    p.add_argument(
        "--competitive",
        choices=("width", "height"),
        help="with the opponent's dice: a competitive test won by Width or Height (D34), not opposed",
    )
    p.add_argument(
        "--helper-dice",
        action="append",
        default=[],
        metavar="FACES",
        help="a cooperative test: a helper's dice at the same Difficulty (D35), once per helper",
    )


# ----- shared ------------------------------------------------------------------------------
def _options(args) -> Options:
    if not 0 <= args.height_penalty <= 10:
        raise DiceError(f"--height-penalty is 0 to 10, not {args.height_penalty}")
    return Options(squish=args.squish, squash=args.squash, height_penalty=args.height_penalty)


def _declared(args) -> tuple[Action, ...]:
    """The declared actions: --action NAME[:D][:after]… or --actions N unnamed ones."""
    if not args.action:
        return tuple(Action() for _ in range(max(args.actions, 1)))
    if args.actions not in (1, len(args.action)):
        raise DiceError(f"--actions {args.actions} but {len(args.action)} --action given")
    out = []
    for text in args.action:
        name, _, rest = text.partition(":")
        diff_text, _, after = rest.partition(":")
        if not name.strip() or after not in ("", "after"):
            raise DiceError(f"--action: write NAME[:DIFFICULTY][:after], not {text[:60]!r}")
        diff = None
        if diff_text.strip():
            if not diff_text.strip().isdigit():
                raise DiceError(f"--action {name.strip()}: a Difficulty is 1 to 10, not {diff_text.strip()[:20]!r}")
            diff = _difficulty(int(diff_text), f"--action {name.strip()}: the Difficulty")
        out.append(Action(name.strip(), diff, after == "after"))
    if len(out) > 10:
        raise DiceError("at most 10 actions in one roll")
    args.actions = len(out)
    return tuple(out)


def _difficulty(value: int | None, flag: str) -> int:
    if value is None:
        return 1
    if not 1 <= value <= 10:
        raise DiceError(f"{flag} is 1 to 10, not {value}")
    return value


def _throw(pool: Pool, dice: str | None, seed: int | None, who: str = "") -> Roll:
    """The dice thrown (``play.pool.throw``); a wrong count names the flag."""
    if dice is not None and seed is not None:
        raise DiceError("--seed goes with --pool, not with typed --dice")
    try:
        return throw(pool, dice, seed)
    except DiceError as exc:
        raise DiceError(f"{who}{exc}") from None


def _coach(
    pool: Pool, faces: tuple[int, ...], difficulty: int, actions: int | tuple[Action, ...], options: Options
) -> list[Reading]:
    if pool.fails or len(faces) + (1 if pool.special.kind != "none" else 0) > MAX_ODDS_DICE:
        return []
    return readings(faces, difficulty, pool.special, actions, options)


def _after(reading: Reading, g: Gobbled) -> dict[str, Any]:
    """The active side's reading after the counter dice (``best`` of an opposed test)."""
    data = reading.to_json()
    data["before"] = data["sets"]
    unused = list(reading.sets)
    for s in g.before:
        if s in unused:
            unused.remove(s)
    sets = [s for s in g.after if s.width > 0] + unused
    data["sets"] = [s.to_json() for s in sorted(sets, key=lambda s: (-s.width, -s.height))]
    data["success"] = bool(g.after) and all(a.width > 0 for a in g.after)
    data["actions"] = [
        dict(a, set=(g.after[i].to_json() if g.after[i].width > 0 else None), success=g.after[i].width > 0)
        if i < len(g.after)
        else a
        for i, a in enumerate(data["actions"])
    ]
    return data


def _payload(
    pool: Pool, roll: Roll, difficulty: int, actions: int, rs: list[Reading], height_penalty: int = 0
) -> dict[str, Any]:
    data = roll.to_json()  # faces, seed, sets, waste: the contract's roll object
    data.update(pool.to_json())
    data["difficulty"] = difficulty
    data["actions"] = actions
    data["height_penalty"] = height_penalty
    data["readings"] = [r.to_json() for r in rs]
    data["best"] = data["readings"][0] if rs else None
    big = pool.rolled + (1 if pool.special.kind != "none" else 0) > MAX_ODDS_DICE
    data["odds"] = None if big else pool_odds(pool, difficulty, actions, height_penalty).to_json()
    if pool.fails:
        from landsraad.rules.pages import page_of

        data["best"] = {
            "text": "no dice",
            "sets": [],
            "waste": [],
            "success": False,
            "page": page_of(129),
            "why": "a pool of 0 or less: nothing is rolled and the action fails (S1).",
        }
    return data


def _opposed_payload(
    data: dict[str, Any], rs: list[Reading], against_roll: Roll, theirs: list[Reading], who: str = ""
) -> list[Reading]:
    """Add the opposed test to ``data``; the active side's readings in their order after the counters."""
    if not rs or not theirs:
        data["against"] = {
            "who": who,
            "faces": list(against_roll.faces),
            "seed": against_roll.seed,
            "best": theirs[0].to_json() if theirs else None,
        }
        data["countered"] = []
        return rs
    o = opposed(rs, theirs[0])
    g = o.best_after
    data["readings"] = [r.to_json() for r in o.active]
    data["best"] = _after(o.best, g)
    data["countered"] = [s.height for s, t in zip(g.before, g.taken) for _ in range(t)]
    data["gobble"] = g.to_json()
    data["outcome"] = o.outcome
    data["against"] = {
        "who": who,
        "faces": list(against_roll.faces),
        "seed": against_roll.seed,
        "best": theirs[0].to_json(),
        "readings": [r.to_json() for r in theirs],
    }
    return list(o.active)


def _competitive_payload(
    data: dict[str, Any], rs: list[Reading], against_roll: Roll, theirs: list[Reading], aspect: str, who: str = ""
) -> None:
    """A competitive test (D34, S26): each side's best set on the aspect the Judge names."""
    from landsraad.play.contest import competitive

    mine = rs[0].best if rs else None
    other = theirs[0].best if theirs else None
    verdict = competitive(mine, other, "width" if aspect == "width" else "height")
    winner = {1: "active", -1: "opponent"}.get(verdict, "tie" if mine or other else "nobody")
    data["against"] = {
        "who": who,
        "faces": list(against_roll.faces),
        "seed": against_roll.seed,
        "best": theirs[0].to_json() if theirs else None,
    }
    data["competitive"] = {
        "aspect": aspect,
        "winner": winner,
        "active": mine.to_json() if mine else None,
        "opponent": other.to_json() if other else None,
        "why": f"{mine.label if mine else 'no set'} against {other.label if other else 'no set'}"
        f" on {aspect.title()}: "
        + {
            "active": "the active side wins",
            "opponent": "the opponent wins",
            "tie": "a tie (the Judge rules, S26)",
            "nobody": "nobody wins (S26)",
        }[winner]
        + " (D34)",
    }


def _cooperative_payload(data: dict[str, Any], pool: Pool, roll: Roll, helpers: list[str], difficulty: int) -> None:
    """A cooperative test (D35, A3): the roller and each helper's typed dice."""
    from landsraad.play.contest import Helper, cooperative

    group = [Helper(data.get("who") or "the roller", roll.faces, pool.special)]
    group += [Helper(f"helper {i}", parse_dice(text).faces) for i, text in enumerate(helpers, 1)]
    c = cooperative(group, difficulty)
    data["cooperative"] = {
        "baseline": c.baseline,
        "result": c.result.to_json() if c.result else None,
        "contributors": list(c.contributors),
        "why": c.why,
        "helpers": [list(h.faces) for h in group[1:]],
    }


def _print(data: dict[str, Any], pool: Pool, roll: Roll, rs: list[Reading]) -> None:
    from landsraad.play.odds import pool_odds as _odds
    from landsraad.present.roll import odds_text, pool_text, reading_line, readings_used_lines

    out(f"{len(roll)}d10: {roll.text}" if len(roll) else "0d10: nothing rolled")
    out(f"faces: {' '.join(map(str, roll.faces))}")
    out("nothing rolled" if not len(roll) else f"seed: {roll.seed}" if roll.seed is not None else "typed")
    out(f"pool: {pool_text(pool)}")
    out(f"difficulty: {data['difficulty']}" + (f", {data['actions']} actions" if data["actions"] > 1 else ""))
    if data.get("odds"):
        out(f"odds: {odds_text(_odds(pool, data['difficulty'], data['actions'], data['height_penalty']))}")
    if pool.offered:
        out("bonuses the character has for this skill (--use ID): " + ", ".join(pool.offered))
    if "competitive" in data:
        out(f"against: {' '.join(map(str, data['against']['faces']))}")
        out(f"competitive: {data['competitive']['why']}")
    if "cooperative" in data:
        out(f"cooperative: {data['cooperative']['why']}")
    if "against" in data and data.get("outcome"):
        out(f"against: {' '.join(map(str, data['against']['faces']))} → {data['against']['best']['text']}")
        out(f"opposed: {data['outcome']}")
        b = data["best"]
        out(
            "best after the counter dice: "
            + (" + ".join(f"{s['width']}x{s['height']}" for s in b["sets"]) or "nothing")
        )
    shown = rs[:SHOWN]
    for i, r in enumerate(shown, 1):
        out(reading_line(i, r))
    for line in readings_used_lines(list(pool.readings_used) + [u for r in shown for u in r.readings_used]):
        out(line)
    if len(rs) > SHOWN:
        out(f"… {len(rs) - SHOWN} more reading(s) (--json lists them all)")
    if not rs and not pool.fails and len(roll) > MAX_ODDS_DICE:
        out(f"(no readings for more than {MAX_ODDS_DICE} dice)")


# ----- roll --------------------------------------------------------------------------------
def cmd_roll(args) -> int:
    if args.dice is not None and args.seed is not None:
        raise DiceError("--seed goes with --pool, not with typed --dice")
    if args.pool is not None and not 1 <= args.pool <= MAX_POOL:
        raise DiceError(f"--pool: a dice pool is 1 to {MAX_POOL} dice, not {args.pool}")
    difficulty = _difficulty(args.difficulty, "--difficulty")
    options = _options(args)
    acts = _declared(args)

    def make(n: int) -> Pool:
        return plain_pool(
            n,
            expert=args.expert,
            master=args.master,
            nominate=not args.no_special,
            bonus=args.bonus,
            penalty=args.penalty,
            actions=args.actions,
            cap=max(MAX_DICE, n),
            extra_time=args.extra_time or 0,
            protect_height=args.protect_height,
        )

    if args.pool is not None:
        pool = make(args.pool)
    else:
        # typed dice are the dice thrown: the pool is the smallest that throws that many after
        # the modifiers (a Special Die beside them, the penalties on its rating first: A1)
        count = len(parse_dice(args.dice))
        pool = next((p for p in (make(n) for n in range(1, MAX_POOL + 1)) if p.rolled >= count), make(count))
        if pool.rolled != count:
            raise DiceError(f"{count} dice typed, but no pool throws {count} with these modifiers")
    roll = _throw(pool, args.dice, args.seed)
    rs = _coach(pool, roll.faces, difficulty, acts, options)
    data = _payload(pool, roll, difficulty, args.actions, rs, args.height_penalty)
    if args.against_dice is not None:
        ad = _difficulty(args.against_difficulty, "--against-difficulty") if args.against_difficulty else difficulty
        theirs_roll = parse_dice(args.against_dice)
        tn = len(theirs_roll) + (1 if (args.against_expert or args.against_master) else 0)
        their_pool = plain_pool(tn, expert=args.against_expert, master=args.against_master, cap=max(MAX_DICE, tn))
        theirs = _coach(their_pool, theirs_roll.faces, ad, 1, Options())
        if args.competitive:
            _competitive_payload(data, rs, theirs_roll, theirs, args.competitive)
        else:
            rs = _opposed_payload(data, rs, theirs_roll, theirs)
    elif args.competitive:
        raise DiceError("--competitive needs the opponent's dice (--against-dice)")
    if args.helper_dice:
        _cooperative_payload(data, pool, roll, args.helper_dice, difficulty)
    if args.json:
        print_json(data)
    else:
        _print(data, pool, roll, rs)
    return 0


# ----- character roll ------------------------------------------------------------------------
def _other(text: str):
    from landsraad.play.pool import Choice

    stat, sep, skill = text.partition("+")
    if not sep or not stat.strip() or not skill.strip():
        raise DiceError(f"--other: write STAT+SKILL (e.g. physique+athletics), not {text[:60]!r}")
    return Choice(stat.strip().lower(), skill.strip())


def cmd_character_roll(args) -> int:
    from landsraad.character import document
    from landsraad.play.pool import character_pool
    from landsraad.rules.content import load_content

    difficulty = _difficulty(args.difficulty, "--difficulty")
    options = _options(args)
    if args.against and not (args.against_stat and args.against_skill):
        raise DiceError("--against needs --against-stat and --against-skill")
    if (args.against_dice or args.against_seed is not None or args.against_stat) and not args.against:
        raise DiceError("--against-stat, --against-skill and --against-dice go with --against OTHER.json")
    acts = _declared(args)
    c = load_content()
    ch = document.load(args.file)
    pool = character_pool(
        ch,
        c,
        args.stat.lower(),
        args.skill,
        bonus=args.bonus,
        penalty=args.penalty,
        actions=args.actions,
        others=[_other(o) for o in args.other],
        use=args.use,
        nominate=not args.no_special,
        extra_time=args.extra_time or 0,
        protect_height=args.protect_height,
    )
    roll = _throw(pool, args.dice, args.seed)
    rs = _coach(pool, roll.faces, difficulty, acts, options)
    data = _payload(pool, roll, difficulty, args.actions, rs, args.height_penalty)
    data["who"] = ch.name
    against = None
    if args.against:
        other = document.load(args.against)
        their_pool = character_pool(other, c, args.against_stat.lower(), args.against_skill)
        ad = _difficulty(args.against_difficulty, "--against-difficulty") if args.against_difficulty else difficulty
        theirs_roll = _throw(their_pool, args.against_dice, args.against_seed, who="--against-dice: ")
        theirs = _coach(their_pool, theirs_roll.faces, ad, 1, Options())
        if args.competitive:
            _competitive_payload(data, rs, theirs_roll, theirs, args.competitive, who=other.name)
        else:
            rs = _opposed_payload(data, rs, theirs_roll, theirs, who=other.name)
        data["against"].update(their_pool.to_json())
        against = data["against"]
    elif args.competitive:
        raise DiceError("--competitive needs --against OTHER.json")
    if args.helper_dice:
        _cooperative_payload(data, pool, roll, args.helper_dice, difficulty)
    if rs:
        if not 1 <= args.choose <= len(rs):
            raise DiceError(f"--choose: a reading 1 to {len(rs)}, not {args.choose}")
        rec = record_roll(
            pool,
            roll.faces,
            rs,
            args.choose - 1,
            who=ch.name,
            difficulty=difficulty,
            seed=roll.seed,
            actions=[a.label for a in acts],
            against={k: against[k] for k in ("who", "faces", "best")} if against else None,
        )
        data["record"] = rec.to_json()
    if args.json:
        print_json(data)
    else:
        out(printable(ch.name) or "(unnamed)")
        _print(data, pool, roll, rs)
    return 0
