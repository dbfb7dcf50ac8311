"""The d20 task roll with typed dice (d20-quick-rules.txt L2-L6, L43-L54, L68-L80;
worked examples Q1-Q12 of shared/rules/d20-quick-rules.md §12)."""

import json

import pytest

from landsraad.cli import main
from landsraad.errors import DiceError
from landsraad.packs.quick.content import load_quick_content
from landsraad.packs.quick.roll import dice_for, task_roll

QC = load_quick_content()


def roll_cli(capsys, *argv):
    code = main(["quick", "roll", *argv, "--json"])
    out, err = capsys.readouterr()
    return code, (json.loads(out) if code == 0 else None), err


# (rerolls, hindrance, difficulty, dice, counted, result, successes)
CASES = [
    ("Q1 four dice, highest counts", 3, 0, 12, "6 15 11 2", 15, "success", 3),
    ("Q2 Hindrance outnumbers: lower of two", 2, 4, 9, "18 7", 7, "failure", 0),
    ("Q3 counted 20 doubles the Successes", 0, 0, 14, "20", 20, "critical-success", 12),
    ("Q4 Hindrance cancels Rerolls", 5, 2, 11, "9 4 13 10", 13, "success", 2),
    ("Q5 Hindrance first, then the five-dice cap (A2)", 7, 2, 10, "3 8 12 19 7", 19, "success", 9),
    ("Q6 a natural 20 on the higher die does not count", 0, 1, 10, "20 14", 14, "success", 4),
    ("Q7 equal Hindrance and Rerolls: one die; exact match", 2, 2, 10, "10", 10, "mixed", 0),
    ("Q8 a counted 1 is a critical fumble", 1, 0, 5, "1 1", 1, "critical-fumble", 0),
    ("Q9 a 1 at Difficulty 1 is still a fumble (A3)", 1, 0, 1, "1 1", 1, "critical-fumble", 0),
    ("Q10 a 20 at Difficulty 20 is a critical with 0 Successes (A3)", 0, 0, 20, "20", 20, "critical-success", 0),
    ("Q11 two 20s, lower counts, still a critical", 0, 3, 10, "20 20", 20, "critical-success", 20),
    ("below the Difficulty fails", 1, 0, 10, "4 9", 9, "failure", 0),
]


@pytest.mark.parametrize("why,r,h,d,dice,counted,result,successes", CASES, ids=[c[0][:3] for c in CASES])
def test_typed_dice(capsys, why, r, h, d, dice, counted, result, successes):
    args = ["--rerolls", str(r), "--difficulty", str(d), "--dice", dice]
    if h:
        args += ["--hindrance", str(h)]
    code, data, err = roll_cli(capsys, *args)
    assert code == 0, err
    assert data == {
        "dice": [int(x) for x in dice.split()],
        "counted": counted,
        "result": result,
        "successes": successes,
    }


@pytest.mark.parametrize(
    "r,h,n,counted",
    [
        (0, 0, 1, "highest"),
        (1, 0, 2, "highest"),
        (2, 0, 3, "highest"),
        (3, 0, 4, "highest"),
        (4, 0, 5, "highest"),
        (9, 0, 5, "highest"),  # "four or more": the table's limit (L75)
        (3, 3, 1, "highest"),
        (3, 4, 2, "lowest"),
        (0, 9, 2, "lowest"),
        (7, 2, 5, "highest"),
        (6, 4, 3, "highest"),
    ],
)
def test_the_dice_table(r, h, n, counted):
    assert dice_for(r, h, QC) == (n, counted)


@pytest.mark.parametrize(
    "r,h,dice,needed", [(3, 0, "5 9", 4), (0, 0, "5 9", 1), (0, 1, "5", 2), (9, 0, "1 2 3 4 5 6", 5)]
)
def test_a_typed_count_that_is_not_what_the_rules_roll_is_exit_2(capsys, r, h, dice, needed):
    code, _, err = roll_cli(capsys, "--rerolls", str(r), "--hindrance", str(h), "--difficulty", "10", "--dice", dice)
    assert code == 2
    assert err.startswith("landsraad: error:") and f"rolls {needed} d20" in err


@pytest.mark.parametrize(
    "args",
    [
        ["--rerolls", "1", "--difficulty", "21", "--dice", "3 4"],
        ["--rerolls", "1", "--difficulty", "0", "--dice", "3 4"],
        ["--rerolls", "-1", "--difficulty", "10", "--dice", "3"],
        ["--rerolls", "1", "--difficulty", "10", "--dice", "3 21"],
        ["--rerolls", "1", "--difficulty", "10", "--dice", "3 x"],
        ["--rerolls", "1", "--difficulty", "10"],
    ],
)
def test_bad_input_is_exit_2(capsys, args):
    code, _, err = roll_cli(capsys, *args)
    assert code == 2 and "Traceback" not in err


def test_seeded_rolls_repeat_and_roll_the_right_count(capsys):
    a = roll_cli(capsys, "--rerolls", "2", "--hindrance", "5", "--difficulty", "10", "--seed", "7")[1]
    b = roll_cli(capsys, "--rerolls", "2", "--hindrance", "5", "--difficulty", "10", "--seed", "7")[1]
    assert a == b and len(a["dice"]) == 2 and a["counted"] == min(a["dice"])
    assert set(a) == {"dice", "counted", "result", "successes"}


def test_every_result_follows_the_outcome_rules():
    for seed in range(300):
        r = task_roll(seed % 6, seed % 4, 1 + seed % 20, QC, seed=seed)
        c, d = r.counted, r.difficulty
        if c == 1:
            assert r.result == "critical-fumble" and r.successes == 0
        elif c == 20:
            assert r.result == "critical-success" and r.successes == 2 * (20 - d)
        elif c > d:
            assert r.result == "success" and r.successes == c - d
        elif c == d:
            assert r.result == "mixed"
        else:
            assert r.result == "failure"


def test_engine_refuses_a_wrong_count():
    with pytest.raises(DiceError):
        task_roll(3, 0, 10, QC, dice=[5, 9])


def test_q13_opposed_jury():
    from landsraad.packs.quick.roll import opposed

    houdini = task_roll(3, 0, 10, QC, dice=[5, 16, 9, 12]).counted  # Charm x2 + Intellect
    mata = task_roll(3, 0, 10, QC, dice=[11, 7, 18, 2]).counted  # Charm x3
    assert opposed(houdini, mata, QC) == ("b", 2)
    assert opposed(20, 14, QC) == ("a", 12)  # S16: a counted 20 doubles
    assert opposed(9, 9, QC) == (None, 0)  # S2: no winner


def test_q14_extreme_effort_at_the_cap_adds_no_die_but_costs_hindrance():
    from landsraad.packs.quick.roll import extreme_effort

    assert extreme_effort(4, 0, QC) == (5, 1, True)  # Surrey: 5 dice either way
    assert extreme_effort(1, 0, QC) == (2, 1, False)  # 2 dice -> 3 dice


def test_q15_teamwork_takes_the_best_single_result():
    from landsraad.packs.quick.roll import teamwork

    harker = task_roll(1 + 1, 0, 12, QC, dice=[4, 13, 9])
    adam = task_roll(3 + 1, 0, 12, QC, dice=[2, 8, 17, 6, 11])
    best = teamwork([harker.counted, adam.counted])
    assert best == 17
    from landsraad.packs.quick.roll import outcome

    assert outcome(best, 12, QC) == ("success", 5)


def test_quick_and_conflict_commands_load_neither_qt_nor_reportlab():
    import subprocess
    import sys

    code = (
        "import sys\nfrom landsraad.cli import main\n"
        "main(['quick', 'roll', '--rerolls', '1', '--difficulty', '10', '--seed', '3', '--json'])\n"
        "main(['content', 'list', 'packs'])\n"
        "bad = [m for m in ('PySide6', 'reportlab', 'landsraad.character.build', 'landsraad.cli.house')"
        " if m in sys.modules]\nsys.stderr.write(f'LOADED {bad}')\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert "LOADED []" in proc.stderr, proc.stderr[-500:]
