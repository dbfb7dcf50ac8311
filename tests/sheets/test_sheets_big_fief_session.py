"""Issue 17: a Fief of twelve Houses (marks that survive greyscale, a legend within the
page, labels that overlap nothing, a readable political history) and the session handout
(bookmarks, title, page N of M for the file, duplex padding, metadata), and
`export house --house NAME` matching exactly."""

from __future__ import annotations

import pytest

from landsraad.cli import main
from landsraad.house.content import load_house_content
from landsraad.house.history import political_history
from landsraad.rules.content import load_content
from landsraad.sheets import fonts, render_fief, render_house, render_session
from landsraad.sheets.fief import house_marks, legend_items, legend_rows, system_drawing
from tests.support.sheets import WORLD_NAME, big_fief, fields, page_texts, reader, squash, text_of, world_character

HC = load_house_content()
C = load_content()


@pytest.fixture(scope="module")
def fief():
    return big_fief()


# ----- twelve Houses ----------------------------------------------------------------------
def test_twelve_houses_have_twelve_distinct_shapes_and_colours(fief):
    assert len(fief.houses) == 12
    marks = [house_marks(fief)[h.id] for h in fief.houses]
    assert len({m.shape for m in marks}) == 12  # greyscale keeps the shapes apart
    assert len({m.colour.hexval() for m in marks}) == 12
    assert len({(m.shape, m.colour.hexval()) for m in marks}) == 12


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_legend_flows_within_the_page(fief, paper):
    data = render_fief(fief, paper)
    first = page_texts(data)[0]
    for house in fief.houses:
        assert house.name in first
    width = 535.0 if paper == "a4" else 552.0
    for row in legend_rows(legend_items(fief), width):
        for x, label, _ in row:
            assert x >= 0 and x + 12 + fonts.width(label, 7) <= width


def test_diagram_labels_overlap_nothing(fief):
    drawing, labels = system_drawing(fief, HC, 535)
    boxes = []
    for lab in labels:
        w = fonts.width(lab.text, lab.size, lab.bold)
        x0 = lab.x - w / 2 if lab.anchor == "middle" else lab.x
        boxes.append((lab.text, (x0, lab.y - 2, x0 + w, lab.y + lab.size * 0.8)))
    for i, (ta, a) in enumerate(boxes):
        assert a[0] >= 0 and a[2] <= 535, ta
        for tb, b in boxes[i + 1 :]:
            overlap = a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
            assert not overlap, (ta, tb)


def test_political_history_of_twelve_houses_is_readable(fief):
    text = text_of(render_fief(fief)).replace("/ ", "/")
    ph = political_history(fief, HC)
    for house in fief.houses:
        events = [row["events"].get(house.name) for row in ph if row["events"].get(house.name)]
        assert events
        for ev in events:  # every event whole: number and name
            assert ev in text, (house.name, ev)
    assert "…" not in text.split("POLITICAL HISTORY")[1].split("ROLL LOG")[0]


def test_standing_facts_are_not_still_to_settle(fief):
    house = next(
        h
        for h in fief.houses
        if any(ev.row.record for ev in __import__("landsraad.house.history", fromlist=["x"]).history_events(h, HC))
    )
    text = text_of(render_house(fief, [house.name]))
    facts = text.split("STANDING FACTS OF THE HOUSE")[1]
    assert "(p. 172)" in facts and "(L4786)" not in facts and "(L4774)" not in facts  # L4774, L4786: p. 172
    settle = text.split("STILL TO SETTLE")[1] if "STILL TO SETTLE" in text else ""
    assert "views the House as an enemy" not in settle and "duty to help" not in settle


# ----- the session handout ------------------------------------------------------------------
@pytest.fixture(scope="module")
def session(fief):
    return render_session([world_character()], [fief], C, "a4", duplex=True)


def outline(data):
    r = reader(data)
    out = []

    def walk(items, depth):
        for item in items:
            if isinstance(item, list):
                walk(item, depth + 1)
            else:
                out.append((depth, item.title, r.get_destination_page_number(item)))

    walk(r.outline, 0)
    return out


def test_bookmarks_one_per_fief_house_and_character(session, fief):
    marks = outline(session)
    assert marks[0] == (0, f"Siridar Fief: {fief.name}", 0)
    assert [m[1] for m in marks[1:13]] == [f"House Minor: {h.name}" for h in fief.houses]
    assert all(m[0] == 1 for m in marks[1:13])  # the Houses under their Fief
    assert marks[-1][:2] == (0, f"Character: {WORLD_NAME}")
    texts = page_texts(session)
    for _, title, page in marks:  # each points at its sheet's first page
        assert title.split(": ", 1)[1] in texts[page]
        assert "(continued)" not in texts[page].split("HOUSES OF")[0]


def test_title_language_and_creation_date(session, fief):
    meta = reader(session).metadata
    assert meta.title == f"Session of the Siridar Fief {fief.name}"
    assert reader(session).trailer["/Root"]["/Lang"] == "en"
    assert meta["/CreationDate"].startswith("D:20") and not meta["/CreationDate"].startswith("D:2000")
    titled = render_session([world_character()], title="Tuesday at Ana's")
    assert reader(titled).metadata.title == "Tuesday at Ana's"


def test_duplex_pads_each_odd_sheet_with_a_blank_page(session):
    texts = page_texts(session)
    marks = outline(session)
    starts = [m[2] for m in marks]
    assert all(s % 2 == 0 for s in starts)  # every sheet starts on a front (odd page)
    assert len(texts) % 2 == 0
    for a, b in zip(starts, starts[1:] + [len(texts)]):
        used = [t for t in texts[a:b] if t]
        blank = [t for t in texts[a:b] if not t]
        assert len(used) + len(blank) == b - a and len(blank) == (len(used) % 2)
    plain = render_session([world_character()], [big_fief()], C, "a4")
    assert len(page_texts(plain)) < len(texts) and all(page_texts(plain))


def footers(data: bytes) -> dict[int, str]:
    """The footer of every page, left to right, from one reading of the PDF (reading it once
    per page made this the slowest test of the suite).  A page count is a form XObject drawn
    before the words it ends (pypdf reports it without a position): it is put after them."""
    from tests.sheets.test_sheets_any_script import text_runs

    runs: dict[int, list] = {}
    count: dict[int, str | None] = {}
    for r in text_runs(data):
        page = r[0]
        if r[1] == r[2] == 0 and r[4].strip().isdigit():
            count[page] = r[4].strip()
        elif abs(r[2] - 30) < 1:
            c = count.get(page)
            runs.setdefault(page, []).append((r[1], r[4] + (c or "") if "page" in r[4] else r[4]))
            count[page] = None if "page" in r[4] else c
    return {page: squash(" ".join(t for _, t in sorted(rs))) for page, rs in runs.items()}


def test_page_n_of_m_for_the_file_and_the_sheet(session, fief):
    texts = page_texts(session)
    total = len(texts)
    marks = outline(session)
    starts = [m[2] for m in marks]
    feet = footers(session)
    for n, text in enumerate(texts):
        if not text:
            continue
        first = max(s for s in starts if s <= n)
        nxt = min([s for s in starts if s > n] + [total])
        length = sum(1 for t in texts[first:nxt] if t)
        assert feet.get(n, "").endswith(f"A4 · page {n - first + 1} of {length} · file page {n + 1} of {total}"), (
            feet.get(n)
        )


def test_session_fields_keep_every_script(session):
    values = fields(session)
    notes = [v for k, v in values.items() if k.startswith("character-") and k.endswith("_notes")]
    assert notes == [world_character().notes]


# ----- export house --house NAME ------------------------------------------------------------
def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture()
def big_file(tmp_path, fief):
    from landsraad.house.document import save_fief

    path = tmp_path / "big.json"
    save_fief(fief, path)
    return path


@pytest.mark.parametrize("wanted", ["!!!", "伊藤", "", "Щукин!"])
def test_house_with_no_such_name_is_exit_2_naming_the_houses(capsys, tmp_path, big_file, wanted):
    out = tmp_path / "h.pdf"
    code, _, err = run(capsys, "export", "house", big_file, "--house", wanted, "-o", out)
    assert code == 2 and not out.exists()
    assert "no such House" in err and "伊藤家" in err and "Felderon" in err


@pytest.mark.parametrize("wanted", ["伊藤家", "Щукин", "Ñuñez-Oyarzábal"])
def test_house_by_its_exact_name_in_any_script(capsys, tmp_path, big_file, wanted):
    out = tmp_path / "h.pdf"
    code, _, err = run(capsys, "export", "house", big_file, "--house", wanted, "-o", out)
    assert (code, err) == (0, "")
    texts = page_texts(out.read_bytes())
    assert len(texts) == 1 and f"HOUSE {wanted} SIRIDAR FIEF" in texts[0]
    assert reader(out.read_bytes()).metadata.title.startswith(f"House {wanted}")


def test_session_duplex_on_the_command_line(capsys, tmp_path, big_file):
    from landsraad.character import document

    ch = tmp_path / "ch.json"
    document.save(world_character(), ch)
    out = tmp_path / "s.pdf"
    code, _, err = run(capsys, "export", "session", big_file, ch, "--duplex", "-o", out)
    assert (code, err) == (0, "")
    texts = page_texts(out.read_bytes())
    assert len(texts) % 2 == 0 and "" in texts
    assert squash(WORLD_NAME) in " ".join(texts)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_page_holds_only_the_household_and_notes(fief, paper):
    data = render_session([world_character()], [fief], C, paper)
    for text in page_texts(data):
        if text.startswith("HOUSE MINOR (continued)"):
            body = text.split("FOUNDING SET", 1)[1].split(maxsplit=1)[1]
            assert not body.startswith(("HOUSEHOLD", "NOTES")), body[:80]
