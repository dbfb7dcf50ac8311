"""The character sheet prints the condition in play (issue 25): ticked damage boxes checked
and filled, held Complications in their fields, the limited uses with the spent ones
checked, and the penalties with their pages."""

from landsraad.character.build import build
from landsraad.character.model import Purchase
from landsraad.play import evening as ev
from landsraad.rules.content import load_content
from landsraad.sheets import render_character
from tests.support.sheets import fields, text_of, zoe

C = load_content()
PREFIX = "character-harkonnen-zoe"


def hurt_zoe():
    ch = zoe()
    ch.extras.append(Purchase("feat", "guilty-pleasure"))
    ev.take_damage(ch, C, physical=3, on={"physique": 2, "prowess": 1})
    ev.take_damage(ch, C, mental=3, complication=["mental"], detail="the burning house")
    ev.spend_use(ch, C, "guilty-pleasure")
    return ch


def test_damage_boxes_checked_as_taken():
    ch = hurt_zoe()
    values = fields(render_character(ch, C, "a4"))
    sheet, _ = build(ch, C)
    # the victim's split 2 + 1; a statistic has one box per point (S10), the rest is lost (S11)
    expected = {"physique": min(2, sheet.statistics["physique"]), "prowess": 1, "intellect": 0}
    assert sum(expected.values()) == sum(ch.condition.damage.values()) >= 2
    for stat, n in expected.items():
        boxes = sorted(k for k in values if k.startswith(f"{PREFIX}_damage-{stat}-"))
        checked = [b for b in boxes if values[b] not in ("/Off", None, "")]
        assert len(checked) == n, stat
        assert all(b.endswith(tuple(f"-{k}" for k in range(1, n + 1))) for b in checked)


def test_complication_uses_and_penalties_printed():
    ch = hurt_zoe()
    data = render_character(ch, C, "a4")
    values = fields(data)
    # 3 MD as a Complication: Traumatic Stress (L358), 3 weeks to heal (L396)
    assert values[f"{PREFIX}_complication-1"] == "Traumatic Stress (the burning house)"
    assert values[f"{PREFIX}_complication-1-points"] == "3"
    assert values[f"{PREFIX}_use-guilty-pleasure-1"] not in ("/Off", None, "")
    text = text_of(data)
    assert "Guilty Pleasure" in text and "Traumatic Stress" in text and "-2 Height" in text
    assert " L358" not in text  # pages, never the text file's lines


def test_an_unhurt_character_prints_no_in_play_section():
    data = render_character(zoe(), C, "a4")
    assert "Penalties in play" not in text_of(data).replace("\n", " ")
