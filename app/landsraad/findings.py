"""Findings: what validation says about a document.

One rule = one check + one message (design/lessons-from-peers.md): each check
returns Finding objects carrying the rule's id, so a message can never drift from
the check that made it.  Both engines (character, house) speak this type.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

import attrs


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

    def to_json(self) -> dict[str, str]:
        out = {"severity": self.severity.value, "step": self.step, "rule": self.rule,
               "message": self.message}
        if self.field is not None:
            out["field"] = self.field
        return out

    def __str__(self) -> str:
        return f"{self.severity.value}: {self.message}"


def is_complete(findings: Iterable[Finding]) -> bool:
    """Complete = no errors and nothing left to choose."""
    return not any(f.severity in (Severity.ERROR, Severity.TODO) for f in findings)
