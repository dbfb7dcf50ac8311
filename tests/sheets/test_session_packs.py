"""`export session` prints the other packs' documents too: a fencer's sheet and maneuver
cards, a duel's fencer sheets, a d20 character, a conflict; read back with pypdf."""

from __future__ import annotations

import re

import pytest
from pypdf import PdfReader

from landsraad.cli import main
from landsraad.packs.fencing.document import save_fencer
from landsraad.packs.fencing.model import Fencer
from landsraad.sheets import SheetError, render_session
from tests.support.sheets import EXAMPLE_FIEF, ROOT, page_texts, reader

CHARACTER = ROOT / "tests" / "data" / "documents" / "character-v1.json"
EXAMPLES = ROOT / "examples"


@pytest.fixture()
def fencer_file(tmp_path):
    path = tmp_path / "wilde.json"
    save_fencer(
        Fencer("Regenald Wilde", "good", ["feint", "riposte", "parry", "lunge", "thrust", "slash"], reflexes="great"),
        path,
    )
    return path


def _outline(data: bytes) -> list[str]:
    def walk(items):
        for o in items:
            yield from walk(o) if isinstance(o, list) else [o.title]

    return list(walk(reader(data).outline))


def test_a_session_with_a_fief_a_character_and_a_fencer_has_the_fencer_pages(capsys, tmp_path, fencer_file):
    out = tmp_path / "session.pdf"
    assert main(["export", "session", str(EXAMPLE_FIEF), str(CHARACTER), str(fencer_file), "-o", str(out)]) == 0
    assert capsys.readouterr().err == ""
    data = out.read_bytes()
    pages = page_texts(data)
    firsts = [p.split(" ")[0] for p in pages]
    assert firsts[0] == "SIRIDAR" and "CHARACTER" in firsts
    # after the Landsraad sheets: the fencer sheet, then its cards (six maneuvers + a blank "other action")
    sheet = next(i for i, p in enumerate(pages) if p.startswith("FENCER"))
    assert sheet > max(i for i, f in enumerate(firsts) if f == "CHARACTER")
    # Fencing Good costs 6 skill levels and gives 8 slots; Feint and Riposte count two (L34, L39, L46, L53)
    assert "NAME Regenald Wilde FENCING Good SKILL LEVELS SPENT 6 MANEUVER SLOTS 8 of 8" in pages[sheet]
    cards = pages[sheet + 1 :]
    assert len(cards) == 1 and "Maneuver cards of Regenald Wilde" in cards[0]
    for name in ("Feint", "Riposte", "Parry", "Lunge", "Thrust", "Slash"):
        assert name in cards[0]
    assert _outline(data)[-1] == "Fencer: Regenald Wilde"
    # the Landsraad sheets count the fencer's pages in their "file page N of M" (M printed first)
    totals = {int(m) for p in pages for m in re.findall(r"(\d+) · file page \d+ of", p)}
    assert totals == {len(pages)} == {len(PdfReader(out).pages)}


def test_every_pack_document_in_one_session_with_duplex(capsys, tmp_path, fencer_file):
    out = tmp_path / "all.pdf"
    files = [
        CHARACTER,
        fencer_file,
        EXAMPLES / "dune-sea-duel.json",
        EXAMPLES / "legrasse-d20.json",
        EXAMPLES / "ambush-conflict.json",
    ]
    assert main(["export", "session", *map(str, files), "--duplex", "-o", str(out)]) == 0
    data = out.read_bytes()
    pages = page_texts(data)
    heads = [p.split(" ")[0] if p else "" for p in pages]
    # character 2 pages; fencer sheet + cards 2; the duel's other fencer 1 page + a blank back
    # (Regenald Wilde, already printed with his cards, is printed once: issue 27);
    # the d20 character and the conflict 1 page + a blank back each
    assert heads == ["CHARACTER", "CHARACTER", "FENCER", "Feint", "FENCER", "", "D20", "", "CONFLICT", ""]
    assert "Regenald Wilde" in pages[2] and "Cardinal's Guard" in pages[4]
    assert sum("NAME Regenald Wilde" in p for p in pages) == 1
    assert {int(m) for p in pages for m in re.findall(r"(\d+) · file page \d+ of", p)} == {10}
    titles = _outline(data)
    assert titles[1:] == [
        "Fencer: Regenald Wilde",
        "Duel: Regenald Wilde vs Cardinal's Guard",
        "Fencer: Cardinal's Guard",
        "d20 character: Insp. John Raymond Legrasse",
        "Conflict: Ambush in the alley",
    ]
    assert reader(data).metadata.subject == "Houses of the Landsraad"


def test_a_session_of_pack_documents_only_is_titled_by_their_names():
    from landsraad.documents.codec import load_document

    duel = load_document(EXAMPLES / "dune-sea-duel.json")
    data = render_session(packs=[("fencer", Fencer("Tessa", "fair")), duel])
    assert reader(data).metadata.title == "Session: Tessa, Regenald Wilde vs Cardinal's Guard"
    with pytest.raises(SheetError, match="not 'fief'"):
        render_session(packs=[("fief", object())])
    with pytest.raises(SheetError, match="nothing to export"):
        render_session()
