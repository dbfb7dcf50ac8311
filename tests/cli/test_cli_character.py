"""The public command line for characters and content (cli-contract.md)."""

import json
import subprocess
import sys

import pytest

from landsraad import __version__
from landsraad.cli import main
from tests.support.charbuild import level1


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_version(capsys):
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out.strip() == f"landsraad {__version__}"


def test_python_m_landsraad_runs_as_a_process(tmp_path):
    proc = subprocess.run(
        [sys.executable, "-m", "landsraad", "content", "list", "castes"], capture_output=True, text=True, cwd=tmp_path
    )
    assert proc.returncode == 0
    assert proc.stdout.splitlines()[0] == "regis-familia\tRegis Familia"


@pytest.mark.parametrize(
    "kind,count",
    [
        ("statistics", 6),
        ("skills", 70),
        ("advantages", 22),
        ("feats", 305),
        ("castes", 5),
        ("early-life", 12),
        ("vocational-conditioning", 10),
        ("house-service", 12),
        ("personal-calling", 15),
    ],
)
def test_content_list(capsys, kind, count):
    code, out, _ = run(capsys, "content", "list", kind, "--json")
    assert code == 0
    entries = json.loads(out)
    assert len(entries) == count and all({"id", "name"} <= set(e) for e in entries)
    code, text, _ = run(capsys, "content", "list", kind)
    assert len(text.splitlines()) == count and "\t" in text.splitlines()[0]


def test_content_show(capsys):
    code, out, _ = run(capsys, "content", "show", "early-life", "academic-education", "--json")
    data = json.loads(out)
    assert code == 0 and data["id"] == "academic-education" and data["grants"][0]["id"] == "intellect"
    code, _, err = run(capsys, "content", "show", "skills", "basket-weaving", "--json")
    assert code == 2 and err.startswith("landsraad: error: ") and len(err.strip().splitlines()) == 1


def _new(capsys, tmp_path, *extra):
    out = tmp_path / "c.json"
    code, _, err = run(
        capsys,
        "character",
        "new",
        "--early-life",
        "academic-education",
        "--vocational-conditioning",
        "swordmaster",
        "--house-service",
        "weapons-master",
        "--personal-calling",
        "exile-fugitive",
        "--name",
        "Zoë Ḥarkonnen",
        *extra,
        "-o",
        str(out),
    )
    return code, out, err


def test_character_new_show_check(capsys, tmp_path):
    code, path, _ = _new(
        capsys,
        tmp_path,
        "--pick",
        "early-life.1=knowledge(Imperial History),knowledge(Arts)",
        "--buy",
        "intellect",
        "--buy",
        "observe:2",
    )
    assert code == 0 and path.exists()
    code, out, _ = run(capsys, "character", "show", str(path), "--json")
    data = json.loads(out)
    assert code == 0
    assert data["name"] == "Zoë Ḥarkonnen"
    # Intellect 1 + Academic Education 1 + bought 1 (L2843, L2824)
    assert data["statistics"]["intellect"] == 3
    assert data["skills"]["knowledge(imperial-history)"] == 1 and data["skills"]["observe"] == 2
    assert data["character_points"] == {"budget": 10, "spent": 5 + 4}
    assert data["caste"] is None and data["feats"] == {"fellow-student": 1}
    assert {f["severity"] for f in data["findings"]} <= {"error", "warning", "todo"}
    assert all({"severity", "step", "message"} <= set(f) for f in data["findings"])
    code, out, _ = run(capsys, "character", "check", str(path))
    assert code == 1 and out.strip()


def test_character_check_exit_0_when_complete(capsys, tmp_path):
    from landsraad.character import document
    from tests.support.charbuild import complete_swordmaster

    path = tmp_path / "done.json"
    document.save(complete_swordmaster(), path)
    code, out, _ = run(capsys, "character", "check", str(path))
    assert code == 0, out


@pytest.mark.parametrize(
    "bad",
    [
        ["--pick", "early-life.1=basket-weaving"],
        ["--pick", "early-life.9=knowledge(Arts)"],
        ["--pick", "nonsense"],
        ["--buy", "basket-weaving"],
        ["--buy", "observe:x"],
        ["--caste", "emperor"],
    ],
)
def test_bad_pick_or_buy_is_exit_2(capsys, tmp_path, bad):
    code, path, err = _new(capsys, tmp_path, *bad)
    assert code == 2 and not path.exists()
    assert err.startswith("landsraad: error: ") and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_unknown_template_is_exit_2(capsys, tmp_path):
    code, _, err = run(capsys, "character", "new", "--early-life", "space-pirate", "-o", str(tmp_path / "x.json"))
    assert code == 2 and "space-pirate" in err


def test_feat_pick_and_unreadable_document(capsys, tmp_path):
    feats = ",".join([level1("wired"), level1("power-attack"), level1("power-attack", 2)])
    code, path, _ = _new(capsys, tmp_path, "--pick", f"vocational-conditioning.3={feats}")
    assert code == 0
    _, out, _ = run(capsys, "character", "show", str(path), "--json")
    assert set(json.loads(out)["feats"]) >= {level1("wired"), level1("power-attack", 2)}
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    code, _, err = run(capsys, "character", "show", str(bad), "--json")
    assert code == 2 and "bad.json" in err and "JSON" in err
    newer = tmp_path / "newer.json"
    newer.write_text(json.dumps({"schema_version": 99, "kind": "character", "character": {}}), encoding="utf-8")
    code, _, err = run(capsys, "character", "check", str(newer))
    assert code == 2 and "schema_version" in err and "newer" in err
