"""One home for an Operation's target rule and for typed ratings (issue 24): the engine, the
window and the command line read them here.  Target kinds as domain.toml records them for
the ten Operations (L4917-L4981; spec domain-management.md §5.3: "High" and "Low" describe
the target)."""

import pytest

from landsraad.errors import ChoiceError
from landsraad.house.domain_tables import load_domain_content
from landsraad.house.operation_input import (
    names_householder,
    names_rival_house,
    new_target_place,
    parse_ratings,
    target_rank,
)


def _op(key):
    return load_domain_content().operation(key)


def test_a_rival_low_target_joins_the_rival_house_as_low():
    o = _op("socialise-low")  # Socialise a rival's Low Householder (L4885: Low HH are targets)
    assert names_rival_house(o) and names_householder(o) and target_rank(o) == "low"
    assert new_target_place(o, "vorst", "felderon") == ("felderon", "low")


def test_own_high_names_a_householder_of_ones_own_house():
    owns = [o for o in load_domain_content().operations if o.target == "own-high"]
    assert owns, "domain.toml has an Operation on another High Householder of one's House"
    o = owns[0]
    assert not names_rival_house(o) and names_householder(o) and target_rank(o) == "high"
    assert new_target_place(o, "vorst", "felderon") == ("vorst", "high")


def test_an_operation_on_a_house_names_no_householder():
    for o in load_domain_content().operations:
        if o.target in ("rival-house", "self", "information"):
            assert not names_householder(o) and new_target_place(o, "vorst", "felderon") == (None, "high")
            assert names_rival_house(o) == (o.target == "rival-house")


def test_ratings_are_name_equals_number():
    assert parse_ratings(["Charm=3", "personality=2"]) == {"charm": 3, "personality": 2}
    assert parse_ratings("charm=3, personality=2") == {"charm": 3, "personality": 2}
    for bad in (["charm"], ["=3"]):
        with pytest.raises(ChoiceError, match="NAME=N"):
            parse_ratings(bad)
    with pytest.raises(ChoiceError, match="not a whole number"):
        parse_ratings(["charm=three"])
