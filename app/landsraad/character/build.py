"""Compute a character's sheet from its choices, collecting findings on the way.

``evaluate(character, content)`` walks the eight steps in order: Step 01 sets every
statistic to 1, Steps 02–05 apply each template's fixed grants and the answered
choices, Step 06 applies the Character Point purchases and cash-ins, Step 07 fixes
the caste.  Anything that cannot be applied (an unknown pick, a choice left open)
becomes a Finding; the sheet is still computed from everything that could be.
Checks that look at the finished sheet live in ``landsraad.character.validate``.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict

import attrs

from landsraad.character.model import STEP_NAMES, TEMPLATE_STEP_IDS, Character
from landsraad.findings import Finding, Severity, cited
from landsraad.rules import model as m
from landsraad.rules.content import Content
from landsraad.slug import slugify

BUDGET_RULE = "B1"  # the Character Point budget (spec B1): its findings name it
_TOKEN = re.compile(r"^\s*([^()]+?)\s*(?:\(\s*(.*?)\s*\))?\s*$")


def parse_token(token: str) -> tuple[str, str]:
    """ "knowledge(Imperial History)" -> ("knowledge", "Imperial History"); "observe" -> ("observe", "")."""
    match = _TOKEN.match(token or "")
    if not match:
        return slugify(token or ""), ""
    return slugify(match.group(1)), (match.group(2) or "").strip()


def skill_key(skill_id: str, field: str = "") -> str:
    """The key a skill instance is stored under: "observe", "knowledge(imperial-history)"."""
    return f"{skill_id}({slugify(field)})" if field else skill_id


def key_skill_id(key: str) -> str:
    return key.split("(", 1)[0]


@attrs.define
class Sheet:
    """Everything computed from a character's choices."""

    statistics: dict[str, int]
    skills: dict[str, int] = attrs.Factory(dict)  # skill key -> rating
    skill_fields: dict[str, str] = attrs.Factory(dict)  # skill key -> field as typed
    special_dice: dict[str, int] = attrs.Factory(dict)  # skill key -> boxes
    advantages: dict[str, int] = attrs.Factory(dict)  # id -> rating (fixed: its cost)
    advantage_details: dict[str, str] = attrs.Factory(dict)  # Worldly culture, Preternatural statistic
    advantage_steps: dict[str, str] = attrs.Factory(dict)  # id -> step that first gave it
    feats: dict[str, str] = attrs.Factory(dict)  # feat id -> step that gave it
    licences: set[str] = attrs.Factory(set)  # secret orders open "without further limitation"
    licence_steps: dict[str, str] = attrs.Factory(dict)  # order -> step that opened it (L1299: the VC must)
    feat_copies: Counter = attrs.Factory(Counter)  # per-identity feats: how many identities hold it
    templates: dict[str, str] = attrs.Factory(dict)  # step -> template id
    caste_rank: int = 0  # from the templates (Step 07 default)
    caste: str | None = None  # the caste id fixed at Step 07
    cp_budget: int = 10
    cp_spent: int = 0
    cp_items: list[tuple[str, int]] = attrs.Factory(list)  # (what, cost) for the budget meter
    # where each cp_items entry comes from ("vocational-conditioning.choice.2", "extras.purchase.1",
    # "extras.conversion.1"): Step 06 lists a template's Character Point package beside the purchases
    cp_refs: list[str] = attrs.Factory(list)
    extras_stat_raise: Counter = attrs.Factory(Counter)  # statistic -> points bought in Step 06
    extras_skill_peak: dict[str, tuple[int, int]] = attrs.Factory(dict)  # key -> (rating after purchase, purchase #)
    stacked: dict[str, list[str]] = attrs.Factory(lambda: defaultdict(list))  # key -> steps that raised it
    # key -> what raised it, in order: "step.template" (a fixed grant), "step.choice.n" (a pick),
    # "extras.purchase.i" / "extras.conversion.i"; a finding on a rating points where the player can act
    raised_at: dict[str, list[str]] = attrs.Factory(lambda: defaultdict(list))


class _Builder:
    def __init__(self, character: Character, content: Content):
        self.ch = character
        self.c = content
        lim = content.pack.limits
        self.sheet = Sheet(statistics={s: lim.statistic_start for s in content.statistics}, cp_budget=lim.extras_points)
        self.findings: list[Finding] = []

    # ----- helpers -------------------------------------------------------------
    def find(self, severity: Severity, step: str, rule: str, message: str, field: str | None = None):
        self.findings.append(cited(severity, step, rule, f"{STEP_NAMES[step]}: {message}", field))

    def name_of(self, key: str) -> str:
        sid = key_skill_id(key)
        skill = self.c.skills.get(sid)
        base = skill.name if skill else sid
        fld = self.sheet.skill_fields.get(key)
        return f"{base} ({fld})" if fld else base

    def spend(self, what: str, cost: int, ref: str):
        self.sheet.cp_spent += cost
        self.sheet.cp_items.append((what, cost))
        self.sheet.cp_refs.append(ref)

    # ----- grants --------------------------------------------------------------
    def apply_grant(self, g: m.Grant, step: str, field: str = "", detail: str = "", ref: str = "") -> None:
        s = self.sheet
        ref = ref or f"{step}.template"
        if g.kind == "statistic":
            s.statistics[g.id] += g.amount
            s.stacked[g.id].append(step)
            s.raised_at[g.id].append(ref)
        elif g.kind in ("skill", "special-die"):
            fld = g.field if g.field and g.field != "*" else field
            if not fld and self.c.skills[g.id].field:
                fld = "unnamed"  # a todo says to name it; the rating still counts
            key = skill_key(g.id, fld)
            if fld:
                s.skill_fields.setdefault(key, fld)
            if g.kind == "skill":
                s.skills[key] = s.skills.get(key, 0) + g.amount
                s.stacked[key].append(step)
                s.raised_at[key].append(ref)
            else:
                s.special_dice[key] = s.special_dice.get(key, 0) + g.amount
        elif g.kind == "advantage":
            adv = self.c.advantages[g.id]
            rating = adv.cost_of(g.rating)
            if g.mode == "add":
                s.advantages[g.id] = s.advantages.get(g.id, 0) + rating
            else:
                s.advantages[g.id] = max(s.advantages.get(g.id, 0), rating)
            s.advantage_steps.setdefault(g.id, step)
            det = g.detail if g.detail and g.detail != "*" else detail
            if det:
                s.advantage_details[g.id] = det
            if adv.licence:
                self.open_licence(adv.licence, step)
        elif g.kind == "feat":
            self.gain_feat(g.id, step)
        elif g.kind == "licence":
            self.open_licence(g.order, step)

    def open_licence(self, order: str, step: str) -> None:
        self.sheet.licences.add(order)
        # the Vocational Conditioning's licence counts first (L1299: it must inform you)
        if self.sheet.licence_steps.get(order) != "vocational-conditioning":
            self.sheet.licence_steps[order] = step

    def gain_feat(self, fid: str, step: str) -> None:
        held = self.sheet.feats.get(fid)
        if held is None:
            self.sheet.feats[fid] = step
            self.sheet.feat_copies[fid] = 1
        elif held != step:
            # SILENT: a later template granting a feat already held (BG Adept after BG Teaching)
            self.find(
                Severity.WARNING,
                step,
                "F3",
                f"{self.c.feats[fid].name} is already held from "
                f"{STEP_NAMES[held]}; the grant adds nothing (SILENT: ask the Judge for another).",
                f"feats.{fid}",
            )

    # ----- steps ---------------------------------------------------------------
    def run(self) -> tuple[Sheet, list[Finding]]:
        for step in TEMPLATE_STEP_IDS:
            self.template_step(step)
        self.extras()
        self.caste()
        self.finishing()
        return self.sheet, self.findings

    def template_step(self, step: str) -> None:
        tc = self.ch.step(step)
        st = self.c.steps[step]
        if not tc.template:
            self.find(Severity.TODO, step, "C1", f"choose one of the {len(st.template)} options.", f"{step}.template")
            return
        t = self.c.template(step, tc.template)
        if t is None:
            self.find(Severity.ERROR, step, "C2", f"there is no option {tc.template!r}.", f"{step}.template")
            return
        self.sheet.templates[step] = t.id
        for g in t.grants:
            detail = tc.details.get(g.ref, "") if g.ref else ""
            needs = (g.field == "*") or (g.detail == "*")
            if needs and not detail:
                what = (
                    self.c.skills[g.id].field
                    if g.kind == "skill"
                    else (self.c.advantages[g.id].needs_detail or "detail")
                )
                self.find(
                    Severity.TODO,
                    step,
                    "C7",
                    f"name the {what} of {self._grant_label(g)} ({t.name}).",
                    f"{step}.details.{g.ref}",
                )
            self.apply_grant(
                g, step, field=detail if g.kind == "skill" else "", detail=detail if g.kind == "advantage" else ""
            )
        for label in t.asks:
            if not tc.details.get(label, "").strip():
                self.find(
                    Severity.TODO,
                    step,
                    "R3",
                    f"record the character's {label.lower()} ({t.name}).",
                    f"{step}.details.{label}",
                )
        for n, choice in enumerate(st.choices_of(t), 1):
            answer = tc.picks.get(n, [])
            if choice.kind == "feats":
                self.feat_choice(step, t, n, choice, answer)
            else:
                self.option_choice(step, t, n, choice, answer)
        for n in sorted(set(tc.picks) - set(range(1, len(st.choices_of(t)) + 1))):
            self.find(Severity.ERROR, step, "C3", f"{t.name} has no choice number {n}.", f"{step}.choice.{n}")

    def _grant_label(self, g: m.Grant) -> str:
        table = self.c.skills if g.kind in ("skill", "special-die") else self.c.advantages
        entry = table.get(g.id)
        return entry.name if entry else g.id

    def option_choice(self, step, t: m.Template, n: int, choice: m.Choice, answer: list[str]) -> None:
        field_ref = f"{step}.choice.{n}"
        if not answer:
            if not choice.optional:
                self.find(Severity.TODO, step, "C3", f"{t.name}, choice {n} is open: {_describe(choice)}.", field_ref)
            return
        if choice.optional and len(answer) > choice.count:
            self.find(Severity.ERROR, step, "C3", f"choice {n} takes at most {choice.count}.", field_ref)
            return
        picks = [parse_token(tok) for tok in answer]
        valid: list[tuple[m.Option, str]] = []
        for (oid, fld), raw in zip(picks, answer):
            opt = choice.option(oid)
            if opt is None:
                self.find(
                    Severity.ERROR,
                    step,
                    "C3",
                    f"{raw!r} is not an option of choice {n} ({', '.join(o.id for o in choice.options)}).",
                    field_ref,
                )
                continue
            needs_field = any(g.field == "*" for g in opt.grants)
            if needs_field and not fld:
                what = self.c.skills[next(g.id for g in opt.grants if g.field == "*")].field
                self.find(
                    Severity.TODO,
                    step,
                    "C7",
                    f"name the {what} for {opt.label or opt.id} (choice {n}), e.g. {opt.id}(…).",
                    field_ref,
                )
            if fld and not needs_field:
                self.find(Severity.ERROR, step, "C7", f"{opt.label or opt.id} takes no field (choice {n}).", field_ref)
                continue
            valid.append((opt, fld))
        counts = Counter(o.id for o, _ in valid)
        for oid, k in counts.items():
            if k > choice.max_each:
                limit = "once" if choice.max_each == 1 else f"at most {choice.max_each} times"
                self.find(
                    Severity.ERROR,
                    step,
                    "C4" if step == "vocational-conditioning" else "C5" if step == "house-service" else "C3",
                    f"{getattr(choice.option(oid), 'label', '') or oid} can be picked {limit} in choice {n}; it is picked {k} times.",
                    field_ref,
                )
        if choice.distinct_skills:
            once = {o.id: o for o, _ in valid}.values()  # the same option twice is max_each's business
            targets = Counter(
                sid for o in once for sid in {g.id for g in o.grants if g.kind in ("skill", "special-die")}
            )
            for sid, k in targets.items():
                if k > 1:
                    # the same option twice is refused above (max_each); a skill and its Special Die is what
                    # the content notes leave to the Judge (SILENT, §5.1)
                    self.find(
                        Severity.WARNING,
                        step,
                        "C6",
                        f"choice {n} should take two different skills; "
                        f"{self.c.skills[sid].name} is picked {k} times (a skill and its Special Die): "
                        "the Judge's call (SILENT, §5.1).",
                        field_ref,
                    )
        if choice.distinct_fields:
            seen = Counter((o.id, slugify(f)) for o, f in valid if f)
            for (oid, f), k in seen.items():
                if k > 1:
                    self.find(
                        Severity.ERROR,
                        step,
                        "C8",
                        f"choice {n} needs different fields; {f!r} is picked {k} times.",
                        field_ref,
                    )
        total = len(answer)
        if total < choice.count:
            self.find(
                Severity.TODO,
                step,
                "C3",
                f"{t.name}, choice {n}: {choice.count - total} more to choose ({_describe(choice)}).",
                field_ref,
            )
        elif total > choice.count:
            self.find(Severity.ERROR, step, "C3", f"choice {n} takes {choice.count}; {total} are picked.", field_ref)
        for opt, fld in valid:
            for g in opt.grants:
                self.apply_grant(
                    g,
                    step,
                    field=fld if g.kind in ("skill", "special-die") else "",
                    detail=fld if g.kind == "advantage" else "",
                    ref=field_ref,
                )
            if opt.cost:
                self.spend(opt.label or opt.id, opt.cost, field_ref)

    def feat_choice(self, step, t: m.Template, n: int, choice: m.Choice, answer: list[str]) -> None:
        field_ref = f"{step}.choice.{n}"
        labels = " or ".join(p.label or p.id for p in choice.patterns)
        if not answer:
            self.find(Severity.TODO, step, "F5", f"choose the feats of choice {n}: {labels}.", field_ref)
            return
        by_tree: dict[str, list[int]] = defaultdict(list)
        chosen: list[str] = []
        for tok in answer:
            fid = slugify(tok)
            feat = self.c.feats.get(fid)
            if feat is None:
                self.find(Severity.ERROR, step, "F5", f"{tok!r} is not a feat (choice {n}).", field_ref)
                continue
            tree = self.c.feat_tree[fid]
            if choice.trees and tree.id not in choice.trees:
                self.find(
                    Severity.ERROR,
                    step,
                    "F5",
                    f"{feat.name} ({tree.name}) is not in the feat groups of choice {n}.",
                    field_ref,
                )
                continue
            if fid in chosen:
                self.find(Severity.ERROR, step, "F5", f"{feat.name} is picked twice in choice {n}.", field_ref)
                continue
            chosen.append(fid)
            by_tree[tree.id].append(feat.level)
        shape = sorted(tuple(sorted(v)) for v in by_tree.values())
        fits = [p for p in choice.patterns if sorted(tuple(sorted(s)) for s in p.slots) == shape]
        if not fits and len(chosen) == len(answer):
            growable = [p for p in choice.patterns if _could_grow(shape, [p])]
            if growable:
                needed = min(sum(len(s) for s in p.slots) for p in growable)
                self.find(
                    Severity.TODO,
                    step,
                    "F5",
                    f"{needed - len(chosen)} more feat(s) to choose in choice {n}: {labels}.",
                    field_ref,
                )
            else:
                self.find(
                    Severity.ERROR,
                    step,
                    "F5",
                    f"the feats picked in choice {n} fill none of its options: {labels}.",
                    field_ref,
                )
        for fid in chosen:
            self.gain_feat(fid, step)

    # ----- Step 06 -------------------------------------------------------------
    def extras(self) -> None:
        c, s = self.c, self.sheet
        costs = c.pack.costs
        for i, p in enumerate(self.ch.extras, 1):
            ref = f"extras.purchase.{i}"
            if p.levels < 1:
                self.find(Severity.ERROR, "extras", "B2", f"purchase {i} ({p.id}) must buy at least 1.", ref)
                continue
            if p.kind == "statistic":
                if p.id not in c.statistics:
                    self.find(Severity.ERROR, "extras", "B2", f"there is no statistic {p.id!r}.", ref)
                    continue
                s.statistics[p.id] += p.levels
                s.extras_stat_raise[p.id] += p.levels
                s.raised_at[p.id].append(ref)
                self.spend(f"{c.statistics[p.id].name} +{p.levels}", costs.statistic * p.levels, ref)
            elif p.kind in ("skill", "special-die"):
                skill = c.skills.get(p.id)
                if skill is None:
                    self.find(Severity.ERROR, "extras", "B2", f"there is no skill {p.id!r}.", ref)
                    continue
                if skill.field and not p.field:
                    self.find(
                        Severity.ERROR,
                        "extras",
                        "V-SK-8",
                        f"name the {skill.field} of {skill.name} (purchase {i}).",
                        ref,
                    )
                    continue
                if p.field and not skill.field:
                    self.find(
                        Severity.ERROR,
                        "extras",
                        "V-SK-8",
                        f"{skill.name} takes no field; {p.field!r} is not part of it (purchase {i}).",
                        ref,
                    )
                    continue
                key = skill_key(p.id, p.field)
                if p.field:
                    s.skill_fields.setdefault(key, p.field)
                broad_price = skill.price_class == "broad"
                if p.kind == "skill":
                    s.skills[key] = s.skills.get(key, 0) + p.levels
                    s.stacked[key].append("extras")
                    s.raised_at[key].append(ref)
                    s.extras_skill_peak[key] = (s.skills[key], i)
                    self.spend(
                        f"{self.name_of(key)} +{p.levels}",
                        (costs.broad if broad_price else costs.narrow) * p.levels,
                        ref,
                    )
                else:
                    s.special_dice[key] = s.special_dice.get(key, 0) + p.levels
                    self.spend(
                        f"Special Dice ({self.name_of(key)}) +{p.levels}",
                        (costs.special_die_broad if broad_price else costs.special_die_narrow) * p.levels,
                        ref,
                    )
            elif p.kind == "advantage":
                self.buy_advantage(i, p, ref)
            elif p.kind == "feat":
                feat = c.feats.get(p.id)
                if feat is None:
                    self.find(Severity.ERROR, "extras", "B2", f"there is no feat {p.id!r}.", ref)
                    continue
                if p.id in s.feats and not feat.per_identity:
                    self.find(
                        Severity.ERROR,
                        "extras",
                        "F3",
                        f"{feat.name} is already held ({STEP_NAMES[s.feats[p.id]]}).",
                        ref,
                    )
                    continue
                s.feats.setdefault(p.id, "extras")
                s.feat_copies[p.id] += 1  # a per-identity feat bought again: one more identity (L2327)
                self.spend(f"{feat.name} (level {feat.level})", feat.level if costs.feat == "level" else 1, ref)
        for i, conv in enumerate(self.ch.conversions, 1):
            self.convert(i, conv)
        for aid in s.advantages:
            adv = c.advantages[aid]
            stat = s.advantage_details.get(aid, "")
            if adv.statistic_bonus and stat in s.statistics:
                # an advantage effect, not a Step 06 purchase (character-elements.md A15)
                s.statistics[stat] += adv.statistic_bonus
        if s.cp_spent > s.cp_budget:
            self.find(
                Severity.ERROR,
                "extras",
                BUDGET_RULE,
                f"{s.cp_spent} Character Points spent; you have {s.cp_budget}.",
                "extras.budget",
            )
        elif s.cp_spent < s.cp_budget and self.sheet.templates:
            # the rule: unspent points are lost (reading "unspent-cp"), so the character can be finished
            self.find(
                Severity.WARNING,
                "extras",
                BUDGET_RULE,
                f"{s.cp_budget - s.cp_spent} of {s.cp_budget} Character Points still to spend "
                "(unspent points are lost, L2824).",
                "extras.budget",
            )

    def buy_advantage(self, i: int, p, ref: str) -> None:
        s, adv = self.sheet, self.c.advantages.get(p.id)
        if adv is None:
            self.find(Severity.ERROR, "extras", "V-AD-1", f"there is no advantage {p.id!r}.", ref)
            return
        held = s.advantages.get(p.id, 0)
        if not adv.rated:
            if held:
                self.find(Severity.ERROR, "extras", "V-AD-13", f"{adv.name} is already held.", ref)
                return
            cost = adv.cost_of(p.levels)
            s.advantages[p.id] = cost
            s.advantage_steps.setdefault(p.id, "extras")
        elif adv.kind == "tiered":
            if p.levels not in adv.tiers or p.levels <= held:
                self.find(
                    Severity.ERROR,
                    "extras",
                    "V-AD-6",
                    f"{adv.name} comes at {' or '.join(map(str, adv.tiers))} points"
                    + (f"; you hold {held}" if held else "")
                    + ".",
                    ref,
                )
                return
            cost = p.levels - held
            s.advantages[p.id] = p.levels
            s.advantage_steps.setdefault(p.id, "extras")
        else:
            s.advantage_steps.setdefault(p.id, "extras")
            s.advantages[p.id] = held + p.levels
            cost = p.levels
        if p.detail:
            s.advantage_details[p.id] = p.detail
        if adv.licence:
            self.open_licence(adv.licence, "extras")
        self.spend(f"{adv.name} {s.advantages[p.id] if adv.rated else ''}".strip(), cost, ref)

    def convert(self, i: int, conv) -> None:
        s, c = self.sheet, self.c
        ref = f"extras.conversion.{i}"
        narrow = c.skills.get(key_skill_id(conv.narrow))
        if narrow is None or narrow.kind != "narrow":
            self.find(
                Severity.ERROR,
                "extras",
                "K6",
                f"only a Narrow Skill can be cashed in; {conv.narrow!r} is not one.",
                ref,
            )
            return
        rating = s.skills.get(conv.narrow, 0)
        if rating <= 0:
            self.find(Severity.ERROR, "extras", "K6", f"{narrow.name} cannot be cashed in: you do not have it.", ref)
            return
        if conv.top_up:
            if rating % 2 == 0:
                self.find(
                    Severity.ERROR,
                    "extras",
                    "K6",
                    f"{narrow.name} is {rating}, an even rating: nothing to top up.",
                    ref,
                )
                return
            rating += 1
            self.spend(f"{narrow.name} top-up before cash-in", c.pack.costs.conversion_top_up, ref)
        broad = c.skills[narrow.broad]
        target = broad.id
        if broad.field:
            # Engineering names its field (reading "engineering-field"): the Engineering held, the highest if several
            held = sorted(
                (k for k, r in s.skills.items() if key_skill_id(k) == broad.id and r > 0), key=lambda k: -s.skills[k]
            )
            if not held:
                self.find(
                    Severity.ERROR,
                    "extras",
                    "K6",
                    f"{narrow.name} is cashed into {broad.name}, which names its "
                    f"{broad.field}: hold an {broad.name} ({broad.field}) first (L1969).",
                    ref,
                )
                return
            target = held[0]
        if s.skills.get(target, 0) == 0:
            self.find(
                Severity.WARNING,
                "extras",
                "K6",
                f"{narrow.name} is cashed in without {broad.name}; the rules speak of having both (SILENT, L2827): ask the Judge.",
                ref,
            )
        elif rating % 2:
            self.find(
                Severity.WARNING,
                "extras",
                "K6",
                f"cashing in {narrow.name} {rating} loses half a point; pay 1 Character Point first to keep it (L2827).",
                ref,
            )
        del s.skills[conv.narrow]
        s.skills[target] = s.skills.get(target, 0) + rating // 2
        s.stacked[target].append("extras")
        s.raised_at[target].append(ref)

    # ----- Steps 07–08 ---------------------------------------------------------
    def caste(self) -> None:
        s, c = self.sheet, self.c
        vc = c.template("vocational-conditioning", s.templates.get("vocational-conditioning", ""))
        rank = vc.starting_caste if vc else 0
        for aid in s.advantages:  # Honorarium Familia: at least rank 4 (L1596)
            adv = c.advantages.get(aid)
            if adv is not None:
                rank = max(rank, adv.caste_rank_min)
        s.caste_rank = rank
        by_rank = {k.rank: k for k in c.castes.values()}
        if self.ch.caste is None:
            if rank:
                self.find(
                    Severity.TODO, "caste", "R1", f"fix the caste (the templates give {by_rank[rank].name}).", "caste"
                )
            else:
                self.find(
                    Severity.TODO, "caste", "R1", "fix the caste (choose a Vocational Conditioning first).", "caste"
                )
            return
        chosen = c.castes.get(self.ch.caste)
        if chosen is None:
            self.find(Severity.ERROR, "caste", "R1", f"there is no caste {self.ch.caste!r}.", "caste")
            return
        s.caste = chosen.id
        if not chosen.playable:
            self.find(
                Severity.ERROR,
                "caste",
                "R1",
                f"player characters come only from the highest three castes (L2829); {chosen.name} is not one.",
                "caste",
            )
        elif "honorarium-familia" in s.advantages and chosen.rank < 4:
            self.find(
                Severity.ERROR,
                "caste",
                "R1",
                f"Honorarium Familia makes the caste {by_rank[4].name} (rank 4) if it is lower (L1596); "
                f"{chosen.name} (rank {chosen.rank}) is below it.",
                "caste",
            )
        elif rank and chosen.rank != rank:
            self.find(
                Severity.WARNING,
                "caste",
                "R1",
                f"the templates give {by_rank[rank].name}; {chosen.name} needs the Judge's approval.",
                "caste",
            )

    def finishing(self) -> None:
        if not self.ch.name.strip():
            self.find(Severity.TODO, "finishing-touches", "S8", "give the character a name.", "name")


def _describe(choice: m.Choice) -> str:
    """ "choose two of: +1 Observe, +1 Sinister, …" for a todo message."""
    labels = [o.label or o.id for o in choice.options]
    head = choice.label.rstrip(":").strip()
    head = head[0].lower() + head[1:] if head else f"choose {choice.count}"
    return f"{head}: {', '.join(labels)}" if len(labels) <= 9 else f"{head} ({len(labels)} options)"


def _could_grow(shape, patterns) -> bool:
    """True if the feats chosen so far are a part of some pattern (so more can complete it)."""
    for p in patterns:
        slots = [tuple(sorted(s)) for s in p.slots]
        used = [False] * len(slots)
        ok = True
        for levels in shape:
            for j, slot in enumerate(slots):
                if not used[j] and set(levels) <= set(slot):
                    used[j] = True
                    break
            else:
                ok = False
                break
        if ok:
            return True
    return False


def build(character: Character, content: Content) -> tuple[Sheet, list[Finding]]:
    """The sheet and the findings met while building it."""
    return _Builder(character, content).run()
