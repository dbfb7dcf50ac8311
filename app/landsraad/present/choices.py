"""The answer lists of a template step, computed once for every face that shows them: the
window's choice widgets (``gui/character/choices.py``, ``pages.py``) and the session's
player page on a phone (``landsraad.session.views``).

A choice's answer is a list of tokens (``"id"`` or ``"id(field)"``); ``counts_fields`` reads
it as counts and named fields, ``tokens_from`` writes it back (picks the content does not
know are kept, for the engine to flag).  ``option_states`` says, for every option, how
often it is picked and why it cannot be taken now, by trying the edit on a copy
(``present.character.tentative_errors``); ``template_reasons`` does the same for the
templates of a step.  No Qt, no rule: the reasons are the engine's findings.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs

from landsraad.character import edits
from landsraad.present import character as P


def is_choose_one(choice: Any) -> bool:
    """A choice of exactly one of several options: radio buttons (an optional single option
    stays a check box, to be ticked or not)."""
    return bool(choice.count == 1 and choice.max_each == 1 and not choice.optional and len(choice.options) > 1)


def same_words(a: str, b: str) -> bool:
    def norm(t: str) -> list[str]:
        return sorted(t.lower().replace("(", " ").replace(")", " ").split())

    return norm(a) == norm(b)


def counts_fields(tokens: list[str]) -> tuple[Counter[str], dict[str, list[str]]]:
    counts: Counter[str] = Counter()
    fields: dict[str, list[str]] = {}
    for oid, fld in P.split_tokens(tokens):
        counts[oid] += 1
        fields.setdefault(oid, []).append(fld)
    return counts, fields


def tokens_from(choice: Any, counts: Any, fields: dict[str, list[str]], existing: list[str]) -> list[str]:
    """The answer for these counts and fields, in the options' order; picks of ``existing``
    the content does not know are kept (the engine flags them), never dropped."""
    out = []
    known = {o.id for o in choice.options}
    for opt in choice.options:
        for i in range(counts.get(opt.id, 0)):
            flds = fields.get(opt.id, [])
            out.append(P.make_token(opt.id, flds[i] if i < len(flds) else ""))
    for tok in existing:
        if P.split_tokens([tok])[0][0] not in known:
            out.append(tok)
    return out


def option_extra(opt: Any, c: Any) -> str:
    """What an option grants, beyond its printed label, and its cost."""
    label = opt.label or opt.id
    extra = P.grants_text(opt.grants, c)
    if same_words(extra, label):
        extra = ""  # the printed label already says it
    if opt.cost:
        extra += f"  ·  costs {opt.cost} Character Points"
    return extra.strip(" ·")


@attrs.define
class OptionState:
    id: str
    label: str
    extra: str  # grants and cost, under the label
    needs: str  # the kind of text the player names for each pick ("field"), or ""
    count: int  # how often it is picked
    fields: list[str]  # the names typed for its picks
    reason: str  # why it (or one more of it) cannot be taken now; "" when it can
    tip: str  # grants, requirements, readings, and the reason first


def option_states(ch: Any, c: Any, sheet: Any, findings: Any, step: str, n: int, choice: Any) -> list[OptionState]:
    """Every option of the ``n``-th choice of ``step`` as the player sees it now."""
    tokens = list(ch.step(step).picks.get(n, []))
    counts, fields = counts_fields(tokens)
    total = sum(counts.values())
    full = total >= choice.count
    single = is_choose_one(choice)
    baseline = P.error_keys(findings)
    out = []
    for opt in choice.options:
        k = counts.get(opt.id, 0)
        reason = ""
        if single and k == 0:
            # choose one: another option replaces the pick, so only what it would break counts
            errs = P.tentative_errors(ch, c, baseline, edits.answer_choice, step, n, [opt.id])
            reason = errs[0].message if errs else ""
        elif full and k == 0:
            reason = f"This choice is full ({total} of {choice.count} picked): unpick one first."
        elif not full and k < choice.max_each:
            errs = P.tentative_errors(ch, c, baseline, edits.answer_choice, step, n, tokens + [opt.id])
            if errs:
                reason = errs[0].message
        tip = P.grants_text(opt.grants, c)
        for ok, sentence in P.requirement_texts(opt.requires, ch, sheet, c):
            tip += f"\nRequires {sentence}" + (" ✔" if ok else " ✖" if ok is False else "")
        if opt.note or opt.house_rule:
            tip += "\n" + P.reading_text(opt)
        if reason:
            tip = f"Cannot be taken now: {reason}\n" + tip
        out.append(
            OptionState(
                opt.id,
                opt.label or opt.id,
                option_extra(opt, c),
                P.option_needs_field(opt, c),
                k,
                list(fields.get(opt.id, [])),
                reason,
                tip,
            )
        )
    return out


def template_reasons(ch: Any, c: Any, findings: Any, step: str) -> dict[str, str]:
    """Template id -> why it cannot be taken now: only what stops the template itself (its
    requirements); errors its own open choices will clear are no reason."""
    taken = ch.step(step).template
    baseline = P.error_keys(findings)
    reasons = {}
    for t in c.steps[step].template:
        if t.id == taken:
            continue
        errs = [
            f
            for f in P.tentative_errors(ch, c, baseline, edits.take_template, step, t.id)
            if f.field == f"{step}.template"
        ]
        if errs:
            reasons[t.id] = errs[0].message
    return reasons


def detail_needs(t: Any, c: Any) -> list[tuple[str, str]]:
    """The texts a template asks the player to record: (ref, "Name the field of …")."""
    needs = [
        (
            g.ref,
            f"Name the {c.skills[g.id].field if g.kind == 'skill' else (c.advantages[g.id].needs_detail or 'detail')}"
            f" of {P.grant_text(g, c)}",
        )
        for g in t.grants
        if g.ref and (g.field == "*" or g.detail == "*")
    ]
    return needs + [(label, label) for label in t.asks]


# ----- feat choices -----------------------------------------------------------------------------
def feat_limits(choice: Any) -> tuple[int, int]:
    """(the highest feat level any pattern takes, the most feats any pattern takes)."""
    max_level = max((lv for p in choice.patterns for s in p.slots for lv in s), default=1)
    most = max((sum(len(s) for s in p.slots) for p in choice.patterns), default=1)
    return max_level, most


def feat_reasons(
    ch: Any, c: Any, sheet: Any, findings: Any, step: str, n: int, choice: Any, trees: Any = None
) -> dict[str, str]:
    """Feat id -> why it cannot be ticked now, for the feats of the offered trees."""
    from landsraad.character.model import STEP_NAMES

    tokens = list(ch.step(step).picks.get(n, []))
    trees = P.offered_trees(choice, sheet, c) if trees is None else trees
    max_level, most = feat_limits(choice)
    baseline = P.error_keys(findings)
    held_elsewhere = {fid: st for fid, st in sheet.feats.items() if fid not in tokens}
    reasons = {}
    for tree in trees:
        for lv, feat in c.tree_feats(tree.id).items():
            if lv > max_level or feat.id in tokens:
                continue
            fid = feat.id
            if fid in held_elsewhere:
                reasons[fid] = (
                    f"{feat.name} is already held ({STEP_NAMES.get(held_elsewhere[fid], held_elsewhere[fid])})."
                )
            elif len(tokens) >= most:
                reasons[fid] = (
                    f"This choice is full ({len(tokens)} feats, the most any of its options takes): drop one first."
                )
            else:
                # a partial answer may not fit a pattern yet (F5): the findings say so, and the engine
                # flags some partial answers that can still grow, so F5 is no reason to refuse a feat
                errs = [
                    f
                    for f in P.tentative_errors(ch, c, baseline, edits.answer_choice, step, n, tokens + [fid])
                    if f.rule != "F5"
                ]
                if errs:
                    reasons[fid] = errs[0].message
    return reasons
