"""The WHITELIST of edits a browser may ask for: a table of name -> named engine function,
argument checker, the seat it needs and its undo text.  Nothing else is ever called.

A request names an edit and gives its arguments as JSON (``{"edit": "answer-choice",
"args": {"step": …, "n": 2, "tokens": […]}}``); the checker turns them into the engine
function's arguments through ``documents/limits.py`` (bounded texts, integers, lists) or
raises ``BadEdit`` (400, one sentence).  Which document and House it touches comes from
the seat, never from the request: a player's own character, or their House in its Fief.

``needs``: ``"character"`` (the seat's character document, applied at once: it is the
player's own), ``"house"`` (the seat's House in a shared Fief: sent to the Judge, who
accepts it or has turned on "accept as sent") or ``"history"`` (the same, and only once the
Judge has handed the House its history choices).  ``secret``: a House's order, seen by
that House and the Judge only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import attrs

from landsraad.character import edits as ce
from landsraad.character.model import STEP_IDS, TEMPLATE_STEP_IDS, Character, Purchase
from landsraad.documents import limits
from landsraad.house import edits as he
from landsraad.house import turn_edits as te

MAX_TOKENS = 64  # picks of one choice (the book's largest choice picks a handful)
NAME_LIMIT = 200  # a name, a field, a detail typed on a phone
TEXT_LIMIT = 20_000  # a description or notes typed on a phone


class BadEdit(ValueError):
    """A request that cannot become an edit: an unknown name, a missing or wrong argument."""


# ----- argument checks ---------------------------------------------------------------------------
def _text(args: Mapping[str, Any], key: str, limit: int = NAME_LIMIT, required: bool = True) -> str:
    value = args.get(key, "" if not required else None)
    if value is None:
        raise BadEdit(f"{key}: missing")
    if not isinstance(value, str):
        raise BadEdit(f"{key}: must be text")
    try:
        return limits.check_text(value, key, limit)
    except limits.LimitError as exc:
        raise BadEdit(str(exc)) from None


def _opt_text(args: Mapping[str, Any], key: str, limit: int = NAME_LIMIT) -> str | None:
    if args.get(key) in (None, ""):
        return None
    return _text(args, key, limit)


def _int(args: Mapping[str, Any], key: str, low: int, high: int, default: int | None = None) -> int:
    value = args.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadEdit(f"{key}: must be a whole number")
    if not low <= value <= high:
        raise BadEdit(f"{key}: {value} is not between {low} and {high}")
    return value


def _texts(args: Mapping[str, Any], key: str, most: int = MAX_TOKENS) -> list[str]:
    value = args.get(key, [])
    if not isinstance(value, list) or len(value) > most:
        raise BadEdit(f"{key}: must be a list of at most {most} texts")
    return [_text({key: v}, key) for v in value]


def _step(args: Mapping[str, Any], template: bool = True) -> str:
    step = _text(args, "step")
    if step not in (TEMPLATE_STEP_IDS if template else STEP_IDS):
        raise BadEdit(f"step: {step!r} is not a step of the character")
    return step


# ----- character edits (the seat's own character) ------------------------------------------------
def take_template_with_answers(ch: Character, c: Any, step: str, template_id: str) -> None:
    """Take a template and fill in its choices that have one possible answer: what the
    window's macro does in several visible steps, as one named edit."""
    ce.take_template(ch, step, template_id)
    ce.fill_only_answers(ch, c, step)


def _take(args: Mapping[str, Any], c: Any) -> tuple[tuple, dict, str]:
    step = _step(args)
    tid = _text(args, "template")
    t = c.template(step, tid)
    if t is None:
        raise BadEdit(f"template: no {tid!r} at this step")
    return (c, step, tid), {}, f"Take {t.name}"


def _answer(args: Mapping[str, Any], c: Any) -> tuple[tuple, dict, str]:
    step = _step(args)
    n = _int(args, "n", 1, 50)
    return (step, n, _texts(args, "tokens")), {}, f"Answer choice {n}"


def _detail(args: Mapping[str, Any], c: Any) -> tuple[tuple, dict, str]:
    step = _step(args)
    return (step, _text(args, "ref"), _text(args, "text")), {}, "Record a detail"


PURCHASE_KINDS = ("statistic", "skill", "special-die", "advantage", "feat")


def _buy(args: Mapping[str, Any], c: Any) -> tuple[tuple, dict, str]:
    kind = _text(args, "kind")
    if kind not in PURCHASE_KINDS:
        raise BadEdit(f"kind: one of {', '.join(PURCHASE_KINDS)}")
    pid = _text(args, "id")
    tables = {
        "statistic": c.statistics,
        "skill": c.skills,
        "special-die": c.skills,
        "advantage": c.advantages,
        "feat": c.feats,
    }
    if pid not in tables[kind]:
        raise BadEdit(f"id: no {kind} {pid!r}")
    p = Purchase(
        kind,  # type: ignore[arg-type]
        pid,
        _int(args, "levels", 1, limits.MAX_LEVELS, 1),
        _text(args, "field", required=False),
        _text(args, "detail", required=False),
    )
    return (p,), {}, f"Buy {tables[kind][pid].name} +{p.levels}"


def _remove(args: Mapping[str, Any], c: Any) -> tuple[tuple, dict, str]:
    i = _int(args, "index", 0, limits.MAX_ITEMS)
    return (i,), {}, f"Remove purchase {i + 1}"


def _caste(args: Mapping[str, Any], c: Any) -> tuple[tuple, dict, str]:
    cid = _text(args, "caste")
    if cid not in c.castes:
        raise BadEdit(f"caste: no {cid!r}")
    return (cid,), {}, f"Fix the caste: {c.castes[cid].name}"


def _set_text(args: Mapping[str, Any], c: Any) -> tuple[tuple, dict, str]:
    attr = _text(args, "attr")
    if attr not in ce.TEXT_FIELDS:
        raise BadEdit(f"attr: one of {', '.join(ce.TEXT_FIELDS)}")
    limit = NAME_LIMIT if attr in ("name", "player", "sex", "house") else TEXT_LIMIT
    return (attr, _text(args, "value", limit, required=False)), {}, f"Edit {attr}"


# ----- House edits (the seat's House in its Fief) -------------------------------------------------
def _strategy(args: Mapping[str, Any], c: Any, house_id: str) -> tuple[tuple, dict, str]:
    from landsraad.house.domain_tables import load_domain_content

    dc = load_domain_content()
    sid = _text(args, "strategy")
    if sid not in {s.id for s in dc.strategies}:
        raise BadEdit(f"strategy: no {sid!r}")
    return (house_id, sid, c), {}, f"Decide on the {sid} Strategy"


def _venture(args: Mapping[str, Any], c: Any, house_id: str) -> tuple[tuple, dict, str]:
    from landsraad.house.domain_tables import load_domain_content

    dc = load_domain_content()
    vid = _text(args, "venture")
    if vid not in {v.id for v in dc.ventures}:
        raise BadEdit(f"venture: no {vid!r}")
    fakes = _texts(args, "fake_ventures", 8)
    for f in fakes:
        if f not in {v.id for v in dc.ventures}:
            raise BadEdit(f"fake_ventures: no {f!r}")
    fake_strategy = _opt_text(args, "fake_strategy")
    if fake_strategy and fake_strategy not in {s.id for s in dc.strategies}:
        raise BadEdit(f"fake_strategy: no {fake_strategy!r}")
    kwargs = {
        "target": _opt_text(args, "target"),
        "against": _opt_text(args, "against"),
        "hc": c,
        "maintain": _texts(args, "maintain", 7),
        "fake_strategy": fake_strategy,
        "fake_ventures": fakes,
        "gear": _text(args, "gear", required=False),
        "gear_difficulty": _int(args, "gear_difficulty", 0, 10, 0),
        "gear_cost": _int(args, "gear_cost", 0, 100, 0),
    }
    director = _text(args, "director")
    return (house_id, vid, director), kwargs, f"{director} directs {vid}"


def _operation(args: Mapping[str, Any], c: Any, house_id: str) -> tuple[tuple, dict, str]:
    from landsraad.house.domain_tables import load_domain_content

    dc = load_domain_content()
    key = _text(args, "operation")
    if key not in {o.key for o in dc.operations}:
        raise BadEdit(f"operation: no {key!r}")
    kwargs: dict[str, Any] = {
        "week": _int(args, "week", 1, dc.calendar.weeks_per_month),
        "against": _opt_text(args, "against"),
        "target": _opt_text(args, "target"),
        "venture": _opt_text(args, "venture"),
        "hc": c,
        "fake_operations": _texts(args, "fake_operations", 8),
    }
    actor = _text(args, "actor")
    return (house_id, actor, key), kwargs, f"{actor}: {key} in week {kwargs['week']}"


def _history(args: Mapping[str, Any], c: Any, house_id: str) -> tuple[tuple, dict, str]:
    source = _text(args, "source")
    kwargs: dict[str, Any] = {}
    if args.get("option") is not None:
        kwargs["option"] = _int(args, "option", 1, 50)
    if args.get("table") not in (None, ""):
        kwargs["table"] = _text(args, "table")
    if args.get("traits") is not None:
        kwargs["traits"] = _texts(args, "traits", 7)
    if not kwargs:
        raise BadEdit("a history choice names an option, a table or traits")
    return (house_id, c, source), kwargs, f"History {source}"


@attrs.frozen
class Allowed:
    name: str
    fn: Callable[..., Any]
    check: Callable[..., tuple[tuple, dict, str]]
    needs: str  # "character" | "house" | "history"
    secret: bool = False


WHITELIST: dict[str, Allowed] = {
    a.name: a
    for a in (
        Allowed("take-template", take_template_with_answers, _take, "character"),
        Allowed("answer-choice", ce.answer_choice, _answer, "character"),
        Allowed("set-detail", ce.set_detail, _detail, "character"),
        Allowed("buy", ce.buy, _buy, "character"),
        Allowed("remove-purchase", ce.remove_purchase, _remove, "character"),
        Allowed("set-caste", ce.set_caste, _caste, "character"),
        Allowed("set-text", ce.set_text, _set_text, "character"),
        Allowed("history-choice", he.choose_event, _history, "history"),
        Allowed("strategy", te.set_strategy, _strategy, "house", secret=True),
        Allowed("venture", te.declare_venture, _venture, "house", secret=True),
        Allowed("operation", te.operation_with_household, _operation, "house", secret=True),
    )
}


def whitelisted(fn: Any) -> bool:
    """Is ``fn`` one of the whitelist's engine functions (the window's Host applies no other)."""
    return any(a.fn is fn for a in WHITELIST.values())


def prepare(name: Any, args: Any, content: Any, house_id: str | None = None) -> tuple[Allowed, tuple, dict, str]:
    """The whitelisted edit ``name`` with its checked arguments and undo text; BadEdit for
    anything else (an unknown name, arguments that are not an object, a bad value)."""
    if not isinstance(name, str) or name not in WHITELIST:
        raise BadEdit("no such edit")
    if not isinstance(args, dict):
        raise BadEdit("args: must be an object")
    try:
        limits.check_tree(args, "args")
    except limits.LimitError as exc:
        raise BadEdit(str(exc)) from None
    allowed = WHITELIST[name]
    if allowed.needs == "character":
        fargs, kwargs, text = allowed.check(args, content)
    else:
        if house_id is None:
            raise BadEdit("this seat has no House")
        fargs, kwargs, text = allowed.check(args, content, house_id)
    return allowed, fargs, kwargs, text
