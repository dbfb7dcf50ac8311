"""The packs' command lines in text mode, their refusals, and documents that cannot be
read: every path a user can take ends in output or one error line (exit 2)."""

import json
from pathlib import Path

import pytest

from landsraad.cli import main
from landsraad.errors import DocumentError
from landsraad.packs.conflict import document as cdoc
from landsraad.packs.quick import document as qdoc
from landsraad.packs.quick.content import load_quick_content
from landsraad.packs.quick.model import QuickCharacter, Weapon
from landsraad.packs.quick.validate import validate

QC = load_quick_content()


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_quick_text_outputs(tmp_path, capsys):
    code, out, _ = run(capsys, "quick", "roll", "--rerolls", "3", "--difficulty", "12", "--dice", "6 15 11 2")
    assert code == 0 and out.strip() == "dice 6 15 11 2  counted 15  success  successes 3"
    f = tmp_path / "m.json"
    run(
        capsys,
        "quick",
        "new",
        "--template",
        "mata-hari",
        "--ability",
        "Dance of veils:distracts a room",
        "--weapon",
        "dagger",
        "--hindrance",
        "10",
        "-o",
        str(f),
    )
    code, out, _ = run(capsys, "quick", "show", str(f))
    assert code == 0 and "Charm x3" in out and "Trait instances 6 (samples 5-8)" in out
    assert "Hindrance 10 (disabled)" in out and "warning: Hindrance 10: Disabled" in out
    code, out, _ = run(capsys, "quick", "task", str(f))
    lines = out.splitlines()
    assert len(lines) == len(QC.tasks) and "seduce\t4\tawareness x1, charm x3" in lines
    code, out, _ = run(capsys, "quick", "task", str(f), "dragon-taming")
    assert code == 2
    code, out, _ = run(capsys, "quick", "templates", "--json")
    rows = json.loads(out)
    assert {r["kind"] for r in rows} == {"character", "adversary"} and len(rows) == 14
    code, out, _ = run(capsys, "quick", "templates")
    assert out.splitlines()[0] == "van-helsing\tAbraham Van Helsing\tcharacter"


@pytest.mark.parametrize(
    "bad",
    [
        ["--trait", "charm:x"],
        ["--ability", ":no name"],
        ["--specialty", "Law", "--specialty", "law"],
        ["--weapon", ":light"],
        ["--hindrance", "-1"],
    ],
)
def test_quick_new_refusals(tmp_path, capsys, bad):
    code, _, err = run(capsys, "quick", "new", "--name", "x", *bad, "-o", str(tmp_path / "x.json"))
    assert code == 2 and err.count("\n") == 1 and not (tmp_path / "x.json").exists()


def test_quick_findings_for_a_hand_made_character():
    ch = QuickCharacter(
        name="Odd",
        traits={},
        specialties=[" "],
        temporary_hindrance=-1,
        difficulty=25,
        hindrance=22,
        weapons=[Weapon("Bad", deadly=0, traits=["advanced", "neglected", "ranged", "sharp"])],
    )
    rules = sorted({f.rule for f in validate(ch, QC)})
    assert rules == ["H4", "V1", "V2", "V3", "V5", "V7"]


def test_conflict_text_outputs_and_commands(tmp_path, capsys):
    f = tmp_path / "c.json"
    run(
        capsys,
        "conflict",
        "new",
        "--name",
        "Duel",
        "--kind",
        "dueling",
        "--side",
        "A=Paul",
        "--gm",
        "B=Feyd",
        "--zone",
        "Arena:sand",
        "-o",
        str(f),
    )
    code, out, _ = run(capsys, "conflict", "show", str(f))
    assert code == 0 and "Duel: round 1, Momentum 0, Threat 0" in out and "zone Arena: sand" in out
    assert "next: GM decides" in out
    assert run(capsys, "conflict", "pools", str(f), "--momentum", "2", "--threat", "4", "--reason", "scene")[0] == 0
    assert (
        run(capsys, "conflict", "zone", str(f), "Gallery", "--trait", "high", "--objective", "--link", "Arena")[0] == 0
    )
    assert run(capsys, "conflict", "zone", str(f), "Gallery", "--link", "Moon")[0] == 2
    assert run(capsys, "conflict", "start", str(f), "Paul")[0] == 0
    assert run(capsys, "conflict", "hand-over", str(f))[0] == 0
    assert run(capsys, "conflict", "act", str(f), "Feyd")[0] == 0
    code, out, _ = run(capsys, "conflict", "next-round", str(f), "--to", "A", "--json")
    data = json.loads(out)
    assert code == 0 and data["round"] == 2 and data["chooser"] == "a" and data["zones"][1]["links"] == ["Arena"]
    code, out, _ = run(capsys, "conflict", "show", str(f))
    assert "A: Paul" in out and "B [GM]: Feyd" in out
    assert run(capsys, "conflict", "join", str(f), "Alia", "--side", "A")[0] == 0
    assert run(capsys, "conflict", "asset-state", str(f), "Nothing", "removed")[0] == 2


@pytest.mark.parametrize(
    "argv",
    [
        ["conflict", "new", "--side", "A=x", "-o", "{f}"],  # one side
        ["conflict", "new", "--side", "A", "--gm", "B=y", "-o", "{f}"],  # no members
        ["conflict", "new", "--side", "A=x", "--side", "A=y", "--gm", "B=z", "-o", "{f}"],  # side twice
        ["conflict", "new", "--side", "A=x", "--gm", "B=x", "-o", "{f}"],  # character twice
        ["conflict", "new", "--side", "A=x", "--gm", "B=y", "--kind", "chess", "-o", "{f}"],
        ["conflict", "new", "--side", "A=x", "--gm", "B=y", "--zone", "a:b:c:d", "-o", "{f}"],
        ["conflict", "new", "--side", "A=x", "--gm", "B=y", "--threat", "-1", "-o", "{f}"],
        ["conflict", "bring", "{g}"],
    ],
)
def test_conflict_refusals(tmp_path, capsys, argv):
    g = tmp_path / "g.json"
    run(capsys, "conflict", "new", "--side", "A=x", "--gm", "B=y", "-o", str(g))
    f = tmp_path / "f.json"
    argv = [a.replace("{f}", str(f)).replace("{g}", str(g)) for a in argv]
    code, _, err = run(capsys, *argv)
    assert code == 2 and err.startswith("landsraad: error:")


def test_conflict_asset_refusals(tmp_path, capsys):
    ch = tmp_path / "k.json"
    run(capsys, "character", "new", "--name", "Kara", "-o", str(ch))
    assert run(capsys, "conflict", "asset", str(ch), "--house", "X", "--asset", "Knife:tangible:0")[0] == 2
    fief = tmp_path / "fief.json"
    fief.write_text(Path("examples/venhei-fief.json").read_text(encoding="utf-8"), encoding="utf-8")
    assert run(capsys, "conflict", "asset", str(fief), "--asset", "Knife:tangible:0")[0] == 2  # which House?
    c = tmp_path / "c.json"
    run(capsys, "conflict", "new", "--side", "A=x", "--gm", "B=y", "-o", str(c))
    assert run(capsys, "conflict", "asset", str(c), "--asset", "Knife:tangible:0")[0] == 2
    assert run(capsys, "conflict", "asset", str(tmp_path / "none.json"), "--asset", "Knife:tangible:0")[0] == 2


def _conflict_dict():
    from landsraad.packs.conflict.order import Actor, Conflict, Side

    return cdoc.to_dict(
        Conflict(sides=[Side("a", "A"), Side("b", "B", gm=True)], actors=[Actor("x", "a"), Actor("y", "b")])
    )


@pytest.mark.parametrize(
    "change,field",
    [
        (lambda d: d.update(kind="fief"), "kind"),
        (lambda d: d.update(schema_version="1"), "schema_version"),
        (lambda d: d.update(schema_version=7), "schema_version"),
        (lambda d: d.pop("conflict"), "conflict"),
        (lambda d: d["conflict"].update(phase="lunch"), "conflict.phase"),
        (lambda d: d["conflict"]["actors"][0].update(side="zz"), "conflict.actors"),
        (lambda d: d["conflict"].update(chooser="zz"), "conflict.chooser"),
        (lambda d: d["conflict"].update(current="nobody"), "conflict.current"),
        (lambda d: d["conflict"].update(threat=-2), "conflict.momentum"),
        (
            lambda d: d["conflict"].update(
                assets=[{"asset": {"name": "K", "quality": 8}, "zone": None, "state": "in-play"}]
            ),
            "conflict.assets",
        ),
        (
            lambda d: d["conflict"].update(assets=[{"asset": {"name": "K"}, "zone": None, "state": "lost"}]),
            "conflict.assets",
        ),
        (lambda d: d["conflict"].update(round="one"), "conflict"),
    ],
)
def test_conflict_documents_that_cannot_be_read(change, field):
    d = _conflict_dict()
    change(d)
    with pytest.raises(DocumentError) as info:
        cdoc.loads(json.dumps(d), "c.json")
    assert info.value.field == field


def test_unreadable_files(tmp_path):
    for mod in (cdoc, qdoc):
        with pytest.raises(DocumentError):
            mod.load(tmp_path / "missing.json")
        bad = tmp_path / "bad.json"
        bad.write_text("{not json", encoding="utf-8")
        with pytest.raises(DocumentError):
            mod.load(bad)
        with pytest.raises(DocumentError):
            mod.loads("[1, 2]")
        bad.write_bytes(b"\xff\xfe\x00")
        with pytest.raises(DocumentError):
            mod.load(bad)
    with pytest.raises(DocumentError):
        qdoc.loads('{"kind": "quick-character", "schema_version": true, "character": {}}')
    with pytest.raises(DocumentError):
        qdoc.loads('{"kind": "quick-character", "schema_version": 1}')
