"""Breaking Up (L147-L149): "Rolled 4x10? Well that can be two sets of 2x10 or even a set of
3x10 and a 1x10 if you so desire."  A set of the system roll can be broken up, by the edit
or by typing the sets apart; the Fief stays valid (the bodies hold the roll's dice)."""

from __future__ import annotations

import json

import pytest

from landsraad import cli
from landsraad.errors import ChoiceError
from landsraad.house import edits
from landsraad.house.content import load_house_content
from landsraad.house.fief import creation_roll, new_fief, read_body
from landsraad.house.validate import fief_findings

HC = load_house_content()


def test_typed_apart_two_medium_moons_not_one_wide_set(capsys):
    # 3x4 is a Medium Moon with 2 Territories (the Fief table); 6x4 would be read as the 5x row
    assert cli.main(["fief", "roll", "--dice", "3x4 3x4 2x8 9 6 2", "--json"]) == 0
    bodies = json.loads(capsys.readouterr().out)["bodies"]
    assert [b["from"] for b in bodies][:2] == ["3x4", "3x4"]
    assert [b["territories"] for b in bodies][:2] == [2, 2]


def test_break_up_a_set_of_the_system_roll():
    fief = new_fief(creation_roll("4x10 2x8 9 6 2 1 3", None), HC)
    wide = fief.bodies[0]
    assert wide.source == "4x10"
    edits.add_house(fief, "Kessel")
    edits.place_house(fief, "kessel", wide.territories[-1].id)
    edits.break_up(fief, wide.id, [3, 1], HC)
    assert [b.source for b in fief.bodies][:2] == ["3x10", "10"]
    assert read_body(fief.bodies[1], HC).table != "sets"  # 1x10: a single die, a feature
    # the House stood on a Territory the 3x10 does not have: it is taken off, to be placed again
    kessel = fief.house("kessel")
    assert kessel.territory is None or fief.territory(kessel.territory) is not None
    assert not [f for f in fief_findings(fief, HC) if f.rule == "V4"]
    with pytest.raises(ChoiceError, match="add up to 3"):
        edits.break_up(fief, wide.id, [2, 2], HC)
    with pytest.raises(ChoiceError, match="only a set can be broken up"):
        edits.break_up(fief, fief.bodies[1].id, [1], HC)


def test_bodies_that_do_not_hold_the_rolls_dice_are_still_an_error():
    fief = new_fief(creation_roll("4x10 2x8 9 6 2 1 3", None), HC)
    fief.bodies[0].source = "3x10"  # a die lost, not broken up
    assert [f for f in fief_findings(fief, HC) if f.rule == "V4"]
