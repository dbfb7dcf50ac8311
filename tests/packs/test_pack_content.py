"""The d20 and Dune conflict packs' content: every entry cites its line, every reading
says which kind of point it is and what was chosen (issue 19: record every reading)."""

import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2] / "content"
LINE = re.compile(r"^L\d+(-L\d+)?(, L\d+(-L\d+)?)*$")


def _entries(pack: str):
    for f in sorted((ROOT / pack).glob("*.toml")):
        data = tomllib.loads(f.read_text(encoding="utf-8"))
        for key, value in data.items():
            if isinstance(value, list) and value and isinstance(value[0], dict):
                for i, entry in enumerate(value):
                    yield f.name, key, i, entry
            elif isinstance(value, dict) and key != "pack":
                yield f.name, key, 0, value


@pytest.mark.parametrize("pack", ["d20-quick-rules", "dune-conflict"])
def test_every_entry_cites_its_line(pack):
    for fname, key, i, entry in _entries(pack):
        if key in ("pack",):
            continue
        assert "line" in entry and LINE.match(entry["line"]), f"{fname} {key}[{i}]: line {entry.get('line')!r}"


@pytest.mark.parametrize("pack", ["d20-quick-rules", "dune-conflict"])
def test_readings_name_their_kind_and_choice(pack):
    data = tomllib.loads((ROOT / pack / "pack.toml").read_text(encoding="utf-8"))
    assert data["reading"], pack
    for r in data["reading"]:
        assert r["choice"] and r["note"].split(" ")[0] in ("AMBIGUITY", "INCONSISTENT", "SILENT"), r["id"]


def test_no_franchise_names_ship_in_the_d20_pack():  # spec §13
    text = "".join(f.read_text(encoding="utf-8") for f in (ROOT / "d20-quick-rules").glob("*.toml"))
    for name in ("Star Wars", "Lightsaber", "Star Trek", "Phaser", "Traveller", "Neuralyzer", "Men In Black"):
        assert name not in text


def _copy_pack(tmp_path, pack):
    import shutil

    d = tmp_path / pack
    shutil.copytree(ROOT / pack, d)
    return d


@pytest.mark.parametrize(
    "file,old,new,where",
    [
        ("pack.toml", "net_min = 3\nnet_max = 3", "net_min = 3\nnet_max = 2", "dice"),  # a gap in the table
        ("tasks.toml", 'traits = ["awareness", "tech"]', 'traits = ["awareness", "gadgets"]', "task"),
        ("templates.toml", "charm = 3", "charm = 4", "mata-hari"),
        ("weapons.toml", 'band = "distant"', 'band = "orbit"', "weapon"),
        ("traits.toml", 'name = "Charm"', 'name = "Charm"\nflavour = "x"', "trait"),
    ],
)
def test_a_broken_d20_pack_names_file_and_entry(tmp_path, file, old, new, where):
    from landsraad.errors import ContentError
    from landsraad.packs.quick.content import load_quick_content

    d = _copy_pack(tmp_path, "d20-quick-rules")
    text = (d / file).read_text(encoding="utf-8")
    assert old in text
    (d / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ContentError) as info:
        load_quick_content(str(d))
    assert file in str(info.value) and where in str(info.value)


def test_a_broken_conflict_pack_names_file_and_entry(tmp_path):
    from landsraad.errors import ContentError
    from landsraad.packs.conflict.content import load_conflict_content

    d = _copy_pack(tmp_path, "dune-conflict")
    text = (d / "pack.toml").read_text(encoding="utf-8")
    (d / "pack.toml").write_text(text.replace('zones = "linked"', 'zones = "tangled"', 1), encoding="utf-8")
    with pytest.raises(ContentError) as info:
        load_conflict_content(str(d))
    assert "pack.toml" in str(info.value) and "kind dueling" in str(info.value)
