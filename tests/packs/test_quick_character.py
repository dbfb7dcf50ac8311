"""d20 Quick Rules characters: content, templates, findings, documents, the command line
(d20-quick-rules.txt L37-L42, L81-L163, L218-L251, L312-L468; spec §8-§11)."""

import json

import pytest

from landsraad.cli import main
from landsraad.errors import DocumentError
from landsraad.packs.quick import build, document, rules
from landsraad.packs.quick.content import load_quick_content
from landsraad.packs.quick.model import QuickCharacter
from landsraad.packs.quick.validate import validate

QC = load_quick_content()


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_content_counts_match_the_text():
    assert len(QC.traits) == 12  # L83-L95
    groups = [s.group for s in QC.specialties.values()]
    assert groups.count("modern") == 25 and groups.count("science-fiction") == 6  # L131-L163
    assert len([t for t in QC.tasks.values() if t.line.startswith("L") and 97 <= int(t.line[1:]) <= 129]) == 33
    assert len(QC.characters) == 10 and {"goblin", "frost-giant"} <= set(QC.adversaries)
    assert QC.hindrance.disabled == 10 and QC.hindrance.destroyed == 20  # L61


@pytest.mark.parametrize(
    "tid,instances,specialties",
    [
        ("van-helsing", 5, 3),
        ("john-seward", 5, 3),
        ("jonathan-harker", 6, 1),
        ("mina-harker", 6, 1),
        ("adam-angel", 5, 1),
        ("sky-deer", 6, 3),
        ("houdini", 8, 1),
        ("richard-surrey", 6, 1),
        ("mata-hari", 6, 1),
        ("legrasse", 5, 3),
    ],
)
def test_sample_characters_as_printed(tid, instances, specialties):
    ch = build.from_template(QC.characters[tid], QC)
    c = rules.counts(ch, QC)
    assert (c["trait_instances"], c["specialties"]) == (instances, specialties)
    assert c["samples"] == {"trait_instances": [5, 8], "specialties": [1, 3]}
    assert validate(ch, QC) == []


def test_a_character_outside_the_samples_range_is_information_not_an_error():
    ch = QuickCharacter(name="Polymath", traits={t: 3 for t in QC.traits})
    assert rules.counts(ch, QC)["trait_instances"] == 36
    assert validate(ch, QC) == []


def test_adam_angel_natural_armor_is_defense_3():  # L401, A11
    assert rules.total_defense(build.from_template(QC.characters["adam-angel"], QC)) == 3


def test_adversaries_carry_difficulty_and_abilities():
    goblin = build.from_template(QC.adversaries["goblin"], QC)
    assert goblin.difficulty == 6 and rules.total_defense(goblin) == 1  # L314-L315
    assert [a.damage_taken for a in goblin.abilities if a.name == "Puny"] == ["double"]  # L316
    giant = build.from_template(QC.adversaries["frost-giant"], QC)
    assert giant.difficulty == 10 and rules.total_defense(giant) == 5  # L318-L319


def test_task_table_suggests_rerolls():
    surrey = build.from_template(QC.characters["richard-surrey"], QC)
    s = rules.suggest_rerolls(surrey, "pick-lock", QC)  # Intellect, Swiftness, Tech x2 (L120)
    assert s.rerolls == 4 and s.from_traits == {"intellect": 1, "swiftness": 1, "tech": 2}
    houdini = build.from_template(QC.characters["houdini"], QC)
    assert rules.suggest_rerolls(houdini, "sway-jury", QC).rerolls == 3  # spec Q13
    mata = build.from_template(QC.characters["mata-hari"], QC)
    assert rules.suggest_rerolls(mata, "sway-jury", QC).rerolls == 3
    legrasse = build.from_template(QC.characters["legrasse"], QC)
    assert rules.suggest_rerolls(legrasse, "initiative", QC).rerolls == 3  # L166
    assert rules.suggest_rerolls(legrasse, "tug-of-war", QC).rerolls == 1  # L128


def test_weapon_rerolls_follow_their_traits():
    ch = QuickCharacter(name="x", traits={"combat": 2, "physique": 1, "swiftness": 3, "intellect": 1})
    heavy = build.parse_weapon("Maul:heavy,deadly-3", QC)
    assert rules.weapon_rerolls(ch, heavy, QC) == {
        "traits": ["combat", "physique"],
        "rerolls": 3,
        "reading": "",
    }  # L179
    rifle = build.weapon_from_list("rifle", QC)
    assert rules.weapon_rerolls(ch, rifle, QC)["rerolls"] == 5  # L181
    art = build.parse_weapon("Gun:artillery,ranged-near-region", QC)
    assert rules.weapon_rerolls(ch, art, QC) == {"traits": ["combat", "intellect"], "rerolls": 3, "reading": ""}  # L182
    adv = build.parse_weapon("Blade:light,advanced", QC)
    assert rules.weapon_rerolls(ch, adv, QC)["rerolls"] == 6  # L219
    bare = QuickCharacter(name="y")
    old = build.parse_weapon("Rusty:light,neglected", QC)
    assert rules.weapon_rerolls(bare, old, QC)["rerolls"] == 0  # A8: floor 0


@pytest.mark.parametrize(
    "h,status", [(0, "active"), (9, "active"), (10, "disabled"), (19, "disabled"), (20, "destroyed"), (31, "destroyed")]
)
def test_hindrance_thresholds(h, status):  # L61
    assert rules.status(QuickCharacter(name="x", hindrance=h), QC) == status


def test_findings_name_their_rule():
    ch = QuickCharacter(name="", traits={"charm": 4, "luck": 1}, specialties=["Law", "law"], defense=-1)
    rules_hit = {f.rule for f in validate(ch, QC)}
    assert {"name", "V1", "V2", "V6"} <= rules_hit


def test_document_saves_and_reopens(tmp_path):
    ch = build.from_template(QC.characters["legrasse"], QC)
    ch.hindrance = 3
    ch.specialties.append("Voodoo lore")
    path = tmp_path / "legrasse.json"
    document.save(ch, path)
    again = document.load(path)
    assert again == ch
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["kind"] == "quick-character" and data["pack"] == "d20-quick-rules" and data["schema_version"] == 1
    before = path.read_text(encoding="utf-8")
    again.hindrance = 12
    document.save(again, path)  # the previous version is kept as .bak
    assert path.with_name("legrasse.json.bak").read_text(encoding="utf-8") == before
    assert document.load(path).hindrance == 12


@pytest.mark.parametrize(
    "text,field",
    [
        ('{"schema_version": 1, "kind": "character", "character": {}}', "kind"),
        ('{"schema_version": 9, "kind": "quick-character", "character": {}}', "schema_version"),
        ('{"schema_version": 1, "kind": "quick-character", "character": {"traits": {"charm": "x"}}}', "character"),
        ('{"schema_version": 1, "kind": "quick-character", "character": {"luck": 3}}', "character"),
    ],
)
def test_bad_documents_name_the_field(text, field):
    with pytest.raises(DocumentError) as info:
        document.loads(text, "f.json")
    assert info.value.field == field


def test_cli_new_show_task(tmp_path, capsys):
    f = tmp_path / "ada.json"
    code, _, err = run(
        capsys,
        "quick",
        "new",
        "--name",
        "Ada",
        "--trait",
        "tech:3",
        "--trait",
        "charm",
        "--specialty",
        "Hacker",
        "--specialty",
        "Difference engines",
        "--weapon",
        "Cane sword:light,deadly-2",
        "--weapon",
        "pistol",
        "-o",
        str(f),
    )
    assert code == 0, err
    code, out, _ = run(capsys, "quick", "show", str(f), "--json")
    data = json.loads(out)
    assert data["traits"] == {"charm": 1, "tech": 3}
    assert data["specialties"] == ["hacker", "Difference engines"]
    assert data["counts"]["trait_instances"] == 4 and data["counts"]["specialties"] == 2
    assert [w["deadly"] for w in data["weapons"]] == [2, 3]
    assert data["status"] == "active" and data["findings"] == []
    code, out, _ = run(capsys, "quick", "task", str(f), "hack-network", "--json")
    assert json.loads(out)["rerolls"] == 3  # Awareness 0 + Tech x3 (L116)


def test_cli_from_template_and_bad_input(tmp_path, capsys):
    f = tmp_path / "g.json"
    assert run(capsys, "quick", "new", "--template", "frost-giant", "-o", str(f))[0] == 0
    assert json.loads(run(capsys, "quick", "show", str(f), "--json")[1])["defense"] == 5
    for bad in (
        ["--trait", "charm:4"],
        ["--trait", "luck"],
        ["--template", "dracula"],
        ["--weapon", "Stick:sharp"],
        ["--defense", "-2"],
    ):
        code, _, err = run(capsys, "quick", "new", "--name", "x", *bad, "-o", str(tmp_path / "bad.json"))
        assert code == 2 and err.startswith("landsraad: error:"), bad
    assert not (tmp_path / "bad.json").exists()


def test_combat_chains_c1_to_c7():
    """Spec §12 C1-C7: Legrasse's pistol (Deadly x3) against the Goblin and the Frost Giant;
    avoidance rolls against a Goblin and a bear (dice chosen)."""
    from landsraad.packs.quick.roll import task_roll

    goblin = build.from_template(QC.adversaries["goblin"], QC)
    giant = build.from_template(QC.adversaries["frost-giant"], QC)
    r = task_roll(2, 1, goblin.difficulty, QC, dice=[7, 8])  # C1: Far is the pistol's last band
    assert rules.attack_damage(r.successes, 3, goblin) == 11  # (2 x 3) x 2 - 1
    assert rules.status(QuickCharacter(hindrance=11), QC) == "disabled"
    r = task_roll(2, 0, giant.difficulty, QC, dice=[18, 4, 11])  # C2
    assert rules.attack_damage(r.successes, 3, giant) == 7  # 24 / 2 - 5
    r = task_roll(2, 0, giant.difficulty, QC, dice=[20, 5, 9])  # C3: the 20 doubles once (A4)
    assert r.successes == 20 and rules.attack_damage(r.successes, 3, giant) == 25
    mina = build.from_template(QC.characters["mina-harker"], QC)
    r = task_roll(0 + 0 + 1, mina.hindrance, goblin.difficulty, QC, dice=[3, 2])  # C4: Evade gives the Reroll
    assert rules.avoidance_damage(r.counted, 6, 1, mina, r.result) == 3
    adam = build.from_template(QC.characters["adam-angel"], QC)
    r = task_roll(0, 0, 12, QC, dice=[9])  # C7: the bear, x2, Defense 3
    assert rules.avoidance_damage(r.counted, 12, 2, adam, r.result) == 3
    r = task_roll(0, 0, 12, QC, dice=[12])  # mixed: no damage (A12)
    assert rules.avoidance_damage(r.counted, 12, 2, adam, r.result) == 0
