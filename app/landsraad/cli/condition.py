"""``character damage``, ``character heal`` and ``character use``: the character in play.

Each runs one engine edit of ``landsraad.play.evening`` and writes the document back to
CHAR.json (atomically, the old file kept as ``CHAR.json.bak``), or to ``-o OUT.json``.  Bad
input is exit 2 with one line and no file changed.
"""

from __future__ import annotations

import argparse
import sys

from landsraad.character import document
from landsraad.character.build import build
from landsraad.character.model import Character
from landsraad.cli.output import out, print_json, printable
from landsraad.errors import ChoiceError
from landsraad.play import evening as ev
from landsraad.play.condition import box_rows, days_to_heal, held_uses, penalties, thresholds
from landsraad.rules.content import Content, load_content
from landsraad.rules.pages import cite


def _count(text: str) -> int:
    t = text.strip()
    if not (t.isascii() and t.isdigit()) or len(t) > 6:
        raise argparse.ArgumentTypeError(f"a whole number 0 or more, not {text[:40]!r}")
    return int(t)


def _positive(text: str) -> int:
    n = _count(text)
    if n < 1:
        raise argparse.ArgumentTypeError(f"at least 1, not {n}")
    return n


def register(csub) -> None:
    d = csub.add_parser("damage", help="take Physical, Mental or Social Damage (boxes or a Complication)")
    d.add_argument("file", metavar="CHAR.json")
    for kind in ("physical", "mental", "social"):
        d.add_argument(f"--{kind}", type=_count, default=0, metavar="N", help=f"points of {kind.title()} Damage")
    d.add_argument(
        "--width",
        type=_count,
        metavar="W",
        help="an attack's Width after counters: W (+1 medium, +2 heavy) points of --kind (" + cite("L402") + ")",
    )
    d.add_argument(
        "--attack",
        choices=("light", "medium", "heavy"),
        default="light",
        help="the attack class of --width (default light)",
    )
    d.add_argument(
        "--kind",
        choices=("physical", "mental", "social"),
        default="physical",
        help="the kind of damage --width does (default physical)",
    )
    d.add_argument(
        "--transfer",
        type=_count,
        default=0,
        metavar="N",
        help="move N points to Mental Damage (one for every 2 Physical or Social, " + cite("L402") + ")",
    )
    d.add_argument(
        "--armour",
        type=_count,
        default=0,
        metavar="AR",
        help="Armour Rating taken off the Physical Damage (" + cite("L421") + ")",
    )
    d.add_argument(
        "--on",
        action="append",
        default=[],
        metavar="STAT=N",
        help="the victim's split: N points on STAT (default: the statistic with most boxes left)",
    )
    d.add_argument(
        "--complication",
        action="append",
        default=[],
        metavar="KIND",
        choices=("physical", "mental", "social"),
        help="take all of that kind's damage as its Complication (" + cite("L304") + ")",
    )
    d.add_argument("--detail", default="", metavar="TEXT", help="where the Complication is (the left arm)")
    _common(d)
    d.set_defaults(handler=cmd_damage)

    h = csub.add_parser("heal", help="days or weeks of rest: boxes, then Complications (" + cite("L393-L396") + ")")
    h.add_argument("file", metavar="CHAR.json")
    g = h.add_mutually_exclusive_group(required=True)
    g.add_argument("--days", type=_positive, metavar="N")
    g.add_argument("--weeks", type=_positive, metavar="N")
    h.add_argument(
        "--restart",
        action="store_true",
        help="the character was active: the Physical box healing starts its 7 days again (" + cite("L393") + ")",
    )
    h.add_argument(
        "--cut",
        action="append",
        default=[],
        metavar="KIND=W",
        help="a physician's, therapist's or campaign's Width off the box healing now "
        "(KIND physical, mental, social or complication)",
    )
    h.add_argument("--first", default="", metavar="STAT", help="the statistic whose box heals first")
    _common(h)
    h.set_defaults(handler=cmd_heal)

    u = csub.add_parser("use", help="limited uses of advantages and feats: list, spend, reset")
    u.add_argument("file", metavar="CHAR.json")
    g = u.add_mutually_exclusive_group()
    g.add_argument("--spend", metavar="ID", help="spend one use (e.g. guilty-pleasure)")
    g.add_argument("--reset", metavar="PERIOD", help="the end of a session, month, encounter, scene or four-months")
    g.add_argument("--setback", metavar="ADVANTAGE", help="a failed two-aspect advantage roll: -1d for a week")
    g.add_argument("--grant", metavar="ID=N", help="the Judge adds N uses a period (Other Memory)")
    _common(u)
    u.set_defaults(handler=cmd_use)

    s = csub.add_parser("condition", help="the character's damage boxes, Complications, penalties and uses")
    s.add_argument("file", metavar="CHAR.json")
    s.add_argument("--json", action="store_true")
    s.set_defaults(handler=cmd_condition)


def _common(p) -> None:
    p.add_argument("-o", "--output", metavar="OUT.json", help="write there instead of back to CHAR.json")
    p.add_argument("--json", action="store_true")


def _load(args) -> tuple[Character, Content]:
    if args.output is not None and not args.output.strip():
        raise ChoiceError("-o: an empty file name")
    return document.load(args.file), load_content()


def _save(args, ch: Character) -> None:
    target = args.output or args.file
    if args.output:
        from landsraad.documents.codec import check_new_document_output

        check_new_document_output(args.output, force=False)
    document.save(ch, target)
    sys.stderr.write(f"wrote {target}\n")


def _pairs(raw: list[str], flag: str) -> dict[str, int]:
    out_: dict[str, int] = {}
    for item in raw:
        key, eq, num = item.partition("=")
        if not eq or not num.strip().isdigit() or len(num.strip()) > 6 or not key.strip():
            raise ChoiceError(f"{flag} {item!r}: write NAME=N")
        out_[key.strip().lower()] = out_.get(key.strip().lower(), 0) + int(num)
    return out_


def condition_json(ch: Character, c: Content) -> dict:
    cc = ev.rules(c)
    sheet, _ = build(ch, c)
    return {
        "boxes": [
            {"statistic": r.statistic, "kind": r.kind, "boxes": r.boxes, "ticked": r.ticked, "current": r.current}
            for r in box_rows(sheet.statistics, ch.condition, cc)
        ],
        "states": [{"kind": k, "state": s} for k, s in thresholds(sheet.statistics, ch.condition, cc)],
        "complications": [
            {
                "id": h.id,
                "name": cc.complication(h.id).name,
                "detail": h.detail,
                "points": cc.complication(h.id).points,
                "levels_healed": h.levels_healed,
                "page": cite(cc.complication(h.id).line),
            }
            for h in ch.condition.complications
        ],
        "penalties": [
            {"source": p.source, "height": p.height, "dice": p.dice, "scope": p.scope, "page": cite(p.line)}
            for p in penalties(ch.condition, cc)
        ],
        "uses": [
            {
                "id": r.use.id,
                "name": r.name,
                "per": r.use.per,
                "times": r.times,
                "left": r.left,
                "effect": r.use.effect,
                "page": cite(r.use.line),
            }
            for r in held_uses(ch, sheet.feats, sheet.advantages, cc, _names(c))
        ],
        "days_to_heal": days_to_heal(sheet.statistics, ch.condition, cc),
        "log": [
            {
                "what": e.what,
                "text": e.text,
                "when": e.when,
                "faces": e.faces,
                "seed": "typed" if e.seed is None and e.faces else e.seed,
                "reading": e.reading,
            }
            for e in ch.log
        ],
    }


def _names(c: Content) -> dict[str, str]:
    names = {k: a.name for k, a in c.advantages.items()}
    names.update({k: f.name for k, f in c.feats.items()})
    return names


def _print_condition(data: dict, c: Content) -> None:
    by_kind: dict[str, list[str]] = {}
    for b in data["boxes"]:
        boxes = "■" * min(b["ticked"], b["boxes"]) + "□" * max(b["boxes"] - b["ticked"], 0)
        by_kind.setdefault(b["kind"], []).append(
            f"{c.statistics[b['statistic']].name} {b['current']}/{b['boxes']} {boxes}"
        )
    for kind, rows in by_kind.items():
        out(f"{kind.title()}: " + "   ".join(rows))
    for s in data["states"]:
        out(f"  {s['kind'].title()}: {s['state']}")
    for x in data["complications"]:
        out(
            f"Complication: {x['name']}"
            + (f" ({printable(x['detail'])})" if x["detail"] else "")
            + f", {x['points'] - x['levels_healed']} week(s) to heal ({x['page']})"
        )
    for p in data["penalties"]:
        out(
            f"Penalty: {p['source']}: "
            + ", ".join(
                t for t in (f"-{p['height']} Height" if p["height"] else "", f"-{p['dice']}d" if p["dice"] else "") if t
            )
            + f" on {p['scope']} ({p['page']})"
        )
    for u in data["uses"]:
        out(f"Use: {u['name']}: {u['left']}/{u['times']} left this {u['per']} ({u['page']})")
    if data["days_to_heal"]:
        out(f"Healed in {data['days_to_heal']} day(s) of rest")


def cmd_damage(args) -> int:
    from landsraad.play.condition import damage_points

    ch, c = _load(args)
    pts = {"physical": args.physical, "mental": args.mental, "social": args.social}
    if args.width is not None:  # armour is taken off in the edit, after the class bonus (S13)
        pts[args.kind] += damage_points(ev.rules(c), args.width, args.attack, armour=0, kind=args.kind)
    res = ev.take_damage(
        ch,
        c,
        physical=pts["physical"],
        mental=pts["mental"],
        social=pts["social"],
        transfer=args.transfer,
        armour=args.armour,
        on=_pairs(args.on, "--on"),
        complication=args.complication,
        detail=args.detail,
    )
    _save(args, ch)
    if args.json:
        data = condition_json(ch, c)
        data["taken"] = {
            "points": res.points,
            "complications": list(res.complications),
            "refused": list(res.refused),
            "lost": res.lost,
            "text": res.text,
        }
        print_json(data)
        return 0
    out(printable(res.text))
    _print_condition(condition_json(ch, c), c)
    return 0


def cmd_heal(args) -> int:
    ch, c = _load(args)
    days = args.days if args.days is not None else args.weeks * 7
    cuts = _pairs(args.cut, "--cut")
    if args.restart:
        ev.aggravate(ch, c)
    res = ev.heal(ch, c, days, cuts=cuts, first=args.first.strip().lower())
    _save(args, ch)
    if args.json:
        data = condition_json(ch, c)
        data["healed"] = {
            "days": res.days,
            "boxes": list(res.healed),
            "complications": list(res.ended),
            "text": res.text,
        }
        print_json(data)
        return 0
    out(printable(res.text))
    _print_condition(condition_json(ch, c), c)
    return 0


def cmd_use(args) -> int:
    ch, c = _load(args)
    changed = True
    if args.spend:
        ev.spend_use(ch, c, args.spend.strip().lower())
    elif args.reset:
        ev.reset_uses(ch, c, args.reset.strip().lower())
    elif args.setback:
        ev.add_setback(ch, c, args.setback.strip().lower())
    elif args.grant:
        ((uid, n),) = _pairs([args.grant], "--grant").items()
        ev.grant_use(ch, c, uid, n)
    else:
        changed = False
    if changed:
        _save(args, ch)
    data = condition_json(ch, c)
    if args.json:
        print_json({"uses": data["uses"], "penalties": data["penalties"], "log": data["log"][-1:] if changed else []})
        return 0
    if changed:
        out(printable(ch.log[-1].text))
    for u in data["uses"]:
        out(f"{u['id']}\t{u['left']}/{u['times']} a {u['per']}\t{u['effect']} ({u['page']})")
    if not data["uses"]:
        out("No limited uses (none of this character's feats or advantages is once a session or month).")
    return 0


def cmd_condition(args) -> int:
    ch, c = document.load(args.file), load_content()
    data = condition_json(ch, c)
    if args.json:
        print_json(data)
        return 0
    _print_condition(data, c)
    for e in data["log"]:
        out(f"{e['when']}\t{e['what']}\t{printable(e['text'])}" + (f"\t{e['reading']}" if e["reading"] else ""))
    return 0
