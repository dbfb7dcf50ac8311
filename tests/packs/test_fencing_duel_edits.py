"""A duel round at the table (issue 19): the cards face down, turned over together, the
fight's steps shown one at a time with the wound boxes of the steps shown; the seed's
Example #6 (fudge-fencing.txt L99-L107): Regenald's Thrust at Superb, the Guard's Fleche at
Mediocre, and Regenald's hit through the Guard's Automatic Parry."""

import pytest

from landsraad.errors import ChoiceError, DocumentError
from landsraad.packs.fencing import duel_edits as E
from landsraad.packs.fencing.content import load_fencing_content
from landsraad.packs.fencing.dice import FudgeDice
from landsraad.packs.fencing.document import duel_from_json, duel_to_json
from landsraad.packs.fencing.duel import Choice, Combatant, Duel
from landsraad.packs.fencing.model import Fencer


@pytest.fixture(scope="module")
def c():
    return load_fencing_content()


def example_6():
    reg = Fencer("Regenald", "good", ["thrust", "parry", "slash", "feint", "lunge"], reflexes="great")
    guard = Fencer("Guard", "good", ["fleche", "parry", "slash"], reflexes="good")
    return Duel([Combatant("regenald", reg), Combatant("guard", guard)])


def test_the_cards_stay_face_down_until_every_fencer_has_chosen(c):
    d = example_6()
    t = E.table_round(d, c)
    assert t.stage == "choosing" and t.round == 1
    assert [k.status for k in t.corners] == ["choosing", "choosing"]
    E.choose_in_secret(d, c, "regenald", Choice("thrust"))
    t = E.table_round(d, c)
    assert [k.status for k in t.corners] == ["chosen", "choosing"]
    # nothing the group's screen is given names the card
    assert "thrust" not in repr(t).lower()
    with pytest.raises(ChoiceError, match="still to choose in secret: Guard"):
        E.reveal_choices(d, c)
    with pytest.raises(ChoiceError, match="not one of the maneuvers it knows"):
        E.choose_in_secret(d, c, "guard", Choice("lunge"))
    E.choose_in_secret(d, c, "guard", Choice("fleche"))
    E.withdraw_choice(d, "guard")
    assert [k.status for k in E.table_round(d, c).corners] == ["chosen", "choosing"]


def test_the_reveal_shows_both_maneuvers_and_their_initiative_before_any_die(c):
    d = example_6()
    E.choose_in_secret(d, c, "regenald", Choice("thrust"))
    E.choose_in_secret(d, c, "guard", Choice("fleche"))
    E.reveal_choices(d, c)
    t = E.table_round(d, c)
    assert t.stage == "revealed" and t.round == 1 and d.log == []
    reg, guard = t.corners
    assert (reg.maneuver, guard.maneuver) == ("Thrust", "Fleche")
    # L100: Regenald's Reflexes Great +1 for the Thrust = Superb; the Guard's Good -2 = Mediocre
    assert reg.initiative == ("base Great +1 for Thrust = Superb.",)
    assert guard.initiative == ("base Good -2 for Fleche = Mediocre.",)
    assert (reg.initiative_level, guard.initiative_level) == ("Superb", "Mediocre")


def test_a_feint_shows_both_its_levels_and_a_parry_acts_when_attacked(c):
    d = example_6()
    E.choose_in_secret(d, c, "regenald", Choice("feint", feint_to="lunge"))
    E.choose_in_secret(d, c, "guard", Choice("parry"))
    E.reveal_choices(d, c)
    reg, guard = E.table_round(d, c).corners
    # L47 (reading A2): the feint one step early (Great +1 = Superb), the true Lunge
    # (-1, L52) one step late: Great -1 -1 = Fair; a Parry is Special (L57)
    assert reg.maneuver == "Feint to Lunge" and reg.initiative_level == "Superb and Fair"
    assert guard.initiative_level == "Special (when attacked)"
    with pytest.raises(ChoiceError, match="turned over"):
        E.choose_in_secret(d, c, "guard", Choice("parry"))
    with pytest.raises(ChoiceError, match="turned over"):
        E.withdraw_choice(d, "guard")


def test_the_fight_is_shown_step_by_step_with_the_wound_boxes_of_the_steps_shown(c):
    d = example_6()
    E.choose_in_secret(d, c, "regenald", Choice("thrust"))
    E.choose_in_secret(d, c, "guard", Choice("fleche"))
    E.reveal_choices(d, c)
    # Regenald's Thrust (Reflexes Great, +1 for the Thrust, L56) rolls -1 against the Guard's
    # Automatic Parry (Fencing Good -1 = Fair, L97) +0; then the Guard's Fleche 0 vs Regenald's +1
    out = E.fight_round(d, c, FudgeDice(typed="-1 0 0 +1"))
    assert out["round"] == 1 and d.round == 1 and d.secret == {} and not d.revealed
    assert d.combatant("guard").fencer.wounds == {"scratch": 1}  # the engine's result, at once
    t = E.table_round(d, c)
    assert t.stage == "fighting" and t.steps == () and t.hidden_steps > 0
    assert [k.maneuver for k in t.corners] == ["Thrust", "Fleche"]  # still shown while it is fought
    assert t.corners[1].wounds == {}  # the group has not seen the hit yet
    seen = []
    while E.table_round(d, c).stage == "fighting":
        E.show_next_step(d)
        t = E.table_round(d, c)
        seen.append(t.steps[-1]["step"])
        if "wound" not in seen:
            assert t.corners[1].wounds == {}
    assert seen[0] == "reveal" and "Superb: Regenald reveals and performs Thrust" in t.steps[0]["text"]
    assert "rolls -1: Great" in t.steps[1]["text"] and "a hit by 2" in t.steps[1]["text"]
    assert seen[-1] == "wound" and t.corners[1].wounds == {"scratch": 1} and t.hidden_steps == 0
    assert len(t.steps) == len(out["steps"]) - 4  # two choices and two Initiatives were the reveal
    with pytest.raises(ChoiceError, match="every step"):
        E.show_next_step(d)
    # the next round: choosing again, the last round's steps kept as what was seen
    E.choose_in_secret(d, c, "guard", Choice("parry"))
    t = E.table_round(d, c)
    assert t.stage == "choosing" and t.round == 2 and t.steps_round == 1
    assert [k.status for k in t.corners] == ["choosing", "chosen"] and t.corners[1].maneuver == ""


def test_show_all_and_fight_without_a_separate_reveal(c):
    d = example_6()
    E.choose_in_secret(d, c, "regenald", Choice("thrust"))
    E.choose_in_secret(d, c, "guard", Choice("fleche"))
    E.fight_round(d, c, FudgeDice(typed="-1 0 0 +1"))
    E.show_all_steps(d)
    t = E.table_round(d, c)
    assert t.stage == "fought" and t.hidden_steps == 0 and t.corners[1].wounds == {"scratch": 1}
    # a bad count of typed dice changes nothing: the choices stay face down
    E.choose_in_secret(d, c, "regenald", Choice("slash"))
    E.choose_in_secret(d, c, "guard", Choice("parry"))
    before = duel_to_json(d)
    with pytest.raises(Exception, match="typed"):
        E.fight_round(d, c, FudgeDice(typed="0"))
    assert d.round == 1 and set(d.secret) == {"regenald", "guard"} and duel_to_json(d) == before


def test_the_round_at_the_table_is_saved_with_the_duel(c):
    d = example_6()
    E.choose_in_secret(d, c, "regenald", Choice("feint", feint_to="lunge", pull_to="hurt"))
    data = duel_to_json(d)
    assert data["secret"] == {
        "regenald": {"maneuver": "feint", "feint_to": "lunge", "pull_to": "hurt", "target": "guard"}
    }
    back = duel_from_json(data)
    assert back == d and E.table_round(back, c).corners[0].status == "chosen"
    E.choose_in_secret(d, c, "guard", Choice("slash"))
    E.fight_round(d, c, FudgeDice(seed=7))
    E.show_next_step(d)
    back = duel_from_json(duel_to_json(d))
    assert back == d and back.shown == d.shown and "secret" not in duel_to_json(d)
    bad = dict(duel_to_json(d), shown=-1)
    with pytest.raises(DocumentError, match="shown"):
        duel_from_json(bad)
    bad = dict(duel_to_json(d), secret={"guard": {"maneuver": 3}})
    with pytest.raises(DocumentError, match="secret.guard.maneuver"):
        duel_from_json(bad)


def test_a_round_fought_without_the_table_edits_is_shown_whole(c):
    """The command line fights with ``resolve_exchange``: the group's screen then shows that
    round whole, not the count of steps of the round before."""
    from landsraad.packs.fencing.duel import resolve_exchange

    d = example_6()
    E.choose_in_secret(d, c, "regenald", Choice("thrust"))
    E.choose_in_secret(d, c, "guard", Choice("fleche"))
    E.fight_round(d, c, FudgeDice(typed="-1 0 0 +1"))
    assert E.table_round(d, c).stage == "fighting"
    d.secret = {}
    resolve_exchange(d, c, {"regenald": Choice("slash"), "guard": Choice("parry")}, FudgeDice(seed=3))
    assert d.shown is None and E.table_round(d, c).stage == "choosing"
