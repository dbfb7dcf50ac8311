"""What the monthly House turn saves in the Fief document (spec domain-management §6.3).

Only what was declared, rolled, typed and decided is kept; pools, eff values, Ratings
and the month's uses are recomputed from it (``landsraad.house.ventures``).  Each House
carries a ``HouseDomain``; the Fief carries the month and the turn log.  Score changes
made in play are a ledger (``ScoreChange``) replayed over the creation scores, so an
edit of the House's creation still shows through and nothing is stored twice.
"""

from __future__ import annotations

import attrs

HIGH = "high"
LOW = "low"
MANIPULATIONS = ("squish", "squash")  # L216: "made available as standard during play if a Judge wishes"
GEAR_TIMES = ("days", "weeks", "months")  # a gear's Time Trait (L3919)
STATUSES = ("active", "dead", "kidnapped", "turned", "gone")  # what became of a Householder (S17)


@attrs.define
class Householder:
    name: str
    rank: str = HIGH  # "high" | "low" (L4881)
    character: str | None = None  # path of the character document, if any
    ratings: dict = attrs.Factory(dict)  # statistic/skill ratings the Judge typed (S12), e.g. {"charm": 3}
    status: str = "active"  # "active" | "dead" | "kidnapped" | "turned" | "gone" (S17)
    note: str = ""
    # a linked character (``link_householder``): what its House-trait advantages add (L1415,
    # L1472, L1527, L1614, L1788, L1825), recorded when linked, so every number of the turn
    # reads the Fief alone; ``stamp`` is the file's digest then (a changed file is a warning)
    adds: dict = attrs.Factory(dict)  # {trait: points}
    sources: list[str] = attrs.Factory(list)  # ["Contacts 2"]
    stamp: str = ""

    @property
    def linked(self) -> bool:
        return bool(self.character) and bool(self.stamp)


@attrs.define
class DiceRecord:
    """One roll of the turn: faces and seed (None = typed), with its pool."""

    pool: int
    faces: list[int]
    seed: int | None = None

    @property
    def typed(self) -> bool:
        return self.seed is None


@attrs.define
class VentureRecord:
    """A Venture declared this month by its director, and its resolution once rolled."""

    venture: str  # content id
    director: str  # a High Householder's name
    target: str | None = None  # a trait (rival's, own, or Surveillance's chosen trait)
    against: str | None = None  # rival House id
    maintain: list[str] = attrs.Factory(list)  # Maintain: the traits chosen (<= Width)
    fake_strategy: str | None = None  # Misinform: the fake Strategy
    fake_ventures: list[str] = attrs.Factory(list)  # Misinform: the fake Venture ids
    reputation: bool = False  # +1d from the House's Reputation (L4850)
    gear: str = ""  # the gear Venture: what is obtained (L3915)
    difficulty: int = 0  # the gear's DIFFICULTY, entered by the Judge (S20)
    cost: int = 0  # the gear's bulk cost: Treasury Rating -cost next month (L3921)
    special: int = 0  # Special Die Rating granted (Intelligence, Steal, Forecast)
    roll: DiceRecord | None = None
    counter: DiceRecord | None = None
    width: int | None = None  # None = not resolved yet
    height: int | None = None
    changes: dict = attrs.Factory(dict)  # {house id: {trait: delta}} (pending until the month ends)
    reveals: dict = attrs.Factory(dict)  # what an information Venture learned
    reason: str = ""
    neutralised: bool = False  # Kidnap-High of the director
    counter_reputation: bool = False  # the rival's Reputation added 1d to its counter (L4850)
    parts: list = attrs.Factory(list)  # the pool's parts as rolled, [[what, dice], ...]: the report adds up
    counter_parts: list = attrs.Factory(list)  # the counter pool's parts as rolled
    holding: str = ""  # the gear Venture: the holding it obtains (content id), if any
    time: str = ""  # the gear's Time Trait: "days", "weeks" or "months" (L3919)
    count: int = 1  # how many (a bulk order's number, L3921)

    @property
    def resolved(self) -> bool:
        return self.width is not None


@attrs.define
class OperationRecord:
    """An Operation of one week by one High Householder, and its outcome."""

    operation: str  # content key, e.g. "spy-high"
    actor: str
    week: int
    against: str | None = None  # rival House id (or own House for Protect)
    target: str | None = None  # target Householder's name
    venture: str | None = None  # the Venture it aims at or feeds: "HOUSE:DIRECTOR"
    operation_ref: str | None = None  # Sabotage of an Operation: "HOUSE:ACTOR:WEEK"
    alt: bool = False  # the second printed pool (Interrogate)
    roll: DiceRecord | None = None
    counter: DiceRecord | None = None
    width: int | None = None  # None until resolved; Encounters: the Judge's Width or 0/1
    height: int | None = None
    encounter: str = ""  # the Judge's result of an Encounter, in words
    bonus: int = 0  # dice given to ``venture`` (negative: a die lost)
    special: int = 0  # Special Die Rating given to ``venture``
    ransom: str = ""  # Kidnap-Low: "", "yielded", "refused"
    chosen: list[str] = attrs.Factory(list)  # Interrogate-Low: High Householders chosen
    reveals: dict = attrs.Factory(dict)
    reason: str = ""
    reputation: bool = False  # the House's Reputation added 1d to this roll (L4850)
    counter_reputation: bool = False  # the target House's Reputation added 1d to its counter
    special_roll: int = 0  # the actor's Special Die Rating on the roll's skill (L241)

    @property
    def resolved(self) -> bool:
        return self.width is not None


@attrs.define
class FactUse:
    """A standing fact or debt of House history, tracked in play (spec §6.1)."""

    fact: str  # content fact id ("reputation", "boon", ...)
    source: str = ""  # the history die it came from ("9", "2x8"), "" if added by hand
    text: str = ""  # what it is about (the duty, the creditor faction, the ally)
    used: list[int] = attrs.Factory(list)  # months it was used (Reputation: one a month)
    spent: bool = False  # Boon cashed in / Aid debt called in


@attrs.define
class Knowledge:
    """What one House has learnt about another (secrets, spec §3.5)."""

    about: str  # House id
    what: str  # "strategy" | "ventures" | "trait-level" | "operations" | "venture"
    value: object  # the answer as received (may be a fake)
    month: int
    source: str  # "investigate", "surveillance", "spy", "interrogate", "intelligence"
    true: bool = True  # False when a Misinform/Mislead fed a fake answer
    public: bool = False  # shown to the group on the table view


@attrs.define
class ScoreChange:
    """A change of Trait Scores in play: Venture effects and Degradation, by month."""

    month: int
    deltas: dict  # {trait: delta}
    why: str


@attrs.define
class RatingPenalty:
    """A Trait Rating lowered for one month, not a Score change (gear's cost, L3921, S20)."""

    month: int
    trait: str
    amount: int
    why: str


@attrs.define
class GearOrder:
    """Gear obtained by a Venture, on its way (L3919: "Combine the Time Factor and the Time Trait
    to determine how long it will take for the item to arrive"); a holding when it arrives."""

    gear: str
    holding: str  # content holding id ("" = gear with no Score effect)
    count: int
    ordered: int  # the month of the roll
    arrives: int  # the month at whose end it arrives


@attrs.define
class HouseDomain:
    strategy: str = "neutral"
    pending_strategy: str | None = None
    pending_from: int | None = None  # the month the pending Strategy becomes active
    strategy_public: bool = False
    householders: list[Householder] = attrs.Factory(list)
    ventures: list[VentureRecord] = attrs.Factory(list)  # this month's
    operations: list[OperationRecord] = attrs.Factory(list)  # this month's
    facts: list[FactUse] = attrs.Factory(list)
    knowledge: list[Knowledge] = attrs.Factory(list)
    changes: list[ScoreChange] = attrs.Factory(list)
    penalties: list[RatingPenalty] = attrs.Factory(list)
    legal: dict = attrs.Factory(dict)  # {house id: "war-of-assassins" | "kanly"} (spec §6.2)
    orders: list[GearOrder] = attrs.Factory(list)  # gear on its way (L3919)

    def householder(self, name: str) -> Householder | None:
        key = name.strip().casefold()
        for h in self.householders:
            if h.name.casefold() == key:
                return h
        return None

    def venture_of(self, director: str) -> VentureRecord | None:
        key = director.strip().casefold()
        for v in self.ventures:
            if v.director.casefold() == key:
                return v
        return None


@attrs.define
class TurnEntry:
    """One line of the turn log: every entry carries its month."""

    month: int
    house: str  # House id ("" for the Fief)
    kind: str  # "strategy", "venture", "operation", "degradation", "month", ...
    text: str  # a sentence a player understands
    who: str = ""
    detail: dict = attrs.Factory(dict)  # the record as JSON (pools, rolls, changes, readings)
