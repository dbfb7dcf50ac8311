"""Findings worded: the severity of one, and how many there are of each."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from landsraad.findings import Finding, Severity

SEVERITY_ICON = {Severity.ERROR: "severity-error", Severity.WARNING: "severity-warning", Severity.TODO: "severity-todo"}
SEVERITY_TEXT = {Severity.ERROR: "Error", Severity.WARNING: "Warning", Severity.TODO: "To do"}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def counts(findings: Iterable[Finding]) -> Counter[Severity]:
    return Counter(f.severity for f in findings)


def counts_text(findings: Iterable[Finding], warnings: bool = True) -> str:
    """ "2 errors, 1 to do, 0 warnings" (without the warnings when ``warnings`` is False)."""
    n = counts(findings)
    text = f"{_plural(n[Severity.ERROR], 'error')}, {n[Severity.TODO]} to do"
    if warnings:
        text += f", {_plural(n[Severity.WARNING], 'warning')}"
    return text


def finding_cells(f: Finding, step_names: dict[str, str] | None = None) -> tuple[str, str, str]:
    """(severity, step, message) of a finding for a table; steps named by ``step_names``."""
    names = step_names or {}
    return (SEVERITY_TEXT[f.severity], names.get(f.step, f.step.replace("-", " ").title()), f.message)


def view_failure(file: str, exc: BaseException) -> str:
    """The message of a document that opened but whose view cannot be built (issue 28):
    the file, the field where the error names one, and what went wrong, cut short."""
    field = getattr(exc, "field", None)
    what = str(exc) or type(exc).__name__
    if len(what) > 300:
        what = what[:299] + "…"
    kind = {
        "OverflowError": "a number too large to show",
        "MemoryError": "too much to show",
        "KeyError": f"it names {what}, which is not there",
    }.get(type(exc).__name__, what)
    return (
        f"{file}: this document was read, but its view cannot be built"
        + (f" ({field})" if field else "")
        + f": {kind}. The file is unchanged; "
        "fix it with the command line or a text editor, or open its .bak."
    )
