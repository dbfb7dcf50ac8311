"""What a document, a content file or a typed value may hold: one place, as data.

Every limit is far above any real use (the rulebook's largest numbers are a few dozen
Territories and ratings of 10; a played character's notes are a few pages), so no
player ever meets one; each exists because without it a hostile or broken file makes
the app spend minutes or gigabytes (issue 13, "Bounded work": a 10^5-level purchase
took 64 s and 750 MB, ``territories = 10**12`` in content 10 GB, a 100 MB name froze
the window).  Crossing one is a clear error naming the file and the field, never a
slow-down.  ``check_tree`` applies the generic ones to any parsed JSON or TOML.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

# --- files ---------------------------------------------------------------------------
# A document read from disk: the rulebook's example Fief is ~10 KB, a full character ~4 KB.
MAX_FILE_BYTES = 16 * 1024 * 1024
# Nesting of JSON/TOML: a document nests 5 deep, content 4; Python's parsers recurse and
# die (RecursionError) near 1000, so a file nested 100,000 deep is refused, not parsed.
MAX_DEPTH = 32
# Digits in one number: Python refuses to read more than 4,300 (CVE-2020-10735); well
# below that, and any count or level the rules use has 1-3 digits.
MAX_DIGITS = 18
MAX_INT = 10**MAX_DIGITS - 1

# --- document fields -------------------------------------------------------------------
MAX_NAME = 32_767  # a name, id, title or short field (a sheet shows ~60): a name field
#                           accepts this many (QLineEdit's maximum), so whatever was typed reopens
MAX_TEXT = 1_000_000  # notes, description, equipment: ~300 printed pages
MAX_ITEMS = 10_000  # entries of any list or table (purchases, Houses, bodies, log lines)
MAX_LEVELS = 100  # levels of one purchase; the rules' ratings stop at 10, skills at 5
# Houses, bodies, a body's Territories in one Fief: the 11d10 make at most 11 bodies and a
# Fief has a House Major and a few Minor; checking Houses against each other grows with the
# square of their number (3,000 Houses: 7 s), so 500 keeps the worst file under a second.
MAX_FIEF_ENTRIES = 500
# Undo steps kept per open document: each keeps a snapshot (~0.5 MB for a large Fief), so
# an evening of edits stays within a few hundred MB; the oldest steps go first.
MAX_UNDO = 200
# A number a window's spin box or a count shows (Qt's spin boxes hold a C int, 2^31 - 1; a
# sheet's boxes a few dozen): a document's pools, rounds and boxes are read up to this.
MAX_COUNT = 1_000_000

# --- content (rules as data) -------------------------------------------------------------
# Any number in content: the Landsraad tables' largest are Territory counts (a few) and
# Character Point budgets (tens); the d20 pack's farthest range band is 1,000 km, written
# in metres.  A million leaves room for any pack while a loop over it stays under a second
# (10**12 Territories took 10 GB).
MAX_CONTENT_INT = 1_000_000

_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


class LimitError(ValueError):
    """``where``: the field path (``character.extras[0].levels``); ``reason``: the sentence."""

    def __init__(self, where: str, reason: str):
        self.where, self.reason = where, reason
        super().__init__(f"{where}: {reason}" if where else reason)


def check_text(value: str, where: str, limit: int = MAX_TEXT) -> str:
    """A string a user typed or a file holds: bounded length, no lone surrogate (which
    cannot be written as UTF-8: it comes from undecodable bytes, never from typing)."""
    if len(value) > limit:
        raise LimitError(where, f"is {len(value):,} characters long; at most {limit:,}")
    m = _LONE_SURROGATE.search(value)
    if m:
        raise LimitError(
            where,
            f"holds an invalid character (lone surrogate U+{ord(m.group()):04X} "
            f"at position {m.start() + 1}); the text is not valid Unicode",
        )
    return value


def check_int(value: int, where: str, low: int = -MAX_INT, high: int = MAX_INT) -> int:
    if not low <= value <= high:
        shown = f"a {len(str(abs(value)))}-digit number" if abs(value) > MAX_INT else str(value)
        raise LimitError(where, f"is {shown}; it must be {low:,} to {high:,}")
    return value


def check_tree(
    data: Any, where: str = "", *, max_int: int = MAX_INT, max_depth: int = MAX_DEPTH, surrogates: bool = True
) -> None:
    """Walk parsed JSON/TOML without recursion: depth, list and table sizes, string
    lengths (and lone surrogates, unless the caller knows there can be none), whole
    numbers and finite decimals.  Raises LimitError naming the path of the first fault.

    The walk runs on every document opened and every content file loaded (cache hits
    too), so it first runs without building any path (~6 ms for the whole rules pack);
    only a tree that fails is walked again to say where."""
    if not _tree_ok(data, max_int, max_depth, surrogates):
        _locate(data, where, max_int, max_depth)
        raise LimitError(where, "holds a value beyond the limits")  # pragma: no cover - the walks agree


def _tree_ok(data: Any, max_int: int, max_depth: int, surrogates: bool) -> bool:
    """True when every limit holds.  Written for speed (it runs on every content load):
    only containers go on the stack, leaves are checked inline where they are met."""
    search = _LONE_SURROGATE.search
    isfinite = math.isfinite
    low = -max_int
    stack: list[tuple[Any, int]] = [([data], -1)]  # a list around the root: one code path
    pop, push = stack.pop, stack.append
    while stack:
        value, depth = pop()
        if depth >= max_depth or len(value) > MAX_ITEMS:
            return False
        if type(value) is dict:
            for key in value:
                if type(key) is not str or len(key) > MAX_NAME or (surrogates and search(key)):
                    return False
            items = value.values()
        else:
            items = value
        for item in items:
            t = type(item)
            if t is str:
                if len(item) > MAX_TEXT or (surrogates and search(item)):
                    return False
            elif t is dict or t is list:
                push((item, depth + 1))
            elif t is int:
                if item > max_int or item < low:
                    return False
            elif t is float:
                if not isfinite(item) or item > max_int or item < low:
                    return False
            # None, true/false, TOML dates and times: always fine
    return True


# A JSON text can hold a lone surrogate only as a \uD800-\uDFFF escape (UTF-8 cannot
# encode one): where the text has none, the walk need not search every string.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
_SURROGATE_ESCAPE_BYTES = re.compile(rb"\\u[dD][89a-fA-F]")


def may_hold_surrogates(text: str | bytes) -> bool:
    if isinstance(text, bytes):
        return _SURROGATE_ESCAPE_BYTES.search(text) is not None
    return _SURROGATE_ESCAPE.search(text) is not None or _LONE_SURROGATE.search(text) is not None


def _locate(data: Any, where: str, max_int: int, max_depth: int) -> None:
    """The slow walk that names the fault's path (only run when ``_tree_ok`` found one)."""
    stack: list[tuple[Any, str, int]] = [(data, where, 0)]
    while stack:
        value, path, depth = stack.pop()
        if isinstance(value, bool) or value is None:
            continue
        if isinstance(value, str):
            check_text(value, path or "value")
        elif isinstance(value, int):
            check_int(value, path or "value", -max_int, max_int)
        elif isinstance(value, float):
            if not math.isfinite(value) or abs(value) > max_int:
                raise LimitError(path or "value", f"is {value!r}; numbers must be at most {max_int:,}")
        elif isinstance(value, (dict, list)):
            if depth >= max_depth:
                raise LimitError(path or "value", f"nested more than {max_depth} deep")
            if len(value) > MAX_ITEMS:
                raise LimitError(path or "value", f"has {len(value):,} entries; at most {MAX_ITEMS:,}")
            if isinstance(value, dict):
                for key, item in value.items():
                    key_text = check_text(str(key), f"{path} key" if path else "key", MAX_NAME)
                    stack.append((item, f"{path}.{key_text}" if path else key_text, depth + 1))
            else:
                stack.extend((item, f"{path}[{i}]", depth + 1) for i, item in enumerate(value))
        # other types (TOML dates and times) are leaves


# --- whole numbers typed on the command line or in a field ---------------------------------
_WHOLE = re.compile(r"[+-]?[0-9]+")


def parse_int(text: str, where: str, low: int = -MAX_INT, high: int = MAX_INT) -> int:
    """The one reading of a whole number a user typed (``--week 3``, ``--rating charm=3``,
    ``--set house-shield=2``): ASCII digits only (``str.isdigit`` takes ``²``, which
    ``int()`` refuses), at most ``MAX_DIGITS`` of them (a 5,000-digit value is refused
    before ``int()`` spends time on it), within ``low``..``high``.  ChoiceError otherwise,
    naming ``where`` and showing the value cut short."""
    from landsraad.errors import ChoiceError

    t = str(text).strip()
    if not _WHOLE.fullmatch(t):
        raise ChoiceError(f"{where}: {short(t)!r} is not a whole number")
    digits = t.lstrip("+-").lstrip("0") or "0"
    if len(digits) > MAX_DIGITS:
        raise ChoiceError(f"{where}: a {len(digits):,}-digit number; it must be {low:,} to {high:,}")
    value = int(t)
    if not low <= value <= high:
        raise ChoiceError(f"{where}: {value}; it must be {low:,} to {high:,}")
    return value


def short(text: str, n: int = 80) -> str:
    """A value shown in a message: a 40,000-character name is cut, its length said."""
    text = str(text)
    return text if len(text) <= n else f"{text[: n - 1]}… ({len(text):,} characters)"


# What a kind of document holds that a window shows in a spin box, as boxes on a sheet or
# as a name is listed by its record (``DocumentKind.field_limits``), by path ("*" is every
# entry of a list or object; a missing field is fine), with its bound: a whole number is read from -bound to bound (Qt's spin boxes overflow at
# 2^31; 10^7 wound boxes took 28 s to draw), a text up to bound characters (a fencer named
# with 40,000 characters took 7-15 s and 5.7 GB to open: names are bounded as a
# character's are, ``MAX_NAME``).  Checked in ``codec.decode_document``; issue 28.
SHEET_BOXES = 1_000  # wound boxes, a trait's multiplier: a sheet holds a few dozen


def check_fields(data: Any, field_limits: Mapping[str, int]) -> None:
    """LimitError naming the first field of ``field_limits`` beyond its bound."""
    for path, bound in field_limits.items():
        found: list[tuple[str, Any]] = [("", data)]
        for part in path.split("."):
            nxt: list[tuple[str, Any]] = []
            for where, value in found:
                items: list[tuple[str, Any]]
                if isinstance(value, dict):
                    items = list(value.items()) if part == "*" else ([(part, value[part])] if part in value else [])
                elif isinstance(value, list) and part == "*":
                    items = [(f"[{i}]", v) for i, v in enumerate(value)]
                else:
                    continue
                nxt.extend((f"{where}{k}" if k.startswith("[") else f"{where}.{k}", v) for k, v in items)
            found = nxt
        for where, value in found:
            if isinstance(value, int) and not isinstance(value, bool) and not -bound <= value <= bound:
                raise LimitError(where.lstrip("."), f"is {value:,}; a count here is at most {bound:,}")
            if isinstance(value, str) and len(value) > bound:
                raise LimitError(where.lstrip("."), f"is {len(value):,} characters long; at most {bound:,}")
