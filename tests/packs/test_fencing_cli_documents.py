"""Fencer and duel documents save and reopen; the ``fencing`` command line (issue 19)."""

import json
from pathlib import Path

import pytest

from landsraad.cli import main
from landsraad.errors import DocumentError
from landsraad.packs.fencing.content import load_fencing_content
from landsraad.packs.fencing.dice import FudgeDice
from landsraad.packs.fencing.document import (
    duel_from_json,
    duel_to_json,
    fencer_from_json,
    fencer_to_json,
    load_duel,
    load_fencer,
    save_duel,
    save_fencer,
)
from landsraad.packs.fencing.duel import Choice, Combatant, Duel, resolve_exchange
from landsraad.packs.fencing.model import Fencer, FencerWeapon


def test_fencer_saves_and_reopens(tmp_path):
    f = Fencer(
        "Ḥarkonnen Zoë",
        "great",
        ["feint", "riposte", "parry"],
        reflexes="good",
        muscle="great",
        damage_capacity="poor",
        armour="heavy-cloak",
        weapons=[FencerWeapon("cutlass", "Old Tooth", True), FencerWeapon("small")],
        wounds={"scratch": 2},
        legendary_cost=None,
        widen_wounds=False,
        note="rival",
    )
    path = tmp_path / "f.json"
    save_fencer(f, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["kind"] == "fencer" and data["schema_version"] == 1 and data["pack"] == "across-the-dune-sea"
    assert load_fencer(path) == f
    save_fencer(f, path)
    assert not (tmp_path / "f.json.bak").exists() or (tmp_path / "f.json.bak").read_text() == path.read_text()


def test_duel_saves_and_reopens_after_a_round(tmp_path):
    c = load_fencing_content()
    d = Duel(
        [
            Combatant("a", Fencer("A", "good", ["lunge", "parry"], reflexes="good")),
            Combatant("b", Fencer("B", "good", ["lock", "slash"])),
        ],
        realism=2,
        damage_roll=True,
    )
    resolve_exchange(d, c, {"a": Choice("lunge"), "b": Choice("lock")}, FudgeDice(seed=11))
    path = tmp_path / "duel.json"
    save_duel(d, path)
    again = load_duel(path)
    assert duel_to_json(again) == duel_to_json(d)
    assert again.round == 1 and len(again.log) == len(d.log) > 0 and again.realism == 2


@pytest.mark.parametrize(
    "mutate, field",
    [
        (lambda d: d.update(kind="character"), "kind"),
        (lambda d: d.update(schema_version=99), "schema_version"),
        (lambda d: d.update(maneuvers="slash"), "maneuvers"),
        (lambda d: d.pop("name"), "name"),
        (lambda d: d.update(weapons=[{"sharp": True}]), "weapons.0.kind"),
        (lambda d: d.update(wounds={"hurt": -1}), "wounds.hurt"),
    ],
)
def test_bad_fencer_documents_name_the_field(mutate, field):
    data = fencer_to_json(Fencer("x", "good"))
    mutate(data)
    with pytest.raises(DocumentError) as err:
        fencer_from_json(data, "f.json")
    assert err.value.field == field


def test_bad_duel_document():
    data = duel_to_json(Duel([Combatant("a", Fencer("A")), Combatant("a", Fencer("B"))]))
    with pytest.raises(DocumentError, match="distinct sides"):
        duel_from_json(data)


# ----- command line -------------------------------------------------------------------------
def run(capsys, *argv):
    rc = main(list(argv))
    cap = capsys.readouterr()
    return rc, cap.out, cap.err


GOOD = [
    "--maneuver",
    "feint",
    "--maneuver",
    "riposte",
    "--maneuver",
    "parry",
    "--maneuver",
    "thrust",
    "--maneuver",
    "slash",
    "--maneuver",
    "lunge",
]


def test_new_and_show_good_fencer(tmp_path, capsys):
    path = str(tmp_path / "r.json")
    rc, _, err = run(
        capsys,
        "fencing",
        "new",
        "--name",
        "Regenald Wilde",
        "--fencing",
        "good",
        *GOOD,
        "--reflexes",
        "great",
        "-o",
        path,
    )
    assert rc == 0 and "wrote" in err
    rc, out, _ = run(capsys, "fencing", "show", path, "--json")
    data = json.loads(out)
    assert rc == 0
    assert {k: data[k] for k in ("name", "fencing", "skill_levels", "maneuvers_allowed", "maneuvers_used")} == {
        "name": "Regenald Wilde",
        "fencing": "good",
        "skill_levels": 6,
        "maneuvers_allowed": 8,
        "maneuvers_used": 8,
    }
    assert data["maneuvers"] == ["feint", "riposte", "parry", "thrust", "slash", "lunge"]
    assert data["findings"] == []
    assert run(capsys, "fencing", "check", path)[0] == 0


def test_fair_fencer_is_over_and_check_fails(tmp_path, capsys):
    path = str(tmp_path / "g.json")
    assert run(capsys, "fencing", "new", "--name", "Guard", "--fencing", "fair", *GOOD, "-o", path)[0] == 0
    data = json.loads(run(capsys, "fencing", "show", path, "--json")[1])
    assert (data["maneuvers_used"], data["maneuvers_allowed"], data["skill_levels"]) == (8, 6, 4)
    assert [(f["severity"], f["rule"]) for f in data["findings"]] == [("error", "L39")]
    assert run(capsys, "fencing", "check", path)[0] == 1


def test_new_without_output_prints_the_document(capsys):
    rc, out, _ = run(capsys, "fencing", "new", "--name", "X", "--fencing", "poor", "--maneuver", "slash")
    assert rc == 0 and json.loads(out)["kind"] == "fencer"


@pytest.mark.parametrize(
    "argv",
    [
        ["fencing", "new", "--name", "X", "--fencing", "epic"],
        ["fencing", "new", "--name", "X", "--fencing", "good", "--maneuver", "bash"],
        ["fencing", "new", "--name", "X", "--fencing", "good", "--weapon", "laser"],
        ["fencing", "new", "--name", "X", "--fencing", "good", "--reflexes", "legendary"],
        ["fencing", "show", "/nonexistent/f.json", "--json"],
    ],
)
def test_bad_input_is_exit_2(argv, capsys):
    rc, out, err = run(capsys, *argv)
    assert rc == 2 and err.startswith("landsraad: error:") and "Traceback" not in err


def test_new_will_not_overwrite_another_document(tmp_path, capsys):
    other = tmp_path / "fief.json"
    other.write_text('{"kind": "fief"}')
    rc, _, err = run(capsys, "fencing", "new", "--name", "X", "--fencing", "good", "-o", str(other))
    assert rc == 2 and other.read_text() == '{"kind": "fief"}'


def test_duel_command_with_typed_dice(tmp_path, capsys):
    reg, guard, duel = (str(tmp_path / n) for n in ("r.json", "g.json", "d.json"))
    run(capsys, "fencing", "new", "--name", "Regenald", "--fencing", "good", *GOOD, "--reflexes", "great", "-o", reg)
    run(
        capsys,
        "fencing",
        "new",
        "--name",
        "Guard",
        "--fencing",
        "good",
        "--maneuver",
        "fleche",
        "--maneuver",
        "parry",
        "--reflexes",
        "good",
        "-o",
        guard,
    )
    # Example #6/#8 with the Thrust's own modifiers: a hit for 2 damage, a Scratch
    rc, out, err = run(
        capsys,
        "fencing",
        "duel",
        reg,
        guard,
        "--maneuver",
        "regenald=thrust",
        "--maneuver",
        "guard=fleche",
        "--dice",
        "-1 0 0 +1",
        "-o",
        duel,
        "--json",
    )
    assert rc == 0, err
    rec = json.loads(out)
    assert rec["round"] == 1 and rec["dice"] == "typed"
    assert [(h["damage"], h["wound"]) for h in rec["hits"]] == [(2, "scratch")]
    assert [r["result"] for r in rec["rolls"]] == [-1, 0, 0, 1]
    assert json.loads(Path(duel).read_text())["kind"] == "fencing-duel"
    # the next round continues the saved duel; a wrong count of typed dice changes nothing
    before = Path(duel).read_text()
    rc, _, err = run(
        capsys,
        "fencing",
        "duel",
        duel,
        "--maneuver",
        "regenald=slash",
        "--maneuver",
        "guard=parry",
        "--dice",
        "0",
        "-o",
        duel,
    )
    assert rc == 2 and "typed" in err and Path(duel).read_text() == before
    rc, out, _ = run(
        capsys,
        "fencing",
        "duel",
        duel,
        "--maneuver",
        "regenald=feint:lunge",
        "--maneuver",
        "guard=parry",
        "--seed",
        "3",
        "-o",
        duel,
    )
    assert rc == 0 and "Round 2" in out
    assert json.loads(Path(duel).read_text())["round"] == 2


def test_duel_needs_every_choice(tmp_path, capsys):
    a, b = str(tmp_path / "a.json"), str(tmp_path / "b.json")
    run(capsys, "fencing", "new", "--name", "A", "--fencing", "poor", "--maneuver", "slash", "-o", a)
    run(capsys, "fencing", "new", "--name", "B", "--fencing", "poor", "--maneuver", "slash", "-o", b)
    rc, _, err = run(capsys, "fencing", "duel", a, b, "--maneuver", "a=slash", "--seed", "1")
    assert rc == 2 and "missing b" in err
    rc, _, err = run(capsys, "fencing", "duel", a, b, "--maneuver", "a=slash", "--maneuver", "b=lunge", "--seed", "1")
    assert rc == 2 and "knows" in err


def test_heal_command(tmp_path, capsys):
    path = tmp_path / "w.json"
    save_fencer(Fencer("W", "good", wounds={"scratch": 1, "hurt": 1, "very-hurt": 1}), path)
    rc, out, _ = run(capsys, "fencing", "heal", str(path), "--doctor", "good", "-o", str(path), "--json")
    data = json.loads(out)
    assert rc == 0 and data["wounds"] == {"hurt": 1} and data["days_of_rest"] == 2
    assert load_fencer(path).wounds == {"hurt": 1}
    assert run(capsys, "fencing", "heal", str(path), "--doctor", "epic")[0] == 2


@pytest.mark.parametrize(
    "kind, read",
    [
        ("fencer", lambda p: load_fencer(p)),
        ("fencer", lambda p: fencer_from_json(json.loads(p.read_text("utf-8")))),
        ("fencing-duel", lambda p: load_duel(p)),
        ("fencing-duel", lambda p: duel_from_json(json.loads(p.read_text("utf-8")))),
    ],
)
def test_the_pack_reads_only_through_the_codec(kind, read, monkeypatch):
    """The pack's own readers are the codec's: a version-2 app migrates the frozen v1 file
    through MIGRATIONS[kind] (the pack's old header check refused what it did not know)."""
    from landsraad.documents import codec, migrations

    frozen = Path(__file__).resolve().parents[1] / "data" / "documents" / f"{kind}-v1.json"
    entry = codec.kind_entry(kind)
    seen = []
    monkeypatch.setitem(migrations.MIGRATIONS, kind, {1: lambda data: seen.append(1) or data})
    monkeypatch.setitem(codec._KINDS, kind, codec.Kind(kind, 2, entry.decode, entry.encode, entry.label))
    read(frozen)
    assert seen == [1]


def test_the_pack_writes_what_the_codec_writes(tmp_path):
    from landsraad.documents import codec

    f = Fencer("Regenald Wilde", "good", ["feint", "riposte"])
    save_fencer(f, tmp_path / "f.json")
    assert (tmp_path / "f.json").read_text(encoding="utf-8") == codec.dumps_document("fencer", f)
