"""Every table row is reachable and says what the rules say.

The expected numbers are typed here from ../shared/rules/house-creation.md (§3.2, §3.3,
§4.2-§4.5, §5.2-§5.4), never read back from content/, so a wrong content entry fails.
"""

from __future__ import annotations

import shutil

import pytest

from landsraad.dice import Roll, roll_pool
from landsraad.errors import ChoiceError, ContentError
from landsraad.house.content import HOUSE_KINDS, list_content, load_house_content, show_content
from landsraad.house.fief import read_body
from landsraad.house.history import history_events, resolve
from landsraad.house.model import Body, EventChoice, House
from landsraad.paths import DEFAULT_PACK, content_dir

C = load_house_content()
W, D, E, I, DOM, T, TR = "warfare", "defense", "espionage", "influence", "dominion", "territory", "treasury"
SIZES = {2: "Small", 3: "Medium", 4: "Large", 5: "Greater"}


# ----- Step One: sets (spec §3.2) ----------------------------------------------------------
WEALTH = {
    6: ("Poor", {DOM: 5, TR: -5}),
    7: ("Moderate Wealth", {}),
    8: ("Affluent", {T: -5, TR: 5}),
    9: ("Wealthy", {DOM: -5, T: -5, TR: 10}),
    10: ("Opulent", {I: -5, DOM: -5, T: -5, TR: 15}),
}


def expected_body(height: int, width: int):
    """(name, domain, territories, effects to a House living there) per spec §3.2 / §4.3."""
    if height == 1:
        return (
            ("Stellar Arcology" if width == 2 else f"{ {3: 'Two', 4: 'Three', 5: 'Four'}[width] } Stellar Arcologies"),
            "arcology",
            width - 1,
            {},
        )
    if height == 2:
        arc = "Stellar Arcology" if width == 2 else f"{ {3: 'Two', 4: 'Three', 5: 'Four'}[width] } Stellar Arcologies"
        return f"Gas Giant with {arc}", "arcology", width - 1, {TR: 5}
    if height in (3, 4, 5):
        return f"{SIZES[width]} Moon", "moon", width - 1, {}
    wname, mods = WEALTH[height]
    return f"{SIZES[width]} {wname} Planet", "planet", width, mods


@pytest.mark.parametrize("height", range(1, 11))
@pytest.mark.parametrize("width", range(2, 6))
def test_every_system_set_height_and_width(height, width):
    name, domain, territories, effects = expected_body(height, width)
    r = read_body(Body("b", f"{width}x{height}"), C)
    assert (r.name, r.domain, r.territories, r.effects) == (name, domain, territories, effects)
    assert r.table == "sets" and not r.wider_than_table


@pytest.mark.parametrize("height", range(1, 11))
def test_a_system_set_wider_than_5_reads_as_the_5x_row(height):
    name, domain, territories, effects = expected_body(height, 5)
    r = read_body(Body("b", f"6x{height}"), C)
    assert (r.name, r.domain, r.territories, r.effects) == (name, domain, territories, effects)
    assert r.wider_than_table


def test_medium_moon_has_two_territories_table_not_example_three():
    # INCONSISTENT I1: the example says three (L1135), the table two (L4377); we follow the table.
    assert read_body(Body("b", "3x4"), C).territories == 2


# ----- Step One: waste Table A (spec §3.3) --------------------------------------------------
TABLE_A_FIEF = {
    1: ("Asteroid Field", 0, {TR: 10, T: 5}, "controller", "house-minor"),
    2: ("Uninhabitable Moon, Small", 0, {TR: 10, I: 5}, "controller", "any"),
    3: ("Uninhabitable Moon, Large", 0, {TR: 5, I: 5, T: 5}, "controller", "any"),
    4: ("Uninhabitable Planet, Small", 0, {TR: 5, T: 5, I: 5}, "controller", "any"),
    5: ("Uninhabitable Planet, Medium", 0, {TR: 5, T: 10}, "controller", "any"),
    6: ("Uninhabitable Planet, Large", 0, {TR: 6, T: 6, I: 3}, "controller", "any"),
    7: ("Uninhabitable Planet, Greater", 0, {TR: 7, T: 7, I: 1}, "controller", "any"),
    8: ("Harsh Condition World, Large", 4, {D: 5, E: 5, DOM: -5, T: -5}, "territory", ""),
    9: ("Extreme Condition World, Greater", 5, {D: 10, DOM: -10}, "territory", ""),
    10: ("Planetary Ring", 0, {TR: 5}, "circled-body", ""),
}


@pytest.mark.parametrize("face", range(1, 11))
def test_every_system_waste_face(face):
    name, territories, effects, to, controller = TABLE_A_FIEF[face]
    r = read_body(Body("b", str(face)), C)
    assert (r.name, r.territories, r.effects, r.effects_to, r.controller) == (
        name,
        territories,
        effects,
        to,
        controller,
    )
    assert r.habitable_planet == (face in (8, 9))


# ----- Step Two (spec §4.2-§4.5) ------------------------------------------------------------
def full(**kw):
    return {t: kw.get(t, 0) for t in C.trait_ids}


def test_base_scores_by_domain_type():
    assert C.domain("arcology").base == {W: 10, D: 20, E: 10, I: 10, DOM: 10, T: 10, TR: 10}
    assert C.domain("moon").base == {W: 10, D: 10, E: 10, I: 10, DOM: 20, T: 10, TR: 10}
    assert C.domain("planet").base == {W: 10, D: 10, E: 10, I: 10, DOM: 10, T: 20, TR: 10}


TERRAIN = {  # W D E I Dom T Tr  (spec §4.4, row pairs for Espionage/Influence)
    "Arable Land": (0, -5, -5, 0, 5, 5, 0),
    "Exotic Deposits": (0, -5, 5, 10, -5, -5, 5),
    "Extreme Conditions": (0, 10, 0, 0, -10, 0, 0),
    "Forest": (0, 5, 0, -5, 5, 0, -5),
    "Grasslands": (0, -5, -5, 0, 5, 10, -5),
    "Harsh Conditions": (0, 5, 5, 0, -5, -5, 0),
    "Lakelands": (0, 5, 0, 0, 10, -10, -5),
    "Mineral Deposits": (0, 0, 0, 0, -10, 0, 10),
    "Mountainous": (0, 10, 0, 0, 0, -10, 0),
    "Resource Deposits": (0, -5, 5, 5, -5, -5, 5),
    "Wetlands": (0, 5, 0, 0, -5, 5, -5),
}


def test_the_eleven_terrain_features_and_their_rows():
    got = {x.name: tuple(x.modifiers.get(t, 0) for t in C.trait_ids) for x in C.territory.terrain}
    assert got == TERRAIN


def test_wealth_rows():
    for w in C.territory.wealth:
        assert w.modifiers == WEALTH[w.height][1], w.id


ARCOLOGY = {  # spec §4.5: row 1 probable, rows 2-4 PROVISIONAL
    "Botanical Domes": ((-5, -5, 0, 0, 5, 5, 0), False),
    "Energy Collection": ((0, 0, -5, 5, 0, -5, 5), True),
    "Mineral Deposits": ((0, 0, 0, 0, -10, 5, 5), True),
    "Exotic Deposits": ((0, 0, 0, 0, 5, -10, 10), True),
}


def test_arcology_types_with_the_provisional_flag_and_note():
    for a in C.territory.arcology_type:
        row, provisional = ARCOLOGY[a.name]
        assert tuple(a.modifiers.get(t, 0) for t in C.trait_ids) == row
        assert a.provisional is provisional
        if provisional:
            assert "PROVISIONAL" in a.note


def test_placement_rules():
    assert C.placement("shared-territory").modifiers == {I: 5, DOM: -5}
    assert C.placement("sole-on-body").modifiers == {DOM: 5, I: -5}
    assert C.placement("sole-in-territory").modifiers == {}
    assert C.territory.rules.max_features == 8


# ----- Step Three: sets by Height x Width (spec §5.2) -----------------------------------------
def o(*pairs):
    return {k: v for k, v in pairs}


SET_EVENTS = {
    1: (
        "Vengeance",
        {
            2: [o((T, 10), (I, 10), (W, -5)), o((TR, 10), (E, 10), (D, -5))],
            3: [o((T, 15), (I, 10), (W, -5)), o((TR, 15), (E, 10), (D, -5))],
            4: [o((T, 15), (I, 15), (W, -5)), o((TR, 15), (E, 15), (D, -5))],
            5: [o((T, 20), (I, 15), (W, -5)), o((TR, 20), (E, 15), (D, -5))],
        },
    ),
    2: (
        "Conquest",
        {
            2: [o((T, 10), (TR, 10), (DOM, -5)), o((I, 10), (T, 10), (DOM, -5))],
            3: [o((T, 15), (TR, 10), (I, -5)), o((DOM, 15), (T, 10), (E, -5))],
            4: [o((T, 15), (TR, 15), (I, -5)), o((DOM, 15), (T, 15), (E, -5))],
            5: [o((T, 20), (TR, 15), (I, -5)), o((DOM, 20), (T, 15), (E, -5))],
        },
    ),
    3: (
        "Revelations",
        {
            2: [o((I, 10), (E, 5)), o((TR, 10), (E, 5))],
            3: [o((I, 10), (E, 10)), o((TR, 10), (E, 10))],
            4: [o((I, 15), (TR, 10)), o((E, 15), (TR, 10))],
            5: [o((I, 15), (E, 15)), o((TR, 15), (E, 15))],
        },
    ),
    4: (
        "Change",
        {
            2: [o((DOM, 10), (I, 10), (TR, -5)), o((I, 10), (T, 10), (TR, -5))],
            3: [o((DOM, 15), (I, 10), (TR, -5)), o((I, 15), (T, 10), (TR, -5))],
            4: [o((DOM, 15), (I, 15), (TR, -5)), o((I, 15), (T, 15), (TR, -5))],
            5: [o((DOM, 20), (I, 15), (TR, -5)), o((I, 20), (T, 15), (TR, -5))],
        },
    ),
    5: ("Infrastructure", {2: (10,), 3: (10, 5), 4: (10, 10), 5: (15, 10)}),
    6: ("Infrastructure", {2: (10,), 3: (10, 5), 4: (10, 10), 5: (15, 10)}),
    7: (
        "Ascent",
        {
            2: [o((I, 10), (TR, 5)), o((T, 10), (TR, 5))],
            3: [o((I, 10), (TR, 10)), o((T, 10), (TR, 10))],
            4: [o((I, 15), (TR, 10)), o((T, 15), (TR, 10))],
            5: [o((I, 15), (TR, 15)), o((T, 15), (TR, 15))],
        },
    ),
    8: (
        "Victory",
        {
            2: [o((W, 10), (T, 5)), o((D, 10), (TR, 5))],
            3: [o((W, 10), (T, 10)), o((D, 10), (TR, 10))],
            4: [o((W, 15), (T, 10)), o((D, 15), (TR, 10))],
            5: [o((W, 15), (T, 15)), o((D, 15), (TR, 15))],
        },
    ),
    9: (
        "Glory",
        {
            2: [o((TR, 10), (W, 5)), o((TR, 10), (D, 5))],
            3: [o((TR, 10), (W, 10)), o((TR, 10), (D, 10))],
            4: [o((TR, 15), (W, 10)), o((TR, 15), (D, 10))],
            5: [o((TR, 15), (W, 15)), o((TR, 15), (D, 15))],
        },
    ),
    10: (
        "Patronage",
        {
            2: [o((TR, 10), (T, 5)), o((T, 10), (TR, 5))],
            3: [o((TR, 10), (T, 10)), o((T, 10), (TR, 10))],
            4: [o((TR, 15), (T, 10)), o((T, 15), (TR, 10))],
            5: [o((TR, 15), (T, 15))],
        },
    ),
}
MISSING_ROWS = {(4, 1), (5, 1), (4, 4), (5, 4), (4, 8), (5, 8), (4, 10), (5, 10)}


def one_event(faces, source, table="A") -> tuple:
    house = House("h", "H", history=Roll(tuple(faces)), choices=[EventChoice(source, table=table)])
    return house, next(ev for ev in history_events(house, C) if ev.source == source)


def pad(width, height):
    """width dice of `height`, padded to 11 dice with faces that make sets elsewhere."""
    others = [f for f in range(1, 11) if f != height]
    faces = [height] * width
    i = 0
    while len(faces) < 11:
        faces += [others[i]] * min(2, 11 - len(faces)) if 11 - len(faces) != 1 else [others[i]]
        i += 1
    return faces


@pytest.mark.parametrize("height", range(1, 11))
@pytest.mark.parametrize("width", range(2, 6))
def test_every_history_set_event_by_height_and_width(height, width):
    name, rows = SET_EVENTS[height]
    house, ev = one_event(pad(width, height), f"{width}x{height}")
    assert ev.name == name
    expected = rows[width]
    if isinstance(expected, tuple):  # Infrastructure: choose len(expected) traits
        assert ev.row.kind == "traits"
        picks = [W, D][: len(expected)]
        house.choice_for(ev.source).traits = picks
        assert resolve(ev, house.choice(ev.source), C).deltas == dict(zip(picks, expected))
    else:
        assert ev.row.kind == "options"
        got = []
        for n in range(1, len(expected) + 1):
            house.choice_for(ev.source).option = n
            got.append(resolve(ev, house.choice(ev.source), C).deltas)
        assert got == expected
    # MISSING rows are the spec's DEFAULT, flagged as house rules with a note
    assert ev.row.house_rule == ((width, height) in MISSING_ROWS)
    if ev.row.house_rule:
        assert ev.row.note.startswith("SILENT")


def test_history_set_wider_than_5_reads_as_5x():
    house, ev = one_event([9] * 7 + [1, 2, 3, 4], "7x9")
    assert ev.wider_than_table
    house.choice_for("7x9").option = 1
    assert resolve(ev, house.choice("7x9"), C).deltas == {TR: 15, W: 15}


# ----- Step Three: waste Tables A and B (spec §5.3, §5.4) ---------------------------------------
MADNESS = [-5, -4, -3, -2, -1, 1, 2, 3, 4, 5]
TABLE_A = {
    1: ("Doom", (-5, -5)),
    2: ("Defeat", [o((TR, -5), (D, 5), (DOM, 5)), o((DOM, -5), (D, 5), (TR, 5))]),
    3: ("Catastrophe", [o((D, -5), (DOM, 5), (W, 5)), o((W, -5), (DOM, 5), (D, 5))]),
    4: ("Descent", (-5, 5)),
    5: ("Scandal", [o((E, -5), (T, 5), (DOM, 5)), o((DOM, -5), (T, 5), (E, 5))]),
    6: ("Madness", "madness"),
    7: ("Invasion/Revolt", [o((T, -5), (W, 5), (DOM, 5)), o((DOM, -5), (W, 5), (T, 5))]),
    8: ("Alliance", [o((T, 5), (I, -5), (E, 5)), o((TR, 5), (DOM, -5), (W, 5))]),
    9: ("Division", [o((T, -5), (D, 5), (W, 5)), o((T, -5), (DOM, 5), (I, 5))]),
    10: ("Windfall", (5,)),
}
TABLE_B = {
    1: ("Treachery", (-10,)),
    2: ("Villain", [o((I, -5), (D, 5), (E, 5)), o((DOM, -5), (W, 5), (E, 5))]),
    3: ("Death", [o((I, -5), (DOM, 5), (T, 5)), o((TR, -5), (DOM, 5), (E, 5))]),
    4: ("Dishonour", [o((I, -5), (E, 5), (W, 5)), o((DOM, -5), (E, 5), (D, 5))]),
    5: ("Aid", [o((T, 5), (W, 5)), o((TR, 5), (D, 5))]),
    6: ("Folly", [o((E, -5), (T, 5), (D, 5)), o((D, -5), (TR, 5), (W, 5))]),
    7: ("Callousness", [o((T, -5), (W, 5), (D, 5)), o((TR, -5), (DOM, 5), (E, 5))]),
    8: ("Investment", [o((I, 5)), o((T, 5)), o((TR, 5))]),
    9: ("Reputation", "record"),
    10: ("Boon", "record"),
}


@pytest.mark.parametrize("table, rows", [("A", TABLE_A), ("B", TABLE_B)])
@pytest.mark.parametrize("face", range(1, 11))
def test_every_waste_face_of_both_tables(table, rows, face):
    name, expected = rows[face]
    faces = list(range(1, 11)) + [face % 10 + 1]  # a 2x set of another face; `face` is waste
    house, ev = one_event(faces, str(face), table)
    assert (ev.table, ev.name) == (table, name)
    ch = house.choice(str(face))
    if expected == "madness":
        ch.madness = list(range(1, 8))
        assert resolve(ev, ch, C).deltas == dict(zip(C.trait_ids, MADNESS[:7]))
        ch.madness = [10, 9, 8, 7, 6, 5, 4]
        assert resolve(ev, ch, C).deltas == dict(zip(C.trait_ids, [5, 4, 3, 2, 1, -1, -2]))
    elif expected == "record":
        assert resolve(ev, ch, C).deltas == {} and ev.row.record
    elif isinstance(expected, tuple):
        picks = [DOM, T][: len(expected)]
        ch.traits = picks
        assert resolve(ev, ch, C).deltas == dict(zip(picks, expected))
    else:
        got = []
        for n in range(1, len(expected) + 1):
            ch.option = n
            got.append(resolve(ev, ch, C).deltas)
        assert got == expected


def test_madness_table_every_face():
    assert list(C.history.madness.deltas) == MADNESS


def test_traits_in_canonical_order_with_might_alias():
    assert C.trait_ids == (W, D, E, I, DOM, T, TR)
    assert C.trait_id("Might") == W and C.trait_id("Treasury") == TR and C.trait_id("gold") is None


def test_every_ambiguous_reading_is_noted_beside_its_entry():
    assert "AMBIGUITY" in C.territory.terrain[0].note  # A3 row pairs
    assert "INCONSISTENT" in C.terrain("grasslands").note  # I2, I3
    assert "AMBIGUITY" in C.waste_event("B", 1).note  # A9
    assert "AMBIGUITY" in C.waste_event("A", 8).note  # A8
    assert "SILENT" in C.fief.rules.note and "5x" in C.fief.rules.note  # width > 5
    assert "SILENT" in C.history.rules.note


# ----- content list / show ------------------------------------------------------------------
@pytest.mark.parametrize("kind, count", [("fief-results", 42), ("terrains", 11), ("history-events", 29)])
def test_list_content_kinds(kind, count):
    entries = list_content(kind)
    assert len(entries) == count
    assert all(e["id"] and e["name"] for e in entries)
    assert len({e["id"] for e in entries}) == count


def test_show_content_and_unknown_ids():
    assert show_content("terrains", "forest")["modifiers"] == {D: 5, I: -5, DOM: 5, TR: -5}
    assert show_content("history-events", "invasion-revolt")["table"] == "A"
    assert show_content("fief-results", "medium-moon")["territories"] == 2
    with pytest.raises(ChoiceError):
        show_content("terrains", "swamp-of-despair")
    with pytest.raises(ChoiceError):
        list_content("spaceships")
    assert "house-traits" in HOUSE_KINDS


# ----- bad content --------------------------------------------------------------------------
@pytest.fixture
def pack(tmp_path):
    src = content_dir() / DEFAULT_PACK
    for name in ("fief.toml", "territory.toml", "history.toml", "traits.toml"):
        shutil.copy(src / name, tmp_path / name)
    return tmp_path


def _edit(path, old, new):
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


@pytest.mark.parametrize(
    "file, old, new, words",
    [
        (
            "territory.toml",
            "modifiers = { defense = 5, influence = -5, dominion = 5, treasury = -5 }",
            "modifiers = { defence = 5 }",
            ["territory.toml", "terrain 'forest'", "defence"],
        ),
        ("history.toml", 'id = "glory"', 'id = "glory"\nfoo = 1', ["history.toml", "set_event 'glory'", "foo"]),
        ("fief.toml", "territories = 2\n", 'territories = "two"\n', ["fief.toml", "set_result"]),
        (
            "history.toml",
            '[[set_event.row]]\nwidth = 5\nline = "L4720-L4722"',
            '[[set_event.row]]\nwidth = 6\nline = "L4720-L4722"',
            ["history.toml", "glory", "width"],
        ),
        (
            "fief.toml",
            'stacked_feature = "harsh-conditions"',
            'stacked_feature = "tundra"',
            ["fief.toml", "harsh-condition-world-large", "tundra"],
        ),
        ("traits.toml", 'id = "treasury"', 'id = "money"', ["unknown trait"]),
    ],
)
def test_bad_content_names_file_entry_reason(pack, file, old, new, words):
    _edit(pack / file, old, new)
    load_house_content.cache_clear()
    try:
        with pytest.raises(ContentError) as exc:
            load_house_content(pack)
        for w in words:
            assert w in str(exc.value)
    finally:
        load_house_content.cache_clear()


def test_unreadable_toml_is_a_content_error(pack):
    (pack / "history.toml").write_text("[[set_event]\n")
    load_house_content.cache_clear()
    with pytest.raises(ContentError) as exc:
        load_house_content(pack)
    assert "history.toml" in str(exc.value) and "TOML" in str(exc.value)
    load_house_content.cache_clear()


def test_memoised_readings_follow_edits_of_the_same_objects():
    """read_body and history_events are memoised per content; editing a body's die or a
    waste die's table on the *same* objects must give the new reading, never the cached one."""
    body = Body(id="b1", source="3x4")
    assert read_body(body, C).name == "Medium Moon"
    body.source = "3x8"
    assert read_body(body, C).name == "Medium Affluent Planet"
    house = House(id="h", name="H", history=Roll(faces=(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10)))
    assert next(e for e in history_events(house, C) if e.source == "9").table == "A"
    house.choice_for("9").table = "B"
    assert next(e for e in history_events(house, C) if e.source == "9").table == "B"
    house.history = Roll(faces=(9, 9, 3, 4, 5, 6, 7, 8, 1, 10, 10))
    assert "9" not in [e.source for e in history_events(house, C)]


def test_memo_is_bounded():
    for seed in range(5000):
        history_events(House(id="h", name="H", history=roll_pool(11, seed=seed)), C)
    assert len(C.memo) <= 4097
