"""Rules the rulebook states that the engines check (issue 16), each built from its text."""

import attrs

from landsraad.character.model import Character, Conversion, Purchase, TemplateChoice
from landsraad.findings import Severity
from tests.support.charbuild import check, complete_swordmaster, content


def _found(ch, rule, severity=None):
    return [f for f in check(ch)[1] if f.rule == rule and (severity is None or f.severity.value == severity)]


# L1299: "You many only purchase Secret Feats in character generation when the appropriate
# Vocational Conditioning informs you."  L1549: Ginaz Training "may purchase the Broad Skill:
# Swordmanship and may learn the Ginaz Secret Feats".
def test_L1299_a_noble_buying_ginaz_feats_is_warned_naming_the_rule():
    noble = Character(
        vocational_conditioning=TemplateChoice("noble"),
        extras=[
            Purchase("advantage", "ginaz-training"),
            Purchase("skill", "swordmanship", 1),
            Purchase("feat", "advantage-mine"),
        ],
    )
    found = _found(noble, "F8")
    assert [f.severity for f in found] == [Severity.WARNING]
    assert "Vocational Conditioning informs you" in found[0].message and found[0].line == "L1299"
    assert "p. 61" in found[0].message
    # Swordmanship itself is allowed by the advantage (L1549): no requirement finding on it
    assert not [f for f in check(noble)[1] if f.field == "skills.swordmanship" and f.severity is Severity.ERROR]
    # without the advantage the feat is refused outright
    bare = attrs.evolve(noble, extras=[Purchase("feat", "advantage-mine")])
    assert [f.severity for f in _found(bare, "F8")] == [Severity.ERROR]


def test_L1299_the_swordmasters_ginaz_option_informs_you():
    sm = complete_swordmaster()
    picks = dict(sm.vocational_conditioning.picks)
    picks[4] = ["ginaz-swordmaster"]
    ch = attrs.evolve(
        sm, vocational_conditioning=TemplateChoice("swordmaster", picks), extras=[Purchase("feat", "advantage-mine")]
    )
    assert not _found(ch, "F8")


# L1308: "Some advantages ... have two aspects ... the first aspect must be at least 1."
def test_L1308_allies_granted_by_a_template_asks_for_its_split():
    ch = Character(early_life=TemplateChoice("noble-household", {1: ["charm"], 2: ["allies"]}))
    todo = _found(ch, "A2", "todo")
    assert todo and "Assistance" in todo[0].message and "Loyalty" in todo[0].message
    assert not _found(attrs.evolve(ch, aspects={"allies": [1, 1]}), "A2")
    assert _found(attrs.evolve(ch, aspects={"allies": [0, 2]}), "A2", "error")  # first aspect at least 1


def test_L1394_benefactor_bought_in_step_06_asks_for_backing_and_relationship():
    ch = Character(extras=[Purchase("advantage", "benefactor", 3)])
    todo = _found(ch, "A2", "todo")
    assert todo and "Backing" in todo[0].message
    assert not _found(attrs.evolve(ch, aspects={"benefactor": [2, 1]}), "A2")  # the L1308 example: 2 + 1 = 3
    # rating 1 has one split only (1 + 0): nothing to ask
    assert not _found(Character(extras=[Purchase("advantage", "benefactor", 1)]), "A2")


# L1969: "When you purchase this skill, you must specify the field you have studied."
def test_L1969_engineering_names_its_field_everywhere():
    granted = Character(house_service=TemplateChoice("technologist", {}))
    c = content()
    t = c.template("house-service", "technologist")
    n = next(i for i, ch in enumerate(c.steps["house-service"].choices_of(t), 1) if ch.option("engineering"))
    plain = attrs.evolve(granted, house_service=TemplateChoice("technologist", {n: ["engineering"]}))
    assert any("field studied" in f.message for f in _found(plain, "C7", "todo"))
    named = attrs.evolve(granted, house_service=TemplateChoice("technologist", {n: ["engineering(Mechanics)"]}))
    sheet = check(named)[0]
    assert (
        sheet.skills.get("engineering(mechanics)") == 1 and sheet.skill_fields["engineering(mechanics)"] == "Mechanics"
    )
    # bought plain in Step 06: asked to name it
    assert _found(Character(extras=[Purchase("skill", "engineering", 1)]), "V-SK-8", "error")
    # Build cashed in goes to the Engineering held
    ch = Character(
        extras=[Purchase("skill", "engineering", 1, field="Mechanics"), Purchase("skill", "build", 2)],
        conversions=[Conversion("build")],
    )
    assert check(ch)[0].skills.get("engineering(mechanics)") == 2


# L2108: "Medium Melee, Heavy Melee, Archery, Small Arms ..., Long Arms ... and Heavy Weapons" (+ Personal)
def test_L2108_weapon_skill_types_are_the_printed_ones():
    ok = Character(extras=[Purchase("skill", "weapon-skill", 1, field="Medium Melee")])
    assert not _found(ok, "V-SK-9")
    kindjal = Character(extras=[Purchase("skill", "weapon-skill", 1, field="Kindjal")])
    assert [f.severity for f in _found(kindjal, "V-SK-9")] == [Severity.ERROR]
    unarmed = Character(extras=[Purchase("skill", "weapon-skill", 1, field="Unarmed")])
    assert [f.severity for f in _found(unarmed, "V-SK-9")] == [Severity.WARNING]
    assert len(content().skills["weapon-skill"].field_options) == 7


def test_a_field_on_a_skill_that_takes_none_is_an_error():
    found = _found(Character(extras=[Purchase("skill", "observe", 1, field="Foo")]), "V-SK-8", "error")
    assert found and "takes no field" in found[0].message


# L2327: "you must purchase Step One, Step Two and Step Three for each individual alternative new identity"
def test_L2327_step_one_is_bought_again_for_each_identity():
    one = Purchase("feat", "step-one-who-are-you")
    ch = Character(extras=[Purchase("skill", "disguise", 2), one, one])
    sheet, findings = check(ch)
    assert not [f for f in findings if f.rule == "F3" and f.severity is Severity.ERROR]
    assert sheet.feat_copies["step-one-who-are-you"] == 2 and sheet.cp_spent == 2 + 1 + 1
    # a second Step Two needs a second Step One
    two = Purchase("feat", "step-two-what-do-you-know")
    assert not _found(Character(extras=[Purchase("skill", "disguise", 2), one, two]), "F3")
    bad = Character(extras=[Purchase("skill", "disguise", 2), one, two, two])
    assert _found(bad, "F3", "error")
    # a feat that is not per identity is still bought once
    assert _found(
        Character(
            extras=[
                Purchase("skill", "observe", 1),
                Purchase("feat", "step-four-perfected-look"),
                Purchase("feat", "step-four-perfected-look"),
            ]
        ),
        "F3",
        "error",
    )


# L1596: "If the character's current Caste is less than rank 4, it is now 4."
def test_L1596_honorarium_familia_forces_rank_4():
    ch = Character(
        vocational_conditioning=TemplateChoice("swordmaster"),  # starting caste 3
        extras=[Purchase("advantage", "honorarium-familia")],
        caste="bondsmen",
    )
    found = _found(ch, "R1")
    assert [f.severity for f in found] == [Severity.ERROR] and "rank 4" in found[0].message
    assert check(ch)[0].caste_rank == 4
    assert not _found(attrs.evolve(ch, caste="na-familia"), "R1")


# ----- pages: the seed carries the printed page numbers -------------------------------------
def test_findings_cite_the_printed_page_and_keep_the_line():
    from landsraad.rules.pages import cite, page_of

    # "61 More information on the specifics of Skills..." opens page 61 (L1293); L1299 is on it
    assert page_of(1292) == 60 and page_of(1293) == 61 and page_of(1299) == 61
    assert page_of(2327) == 93 and page_of(2330) == 94  # "94 new identity." opens page 94 (L2330)
    assert cite("(L1299)") == "(p. 61)" and cite("L4054-L4151") == "pp. 153–157"
    assert cite("L4739", lines=True) == "p. 171 L4739"
    f = _found(Character(extras=[Purchase("statistic", "intellect", 2)]), "S4")[0]
    assert f.to_json()["page"] == 123 and f.to_json()["line"] == "L2824" and "L2824" not in f.message


def test_page_table_matches_the_seed():
    """pages.toml against the seed's own page numbers.  The seed travels with the tests
    (tests/data/seeds/, gzipped), so this checks wherever it runs; where the shared seed is
    beside the checkout, the copy must be the same text."""
    import gzip
    from pathlib import Path

    from landsraad.rules.pages import page_of, page_starts

    here = Path(__file__).resolve()
    text = gzip.decompress((here.parents[1] / "data" / "seeds" / "houses-of-the-landsraad.txt.gz").read_bytes()).decode(
        "utf-8"
    )
    shared = here.parents[3] / "shared" / "seeds" / "houses-of-the-landsraad.txt"
    if shared.exists():
        assert shared.read_text(encoding="utf-8") == text, "tests/data/seeds/ is not the shared seed: copy it again"
    starts = page_starts(text)
    assert len(starts) > 150
    for line, page in starts:
        assert page_of(line) == page and (line == 1 or page_of(line - 1) < page)


def test_command_line_refuses_bad_fields_with_exit_2(tmp_path, capsys):
    from landsraad import cli

    out = str(tmp_path / "c.json")
    for buy, why in (
        ("observe(Foo)", "takes no field"),
        ("weapon-skill(Kindjal)", "Kindjal"),
        ("engineering", "names its field studied"),
    ):
        assert cli.main(["character", "new", "--buy", buy, "-o", out]) == 2
        assert why in capsys.readouterr().err
    assert cli.main(["character", "new", "--special-die", "observe(Foo)", "-o", out]) == 2
    assert (
        cli.main(
            [
                "character",
                "new",
                "--house-service",
                "technologist",
                "--pick",
                "house-service.1=intellect(Foo)",
                "-o",
                out,
            ]
        )
        == 2
    )
    assert (
        cli.main(
            [
                "character",
                "new",
                "--buy",
                "engineering(Mechanics)",
                "--buy",
                "weapon-skill(Long Arms)",
                "--house",
                "Felderon",
                "-o",
                out,
            ]
        )
        == 0
    )
    capsys.readouterr()
    assert cli.main(["character", "show", out, "--json"]) == 0
    import json

    data = json.loads(capsys.readouterr().out)
    assert data["house"] == "Felderon" and data["skills"]["engineering(mechanics)"] == 1
    # every finding names a page: its own line, or the page of its step (pack.toml step_lines)
    assert data["findings"] and all(isinstance(f["page"], int) and f["line"].startswith("L") for f in data["findings"])


# ----- readings: every one the content records is listed -------------------------------------
def test_every_reading_the_content_records_is_listed():
    from landsraad.house.content import load_house_content
    from landsraad.present.readings import all_readings
    from landsraad.rules.readings import character_readings

    c, hc = content(), load_house_content()
    rows = all_readings(c, hc)
    # every pack reading, and every note of every skill, advantage and template entry
    listed = {(r.area, r.where) for r in rows}
    assert all(("Character rules", r.rule) in listed for r in c.pack.reading)
    assert all(("Skills", s.name) in listed for s in c.skills.values() if s.note)
    assert all(("Advantages", a.name) in listed for a in c.advantages.values() if a.note)
    assert all(("Holdings", h.name) in listed for h in hc.holdings)
    # the filled-in Merchant, Academic, Imperial Servant and Technologist text is marked as such
    filled = {r.where.split(" › ")[0] for r in character_readings(c) if r.kind == "filled in"}
    assert {"Merchant", "Academic", "Imperial Servant", "Technologist"} <= filled
    assert any(r.kind == "provisional" for r in rows)
    assert any(r.kind == "printed as" and "Swordmaster" in r.text for r in rows)
    assert any(r.where == "Separate arcologies and the placement rules" for r in rows)
    # pages, not lines, in the text's citations; the line is kept beside the page
    r = next(r for r in rows if r.where == "Weapon Skill")
    assert r.page == content_page(r.line) and "p. " in r.text


def content_page(line):
    from landsraad.rules.pages import page_of_ref

    return page_of_ref(line)


def test_character_sheet_marks_filled_in_text():
    from landsraad.sheets import render_character
    from tests.support.sheets import text_of

    ch = Character(
        name="M",
        house_service=TemplateChoice("technologist", {1: ["intellect"]}),
        personal_calling=TemplateChoice("merchant"),
    )
    text = text_of(render_character(ch, content()))
    assert (
        "Merchant — FILLED IN, not printed (the Judge's default): Negotiation +1 (p. 144); Evaluate +1 (p. 144)" in text
    )
    assert "Technologist — +1 Intellect; FILLED IN" in text
    # a template printed whole carries no such mark
    assert "FILLED IN" not in text_of(
        render_character(Character(name="D", personal_calling=TemplateChoice("exile-fugitive")), content())
    )


def test_other_packs_readings_are_listed_by_their_own_lines():
    from landsraad.rules.readings import other_pack_readings

    rows = other_pack_readings()
    assert rows and all(r.pack != "houses-of-the-landsraad" and r.page is None for r in rows)
    assert any(r.kind in ("AMBIGUITY", "SILENT") for r in rows)
