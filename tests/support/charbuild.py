"""Helpers that build characters for the tests from content lookups (never hard-coded results)."""

from landsraad.character.model import Character, Purchase, TemplateChoice
from landsraad.character.validate import validate
from landsraad.rules.content import load_content


def content():
    return load_content()


def level1(tree_id, level=1):
    return content().tree_feats(tree_id)[level].id


def complete_swordmaster() -> Character:
    """A finished character: every choice answered, 10 CP spent, caste and name set."""
    return Character(
        name="Duncan Idaho",
        player="Frank",
        sex="male",
        early_life=TemplateChoice("dueling-instruction", {1: ["prowess"]}),
        vocational_conditioning=TemplateChoice(
            "swordmaster",
            {
                1: ["duel", "athletics"],
                2: ["control", "control", "vigor", "willpower", "direction", "void"],
                3: [level1("wired"), level1("power-attack"), level1("weave"), level1("hawkeye")],
            },
        ),
        house_service=TemplateChoice(
            "weapons-master",
            {
                1: ["charm"],
                2: ["duel", "marksmanship"],
                3: ["acrobatics", "etiquette", "language(Chakobsa)", "vigor", "shield-fighting"],
                4: [
                    level1("ballet-of-bullets"),
                    level1("ballet-of-bullets", 2),
                    level1("work-horse"),
                    level1("work-horse", 2),
                ],
            },
        ),
        personal_calling=TemplateChoice("exile-fugitive", {1: ["insight"]}),
        extras=[Purchase("statistic", "insight"), Purchase("skill", "observe", 2), Purchase("skill", "searching", 1)],
        caste="bondsmen",
    )


def check(ch: Character):
    return validate(ch, content())


def rules(findings, severity=None):
    return {f.rule for f in findings if severity is None or f.severity.value == severity}
