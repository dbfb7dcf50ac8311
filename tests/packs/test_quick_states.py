"""d20 Quick Rules: weapon Rerolls, adversaries, Disabled and Destroyed, from the seed's text
(shared/seeds/d20-quick-rules.txt)."""

import json

import pytest

from landsraad.cli import main
from landsraad.packs.quick import build, document, rules
from landsraad.packs.quick.content import load_quick_content
from landsraad.packs.quick.model import QuickCharacter, Weapon
from landsraad.packs.quick.validate import validate

QC = load_quick_content()


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# ----- weapon Rerolls do not depend on the order of the traits (L179-L181) ----------------
@pytest.mark.parametrize("traits", [["light", "heavy"], ["heavy", "light"]])
def test_heavy_and_light_take_the_better_pair_in_either_order(traits):
    # L179: Heavy gains Rerolls from Combat and Physique; L180: Light from Combat and Swiftness.
    # Combat x1, Physique x3, Swiftness x1: Heavy's pair gives 4, Light's 2; the weapon takes 4
    ch = QuickCharacter(traits={"combat": 1, "physique": 3, "swiftness": 1})
    att = rules.weapon_rerolls(ch, Weapon("Axe-staff", traits=traits), QC)
    assert att["rerolls"] == 4 and set(att["traits"]) == {"combat", "physique"}
    assert att["reading"] == "weapon-pair"


def test_the_better_pair_is_the_characters_own():
    # the same weapon in a swift character's hands: Combat x1 + Swiftness x2 = 3 over 1
    ch = QuickCharacter(traits={"combat": 1, "swiftness": 2})
    for traits in (["light", "heavy"], ["heavy", "light"]):
        assert rules.weapon_rerolls(ch, Weapon("w", traits=traits), QC)["rerolls"] == 3


def test_artillery_replaces_the_ranged_pair_in_either_order():
    # L182: Artillery weapons gain Rerolls from Combat and Intellect
    ch = QuickCharacter(traits={"combat": 1, "swiftness": 3, "intellect": 1})
    for traits in (["ranged", "artillery"], ["artillery", "ranged"]):
        att = rules.weapon_rerolls(ch, Weapon("Mortar", traits=traits, band="near-region"), QC)
        assert att["rerolls"] == 2 and set(att["traits"]) == {"combat", "intellect"}


def test_weapon_pair_reading_is_listed(capsys):
    code, out, _ = run(capsys, "content", "readings", "--json")
    assert code == 0
    rows = json.loads(out)
    texts = " ".join(r["text"] for r in rows)
    assert "whatever the order" in texts and "permanently beyond recovery" in texts


# ----- adversaries have no Traits (L312-L322) ------------------------------------------------
def test_goblin_has_no_traits_todo():
    gob = build.from_template(QC.template("goblin"), QC)
    assert rules.is_adversary(gob, QC)
    assert not [f for f in validate(gob, QC) if f.field == "traits"]
    # a player character without Traits still has the todo (L38)
    assert [f for f in validate(QuickCharacter(name="x"), QC) if f.field == "traits"]


def test_quick_show_gives_an_adversarys_difficulty_and_abilities(capsys, tmp_path):
    # the Goblin: Difficulty 6 (L314), Armored, Puny, Sneaky (L315-L317)
    f = tmp_path / "gob.json"
    assert run(capsys, "quick", "new", "--template", "goblin", "-o", str(f))[0] == 0
    code, out, _ = run(capsys, "quick", "show", str(f))
    assert code == 0
    assert "Difficulty 6" in out and "Armored" in out and "Puny" in out and "Sneaky" in out
    assert "Traits:" not in out
    data = json.loads(run(capsys, "quick", "show", str(f), "--json")[1])
    assert data["adversary"] is True and data["difficulty_as_target"] == 6
    assert {a["name"]: a["damage_taken"] for a in data["abilities"]}["Puny"] == "double"


# ----- Destroyed and Disabled (L213-L216) ----------------------------------------------------
def test_destroyed_is_offered_no_recovery_roll(capsys, tmp_path):
    # L214: 20 or more Hindrance is Destroyed, "permanently beyond recovery"
    ch = QuickCharacter(name="Harker", traits={"physique": 2}, hindrance=20)
    s = rules.suggest_rerolls(ch, "recover", QC)
    assert not s.offered and "L214" in s.note
    f = tmp_path / "h.json"
    document.save(ch, f)
    code, _, err = run(capsys, "quick", "task", str(f), "recover")
    assert code == 2 and err.startswith("landsraad: error:") and "recovery" in err
    code, out, _ = run(capsys, "quick", "task", str(f), "--json")
    assert code == 0 and "recover" not in [t["task"] for t in json.loads(out)]
    # 19 Hindrance is Disabled, not Destroyed: the recovery roll is there (L216)
    ch.hindrance = 19
    assert rules.suggest_rerolls(ch, "recover", QC).offered


def test_disabled_physical_task_carries_the_note(capsys, tmp_path):
    # L213: 10 or more: Disabled, "may not move, Evade, take physical actions"
    ch = QuickCharacter(name="Adam", traits={"physique": 2, "swiftness": 1, "intellect": 1}, hindrance=10)
    assert "L213" in rules.suggest_rerolls(ch, "climb", QC).note
    assert rules.suggest_rerolls(ch, "search-crime-scene", QC).note == ""  # not physical
    ch.hindrance = 9
    assert rules.suggest_rerolls(ch, "climb", QC).note == ""
    ch.hindrance = 10
    f = tmp_path / "a.json"
    document.save(ch, f)
    data = json.loads(run(capsys, "quick", "task", str(f), "climb", "--json")[1])
    assert "physical" in data["note"]


def test_the_sheet_says_adversary_and_destroyed(tmp_path):
    from pypdf import PdfReader

    from landsraad.sheets.quick import export_quick

    gob = build.from_template(QC.template("goblin"), QC)
    gob.hindrance = 20
    out = tmp_path / "gob.pdf"
    export_quick(gob, QC, str(out))
    text = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(str(out)).pages)
    assert "no Traits" in text and "no recovery roll" in text


def test_an_adversary_made_on_the_command_line(capsys, tmp_path):
    # L259: "a wolf bite does damage equal to Success points": an NPC's x1
    f = tmp_path / "wolf.json"
    code, _, _ = run(
        capsys, "quick", "new", "--name", "Wolf", "--difficulty", "8", "--attack-multiplier", "1", "-o", str(f)
    )
    assert code == 0
    data = json.loads(run(capsys, "quick", "show", str(f), "--json")[1])
    assert data["adversary"] and data["difficulty_as_target"] == 8 and data["attack_multiplier"] == 1
    assert not [x for x in data["findings"] if x["field"] == "traits"]
    code, _, err = run(
        capsys, "quick", "new", "--name", "W", "--attack-multiplier", "0", "-o", str(tmp_path / "w.json")
    )
    assert code == 2 and not (tmp_path / "w.json").exists()
