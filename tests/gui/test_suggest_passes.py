"""Issue 27: "Suggest the rest" picked what the app then warned against; it suggests only
what adds no error and no warning."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest

from landsraad.character.validate import validate
from landsraad.findings import Severity

pytestmark = [pytest.mark.gui, pytest.mark.usefixtures("isolated_settings")]


def _serious(doc):
    return {
        (f.rule, f.step, f.field)
        for f in validate(doc.state, doc.content)[1]
        if f.severity in (Severity.ERROR, Severity.WARNING)
    }


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize(
    "step, template",
    [
        ("vocational-conditioning", "swordmaster"),
        ("house-service", "academic-advisor"),  # a skill or its Special Die (L1301)
        ("house-service", "choam-economist"),
    ],
)
def test_suggested_picks_add_no_warning(make_window, seed, step, template):
    w = make_window()
    doc = w.new_character()
    view = w.current_view()
    if True:
        from landsraad.character import edits

        doc.edit("take", edits.take_template, step, template)
        page = view.pages[step]
        for cw in page.choice_widgets.values() if isinstance(page.choice_widgets, dict) else page.choice_widgets:
            if not hasattr(cw, "suggest"):
                continue  # a feat tree: picked by hand
            before = _serious(doc)
            if cw.suggest(seed=seed):
                assert _serious(doc) <= before, (cw.n, _serious(doc) - before)
