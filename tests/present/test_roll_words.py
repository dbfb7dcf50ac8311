"""The words of a roll (present/roll.py): pages, not lines; the odds as the engine computes them."""

from landsraad.play.odds import odds
from landsraad.play.pool import Part, Special, build_pool
from landsraad.play.reading import readings
from landsraad.present.roll import odds_text, percent, pool_text, reading_line, readings_used_lines


def test_pool_text_names_pages_never_lines():
    # E1: 7 dice, SDR 4, -1d on the rating (A1, L245)
    p = build_pool([Part("Insight 3", 3, "D2", "L127"), Part("Marksmanship 4", 4, "D2", "L127")], rating=4, penalty=1)
    text = pool_text(p)
    assert text.startswith("7 dice, 6 thrown, Expert Die at 7 with 2 nudges")
    assert "p. " in text and "L127" not in text and "L245" not in text


def test_odds_text_and_percent():
    o = odds(10, 1)
    assert "Width 3+ 60.4%" in odds_text(o)  # dice-probabilities.md: 60.42%
    assert percent(0) == "0%" and percent(0.0001) == "<0.1%" and percent(0.5) == "50.0%"
    assert "for each of the 2 actions" in odds_text(odds(6, 1, None, 2))


def test_reading_line_and_readings_used():
    rs = readings([2, 3, 8, 8, 9, 9], 4, Special(rating=3, nominated=True))
    line = reading_line(1, rs[0])
    assert line.startswith("1. 4x9 — ") and "pp." in line
    lines = readings_used_lines(["A1", "S3", "A1", "unknown"])
    assert len(lines) == 2 and lines[0].startswith("reading A1") and "(p. 20)" in lines[0]
