"""The monthly House turn in words (issue 27): the one set of Trait Scores in play every
view shows, and what a Venture or Operation revealed, said as sentences.

The engine keeps a Venture's findings as data (``VentureRecord.reveals``, ``Knowledge.value``:
dicts and lists); the window, the table view and the sheets show them through these
functions only, so no view ever prints ``{'maintained': []}``.
"""

from __future__ import annotations

from collections.abc import Mapping

from landsraad.house.content import HouseContent
from landsraad.house.domain_tables import DomainContent
from landsraad.house.model import Fief, House


# ----- the Scores in play -------------------------------------------------------------------
def scores_in_play(fief: Fief, house: House, hc: HouseContent) -> tuple[dict, dict]:
    """(Scores, Ratings) of the House now: its creation, then every change of the monthly
    turn (``landsraad.house.ventures.play_scores``).  The Scores tab, the table view, the
    sheets and ``fief show --json`` all read this one set."""
    from landsraad.house.scores import rating_of
    from landsraad.house.ventures import play_scores

    scores = play_scores(fief, house, hc)
    return scores, {t: rating_of(scores[t], hc) for t in hc.trait_ids}


def score_cells(fief: Fief, house: House, hc: HouseContent, sep: str = " ") -> list[str]:
    """ "38 (3)" per trait, in the content's order: a row of the Scores tab and table view."""
    scores, ratings = scores_in_play(fief, house, hc)
    return [f"{scores[t]}{sep}({ratings[t]})" for t in hc.trait_ids]


def changes_lines(house: House, hc: HouseContent) -> list[str]:
    """Each change of play in order, worded: "Month 1: +3 Espionage (Develop by Helene)"."""
    from landsraad.present.house import deltas_text

    return [
        f"Month {c.month}: {deltas_text(c.deltas, hc)}" + (f" ({c.why})" if c.why else "")
        for c in house.domain.changes
        if any(c.deltas.values())
    ]


# ----- what was learnt -----------------------------------------------------------------------
def _trait(token, hc: HouseContent | None) -> str:
    if hc is not None and isinstance(token, str):
        for t in hc.traits:
            if t.id == token:
                return t.name
    return _word(token)


def _named(token, finder) -> str:
    if not isinstance(token, str) or not token:
        return _word(token)
    try:
        return finder(token).name
    except Exception:  # noqa: BLE001 - an id the content does not know is shown as it is
        return token


def _word(value) -> str:
    """Any value as words: lists joined, mappings as "key value" pairs, never a repr."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Mapping):
        return "; ".join(f"{str(k).replace('_', ' ')} {_word(v)}" for k, v in value.items()) or "nothing"
    if isinstance(value, list | tuple | set):
        return ", ".join(_word(v) for v in value) or "none"
    return str(value)


def reveals_text(
    reveals, fief: Fief | None = None, hc: HouseContent | None = None, dc: DomainContent | None = None
) -> str:
    """What a Venture or Operation revealed or set up, in a sentence ("" if nothing)."""
    if not reveals:
        return ""
    if not isinstance(reveals, Mapping):
        return _word(reveals)
    r = dict(reveals)
    venture = (lambda x: _named(x, dc.venture)) if dc is not None else _word
    operation = (lambda x: _named(x, dc.operation)) if dc is not None else _word
    parts: list[str] = []
    if "maintained" in r:
        kept = [_trait(t, hc) for t in r.pop("maintained") or []]
        parts.append("maintained: " + ", ".join(kept) if kept else "no trait maintained")
    if "strategy" in r:
        s = r.pop("strategy")
        parts.append(f"Strategy {_named(s, dc.strategy) if dc is not None else _word(s)}")
    if "result" in r and r["result"] is None:
        r.pop("result")
        parts.append("no result")
    if "trait" in r:  # Surveillance (L4912)
        trait = _trait(r.pop("trait"), hc)
        any_ = r.pop("any", None)
        text = f"{trait}: " + ("used by a Venture this month" if any_ else "no Venture uses it this month")
        if "count" in r:
            n = r.pop("count")
            text += f" ({n} Venture{'s' if n != 1 else ''}"
            which = r.pop("which", None)
            text += (": " + ", ".join(venture(x) for x in which) if which else "") + ")"
        if "level" in r:
            text += f"; Rating {r.pop('level')}"
        r.pop("tier", None)
        parts.append(text)
    if "householder" in r:  # Spy (L4966)
        who = r.pop("householder")
        ops = r.pop("operations", None) or []
        text = f"{who}: " + ("; ".join(_word(o) for o in ops) if ops else "no Operation seen")
        if "venture" in r:
            v = r.pop("venture")
            text += f"; directs {venture(v)}" if v else "; directs no Venture"
        r.pop("tier", None)
        parts.append(text)
    if "gear" in r:  # a gear Venture (L3915)
        gear = r.pop("gear")
        text = f"obtained {gear or 'the gear'}"
        if "time_factor" in r:
            text += f", time factor {r.pop('time_factor')}"
        cost = r.pop("treasury_cost", 0)
        if cost:
            text += f", Treasury Rating -{cost} next month"
        parts.append(text)
    if "difficulty" in r:
        parts.append(f"Difficulty {r.pop('difficulty')} against rivals' information")
    if "fake_operations" in r:
        fakes = r.pop("fake_operations") or []
        parts.append("fake Operations shown: " + (", ".join(operation(x) for x in fakes) if fakes else "none"))
    if "fake_venture" in r:
        parts.append("a fake Venture shown" if r.pop("fake_venture") else "no fake Venture")
    if "protects" in r:
        parts.append(f"protects {_word(r.pop('protects'))}")
    if "information" in r:
        parts.append(_word(r.pop("information")))
    # Interrogate: Householder name -> {"operation": …, "venture": bool} (L4966)
    for name in [k for k, v in r.items() if isinstance(v, Mapping) and "venture" in v]:
        entry = r.pop(name)
        op = entry.get("operation")
        parts.append(
            f"{name}: "
            + (_word(op) if op else "no Operation")
            + ", "
            + ("directs a Venture" if entry.get("venture") else "directs no Venture")
        )
    for k, v in r.items():  # anything newer, still in words
        parts.append(f"{str(k).replace('_', ' ')} {_word(v)}")
    return "; ".join(parts)


SOURCES = {
    "investigate": "Investigate",
    "surveillance": "Surveillance",
    "spy": "Spy",
    "interrogate": "Interrogate",
    "intelligence": "Intelligence",
}


def knowledge_text(
    k, fief: Fief, hc: HouseContent | None = None, dc: DomainContent | None = None, judge: bool = True
) -> str:
    """One thing a House learnt: "month 1, Spy on House Osk: Kell Osk: week 1: Spy".
    ``judge``: the Judge is told a fake is one; the group's view never is (L4970)."""
    rival = fief.house(k.about)
    name = rival.name if rival is not None else str(k.about)
    what = (
        reveals_text(k.value if isinstance(k.value, Mapping) else {k.what: k.value}, fief, hc, dc)
        if k.what in ("strategy",) or isinstance(k.value, Mapping)
        else _word(k.value)
    )
    text = f"month {k.month}, {SOURCES.get(k.source, k.source.capitalize())} on House {name}: {what}"
    return text + (" (a fake)" if judge and not k.true else "")


def venture_ref_text(ref: str | None, fief: Fief, dc: DomainContent | None = None) -> str:
    """ "felderon:Helene Felderon" (how an Operation names a Venture) -> "Helene Felderon's
    Develop (House Felderon)"."""
    if not ref:
        return ""
    hid, _, director = ref.partition(":")
    house = fief.house(hid)
    if house is None:
        return director or ref
    rec = house.domain.venture_of(director)
    name = _named(rec.venture, dc.venture) if (rec is not None and dc is not None) else "Venture"
    return f"{director}'s {name} (House {house.name})"


# the engine names the command line's flags; the window names its own fields (issue 27:
# "type the ratings (householder --rating insight=N)" was shown in the window)
WINDOW_FIELDS = (
    (r"\(householder --rating (\w+)=N\)", r"(in the ratings field: \1=3, or add the character as a householder)"),
    (r"\(--rating (\w+)=N\)", r"(in the ratings field: \1=3)"),
    (r"\(--venture HOUSE:DIRECTOR\)", "(choose it in the Operation's Venture list)"),
    (r"\(--against\)", "(choose it in the rival list)"),
    (r"\(--target: ([^)]*)\)", r"(choose it in the trait list: \1)"),
    (r"\(--target\)", "(type it in the target Householder field)"),
    (r"\(--ransom\)", "(tick whether the ransom is paid)"),
    (r"\(--gear\)", "(name the gear)"),
    (r"\s*\(--[a-z-]+\)", ""),
)


def window_words(message: str) -> str:
    """An engine message as the window says it: its fields instead of the command line's
    flags, the rulebook's pages instead of the text file's lines."""
    import re

    from landsraad.rules.pages import cite

    for pattern, repl in WINDOW_FIELDS:
        message = re.sub(pattern, repl, message)
    return cite(message)


def _outcome(rec_json: Mapping, fief: Fief, hc: HouseContent | None, dc: DomainContent | None) -> str:
    if rec_json.get("roll") is None:
        return "declared, not rolled yet"
    width, height = rec_json.get("width") or 0, rec_json.get("height") or 0
    text = f"rolled {width}x{height}" if width else "rolled: no set, it fails"
    revealed = reveals_text(rec_json.get("reveals"), fief, hc, dc)
    return text + (f"; {revealed}" if revealed else "")


def venture_line(v: Mapping, fief: Fief, hc: HouseContent | None = None, dc: DomainContent | None = None) -> str:
    """A Venture of the House's own turn (``venture_json``) in a sentence, for its House's
    page: "Helene Felderon's Develop (Treasury), 6 dice at Difficulty 3: rolled 2x7"."""
    target = f" ({_trait(v['target'], hc)})" if v.get("target") else ""
    against = f" against House {v['against']['house']}" if v.get("against") else ""
    diff = f" at Difficulty {v['difficulty']}" if v.get("difficulty") else ""
    return f"{v['director']}'s {v['name']}{target}{against}, {v['pool']} dice{diff}: {_outcome(v, fief, hc, dc)}"


def operation_line(o: Mapping, fief: Fief, hc: HouseContent | None = None, dc: DomainContent | None = None) -> str:
    """An Operation of the House's own turn (``operation_json``) in a sentence:
    "week 2, Kell Osk's Spy against House Banthet (Helene Felderon): rolled 2x5"."""
    name = _named(o["operation"], dc.operation) if dc is not None else _word(o["operation"])
    against = f" against House {o['against']}" if o.get("against") else ""
    target = f" ({o['target']})" if o.get("target") else ""
    return f"week {o['week']}, {o['actor']}'s {name}{against}{target}: {_outcome(o, fief, hc, dc)}"
