"""``character damage``, ``heal``, ``use`` and ``condition`` (issue 25): the numbers of
dice-and-play.md §4.2, the write-back with a .bak, -o, and exit 2 with one line."""

import json
from pathlib import Path

import pytest

from landsraad.character import document
from landsraad.character.model import Character, Purchase
from landsraad.cli import main

FROZEN = Path(__file__).parents[1] / "data" / "documents"


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    cap = capsys.readouterr()
    return code, cap.out, cap.err


@pytest.fixture
def kael(tmp_path):
    # E4: Physique 3, Prowess 2, Insight 2, Intellect 3 (every statistic starts at 1)
    path = tmp_path / "kael.json"
    document.save(
        Character(
            name="Kael",
            extras=[
                Purchase("statistic", "physique", 2),
                Purchase("statistic", "intellect", 2),
                Purchase("statistic", "insight", 1),
                Purchase("statistic", "prowess", 1),
                Purchase("feat", "guilty-pleasure"),
            ],
        ),
        path,
        backup=False,
    )
    return path


def boxes(data):
    return {b["statistic"]: b["current"] for b in data["boxes"]}


def test_damage_writes_back_with_a_bak_and_follows_e4(capsys, kael):
    before = kael.read_bytes()
    # E4 round 2: 4x6 broadsword (W + 1) against AR 2 -> 3 PD; 1 moved to Mental (L402)
    code, out, err = run(
        capsys,
        "character",
        "damage",
        kael,
        "--physical",
        5,
        "--armour",
        2,
        "--transfer",
        1,
        "--on",
        "physique=1",
        "--on",
        "prowess=1",
        "--on",
        "insight=1",
        "--json",
    )
    assert code == 0, err
    data = json.loads(out)
    assert data["taken"]["points"] == {"physical": 2, "mental": 1, "social": 0}
    assert boxes(data) == {"physique": 2, "prowess": 1, "intellect": 3, "insight": 1, "command": 1, "charm": 1}
    assert Path(str(kael) + ".bak").read_bytes() == before
    assert document.load(kael).condition.damage == {"physique": 1, "prowess": 1, "insight": 1}
    assert data["log"][-1]["what"] == "damage"


def test_a_complication_and_heal_by_weeks(capsys, kael):
    code, out, _ = run(
        capsys,
        "character",
        "damage",
        kael,
        "--physical",
        3,
        "--complication",
        "physical",
        "--detail",
        "left arm",
        "--json",
    )
    data = json.loads(out)
    assert [c["name"] for c in data["complications"]] == ["Broken Bones"]  # T17 (L331)
    assert data["complications"][0]["page"].startswith("p. ")
    assert data["days_to_heal"] == 21  # HE7: 1 week per level
    code, out, _ = run(capsys, "character", "heal", kael, "--weeks", 3, "--json")
    assert code == 0 and json.loads(out)["healed"]["complications"] == ["broken-bones"]


def test_heal_to_another_file_leaves_the_first(capsys, kael, tmp_path):
    run(capsys, "character", "damage", kael, "--mental", 2)
    other = tmp_path / "healed.json"
    code, out, err = run(capsys, "character", "heal", kael, "--days", 7, "--cut", "mental=3", "-o", other)
    assert code == 0, err
    assert sum(document.load(kael).condition.damage.values()) == 2
    # box 1: 4 days + 3 cut (L396); box 2: 3 of its 7 days
    assert sum(document.load(other).condition.damage.values()) == 1
    assert document.load(other).condition.healing["mental"].days == 3


@pytest.mark.parametrize(
    "argv",
    [
        ("damage", "--physical", "-1"),
        ("damage", "--physical", "three"),
        ("damage", "--physical", "3", "--transfer", "2"),  # at most 1 of 3 (L402)
        ("damage", "--physical", "2", "--on", "spleen=2"),
        ("damage", "--physical", "2", "--on", "physique=1"),  # the split must add up
        ("damage", "--social", "1", "--complication", "fiscal"),
        ("heal", "--days", "0"),
        ("heal",),
        ("heal", "--days", "2", "--weeks", "1"),
        ("heal", "--days", "2", "--cut", "spleen=2"),
        ("heal", "--days", "2", "-o", ""),
        ("use", "--spend", "lucky"),  # Kael has no Lucky
        ("use", "--reset", "fortnight"),
        ("use", "--setback", "wealth"),
    ],
)
def test_bad_input_is_exit_2_with_one_line_and_no_file_changed(capsys, kael, argv):
    before = kael.read_bytes()
    code, out, err = run(capsys, "character", argv[0], kael, *argv[1:])
    assert code == 2
    assert err.startswith("landsraad: error: ") and err.count("\n") == 1 and "Traceback" not in err
    assert kael.read_bytes() == before and not Path(str(kael) + ".bak").exists()


def test_use_spend_and_reset_a_session(capsys, kael):
    code, out, _ = run(capsys, "character", "use", kael, "--json")
    assert [u["id"] for u in json.loads(out)["uses"]] == ["guilty-pleasure"]  # L2290
    code, out, _ = run(capsys, "character", "use", kael, "--spend", "guilty-pleasure", "--json")
    assert json.loads(out)["uses"][0]["left"] == 0
    code, _, err = run(capsys, "character", "use", kael, "--spend", "guilty-pleasure")
    assert code == 2 and "spent" in err
    code, out, _ = run(capsys, "character", "use", kael, "--reset", "session", "--json")
    assert json.loads(out)["uses"][0]["left"] == 1


def test_condition_of_an_old_file(capsys):
    code, out, _ = run(capsys, "character", "condition", FROZEN / "character-v1.json", "--json")
    data = json.loads(out)
    assert code == 0 and data["complications"] == [] and data["log"] == [] and data["days_to_heal"] == 0


def test_damage_from_an_attack_width_and_class(capsys, kael):
    # E4 round 2 again (L402, L421): a 4x6 broadsword (Medium, W + 1) on AR 2 -> 3 PD
    code, out, _ = run(capsys, "character", "damage", kael, "--width", 4, "--attack", "medium", "--armour", 2, "--json")
    assert code == 0 and json.loads(out)["taken"]["points"]["physical"] == 3


def test_getting_up_restarts_the_box_healing(capsys, kael):
    # E5 step 5 (HE2, L393): active on day 10, the box healing (days 8-14) starts again
    run(capsys, "character", "damage", kael, "--physical", 2)
    run(capsys, "character", "heal", kael, "--days", 9)  # box 1 healed on day 7, box 2 2 days in
    assert document.load(kael).condition.healing["physical"].days == 2
    code, out, _ = run(capsys, "character", "heal", kael, "--days", 1, "--restart", "--json")
    assert code == 0 and document.load(kael).condition.healing["physical"].days == 1
    assert document.load(kael).log[-2].text.startswith("Active while hurt")


def test_heal_first_names_the_box_that_heals(capsys, kael):
    # the victim chooses which box heals (spec §5, S14): Prowess first, though Physique is lower
    run(capsys, "character", "damage", kael, "--physical", 3, "--on", "physique=2", "--on", "prowess=1")
    code, out, _ = run(capsys, "character", "heal", kael, "--days", 7, "--first", "prowess", "--json")
    assert code == 0 and json.loads(out)["healed"]["boxes"] == ["prowess"]
    code, out, _ = run(capsys, "character", "heal", kael, "--days", 7, "--json")
    assert json.loads(out)["healed"]["boxes"] == ["physique"]
