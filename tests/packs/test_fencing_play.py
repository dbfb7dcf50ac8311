"""Fencing procedures beyond the duel's round, each reached by a command
(shared/seeds/fudge-fencing.txt): the Melee System's Initiative (L248-L254), the
Incapacitated Stamina roll and Fudge Point action (L153), lackeys' three levels (L169),
impromptu weapons (L170-L176, L197) and damage from the environment (L193-L208)."""

import json

import pytest

from landsraad.cli import main
from landsraad.documents.codec import save_document
from landsraad.errors import ChoiceError
from landsraad.packs.fencing import edits
from landsraad.packs.fencing.content import load_fencing_content
from landsraad.packs.fencing.dice import FudgeDice
from landsraad.packs.fencing.document import FENCER_KIND, load_fencer
from landsraad.packs.fencing.duel import Choice, Combatant, Duel, resolve_exchange
from landsraad.packs.fencing.model import Fencer, FencerWeapon
from landsraad.packs.fencing.wounds import can_act, check_wound, stamina_roll, wound_state

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


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def save(tmp_path, name, f):
    p = tmp_path / name
    save_document(FENCER_KIND, f, p)
    return p


# ----- the Melee System (L248-L254) ---------------------------------------------------------
def test_melee_initiative_example_9(capsys, tmp_path):
    # Example #9 (L253-L254): Regenald, Reflexes Great (+3), rolls 4: 7; the Guard, Good (+2),
    # rolls 3: 5.  Had she rolled 5, 7 each: Regenald first, his Reflexes are higher
    r = save(tmp_path, "r.json", Fencer("Regenald", "good", reflexes="great"))
    g = save(tmp_path, "g.json", Fencer("Guard", "good", reflexes="good"))
    for dice in ("4 3", "4 5"):
        code, out, _ = run(
            capsys, "fencing", "melee", str(r), str(g), "--side", "1=pc", "--side", "2=npc", "--d6", dice, "--json"
        )
        order = json.loads(out)["order"]
        assert code == 0 and [g_[0]["name"] for g_ in order] == ["Regenald", "Guard"]
    assert [m["total"] for g_ in order for m in g_] == [7, 7]
    code, out, _ = run(capsys, "fencing", "melee", str(r), str(g), "--by-reflexes")
    assert code == 0 and out.index("Regenald") < out.index("Guard")  # option 1 (L249)


# ----- Incapacitated: Stamina against Fair, and a Fudge Point (L153) -----------------------------
def test_stamina_roll_against_fair(c):
    # Stamina Good (+1) with Incapacitated's penalty -2 (kept from Very Hurt): Mediocre; +1
    # reaches Fair (conscious), 0 stays Mediocre (falls unconscious)
    f = Fencer("x", stamina="good", wounds={"incapacitated": 1})
    assert stamina_roll(c, f, 1).conscious and not stamina_roll(c, f, 0).conscious
    with pytest.raises(ChoiceError):
        stamina_roll(c, Fencer("y", wounds={"hurt": 1}), 0)  # not Incapacitated


def test_stamina_cli(capsys, tmp_path):
    p = save(tmp_path, "x.json", Fencer("x", stamina="good", wounds={"incapacitated": 1}))
    code, out, _ = run(capsys, "fencing", "stamina", str(p), "--dice", "+2", "--json")
    assert code == 0 and json.loads(out)["conscious"] is True
    code, out, _ = run(capsys, "fencing", "stamina", str(p), "--dice", "+-00", "--json")
    assert code == 0 and json.loads(out)["conscious"] is False


def test_fudge_point_buys_one_action_in_the_duel(c, tmp_path, capsys):
    a = Fencer("A", "good", list(ALL), reflexes="good", wounds={"incapacitated": 1}, fudge_points=1)
    b = Fencer("B", "good", list(ALL), reflexes="fair")
    assert not can_act(c, a)
    edits.spend_fudge_point(a, c)
    assert can_act(c, a) and a.fudge_points == 0
    with pytest.raises(ChoiceError):
        edits.spend_fudge_point(a, c)  # one action at a time
    d = Duel([Combatant("a", a), Combatant("b", b)], realism=1)
    rec = resolve_exchange(d, c, {"a": Choice("slash"), "b": Choice("parry")}, FudgeDice(typed="+1 0"))
    assert [s for s in rec["steps"] if s["step"] == "attack" and s["who"] == "A"]  # A struck
    assert not d.combatant("a").fencer.fudge_action and not can_act(c, d.combatant("a").fencer)
    # the command line: no Fudge Point left is exit 2, the file unchanged
    p = save(tmp_path, "a.json", Fencer("A", wounds={"incapacitated": 1}))
    before = p.read_bytes()
    code, _, err = run(capsys, "fencing", "fudge-point", str(p))
    assert code == 2 and p.read_bytes() == before


# ----- lackeys: Undamaged, Hurt, Out of Combat (L169) --------------------------------------------
def test_lackey_three_levels(c):
    f = Fencer("Lackey", lackey_track=True)
    check_wound(c, f, "scratch")
    assert wound_state(c, f) == "Hurt" and can_act(c, f)
    check_wound(c, f, "scratch")  # a second hit: out
    assert wound_state(c, f) == "Out of Combat" and not can_act(c, f)
    g = Fencer("Other", lackey_track=True)
    check_wound(c, g, "very-hurt")
    assert wound_state(c, g) == "Out of Combat"


# ----- impromptu weapons (L172-L175, L197) ---------------------------------------------------------
def test_poker_fights_one_level_lower(c):
    # a poker: -1 to Reflexes and Fencing (L172), ODM +1 (L175).  A Slash from Reflexes Good
    # rolls 0: Fair, against a Parry from Fencing Good+1 rolling 0: Great; with a rapier Good
    a = Fencer("A", "good", list(ALL), reflexes="good", weapons=[FencerWeapon("impromptu-similar")])
    b = Fencer("B", "fair", list(ALL), reflexes="fair")
    d = Duel([Combatant("a", a), Combatant("b", b)], realism=1)
    rec = resolve_exchange(d, c, {"a": Choice("slash"), "b": Choice("dodge")}, FudgeDice(typed="0 0"))
    (atk,) = [s for s in rec["steps"] if s["step"] == "attack"]
    assert atk["attack"] == "Fair"  # Good -1
    chair = c.weapon("impromptu-large")
    assert (chair.damage, chair.impromptu_penalty) == (2, -2)


def test_broken_glass_is_one_use(c):
    a = Fencer("A", "good", list(ALL), reflexes="great", weapons=[FencerWeapon("broken-glass"), FencerWeapon()])
    b = Fencer("B", "fair", list(ALL))
    d = Duel([Combatant("a", a), Combatant("b", b)], realism=1)
    resolve_exchange(d, c, {"a": Choice("slash"), "b": Choice("dodge")}, FudgeDice(typed="0 0"))
    with pytest.raises(ChoiceError):  # used up (L197)
        resolve_exchange(d, c, {"a": Choice("slash", weapon=0), "b": Choice("dodge")}, FudgeDice(typed="0 0"))


# ----- the environment (L193-L208) ----------------------------------------------------------------
def test_fire_and_fall(c, capsys, tmp_path):
    f = Fencer("x", damage_capacity="fair")
    # a fire of 4 (L200): 4 - DDM 0 - Realism 1 = 3, a Scratch with R 1 (L160)
    r = edits.take_environment_damage(f, c, "fire", 4, 1)
    assert (r["total"], r["checked"]) == (3, "scratch")
    with pytest.raises(ChoiceError):
        edits.take_environment_damage(f, c, "fire", 5, 1)  # 2 to 4 only
    # a fall of 40 feet: 8 points (L203), - 1 = 7: Very Hurt with R 1
    r = edits.take_environment_damage(f, c, "fall", 40, 1)
    assert (r["basic"], r["total"], r["checked"]) == (8, 7, "very-hurt")
    p = save(tmp_path, "x.json", Fencer("x"))
    code, out, _ = run(capsys, "fencing", "hazard", str(p), "--damage", "12", "--json")  # a keg (L206)
    assert code == 0 and json.loads(out)["checked"] == "near-death"
    assert load_fencer(p).wounds == {"near-death": 1}


def test_the_fencer_sheet_prints_fudge_points_and_the_lackey_levels(c, tmp_path):
    from pypdf import PdfReader

    from landsraad.sheets.fencing import render_fencer

    f = Fencer("Lackey", "fair", lackey_track=True, fudge_points=2)
    out = tmp_path / "l.pdf"
    out.write_bytes(render_fencer(c, f, cards=False))
    text = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(str(out)).pages)
    assert "Fudge Points: 2" in text and "Out of Combat (L169)" in text


def test_the_impromptu_penalty_is_said_in_the_step(c):
    a = Fencer("A", "good", list(ALL), reflexes="good", weapons=[FencerWeapon("impromptu-large")])
    b = Fencer("B", "fair", list(ALL))
    d = Duel([Combatant("a", a), Combatant("b", b)], realism=1)
    rec = resolve_exchange(d, c, {"a": Choice("slash"), "b": Choice("dodge")}, FudgeDice(typed="0 0"))
    (atk,) = [s for s in rec["steps"] if s["step"] == "attack"]
    assert atk["attack"] == "Mediocre" and "-2 with an impromptu weapon, L172-L173" in atk["text"]  # Good -2
