"""The d20 character sheet fits one page for every template and a busy character, and
prints what the character holds (read back with pypdf)."""

import pytest
from pypdf import PdfReader

from landsraad.cli import main
from landsraad.packs.quick import build, document
from landsraad.packs.quick.content import load_quick_content
from landsraad.packs.quick.model import Ability
from landsraad.sheets.quick import export_quick

QC = load_quick_content()


@pytest.mark.parametrize("tid", [*QC.characters, *QC.adversaries])
def test_every_template_prints_on_one_page(tmp_path, tid):
    ch = build.from_template(QC.template(tid), QC)
    out = tmp_path / "s.pdf"
    export_quick(ch, QC, out)
    reader = PdfReader(out)
    assert len(reader.pages) == 1
    text = reader.pages[0].extract_text()
    assert ch.name.split()[0] in text and QC.template(tid).description.split()[0] in text


def test_a_busy_character_still_fits_one_page(tmp_path, capsys):
    ch = build.from_template(QC.characters["houdini"], QC)
    ch.name = "Ḥarry Houdini-Weiss"
    ch.background = "Born in Budapest, raised in Wisconsin; " * 4
    for sp in ("Disguise", "Musician", "Trade", "Streetwise", "Occult", "Lock lore"):
        build.add_specialty(ch, sp, QC)
    ch.abilities += [Ability("Escape", "Slips any bond in a minute."), Ability("Showman", "Crowds love him.")]
    for w in ("pistol", "dagger", "rifle", "grenade", "spear"):
        ch.weapons.append(build.weapon_from_list(w, QC))
    ch.hindrance = 10
    f = tmp_path / "h.json"
    document.save(ch, f)
    assert main(["quick", "export", str(f), "-o", str(tmp_path / "h.pdf")]) == 0
    reader = PdfReader(tmp_path / "h.pdf")
    assert len(reader.pages) == 1
    text = reader.pages[0].extract_text()
    for needle in ("Ḥarry", "Lock lore", "Thrown grenade", "DISABLED", "Escape Artist"):
        assert needle in text, needle


def test_export_over_its_own_document_is_exit_2(tmp_path, capsys):
    f = tmp_path / "a.json"
    document.save(build.from_template(QC.characters["mata-hari"], QC), f)
    before = f.read_text(encoding="utf-8")
    assert main(["quick", "export", str(f), "-o", str(f)]) == 2
    assert f.read_text(encoding="utf-8") == before
