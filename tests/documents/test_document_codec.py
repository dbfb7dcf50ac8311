"""The one document codec (issue 14 item 2): every kind read by ``load_document``, migrated by
``migrations.upgrade()``, refused in one wording; the frozen files of tests/data/documents/."""

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from landsraad.character import document as chdoc
from landsraad.documents import codec, limits, migrations
from landsraad.errors import DocumentError
from landsraad.house import document as fiefdoc

FROZEN = Path(__file__).resolve().parents[1] / "data" / "documents"
MODULES = {"character": chdoc, "fief": fiefdoc}


# ----- frozen files: one per kind and schema version --------------------------------------
@pytest.mark.parametrize("kind", codec.kinds())
def test_there_is_a_frozen_file_for_every_readable_version(kind):
    current = codec.kind_entry(kind).schema_version
    for version in range(migrations.OLDEST.get(kind, 1), current + 1):
        assert (FROZEN / f"{kind}-v{version}.json").is_file(), f"freeze {kind}-v{version}.json"


@pytest.mark.parametrize("path", sorted(FROZEN.glob("*-v*.json")), ids=lambda p: p.name)
def test_every_frozen_file_loads_and_writes_back_as_a_current_document(path):
    kind = path.name.split("-v")[0]
    version = int(re.search(r"-v(\d+)\.json$", path.name).group(1))
    raw = json.loads(path.read_text(encoding="utf-8"))
    assert raw["schema_version"] == version and raw["kind"] == kind
    got_kind, doc = codec.load_document(path)
    assert got_kind == kind
    again = json.loads(codec.dumps_document(kind, doc))
    assert again["schema_version"] == codec.kind_entry(kind).schema_version
    # reading what we wrote gives the same document: the migration lost nothing
    assert codec.loads_document(codec.dumps_document(kind, doc))[1] == doc


def test_the_frozen_documents_hold_what_they_were_written_with():
    _, ch = codec.load_document(FROZEN / "character-v1.json")
    assert ch.name == "Duncan Idaho" and ch.caste == "bondsmen" and ch.aspects == {"allies": [2, 1]}
    assert ch.early_life.picks == {1: ["knowledge(Imperial History)", "knowledge(Arts)"]}
    _, fief = codec.load_document(FROZEN / "fief-v1.json")
    assert fief.roll.text == "3x4 2x8 2x5 9 6 2 1" and len(fief.houses) == 3


@pytest.mark.parametrize("kind", codec.kinds())
def test_every_kind_goes_through_upgrade(kind, monkeypatch):
    """A version-2 app reads the frozen v1 file through MIGRATIONS[kind][1]: the Fief reader
    used to check the version itself and never called upgrade()."""
    entry = codec.kind_entry(kind)
    seen = []

    def to_v2(data):
        seen.append(data["schema_version"])
        data["app_version"] = "migrated"
        return data

    monkeypatch.setitem(migrations.MIGRATIONS, kind, {1: to_v2})
    monkeypatch.setitem(codec._KINDS, kind, codec.Kind(kind, 2, entry.decode, entry.encode, entry.label))
    got_kind, _ = codec.load_document(FROZEN / f"{kind}-v1.json")
    assert (got_kind, seen) == (kind, [1])
    # with no migration from 1, the same file is refused, naming the field
    monkeypatch.setitem(migrations.MIGRATIONS, kind, {})
    with pytest.raises(DocumentError) as exc:
        codec.load_document(FROZEN / f"{kind}-v1.json")
    assert exc.value.field == "schema_version" and "no upgrade from schema_version 1" in str(exc.value)


def test_a_pack_registers_its_own_kind(tmp_path, monkeypatch):
    monkeypatch.setattr(codec, "_KINDS", dict(codec._KINDS))
    codec.register_kind(
        "fencer",
        1,
        lambda d, f: {"name": d["name"]},
        lambda doc: {"schema_version": 1, "kind": "fencer", "name": doc["name"]},
    )
    path = tmp_path / "f.json"
    codec.save_document("fencer", {"name": "Gurney"}, path)
    assert codec.load_document(path) == ("fencer", {"name": "Gurney"})
    assert "fencer" in codec.kinds()
    with pytest.raises(DocumentError, match="this is a fencer document, not a character document"):
        chdoc.load(path)


# ----- one wording for every kind -----------------------------------------------------------
def _write(tmp_path, data, name="doc.json") -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize("expect", ["character", "fief", None])
@pytest.mark.parametrize(
    "content, words",
    [
        ({"schema_version": 99, "kind": "character", "character": {}}, "written by a newer Landsraad Forge"),
        ({"schema_version": 99, "kind": "fief"}, "written by a newer Landsraad Forge"),
        ({"schema_version": 1, "kind": "<a href='x'>spreadsheet</a>"}, "not a Landsraad Forge document (kind"),
        ({"schema_version": 1}, "not a Landsraad Forge document (kind None"),
        ("[1, 2]", "not a Landsraad Forge document: a document is an object"),
        ('{"kind": "fief", "name": "abc', "not valid JSON (line 1, column 26): Unterminated string"),
    ],
)
def test_unreadable_wrong_kind_and_too_new_read_the_same_for_every_kind(tmp_path, expect, content, words):
    path = _write(tmp_path, content)
    load = {"character": chdoc.load, "fief": fiefdoc.load_fief, None: codec.load_document}[expect]
    with pytest.raises(DocumentError) as exc:
        load(path)
    text = str(exc.value)
    other_kind = isinstance(content, dict) and content.get("kind") in MODULES and expect not in (None, content["kind"])
    if other_kind:  # the kind is checked before the version: a Fief is no character, however new
        words = f"this is a {content['kind']} document, not a {expect} document"
    assert text.startswith(str(path)) and words in text, text
    assert "at at" not in text and "starting at" not in text


def test_wrong_kind_names_both_kinds(tmp_path):
    with pytest.raises(DocumentError) as exc:
        chdoc.load(FROZEN / "fief-v1.json")
    assert exc.value.field == "kind" and "this is a fief document, not a character document" in str(exc.value)
    with pytest.raises(DocumentError, match="this is a character document, not a fief document"):
        fiefdoc.load_fief(FROZEN / "character-v1.json")


@pytest.mark.parametrize(
    "make, words",
    [
        (lambda p: p.mkdir(), "is a folder, not a file"),
        (lambda p: (p.with_name("l2").symlink_to(p), p.symlink_to(p.with_name("l2"))), "symlink loop"),
        (lambda p: p.write_bytes(b'{"kind": "\xff"}'), "not UTF-8 text"),
        (lambda p: None, "file not found"),
    ],
)
def test_files_that_cannot_be_read(tmp_path, make, words):
    path = tmp_path / "doc.json"
    make(path)
    with pytest.raises(DocumentError) as exc:
        codec.load_document(path)
    assert words in str(exc.value) and str(path) in str(exc.value)


# ----- bad input in a document: refused, never converted ------------------------------------------
def _character(**fields) -> dict:
    return {"schema_version": 1, "kind": "character", "character": fields}


@pytest.mark.parametrize(
    "body, field_words",
    [
        ({"name": None}, "name: must be text, not null"),
        ({"name": 5}, "name: must be text, not the number 5"),
        (
            {"extras": [{"kind": "skill", "id": "observe", "levels": 2.7}]},
            "extras[0].levels: must be a whole number, not the decimal number 2.7",
        ),
        (
            {"extras": [{"kind": "skill", "id": "observe", "levels": True}]},
            "levels: must be a whole number, not true/false",
        ),
        ({"extras": [{"kind": "skill", "id": "observe", "levels": 1e308}]}, "1e+308"),
        ({"extras": [{"kind": "skill", "id": "observe", "levels": 10**5}]}, "levels: is 100000; it must be 1 to 100"),
        ({"extras": [{"kind": "skill", "id": "observe", "levels": 10**40}]}, "a 41-digit number"),
        ({"aspects": {"allies": [1, "2"]}}, "aspects: must be a whole number, not text"),
        ({"name": "Paul\ud800"}, "lone surrogate U+D800"),
        ({"name": "x" * 40_000}, "character.name: is 40,000 characters long"),
        ({"early_life": {"picks": {"99999999999": ["a"]}}}, "choice numbers are whole numbers"),
    ],
)
def test_character_documents_reject_wrong_types_instead_of_converting(tmp_path, body, field_words):
    path = _write(tmp_path, _character(**body))
    with pytest.raises(DocumentError) as exc:
        chdoc.load(path)
    assert field_words in str(exc.value), str(exc.value)


def test_a_fief_with_a_decimal_says_which_number(tmp_path):
    data = json.loads((FROZEN / "fief-v1.json").read_text(encoding="utf-8"))
    data["houses"][0]["choices"][0]["option"] = 2.7
    with pytest.raises(DocumentError) as exc:
        fiefdoc.load_fief(_write(tmp_path, data))
    assert "must be a whole number or null, not the decimal number 2.7" in str(exc.value)
    assert "not a number" not in str(exc.value)


@pytest.mark.parametrize(
    "text, words",
    [
        ("[" * 100_000 + "]" * 100_000, "nested more than 32 deep"),
        ('{"kind": "fief", "a": ' + "[" * 100 + "]" * 100 + "}", "nested more than 32 deep"),
        (
            '{"schema_version": 1, "kind": "character", "character": {"extras": [{"levels": ' + "9" * 5000 + "}]}}",
            "a number of more than 4,300 digits",
        ),
        ('{"schema_version": 1, "kind": "fief", "name": "' + "n" * 40_000 + '"}', "name: is 40,000 characters"),
    ],
)
def test_absurd_json_is_a_clear_error_fast(tmp_path, text, words):
    path = _write(tmp_path, text)
    with pytest.raises(DocumentError) as exc:
        codec.load_document(path)
    assert words in str(exc.value)


def test_a_fief_name_of_the_longest_a_name_field_takes_reopens(tmp_path):
    from landsraad.documents import limits

    data = json.loads((FROZEN / "fief-v1.json").read_text(encoding="utf-8"))
    data["name"] = "N" * limits.MAX_NAME
    assert fiefdoc.load_fief(_write(tmp_path, data)).name == data["name"]


def test_a_fief_of_thousands_of_houses_is_refused_not_computed_for_minutes(tmp_path):
    data = json.loads((FROZEN / "fief-v1.json").read_text(encoding="utf-8"))
    house = data["houses"][0]
    data["houses"] = [dict(house, id=f"h{i}", name=f"H{i}") for i in range(3000)]
    with pytest.raises(DocumentError) as exc:
        fiefdoc.load_fief(_write(tmp_path, data))
    assert exc.value.field == "houses" and "at most 500" in str(exc.value)


# ----- the limits walk: the fast check and the one that names the path agree --------------
_leaves = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**20), 10**20),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=5),
    st.sampled_from(["\ud800", "a\udfff"]),
)
_trees = st.recursive(
    _leaves,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=3), inner, max_size=4)),
    max_leaves=30,
)


@settings(max_examples=300, deadline=None)
@given(_trees, st.integers(1, 6))
def test_the_fast_walk_and_the_naming_walk_agree(tree, depth):
    fast = limits._tree_ok(tree, 10**18, depth, True)
    try:
        limits._locate(tree, "", 10**18, depth)
        slow = True
    except limits.LimitError:
        slow = False
    assert fast == slow


@pytest.mark.parametrize(
    "tree, where",
    [
        ({"a": [1, {"b": 10**19}]}, "a[1].b"),
        ({"a": ["ok", "x\ud800"]}, "a[1]"),
        ({"a": [float("inf")]}, "a[0]"),
        ({"a": [[[[]]]]}, "a[0][0]"),
    ],
)
def test_a_fault_is_named_by_its_path(tree, where):
    with pytest.raises(limits.LimitError) as exc:
        limits.check_tree(tree, max_depth=3)
    assert exc.value.where == where


def test_an_aspect_split_for_an_unknown_or_one_rating_advantage_is_a_finding():
    from landsraad.character.validate import validate
    from landsraad.rules.content import load_content

    _, ch = codec.load_document(FROZEN / "character-v1.json")
    ch.aspects.update({"alies": [2, 1], "wealth": [1, 1], "mentor": [1, 0]})
    _, findings = validate(ch, load_content())
    by_field = {f.field: f for f in findings if f.field and f.field.startswith("aspects.")}
    assert by_field["aspects.alies"].rule == "V-AD-1" and "'alies'" in by_field["aspects.alies"].message
    assert by_field["aspects.wealth"].rule == "V-AD-2" and "one rating" in by_field["aspects.wealth"].message
    assert by_field["aspects.mentor"].severity.value == "warning"
    assert "aspects.allies" not in by_field  # the character's own split is fine
