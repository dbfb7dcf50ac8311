"""The monthly House turn's edits, as the window runs them (``doc.edit(text, edits.fn, *args)``).

Each takes the Fief first, changes it in place and returns it; they are the engine's
own functions (``landsraad.house.domain``, ``.ventures``, ``.operations``), gathered here
with the one edit the window composes: an Operation whose actor's ratings are typed and
whose target is named for the first time, in one undo step.
"""

from __future__ import annotations

from landsraad.house.domain import (
    add_householder,
    end_month,
    link_householder,
    set_householder_ratings,
    set_householder_status,
    set_legal,
    set_strategy,
    set_strategy_public,
    unlink_householder,
    use_fact,
)
from landsraad.house.domain_model import OperationRecord
from landsraad.house.model import Fief
from landsraad.house.operation_input import names_householder, new_target_place
from landsraad.house.operations import find_house, perform_operation
from landsraad.house.ventures import _contents, declare_venture, forecast, resolve_venture, set_manipulation

__all__ = [
    "add_householder",
    "choose_maintained",
    "declare_venture",
    "end_month",
    "forecast",
    "link_householder",
    "operation_with_household",
    "resolve_venture",
    "set_householder_ratings",
    "set_householder_status",
    "set_legal",
    "set_manipulation",
    "set_strategy",
    "set_strategy_public",
    "unlink_householder",
    "use_fact",
]


def operation_with_household(
    fief: Fief,
    house_id: str,
    actor: str,
    operation: str,
    *,
    ratings: dict | None = None,
    new_target_house: str | None = None,
    new_target_rank: str | None = None,
    **kwargs,
) -> OperationRecord:
    """Type the actor's ratings, add the target to its House's Household if they are new
    (S22), then perform the Operation (``perform_operation``'s keywords); returns the
    Operation's record (its week, reason, bonus, what it revealed: the window shows it).
    Where a new target joins, and at which rank, follows from the Operation's target kind
    (``operation_input.new_target_place``) unless given."""
    if ratings:
        set_householder_ratings(fief, house_id, actor, ratings)
    target = kwargs.get("target")
    if target:
        _, dc = _contents(kwargs.get("hc"), kwargs.get("dc"))
        o = dc.operation(operation, kwargs.get("target_kind"))
        place, rank = new_target_place(o, house_id, kwargs.get("against"))
        if new_target_house is None:
            new_target_house = place
        where = find_house(fief, new_target_house) if new_target_house and names_householder(o) else None
        if where is not None and where.domain.householder(target) is None:
            add_householder(fief, where.id, target, new_target_rank or rank)
    perform_operation(fief, house_id, actor, operation, **kwargs)
    return find_house(fief, house_id).domain.operations[-1]  # perform_operation appends its record


def choose_maintained(fief: Fief, house_id: str, director: str, traits, hc=None, dc=None) -> Fief:
    """Maintain, after its roll: "Choose one Trait per point of Width. Those traits don't
    suffer Degradation this month" (L4910).  ``traits``: at most Width, each once; a
    Maintain that is not rolled yet, or failed, chooses nothing (ChoiceError)."""
    from landsraad.errors import ChoiceError
    from landsraad.house.ventures import _contents, _traits, find_house

    hc, dc = _contents(hc, dc)
    house = find_house(fief, house_id)
    rec = house.domain.venture_of(director)
    if rec is None or dc.venture(rec.venture).effect != "maintain":
        raise ChoiceError(f"{director!r} directs no Maintain of House {house.name} this month")
    if not rec.resolved:
        raise ChoiceError(f"{rec.director}'s Maintain is not rolled yet: its Width says how many traits (L4910)")
    chosen = _traits(traits, hc)
    if len(chosen) > (rec.width or 0):
        raise ChoiceError(f"Maintain of Width {rec.width or 0} chooses at most {rec.width or 0} trait(s) (L4910)")
    rec.maintain = chosen
    rec.reveals = {"maintained": list(chosen)}
    return fief
