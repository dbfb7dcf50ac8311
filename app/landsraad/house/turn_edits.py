"""The monthly House turn's edits, as the window runs them (``doc.edit(text, edits.fn, *args)``).

Each takes the Fief first, changes it in place and returns it; they are the engine's
own functions (``landsraad.house.domain``, ``.ventures``, ``.operations``), gathered here
with the one edit the window composes: an Operation whose actor's ratings are typed and
whose target is named for the first time, in one undo step.
"""

from __future__ import annotations

from landsraad.house.domain import (add_householder, end_month, set_householder_ratings, set_strategy,
                                    set_strategy_public, use_fact)
from landsraad.house.domain_model import OperationRecord
from landsraad.house.model import Fief
from landsraad.house.operations import find_house, perform_operation
from landsraad.house.ventures import declare_venture, forecast, resolve_venture

__all__ = ["add_householder", "declare_venture", "end_month", "forecast", "operation_with_household",
           "resolve_venture", "set_householder_ratings", "set_strategy", "set_strategy_public", "use_fact"]


def operation_with_household(fief: Fief, house_id: str, actor: str, operation: str, *, ratings: dict | None = None,
                             new_target_house: str | None = None, new_target_rank: str = "high",
                             **kwargs) -> OperationRecord:
    """Type the actor's ratings, add the target to its House's Household if they are new
    (S22), then perform the Operation (``perform_operation``'s keywords); returns the
    Operation's record (its week, reason, bonus, what it revealed: the window shows it)."""
    if ratings:
        set_householder_ratings(fief, house_id, actor, ratings)
    target = kwargs.get("target")
    if target and new_target_house:
        where = fief.house(new_target_house)
        if where is not None and where.domain.householder(target) is None:
            add_householder(fief, new_target_house, target, new_target_rank)
    perform_operation(fief, house_id, actor, operation, **kwargs)
    return find_house(fief, house_id).domain.operations[-1]     # perform_operation appends its record
