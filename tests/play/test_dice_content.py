"""dice.toml: its readings are listed with the others, its bonuses name real feats and skills."""

import shutil

import pytest

from landsraad.errors import ContentError
from landsraad.paths import DEFAULT_PACK, content_dir
from landsraad.play.content import bonuses_for, dice_readings, load_dice_content
from landsraad.present.readings import all_readings


def test_readings_listed_with_pages():
    rows = [r for r in all_readings() if r.area == "Dice and play"]
    ids = {r.where.split(" ")[0] for r in rows}
    assert {"A1", "A3", "A4", "A5", "A6", "A22", "I1", "I5", "S1", "S3", "S5", "S6", "S9"} <= ids
    assert all(r.page for r in rows) and len(rows) == len(dice_readings())


def test_bonuses_resolve_to_feats_and_advantages():
    dc = load_dice_content()
    assert dc.bonuses and all(b.name for b in dc.bonuses)

    class Sheet:
        feats = {"quarry": "x"}
        advantages = {"imperial-conditioning": 1}

    assert [b.id for b in bonuses_for(dc, Sheet(), "duel")] == ["quarry"]
    assert [b.id for b in bonuses_for(dc, Sheet(), "negotiation", "diplomacy")] == ["imperial-conditioning"]


def test_a_bad_bonus_is_a_content_error(tmp_path):
    pack = tmp_path / DEFAULT_PACK
    shutil.copytree(content_dir() / DEFAULT_PACK, pack)
    text = (pack / "dice.toml").read_text(encoding="utf-8").replace('id = "quarry"', 'id = "no-such-feat"')
    (pack / "dice.toml").write_text(text, encoding="utf-8")
    with pytest.raises(ContentError, match="no-such-feat"):
        load_dice_content(pack)
