"""`content list packs`: every content folder with a pack.toml, discovered (issue 19)."""

import json
import shutil
from pathlib import Path

from landsraad.cli import main
from landsraad.packs import list_packs
from landsraad.paths import content_dir

ROOT = Path(__file__).resolve().parents[2]


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_list_packs_text_is_id_tab_name(capsys):
    code, out, _ = run(capsys, "content", "list", "packs")
    assert code == 0
    rows = [line.split("\t") for line in out.splitlines()]
    assert rows[0] == ["houses-of-the-landsraad", "Houses of the Landsraad"]
    ids = [r[0] for r in rows]
    assert {"d20-quick-rules", "dune-conflict"} <= set(ids)
    assert all(len(r) == 2 and r[1] for r in rows)


def test_list_packs_json_has_id_name_covers(capsys):
    code, out, _ = run(capsys, "content", "list", "packs", "--json")
    assert code == 0
    packs = {p["id"]: p for p in json.loads(out)}
    for pid in ("houses-of-the-landsraad", "d20-quick-rules", "dune-conflict"):
        assert packs[pid]["name"] and packs[pid]["covers"], pid
    assert packs["d20-quick-rules"]["kinds"] == ["quick-character"]
    assert packs["dune-conflict"]["kinds"] == ["conflict"]
    assert packs["houses-of-the-landsraad"]["kinds"] == ["character", "fief"]


def test_every_folder_with_a_pack_toml_is_listed():
    folders = {d.name for d in content_dir().iterdir() if (d / "pack.toml").is_file()}
    assert len(list_packs()) == len(folders)


def test_a_new_pack_folder_is_discovered_without_code(tmp_path, monkeypatch, capsys):
    shutil.copytree(ROOT / "content" / "d20-quick-rules", tmp_path / "d20-quick-rules")
    (tmp_path / "across-the-dune-sea").mkdir()
    (tmp_path / "across-the-dune-sea" / "pack.toml").write_text(
        '[pack]\nid = "across-the-dune-sea"\nname = "Across the Dune Sea"\ncovers = "Fencing."\n', encoding="utf-8"
    )
    (tmp_path / "not-a-pack").mkdir()
    monkeypatch.setenv("LANDSRAAD_CONTENT", str(tmp_path))
    code, out, _ = run(capsys, "content", "list", "packs")
    assert code == 0
    assert out.splitlines() == ["across-the-dune-sea\tAcross the Dune Sea", "d20-quick-rules\td20 Quick Rules"]


def test_a_broken_pack_toml_is_exit_2_naming_the_file(tmp_path, monkeypatch, capsys):
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / "pack.toml").write_text("[pack\nid=", encoding="utf-8")
    monkeypatch.setenv("LANDSRAAD_CONTENT", str(tmp_path))
    code, _, err = run(capsys, "content", "list", "packs")
    assert code == 2 and "pack.toml" in err


def test_show_one_pack(capsys):
    code, out, _ = run(capsys, "content", "show", "packs", "dune-conflict", "--json")
    assert code == 0 and json.loads(out)["name"] == "Dune conflict assets"


def test_every_document_kind_belongs_to_one_pack():
    from landsraad.packs import pack_of_kind

    assert pack_of_kind("quick-character").id == "d20-quick-rules"
    assert pack_of_kind("conflict").id == "dune-conflict"
    assert pack_of_kind("fief").id == "houses-of-the-landsraad"
    assert pack_of_kind("spaceship") is None
    kinds = [k for p in list_packs() for k in p.kinds]
    assert len(kinds) == len(set(kinds))


def test_pack_documents_never_replace_a_foreign_file(tmp_path, capsys):
    fief = tmp_path / "fief.json"
    fief.write_text((ROOT / "examples" / "venhei-fief.json").read_text(encoding="utf-8"), encoding="utf-8")
    pdf = tmp_path / "sheet.pdf"
    pdf.write_bytes(b"%PDF-1.4 not json")
    before = fief.read_bytes()
    for target in (fief, pdf):
        assert run(capsys, "quick", "new", "--name", "x", "-o", str(target))[0] == 2
        assert run(capsys, "conflict", "new", "--side", "A=x", "--gm", "B=y", "-o", str(target))[0] == 2
    assert fief.read_bytes() == before and pdf.read_bytes() == b"%PDF-1.4 not json"
    ok = tmp_path / "c.json"
    assert run(capsys, "conflict", "new", "--side", "A=x", "--gm", "B=y", "-o", str(ok))[0] == 0
    assert run(capsys, "conflict", "start", str(ok), "x", "-o", str(fief))[0] == 2
    assert run(capsys, "conflict", "new", "--side", "A=x", "--gm", "B=z", "-o", str(ok))[0] == 0  # same kind: replaced
