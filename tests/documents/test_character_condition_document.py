"""Character schema 2 (issue 25): the condition and the evening's log survive a save, and a
frozen version-1 file is upgraded to an unhurt character with an empty log."""

import json
from pathlib import Path

import pytest

from landsraad.character import document as chardoc
from landsraad.documents import migrations
from landsraad.errors import DocumentError

FROZEN = Path(__file__).parents[1] / "data" / "documents"


def test_version_1_reads_as_unhurt_with_an_empty_log():
    raw = json.loads((FROZEN / "character-v1.json").read_text())
    assert raw["schema_version"] == 1 and "condition" not in raw["character"]
    up = migrations.upgrade(raw, "character", chardoc.SCHEMA_VERSION)
    assert up["schema_version"] == 2 and up["character"]["condition"] == {} and up["character"]["log"] == []
    ch = chardoc.load(FROZEN / "character-v1.json")
    assert ch.condition.damage == {} and ch.condition.complications == [] and ch.log == []
    assert ch.name  # the rest as written


def test_version_2_keeps_damage_complications_clocks_and_the_log(tmp_path):
    ch = chardoc.load(FROZEN / "character-v2.json")
    assert ch.condition.damage == {"intellect": 1, "physique": 1, "prowess": 1}
    assert [h.id for h in ch.condition.complications] == ["bruised-ego"]
    assert ch.condition.healing["physical"].days == 2
    assert [e.what for e in ch.log] == ["damage", "damage", "heal", "roll"]
    assert ch.log[-1].faces == [7, 7, 3, 9, 9, 1] and ch.log[-1].seed is None
    out = tmp_path / "again.json"
    chardoc.save(ch, out)
    assert chardoc.load(out) == ch


@pytest.mark.parametrize(
    "field, value",
    [
        ("damage", {"physique": -1}),
        ("damage", {"physique": "2"}),
        ("uses", {"lucky": 1.5}),
        ("complications", [{"id": "gore", "levels_healed": None}]),
    ],
)
def test_a_bad_condition_is_refused_naming_the_field(field, value):
    raw = json.loads((FROZEN / "character-v2.json").read_text())
    raw["character"]["condition"][field] = value
    with pytest.raises(DocumentError) as err:
        chardoc.from_dict(raw, "x.json")
    assert "condition" in str(err.value)


def test_a_log_line_with_a_face_of_eleven_is_refused():
    raw = json.loads((FROZEN / "character-v2.json").read_text())
    raw["character"]["log"][-1]["faces"] = [11]
    with pytest.raises(DocumentError):
        chardoc.from_dict(raw, "x.json")
