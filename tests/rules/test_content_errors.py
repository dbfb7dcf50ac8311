"""A malformed or inconsistent content file fails at load with the file, the entry and the reason."""

import re
import shutil

import pytest

from landsraad.errors import ContentError
from landsraad.paths import DEFAULT_PACK, content_dir
from landsraad.rules.content import load_content


@pytest.fixture
def pack(tmp_path):
    dst = tmp_path / DEFAULT_PACK
    shutil.copytree(content_dir() / DEFAULT_PACK, dst)
    return dst


def _edit(path, old, new, count=1):
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def _fails(pack, *fragments):
    load_content.cache_clear()
    with pytest.raises(ContentError) as info:
        load_content(pack)
    message = str(info.value)
    for frag in fragments:
        assert frag in message, message
    return info.value


def test_the_shipped_pack_loads():
    load_content.cache_clear()
    assert load_content().pack.pack.id == DEFAULT_PACK


def test_unknown_skill_named_in_a_template(pack):
    _edit(pack / "early-life.toml", '{ kind = "skill", id = "academia"', '{ kind = "skill", id = "acadamia"')
    err = _fails(pack, "early-life.toml", "academic-education", "unknown skill 'acadamia'")
    assert err.entry.startswith("template 'academic-education'")


def test_duplicate_id(pack):
    _edit(pack / "skills.toml", 'id = "athletics"', 'id = "academia"')
    _fails(pack, "skills.toml", "duplicate id 'academia'")


def test_bad_number(pack):
    _edit(pack / "castes.toml", "rank = 5", 'rank = "five"')
    _fails(pack, "castes.toml", "caste 'regis-familia'", "rank")


def test_missing_field(pack):
    text = (pack / "statistics.toml").read_text(encoding="utf-8")
    (pack / "statistics.toml").write_text(re.sub(r'\npair = "physical"', "", text, count=1), encoding="utf-8")
    _fails(pack, "statistics.toml", "statistic 'physique'", "pair")


def test_unknown_field_is_not_silently_ignored(pack):
    _edit(pack / "statistics.toml", 'id = "physique"', 'id = "physique"\nmeening = "typo"')
    _fails(pack, "statistics.toml", "physique", "meening")


def test_feat_tree_with_a_missing_level(pack):
    text = (pack / "feats.toml").read_text(encoding="utf-8")
    text = text.replace("level = 3", "level = 2", 1)
    (pack / "feats.toml").write_text(text, encoding="utf-8")
    _fails(pack, "feats.toml", "tree", "level")


def test_narrow_skill_with_an_unknown_broad(pack):
    _edit(pack / "skills.toml", 'broad = "academia"', 'broad = "academy"')
    _fails(pack, "skills.toml", "unknown broad skill 'academy'")


def test_not_toml(pack):
    (pack / "castes.toml").write_text("[[caste]\nid = ", encoding="utf-8")
    _fails(pack, "castes.toml", "not valid TOML")


def test_not_utf8(pack):
    (pack / "castes.toml").write_bytes(b'[[caste]]\nid = "\xff\xfe"\n')
    _fails(pack, "castes.toml", "not UTF-8")
