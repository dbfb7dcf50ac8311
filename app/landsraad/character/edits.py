"""Every change a player makes to a character, as a named function.

Each edit takes the ``Character`` first and changes it in place; it computes nothing
(``validate`` does that afterwards) and refuses nothing: a pick the rules forbid is
recorded and reported as a finding, never silently dropped.  The window runs an edit
inside one undo step (``doc.edit("Take Swordmaster", take_template, step, tid)``),
the command line builds its documents with the same functions, and tests call them
directly.  The few rules that decide *what* an edit writes (a choice with one possible
answer, the default split of a two-aspect advantage, the caste a rank gives) live here
too, beside the edits that use them.
"""

from __future__ import annotations

from landsraad.character.model import Character, Conversion, Purchase
from landsraad.rules import model as m
from landsraad.rules.content import Content

# the texts of Step 08 (and the name) a player types
TEXT_FIELDS = ("name", "player", "sex", "house", "description", "equipment", "notes")


# ----- template steps (02-05) ------------------------------------------------------------
def option_needs_field(opt: m.Option, c: Content) -> str:
    """The kind of text the player names for this option ("field", "language"...), or ""."""
    for g in opt.grants:
        if g.field == "*":
            return c.skills[g.id].field or "field"
        if g.detail == "*":
            return c.advantages[g.id].needs_detail or "detail"
    return ""


def only_answer(choice: m.Choice, c: Content) -> list[str] | None:
    """The answer of a choice that has exactly one (every option, each as often as it may be
    taken, fills the count, and no option needs a name typed); None otherwise.  Optional
    choices and feat choices are never filled for the player."""
    if choice.kind != "options" or choice.optional:
        return None
    if len(choice.options) * choice.max_each != choice.count:
        return None
    if any(option_needs_field(o, c) for o in choice.options):
        return None
    return [o.id for o in choice.options for _ in range(choice.max_each)]


def only_answers(c: Content, step: str, template_id: str) -> dict[int, list[str]]:
    """Choice number -> its only answer, for the choices of a template that have one (the
    window fills them in as part of taking the template, each a visible step of its macro)."""
    t = c.template(step, template_id)
    if t is None:
        return {}
    out = {}
    for n, choice in enumerate(c.steps[step].choices_of(t), 1):
        answer = only_answer(choice, c)
        if answer is not None:
            out[n] = answer
    return out


def take_template(ch: Character, step: str, template_id: str) -> None:
    """Take one option of a template step: its earlier picks and records go (they answered
    another template's choices)."""
    tc = ch.step(step)
    tc.template = template_id
    tc.picks = {}
    tc.details = {}


def fill_only_answers(ch: Character, c: Content, step: str) -> None:
    """Answer each open choice of the step's template that has only one possible answer."""
    tid = ch.step(step).template
    if tid is None:
        return
    for n, answer in only_answers(c, step, tid).items():
        ch.step(step).picks.setdefault(n, answer)


def answer_choice(ch: Character, step: str, n: int, tokens: list[str]) -> None:
    """The answer to the N-th "choose …" (1-based) of a step: tokens "id" or "id(Field)",
    feat ids for a feat choice; an empty answer reopens the choice."""
    picks = ch.step(step).picks
    if tokens:
        picks[n] = list(tokens)
    else:
        picks.pop(n, None)


def set_detail(ch: Character, step: str, ref: str, text: str) -> None:
    """A text a template asks the player to record (a grant's field, an "asks" label)."""
    details = ch.step(step).details
    if text:
        details[ref] = text
    else:
        details.pop(ref, None)


# ----- Step 06: Character Points -----------------------------------------------------------
def buy(ch: Character, purchase: Purchase) -> None:
    ch.extras.append(purchase)


def remove_purchase(ch: Character, index: int) -> None:
    """Remove the purchase at ``index`` (0-based, in the order they were made)."""
    del ch.extras[index]


def cash_in(ch: Character, narrow_key: str, top_up: bool = False) -> None:
    """Cash a Narrow Skill into its Broad Skill (L2827); ``top_up`` pays 1 CP first so an odd
    rating loses nothing."""
    ch.conversions.append(Conversion(narrow=narrow_key, top_up=top_up))


def undo_cash_in(ch: Character) -> None:
    """Take back the latest cash-in."""
    if ch.conversions:
        ch.conversions.pop()


# two-aspect advantages (L1308): each aspect 0-5, the first at least 1, the rating their sum
def aspect_ranges(c: Content) -> tuple[tuple[int, int], tuple[int, int]]:
    """(lowest, highest) of the first and of the second aspect, from the pack's limits."""
    lim = c.pack.limits
    return (lim.aspect_first_min, lim.aspect_max), (0, lim.aspect_max)


def default_split(rating: int, c: Content) -> tuple[int, int]:
    """The split shown before the player chooses one: the first aspect as high as it may be."""
    top = c.pack.limits.aspect_max
    return min(rating, top), max(rating - top, 0)


def aspect_split(ch: Character, c: Content, advantage_id: str, rating: int) -> tuple[int, int]:
    """The split the character records, or the default split of ``rating``."""
    split = ch.aspects.get(advantage_id)
    if split:
        first, second = (list(split) + [0, 0])[:2]
        return first, second
    return default_split(rating, c)


def split_aspects(ch: Character, advantage_id: str, first: int, second: int) -> None:
    ch.aspects[advantage_id] = [first, second]


# ----- Step 07: caste ----------------------------------------------------------------------
def caste_for_rank(c: Content, rank: int) -> str | None:
    """The caste whose rank the templates give (Step 07's default), or None."""
    for k in c.castes.values():
        if k.rank == rank:
            return k.id
    return None


def set_caste(ch: Character, caste_id: str | None) -> None:
    ch.caste = caste_id


# ----- Step 08 and the name ----------------------------------------------------------------
def set_text(ch: Character, attr: str, value: str) -> None:
    """One of the texts the player types (name, player, sex, house, description, equipment, notes)."""
    if attr not in TEXT_FIELDS:
        raise ValueError(f"not a text of a character: {attr!r}")
    setattr(ch, attr, value)
