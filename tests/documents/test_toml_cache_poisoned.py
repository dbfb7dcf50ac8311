"""Issue 28: a parsed-TOML cache entry with the right tag and hash but wrong data was
trusted (wrong rules loaded with exit 0, or every command broken until the cache was
deleted by hand).  The entry's structure is checked against the TOML text."""

import json
import shutil
from pathlib import Path

import pytest

from landsraad.rules import toml_loading as tl

DOMAIN = Path(__file__).parents[2] / "content" / "houses-of-the-landsraad" / "domain.toml"


@pytest.fixture
def cache(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    monkeypatch.setenv("LANDSRAAD_CACHE_DIR", str(folder))
    monkeypatch.delenv("LANDSRAAD_NO_CACHE", raising=False)
    return folder


@pytest.mark.parametrize(
    "poison",
    [
        lambda d: d.pop("strategy"),  # a table the text declares is gone
        lambda d: d["strategy"].pop(),  # one Strategy fewer than [[strategy]] headers
        lambda d: d.__setitem__("strategy", {"id": "x"}),  # an array of tables become one table
    ],
)
def test_a_poisoned_entry_is_not_trusted_and_the_toml_is_read(tmp_path, cache, poison):
    toml = tmp_path / "domain.toml"
    shutil.copyfile(DOMAIN, toml)
    good = tl.read_toml(toml)
    (entry_file,) = list(cache.rglob("*.json"))
    entry = json.loads(entry_file.read_text(encoding="utf-8"))
    poison(entry["data"])
    entry_file.write_text(json.dumps(entry), encoding="utf-8")
    assert tl.read_toml(toml) == good
    # the same test passes the genuine entry: the check does not refuse the shipped content
    assert (
        len(good["strategy"])
        == sum(1 for line in DOMAIN.read_text(encoding="utf-8").splitlines() if line.strip() == "[[strategy]]")
        == 8
    )
