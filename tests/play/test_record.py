"""The roll record the roll log keeps (the shape agreed in landsraad.play's docstring)."""

import pytest

from landsraad.dice import RollRecord
from landsraad.errors import DiceError
from landsraad.play.pool import plain_pool
from landsraad.play.reading import readings
from landsraad.play.record import record_roll


def test_record_round_trip_and_chosen_reading():
    pool = plain_pool(7, expert=3)
    faces = (2, 3, 8, 8, 9, 9)
    rs = readings(faces, 4, pool.special)
    rec = record_roll(pool, faces, rs, 1, who="Ilse", difficulty=4, seed=None, when="2026-12-04T20:00:00+00:00")
    data = rec.to_json()
    assert data["reading"] == rs[1].to_json() and data["chosen"] == 1
    assert data["pool"] == 7 and data["rolled"] == 6 and data["special"]["kind"] == "expert"
    assert set(data) == {
        "when",
        "who",
        "what",
        "actions",
        "pool",
        "rolled",
        "parts",
        "difficulty",
        "special",
        "faces",
        "seed",
        "reading",
        "chosen",
        "against",
        "readings_used",
    }
    assert RollRecord.from_json(data) == rec


def test_record_refuses_bad_shapes():
    with pytest.raises(DiceError):
        RollRecord.from_json({"when": 3})
    with pytest.raises(DiceError):
        record_roll(plain_pool(2), (1, 1), [], 0)
    pool = plain_pool(2)
    with pytest.raises(DiceError):
        record_roll(pool, (1, 1), readings((1, 1)), 5)
    data = record_roll(pool, (1, 1), readings((1, 1))).to_json()
    data["faces"] = [0]
    with pytest.raises(DiceError, match="faces"):
        RollRecord.from_json(data)
