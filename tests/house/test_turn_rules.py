"""The monthly House turn by the book (issue 23): declarations before rolls, the printed
Operation bonuses, Protect over Ventures, Low Householders taken out, the group's view,
Reputation on any related roll, and the messages.  Numbers are worked by hand from the
rulebook on the example Fief (Felderon W20 D15 E5 I30 Dom35 T10 Tr25 = Ratings
2/2/1/3/4/1/3; Banthet 19/9/11/17/7/54/22 = 2/1/1/2/1/5/2; Vorst 20/20/15/25/25/15/20 =
2/2/2/3/3/2/2; every House Neutral; L4168: Rating = Score / 10 rounded).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from landsraad import cli
from landsraad.errors import ChoiceError, DiceError
from landsraad.house.content import load_house_content
from landsraad.house.document import load_fief, save_fief
from landsraad.house.domain import add_fact, add_householder, table_view
from landsraad.house.domain_model import Householder
from landsraad.house.domain_tables import load_domain_content
from landsraad.house.operations import perform_operation
from landsraad.house.ventures import acting_pool, declare_refusal, declare_venture, find_house, resolve_venture

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "venhei-fief.json"
HC, DC = load_house_content(), load_domain_content()
KW = {"hc": HC, "dc": DC}
SKILLS = {"intellect": 3, "sinister": 2, "insight": 3, "observe": 2, "perception": 2, "prowess": 2}


@pytest.fixture
def fief():
    f = load_fief(EXAMPLE)
    for house, names in (
        ("Felderon", ["Helene", "Karl", "Anna"]),
        ("Banthet", ["Heinrick"]),
        ("Vorst", ["Wilhelm", "Gerda"]),
    ):
        for n in names:
            add_householder(f, house, n, ratings=dict(SKILLS))
    add_householder(f, "Vorst", "Vorst cook", rank="low")
    return f


@pytest.fixture
def run(capsys):
    def _run(*argv):
        code = cli.main([str(a) for a in argv])
        out, err = capsys.readouterr()
        return code, out, err

    return _run


# ----- L4898 "At the beginning of a Month, each Householder can take a House Venture" ----------
def test_no_declaration_after_a_roll_with_the_houses_traits(fief, run, tmp_path):
    declare_venture(fief, "Felderon", "develop", "Helene", target="espionage", **KW)
    declare_venture(fief, "Banthet", "attack", "Heinrick", target="treasury", against="Vorst", **KW)
    # Felderon's Develop: eff T max(1, 1-1) = 1 + eff Tr 3-1 = 2 -> 3 dice (L4905)
    resolve_venture(fief, "Felderon", "Helene", dice="5 5 5", **KW)
    with pytest.raises(ChoiceError, match=r"declared at the start of the month.*Helene's Develop"):
        declare_venture(fief, "Felderon", "maintain", "Karl", **KW)
    # a second Develop on Treasury would have made the first one's pool 1 + 1 = 2, not the 3 rolled
    assert (
        acting_pool(fief, find_house(fief, "Felderon"), find_house(fief, "Felderon").domain.ventures[0], HC, DC).dice
        == 3
    )
    # Banthet's Attack on Vorst is countered by Vorst's D 2 + T 2: once rolled, Vorst declares nothing more
    assert declare_refusal(fief, find_house(fief, "Vorst"), DC) == ""
    # Banthet's Attack: W 2-1 = 1 (not above eff Treasury 2, L791) + T 5-1 = 4 = 5 dice
    resolve_venture(fief, "Banthet", "Heinrick", dice="6 6 6 2 8", against_dice="7 7 1 3", **KW)
    assert "counter to Heinrick's Attack" in declare_refusal(fief, find_house(fief, "Vorst"), DC)
    path = tmp_path / "f.json"
    save_fief(fief, path)
    code, out, err = run(
        "house",
        "declare",
        path,
        "--house",
        "Vorst",
        "--venture",
        "develop",
        "--target",
        "defense",
        "--director",
        "Wilhelm",
    )
    assert code == 2 and out == "" and err.count("\n") == 1 and "before any is rolled" in err
    assert "(p. " in err and "L4898" not in err  # the page, not the text's line


# ----- L4951, L4962, L4975: "+1d, +2d or +1 Special Die" --------------------------------------
@pytest.mark.parametrize("bonus", [0, 3, 7, -2])
def test_operation_bonus_is_one_of_the_printed_values(fief, bonus):
    declare_venture(fief, "Felderon", "subvert", "Helene", target="influence", against="Vorst", **KW)
    with pytest.raises(ChoiceError, match=r"\+1d, \+2d or \+1 Special Die"):
        perform_operation(
            fief,
            "Felderon",
            "Karl",
            "intelligence",
            against="Vorst",
            venture="felderon:Helene",
            bonus=bonus,
            dice="9 9 1 2 4",
            against_dice="1 3 5 7",
            **KW,
        )


@pytest.mark.parametrize("bonus, dice", [(1, 4), (2, 5)])
def test_a_printed_bonus_reaches_the_venture(fief, bonus, dice):
    declare_venture(fief, "Felderon", "subvert", "Helene", target="influence", against="Vorst", **KW)
    # Subvert E + I: eff E max(1, 1-1) = 1, eff I 3-1 = 2 -> 3 dice, + the bonus
    perform_operation(
        fief,
        "Felderon",
        "Karl",
        "intelligence",
        against="Vorst",
        venture="felderon:Helene",
        bonus=bonus,
        dice="9 9 1 2 4",
        against_dice="1 3 5 7",
        **KW,
    )
    h = find_house(fief, "Felderon")
    assert acting_pool(fief, h, h.domain.ventures[0], HC, DC).dice == dice


def test_bonus_3_on_the_command_line_is_exit_2(fief, run, tmp_path):
    declare_venture(fief, "Felderon", "subvert", "Helene", target="influence", against="Vorst", **KW)
    path = tmp_path / "f.json"
    save_fief(fief, path)
    before = path.read_bytes()
    code, _, err = run(
        "house",
        "operation",
        path,
        "--house",
        "Felderon",
        "--actor",
        "Karl",
        "--operation",
        "intelligence",
        "--against",
        "Vorst",
        "--venture",
        "felderon:Helene",
        "--bonus",
        "3",
        "--dice",
        "9 9 1 2 4",
        "--against-dice",
        "1 3 5 7",
        "-o",
        path,
    )
    assert code == 2 and err.count("\n") == 1 and path.read_bytes() == before


# ----- L4970: Protect "watch over the Operations and Ventures of another Householder" ------------
def test_protect_sets_the_difficulty_of_a_sabotage_of_the_protected_venture(fief):
    declare_venture(fief, "Vorst", "develop", "Wilhelm", target="defense", **KW)
    # Gerda protects Wilhelm: Insight 3 + Perception 2 = 5 dice, 6 6 6 1 2 = 3x6: Difficulty 2 x 3 = 6
    perform_operation(fief, "Vorst", "Gerda", "protect", target="Wilhelm", dice="6 6 6 1 2", **KW)
    # Karl sabotages Wilhelm's Develop: Prowess 2 + Sinister 2 = 4 dice, 5 5 3 1: a 2x5 ...
    # countered by Vorst's D 2 + E 2 = 4 dice, 1 3 7 10: no set.  Difficulty 6 discards the 5s: no set
    perform_operation(
        fief,
        "Felderon",
        "Karl",
        "sabotage",
        target_kind="house",
        against="Vorst",
        venture="vorst:Wilhelm",
        dice="5 5 3 1",
        against_dice="1 3 7 10",
        **KW,
    )
    op = find_house(fief, "Felderon").domain.operations[0]
    assert op.width == 0 and "Difficulty 6" in op.reason
    # Wilhelm's Develop (T 2-1 = 1 + Tr 2-1 = 1 = 2 dice) is read whole: 2x4 against Difficulty 2 (D Rating)
    resolve_venture(fief, "Vorst", "Wilhelm", dice="4 4", **KW)
    rec = find_house(fief, "Vorst").domain.venture_of("Wilhelm")
    assert (rec.width, rec.height) == (2, 4) and "Sabotaged" not in rec.reason


def test_an_unprotected_sabotage_lowers_the_venture_and_says_so(fief):
    declare_venture(fief, "Vorst", "develop", "Wilhelm", target="defense", **KW)
    perform_operation(
        fief,
        "Felderon",
        "Karl",
        "sabotage",
        target_kind="house",
        against="Vorst",
        venture="vorst:Wilhelm",
        dice="5 5 3 1",
        against_dice="1 3 7 10",
        **KW,
    )
    assert find_house(fief, "Felderon").domain.operations[0].width == 2  # 2x5 unopposed by a set
    # L4973: "Reduce the Height of the Venture dice roll by your Width": 4 4 -> 2 2, Difficulty 2 keeps them
    resolve_venture(fief, "Vorst", "Wilhelm", dice="4 4", **KW)
    rec = find_house(fief, "Vorst").domain.venture_of("Wilhelm")
    assert (rec.width, rec.height) == (2, 2) and "Sabotaged: every die -2 Height" in rec.reason


# ----- L4925, L4933-L4937: a Low Householder taken out is gone ----------------------------------
def test_a_low_householder_assassinated_cannot_be_assassinated_again(fief):
    declare_venture(fief, "Vorst", "develop", "Wilhelm", target="defense", **KW)
    # Intellect 3 + Sinister 2 = 5 dice, 8 8 1 2 4 = 2x8; Vorst D 2 + E 2 = 4 dice, 1 3 5 7: no set
    perform_operation(
        fief,
        "Felderon",
        "Karl",
        "assassinate",
        target_kind="low",
        against="Vorst",
        target="Vorst cook",
        venture="vorst:Wilhelm",
        dice="8 8 1 2 4",
        against_dice="1 3 5 7",
        **KW,
    )
    cook = find_house(fief, "Vorst").domain.householder("Vorst cook")
    assert cook.status == "dead" and "Vorst cook is dead" in find_house(fief, "Felderon").domain.operations[0].reason
    with pytest.raises(ChoiceError, match="Vorst cook is dead"):
        perform_operation(
            fief,
            "Felderon",
            "Anna",
            "assassinate",
            target_kind="low",
            against="Vorst",
            target="Vorst cook",
            venture="vorst:Wilhelm",
            dice="8 8 1 2 4",
            against_dice="1 3 5 7",
            **KW,
        )
    # one die knocked out, once: Wilhelm's 2 dice 4 4 (2x4) end at Width 1
    resolve_venture(fief, "Vorst", "Wilhelm", dice="4 4", **KW)
    assert find_house(fief, "Vorst").domain.venture_of("Wilhelm").width == 1


def test_a_failed_assassination_leaves_the_low_householder(fief):
    declare_venture(fief, "Vorst", "develop", "Wilhelm", target="defense", **KW)
    perform_operation(
        fief,
        "Felderon",
        "Karl",
        "assassinate",
        target_kind="low",
        against="Vorst",
        target="Vorst cook",
        venture="vorst:Wilhelm",
        dice="8 7 1 2 4",
        against_dice="1 3 5 7",
        **KW,
    )
    assert find_house(fief, "Vorst").domain.householder("Vorst cook").status == "active"


# ----- L4912, L4970: "Rivals aren't aware of whether they pass or fail" ---------------------------
def test_the_groups_view_shows_what_the_house_receives(fief, run, tmp_path):
    find_house(fief, "Felderon").player = True
    declare_venture(fief, "Vorst", "misinform", "Wilhelm", fake_strategy="courtesan", fake_ventures=["develop"], **KW)
    declare_venture(fief, "Felderon", "investigate", "Helene", against="Vorst", **KW)
    # Vorst's Misinform: E 2-1 = 1 + I 3-1 = 2 = 3 dice, 4 4 4 = Width 3: Difficulty 2 x 3 = 6 (L4912)
    resolve_venture(fief, "Vorst", "Wilhelm", dice="4 4 4", **KW)
    # Felderon's Investigate: E max(1, 1-1) = 1 + I 3-1 = 2 = 3 dice, 5 5 2: Difficulty 6 discards them all;
    # Vorst's counter E 1 + D 2 = 3 dice.  Failed: Felderon receives the fake Strategy (A23)
    resolve_venture(fief, "Felderon", "Helene", dice="5 5 2", against_dice="1 3 9", **KW)
    view = table_view(fief, **KW)
    mine = next(h for h in view["houses"] if h["house"] == "Felderon")
    v = mine["ventures"][0]
    assert v["received"] == {"strategy": "courtesan"}
    text = json.dumps(v)
    for secret in ("width", "height", "reading", "against", "true", "fails", "Difficulty"):
        assert secret not in text, secret
    path = tmp_path / "f.json"
    save_fief(fief, path)
    code, out, err = run("fief", "turn", path, "--table")
    assert code == 0, err
    assert "received: Strategy courtesan" in out and "Width 0" not in out and "fails" not in out


# ----- L4850: Reputation, "add 1d to a dice roll related to your duty or reputation" ---------------
def test_reputation_on_an_operation_and_on_a_counter_once_a_month(fief):
    add_fact(fief, "Felderon", "reputation", **{"dc": DC})
    add_fact(fief, "Vorst", "reputation", **{"dc": DC})
    declare_venture(fief, "Felderon", "subvert", "Helene", target="influence", against="Vorst", **KW)
    declare_venture(fief, "Banthet", "attack", "Heinrick", target="treasury", against="Vorst", **KW)
    # Karl's Intelligence: Insight 3 + Observe 2 + Reputation 1 = 6 dice (an edit runs on a copy)
    with pytest.raises(DiceError, match="rolls 6 dice"):
        perform_operation(
            copy.deepcopy(fief),
            "Felderon",
            "Karl",
            "intelligence",
            against="Vorst",
            venture="felderon:Helene",
            reputation=True,
            dice="9 9 1 2 4",
            against_dice="1 3 5 7",
            **KW,
        )
    perform_operation(
        fief,
        "Felderon",
        "Karl",
        "intelligence",
        against="Vorst",
        venture="felderon:Helene",
        reputation=True,
        dice="9 9 1 2 4 6",
        against_dice="1 3 5 7",
        **KW,
    )
    with pytest.raises(ChoiceError, match="already used this month"):
        perform_operation(
            fief,
            "Felderon",
            "Anna",
            "intelligence",
            against="Vorst",
            venture="felderon:Helene",
            reputation=True,
            dice="9 9 1 2 4 6",
            against_dice="1 3 5 7",
            **KW,
        )
    # Vorst counters Banthet's Attack with D 2 + T 2 + Reputation 1 = 5 dice
    with pytest.raises(DiceError, match="rolls 5 dice"):
        resolve_venture(
            copy.deepcopy(fief),
            "Banthet",
            "Heinrick",
            dice="6 6 6 2 8",
            against_dice="7 7 1 3",
            against_reputation=True,
            **KW,
        )
    resolve_venture(
        fief, "Banthet", "Heinrick", dice="6 6 6 2 8", against_dice="7 7 1 3 2", against_reputation=True, **KW
    )
    rec = find_house(fief, "Banthet").domain.venture_of("Heinrick")
    assert rec.counter.pool == 5 and rec.counter_reputation


# ----- the messages ----------------------------------------------------------------------------
def test_week_5_and_dice_for_a_neutralised_venture_are_refused_with_the_reason(fief):
    declare_venture(fief, "Vorst", "develop", "Wilhelm", target="defense", **KW)
    with pytest.raises(ChoiceError, match="a month has weeks 1 to 4"):
        perform_operation(fief, "Felderon", "Karl", "protect", target="Helene", week=5, dice="6 6 6 1 2", **KW)
    perform_operation(
        fief, "Felderon", "Karl", "kidnap", target_kind="high", against="Vorst", target="Wilhelm", success=True, **KW
    )
    with pytest.raises(DiceError, match="Wilhelm was kidnapped.*neutralised and not rolled"):
        resolve_venture(fief, "Vorst", "Wilhelm", dice="4 4", **KW)
    resolve_venture(fief, "Vorst", "Wilhelm", **KW)
    assert find_house(fief, "Vorst").domain.venture_of("Wilhelm").width == 0


def test_the_reports_pool_adds_up_after_later_edits(fief):
    """L4905: the pool is fixed when rolled; a later link of a character (Wealth 10 would lift the
    Treasury Rating 3 -> 4) is refused until the next month, and even one written into the file by
    hand, or a bonus after the roll, cannot make its parts disagree with it."""
    from landsraad.house.domain import link_householder
    from landsraad.house.ventures import venture_json

    declare_venture(fief, "Felderon", "develop", "Helene", target="espionage", **KW)
    resolve_venture(fief, "Felderon", "Helene", dice="5 5 5", **KW)  # T 1 + Tr 3-1 = 2: 3 dice
    with pytest.raises(ChoiceError, match="link them when the next month begins"):
        link_householder(fief, "felderon", "Marta", "marta.json", {"treasury": 10}, ["Wealth 10"], "stamp", hc=HC)
    h = find_house(fief, "Felderon")
    h.domain.householders.append(
        Householder("Marta", adds={"treasury": 10}, character="marta.json", stamp="stamp")
    )  # a hand-edited file
    j = venture_json(fief, h, h.domain.ventures[0], HC, DC)
    assert j["pool"] == 3 == sum(p["dice"] for p in j["pool_parts"])
    with pytest.raises(ChoiceError, match="already rolled"):
        perform_operation(
            fief,
            "Felderon",
            "Karl",
            "intelligence",
            against="Vorst",
            venture="felderon:Helene",
            bonus=1,
            dice="9 9 1 2 4",
            against_dice="1 3 5 7",
            **KW,
        )
