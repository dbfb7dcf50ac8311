"""Joining a conflict under way and leaving it (shared/seeds/conflict-assets.txt L33, L39):
"the character chosen must be someone who has not yet taken a turn during the current
round" (L39) — a newcomer has not, so it may be chosen."""

import json

import pytest

from landsraad.cli import main
from landsraad.packs.conflict.content import load_conflict_content
from landsraad.packs.conflict.order import (
    Actor,
    Conflict,
    OrderError,
    Side,
    add_actor,
    begin,
    choose,
    hand_over,
    next_round,
    remove_actor,
)

R = load_conflict_content().order


def duel() -> Conflict:
    return Conflict(
        name="Duel",
        sides=[Side("p", "Players"), Side("g", "GM", gm=True)],
        actors=[Actor("Kara", "p"), Actor("Feyd", "g")],
    )


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_newcomer_is_chosen_in_the_round_under_way():
    c = duel()
    begin(c, "Kara", R)
    add_actor(c, "Iakin", "g")  # joins during round 1
    hand_over(c)
    choose(c, "Iakin")  # before: O7 "has already taken a turn"
    assert c.actor("Iakin").acted and c.phase == "after"


def test_a_round_that_had_ended_goes_on_for_the_newcomer():
    c = duel()
    begin(c, "Kara", R)
    hand_over(c)
    choose(c, "Feyd")
    assert c.phase == "round-end"  # everyone has acted (L41)
    add_actor(c, "Gurney", "p")
    assert c.phase == "after" and [a.name for a in c.waiting()] == ["Gurney"]
    hand_over(c)  # only the Players have someone left (L39)
    choose(c, "Gurney")
    assert c.phase == "round-end"
    next_round(c, R, to="g")
    assert c.round == 2


def test_remove_a_character_and_the_order_follows():
    c = duel()
    add_actor(c, "Iakin", "g")
    begin(c, "Kara", R)
    remove_actor(c, "Iakin")
    hand_over(c)
    choose(c, "Feyd")
    assert c.phase == "round-end"
    with pytest.raises(OrderError):  # the one who chooses what comes next stays
        remove_actor(c, "Feyd")


def test_cli_join_and_remove(capsys, tmp_path):
    f = tmp_path / "c.json"
    assert (
        run(capsys, "conflict", "new", "--name", "Raid", "--side", "Players=Kara", "--gm", "GM=Feyd", "-o", str(f))[0]
        == 0
    )
    run(capsys, "conflict", "start", str(f), "Kara")
    assert run(capsys, "conflict", "join", str(f), "Iakin", "--side", "gm")[0] == 0
    data = json.loads(run(capsys, "conflict", "show", str(f), "--json")[1])
    assert "Iakin" in data["to_act"] and "Iakin" not in data["acted"]
    assert run(capsys, "conflict", "remove", str(f), "Iakin")[0] == 0
    data = json.loads(run(capsys, "conflict", "show", str(f), "--json")[1])
    assert "Iakin" not in data["to_act"]
    code, _, err = run(capsys, "conflict", "remove", str(f), "Nobody")
    assert code == 2 and err.count("\n") == 1 and err.startswith("landsraad: error:")
