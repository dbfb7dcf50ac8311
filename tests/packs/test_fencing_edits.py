"""The fencing pack's named edits (packs/fencing/edits.py): what the window and the command
line both call.  A refused edit raises ChoiceError and changes nothing."""

import copy
import json

import pytest

from landsraad.cli import main
from landsraad.errors import ChoiceError
from landsraad.packs.fencing import edits
from landsraad.packs.fencing.content import load_fencing_content
from landsraad.packs.fencing.dice import FudgeDice
from landsraad.packs.fencing.document import load_fencer
from landsraad.packs.fencing.duel import Choice, Combatant, Duel
from landsraad.packs.fencing.model import Fencer
from landsraad.packs.fencing.validate import maneuvers_allowed, maneuvers_used


@pytest.fixture(scope="module")
def c():
    return load_fencing_content()


def test_a_good_fencer_learns_eight_slots_with_feint_and_riposte(c):
    f = Fencer("Regenald Wilde")
    edits.set_fencing(f, "good", c)
    for m in ("feint", "riposte", "parry", "lunge", "thrust", "slash"):
        edits.learn(f, m, True, c)
    edits.learn(f, "feint", True, c)  # no maneuver twice
    assert f.maneuvers == ["feint", "riposte", "parry", "lunge", "thrust", "slash"]
    assert (maneuvers_used(f, c), maneuvers_allowed(f, c)) == (8, 8)  # two count as two (L46, L53; L39)
    edits.learn(f, "riposte", False, c)
    assert maneuvers_used(f, c) == 6


@pytest.mark.parametrize(
    "edit, args",
    [
        (edits.set_fencing, ("heroic",)),
        (edits.set_trait, ("muscle", "legendary")),  # Legendary is Fencing's only (L34)
        (edits.set_trait, ("charm", "good")),
        (edits.set_armour, ("chainmail",)),
        (edits.learn, ("backflip", True)),
        (edits.add_weapon, ("lightsaber",)),
        (edits.set_wound_boxes, ("hurt", 2)),  # Hurt has one box
        (edits.set_wound_boxes, ("bruise", 1)),
        (edits.treat, ("heroic",)),
    ],
)
def test_refused_edits_change_nothing(c, edit, args):
    f = Fencer("A", "good", ["parry"])
    before = copy.deepcopy(f)
    with pytest.raises(ChoiceError):
        edit(f, *args, c)
    assert f == before


def test_weapon_edits_by_position():
    f = Fencer("A")
    edits.set_weapon_name(f, 0, "Old Tooth")
    edits.set_weapon_sharp(f, 0, True)
    assert (f.weapons[0].kind, f.weapons[0].name, f.weapons[0].sharp) == ("rapier", "Old Tooth", True)
    with pytest.raises(ChoiceError):
        edits.remove_weapon(f, 1)
    edits.remove_weapon(f, 0)
    assert f.weapons == []
    with pytest.raises(ChoiceError):
        edits.set_legendary_cost(f, -1)


def test_wounds_by_hand_and_healing(c):
    f = Fencer("A")
    edits.set_wound_boxes(f, "scratch", 3, c)
    edits.set_wound_boxes(f, "very-hurt", 1, c)
    edits.set_wound_boxes(f, "scratch", 0, c)
    assert f.wounds == {"very-hurt": 1}
    assert edits.treat(f, "good", c) == 1  # Good lowers every wound a level (L266)
    assert f.wounds == {"hurt": 1}
    edits.rest(f, c)  # a level a week without a doctor (L268)
    assert f.wounds == {}
    edits.set_wound_boxes(f, "scratch", 2, c)
    edits.tend(f, c)  # Scratches tended after the fight (L265)
    assert f.wounds == {}
    edits.set_lackey(f, True)
    edits.set_willpower_steadied(f, True)
    assert (f.widen_wounds, f.willpower_steadied) == (False, True)


def test_duel_settings_and_a_round(c):
    d = Duel([Combatant("a", Fencer("A", "good", ["thrust"])), Combatant("b", Fencer("B", "good", ["parry"]))])
    with pytest.raises(ChoiceError):
        edits.set_realism(d, -1)
    edits.set_realism(d, 0)
    edits.set_damage_roll(d, True, limited=False)
    assert (d.realism, d.damage_roll, d.damage_roll_limited) == (0, True, False)
    record = edits.fight_round(d, c, {"a": Choice("thrust"), "b": Choice("parry")}, FudgeDice(seed=3))
    assert record["round"] == 1 and d.round == 1 and record["steps"]


def test_the_command_line_builds_the_fencer_the_edits_build(c, tmp_path):
    path = tmp_path / "w.json"
    assert (
        main(
            [
                "fencing",
                "new",
                "--name",
                "Regenald Wilde",
                "--fencing",
                "good",
                "--maneuver",
                "feint",
                "--maneuver",
                "riposte",
                "--muscle",
                "great",
                "--armour",
                "buff-coat",
                "--weapon",
                "cutlass:Old Tooth:sharp",
                "--lackey",
                "-o",
                str(path),
            ]
        )
        == 0
    )
    f = Fencer("")
    f.weapons = []
    edits.set_name(f, "Regenald Wilde")
    edits.set_fencing(f, "good", c)
    edits.learn(f, "feint", True, c)
    edits.learn(f, "riposte", True, c)
    edits.set_trait(f, "muscle", "great", c)
    edits.set_armour(f, "buff-coat", c)
    edits.add_weapon(f, "cutlass", c, "Old Tooth", True)
    edits.set_lackey(f, True)
    assert load_fencer(path) == f
    assert json.loads(path.read_text(encoding="utf-8"))["maneuvers"] == ["feint", "riposte"]


def test_every_pack_engine_is_type_checked():
    """`make check` runs mypy over each rules pack's engine (the window is not checked yet)."""
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    files = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]["files"]
    packs = sorted(
        p.relative_to(root).as_posix()
        for p in (root / "app" / "landsraad" / "packs").iterdir()
        if (p / "__init__.py").is_file()
    )
    assert "app/landsraad/packs/fencing" in packs and set(packs) <= set(files)


def test_an_id_the_pack_does_not_know_is_refused_in_a_sentence(c):
    assert c.known_maneuver("feint").slots == 2  # Feint counts as two (L46)
    with pytest.raises(ChoiceError, match="'backflip' is not a maneuver of the fencing pack"):
        c.known_maneuver("backflip")
    with pytest.raises(ChoiceError, match="not a wound level"):
        c.known_wound_level("bruise")
