"""What every command prints the same way: JSON on stdout, text lines on stdout.

Text lines go through ``printable``: a name or a note may hold control characters
(an escape sequence would drive the user's terminal: colours, a cleared screen, a
retitled window) or bidirectional overrides; they are shown escaped (``\\x1b``), as
``repr`` would.  JSON output: ``json.dumps`` escapes C0 controls; C1 controls are
escaped here (``json_text``).
"""

from __future__ import annotations

import json
import re
import sys
from typing import Any

# C0 and C1 controls (tab kept where a command prints tab-separated columns), DEL, the
# bidirectional embeddings, overrides and isolates, and lone surrogates.
_UNSAFE = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
_UNSAFE_WITH_TAB = re.compile("[\t" + _UNSAFE.pattern[1:])


def _escape(m: re.Match) -> str:
    code = ord(m.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str, keep_tabs: bool = False) -> str:
    """``text`` with every character that could act on a terminal shown escaped."""
    return (_UNSAFE if keep_tabs else _UNSAFE_WITH_TAB).sub(_escape, str(text))


# json.dumps escapes C0 controls but writes C1 controls (U+0080-U+009F: U+009B is CSI, an
# escape sequence on its own for many terminals) and bidi overrides as they are.
_JSON_UNSAFE = re.compile("[\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def json_text(obj: Any) -> str:
    """The one JSON text of every ``--json``: UTF-8, C1 controls escaped (``\\u009b``)."""
    return _JSON_UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", json.dumps(obj, ensure_ascii=False, indent=2))


def print_json(obj: Any) -> None:
    """Exactly one JSON object (or list) on stdout, UTF-8, as the contract says."""
    sys.stdout.write(json_text(obj) + "\n")


def out(line: str = "") -> None:
    """One text line; control characters from names and notes are shown escaped (tabs are
    the columns of tab-separated output and are kept)."""
    sys.stdout.write(printable(line, keep_tabs=True) + "\n")
