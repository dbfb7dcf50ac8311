"""Any text the players type prints: names, notes and equipment with any characters never
break a sheet, and every pre-filled field holds the text exactly as typed (hypothesis)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from landsraad.house.document import load_fief
from landsraad.rules.content import load_content
from landsraad.sheets import render_character, render_house
from landsraad.sheets.fonts import encodable, field_text
from tests.support.sheets import EXAMPLE_FIEF, fields, text_of, zoe

C = load_content()
TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=120)
SLOW = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@given(TEXT)
def test_field_text_always_fits(text):
    assert encodable(field_text(text))
    if encodable(text):
        assert field_text(text) == text


@SLOW
@given(name=TEXT, notes=TEXT, equipment=TEXT)
def test_any_character_text_prints(name, notes, equipment):
    ch = zoe()
    ch.name, ch.notes, ch.equipment = name, notes, equipment
    data = render_character(ch, C)
    values = fields(data)
    prefix = next(k for k in values if k.endswith("_notes")).rsplit("_", 1)[0]
    assert values[f"{prefix}_notes"] == notes
    assert values[f"{prefix}_equipment"] == equipment
    assert text_of(data)


@SLOW
@given(name=TEXT.filter(lambda s: s.strip()), note=TEXT)
def test_any_house_text_prints(name, note):
    fief = load_fief(EXAMPLE_FIEF)
    fief.houses[0].name, fief.houses[0].note = name, note
    data = render_house(fief, houses=[fief.houses[0].id])
    values = fields(data)
    notes = [v for k, v in values.items() if k.endswith("_notes")]
    assert notes == [note]
