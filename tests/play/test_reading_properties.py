"""Properties of every reading the coach lists, for any dice (spec dice-and-play.md §7, V1-V7)."""

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from landsraad.play.contest import gobble
from landsraad.play.pool import Special
from landsraad.play.reading import Options, readings

faces = st.lists(st.integers(1, 10), min_size=1, max_size=9)
specials = st.sampled_from([Special(), Special(1, True), Special(3, True), Special(4, True), Special(5, True)])


@settings(max_examples=150, deadline=None)
@given(faces, st.integers(1, 10), specials, st.integers(1, 3))
def test_every_reading_partitions_the_dice_left(dice, difficulty, special, actions):
    rs = readings(dice, difficulty, special, actions)
    assert rs
    for r in rs:
        everything = list(dice) + ([r.special_value] if r.special_value is not None else [])
        kept = Counter(d for d in everything if d >= difficulty)
        # V1: every die 1..10; the Difficulty discards exactly the dice below it (D10)
        assert sorted(r.discarded) == sorted(d for d in dice if d < difficulty)
        # V3: an Expert Die ends at 7..min(10, 6 + rating)
        if special.kind == "expert":
            assert r.special_value in special.values and r.nudges == r.special_value - 7
        # V4: without a manipulation, sets (W >= 2), a Run's dice and waste partition the dice kept
        if not r.manipulation:
            used = Counter()
            for s in r.sets:
                assert s.width >= 2
                used[s.height] += s.width
            if r.run is not None:
                assert not r.sets
                top = r.run.height
                while used[top] == 0 and kept[top] and top >= 1:
                    used[top] += 1
                    top -= 1
            used.update(r.waste)
            assert used == kept
        # a Run only when no set is left (D8, S5)
        assert r.run is None or not r.sets
        # V6: one set per action, at most
        assert len(r.assigned) == actions
        taken = [a for a in r.assigned if a is not None and a.width >= 2]
        assert Counter(taken) <= Counter(r.sets)
    # best first: a success is never listed after a failure
    flags = [r.success for r in rs]
    assert flags == sorted(flags, reverse=True)


@settings(max_examples=150, deadline=None)
@given(faces, st.integers(1, 10))
def test_one_manipulation_at_most_and_only_where_allowed(dice, difficulty):
    for r in readings(dice, difficulty):
        assert r.manipulation in ("", "full-house")
    for r in readings(dice, difficulty, options=Options(squish=True, squash=True)):
        assert r.manipulation in ("", "full-house", "squish", "squash")
        for s in r.sets:
            assert 1 <= s.height <= 10


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.tuples(st.integers(1, 5), st.integers(1, 10)), min_size=1, max_size=3),
    st.integers(1, 5),
    st.integers(1, 10),
)
def test_v7_a_counter_die_never_takes_a_higher_die(sets, width, height):
    from landsraad.dice import DiceSet

    active = [DiceSet(w, h) for w, h in sets]
    g = gobble(active, DiceSet(width, height))
    assert g.countered + g.idle == width  # each counter die removes at most one die
    for before, after, taken in zip(g.before, g.after, g.taken):
        assert after.width == before.width - taken >= 0
        if taken:
            assert before.height <= height  # never a die of greater Height (D37)
