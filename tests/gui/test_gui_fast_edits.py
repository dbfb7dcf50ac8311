"""Fast edits (issue 15): an edit, undo or redo refreshes only what it touched.

Not timed (benchmarks/run.py's edit-vs-repaint holds the speed): these check the
mechanism.  A House's rename changes rows in place (dataChanged, never a model reset,
the events untouched), rebuilds the navigator once per edit, undo and redo, runs only
the parts of the Fief view whose inputs changed, and undo/redo reuse the engine's
results kept with each snapshot unless what they depend on outside the Fief changed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from landsraad.character import document as chardoc
from landsraad.character.model import Character, Purchase
from landsraad.gui.models import TreeModel
from landsraad.house import edits
from landsraad.house.history import history_events
from landsraad.house.scores import house_scores

pytestmark = pytest.mark.gui

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "venhei-fief.json"


class Signals:
    """What a model told its views: resets, rows that came or went, rows changed."""

    def __init__(self, model):
        self.model = model
        self.resets = self.moved = 0
        self.changed: list[tuple] = []
        model.modelReset.connect(lambda: self._add("resets"))
        model.rowsInserted.connect(lambda *_: self._add("moved"))
        model.rowsRemoved.connect(lambda *_: self._add("moved"))
        model.dataChanged.connect(lambda a, b, *_: self.changed.append((a.parent().row(), a.row(), b.row())))

    def _add(self, what: str) -> None:
        setattr(self, what, getattr(self, what) + 1)


def _open(window):
    doc = window.open_path(str(EXAMPLE))
    return doc, window.views[id(doc)]


def _spy_parts(view, monkeypatch) -> list[str]:
    """The names of the Fief view's parts that ran, in order (see FiefView._parts)."""
    ran: list[str] = []
    for name in (
        "_refresh_texts",
        "_refresh_dice",
        "_refresh_bodies",
        "_refresh_houses",
        "_refresh_scores",
        "_refresh_findings",
    ):
        original = getattr(view, name)
        monkeypatch.setattr(view, name, lambda original=original, name=name: (ran.append(name), original())[1])
    return ran


def test_renaming_a_house_changes_rows_in_place_and_only_the_parts_that_show_it(window, monkeypatch):
    doc, view = _open(window)
    house = doc.state.houses[0]
    placed = doc.state.territory(house.territory)
    assert placed is not None  # Felderon holds a Territory: the bodies tree names it
    bodies, scores = Signals(view.bodies), Signals(view.scores)
    # the history as a table of events (a model), where the view has one
    events = Signals(view.events) if hasattr(view, "events") else None
    navigator_builds: list[int] = []
    original_set_tree = window.navigator.set_tree
    monkeypatch.setattr(
        window.navigator, "set_tree", lambda tree: (navigator_builds.append(1), original_set_tree(tree))
    )
    ran = _spy_parts(view, monkeypatch)

    assert doc.edit("Rename", edits.rename_house, house.id, "Atreides", merge_key="name")

    # no model was reset nor lost rows: the views keep selection and scroll position
    for s in (events, bodies, scores):
        assert s is None or (s.resets == 0 and s.moved == 0)
    assert events is None or events.changed == []  # the history does not show the name
    # the bodies tree changed exactly the rows of the body and the Territory the House holds
    body, territory = placed
    b = next(i for i, x in enumerate(doc.state.bodies) if x.id == body.id)
    t = next(i for i, x in enumerate(body.territories) if x.id == territory.id)
    assert sorted(bodies.changed) == sorted([(-1, b, b), (b, t, t)])
    assert "Atreides" in view.bodies.groups[b].cells[4] and "Atreides" in view.bodies.children[b][t].cells[4]
    assert scores.changed == [(-1, 0, 0)] and view.scores.rows[0].cells[0] == "House Atreides"
    # the system roll's dice and the Fief's own texts do not show Houses: not rebuilt
    assert "_refresh_dice" not in ran and "_refresh_texts" not in ran
    assert {"_refresh_bodies", "_refresh_houses", "_refresh_scores"} <= set(ran)
    assert len(navigator_builds) == 1
    assert any("House Atreides" in r.cells[0] for kids in window.navigator.children for r in kids)

    # undo and redo: each rebuilds the navigator once, even where the Fief becomes unmodified
    doc.stack.undo()
    assert len(navigator_builds) == 2 and not doc.modified
    assert view.scores.rows[0].cells[0] == f"House {house.name}"
    assert window.navigator.groups[0].cells[0].endswith(doc.display_name())  # no "*": saved state
    doc.stack.redo()
    assert len(navigator_builds) == 3 and doc.modified and window.navigator.groups[0].cells[0].startswith("* ")
    for s in (events, bodies, scores):
        assert s is None or (s.resets == 0 and s.moved == 0)


def test_the_house_majors_name_reaches_the_bodies_it_controls(window):
    """A part's key holds all it shows: the House Major's name is not a House's, yet a body
    it controls is listed as "House Major <name>" (landsraad.house.place_names)."""
    from landsraad.house.model import MAJOR

    doc, view = _open(window)
    body = next(b for b in doc.state.bodies if b.controller is None and not b.territories)
    assert doc.edit("Control", edits.set_controller, body.id, MAJOR)
    row = next(r for r in view.bodies.groups if r.payload == ("body", body.id))
    assert f"House Major {doc.state.house_major}" in row.cells[4]
    assert doc.edit("House Major", edits.set_fief_text, "house_major", "Corrino")
    row = next(r for r in view.bodies.groups if r.payload == ("body", body.id))
    assert "House Major Corrino" in row.cells[4]


def test_typing_a_name_refreshes_nothing_a_second_time(window, monkeypatch):
    """The same state again (a key that changes nothing shown) runs no part at all."""
    doc, view = _open(window)
    ran = _spy_parts(view, monkeypatch)
    view.refresh()
    assert ran == []
    view.refresh(everything=True)  # what a change of font or a test may ask
    assert ran == [
        "_refresh_texts",
        "_refresh_dice",
        "_refresh_bodies",
        "_refresh_houses",
        "_refresh_scores",
        "_refresh_findings",
    ]


def test_a_choice_shows_the_engines_new_scores_and_undo_does_not_recompute(window, monkeypatch):
    doc, view = _open(window)
    c = doc.content
    house = view.selected_house()
    event = next(ev for ev in history_events(house, c) if ev.row.kind == "options")
    view.select_event(event.source)
    now = house.choice(event.source).option
    other = 1 if now != 1 else 2
    events = Signals(view.events) if hasattr(view, "events") else None
    before = list(view.scores.rows[0].cells)

    assert doc.edit("Choose", edits.choose_event, house.id, c, event.source, option=other)

    h = doc.state.house(house.id)
    sheet = house_scores(doc.state, h, c)
    assert view.scores.rows[0].cells[1:] == tuple(f"{sheet.scores[t]}  ({sheet.ratings[t]})" for t in c.trait_ids)
    assert view.scores.rows[0].cells != tuple(before)  # the option changes a Trait Score
    if events is not None:
        row = view.events.row_of(event.source)
        assert events.resets == 0 and events.changed == [(-1, row, row)]  # only the event's row
    # undo and redo put back the results computed with each state, without computing them again
    calls: list[int] = []
    original = doc.recompute
    monkeypatch.setattr(doc, "recompute", lambda: (calls.append(1), original())[1])
    doc.stack.undo()
    assert tuple(view.scores.rows[0].cells) == tuple(before)
    doc.stack.redo()
    assert view.scores.rows[0].cells[1:] == tuple(f"{sheet.scores[t]}  ({sheet.ratings[t]})" for t in c.trait_ids)
    assert calls == []


def test_undo_recomputes_when_the_householders_changed_since(window, tmp_path):
    """Results kept with a snapshot are for the householders of their time: a character
    opened since (Lady Cassia of Felderon, Contacts 2: +2 Espionage, L1415) counts after undo."""
    doc, view = _open(window)

    def felderon():
        # the derived House scores with the open characters' householders (the House sheet's
        # and findings'); the Scores tab shows the Scores in play, which open files never change (issue 27)
        sheet = doc.scores["felderon"]
        return f"{sheet.scores['espionage']}  ({sheet.ratings['espionage']})"

    assert doc.edit("Rename", edits.set_fief_text, "name", "Venhei renamed")
    assert felderon() == "5  (1)"
    path = tmp_path / "cassia.json"
    chardoc.save(
        Character(
            name="Lady Cassia",
            house="Felderon",
            extras=[Purchase("advantage", "contacts", 2)],
            aspects={"contacts": [1, 1]},
        ),
        path,
    )
    window.open_path(str(path))
    assert felderon() == "7  (1)"
    doc.stack.undo()
    assert felderon() == "7  (1)" and doc.state.name != "Venhei renamed"
    doc.stack.redo()
    assert felderon() == "7  (1)" and doc.state.name == "Venhei renamed"


def _shown(view) -> dict:
    """Everything the Fief view shows from the document: every model's rows, the dice, the
    editors' texts and lists, the titles (what a part left stale would differ in)."""
    from PySide6.QtWidgets import QComboBox, QGroupBox, QLabel, QLineEdit

    out: dict = {}
    for name in ("bodies", "houses", "scores", "findings", "terrain", "events"):
        model = getattr(view, name, None)
        if isinstance(model, TreeModel):
            out[name] = (list(model.groups), [list(kids) for kids in model.children])
        elif model is not None:
            out[name] = list(model.rows)
    for name in ("dice", "history_dice"):
        dice = getattr(view, name, None)
        if dice is not None:
            out[name] = (dice.caption, dice.items)
    for kind, read in (
        (QLineEdit, lambda w: (w.text(), w.placeholderText())),
        (QComboBox, lambda w: [(w.itemText(i), w.itemData(i)) for i in range(w.count())] + [w.currentIndex()]),
        (QGroupBox, lambda w: w.title()),
        (QLabel, lambda w: w.text()),
    ):
        for i, w in enumerate(view.findChildren(kind)):
            out[f"{kind.__name__} {w.objectName() or i}"] = read(w)
    return out


def test_each_edit_shows_what_a_full_refresh_shows(window):
    """The parts an edit leaves alone show what rebuilding every part would: after each kind
    of Fief edit, a full refresh changes nothing on screen (no part's key misses an input)."""
    from landsraad.house.fief import creation_roll
    from landsraad.house.model import MAJOR

    doc, view = _open(window)
    c = doc.content
    h = view.selected_house()
    body = next(b for b in doc.state.bodies if b.controller is None and not b.territories)
    territory = next(t for b in doc.state.bodies for t in b.territories if t.id != h.territory)
    option_event = next(ev for ev in history_events(h, c) if ev.row.kind == "options")
    view.select_event(option_event.source)
    last = lambda: doc.state.houses[-1].id  # noqa: E731 - the House added last, when it is there

    def other_option():
        now = doc.state.house(h.id).choice(option_event.source)
        return {"option": 1 if (now and now.option) != 1 else 2}

    steps = [  # (undo text, engine edit, its arguments, its keyword arguments), each made when reached
        lambda: ("Fief name", edits.set_fief_text, ("name", "Venhei II"), {}),
        lambda: ("Rename House", edits.rename_house, (h.id, "Atreides"), {}),
        lambda: ("Rename Territory", edits.rename_place, ("territory", territory.id, "Arrakeen"), {}),
        lambda: ("Rename body", edits.rename_place, ("body", body.id, "Tleilax"), {}),
        lambda: ("Control", edits.set_controller, (body.id, MAJOR), {}),
        lambda: ("House Major", edits.set_fief_text, ("house_major", "Corrino"), {}),
        lambda: ("Place", edits.place_house, (h.id, territory.id), {}),
        lambda: ("Terrain", edits.set_terrain, (territory.id, c.territory.terrain[0].id, True), {}),
        lambda: ("Players'", edits.set_players_house, (h.id, True), {}),
        lambda: ("Choose", edits.choose_event, (h.id, c, option_event.source), other_option()),
        lambda: ("Holding", edits.set_holding, (h.id, c.holdings[0].id, 2, c), {}),
        lambda: ("Add House", edits.add_house, ("Ginaz",), {}),
        lambda: ("History", edits.roll_history, (last(), creation_roll(None, 7)), {}),
        lambda: ("Remove House", edits.remove_house, (doc.state.houses[1].id,), {}),
        lambda: ("System", edits.roll_system, (c, creation_roll(None, 11)), {}),
    ]
    for step in steps:
        text, change, args, kwargs = step()
        assert doc.edit(text, change, *args, **kwargs), text
        for undo in (False, True):
            if undo:
                doc.stack.undo()
                doc.stack.redo()
            incremental = _shown(view)
            view.refresh(everything=True)
            full = _shown(view)
            assert {k: v for k, v in incremental.items() if full.get(k) != v} == {}, text
