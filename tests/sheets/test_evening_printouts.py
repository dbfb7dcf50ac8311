"""Issue 27, the printouts of an evening: the roll log's seeds whole, words broken with a
hyphen, page 2's header clear of the running title, the month report's pool and Difficulty
apart and its Strategy only where it applied."""

from __future__ import annotations

import pypdfium2 as pdfium

from landsraad.house.content import load_house_content
from landsraad.house.document import load_fief
from landsraad.house.domain import add_householder, end_month, set_strategy
from landsraad.house.domain_tables import load_domain_content
from landsraad.house.ventures import declare_venture, resolve_venture
from landsraad.sheets import render_fief, render_house, render_month
from tests.support.sheets import EXAMPLE_FIEF, page_texts

HC, DC = load_house_content(), load_domain_content()
KW = {"hc": HC, "dc": DC}


def test_the_roll_log_prints_seeds_whole():
    fief = load_fief(EXAMPLE_FIEF)
    add_householder(fief, "Felderon", "Helene Felderon")
    declare_venture(fief, "Felderon", "develop", "Helene Felderon", target="espionage", **KW)
    resolve_venture(fief, "Felderon", "Helene Felderon", seed=2147483646, **KW)  # the largest seed the window draws
    text = " ".join(page_texts(render_fief(fief)))
    assert "2147483646" in text and "214748…" not in text


def test_a_word_broken_at_a_line_end_carries_a_hyphen():
    from landsraad.sheets import fonts
    from landsraad.sheets.layout import split

    width = fonts.width("Infrastructur", 7.5)
    lines = split("Infrastructure", width, 7.5)
    assert lines[0].endswith("-") and "".join(x.rstrip("-") for x in lines) == "Infrastructure"
    assert all(fonts.width(x, 7.5) <= width for x in lines) and len(lines[-1]) >= 2
    assert split("a/b/c/defghij", fonts.width("a/b/c/", 7.5), 7.5)[0] == "a/b/c/"  # after a slash: no hyphen


def _char_span(page, needle: str) -> tuple[float, float]:
    text = page.get_textpage()
    whole = text.get_text_range()
    i = whole.index(needle)
    left = text.get_charbox(i)[0]
    right = text.get_charbox(i + len(needle) - 1)[2]
    return left, right


def test_page_two_header_keeps_clear_of_the_running_title():
    fief = load_fief(EXAMPLE_FIEF)
    fief.house("felderon").player = True  # "HOUSE MINOR · THE PLAYERS' HOUSE (continued)"
    for i in range(14):
        add_householder(fief, "Felderon", f"Householder number {i} of the long name", rank="low" if i % 2 else "high")
    fief.house("felderon").note = "A long note. " * 60
    data = render_house(fief, ["Felderon"], paper="letter")
    pdf = pdfium.PdfDocument(data)
    assert len(pdf) >= 2
    page = pdf[1]
    _, title_right = _char_span(page, "(continued)")
    system_left, _ = _char_span(page, "HOUSES OF THE LANDSRAAD")
    assert title_right < system_left - 4, (title_right, system_left)


def test_the_month_report_keeps_pool_and_difficulty_apart_and_strategy_where_it_applied():
    fief = load_fief(EXAMPLE_FIEF)
    add_householder(fief, "Felderon", "Helene Felderon")
    set_strategy(fief, "Felderon", "networker", **KW)  # decided in month 1, in effect from month 3 (L4905)
    declare_venture(fief, "Felderon", "develop", "Helene Felderon", target="espionage", **KW)
    resolve_venture(fief, "Felderon", "Helene Felderon", dice="5 5 5", **KW)
    end_month(fief, **KW)
    now = " ".join(page_texts(render_month(fief)))
    assert "Networker decided, active from month 3" in now
    past = " ".join(page_texts(render_month(fief, month=1)))
    assert "@D" not in past and "Pool Diff." in past
    assert "3d 1 5 5 5" in past  # pool, Difficulty 1 (Espionage Rating), dice
    assert "Strategy now" not in past and "Networker" not in past.split("HOUSE FELDERON")[1].split("HOUSE")[0]
    assert "Strategy in month 1: Neutral" in past
