"""Maneuver cards and the fencer sheet (issue 19): one card per maneuver with its
Initiative and Muscle modifiers and effect, nine to a page with cut marks; read back."""

import io

import pytest
from pypdf import PdfReader

from landsraad.cli import main
from landsraad.packs.fencing.content import load_fencing_content
from landsraad.packs.fencing.model import Fencer, FencerWeapon
from landsraad.sheets.fencing import (
    initiative_text,
    muscle_text,
    render_cards,
    render_fencer,
)
from landsraad.sheets.layout import SheetError


@pytest.fixture(scope="module")
def c():
    return load_fencing_content()


def pages_text(data: bytes) -> list[str]:
    return [p.extract_text() for p in PdfReader(io.BytesIO(data)).pages]


def test_every_maneuver_has_a_card(c):
    pages = pages_text(render_cards(c))
    assert len(pages) == 2  # 13 maneuvers + the blank card, 9 a page
    text = "\n".join(pages)
    for m in c.maneuvers:
        assert m.name in text, m.id
        assert f"Seed {m.line}" in text
    assert "Other action" in text and text.count("counts as two") == 2


def test_card_modifiers_read_as_the_seed_prints_them(c):
    assert initiative_text(c.maneuver("thrust")) == "+1" and muscle_text(c.maneuver("thrust")) == "−1"
    assert initiative_text(c.maneuver("fleche")) == "−2" and muscle_text(c.maneuver("fleche")) == "+3"
    assert initiative_text(c.maneuver("parry")) == "Special" and muscle_text(c.maneuver("parry")) == "N.A."
    assert initiative_text(c.maneuver("punch")) == "+1 pommel / ±0 basket hilt"
    assert initiative_text(c.maneuver("push")) == "+1 out of a lock / −1 otherwise"


def test_a_fencers_deck_and_sheet(c):
    f = Fencer(
        "Ḥarkonnen Zoë",
        "good",
        ["feint", "riposte", "parry", "thrust", "slash", "lunge"],
        reflexes="great",
        weapons=[FencerWeapon("cutlass", "Old Tooth", True)],
        wounds={"scratch": 1},
    )
    cards = pages_text(render_cards(c, f))
    assert len(cards) == 1 and "Lunge" in cards[0] and "Disarm" not in cards[0]
    sheet = pages_text(render_fencer(c, f))
    assert len(sheet) == 2
    first = sheet[0]
    assert "Ḥarkonnen Zoë" in first and "8 of 8" in first and "ODM +3" in first  # cutlass 2 + sharp 1 + Fair 0
    assert "Scratch" in first and "Near Death" in first and "11+" in first  # Realism 1 table


def test_a_fencer_without_maneuvers_has_no_cards(c):
    with pytest.raises(SheetError, match="no cards"):
        render_cards(c, Fencer("x", "good"))
    assert len(pages_text(render_fencer(c, Fencer("x", "good")))) == 1


def test_cards_command(tmp_path, capsys):
    f = tmp_path / "f.json"
    assert (
        main(
            [
                "fencing",
                "new",
                "--name",
                "A",
                "--fencing",
                "poor",
                "--maneuver",
                "slash",
                "--maneuver",
                "parry",
                "-o",
                str(f),
            ]
        )
        == 0
    )
    out = tmp_path / "cards.pdf"
    assert main(["fencing", "cards", str(f), "-o", str(out)]) == 0
    assert len(PdfReader(str(out)).pages) == 1
    assert main(["export", "fencer", str(f), "-o", str(tmp_path / "s.pdf"), "--paper", "letter"]) == 0
    assert main(["export", "cards", str(f), "-o", str(f)]) == 2  # never over its own input
    assert main(["fencing", "cards", "-o", str(tmp_path / "x.pdf")]) == 2
    capsys.readouterr()
