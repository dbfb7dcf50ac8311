"""The parsed-TOML cache of ``read_toml``: keyed by the file's bytes, never stale, never fatal."""

import pytest

from landsraad.errors import ContentError
from landsraad.rules import toml_loading as tl


@pytest.fixture
def cache(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    monkeypatch.setenv("LANDSRAAD_CACHE_DIR", str(folder))
    monkeypatch.delenv("LANDSRAAD_NO_CACHE", raising=False)
    return folder


def test_a_parsed_file_is_cached_and_read_back(tmp_path, cache):
    f = tmp_path / "a.toml"
    f.write_text('x = 1\n[[t]]\nid = "a"\n', encoding="utf-8")
    first = tl.read_toml(f)
    assert len(list(cache.glob("*.json"))) == 1
    assert tl.read_toml(f) == first == {"x": 1, "t": [{"id": "a"}]}


def test_an_edited_file_is_parsed_again_even_at_the_same_size_and_time(tmp_path, cache):
    f = tmp_path / "a.toml"
    f.write_text("x = 1\n", encoding="utf-8")
    assert tl.read_toml(f) == {"x": 1}
    f.write_text("x = 2\n", encoding="utf-8")
    assert tl.read_toml(f) == {"x": 2}


def test_a_broken_cache_file_is_ignored(tmp_path, cache):
    f = tmp_path / "a.toml"
    f.write_text("x = 1\n", encoding="utf-8")
    tl.read_toml(f)
    (entry,) = cache.glob("*.json")
    entry.write_bytes(b"\x00garbage")
    assert tl.read_toml(f) == {"x": 1}


def test_bad_toml_is_still_a_content_error_and_is_not_cached(tmp_path, cache):
    f = tmp_path / "bad.toml"
    f.write_text("x = = 1\n", encoding="utf-8")
    with pytest.raises(ContentError, match="not valid TOML"):
        tl.read_toml(f)
    with pytest.raises(ContentError, match="not valid TOML"):
        tl.read_toml(f)
    assert not cache.exists() or not list(cache.glob("*.json"))


def test_dates_which_json_cannot_hold_are_parsed_every_time(tmp_path, cache):
    f = tmp_path / "d.toml"
    f.write_text("when = 2026-01-02\n", encoding="utf-8")
    assert str(tl.read_toml(f)["when"]) == "2026-01-02"
    assert str(tl.read_toml(f)["when"]) == "2026-01-02"


def test_an_unwritable_cache_folder_does_not_stop_loading(tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("LANDSRAAD_CACHE_DIR", str(blocker / "sub"))
    f = tmp_path / "a.toml"
    f.write_text("x = 1\n", encoding="utf-8")
    assert tl.read_toml(f) == {"x": 1}


def test_the_cache_can_be_turned_off(tmp_path, cache, monkeypatch):
    monkeypatch.setenv("LANDSRAAD_NO_CACHE", "1")
    f = tmp_path / "a.toml"
    f.write_text("x = 1\n", encoding="utf-8")
    assert tl.read_toml(f) == {"x": 1}
    assert not cache.exists()


def test_the_cache_keeps_only_the_newest_files(tmp_path, cache, monkeypatch):
    monkeypatch.setattr(tl, "_CACHE_KEEP", 3)
    for i in range(6):
        f = tmp_path / f"f{i}.toml"
        f.write_text(f"x = {i}\n", encoding="utf-8")
        tl.read_toml(f)
    assert len(list(cache.glob("*.json"))) == 3
