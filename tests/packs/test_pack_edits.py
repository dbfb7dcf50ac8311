"""The d20 and conflict edits the window and the command line share: each changes the
document or refuses (ChoiceError) and leaves it as it was."""

import copy

import pytest

from landsraad.errors import ChoiceError
from landsraad.packs.conflict import edits as cedits
from landsraad.packs.conflict.content import load_conflict_content
from landsraad.packs.conflict.order import Actor, Conflict, Side
from landsraad.packs.quick import build
from landsraad.packs.quick import edits as qedits
from landsraad.packs.quick.content import load_quick_content
from landsraad.packs.quick.model import QuickCharacter

QC = load_quick_content()


def test_quick_edits():
    ch = QuickCharacter()
    qedits.take_template(ch, "adam-angel", QC)
    assert ch.name == "Adam Angel" and ch.traits["physique"] == 3 and ch.template == "adam-angel"
    qedits.set_text(ch, "background", "A century on the docks.")
    qedits.set_number(ch, "hindrance", 4)
    qedits.set_difficulty(ch, 12, QC)
    qedits.set_trait(ch, "charm", 2, QC)
    qedits.add_specialty(ch, "Occult", QC)
    qedits.add_weapon(ch, build.weapon_from_list("longsword", QC))
    qedits.add_ability(ch, " Night sight ", " sees in the dark ")
    assert (ch.background, ch.hindrance, ch.difficulty, ch.traits["charm"]) == ("A century on the docks.", 4, 12, 2)
    assert ch.specialties == ["streetwise", "occult"] and ch.weapons[-1].deadly == 3
    assert (ch.abilities[-1].name, ch.abilities[-1].effect) == ("Night sight", "sees in the dark")
    qedits.remove_item(ch, "specialties", 0)
    assert ch.specialties == ["occult"]
    qedits.take_template(ch, "goblin", QC)  # the whole character is replaced
    assert ch.name == "Goblin" and ch.specialties == [] and ch.hindrance == 0 and ch.difficulty == 6


@pytest.mark.parametrize(
    "edit,args",
    [
        (qedits.set_text, ("traits", "x")),
        (qedits.set_number, ("hindrance", -1)),
        (qedits.set_number, ("name", 1)),
        (qedits.set_difficulty, (21, QC)),
        (qedits.set_trait, ("charm", 4, QC)),
        (qedits.add_ability, ("  ",)),
        (qedits.remove_item, ("weapons", 3)),
        (qedits.remove_item, ("traits", 0)),
        (qedits.take_template, ("nobody", QC)),
    ],
)
def test_quick_refusals_change_nothing(edit, args):
    ch = build.from_template(QC.characters["legrasse"], QC)
    before = copy.deepcopy(ch)
    with pytest.raises(ChoiceError):
        edit(ch, *args)
    assert ch == before


def test_conflict_edits():
    rules = load_conflict_content().order
    c = Conflict(sides=[Side("p", "P"), Side("g", "G", gm=True)], actors=[Actor("Kara", "p"), Actor("A1", "g")])
    cedits.set_name(c, "Alley")
    cedits.add_zone_typed(c, "Crates: cover; hindering")
    assert c.name == "Alley" and c.zones[0].traits == ["cover", "hindering"]
    with pytest.raises(ChoiceError):
        cedits.add_zone_typed(c, ": no name")
    cedits.begin(c, "Kara", rules)
    cedits.keep(c, rules, pay="threat", extra=True)
    assert c.threat == 2 and c.phase == "extra"
