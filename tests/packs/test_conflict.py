"""Dune conflicts: assets and the order of action (conflict-assets.txt L5-L43; the traces
E1-E6 of shared/rules/conflict-assets.md §8)."""

import json
from pathlib import Path

import pytest

from landsraad.cli import main
from landsraad.errors import ChoiceError
from landsraad.packs.conflict import document
from landsraad.packs.conflict.assets import parse_asset
from landsraad.packs.conflict.content import load_conflict_content
from landsraad.packs.conflict.order import (
    Actor,
    Conflict,
    OrderError,
    Side,
    begin,
    choose,
    hand_over,
    keep,
    next_round,
    options,
    set_pools,
)

CC = load_conflict_content()
R = CC.order


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def ambush(momentum=3, threat=5, gm=("Assassin 1", "Assassin 2")) -> Conflict:
    c = Conflict(
        name="Ambush",
        momentum=momentum,
        threat=threat,
        sides=[Side("p", "Players"), Side("g", "Assassins", gm=True)],
        actors=[Actor("Kara", "p"), Actor("Nasir", "p")] + [Actor(n, "g") for n in gm],
    )
    return c


# ----- assets ---------------------------------------------------------------------------
@pytest.mark.parametrize("q", [0, 1, 2, 3, 4])
def test_quality_0_to_4_is_accepted(q):  # L17
    assert parse_asset(f"Knife:tangible:{q}", content=CC).quality == q


@pytest.mark.parametrize(
    "spec",
    [
        "Knife:tangible:-1",
        "Knife:tangible:5",
        "Knife:tangible:7",
        "Knife:tangible:x",
        "Knife:material:0",
        "Knife:tangible",
        ":tangible:0",
        "Knife:tangible:0:ballet",
    ],
)
def test_bad_assets_are_refused(spec):  # E5, V1
    with pytest.raises(ChoiceError):
        parse_asset(spec, content=CC)


def test_kinds_and_the_negotiation_synonym():  # A1
    a = parse_asset("Evidence:intangible:0:negotiation,espionage,intrigue", owner="Kara", content=CC)
    assert (a.form, a.kinds, a.owner) == ("intangible", ["intrigue", "espionage"], "Kara")


def test_character_new_with_assets_saves_and_reopens(tmp_path, capsys):
    f = tmp_path / "kara.json"
    code, _, err = run(
        capsys,
        "character",
        "new",
        "--name",
        "Kara Molay",
        "--asset",
        "Concealable knife:tangible:0",
        "--asset",
        "Ornithopter:tangible:0:skirmish,warfare",
        "--asset",
        "Blackmail:intangible:0",
        "-o",
        str(f),
    )
    assert code == 0, err
    data = json.loads(run(capsys, "character", "show", str(f), "--json")[1])
    assert [(a["name"], a["form"], a["quality"]) for a in data["assets"]] == [
        ("Concealable knife", "tangible", 0),
        ("Ornithopter", "tangible", 0),
        ("Blackmail", "intangible", 0),
    ]
    assert data["assets"][1]["kinds"] == ["skirmish", "warfare"] and data["assets"][0]["owner"] == "Kara Molay"


@pytest.mark.parametrize("q", ["5", "-1"])
def test_character_new_with_quality_outside_0_4_is_exit_2(tmp_path, capsys, q):
    f = tmp_path / "x.json"
    code, _, err = run(capsys, "character", "new", "--name", "x", "--asset", f"Knife:tangible:{q}", "-o", str(f))
    assert code == 2 and "Quality" in err and not f.exists()


def test_house_assets_in_a_fief(tmp_path, capsys):
    f = tmp_path / "fief.json"
    f.write_text(Path("examples/venhei-fief.json").read_text(encoding="utf-8"), encoding="utf-8")
    code, _, err = run(
        capsys, "conflict", "asset", str(f), "--house", "Felderon", "--asset", "Troops:tangible:2:warfare"
    )
    assert code == 0, err
    from landsraad.house.document import load_fief

    house = load_fief(f).houses[0]
    assert [(a.name, a.quality, a.owner) for a in house.assets] == [("Troops", 2, "Felderon")]
    shown = json.loads(run(capsys, "fief", "show", str(f), "--json")[1])["houses"][0]["assets"]
    assert shown == [{"name": "Troops", "form": "tangible", "quality": 2, "kinds": ["warfare"], "owner": "Felderon"}]
    bad = json.loads(f.read_text(encoding="utf-8"))
    bad["houses"][0]["assets"][0]["quality"] = 9
    f.write_text(json.dumps(bad), encoding="utf-8")
    assert run(capsys, "fief", "show", str(f), "--json")[0] == 2


# ----- the order of action --------------------------------------------------------------
def test_e1_the_printed_ambush():
    c = ambush()
    begin(c, "Assassin 1", R, narrative=True)  # ambush: free (S9)
    assert (c.threat, c.phase) == (5, "after")
    hand_over(c)
    assert (c.phase, c.chooser) == ("choose", "p")
    choose(c, "Kara")
    keep(c, R, pay="momentum", ally="Nasir")  # 2 Momentum; Nasir's turn
    assert c.momentum == 1 and c.kept == ["p"]
    assert {a.name for a in c.actors if a.acted} == {"Assassin 1", "Kara", "Nasir"}
    with pytest.raises(OrderError) as info:  # O6: not twice before an enemy acts
        keep(c, R, pay="threat", extra=True)
    assert info.value.rule == "O6"
    hand_over(c)
    with pytest.raises(OrderError):  # O7: Assassin 1 has acted
        choose(c, "Assassin 1")
    choose(c, "Assassin 2")
    assert c.kept == [] and c.phase == "round-end"  # an enemy's turn clears the Keep
    next_round(c, R, pay="threat")  # GM spends 2 Threat
    assert (c.round, c.threat, c.chooser, c.phase) == (2, 3, "g", "choose")
    assert not any(a.acted for a in c.actors)


def test_e2_extra_actions_and_paying_with_threat():
    c = ambush(momentum=1, threat=3)
    c.round = 2
    c.phase, c.chooser = "choose", "g"
    choose(c, "Assassin 1")
    hand_over(c)
    choose(c, "Kara")
    with pytest.raises(OrderError):  # 1 Momentum < 2
        keep(c, R, pay="momentum", extra=True)
    keep(c, R, pay="threat", extra=True)  # adds 2 Threat: 3 -> 5
    assert (c.threat, c.phase) == (5, "extra")
    assert options(c, R) == ["hand-over"]
    with pytest.raises(OrderError):  # the extra action is followed by a hand-over
        keep(c, R, pay="threat", extra=True)
    hand_over(c)
    choose(c, "Assassin 2")
    with pytest.raises(OrderError) as info:  # G has no ally left to bring in
        keep(c, R, ally="Assassin 1")
    assert info.value.rule == "V5"
    keep(c, R, extra=True)  # spends 2 Threat: 5 -> 3
    assert c.threat == 3
    hand_over(c)
    choose(c, "Nasir")
    assert c.phase == "round-end"
    with pytest.raises(OrderError):
        next_round(c, R, pay="momentum")  # Momentum 1
    next_round(c, R, pay="threat")
    assert (c.momentum, c.threat, c.chooser) == (1, 5, "p")


def test_e3_a_side_with_nobody_left_passes():
    c = ambush(gm=("A1", "A2", "A3"))
    begin(c, "Kara", R)
    hand_over(c)
    choose(c, "A1")
    hand_over(c)
    choose(c, "Nasir")
    hand_over(c)
    choose(c, "A2")
    hand_over(c, to="p")  # P has nobody left: passes back (O8)
    assert (c.phase, c.chooser) == ("choose", "g")
    assert any(e.event == "pass" for e in c.log)
    choose(c, "A3")
    assert c.phase == "round-end" and c.current == "A3"


def test_e4_an_npc_first_costs_2_threat_without_a_narrative_reason():
    c = ambush(threat=5)
    begin(c, "Assassin 1", R)
    assert c.threat == 3
    c = ambush(threat=1)
    with pytest.raises(OrderError) as info:
        begin(c, "Assassin 1", R)
    assert info.value.rule == "O2" and c.phase == "start" and c.threat == 1
    begin(c, "Kara", R)  # a player character starts for free
    assert c.threat == 1


def test_e5_rejections():
    c = ambush()
    begin(c, "Kara", R)
    with pytest.raises(OrderError):  # keep with an ally who has acted
        keep(c, R, pay="momentum", ally="Kara")
    hand_over(c)
    with pytest.raises(OrderError):  # G picks, and Kara is not on G
        choose(c, "Nasir")
    choose(c, "Assassin 1")
    c.threat = 1
    with pytest.raises(OrderError) as info:  # the GM Keeping with Threat 1
        keep(c, R, extra=True)
    assert info.value.rule == "V4" and c.kept == []
    with pytest.raises(OrderError):  # the GM's side never pays Momentum
        keep(c, R, pay="momentum", extra=True)


def test_e6_the_end_of_round_payment_is_not_limited_by_a_keep():  # A6
    c = Conflict(
        sides=[Side("p", "P"), Side("g", "G", gm=True)],
        actors=[Actor("Kara", "p"), Actor("Nasir", "p"), Actor("A1", "g")],
        momentum=4,
    )
    begin(c, "A1", R, narrative=True)
    hand_over(c)
    choose(c, "Kara")
    keep(c, R, pay="momentum", ally="Nasir")
    assert c.phase == "round-end" and c.kept == ["p"]
    next_round(c, R, pay="momentum")
    assert (c.momentum, c.chooser, c.round) == (0, "p", 2)
    assert c.kept == ["p"]  # A7: the Keep lasts until an enemy acts


def test_a_keep_is_open_again_once_an_enemy_has_acted():  # O6
    c = ambush(momentum=4, gm=("Assassin 1", "Assassin 2", "Assassin 3"))
    begin(c, "Assassin 1", R, narrative=True)
    hand_over(c)
    choose(c, "Kara")
    keep(c, R, pay="momentum", extra=True)
    hand_over(c)
    choose(c, "Assassin 2")
    assert c.kept == []
    hand_over(c)
    choose(c, "Nasir")
    keep(c, R, pay="momentum", extra=True)  # allowed again: an enemy acted since
    assert c.momentum == 0


def test_pools_are_whole_numbers_0_or_more():
    c = ambush()
    set_pools(c, momentum=6, threat=0, reason="start of the scene")
    assert (c.momentum, c.threat) == (6, 0) and "start of the scene" in c.log[-1].text
    with pytest.raises(OrderError):
        set_pools(c, threat=-1)


def test_document_saves_and_reopens(tmp_path):
    c = ambush()
    begin(c, "Kara", R)
    keep(c, R, pay="threat", extra=True)
    path = tmp_path / "c.json"
    document.save(c, path)
    again = document.load(path)
    assert again == c and json.loads(path.read_text())["kind"] == "conflict"
    hand_over(again)  # the reopened conflict carries on
    assert again.chooser == "g"


def test_cli_walkthrough_and_a_refused_move_leaves_the_file(tmp_path, capsys):
    f = tmp_path / "c.json"
    assert (
        run(
            capsys,
            "conflict",
            "new",
            "--name",
            "Alley",
            "--kind",
            "skirmish",
            "--side",
            "Players=Kara,Nasir",
            "--gm",
            "Assassins=Assassin 1,Assassin 2",
            "--momentum",
            "3",
            "--threat",
            "5",
            "--zone",
            "Alley:cramped;dark",
            "--zone",
            "Roof::objective",
            "-o",
            str(f),
        )[0]
        == 0
    )
    assert run(capsys, "conflict", "start", str(f), "Assassin 1", "--ambush")[0] == 0
    assert run(capsys, "conflict", "hand-over", str(f))[0] == 0
    assert run(capsys, "conflict", "act", str(f), "Kara")[0] == 0
    code, out, _ = run(capsys, "conflict", "keep", str(f), "--ally", "Nasir", "--pay", "momentum", "--json")
    data = json.loads(out)
    assert code == 0 and data["momentum"] == 1 and data["phase"] == "after" and data["current"] == "Nasir"
    before = f.read_text(encoding="utf-8")
    code, _, err = run(capsys, "conflict", "keep", str(f), "--extra", "--pay", "threat")
    assert code == 2 and "O6" in err and f.read_text(encoding="utf-8") == before
    assert run(capsys, "conflict", "hand-over", str(f))[0] == 0
    data = json.loads(run(capsys, "conflict", "show", str(f), "--json")[1])
    assert data["next"] == {"side": "assassins", "may_act": ["Assassin 2"], "decides": "Assassins"}
    assert data["acted"] == ["Kara", "Nasir", "Assassin 1"]
    assert data["zones"][0] == {"name": "Alley", "traits": ["cramped", "dark"], "objective": False, "links": []}
    assert data["zones"][1]["objective"] is True
    assert run(capsys, "conflict", "place", str(f), "Kara", "Roof")[0] == 0
    assert run(capsys, "conflict", "place", str(f), "Kara", "Moon")[0] == 2


def test_intrigue_zones_default_to_free_floating(tmp_path, capsys):  # L25
    f = tmp_path / "c.json"
    run(capsys, "conflict", "new", "--kind", "negotiation", "--side", "A=x", "--gm", "B=y", "-o", str(f))
    data = json.loads(run(capsys, "conflict", "show", str(f), "--json")[1])
    assert data["kind"] == "intrigue" and data["free_floating"] is True


def test_assets_print_on_the_character_and_house_sheets(tmp_path, capsys):
    from pypdf import PdfReader

    ch = tmp_path / "kara.json"
    run(capsys, "character", "new", "--name", "Kara", "--asset", "Ornithopter:tangible:3:skirmish", "-o", str(ch))
    assert run(capsys, "export", "character", str(ch), "-o", str(tmp_path / "c.pdf"))[0] == 0
    text = "".join(p.extract_text() for p in PdfReader(tmp_path / "c.pdf").pages)
    assert "ASSETS (DUNE CONFLICTS)" in text and "Ornithopter" in text and "skirmish" in text
    fief = tmp_path / "fief.json"
    fief.write_text(Path("examples/venhei-fief.json").read_text(encoding="utf-8"), encoding="utf-8")
    run(capsys, "conflict", "asset", str(fief), "--house", "Banthet", "--asset", "Spice silos:tangible:1:warfare")
    assert run(capsys, "export", "house", str(fief), "--house", "Banthet", "-o", str(tmp_path / "h.pdf"))[0] == 0
    text = "".join(p.extract_text() for p in PdfReader(tmp_path / "h.pdf").pages)
    assert "Spice silos" in text


def test_a_hand_edited_asset_outside_the_rules_is_refused_on_load(tmp_path, capsys):
    f = tmp_path / "kara.json"
    run(capsys, "character", "new", "--name", "Kara", "--asset", "Knife:tangible:1", "-o", str(f))
    data = json.loads(f.read_text(encoding="utf-8"))
    data["character"]["assets"][0]["quality"] = 9
    f.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = run(capsys, "character", "show", str(f), "--json")
    assert code == 2 and "character.assets" in err and "Quality 9" in err


def test_a_newcomer_joins_the_round_under_way(tmp_path, capsys):  # L39 (issue 23)
    c = ambush()
    begin(c, "Kara", R)
    from landsraad.packs.conflict.order import add_actor

    add_actor(c, "Duncan", "p")
    assert not c.actor("Duncan").acted and "Duncan" in c.waiting("p")[-1].name
    with pytest.raises(OrderError):
        add_actor(c, "kara", "p")


def test_the_conflict_tracker_sheet(tmp_path, capsys):
    from pypdf import PdfReader

    f = tmp_path / "c.json"
    run(
        capsys,
        "conflict",
        "new",
        "--name",
        "Ḥarkonnen raid",
        "--kind",
        "warfare",
        "--side",
        "Atreides=Gurney,Duncan",
        "--gm",
        "Harkonnen=Rabban",
        "--zone",
        "Ridge:high ground:objective",
        "--momentum",
        "2",
        "-o",
        str(f),
    )
    run(capsys, "conflict", "start", str(f), "Gurney")
    assert run(capsys, "conflict", "export", str(f), "-o", str(tmp_path / "c.pdf"))[0] == 0
    reader = PdfReader(tmp_path / "c.pdf")
    text = reader.pages[0].extract_text()
    assert len(reader.pages) == 1
    for needle in ("Ḥarkonnen raid", "Rabban", "Ridge", "high ground", "Gurney takes a turn first", "Keep"):
        assert needle in text, needle
    fields = reader.get_fields()
    assert fields["conflict-harkonnen-raid_Gurney-r1"]["/V"] == "/Yes"  # Gurney has acted in round 1
    assert fields["conflict-harkonnen-raid_Duncan-r1"].get("/V") in (None, "/Off")
    assert run(capsys, "conflict", "export", str(f), "-o", str(f))[0] == 2


def test_assets_come_into_the_conflict_and_go(tmp_path, capsys):
    kara = tmp_path / "kara.json"
    run(
        capsys,
        "character",
        "new",
        "--name",
        "Kara",
        "--asset",
        "Concealable knife:tangible:0:dueling",
        "--asset",
        "Blackmail:intangible:0:intrigue",
        "-o",
        str(kara),
    )
    f = tmp_path / "c.json"
    run(capsys, "conflict", "new", "--side", "P=Kara", "--gm", "G=Assassin", "--zone", "Alley", "-o", str(f))
    assert run(capsys, "conflict", "bring", str(f), "--from", str(kara), "--zone", "Alley")[0] == 0
    assert (
        run(
            capsys, "conflict", "bring", str(f), "--asset", "Poisoned darts:tangible:2:skirmish", "--owner", "Assassin"
        )[0]
        == 0
    )
    assert run(capsys, "conflict", "bring", str(f), "--asset", "Darts:tangible:5", "--owner", "Assassin")[0] == 2
    assert run(capsys, "conflict", "asset-state", str(f), "Blackmail", "removed")[0] == 0
    assert run(capsys, "conflict", "place", str(f), "Poisoned darts", "Alley", "--asset")[0] == 0
    data = json.loads(run(capsys, "conflict", "show", str(f), "--json")[1])
    assert [(a["name"], a["owner"], a["zone"], a["state"]) for a in data["assets"]] == [
        ("Concealable knife", "Kara", "Alley", "in-play"),
        ("Blackmail", "Kara", "Alley", "removed"),
        ("Poisoned darts", "Assassin", "Alley", "in-play"),
    ]
    assert run(capsys, "conflict", "bring", str(f), "--from", str(kara))[0] == 2  # already there


def test_three_sides_a_passing_side_names_the_next():  # O8 with three sides
    c = Conflict(
        sides=[Side("p", "P"), Side("g", "G", gm=True), Side("h", "H", gm=True)],
        actors=[Actor("Kara", "p"), Actor("Nasir", "p"), Actor("G1", "g"), Actor("H1", "h"), Actor("H2", "h")],
    )
    begin(c, "G1", R, narrative=True)
    with pytest.raises(OrderError):
        hand_over(c)  # two opposing sides: say which
    hand_over(c, to="p")
    choose(c, "Kara")
    with pytest.raises(OrderError) as info:
        hand_over(c, to="g")  # G has nobody left: it passes, but to whom?
    assert info.value.rule == "O8"
    hand_over(c, to="g", then="h")
    assert c.chooser == "h" and [e.event for e in c.log[-2:]] == ["hand-over", "pass"]
    choose(c, "H1")
    log_before = len(c.log)
    with pytest.raises(OrderError) as info:
        hand_over(c, to="g", then="g")  # passing to itself is not a side with characters
    assert info.value.rule == "O8" and len(c.log) == log_before
    hand_over(c, to="g", then="p")
    assert c.chooser == "p" and c.log[-1].event == "pass"


def test_the_same_asset_twice_is_refused(tmp_path, capsys):
    f = tmp_path / "k.json"
    code, _, err = run(
        capsys,
        "character",
        "new",
        "--name",
        "Kara",
        "--asset",
        "Knife:tangible:0",
        "--asset",
        "knife:tangible:2",
        "-o",
        str(f),
    )
    assert code == 2 and "already held" in err and not f.exists()
