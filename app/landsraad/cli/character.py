"""`character new | show | check` (cli-contract.md)."""

from __future__ import annotations

import re
import sys

from landsraad.character import document, edits
from landsraad.character.build import parse_token, skill_key
from landsraad.character.model import TEMPLATE_STEP_IDS, Character, Purchase, PurchaseKind
from landsraad.character.validate import validate
from landsraad.cli.output import out, print_json, printable
from landsraad.documents import limits
from landsraad.errors import ChoiceError
from landsraad.findings import is_complete
from landsraad.rules.content import Content, load_content
from landsraad.slug import slugify


def register(sub) -> None:
    p = sub.add_parser("character", help="create, show and check characters")
    csub = p.add_subparsers(dest="character_command", required=True, parser_class=sub._parser_class)

    n = csub.add_parser("new", help="write a character document with its four templates")
    for step in TEMPLATE_STEP_IDS:
        n.add_argument(f"--{step}", metavar="ID", dest=step.replace("-", "_"))
    n.add_argument("--caste", metavar="ID")
    n.add_argument("--name", default="")
    n.add_argument("--player", default="")
    n.add_argument("--sex", default="", help="recorded for Bene Gesserit Adept (L3073)")
    n.add_argument(
        "--house",
        default="",
        metavar="NAME",
        help="the character's House: its Contacts, Eminence, Estate, Influence, Staff and Wealth "
        "add to that House's Trait Scores (L1415)",
    )
    n.add_argument(
        "--pick",
        action="append",
        default=[],
        metavar="STEP.N=ID[,ID…]",
        help='answer the N-th "choose …" of a step; a field as id(Field)',
    )
    n.add_argument(
        "--buy",
        action="append",
        default=[],
        metavar="ID[:LEVELS]",
        help="spend Step 06 Character Points on a statistic, skill, advantage or feat",
    )
    n.add_argument(
        "--special-die",
        action="append",
        default=[],
        metavar="SKILL[:N]",
        help="buy Special Dice boxes on a skill in Step 06",
    )
    n.add_argument(
        "--convert",
        action="append",
        default=[],
        metavar="NARROW[+]",
        help="cash a Narrow Skill into its Broad (L2827); a trailing + pays 1 CP to top up an odd rating",
    )
    n.add_argument(
        "--detail",
        action="append",
        default=[],
        metavar="STEP.REF=TEXT",
        help="a field, culture or record a template asks for (e.g. personal-calling.Homeworld=Giedi Prime)",
    )
    n.add_argument(
        "--aspects",
        action="append",
        default=[],
        metavar="ADVANTAGE=A,B",
        help="split a two-aspect advantage (first aspect at least 1)",
    )
    n.add_argument(
        "--asset",
        action="append",
        default=[],
        metavar="NAME:tangible|intangible:QUALITY[:KINDS]",
        help="a Dune conflict asset (Quality 0-4; kinds dueling, skirmish, warfare, espionage, intrigue)",
    )
    n.add_argument("-o", "--output", required=True, metavar="FILE.json")
    n.add_argument(
        "--force", action="store_true", help="replace FILE.json even if it exists and is not a Landsraad document"
    )
    n.set_defaults(handler=cmd_new)

    s = csub.add_parser("show", help="the computed character")
    s.add_argument("file", metavar="FILE.json")
    s.add_argument("--json", action="store_true")
    s.set_defaults(handler=cmd_show)

    c = csub.add_parser("check", help="the findings; exit 0 when complete and valid, 1 otherwise")
    c.add_argument("file", metavar="FILE.json")
    c.set_defaults(handler=cmd_check)

    from landsraad.cli import condition  # damage, heal, use, condition: the character in play

    condition.register(csub)
    from landsraad.cli import play  # `character roll` (issue 25)

    play.register_character_roll(csub)


# ----- building a character from flags ---------------------------------------------
_PICK = re.compile(r"^([a-z-]+)\.([0-9]{1,4})=(.*)$", re.DOTALL)


def _split_tokens(text: str) -> list[str]:
    """Split "a,b(c, d),e" on commas outside parentheses."""
    out, depth, cur = [], 0, ""
    for ch in text:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def _levels(text: str, what: str) -> tuple[str, int]:
    tail = text.rsplit(":", 1)[1].strip() if ":" in text else None
    if tail is None:
        return text, 1
    if not (tail.isascii() and tail.isdigit()):
        raise ChoiceError(f"--{what} {text!r}: LEVELS must be a whole number")
    if len(tail) > 6 or not 1 <= int(tail) <= limits.MAX_LEVELS:
        raise ChoiceError(f"--{what} {_shown(text)}: LEVELS is 1 to {limits.MAX_LEVELS}")
    return text.rsplit(":", 1)[0], int(tail)


def _shown(text: str) -> str:
    return repr(text if len(text) <= 60 else text[:57] + "...")


# flags holding a name (one line of a sheet); every other text flag is bounded by MAX_TEXT
_NAME_FLAGS = ("name", "player", "sex", "caste", *(s.replace("-", "_") for s in TEMPLATE_STEP_IDS))


def check_text_args(args) -> None:
    """Refuse a flag's text that is absurdly long or not valid Unicode (a lone surrogate
    from undecodable bytes on the command line): exit 2 naming the flag."""
    for dest, value in vars(args).items():
        values = value if isinstance(value, list) else [value]
        for v in values:
            if isinstance(v, str):
                limit = limits.MAX_NAME if dest in _NAME_FLAGS else limits.MAX_TEXT
                try:
                    limits.check_text(v, "--" + dest.replace("_", "-"), limit)
                except limits.LimitError as exc:
                    raise ChoiceError(str(exc)) from None


def character_from_args(args, c: Content) -> Character:
    check_text_args(args)
    ch = Character()
    for attr in ("name", "player", "sex", "house"):
        edits.set_text(ch, attr, getattr(args, attr).strip() if attr == "house" else getattr(args, attr))
    for step in TEMPLATE_STEP_IDS:
        tid = getattr(args, step.replace("-", "_"))
        if tid is None:
            continue
        t = c.template(step, slugify(tid)) or _by_alias(c, step, tid)
        if t is None:
            ids = ", ".join(x.id for x in c.steps[step].template)
            raise ChoiceError(f"--{step} {tid!r}: no such option; one of: {ids}")
        edits.take_template(ch, step, t.id)
    if args.caste is not None:
        if slugify(args.caste) not in c.castes:
            raise ChoiceError(f"--caste {args.caste!r}: one of: {', '.join(c.castes)}")
        edits.set_caste(ch, slugify(args.caste))
    for raw in args.pick:
        _apply_pick(ch, c, raw)
    for raw in args.detail:
        step, _, rest = raw.partition(".")
        ref, eq, text = rest.partition("=")
        if step not in TEMPLATE_STEP_IDS or not eq or not ref:
            raise ChoiceError(f"--detail {raw!r}: write STEP.REF=TEXT")
        edits.set_detail(ch, step, ref, text)
    for raw in args.buy:
        edits.buy(ch, _purchase(raw, c))
    for raw in args.special_die:
        head, n = _levels(raw, "special-die")
        sid, fld = parse_token(head)
        if sid not in c.skills:
            raise ChoiceError(f"--special-die {raw!r}: no skill {sid!r}")
        _check_field(c.skills[sid], fld, f"--special-die {raw!r}")
        edits.buy(ch, Purchase("special-die", sid, n, field=fld))
    for raw in args.convert:
        top = raw.endswith("+")
        sid, fld = parse_token(raw.rstrip("+"))
        if sid not in c.skills or c.skills[sid].kind != "narrow":
            raise ChoiceError(f"--convert {raw!r}: not a narrow skill")
        edits.cash_in(ch, skill_key(sid, fld), top)
    for raw in args.aspects:
        aid, eq, nums = raw.partition("=")
        aid = slugify(aid)
        parts = [x.strip() for x in nums.split(",")]
        ok = all(x.isascii() and x.isdigit() and len(x) <= 3 for x in parts)
        split = [int(x) for x in parts] if ok else []
        if not eq or aid not in c.advantages or len(split) != 2:
            raise ChoiceError(f"--aspects {_shown(raw)}: write ADVANTAGE=A,B")
        if max(split) > limits.MAX_LEVELS:
            raise ChoiceError(
                f"--aspects {_shown(raw)}: at most {limits.MAX_LEVELS} (an aspect is rated 0 to 5, L1308)"
            )
        edits.split_aspects(ch, aid, *split)
    if args.asset:
        from landsraad.packs.conflict.assets import give_asset, parse_asset

        for raw in args.asset:
            give_asset(ch, parse_asset(raw, owner=ch.name))
    return ch


def _by_alias(c: Content, step: str, token: str):
    key = slugify(token)
    for t in c.steps[step].template:
        if key in {slugify(a) for a in t.aliases} or key == slugify(t.printed_name or ""):
            return t
    return None


def _apply_pick(ch: Character, c: Content, raw: str) -> None:
    m = _PICK.match(raw.strip())
    if not m or m.group(1) not in TEMPLATE_STEP_IDS:
        raise ChoiceError(f"--pick {raw!r}: write STEP.N=ID[,ID…] with STEP one of {', '.join(TEMPLATE_STEP_IDS)}")
    step, n, tokens = m.group(1), int(m.group(2)), _split_tokens(m.group(3))
    tc = ch.step(step)
    if tc.template is None:
        raise ChoiceError(f"--pick {raw!r}: choose the {step} template first (--{step} ID)")
    t = c.template(step, tc.template)
    if t is None:
        raise ChoiceError(f"--pick {raw!r}: the {step} template {tc.template!r} is not in the rules pack")
    choices = c.steps[step].choices_of(t)
    if not 1 <= n <= len(choices):
        raise ChoiceError(f"--pick {raw!r}: {t.name} has {len(choices)} choice(s)")
    choice = choices[n - 1]
    for tok in tokens:
        oid, fld = parse_token(tok)
        known = oid in c.feats if choice.kind == "feats" else choice.option(oid) is not None
        if not known:
            offered = "feat ids" if choice.kind == "feats" else ", ".join(o.id for o in choice.options)
            raise ChoiceError(f"--pick {raw!r}: {tok!r} is not an option of choice {n} ({offered})")
        opt = choice.option(oid)
        if choice.kind == "options" and fld and opt is not None:
            open_skill = next((g.id for g in opt.grants if g.field == "*"), None)
            if open_skill is None:
                raise ChoiceError(f"--pick {raw!r}: {tok!r} takes no field")
            _check_field(c.skills[open_skill], fld, f"--pick {raw!r}")
    edits.answer_choice(ch, step, n, tokens)


# what ``Content.resolve`` names, as the kinds of a Purchase
_PURCHASE_KINDS: dict[str, PurchaseKind] = {
    "statistic": "statistic",
    "skill": "skill",
    "advantage": "advantage",
    "feat": "feat",
}


def _purchase(raw: str, c: Content) -> Purchase:
    head, n = _levels(raw, "buy")
    ident, fld = parse_token(head)
    found = c.resolve(ident)
    if found is None:
        raise ChoiceError(f"--buy {raw!r}: no statistic, skill, advantage or feat {ident!r}")
    kind, ident = found
    if kind == "skill":
        skill = c.skills[ident]
        if skill.field and not fld:
            raise ChoiceError(f"--buy {raw!r}: {skill.name} names its {skill.field}: write {ident}(…)")
        _check_field(skill, fld, f"--buy {raw!r}")
        return Purchase("skill", ident, n, field=fld)
    if fld and kind != "advantage":
        raise ChoiceError(f"--buy {raw!r}: {ident} takes no field")
    if kind == "advantage":
        adv = c.advantages[ident]
        levels = n if adv.rated else 1
        if adv.kind == "tiered" and n == 1:
            levels = adv.tiers[0]
        return Purchase("advantage", ident, levels, detail=fld)
    if kind == "feat" and n != 1:
        raise ChoiceError(f"--buy {raw!r}: a feat is one level; name each feat you buy")
    return Purchase(_PURCHASE_KINDS[kind], ident, n)


def _check_field(skill, fld: str, where: str) -> None:
    """A field on a skill that takes none, or a name outside a printed list (Weapon Skill, L2108), is bad input."""
    if fld and not skill.field:
        raise ChoiceError(f"{where}: {skill.name} takes no field")
    allowed = skill.field_options + skill.field_options_added
    if fld and skill.field_options and slugify(fld) not in {slugify(o) for o in allowed}:
        raise ChoiceError(f"{where}: {fld!r} is not a {skill.field} of {skill.name} ({', '.join(allowed)})")


# ----- output -------------------------------------------------------------------------
def character_json(ch: Character, c: Content) -> dict:
    sheet, findings = validate(ch, c)
    return {
        "name": ch.name,
        "house": ch.house,
        "statistics": {k: v for k, v in sheet.statistics.items() if v > 0},
        "skills": {k: v for k, v in sheet.skills.items() if v > 0},
        "special_dice": {k: v for k, v in sheet.special_dice.items() if v > 0},
        "advantages": dict(sheet.advantages),
        "feats": {fid: c.feats[fid].level for fid in sheet.feats},
        "caste": sheet.caste,
        "character_points": {"budget": sheet.cp_budget, "spent": sheet.cp_spent},
        "templates": dict(sheet.templates),
        "assets": [
            {"name": a.name, "form": a.form, "quality": a.quality, "kinds": list(a.kinds), "owner": a.owner}
            for a in ch.assets
        ],
        "findings": [f.to_json() for f in findings],
    }


def cmd_new(args) -> int:
    from landsraad.documents.codec import check_new_document_output

    check_new_document_output(args.output, force=args.force)
    c = load_content()
    ch = character_from_args(args, c)
    document.save(ch, args.output)
    _, findings = validate(ch, c)
    left = len(findings)
    sys.stderr.write(f"wrote {args.output}" + (f" ({left} finding(s); see `character check`)\n" if left else "\n"))
    return 0


def cmd_show(args) -> int:
    c = load_content()
    ch = document.load(args.file)
    data = character_json(ch, c)
    if args.json:
        print_json(data)
        return 0
    out(printable(ch.name) or "(unnamed)")
    if ch.house:
        out(f"House: {printable(ch.house)}")
    out("Statistics: " + ", ".join(f"{c.statistics[k].name} {v}" for k, v in data["statistics"].items()))
    out("Skills: " + ", ".join(f"{k} {v}" for k, v in sorted(data["skills"].items())))
    out("Advantages: " + ", ".join(f"{c.advantages[k].name} {v}" for k, v in data["advantages"].items()))
    out("Feats: " + ", ".join(c.feats[k].name for k in data["feats"]))
    cp = data["character_points"]
    out(f"Character Points: {cp['spent']}/{cp['budget']}")
    for f in data["findings"]:
        out(f"{f['severity']}: {printable(f['message'])}")
    return 0


def cmd_check(args) -> int:
    c = load_content()
    ch = document.load(args.file)
    _, findings = validate(ch, c)
    for f in findings:
        out(f"{f.severity.value}\t{f.step}\t{printable(f.message)}")
    return 0 if is_complete(findings) else 1
