"""The d20 procedures of play, each reached by a command (shared/seeds/d20-quick-rules.txt):
attack damage to Hindrance (L204-L210), the avoidance roll (L252-L260), opposed tasks
(L3, L52), teamwork (L53), Extreme Effort (L54).  Dice are typed."""

import json

import pytest

from landsraad.cli import main
from landsraad.errors import DiceError
from landsraad.packs.quick import build, document, edits, play
from landsraad.packs.quick.content import load_quick_content
from landsraad.packs.quick.model import QuickCharacter

QC = load_quick_content()


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# ----- attack damage to Hindrance (L205-L210) ------------------------------------------------
def test_attack_on_the_frost_giant():
    # 3 Successes with a Deadly x3 weapon: 9 damage (L205, L207); Huge halves it, rounding
    # down: 4 (L321; A9); Armored Defense 5 takes all of it (L208, L319): unharmed (L210)
    giant = build.from_template(QC.template("frost-giant"), QC)
    assert edits.take_attack(giant, 3, 3) == 0 and giant.hindrance == 0
    # 6 Successes x3 = 18, halved 9, less 5 = 4 Hindrance
    assert edits.take_attack(giant, 6, 3) == 4 and giant.hindrance == 4


def test_attack_cli_writes_the_hindrance(capsys, tmp_path):
    f = tmp_path / "gob.json"
    run(capsys, "quick", "new", "--template", "goblin", "-o", str(f))
    # 4 Successes x1: Puny doubles to 8 (L316), Armored 1 off (L315): 7 Hindrance
    code, out, _ = run(capsys, "quick", "attack", str(f), "--successes", "4", "--json")
    assert code == 0 and json.loads(out)["hindrance_gained"] == 7
    assert document.load(f).hindrance == 7
    code, _, err = run(capsys, "quick", "attack", str(f), "--successes", "1", "--deadly", "0")
    assert code == 2 and document.load(f).hindrance == 7


# ----- the avoidance roll (L252-L260) ------------------------------------------------------------
def _pc(**kw):
    return QuickCharacter(name="Ada", traits={"combat": 1, "swiftness": 1}, **kw)


def test_avoidance_failure_counts_points_below_the_difficulty():
    # Combat + Swiftness = 2 Rerolls (L253): 3 dice, the highest counts.  A grizzly (x2,
    # L259) at Difficulty 12; best die 8: 4 attack Successes x2 = 8 Hindrance
    a = play.avoidance(_pc(), 12, 2, QC, dice=[3, 8, 5])
    assert (a.roll.roll.counted, a.attack_successes, a.hindrance) == (8, 4, 8)
    # a wolf (x1) against Defense 2: 4 - 2 = 2
    a = play.avoidance(_pc(defense=2), 12, 1, QC, dice=[3, 8, 5])
    assert a.hindrance == 2


def test_avoidance_mixed_or_better_does_no_damage():
    assert play.avoidance(_pc(), 12, 2, QC, dice=[12, 1, 1]).hindrance == 0  # mixed (A12)
    assert play.avoidance(_pc(), 12, 2, QC, dice=[13, 1, 1]).hindrance == 0
    # an Evading character rolls one more die (L256): typed dice must number four
    with pytest.raises(DiceError):
        play.avoidance(_pc(), 12, 2, QC, extra=1, dice=[3, 8, 5])


def test_avoid_cli(capsys, tmp_path):
    f = tmp_path / "ada.json"
    document.save(_pc(), f)
    code, out, _ = run(
        capsys, "quick", "avoid", str(f), "--difficulty", "12", "--multiplier", "2", "--dice", "3 8 5", "--json"
    )
    assert code == 0 and json.loads(out)["hindrance_gained"] == 8 and document.load(f).hindrance == 8


# ----- opposed tasks (L3, L52) ------------------------------------------------------------------
def test_tug_of_war():
    # Tug-of-war rolls Physique (L52, L125): x2 gives 3 dice, x1 gives 2
    a = QuickCharacter(name="Harker", traits={"physique": 2})
    b = QuickCharacter(name="Angel", traits={"physique": 1})
    o = play.opposed_tasks(a, "tug-of-war", b, "tug-of-war", QC, [4, 15, 9], [11, 6])
    assert (o.winner, o.successes) == ("Harker", 4)
    o = play.opposed_tasks(a, "tug-of-war", b, "tug-of-war", QC, [4, 11, 9], [11, 6])
    assert o.winner is None and o.successes == 0  # a tie: no winner (S2)
    o = play.opposed_tasks(a, "tug-of-war", b, "tug-of-war", QC, [4, 15, 9], [20, 6])
    assert (o.winner, o.successes) == ("Angel", 10)  # a counted 20 doubles (S16)


def test_opposed_cli(capsys, tmp_path):
    fa, fb = tmp_path / "a.json", tmp_path / "b.json"
    document.save(QuickCharacter(name="Harker", traits={"physique": 2}), fa)
    document.save(QuickCharacter(name="Angel", traits={"physique": 1}), fb)
    code, out, _ = run(
        capsys,
        "quick",
        "opposed",
        str(fa),
        str(fb),
        "--task",
        "tug-of-war",
        "--dice-a",
        "4 15 9",
        "--dice-b",
        "11 6",
        "--json",
    )
    assert code == 0 and json.loads(out)["winner"] == "Harker" and json.loads(out)["successes"] == 4
    code, _, err = run(capsys, "quick", "opposed", str(fa), str(fb), "--task", "tug-of-war", "--dice-a", "4 15 9")
    assert code == 2 and err.count("\n") == 1


# ----- teamwork (L53) and Extreme Effort (L54) ------------------------------------------------
def test_teamwork_each_member_one_more_reroll_best_counts():
    # two climbers (Physique + Swiftness, L107) at Difficulty 12: each rolls one more die
    a = QuickCharacter(name="A", traits={"physique": 1})  # 1 + 1 Rerolls: 3 dice
    b = QuickCharacter(name="B", traits={})  # 0 + 1: 2 dice
    t = play.teamwork_roll([a, b], "climb", 12, QC, [[2, 5, 9], [16, 1]])
    assert (t.best, t.result, t.successes) == (16, "success", 4)
    with pytest.raises(DiceError):  # without teamwork B rolls 1 die
        play.teamwork_roll([a, b], "climb", 12, QC, [[2, 5, 9], [16]])


def test_extreme_effort_costs_a_hindrance_after_the_roll(capsys, tmp_path):
    ch = QuickCharacter(name="Surrey", traits={"intellect": 1, "swiftness": 1, "tech": 1})  # pick a lock: 3
    e = play.extreme_effort_roll(ch, "pick-lock", 12, QC, dice=[2, 3, 4, 14, 1])  # 3 + 1 Rerolls: 5 dice
    assert e.roll.rerolls == 4 and e.roll.roll.counted == 14 and e.hindrance_after == 1 and not e.wasted
    f = tmp_path / "s.json"
    document.save(ch, f)
    code, out, _ = run(
        capsys, "quick", "effort", str(f), "--task", "pick-lock", "--difficulty", "12", "--dice", "2 3 4 14 1", "--json"
    )
    assert code == 0 and json.loads(out)["successes"] == 2 and document.load(f).hindrance == 1
    # at four Rerolls already the effort adds no die: still 1 Hindrance, and said (S5)
    ch = QuickCharacter(name="Max", traits={"intellect": 2, "swiftness": 1, "tech": 1})
    e = play.extreme_effort_roll(ch, "pick-lock", 12, QC, dice=[2, 3, 4, 14, 1])
    assert e.wasted and e.hindrance_after == 1


def test_attack_rolled_from_the_attacker(capsys, tmp_path):
    # Legrasse's pistol (Deadly x3, Ranged (Far): Combat + Swiftness, 2 Rerolls, L181, L235) at
    # the Frost Giant, Difficulty 10 (L318): 3 dice, 18 counts: 8 Successes x3 = 24; Huge halves
    # it to 12 (L321), Armored takes 5 (L319): 7 Hindrance
    leg, giant = tmp_path / "leg.json", tmp_path / "giant.json"
    run(capsys, "quick", "new", "--template", "legrasse", "-o", str(leg))
    run(capsys, "quick", "new", "--template", "frost-giant", "-o", str(giant))
    code, out, _ = run(capsys, "quick", "attack", str(giant), "--from", str(leg), "--dice", "4 18 9", "--json")
    data = json.loads(out)
    assert code == 0 and data["attack"]["successes"] == 8 and data["damage"] == 24 and data["hindrance_gained"] == 7
    # one condition (the giant Evading, L201) is one Hindrance: two dice, and 4 18 9 no longer fits
    code, _, err = run(
        capsys, "quick", "attack", str(giant), "--from", str(leg), "--conditions", "1", "--dice", "4 18 9"
    )
    assert code == 2 and document.load(giant).hindrance == 7


def test_a_stunning_attack_gives_temporary_hindrance(capsys, tmp_path):
    # L228: instead of the first 5 points, up to 5 temporary Hindrance; damage over 5 ignored;
    # more than 10 temporary and normal Hindrance together: unconscious for 8 hours
    ch = QuickCharacter(name="Mina", hindrance=7)
    assert edits.take_attack(ch, 4, 2, stunning=True) == 5  # 8 damage: 5 stun, 3 ignored
    assert (ch.hindrance, ch.temporary_hindrance) == (7, 5)
    f = tmp_path / "m.json"
    document.save(QuickCharacter(name="Mina", hindrance=7), f)
    code, out, _ = run(capsys, "quick", "attack", str(f), "--successes", "3", "--stunning", "--json")
    data = json.loads(out)
    assert code == 0 and data["temporary_hindrance_gained"] == 3 and data["unconscious"] is False  # 7 + 3 = 10
    code, out, _ = run(capsys, "quick", "attack", str(f), "--successes", "1", "--stunning", "--json")
    assert json.loads(out)["unconscious"] is True  # 7 + 4 = 11 > 10


def test_an_attack_never_writes_a_file_that_cannot_open(capsys, tmp_path):
    f = tmp_path / "gob.json"
    run(capsys, "quick", "new", "--template", "goblin", "-o", str(f))
    before = f.read_bytes()
    code, _, err = run(capsys, "quick", "attack", str(f), "--successes", "9" * 21)
    assert code == 2 and err.count("\n") == 1 and f.read_bytes() == before
