"""Householders count in play (issue 23): a linked character's House-trait advantages are
part of the House in every number of the month, recorded in the Fief, counted once.

L1825 (Wealth): "HOUSE TRAIT Treasury ... Every point invested in this advantage adds 1 to
the appropriate Trait Score"; L1788 (Staff): the same for Warfare.  L4168: Rating = Score
/ 10, rounded.  L4905: a trait used by a Venture is reduced by 1 for that month's rolls,
and by 1 Score point at the start of the next month (Degradation).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from landsraad import cli
from landsraad.character import document as chardoc
from landsraad.character.model import Character, Purchase
from landsraad.errors import ChoiceError
from landsraad.house.content import load_house_content
from landsraad.house.document import load_fief
from landsraad.house.domain import add_householder, end_month, house_turn_json, link_householder
from landsraad.house.domain_tables import load_domain_content
from landsraad.house.ventures import acting_pool, declare_venture, find_house, play_ratings, play_scores
from landsraad.household import link_record, link_warnings

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "venhei-fief.json"
HC, DC = load_house_content(), load_domain_content()


def marta() -> Character:
    """Wealth 10 (L1819-L1825: "Mega Rich (10)"): +10 Treasury."""
    return Character(name="Marta Felderon", house="Felderon", extras=[Purchase("advantage", "wealth", 10)])


def dorn() -> Character:
    """Staff 5, Capability 3 / Fealty 2 (L1784-L1788): +5 Warfare."""
    return Character(
        name="Dorn Felderon", house="Felderon", extras=[Purchase("advantage", "staff", 5)], aspects={"staff": [3, 2]}
    )


@pytest.fixture
def files(tmp_path):
    fief = tmp_path / "venhei.json"
    shutil.copy(EXAMPLE, fief)
    chardoc.save(marta(), tmp_path / "marta.json")
    chardoc.save(dorn(), tmp_path / "dorn.json")
    return tmp_path


@pytest.fixture
def run(capsys):
    def _run(*argv):
        code = cli.main([str(a) for a in argv])
        out, err = capsys.readouterr()
        return code, out, err

    return _run


def _link(fief, path):
    r = link_record(path, house_content=HC)
    return link_householder(fief, "felderon", r["name"], r["character"], r["adds"], r["sources"], r["stamp"], hc=HC)


def test_a_linked_wealth_counts_in_every_number_of_the_turn(files):
    fief = load_fief(files / "venhei.json")
    felderon = find_house(fief, "Felderon")
    # the example Fief: Felderon Treasury 25 (Rating 3), Territory 10 (Rating 1)
    assert play_scores(fief, felderon, HC)["treasury"] == 25
    _link(fief, files / "marta.json")
    # 25 + Wealth 10 = 35: Rating (35 + 5) div 10 = 4 (L4168)
    assert play_scores(fief, felderon, HC)["treasury"] == 35
    assert play_ratings(fief, felderon, HC)["treasury"] == 4
    declare_venture(fief, "Felderon", "develop", "Marta Felderon", target="espionage", hc=HC, dc=DC)
    # Develop is Territory + Treasury (L4910); each used once: eff T max(1, 1-1) = 1, eff Tr 4-1 = 3
    j = house_turn_json(fief, felderon, HC, DC)
    assert j["effective"]["treasury"] == 3 and j["play_ratings"]["treasury"] == 4
    assert acting_pool(fief, felderon, felderon.domain.ventures[0], HC, DC).dice == 1 + 3
    # Degradation at the start of month 2: Treasury 35 - 1 = 34 (L4905), not 25 - 1
    assert j["degradation_next"] == {"territory": -1, "treasury": -1}
    end_month(fief, HC, DC)
    assert play_scores(fief, felderon, HC)["treasury"] == 34


def test_the_link_is_recorded_so_the_numbers_need_no_character_file(files):
    fief = load_fief(files / "venhei.json")
    _link(fief, files / "marta.json")
    from landsraad.house.document import save_fief

    save_fief(fief, files / "venhei.json")
    (files / "marta.json").unlink()
    again = load_fief(files / "venhei.json")
    assert play_scores(again, find_house(again, "Felderon"), HC)["treasury"] == 35
    warn = link_warnings(again, files)
    assert len(warn) == 1 and "missing" in warn[0] and "Wealth 10" in warn[0]


def test_a_changed_character_file_is_a_warning_and_the_record_counts(files):
    fief = load_fief(files / "venhei.json")
    _link(fief, files / "marta.json")
    poorer = marta()
    poorer.extras = [Purchase("advantage", "wealth", 4)]
    chardoc.save(poorer, files / "marta.json")
    warn = link_warnings(fief, files)
    assert len(warn) == 1 and "now adds Wealth 4" in warn[0] and "counts Wealth 10" in warn[0]
    assert play_scores(fief, find_house(fief, "Felderon"), HC)["treasury"] == 35
    _link(fief, files / "marta.json")  # linked again: 25 + 4 = 29
    assert link_warnings(fief, files) == []
    assert play_scores(fief, find_house(fief, "Felderon"), HC)["treasury"] == 29


def test_one_character_one_householder(files):
    fief = load_fief(files / "venhei.json")
    r = link_record(files / "marta.json", house_content=HC)
    link_householder(fief, "felderon", r["name"], r["character"], r["adds"], r["sources"], r["stamp"], hc=HC)
    with pytest.raises(ChoiceError, match="already linked as Marta Felderon"):
        link_householder(fief, "felderon", "Someone Else", r["character"], r["adds"], r["sources"], r["stamp"], hc=HC)
    add_householder(fief, "Felderon", "Otto", rank="low")
    assert len(find_house(fief, "Felderon").domain.householders) == 2


def test_the_command_line_links_and_counts_once(run, files):
    fief = files / "venhei.json"
    code, out, err = run(
        "house", "householder", fief, "--house", "Felderon", "--character", files / "marta.json", "-o", fief
    )
    assert code == 0, err
    assert "Marta Felderon: High Householder of House Felderon, linked to marta.json" in out
    code, out, err = run(
        "house", "householder", fief, "--house", "Felderon", "--character", files / "dorn.json", "-o", fief
    )
    assert code == 0, err
    # linked in the Fief, also passed twice on the command line: counted once, with a warning
    code, out, err = run(
        "fief", "show", fief, "--household", files / "marta.json", "--household", files / "marta.json", "--json"
    )
    assert code == 0, err
    report = json.loads(out)
    h = next(x for x in report["houses"] if x["name"] == "Felderon")
    # Warfare 20 + Staff 5 = 25 (Rating 3); Treasury 25 + Wealth 10 = 35 (Rating 4)
    assert h["scores"]["warfare"] == 25 and h["scores"]["treasury"] == 35
    assert h["play_scores"]["warfare"] == 25 and h["play_scores"]["treasury"] == 35
    assert h["ratings"] == h["play_ratings"] and h["ratings"]["warfare"] == 3 and h["ratings"]["treasury"] == 4
    assert [m["name"] for m in h["household"]] == ["Marta Felderon", "Dorn Felderon"]
    assert sum("counted once" in w for w in report["household_warnings"]) == 2
    # a character of another House is refused on linking (exit 2, one line)
    other = dorn()
    other.house = "Banthet"
    chardoc.save(other, files / "banthet.json")
    code, out, err = run("house", "householder", fief, "--house", "Felderon", "--character", files / "banthet.json")
    assert code == 2 and err.count("\n") == 1 and "the character's House is Banthet" in err


# ----- the document: schema 3 keeps the link; a version-2 path is kept, unlinked ----------------
def test_version_2_householders_upgrade_to_an_unlinked_path_and_v3_reads_strictly(tmp_path):
    from landsraad.documents.migrations import upgrade
    from landsraad.errors import DocumentError
    from landsraad.house.document import SCHEMA_VERSION, loads

    frozen = ROOT / "tests" / "data" / "documents"
    raw = json.loads((frozen / "fief-v2.json").read_text(encoding="utf-8"))
    raw["houses"][0]["domain"]["householders"] = [
        {
            "name": "Lady Cassia",
            "rank": "high",
            "character": "cassia.json",
            "ratings": {},
            "status": "active",
            "note": "",
        }
    ]
    up = upgrade(json.loads(json.dumps(raw)), "fief", SCHEMA_VERSION)
    hh = up["houses"][0]["domain"]["householders"][0]
    assert up["schema_version"] == 3 and hh["adds"] == {} and hh["stamp"] == ""
    fief = loads(json.dumps(raw))
    assert link_warnings(fief, tmp_path)[0].endswith(
        "is named but not linked; what the character adds is not counted (link it again: house householder --character)"
    )
    v3 = json.loads((frozen / "fief-v3.json").read_text(encoding="utf-8"))
    assert loads(json.dumps(v3)).houses[0].domain.householders[0].adds == {"espionage": 2}
    for bad, field in (({"spice": 2}, "adds.spice"), ({"espionage": "2"}, "adds.espionage")):
        v3["houses"][0]["domain"]["householders"][0]["adds"] = bad
        with pytest.raises(DocumentError) as exc:
            loads(json.dumps(v3))
        assert field in str(exc.value.field)


def test_new_turn_fields_are_decoded_strictly():
    from landsraad.errors import DocumentError
    from landsraad.house.document import loads

    v3 = json.loads((ROOT / "tests" / "data" / "documents" / "fief-v3.json").read_text(encoding="utf-8"))
    bad = [
        (lambda d: d.update(manipulations=["squeeze"]), "manipulations"),
        (lambda d: d["houses"][0]["domain"]["householders"][0].update(status="asleep"), "status"),
        (
            lambda d: d["houses"][0]["domain"].update(
                orders=[{"gear": "x", "holding": "a-moon", "count": 1, "ordered": 1, "arrives": 2}]
            ),
            "orders[0].holding",
        ),
        (
            lambda d: d["houses"][0]["domain"].update(orders=[{"gear": "x", "count": 1, "ordered": 3, "arrives": 2}]),
            "orders[0]",
        ),
        (
            lambda d: d["houses"][0]["domain"]["householders"].append(
                dict(d["houses"][0]["domain"]["householders"][0])
            ),
            "householders",
        ),
    ]
    for mutate, field in bad:
        data = json.loads(json.dumps(v3))
        mutate(data)
        with pytest.raises(DocumentError) as exc:
            loads(json.dumps(data))
        assert field in str(exc.value.field), (field, exc.value.field)


def test_fief_check_warns_of_a_missing_linked_character(run, files):
    fief = files / "venhei.json"
    code, _, err = run(
        "house", "householder", fief, "--house", "Felderon", "--character", files / "marta.json", "-o", fief
    )
    assert code == 0, err
    (files / "marta.json").unlink()
    code, out, _ = run("fief", "check", fief)
    assert "warning: Marta Felderon (House Felderon): the character file marta.json is missing" in out
