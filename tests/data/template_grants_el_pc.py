"""Expected Early Life and Personal Calling grants, typed in from the spec's tables.

Source: shared/rules/character-creation.md §3.1–§3.12 (Early Life) and §6.1–§6.2
(Personal Calling), RECOMMENDED readings, with the spec's defaults for lost text
(Academic statistic Intellect/Insight, Imperial Servant statistic Command/Intellect,
Merchant Negotiation +1 and Evaluate +1). This is NOT generated from the TOML.

Per option:
  "grants":  fixed grants in printed order, as (kind, id, value), where value is the
             amount for statistic / skill / feat (a feat counts 1) and the rating for an
             advantage (0 = a fixed advantage that takes no rating).
  "choices": every "choose" in printed order, as (count, sorted option ids).
"""

EXPECTED = {
    "early-life": {
        # §3.1, L2839–L2851
        "academic-education": {
            "grants": [("statistic", "intellect", 1), ("skill", "academia", 1), ("feat", "fellow-student", 1)],
            "choices": [(2, ["knowledge"])],
        },
        # §3.2, L2855–L2869
        "bene-gesserit-teaching": {
            "grants": [
                ("statistic", "insight", 1),
                ("skill", "habitus", 1),
                ("skill", "empathy", 1),
                ("feat", "muscle-training", 1),
                ("feat", "litany-against-fear", 1),
            ],
            "choices": [],
        },
        # §3.3, L2881–L2897 + L2839
        "commoner-upbringing": {
            "grants": [("statistic", "physique", 1), ("skill", "survival", 1)],
            "choices": [(3, ["attack", "hearing", "perform", "prestidigitation", "sight", "sneaking"])],
        },
        # §3.4, L2853, L2871–L2879
        "crime-syndicate": {
            "grants": [("skill", "sinister", 1)],
            "choices": [
                (1, ["command", "insight"]),
                (3, ["convince", "hiding", "intimidate", "negotiation", "sneaking", "underworld"]),
            ],
        },
        # §3.5, L2901–L2914
        "dueling-instruction": {
            "grants": [
                ("skill", "duel", 1),
                ("skill", "acrobatics", 1),
                ("skill", "shield-fighting", 1),
                ("feat", "shields-up", 1),
            ],
            "choices": [(1, ["physique", "prowess"])],
        },
        # §3.7, L2942–L2950
        "mercantile-family": {
            "grants": [("skill", "diplomacy", 1)],
            "choices": [
                (1, ["command", "intellect"]),
                (2, ["convince", "empathy", "evaluate", "intimidate", "negotiation", "underworld"]),
            ],
        },
        # §3.6, L2916–L2930
        "mentat-priming": {
            "grants": [
                ("statistic", "intellect", 1),
                ("skill", "observe", 1),
                ("skill", "research", 1),
                ("feat", "mentat-awareness", 1),
                ("feat", "analysis", 1),
            ],
            "choices": [],
        },
        # §3.8, L2938 + L2955–L2963 (statistic: choose one, recommended)
        "noble-household": {
            "grants": [("skill", "diplomacy", 1), ("skill", "enthrall", 1)],
            "choices": [(1, ["charm", "command"]), (1, ["allies", "benefactor", "honorarium-familia"])],
        },
        # §3.9, L2970–L2986 (Stealth as printed)
        "orphaned": {
            "grants": [("skill", "survival", 1), ("advantage", "benefactor", 2)],
            "choices": [(1, ["insight", "physique"]), (1, ["convince", "stealth", "underworld"])],
        },
        # §3.10, L3006–L3018
        "out-freyn-upbringing": {
            "grants": [("advantage", "worldly", 0)],
            "choices": [
                (1, ["intellect", "prowess"]),
                (2, ["convince", "direction", "disguise", "education", "knowledge", "underworld"]),
            ],
        },
        # §3.11, L2988–L3000 (Worldly fixed to Orange Catholicism; Knowledge (Religion))
        "religious-household": {
            "grants": [("advantage", "worldly", 0), ("skill", "knowledge", 1)],
            "choices": [(1, ["command", "intellect"]), (1, ["enthrall", "perform", "willpower"])],
        },
        # §3.12, L3020–L3028
        "slave-pits": {
            "grants": [("skill", "athletics", 1)],
            "choices": [
                (1, ["physique", "prowess"]),
                (2, ["intimidate", "sight", "sneaking", "sustenance", "vigor", "willpower"]),
            ],
        },
    },
    "personal-calling": {
        # §6.1 #1 (statistic: SILENT default Intellect/Insight, house rule)
        "academic": {
            "grants": [
                ("skill", "academia", 1),
                ("skill", "evaluate", 1),
                ("skill", "knowledge", 1),
                ("skill", "knowledge", 1),
            ],
            "choices": [(1, ["insight", "intellect"])],
        },
        # §6.1 #2
        "advocate": {
            "grants": [
                ("skill", "diplomacy", 1),
                ("skill", "empathy", 1),
                ("skill", "enthrall", 1),
                ("skill", "language", 1),
            ],
            "choices": [(1, ["charm", "command"])],
        },
        # §6.1 #3
        "arena-fighter": {
            "grants": [
                ("skill", "duel", 1),
                ("skill", "acrobatics", 1),
                ("skill", "enthrall", 1),
                ("skill", "vigor", 1),
            ],
            "choices": [(1, ["physique", "prowess"])],
        },
        # §6.1 #4
        "artisan": {
            "grants": [
                ("skill", "engineering", 1),
                ("skill", "entertain", 1),
                ("skill", "etiquette", 1),
                ("skill", "evaluate", 1),
            ],
            "choices": [(1, ["charm", "insight"])],
        },
        # §6.1 #5 (recommended (b): Beauty/Enthrall go to Courtesan)
        "breeder": {
            "grants": [("skill", "knowledge", 1), ("advantage", "prized-bloodline", 0)],
            "choices": [(1, ["charm", "prowess"])],
        },
        # §6.1 #6
        "carouser": {
            "grants": [
                ("skill", "personality", 1),
                ("skill", "etiquette", 1),
                ("skill", "knowledge", 1),
                ("skill", "underworld", 1),
            ],
            "choices": [(1, ["charm", "insight"])],
        },
        # §6.1 #7 (no statistic)
        "courtesan": {
            "grants": [
                ("advantage", "beauty", 0),
                ("skill", "enthrall", 1),
                ("skill", "intrigue", 2),
                ("skill", "etiquette", 1),
            ],
            "choices": [],
        },
        # §6.1 #8 (Sneak = Sneaking)
        "criminal": {
            "grants": [
                ("skill", "infiltration", 1),
                ("skill", "convince", 1),
                ("skill", "sneaking", 1),
                ("skill", "underworld", 1),
            ],
            "choices": [(1, ["command", "intellect"])],
        },
        # §6.1 #9
        "exile-fugitive": {
            "grants": [
                ("skill", "perception", 1),
                ("skill", "sustenance", 1),
                ("skill", "underworld", 1),
                ("skill", "vigor", 1),
            ],
            "choices": [(1, ["insight", "prowess"])],
        },
        # §6.1 #10 (Eminence +2pts = add; statistic: SILENT default Command/Intellect, house rule)
        "imperial-servant": {
            "grants": [
                ("advantage", "eminence", 2),
                ("skill", "negotiation", 1),
                ("skill", "enthrall", 1),
                ("skill", "etiquette", 1),
            ],
            "choices": [(1, ["command", "intellect"])],
        },
        # §6.1 #11 (Wealth +2pts = add; Negotiation and Evaluate: SILENT default, house rule)
        "merchant": {
            "grants": [("advantage", "wealth", 2), ("skill", "negotiation", 1), ("skill", "evaluate", 1)],
            "choices": [(1, ["charm", "command"])],
        },
        # §6.1 #12
        "off-world-education": {
            "grants": [
                ("advantage", "worldly", 0),
                ("skill", "direction", 1),
                ("skill", "etiquette", 1),
                ("skill", "sustenance", 1),
            ],
            "choices": [(1, ["command", "intellect"])],
        },
        # §6.1 #13 (Contacts +2pts = add; Sneak = Sneaking)
        "privateer": {
            "grants": [
                ("advantage", "contacts", 2),
                ("skill", "convince", 1),
                ("skill", "sneaking", 1),
                ("skill", "underworld", 1),
            ],
            "choices": [(1, ["command", "prowess"])],
        },
        # §6.1 #14 (Benefactor +2pts = add; asks faction, homeworld, purpose)
        "sleeper-agent": {
            "grants": [("advantage", "benefactor", 2), ("skill", "intrigue", 1), ("skill", "disguise", 1)],
            "choices": [(1, ["charm", "command"])],
        },
        # §6.1 #15 (Spice Diet at 3pts = the 3 tier)
        "umma": {
            "grants": [("advantage", "spice-diet", 3), ("skill", "focus", 1)],
            "choices": [(1, ["command", "insight"])],
        },
    },
}
