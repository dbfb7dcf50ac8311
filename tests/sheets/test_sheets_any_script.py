"""Issue 17 and the sheet items of issue 13: a name in any script prints (per-character
font fallback, embedded as a subset) and copies back as typed; fields keep what was
typed; an emoji writes a valid ToUnicode map; long names are elided (7 pt floor) with the
whole name elsewhere; clipping is logarithmic, so a 100 MB name exports in seconds."""

from __future__ import annotations

import re
import time

import pytest

from landsraad.rules.content import load_content
from landsraad.sheets import fonts, layout, render_character, render_house
from landsraad.sheets.character import WEAPON_ROWS
from tests.support.sheets import (
    WORLD_EQUIPMENT,
    WORLD_NAME,
    field_appearance_text,
    fields,
    page_texts,
    reader,
    squash,
    text_of,
    world_character,
    zoe,
)

C = load_content()


@pytest.fixture(scope="module", params=["a4", "letter"])
def world(request):
    return request.param, render_character(world_character(), C, request.param)


def prefix_of(data: bytes) -> str:
    return next(k for k in fields(data) if k.endswith("_notes")).rsplit("_", 1)[0]


def text_runs(data: bytes) -> list[tuple[int, float, float, float, str]]:
    """(page, x, y, font size, text) of every text run, from pypdf's visitor."""
    out = []
    for n, page in enumerate(reader(data).pages):

        def visit(text, cm, tm, font, size, n=n):
            if text.strip():
                scale = (tm[0] ** 2 + tm[1] ** 2) ** 0.5 * (cm[0] ** 2 + cm[1] ** 2) ** 0.5
                x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
                y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
                out.append((n, x, y, size * scale, text))

        page.extract_text(visitor_text=visit)
    return out


def streams(data: bytes) -> list[bytes]:
    """Every stream of the PDF, decoded (pypdf undoes ASCII85 and Flate)."""
    from pypdf.generic import StreamObject

    r = reader(data)
    out = []
    for num in range(1, int(r.trailer["/Size"])):
        try:
            obj = r.get_object(num)
        except Exception:
            continue
        if isinstance(obj, StreamObject):
            out.append(obj.get_data())
    return out


# ----- any script -------------------------------------------------------------------------
def test_the_name_in_three_scripts_prints_and_copies_back(world):
    _, data = world
    pages = page_texts(data)
    for text in pages:  # the header of every page
        assert WORLD_NAME in text and "Ёжиков 李" in text
    assert "\x00" not in text_of(data)  # no glyph copied as NUL


def test_cjk_comes_from_an_embedded_fallback_subset(world):
    _, data = world
    names = []
    for page in reader(data).pages:
        for ref in page["/Resources"]["/Font"].values():
            font = ref.get_object()
            desc = font.get("/FontDescriptor")
            if desc is not None and "/FontFile2" in desc.get_object():
                names.append(str(font["/BaseFont"]))
    assert any("DroidSansFallback" in n for n in names), names
    # a subset: six capital letters and a plus before the font's name
    assert all(re.match(r"/?[A-Z]{6}\+", n) for n in names), names


def test_fields_keep_non_latin_equipment_and_show_it_once(world):
    _, data = world
    ch = world_character()
    values = fields(data)
    p = prefix_of(data)
    assert values[f"{p}_equipment"] == WORLD_EQUIPMENT
    assert values[f"{p}_notes"] == ch.notes
    # drawn once, by the field's own appearance (in the embedded fonts), not above it
    assert field_appearance_text(data, f"{p}_equipment") == WORLD_EQUIPMENT
    assert "crysknife" not in text_of(data)


def test_a_character_no_font_has_is_drawn_as_a_box_but_copied_as_typed(monkeypatch):
    assert fonts.runs("a\U0001d11eb") == [(fonts.REGULAR, "a"), (None, "\U0001d11e"), (fonts.REGULAR, "b")]
    ch = zoe()
    ch.name = "Zoë \U0001d11e"  # MUSICAL SYMBOL G CLEF: no font has it
    data = render_character(ch, C)
    wanted = f"/ActualText <FEFF{chr(0x1D11E).encode('utf-16-be').hex().upper()}>".encode()
    assert any(wanted in body for body in streams(data))


def test_an_emoji_writes_a_valid_tounicode_map():
    """DejaVu has U+1F600; reportlab wrote it as <1F600> (five digits, invalid).  Every
    destination must be UTF-16: 4 or 8 hex digits."""
    ch = zoe()
    ch.name = "Zoë 😀 Harkonnen"
    data = render_character(ch, C)
    found = False
    for body in streams(data):
        if b"beginbfchar" not in body:
            continue
        table = body.split(b"beginbfchar", 1)[1].split(b"endbfchar", 1)[0]
        for dest in re.findall(rb"<[0-9A-F]+> <([0-9A-F]+)>", table):
            assert len(dest) in (4, 8), dest
            found = found or dest == b"D83DDE00"
    assert found
    assert "Zoë 😀 Harkonnen" in page_texts(data)[0]


# ----- long names ---------------------------------------------------------------------------
def test_clip_is_logarithmic(monkeypatch):
    calls = []
    real = fonts.width
    monkeypatch.setattr(fonts, "width", lambda *a, **k: calls.append(len(a[0])) or real(*a, **k))
    name = "Ḥarkonnen伊藤 " * 3000  # 33,000 characters
    out = layout.clip(name, 200, 9)
    assert out.endswith("…") and real(out, 9) <= 200
    assert len(calls) <= 25  # one character at a time took 33,000
    assert max(calls) <= 200 / (9 * layout._NARROWEST) + 3  # never measures the whole name


def test_a_100_mb_name_exports_in_seconds():
    ch = zoe()
    ch.name = "Ñ" * 100_000_000
    start = time.perf_counter()
    data = render_character(ch, C)
    assert time.perf_counter() - start < 20  # was: minutes
    text = page_texts(data)[0]
    assert "Name in full:" in text and "100,000,000 characters in all" in text


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_200_character_name_is_elided_never_overprints_and_prints_in_full(paper):
    ch = zoe()
    ch.name = ("Ḥarkonnen-Zoë Ørsted of the Long Line " * 6)[:200]
    data = render_character(ch, C, paper)
    assert f"Name in full: {ch.name}" in squash(text_of(data)).replace(squash(ch.name), ch.name) or squash(
        ch.name
    ) in squash(text_of(data))
    runs = text_runs(data)
    for page in {r[0] for r in runs}:
        foot = [r for r in runs if r[0] == page and abs(r[2] - layout.MARGIN) < 1]
        left = [r for r in foot if r[4].startswith("Landsraad Forge")]
        right = [r for r in foot if "page" in r[4]]
        assert left and right
        end = left[0][1] + fonts.width(left[0][4], left[0][3])
        assert end < min(r[1] for r in right) - 4  # the footer never reaches the count


def test_nothing_under_7_pt():
    from landsraad.house.document import load_fief
    from landsraad.sheets import render_fief
    from tests.support.sheets import EXAMPLE_FIEF

    fief = load_fief(EXAMPLE_FIEF)
    for data in (render_character(world_character(), C), render_fief(fief), render_house(fief)):
        sizes = [r[3] for r in text_runs(data)]
        assert sizes and min(sizes) >= 6.99


def test_grey_text_is_dark_enough_for_office_printers():
    """FAINT on white: a contrast of at least 4.5:1 (WCAG AA for body text)."""

    def lum(c):
        ch = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in (c.red, c.green, c.blue)]
        return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2]

    assert (1.05) / (lum(layout.FAINT) + 0.05) >= 4.5


# ----- a sheet to play from -----------------------------------------------------------------
def test_weapons_armour_shield_and_pools(world):
    from landsraad.character.validate import validate

    _, data = world
    values = fields(data)
    p = prefix_of(data)
    text = text_of(data)
    sheet, _ = validate(world_character(), C)
    from landsraad.rules.pages import page_of  # the rulebook's pages, not the text's lines (issue 23)

    assert (
        "WEAPONS, ARMOUR AND SHIELD" in text
        and f"(p. {page_of(487)})" in text
        and f"(p. {page_of(421)})" in text
        and "(L487)" not in text
    )
    for n in range(1, WEAPON_ROWS + 1):
        for col in ("weapon", "size-p-m-l", "lv-hv", "width", "skill-used", "dice-pool"):
            assert f"{p}_weapon-{n}-{col}" in values
    # the character's Weapon Skill (Personal) 1 with Prowess: its pool pre-filled
    pro = sheet.statistics["prowess"]
    rating = sheet.skills["weapon-skill(personal)"]
    assert values[f"{p}_weapon-1-skill-used"] == "Weapon Skill (Personal)"
    assert values[f"{p}_weapon-1-dice-pool"] == f"Pro {pro} + {rating} = {min(pro + rating, 10)}"
    for k in (1, 2, 3):
        assert values[f"{p}_armour-rating-{k}"] == "/Off"
    assert sum(1 for k in values if k.startswith(f"{p}_shield-charge-")) == 10


def test_several_knowledge_and_language_lines(world):
    _, data = world
    values = fields(data)
    p = prefix_of(data)
    # Zoë has four Knowledges: one more empty line; Language: none, so three lines
    assert f"{p}_skill-knowledge-more-1-field" in values
    assert {f"{p}_skill-language-more-{n}-field" for n in (1, 2)} <= set(values)
    assert values[f"{p}_skill-language-more-1-rating"] in ("", None)
    assert {f"{p}_special-bonus-{n}-dice" for n in (1, 2, 3)} <= set(values)


def test_no_page_ends_with_a_lone_section_title():
    from landsraad.sheets import render_fief, render_session
    from tests.support.sheets import big_fief

    for data in (
        render_character(world_character(), C, "letter"),
        render_fief(big_fief(), "letter"),
        render_session([zoe()], [big_fief()], C, "a4"),
    ):
        runs = text_runs(data)
        for page in {r[0] for r in runs}:
            body = [r for r in runs if r[0] == page and r[2] > layout.MARGIN + 5]
            lowest = min(body, key=lambda r: r[2])
            assert (
                not re.fullmatch(r"[A-Z ,()0-9]+(\(CONTINUED\))?", lowest[4].strip()) or len(lowest[4].strip()) < 3
            ), (page, lowest)
