"""The character's evening, as named edits: damage taken, healing, uses spent and reset, rolls.

Each edit takes the ``Character`` first, changes it in place and adds a line to its log
(``Character.log``), so an undo in the window takes the line back with the change.  The
window runs them inside one undo step (``doc.edit("Take 3 Physical Damage", take_damage,
content, physical=3)``), the command line (``character damage|heal|use``) and the tests call
them directly.  What cannot be recorded at all (a transfer above what the rules allow, a use
the character does not have or has spent) raises ChoiceError; the rules' own numbers come from
``condition.toml``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import attrs

from landsraad.character.build import build
from landsraad.character.model import Character, Clock, HeldComplication, HeldSetback, PlayEntry
from landsraad.dice import now_iso
from landsraad.errors import ChoiceError
from landsraad.play.condition import transfer_limit
from landsraad.play.condition_content import ConditionContent, load_condition_content
from landsraad.rules.content import Content
from landsraad.rules.pages import cite

COMPLICATION = "complication"  # the key of a cut that goes to the Complication healing now


def rules(content: Content) -> ConditionContent:
    return load_condition_content(content.directory)


def _log(ch: Character, what: str, text: str, when: str | None = None, **kw) -> None:
    ch.log.append(PlayEntry(what=what, text=text, when=when or now_iso(), **kw))


def _stat_name(content: Content, stat: str) -> str:
    s = content.statistics.get(stat)
    return s.name if s is not None else stat


@attrs.frozen
class DamageResult:
    """What one ``take_damage`` did, kind by kind, in the order applied (DM4)."""

    points: dict[str, int]  # kind -> points after armour and the transfer
    boxes: dict[str, int]  # statistic -> boxes ticked now
    complications: tuple[str, ...]  # Complication ids taken
    refused: tuple[str, ...]  # Complications already held: boxes instead (A13)
    lost: int  # points with no box left (S11)
    text: str


def take_damage(
    ch: Character,
    content: Content,
    physical: int = 0,
    mental: int = 0,
    social: int = 0,
    transfer: int = 0,
    armour: int = 0,
    on: Mapping[str, int] | None = None,
    complication: Iterable[str] = (),
    detail: str = "",
    when: str | None = None,
) -> DamageResult:
    """Damage received, in the order of S13: Armour Rating off Physical Damage (L421), up to
    ``transfer`` points moved to Mental Damage (L402, A11: one per 2 points of Physical or
    Social, Physical first), then Physical, Mental, Social (L302).  A kind named in
    ``complication`` becomes the Complication of as many points (L304, all or nothing;
    already held: boxes instead, A13); otherwise each point ticks a box of the kind's
    statistics: ``on`` gives the victim's split (statistic -> points), else each point goes
    on the statistic with the most boxes left.  Points with no box left are lost (S11)."""
    cc = rules(content)
    for n, label in (
        (physical, "physical"),
        (mental, "mental"),
        (social, "social"),
        (transfer, "transfer"),
        (armour, "armour"),
    ):
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ChoiceError(f"{label} damage is a whole number of 0 or more, not {n!r}")
    points = {"physical": physical, "mental": mental, "social": social}
    for kid in cc.damage.armour_kinds:
        points[kid] = max(points.get(kid, 0) - armour, 0)
    limit = transfer_limit(cc, points)
    if transfer > limit:
        raise ChoiceError(
            f"at most {limit} point(s) may move to Mental Damage "
            f"(one for every {cc.damage.transfer_per} Physical or Social, {cite('L402')}), not {transfer}"
        )
    left = transfer
    for kid in cc.damage.transfer_from:
        moved = min(left, points.get(kid, 0) // cc.damage.transfer_per)
        points[kid] -= moved
        points[cc.damage.transfer_to] = points.get(cc.damage.transfer_to, 0) + moved
        left -= moved
    as_complication = set(complication)
    for kid in as_complication:
        if kid not in {k.id for k in cc.kinds}:
            raise ChoiceError(f"{kid!r} is not a kind of damage (physical, mental, social)")
    split = dict(on or {})
    for stat in split:
        try:
            cc.kind_of_statistic(stat)
        except KeyError:
            raise ChoiceError(f"{stat!r} is not a statistic damage can go on") from None
    stats, _ = build(ch, content)
    taken: list[str] = []
    refused: list[str] = []
    lost = 0
    words: list[str] = []
    for kid in cc.damage.order:
        n = points.get(kid, 0)
        if n <= 0:
            continue
        kind = cc.kind(kid)
        if kid in as_complication:
            comp = cc.complication_for(kid, n)
            if any(h.id == comp.id for h in ch.condition.complications):
                refused.append(comp.id)
            else:
                ch.condition.complications.append(HeldComplication(comp.id, detail))
                taken.append(comp.id)
                words.append(f"{n} {kind.short} as {comp.name}" + (f" ({detail})" if detail else ""))
                continue
        mine = {s: split[s] for s in kind.statistics if s in split}
        if mine and sum(mine.values()) != n:
            raise ChoiceError(
                f"the split of {kind.name} Damage puts {sum(mine.values())} point(s) "
                f"on {', '.join(mine)}, not the {n} taken"
            )
        placed: dict[str, int] = {}
        for _ in range(n):
            room = {s: stats.statistics.get(s, 0) - ch.condition.damage.get(s, 0) for s in kind.statistics}
            if mine:
                want = [s for s in kind.statistics if mine.get(s, 0) > placed.get(s, 0) and room[s] > 0]
                if not want:
                    lost += 1
                    continue
                stat = want[0]
            else:
                open_ = [s for s in kind.statistics if room[s] > 0]
                if not open_:
                    lost += 1
                    continue
                stat = max(open_, key=lambda s: (room[s], -kind.statistics.index(s)))
            ch.condition.damage[stat] = ch.condition.damage.get(stat, 0) + 1
            placed[stat] = placed.get(stat, 0) + 1
        if placed:
            words.append(
                f"{sum(placed.values())} {kind.short} on "
                + ", ".join(f"{_stat_name(content, s)} {k}" for s, k in placed.items())
            )
    if refused:
        words.append("already held, so boxes: " + ", ".join(cc.complication(c).name for c in refused))
    if lost:
        words.append(f"{lost} lost (no box left)")
    extra = []
    if armour:
        extra.append(f"armour {armour}")
    if transfer:
        extra.append(f"{transfer} moved to Mental")
    text = "Took " + ("; ".join(words) if words else "no damage") + (f" ({', '.join(extra)})" if extra else "")
    _log(ch, "damage", text, when)
    return DamageResult(points, dict(ch.condition.damage), tuple(taken), tuple(refused), lost, text)


def set_boxes(ch: Character, content: Content, statistic: str, ticked: int, when: str | None = None) -> None:
    """Tick exactly ``ticked`` boxes of a statistic (a click on the Condition panel's boxes)."""
    cc = rules(content)
    try:
        cc.kind_of_statistic(statistic)
    except KeyError:
        raise ChoiceError(f"{statistic!r} is not a statistic damage can go on") from None
    stats, _ = build(ch, content)
    ticked = max(0, min(ticked, stats.statistics.get(statistic, 0)))
    before = ch.condition.damage.get(statistic, 0)
    if ticked == before:
        return
    if ticked:
        ch.condition.damage[statistic] = ticked
    else:
        ch.condition.damage.pop(statistic, None)
    verb = "Ticked" if ticked > before else "Cleared"
    _log(
        ch,
        "damage" if ticked > before else "heal",
        f"{verb} {abs(ticked - before)} box(es) of {_stat_name(content, statistic)} ({ticked} ticked)",
        when,
    )


def take_complication(
    ch: Character, content: Content, complication_id: str, detail: str = "", when: str | None = None
) -> None:
    """A Complication named directly (the Judge's call, or bought off at the table)."""
    cc = rules(content)
    try:
        comp = cc.complication(complication_id)
    except KeyError:
        raise ChoiceError(f"unknown Complication {complication_id!r}") from None
    if any(h.id == comp.id for h in ch.condition.complications):
        raise ChoiceError(f"{comp.name} is already held: damage goes on boxes ({cite('L304')})")
    ch.condition.complications.append(HeldComplication(comp.id, detail))
    _log(ch, "damage", f"Took {comp.name}" + (f" ({detail})" if detail else ""), when)


def remove_complication(ch: Character, content: Content, index: int, when: str | None = None) -> None:
    """The Judge ends a Complication (counseling, a treatment): it is gone."""
    held = ch.condition.complications.pop(index)
    name = rules(content).complication(held.id).name
    _log(ch, "heal", f"{name} ended", when)


@attrs.frozen
class HealResult:
    days: int
    healed: tuple[str, ...]  # statistics whose box healed, one per box, in order
    ended: tuple[str, ...]  # Complications healed
    text: str


def heal(
    ch: Character,
    content: Content,
    days: int,
    cuts: Mapping[str, int] | None = None,
    first: str = "",
    when: str | None = None,
) -> HealResult:
    """``days`` days of rest (L393-L396, DEFAULTs of dice-and-play.md §2.7): each damage kind
    heals one box at a time, 7 days a box, in parallel; once every box is healed the
    Complications heal one after another, 7 days a level.  ``cuts`` (kind or "complication" ->
    Width): a physician's medicine roll, therapy or a social campaign that day, cutting that
    many days off the box (or level) healing now, at least 1 day each, the surplus lost.  The
    box that heals is the victim's choice: ``first`` (a statistic), else the lowest now."""
    if isinstance(days, bool) or not isinstance(days, int) or not 1 <= days <= 10_000:
        raise ChoiceError(f"days of rest are 1 to 10000, not {days!r}")
    cc = rules(content)
    kinds = {k.id for k in cc.kinds}
    cuts = dict(cuts or {})
    for key, width in cuts.items():
        if key not in kinds and key != COMPLICATION:
            raise ChoiceError(f"a cut goes to physical, mental, social or complication, not {key!r}")
        if isinstance(width, bool) or not isinstance(width, int) or width < 0:
            raise ChoiceError(f"a cut is the roll's Width, 0 or more, not {width!r}")
    stats, _ = build(ch, content)
    cond = ch.condition
    per_box, per_level, least = cc.healing.days_per_box, cc.healing.days_per_level, cc.healing.least_days
    healed: list[str] = []
    ended: list[str] = []

    def ticked(stat: str) -> int:
        return min(cond.damage.get(stat, 0), stats.statistics.get(stat, 0))

    for day in range(1, days + 1):
        hurt = [k for k in cc.kinds if any(ticked(s) for s in k.statistics)]
        for kind in hurt:
            clock = cond.healing.setdefault(kind.id, Clock())
            if day == 1:
                clock.cut += cuts.get(kind.id, 0)
            clock.days += 1
            if clock.days >= least and clock.days + clock.cut >= per_box:
                now = {s: stats.statistics.get(s, 0) - ticked(s) for s in kind.statistics if ticked(s)}
                stat = first if first in now else min(now, key=lambda s: (now[s], kind.statistics.index(s)))
                cond.damage[stat] = ticked(stat) - 1
                if not cond.damage[stat]:
                    del cond.damage[stat]
                del cond.healing[kind.id]
                healed.append(stat)
        if not hurt and cond.complications:  # HE5: only once every box is healed
            held = cond.complications[0]
            comp = cc.complication(held.id)
            if day == 1:
                held.clock.cut += cuts.get(COMPLICATION, 0)
            held.clock.days += 1
            if held.clock.days >= least and held.clock.days + held.clock.cut >= per_level:
                held.levels_healed += 1
                held.clock = Clock()
                if held.levels_healed >= comp.points:
                    cond.complications.pop(0)
                    ended.append(comp.id)
        for sb in list(cond.setbacks):
            sb.days_left -= 1
            if sb.days_left <= 0:
                cond.setbacks.remove(sb)
    for stat in list(cond.damage):  # boxes left above a statistic lowered since: gone
        if not cond.damage[stat]:
            del cond.damage[stat]
    words = []
    if healed:
        words.append(", ".join(f"{_stat_name(content, s)} +1" for s in healed))
    if ended:
        words.append(", ".join(cc.complication(c).name for c in ended) + " healed")
    if cuts:
        words.append("cut " + ", ".join(f"{k} {w} days" for k, w in cuts.items()))
    text = f"Rested {days} day(s)" + (": " + "; ".join(words) if words else "")
    _log(ch, "heal", text, when)
    return HealResult(days, tuple(healed), tuple(ended), text)


def aggravate(ch: Character, content: Content, when: str | None = None) -> None:
    """Active while Physical Damage heals (HE2, L393): the box healing now starts its 7 days again."""
    clock = ch.condition.healing.get("physical")
    if clock is None or not (clock.days or clock.cut):
        return
    del ch.condition.healing["physical"]
    _log(ch, "heal", f"Active while hurt: the Physical box healing starts again ({cite('L393')})", when)


# ----- limited uses: once a session, a month, an encounter... ------------------------------------
def _held_use(ch: Character, content: Content, use_id: str):
    cc = rules(content)
    try:
        use = cc.use(use_id)
    except KeyError:
        raise ChoiceError(f"unknown use {use_id!r} (see: character use FILE)") from None
    sheet, _ = build(ch, content)
    pool = sheet.feats if use.source == "feat" else sheet.advantages
    if use.of not in pool:
        raise ChoiceError(f"this character has no {use.source} {use.of!r}, so no {use_id!r} to use")
    return use


def spend_use(ch: Character, content: Content, use_id: str, when: str | None = None) -> None:
    """Spend one use of a limited feat or advantage (Guilty Pleasure once a session, L2290)."""
    use = _held_use(ch, content, use_id)
    times = use.times + ch.condition.extra_uses.get(use_id, 0)
    spent = ch.condition.uses.get(use_id, 0)
    if spent >= times:
        raise ChoiceError(f"{use_id!r} is spent ({times} a {use.per}); it comes back at the {use.per}'s end")
    ch.condition.uses[use_id] = spent + 1
    _log(ch, "use", f"Used {use_id.replace('-', ' ')} ({times - spent - 1} left this {use.per}): {use.effect}", when)


def grant_use(ch: Character, content: Content, use_id: str, extra: int, when: str | None = None) -> None:
    """The Judge gives more uses a period (Other Memory: one per further memory set, L2755)."""
    _held_use(ch, content, use_id)
    if isinstance(extra, bool) or not isinstance(extra, int) or not 0 <= extra <= 100:
        raise ChoiceError(f"extra uses are 0 to 100, not {extra!r}")
    if extra:
        ch.condition.extra_uses[use_id] = extra
    else:
        ch.condition.extra_uses.pop(use_id, None)
    _log(ch, "use", f"{use_id.replace('-', ' ')}: {extra} extra use(s) a period", when)


def reset_uses(ch: Character, content: Content, period: str, when: str | None = None) -> list[str]:
    """The end of a session (or month, encounter, scene): the uses of that period come back."""
    cc = rules(content)
    if period not in cc.periods:
        raise ChoiceError(f"a period is one of {', '.join(cc.periods)}, not {period!r}")
    ends = cc.periods[period]
    back = [u.id for u in cc.uses if u.per in ends and ch.condition.uses.get(u.id)]
    for uid in back:
        del ch.condition.uses[uid]
    _log(
        ch,
        "reset",
        f"End of the {period}: "
        + (", ".join(b.replace("-", " ") for b in back) + " back" if back else "no use was spent"),
        when,
    )
    return back


def add_setback(ch: Character, content: Content, setback_id: str, when: str | None = None) -> None:
    """A failed two-aspect advantage roll above its second aspect: -1d to its rolls for a week (L1349)."""
    cc = rules(content)
    try:
        rule = cc.setback(setback_id)
    except KeyError:
        raise ChoiceError(f"unknown setback {setback_id!r} ({', '.join(s.id for s in cc.setbacks)})") from None
    ch.condition.setbacks = [s for s in ch.condition.setbacks if s.id != setback_id]
    ch.condition.setbacks.append(HeldSetback(setback_id, rule.days))
    _log(
        ch,
        "setback",
        f"Failed {rule.advantage} roll: -{rule.dice}d to {rule.advantage} rolls for {rule.days} days",
        when,
    )


# ----- rolls ----------------------------------------------------------------------------------
def log_roll(
    ch: Character,
    text: str,
    faces: Iterable[int],
    seed: int | None = None,
    reading: str = "",
    when: str | None = None,
    record: dict | None = None,
) -> None:
    """A roll and the reading the player picked, kept in the evening's log; ``record``: the
    roll's full record (``landsraad.play.record.RollRecord.to_json()``)."""
    faces = [int(f) for f in faces]
    if any(not 1 <= f <= 10 for f in faces):
        raise ChoiceError("a d10 shows 1 to 10")
    _log(
        ch,
        "roll",
        text,
        when,
        faces=faces,
        seed=seed,
        reading=reading,
        record=dict(record) if record is not None else None,
    )


def log_record(ch: Character, record) -> None:
    """A ``RollRecord`` (``landsraad.play.record``) into the log: "Prowess + Duel at Difficulty 3:
    3x9 + 2x8" with its faces, seed and the whole record."""
    r = record.to_json()
    against = f" against {r['against'].get('who') or 'the opponent'}" if r.get("against") else ""
    text = f"{r['who'] + ': ' if r['who'] else ''}{r['what'] or 'a roll'} at Difficulty {r['difficulty']}{against}"
    log_roll(ch, text, r["faces"], r["seed"], r["reading"].get("text", ""), r["when"], r)


def clear_log(ch: Character) -> None:
    """Start a new evening's log (the condition stays)."""
    ch.log.clear()
