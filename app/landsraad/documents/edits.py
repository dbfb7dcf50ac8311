"""Edits of any kind of document (the window runs them as one undo step, as every edit)."""

from __future__ import annotations

from typing import Any

import attrs


def replace_state(state: Any, other: Any) -> None:
    """Reload from disk: the document's state (an attrs object) becomes ``other``'s, in
    place, so Undo brings back what was open before the file was read again."""
    for field in attrs.fields(type(state)):
        setattr(state, field.name, getattr(other, field.name))
