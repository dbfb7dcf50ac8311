"""Edits of a conflict: the order of action's moves and the set-up, as the named engine
functions the window and the command line share (``doc.edit("Keep", edits.keep, rules,
pay="momentum", extra=True)``).  A move the rules forbid raises OrderError and changes nothing."""

from __future__ import annotations

from landsraad.packs.conflict.order import (
    Conflict,
    OrderError,
    add_actor,
    add_side,
    add_zone,
    begin,
    bring_asset,
    choose,
    hand_over,
    keep,
    next_round,
    place,
    place_asset,
    remove_actor,
    set_asset_state,
    set_pools,
)

__all__ = [
    "add_actor",
    "add_side",
    "add_zone",
    "begin",
    "bring_asset",
    "choose",
    "hand_over",
    "keep",
    "next_round",
    "place",
    "place_asset",
    "remove_actor",
    "set_asset_state",
    "set_pools",
    "set_name",
    "add_zone_typed",
]


def set_name(c: Conflict, name: str) -> None:
    c.name = name


def add_zone_typed(c: Conflict, text: str) -> None:
    """A zone typed as "Name: trait; trait" (the window's one-line entry)."""
    name, _, traits = text.partition(":")
    if not name.strip():
        raise OrderError("Z1", "a zone needs a name")
    add_zone(c, name, [t.strip() for t in traits.split(";") if t.strip()])
