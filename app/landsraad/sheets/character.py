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

from landsraad.character.build import key_skill_id
from landsraad.character.model import STEPS, TEMPLATE_STEP_IDS, Character
from landsraad.character.validate import skill_name, validate
from landsraad.present.findings import counts_text
from landsraad.rules.content import Content
from landsraad.rules.pages import cite
from landsraad.rules.readings import filled_in_parts
from landsraad.sheets import fonts
from landsraad.sheets.layout import ACCENT, FAINT, INK, LINE, RULE, Flow, Header, SheetCanvas
from landsraad.slug import slugify

PAIRS = (
    ("physical", "Physical", "one at 0: incapacitated; both: dead"),
    ("mental", "Mental", "one at 0: catatonic; both: coma"),
    ("social", "Social", "one at 0: pliant; both: follows orders"),
)


def stat_abbrev(stat_id: str) -> str:
    return stat_id[:3].capitalize() if stat_id else ""


def skill_rows(sheet, content: Content) -> list[tuple[str, str, str, int, int, str]]:
    """Every skill as printed: (level "broad"/"narrow"/"specialist"/"group", key, name,
    rating, special dice, statistic), Broad Skills each followed by their Narrow Skills,
    then the Specialist Skills.  Field skills list each field taken (or one blank line)."""
    rows: list[tuple[str, str, str, int, int, str]] = []

    def instances(skill):
        keys = [k for k in sheet.skills if key_skill_id(k) == skill.id and k != skill.id]
        keys += [k for k in sheet.special_dice if key_skill_id(k) == skill.id and k != skill.id and k not in keys]
        out = []
        if skill.id in sheet.skills or skill.id in sheet.special_dice or not keys:
            blank = (
                "" if not skill.field or keys else (" (…)" if slugify(skill.field) == skill.id else f" ({skill.field})")
            )
            out.append((skill.id, skill.name + blank))
        out += [(k, skill_name(content, sheet, k)) for k in keys]
        return out

    def add(level, skill):
        for key, name in instances(skill):
            rows.append((level, key, name, sheet.skills.get(key, 0), sheet.special_dice.get(key, 0), skill.statistic))

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
            rows.append(
                (
                    "specialist",
                    key,
                    skill_name(content, sheet, key),
                    sheet.skills[key],
                    sheet.special_dice.get(key, 0),
                    "",
                )
            )
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
            out.append(
                (num, name, f"{sheet.cp_spent} of {sheet.cp_budget} Character Points" + (f": {items}" if items else ""))
            )
        elif step == "caste":
            caste = content.castes.get(sheet.caste) if sheet.caste else None
            out.append(
                (
                    num,
                    name,
                    f"{caste.name} (rank {caste.rank})"
                    if caste
                    else (f"rank {sheet.caste_rank} from the templates" if sheet.caste_rank else "not fixed yet"),
                )
            )
        else:
            out.append((num, name, "description written" if character.description else "to write"))
    return out


# the skills a weapon is used with (rulebook L464, L487, L2110), for the weapons block
COMBAT_SKILLS = (
    "duel",
    "attack",
    "defend",
    "marksmanship",
    "ballistics",
    "projectiles",
    "shield-fighting",
    "swordmanship",
    "weapon-skill",
)
WEAPON_ROWS = 4
POOL_MAX = 10  # never roll more than 10 dice (L129)


def dice_pool(stat_rating: int, skill_rating: int) -> int:
    """Statistic + Skill, at most 10 dice (L129)."""
    return min(stat_rating + skill_rating, POOL_MAX)


def draw_character(sc: SheetCanvas, character: Character, content: Content) -> str:
    sheet, findings = validate(character, content)
    caste = content.castes.get(sheet.caste) if sheet.caste else None
    limits = content.pack.limits
    blank = not character.name
    prefix = sc.start_sheet(
        Header(
            "character",
            "Character",
            character.name or "unnamed",
            (
                ("Name", character.name, 3.0),
                ("Player", character.player, 2.0),
                ("House", character.house, 2.0),
                ("Caste", f"{caste.name} ({caste.rank})" if caste else ("" if blank else "—"), 1.6),
                ("Char. Points", f"{sheet.cp_spent} / {sheet.cp_budget}", 1.1),
            ),
            fill_in=("Name", "Player", "House", "Caste"),
        )
    )

    # ----- statistics (rating fields, damage boxes up to the maximum) and the eight steps ------
    from landsraad.play.condition import held_uses, penalties
    from landsraad.play.evening import rules as condition_rules

    cc = condition_rules(content)
    ticked = character.condition.damage
    flow = Flow(sc, 2, widths=(0.95, 1.2))
    flow.section("Statistics", note="damage: tick a box per point")
    stats = list(content.statistics.values())
    for pair, label, rule in PAIRS:
        members = [s for s in stats if s.pair == pair]
        flow.place(
            10,
            lambda x, y, w, label=label, rule=rule: (
                sc.text(x + 2, y - 7.5, label.upper(), 7, True, FAINT),
                sc.text(
                    x + w - 2,
                    y - 7.5,
                    rule,
                    7,
                    color=FAINT,
                    align="right",
                    max_width=w - fonts.width(label.upper(), 7, True) - 10,
                ),
            ),
        )
        for st in members:
            rating = sheet.statistics.get(st.id, 0)
            top = max(limits.statistic_max, rating)

            hurt = min(ticked.get(st.id, 0), rating)

            def draw_stat(x, y, w, st=st, rating=rating, top=top, hurt=hurt):
                sc.text(x + 4, y - 12, st.name, 10, True, max_width=62)
                sc.textfield(
                    f"{st.id}-rating",
                    x + 68,
                    y - 15.5,
                    20,
                    15,
                    str(rating) if rating else "",
                    size=11,
                    tooltip=f"{st.name} rating",
                )
                sc.text(x + 92, y - 11.5, st.style, 7, color=FAINT)
                size, gap = 9, 3
                bx = x + w - top * (size + gap) - 2
                for k in range(1, top + 1):
                    # boxes past the current rating are dashed: they open when it rises; the
                    # damage taken in play is printed filled (a check box the reader can clear)
                    bxk = bx + (k - 1) * (size + gap)
                    if k <= hurt:  # filled on the page too, for viewers that hide form fields
                        sc.c.setFillColor(INK)
                        sc.c.rect(bxk, y - 14, size, size, stroke=0, fill=1)
                    sc.checkbox(
                        f"damage-{st.id}-{k}",
                        bxk,
                        y - 14,
                        size,
                        checked=k <= hurt,
                        tooltip=f"{st.name} damage {k}",
                        dashed=k > rating,
                    )
                if hurt:
                    sc.text(bx - 4, y - 11.5, f"now {max(rating - hurt, 0)}", 7, True, ACCENT, align="right")

            flow.place(17, draw_stat)
        flow.space(1)
    flow.space(2)
    flow.para(
        cite(
            f"Each point of damage ticks one box and lowers that statistic by 1; the victim "
            f"chooses how to split it within the pair. Physical first, then Mental, then Social "
            f"(L302). Dashed boxes: up to the maximum rating ({limits.statistic_max}), for when "
            f"the rating rises. All the damage of one attack may instead be a Complication (L304)."
        ),
        7,
        color=FAINT,
        indent=2,
        whole=True,
    )
    # the readings of condition.toml the app applies in play (content readings lists them all)
    flow.para(
        cite(
            "Readings: a transfer to Mental moves up to half the points, the total unchanged (L402); "
            "a Complication already held means boxes (L304); rest heals 7 days a box, each kind at "
            "once, then Complications, 7 days a level (L393, L396)."
        ),
        7,
        color=FAINT,
        indent=2,
        whole=True,
    )

    flow.column(1)
    flow.section("The eight steps")
    for num, name, what in step_lines(character, sheet, content):
        names = _split(name, 78, 7)
        lines = _split(what, flow.width - 100, 7)

        def draw_step(x, y, w, num=num, names=names, lines=lines):
            sc.text(x + 2, y - 8, num, 7, True, ACCENT)
            for j, part in enumerate(names):
                sc.text(x + 15, y - 8 - j * 8.6, part, 7, True)
            for j, line in enumerate(lines):
                sc.text(x + 98, y - 8 - j * 8.6, line, 7)

        flow.place(8.6 * max(len(lines), len(names)) + 2.5, draw_step)
    flow.end(4)

    # ----- skills: rating field, dice pool, Special Dice ----------------------------------------
    sc.need(80)
    flow = Flow(sc, 1)
    flow.section(
        "Skills",
        note=cite(
            "pool = Statistic + Skill, at most 10 dice (L129); Special Dice: "
            "boxes 1-4 = that many Expert Dice, 5 = one Master Die (L241, L1301)"
        ),
    )
    flow.end(0)
    flow = Flow(sc, 3)
    rows = skill_rows(sheet, content) + blank_skill_rows(sheet, content)
    rows = _ordered(rows)
    boxes = content.pack.limits.special_dice_max  # one box per Special Die a skill may have
    heights = [_skill_height(r, flow.widths[0], boxes) for r in rows]
    # balance the three columns: break before a Broad Skill (or a group) once a column
    # holds its third of the height, so a Broad Skill stays with its Narrow Skills
    per_column = sum(heights) / 3
    in_column = 0.0
    for row, h in zip(rows, heights):
        level, key, name, rating, sd, stat = row
        if in_column >= per_column and level in ("broad", "group") and flow.col < 2 and flow.ys[flow.col] < flow.top:
            flow.column(flow.col + 1)
            in_column = 0
        in_column += h
        if level == "group":
            flow.place(
                h,
                lambda x, y, w, name=name: (
                    sc.text(x + 2, y - 9, name.upper(), 7, True, ACCENT),
                    _rule(sc, x, y - 11.5, w),
                ),
            )
            continue
        if level == "column-head":
            continue
        flow.place(h, lambda x, y, w, row=row: _draw_skill(sc, x, y, w, row, sheet, boxes))
    flow.end(4)

    # ----- weapons, armour and shield --------------------------------------------------------
    sc.need(150)
    flow = Flow(sc, 1)
    flow.section("Weapons, armour and shield", note="pool: the skill's Statistic + Skill, at most 10")
    _weapons(flow, sc, sheet, content)
    flow.para(
        cite(
            "Size: Personal = Low Velocity (LV), +0 Width; Medium = High Velocity (HV), +1 Width of "
            "damaging sets; Large = HV, +2 Width, added after any defence (L487). A lasgun's direct "
            "hit kills (L489)."
        ),
        7,
        color=FAINT,
        indent=2,
        whole=True,
    )
    flow.end(4)
    sc.need(70)
    flow = Flow(sc, 2)
    flow.section("Armour", note=cite("Armour Rating reduces Physical damage 1 for 1 (L421)"))
    flow.place(20, lambda x, y, w: _armour(sc, x, y, w))
    flow.column(1)
    flow.section("Holtzman shield", note=cite("never with armour (L446)"))
    flow.place(20, lambda x, y, w: _shield(sc, x, y, w))
    flow.end(2)
    flow = Flow(sc, 1)
    flow.para(
        cite(
            "Shield: an active field stops every High Velocity attack; a Low Velocity attack gets "
            "through only as a Slow Attack, at -2d. It holds its charge for about 10 minutes: tick a "
            "box per minute used (L446)."
        ),
        7,
        color=FAINT,
        indent=2,
        whole=True,
    )
    flow.end(4)

    # ----- equipment and notes (fields keep what was typed, in any script), beside the weapons,
    # and never last: no page holds only them ---------------------------------------------------
    flow = Flow(sc, 2)
    flow.section("Equipment")
    flow.text_field("equipment", 70, character.equipment, label="Equipment (pre-filled; write in play)")
    flow.column(1)
    flow.section("Notes")
    flow.text_field("notes", 70, character.notes, label="Notes (pre-filled; write in play)")
    flow.end(4)
    # ----- derived values and in-play tallies ---------------------------------------------------
    flow = Flow(sc, 3, widths=(1.15, 0.9, 1.25))
    flow.section("Derived values")
    ins = sheet.statistics.get("insight", 0)
    flow.label_value(
        "Initiative",
        f"{ins} = Insight; ties: Intellect {sheet.statistics.get('intellect', 0)}, "
        f"then Prowess {sheet.statistics.get('prowess', 0)} ({cite('L257')})",
        7.5,
        label_w=52,
    )
    flow.label_value("Dice pool", cite("Statistic + Skill, at most 10 dice (L129)"), 7.5, label_w=52)
    flow.label_value("Caste", f"{caste.name}, rank {caste.rank}" if caste else "not fixed", 7.5, label_w=52)
    flow.label_value("Points", f"{sheet.cp_spent} of {sheet.cp_budget} Character Points spent", 7.5, label_w=52)
    flow.column(1)
    flow.section("Experience")

    def draw_xp(x, y, w):
        half = (w - 6) / 2
        sc.text(x, y - 7, "Unspent", 7, color=FAINT)
        sc.text(x + half + 6, y - 7, "Total earned", 7, color=FAINT)
        sc.textfield("experience-unspent", x, y - 26, half, 17, "", size=10, tooltip="Experience unspent")
        sc.textfield("experience-total", x + half + 6, y - 26, half, 17, "", size=10, tooltip="Experience earned")

    flow.place(30, draw_xp)
    flow.text_field("experience-log", 20, "", label="Spent on", multiline=True, size=7)
    flow.column(2)
    flow.section("Complications", note=cite("once each at a time (L304)"))
    held = [(cc.complication(h.id), h) for h in character.condition.complications]
    for k in range(1, max(4, len(held) + 1)):
        comp, h = held[k - 1] if k <= len(held) else (None, None)
        name = (comp.name + (f" ({h.detail})" if h.detail else "")) if comp and h else ""
        left = str(comp.points - h.levels_healed) if comp and h else ""

        def draw_comp(x, y, w, k=k, name=name, left=left):
            sc.textfield(f"complication-{k}", x, y - 14, w - 42, 13, name, size=8, tooltip=f"Complication {k}")
            sc.text(x + w - 39, y - 10, "pts", 7, color=FAINT)
            sc.textfield(
                f"complication-{k}-points",
                x + w - 26,
                y - 14,
                26,
                13,
                left,
                size=8,
                tooltip=f"Complication {k}: points (weeks) left to heal",
            )

        flow.place(16, draw_comp)
    flow.end(4)
    _in_play(sc, character, sheet, content, cc, held_uses, penalties)

    flow = Flow(sc, 1)
    flow.section(
        "Special Dice bonuses in play",
        note=cite("from advantages and feats; each point past 5 protects: cancels -1 Height or -1d (L247, L250)"),
    )

    def draw_bonus(x, y, w):
        col = (w - 12) / 3
        for k in range(3):
            bx = x + k * (col + 6)
            sc.textfield(
                f"special-bonus-{k + 1}",
                bx,
                y - 14,
                col - 34,
                13,
                "",
                size=8,
                tooltip=f"Special Dice bonus {k + 1}: skill and source",
            )
            sc.text(bx + col - 31, y - 10, "+SD", 7, color=FAINT)
            sc.textfield(
                f"special-bonus-{k + 1}-dice",
                bx + col - 16,
                y - 14,
                16,
                13,
                "",
                size=8,
                tooltip=f"Special Dice bonus {k + 1}: dice",
            )

    flow.place(17, draw_bonus)
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
                flow.para(adv.effect, 7, color=FAINT, indent=8)
    else:  # none yet: room to write them in
        flow.text_field("advantages", 60, "", label="none yet: write them in as they are gained")
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
                flow.para(
                    f"{feat.level}  {feat.name}: {feat.effect}" if feat.effect else f"{feat.level}  {feat.name}",
                    7.2,
                    indent=6,
                )
    else:
        flow.text_field("feats", 60, "", label="none yet: write them in as they are gained")
    flow.end(6)

    # ----- assets (Dune conflict pack) ---------------------------------------------------------
    from landsraad.sheets.assets import draw_assets

    draw_assets(sc, getattr(character, "assets", ()))
    flow = Flow(sc, 1)
    if character.description or character.sex:
        flow.section("Finishing touches (Step 08)", reserve=LINE)
        if character.sex:
            flow.label_value("Sex", character.sex, 7.5, label_w=60)
        if character.description:
            flow.label_value("Description", character.description, 7.5, label_w=60)
        flow.space(4)
    if findings and not blank:
        flow.section("Still to settle", reserve=LINE, note=counts_text(findings))
        for f in findings:
            flow.para(f"{f.severity.value}: {f.message}", 7.2)
    flow.end()
    return prefix


def blank_skill_rows(sheet, content: Content) -> list[tuple[str, str, str, int, int, str]]:
    """Empty lines to write in further fields of a repeatable skill (Knowledge, Language,
    Weapon Skill…: L2103, L2569): three lines in all for a free field, two for one with a
    fixed list, always at least one empty."""
    out = []
    for skill in content.skills.values():
        if not (skill.repeatable and skill.field):
            continue
        taken = sum(
            1 for k in set(sheet.skills) | set(sheet.special_dice) if key_skill_id(k) == skill.id and k != skill.id
        )
        want = max(taken + 1, 2 if skill.field_options else 3)
        for n in range(1, want - max(taken, 1) + 1):
            out.append(("blank", f"{skill.id}-more-{n}", skill.name, 0, 0, skill.statistic))
    return out


def _ordered(rows):
    """Each blank line right after the last row of its skill."""
    blanks = [r for r in rows if r[0] == "blank"]
    out = [r for r in rows if r[0] != "blank"]
    for b in blanks:
        sid = b[1].split("-more-")[0]
        at = max(
            (
                i
                for i, r in enumerate(out)
                if r[1] == sid or key_skill_id(r[1]) == sid or (r[0] == "blank" and r[1].startswith(sid + "-more-"))
            ),
            default=len(out) - 1,
        )
        out.insert(at + 1, b)
    return out


_SKILL_H = 10.4
_SD_BOX, _SD_GAP = 6.2, 1.3


def _skill_geometry(w: float, boxes: int) -> tuple[float, float]:
    """(x of the Special Dice boxes, width left for the name) in a column of width w."""
    boxes_w = boxes * (_SD_BOX + _SD_GAP) - _SD_GAP
    rx = w - boxes_w - 2
    return rx, rx - 52


def _skill_height(row, w: float, boxes: int) -> float:
    level, _, name, *_ = row
    if level == "group":
        return 14
    indent = 10 if level == "narrow" else 2
    _, name_w = _skill_geometry(w, boxes)
    lines = len(_split(name, name_w - indent, 7.3, level == "broad"))
    return _SKILL_H + 8.2 * (min(lines, 2) - 1)


def _draw_skill(sc: SheetCanvas, x: float, y: float, w: float, row, sheet, boxes: int) -> None:
    level, key, name, rating, sd, stat = row
    indent = 10 if level in ("narrow", "blank") else 2
    bold = level == "broad"
    rx, name_w = _skill_geometry(w, boxes)
    rx += x
    slug = slugify(key.replace("(", " ").replace(")", " "))
    if level == "blank":
        label = f"{name} ("
        sc.text(x + indent, y - 7.8, label, 7, color=FAINT)
        lw = fonts.width(label, 7) + 1
        sc.textfield(
            f"skill-{slug}-field",
            x + indent + lw,
            y - 9.4,
            name_w - indent - lw - 4,
            9.4,
            "",
            size=7,
            tooltip=f"{name}: which one",
        )
    else:
        lines = _split(name, name_w - indent, 7.3, bold)
        if len(lines) > 2:
            lines = [lines[0], clip_line(" ".join(lines[1:]), name_w - indent, 7.3, bold)]
        for j, line in enumerate(lines):
            sc.text(x + indent, y - 7.8 - j * 8.2, line, 7.3, bold, INK if rating or sd else FAINT)
    stat_rating = sheet.statistics.get(stat, 0)
    sc.text(rx - 50, y - 7.8, stat_abbrev(stat), 7, color=FAINT)
    sc.textfield(
        f"skill-{slug}-rating",
        rx - 31,
        y - 9.4,
        13,
        9.4,
        str(rating) if rating else "",
        size=7.5,
        tooltip=f"{name}: rating",
    )
    pool = str(dice_pool(stat_rating, rating)) if rating else "–"
    sc.text(rx - 4, y - 8, pool, 8 if rating else 7, bool(rating), ACCENT if rating else FAINT, align="right")
    # boxes the character has are values: printed filled; the others are check boxes,
    # ticked in play when experience buys them
    sc.boxes(rx, y - 8.6, min(sd, boxes), min(sd, boxes), size=_SD_BOX, gap=_SD_GAP)
    for n in range(sd + 1, boxes + 1):
        sc.checkbox(
            f"sd-{slug}-{n}",
            rx + (n - 1) * (_SD_BOX + _SD_GAP),
            y - 8.6,
            _SD_BOX,
            tooltip=f"{name}: Special Die box {n}",
        )
    if level == "broad":
        _rule(sc, x, y + 0.6, w, 0.4)


def _weapons(flow: Flow, sc: SheetCanvas, sheet, content: Content) -> None:
    """Rows of fields: weapon, size, velocity, Width bonus, the skill used and its dice pool,
    pre-filled with the character's combat skills (Prowess for Weapon Skill and
    Swordmanship, L464, L2110)."""
    combat = [
        (k, skill_name(content, sheet, k), r) for k, r in sheet.skills.items() if r and key_skill_id(k) in COMBAT_SKILLS
    ]
    cols = (
        ("Weapon", 3.0),
        ("Size (P/M/L)", 1.1),
        ("LV / HV", 0.8),
        ("+Width", 0.7),
        ("Skill used", 2.6),
        ("Dice pool", 1.6),
    )
    total = sum(c[1] for c in cols)

    def geometry(w):
        out, cx = [], 0.0
        for _, weight in cols:
            out.append((cx, w * weight / total))
            cx += w * weight / total
        return out

    flow.place(
        10,
        lambda x, y, w: [
            sc.text(x + cx + 2, y - 7, title, 7, True, FAINT) for (title, _), (cx, _) in zip(cols, geometry(w))
        ],
    )
    for n in range(max(WEAPON_ROWS, len(combat))):
        skill, pool = "", ""
        if n < len(combat):
            key, name, rating = combat[n]
            sk = content.skills.get(key_skill_id(key))
            stat = sk.statistic if sk else ""
            skill = name
            pool = (
                f"{stat_abbrev(stat)} {sheet.statistics.get(stat, 0)} + {rating} = "
                f"{dice_pool(sheet.statistics.get(stat, 0), rating)}"
            )

        def draw_row(x, y, w, n=n, skill=skill, pool=pool):
            values = ("", "", "", "", skill, pool)
            for (title, _), (cx, cw), value in zip(cols, geometry(w), values):
                sc.textfield(
                    f"weapon-{n + 1}-{slugify(title)}",
                    x + cx + 1,
                    y - 13,
                    cw - 3,
                    12.5,
                    value,
                    size=7.5,
                    tooltip=f"Weapon {n + 1}: {title}",
                )

        flow.place(15, draw_row)


def _armour(sc: SheetCanvas, x: float, y: float, w: float) -> None:
    sc.textfield("armour", x, y - 15, w - 170, 14, "", size=8, tooltip="Armour worn")
    bx = x + w - 164
    for k, label in enumerate(("1 Light", "2 Medium", "3 Heavy")):
        sc.checkbox(f"armour-rating-{k + 1}", bx, y - 13, 9, tooltip=f"Armour Rating {label}")
        sc.text(bx + 12, y - 11, label, 7)
        bx += 54


def _shield(sc: SheetCanvas, x: float, y: float, w: float) -> None:
    sc.text(x, y - 11, "charge", 7, color=FAINT)
    size, gap = 9, 2.5
    bx = x + 28
    for k in range(1, 11):
        sc.checkbox(
            f"shield-charge-{k}", bx + (k - 1) * (size + gap), y - 13, size, tooltip=f"Shield charge: minute {k}"
        )
    sc.text(bx + 10 * (size + gap) + 2, y - 11, "min", 7, color=FAINT)
    sc.checkbox("shield-active", x + w - 9, y - 13, 9, tooltip="Shield active")
    sc.text(x + w - 12, y - 11, "active", 7, color=FAINT, align="right")


def clip_line(text: str, w: float, size: float, bold: bool = False) -> str:
    from landsraad.sheets.layout import clip

    return clip(text, w, size, bold)


def _in_play(sc: SheetCanvas, character: Character, sheet, content: Content, cc, held_uses, penalties) -> None:
    """The limited uses the character has (a box per use, the spent ones filled) and the
    penalties its Complications and setbacks give, as they stand."""
    names = {k: a.name for k, a in content.advantages.items()}
    names.update({k: f.name for k, f in content.feats.items()})
    uses = held_uses(character, sheet.feats, sheet.advantages, cc, names)
    pens = penalties(character.condition, cc)
    if not uses and not pens:
        return
    flow = Flow(sc, 2)
    flow.section("Limited uses", note="a box per use; reset at the period's end")
    for row in uses:

        def draw_use(x, y, w, row=row):
            size, gap = 9, 3  # the damage boxes' look: a spent use prints filled
            n = row.times
            sc.text(x + 2, y - 8, row.name, 7.5, True, max_width=w * 0.38)
            sc.text(
                x + w * 0.4,
                y - 8,
                cite(f"a {row.use.per} ({row.use.line})"),
                7,
                color=FAINT,
                max_width=w * 0.6 - n * (size + gap) - 4,
            )
            for k in range(1, n + 1):
                bx = x + w - (n - k + 1) * (size + gap)
                if k <= row.spent:
                    sc.c.setFillColor(INK)
                    sc.c.rect(bx, y - 10, size, size, stroke=0, fill=1)
                sc.checkbox(
                    f"use-{row.use.id}-{k}",
                    bx,
                    y - 10,
                    size,
                    checked=k <= row.spent,
                    tooltip=f"{row.name}: use {k} this {row.use.per}",
                )

        flow.place(12, draw_use)
    flow.column(1)
    flow.section("Penalties in play", note="from Complications and setbacks")
    for p in pens:
        what = ", ".join(t for t in (f"-{p.height} Height" if p.height else "", f"-{p.dice}d" if p.dice else "") if t)
        flow.para(cite(f"{p.source}: {what} on {p.scope} ({p.line})"), 7, indent=2)
    if not pens:
        flow.para("None.", 7, color=FAINT, indent=2)
    flow.end(4)


def _rule(sc: SheetCanvas, x: float, y: float, w: float, width: float = 0.5) -> None:
    sc.c.setStrokeColor(RULE)
    sc.c.setLineWidth(width)
    sc.c.line(x, y, x + w, y)


def _split(text: str, w: float, size: float, bold: bool = False) -> list[str]:
    from landsraad.sheets.layout import split

    return split(text, w, size, bold)


# ----- the kind's printing (landsraad.character.kind names these) ---------------------------
def character_pdf(character: Character, content: Content, out, paper: str = "a4", **_opts) -> None:
    from landsraad.sheets import export_character

    export_character(character, content, out, paper)


def draw_in_session(sc: SheetCanvas, character: Character, content: Content, _session) -> None:
    draw_character(sc, character, content)
