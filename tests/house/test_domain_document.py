"""The House turn in the Fief document: schema_version 2, the step from a frozen version-1
file, fields named on error, and domain.toml checked at load."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from landsraad.documents import kinds
from landsraad.documents.migrations import upgrade
from landsraad.errors import ContentError, DocumentError
from landsraad.house.document import (
    SCHEMA_VERSION,
    dumps,
    fief_to_json,
    load_fief,
    loads,
)
from landsraad.house.domain_tables import load_domain_content
from landsraad.paths import DEFAULT_PACK, content_dir

DATA = Path(__file__).resolve().parents[1] / "data" / "documents"
V1 = DATA / "fief-v1.json"


def test_version_1_fixture_is_frozen_and_upgrades():
    raw = json.loads(V1.read_text(encoding="utf-8"))
    assert raw["schema_version"] == 1 and "month" not in raw and "domain" not in raw["houses"][0]
    up = upgrade(dict(raw), "fief", 2, str(V1))
    assert up["schema_version"] == 2 and up["month"] == 1 and up["turn"] == []
    assert all(h["domain"] == {} for h in up["houses"])
    assert kinds.get("fief").migrations[1](json.loads(V1.read_text()))["month"] == 1
    fief = load_fief(V1)
    assert fief.month == 1 and all(h.domain.strategy == "neutral" and not h.domain.householders for h in fief.houses)
    assert json.loads(dumps(fief))["schema_version"] == SCHEMA_VERSION == 3


@pytest.mark.parametrize(
    "mutate, field",
    [
        (lambda d: d.update(month=0), "month"),
        (
            lambda d: d["houses"][0]["domain"].update(householders=[{"name": "A", "rank": "middling"}]),
            "houses[0].domain.householders[0].rank",
        ),
        (
            lambda d: d["houses"][1]["domain"].update(ventures=[{"venture": "attack"}]),
            "houses[1].domain.ventures[0].director",
        ),
        (
            lambda d: d["houses"][0]["domain"].update(changes=[{"month": 1, "deltas": {"warfare": "x"}}]),
            "houses[0].domain.changes[0].deltas.warfare",
        ),
        (lambda d: d.update(turn=[{"house": "", "kind": "month"}]), "turn[0].month"),
    ],
)
def test_bad_turn_fields_are_named(mutate, field):
    data = fief_to_json(load_fief(V1))
    mutate(data)
    with pytest.raises(DocumentError) as exc:
        loads(json.dumps(data), "x.json")
    assert exc.value.field == field


def test_domain_content_is_checked(tmp_path):
    pack = tmp_path / DEFAULT_PACK
    shutil.copytree(content_dir() / DEFAULT_PACK, pack)
    path = pack / "domain.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(
        text.replace('counter = ["defense", "territory"]', 'counter = ["defence", "territory"]', 1), encoding="utf-8"
    )
    load_domain_content.cache_clear()
    try:
        with pytest.raises(ContentError, match="venture 'appropriate'.*counter"):
            load_domain_content(pack)
        path.write_text(text.replace('effect = "spy"', 'effect = "peek"'), encoding="utf-8")
        with pytest.raises(ContentError, match="operation 'spy-high'.*peek"):
            load_domain_content(pack)
    finally:
        load_domain_content.cache_clear()


def test_every_entry_cites_the_rulebook_and_notes_its_readings():
    dc = load_domain_content()
    assert [v.id for v in dc.ventures] == [
        "appropriate",
        "attack",
        "develop",
        "investigate",
        "maintain",
        "misinform",
        "propaganda",
        "subvert",
        "surveillance",
        "gear",
    ]
    assert sorted({o.id for o in dc.operations}) == [
        "assassinate",
        "intelligence",
        "interrogate",
        "kidnap",
        "mislead",
        "protect",
        "sabotage",
        "socialise",
        "spy",
        "steal",
    ]
    assert {s.id: s.trait for s in dc.strategies} == {
        "builder": "territory",
        "courtesan": "influence",
        "defender": "defense",
        "networker": "espionage",
        "neutral": "",
        "proletarian": "dominion",
        "stockpiler": "treasury",
        "warmonger": "warfare",
    }
    for entry in dc.ventures + dc.operations + dc.strategies + dc.facts:
        assert entry.line.startswith("L"), entry
    # the passages assigned by inference say so
    assert {o.key for o in dc.operations if o.by_inference} == {
        "assassinate-low",
        "interrogate-high",
        "interrogate-low",
        "kidnap-low",
        "socialise-low",
    }
    notes = " ".join(x.note for x in dc.ventures + dc.operations) + dc.use_penalty.note + dc.dice.note
    for reading in (
        "A1",
        "A2",
        "A3",
        "A6",
        "A7",
        "A8",
        "A9",
        "A10",
        "A11",
        "A12",
        "A13",
        "A15",
        "A17",
        "A18",
        "A19",
        "A20",
        "A21",
        "A22",
        "A23",
        "I1",
        "I2",
        "I3",
        "I4",
        "S7",
        "S8",
        "S13",
        "S14",
        "S25",
    ):
        assert f"({reading})" in notes or f"{reading})" in notes or f" {reading}" in notes, reading
