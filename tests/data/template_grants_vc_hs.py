"""Expected Vocational Conditioning and House Service templates, typed in from the spec.

Source: shared/rules/character-creation.md §4 (tables 4.1-4.10) and §5 (tables 5.0, 5.2),
recommended readings throughout (House Service reading R2).  Typed by hand from the spec's
tables, not read from the TOML, so a table-driven test can hold the content to the spec.

EXPECTED[step][template_id] = {
    "caste":   starting caste (0 = none: House Service),
    "grants":  fixed grants in printed order, each (kind, id, value):
                 statistic / skill / special-die -> value = amount
                 advantage -> value = rating, None for a fixed advantage
                 feat -> (feat, feat_id, None); licence -> (licence, order, None)
               A grant that fixes a field writes it into the id: "knowledge(Economics)";
               a player-named field is "knowledge(*)".
    "choices": the template's own choices in order (1-based = the CLI's --pick STEP.N):
                 option choice -> (count, max_each, sorted option ids)
                 feat choice   -> ("feats", sorted pattern ids, sorted tree ids)
  optional keys:
    "requires":      [(kind, value)] of the template
    "option_grants": {(choice_no, option_id): [grants as above]} for options whose grants do
                     not follow from their id.  Every other option follows the id convention:
                     a statistic id -> +1 that statistic; a skill id -> +1 that skill (field "*"
                     for knowledge, language, weapon-skill); "special-dice-X" -> +1 Special Die on X.
    "option_costs":  {(choice_no, option_id): Character Points}
    "optional":      [choice_no] of choices that may be left out
    "house_rule":    [choice_no] of choices the book does not print (the Judge's default)
}
COMMON[step]: the step's [[common.choice]] entries, same tuple forms, numbered after the
template's own.  PATTERN_SLOTS: the slots of every feat pattern id used above.
"""

STEP_NUMBERS = {"vocational-conditioning": 3, "house-service": 4}

EXPECTED = {
    "vocational-conditioning": {
        # §4.1 (L3033-L3071)
        "assassin": {
            "caste": 3,
            "grants": [
                ("statistic", "insight", 1),
                ("statistic", "prowess", 1),
                ("skill", "infiltration", 2),
                ("skill", "observe", 2),
                ("skill", "sinister", 2),
            ],
            "choices": [
                (
                    2,
                    1,
                    [
                        "observe",
                        "sinister",
                        "special-dice-observe",
                        "special-dice-sinister",
                        "special-dice-stealth",
                        "stealth",
                    ],
                ),
                (
                    6,
                    3,
                    [
                        "acrobatics",
                        "convince",
                        "empathy",
                        "infliction",
                        "intimidate",
                        "remedy",
                        "sneaking",
                        "weapon-skill",
                    ],
                ),
                (
                    "feats",
                    ["one-and-two"],
                    [
                        "assaying-eye",
                        "black-hand",
                        "guy-incognito",
                        "locksmiths-hand",
                        "quicker-than-the-eye",
                        "rigorous-inspection",
                    ],
                ),
            ],
        },
        # §4.2 (L3073-L3147)
        "bene-gesserit-adept": {
            "caste": 4,
            "requires": [("sex", "female")],
            "grants": [
                ("statistic", "insight", 1),
                ("statistic", "prowess", 1),
                ("skill", "habitus", 2),
                ("skill", "intrigue", 2),
                ("skill", "personality", 2),
                ("licence", "bene-gesserit", None),
            ],
            "choices": [
                (
                    2,
                    1,
                    [
                        "habitus",
                        "intrigue",
                        "personality",
                        "special-dice-habitus",
                        "special-dice-intrigue",
                        "special-dice-personality",
                    ],
                ),
                (
                    6,
                    3,
                    ["acrobatics", "etiquette", "evaluate", "hearing", "knowledge", "perform", "sight", "weapon-skill"],
                ),
                ("feats", ["both-1-and-a-2", "both-2"], ["bg-way", "weirding-way"]),
            ],
            "option_grants": {
                (2, "knowledge"): [("skill", "knowledge(Religion)", 1)],
                (2, "hearing"): [("skill", "hearing", 1)],  # printed "Listen"
            },
        },
        # §4.3 (L3078-L3191)
        "choam-advisor": {
            "caste": 3,
            "grants": [
                ("statistic", "insight", 1),
                ("statistic", "intellect", 1),
                ("skill", "academia", 2),
                ("skill", "diplomacy", 2),
                ("skill", "knowledge(Economics)", 2),
                ("skill", "strategy", 2),
            ],
            "choices": [
                (
                    2,
                    1,
                    [
                        "academia",
                        "diplomacy",
                        "knowledge-strategy",
                        "special-dice-academia",
                        "special-dice-diplomacy",
                        "special-dice-knowledge-strategy",
                    ],
                ),
                (
                    6,
                    3,
                    [
                        "authority",
                        "convince",
                        "etiquette",
                        "evaluate",
                        "intimidate",
                        "knowledge",
                        "language",
                        "willpower",
                    ],
                ),
                (
                    "feats",
                    ["four-level-1", "one-and-two"],
                    [
                        "contractual-agreement",
                        "empirical-erudition",
                        "fact-finder",
                        "know-it-all",
                        "plans-within-plans",
                        "savoir-faire",
                    ],
                ),
            ],
            "option_grants": {
                # reading (a): one pick gives both
                (1, "knowledge-strategy"): [("skill", "knowledge(Economics)", 1), ("skill", "strategy", 1)],
                (1, "special-dice-knowledge-strategy"): [
                    ("special-die", "knowledge(Economics)", 1),
                    ("special-die", "strategy", 1),
                ],
            },
        },
        # §4.4 (L3163, L3171-L3194)
        "delegate": {
            "caste": 4,
            "grants": [
                ("statistic", "charm", 1),
                ("statistic", "command", 1),
                ("skill", "diplomacy", 3),
                ("skill", "intrigue", 3),
            ],
            "choices": [
                (2, 1, ["diplomacy", "intrigue", "special-dice-diplomacy", "special-dice-intrigue"]),
                (
                    6,
                    3,
                    [
                        "authority",
                        "convince",
                        "enthrall",
                        "evaluate",
                        "intimidate",
                        "knowledge",
                        "language",
                        "strategy",
                    ],
                ),
                (
                    "feats",
                    ["four-level-1", "one-and-two"],
                    ["contractual-agreement", "lie-to-me", "savoir-faire", "secrets-lies"],
                ),
            ],
        },
        # §4.5 (printed SPYMASTER, L3315-L3362)
        "intelligence-agent": {
            "caste": 3,
            "grants": [
                ("statistic", "insight", 1),
                ("statistic", "command", 1),
                ("skill", "diplomacy", 2),
                ("skill", "observe", 2),
                ("skill", "perception", 2),
            ],
            "choices": [
                (
                    2,
                    1,
                    [
                        "diplomacy",
                        "observe",
                        "perception",
                        "special-dice-diplomacy",
                        "special-dice-observe",
                        "special-dice-perception",
                    ],
                ),
                (6, 3, ["access", "empathy", "enthrall", "evaluate", "hiding", "language", "sneaking", "strategy"]),
                # reading (b): only the printed option
                (
                    "feats",
                    ["one-and-two"],
                    [
                        "assaying-eye",
                        "contractual-agreement",
                        "insect-in-the-wind",
                        "rigorous-inspection",
                        "savoir-faire",
                        "sight-beyond-sight",
                    ],
                ),
            ],
            "option_grants": {
                (2, "language"): [("skill", "language(Battle Language)", 1)],
            },
        },
        # §4.6 (L3196-L3232)
        "master-strategist": {
            "caste": 4,
            "grants": [
                ("statistic", "prowess", 1),
                ("statistic", "command", 1),
                ("skill", "leadership", 3),
                ("skill", "observe", 3),
            ],
            "choices": [
                (2, 1, ["leadership", "observe", "special-dice-leadership", "special-dice-observe"]),
                (
                    6,
                    3,
                    ["attack", "ballistics", "defend", "empathy", "intimidate", "knowledge", "language", "research"],
                ),
                (
                    "feats",
                    ["four-level-1", "one-and-two"],
                    ["assaying-eye", "plans-within-plans", "rigorous-inspection", "the-look-of-eagles"],
                ),
            ],
            "option_grants": {
                (2, "language"): [("skill", "language(Battle Language)", 1)],
            },
        },
        # §4.7 (L3234-L3263, L3291-L3299)
        "mentat": {
            "caste": 4,
            "grants": [
                ("statistic", "insight", 1),
                ("statistic", "intellect", 1),
                ("skill", "academia", 2),
                ("skill", "observe", 2),
                ("skill", "perception", 2),
                ("licence", "mentat", None),
            ],
            "choices": [
                # "Special Dice (Leadership)" read as Academia (reading (a))
                (
                    2,
                    1,
                    [
                        "academia",
                        "observe",
                        "perception",
                        "special-dice-academia",
                        "special-dice-observe",
                        "special-dice-perception",
                    ],
                ),
                (
                    6,
                    3,
                    ["build", "design", "empathy", "knowledge", "language", "negotiation", "prescience", "willpower"],
                ),
                ("feats", ["both-1-and-a-2", "both-2"], ["computation", "projection"]),
            ],
            "option_grants": {
                (1, "special-dice-academia"): [("special-die", "academia", 1)],
            },
        },
        # §4.8 (L3267-L3329)
        "noble": {
            "caste": 4,
            "grants": [
                ("statistic", "prowess", 1),
                ("statistic", "charm", 1),
                ("skill", "diplomacy", 2),
                ("skill", "duel", 2),
                ("skill", "leadership", 2),
            ],
            "choices": [
                (
                    2,
                    1,
                    [
                        "diplomacy",
                        "duel",
                        "leadership",
                        "special-dice-diplomacy",
                        "special-dice-duel",
                        "special-dice-leadership",
                    ],
                ),
                (
                    6,
                    3,
                    [
                        "convince",
                        "education",
                        "empathy",
                        "enthrall",
                        "evaluate",
                        "intimidate",
                        "language",
                        "shield-fighting",
                    ],
                ),
                (1, 1, ["eminence", "honorarium-familia"]),
                (
                    "feats",
                    ["two-level-1"],
                    [
                        "contractual-agreement",
                        "plans-within-plans",
                        "power-attack",
                        "savoir-faire",
                        "shield-fighting",
                        "the-look-of-eagles",
                        "weave",
                    ],
                ),
            ],
            "option_grants": {
                (2, "language"): [("skill", "language(Battle Language)", 1)],
                (3, "honorarium-familia"): [("advantage", "honorarium-familia", None)],
                (3, "eminence"): [("advantage", "eminence", 2)],
            },
        },
        # §4.9 (L3367-L3413)
        "suk-physician": {
            "caste": 4,
            "grants": [
                ("statistic", "insight", 1),
                ("statistic", "intellect", 1),
                ("skill", "academia", 2),
                ("skill", "perception", 2),
                ("skill", "physician", 2),
                ("advantage", "imperial-conditioning", None),
            ],
            "choices": [
                (
                    2,
                    1,
                    [
                        "academia",
                        "perception",
                        "physician",
                        "special-dice-academia",
                        "special-dice-perception",
                        "special-dice-physician",
                    ],
                ),
                (
                    6,
                    3,
                    ["control", "empathy", "etiquette", "knowledge", "prescience", "sustenance", "vigor", "willpower"],
                ),
            ],
        },
        # §4.10 (L3378-L3445)
        "swordmaster": {
            "caste": 3,
            "grants": [
                ("statistic", "physique", 1),
                ("statistic", "prowess", 1),
                ("skill", "athletics", 2),
                ("skill", "duel", 2),
                ("skill", "marksmanship", 2),
            ],
            "choices": [
                (
                    2,
                    1,
                    [
                        "athletics",
                        "duel",
                        "marksmanship",
                        "special-dice-athletics",
                        "special-dice-duel",
                        "special-dice-marksmanship",
                    ],
                ),
                (
                    6,
                    3,
                    [
                        "atmosphere",
                        "control",
                        "direction",
                        "shield-fighting",
                        "vigor",
                        "void",
                        "weapon-skill",
                        "willpower",
                    ],
                ),
                (
                    "feats",
                    ["four-level-1", "one-and-two"],
                    ["ballet-of-bullets", "hawkeye", "power-attack", "shield-fighting", "weave", "wired", "work-horse"],
                ),
                (1, 1, ["ginaz-swordmaster"]),
            ],
            "optional": [4],
            "option_costs": {(4, "ginaz-swordmaster"): 6},
            "option_grants": {
                (4, "ginaz-swordmaster"): [
                    ("advantage", "ginaz-training", None),
                    ("skill", "swordmanship", 1),
                    ("feat", "advantage-mine", None),
                    ("licence", "ginaz", None),
                ],
            },
        },
    },
    "house-service": {
        # §5.2 row 1; "Choose five" = L3454 (reading R2)
        "academic-advisor": {
            "caste": 0,
            "grants": [],
            "choices": [
                (1, 1, ["insight", "intellect"]),
                (
                    2,
                    1,
                    [
                        "academia",
                        "knowledge",
                        "knowledge-and-special-die",
                        "observe",
                        "special-dice-academia",
                        "special-dice-knowledge",
                        "special-dice-observe",
                    ],
                ),
                (5, 2, ["atmosphere", "build", "design", "direction", "etiquette", "language", "remedy", "void"]),
            ],
            "option_grants": {
                (2, "knowledge"): [("skill", "knowledge(*)", 2)],
                (2, "special-dice-knowledge"): [("special-die", "knowledge(*)", 2)],
                (2, "knowledge-and-special-die"): [("skill", "knowledge(*)", 1), ("special-die", "knowledge(*)", 1)],
            },
        },
        # row 2
        "choam-economist": {
            "caste": 0,
            "grants": [],
            "choices": [
                (1, 1, ["insight", "intellect"]),
                (
                    2,
                    1,
                    [
                        "academia",
                        "diplomacy",
                        "knowledge",
                        "knowledge-and-special-die",
                        "special-dice-academia",
                        "special-dice-diplomacy",
                        "special-dice-knowledge",
                    ],
                ),
                (
                    5,
                    2,
                    ["authority", "convince", "empathy", "evaluate", "knowledge", "language", "searching", "strategy"],
                ),
            ],
            "option_grants": {
                (2, "knowledge"): [("skill", "knowledge(Economics)", 2)],
                (2, "special-dice-knowledge"): [("special-die", "knowledge(Economics)", 2)],
                (2, "knowledge-and-special-die"): [
                    ("skill", "knowledge(Economics)", 1),
                    ("special-die", "knowledge(Economics)", 1),
                ],
            },
        },
        # row 3; list L3484 + header L3512
        "diplomatic-spokesperson": {
            "caste": 0,
            "grants": [],
            "choices": [
                (1, 1, ["charm", "command"]),
                (
                    2,
                    1,
                    [
                        "diplomacy",
                        "intrigue",
                        "personality",
                        "special-dice-diplomacy",
                        "special-dice-intrigue",
                        "special-dice-personality",
                    ],
                ),
                (5, 2, ["attack", "defend", "hearing", "knowledge", "language", "sight", "underworld", "willpower"]),
            ],
        },
        # row 4; list L3510
        "house-physician": {
            "caste": 0,
            "grants": [],
            "choices": [
                (1, 1, ["charm", "intellect"]),
                (
                    2,
                    1,
                    [
                        "academia",
                        "diplomacy",
                        "physician",
                        "special-dice-academia",
                        "special-dice-diplomacy",
                        "special-dice-physician",
                    ],
                ),
                (
                    5,
                    2,
                    ["evaluate", "hearing", "knowledge", "language", "prescience", "searching", "sight", "willpower"],
                ),
            ],
        },
        # row 5
        "master-of-assassins": {
            "caste": 0,
            "grants": [],
            "choices": [
                (1, 1, ["insight", "prowess"]),
                (
                    2,
                    1,
                    [
                        "intrigue",
                        "leadership",
                        "sinister",
                        "special-dice-intrigue",
                        "special-dice-leadership",
                        "special-dice-sinister",
                    ],
                ),
                (
                    5,
                    2,
                    [
                        "acrobatics",
                        "direction",
                        "etiquette",
                        "hiding",
                        "infliction",
                        "intimidate",
                        "sneaking",
                        "sustenance",
                    ],
                ),
            ],
        },
        # row 6 (nine items)
        "personal-confidante": {
            "caste": 0,
            "grants": [],
            "choices": [
                (1, 1, ["charm", "command"]),
                (
                    2,
                    1,
                    [
                        "diplomacy",
                        "intrigue",
                        "personality",
                        "special-dice-diplomacy",
                        "special-dice-intrigue",
                        "special-dice-personality",
                    ],
                ),
                (
                    5,
                    2,
                    [
                        "arrangement",
                        "atmosphere",
                        "knowledge",
                        "language",
                        "perform",
                        "prescience",
                        "remedy",
                        "void",
                        "willpower",
                    ],
                ),
            ],
        },
        # row 7
        "secund-elect": {
            "caste": 0,
            "grants": [],
            "choices": [
                (1, 1, ["physique", "prowess"]),
                (
                    2,
                    1,
                    [
                        "athletics",
                        "diplomacy",
                        "duel",
                        "special-dice-athletics",
                        "special-dice-diplomacy",
                        "special-dice-duel",
                    ],
                ),
                (
                    5,
                    2,
                    [
                        "atmosphere",
                        "convince",
                        "direction",
                        "empathy",
                        "hearing",
                        "language",
                        "shield-fighting",
                        "sight",
                    ],
                ),
            ],
        },
        # row 8; list L3550 + header L3561
        "security-commander": {
            "caste": 0,
            "grants": [],
            "choices": [
                (1, 1, ["command", "physique"]),
                (
                    2,
                    1,
                    [
                        "duel",
                        "leadership",
                        "marksmanship",
                        "special-dice-duel",
                        "special-dice-leadership",
                        "special-dice-marksmanship",
                    ],
                ),
                (
                    5,
                    2,
                    [
                        "access",
                        "atmosphere",
                        "direction",
                        "etiquette",
                        "language",
                        "shield-fighting",
                        "sneaking",
                        "void",
                    ],
                ),
            ],
        },
        # row 9
        "spymaster": {
            "caste": 0,
            "grants": [],
            "choices": [
                (1, 1, ["insight", "prowess"]),
                (
                    2,
                    1,
                    [
                        "intrigue",
                        "perception",
                        "special-dice-intrigue",
                        "special-dice-perception",
                        "special-dice-stealth",
                        "stealth",
                    ],
                ),
                (5, 2, ["access", "disguise", "etiquette", "evaluate", "infliction", "language", "searching", "void"]),
            ],
        },
        # row 10; statistic lost -> house rule Intellect / Prowess (§5.3)
        "technologist": {
            "caste": 0,
            "grants": [],
            "choices": [
                (1, 1, ["intellect", "prowess"]),
                (
                    2,
                    1,
                    [
                        "academia",
                        "engineering",
                        "observe",
                        "special-dice-academia",
                        "special-dice-engineering",
                        "special-dice-observe",
                    ],
                ),
                (
                    5,
                    2,
                    ["atmosphere", "direction", "etiquette", "knowledge", "language", "negotiation", "remedy", "void"],
                ),
            ],
            "house_rule": [1],
        },
        # row 11
        "warmaster": {
            "caste": 0,
            "grants": [],
            "choices": [
                (1, 1, ["command", "physique"]),
                (
                    2,
                    1,
                    [
                        "duel",
                        "leadership",
                        "observe",
                        "special-dice-duel",
                        "special-dice-leadership",
                        "special-dice-observe",
                    ],
                ),
                (
                    5,
                    2,
                    [
                        "atmosphere",
                        "ballistics",
                        "etiquette",
                        "language",
                        "projectiles",
                        "shield-fighting",
                        "void",
                        "willpower",
                    ],
                ),
            ],
        },
        # row 12 (printed WEAPONSMASTER)
        "weapons-master": {
            "caste": 0,
            "grants": [],
            "choices": [
                (1, 1, ["charm", "prowess"]),
                (
                    2,
                    1,
                    [
                        "duel",
                        "engineering",
                        "marksmanship",
                        "special-dice-duel",
                        "special-dice-engineering",
                        "special-dice-marksmanship",
                    ],
                ),
                (
                    5,
                    2,
                    [
                        "acrobatics",
                        "atmosphere",
                        "control",
                        "etiquette",
                        "language",
                        "shield-fighting",
                        "vigor",
                        "void",
                    ],
                ),
            ],
        },
    },
}

# §5.0(a): the feat options every House Service gets (any tree of a skill possessed).
COMMON = {
    "vocational-conditioning": [],
    "house-service": [
        (
            "feats",
            [
                "one-4-and-a-2",
                "one-4-and-two-1",
                "one-group-1-2-3",
                "three-1-and-one-1-2",
                "two-groups-1-2",
                "two-groups-3",
            ],
            [],
        ),
    ],
}
COMMON_ANY_POSSESSED = {"house-service": True}

PATTERN_SLOTS = {
    # Vocational Conditioning
    "four-level-1": [[1], [1], [1], [1]],
    "one-and-two": [[1], [1, 2]],
    "two-level-1": [[1], [1]],
    "both-1-and-a-2": [[1, 2], [1]],
    "both-2": [[2], [2]],
    # House Service common (option 5 split in two)
    "one-group-1-2-3": [[1, 2, 3]],
    "two-groups-1-2": [[1, 2], [1, 2]],
    "three-1-and-one-1-2": [[1], [1], [1], [1, 2]],
    "two-groups-3": [[3], [3]],
    "one-4-and-two-1": [[4], [1], [1]],
    "one-4-and-a-2": [[4], [2]],
}

COUNTS = {"vocational-conditioning": 10, "house-service": 12}
