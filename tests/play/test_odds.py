"""Exact odds against brute-force enumeration and shared/rules/dice-probabilities.md."""

import itertools
from collections import Counter
from fractions import Fraction
from math import factorial

import pytest

from landsraad.play.odds import odds
from landsraad.play.pool import Special


def _events(kept_counts, actions):
    w = max(kept_counts.values(), default=0)
    present = set(kept_counts)
    run = any({x, x + 1, x + 2} <= present for x in range(1, 9))
    sets = sum(v // 2 for v in kept_counts.values())
    success = w >= 2 or run
    return (success, w >= 2, w >= 3, w >= 4, w >= 5, success if actions == 1 else sets >= actions)


def brute(n, d, special, actions):
    """Every one of the 10^n rolls, the Special Die tried at each value it may take."""
    tot = [0] * 6
    for faces in itertools.product(range(1, 11), repeat=n):
        options = [faces + (v,) for v in special.values] or [faces]
        got = [False] * 6
        for f in options:
            for i, e in enumerate(_events(Counter(x for x in f if x >= d), actions)):
                got[i] = got[i] or e
        for i, e in enumerate(got):
            tot[i] += e
    return [Fraction(t, 10**n) for t in tot]


def as_list(o):
    return [o.success, o.any_set, o.width3, o.width4, o.width5, o.enough]


@pytest.mark.parametrize(
    "special",
    [Special(), Special(1, True), Special(3, True), Special(4, True), Special(5, True)],
    ids=["none", "expert1", "expert3", "expert4", "master"],
)
def test_odds_equal_brute_force_small_pools(special):
    for n in range(0, 4):
        for actions in (1, 2):
            for d in range(1, 11):
                assert as_list(odds(n, d, special, actions)) == brute(n, d, special, actions), (n, d, actions)


def test_odds_equal_brute_force_four_dice():
    for d in range(1, 11):
        assert as_list(odds(4, d)) == brute(4, d, Special(), 1)
        assert as_list(odds(4, d, Special(2, True), 2)) == brute(4, d, Special(2, True), 2)


def _multisets(n, faces=10):
    if faces == 1:
        yield (n,)
        return
    for c in range(n, -1, -1):
        for rest in _multisets(n - c, faces - 1):
            yield (c, *rest)


def test_odds_equal_multiset_enumeration_pools_1_to_10_every_difficulty():
    # an independent exact method: all C(n+9, 9) multisets of n faces with their multinomial
    # weights (92,378 for 10 dice), each read at every Difficulty (the faces below it dropped)
    fact = [factorial(k) for k in range(11)]
    for n in range(1, 11):
        tot = [[0] * 6 for _ in range(10)]
        for counts in _multisets(n):
            weight = fact[n]
            for c in counts:
                weight //= fact[c]
            # Difficulty 10 down to 1: add one face at a time (counts[h - 1] dice of face h)
            w = sets = 0
            run = False
            p1 = p2 = False
            for d in range(10, 0, -1):
                c = counts[d - 1]
                w = max(w, c)
                sets += c // 2
                run = run or (c > 0 and p1 and p2)
                p2, p1 = p1, c > 0
                success = w >= 2 or run
                row = tot[d - 1]
                for i, e in enumerate((success, w >= 2, w >= 3, w >= 4, w >= 5, sets >= 2)):
                    if e:
                        row[i] += weight
        for d in range(1, 11):
            want = [Fraction(t, 10**n) for t in tot[d - 1]]
            got = odds(n, d, None, 2)
            assert [got.success, got.any_set, got.width3, got.width4, got.width5, got.enough] == want, (n, d)


def test_published_figures():
    # dice-probabilities.md: P(set), P(widest >= 3, 4, 5)
    table = {
        2: (0.1000, 0, 0, 0),
        5: (0.6976, 0.0856, 0.0046, 0.0001),
        8: (0.9819, 0.3627, 0.0502, 0.0043),
        10: (0.999637, 0.6042, 0.1270, 0.0163),
        11: (1.0, 0.7158, 0.1823, 0.02750),
    }
    for n, figures in table.items():
        o = odds(n, 1)
        got = (float(o.any_set), float(o.width3), float(o.width4), float(o.width5))
        for g, w in zip(got, figures):
            assert abs(g - w) < 6e-5, (n, got)
    # no set: 10!/(10-n)!/10^n
    assert 1 - odds(5, 1).any_set == Fraction(factorial(10) // factorial(5), 10**5)
    # Difficulty D on 2d10: P(set) = (11 - D)/100
    for d in range(1, 11):
        assert odds(2, d).any_set == Fraction(11 - d, 100)


def test_odds_json_and_bad_input():
    j = odds(6, 3, Special(2, True)).to_json()
    assert {"success", "width3", "width4"} <= set(j) and all(0 <= j[k] <= 1 for k in ("success", "width3", "width4"))
    from landsraad.errors import DiceError

    with pytest.raises(DiceError):
        odds(16)
    with pytest.raises(DiceError):
        odds(5, 0)


def test_coach_and_odds_agree_on_every_roll_of_three_dice():
    # the coach's best reading succeeds exactly as often as the odds say, for each Special Die;
    # Width 3+ is the widest set as rolled (dice-probabilities.md), before a Full House
    from landsraad.play.reading import readings

    for special in (Special(), Special(2, True), Special(5, True)):
        for d in (1, 5, 8):
            wins = w3 = 0
            for faces in itertools.product(range(1, 11), repeat=3):
                rs = readings(faces, d, special)
                wins += rs[0].success
                w3 += any(r.best is not None and r.best.width >= 3 and not r.manipulation for r in rs)
            o = odds(3, d, special)
            assert Fraction(wins, 1000) == o.success and Fraction(w3, 1000) == o.width3, (special, d)


def test_full_house_odds_equal_the_coach_on_every_roll():
    # reach3 / reach4: Width 3+ / 4+ once a Full House (D16) may follow the Special Die's choice:
    # the widest set the coach can give, counted over every roll of 3 (and 4 plain) dice
    from landsraad.play.reading import readings

    cases = [(3, Special()), (3, Special(2, True)), (3, Special(4, True)), (3, Special(5, True)), (4, Special())]
    for n, special in cases:
        for d in (1, 4, 8):
            r3 = r4 = 0
            for faces in itertools.product(range(1, 11), repeat=n):
                widest = max((r.best.width for r in readings(faces, d, special) if r.best is not None), default=0)
                r3 += widest >= 3
                r4 += widest >= 4
            o = odds(n, d, special)
            assert (o.reach3, o.reach4) == (Fraction(r3, 10**n), Fraction(r4, 10**n)), (n, special, d)
    # a Full House never lowers the odds of the widest set as rolled
    for n in range(2, 11):
        o = odds(n, 1)
        assert o.reach3 >= o.width3 and o.reach4 >= o.width4


def test_odds_with_special_dice_equal_multiset_enumeration():
    # pools of 6 and 7 (5 and 6 dice thrown beside the Special Die), every Difficulty, every value
    fact = [factorial(k) for k in range(11)]
    for n, special in ((5, Special(4, True)), (6, Special(4, True)), (5, Special(5, True))):
        tot = [[0] * 6 for _ in range(10)]
        for counts in _multisets(n):
            weight = fact[n]
            for c in counts:
                weight //= fact[c]
            for d in range(1, 11):
                got = [False] * 6
                for v in special.values:
                    kept = Counter({h: c for h, c in zip(range(1, 11), counts) if c and h >= d})
                    if v >= d:
                        kept[v] += 1
                    got = [a or b for a, b in zip(got, _events(kept, 2))]
                for i, e in enumerate(got):
                    tot[d - 1][i] += weight * e
        for d in range(1, 11):
            o = odds(n, d, special, 2)
            assert [o.success, o.any_set, o.width3, o.width4, o.width5, o.enough] == [
                Fraction(t, 10**n) for t in tot[d - 1]
            ], (n, special, d)


def test_height_penalty_odds_equal_the_coach_on_every_roll():
    # D14/S9: a set ends at Height - N (0 or less fails), a Run's top too; a failed set still
    # blocks a Run (S5).  Every roll of 3 dice, read by the coach, against the odds
    from landsraad.play.reading import Options, readings

    for special in (Special(), Special(2, True), Special(5, True)):
        for hp, d in ((2, 1), (7, 4)):
            o = odds(3, d, special, 2, hp)
            count = [0] * 5
            for faces in itertools.product(range(1, 11), repeat=3):
                rs = readings(faces, d, special, 1, Options(height_penalty=hp))
                widest = max((r.best.width for r in rs if r.best is not None), default=0)
                two = readings(faces, d, special, 2, Options(height_penalty=hp))[0].success
                for i, e in enumerate((rs[0].success, widest >= 2, two, widest >= 3, widest >= 4)):
                    count[i] += e
            got = (o.success, o.any_set, o.enough, o.reach3, o.reach4)
            assert got == tuple(Fraction(c, 1000) for c in count), (special, hp, d)


def test_pool_odds_spend_protect_on_the_height_penalty():
    from landsraad.play.odds import pool_odds
    from landsraad.play.pool import Part, build_pool

    # T8: SDR 5 + 2 and -1d: one point cancels the die, one is left for a -1 Height
    p = build_pool([Part("Pool 6", 6, "D2", "L127")], rating=5, rating_bonus=2, penalty=1)
    assert pool_odds(p, 1, 1, 1) == odds(5, 1, p.special, 1, 0)
    assert pool_odds(p, 1, 1, 2) == odds(5, 1, p.special, 1, 1)
