"""The rulebook's worked example of House creation (spec house-creation.md §10.3): the Trait
Scores after each Step Two line and each history event of Felderon, Banthet and Vorst."""

SEVEN = ("warfare", "defense", "espionage", "influence", "dominion", "territory", "treasury")

START_LINES = {  # W D E I Dom T Tr, after each Step Two line (spec §10.3 vector B)
    "Vorst": [
        ("base", (10, 10, 10, 10, 20, 10, 10)),
        ("terrain", (10, 15, 10, 5, 25, 10, 5)),
        ("placement", (10, 15, 10, 0, 30, 10, 5)),
    ],
    "Felderon": [
        ("base", (10, 10, 10, 10, 20, 10, 10)),
        ("terrain", (10, 5, 5, 10, 25, 20, 5)),
        ("placement", (10, 5, 5, 15, 20, 20, 5)),
    ],
    "Banthet": [
        ("base", (10, 10, 10, 10, 20, 10, 10)),
        ("terrain", (10, 5, 5, 10, 25, 20, 5)),
        ("placement", (10, 5, 5, 15, 20, 20, 5)),
    ],
}

EVENTS = {  # (source, scores after), in the order applied: sets by Height, then waste dice
    "Felderon": [
        ("2x9", (10, 10, 5, 15, 20, 20, 15)),
        ("3x8", (10, 20, 5, 15, 20, 20, 25)),
        ("2x6", (10, 20, 5, 25, 20, 20, 25)),
        ("10", (10, 20, 5, 30, 20, 20, 25)),
        ("7", (15, 20, 5, 30, 25, 15, 25)),
        ("4", (15, 20, 5, 30, 30, 10, 25)),
        ("3", (20, 15, 5, 30, 35, 10, 25)),
    ],
    "Banthet": [
        ("3x10", (10, 5, 5, 15, 20, 30, 15)),
        ("2x2", (10, 5, 5, 15, 15, 40, 25)),  # Conquest (a): -5 Dominion (I6)
        ("2x1", (5, 5, 5, 25, 15, 50, 25)),  # Vengeance (a) in place of "Treachery" (I6)
        ("9", (10, 10, 5, 25, 15, 45, 25)),
        ("6", (14, 9, 6, 22, 12, 49, 22)),  # Madness 9 5 6 3 3 9 3
        ("5", (14, 9, 11, 22, 7, 54, 22)),  # Scandal (b): +5 Espionage (I3)
        ("4", (19, 9, 11, 17, 7, 54, 22)),
    ],
    "Vorst": [
        ("2x7", (10, 15, 10, 10, 30, 10, 10)),
        ("2x4", (10, 15, 10, 20, 40, 10, 5)),
        ("2x3", (10, 15, 15, 30, 40, 10, 5)),  # Revelations (a) in place of "Villain" (I6)
        ("2x2", (10, 15, 15, 30, 35, 20, 15)),  # Conquest (a) (I6)
        ("9", (15, 20, 15, 30, 35, 15, 15)),
        ("8", (20, 20, 15, 30, 30, 15, 20)),
        ("1", (20, 20, 15, 25, 25, 15, 20)),
    ],
}
