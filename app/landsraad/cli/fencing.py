"""``fencing``: Across The Dune Sea fencers and duels (issue 19; ../shared/cli-contract.md).

    fencing new --name NAME --fencing LEVEL [--maneuver ID]… [--reflexes L] [--muscle L]
                [--damage-capacity L] [--stamina L] [--willpower L] [--weapon KIND[:NAME][:sharp]]…
                [--armour ID] [--legendary-allowed] [--legendary-cost N] [--lackey] [-o FILE.json]
    fencing show FILE.json [--json]
        → {"name", "fencing", "skill_levels", "maneuvers_allowed", "maneuvers_used",
           "maneuvers": [ids], "findings": [...], …}
    fencing check FILE.json                    findings; exit 0 when there is no error or todo
    fencing heal FILE.json (--tend | --doctor LEVEL | --weeks N) [-o FILE.json] [--json]
    fencing duel FENCER.json FENCER.json… | DUEL.json
                --maneuver SIDE=ID[:TRUE]… (--dice "…" | --seed S) [--react SIDE=ID]…
                [--target SIDE=SIDE]… [--lower SIDE=LEVEL]… [--trade SIDE=N]… [--pull SIDE=LEVEL]…
                [--weapon SIDE=N]… [--skill SIDE=LEVEL]… [--cinematic] [--also SIDE=ID[,ID]]… [--realism R] [--damage-roll [--no-limits]] [-o DUEL.json] [--json]
        One round of the Dueling System; ID may also be a non-fencing action: strike, throw, shoot.  SIDE is a fencer's name as a slug ("regenald-wilde");
        a Feint names its true maneuver after a colon ("feint:lunge").  Typed dice are 4dF
        results in the order the round rolls them ("+1 -2 0", or faces "+-0+"); a count that
        does not match is exit 2.  Given a duel document, the next round is fought.
    fencing cards FILE.json -o OUT.pdf [--paper a4|letter]    one card per maneuver it knows
    fencing sheet FILE.json -o OUT.pdf [--paper a4|letter]    the fencer sheet and its cards
    fencing cards --all -o OUT.pdf                            the thirteen maneuvers

Handlers return an exit code; bad input raises a LandsraadError (exit 2, nothing written).
"""

from __future__ import annotations

import sys
from pathlib import Path

from landsraad.cli.output import out, print_json
from landsraad.documents.codec import dumps_document, save_document
from landsraad.errors import ChoiceError, LandsraadError

LEVEL_HELP = "terrible, poor, mediocre, fair, good, great, superb (legendary where the Judge allows)"


def register(subparsers) -> None:
    p = subparsers.add_parser("fencing", help="Across The Dune Sea fencers, duels and maneuver cards")
    fsub = p.add_subparsers(dest="fencing_command", required=True, parser_class=subparsers._parser_class)

    n = fsub.add_parser("new", help="a new fencer document")
    n.add_argument("--name", required=True)
    n.add_argument("--fencing", required=True, metavar="LEVEL", help=LEVEL_HELP)
    n.add_argument("--maneuver", action="append", default=[], metavar="ID", help="a maneuver it knows (repeatable)")
    for trait in ("reflexes", "muscle", "stamina", "willpower", "damage-capacity"):
        n.add_argument(f"--{trait}", default="fair", metavar="LEVEL", help="default fair")
    n.add_argument(
        "--weapon",
        action="append",
        default=[],
        metavar="KIND[:NAME][:sharp]",
        help="a weapon (repeatable; default one rapier)",
    )
    n.add_argument("--armour", default="none", metavar="ID")
    n.add_argument("--legendary-allowed", action="store_true", help="the Judge allows Legendary Fencing")
    n.add_argument("--legendary-cost", type=int, metavar="N", help="its cost in skill levels, set by the Judge")
    n.add_argument("--lackey", action="store_true", help="a lackey: the Realism Modifier does not widen its wounds")
    n.add_argument(
        "--lackey-track", action="store_true", help="a lackey with three levels: Undamaged, Hurt, Out of Combat (L169)"
    )
    n.add_argument("--fudge-points", type=int, default=0, metavar="N", help="its Fudge Points (L153)")
    n.add_argument("-o", "--output", metavar="FILE.json", help="write here (else the document goes to stdout)")
    n.set_defaults(handler=cmd_new)

    s = fsub.add_parser("show", help="a fencer: skill cost, maneuver slots, findings")
    s.add_argument("file", metavar="FILE.json")
    s.add_argument("--json", action="store_true")
    s.set_defaults(handler=cmd_show)

    k = fsub.add_parser("check", help="a fencer's findings; exit 1 when it breaks a rule")
    k.add_argument("file", metavar="FILE.json")
    k.set_defaults(handler=cmd_check)

    h = fsub.add_parser("heal", help="tend Scratches, a Doctor roll, or weeks of rest (L264-270)")
    h.add_argument("file", metavar="FILE.json", help="a fencer document")
    how = h.add_mutually_exclusive_group(required=True)
    how.add_argument("--tend", action="store_true", help="erase the Scratches after the fight")
    how.add_argument("--doctor", metavar="LEVEL", help="the Doctor (or Field Medicine) result reached")
    how.add_argument("--weeks", type=int, metavar="N", help="N weeks of rest without a doctor")
    h.add_argument("-o", "--output", metavar="FILE.json", help="write the healed fencer here")
    h.add_argument("--json", action="store_true")
    h.set_defaults(handler=cmd_heal)

    ml = fsub.add_parser("melee", help="the Melee System's Initiative for several fencers (L248-L254)")
    ml.add_argument("files", nargs="+", metavar="FENCER.json")
    ml.add_argument(
        "--side",
        action="append",
        default=[],
        metavar="N=SIDE",
        help="the N-th fencer's side (allies tied act together); default each its own",
    )
    how_m = ml.add_mutually_exclusive_group()
    how_m.add_argument("--by-reflexes", action="store_true", help="option 1: by Reflexes, Superb first (L249)")
    how_m.add_argument("--d6", metavar='"a b …"', help="option 2: one d6 per fencer, in order (L250-L252)")
    ml.add_argument("--tie", metavar='"a b …"', help="d6 that break a tie between foes of equal Reflexes")
    ml.add_argument("--seed", type=int, metavar="S", help="roll the d6 with this seed (option 2)")
    ml.add_argument("--json", action="store_true")
    ml.set_defaults(handler=cmd_melee)

    st = fsub.add_parser("stamina", help="an Incapacitated fencer's Stamina roll against Fair to stay conscious (L153)")
    st.add_argument("file", metavar="FENCER.json")
    how_s = st.add_mutually_exclusive_group(required=True)
    how_s.add_argument("--dice", metavar='"+1"', help='the 4dF result (-4..+4) or four faces ("+-0+")')
    how_s.add_argument("--seed", type=int, metavar="S")
    st.add_argument("--json", action="store_true")
    st.set_defaults(handler=cmd_stamina)

    fp = fsub.add_parser("fudge-point", help="an Incapacitated fencer spends a Fudge Point for one action (L153)")
    fp.add_argument("file", metavar="FENCER.json|DUEL.json")
    fp.add_argument("--side", metavar="SIDE", help="in a duel document, whose (a fencer's name as a slug)")
    fp.add_argument("-o", "--output", metavar="OUT.json", help="write here instead of back to FILE")
    fp.add_argument("--json", action="store_true")
    fp.set_defaults(handler=cmd_fudge_point)

    hz = fsub.add_parser("hazard", help="fire, a fall or an explosion hits a fencer (L193-L208)")
    hz.add_argument("file", metavar="FENCER.json|DUEL.json")
    src = hz.add_mutually_exclusive_group(required=True)
    src.add_argument("--fire", type=int, metavar="N", help="a fire's Basic Damage, 2 to 4 (L200)")
    src.add_argument("--fall", type=int, metavar="FEET", help="a fall: a point per 5 feet (L203)")
    src.add_argument("--damage", type=int, metavar="N", help="Basic Damage the Judge sets (an explosion, L206)")
    hz.add_argument("--side", metavar="SIDE", help="in a duel document, whom it hits")
    hz.add_argument("--realism", type=int, metavar="R", help="the Realism Modifier (the duel's, else 1, L128)")
    hz.add_argument("-o", "--output", metavar="OUT.json", help="write here instead of back to FILE")
    hz.add_argument("--json", action="store_true")
    hz.set_defaults(handler=cmd_hazard)

    d = fsub.add_parser("duel", help="fight one round of the Dueling System")
    d.add_argument("files", nargs="+", metavar="FILE.json", help="two or more fencer documents, or one duel document")
    d.add_argument(
        "--maneuver",
        action="append",
        default=[],
        metavar="SIDE=ID[:TRUE]",
        help="each fencer's secret choice: a maneuver it knows, 'none', or a non-fencing "
        "action 'strike', 'throw', 'shoot'",
    )
    dice = d.add_mutually_exclusive_group(required=True)
    dice.add_argument("--dice", metavar='"+1 -2 0 …"', help="4dF results typed from physical dice, in order")
    dice.add_argument("--seed", type=int, metavar="S", help="roll with this seed")
    for flag, meta, what in (
        ("react", "SIDE=ID", "the maneuver to switch to by a Reaction roll"),
        ("target", "SIDE=SIDE", "whom it attacks (needed with more than two)"),
        ("lower", "SIDE=LEVEL", "lower its base Initiative to LEVEL"),
        ("trade", "SIDE=N", "trade N Fencing steps for Initiative (optional rule)"),
        ("pull", "SIDE=LEVEL", "pull punches: the highest wound it deals"),
        ("weapon", "SIDE=N", "fight with its N-th weapon (1-based)"),
        ("skill", "SIDE=LEVEL", "its skill with the weapon it throws or shoots"),
    ):
        d.add_argument(f"--{flag}", action="append", default=[], metavar=meta, help=what)
    d.add_argument("--realism", type=int, metavar="R", help="the campaign's Realism Modifier (new duel; default 1)")
    d.add_argument("--damage-roll", action="store_true", help="use the optional damage roll (new duel)")
    d.add_argument("--no-limits", action="store_true", help="the damage roll without its limits (L146)")
    d.add_argument(
        "--cinematic",
        action="store_true",
        help="Cinematic Fencing: several maneuvers a turn (new duel; optional rule, L261-263)",
    )
    d.add_argument(
        "--also",
        action="append",
        default=[],
        metavar="SIDE=ID[,ID]",
        help="further maneuvers this turn under Cinematic Fencing",
    )
    d.add_argument("-o", "--output", metavar="DUEL.json", help="save the duel (wounds, log) here")
    d.add_argument("--json", action="store_true")
    d.set_defaults(handler=cmd_duel)

    for name, what in (("cards", "maneuver cards to cut out"), ("sheet", "the fencer sheet, then its cards")):
        c = fsub.add_parser(name, help=what)
        c.add_argument("file", nargs="?", metavar="FILE.json", help="a fencer document")
        if name == "cards":
            c.add_argument("--all", action="store_true", help="all thirteen maneuvers, without a fencer")
        c.add_argument("-o", "--output", required=True, metavar="OUT.pdf")
        c.add_argument("--paper", default="a4", type=str.lower, choices=("a4", "letter"))
        c.set_defaults(handler=cmd_cards if name == "cards" else cmd_sheet)


def register_export(esub, common) -> None:
    """``export cards`` and ``export fencer``: the same PDFs under the export command."""
    c = esub.add_parser("cards", help="maneuver cards of a fencer document")
    c.add_argument("file", metavar="FILE.json")
    common(c)
    c.set_defaults(handler=cmd_cards, all=False)
    f = esub.add_parser("fencer", help="a fencer sheet and its maneuver cards")
    f.add_argument("file", metavar="FILE.json")
    common(f)
    f.set_defaults(handler=cmd_sheet)


# ----- helpers ------------------------------------------------------------------------------
def _content():
    from landsraad.packs.fencing.content import load_fencing_content

    return load_fencing_content()


def _level(c, value: str, flag: str, legendary_ok: bool = False) -> str:
    lv = c.level(value)
    if lv is None or (lv.judge_only and not legendary_ok):
        allowed = ", ".join(x.id for x in c.levels if legendary_ok or not x.judge_only)
        raise ChoiceError(f"--{flag} {value!r}: one of {allowed}")
    return lv.id


def _weapon(c, text: str) -> tuple[str, str, bool]:
    """``KIND[:NAME][:sharp]`` as (kind, name, sharp)."""
    parts = text.split(":")
    kind = parts[0].strip().lower()
    if c.weapon(kind) is None:
        raise ChoiceError(f"--weapon {text!r}: {kind!r} is not a weapon ({', '.join(w.id for w in c.weapons)})")
    sharp = len(parts) > 1 and parts[-1].strip().lower() == "sharp"
    name = ":".join(parts[1:-1] if sharp else parts[1:]).strip()
    return kind, name, sharp


def _guard_output(path: str, kinds: tuple[str, ...]) -> None:
    """Contract: ``-o`` over an existing file that is not a document of these kinds is exit 2."""
    from landsraad.documents.guards import check_write_back  # the rule of every write-back

    check_write_back(path, kinds[0])


def fencer_json(f, c) -> dict:
    """The ``fencing show --json`` object."""
    from landsraad.packs.fencing.validate import (
        fencer_findings,
        maneuvers_allowed,
        maneuvers_used,
        skill_levels,
    )
    from landsraad.packs.fencing.wounds import (
        defensive_damage_modifier,
        ladder_value,
        offensive_damage_modifier,
        wound_state,
    )

    muscle = ladder_value(c, f.muscle)
    return {
        "name": f.name,
        "fencing": f.fencing,
        "skill_levels": skill_levels(f, c),
        "maneuvers_allowed": maneuvers_allowed(f, c),
        "maneuvers_used": maneuvers_used(f, c),
        "maneuvers": list(f.maneuvers),
        "findings": [x.to_json() for x in fencer_findings(f, c)],
        "traits": {t: getattr(f, t) for t in ("reflexes", "muscle", "stamina", "willpower", "damage_capacity")},
        "weapons": [
            {
                "kind": w.kind,
                "name": w.name or (c.weapon(w.kind).name if c.weapon(w.kind) else w.kind),
                "sharp": w.sharp,
                "odm": offensive_damage_modifier(c, w, muscle) if c.weapon(w.kind) else None,
            }
            for w in f.weapons
        ],
        "armour": f.armour,
        "ddm": defensive_damage_modifier(c, f),
        "wounds": dict(f.wounds),
        "state": wound_state(c, f),
    }


# ----- commands -----------------------------------------------------------------------------
def cmd_new(args) -> int:
    from landsraad.packs.fencing import edits
    from landsraad.packs.fencing.document import FENCER_KIND
    from landsraad.packs.fencing.model import Fencer
    from landsraad.packs.fencing.validate import fencer_findings

    c = _content()
    fencing = _level(c, args.fencing, "fencing", legendary_ok=True)
    maneuvers = [m.strip().lower() for m in args.maneuver]
    for m, given in zip(maneuvers, args.maneuver, strict=True):
        if c.maneuver(m) is None:
            raise ChoiceError(f"--maneuver {given!r}: one of {', '.join(x.id for x in c.maneuvers)}")
    if c.armour_of(args.armour) is None:
        raise ChoiceError(f"--armour {args.armour!r}: one of {', '.join(a.id for a in c.armour)}")
    traits = {
        t: _level(c, getattr(args, t), t.replace("_", "-"))
        for t in ("reflexes", "muscle", "stamina", "willpower", "damage_capacity")
    }
    weapons = [_weapon(c, w) for w in args.weapon]
    # the flags checked, the fencer is built by the same edits the window makes
    f = Fencer(name="", weapons=[] if weapons else Fencer("x").weapons)
    edits.set_name(f, args.name)
    edits.set_fencing(f, fencing, c)
    for m in maneuvers:
        edits.learn(f, m, True, c)
    for t, lv in traits.items():
        edits.set_trait(f, t, lv, c)
    edits.set_armour(f, args.armour, c)
    for kind, name, sharp in weapons:
        edits.add_weapon(f, kind, c, name, sharp)
    edits.set_legendary_allowed(f, args.legendary_allowed)
    edits.set_legendary_cost(f, args.legendary_cost)
    edits.set_lackey(f, args.lackey)
    edits.set_lackey_track(f, args.lackey_track)
    edits.set_fudge_points(f, args.fudge_points)
    findings = fencer_findings(f, c)
    if args.output:
        _guard_output(args.output, ("fencer",))
        save_document(FENCER_KIND, f, args.output)
        errors = sum(1 for x in findings if x.severity.value == "error")
        sys.stderr.write(
            f"wrote {args.output}"
            + (f" ({len(findings)} finding(s), {errors} error(s); see `fencing check`)\n" if findings else "\n")
        )
    else:
        sys.stdout.write(dumps_document(FENCER_KIND, f))
    return 0


def cmd_show(args) -> int:
    from landsraad.packs.fencing.document import load_fencer

    c = _content()
    f = load_fencer(args.file)
    data = fencer_json(f, c)
    if args.json:
        print_json(data)
        return 0
    lv = c.level(f.fencing)
    cost = data["skill_levels"]
    out(
        f"{f.name}: Fencing {lv.name if lv else f.fencing} "
        f"({'cost set by the Judge' if cost is None else f'{cost} skill levels'})"
    )
    out(
        "Traits: "
        + ", ".join(f"{k.replace('_', ' ')} {c.level(v).name if c.level(v) else v}" for k, v in data["traits"].items())
    )
    out(
        f"Maneuvers ({data['maneuvers_used']} of {data['maneuvers_allowed']} slots): "
        + (", ".join(c.maneuver(m).name if c.maneuver(m) else m for m in f.maneuvers) or "none")
    )
    for w in data["weapons"]:
        out(
            f"Weapon: {w['name']}"
            + (" (sharp)" if w["sharp"] else "")
            + (f", Offensive Damage Modifier {w['odm']:+d}" if w["odm"] is not None else "")
        )
    out(f"Defensive Damage Modifier {data['ddm']:+d}; wounds: {data['state']}")
    for x in data["findings"]:
        out(f"{x['severity']}: {x['message']} ({x['rule']})")
    return 0


def cmd_check(args) -> int:
    from landsraad.findings import is_complete
    from landsraad.packs.fencing.document import load_fencer
    from landsraad.packs.fencing.validate import fencer_findings

    c = _content()
    findings = fencer_findings(load_fencer(args.file), c)
    for x in findings:
        out(f"{x.severity.value}\t{x.rule}\t{x.message}")
    return 0 if is_complete(findings) else 1


def cmd_heal(args) -> int:
    from landsraad.packs.fencing import edits
    from landsraad.packs.fencing.document import FENCER_KIND, load_fencer
    from landsraad.packs.fencing.wounds import slow_healing_note, wound_state

    c = _content()
    f = load_fencer(args.file)
    before = dict(f.wounds)
    days = 0
    if args.tend:
        edits.tend(f, c)
    elif args.doctor is not None:
        days = edits.treat(f, _level(c, args.doctor, "doctor"), c)
    else:
        if args.weeks < 0:
            raise ChoiceError(f"--weeks {args.weeks}: 0 or more")
        edits.rest(f, c, args.weeks)
    if args.output:
        _guard_output(args.output, ("fencer",))
        save_document(FENCER_KIND, f, args.output)
    note = slow_healing_note(c, f)
    result = {
        "name": f.name,
        "before": before,
        "wounds": dict(f.wounds),
        "state": wound_state(c, f),
        "days_of_rest": days,
        "near_death_rest": f.near_death_rest,
        "note": note,
    }
    if args.json:
        print_json(result)
    else:
        out(f"{f.name}: {result['state']}" + (f"; {days} day(s) of rest (L267)" if days else ""))
        if note:
            out(note)
    return 0


def _pairs(values: list[str], flag: str, sides: list[str]) -> dict[str, str]:
    found: dict[str, str] = {}
    for v in values:
        side, sep, rest = v.partition("=")
        side = side.strip().lower()
        if not sep or not rest.strip():
            raise ChoiceError(f"--{flag} {v!r}: write SIDE=VALUE")
        if side not in sides:
            raise ChoiceError(f"--{flag} {v!r}: {side!r} is not a fencer of this duel ({', '.join(sides)})")
        if side in found:
            raise ChoiceError(f"--{flag}: {side} given twice")
        found[side] = rest.strip()
    return found


def _int(value: str, flag: str) -> int:
    from landsraad.documents.limits import parse_int  # the one bounded reading of a number

    return parse_int(value, f"--{flag}")


def cmd_duel(args) -> int:
    import attrs

    from landsraad.documents.codec import load_document
    from landsraad.packs.fencing import edits
    from landsraad.packs.fencing.dice import FudgeDice
    from landsraad.packs.fencing.document import DUEL_KIND, FENCER_KIND, save_duel
    from landsraad.packs.fencing.duel import Choice, Combatant, Duel
    from landsraad.slug import slugify

    c = _content()
    loaded = [load_document(p, expect=(FENCER_KIND, DUEL_KIND)) for p in args.files]
    kinds = [kind for kind, _ in loaded]
    if kinds == [DUEL_KIND]:
        duel = loaded[0][1]
        if args.realism is not None or args.damage_roll or args.cinematic:
            raise ChoiceError("--realism, --damage-roll and --cinematic are set when a duel starts, not later")
    else:
        if len(args.files) < 2 or any(k != FENCER_KIND for k in kinds):
            raise ChoiceError("give two or more fencer documents, or one fencing-duel document")
        combatants: list[Combatant] = []
        for _, f in loaded:
            side = base = slugify(f.name) or "fencer"
            n = 2
            while side in [cb.side for cb in combatants]:
                side, n = f"{base}-{n}", n + 1
            combatants.append(Combatant(side, f))
        realism = c.realism_default if args.realism is None else args.realism
        if realism < 0:
            raise ChoiceError(f"--realism {realism}: 0 or more (0 is the most realistic, L128)")
        duel = Duel(combatants, cinematic=args.cinematic)
        edits.set_realism(duel, realism)
        edits.set_damage_roll(duel, args.damage_roll, limited=not args.no_limits)
    if args.output:
        _guard_output(args.output, ("fencing-duel",))
    sides = [cb.side for cb in duel.combatants]
    chosen = _pairs(args.maneuver, "maneuver", sides)
    missing = [s for s in sides if s not in chosen]
    if missing:
        raise ChoiceError(
            "--maneuver: every fencer chooses in secret; missing "
            + ", ".join(missing)
            + " (use SIDE=none for no fencing action)"
        )
    react, target = _pairs(args.react, "react", sides), _pairs(args.target, "target", sides)
    lower, trade = _pairs(args.lower, "lower", sides), _pairs(args.trade, "trade", sides)
    pull, weapon = _pairs(args.pull, "pull", sides), _pairs(args.weapon, "weapon", sides)
    skill = _pairs(args.skill, "skill", sides)
    also = _pairs(args.also, "also", sides)
    choices = {}
    for side in sides:
        man, _, true = chosen[side].lower().partition(":")
        choices[side] = Choice(
            maneuver=None if man == "none" else man,
            feint_to=true or None,
            target=target.get(side),
            react_with=react.get(side, "").lower() or None,
            lower_to=_level(c, lower[side], "lower") if side in lower else None,
            trade=_int(trade.get(side, "0"), "trade"),
            pull_to=pull.get(side, "").lower() or None,
            weapon=_int(weapon[side], "weapon") - 1 if side in weapon else None,
            action=None,
            skill=_level(c, skill[side], "skill") if side in skill else None,
            also=tuple(x.strip().lower() for x in also.get(side, "").split(",") if x.strip()),
        )
        if c.action(man) is not None:  # a non-fencing action (L215-243)
            if true:
                raise ChoiceError(f"--maneuver {chosen[side]!r}: only a Feint names a true maneuver")
            choices[side] = attrs.evolve(choices[side], maneuver=None, action=man)
    dice = FudgeDice(seed=args.seed) if args.dice is None else FudgeDice(typed=args.dice)
    record = edits.fight_round(duel, c, choices, dice)
    if args.output:
        save_duel(duel, args.output)
    if args.json:
        print_json(record)
        return 0
    out(f"Round {record['round']}")
    for s in record["steps"]:
        out(f"  {s['text']}" + (f"  [{s['line']}]" if s.get("line") else ""))
    for side, st in record["fencers"].items():
        out(
            f"{st['name']}: {st['state']}"
            + (", disarmed" if st["disarmed"] else "")
            + (f", locked with {st['locked_with']}" if st["locked_with"] else "")
        )
    out("Rolls: " + ("; ".join(f"{r['for']} {r['why']} {r['result']:+d}" for r in record["rolls"]) or "none"))
    if args.output:
        sys.stderr.write(f"wrote {args.output}\n")
    return 0


def cmd_cards(args) -> int:
    from landsraad.packs.fencing.document import load_fencer
    from landsraad.sheets.fencing import render_cards
    from landsraad.sheets.layout import write_pdf

    c = _content()
    if getattr(args, "all", False):
        if args.file:
            raise ChoiceError("give a fencer document or --all, not both")
        fencer = None
    elif not args.file:
        raise ChoiceError("give a fencer document (or --all for every maneuver)")
    else:
        fencer = load_fencer(args.file)
    _refuse_document(args.output, args.file)
    write_pdf(args.output, render_cards(c, fencer, args.paper))
    out(f"written: {args.output}")
    return 0


def cmd_sheet(args) -> int:
    from landsraad.packs.fencing.document import load_fencer
    from landsraad.sheets.fencing import render_fencer
    from landsraad.sheets.layout import write_pdf

    if not args.file:
        raise ChoiceError("give a fencer document")
    fencer = load_fencer(args.file)
    _refuse_document(args.output, args.file)
    write_pdf(args.output, render_fencer(_content(), fencer, args.paper))
    out(f"written: {args.output}")
    return 0


def _refuse_document(output: str, source: str | None) -> None:
    """Contract: ``export -o`` over one of its inputs or any document is exit 2."""
    from landsraad.documents.codec import check_export_output  # the check every export makes

    check_export_output(output, [source] if source else [])
    target = Path(output)
    if source and target.exists() and target.resolve() == Path(source).resolve():
        raise LandsraadError(f"{output}: is the input document; not overwritten")
    if target.exists() and target.suffix.lower() == ".json":
        raise LandsraadError(f"{output}: is a document, not a PDF; not overwritten")


# ----- play outside the Dueling System: the Melee System, Stamina, Fudge Points, hazards ------
def _fencer_or_duel(path: str, side: str | None):
    """(document kind, the document, the fencer in it)."""
    from landsraad.documents.codec import document_kind
    from landsraad.packs.fencing.document import DUEL_KIND, FENCER_KIND, load_duel, load_fencer

    kind = document_kind(path)
    if kind == DUEL_KIND:
        duel = load_duel(path)
        sides = [cb.side for cb in duel.combatants]
        if side is None or side.strip().lower() not in sides:
            raise ChoiceError(f"--side: name one of this duel's fencers ({', '.join(sides)})")
        return kind, duel, duel.combatant(side.strip().lower()).fencer
    if side is not None:
        raise ChoiceError("--side is for a duel document; this is a fencer")
    f = load_fencer(path)
    return FENCER_KIND, f, f


def _write_back(kind: str, doc, args) -> None:
    target = args.output or args.file
    _guard_output(target, (kind,))
    save_document(kind, doc, target)


def cmd_melee(args) -> int:
    import random

    from landsraad.dice import new_seed
    from landsraad.packs.fencing.document import load_fencer
    from landsraad.packs.fencing.melee import d6_initiative, reflexes_order

    c = _content()
    fencers = [load_fencer(p) for p in args.files]
    sides = {i: str(i) for i in range(len(fencers))}
    for v in args.side:
        n, sep, side = v.partition("=")
        if not sep or not n.strip().isdigit() or not 1 <= int(n) <= len(fencers) or not side.strip():
            raise ChoiceError(f"--side {v!r}: write N=SIDE with N from 1 to {len(fencers)}")
        sides[int(n) - 1] = side.strip()
    if args.by_reflexes:
        groups = [
            [{"name": f.name, "reflexes": c.level(f.reflexes).name if c.level(f.reflexes) else f.reflexes} for f in g]
            for g in reflexes_order(fencers, c)
        ]
        how = "by Reflexes, Superb first (L249)"
    else:
        from landsraad.packs.fencing.melee import parse_d6

        if args.d6 is not None:
            rolls = parse_d6(args.d6)
        else:
            if args.seed is not None and args.seed < 0:
                raise ChoiceError(f"--seed {args.seed}: a seed is 0 or more")
            rng = random.Random(new_seed() if args.seed is None else args.seed)
            rolls = [rng.randint(1, 6) for _ in fencers]
        ties = parse_d6(args.tie) if args.tie else []
        order = d6_initiative([(f, sides[i]) for i, f in enumerate(fencers)], c, rolls, ties)
        groups = [
            [{"name": m.name, "die": m.die, "bonus": m.bonus, "total": m.total, "tie_break": m.tie_break} for m in g]
            for g in order
        ]
        how = "d6 + the Reflexes bonus, highest first (L250-L252)"
    if args.json:
        print_json(
            {
                "how": how,
                "order": groups,
                "out_of_turn": "a defensive maneuver may be taken when attacked, with no Reaction roll (L257)",
            }
        )
    else:
        out(f"Melee System Initiative, {how}:")
        for i, g in enumerate(groups, 1):
            out(
                f"{i}. "
                + " and ".join(
                    m["name"]
                    + (f" ({m['total']}: d6 {m['die']} {m['bonus']:+d})" if "total" in m else f" ({m['reflexes']})")
                    for m in g
                )
            )
        out("Each acts on its turn, choosing then; a defensive maneuver may be taken out of turn (L257-L258).")
    return 0


def cmd_stamina(args) -> int:
    from landsraad.dice import new_seed
    from landsraad.packs.fencing.dice import FudgeDice
    from landsraad.packs.fencing.document import load_fencer
    from landsraad.packs.fencing.wounds import stamina_roll

    c = _content()
    f = load_fencer(args.file)
    if args.seed is not None and args.seed < 0:
        raise ChoiceError(f"--seed {args.seed}: a seed is 0 or more")
    dice = (
        FudgeDice(typed=args.dice)
        if args.dice is not None
        else FudgeDice(seed=args.seed if args.seed is not None else new_seed())
    )
    from landsraad.packs.fencing.wounds import is_incapacitated, wound_state

    if not is_incapacitated(c, f):
        raise ChoiceError(
            f"{f.name} is {wound_state(c, f)}: only an Incapacitated fencer rolls Stamina to stay conscious (L153)"
        )
    r = dice.roll(f.name, "Stamina to stay conscious")
    dice.check_all_used()
    res = stamina_roll(c, f, r.result)
    if args.json:
        print_json({"name": f.name, **res.to_json(c)})
    else:
        out(
            f"{f.name}: Stamina {c.name_of(res.stamina)} (wounds count), rolls {res.roll:+d}: {c.name_of(res.reached)} "
            f"against {c.name_of(res.against)}: "
            + ("stays conscious." if res.conscious else "falls unconscious.")
            + " (L153)"
        )
    return 0


def cmd_fudge_point(args) -> int:
    from landsraad.packs.fencing import edits

    c = _content()
    kind, doc, f = _fencer_or_duel(args.file, args.side)
    edits.spend_fudge_point(f, c)
    _write_back(kind, doc, args)
    data = {"name": f.name, "fudge_points": f.fudge_points, "fudge_action": f.fudge_action}
    if args.json:
        print_json(data)
    else:
        out(
            f"{f.name} spends a Fudge Point: one tremendous action, even a maneuver, before falling from its "
            f"wounds (L153); {f.fudge_points} left"
        )
    return 0


def cmd_hazard(args) -> int:
    from landsraad.packs.fencing import edits

    c = _content()
    kind, doc, f = _fencer_or_duel(args.file, args.side)
    realism = args.realism if args.realism is not None else getattr(doc, "realism", c.realism_default)
    source, amount = next(
        (k, v) for k, v in (("fire", args.fire), ("fall", args.fall), ("damage", args.damage)) if v is not None
    )
    result = edits.take_environment_damage(f, c, source, amount, realism)
    _write_back(kind, doc, args)
    if args.json:
        print_json({"name": f.name, **result, "realism": realism, "wounds": dict(f.wounds)})
    else:
        wound = (
            c.wound_level(result["checked"]).name
            if result["checked"] and result["checked"] != "dead"
            else ("Dead" if result["checked"] == "dead" else "no wound")
        )
        out(
            f"{f.name}: Basic Damage {result['basic']} ({source}) - DDM - Realism {realism} = {result['total']}: "
            f"{wound}; now {result['state']} (L130, L159-L167)"
        )
    return 0
