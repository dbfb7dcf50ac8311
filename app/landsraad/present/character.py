"""Engine results as text for the views: Qt-free, rule-free.

Every number shown comes from ``validate`` (character) or the House engine; this module
only words it.  Where the window must say whether an option can be taken, it asks the
engine by trying it (``tentative_errors``): the option is disabled when taking it makes
``validate`` report a new error, and that error's message is the reason shown.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from landsraad.character.build import parse_token
from landsraad.character.edits import option_needs_field  # noqa: F401 - the views word options with it
from landsraad.character.model import STEP_IDS, STEP_NAMES, TEMPLATE_STEP_IDS, Character
from landsraad.character.validate import rating_for_tree, skill_name, validate
from landsraad.findings import Finding, Severity
from landsraad.present import findings as findings_text
from landsraad.present.findings import SEVERITY_ICON, SEVERITY_TEXT  # noqa: F401 - the views use them from here
from landsraad.rules import model as m
from landsraad.rules.content import Content

NOT_STARTED, INCOMPLETE, HAS_ERRORS, DONE = "not started", "incomplete", "has errors", "done"
STATE_ICON = {
    NOT_STARTED: "state-not-started",
    INCOMPLETE: "state-incomplete",
    HAS_ERRORS: "state-errors",
    DONE: "state-done",
}


# ----- steps ---------------------------------------------------------------------------
def step_started(ch: Character, step: str) -> bool:
    """Has the player done anything at this step yet (a view fact, not a rule)."""
    if step == "statistics":
        return True  # Step 01 sets every statistic to 1 by itself
    if step in TEMPLATE_STEP_IDS:
        return ch.step(step).template is not None
    if step == "extras":
        return bool(ch.extras or ch.conversions or ch.aspects)
    if step == "caste":
        return ch.caste is not None
    return any((ch.name, ch.player, ch.sex, ch.house, ch.description, ch.equipment, ch.notes))


def step_state(ch: Character, findings: list[Finding], step: str) -> str:
    mine = [f for f in findings if f.step == step]
    if any(f.severity is Severity.ERROR for f in mine):
        return HAS_ERRORS
    if not step_started(ch, step):
        return NOT_STARTED
    if any(f.severity is Severity.TODO for f in mine):
        return INCOMPLETE
    return DONE


def step_label(n: int, step: str) -> str:
    return f"{n:02d}  {STEP_NAMES[step]}"


# ----- grants, requirements -------------------------------------------------------------
def grant_text(g: m.Grant, c: Content) -> str:
    if g.kind == "statistic":
        return f"+{g.amount} {c.statistics[g.id].name}"
    if g.kind in ("skill", "special-die"):
        skill = c.skills[g.id]
        name = skill.name
        if g.field == "*":
            name += f" (your {skill.field or 'field'})"
        elif g.field:
            name += f" ({g.field})"
        if g.kind == "skill":
            return f"{name} +{g.amount}"
        return f"+{g.amount} Special Di{'e' if g.amount == 1 else 'ce'} ({name})"
    if g.kind == "advantage":
        adv = c.advantages[g.id]
        text = adv.name if not adv.rated else f"{adv.name} {'+' if g.mode == 'add' else ''}{g.rating}"
        if g.detail == "*":
            text += f" (your {adv.needs_detail or 'choice'})"
        elif g.detail:
            text += f" ({g.detail})"
        return text
    if g.kind == "feat":
        feat, tree = c.feats[g.id], c.feat_tree[g.id]
        return f"Feat: {feat.name} ({tree.name} {feat.level})"
    if g.kind == "licence":
        return f"May buy {g.order.replace('-', ' ').title()} Secret Feats"
    return g.kind  # pragma: no cover


FILLED_IN = " (filled in, not printed)"


def grants_text(grants, c: Content) -> str:
    """The grants as a line; one the rulebook lost and the project filled in says so."""
    return ", ".join(grant_text(g, c) + (FILLED_IN if g.house_rule else "") for g in grants) or "nothing fixed"


def reading_text(entry) -> str:
    """The reading a content entry records (note, filled-in text, printed name, page), for a tooltip or label."""
    from landsraad.rules.readings import tooltip

    return tooltip(entry)


def choice_heading(choice) -> str:
    """A choice's label as shown: a choice the rulebook lost says so where the player meets it."""
    return (
        choice.label
        + ("  (optional)" if choice.optional else "")
        + ("  — FILLED IN: the rulebook lost this text; the Judge's default" if choice.house_rule else "")
    )


def requirement_texts(reqs, ch: Character, sheet, c: Content) -> list[tuple[bool | None, str]]:
    """The engine's own sentence for each requirement and whether it is met now."""
    from landsraad.character import validate as v

    out = []
    for r in reqs:
        try:
            out.append(v._requirement(r, sheet, c, 0, ch))  # the one sentence per kind
        except Exception:  # noqa: BLE001 - a requirement that cannot be worded is shown by its kind
            out.append((None, r.kind))
    return out


def template_tooltip(t: m.Template, c: Content) -> str:
    lines = [t.name]
    if t.flavour:
        lines.append(t.flavour[0].upper() + t.flavour[1:] + ".")
    lines.append("Grants: " + grants_text(t.grants, c))
    if t.starting_caste:
        by_rank = {k.rank: k.name for k in c.castes.values()}
        lines.append(f"Starting caste: {by_rank.get(t.starting_caste, t.starting_caste)}")
    if t.asks:
        lines.append("Asks you to record: " + ", ".join(t.asks))
    # the readings behind it: the template's own, then each grant's
    reading = reading_text(t)
    if reading:
        lines.append(reading)
    for g in t.grants:
        if g.note or g.house_rule:
            lines.append(f"{grant_text(g, c)}: " + reading_text(g).replace("\n", " "))
    return "\n".join(lines)


# ----- trying an edit on a copy ---------------------------------------------------------
def error_keys(findings) -> set:
    return {(f.rule, f.message) for f in findings if f.severity is Severity.ERROR}


def tentative_errors(
    ch: Character, c: Content, baseline: set | None, change: Callable[..., None], *args: object
) -> list[Finding]:
    """Errors that the edit ``change(character, *args)`` would add (``validate`` on a copy);
    [] if it can be taken.  ``baseline``: the error keys of now, or None to compute them."""
    if baseline is None:
        baseline = error_keys(validate(ch, c)[1])
    trial = copy.deepcopy(ch)
    change(trial, *args)
    return [f for f in validate(trial, c)[1] if f.severity is Severity.ERROR and (f.rule, f.message) not in baseline]


def tentative_findings(
    ch: Character, c: Content, baseline: set | None, change: Callable[..., None], *args: object
) -> list[Finding]:
    """Errors and warnings the edit would add (``tentative_errors``' sibling): what
    "Suggest the rest" must not pick (issue 27: it picked what the app then warned against).
    ``baseline``: the (rule, step, field) of the errors and warnings of now, or None (a warning
    whose count changes, "4 of 10 points still to spend", is the same warning)."""
    serious = (Severity.ERROR, Severity.WARNING)
    if baseline is None:
        baseline = {(f.rule, f.step, f.field) for f in validate(ch, c)[1] if f.severity in serious}
    trial = copy.deepcopy(ch)
    change(trial, *args)
    return [f for f in validate(trial, c)[1] if f.severity in serious and (f.rule, f.step, f.field) not in baseline]


def offered_trees(choice: m.Choice, sheet, c: Content) -> list[m.FeatTree]:
    """The feat trees a feat choice offers: its list, or (any_possessed) every tree of a
    skill the character has, rated by the engine's ``rating_for_tree``."""
    if choice.trees:
        return [c.trees[t] for t in choice.trees if t in c.trees]
    out = []
    for tree in c.trees.values():
        if tree.kind == "secret":
            if tree.order in sheet.licences:
                out.append(tree)
            continue
        if tree.skill and rating_for_tree(sheet, c, tree)[0] >= 1:
            out.append(tree)
    return out


def split_tokens(tokens: list[str]) -> list[tuple[str, str]]:
    return [parse_token(t) for t in tokens]


def make_token(option_id: str, field: str) -> str:
    field = field.strip()
    return f"{option_id}({field})" if field else option_id


# ----- summary --------------------------------------------------------------------------
def summary_groups(ch: Character, sheet, c: Content) -> list[tuple[tuple[str, str, str], list[tuple[str, str, str]]]]:
    """[( (group title, value, payload), [(name, value, payload)…] )] for the summary tree."""
    stats = [(c.statistics[s].name, str(v), f"statistics.{s}") for s, v in sheet.statistics.items()]
    skills = []
    for key in sorted(sheet.skills, key=lambda k: skill_name(c, sheet, k).lower()):
        value = str(sheet.skills[key])
        if sheet.special_dice.get(key):
            value += f"  +{sheet.special_dice[key]} SD"
        skills.append((skill_name(c, sheet, key), value, f"skills.{key}"))
    for key, boxes in sheet.special_dice.items():
        if key not in sheet.skills:
            skills.append((skill_name(c, sheet, key), f"0  +{boxes} SD", f"skills.{key}"))
    advs = []
    for aid, rating in sheet.advantages.items():
        adv = c.advantages[aid]
        name = adv.name + (f" ({sheet.advantage_details[aid]})" if sheet.advantage_details.get(aid) else "")
        advs.append((name, str(rating) if adv.rated else "", f"advantages.{aid}"))
    feats = []
    for fid, step in sheet.feats.items():
        feat, tree = c.feats[fid], c.feat_tree[fid]
        feats.append((f"{feat.name}", f"{tree.name} {feat.level}", f"feats.{fid}"))
    cp = [(what, str(cost), "extras.budget") for what, cost in sheet.cp_items]
    by_rank = {k.rank: k.name for k in c.castes.values()}
    if sheet.caste:
        caste_value = c.castes[sheet.caste].name
    elif sheet.caste_rank:
        caste_value = f"{by_rank.get(sheet.caste_rank, '?')} (from the templates)"
    else:
        caste_value = "not yet"
    derived = [("Caste", caste_value, "caste")]
    derived += [
        (getattr(c.template(s, t), "name", t), f"step {STEP_IDS.index(s) + 1:02d}", f"{s}.template")
        for s, t in sheet.templates.items()
    ]
    return [
        (("Statistics", "", "statistics"), stats),
        (("Skills", str(len(skills)), "skills"), skills),
        (("Advantages", str(len(advs)), "advantages"), advs),
        (("Feats", str(len(feats)), "feats"), feats),
        (("Character Points", f"{sheet.cp_spent} / {sheet.cp_budget}", "extras.budget"), cp),
        (("Derived", "", "derived"), derived),
    ]


def finding_cells(f: Finding, step_names: dict | None = None) -> tuple[str, str, str]:
    """(severity, step, message) of a character's finding (steps by their names); the message
    cell leaves out the step's name it starts with, which the step cell already shows."""
    from landsraad.rules.readings import plain_words  # the window's words: pages, no spec numbers (issue 27)

    severity, step, message = findings_text.finding_cells(f, step_names or STEP_NAMES)
    message = plain_words(message)
    if message.startswith(f"{step}: "):
        message = message[len(step) + 2 :]
        message = message[:1].upper() + message[1:]
    return severity, step, message


# ----- purchases ------------------------------------------------------------------------
PURCHASE_KINDS = (
    ("statistic", "Statistic"),
    ("skill", "Skill"),
    ("special-die", "Special Dice"),
    ("advantage", "Advantage"),
    ("feat", "Feat"),
)


def purchase_items(kind: str, c: Content) -> list[tuple[str, str]]:
    """(id, label) of what a purchase of that kind can buy, from the content."""
    if kind == "statistic":
        return [(s.id, s.name) for s in c.statistics.values()]
    if kind in ("skill", "special-die"):
        return sorted(
            ((s.id, s.name + (f" ({s.kind})" if s.kind != "broad" else " (broad)")) for s in c.skills.values()),
            key=lambda x: x[1].lower(),
        )
    if kind == "advantage":
        return sorted(((a.id, a.name) for a in c.advantages.values()), key=lambda x: x[1].lower())
    if kind == "feat":
        return sorted(
            ((f.id, f"{c.feat_tree[f.id].name} {f.level}: {f.name}") for f in c.feats.values()),
            key=lambda x: x[1].lower(),
        )
    return []


def purchase_cells(i: int, p, c: Content) -> tuple[str, ...]:
    tables: dict[str, dict[str, Any]] = {
        "statistic": c.statistics,
        "skill": c.skills,
        "special-die": c.skills,
        "advantage": c.advantages,
        "feat": c.feats,
    }
    table = tables.get(p.kind, {})
    entry = table.get(p.id)
    name = entry.name if entry else p.id
    kind = dict(PURCHASE_KINDS).get(p.kind, p.kind)
    extra = p.field or p.detail
    return (str(i), kind, name + (f" ({extra})" if extra else ""), str(p.levels))


def step_index(step: str) -> int:
    return STEP_IDS.index(step)


# ----- the character's House ------------------------------------------------------------
def house_contribution(ch: Character, sheet, c: Content) -> str:
    """What the character adds to its House's Trait Scores (L1415...), as one sentence."""
    from landsraad.rules.pages import cite

    parts = [
        f"+{r} {c.advantages[a].house_trait.capitalize()} ({c.advantages[a].name} {r})"
        for a, r in sheet.advantages.items()
        if c.advantages[a].house_trait and r > 0
    ]
    if not parts:
        return (
            "Contacts, Eminence, Estate, Influence, Staff and Wealth add 1 per point to the Trait Scores "
            f"of the character's House ({cite('L1415')}); this character has none."
        )
    who = f"House {ch.house}" if ch.house.strip() else "its House (name it here)"
    return f"Adds to {who}: " + ", ".join(parts) + f" ({cite('L1415')}); an open Fief holding that House counts it."


# ----- what Step 06 costs ----------------------------------------------------------------
def purchase_price(ch: Character, c: Content, purchase, now=None) -> tuple[int, list[Finding]]:
    """The Character Points a purchase would cost, and the errors it would add: the engine
    builds the character with it (the view never prices anything itself).  ``now``: the
    (sheet, findings) of the character as it is, when the caller has them."""
    from landsraad.character import edits

    sheet, findings = now if now is not None else validate(ch, c)
    trial = copy.deepcopy(ch)
    edits.buy(trial, purchase)
    trial_sheet, trial_findings = validate(trial, c)
    baseline = error_keys(findings)
    new = [f for f in trial_findings if f.severity is Severity.ERROR and (f.rule, f.message) not in baseline]
    return trial_sheet.cp_spent - sheet.cp_spent, new


def purchase_quote(ch: Character, c: Content, purchase, now=None) -> tuple[int, str, bool]:
    """The price before Buy, its words ("Costs 4 Character Points; 2 left after it." and the first rule
    it would break, the budget aside: that is said in the first line) and whether the
    purchase is over the budget or not allowed as it is."""
    from landsraad.character.build import BUDGET_RULE

    sheet, _ = now if now is not None else validate(ch, c)
    cost, errors = purchase_price(ch, c, purchase, now)
    left = sheet.cp_budget - sheet.cp_spent - cost
    text = f"Costs {cost} Character Point{'s' if cost != 1 else ''}; " + (
        f"{left} left after it." if left >= 0 else f"{-left} over the budget."
    )
    errors = [f for f in errors if f.rule != BUDGET_RULE]
    if errors:
        text += f"\nNot allowed as it is: {finding_cells(errors[0])[2]}"
    return cost, text, bool(errors) or left < 0


def ref_step(ref: str) -> str:
    """The step of a field ref (\"house-service.choice.2\" -> \"house-service\")."""
    return ref.split(".", 1)[0]


def cost_rows(ch: Character, sheet, c: Content) -> list[tuple[tuple[str, ...], str]]:
    """Every Character Point cost as ((#, kind, what and how much, CP), ref), in the order of the
    steps: a template's package (Swordmaster's Ginaz Training, 6 CP) first, then each purchase
    (one row even when it costs nothing because it is in error), then the cash-in top-ups."""
    costs: dict[str, int] = {}
    labels: dict[str, list[str]] = {}
    for (what, cost), ref in zip(sheet.cp_items, sheet.cp_refs):
        costs[ref] = costs.get(ref, 0) + cost
        labels.setdefault(ref, []).append(what)
    rows: list[tuple[tuple[str, ...], str]] = []
    for ref in labels:
        if ref_step(ref) in TEMPLATE_STEP_IDS:
            what = f"{STEP_NAMES[ref_step(ref)]}: " + ", ".join(labels[ref])
            rows.append((("", "Package", what, str(costs[ref])), ref))
    for i, p in enumerate(ch.extras, 1):
        ref = f"extras.purchase.{i}"
        n, kind, what, levels = purchase_cells(i, p, c)
        rows.append(((n, kind, f"{what} +{levels}", str(costs.get(ref, 0))), ref))
    for ref in labels:
        if ref.startswith("extras.conversion."):
            rows.append((("", "Cash-in", ", ".join(labels[ref]), str(costs[ref])), ref))
    return rows
