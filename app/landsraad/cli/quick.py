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
    n.add_argument("--template", metavar="ID", help="start from a sample character or adversary (see `quick templates`)")
    n.add_argument("--name")
    n.add_argument("--description")
    n.add_argument("--background")
    n.add_argument("--trait", action="append", default=[], metavar="ID[:N]", help="a Trait x1-x3 (N 0 removes it)")
    n.add_argument("--specialty", action="append", default=[], metavar="NAME", help="listed or custom")
    n.add_argument("--ability", action="append", default=[], metavar="NAME[:EFFECT]")
    n.add_argument("--weapon", action="append", default=[], metavar="ID|NAME:TRAITS",
                   help='a sample weapon id, or "Name:light,deadly-2,ranged-far"')
    n.add_argument("--defense", type=int)
    n.add_argument("--hindrance", type=int)
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
        out(f"dice {' '.join(map(str, roll.dice))}  counted {roll.counted}  {roll.result}  "
            f"successes {roll.successes}")
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
        from landsraad.documents.limits import parse_int      # the one bounded reading of a number
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
    from landsraad.packs import check_output
    check_output(args.output, document.KIND)
    document.save(ch, args.output)
    sys.stderr.write(f"wrote {args.output}\n")
    return 0


def quick_json(ch, qc) -> dict:
    from landsraad.packs.quick import rules
    from landsraad.packs.quick.validate import validate
    return {
        "name": ch.name, "description": ch.description, "background": ch.background,
        "template": ch.template,
        "traits": dict(sorted(ch.traits.items())),
        "specialties": list(ch.specialties),
        "abilities": [{"name": a.name, "effect": a.effect} for a in ch.abilities],
        "weapons": [{"name": w.name, "deadly": w.deadly, "traits": list(w.traits), "band": w.band,
                     "attack": rules.weapon_rerolls(ch, w, qc)} for w in ch.weapons],
        "defense": rules.total_defense(ch),
        "hindrance": ch.hindrance,
        "status": rules.status(ch, qc),
        "thresholds": {"disabled": qc.hindrance.disabled, "destroyed": qc.hindrance.destroyed},
        "difficulty": ch.difficulty,
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
    out("Traits: " + ", ".join(f"{qc.traits[k].name if k in qc.traits else k} x{v}" for k, v in data["traits"].items()))
    out("Specialties: " + ", ".join(specialty_name(s, qc) for s in ch.specialties))
    c = data["counts"]
    out(f"Trait instances {c['trait_instances']} (samples {c['samples']['trait_instances'][0]}-"
        f"{c['samples']['trait_instances'][1]}), Specialties {c['specialties']} (samples "
        f"{c['samples']['specialties'][0]}-{c['samples']['specialties'][1]})")
    out(f"Defense {data['defense']}  Hindrance {ch.hindrance} ({data['status']})")
    for w in data["weapons"]:
        out(f"Weapon: {w['name']} x{w['deadly']} {', '.join(w['traits'])}; attack Rerolls {w['attack']['rerolls']}")
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
    if args.json:
        print_json(found[0].to_json() if args.task else [s.to_json() for s in found])
    else:
        for s in found:
            out(f"{s.task}\t{s.rerolls}\t" + ", ".join(f"{k} x{v}" for k, v in s.from_traits.items()))
    return 0


def cmd_templates(args) -> int:
    qc = _qc()
    rows = [{"id": t.id, "name": t.name, "kind": kind, "description": t.description,
             "trait_instances": sum(t.traits.values()), "difficulty": t.difficulty}
            for kind, table in (("character", qc.characters), ("adversary", qc.adversaries)) for t in table.values()]
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
    from landsraad.documents.codec import check_export_output     # the check every export makes
    check_export_output(args.output, [args.file])
    export_quick(ch, _qc(), args.output, args.paper)
    sys.stderr.write(f"wrote {args.output}\n")
    return 0
