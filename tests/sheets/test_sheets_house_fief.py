"""House and Siridar Fief sheets, read back with pypdf and rendered with pypdfium2 (issue 6).

Expected values come from the House engine (scores, history events, readings), never
typed here."""

from __future__ import annotations

import re

import pytest

from landsraad.house.content import load_house_content
from landsraad.house.document import load_fief
from landsraad.house.fief import creation_roll, new_fief, read_body
from landsraad.house.history import history_events
from landsraad.house.place_names import place_names
from landsraad.house.scores import house_scores
from landsraad.sheets import (
    SheetError,
    export_fief,
    export_house,
    export_session,
    render_fief,
    render_house,
    render_session,
)
from tests.support.sheets import (
    ACCENTED,
    EXAMPLE_FIEF,
    PAGE_SIZES,
    fields,
    ink_ratio,
    page_sizes,
    page_texts,
    text_of,
    zoe,
)

HC = load_house_content()
PAPERS = ["a4", "letter"]


def squash(s) -> str:
    return " ".join(str(s).split())


@pytest.fixture(scope="module")
def fief():
    return load_fief(EXAMPLE_FIEF)


# ----- House sheets -------------------------------------------------------------------------
@pytest.mark.parametrize("paper", PAPERS)
def test_every_house_one_page_each(fief, paper):
    data = render_house(fief, paper=paper)
    pages = page_texts(data)
    assert len(pages) == len(fief.houses)  # the House sheet fits one page
    assert all(s == PAGE_SIZES[paper] for s in page_sizes(data))
    for house, text in zip(fief.houses, pages):
        assert f"HOUSE {house.name} SIRIDAR FIEF {fief.name} HOUSE MAJOR {fief.house_major}" in text
    assert ink_ratio(data) > 0.05


@pytest.mark.parametrize("paper", PAPERS)
def test_scores_ratings_and_history_match_the_engine(fief, paper):
    data = render_house(fief, paper=paper)
    values = fields(data)
    for house, text in zip(fief.houses, page_texts(data)):
        sheet = house_scores(fief, house, HC)
        for tr in HC.traits:
            row = f"{tr.name} {sheet.start[tr.id]} {sheet.scores[tr.id]} {sheet.ratings[tr.id]}"
            assert row in text, row
            assert tr.levels[sheet.ratings[tr.id] - 1] in text
            assert values[f"house-{house.id}_{tr.id}-in-play"] == str(sheet.scores[tr.id])
        # the history: every event in order, with the dice that made it and the scores after
        pos = -1
        for n, ev in enumerate(history_events(house, HC), start=1):
            m = re.search(rf"\b{n} {re.escape(ev.source)} {re.escape(ev.name)} \(", text[pos + 1 :])
            assert m, (house.name, ev.source, ev.name)
            pos += 1 + m.start()
        for line in sheet.event_lines:
            assert " ".join(str(line.after[t]) for t in HC.trait_ids) in text
        assert house.history.text in text
        assert " ".join(map(str, house.history.faces)) in text
        # seat and terrain
        body, terr = fief.territory(house.territory)
        assert terr.name in text and body.name in text
        assert HC.terrain(house.predominant).name + " (predominant)" in text
        assert values[f"house-{house.id}_notes"] == house.note


def test_one_house_by_name_or_id(fief, tmp_path):
    out = tmp_path / "vorst.pdf"
    export_house(fief, out, houses="Vorst")
    assert len(page_texts(out.read_bytes())) == 1
    assert "HOUSE Vorst" in text_of(out.read_bytes())
    two = render_house(fief, houses=["banthet", "FELDERON"])
    assert [t.split(" SIRIDAR")[0] for t in page_texts(two)] == [
        "HOUSE MINOR HOUSES OF THE LANDSRAAD · One Roll Engine HOUSE Banthet",
        "HOUSE MINOR HOUSES OF THE LANDSRAAD · One Roll Engine HOUSE Felderon",
    ]


def test_unknown_house_is_an_error_and_writes_nothing(fief, tmp_path):
    out = tmp_path / "x.pdf"
    with pytest.raises(SheetError, match="Atreides"):
        export_house(fief, out, houses=["Atreides"])
    assert not out.exists()


def test_accented_house_name_prints_and_fields_keep_it(fief):
    f = load_fief(EXAMPLE_FIEF)
    f.houses[0].name = ACCENTED
    f.houses[0].note = "Seat of the Ḥarkonnen line."
    data = render_house(f, houses=[f.houses[0].id])
    text = text_of(data)
    assert ACCENTED in text and "Seat of the Ḥarkonnen line." not in text  # shown once: in its field
    assert fields(data)["house-harkonnen-zoe_notes"] == "Seat of the Ḥarkonnen line."


def test_household_from_the_session_characters(fief):
    data = render_house(fief, houses=["felderon"], characters=[zoe()])
    text = text_of(data)
    assert ACCENTED not in text.split("HOUSEHOLD")[1]  # shown once: in its field
    assert fields(data)["house-felderon_household"] == f"{ACCENTED} (player: Åsa Ørsted)"


# ----- Fief sheet ---------------------------------------------------------------------------
@pytest.mark.parametrize("paper", PAPERS)
def test_fief_sheet_bodies_holders_and_log(fief, paper):
    data = render_fief(fief, paper)
    assert all(s == PAGE_SIZES[paper] for s in page_sizes(data))
    pages = page_texts(data)
    text = " ".join(pages)
    assert fief.roll.text in text
    names = place_names(fief, HC)
    for body in fief.bodies:
        r = read_body(body, HC)
        assert f"{body.source} {body.name}" + (f" ({r.name})" if body.name != r.name else "") in text
        for t in body.territories:
            assert names.territory(t.id) in text  # a name, never the id (issue 15)
    for house in fief.houses:
        assert f"{house.name} {names.place(house.territory)}" in text
        ratings = house_scores(fief, house, HC).ratings
        assert " ".join(str(ratings[t]) for t in HC.trait_ids) in text
    assert "to assign" in text  # the example leaves three bodies unassigned
    for e in fief.log:
        assert " ".join(map(str, e.faces)) in text
        assert e.reading in text
    assert text.count("typed") >= len(fief.log)
    # the diagram is drawn (its labels are text in the PDF) with a legend of the Houses
    assert "star" in pages[0]
    for house in fief.houses:
        assert house.name in pages[0]
    assert fields(data)["fief-venhei-system_notes"] == fief.note
    assert ink_ratio(data) > 0.05


def test_fief_runs_onto_a_second_page_with_its_header(fief):
    pages = page_texts(render_fief(fief))
    assert len(pages) >= 2
    assert pages[1].startswith("SIRIDAR FIEF (continued)")
    assert f"SIRIDAR FIEF {fief.name}" in pages[1]


def test_seeded_roll_prints_its_seed(tmp_path):
    f = new_fief(creation_roll(None, 4242), HC, name="Seeded", when="2026-02-02T10:00:00+00:00")
    out = tmp_path / "seeded.pdf"
    export_fief(f, out)
    text = text_of(out.read_bytes())
    assert "seed 4242" in text
    assert f"{' '.join(map(str, f.roll.faces))} {f.roll.text} 4242" in text  # roll log row
    assert "No House yet." in text


def test_empty_fief_prints():
    from landsraad.house.model import Fief

    data = render_fief(Fief())
    assert "not rolled" in text_of(data)
    assert ink_ratio(data) > 0.05
    with pytest.raises(SheetError, match="no House"):
        render_house(Fief())


# ----- several documents in one PDF --------------------------------------------------------
def test_session_pdf_holds_fief_houses_and_characters(fief, tmp_path):
    from landsraad.rules.content import load_content

    out = tmp_path / "session.pdf"
    export_session(out, characters=[zoe(), zoe()], fiefs=[fief], content=load_content(), paper="letter")
    data = out.read_bytes()
    pages = page_texts(data)
    firsts = [p.split(" HOUSES OF")[0] for p in pages]
    assert firsts[0] == "SIRIDAR FIEF"
    assert firsts.count("HOUSE MINOR") == len(fief.houses)
    assert firsts.count("CHARACTER") == 2
    values = fields(data)
    # one field namespace per sheet, even for two characters of the same name
    assert "character-harkonnen-zoe_notes" in values and "character-harkonnen-zoe-2_notes" in values
    assert {f"house-{h.id}_notes" for h in fief.houses} <= set(values)
    assert "fief-venhei-system_notes" in values
    assert values["house-felderon_household"] == "\n".join([f"{ACCENTED} (player: Åsa Ørsted)"] * 2)


def test_session_needs_something():
    with pytest.raises(SheetError):
        render_session()


def test_bad_paper_is_an_error(fief):
    with pytest.raises(SheetError, match="a5"):
        render_fief(fief, "a5")
