"""The parsed-TOML cache of ``read_toml``: keyed by the file's bytes, never stale, never fatal."""

import pytest

from landsraad.errors import ContentError
from landsraad.rules import toml_loading as tl


@pytest.fixture
def cache(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    monkeypatch.setenv("LANDSRAAD_CACHE_DIR", str(folder))
    monkeypatch.delenv("LANDSRAAD_NO_CACHE", raising=False)
    return folder / "parsed-toml"  # the cache's own subfolder (issue 13)


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


# ----- issue 13: the cache touches only its own files and trusts no entry blindly ---------
def test_prune_never_touches_files_the_cache_did_not_write(tmp_path, cache, monkeypatch):
    # LANDSRAAD_CACHE_DIR pointed at a folder of documents deleted 32 of 150 of them
    docs = tmp_path / "cache"
    docs.mkdir()
    for i in range(20):
        (docs / f"hero{i}.json").write_text('{"kind": "character"}\n', encoding="utf-8")
    monkeypatch.setattr(tl, "_CACHE_KEEP", 2)
    for i in range(6):
        f = tmp_path / f"f{i}.toml"
        f.write_text(f"x = {i}\n", encoding="utf-8")
        tl.read_toml(f)
    assert len(list(docs.glob("hero*.json"))) == 20
    assert len(list(cache.glob("toml-*.json"))) == 2
    # a file in the cache's own folder that is not of its naming stays too
    (cache / "notes.json").write_text("{}", encoding="utf-8")
    tl.read_toml(tmp_path / "f0.toml")
    assert (cache / "notes.json").exists()


def test_the_cache_folder_is_private_and_writes_through_no_symlink(tmp_path, cache):
    f = tmp_path / "a.toml"
    f.write_text("x = 1\n", encoding="utf-8")
    victim = tmp_path / "victim.txt"
    victim.write_text("someone else's\n", encoding="utf-8")
    cache.mkdir(parents=True)
    source = tl.hashlib.blake2b(f.read_bytes(), digest_size=20).hexdigest()
    planted = cache / f"toml-{source}-{tl._CACHE_TAG}.json"
    planted.symlink_to(victim)
    assert tl.read_toml(f) == {"x": 1}
    assert victim.read_text(encoding="utf-8") == "someone else's\n"  # not written through
    assert not planted.is_symlink()  # replaced by our own entry
    assert tl.read_toml(f) == {"x": 1}
    # temporary files are ours only for the moment of a write: none is left, none predictable
    assert [p.name for p in cache.iterdir()] == [planted.name]


def test_a_poisoned_entry_is_not_used(tmp_path, cache):
    f = tmp_path / "a.toml"
    f.write_text("x = 1\n", encoding="utf-8")
    tl.read_toml(f)
    (entry,) = cache.glob("toml-*.json")
    import json

    data = json.loads(entry.read_text(encoding="utf-8"))
    # an entry that claims another source, or that lost its source, or holds other data
    for poisoned in (
        {**data, "source": "0" * 40, "data": {"x": 666}},
        {"tag": data["tag"], "data": {"x": 666}},
        {**data, "data": [1, 2]},
    ):
        entry.write_text(json.dumps(poisoned), encoding="utf-8")
        assert tl.read_toml(f) == {"x": 1}


def test_a_deeply_nested_entry_falls_back_to_the_toml(tmp_path, cache):
    f = tmp_path / "a.toml"
    f.write_text("x = 1\n", encoding="utf-8")
    tl.read_toml(f)
    (entry,) = cache.glob("toml-*.json")
    head = entry.read_text(encoding="utf-8").split('"data": ')[0]
    entry.write_text(head + '"data": {"x": ' + "[" * 100_000 + "]" * 100_000 + "}}", encoding="utf-8")
    assert tl.read_toml(f) == {"x": 1}
    entry.write_text(head + '"data": {"x": ' + "[" * 200 + "]" * 200 + "}}", encoding="utf-8")
    assert tl.read_toml(f) == {"x": 1}


@pytest.mark.parametrize(
    "text, words",
    [
        ("x = " + "[" * 100_000, "nested"),
        ("x = " + "[" * 40 + "]" * 40, "nested more than"),
        ("territories = 1000000000000", "territories"),
        ("x = 1" + "0" * 5000, "4,300 digits"),
    ],
)
def test_absurd_toml_is_a_content_error(tmp_path, cache, text, words):
    f = tmp_path / "a.toml"
    f.write_text(text + "\n", encoding="utf-8")
    with pytest.raises(ContentError) as exc:
        tl.read_toml(f)
    assert words in str(exc.value) and "a.toml" in str(exc.value)


def test_a_content_file_that_is_a_folder_a_loop_or_unreadable(tmp_path, cache):
    folder = tmp_path / "folder.toml"
    folder.mkdir()
    with pytest.raises(ContentError, match="is a folder"):
        tl.read_toml(folder)
    (tmp_path / "l1.toml").symlink_to(tmp_path / "l2.toml")
    (tmp_path / "l2.toml").symlink_to(tmp_path / "l1.toml")
    with pytest.raises(ContentError, match="symlink loop"):
        tl.read_toml(tmp_path / "l1.toml")


def test_a_nested_array_where_text_is_expected_is_an_error_not_text(tmp_path):
    import attrs

    @attrs.define
    class Entry:
        id: str
        aspects: list[str]

    with pytest.raises(ContentError, match=r"aspects\[0\]: must be text, not an array"):
        tl.structure_entry({"id": "a", "aspects": [["x"], "y"]}, Entry, "a.toml", "entry 'a'")
    with pytest.raises(ContentError, match="must be a whole number"):
        tl.structure_list(
            {"e": [{"id": "a", "n": 2.5}]},
            "e",
            attrs.make_class("E", {"id": attrs.field(type=str), "n": attrs.field(type=int)}),
            tmp_path / "a.toml",
        )
