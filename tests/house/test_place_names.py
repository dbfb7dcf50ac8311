"""Issue 15: Territories and bodies are named, never shown as ids; the same names in the
window, the command line's text and the sheets (read back with pypdf)."""

from __future__ import annotations

import re

import pytest

from landsraad.house import edits
from landsraad.house.content import load_house_content
from landsraad.house.document import load_fief, save_fief
from landsraad.house.fief import read_body
from landsraad.house.place_names import kind_name, place_names, roman
from landsraad.sheets import render_fief, render_house, render_session
from tests.support.places import generated_fief
from tests.support.sheets import EXAMPLE_FIEF, text_of

HC = load_house_content()
# an id as the documents store it: "b4", "b1-t2"
ID = re.compile(r"\bb\d+(?:-t\d+)?\b")


# ----- the names ------------------------------------------------------------------------------
def test_roman_numerals():
    assert [roman(n) for n in (1, 2, 3, 4, 5, 9, 12, 14, 40)] == ["I", "II", "III", "IV", "V", "IX", "XII", "XIV", "XL"]


def test_given_names_are_kept_and_the_rest_are_numbered_per_body():
    fief = load_fief(EXAMPLE_FIEF)
    names = place_names(fief, HC)
    assert names.territory("b1-t1") == "Thyca mainland (Uss)"  # named by the group
    assert names.place("b1-t1") == "Thyca mainland (Uss)"  # says its body already
    assert names.place("b1-t2") == "Abrant on Thyca"
    # The frozen world (waste 9, five Territories, none named): Roman numerals per body
    assert [names.territory(f"b4-t{n}") for n in range(1, 6)] == [
        "The frozen world I",
        "The frozen world II",
        "The frozen world III",
        "The frozen world IV",
        "The frozen world V",
    ]
    assert names.default_territory("b1-t1") == "Thyca I"  # what clearing the name gives
    assert names.territory("b3-t1") == "Endor"  # one Territory: the moon's name (L1193)


def test_unnamed_bodies_are_called_by_their_reading_and_told_apart_by_their_die():
    # 3x3 and 3x4 are both Medium Moons (L4377): the die tells them apart
    fief = generated_fief("3x3 3x4 1 2 5 6 7", houses=["Felderon"])
    names = place_names(fief, HC)
    b1, b2 = (next(b for b in fief.bodies if b.source == s) for s in ("3x3", "3x4"))
    assert (names.body(b1.id), names.body(b2.id)) == ("Medium Moon (3x3)", "Medium Moon (3x4)")
    assert names.territory(b2.territories[1].id) == "Medium Moon (3x4) II"
    # a waste die's table name in the rulebook's word order ("a small Uninhabitable Moon", L1133)
    moon = next(b for b in fief.bodies if b.source == "2")
    assert read_body(moon, HC).name == "Uninhabitable Moon, Small"
    assert names.body(moon.id) == "Small Uninhabitable Moon" == kind_name("Uninhabitable Moon, Small")
    # naming one of the two moons leaves the other its plain name
    edits.rename_place(fief, "body", b1.id, "Thyca")
    names = place_names(fief, HC)
    assert (names.body(b1.id), names.body(b2.id)) == ("Thyca", "Medium Moon")
    assert names.territory(b1.territories[0].id) == "Thyca I"


def test_holders_say_who_controls_a_waste_die_body():
    fief = load_fief(EXAMPLE_FIEF)
    names = place_names(fief, HC)
    field = next(b for b in fief.bodies if b.source == "1")
    assert names.holders(field.id) == [("controller to assign", None)]
    edits.set_controller(fief, field.id, "vorst")
    assert place_names(fief, HC).holders(field.id) == [("controlled by", None), ("House Vorst", "vorst")]
    thyca = fief.body("b1")
    assert [t for t, _ in place_names(fief, HC).holders(thyca.id)] == ["House Felderon", "House Banthet"]


# ----- the same names everywhere ------------------------------------------------------------
@pytest.fixture(params=["example", "generated"])
def fief_file(request, tmp_path):
    if request.param == "example":
        return EXAMPLE_FIEF
    path = tmp_path / "generated.json"
    save_fief(generated_fief("2x9 1 2 3 4 5 6 7 8 10"), str(path))
    return path


def _cli_text(fief_file, capsys) -> str:
    import landsraad.cli as cli

    assert cli.main(["fief", "show", str(fief_file)]) == 0
    return capsys.readouterr().out


def _window_texts(window, fief_file) -> str:
    from PySide6.QtCore import Qt

    window.open_path(str(fief_file))
    view = window.current_view()
    texts = []
    model = view.bodies

    def walk(parent):
        for r in range(model.rowCount(parent)):
            for c in range(model.columnCount(parent)):
                texts.append(str(model.index(r, c, parent).data(Qt.ItemDataRole.DisplayRole) or ""))
            walk(model.index(r, 0, parent))

    from PySide6.QtCore import QModelIndex

    walk(QModelIndex())
    for h in view.doc.state.houses:  # each House's placement list
        view.select_house(h.id)
        combo = view.ui.territoryCombo
        texts += [combo.itemText(i) for i in range(combo.count())]
        texts.append(combo.currentText())
    for r in range(view.houses.rowCount()):
        texts.append(str(view.houses.index(r, 0).data(Qt.ItemDataRole.ToolTipRole) or ""))
    view.drawing.resize(1000, 420)
    view.drawing.grab()  # paints: the description is set
    texts.append(view.drawing.accessibleDescription())
    return "\n".join(texts)


def test_window_cli_and_sheets_show_the_same_names_and_no_id(window, fief_file, capsys):
    fief = load_fief(str(fief_file))
    names = place_names(fief, HC)
    cli_text = _cli_text(fief_file, capsys)
    window_text = _window_texts(window, fief_file)
    sheets = {
        "fief": text_of(render_fief(fief)),
        "house": text_of(render_house(fief)),
        "session": text_of(render_session(fiefs=[fief], content=None)),
    }
    for where, text in [("window", window_text), ("cli", cli_text)] + list(sheets.items()):
        assert not ID.search(text), (where, ID.search(text).group(0))
    squashed = {k: re.sub(r"\s+", " ", v) for k, v in sheets.items()}
    for b in fief.bodies:
        for t in b.territories:
            name = names.territory(t.id)
            assert name in window_text and name in cli_text and name in squashed["fief"], name
    for h in fief.houses:
        place = names.place(h.territory)
        assert place in window_text, place  # its placement list and tooltip
        assert f"House {h.name}, on {place}" in cli_text
        assert place in squashed["fief"] and names.territory(h.territory) in squashed["house"]
    # who controls each waste-die body: the CLI's text, the window's drawing, the sheet
    for b in fief.bodies:
        r = read_body(b, HC)
        if r.controller:
            said = f"controlled by {names.controller(b.controller)}" if b.controller else "controller to assign"
            assert said in cli_text and said in window_text, (b.source, said)
            assert names.body(b.id) in squashed["fief"]


def test_a_place_is_renamed_in_the_window_as_one_undo_step(window, qtbot):
    doc = window.open_path(str(EXAMPLE_FIEF))
    view = window.current_view()
    view.select_place(("territory", "b4-t2"))
    edit = view.ui.placeNameEdit
    assert edit.text() == "" and edit.placeholderText() == "The frozen world II"
    edit.setFocus()
    qtbot.keyClicks(edit, "Ice shelf")
    assert doc.state.territory("b4-t2")[1].name == "Ice shelf"
    view.select_house("vorst")
    combo = view.ui.territoryCombo
    assert "Territory: Ice shelf on The frozen world" in [combo.itemText(i) for i in range(combo.count())]
    window.undo_action.trigger()
    assert doc.state.territory("b4-t2")[1].name == ""
    assert "Territory: The frozen world II" in [combo.itemText(i) for i in range(combo.count())]


# ----- the command line: fief name ----------------------------------------------------------
def test_fief_name_names_a_place_by_its_shown_name(tmp_path, capsys):
    import json

    import landsraad.cli as cli

    out = tmp_path / "named.json"
    assert cli.main(["fief", "name", str(EXAMPLE_FIEF), "the frozen world ii", "Ice shelf", "-o", str(out)]) == 0
    assert "Territory The frozen world II: now Ice shelf" in capsys.readouterr().out
    assert load_fief(str(out)).territory("b4-t2")[1].name == "Ice shelf"
    # a body and its one Territory share "Endor": the prefix says which
    assert cli.main(["fief", "name", str(out), "Endor", "Forest moon"]) == 2
    assert "body:Endor or territory:Endor" in capsys.readouterr().err
    assert cli.main(["fief", "name", str(out), "body:Endor", "Forest moon", "-o", str(out), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {
        "kind": "body",
        "id": "b3",
        "was": "Endor",
        "display_name": "Forest moon",
    }
    # "" gives back the default name; an unknown place lists those there are, exit 2
    assert cli.main(["fief", "name", str(out), "Ice shelf", "", "-o", str(out)]) == 0
    assert load_fief(str(out)).territory("b4-t2")[1].name == ""
    assert cli.main(["fief", "name", str(out), "Arrakis", "Dune"]) == 2
    err = capsys.readouterr().err
    assert "no body or Territory 'Arrakis'" in err and "The frozen world II" in err


def test_names_stay_apart_when_a_set_is_broken_up():
    # 4x8 broken up into 2x8 + 2x8 (D7, L147): two bodies of the same die
    fief = generated_fief("2x3 2x7 3x10 1 2 4 5", houses=["Felderon"])
    twin = fief.bodies[0]
    from landsraad.house.model import Body, Territory

    fief.bodies.append(Body(id="b99", source=twin.source, territories=[Territory(id="b99-t1"), Territory(id="b99-t2")]))
    names = place_names(fief, HC)
    assert len({names.body(b.id) for b in fief.bodies}) == len(fief.bodies)
    every = [names.territory(t.id) for b in fief.bodies for t in b.territories]
    assert len(set(every)) == len(every)


def test_json_keeps_the_ids_and_adds_the_names(capsys):
    import json

    import landsraad.cli as cli

    assert cli.main(["fief", "show", str(EXAMPLE_FIEF), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    frozen = next(b for b in report["bodies"] if b["from"] == "9")
    assert frozen["id"] == "b4" and frozen["display_name"] == "The frozen world"
    assert [(t["id"], t["name"], t["display_name"]) for t in frozen["territory_list"][:2]] == [
        ("b4-t1", "", "The frozen world I"),
        ("b4-t2", "", "The frozen world II"),
    ]
    seats = {h["name"]: (h["territory"], h["territory_name"]) for h in report["houses"]}
    assert seats["Vorst"] == ("b3-t1", "Endor")
