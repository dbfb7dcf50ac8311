"""Every reading of every pack is listed by ``content readings`` with its page (issue 23):
the 33 notes of ``domain.toml`` (the use penalty L4905, Width 1 surviving counter dice L190,
the Spy 3X printed "four" L4981, ...) as much as the character pack's and the other packs'."""

from __future__ import annotations

import json
from pathlib import Path

from landsraad import cli
from landsraad.paths import content_dir
from landsraad.rules.pages import cite, page_of
from landsraad.rules.toml_loading import read_toml


def _notes(data, out: list) -> list:
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "note" and isinstance(value, str) and value:
                out.append(value)
            _notes(value, out)
    elif isinstance(data, list):
        for item in data:
            _notes(item, out)
    return out


def _readings(capsys) -> list[dict]:
    assert cli.main(["content", "readings", "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_every_note_of_every_pack_is_a_listed_reading(capsys):
    rows = _readings(capsys)
    texts = "\n".join(r["text"] for r in rows)
    missing = []
    for path in sorted(Path(content_dir()).rglob("*.toml")):
        for note in _notes(read_toml(path), []):
            if not any(form in texts for form in (note, cite(note), cite(note, lines=True))):
                missing.append(f"{path.name}: {note[:60]}")
    assert missing == []


def test_the_house_turn_readings_carry_their_pages(capsys):
    rows = [r for r in _readings(capsys) if r["area"] == "House turn"]
    domain = read_toml(Path(content_dir()) / "houses-of-the-landsraad" / "domain.toml")
    assert len(rows) >= len(_notes(domain, [])) == 33
    by = {r["where"]: r for r in rows}
    # the use penalty is L4905, the Spy's tiers L4977-L4981: their pages, and no line left in the text
    assert by["The use penalty"]["page"] == page_of(4905)
    spy = by["Operation › Spy (high)"]
    assert spy["kind"] == "INCONSISTENT" and spy["page"] == page_of(4977) and "reveal four" in spy["text"]
    assert all(r["page"] for r in rows)


def test_a_venture_answer_names_the_readings_it_rests_on(capsys, tmp_path):
    import shutil

    fief = tmp_path / "f.json"
    shutil.copy(Path(__file__).resolve().parents[2] / "examples" / "venhei-fief.json", fief)
    # Felderon Develops Espionage: T 1 + Tr 3 - 1 = 2 -> 3 dice; 5 5 5 against Difficulty 1 (E Rating 1)
    assert (
        cli.main(
            [
                "house",
                "venture",
                str(fief),
                "--house",
                "Felderon",
                "--venture",
                "develop",
                "--target",
                "espionage",
                "--dice",
                "5 5 5",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert f"reading, Venture › Develop (p. {page_of(4910)})" in out and "AMBIGUITY (spec A22)" in out
    assert f"reading, The use penalty (p. {page_of(4905)})" in out
