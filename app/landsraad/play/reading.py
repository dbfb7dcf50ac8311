"""The coach: every legal reading of a roll, best first (spec dice-and-play.md §1.2-§1.7).

``readings(faces, difficulty, special, actions, options)`` takes the dice thrown (a
nominated Special Die is not among them: ``special`` says what it may become) and lists
each way the rules let the player read them:

1. the Special Die's final value (S3): an Expert Die at 7 nudged 0..rating-1 times (never
   above 10, D28, S2), a Master Die at any value 1-10 (D25);
2. the Difficulty discards every die below it (D10), the Special Die's final value too;
   with several actions the dice are read once at the lowest Difficulty (S6);
3. the sets (D5), each Height's dice used whole or broken up into smaller sets, at most one
   die of a Height left over (D7: "5x3 with the 1 wasted, 4x3 with a 1 and a 3 wasted, 3x3
   and 2x3"); a Run only when no set is left (D8, S5);
4. at most one manipulation (D18): a Full House (D16), or Squish / Squash where the Judge
   enables them (D17, A22);
5. the Height penalties less the Protect points left (D29, S9): a set at Height 0 fails;
6. one set per declared action, in the declared order (D33): a set goes to an action only
   at or above its Difficulty (S6), a dependent action only after its prerequisite (A6).

Readings that come to the same sets, manipulation and assignment are one (the Special
Die's value is then the one with the fewest nudges, or the Master Die's highest).  Best
first: every action served, then the sets the actions get in declared order (Width, then
Height), more sets kept, no manipulation before one, then the text; the order is total,
so the list is the same on every run.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from landsraad.dice import FACES, DiceSet
from landsraad.errors import DiceError
from landsraad.play.pool import Special
from landsraad.rules.pages import page_of_ref

# the rulebook line of each rule a reading names (spec dice-and-play.md §1)
RULE_LINES = {
    "D5": "L135",
    "D6": "L140",
    "D7": "L147",
    "D8": "L149",
    "D9": "L250",
    "D10": "L154",
    "D14": "L250",
    "D16": "L149",
    "D17": "L216",
    "D18": "L216",
    "D25": "L245",
    "D28": "L247",
    "D29": "L250",
    "D33": "L169",
    "D36": "L188",
    "D37": "L193",
    "D38": "L190",
    "D39": "L193",
}
GRADES = {1: "Minimal Success", 2: "Standard Success", 3: "Expert Success", 4: "Master Success"}


def grade(width: int) -> str:
    """The rulebook's name for a Width (D6, D8): 1 Minimal (a Run) .. 4 Master, 5+ better still."""
    return GRADES.get(width, f"Width {width}: better than a Master Success" if width > 4 else "failure")


@attrs.frozen
class Action:
    """A declared action: its name, its own Difficulty (None: the roll's) and whether it
    relies on the action before it (D31: "drive the car" relies on "jump in it")."""

    label: str = ""
    difficulty: int | None = None
    relies_on_previous: bool = False


@attrs.frozen
class Options:
    """What the Judge allows or imposes on this roll."""

    full_house: bool = True  # D16: a rule of the book
    squish: bool = False  # D17: only where enabled (A22)
    squash: bool = False
    height_penalty: int = 0  # D14: the uncancelled -N Height that applies to this roll


@attrs.frozen
class Reading:
    """One way to read the dice.  ``sets``: the sets after the manipulation and the Height
    penalties, best first (a failed set, Height 0 or less, is in ``failed``); ``run``: a
    Run's W1xH when no set is left; ``assigned``: the set each declared action takes (None:
    none)."""

    sets: tuple[DiceSet, ...]
    waste: tuple[int, ...]
    discarded: tuple[int, ...]
    assigned: tuple[DiceSet | None, ...]
    success: bool
    why: str
    rules: tuple[str, ...]
    run: DiceSet | None = None
    failed: tuple[DiceSet, ...] = ()
    special_value: int | None = None
    nudges: int = 0
    manipulation: str = ""  # "", "full-house", "squish", "squash"
    protect_used: int = 0
    readings_used: tuple[str, ...] = ()
    labels: tuple[str, ...] = ()  # the declared actions' names

    @property
    def best(self) -> DiceSet | None:
        """The first action's set (or the Run)."""
        return self.assigned[0] if self.assigned else None

    @property
    def served(self) -> int:
        return sum(1 for a in self.assigned if a is not None)

    @property
    def text(self) -> str:
        """ "4x9", "3x9 + 2x8 (waste 5)", "Run 1x6", "no set"."""
        shown = [s.label for s in self.sets] or ([f"Run {self.run.label}"] if self.run else ["no set"])
        tail = f" (waste {' '.join(map(str, self.waste))})" if self.waste else ""
        return " + ".join(shown) + tail

    @property
    def page(self) -> int | None:
        """The page of the rule that decides this reading (its first rule)."""
        return page_of_ref(RULE_LINES.get(self.rules[0], "")) if self.rules else None

    @property
    def pages(self) -> str:
        """Every page the reading's rules are on, for people: "pp. 13, 14, 20"."""
        found = sorted({p for r in self.rules if (p := page_of_ref(RULE_LINES.get(r, ""))) is not None})
        if not found:
            return ""
        return ("p. " if len(found) == 1 else "pp. ") + ", ".join(map(str, found))

    def to_json(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "sets": [s.to_json() for s in self.sets],
            "run": self.run.to_json() if self.run else None,
            "failed": [s.to_json() for s in self.failed],
            "waste": list(self.waste),
            "discarded": list(self.discarded),
            "success": self.success,
            "actions": [
                {"label": label, "set": a.to_json() if a else None, "success": a is not None}
                for label, a in zip(self.labels or ("",) * len(self.assigned), self.assigned)
            ],
            "special": {"value": self.special_value, "nudges": self.nudges},
            "manipulation": self.manipulation or None,
            "protect_used": self.protect_used,
            "why": self.why,
            "page": self.page,
            "pages": self.pages,
            "rules": list(self.rules),
            "readings_used": list(self.readings_used),
        }


# ----- the parts of a reading -------------------------------------------------------------
def breakups(count: int) -> list[tuple[tuple[int, ...], int]]:
    """The ways to read ``count`` dice of one Height (D7): sets of 2 or more (widest first),
    and how many are left over (0, or 1: "4x3 with a 1 and 3 as wasted dice")."""
    if count <= 1:
        return [((), count)]
    out = [(parts, 0) for parts in _partitions(count, 2, count)]
    if count >= 3:
        out += [(parts, 1) for parts in _partitions(count - 1, 2, count - 1)]
    return out


def _partitions(n: int, least: int, most: int) -> list[tuple[int, ...]]:
    """Partitions of n into parts >= least, each <= most, widest first."""
    if n == 0:
        return [()]
    out = []
    for first in range(min(n, most), least - 1, -1):
        for rest in _partitions(n - first, least, first):
            out.append((first, *rest))
    return out


def runs_of(faces: Iterable[int]) -> list[DiceSet]:
    """Every maximal Run of three or more consecutive faces as W1 x top (D8, S5), highest
    first; 10 does not wrap to 1."""
    present = sorted(set(faces))
    out, start = [], 0
    for i in range(1, len(present) + 1):
        if i == len(present) or present[i] != present[i - 1] + 1:
            if i - start >= 3:
                out.append(DiceSet(1, present[i - 1]))
            start = i
    return sorted(out, key=lambda s: -s.height)


def _run_length(faces: Iterable[int], top: int) -> int:
    present, n = set(faces), 0
    while top - n in present:
        n += 1
    return n


def _order(sets: Iterable[DiceSet]) -> tuple[DiceSet, ...]:
    return tuple(sorted(sets, key=lambda s: (-s.width, -s.height)))


def _manipulations(
    sets: tuple[DiceSet, ...], difficulty: int, o: Options
) -> list[tuple[tuple[DiceSet, ...], str, str]]:
    """(sets, kind, words) for no manipulation and each one the rules allow (D16-D18, S2)."""
    out = [(sets, "", "")]
    if o.full_house and len(sets) >= 2:
        seen = set()
        for i, j in itertools.permutations(range(len(sets)), 2):
            low, high = sets[i], sets[j]
            if high.height > low.height:
                rest = [s for k, s in enumerate(sets) if k not in (i, j)]
                new = _order([*rest, DiceSet(high.width + 1, high.height)])
                if new not in seen:
                    seen.add(new)
                    out.append(
                        (
                            new,
                            "full-house",
                            f"Full House: the {low.label} is discarded to add 1 Width to the "
                            f"{high.label}: {high.width + 1}x{high.height} (D16)",
                        )
                    )
    for k, s in enumerate(sets):
        rest = [x for i, x in enumerate(sets) if i != k]
        if o.squish and s.width >= 3 and s.height <= 8:
            out.append(
                (
                    _order([*rest, DiceSet(s.width - 1, s.height + 2)]),
                    "squish",
                    f"Squish: {s.label} → {s.width - 1}x{s.height + 2} (D17)",
                )
            )
        if o.squash and s.height - 2 >= max(1, difficulty):
            out.append(
                (
                    _order([*rest, DiceSet(s.width + 1, s.height - 2)]),
                    "squash",
                    f"Squash: {s.label} → {s.width + 1}x{s.height - 2} (D17)",
                )
            )
    return out


def _assignments(
    sets: tuple[DiceSet, ...], actions: Sequence[Action], difficulty: int
) -> list[tuple[DiceSet | None, ...]]:
    """Every way to give the sets to the actions, one each, in declared order (D33, S6, A6);
    an action goes without a set when none fits it or when there are fewer sets than actions."""
    n = len(actions)
    out: list[tuple[DiceSet | None, ...]] = []

    def walk(i: int, left: tuple[DiceSet, ...], got: tuple[DiceSet | None, ...]) -> None:
        if i == n:
            out.append(got)
            return
        a = actions[i]
        need = a.difficulty if a.difficulty is not None else difficulty
        blocked = a.relies_on_previous and i > 0 and got[i - 1] is None
        fits = [] if blocked else [k for k, s in enumerate(left) if s.height >= need]
        tried = set()
        for k in fits:
            if left[k] in tried:
                continue
            tried.add(left[k])
            walk(i + 1, left[:k] + left[k + 1 :], (*got, left[k]))
        # an action goes without a set when none fits, or when the sets left cannot serve
        # every action left (the player chooses which: E2 option C)
        if not fits or len(left) < n - i:
            walk(i + 1, left, (*got, None))

    walk(0, sets, ())
    return [g for g in out if not _dominated(g, sets)]


def _dominated(got: tuple[DiceSet | None, ...], sets: tuple[DiceSet, ...]) -> bool:
    """An action took a set while a set left unused is at least as wide and as high: a
    reading nobody would pick (it stays legal, the coach leaves it out)."""
    left = list(sets)
    for g in got:
        if g is not None:
            left.remove(g)
    return any(g is not None and any(u.width >= g.width and u.height >= g.height and u != g for u in left) for g in got)


def _words_nudge(value: int, nudges: int) -> str:
    if nudges == 0:
        return "Expert Die at 7 (D25)"
    times = "once" if nudges == 1 else "twice" if nudges == 2 else f"{nudges} times"
    return f"Expert Die 7 nudged {times} to {value} (D28)"


def _check(faces: Iterable[object]) -> tuple[int, ...]:
    out = []
    for f in faces:
        if isinstance(f, bool) or not isinstance(f, int) or f not in FACES:
            raise DiceError(f"a d10 shows 1 to 10, not {f!r}")
        out.append(f)
    return tuple(out)


def _difficulty(value: object, what: str = "a Difficulty") -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 10:
        raise DiceError(f"{what} is 1 to 10, not {value!r}")
    return value


def as_actions(actions: int | Sequence[Action]) -> tuple[Action, ...]:
    if isinstance(actions, int) and not isinstance(actions, bool):
        if not 1 <= actions <= 10:
            raise DiceError(f"the number of actions is 1 to 10, not {actions}")
        return tuple(Action() for _ in range(actions))
    out = tuple(actions)  # type: ignore[arg-type]
    if not out:
        raise DiceError("a roll declares at least one action")
    return out


# ----- the coach --------------------------------------------------------------------------
def readings(
    faces: Iterable[int],
    difficulty: int = 1,
    special: Special | None = None,
    actions: int | Sequence[Action] = 1,
    options: Options = Options(),
) -> list[Reading]:
    """Every legal reading of ``faces`` (the dice thrown), best first (module docstring)."""
    faces = _check(faces)
    difficulty = _difficulty(difficulty)
    acts = as_actions(actions)
    for a in acts:
        if a.difficulty is not None:
            _difficulty(a.difficulty, f"the Difficulty of {a.label or 'an action'}")
    read_at = min([difficulty] + [a.difficulty for a in acts if a.difficulty is not None])
    special = special or Special()
    if special.kind == "expert":
        candidates: list[tuple[int | None, int]] = [(v, v - 7) for v in special.values]
    elif special.kind == "master":
        candidates = [(v, 0) for v in reversed(special.values)]
    else:
        candidates = [(None, 0)]
    hp_total = max(0, options.height_penalty)
    protect_used = min(special.protect, hp_total)
    hp = hp_total - protect_used
    found: dict[tuple[Any, ...], Reading] = {}
    for value, nudges in candidates:
        dice = faces + ((value,) if value is not None else ())
        kept = sorted((d for d in dice if d >= read_at), reverse=True)
        discarded = tuple(sorted((d for d in faces if d < read_at), reverse=True))
        special_kept = value is not None and value >= read_at
        pre: list[str] = []
        used: list[str] = []
        rules: list[str] = []
        if value is not None:
            if special.kind == "expert":
                pre.append(_words_nudge(value, nudges))
                rules += ["D28" if nudges else "D25"]
            else:
                pre.append(f"Master Die set to {value} (D25)")
                rules.append("D25")
            if not special_kept:
                pre.append(f"the Special Die at {value} is below the Difficulty (S3)")
            used.append("S3")
        if discarded:
            pre.append(f"Difficulty {read_at} discards {' '.join(map(str, discarded))} (D10)")
            rules.append("D10")
        if len(acts) > 1 and any(a.difficulty is not None for a in acts):
            used.append("S6")
        counts = Counter(kept)
        heights = sorted(counts, reverse=True)
        options_per_height = [breakups(counts[h]) for h in heights]
        for combo in itertools.product(*options_per_height):
            sets: list[DiceSet] = []
            waste: list[int] = []
            broke = False
            for h, (widths, left) in zip(heights, combo):
                sets += [DiceSet(w, h) for w in widths]
                waste += [h] * left
                broke = broke or len(widths) > 1 or bool(left and widths)
            base = _order(sets)
            if not base:
                for reading in _no_set(
                    kept,
                    tuple(sorted(waste, reverse=True)),
                    discarded,
                    acts,
                    pre,
                    rules,
                    used,
                    value,
                    nudges,
                    hp,
                    protect_used,
                ):
                    found.setdefault(_key(reading), reading)
                continue
            for msets, kind, words in _manipulations(base, read_at, options):
                final: list[DiceSet] = []
                failed: list[DiceSet] = []
                for s in msets:
                    (final if s.height - hp > 0 else failed).append(DiceSet(s.width, s.height - hp))
                r_rules = (
                    [*rules, "D5"]
                    + (["D7"] if broke else [])
                    + ({"full-house": ["D16", "D18"], "squish": ["D17", "D18"], "squash": ["D17", "D18"]}.get(kind, []))
                )
                r_used = list(used) + (["A22"] if kind in ("squish", "squash") else [])
                steps = list(pre) + [
                    ("broken up: " if broke else "sets: ")
                    + " + ".join(s.label for s in base)
                    + (" (D7)" if broke else " (D5)")
                ]
                if words:
                    steps.append(words)
                if hp_total:
                    r_rules.append("D14")
                    r_used.append("S9")
                    if protect_used:
                        r_rules.append("D29")
                        steps.append(
                            f"Protect: {protect_used} Special Die point(s) beyond 5 cancel −{protect_used} Height (D29)"
                        )
                    if hp:
                        steps.append(
                            f"−{hp} Height on every set (S9)"
                            + (f": {' + '.join(s.label for s in failed)} fail(s) at Height 0 or less" if failed else "")
                        )
                # the pre-penalty Heights decide which action a set may take (S6)
                usable_pre = tuple(DiceSet(s.width, s.height + hp) for s in _order(final))
                if len(acts) > 1:
                    r_rules.append("D33")
                    r_used.append("A6")
                for assign in _assignments(usable_pre, acts, difficulty):
                    got = tuple(DiceSet(a.width, a.height - hp) if a else None for a in assign)
                    reading = _finish(
                        _order(final),
                        tuple(sorted(waste, reverse=True)),
                        discarded,
                        got,
                        acts,
                        steps,
                        r_rules,
                        r_used,
                        value,
                        nudges,
                        kind,
                        tuple(failed),
                        protect_used,
                    )
                    found.setdefault(_key(reading), reading)
    return sorted(_prune(list(found.values())), key=_rank)


def _covers(big: tuple[DiceSet, ...], small: tuple[DiceSet, ...]) -> bool:
    """Each set of ``small`` has its own set in ``big`` at least as wide and as high."""
    left = list(big)
    for s in sorted(small, key=lambda x: (-x.width, -x.height)):
        match = next((b for b in left if b.width >= s.width and b.height >= s.height), None)
        if match is None:
            return False
        left.remove(match)
    return True


def _prune(found: list[Reading]) -> list[Reading]:
    """Leave out a reading when another gives every action the same set and keeps sets at
    least as good besides (a Full House that wastes a set the plain reading keeps, a set
    broken up for nothing): still legal, never the better choice."""
    groups: dict[tuple[Any, ...], list[Reading]] = {}
    for r in found:
        groups.setdefault((r.assigned, r.run, r.failed), []).append(r)
    out = []
    for group in groups.values():
        for r in group:
            if not any(q is not r and q.sets != r.sets and _covers(q.sets, r.sets) for q in group):
                out.append(r)
    return out


def _no_set(
    kept: list[int],
    waste: tuple[int, ...],
    discarded: tuple[int, ...],
    acts: Sequence[Action],
    pre: list[str],
    rules: list[str],
    used: list[str],
    value: int | None,
    nudges: int,
    hp: int,
    protect_used: int,
) -> list[Reading]:
    """No set after the Difficulty: each Run (D8, S5), or a failure."""
    out = []
    for run in runs_of(kept):
        top = run.height - hp
        steps = [*pre, f"no set: the Run up to {run.height} is a Minimal Success, 1x{run.height} (D8)"]
        if hp:
            steps.append(f"−{hp} Height (S9)" + ("" if top > 0 else ": the Run fails at Height 0 or less"))
        in_run = set(range(run.height - _run_length(kept, run.height) + 1, run.height + 1))
        left = tuple(d for d in waste if d not in in_run)
        # the one Run goes to one action: each that may take it (its Difficulty, A6)
        targets = [
            i for i, a in enumerate(acts) if run.height >= (a.difficulty or 0) and not (a.relies_on_previous and i > 0)
        ] or [0]
        for i in targets:
            ok = top > 0 and run.height >= (acts[i].difficulty or 0) and not (acts[i].relies_on_previous and i > 0)
            got = tuple(DiceSet(1, top) if (k == i and ok) else None for k in range(len(acts)))
            out.append(
                _finish(
                    (),
                    left,
                    discarded,
                    got,
                    acts,
                    steps,
                    [*rules, "D8"],
                    [*used, "S5"],
                    value,
                    nudges,
                    "",
                    (),
                    protect_used,
                    run=DiceSet(1, top),
                )
            )
    if not out:
        steps = [*pre, "no set and no Run: the roll fails (D5)"]
        out.append(
            _finish(
                (),
                waste,
                discarded,
                (None,) * len(acts),
                acts,
                steps,
                [*rules, "D5"],
                used,
                value,
                nudges,
                "",
                (),
                protect_used,
            )
        )
    return out


def _finish(
    sets: tuple[DiceSet, ...],
    waste: tuple[int, ...],
    discarded: tuple[int, ...],
    got: tuple[DiceSet | None, ...],
    acts: Sequence[Action],
    steps: list[str],
    rules: list[str],
    used: list[str],
    value: int | None,
    nudges: int,
    kind: str,
    failed: tuple[DiceSet, ...],
    protect_used: int,
    run: DiceSet | None = None,
) -> Reading:
    served = sum(1 for g in got if g is not None)
    success = served == len(acts)
    words = list(steps)
    if len(acts) > 1:
        gave = [f"{a.label or f'action {i + 1}'} {g.label if g else '—'}" for i, (a, g) in enumerate(zip(acts, got))]
        words.append("to the actions in order: " + ", ".join(gave) + " (D33)")
        extra = len(sets) - sum(1 for g in got if g is not None and g.width > 1)
        if extra > 0:
            words.append(f"{extra} set(s) beyond the actions unused")
    first = got[0]
    if len(acts) > 1:
        words.append(f"→ {served} of {len(acts)} actions succeed" if served else "→ failure")
    elif first is not None:
        words.append(f"→ {first.label}: {grade(first.width)}, Height {first.height} (D6)")
    else:
        words.append("→ failure")
    rules = list(dict.fromkeys(rules + (["D33"] if len(acts) > 1 else []) + (["D6"] if served else [])))
    return Reading(
        sets=sets,
        waste=waste,
        discarded=discarded,
        assigned=got,
        success=success,
        why="; ".join(words) + ".",
        rules=tuple(rules),
        run=run,
        failed=failed,
        special_value=value,
        nudges=nudges,
        manipulation=kind,
        protect_used=protect_used,
        readings_used=tuple(dict.fromkeys(used)),
        labels=tuple(a.label for a in acts),
    )


def _key(r: Reading) -> tuple[Any, ...]:
    return (r.sets, r.run, r.manipulation, r.assigned, r.failed)


def _rank(r: Reading) -> tuple[Any, ...]:
    got = tuple((-(a.width if a else 0), -(a.height if a else 0)) for a in r.assigned)
    return (
        not r.success,
        -r.served,
        got,
        -len(r.sets),
        r.manipulation != "",
        len(r.waste),
        r.nudges,
        -(r.special_value or 0),
        r.text,
        r.manipulation,
    )


def best_reading(
    faces: Iterable[int],
    difficulty: int = 1,
    special: Special | None = None,
    actions: int | Sequence[Action] = 1,
    options: Options = Options(),
) -> Reading:
    """The first reading of the coach."""
    return readings(faces, difficulty, special, actions, options)[0]
