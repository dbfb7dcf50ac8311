"""Issue 27: words for players, not for the spec.  Option descriptions read "Reading:
AMBIGUITY (p. 125 L2839) …", findings "(SILENT, §5.1)", arcology types "(PROVISIONAL)", a
requirement "female ?".  Readings stay visible, in plain words: a marker, the tooltip, the
Rules readings page."""

from __future__ import annotations

import os
import re

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest

pytestmark = pytest.mark.gui
SPEC = re.compile(r"\bL\d{3,4}\b|§\s?\d|\b(?:AMBIGUITY|SILENT|INCONSISTENT|PROVISIONAL)\b|\(\s*[SAU]\d+\s*\)")


def test_a_reading_in_plain_words():
    from landsraad.rules.readings import plain_words

    # vocational-conditioning.toml's Adept note (L3082-L3098), a finding of build.py (§5.1)
    assert (
        plain_words("AMBIGUITY (L3082–L3098): the bullets are the Adept's.")
        == "The rulebook can be read more than one way here (p. 129): the bullets are the Adept's."
    )
    assert plain_words("the Judge's call (SILENT, §5.1).") == "the Judge's call (the rulebook does not say)."
    assert plain_words("SILENT (spec S14): unopposed.") == "The rulebook does not say: unopposed."


def test_every_tooltip_reading_is_in_plain_words():
    from landsraad.rules.content import load_content
    from landsraad.rules.readings import tooltip

    c = load_content()
    seen = 0
    for group in (c.advantages, c.skills):
        for entry in group.values() if isinstance(group, dict) else group:
            tip = tooltip(entry)
            if tip:
                seen += 1
                assert not SPEC.search(tip), tip
                assert "Reading:" not in tip
    assert seen > 5


def test_the_rules_readings_page_is_in_plain_words():
    from landsraad.gui.readings import reading_rows

    rows = [r for r in reading_rows() if r.payload.pack == "houses-of-the-landsraad"]
    assert rows
    for r in rows:
        assert not SPEC.search(" ".join(r.cells[1:]) + r.tooltip), r.tooltip
    assert any(r.cells[2] == "the rulebook does not say" for r in rows)


def test_arcology_types_carry_a_reading_mark_not_provisional(qtbot):
    from pathlib import Path

    from landsraad.gui.documents import Document
    from landsraad.gui.fief.places import READING_MARK
    from landsraad.gui.fief.view import FiefView
    from landsraad.house.document import load_fief

    doc = Document("fief", load_fief(Path(__file__).resolve().parent.parent.parent / "examples" / "venhei-fief.json"))
    view = FiefView(doc)
    qtbot.addWidget(view)
    combo = view.ui.arcologyCombo
    texts = [combo.itemText(i) for i in range(combo.count())]
    assert not any("PROVISIONAL" in t for t in texts)
    marked = [i for i, t in enumerate(texts) if t.endswith(READING_MARK)]
    for i in marked:
        tip = combo.itemData(i, 3) or ""  # ToolTipRole
        assert tip and not SPEC.search(tip), tip
    assert not combo.isEnabled() and combo.toolTip().startswith("Only a Territory on an arcology")
    assert not view.ui.controllerCombo.isEnabled() and view.ui.controllerCombo.toolTip()
