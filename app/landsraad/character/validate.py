"""Validation of a character: every rule is one check and one message.

``validate(character, content)`` returns the findings of building the sheet
(choices left open, unknown picks, budget) plus the checks below on the finished
sheet.  Each check names its rule id from the specs (character-creation.md §9,
character-elements.md §9, feats.md §6) so a message never drifts from its rule.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import attrs

from landsraad.character.build import Sheet, build, key_skill_id, skill_key
from landsraad.character.model import STEP_NAMES, Character
from landsraad.findings import Finding, Severity, cited
from landsraad.rules import model as m
from landsraad.rules.content import Content
from landsraad.slug import slugify

Check = Callable[[Character, Sheet, Content], Iterator[Finding]]
CHECKS: list[Check] = []


def check(fn: Check) -> Check:
    CHECKS.append(fn)
    return fn


def _f(severity: Severity, step: str, rule: str, message: str, field: str | None = None) -> Finding:
    return cited(severity, step, rule, f"{STEP_NAMES[step]}: {message}", field)


def skill_name(c: Content, sheet: Sheet, key: str) -> str:
    skill = c.skills.get(key_skill_id(key))
    base = skill.name if skill else key
    fld = sheet.skill_fields.get(key)
    return f"{base} ({fld})" if fld else base


# A rating that is too high is fixed where the player can lower it: a pick of a choice or a
# Step 06 purchase can be changed on its own; a template's fixed grant only by taking another
# option.  So such a finding points at the last pick or purchase that raised the rating, else
# at the last template that did (issue 15: Arena Fighter's fixed Duel +1 sent the player to
# Personal Calling, where nothing but another calling changes Duel).
PLAYER_CONTROLS = (".choice.", "extras.purchase.", "extras.conversion.")


def fix_at(sheet: Sheet, key: str) -> tuple[str, str]:
    """(step, field) where the player can lower ``key`` (a statistic id or skill key)."""
    refs = sheet.raised_at.get(key) or []
    chosen = [r for r in refs if any(mark in r for mark in PLAYER_CONTROLS)]
    ref = (chosen or refs or ["extras.budget"])[-1]
    return ref.split(".", 1)[0], ref


def _step_of(sheet: Sheet, key: str) -> str:
    """The step to send the player to for a skill that is too high (see ``fix_at``)."""
    return fix_at(sheet, key)[0]


def rating_for_tree(sheet: Sheet, c: Content, tree: m.FeatTree) -> tuple[int, str]:
    """The skill rating that caps a tree's levels, and the skill's name (feats.md A11, S4)."""
    skill = c.skills.get(tree.skill)
    if skill is None:
        return 99, ""
    if tree.skill_field:
        key = skill_key(skill.id, tree.skill_field)
        return sheet.skills.get(key, 0), f"{skill.name} ({tree.skill_field})"
    if skill.field:
        ratings = [r for k, r in sheet.skills.items() if key_skill_id(k) == skill.id]
        return max(ratings, default=0), skill.name
    rating = sheet.skills.get(skill.id, 0)
    if skill.broad:
        broad = c.skills[skill.broad]
        broad_rating = max((r for k, r in sheet.skills.items() if key_skill_id(k) == broad.id), default=0)
        if broad_rating > rating:
            return broad_rating, broad.name
    return rating, skill.name


# ----- statistics -----------------------------------------------------------------
@check
def statistic_range(ch, sheet, c):
    lim = c.pack.limits
    # the statistic an advantage with a statistic bonus names may reach the higher limit (L1686)
    raised = [
        sheet.advantage_details.get(aid)
        for aid in sheet.advantages
        if aid in c.advantages and c.advantages[aid].statistic_bonus
    ]
    pret = next((sid for sid in raised if sid), None)
    for sid, value in sheet.statistics.items():
        top = lim.statistic_max_preternatural if sid == pret else lim.statistic_max
        if value > top:
            name = c.statistics[sid].name
            step, field = fix_at(sheet, sid)
            extra = "" if sid == pret else " (6 only with Preternatural Statistic, L1686)"
            yield _f(Severity.ERROR, step, "S2", f"{name} would be {value}; the most is {top}{extra}.", field)


@check
def extras_statistic_raise(ch, sheet, c):
    cap = c.pack.limits.extras_statistic_raise
    for sid, raised in sheet.extras_stat_raise.items():
        if raised > cap:
            yield _f(
                Severity.ERROR,
                "extras",
                "S4",
                f"{c.statistics[sid].name} can rise by only {cap} in this step (L2824); it rises by {raised}.",
                fix_at(sheet, sid)[1],
            )  # the last purchase that raised it


# ----- skills ---------------------------------------------------------------------
@check
def skill_range(ch, sheet, c):
    top = c.pack.limits.skill_max
    for key, rating in sheet.skills.items():
        if rating > top:
            step, field = fix_at(sheet, key)
            yield _f(
                Severity.ERROR,
                step,
                "K2",
                f"{skill_name(c, sheet, key)} would be {rating}; the most is {top} (L1288). "
                "Take a Special Die or another skill instead.",
                field,
            )


@check
def extras_skill_cap(ch, sheet, c):
    cap = c.pack.limits.extras_skill_cap
    for key, (peak, n) in sheet.extras_skill_peak.items():
        if peak > cap:
            yield _f(
                Severity.ERROR,
                "extras",
                "K3",
                f"{skill_name(c, sheet, key)} would reach {peak}; no skill can be bought above {cap} in this step (L2824).",
                f"extras.purchase.{n}",
            )


@check
def skill_requirements(ch, sheet, c):
    for key, rating in sheet.skills.items():
        skill = c.skills.get(key_skill_id(key))
        if skill and rating > 0:
            yield from requirement_findings(
                skill.requires, sheet, c, _step_of(sheet, key), skill.name, f"skills.{key}", rating=rating
            )


@check
def skill_fields(ch, sheet, c):
    """A field skill names one of its printed fields where the rules list them (Weapon Skill, L2108)."""
    for key in set(sheet.skills) | set(sheet.special_dice):
        skill = c.skills.get(key_skill_id(key))
        fld = sheet.skill_fields.get(key, "")
        if skill is None or not skill.field_options or not fld or fld == "unnamed":
            continue
        if slugify(fld) in {slugify(o) for o in skill.field_options}:
            continue
        step = _step_of(sheet, key)
        if slugify(fld) in {slugify(o) for o in skill.field_options_added}:
            yield _f(
                Severity.WARNING,
                step,
                "V-SK-9",
                f"{skill.name} ({fld}): {fld} is not among the {len(skill.field_options)} {skill.field}s printed "
                f"(L2108); accepted for its own feat tree (L2714), the Judge's call.",
                f"skills.{key}",
            )
        else:
            yield _f(
                Severity.ERROR,
                step,
                "V-SK-9",
                f"{skill.name} ({fld}): the {skill.field}s are {', '.join(skill.field_options)} (L2108); "
                f"{fld!r} is not one (record a signature weapon as free text).",
                f"skills.{key}",
            )


# ----- special dice ---------------------------------------------------------------
@check
def special_dice(ch, sheet, c):
    top = c.pack.limits.special_dice_max
    for key, boxes in sheet.special_dice.items():
        name = skill_name(c, sheet, key)
        if boxes > top:
            yield _f(
                Severity.ERROR,
                "extras",
                "D1",
                f"{name} has {boxes} Special Dice boxes; the limit is {top} (L1301).",
                f"skills.{key}",
            )
        if sheet.skills.get(key, 0) < 1:
            yield _f(
                Severity.ERROR,
                "extras",
                "D3",
                f"Special Dice on {name} need the skill at 1 or more (SILENT, L1301); you have 0.",
                f"skills.{key}",
            )


# ----- feats ----------------------------------------------------------------------
@check
def feat_levels(ch, sheet, c):
    held_levels: dict[str, set[int]] = {}
    for fid in sheet.feats:
        tree = c.feat_tree[fid]
        held_levels.setdefault(tree.id, set()).add(c.feats[fid].level)
    for fid, step in sheet.feats.items():
        feat, tree = c.feats[fid], c.feat_tree[fid]
        if tree.skill:
            rating, sname = rating_for_tree(sheet, c, tree)
            if feat.level > rating:
                yield _f(
                    Severity.ERROR,
                    step,
                    "F2",
                    f"{feat.name} (level {feat.level}) needs {sname} {feat.level}; you have {rating} (L1297).",
                    f"feats.{fid}",
                )
        missing = [lv for lv in range(1, feat.level) if lv not in held_levels[tree.id]]
        if missing:
            prev = c.tree_feats(tree.id)[feat.level - 1]
            yield _f(
                Severity.ERROR,
                step,
                "F3",
                f"{feat.name} (level {feat.level}) needs {prev.name} (level {feat.level - 1}) first; "
                f"levels are bought in order (L1299).",
                f"feats.{fid}",
            )
        yield from requirement_findings(feat.requires, sheet, c, step, feat.name, f"feats.{fid}")
        if feat.per_identity and feat.level > 1:
            prev = c.tree_feats(tree.id).get(feat.level - 1)
            if prev is not None and prev.per_identity and sheet.feat_copies[fid] > sheet.feat_copies[prev.id]:
                yield _f(
                    Severity.ERROR,
                    step,
                    "F3",
                    f"{feat.name} is held for {sheet.feat_copies[fid]} identities but {prev.name} for only "
                    f"{sheet.feat_copies[prev.id]}; each identity needs the steps in order (L2327).",
                    f"feats.{fid}",
                )


@check
def secret_feats(ch, sheet, c):
    for fid, step in sheet.feats.items():
        tree = c.feat_tree[fid]
        if tree.kind != "secret":
            continue
        granted = step in ("early-life", "vocational-conditioning") and _template_grants_feat(c, sheet, step, fid)
        if granted or sheet.licence_steps.get(tree.order) == "vocational-conditioning":
            continue
        if tree.order in sheet.licences:
            # an advantage bought or granted outside the Vocational Conditioning (Ginaz Training, L1549) opens
            # the order, but at creation L1299 asks that the conditioning inform you: the Judge decides
            opener = next(
                (a.name for a in c.advantages.values() if a.licence == tree.order and a.id in sheet.advantages),
                "a licence",
            )
            yield _f(
                Severity.WARNING,
                step,
                "F8",
                f"{c.feats[fid].name} is a Secret Feat; {opener} lets you learn them, but at creation only when "
                f"the Vocational Conditioning informs you (L1299): the Judge's call.",
                f"feats.{fid}",
            )
            continue
        yield _f(
            Severity.ERROR,
            step,
            "F8",
            f"{c.feats[fid].name} is a Secret Feat; at creation only the Vocational Conditioning that teaches "
            f"{tree.group.title()} opens it (L1299).",
            f"feats.{fid}",
        )


def _template_grants_feat(c: Content, sheet: Sheet, step: str, fid: str) -> bool:
    t = c.template(step, sheet.templates.get(step, ""))
    if t is None:
        return False
    if any(g.kind == "feat" and g.id == fid for g in t.grants):
        return True
    # a feat choice of this template that offers the feat's tree
    tree = c.feat_tree[fid]
    return any(ch.kind == "feats" and tree.id in ch.trees for ch in c.steps[step].choices_of(t))


# ----- advantages -----------------------------------------------------------------
@check
def advantages(ch, sheet, c):
    for aid, rating in sheet.advantages.items():
        adv = c.advantages[aid]
        step = _adv_step(ch, sheet, aid)
        field = f"advantages.{aid}"
        if adv.kind in ("rated", "aspects") and not 1 <= rating <= (adv.max_rating or 10):
            yield _f(
                Severity.ERROR,
                step,
                "A1",
                f"{adv.name} is rated 1–{adv.max_rating or 10}; it would be {rating}.",
                field,
            )
        if adv.kind == "aspects":
            split = ch.aspects.get(aid)
            if split is not None:
                first, second = (list(split) + [0, 0])[:2]
                lo, top = c.pack.limits.aspect_first_min, c.pack.limits.aspect_max
                if first + second != rating or not lo <= first <= top or not 0 <= second <= top:
                    yield _f(
                        Severity.ERROR,
                        step,
                        "A2",
                        f"{adv.name} {rating} splits into {adv.aspects[0]} ({lo}–{top}) and {adv.aspects[1]} "
                        f"(0–{top}) adding up to {rating}; {first} + {second} does not (L1308).",
                        field,
                    )
            elif rating > 1:
                # L1308: every two-aspect advantage is paid in its two aspects; rating 1 can only be 1 + 0
                lo, top = c.pack.limits.aspect_first_min, c.pack.limits.aspect_max
                yield _f(
                    Severity.TODO,
                    step,
                    "A2",
                    f"split {adv.name} {rating} into {adv.aspects[0]} ({lo}–{top}) and {adv.aspects[1]} "
                    f"(0–{top}) adding up to {rating}; the first aspect is at least {lo} (L1308).",
                    field,
                )
        if adv.needs_detail and not sheet.advantage_details.get(aid, "").strip():
            yield _f(Severity.TODO, step, "C7", f"{adv.name} needs its {adv.needs_detail} named (L1827).", field)
        if (
            adv.needs_detail == "statistic"
            and sheet.advantage_details.get(aid)
            and sheet.advantage_details[aid] not in c.statistics
        ):
            yield _f(
                Severity.ERROR,
                step,
                "V-AD-8",
                f"{adv.name}: {sheet.advantage_details[aid]!r} is not a statistic.",
                field,
            )
        yield from requirement_findings(adv.requires, sheet, c, step, adv.name, field)


@check
def aspect_splits_of_unknown_advantages(ch, sheet, c):
    """A split saved for an id that is no two-aspect advantage of this character (a typo in
    a file, an advantage since removed) is a finding, never silently ignored."""
    for aid in ch.aspects:
        field = f"aspects.{aid}"
        adv = c.advantages.get(aid)
        if adv is None:
            yield _f(
                Severity.ERROR,
                "extras",
                "V-AD-1",
                f"an aspect split is recorded for {aid!r}, which is not an advantage (L1306).",
                field,
            )
        elif adv.kind != "aspects":
            yield _f(
                Severity.ERROR,
                _adv_step(ch, sheet, aid),
                "V-AD-2",
                f"{adv.name} has one rating, not two aspects; its recorded split is not used (L1306).",
                field,
            )
        elif aid not in sheet.advantages:
            yield _f(
                Severity.WARNING,
                "extras",
                "V-AD-2",
                f"an aspect split is recorded for {adv.name}, which this character does not have.",
                field,
            )


def _adv_step(ch: Character, sheet: Sheet, aid: str) -> str:
    return sheet.advantage_steps.get(aid, "extras")


# ----- templates ------------------------------------------------------------------
@check
def template_requirements(ch, sheet, c):
    for step, tid in sheet.templates.items():
        t = c.template(step, tid)
        yield from requirement_findings(t.requires, sheet, c, step, t.name, f"{step}.template", character=ch)


# ----- requirements as data -------------------------------------------------------
def requirement_findings(
    reqs,
    sheet: Sheet,
    c: Content,
    step: str,
    what: str,
    field: str,
    rating: int = 0,
    character: Character | None = None,
) -> Iterator[Finding]:
    for r in reqs:
        ok, sentence = _requirement(r, sheet, c, rating, character)
        if ok is None:
            yield _f(Severity.TODO, step, "R2", f"{what} needs {sentence}; record it in Finishing Touches.", field)
        elif not ok:
            sev = Severity.WARNING if r.severity == "warning" else Severity.ERROR
            yield _f(sev, step, "REQ", f"{what} needs {sentence}.", field)


def _requirement(r: m.Requirement, sheet: Sheet, c: Content, rating: int, ch: Character | None):
    """(satisfied, description).  satisfied is None when it cannot be known yet."""
    if r.kind == "advantage":
        return r.id in sheet.advantages, f"the {c.advantages[r.id].name} advantage"
    if r.kind == "advantage-rating":
        held = sheet.advantages.get(r.id, 0)
        return held >= r.at_least, f"{c.advantages[r.id].name} at {r.at_least}" + (
            f" (you have {held})" if held else ""
        )
    if r.kind == "skill-not-above":
        other = sheet.skills.get(r.skill, 0)
        return rating <= other, f"a rating no higher than {c.skills[r.skill].name} ({other})"
    if r.kind == "all-feats-of-order":
        missing = [f.name for f in c.order_feats(r.order) if f.id not in sheet.feats]
        return not missing, "all the " + r.order.replace("-", " ").title() + " Secret Feats" + (
            f" (missing {len(missing)})" if missing else ""
        )
    if r.kind == "sex":
        sex = (ch.sex if ch else "").strip().lower()
        if not sex:
            return None, f"the character to be {r.value}"
        return sex == r.value.lower(), f"the character to be {r.value}"
    return True, ""  # pragma: no cover - the loader rejects other kinds


def validate(character: Character, content: Content) -> tuple[Sheet, list[Finding]]:
    sheet, findings = build(character, content)
    for fn in CHECKS:
        findings.extend(fn(character, sheet, content))
    # a finding that cites no line names its step's page (pack.toml [step_lines])
    lines = content.pack.step_lines
    findings = [f if f.line or f.step not in lines else attrs.evolve(f, line=lines[f.step]) for f in findings]
    order = {s: i for i, s in enumerate(STEP_NAMES)}
    sev = {Severity.ERROR: 0, Severity.TODO: 1, Severity.WARNING: 2}
    findings.sort(key=lambda f: (order.get(f.step, 99), sev[f.severity]))
    return sheet, findings
