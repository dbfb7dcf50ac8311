"""Findings: what validation says about a document.

One rule = one check + one message (design/lessons-from-peers.md): each check
returns Finding objects carrying the rule's id, so a message can never drift from
the check that made it.  Both engines (character, house) speak this type.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable

import attrs

_LINE = re.compile(r"\bL(\d{1,5})\b")


class Severity(str, enum.Enum):
    ERROR = "error"  # the document breaks a rule
    WARNING = "warning"  # allowed, but the Judge should know (e.g. a recommended reading)
    TODO = "todo"  # something is still to choose

    def __str__(self) -> str:  # pragma: no cover - trivial
        return self.value


@attrs.frozen
class Finding:
    severity: Severity
    step: str  # step id ("extras", "early-life", ...) or house/fief area
    rule: str  # rule id from the spec, e.g. "B1", "F2", "V11"
    message: str  # one plain sentence, starting with the step's name
    field: str | None = None  # what the finding concerns, for the GUI to focus
    line: str = ""  # the line of Houses of the Landsraad it rests on ("L1299"), see ``cited``

    @property
    def page(self) -> int | None:
        """The printed page of ``line`` in Houses of the Landsraad (the only pack with a page table)."""
        from landsraad.rules.pages import page_of_ref

        return page_of_ref(self.line)

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "severity": self.severity.value,
            "step": self.step,
            "rule": self.rule,
            "message": self.message,
        }
        if self.field is not None:
            out["field"] = self.field
        if self.line:
            out["line"] = self.line
            out["page"] = self.page
        return out

    def __str__(self) -> str:
        return f"{self.severity.value}: {self.message}"


def cited(severity: Severity, step: str, rule: str, message: str, field: str | None = None, line: str = "") -> Finding:
    """A finding of the Houses of the Landsraad engines: the message names printed pages (what a
    player can open) and the line stays a key: "(L1299)" is written "(p. 61)", line = "L1299".
    Other packs cite other texts and build ``Finding`` directly."""
    m = _LINE.search(message)
    if m is None:
        return Finding(severity, step, rule, message, field, line)
    from landsraad.rules.pages import cite

    return Finding(severity, step, rule, cite(message), field, line or f"L{m.group(1)}")


def is_complete(findings: Iterable[Finding]) -> bool:
    """Complete = no errors and nothing left to choose."""
    return not any(f.severity in (Severity.ERROR, Severity.TODO) for f in findings)
