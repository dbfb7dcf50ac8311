"""The registry of document kinds (issue 24): every kind a pack.toml declares is registered
from its own engine folder with its pack; each record makes, checks, writes and reads its
documents, and prints them; no central file names a kind."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from landsraad.documents import codec, kinds
from landsraad.documents.discovery import kind_modules
from landsraad.packs import list_packs

APP = Path(__file__).resolve().parents[2] / "app" / "landsraad"

# The files every kind passes through: none of them may name a kind, a kind's folder or a
# document class of one kind (issue 24: a new kind touches its engine, GUI and content
# folders, nothing central).  gui/packs/__init__.py was the packs' switchboard.
CENTRAL = sorted(str(p.relative_to(APP)) for p in (APP / "documents").glob("*.py")) + [
    "gui/mainwindow.py",
    "gui/documents.py",
    "gui/table_view.py",
    "gui/kinds.py",
    "gui/new_menu.py",
    "gui/packs/__init__.py",
    "sheets/__init__.py",
    "cli/export.py",
]
# the six document classes the window had, one per kind, before Document(kind, state)
OLD_CLASSES = {
    "CharacterDocument",
    "FiefDocument",
    "FencerDocument",
    "DuelDocument",
    "QuickDocument",
    "ConflictDocument",
}
# where one kind's code lives: a central file importing from these names that kind
# (landsraad.packs itself is the packs' discovery, landsraad.gui.packs the packs' views)
KIND_FOLDERS = (
    "landsraad.character.",
    "landsraad.house.",
    "landsraad.packs.",
    "landsraad.gui.character.",
    "landsraad.gui.fief.",
    "landsraad.gui.packs.",
)


def test_every_kind_a_pack_declares_is_registered_with_that_pack():
    declared = {kind: p.id for p in list_packs() for kind in p.kinds}
    assert set(declared) == {"character", "fief", "fencer", "fencing-duel", "quick-character", "conflict"}
    for kind, pack in declared.items():
        record = kinds.get(kind)
        assert record is not None, f"{kind} (declared by {pack}) is not registered"
        assert record.pack == pack
    # and nothing is registered that no pack declares
    assert set(kinds.names()) == set(declared)
    assert codec.kinds() == sorted(declared)


def test_each_kind_registers_from_a_kind_module_of_its_own_engine_folder():
    modules = list(kind_modules(kinds.ENGINE_ROOT, kinds.NOT_ENGINES))
    assert {"landsraad.character.kind", "landsraad.house.kind", "landsraad.packs.fencing.kind"} <= set(modules)
    assert not any(m.startswith(("landsraad.gui.", "landsraad.cli.")) for m in modules)
    # each kind module registers at least one kind, and every kind comes from one of them
    assert {r.derive.__module__ for r in kinds.records() if r.derive} == set(modules)
    for record in kinds.records():
        assert record.derive is not None and record.derive.__module__ in modules
        folder = record.derive.__module__.rsplit(".", 1)[0]
        assert record.decode.__module__.startswith(folder + "."), (record.name, record.decode.__module__)


@pytest.mark.parametrize("name", ["character", "fief", "fencer", "quick-character", "conflict"])
def test_a_new_document_of_each_kind_round_trips_and_is_checked(name):
    record = kinds.get(name)
    state = record.make()
    assert codec.loads_document(codec.dumps_document(name, state)) == (name, state)
    derived = record.derived(state)
    assert isinstance(derived["findings"], list)
    assert record.title_of(state) == ("New conflict" if name == "conflict" else "")


def test_a_duel_is_not_made_alone_but_between_fencers():
    from landsraad.packs.fencing.kind import duel_between
    from landsraad.packs.fencing.model import Fencer

    duel_kind = kinds.get("fencing-duel")
    assert not duel_kind.makeable
    with pytest.raises(TypeError):
        duel_kind.make()
    tessa = Fencer("Tessa", "good")
    duel = duel_between([tessa, Fencer("Tessa", "fair")])
    assert [cb.side for cb in duel.combatants] == ["tessa", "tessa-2"]
    assert duel.combatants[0].fencer is not tessa  # the duel's fencers are copies
    # the setting's standard Realism Modifier, 1 (wounds.toml, L128)
    assert duel.realism == 1
    assert duel_kind.title_of(duel) == "Tessa vs Tessa"


def test_derived_results_are_the_engines_numbers():
    # a new fencer is Good at Fencing: 6 Skill Levels and 8 maneuvers (fudge-fencing L34, L39)
    fencer = kinds.get("fencer")
    got = fencer.derived(fencer.make())
    assert (got["cost"], got["allowed"], got["used"]) == (6, 8, 0)
    # a new character has the 10 Character Points of step 06 to spend (rulebook L2824)
    character = kinds.get("character")
    assert character.derived(character.make())["sheet"].cp_budget == 10


def test_each_kind_prints_its_sheet(tmp_path):
    from pypdf import PdfReader

    for record in kinds.records():
        state = record.make() if record.makeable else _a_duel()
        out = tmp_path / f"{record.name}.pdf"
        record.render_pdf(state, out)
        assert len(PdfReader(out).pages) >= 1, record.name


def test_the_migrations_are_their_kinds_records():
    assert set(kinds.get("fief").migrations) == {1, 2}  # 2 -> 3: linked Householders (issue 23)
    assert set(kinds.get("character").migrations) == {1}  # schema 2: the character in play (issue 25)
    assert all(not kinds.get(k).migrations for k in kinds.names() if k not in ("fief", "character"))


def _a_duel():
    from landsraad.packs.fencing.kind import duel_between
    from landsraad.packs.fencing.model import Fencer

    return duel_between([Fencer("A", "good"), Fencer("B", "fair")])


# ----- nothing central names a kind -------------------------------------------------------------
def _names_of_kinds(source: str, filename: str) -> list[str]:
    """Where ``source`` names a kind: a kind's name as a string (not in a docstring), a
    one-kind document class, or an import from one kind's folder."""
    tree = ast.parse(source, filename)
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    names = set(kinds.names())
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            if node.value in names:
                found.append(f"{filename}:{node.lineno} the kind {node.value!r}")
        elif isinstance(node, ast.Name) and node.id in OLD_CLASSES:
            found.append(f"{filename}:{node.lineno} {node.id}")
        elif isinstance(node, ast.alias) and node.name.split(".")[-1] in OLD_CLASSES:
            found.append(f"{filename}:{node.lineno} imports {node.name}")
        elif (
            isinstance(node, ast.ImportFrom)
            and node.module
            and node.level == 0
            and (
                (node.module + ".").startswith(KIND_FOLDERS)
                and node.module not in ("landsraad.packs", "landsraad.gui.packs")
            )
        ):
            found.append(f"{filename}:{node.lineno} imports from {node.module}")
        elif isinstance(node, ast.Import):
            found += [
                f"{filename}:{node.lineno} imports {a.name}"
                for a in node.names
                if (a.name + ".").startswith(KIND_FOLDERS)
            ]
    return found


def test_no_central_file_names_a_kind():
    found = [hit for rel in CENTRAL for hit in _names_of_kinds((APP / rel).read_text(encoding="utf-8"), rel)]
    assert found == []


@pytest.mark.parametrize(
    "snippet, what",
    [
        ('if doc.kind == "fief":\n    pass\n', "the kind 'fief'"),
        ("from landsraad.gui.documents import FiefDocument\n", "imports FiefDocument"),
        ("x = isinstance(d, CharacterDocument)\n", "CharacterDocument"),
        ("from landsraad.packs.fencing.kind import duel_between\n", "imports from landsraad.packs.fencing.kind"),
        ("import landsraad.house.scores\n", "imports landsraad.house.scores"),
    ],
)
def test_the_check_finds_a_kind_named_in_a_central_file(snippet, what):
    """The check above can fail: each way a central file could name a kind is found."""
    assert [hit.split(" ", 1)[1] for hit in _names_of_kinds(snippet, "central.py")] == [what]


def test_a_docstring_may_name_a_kind():
    assert _names_of_kinds('"""Reads "fief" documents."""\n', "central.py") == []


def test_reading_a_character_imports_no_packs_engine():
    """The registry imports kind modules until one registers the kind asked for: a
    character file costs no fencing, d20 or conflict engine (the first file opened)."""
    import subprocess
    import sys

    code = (
        "import sys\nfrom landsraad.documents.codec import load_document\n"
        "print(load_document(sys.argv[1])[0])\n"
        "print(sorted(m for m in sys.modules if m.startswith('landsraad.packs.')))\n"
    )
    frozen = Path(__file__).resolve().parents[1] / "data" / "documents" / "character-v1.json"
    out = subprocess.run(
        [sys.executable, "-c", code, str(frozen)], capture_output=True, text=True, timeout=120, check=True
    ).stdout.splitlines()
    assert out[0] == "character"
    assert not [m for m in ast.literal_eval(out[1]) if m.endswith((".document", ".kind"))]
