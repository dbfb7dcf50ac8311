"""Reading a House roll and its counter roll (L149-L193, L4910; spec domain-management §3.4).

``options(faces, difficulty, sabotage)`` lists every result a roll can be read as: each
set of Width 2 or more, a Run (three consecutive faces, W1 Minimal Success, L149) when
there is no set, and the Full House variants (discard one set to add 1 Width to a set
of greater Height, L149; one manipulation per roll, L216).  Sabotage lowers every die
first (minimum 1, A17), then the Difficulty discards dice lower than it (L154).

``oppose(active, counter)`` is the counter (gobble) dice rule: the defender answers with
its best set; each of its dice discards one die of the active set of equal or lower
Height (L190, L193: "You cannot gobble a die of greater Height"); the acting House picks
the set that keeps the most Width (A16, S10).  A Width of 1 left is a success (I2).
"""

from __future__ import annotations

from collections import Counter

import attrs


@attrs.frozen
class Result:
    width: int
    height: int
    how: str = "set"  # "set", "run", "full-house"

    @property
    def label(self) -> str:
        return f"{self.width}x{self.height}"

    def to_json(self) -> dict:
        return {"width": self.width, "height": self.height, "how": self.how}


@attrs.frozen
class Opposed:
    """The outcome of a roll against its counter roll."""

    width: int  # final Width, 0 = failed or spoiled
    height: int | None  # the chosen set's Height (None when nothing was read)
    chosen: Result | None  # the active side's chosen result, before counters
    gobbled: int  # dice its counter discarded
    counter: Result | None  # the defender's set that gobbled (or its best reply)
    faces: tuple[int, ...]  # the active faces after Sabotage and Difficulty
    reason: str  # one sentence a player understands

    @property
    def success(self) -> bool:
        return self.width > 0


def adjusted(faces, difficulty: int = 0, sabotage: int = 0) -> tuple[int, ...]:
    """Sabotage lowers every die by its Width (never below 1), then the Difficulty
    discards every die lower than it (L154)."""
    out = [max(1, f - sabotage) for f in faces]
    return tuple(f for f in out if f >= difficulty)


def options(
    faces,
    difficulty: int = 0,
    sabotage: int = 0,
    runs: bool = True,
    full_house: bool = True,
    squish: bool = False,
    squash: bool = False,
) -> list[Result]:
    """Every reading of the roll; each one is at most one manipulation (L216): a Full House,
    or, where the Judge allows them, a Squash (Height -2, Width +1) or a Squish (Width -1,
    Height +2, L216)."""
    kept = adjusted(faces, difficulty, sabotage)
    counts = Counter(kept)
    sets = [Result(n, h) for h, n in counts.items() if n >= 2]
    found = list(sets)
    for s in sets:
        if squash and s.height - 2 >= 1:
            found.append(Result(s.width + 1, s.height - 2, "squash"))
        if squish and s.width - 1 >= 2 and s.height + 2 <= 10:
            found.append(Result(s.width - 1, s.height + 2, "squish"))
    if full_house:
        for low in sets:
            for high in sets:
                if high.height > low.height:
                    found.append(Result(high.width + 1, high.height, "full-house"))
    if not sets and runs:
        present = set(kept)
        tops = [h for h in present if h - 1 in present and h - 2 in present]
        if tops:
            found.append(Result(1, max(tops), "run"))
    return sorted(set(found), key=lambda r: (-r.width, -r.height, r.how))


def best(faces, difficulty: int = 0, sabotage: int = 0, **kw) -> Result | None:
    found = options(faces, difficulty, sabotage, **kw)
    return found[0] if found else None


def oppose(
    active_faces,
    counter_faces=None,
    difficulty: int = 0,
    sabotage: int = 0,
    counter_difficulty: int = 0,
    knocked: int = 0,
    equal_gobbles: bool = True,
    runs: bool = True,
    full_house: bool = True,
    squish: bool = False,
    squash: bool = False,
) -> Opposed:
    """The active roll (after Sabotage and Difficulty) against an optional counter roll;
    ``knocked``: dice knocked out of the final set (Assassinate on a Low Householder)."""
    kept = adjusted(active_faces, difficulty, sabotage)
    mine = options(active_faces, difficulty, sabotage, runs=runs, full_house=full_house, squish=squish, squash=squash)
    if not mine:
        why = "no set" + (f" after the Difficulty {difficulty} discards" if difficulty else "") + ": the roll fails"
        return Opposed(0, None, None, 0, None, kept, why)
    theirs = (
        options(counter_faces, counter_difficulty, runs=runs, full_house=full_house, squish=squish, squash=squash)
        if counter_faces is not None
        else []
    )
    scored = []
    for a in mine:
        able = [c for c in theirs if c.height > a.height or (equal_gobbles and c.height == a.height)]
        reply = max(able, key=lambda c: (c.width, c.height)) if able else None
        g = reply.width if reply else 0
        scored.append((max(0, a.width - g), a.height, a, reply, g))
    net, _height, chosen, reply, g = max(scored, key=lambda s: (s[0], s[1]))
    final = max(0, net - knocked)
    parts = [
        f"{chosen.label}"
        + {"run": " (a Run)", "full-house": " (Full House)", "squash": " (Squashed)", "squish": " (Squished)"}.get(
            chosen.how, ""
        )
    ]
    if reply is not None:
        parts.append(f"countered by {reply.label}: {min(g, chosen.width)} gobbled")
    elif counter_faces is not None:
        best_reply = theirs[0] if theirs else None
        parts.append(
            f"the counter {best_reply.label} cannot gobble a higher set" if best_reply else "the counter roll failed"
        )
    if knocked:
        parts.append(f"{knocked} knocked out")
    parts.append(f"Width {final}" + (" (spoiled)" if final == 0 else ""))
    return Opposed(final, chosen.height, chosen, min(g, chosen.width), reply, kept, ", ".join(parts))
