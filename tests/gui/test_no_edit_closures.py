"""The window changes documents only through the engines' named edits: every
``doc.edit(...)`` (and the views' ``_edit`` / ``_house_edit`` / ``_combo_edit`` /
``tentative_errors``) in ``landsraad.gui`` is handed a function of
``landsraad.character.edits``, ``landsraad.house.edits`` or a pack's ``edits``, never a
lambda or a function written in the window."""

from __future__ import annotations

import ast
from pathlib import Path

GUI = Path(__file__).resolve().parents[2] / "app" / "landsraad" / "gui"
# the position of the edit function among the arguments, by the name of the method called
EDIT_ARG = {
    "edit": 1,
    "_edit": 1,
    "_house_edit": 1,
    "_combo_edit": 2,
    "tentative_errors": 3,
    "_add_setup": 1,
    "_edit_shown": 1,
}


def _edit_calls():
    """(file, enclosing function, call, its edit argument) of every such call in the window."""
    for path in sorted(GUI.rglob("*.py")):
        if "compiled_forms" in path.parts:
            continue
        for fn in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(fn, ast.FunctionDef):
                continue
            for node in ast.walk(fn):
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in EDIT_ARG:
                    i = EDIT_ARG[node.func.attr]
                    yield path, fn, node, node.args[i] if len(node.args) > i else None


def test_every_edit_is_an_engine_function():
    calls = list(_edit_calls())
    assert len(calls) > 30  # the window's edits were all found
    bad = []
    for path, fn, node, arg in calls:
        # an edits module: ``edits`` or one named for what it edits (``duel_edits``)
        engine = isinstance(arg, ast.Attribute) and isinstance(arg.value, ast.Name) and arg.value.id.endswith("edits")
        # the panels' helpers pass on the engine edit they were given as a parameter
        passed_on = isinstance(arg, ast.Name) and fn.name in EDIT_ARG and arg.id in {a.arg for a in fn.args.args}
        # the session's Host applies the edit a player named, checked against the whitelist
        # of engine functions (landsraad.session.edits.WHITELIST) before it runs
        session = (
            path.name == "share.py"
            and fn.name == "apply"
            and isinstance(arg, ast.Name)
            and "whitelisted(" in ast.unparse(fn)
        )
        if not (engine or passed_on or session):
            bad.append(f"{path.relative_to(GUI)}:{node.lineno} {ast.unparse(node)[:90]}")
    assert bad == []


def test_the_fencing_panels_are_checked_too():
    """The fencer and duel panels are no longer exempt: their edits are
    found (so a lambda among them would fail the test above)."""
    files = {path.name for path, *_ in _edit_calls()}
    assert {"fencer_view.py", "duel_panel.py"} <= files
