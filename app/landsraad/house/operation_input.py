"""What an Operation is told before it is rolled: whom it targets and the actor's ratings.

One home for each rule (issue 24): the window, the command line and the engine read an
Operation's target kind (``domain.toml``: rival-high, rival-low, own-high, rival-house,
rival-householder, self, information; L4917-L4981) through these functions, and parse
"charm=3 personality=2" the same way, refusing what is not ``NAME=N``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from landsraad.errors import ChoiceError
from landsraad.house.domain_model import HIGH, LOW

# the target kinds that name a rival House (--against) ...
_RIVAL_HOUSE = frozenset({"rival-high", "rival-low", "rival-house", "rival-householder"})
# ... and those that name one Householder (--target): a rival's, or another of one's own House
_NAMED_HOUSEHOLDER = frozenset({"rival-high", "rival-low", "rival-householder", "own-high"})
# the rank a named Householder must hold ("High" and "Low" describe the target, spec §5.3)
_RANK = {"rival-high": HIGH, "rival-low": LOW, "own-high": HIGH}


class _Targeted(Protocol):  # an Operation of domain.toml (frozen: read-only)
    @property
    def target(self) -> str: ...


def names_rival_house(o: _Targeted) -> bool:
    """The Operation is aimed at a rival House, which must be named."""
    return o.target in _RIVAL_HOUSE


def names_householder(o: _Targeted) -> bool:
    """The Operation is aimed at one Householder, who must be named."""
    return o.target in _NAMED_HOUSEHOLDER


def target_rank(o: _Targeted) -> str | None:
    """The rank the named Householder must hold (None: either rank)."""
    return _RANK.get(o.target)


def new_target_place(o: _Targeted, house_ref: str, against: str | None) -> tuple[str | None, str]:
    """Where a named target not yet in any Household joins (S22), and at which rank: the
    acting House for own-high, the rival House otherwise (None: the Operation names nobody,
    or no rival is named yet)."""
    if not names_householder(o):
        return None, HIGH
    where = house_ref if o.target == "own-high" else against
    return (where or None), (target_rank(o) or HIGH)


def parse_ratings(pairs: Iterable[str]) -> dict[str, int]:
    """``["charm=3", "personality=2"]`` (or one string of them, commas or spaces between) ->
    ``{"charm": 3, "personality": 2}``; anything not ``NAME=N`` is a ChoiceError."""
    if isinstance(pairs, str):
        pairs = pairs.replace(",", " ").split()
    out: dict[str, int] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise ChoiceError(f"{pair!r}: write a rating as NAME=N, e.g. intellect=3")
        from landsraad.documents.limits import parse_int  # the one bounded reading of a number

        out[key.strip().lower()] = parse_int(value, f"rating {key.strip()!r}", -100, 100)
    return out
