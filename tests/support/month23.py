"""Issue 23's "Done when" month, played on the command line (``play``): two linked householder
characters of Felderon, a War of Assassins, a Misinform, a Protect, a Sabotage and a Low
assassination on the example Fief.  The tests assert the numbers, worked by hand, on the answers
(``tests/cli/test_done_when_month.py``) and on the window (``tests/gui/test_house_turn_by_the_book.py``)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from landsraad import cli
from landsraad.character import document as chardoc
from landsraad.character.model import Character, Purchase

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "venhei-fief.json"


def run(capsys, *argv) -> str:
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def play(tmp_path: Path, capsys) -> tuple[Path, dict]:
    """The month up to its end: every declaration, Operation and Venture; their JSON answers."""
    f = tmp_path / "venhei.json"
    shutil.copy(EXAMPLE, f)
    data = json.loads(f.read_text(encoding="utf-8"))
    data["houses"][0]["player"] = True  # Felderon is the players' House
    f.write_text(json.dumps(data), encoding="utf-8")
    chardoc.save(
        Character(name="Marta Felderon", house="Felderon", extras=[Purchase("advantage", "wealth", 10)]),
        tmp_path / "marta.json",
    )
    chardoc.save(
        Character(
            name="Dorn Felderon",
            house="Felderon",
            extras=[Purchase("advantage", "staff", 5)],
            aspects={"staff": [3, 2]},
        ),
        tmp_path / "dorn.json",
    )
    answers: dict = {"declared": {}, "ventures": {}}

    def j(*argv):
        return json.loads(run(capsys, *argv, "--json"))

    run(
        capsys,
        "house",
        "householder",
        f,
        "--house",
        "Felderon",
        "--character",
        tmp_path / "marta.json",
        "--rating",
        "intellect=3",
        "--rating",
        "sinister=2",
        "-o",
        f,
    )
    run(
        capsys,
        "house",
        "householder",
        f,
        "--house",
        "Felderon",
        "--character",
        tmp_path / "dorn.json",
        "--rating",
        "prowess=2",
        "--rating",
        "sinister=2",
        "-o",
        f,
    )
    for house, name, extra in (
        ("Banthet", "Heinrick", ()),
        ("Banthet", "Lotte", ()),
        ("Banthet", "Banthet groom", ("--low",)),
        ("Vorst", "Wilhelm", ()),
        ("Vorst", "Gerda", ("--rating", "insight=3", "--rating", "perception=2")),
    ):
        run(capsys, "house", "householder", f, "--house", house, "--name", name, *extra, "-o", f)
    run(capsys, "house", "war", f, "--house", "Felderon", "--against", "Vorst", "-o", f)
    for house, who, venture, extra in (
        ("Felderon", "Marta Felderon", "attack", ("--target", "treasury", "--against", "Vorst")),
        ("Felderon", "Dorn Felderon", "misinform", ("--fake-strategy", "warmonger")),
        ("Banthet", "Heinrick", "attack", ("--target", "warfare", "--against", "Felderon")),
        ("Banthet", "Lotte", "investigate", ("--against", "Felderon")),
        ("Vorst", "Wilhelm", "develop", ("--target", "defense")),
    ):
        answers["declared"][who] = j(
            "house", "declare", f, "--house", house, "--venture", venture, "--director", who, *extra, "-o", f
        )
    answers["protect"] = j(
        "house",
        "operation",
        f,
        "--house",
        "Vorst",
        "--actor",
        "Gerda",
        "--operation",
        "protect",
        "--target",
        "Wilhelm",
        "--dice",
        "7 7 7 1 2",
        "-o",
        f,
    )
    answers["sabotage"] = j(
        "house",
        "operation",
        f,
        "--house",
        "Felderon",
        "--actor",
        "Dorn Felderon",
        "--operation",
        "sabotage",
        "--target-kind",
        "house",
        "--against",
        "Vorst",
        "--venture",
        "vorst:Wilhelm",
        "--dice",
        "8 8 5 1",
        "--against-dice",
        "1 3 5 10",
        "-o",
        f,
    )
    answers["assassinate"] = j(
        "house",
        "operation",
        f,
        "--house",
        "Felderon",
        "--actor",
        "Marta Felderon",
        "--operation",
        "assassinate",
        "--target-kind",
        "low",
        "--against",
        "Banthet",
        "--target",
        "Banthet groom",
        "--venture",
        "banthet:Heinrick",
        "--dice",
        "9 9 4 2 1",
        "--against-dice",
        "3 5",
        "-o",
        f,
    )
    for house, who, kind, dice, against in (
        ("Felderon", "Dorn Felderon", "misinform", "6 6 2", None),
        ("Banthet", "Lotte", "investigate", "3 3", "1 4 7"),
        ("Banthet", "Heinrick", "attack", "7 7 7 2 4", "1 5 8"),
        ("Felderon", "Marta Felderon", "attack", "9 9 4", "2 2 6"),
        ("Vorst", "Wilhelm", "develop", "3 3", None),
    ):
        answers["ventures"][who] = j(
            "house",
            "venture",
            f,
            "--house",
            house,
            "--venture",
            kind,
            "--director",
            who,
            "--dice",
            dice,
            *(("--against-dice", against) if against else ()),
            "-o",
            f,
        )
    return f, answers
