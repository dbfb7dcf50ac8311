"""Tests between characters (spec dice-and-play.md §1.8, L172-L193).

- ``gobble``: counter (gobble) dice against the active side's sets: each counter die
  discards one die of a set whose Height is not greater than its own (D37; equal allowed,
  A5), any set it likes (D39); a set at Width 0 is spoiled, Width 1 still succeeds (D38, I1).
- ``opposed``: the active side fails → the opponent's roll is ignored; the opponent fails →
  unopposed; both succeed → the opponent's best set becomes counter dice (D36, A4).  Each
  reading of the active side is scored after the counters, so ``best`` is the reading that
  keeps the most after them.
- ``competitive``: the winner by the aspect the Judge names, Width or Height (D34, A2, S26).
- ``cooperative``: the narrowest set is the baseline; every other character adds one die of
  the baseline's Height (D35, A3).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Literal

import attrs

from landsraad.dice import DiceSet
from landsraad.errors import DiceError
from landsraad.play.pool import Special
from landsraad.play.reading import Action, Options, Reading, readings

Aspect = Literal["width", "height"]


@attrs.frozen
class Gobbled:
    """The active side's sets after the counter dice: ``before`` and ``after`` side by side
    (a spoiled set is Width 0), ``taken[i]`` dice gobbled from set i, ``idle`` counter dice
    that found no set they may take (every set higher than them)."""

    before: tuple[DiceSet, ...]
    after: tuple[DiceSet, ...]
    taken: tuple[int, ...]
    counter: DiceSet | None
    idle: int = 0

    @property
    def countered(self) -> int:
        return sum(self.taken)

    def to_json(self) -> dict[str, Any]:
        return {
            "counter": self.counter.to_json() if self.counter else None,
            "before": [s.to_json() for s in self.before],
            "after": [s.to_json() for s in self.after],
            "taken": list(self.taken),
            "countered": self.countered,
            "idle": self.idle,
            "spoiled": [s.to_json() for s, a in zip(self.before, self.after) if a.width == 0],
        }


def gobble(sets: Sequence[DiceSet], counter: DiceSet | None, split: Sequence[int] | None = None) -> Gobbled:
    """Counter dice ``counter`` (Width = how many) against ``sets`` (the active side's sets,
    in the order they resolve).  ``split``: how many dice go on each set (the defender's
    choice, D39); default: each die on the first set it may take, fully (§5)."""
    sets = tuple(sets)
    if counter is None or counter.width <= 0:
        return Gobbled(sets, sets, (0,) * len(sets), counter)
    dice = counter.width
    taken = [0] * len(sets)
    if split is not None:
        if len(split) != len(sets) or any(x < 0 for x in split) or sum(split) > dice:
            raise DiceError(f"a split puts at most {dice} counter dice on {len(sets)} set(s), not {list(split)}")
        for i, (s, x) in enumerate(zip(sets, split)):
            if x and s.height > counter.height:
                raise DiceError(
                    f"a counter die of Height {counter.height} cannot gobble the {s.label} "
                    f"(a die of greater Height, D37)"
                )
            taken[i] = min(x, s.width)
    else:
        left = dice
        for i, s in enumerate(sets):
            if s.height <= counter.height and left:
                taken[i] = min(left, s.width)
                left -= taken[i]
    after = tuple(DiceSet(s.width - t, s.height) for s, t in zip(sets, taken))
    return Gobbled(sets, after, tuple(taken), counter, idle=dice - sum(taken))


@attrs.frozen
class Opposed:
    """An opposed test read: the active side's readings each with its ``Gobbled``, best
    after the counters first; ``outcome`` in words."""

    active: tuple[Reading, ...]
    opponent: Reading
    results: tuple[Gobbled, ...]
    outcome: str

    @property
    def best(self) -> Reading:
        return self.active[0]

    @property
    def best_after(self) -> Gobbled:
        return self.results[0]

    @property
    def succeeds(self) -> bool:
        """The active side's first action still has Width 1 or more (D38, I1)."""
        g = self.results[0]
        return bool(g.after) and g.after[0].width > 0 and self.active[0].success


def _counter_set(r: Reading) -> DiceSet | None:
    """The opponent's set that counters (A4: its best, the widest then the highest); a Run
    is a W1 success and gives one counter die (reading "counter-run" of dice.toml)."""
    if not r.success:
        return None
    return r.best


def opposed(active: Sequence[Reading], opponent: Reading) -> Opposed:
    """The active side's readings (the coach's list) against the opponent's chosen reading."""
    if not active:
        raise DiceError("an opposed test needs the active side's readings")
    counter = _counter_set(opponent)
    scored: list[tuple[int, tuple[tuple[int, int], ...], int, Reading, Gobbled]] = []
    for r in active:
        used = tuple(a for a in r.assigned if a is not None)
        g = gobble(used, counter) if r.success or used else Gobbled(used, used, (0,) * len(used), None)
        # the actions still served after the counters first, then what they keep
        served = sum(1 for a in g.after if a.width > 0)
        survivors = tuple((-a.width, -a.height) for a in g.after)
        scored.append((-served, survivors, len(scored), r, g))
    scored.sort(key=lambda t: (t[0], t[1], t[2]))
    first, g = scored[0][3], scored[0][4]
    if not first.success and first.served == 0:
        outcome = "the active side fails: the opponent's roll is ignored (D36)"
    elif counter is None:
        outcome = "the opponent fails: the action resolves unopposed (D36)"
    else:
        spoiled = [b.label for b, a in zip(g.before, g.after) if a.width == 0]
        outcome = (
            f"the opponent's {counter.label} gobbles {_dice(g.countered)} (D36, D37)"
            + (f": {' + '.join(spoiled)} spoiled (D38)" if spoiled else "")
            + (
                f"; {_dice(g.idle, 'counter die', 'counter dice')} cannot take a die of greater Height (D37)"
                if g.idle
                else ""
            )
        )
    return Opposed(tuple(s[3] for s in scored), opponent, tuple(s[4] for s in scored), outcome)


def _dice(n: int, one: str = "die", many: str = "dice") -> str:
    return f"{n} {one if n == 1 else many}"


def opposed_faces(
    active_faces: Sequence[int],
    against_faces: Sequence[int],
    difficulty: int = 1,
    special: Special | None = None,
    against_difficulty: int | None = None,
    against_special: Special | None = None,
    actions: int | Sequence[Action] = 1,
    options: Options = Options(),
) -> Opposed:
    """Both sides' dice read by the coach, the opponent's best reading countering."""
    mine = readings(active_faces, difficulty, special, actions, options)
    theirs = readings(against_faces, against_difficulty or difficulty, against_special)[0]
    return opposed(mine, theirs)


def competitive(a: DiceSet | None, b: DiceSet | None, aspect: Aspect = "width") -> int:
    """1 when ``a`` wins, -1 when ``b`` wins, 0 for a tie (the Judge rules) (D34, S26): the
    named aspect, then the other; a set beats no set; nobody with a set: nobody wins (0)."""
    if aspect not in ("width", "height"):
        raise DiceError(f"a competitive test is won by width or height, not {aspect!r}")
    if a is None or b is None:
        return 0 if a is b else (1 if b is None else -1)
    first, second = ("width", "height") if aspect == "width" else ("height", "width")
    for name in (first, second):
        x, y = getattr(a, name), getattr(b, name)
        if x != y:
            return 1 if x > y else -1
    return 0


def _faces(faces: Iterable[int]) -> tuple[int, ...]:
    return tuple(faces)


@attrs.frozen
class Helper:
    """One character of a cooperative test: the dice thrown and the Special Die."""

    name: str
    faces: tuple[int, ...] = attrs.field(converter=_faces)
    special: Special = Special()


@attrs.frozen
class Cooperative:
    baseline: str | None  # the baseline character's name (None: nobody has a set)
    result: DiceSet | None
    contributors: tuple[str, ...] = ()
    why: str = ""


def cooperative(helpers: Sequence[Helper], difficulty: int = 1) -> Cooperative:
    """The cooperative test of D35 with reading A3: each character's widest set; the
    narrowest of those is the baseline (a tie: the lower Height, then the first named); each
    other character adds one die showing the baseline's Height, from any of their dice at or
    above the Difficulty, or a Special Die set (Master) or at/nudged to it (Expert)."""
    bests = []
    for h in helpers:
        r = readings(h.faces, difficulty, h.special)[0]
        bests.append((h, r.best if r.best is not None and r.best.width >= 2 else None))
    with_set = [(h, s) for h, s in bests if s is not None]
    if not with_set:
        return Cooperative(None, None, (), "nobody rolled a set: the test fails (D35)")
    base_h, base = min(with_set, key=lambda t: (t[1].width, t[1].height))
    adders = []
    for h, _ in bests:
        if h is base_h:
            continue
        kept = [f for f in h.faces if f >= difficulty]
        if base.height in kept or base.height in h.special.values:
            adders.append(h.name)
    result = DiceSet(base.width + len(adders), base.height)
    why = (
        f"baseline {base_h.name}'s {base.label}, the narrowest set (D35, A3)"
        + (f"; {', '.join(adders)} add a {base.height} each" if adders else "; nobody can add a die")
        + f": {result.label}"
    )
    return Cooperative(base_h.name, result, tuple(adders), why)
