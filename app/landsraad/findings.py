"""Findings: what validation says about a document.

One rule = one check + one message (design/lessons-from-peers.md): each check
returns Finding objects carrying the rule's id, so a message can never drift from
the check that made it.  Both engines (character, house) speak this type.
"""

from __future__ import annotations

import enum
import re

import attrs

_LINE = re.compile(r"\bL(\d{1,5})\b")


class Severity(str, enum.Enum):
    ERROR = "error"      # the document breaks a rule
    WARNING = "warning"  # allowed, but the Judge should know (e.g. a recommended reading)
    TODO = "todo"        # something is still to choose

    def __str__(self) -> str:  # pragma: no cover - trivial
        return self.value


@attrs.frozen
class Finding:
    severity: Severity
    step: str            # step id ("extras", "early-life", ...) or house/fief area
    rule: str            # rule id from the spec, e.g. "B1", "F2", "V11"
    message: str         # one plain sentence, starting with the step's name
    field: str | None = None   # what the finding concerns, for the GUI to focus
    line: str = ""       # the rulebook line it rests on ("L1299"); the first one the message cites if not given

    def __attrs_post_init__(self):
        # The message names printed pages (what a player can open), the line stays a key:
        # "(L1299)" is written "(p. 61)" and line = "L1299".
        m = _LINE.search(self.message)
        if m is None:
            return
        if not self.line:
            object.__setattr__(self, "line", f"L{m.group(1)}")
        from landsraad.rules.pages import cite
        object.__setattr__(self, "message", cite(self.message))

    @property
    def page(self) -> int | None:
        from landsraad.rules.pages import page_of_ref
        return page_of_ref(self.line)

    def to_json(self) -> dict:
        out = {"severity": self.severity.value, "step": self.step, "rule": self.rule,
               "message": self.message}
        if self.field is not None:
            out["field"] = self.field
        if self.line:
            out["line"] = self.line
            out["page"] = self.page
        return out

    def __str__(self) -> str:
        return f"{self.severity.value}: {self.message}"


def has_errors(findings) -> bool:
    return any(f.severity is Severity.ERROR for f in findings)


def is_complete(findings) -> bool:
    """Complete = no errors and nothing left to choose."""
    return not any(f.severity in (Severity.ERROR, Severity.TODO) for f in findings)
