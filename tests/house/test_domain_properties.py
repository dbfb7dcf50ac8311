"""Months of random Ventures on the example Fief: whatever is rolled, Scores stay in 0..60
and Ratings in 1..6 (R6), pools never exceed 10 (L129), typed and seeded dice number the
pool (R4), a Venture changes a Score by at most 2 x 10, Degradation takes at most one point
per use (L4905), and the document survives a save and a load."""

from __future__ import annotations

import random
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from landsraad.house.content import load_house_content
from landsraad.house.document import dumps, load_fief, loads
from landsraad.house.domain import (
    add_householder,
    degradation_preview,
    end_month,
    set_strategy,
)
from landsraad.house.domain_tables import load_domain_content
from landsraad.house.ventures import (
    acting_pool,
    declare_venture,
    play_ratings,
    play_scores,
    resolve_venture,
    uses,
)

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "venhei-fief.json"
HC, DC = load_house_content(), load_domain_content()
KW = {"hc": HC, "dc": DC}
BASE = load_fief(EXAMPLE)
for _h in BASE.houses:
    for _n in ("A", "B"):
        add_householder(BASE, _h.id, f"{_h.name} {_n}")


def _declare(fief, rng):
    for h in fief.houses:
        for hh in h.domain.householders:
            v = rng.choice([x for x in DC.ventures if x.target != "gear"])
            rivals = [x for x in fief.houses if x is not h]
            against = rng.choice(rivals).id if v.target in ("rival-trait", "rival-house") else None
            target = rng.choice(v.target_traits) if v.target in ("rival-trait", "own-trait") else None
            declare_venture(
                fief,
                h.id,
                v.id,
                hh.name,
                target=target,
                against=against,
                maintain=rng.sample(HC.trait_ids, 3) if v.id == "maintain" else (),
                fake_strategy="warmonger" if v.id == "misinform" else None,
                **KW,
            )


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**31), st.integers(1, 3))
def test_random_months_keep_the_invariants(seed, months):
    rng = random.Random(seed)
    fief = loads(dumps(BASE))
    for _ in range(months):
        if rng.random() < 0.3:
            set_strategy(fief, rng.choice(fief.houses).id, rng.choice(DC.strategies).id, **KW)
        _declare(fief, rng)
        # Misinforms first (spec §7 step 5), then the rest
        order = sorted(
            ((h, r) for h in fief.houses for r in h.domain.ventures),
            key=lambda hr: DC.venture(hr[1].venture).effect != "misinform",
        )
        for h, rec in order:
            pool = acting_pool(fief, h, rec, HC, DC)
            assert 1 <= pool.dice <= 10
            resolve_venture(
                fief,
                h.id,
                rec.director,
                seed=rng.randrange(2**31),
                against_seed=rng.randrange(2**31) if rec.against and DC.venture(rec.venture).opposed else None,
                **KW,
            )
            assert len(rec.roll.faces) == rec.roll.pool == pool.dice
            assert all(abs(d) <= 2 * 10 for deltas in rec.changes.values() for d in deltas.values())
        preview = degradation_preview(fief, **KW)
        for h in fief.houses:
            u = uses(h, DC)
            assert all(-preview[h.id].get(t, 0) <= u.get(t, 0) for t in HC.trait_ids)
        end_month(fief, **KW)
        for h in fief.houses:
            scores, ratings = play_scores(fief, h, HC), play_ratings(fief, h, HC)
            assert all(0 <= scores[t] <= 60 for t in HC.trait_ids)
            assert all(1 <= ratings[t] <= 6 for t in HC.trait_ids)
    again = loads(dumps(fief))
    assert again == fief
    assert all(play_scores(again, h, HC) == play_scores(fief, h, HC) for h in fief.houses)
