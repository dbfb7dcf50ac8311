"""The session's whitelist of edits, its Host over the files and the views of the packs'
documents, without a browser: each checker's refusals, each edit as the engines apply it,
undo, the TV's duel and conflict pages, ``landsraad serve`` in process."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from landsraad.character.model import Character
from landsraad.session import edits as E
from landsraad.session import views
from landsraad.session.host import HeadlessHost, content_for

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _host(tmp_path, *names):
    paths = []
    for n in names:
        shutil.copy(EXAMPLES / n, tmp_path / n)
        paths.append(str(tmp_path / n))
    return HeadlessHost(paths)


def _apply(host, doc, name, args, house=None):
    entry = next(e for e in host.entries() if e.id == doc)
    allowed, fargs, kwargs, text = E.prepare(name, args, entry.content, house)
    return host.apply(doc, allowed.fn, fargs, kwargs, text, "Kara")


# ----- the whitelist's checkers ---------------------------------------------------------------
@pytest.mark.parametrize(
    "name, args, words",
    [
        ("nope", {}, "no such edit"),
        ("buy", [], "args: must be an object"),
        ("buy", {"kind": "spell", "id": "x"}, "kind: one of"),
        ("buy", {"kind": "skill", "id": "no-such-skill"}, "id: no skill"),
        ("buy", {"kind": "skill", "id": "observe", "levels": 0}, "levels: 0 is not between 1 and 100"),
        ("buy", {"kind": "skill", "id": "observe", "levels": True}, "levels: must be a whole number"),
        ("remove-purchase", {"index": -1}, "index: -1 is not between"),
        ("set-caste", {"caste": "emperor"}, "caste: no 'emperor'"),
        ("set-text", {"attr": "name", "value": 5}, "value: must be text"),
        ("set-detail", {"step": "extras", "ref": "x", "text": "y"}, "step: 'extras' is not a step"),
        ("answer-choice", {"step": "early-life", "n": 1, "tokens": "attack"}, "tokens: must be a list"),
        ("answer-choice", {"step": "early-life", "n": 1, "tokens": ["a"] * 65}, "at most 64"),
        ("take-template", {"step": "early-life", "template": "astronaut"}, "template: no 'astronaut'"),
        ("take-template", {"step": "early-life"}, "template: missing"),
    ],
)
def test_the_checkers_refuse_with_one_sentence(name, args, words):
    with pytest.raises(E.BadEdit) as err:
        E.prepare(name, args, content_for("character"))
    assert words in str(err.value)


@pytest.mark.parametrize(
    "name, args, words",
    [
        ("strategy", {"strategy": "tyrant"}, "strategy: no 'tyrant'"),
        ("venture", {"venture": "conquest", "director": "x"}, "venture: no 'conquest'"),
        ("venture", {"venture": "misinform", "director": "x", "fake_ventures": ["nope"]}, "fake_ventures: no 'nope'"),
        ("venture", {"venture": "misinform", "director": "x", "fake_strategy": "nope"}, "fake_strategy: no 'nope'"),
        ("operation", {"operation": "teleport", "actor": "x", "week": 1}, "operation: no 'teleport'"),
        ("operation", {"operation": "spy-high", "actor": "x", "week": 5}, "week: 5 is not between 1 and 4"),
        ("history-choice", {"source": "2x9"}, "names an option, a table or traits"),
    ],
)
def test_the_house_checkers_refuse(name, args, words):
    with pytest.raises(E.BadEdit) as err:
        E.prepare(name, args, content_for("fief"), "felderon")
    assert words in str(err.value)
    with pytest.raises(E.BadEdit, match="this seat has no House"):
        E.prepare(name, args, content_for("fief"), None)


def test_each_character_edit_is_the_engines_own(tmp_path):
    host = _host(tmp_path, "venhei-fief.json")
    doc = host.add_document("character", Character(name="Kara"), "Kara")
    assert (tmp_path / "session-character-1.json").exists()
    # Step 06: "Observe" bought at 2 (Character Points, L2827), then removed again
    assert _apply(host, doc, "buy", {"kind": "skill", "id": "observe", "levels": 2})
    assert host.state(doc).extras[0].id == "observe" and host.state(doc).extras[0].levels == 2
    assert _apply(host, doc, "remove-purchase", {"index": 0}) and host.state(doc).extras == []
    assert _apply(host, doc, "set-caste", {"caste": next(iter(content_for("character").castes))})
    assert _apply(host, doc, "set-text", {"attr": "description", "value": "A pilot"})
    assert _apply(host, doc, "take-template", {"step": "early-life", "template": "academic-education"})
    # Academic Education asks the field of its Knowledge (a detail the player types)
    assert _apply(host, doc, "set-detail", {"step": "early-life", "ref": "knowledge", "text": "Imperial History"})
    assert host.state(doc).step("early-life").details["knowledge"] == "Imperial History"
    assert not _apply(host, doc, "set-text", {"attr": "description", "value": "A pilot"})  # nothing changed
    # undo takes the last step back, written back to the file too
    assert host.undo(doc) == "Record a detail"
    assert "knowledge" not in host.state(doc).step("early-life").details
    second = host.add_document("character", Character(name="Nasir"), "Nasir")
    assert (tmp_path / "session-character-2.json").exists() and second != doc


def test_a_history_choice_through_the_whitelist(tmp_path):
    host = _host(tmp_path, "venhei-fief.json")
    fief = host.state("d1")
    vorst = next(h for h in fief.houses if h.name == "Vorst")
    from landsraad.house.history import history_events

    hc = content_for("fief")
    ev = next(e for e in history_events(vorst, hc) if e.row.kind == "options")
    option = 2 if len(ev.row.options) > 1 else 1
    assert _apply(host, "d1", "history-choice", {"source": ev.source, "option": option}, vorst.id) in (True, False)
    assert host.state("d1").house(vorst.id).choice(ev.source).option == option


# ----- the TV's pages of the packs' documents ----------------------------------------------------
def test_the_tv_shows_a_duel_and_a_conflict(tmp_path):
    host = _host(tmp_path, "dune-sea-duel.json", "ambush-conflict.json")
    entries = host.entries()
    duel = views.table_json(entries, "d1", [])["doc"]
    assert duel["page"] == "duel" and duel["title"] == "Duel  ·  Round 3"  # two rounds fought
    assert [c["name"] for c in duel["corners"]] == ["Regenald Wilde", "Cardinal's Guard"]
    assert all(c["wounds"] for c in duel["corners"])
    conflict = views.table_json(entries, "d2", [])["doc"]
    assert conflict["page"] == "conflict" and conflict["title"].startswith("Round 1  ·  Ambush in the alley")
    assert (conflict["momentum"], conflict["threat"]) == (1, 5)
    assert [z.split(" ")[0].split(":")[0] for z in conflict["zones"]][:1] == ["Alley"]
    fencer = _host(tmp_path, "regenald-wilde.fencer.json")
    assert views.table_json(fencer.entries(), "d1", [])["doc"]["page"] == "other"


def test_the_tv_shows_the_character_being_built(tmp_path):
    host = HeadlessHost([], save=False)
    doc = host.add_document("character", Character(name="Kara"), "Kara")
    entry = host.entries()[0]
    entry.extra["step"] = "early-life"
    page = views.doc_table(entry)
    assert page["page"] == "character" and page["step"] == "Step 02 · Early Life"
    assert page["cp"] == "Character Points: 0 spent of 10"
    assert page["todo"] and doc == "d1"
    assert views.building_line("Kara", "house-service") == "Kara — Step 04"
    assert views.building_line("Kara", "") == "Kara"


# ----- landsraad serve, in process ------------------------------------------------------------
def test_serve_announces_then_returns_0(tmp_path, monkeypatch, capsys):
    import landsraad.session.server as server
    from landsraad.cli import main

    shutil.copy(EXAMPLES / "venhei-fief.json", tmp_path / "v.json")
    seen = {}

    def fake_forever(host, address, port, announce):
        s = server.Session(host, None, False, address, 18199)
        announce(s)
        seen["address"], seen["port"], seen["as_sent"] = address, port, s.accept_as_sent

    monkeypatch.setattr(server, "serve_forever", fake_forever)
    assert main(["serve", str(tmp_path / "v.json"), "--port", "0", "--accept-as-sent"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith("http://127.0.0.1:18199/join?code=") and " code " in first
    assert seen == {"address": "127.0.0.1", "port": 0, "as_sent": True}

    def busy(host, address, port, announce):
        raise OSError(98, "Address already in use")

    monkeypatch.setattr(server, "serve_forever", busy)
    assert main(["serve", str(tmp_path / "v.json"), "--port", "80000"]) == 2
    assert main(["serve", str(tmp_path / "v.json")]) == 2
    assert "cannot listen on 127.0.0.1:8765: Address already in use" in capsys.readouterr().err
