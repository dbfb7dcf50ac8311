"""The character sheet, read back with pypdf and rendered with pypdfium2 (issue 6).

Every expected value comes from the character engine (``validate``) and the content,
never typed here."""

from __future__ import annotations

import re

import pytest

from landsraad.character.validate import validate
from landsraad.rules.content import load_content
from landsraad.sheets import export_character, render_character
from landsraad.sheets.character import dice_pool, skill_rows, stat_abbrev
from landsraad.slug import slugify
from tests.support.sheets import (
    ACCENTED,
    PAGE_SIZES,
    field_appearance_text,
    fields,
    ink_ratio,
    page_sizes,
    page_texts,
    reader,
    text_of,
    zoe,
)

C = load_content()
SPECIAL_BOXES = C.pack.limits.special_dice_max  # the sheet prints one box per Special Die a skill may have
PREFIX = "character-harkonnen-zoe"


@pytest.fixture(scope="module", params=["a4", "letter"])
def sheet_pdf(request):
    ch = zoe()
    return request.param, ch, render_character(ch, C, request.param)


def test_paper_size_and_pages(sheet_pdf):
    paper, _, data = sheet_pdf
    sizes = page_sizes(data)
    assert sizes and all(s == PAGE_SIZES[paper] for s in sizes)


def test_header_repeats_on_every_page(sheet_pdf):
    _, ch, data = sheet_pdf
    pages = page_texts(data)
    assert len(pages) >= 2  # this character's feats run onto a second page
    for i, text in enumerate(pages):
        assert text.startswith("CHARACTER" + (" (continued)" if i else ""))
        assert ch.name in text and ch.player in text and ch.house in text


def test_header_steps_statistics_and_derived_values(sheet_pdf):
    _, ch, data = sheet_pdf
    sheet, findings = validate(ch, C)
    text = text_of(data)
    assert ACCENTED in text  # embedded font: the accent prints
    caste = C.castes[sheet.caste]
    assert f"{caste.name} ({caste.rank})" in text
    assert f"{sheet.cp_spent} / {sheet.cp_budget}" in text
    values = fields(data)
    for sid, stat in C.statistics.items():  # a rating is a field, pre-filled
        assert stat.name in text
        assert values[f"{PREFIX}_{sid}-rating"] == str(sheet.statistics[sid]), stat.name
    for step, tid in sheet.templates.items():
        assert C.template(step, tid).name in text
    assert f"Initiative {sheet.statistics['insight']} = Insight" in text
    for what, cost in sheet.cp_items:
        assert f"{what} ({cost})" in text
    for f in findings:
        assert f.message[:60] in text


def test_every_skill_with_its_rating_grouped_broad_then_narrow(sheet_pdf):
    _, ch, data = sheet_pdf
    sheet, _ = validate(ch, C)
    text = text_of(data)
    values = fields(data)
    rows = skill_rows(sheet, C)
    # every skill of the content is listed, and every rated skill key
    listed = {key for _, key, *_ in rows}
    assert {s.id for s in C.skills.values() if not s.field} <= listed
    assert set(sheet.skills) <= listed
    for level, key, name, rating, sd, stat in rows:
        if level == "group":
            continue
        # the printed dice pool is Statistic + Skill, at most 10 (L129); the rating a field
        shown = str(dice_pool(sheet.statistics[stat], rating)) if rating else "–"
        m = re.search(rf"{re.escape(name)} {stat_abbrev(stat)} {shown}(?: |$)", text)
        assert m, f"{name} {shown}"
        assert rating == sheet.skills.get(key, 0)
        slug = slugify(key.replace("(", " ").replace(")", " "))
        assert values[f"{PREFIX}_skill-{slug}-rating"] == (str(rating) if rating else "")
    # a Broad Skill is followed by its two Narrow Skills
    for broad in (s for s in C.skills.values() if s.kind == "broad"):
        i = [r[1] for r in rows].index(broad.id)
        assert [r[1] for r in rows[i + 1 : i + 3]] == [n.id for n in C.narrows_of(broad.id)]
        assert rows[i][0] == "broad" and {r[0] for r in rows[i + 1 : i + 3]} == {"narrow"}


def test_special_dice_boxes_printed_filled_then_checkboxes(sheet_pdf):
    """Boxes the character has are values (printed filled); the rest are fields to tick in
    play.  The filled ones are counted as dark squares on the rendered page."""
    _, ch, data = sheet_pdf
    sheet, _ = validate(ch, C)
    values = fields(data)
    assert sheet.special_dice  # the fixture has some
    for _, key, name, rating, sd, _ in skill_rows(sheet, C):
        if not key:
            continue
        slug = slugify(key.replace("(", " ").replace(")", " "))
        assert sd == sheet.special_dice.get(key, 0)
        for n in range(1, SPECIAL_BOXES + 1):
            field = f"{PREFIX}_sd-{slug}-{n}"
            if n <= sd:
                assert field not in values, name
            else:
                assert values[field] == "/Off", name


def test_damage_boxes_up_to_the_maximum_rating(sheet_pdf):
    """One box per point a statistic can reach (L302: 5, pack limits), not only per point
    it has now, so a rating that rises in play has its boxes."""
    _, ch, data = sheet_pdf
    sheet, _ = validate(ch, C)
    values = fields(data)
    top = C.pack.limits.statistic_max
    for sid in C.statistics:
        boxes = sorted(k for k in values if k.startswith(f"{PREFIX}_damage-{sid}-"))
        assert len(boxes) == max(top, sheet.statistics[sid]) == 5
        assert all(values[b] == "/Off" for b in boxes)


def test_fields_for_play_prefilled_and_transliterated(sheet_pdf):
    _, ch, data = sheet_pdf
    values = fields(data)
    assert values[f"{PREFIX}_equipment"] == ch.equipment
    assert values[f"{PREFIX}_notes"] == ch.notes == "Owes a favour to Count Ḥasimir Fenring."
    for empty in (
        "experience-unspent",
        "experience-total",
        "experience-log",
        "complication-1",
        "complication-1-points",
        "complication-3",
    ):
        assert values[f"{PREFIX}_{empty}"] in ("", None)
    # shown once: in the field's own appearance, not also printed above it
    assert "Count Ḥasimir Fenring" not in text_of(data)
    assert field_appearance_text(data, f"{PREFIX}_notes") == ch.notes


def test_advantages_and_feats_with_effects(sheet_pdf):
    _, ch, data = sheet_pdf
    sheet, _ = validate(ch, C)
    text = text_of(data)
    assert sheet.advantages and sheet.feats
    for aid, rating in sheet.advantages.items():
        adv = C.advantages[aid]
        assert f"{adv.name} {rating}" in text
        assert adv.effect[:40] in text
    for fid in sheet.feats:
        feat, tree = C.feats[fid], C.feat_tree[fid]
        assert f"{feat.level} {feat.name}: {feat.effect[:30]}" in text
        assert tree.name in text


def test_page_one_renders_not_blank(sheet_pdf):
    _, _, data = sheet_pdf
    assert ink_ratio(data, 0) > 0.05


def test_fonts_are_embedded_truetype(sheet_pdf):
    _, _, data = sheet_pdf
    page = reader(data).pages[0]
    fonts = page["/Resources"]["/Font"]
    embedded = []
    for ref in fonts.values():
        font = ref.get_object()
        desc = font.get("/FontDescriptor")
        if desc is None and "/DescendantFonts" in font:
            desc = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
        if desc is not None and "/FontFile2" in desc.get_object():
            embedded.append(str(font["/BaseFont"]))
    assert any("LandsraadSans" in n or "DejaVu" in n for n in embedded), embedded


def test_byte_identical_run_to_run():
    """The same character and creation time give the same bytes (the date is real: now,
    or SOURCE_DATE_EPOCH, or the time given)."""
    assert render_character(zoe(), C, created=1_700_000_000) == render_character(zoe(), C, created=1_700_000_000)
    info = reader(render_character(zoe(), C, created=1_700_000_000)).metadata
    assert info["/CreationDate"].startswith("D:20231114")


def test_export_writes_the_file(tmp_path):
    out = tmp_path / "zoe.pdf"
    export_character(zoe(), C, out, paper="letter")
    assert out.read_bytes().startswith(b"%PDF")
    assert page_sizes(out.read_bytes())[0] == PAGE_SIZES["letter"]


def test_an_empty_character_is_a_hand_fill_form():
    """Name, player, House and caste are fields to write in; the eight steps say what is not
    chosen; the list of what an empty character lacks is left out (it is a blank form)."""
    from landsraad.character.model import Character

    data = render_character(Character(), C)
    text = text_of(data)
    values = fields(data)
    assert "not chosen yet" in text and "unnamed" in text
    for label in ("name", "player", "house", "caste"):
        assert values[f"character-unnamed_{label}"] in ("", None)
    assert "STILL TO SETTLE" not in text
    assert ink_ratio(data) > 0.05


def test_a_long_description_runs_onto_more_pages_each_with_the_header():
    ch = zoe()
    ch.description = "\n".join(f"Line {n} of a long family history on Giedi Prime." for n in range(1, 181))
    data = render_character(ch, C)
    pages = page_texts(data)
    assert len(pages) >= 3
    for i, text in enumerate(pages[1:], start=2):
        assert text.startswith("CHARACTER (continued)") and ch.name in text
        assert f"page {i} of {len(pages)}" in text
    text = " ".join(pages)
    for n in (1, 90, 180):
        assert f"Line {n} of a long family history on Giedi Prime." in text
    assert "FINISHING TOUCHES (STEP 08) (CONTINUED)" in text
