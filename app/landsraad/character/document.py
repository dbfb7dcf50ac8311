"""Character documents: versioned JSON, read and written through ``landsraad.documents.codec``.

A document is ``{"schema_version": N, "kind": "character", "app_version": …, "character": {…}}``.
Older versions are upgraded step by step by ``landsraad.documents.migrations``; a
newer or unknown version, invalid JSON, a wrong type or a missing field gives a
DocumentError naming the file and the field, and the file is never touched.

Types are checked, never converted (issue 13): ``"name": null`` is an error, not the
name "None"; ``"levels": 2.7`` or ``true`` is an error, not 2 or 1.  Lengths and
levels are bounded by ``landsraad.documents.limits``.
"""

from __future__ import annotations

from pathlib import Path

import cattrs

from landsraad import __version__
from landsraad.character.model import Character
from landsraad.documents import codec, limits
from landsraad.documents.strict import json_type
from landsraad.documents.strict import strict_bool as _strict_bool
from landsraad.documents.strict import strict_int as _strict_int
from landsraad.documents.strict import strict_str as _strict_str
from landsraad.errors import DocumentError
from landsraad.rules.toml_loading import describe_cattrs_error

# 2: the character in play (issue 25): ``condition`` and the evening's ``log``
SCHEMA_VERSION = 2
KIND = "character"

# Unknown keys are an error on load (never silently dropped): cattrs forbids them.
_converter = cattrs.Converter(forbid_extra_keys=True)
# the same strict readings of text, whole numbers and true/false as every document's
# (documents/strict.py); the character keeps its own list and pick hooks below
_converter.register_structure_hook(str, _strict_str)
_converter.register_structure_hook(int, _strict_int)
_converter.register_structure_hook(bool, _strict_bool)

# JSON object keys are strings; picks are keyed by choice number.
_PICKS = dict[int, list[str]]
_converter.register_structure_hook_func(
    lambda t: t == _PICKS, lambda d, _: {int(k): _str_list(v) for k, v in _check_dict(d).items()}
)
_converter.register_unstructure_hook_func(
    lambda t: t == _PICKS, lambda d: {str(k): list(v) for k, v in sorted(d.items())}
)
_ASPECTS = dict[str, list[int]]
_converter.register_structure_hook_func(
    lambda t: t == _ASPECTS, lambda d, _: {_strict_str(k, str): _int_list(v) for k, v in _obj(d).items()}
)


def _obj(d):
    if not isinstance(d, dict):
        raise TypeError(f"must be an object, not {json_type(d)}")
    return d


def _str_list(v):
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        raise TypeError("a choice's answer is a list of ids (strings)")
    return list(v)


def _int_list(v):
    if not isinstance(v, list):
        raise TypeError(f"must be a list of whole numbers, not {json_type(v)}")
    return [_strict_int(x, int) for x in v]


def _check_dict(d):
    _obj(d)
    for k in d:
        if not str(k).isdigit() or len(str(k)) > 4:
            raise ValueError(f"choice numbers are whole numbers, not {k!r}")
    return d


# Short fields (a name a sheet prints on one line) and long ones (notes).
_SHORT_FIELDS = ("name", "player", "sex", "house")
_LONG_FIELDS = ("description", "equipment", "notes")


def check_limits(ch: Character, where: str = "character") -> None:
    """The bounds of ``landsraad.documents.limits`` (LimitError naming the field)."""
    for f in _SHORT_FIELDS:
        limits.check_text(getattr(ch, f), f"{where}.{f}", limits.MAX_NAME)
    for f in _LONG_FIELDS:
        limits.check_text(getattr(ch, f), f"{where}.{f}", limits.MAX_TEXT)
    for i, p in enumerate(ch.extras):
        at = f"{where}.extras[{i}]"
        limits.check_text(p.id, f"{at}.id", limits.MAX_NAME)
        limits.check_text(p.field, f"{at}.field", limits.MAX_NAME)
        limits.check_text(p.detail, f"{at}.detail", limits.MAX_NAME)
        limits.check_int(p.levels, f"{at}.levels", 1, limits.MAX_LEVELS)
    for aid, split in ch.aspects.items():
        for j, n in enumerate(split):
            limits.check_int(n, f"{where}.aspects.{aid}[{j}]", 0, limits.MAX_LEVELS)
    _check_condition(ch, where)


def _check_condition(ch: Character, where: str) -> None:
    cond = ch.condition
    at = f"{where}.condition"
    for stat, n in cond.damage.items():
        limits.check_text(stat, f"{at}.damage", limits.MAX_NAME)
        limits.check_int(n, f"{at}.damage.{stat}", 0, limits.MAX_LEVELS)
    clocks = [(f"{at}.healing.{k}", c) for k, c in cond.healing.items()]
    for i, held in enumerate(cond.complications):
        limits.check_text(held.id, f"{at}.complications[{i}].id", limits.MAX_NAME)
        limits.check_text(held.detail, f"{at}.complications[{i}].detail", limits.MAX_NAME)
        limits.check_int(held.levels_healed, f"{at}.complications[{i}].levels_healed", 0, limits.MAX_LEVELS)
        clocks.append((f"{at}.complications[{i}].clock", held.clock))
    for name, clock in clocks:
        limits.check_int(clock.days, f"{name}.days", 0, limits.MAX_LEVELS)
        limits.check_int(clock.cut, f"{name}.cut", 0, limits.MAX_LEVELS)
    for table in ("uses", "extra_uses"):
        for uid, n in getattr(cond, table).items():
            limits.check_text(uid, f"{at}.{table}", limits.MAX_NAME)
            limits.check_int(n, f"{at}.{table}.{uid}", 0, limits.MAX_LEVELS)
    for i, sb in enumerate(cond.setbacks):
        limits.check_text(sb.id, f"{at}.setbacks[{i}].id", limits.MAX_NAME)
        limits.check_int(sb.days_left, f"{at}.setbacks[{i}].days_left", 0, limits.MAX_LEVELS)
    if len(ch.log) > limits.MAX_ITEMS:
        raise limits.LimitError(f"{where}.log", f"more than {limits.MAX_ITEMS} entries")
    for i, e in enumerate(ch.log):
        limits.check_text(e.what, f"{where}.log[{i}].what", limits.MAX_NAME)
        limits.check_text(e.text, f"{where}.log[{i}].text", limits.MAX_TEXT)
        limits.check_text(e.when, f"{where}.log[{i}].when", limits.MAX_NAME)
        limits.check_text(e.reading, f"{where}.log[{i}].reading", limits.MAX_TEXT)
        if len(e.faces) > 100 or any(not 1 <= f <= 10 for f in e.faces):
            raise limits.LimitError(f"{where}.log[{i}].faces", "a d10 shows 1 to 10 (at most 100 dice)")
        if e.record is not None:
            limits.check_tree(e.record, f"{where}.log[{i}].record")
            from landsraad.dice import RollRecord
            from landsraad.errors import DiceError

            try:
                RollRecord.from_json(e.record)
            except DiceError as exc:
                raise limits.LimitError(f"{where}.log[{i}].record", str(exc)) from None


def to_dict(character: Character) -> dict:
    return {
        "schema_version": SCHEMA_VERSION,
        "kind": KIND,
        "app_version": __version__,
        "character": _converter.unstructure(character),
    }


def _decode(data: dict, file: str) -> Character:
    """An upgraded document object to a Character (the codec has checked kind and version)."""
    body = data.get("character")
    if not isinstance(body, dict):
        raise DocumentError(file, "missing the character object", "character")
    try:
        ch = _converter.structure(body, Character)
    except Exception as exc:  # noqa: BLE001 - every structuring failure names the field
        raise DocumentError(file, describe_cattrs_error(exc), "character") from None
    try:
        check_limits(ch)
    except limits.LimitError as exc:
        raise DocumentError(file, exc.reason, exc.where) from None
    if ch.assets:  # a hand-edited asset (Quality 9, form "material") is refused on load
        from landsraad.rules.assets import check_assets

        problems = check_assets(ch.assets)
        if problems:
            raise DocumentError(file, problems[0], "character.assets")
    return ch


def dumps(character: Character) -> str:
    # deterministic: stable key order, trailing newline (lessons-from-peers.md, Files)
    return codec.dumps_document(KIND, character)


def save(character: Character, path: str | Path, backup: bool = True) -> None:
    """Write atomically; the file it replaces is kept as ``path.bak``."""
    codec.save_document(KIND, character, path, backup=backup)


def from_dict(data, file: str = "<document>") -> Character:
    return codec.decode_document(data, file, expect=KIND)[1]


def loads(text: str, file: str = "<document>") -> Character:
    return codec.loads_document(text, file, expect=KIND)[1]


def load(path: str | Path) -> Character:
    return codec.load_document(path, expect=KIND)[1]
