"""The character sheet: header, the eight steps' choices, statistics with their damage
boxes, every skill with its rating and Special Dice boxes (each Broad Skill with its two
Narrow Skills, Specialist Skills apart), advantages, feats with short effects, derived
values, equipment, notes, and the in-play tallies as printed boxes and fields.

Every number comes from ``landsraad.character.validate.validate`` (the character engine);
this module only draws it.  In-play tallies the rules use (rulebook L302-L304, L1301):

* damage boxes next to each statistic, one per point: tick one per point of damage
  (Physical: Physique/Prowess, Mental: Intellect/Insight, Social: Command/Charm);
* Complications (a damage bought off as an affliction, once each at a time);
* five Special Dice boxes per skill (box 1-4: that many Expert Dice, box 5: one Master Die):
  the boxes the character has are printed filled, the others are check boxes;
* experience (spent on feats, languages, identities; L2327, L2578).
"""

from __future__ import annotations

from landsraad.character.model import STEPS, TEMPLATE_STEP_IDS, Character
from landsraad.character.build import key_skill_id
from landsraad.character.validate import skill_name, validate
from landsraad.present.findings import counts_text
from landsraad.rules.content import Content
from landsraad.rules.pages import cite
from landsraad.rules.readings import filled_in_parts
from landsraad.sheets import fonts
from landsraad.sheets.layout import (ACCENT, FAINT, INK, LINE, RULE, Flow, Header, SheetCanvas)
from landsraad.slug import slugify

PAIRS = (("physical", "Physical damage", "at 0: incapacitated; both at 0: dead"),
         ("mental", "Mental damage", "at 0: catatonic; both at 0: coma"),
         ("social", "Social damage", "at 0: pliant; both at 0: follows any command"))


def stat_abbrev(stat_id: str) -> str:
    return stat_id[:3].capitalize() if stat_id else ""


def skill_rows(sheet, content: Content) -> list[tuple[str, str, str, int, int, str]]:
    """Every skill as printed: (level "broad"/"narrow"/"specialist"/"group", key, name,
    rating, special dice, statistic), Broad Skills each followed by their Narrow Skills,
    then the Specialist Skills.  Field skills list each field taken (or one blank line)."""
    rows: list[tuple[str, str, str, int, int, str]] = []

    def instances(skill):
        keys = [k for k in sheet.skills if key_skill_id(k) == skill.id and k != skill.id]
        keys += [k for k in sheet.special_dice if key_skill_id(k) == skill.id and k != skill.id
                 and k not in keys]
        out = []
        if skill.id in sheet.skills or skill.id in sheet.special_dice or not keys:
            blank = "" if not skill.field or keys else (
                " (…)" if slugify(skill.field) == skill.id else f" ({skill.field})")
            out.append((skill.id, skill.name + blank))
        out += [(k, skill_name(content, sheet, k)) for k in keys]
        return out

    def add(level, skill):
        for key, name in instances(skill):
            rows.append((level, key, name, sheet.skills.get(key, 0), sheet.special_dice.get(key, 0),
                         skill.statistic))

    for skill in content.skills.values():
        if skill.kind == "broad":
            add("broad", skill)
            for narrow in content.narrows_of(skill.id):
                add("narrow", narrow)
    specialists = [s for s in content.skills.values() if s.kind == "specialist"]
    if specialists:
        rows.append(("group", "", "Specialist Skills", 0, 0, ""))
        for skill in specialists:
            add("specialist", skill)
    # anything the sheet rates that the content does not list (never silently dropped)
    listed = {r[1] for r in rows}
    for key in sheet.skills:
        if key not in listed:
            rows.append(("specialist", key, skill_name(content, sheet, key), sheet.skills[key],
                         sheet.special_dice.get(key, 0), ""))
    return rows


def _token_label(content: Content, choice, token: str) -> str:
    from landsraad.character.build import parse_token
    if choice.kind == "feats":
        feat = content.feats.get(token)
        return feat.name if feat else token
    oid, fld = parse_token(token)
    opt = choice.option(oid)
    label = (opt.label or opt.id) if opt else token
    return f"{label} ({fld})" if fld else label


def _ref_label(content: Content, template, ref: str) -> str:
    """What a template's detail ref names: its grant's skill or advantage ("Knowledge")."""
    for g in template.grants:
        if g.ref == ref:
            entry = content.skills.get(g.id) or content.advantages.get(g.id)
            if entry is not None:
                return entry.name
    return ref


def step_lines(character: Character, sheet, content: Content) -> list[tuple[str, str, str]]:
    """(number, step name, what was chosen) for the eight steps."""
    out = []
    for i, (step, name) in enumerate(STEPS, start=1):
        num = f"{i:02d}"
        if step == "statistics":
            out.append((num, name, "every statistic starts at 1"))
        elif step in TEMPLATE_STEP_IDS:
            tc = character.step(step)
            t = content.template(step, tc.template) if tc.template else None
            if t is None:
                out.append((num, name, tc.template or "not chosen yet"))
                continue
            bits = []
            choices = content.steps[step].choices_of(t)
            for n, answer in sorted(tc.picks.items()):
                if 1 <= n <= len(choices):
                    bits.append(", ".join(_token_label(content, choices[n - 1], tok) for tok in answer))
            for ref, text in tc.details.items():
                if text:
                    bits.append(f"{_ref_label(content, t, ref)}: {text}")
            filled = filled_in_parts(content, step, t, tc.picks)
            if filled:
                # the rulebook lost this text; the sheet says so instead of passing it off as printed
                bits.append("FILLED IN, not printed (the Judge's default): " + "; ".join(filled))
            out.append((num, name, t.name + (" — " + "; ".join(bits) if bits else "")))
        elif step == "extras":
            items = ", ".join(f"{what} ({cost})" for what, cost in sheet.cp_items)
            out.append((num, name, f"{sheet.cp_spent} of {sheet.cp_budget} Character Points"
                        + (f": {items}" if items else "")))
        elif step == "caste":
            caste = content.castes.get(sheet.caste) if sheet.caste else None
            out.append((num, name, f"{caste.name} (rank {caste.rank})" if caste else
                        (f"rank {sheet.caste_rank} from the templates" if sheet.caste_rank else "not fixed yet")))
        else:
            out.append((num, name, "description written" if character.description else "to write"))
    return out


def draw_character(sc: SheetCanvas, character: Character, content: Content) -> str:
    sheet, findings = validate(character, content)
    caste = content.castes.get(sheet.caste) if sheet.caste else None
    prefix = sc.start_sheet(Header("character", "Character", character.name or "unnamed", (
        ("Name", character.name, 3.0),
        ("Player", character.player, 2.0),
        ("House", character.house, 2.0),
        ("Caste", f"{caste.name} ({caste.rank})" if caste else "—", 1.6),
        ("Char. Points", f"{sheet.cp_spent} / {sheet.cp_budget}", 1.1),
    )))

    # ----- statistics (with damage boxes) and the eight steps ---------------------------------
    flow = Flow(sc, 2, widths=(0.85, 1.25))
    flow.section("Statistics", note="damage: tick a box per point (-1 each)")
    stats = list(content.statistics.values())
    for pair, label, rule in PAIRS:
        members = [s for s in stats if s.pair == pair]
        flow.place(10, lambda x, y, w, label=label, rule=rule: (
            sc.text(x + 2, y - 7.5, label.upper(), 6.5, True, FAINT),
            sc.text(x + w - 2, y - 7.5, rule, 6, color=FAINT, align="right")))
        for st in members:
            rating = sheet.statistics.get(st.id, 0)

            def draw_stat(x, y, w, st=st, rating=rating):
                sc.text(x + 4, y - 12, st.name, 10.5, True)
                sc.text(x + 84, y - 12.5, str(rating), 14, True, ACCENT, align="right")
                sc.text(x + 92, y - 11.5, st.style, 6, color=FAINT)
                bx = x + 132
                size, gap = 9, 3
                for k in range(1, max(rating, 1) + 1):
                    sc.checkbox(f"damage-{st.id}-{k}", bx + (k - 1) * (size + gap), y - 14, size,
                                tooltip=f"{st.name} damage {k}")
            flow.place(17, draw_stat)
        flow.space(1)
    flow.space(3)
    flow.para(cite("Each point of damage ticks one box and lowers that statistic by 1; the victim "
                   "chooses how to split it within the pair. Apply Physical damage first, then "
                   "Mental, then Social (L302). All the damage of one attack may instead be taken "
                   "as a Complication (L304)."), 6.5, color=FAINT, indent=2)

    flow.column(1)
    flow.section("The eight steps")
    for num, name, what in step_lines(character, sheet, content):
        lines = _split(what, flow.width - 104, 7.2)

        def draw_step(x, y, w, num=num, name=name, lines=lines):
            sc.text(x + 2, y - 8, num, 7.2, True, ACCENT)
            sc.text(x + 15, y - 8, name, 7.2, True, max_width=86, shrink=6.0)
            for j, line in enumerate(lines):
                sc.text(x + 104, y - 8 - j * 9, line, 7.2)
        flow.place(9 * len(lines) + 2.5, draw_step)
    flow.end(4)

    # ----- derived values and in-play tallies ---------------------------------------------------
    flow = Flow(sc, 3, widths=(1.15, 0.9, 1.25))
    flow.section("Derived values")
    ins = sheet.statistics.get("insight", 0)
    flow.label_value("Initiative", f"{ins} = Insight; ties: Intellect {sheet.statistics.get('intellect', 0)}, "
                     f"then Prowess {sheet.statistics.get('prowess', 0)} ({cite('L257')})", 7.5, label_w=52)
    flow.label_value("Dice pool", cite("Statistic + Skill, at most 10 dice (L129)"), 7.5, label_w=52)
    flow.label_value("Caste", f"{caste.name}, rank {caste.rank}" if caste else "not fixed", 7.5, label_w=52)
    flow.label_value("Points", f"{sheet.cp_spent} of {sheet.cp_budget} Character Points spent", 7.5, label_w=52)
    flow.column(1)
    flow.section("Experience")

    def draw_xp(x, y, w):
        half = (w - 6) / 2
        sc.text(x, y - 6.5, "Unspent", 6.5, color=FAINT)
        sc.text(x + half + 6, y - 6.5, "Total earned", 6.5, color=FAINT)
        sc.textfield("experience-unspent", x, y - 26, half, 17, "", size=10, tooltip="Experience unspent")
        sc.textfield("experience-total", x + half + 6, y - 26, half, 17, "", size=10, tooltip="Experience earned")
    flow.place(30, draw_xp)
    flow.text_field("experience-log", 20, "", label="Spent on", multiline=True, size=7)
    flow.column(2)
    flow.section("Complications", note=cite("once each at a time (L304)"))
    for k in range(1, 4):
        def draw_comp(x, y, w, k=k):
            sc.textfield(f"complication-{k}", x, y - 14, w - 42, 13, "", size=8, tooltip=f"Complication {k}")
            sc.text(x + w - 38, y - 10, "pts", 6, color=FAINT)
            sc.textfield(f"complication-{k}-points", x + w - 26, y - 14, 26, 13, "", size=8,
                         tooltip=f"Complication {k}: points")
        flow.place(16, draw_comp)
    flow.end(4)

    # ----- skills -----------------------------------------------------------------------------
    flow = Flow(sc, 1)
    flow.section("Skills", reserve=60, note=cite("rating, then five Special Dice boxes: "
                           "1-4 boxes = that many Expert Dice, 5 = one Master Die (L241, L1301)"))
    flow.end(0)
    flow = Flow(sc, 3)
    rows = skill_rows(sheet, content)
    special_boxes = content.pack.limits.special_dice_max      # one box per Special Die a skill may have
    # balance the three columns: break before a Broad Skill (or a group) once a column
    # holds its third of the rows, so a Broad Skill stays with its Narrow Skills
    per_column = -(-len(rows) // 3)
    in_column = 0
    for level, key, name, rating, sd, stat in rows:
        if in_column >= per_column and level in ("broad", "group") and flow.col < 2 \
                and flow.ys[flow.col] < flow.top:
            flow.column(flow.col + 1)
            in_column = 0
        in_column += 1
        if level == "group":
            flow.space(2)
            flow.place(11, lambda x, y, w, name=name: (
                sc.text(x + 2, y - 8, name.upper(), 6.8, True, ACCENT),
                _rule(sc, x, y - 10.5, w)))
            continue
        h = 10.4

        def draw_skill(x, y, w, level=level, key=key, name=name, rating=rating, sd=sd, stat=stat):
            indent = 10 if level == "narrow" else 2
            bold = level == "broad"
            box, gap = 6.4, 1.4
            boxes_w = special_boxes * (box + gap) - gap
            rx = x + w - boxes_w - 6
            sc.text(x + indent, y - 7.8, name, 7.6 if bold else 7.3, bold,
                    INK if rating or sd else FAINT, max_width=rx - x - indent - 30, shrink=5.8)
            sc.text(rx - 26, y - 7.8, stat_abbrev(stat), 5.8, color=FAINT)
            sc.text(rx - 4, y - 8.2, str(rating) if rating else "–", 8.4 if rating else 7,
                    bool(rating), ACCENT if rating else FAINT, align="right")
            slug = slugify(key.replace("(", " ").replace(")", " "))
            # boxes the character has are values: printed filled; the others are fields,
            # ticked in play when experience buys them
            sc.boxes(rx, y - 8.6, min(sd, special_boxes), min(sd, special_boxes), size=box, gap=gap)
            for n in range(sd + 1, special_boxes + 1):
                sc.checkbox(f"sd-{slug}-{n}", rx + (n - 1) * (box + gap), y - 8.6, box,
                            tooltip=f"{name}: Special Die box {n}")
            if level == "broad":
                _rule(sc, x, y + 0.6, w, 0.4)
        flow.place(h, draw_skill)
    flow.end(6)

    # ----- advantages and feats ------------------------------------------------------------------
    flow = Flow(sc, 2)
    flow.section("Advantages", reserve=2 * LINE)
    if sheet.advantages:
        for aid, rating in sheet.advantages.items():
            adv = content.advantages.get(aid)
            name = adv.name if adv else aid
            detail = sheet.advantage_details.get(aid, "")
            split_ = character.aspects.get(aid)
            bits = []
            if adv is not None and adv.kind == "aspects" and split_ and len(split_) == len(adv.aspects):
                bits.append(", ".join(f"{a} {v}" for a, v in zip(adv.aspects, split_)))
            if detail:
                bits.append(detail)
            head = f"{name} {rating}" if adv is None or adv.rated else name
            if bits:
                head += f" ({'; '.join(bits)})"
            flow.para(head, 8, bold=True, keep=LINE)
            if adv is not None and adv.effect:
                flow.para(adv.effect, 6.8, color=FAINT, indent=8)
    else:
        flow.para("none", 8, color=FAINT)
    flow.column(1)
    flow.section("Feats", reserve=2 * LINE)
    if sheet.feats:
        by_tree: dict[str, list] = {}
        for fid in sheet.feats:
            tree = content.feat_tree.get(fid)
            by_tree.setdefault(tree.id if tree else "", []).append(fid)
        for tid, fids in by_tree.items():
            tree = content.trees.get(tid)
            if tree is not None:
                skill = content.skills.get(tree.skill)
                where = skill.name if skill else (tree.order or tree.group)
                flow.para(f"{tree.name} ({where})", 7.6, bold=True, color=ACCENT, keep=2 * LINE)
            for fid in sorted(fids, key=lambda f: content.feats[f].level if f in content.feats else 0):
                feat = content.feats.get(fid)
                if feat is None:
                    flow.para(fid, 7.6)
                    continue
                flow.para(f"{feat.level}  {feat.name}: {feat.effect}" if feat.effect else f"{feat.level}  {feat.name}",
                          7.2, indent=6)
    else:
        flow.para("none", 8, color=FAINT)
    flow.end(6)

    # ----- equipment, notes, description, findings ----------------------------------------------
    flow = Flow(sc, 2)
    flow.section("Equipment", reserve=60)
    _original_if_folded(flow, character.equipment)
    flow.text_field("equipment", 70, character.equipment, label="Equipment (pre-filled; write in play)")
    flow.column(1)
    flow.section("Notes", reserve=60)
    _original_if_folded(flow, character.notes)
    flow.text_field("notes", 70, character.notes, label="Notes (pre-filled; write in play)")
    flow.end(4)
    flow = Flow(sc, 1)
    if character.description or character.sex:
        flow.section("Finishing touches (Step 08)", reserve=LINE)
        if character.sex:
            flow.label_value("Sex", character.sex, 7.5, label_w=60)
        if character.description:
            flow.label_value("Description", character.description, 7.5, label_w=60)
        flow.space(4)
    if findings:
        flow.section("Still to settle", reserve=LINE,
                     note=counts_text(findings))
        for f in findings:
            flow.para(f"{f.severity.value}: {f.message}", 7.2)
    flow.end()
    return prefix


def _original_if_folded(flow: Flow, text: str) -> None:
    """A pre-filled field can only hold PDFDocEncoding; print the text as written above it
    when the field had to fold some characters."""
    if text and fonts.field_text(text) != text:
        flow.para(text, 7, color=FAINT)


def _rule(sc: SheetCanvas, x: float, y: float, w: float, width: float = 0.5) -> None:
    sc.c.setStrokeColor(RULE)
    sc.c.setLineWidth(width)
    sc.c.line(x, y, x + w, y)


def _split(text: str, w: float, size: float) -> list[str]:
    from landsraad.sheets.layout import split
    return split(text, w, size)
