"""`quick roll | new | show | task | templates | export`: the d20 Quick Rules pack."""

from __future__ import annotations

import sys

from landsraad.cli.output import out, print_json
from landsraad.errors import ChoiceError


def _qc():
    from landsraad.packs.quick.content import load_quick_content

    return load_quick_content()


def register(sub) -> None:
    p = sub.add_parser("quick", help="the d20 Quick Rules pack: task rolls and characters")
    qs = p.add_subparsers(dest="quick_command", required=True, parser_class=sub._parser_class)

    r = qs.add_parser("roll", help="a d20 task roll: 1d20 plus one per Reroll, Hindrance cancels Rerolls")
    r.add_argument("--rerolls", type=int, required=True, metavar="N")
    r.add_argument("--hindrance", type=int, default=0, metavar="H")
    r.add_argument("--difficulty", type=int, required=True, metavar="D")
    g = r.add_mutually_exclusive_group(required=True)
    g.add_argument("--dice", metavar='"a b c"', help="typed faces; must number exactly the dice the rules roll")
    g.add_argument("--seed", type=int, metavar="S")
    r.add_argument("--json", action="store_true")
    r.set_defaults(handler=cmd_roll)

    n = qs.add_parser("new", help="write a d20 character document")
    n.add_argument(
        "--template", metavar="ID", help="start from a sample character or adversary (see `quick templates`)"
    )
    n.add_argument("--name")
    n.add_argument("--description")
    n.add_argument("--background")
    n.add_argument("--trait", action="append", default=[], metavar="ID[:N]", help="a Trait x1-x3 (N 0 removes it)")
    n.add_argument("--specialty", action="append", default=[], metavar="NAME", help="listed or custom")
    n.add_argument("--ability", action="append", default=[], metavar="NAME[:EFFECT]")
    n.add_argument(
        "--weapon",
        action="append",
        default=[],
        metavar="ID|NAME:TRAITS",
        help='a sample weapon id, or "Name:light,deadly-2,ranged-far"',
    )
    n.add_argument("--defense", type=int)
    n.add_argument("--hindrance", type=int)
    n.add_argument("--difficulty", type=int, metavar="D", help="its Difficulty as a target (default 10, L183)")
    n.add_argument(
        "--attack-multiplier",
        type=int,
        metavar="N",
        help="an NPC's damage per attack Success (L259): the character is an adversary",
    )
    n.add_argument("-o", "--output", required=True, metavar="FILE.json")
    n.set_defaults(handler=cmd_new)

    s = qs.add_parser("show", help="the character with its counts, weapons and findings")
    s.add_argument("file", metavar="FILE.json")
    s.add_argument("--json", action="store_true")
    s.set_defaults(handler=cmd_show)

    t = qs.add_parser("task", help="the Rerolls the task table suggests for a character")
    t.add_argument("file", metavar="FILE.json")
    t.add_argument("task", metavar="TASK", nargs="?", help="a task id; all tasks when left out")
    t.add_argument("--json", action="store_true")
    t.set_defaults(handler=cmd_task)

    tl = qs.add_parser("templates", help="the sample characters and adversaries to start from")
    tl.add_argument("--json", action="store_true")
    tl.set_defaults(handler=cmd_templates)

    def dice_args(x, flag="--dice", dest="dice", seed=True):
        x.add_argument(flag, dest=dest, metavar='"a b c"', help="typed d20 faces; exactly the dice the rules roll")
        if seed:
            x.add_argument("--seed", type=int, metavar="S", help="roll with this seed (else a fresh one)")

    at = qs.add_parser("attack", help="an attack's Successes x Deadly become the target's Hindrance (L205-L210)")
    at.add_argument("file", metavar="TARGET.json")
    src = at.add_mutually_exclusive_group(required=True)
    src.add_argument("--successes", type=int, metavar="N", help="the attack's Successes (L205)")
    src.add_argument(
        "--from",
        dest="attacker",
        metavar="ATTACKER.json",
        help="roll the attacker's attack with its weapon against the target's Difficulty (L177-L183)",
    )
    at.add_argument("--deadly", type=int, default=1, metavar="N", help="the weapon's Deadly multiplier (L207)")
    at.add_argument("--weapon", type=int, default=1, metavar="N", help="with --from: the attacker's N-th weapon")
    at.add_argument(
        "--stunning",
        action="store_true",
        help="a Stunning attack: up to 5 damage as temporary Hindrance, the rest ignored (L228)",
    )
    at.add_argument(
        "--conditions",
        type=int,
        default=0,
        metavar="N",
        help="with --from: 1 Hindrance per condition of L198-L203 (range band, Evading, cover, invisible)",
    )
    dice_args(at)
    at.add_argument("-o", "--output", metavar="OUT.json", help="write here instead of back to TARGET")
    at.add_argument("--json", action="store_true")
    at.set_defaults(handler=cmd_attack)

    av = qs.add_parser("avoid", help="the avoidance roll against an NPC's attack (L252-L260)")
    av.add_argument("file", metavar="CHAR.json")
    av.add_argument("--difficulty", type=int, required=True, metavar="D", help="the attacker's Difficulty")
    av.add_argument("--multiplier", type=int, default=1, metavar="N", help="the NPC's damage per attack Success")
    av.add_argument("--extra", type=int, default=0, metavar="N", help="Rerolls for the conditions of L254-L258")
    dice_args(av)
    av.add_argument("-o", "--output", metavar="OUT.json", help="write here instead of back to CHAR")
    av.add_argument("--json", action="store_true")
    av.set_defaults(handler=cmd_avoid)

    op = qs.add_parser("opposed", help="two characters' opposed task: the higher counted die wins (L3, L52)")
    op.add_argument("file_a", metavar="A.json")
    op.add_argument("file_b", metavar="B.json")
    op.add_argument("--task", required=True, metavar="TASK", help="A's task (and B's unless --task-b)")
    op.add_argument("--task-b", metavar="TASK")
    dice_args(op, "--dice-a", "dice_a", seed=False)
    dice_args(op, "--dice-b", "dice_b")
    op.add_argument("--json", action="store_true")
    op.set_defaults(handler=cmd_opposed)

    tw = qs.add_parser("teamwork", help="a group's task: each member +1 Reroll, the best die counts (L53)")
    tw.add_argument("files", nargs="+", metavar="MEMBER.json")
    tw.add_argument("--task", required=True, metavar="TASK")
    tw.add_argument("--difficulty", type=int, required=True, metavar="D")
    tw.add_argument("--dice", action="append", default=[], metavar='"a b"', help="one per member, in order")
    tw.add_argument("--seed", type=int, metavar="S")
    tw.add_argument("--json", action="store_true")
    tw.set_defaults(handler=cmd_teamwork)

    ef = qs.add_parser("effort", help="a task with Extreme Effort: +1 Reroll, then +1 Hindrance (L54)")
    ef.add_argument("file", metavar="CHAR.json")
    ef.add_argument("--task", required=True, metavar="TASK")
    ef.add_argument("--difficulty", type=int, required=True, metavar="D")
    ef.add_argument("--extra", type=int, default=0, metavar="N", help="other Rerolls the GM allows")
    dice_args(ef)
    ef.add_argument("-o", "--output", metavar="OUT.json", help="write here instead of back to CHAR")
    ef.add_argument("--json", action="store_true")
    ef.set_defaults(handler=cmd_effort)

    e = qs.add_parser("export", help="the one-page PDF sheet")
    e.add_argument("file", metavar="FILE.json")
    e.add_argument("-o", "--output", required=True, metavar="OUT.pdf")
    e.add_argument("--paper", choices=("a4", "letter"), default="a4")
    e.set_defaults(handler=cmd_export)


def cmd_roll(args) -> int:
    from landsraad.packs.quick.roll import parse_faces, task_roll

    qc = _qc()
    dice = parse_faces(args.dice, qc.roll.die) if args.dice is not None else None
    roll = task_roll(args.rerolls, args.hindrance, args.difficulty, qc, dice=dice, seed=args.seed)
    if args.json:
        print_json(roll.to_json())
    else:
        out(f"dice {' '.join(map(str, roll.dice))}  counted {roll.counted}  {roll.result}  successes {roll.successes}")
    return 0


def cmd_new(args) -> int:
    """The character is built through the same edits as the window's (packs/quick/edits.py)."""
    from landsraad.packs.quick import build, document, edits
    from landsraad.packs.quick.model import QuickCharacter
    from landsraad.slug import slugify

    qc = _qc()
    ch = QuickCharacter()
    if args.template:
        if qc.template(slugify(args.template)) is None:
            raise ChoiceError(f"--template {args.template!r}: one of {', '.join([*qc.characters, *qc.adversaries])}")
        edits.take_template(ch, slugify(args.template), qc)
    for field in ("name", "description", "background"):
        if getattr(args, field) is not None:
            edits.set_text(ch, field, getattr(args, field))
    for raw in args.trait:
        head, _, times = raw.partition(":")
        from landsraad.documents.limits import parse_int  # the one bounded reading of a number

        edits.set_trait(ch, head, parse_int(times or "1", f"--trait {head}", 0, 100), qc)
    for raw in args.specialty:
        edits.add_specialty(ch, raw, qc)
    for raw in args.ability:
        name, _, effect = raw.partition(":")
        if not name.strip():
            raise ChoiceError(f"--ability {raw!r}: the ability needs a name")
        edits.add_ability(ch, name, effect)
    for raw in args.weapon:
        edits.add_weapon(ch, build.parse_weapon(raw, qc))
    for field in ("defense", "hindrance"):
        value = getattr(args, field)
        if value is not None:
            if value < 0:
                raise ChoiceError(f"--{field} {value}: 0 or more")
            edits.set_number(ch, field, value)
    if args.difficulty is not None:
        edits.set_difficulty(ch, args.difficulty, qc)
    if args.attack_multiplier is not None:
        edits.set_attack_multiplier(ch, args.attack_multiplier)
    from landsraad.packs import check_output

    check_output(args.output, document.KIND)
    document.save(ch, args.output)
    sys.stderr.write(f"wrote {args.output}\n")
    return 0


def quick_json(ch, qc) -> dict:
    from landsraad.packs.quick import rules
    from landsraad.packs.quick.validate import validate

    return {
        "name": ch.name,
        "description": ch.description,
        "background": ch.background,
        "template": ch.template,
        "traits": dict(sorted(ch.traits.items())),
        "specialties": list(ch.specialties),
        "adversary": rules.is_adversary(ch, qc),
        "abilities": [
            {
                "name": a.name,
                "effect": a.effect,
                "defense": a.defense,
                "rerolls": a.rerolls,
                "damage_taken": a.damage_taken,
            }
            for a in ch.abilities
        ],
        "weapons": [
            {
                "name": w.name,
                "deadly": w.deadly,
                "traits": list(w.traits),
                "band": w.band,
                "attack": rules.weapon_rerolls(ch, w, qc),
            }
            for w in ch.weapons
        ],
        "defense": rules.total_defense(ch),
        "hindrance": ch.hindrance,
        "status": rules.status(ch, qc),
        "thresholds": {"disabled": qc.hindrance.disabled, "destroyed": qc.hindrance.destroyed},
        "difficulty": ch.difficulty,
        "difficulty_as_target": ch.difficulty if ch.difficulty is not None else qc.roll.difficulty_default,
        "attack_multiplier": ch.attack_multiplier,
        "counts": rules.counts(ch, qc),
        "findings": [f.to_json() for f in validate(ch, qc)],
    }


def cmd_show(args) -> int:
    from landsraad.packs.quick import document
    from landsraad.packs.quick.build import specialty_name

    qc = _qc()
    ch = document.load(args.file)
    data = quick_json(ch, qc)
    if args.json:
        print_json(data)
        return 0
    out(ch.name or "(unnamed)")
    target = data["difficulty_as_target"]
    if data["adversary"]:
        out(
            f"Adversary: Difficulty {target} (L312-L322); no Traits"
            + (f"; damage x{ch.attack_multiplier} per attack Success (L259)" if ch.attack_multiplier else "")
        )
    else:
        out(
            "Traits: "
            + ", ".join(f"{qc.traits[k].name if k in qc.traits else k} x{v}" for k, v in data["traits"].items())
        )
        out("Specialties: " + ", ".join(specialty_name(s, qc) for s in ch.specialties))
        c = data["counts"]
        out(
            f"Trait instances {c['trait_instances']} (samples {c['samples']['trait_instances'][0]}-"
            f"{c['samples']['trait_instances'][1]}), Specialties {c['specialties']} (samples "
            f"{c['samples']['specialties'][0]}-{c['samples']['specialties'][1]})"
        )
        out(f"Difficulty as a target {target}" + (" (the default, L183)" if ch.difficulty is None else ""))
    for a in data["abilities"]:
        out(f"Ability: {a['name']}" + (f": {a['effect']}" if a["effect"] else ""))
    out(f"Defense {data['defense']}  Hindrance {ch.hindrance} ({data['status']})")
    for w in data["weapons"]:
        out(
            f"Weapon: {w['name']} x{w['deadly']} {', '.join(w['traits'])}; attack Rerolls {w['attack']['rerolls']}"
            + (
                f" ({' + '.join(w['attack']['traits'])}: the better pair, reading weapon-pair)"
                if w["attack"]["reading"]
                else ""
            )
        )
    for f in data["findings"]:
        out(f"{f['severity']}: {f['message']}")
    return 0


def cmd_task(args) -> int:
    from landsraad.packs.quick import document
    from landsraad.packs.quick.rules import suggest_rerolls
    from landsraad.slug import slugify

    qc = _qc()
    ch = document.load(args.file)
    if args.task is not None and slugify(args.task) not in qc.tasks:
        raise ChoiceError(f"no task {args.task!r}; one of: {', '.join(qc.tasks)}")
    ids = [slugify(args.task)] if args.task else list(qc.tasks)
    found = [suggest_rerolls(ch, t, qc) for t in ids]
    if args.task and not found[0].offered:
        raise ChoiceError(
            f"{args.task}: {ch.name or 'the character'} is Destroyed, permanently beyond recovery: "
            "no recovery roll (L214)"
        )
    found = [s for s in found if s.offered]
    if args.json:
        print_json(found[0].to_json() if args.task else [s.to_json() for s in found])
    else:
        for s in found:
            out(
                f"{s.task}\t{s.rerolls}\t"
                + ", ".join(f"{k} x{v}" for k, v in s.from_traits.items())
                + (f"\t{s.note}" if s.note else "")
            )
    return 0


def cmd_templates(args) -> int:
    qc = _qc()
    rows = [
        {
            "id": t.id,
            "name": t.name,
            "kind": kind,
            "description": t.description,
            "trait_instances": sum(t.traits.values()),
            "difficulty": t.difficulty,
        }
        for kind, table in (("character", qc.characters), ("adversary", qc.adversaries))
        for t in table.values()
    ]
    if args.json:
        print_json(rows)
    else:
        for r in rows:
            out(f"{r['id']}\t{r['name']}\t{r['kind']}")
    return 0


def cmd_export(args) -> int:
    from landsraad.packs.quick import document
    from landsraad.sheets.quick import export_quick

    ch = document.load(args.file)
    from landsraad.documents.codec import check_export_output  # the check every export makes

    check_export_output(args.output, [args.file])
    export_quick(ch, _qc(), args.output, args.paper)
    sys.stderr.write(f"wrote {args.output}\n")
    return 0


# ----- play: attacks, avoidance, opposed tasks, teamwork, Extreme Effort ----------------------
def _task_id(qc, task: str) -> str:
    from landsraad.slug import slugify

    tid = slugify(task)
    if tid not in qc.tasks:
        raise ChoiceError(f"no task {task!r}; one of: {', '.join(qc.tasks)}")
    return tid


def _dice(text, qc):
    from landsraad.packs.quick.roll import parse_faces

    return parse_faces(text, qc.roll.die) if text is not None else None


def _rng(seed):
    import random

    from landsraad.dice import new_seed

    if seed is not None and seed < 0:
        raise ChoiceError(f"--seed {seed}: a seed is 0 or more")
    return random.Random(new_seed() if seed is None else seed)


def _write(ch, args) -> None:
    from landsraad.packs import check_output
    from landsraad.packs.quick import document

    target = args.output or args.file
    check_output(target, document.KIND)
    document.save(ch, target)


def cmd_attack(args) -> int:
    from landsraad.packs.quick import document, edits
    from landsraad.packs.quick.rules import status

    qc = _qc()
    ch = document.load(args.file)
    before = ch.hindrance
    rolled = None
    if args.attacker is not None:
        from landsraad.packs.quick.play import attack_roll

        attacker = document.load(args.attacker)
        if (
            args.stunning
            and 0 < args.weapon <= len(attacker.weapons)
            and "stunning" not in attacker.weapons[args.weapon - 1].traits
        ):
            raise ChoiceError(f"--stunning: the {attacker.weapons[args.weapon - 1].name} has no Stunning trait (L228)")
        rolled = attack_roll(
            attacker,
            args.weapon - 1,
            ch,
            qc,
            args.conditions,
            dice=_dice(args.dice, qc),
            rng=None if args.dice else _rng(args.seed),
        )
        successes, deadly = rolled.roll.successes, rolled.deadly
    else:
        if args.dice is not None or args.seed is not None:
            raise ChoiceError("--dice and --seed roll an attack: give the attacker (--from ATTACKER.json)")
        successes, deadly = args.successes, args.deadly
    gained = edits.take_attack(ch, successes, deadly, args.stunning)
    _write(ch, args)
    knocked_out = args.stunning and ch.hindrance + ch.temporary_hindrance > qc.hindrance.disabled
    data = {
        "name": ch.name,
        "successes": successes,
        "deadly": deadly,
        "stunning": args.stunning,
        "damage": successes * deadly,
        "hindrance_gained": 0 if args.stunning else gained,
        "temporary_hindrance_gained": gained if args.stunning else 0,
        "hindrance_before": before,
        "hindrance": ch.hindrance,
        "temporary_hindrance": ch.temporary_hindrance,
        "unconscious": knocked_out,
        "status": status(ch, qc),
        "attack": rolled.to_json() if rolled else None,
    }
    if args.json:
        print_json(data)
    else:
        if rolled is not None:
            r = rolled.roll
            out(
                f"{rolled.attacker}'s {rolled.weapon}: {rolled.rerolls} Rerolls, Hindrance {rolled.hindrance}, "
                f"{' '.join(map(str, r.dice))} -> {r.counted} against Difficulty {r.difficulty}: "
                f"{r.result.replace('-', ' ')}, {r.successes} Success(es) (L183)"
            )
        if args.stunning:
            out(
                f"{ch.name}: stunned, {gained} temporary Hindrance for its next turn (L228)"
                + ("; more than 10 in all: unconscious for 8 hours" if knocked_out else "")
            )
        else:
            out(
                f"{ch.name}: {data['damage']} damage, {gained} Hindrance after abilities and Defense (L208-L210); "
                f"Hindrance {ch.hindrance} ({data['status']})"
            )
    return 0


def cmd_avoid(args) -> int:
    from landsraad.packs.quick import document, edits
    from landsraad.packs.quick.play import avoidance
    from landsraad.packs.quick.roll import check_numbers

    qc = _qc()
    ch = document.load(args.file)
    check_numbers(0, 0, args.difficulty, qc)
    if args.extra < 0:
        raise ChoiceError(f"--extra {args.extra}: 0 or more")
    if args.multiplier < 1:
        raise ChoiceError(f"--multiplier {args.multiplier}: x1 or more (L259)")
    a = avoidance(
        ch,
        args.difficulty,
        args.multiplier,
        qc,
        args.extra,
        _dice(args.dice, qc),
        None if args.dice else _rng(args.seed),
    )
    edits.take_avoidance(ch, a.roll.roll.counted, args.difficulty, args.multiplier, a.roll.roll.result)
    _write(ch, args)
    if args.json:
        print_json({**a.to_json(), "hindrance": ch.hindrance})
    else:
        r = a.roll.roll
        out(
            f"{ch.name}: {' '.join(map(str, r.dice))} -> {r.counted} against Difficulty {r.difficulty}: "
            f"{r.result.replace('-', ' ')}; {a.attack_successes} attack Success(es) x{a.multiplier}, "
            f"{a.hindrance} Hindrance (L259); Hindrance {ch.hindrance}"
        )
    return 0


def cmd_opposed(args) -> int:
    from landsraad.packs.quick import document
    from landsraad.packs.quick.play import opposed_tasks

    qc = _qc()
    a, b = document.load(args.file_a), document.load(args.file_b)
    ta = _task_id(qc, args.task)
    tb = _task_id(qc, args.task_b) if args.task_b else ta
    typed = args.dice_a is not None or args.dice_b is not None
    if typed and (args.dice_a is None or args.dice_b is None):
        raise ChoiceError("type both sides' dice (--dice-a and --dice-b), or neither")
    o = opposed_tasks(
        a, ta, b, tb, qc, _dice(args.dice_a, qc), _dice(args.dice_b, qc), None if typed else _rng(args.seed)
    )
    if args.json:
        print_json(o.to_json())
    else:
        out(
            f"{a.name} {o.a.roll.counted} against {b.name} {o.b.roll.counted}: "
            + (f"{o.winner} wins with {o.successes} Success(es) (L3, L29)" if o.winner else "a tie: no winner (S2)")
        )
    return 0


def cmd_teamwork(args) -> int:
    from landsraad.packs.quick import document
    from landsraad.packs.quick.play import teamwork_roll
    from landsraad.packs.quick.roll import check_numbers

    qc = _qc()
    if len(args.files) < 2:
        raise ChoiceError("teamwork is a group of two or more (L53)")
    members = [document.load(f) for f in args.files]
    tid = _task_id(qc, args.task)
    check_numbers(0, 0, args.difficulty, qc)
    if args.dice and len(args.dice) != len(members):
        raise ChoiceError(f"--dice: {len(args.dice)} given for {len(members)} members; one each, in order")
    dice = [_dice(d, qc) for d in args.dice] if args.dice else None
    t = teamwork_roll(members, tid, args.difficulty, qc, dice, None if dice else _rng(args.seed))
    if args.json:
        print_json(t.to_json())
    else:
        for r in t.rolls:
            out(f"{r.name}: {r.rerolls} Rerolls, {' '.join(map(str, r.roll.dice))} -> {r.roll.counted}")
        out(
            f"the group: {t.best} against Difficulty {args.difficulty}: {t.result.replace('-', ' ')}, "
            f"{t.successes} Success(es) (L53)"
        )
    return 0


def cmd_effort(args) -> int:
    from landsraad.packs.quick import document, edits
    from landsraad.packs.quick.play import extreme_effort_roll

    qc = _qc()
    ch = document.load(args.file)
    tid = _task_id(qc, args.task)
    if args.extra < 0:
        raise ChoiceError(f"--extra {args.extra}: 0 or more")
    e = extreme_effort_roll(
        ch, tid, args.difficulty, qc, args.extra, _dice(args.dice, qc), None if args.dice else _rng(args.seed)
    )
    edits.take_extreme_effort(ch)
    _write(ch, args)
    if args.json:
        print_json(e.to_json())
    else:
        r = e.roll.roll
        out(
            f"{ch.name}: {e.roll.rerolls} Rerolls with Extreme Effort, {' '.join(map(str, r.dice))} -> {r.counted}: "
            f"{r.result.replace('-', ' ')}, {r.successes} Success(es); Hindrance now {ch.hindrance} (L54)"
            + ("; the extra Reroll added no die (five at most)" if e.wasted else "")
        )
    return 0
