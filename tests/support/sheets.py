"""Helpers of the sheet tests (no tests here): a character with an accented name, reading a
PDF back with pypdf, rendering a page with pypdfium2."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pypdf
import pypdfium2 as pdfium

from landsraad.character.model import Character, Purchase, TemplateChoice

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE_FIEF = ROOT / "examples" / "venhei-fief.json"
ACCENTED = "Ḥarkonnen Zoë"  # U+1E24: not in PDFDocEncoding, so fields must fold it

PAGE_SIZES = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}


def zoe() -> Character:
    """An Assassin with picks at every step, a Step 06 purchase of each kind, two Special
    Dice sources, an advantage, feats from four trees, equipment and notes."""
    return Character(
        name=ACCENTED,
        player="Åsa Ørsted",
        sex="female",
        house="Felderon",
        description="Daughter of a Bondsman archivist; grey eyes; dresses in House livery.",
        equipment="Maula pistol, crysknife (a gift), stillsuit, 200 solari",
        notes="Owes a favour to Count Ḥasimir Fenring.",
        early_life=TemplateChoice("academic-education", {1: ["knowledge(Imperial History)", "knowledge(Ecology)"]}),
        vocational_conditioning=TemplateChoice(
            "assassin",
            {
                1: ["stealth", "special-dice-observe"],
                2: ["acrobatics", "acrobatics", "sneaking", "sneaking", "empathy", "weapon-skill(Personal)"],
                3: ["familiar-with-the-works-of", "from-out-of-the-shadows", "surreptitious-strike"],
            },
        ),
        house_service=TemplateChoice(
            "master-of-assassins",
            {
                1: ["insight"],
                2: ["intrigue", "special-dice-sinister"],
                3: ["hiding", "hiding", "etiquette", "intimidate", "direction"],
                4: ["step-one-who-are-you", "step-two-what-do-you-know", "remembering-eye", "judging-eye"],
            },
        ),
        personal_calling=TemplateChoice(
            "academic", {1: ["intellect"]}, {"knowledge-1": "Imperial Law", "knowledge-2": "Poisons"}
        ),
        extras=[
            Purchase("skill", "observe", 1),
            Purchase("special-die", "observe", 1),
            Purchase("advantage", "allies", 2),
            Purchase("skill", "searching", 2),
            Purchase("special-die", "sinister", 1),
        ],
        caste="bondsmen",
    )


def reader(data: bytes) -> pypdf.PdfReader:
    return pypdf.PdfReader(io.BytesIO(data))


def text_of(data: bytes) -> str:
    """All the text of a PDF, whitespace collapsed."""
    r = reader(data)
    return squash(" ".join(page.extract_text() or "" for page in r.pages))


def page_texts(data: bytes) -> list[str]:
    return [squash(p.extract_text() or "") for p in reader(data).pages]


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def fields(data: bytes) -> dict[str, object]:
    """Field name -> value (text fields: the string; checkboxes: "/Yes" or "/Off")."""
    out = {}
    for name, f in (reader(data).get_fields() or {}).items():
        out[name] = f.get("/V")
    return out


def ink_ratio(data: bytes, page: int = 0, scale: float = 0.4) -> float:
    """Share of the rendered page that is not (near) white."""
    pdf = pdfium.PdfDocument(data)
    pdf.init_forms()
    img = pdf[page].render(scale=scale, may_draw_forms=True).to_pil().convert("L")
    hist = img.histogram()
    dark = sum(hist[:200])
    return dark / (img.width * img.height)


def page_sizes(data: bytes) -> list[tuple[float, float]]:
    return [(round(float(p.mediabox.width), 2), round(float(p.mediabox.height), 2)) for p in reader(data).pages]


# ----- the documents of issue 17: any script, a big Fief ------------------------------------
WORLD_NAME = "伊藤 Щукин Ñuñez"
WORLD_EQUIPMENT = "Щукин's crysknife, 伊藤の刀, maula pistol"


def world_character() -> Character:
    """Zoë's build under a name in three scripts, with non-Latin equipment and notes."""
    ch = zoe()
    ch.name = WORLD_NAME
    ch.player = "Ёжиков 李"
    ch.house = "Felderon"
    ch.equipment = WORLD_EQUIPMENT
    ch.notes = "Долг графу Фенрингу; 借りがある。"
    return ch


BIG_HOUSES = [
    "Mutelli",
    "Wallach",
    "伊藤家",
    "Щукин",
    "Ñuñez-Oyarzábal",
    "Ordos",
    "Taligari",
    "Ecaz-Vernius",
    "Hagal",
]  # beside the example's three: twelve


def big_fief():
    """The example Fief with twelve Houses, each placed and with a rolled history."""
    from landsraad.dice import roll_pool
    from landsraad.house.document import load_fief
    from landsraad.house.fief import add_house, place_house
    from landsraad.house.history import set_history

    fief = load_fief(EXAMPLE_FIEF)
    territories = [t.id for b in fief.bodies for t in b.territories]
    for n, name in enumerate(BIG_HOUSES):
        house = add_house(fief, name)
        place_house(fief, house, territories[n % len(territories)])
        set_history(fief, house, roll_pool(11, 100 + n), when="2026-12-03T10:00:00")
    return fief


def field_appearance_text(data: bytes, name: str) -> str:
    """The text a field's own appearance draws, decoded through the ToUnicode maps of the
    fonts it uses (pypdf reads page text only, not an annotation's appearance)."""
    r = reader(data)
    for page in r.pages:
        for ref in page.get("/Annots") or []:
            annot = ref.get_object()
            if annot.get("/T") == name:
                ap = annot["/AP"]["/N"].get_object()
                return _xobject_text(r, ap)
    raise KeyError(name)


def _xobject_text(r, xobj) -> str:
    """Text of a form XObject: drawn (``Do``) on a blank page, which pypdf then reads."""
    from pypdf import PdfWriter
    from pypdf.generic import ContentStream, DictionaryObject, NameObject

    w = PdfWriter()
    page = w.add_blank_page(200, 200)
    ref = w._add_object(xobj)
    page[NameObject("/Resources")] = DictionaryObject(
        {NameObject("/XObject"): DictionaryObject({NameObject("/X"): ref})}
    )
    cs = ContentStream(None, w)
    cs.set_data(b"/X Do")
    page.replace_contents(cs)
    return squash(page.extract_text() or "")
