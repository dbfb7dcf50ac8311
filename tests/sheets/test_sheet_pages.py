"""The sheets name the rulebook's pages, never a line of the text file (issues 16, 23): the
character sheet's play section ("at most 10 dice", L129, is p. 8 of the rulebook; the Holtzman
shield, L446) and the month report's readings."""

from __future__ import annotations

import re

from landsraad.rules.content import load_content
from landsraad.rules.pages import page_of
from landsraad.sheets import render_character
from tests.support.sheets import reader, text_of, zoe

LINE = re.compile(r"\bL\d{2,5}\b")


def test_the_character_sheet_cites_pages_not_lines():
    text = text_of(render_character(zoe(), load_content(), created=1_700_000_000))
    assert LINE.findall(text) == []
    # "never roll more than 10 dice" is L129, the shield L446: their pages are named instead
    assert f"at most 10 dice (p. {page_of(129)})" in " ".join(text.split())
    assert f"never with armour (p. {page_of(446)})" in " ".join(text.split())


def test_the_house_sheet_lists_the_household_the_fief_records(tmp_path):
    """A linked Householder (Wealth 10, L1825) is on the House sheet: its line of the working and
    its name in the Household box, without a --household file."""
    from landsraad.house.document import load_fief
    from landsraad.house.domain import add_householder, link_householder
    from landsraad.sheets import render_house
    from tests.support.month23 import EXAMPLE

    fief = load_fief(EXAMPLE)
    link_householder(fief, "felderon", "Marta Felderon", "marta.json", {"treasury": 10}, ["Wealth 10"], "stamp")
    add_householder(fief, "Felderon", "Otto", rank="low")
    data = render_house(fief, ["felderon"])
    text = " ".join(text_of(data).split())
    assert "Householder: Marta Felderon (Wealth 10) +10 Treasury" in text
    fields = {k: v.get("/V") for k, v in reader(data).get_fields().items()}
    assert fields["house-felderon_household"] == "Marta Felderon\nOtto (Low)"
