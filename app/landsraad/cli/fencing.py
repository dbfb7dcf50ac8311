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
    n.add_argument("--weapon", action="append", default=[], metavar="KIND[:NAME][:sharp]",
                   help="a weapon (repeatable; default one rapier)")
    n.add_argument("--armour", default="none", metavar="ID")
    n.add_argument("--legendary-allowed", action="store_true", help="the Judge allows Legendary Fencing")
    n.add_argument("--legendary-cost", type=int, metavar="N", help="its cost in skill levels, set by the Judge")
    n.add_argument("--lackey", action="store_true", help="a lackey: the Realism Modifier does not widen its wounds")
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

    d = fsub.add_parser("duel", help="fight one round of the Dueling System")
    d.add_argument("files", nargs="+", metavar="FILE.json", help="two or more fencer documents, or one duel document")
    d.add_argument("--maneuver", action="append", default=[], metavar="SIDE=ID[:TRUE]",
                   help="each fencer's secret choice: a maneuver it knows, 'none', or a non-fencing "
                     "action 'strike', 'throw', 'shoot'")
    dice = d.add_mutually_exclusive_group(required=True)
    dice.add_argument("--dice", metavar='"+1 -2 0 …"', help="4dF results typed from physical dice, in order")
    dice.add_argument("--seed", type=int, metavar="S", help="roll with this seed")
    for flag, meta, what in (("react", "SIDE=ID", "the maneuver to switch to by a Reaction roll"),
                             ("target", "SIDE=SIDE", "whom it attacks (needed with more than two)"),
                             ("lower", "SIDE=LEVEL", "lower its base Initiative to LEVEL"),
                             ("trade", "SIDE=N", "trade N Fencing steps for Initiative (optional rule)"),
                             ("pull", "SIDE=LEVEL", "pull punches: the highest wound it deals"),
                             ("weapon", "SIDE=N", "fight with its N-th weapon (1-based)"),
                             ("skill", "SIDE=LEVEL", "its skill with the weapon it throws or shoots")):
        d.add_argument(f"--{flag}", action="append", default=[], metavar=meta, help=what)
    d.add_argument("--realism", type=int, metavar="R", help="the campaign's Realism Modifier (new duel; default 1)")
    d.add_argument("--damage-roll", action="store_true", help="use the optional damage roll (new duel)")
    d.add_argument("--no-limits", action="store_true", help="the damage roll without its limits (L146)")
    d.add_argument("--cinematic", action="store_true",
                   help="Cinematic Fencing: several maneuvers a turn (new duel; optional rule, L261-263)")
    d.add_argument("--also", action="append", default=[], metavar="SIDE=ID[,ID]",
                   help="further maneuvers this turn under Cinematic Fencing")
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
    from landsraad.documents.guards import check_write_back     # the rule of every write-back
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
        "name": f.name, "fencing": f.fencing, "skill_levels": skill_levels(f, c),
        "maneuvers_allowed": maneuvers_allowed(f, c), "maneuvers_used": maneuvers_used(f, c),
        "maneuvers": list(f.maneuvers),
        "findings": [x.to_json() for x in fencer_findings(f, c)],
        "traits": {t: getattr(f, t) for t in ("reflexes", "muscle", "stamina", "willpower", "damage_capacity")},
        "weapons": [{"kind": w.kind, "name": w.name or (c.weapon(w.kind).name if c.weapon(w.kind) else w.kind),
                     "sharp": w.sharp, "odm": offensive_damage_modifier(c, w, muscle) if c.weapon(w.kind) else None}
                    for w in f.weapons],
        "armour": f.armour,
        "ddm": defensive_damage_modifier(c, f),
        "wounds": dict(f.wounds), "state": wound_state(c, f),
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
    traits = {t: _level(c, getattr(args, t), t.replace("_", "-"))
              for t in ("reflexes", "muscle", "stamina", "willpower", "damage_capacity")}
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
    findings = fencer_findings(f, c)
    if args.output:
        _guard_output(args.output, ("fencer",))
        save_document(FENCER_KIND, f, args.output)
        errors = sum(1 for x in findings if x.severity.value == "error")
        sys.stderr.write(f"wrote {args.output}" + (f" ({len(findings)} finding(s), {errors} error(s); "
                                                   "see `fencing check`)\n" if findings else "\n"))
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
    out(f"{f.name}: Fencing {lv.name if lv else f.fencing} "
        f"({'cost set by the Judge' if cost is None else f'{cost} skill levels'})")
    out("Traits: " + ", ".join(f"{k.replace('_', ' ')} {c.level(v).name if c.level(v) else v}"
                               for k, v in data["traits"].items()))
    out(f"Maneuvers ({data['maneuvers_used']} of {data['maneuvers_allowed']} slots): "
        + (", ".join(c.maneuver(m).name if c.maneuver(m) else m for m in f.maneuvers) or "none"))
    for w in data["weapons"]:
        out(f"Weapon: {w['name']}" + (" (sharp)" if w["sharp"] else "") +
            (f", Offensive Damage Modifier {w['odm']:+d}" if w["odm"] is not None else ""))
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
    from landsraad.packs.fencing.wounds import wound_state
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
    result = {"name": f.name, "before": before, "wounds": dict(f.wounds), "state": wound_state(c, f),
              "days_of_rest": days}
    if args.json:
        print_json(result)
    else:
        out(f"{f.name}: {result['state']}" + (f"; {days} day(s) of rest (L267)" if days else ""))
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
    from landsraad.documents.limits import parse_int      # the one bounded reading of a number
    return parse_int(value, f"--{flag}")


def cmd_duel(args) -> int:
    import attrs

    from landsraad.packs.fencing.dice import FudgeDice
    from landsraad.documents.codec import load_document
    from landsraad.packs.fencing.document import DUEL_KIND, FENCER_KIND, save_duel
    from landsraad.packs.fencing import edits
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
        combatants = []
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
        raise ChoiceError("--maneuver: every fencer chooses in secret; missing " + ", ".join(missing)
                          + " (use SIDE=none for no fencing action)")
    react, target = _pairs(args.react, "react", sides), _pairs(args.target, "target", sides)
    lower, trade = _pairs(args.lower, "lower", sides), _pairs(args.trade, "trade", sides)
    pull, weapon = _pairs(args.pull, "pull", sides), _pairs(args.weapon, "weapon", sides)
    skill = _pairs(args.skill, "skill", sides)
    also = _pairs(args.also, "also", sides)
    choices = {}
    for side in sides:
        man, _, true = chosen[side].lower().partition(":")
        choices[side] = Choice(
            maneuver=None if man == "none" else man, feint_to=true or None, target=target.get(side),
            react_with=react.get(side, "").lower() or None,
            lower_to=_level(c, lower[side], "lower") if side in lower else None,
            trade=_int(trade.get(side, "0"), "trade"), pull_to=pull.get(side, "").lower() or None,
            weapon=_int(weapon[side], "weapon") - 1 if side in weapon else None,
            action=None, skill=_level(c, skill[side], "skill") if side in skill else None,
            also=tuple(x.strip().lower() for x in also.get(side, "").split(",") if x.strip()))
        if c.action(man) is not None:           # a non-fencing action (L215-243)
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
        out(f"{st['name']}: {st['state']}" + (", disarmed" if st["disarmed"] else "")
            + (f", locked with {st['locked_with']}" if st["locked_with"] else ""))
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
    from landsraad.documents.codec import check_export_output     # the check every export makes
    check_export_output(output, [source] if source else [])
    target = Path(output)
    if source and target.exists() and target.resolve() == Path(source).resolve():
        raise LandsraadError(f"{output}: is the input document; not overwritten")
    if target.exists() and target.suffix.lower() == ".json":
        raise LandsraadError(f"{output}: is a document, not a PDF; not overwritten")
