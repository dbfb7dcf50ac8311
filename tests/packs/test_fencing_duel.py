"""The Dueling System with typed dice, against the seed's text and examples
(shared/seeds/fudge-fencing.txt L58-169; spec shared/rules/fencing.md §5-6, worked
examples F3-F17).  Typed dice are 4dF results in the order the round asks for them."""

import pytest

from landsraad.errors import ChoiceError, DiceError
from landsraad.packs.fencing.content import load_fencing_content
from landsraad.packs.fencing.dice import FudgeDice, parse_results
from landsraad.packs.fencing.duel import (
    Choice,
    Combatant,
    Duel,
    base_initiative,
    maneuver_initiative,
    resolve_exchange,
)
from landsraad.packs.fencing.model import Fencer, FencerWeapon

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


def fencer(name, fencing="good", reflexes="fair", muscle="fair", **kw):
    return Fencer(name, fencing, list(ALL), reflexes=reflexes, muscle=muscle, **kw)


def duel(*fencers, realism=1, **kw):
    return Duel([Combatant(f.name.lower(), f) for f in fencers], realism=realism, **kw)


def play(d, c, dice, **choices):
    return resolve_exchange(
        d, c, {k: v if isinstance(v, Choice) else Choice(v) for k, v in choices.items()}, FudgeDice(typed=dice)
    )


def of(rec, step):
    return [s for s in rec["steps"] if s["step"] == step]


def regenald_and_guard():
    # Regenald: Reflexes Great, Muscle Fair (L70, L127); the Guard: Fencing Good, Reflexes Good,
    # Damage Capacity Fair (L90, L100, L134)
    return fencer("Regenald", reflexes="great"), fencer("Guard", reflexes="good")


# ----- Step Two: Initiative (F3, F4, F5) ---------------------------------------------------------
@pytest.mark.parametrize(
    "reflexes, maneuver, lower, expected",
    [
        ("great", "slash", None, "great"),
        ("great", "disarm", None, "good"),
        ("great", "thrust", None, "superb"),
        ("good", "fleche", None, "mediocre"),
        ("good", "thrust", "terrible", "poor"),
    ],
)
def test_initiative_examples(c, reflexes, maneuver, lower, expected):
    comb = Combatant("a", fencer("x", reflexes=reflexes))
    base = base_initiative(c, comb, Choice(maneuver, lower_to=lower))
    assert c.clamp(base + maneuver_initiative(c.maneuver(maneuver), None)) == c.level(expected).value


def test_defensive_maneuvers_are_special(c):
    for m in ("dodge", "lock", "parry", "riposte", "root"):
        assert maneuver_initiative(c.maneuver(m), None) is None


def test_feint_to_lunge_acts_twice(c):
    # F4: Reflexes Great; the feint at Great +1 = Superb, the Lunge at Great -1 -1 = Fair (reading A2)
    d = duel(fencer("A", reflexes="great"), fencer("B"))
    rec = play(d, c, "-4 0 0 0", a=Choice("feint", feint_to="lunge"), b=Choice("parry"))
    init = of(rec, "initiative")[0]
    assert (init["level"], init["true_level"]) == ("Superb", "Fair")


@pytest.mark.parametrize("locked, expected", [(True, "Great"), (False, "Fair")])
def test_push_initiative_depends_on_last_rounds_lock(c, locked, expected):
    d = duel(fencer("A", reflexes="good"), fencer("B"))
    if locked:
        d.combatants[0].locked_with, d.combatants[1].locked_with = "b", "a"
    rec = play(d, c, "0 0", a="push", b="root")
    assert of(rec, "initiative")[0]["level"] == expected


# ----- Step Three: attacks and defences ------------------------------------------------------------
def test_example_5_slash_against_parry_is_parried(c):
    # L89-92: Great +0 = Great; the Guard's Parry Good +1 = Great, +2 -> Superb (cut to Superb)
    d = duel(*regenald_and_guard())
    rec = play(d, c, "0 +2", regenald="slash", guard="parry")
    (atk,) = of(rec, "attack")
    assert (atk["attack"], atk["defence"], atk["hit"]) == ("Great", "Superb", False)
    assert rec["hits"] == [] and d.round == 1


def test_example_6_and_8_thrust_hits_the_automatic_parry(c):
    # L100-104, L130-136 with Thrust's own +1 attack and -1 Muscle (INCONSISTENT I1, I2; F10):
    # attack Great+1 = Superb, rolls -1: Great; Automatic Parry Good-1 = Fair, rolls 0 -> Basic 2;
    # ODM rapier 2 + Muscle Fair-1 (-1) = 1; DDM 0; Realism 1 -> 2 = Scratch
    d = duel(*regenald_and_guard())
    rec = play(d, c, "-1 0 0 +1", regenald="thrust", guard="fleche")
    first = of(rec, "attack")[0]
    assert (first["who"], first["attack"], first["defence"], first["basic_damage"]) == ("Regenald", "Great", "Fair", 2)
    (hit,) = rec["hits"]
    assert (hit["basic"], hit["odm"], hit["ddm"], hit["realism"], hit["damage"]) == (2, 1, 0, 1, 2)
    assert hit["wound"] == "scratch"
    assert d.combatant("guard").fencer.wounds == {"scratch": 1}
    # Regenald acted first (Superb), the Guard's Fleche at Mediocre: Good +0 against his
    # Automatic Parry Fair +1 = Good: a tie is no hit (reading ties)
    second = of(rec, "attack")[1]
    assert (second["who"], second["attack"], second["defence"], second["hit"]) == ("Guard", "Good", "Good", False)


@pytest.mark.parametrize("roll, reacts, rolls", [("+1", False, 5), ("+2", True, 3)])
def test_example_7_reaction_needs_to_reach_the_attackers_initiative(c, roll, reacts, rolls):
    # L115-116: Fencing Good against Regenald's Initiative Superb: +1 fails, +2 succeeds
    d = duel(*regenald_and_guard())
    dice = " ".join([roll] + ["0"] * (rolls - 1))
    rec = play(d, c, dice, regenald="thrust", guard=Choice("fleche", react_with="parry"))
    (reaction,) = of(rec, "reaction")
    assert reaction["success"] is reacts and reaction["target"] == "Superb"
    attack = of(rec, "attack")[0]
    # the Parry (Good +1 = Great) or the Automatic Parry (Good -1 = Fair)
    assert attack["defence"] == ("Great" if reacts else "Fair")
    assert len(rec["rolls"]) == rolls  # after a Reaction the Fleche never comes


def test_lunge_damage_uses_its_muscle_mod(c):
    # F11: Lunge, Muscle Fair +2 = Great (+2), rapier +2 -> ODM 4; hit by 2; 2 + 4 - 0 - 1 = 5 = Hurt (R 1)
    d = duel(fencer("A", reflexes="good"), fencer("B"))
    rec = play(d, c, "+1 0", a="lunge", b=Choice(None))
    (hit,) = rec["hits"]
    assert (hit["basic"], hit["odm"], hit["damage"], hit["wound"]) == (2, 4, 5, "hurt")


def test_riposte_against_a_lunge_strikes_back_with_muscle_plus_one(c):
    # F12: the Lunge (Good +0) is parried by the Riposte (Fencing Good +0: a tie holds); the
    # counter is Reflexes Great -1 = Good, rolls +1: Great, against the Automatic Parry Fair
    # -> Basic 2; Muscle Fair +1 = Good -> ODM 3; 2 + 3 - 0 - 1 = 4 = Hurt
    d = duel(fencer("A", reflexes="good"), fencer("B", reflexes="great"))
    rec = play(d, c, "0 0 +1 0", a="lunge", b="riposte")
    attacks = of(rec, "attack")
    assert [x["hit"] for x in attacks] == [False, True]
    assert attacks[1]["who"] == "B" and attacks[1]["attack"] == "Great"
    (hit,) = rec["hits"]
    assert (hit["odm"], hit["damage"], hit["wound"]) == (3, 4, "hurt")


def test_three_attackers_and_automatic_parries(c):
    # F16 (L97-98, reading A6): no defence -> Automatic Parries Fair, Mediocre, Poor;
    # with a Parry -> Great, then Automatic Parries Fair, Mediocre
    for choice, expected in (
        (Choice(None), ["Fair", "Mediocre", "Poor"]),
        (Choice("parry"), ["Great", "Fair", "Mediocre"]),
    ):
        target = fencer("D")
        attackers = [fencer("X", reflexes="great"), fencer("Y", reflexes="good"), fencer("Z", reflexes="fair")]
        d = duel(target, *attackers)
        choices = {"d": choice, **{a.name.lower(): Choice("slash", target="d") for a in attackers}}
        choices["d"] = Choice(choice.maneuver, target="x")
        rec = resolve_exchange(d, c, choices, FudgeDice(typed="0 " * 6))
        assert [a["defence"] for a in of(rec, "attack")] == expected


def test_feinted_defender_parries_one_step_worse(c):
    # F17 (L45): after a successful Feint, Parry = Fencing Good +1 -1 = Good;
    # Automatic Parry = Good -1 -1 = Mediocre
    for choice, expected in ((Choice("parry"), "Good"), (Choice(None), "Mediocre")):
        d = duel(fencer("A"), fencer("B"))
        rec = play(d, c, "+1 0 0 0", a=Choice("feint", feint_to="lunge"), b=choice)
        assert of(rec, "feint")[0]["success"] is True
        assert of(rec, "attack")[0]["defence"] == expected


def test_feinted_defender_cannot_react(c):
    d = duel(fencer("A"), fencer("B"))
    rec = play(d, c, "+1 0 0 0", a=Choice("feint", feint_to="lunge"), b=Choice(None, react_with="parry"))
    assert of(rec, "reaction") == []


def test_trading_fencing_for_initiative(c):
    # F6 (L76-77): Fencing Good, Initiative Good, two steps traded -> base Superb, Fencing
    # Mediocre, Automatic Parry Poor
    d = duel(fencer("A", reflexes="good"), fencer("B", reflexes="good"))
    rec = play(d, c, "0 0 0 0", a=Choice("slash", trade=2), b="slash")
    assert of(rec, "initiative")[0]["level"] == "Superb"
    attack_on_a = [x for x in of(rec, "attack") if x["who"] == "B"][0]
    assert attack_on_a["defence"] == "Poor"


def test_punch_with_a_pommel_makes_parries_two_steps_worse(c):
    # L52: Punch +1 Initiative with a pommel (rapier); parries at -2; damage -1 + Muscle (S5)
    d = duel(fencer("A", reflexes="good"), fencer("B"))
    rec = play(d, c, "+1 0", a="punch", b="parry")
    assert of(rec, "initiative")[0]["level"] == "Great"
    atk = of(rec, "attack")[0]
    assert atk["defence"] == "Fair"  # Parry: Good +1 -2
    (hit,) = rec["hits"]
    assert hit["odm"] == -1  # no weapon -1, Muscle Fair 0


def test_push_before_the_foe_acts_takes_its_action(c):
    # L53: success -> the foe forfeits this round's action
    d = duel(fencer("A", reflexes="great"), fencer("B", muscle="poor"))
    rec = play(d, c, "0 0", a="push", b="slash")
    assert of(rec, "contest")[0]["success"] is True
    assert any("cannot act" in s["text"] for s in of(rec, "effect"))
    assert rec["hits"] == [] and len(rec["rolls"]) == 2


def test_push_after_the_foe_acted_slows_it_next_round(c):
    d = duel(fencer("A", reflexes="poor"), fencer("B", reflexes="great", muscle="poor"))
    play(d, c, "0 0 0 0", a="push", b="slash")
    assert d.combatant("b").initiative_penalty == -2
    rec = play(d, c, "0 0", a=Choice(None), b="slash")
    assert of(rec, "initiative")[1]["base"] == "Fair"  # Great -2
    assert d.combatant("b").initiative_penalty == 0


def test_root_resists_a_push(c):
    d = duel(fencer("A", reflexes="great"), fencer("B"))
    rec = play(d, c, "+1 0", a="push", b="root")  # Fair +1 = Good against Fair +2 = Great
    assert of(rec, "contest")[0]["success"] is False


def test_disarm_then_retrieve(c):
    d = duel(fencer("A", reflexes="great"), fencer("B"))
    rec = play(d, c, "+1 0 +1 0", a="disarm", b=Choice(None))
    assert d.combatant("b").disarmed is True
    assert rec["hits"] == []  # reading A5: no damage
    rec = play(d, c, "0 0", a="slash", b="slash")  # B's action is picking the blade up
    atk = of(rec, "attack")[0]
    assert "Automatic Dodge" in atk["text"] and atk["defence"] == "Mediocre"  # Reflexes Fair -1
    assert d.combatant("b").disarmed is False


def test_lock_binds_the_blades_and_gives_a_push_plus_one_next_round(c):
    d = duel(fencer("A", reflexes="good"), fencer("B"))
    rec = play(d, c, "0 +1 +1 0", a="lunge", b="lock")  # parried (Good vs Good+1), then B's Muscle wins
    assert of(rec, "contest")[0]["success"] is True
    assert (d.combatant("a").locked_with, d.combatant("b").locked_with) == ("b", "a")
    rec = play(d, c, "0 0", a=Choice(None), b="push")
    assert of(rec, "initiative")[1]["level"] == "Good"  # Fair +1 out of a lock
    assert d.combatant("a").locked_with is None


def test_incapacitated_fencer_cannot_choose_a_maneuver(c):
    f = fencer("B")
    f.wounds = {"incapacitated": 1}
    d = duel(fencer("A"), f)
    with pytest.raises(ChoiceError):
        play(d, c, "0", a="slash", b="slash")
    rec = play(d, c, "0", a="slash", b=Choice(None))  # helpless: no defence roll
    assert len(rec["rolls"]) == 1 and of(rec, "attack")[0]["defence"] == "Terrible"


def test_wound_penalty_lowers_reflexes(c):
    f = fencer("A", reflexes="great")
    f.wounds = {"hurt": 1}
    d = duel(f, fencer("B"))
    rec = play(d, c, "0 0", a="slash", b=Choice(None))
    assert of(rec, "initiative")[0]["level"] == "Good"


# ----- dice ---------------------------------------------------------------------------------
def test_typed_dice_must_match_the_rolls_and_leave_the_duel_untouched(c):
    d = duel(*regenald_and_guard())
    with pytest.raises(DiceError, match="needs more"):
        play(d, c, "-1 0", regenald="thrust", guard="fleche")
    with pytest.raises(DiceError, match="5 typed"):
        play(d, c, "-1 0 0 +1 0", regenald="thrust", guard="fleche")
    assert d.round == 0 and d.log == [] and d.combatant("guard").fencer.wounds == {}


def test_typed_faces_and_totals(c):
    rolls = parse_results("+-0+ 0 -3 ++++")
    assert [r.result for r in rolls] == [1, 0, -3, 4]
    assert rolls[0].faces == (1, -1, 0, 1) and rolls[1].faces is None
    for bad in ("+5", "x", "++-"):
        with pytest.raises(DiceError):
            parse_results(bad)


def test_seeded_rounds_replay_exactly(c):
    def run():
        d = duel(*regenald_and_guard())
        return resolve_exchange(d, c, {"regenald": Choice("lunge"), "guard": Choice("riposte")}, FudgeDice(seed=7))

    a, b = run(), run()
    assert a["steps"] == b["steps"] and [r["faces"] for r in a["rolls"]] == [r["faces"] for r in b["rolls"]]
    assert all(r["seed"] == 7 and len(r["faces"]) == 4 and -4 <= r["result"] <= 4 for r in a["rolls"])


def test_choices_are_checked(c):
    d = duel(Fencer("A", "good", ["slash"]), fencer("B"))
    with pytest.raises(ChoiceError, match="not one of the maneuvers it knows"):
        play(d, c, "0 0", a="lunge", b="slash")
    with pytest.raises(ChoiceError, match="Feint must lead"):
        play(d, c, "0 0", a="slash", b="feint")
    with pytest.raises(ChoiceError, match="still to choose"):
        resolve_exchange(d, c, {"a": Choice("slash")}, FudgeDice(typed="0 0"))


# ----- actions that are not fencing (L215-243) ---------------------------------------------------
def test_stuart_throws_a_rock_at_windham(c):
    # L221-226: Stuart (Reflexes Good) throws a rock at base Initiative Good; Windham lowered his
    # base to Terrible and chose Thrust: Poor.  Stuart acts first; Windham's Automatic Dodge.
    stuart = Fencer("Stuart", "good", ["slash"], reflexes="good", weapons=[FencerWeapon("small", "rock")])
    windham = fencer("Windham", reflexes="great")
    d = duel(stuart, windham)
    rec = play(d, c, "+1 0 0 0", stuart=Choice(None, action="throw"), windham=Choice("thrust", lower_to="terrible"))
    levels = [s["level"] for s in of(rec, "initiative")]
    assert levels == ["Good", "Poor"]
    throw = of(rec, "attack")[0]
    assert throw["who"] == "Stuart" and "Automatic Dodge" in throw["text"] and throw["defence"] == "Good"
    assert throw["attack"] == "Great" and throw["hit"]
    hit = next(h for h in rec["hits"] if h["attacker"] == "Stuart")
    assert hit["odm"] == 0  # small weapon +0, Muscle Fair 0
    assert of(rec, "reaction") == []  # no Reaction against a thrown rock


def test_tessa_shoots_the_scoundrel(c):
    # L237-241 (F20): pistol skill Good; the scoundrel Dodges: Reflexes Fair +1 = Good, -2 for a
    # firearm = Mediocre; he rolls +1: Fair; Basic 1 + pocket pistol 2 (no Muscle) - 0 - 1 = 2 Scratch
    tessa = Fencer("Tessa", "poor", ["parry"], weapons=[FencerWeapon("pocket-pistol")], muscle="great")
    scoundrel = fencer("Scoundrel")
    d = duel(tessa, scoundrel)
    rec = play(d, c, "0 +1", tessa=Choice(None, action="shoot", skill="good"), scoundrel="dodge")
    shot = of(rec, "attack")[0]
    assert (shot["attack"], shot["defence"]) == ("Good", "Fair") and "-2 against a missile" in shot["text"]
    (hit,) = rec["hits"]
    assert (hit["basic"], hit["odm"], hit["damage"], hit["wound"]) == (1, 2, 2, "scratch")
    # a black-powder weapon fires once a combat (L243)
    with pytest.raises(ChoiceError, match="no time to reload"):
        play(d, c, "0 0", tessa=Choice(None, action="shoot"), scoundrel="dodge")


def test_a_fist_is_minus_one_plus_muscle(c):
    d = duel(fencer("A", muscle="good"), fencer("B"))
    rec = play(d, c, "+2 0", a=Choice(None, action="strike"), b=Choice(None))
    (hit,) = rec["hits"]
    assert hit["odm"] == 0 and hit["basic"] == 3  # -1 + Good 1; Fair +2 = Superb vs Mediocre


def test_a_rapier_cannot_be_shot(c):
    with pytest.raises(ChoiceError, match="no weapon to shoot"):
        play(duel(fencer("A"), fencer("B")), c, "0 0", a=Choice(None, action="shoot"), b=Choice(None))


def test_results_stop_at_superb_unless_legendary_is_allowed(c):
    for allowed, expected in ((False, "Superb"), (True, "Legendary")):
        a = fencer("A", reflexes="superb", legendary_allowed=allowed)
        rec = play(duel(a, fencer("B")), c, "+2 0", a="slash", b=Choice(None))
        assert of(rec, "attack")[0]["attack"] == expected


# ----- Cinematic Fencing (L261-263) ---------------------------------------------------------
def test_cinematic_fencing_two_maneuvers_at_their_own_initiative(c):
    # a Good fencer may take two maneuvers a turn; Thrust at Superb, and a Parry that meets the
    # foe's Lunge (Fencing Good +1 = Great)
    d = duel(fencer("A", reflexes="great"), fencer("B", reflexes="good"), cinematic=True)
    rec = play(d, c, "0 0 0 0", a=Choice("thrust", also=("parry",)), b="lunge")
    attacks = of(rec, "attack")
    assert attacks[0]["who"] == "A" and attacks[0]["attack"] == "Superb"
    assert attacks[1]["who"] == "B" and "Parry" in attacks[1]["text"] and attacks[1]["defence"] == "Great"


def test_cinematic_limits(c):
    d = duel(fencer("A", reflexes="great"), fencer("B"), cinematic=True)
    with pytest.raises(ChoiceError, match="allows 2"):
        play(d, c, "0", a=Choice("thrust", also=("parry", "dodge")), b=Choice(None))
    with pytest.raises(ChoiceError, match="twice"):
        play(d, c, "0", a=Choice("lunge", also=("lunge",)), b=Choice(None))
    rec = play(d, c, "0 0", a=Choice("parry", also=("parry",)), b="slash")  # two Parries may
    assert "Parry" in of(rec, "attack")[0]["text"]
    plain = duel(fencer("A"), fencer("B"))
    with pytest.raises(ChoiceError, match="Cinematic"):
        play(plain, c, "0", a=Choice("thrust", also=("parry",)), b=Choice(None))
