"""One wording for the window, the command line and the sheets (landsraad.present)."""

from __future__ import annotations

import attrs

from landsraad.cli import main
from landsraad.findings import Finding, Severity
from landsraad.house.content import load_house_content
from landsraad.house.fief import creation_roll
from landsraad.house.history import history_events
from landsraad.house.model import EventChoice, House
from landsraad.present.findings import counts_text, finding_cells
from landsraad.present.house import deltas_text, row_text


def _madness_event(content):
    roll = creation_roll("3x7 2x8 2x5 10 9 6 1", None)  # waste 6 on Table A reads as Madness
    house = House(id="h", name="H", history=roll, choices=[EventChoice(str(w), table="A") for w in roll.waste])
    return next(ev for ev in history_events(house, content) if ev.row.kind == "madness")


def test_deltas_text_names_traits_and_leaves_out_zeros():
    c = load_house_content()
    assert deltas_text({"warfare": 2, "treasury": -1, "defense": 0}, c) == "+2 Warfare, -1 Treasury"
    assert deltas_text({}, c) == "no change"


def test_the_madness_row_is_worded_from_the_content_table():
    c = load_house_content()
    ev = _madness_event(c)
    assert (
        row_text(ev, c)
        == "Madness: one d10 per trait (1: -5, 2: -4, 3: -3, 4: -2, 5: -1, 6: +1, 7: +2, 8: +3, 9: +4, 10: +5)"
    )
    # a pack with another Madness table is worded with its own numbers
    other = attrs.evolve(c.history.madness, deltas=tuple(-d for d in c.history.madness.deltas))
    c2 = attrs.evolve(c, history=attrs.evolve(c.history, madness=other))
    assert row_text(ev, c2).startswith("Madness: one d10 per trait (1: +5, 2: +4")


def test_the_command_line_words_history_rows_as_the_window_does(capsys):
    c = load_house_content()
    assert main(["house", "history", "--dice", "3x7 2x8 2x5 10 9 6 1", "--table", "A"]) == 0
    printed = capsys.readouterr().out
    assert row_text(_madness_event(c), c) in printed


def test_counts_text_plurals():
    f = [
        Finding(Severity.ERROR, "caste", "R", "x"),
        Finding(Severity.TODO, "caste", "R", "y"),
        Finding(Severity.TODO, "caste", "R", "z"),
    ]
    assert counts_text(f) == "1 error, 2 to do, 0 warnings"
    assert counts_text(f + f, warnings=False) == "2 errors, 4 to do"
    assert finding_cells(f[1], {"caste": "Caste"}) == ("To do", "Caste", "y")
