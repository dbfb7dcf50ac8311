"""Issue 23's "Done when" month, on the command line, with the numbers worked by hand from the
rulebook: two linked householder characters, a War of Assassins, a Misinform, a Protect, a
Sabotage and a Low assassination, then ``fief month``, ``fief show --json``, ``fief turn
--table`` and ``export month``.

The example Fief at month 1 (L1100-L1208 worked example; L4168 Rating = Score / 10 rounded):
    Felderon W20 D15 E5 I30 Dom35 T10 Tr25 (Ratings 2/2/1/3/4/1/3), the players' House
    Banthet  W19 D9  E11 I17 Dom7  T54 Tr22 (2/1/1/2/1/5/2)
    Vorst    W20 D20 E15 I25 Dom25 T15 Tr20 (2/2/2/3/3/2/2), every House Neutral.
"""

from __future__ import annotations

import json

import pytest

from landsraad import cli
from tests.support.month23 import play
from tests.support.sheets import text_of


@pytest.fixture
def run(capsys):
    def _run(*argv):
        code = cli.main([str(a) for a in argv])
        out, err = capsys.readouterr()
        assert code == 0, err
        return out

    return _run


def test_the_month_of_issue_23(run, tmp_path, capsys):
    # Marta: Wealth 10, "each point adds 1 to the House's Treasury Score" (L1825): Tr 25 + 10 = 35, Rating 4
    # Dorn: Staff 5 (Capability 3, Fealty 2), Warfare (L1788): W 20 + 5 = 25, Rating 3
    # L38-L42: Felderon and Vorst in a War of Assassins; Attack between them is legal (L774)
    f, a = play(tmp_path, capsys)

    # ----- declared at the start of the month (L4898), before any roll
    # Marta's Attack on Vorst's Treasury (W + T, L4907): uses W, T.  eff W = 3 - 1 = 2 (not above eff Tr 4,
    # L791), eff T = max(1, 1 - 1) = 1: 3 dice (without the links: W 2 - 1 = 1, 2 dice)
    # Dorn's Misinform (E + I, L4910): eff E max(1, 1 - 1) = 1, I 3 - 1 = 2: 3 dice
    # Heinrick's Attack on Felderon's Warfare: Banthet eff W 2 - 1 = 1, T 5 - 1 = 4: 5 dice
    # Lotte's Investigate of Felderon (E + I): Banthet eff E max(1, 1 - 1) = 1, I 2 - 1 = 1: 2 dice
    # Wilhelm's Develop of Defense (T + Tr, L4910): Vorst eff T 2 - 1 = 1, Tr 2 - 1 = 1: 2 dice, Difficulty 2
    assert {who: d["pool"] for who, d in a["declared"].items()} == {
        "Marta Felderon": 3,
        "Dorn Felderon": 3,
        "Heinrick": 5,
        "Lotte": 2,
        "Wilhelm": 2,
    }

    # ----- week 1: the Operations
    # Gerda protects Wilhelm: Insight 3 + Perception 2 = 5 dice, 7 7 7 1 2 = 3x7: Difficulty 2 x 3 = 6 (L4970)
    assert a["protect"]["reveals"]["difficulty"] == 6
    # Dorn sabotages Wilhelm's Develop: Prowess 2 + Sinister 2 = 4 dice, 8 8 5 1; the Protect covers the
    # Venture (L4970 "Operations and Ventures"): Difficulty 6 discards 5 and 1, 2x8 is left; Vorst's
    # counter D 2 + E 2 = 4 dice, 1 3 5 10, no set: Width 2
    op = a["sabotage"]
    assert op["pool"] == 4 and op["counter"]["pool"] == 4 and op["width"] == 2 and "Difficulty 6" in op["reading"]
    # Marta assassinates the Banthet groom (Low, L4933): Intellect 3 + Sinister 2 = 5 dice, 9 9 4 2 1 = 2x9;
    # Banthet's counter D 1 + E max(1, 1 - 1) = 1 = 2 dice, 3 5: Width 2.  A die is knocked out of
    # Heinrick's Attack (L4937); the groom is dead
    op = a["assassinate"]
    assert op["pool"] == 5 and op["counter"]["pool"] == 2 and op["width"] == 2 and "groom is dead" in op["reading"]

    # ----- the Ventures
    v = a["ventures"]
    # Misinform 6 6 2 = 2x6, Width 2: Difficulty 2 x 2 = 4 on rivals' Investigate and Surveillance (L4912)
    assert v["Dorn Felderon"]["reveals"] == {"difficulty": 4}
    # Lotte's Investigate 3 3: Difficulty 4 discards both; she receives the fake Strategy (L4912, A23);
    # Felderon's counter E 1 + D 2 = 3 dice
    inv = v["Lotte"]
    assert inv["width"] == 0 and inv["reveals"] == {"strategy": "warmonger"} and inv["against"]["pool"] == 3
    # Heinrick's Attack 7 7 7 2 4 = 3x7; Felderon's counter D 2 + T max(1, 1 - 1) = 1 = 3 dice, 1 5 8: no set;
    # one die knocked out: Width 2, Felderon Warfare -2 x 2 = -4; flagged: no war between them (L774)
    att = v["Heinrick"]
    assert (att["width"], att["changes"]) == (2, {"Felderon": {"warfare": -4}}) and "illegal" in att["reading"]
    # Marta's Attack 9 9 4 = 2x9; Vorst's counter D 2 + T 2 - 1 = 1 = 3 dice, 2 2 6: 2x2 cannot gobble a 9
    # (L193): Width 2, Vorst Treasury -4; legal in the War of Assassins
    att = v["Marta Felderon"]
    assert (att["width"], att["changes"]) == (2, {"Vorst": {"treasury": -4}}) and "illegal" not in att["reading"]
    assert sum(p["dice"] for p in att["pool_parts"]) == att["pool"] == 3
    # Wilhelm's Develop 3 3, Sabotaged -2 Height: 1 1, under the Difficulty 2 (D Rating): no set, no gain
    dev = v["Wilhelm"]
    assert dev["width"] == 0 and dev["changes"] == {} and "Sabotaged: every die -2 Height" in dev["reading"]

    # ----- the group's view: the players' House and what reached them, no secret of the others
    table = json.loads(run("fief", "turn", f, "--table", "--json"))
    felderon = next(h for h in table["houses"] if h["house"] == "Felderon")
    assert [v["director"] for v in felderon["ventures"]] == ["Marta Felderon", "Dorn Felderon"]
    assert [v["width"] for v in felderon["ventures"]] == [2, 2]
    assert table["against_players"] == [
        {
            "venture": "attack",
            "target": "warfare",
            "width": 2,
            "height": 7,
            "changes": {"Felderon": {"warfare": -4}},
            "by": None,
        }
    ]
    assert "warmonger" not in json.dumps(table)  # Banthet's (fake) knowledge stays the Judge's

    # ----- before the month's end: the scores in play count the linked characters
    show = json.loads(run("fief", "show", f, "--json"))
    fel = next(h for h in show["houses"] if h["name"] == "Felderon")
    assert fel["play_scores"] == {
        "warfare": 25,
        "defense": 15,
        "espionage": 5,
        "influence": 30,
        "dominion": 35,
        "territory": 10,
        "treasury": 35,
    }
    assert fel["effective"]["warfare"] == 2 and fel["effective"]["treasury"] == 4
    assert [h["status"] for h in next(x for x in show["houses"] if x["name"] == "Banthet")["householders"]] == [
        "active",
        "active",
        "dead",
    ]
    assert show["household_warnings"] == []

    # ----- the month's end (L4905): Venture changes, then Degradation 1 per use
    end = json.loads(run("fief", "month", f, "-o", f, "--json"))
    assert end["changes"] == {"Felderon": {"warfare": -4}, "Vorst": {"treasury": -4}}
    assert end["degradation"] == {
        "Felderon": {"espionage": -1, "influence": -1, "territory": -1, "warfare": -1},
        "Banthet": {"espionage": -1, "influence": -1, "territory": -1, "warfare": -1},
        "Vorst": {"territory": -1, "treasury": -1},
    }
    # Felderon W 25 - 4 - 1 = 20, E 5 - 1 = 4, I 30 - 1 = 29, T 10 - 1 = 9, Tr 35 (its Wealth 10 kept)
    assert end["scores"]["Felderon"] == {
        "warfare": 20,
        "defense": 15,
        "espionage": 4,
        "influence": 29,
        "dominion": 35,
        "territory": 9,
        "treasury": 35,
    }
    assert end["scores"]["Banthet"] == {
        "warfare": 18,
        "defense": 9,
        "espionage": 10,
        "influence": 16,
        "dominion": 7,
        "territory": 53,
        "treasury": 22,
    }
    # Vorst Tr 20 - 4 - 1 = 15, T 15 - 1 = 14; Defense not developed (20)
    assert end["scores"]["Vorst"] == {
        "warfare": 20,
        "defense": 20,
        "espionage": 15,
        "influence": 25,
        "dominion": 25,
        "territory": 14,
        "treasury": 15,
    }
    show = json.loads(run("fief", "show", f, "--json"))
    fel = next(h for h in show["houses"] if h["name"] == "Felderon")
    assert fel["play_ratings"] == {
        "warfare": 2,
        "defense": 2,
        "espionage": 1,
        "influence": 3,
        "dominion": 4,
        "territory": 1,
        "treasury": 4,
    }

    # ----- the month report of month 1, from the turn log
    out = tmp_path / "month1.pdf"
    run("export", "month", f, "--month", "1", "-o", out)
    text = " ".join(text_of(out.read_bytes()).split())
    for words in (
        "Marta Felderon",
        "Dorn Felderon",
        "Wilhelm",
        "Sabotaged",
        "Difficulty 6",
        "groom is dead",
        "Treasury -4",
        "Warfare -4",
    ):
        assert words.casefold() in text.casefold(), words
    assert "L4905" not in text and "L4973" not in text  # pages, not the text file's lines
