"""Fencing healing and the Superb cap, from the seed's text (shared/seeds/fudge-fencing.txt).

Healing (L264-270): a week of rest lowers the worst wound one level (L268), whatever is checked
below it, the boxes filling as L166-167 say; Near Death heals slower (L269).  The cap: "the
highest possible rank is Superb" (L91) is said of the rolled result, for the attack and the
defence alike."""

import pytest

from landsraad.packs.fencing.content import load_fencing_content
from landsraad.packs.fencing.dice import FudgeDice
from landsraad.packs.fencing.duel import Choice, Combatant, Duel, resolve_exchange
from landsraad.packs.fencing.model import Fencer
from landsraad.packs.fencing.wounds import doctor, rest_untreated, slow_healing_note

ALL = [
    "disarm",
    "dodge",
    "feint",
    "fleche",
    "lock",
    "lunge",
    "parry",
    "punch",
    "push",
    "riposte",
    "root",
    "slash",
    "thrust",
]


@pytest.fixture(scope="module")
def c():
    return load_fencing_content()


# ----- a week of rest (L268 with L166-167) ---------------------------------------------------
def test_week_moves_worst_wound_down_past_a_checked_box(c):
    # Incapacitated and Very Hurt checked: "a character who has been Incapacitated will become
    # Very Hurt, after a week of rest" (L268); the Very Hurt box is taken, so the healed wound
    # takes the next lower open box, Hurt (L166-167 read downwards).  Before: nothing healed.
    f = Fencer("x", wounds={"incapacitated": 1, "very-hurt": 1})
    rest_untreated(c, f)
    assert f.wounds == {"very-hurt": 1, "hurt": 1}


def test_week_with_every_box_below_checked_heals_the_worst(c):
    # Very Hurt and Hurt: Very Hurt drops; Hurt is full, so it reaches Scratch, which is healed
    # ("dropping to a Scratch result effectively means the wound has been healed", L266)
    f = Fencer("x", wounds={"very-hurt": 1, "hurt": 1})
    rest_untreated(c, f)
    assert f.wounds == {"hurt": 1}
    rest_untreated(c, f)
    assert f.wounds == {}


def test_three_weeks_from_incapacitated(c):
    # Incapacitated alone: Very Hurt, then Hurt, then healed (one level a week, L268)
    f = Fencer("x", wounds={"incapacitated": 1, "scratch": 2})
    rest_untreated(c, f)
    assert f.wounds == {"very-hurt": 1}  # the Scratches are gone too (L265)
    rest_untreated(c, f, 2)
    assert f.wounds == {}


# ----- Near Death heals slower (L269) ------------------------------------------------------------
def test_near_death_needs_two_weeks_of_rest(c):
    f = Fencer("x", wounds={"near-death": 1, "hurt": 1})
    assert "heals slower" in slow_healing_note(c, f) and "(L269)" in slow_healing_note(c, f)
    rest_untreated(c, f)
    assert f.wounds == {"near-death": 1, "hurt": 1} and f.near_death_rest == 1
    rest_untreated(c, f)
    assert f.wounds == {"incapacitated": 1, "hurt": 1} and f.near_death_rest == 0
    assert slow_healing_note(c, f) == ""
    rest_untreated(c, f)  # then a level a week again (L268)
    assert f.wounds == {"very-hurt": 1, "hurt": 1}


def test_doctor_lowers_near_death_one_level_whatever_the_result(c):
    # "regardless of the level of medical attention" (L269): a Superb Doctor roll lowers the
    # other wounds three levels (L266) but Near Death one, to Incapacitated
    f = Fencer("x", wounds={"near-death": 1, "very-hurt": 1})
    assert doctor(c, f, "superb") == 2
    assert f.wounds == {"incapacitated": 1}
    f = Fencer("x", wounds={"near-death": 1})
    doctor(c, f, "good")
    assert f.wounds == {"incapacitated": 1}


def test_near_death_rest_is_kept_in_the_document(c, tmp_path):
    from landsraad.documents.codec import save_document
    from landsraad.packs.fencing.document import FENCER_KIND, load_fencer

    f = Fencer("x", wounds={"near-death": 1})
    rest_untreated(c, f)
    save_document(FENCER_KIND, f, tmp_path / "x.json")
    again = load_fencer(tmp_path / "x.json")
    assert again.near_death_rest == 1
    rest_untreated(c, again)
    assert again.wounds == {"incapacitated": 1}


# ----- the Superb cap after the roll, attack and defence alike (L91) ----------------------------
def _round(c, dice, **choices):
    a = Fencer("A", "good", list(ALL), reflexes="superb")
    b = Fencer("B", "superb", list(ALL), reflexes="fair")
    d = Duel([Combatant("a", a), Combatant("b", b)], realism=1)
    return resolve_exchange(d, c, {k: Choice(v) for k, v in choices.items()}, FudgeDice(typed=dice))


def test_attack_and_parry_at_superb_plus_one_both_roll_minus_two_to_great(c):
    # A's Thrust: Reflexes Superb +1 (L56-57); B's Parry: Fencing Superb +1 (L50-51).  Both
    # roll -2: Superb+1 -2 = Great for each (L91 caps the result, not the level rolled from).
    # Before: the parry was cut to Superb first and reached Good.
    rec = _round(c, "-2 -2", a="thrust", b="parry")
    (atk,) = [s for s in rec["steps"] if s["step"] == "attack"]
    assert (atk["attack"], atk["defence"], atk["hit"]) == ("Great", "Great", False)


def test_parry_above_superb_rolled_high_is_still_superb(c):
    rec = _round(c, "+2 +1", a="thrust", b="parry")
    (atk,) = [s for s in rec["steps"] if s["step"] == "attack"]
    assert (atk["attack"], atk["defence"]) == ("Superb", "Superb")


def test_many_weeks_of_rest_stop_once_healed(c):
    # a level a week (L268): Near Death needs 2 weeks (L269), then Incapacitated, Very Hurt, Hurt:
    # healed after 5 weeks; a billion weeks asked ends there at once
    f = Fencer("x", wounds={"near-death": 1})
    rest_untreated(c, f, 10**9)
    assert f.wounds == {} and f.near_death_rest == 0
