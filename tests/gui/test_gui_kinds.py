"""The window's table of kinds (issue 24): one ``Document(kind, state)`` for every kind, a
``ViewKind`` for each registered kind filled by its GUI folder, ``Document.edit``
returning the engine function's result, and no test of a document's type in ``gui/``."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from landsraad.documents import kinds
from landsraad.gui.documents import Document, EditResult
from landsraad.gui.kinds import view_kind, view_kinds

pytestmark = pytest.mark.gui

GUI = Path(__file__).resolve().parents[2] / "app" / "landsraad" / "gui"


def test_every_registered_kind_has_its_view_kind_from_its_gui_folder():
    assert {vk.kind for vk in view_kinds()} == set(kinds.names())
    for vk in view_kinds():
        assert vk.view.__module__.startswith("landsraad.gui.") and vk.view.__module__.endswith(".kind")
        assert vk.table_page is not None and vk.new is not None
    assert [vk.kind for vk in view_kinds()][:2] == ["fief", "character"]  # the navigator's order


def test_no_module_of_the_window_tests_a_documents_type():
    """``grep -c isinstance`` on document classes in gui/ is 0: no isinstance(x, …Document)."""
    found = []
    for path in GUI.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "isinstance" and len(node.args) == 2:
                classes = node.args[1].elts if isinstance(node.args[1], ast.Tuple) else [node.args[1]]
                if any(getattr(c, "id", getattr(c, "attr", "")).endswith("Document") for c in classes):
                    found.append(f"{path.relative_to(GUI)}:{node.lineno}")
    assert found == []


def test_one_document_class_for_every_kind(qtbot):
    for record in kinds.records():
        if not record.makeable:
            continue
        doc = Document(record.name)
        assert type(doc) is Document and doc.kind == record.name and doc.record is record
        assert doc.label == record.label and isinstance(doc.findings, list)


def test_the_engines_results_are_the_documents(qtbot):
    # a new fencer is Good at Fencing: 6 Skill Levels, 8 maneuvers (fudge-fencing L34, L39)
    doc = Document("fencer")
    assert (doc.cost, doc.allowed, doc.used) == (6, 8, 0)
    with pytest.raises(AttributeError):
        getattr(doc, "scores")  # noqa: B009 - a fencer has no House scores
    from landsraad.packs.fencing import edits

    doc.edit("Learn", edits.learn, "thrust", True, doc.content)
    assert doc.used == 1
    doc.stack.undo()
    assert doc.used == 0


def test_edit_returns_the_engine_functions_result(qtbot):
    from landsraad.packs.fencing import edits
    from landsraad.packs.fencing.dice import FudgeDice
    from landsraad.packs.fencing.duel import Choice
    from landsraad.packs.fencing.kind import duel_between
    from landsraad.packs.fencing.model import Fencer

    doc = Document(
        "fencing-duel",
        duel_between([Fencer("A", "good", ["thrust", "parry"]), Fencer("B", "good", ["thrust", "parry"])]),
    )
    sides = [cb.side for cb in doc.state.combatants]
    done = doc.edit(
        "Round 1",
        edits.fight_round,
        doc.content,
        {sides[0]: Choice("thrust"), sides[1]: Choice("parry")},
        FudgeDice(seed=3),
    )
    assert isinstance(done, EditResult) and done and done.changed
    assert done.value["round"] == 1 and doc.state.round == 1  # the round's record, from the engine
    # an edit that changes nothing is false, and still hands back what the function returned
    same = doc.edit("Realism", edits.set_realism, doc.state.realism)
    assert not same and same.value is None and doc.stack.count() == 1


def test_the_navigator_rows_come_from_each_kind(window, qtbot):
    from landsraad.house.document import load_fief

    fief = Document("fief", load_fief(Path(__file__).resolve().parents[2] / "examples" / "venhei-fief.json"))
    window.add_document(fief)
    window.new_document("fencer")
    window.new_character()
    top = [row.cells[0] for row in window.navigator.groups]
    assert top[0].startswith("Siridar Fief: ") and top[1].startswith("Character: ") and top[2].startswith("Fencer: ")
    houses = window.navigator.children[0]
    assert [r.cells[0].split(" (")[0] for r in houses] == [f"House {h.name}" for h in fief.state.houses]
    # choosing a House's row selects it in the Fief's view
    last = fief.state.houses[-1]
    index = window.navigator.index(len(houses) - 1, 0, window.navigator.index(0, 0))
    window._navigate(index)
    assert window.current is fief and window.views[id(fief)].selected_house().id == last.id


def test_file_new_from_pack_makes_each_kind(window, qtbot):
    window.new_pack_menu.aboutToShow.emit()
    made = []
    for sub in window.new_pack_menu.actions():
        for act in sub.menu().actions():
            kind = act.objectName().removeprefix("actionNew-")
            if kind == "fencing-duel":  # between two open fencers
                window.new_document("fencer")
                window.new_document("fencer")
            act.trigger()
            assert window.current is not None and window.current.kind == kind
            assert type(window.current_view()) is type(view_kind(kind).view(window.current))
            made.append(kind)
    assert sorted(made) == kinds.names()
