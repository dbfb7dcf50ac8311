"""Who may come in, and as whom.

- A join code (8 characters) and a separate Judge code (10), drawn from ``secrets`` for
  every start of the server, from an alphabet without look-alikes (no 0/O, 1/I/L).
- Wrong codes: 403; after ``MAX_TRIES`` wrong tries from one address, 429 for
  ``BLOCK_SECONDS`` (the right code too: the address is blocked, not the guess).
- A browser that joined holds a cookie naming its ``Seat`` (HttpOnly, SameSite=Strict);
  every state-changing request carries the seat's CSRF token in ``X-CSRF-Token``.
- Names people type are bounded and cleaned of bidirectional controls before anyone
  else's page shows them (pages also set them as text, never as HTML).
"""

from __future__ import annotations

import hmac
import re
import secrets
import time
import unicodedata

import attrs

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0 O 1 I L: read aloud and typed on a phone
JOIN_LENGTH = 8
JUDGE_LENGTH = 10
MAX_TRIES = 10
BLOCK_SECONDS = 60.0
MAX_SEATS = 64  # browsers joined at once (a table is 3-8 people and a TV)
PLAYER_NAME = 40  # a player's name as the Judge and the TV read it
COOKIE = "lf_seat"

# bidirectional overrides, embeddings, isolates and marks: a name must not turn the
# text after it around on the Judge's screen
_BIDI = re.compile("[\u200e\u200f\u202a-\u202e\u2066-\u2069\u061c]")


def new_code(length: int = JOIN_LENGTH) -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(length))


def normal_code(text: str) -> str:
    """A typed code as it is compared: upper case, spaces and dashes dropped, bounded."""
    return re.sub(r"[\s-]", "", str(text)[:64]).upper()


def clean_name(text: str, limit: int = PLAYER_NAME) -> str:
    """A name a player typed: control and bidirectional characters dropped, spaces folded,
    at most ``limit`` characters ("" when nothing is left)."""
    text = unicodedata.normalize("NFC", str(text)[: limit * 4])
    text = _BIDI.sub("", text)
    text = "".join(ch for ch in text if unicodedata.category(ch)[0] != "C")
    return " ".join(text.split())[:limit]


@attrs.define
class Seat:
    token: str  # the cookie's value
    csrf: str
    role: str  # "player" | "tv" | "judge"
    name: str = ""
    doc: str | None = None  # the seat's document: its character, or its House's Fief
    house: str | None = None  # the seat's House id in ``doc``
    step: str = ""  # the step the player is on (the TV's "Kara — Step 04")
    since: float = attrs.Factory(time.monotonic)

    @property
    def kind(self) -> str:
        if self.role != "player":
            return self.role
        return "house" if self.house else ("character" if self.doc else "none")


class Gate:
    """The codes of one start of the server and the wrong tries per address."""

    def __init__(self, join_code: str | None = None, judge_code: str | None = None, clock=time.monotonic):
        self.join_code = join_code or new_code(JOIN_LENGTH)
        self.judge_code = judge_code or new_code(JUDGE_LENGTH)
        while self.judge_code == self.join_code:  # pragma: no cover - 31^8 against 31^10
            self.judge_code = new_code(JUDGE_LENGTH)
        self.clock = clock
        self._wrong: dict[str, list[float]] = {}
        self._blocked: dict[str, float] = {}

    def blocked(self, address: str) -> bool:
        until = self._blocked.get(address)
        if until is None:
            return False
        if self.clock() >= until:
            del self._blocked[address]
            self._wrong.pop(address, None)
            return False
        return True

    def check(self, address: str, code: str) -> str | None:
        """ "player", "judge" or None (a wrong try, counted)."""
        typed = normal_code(code)
        if typed and hmac.compare_digest(typed, self.join_code):
            return "player"
        if typed and hmac.compare_digest(typed, self.judge_code):
            return "judge"
        now = self.clock()
        tries = [t for t in self._wrong.get(address, []) if now - t < BLOCK_SECONDS] + [now]
        self._wrong[address] = tries
        if len(tries) >= MAX_TRIES:
            self._blocked[address] = now + BLOCK_SECONDS
        if len(self._wrong) > 10_000:  # bounded: a flood of addresses forgets the oldest
            for key in list(self._wrong)[:5_000]:
                del self._wrong[key]
        return None


def new_seat(role: str) -> Seat:
    return Seat(token=secrets.token_urlsafe(32), csrf=secrets.token_urlsafe(24), role=role)


def same_token(a: str | None, b: str | None) -> bool:
    return bool(a) and bool(b) and hmac.compare_digest(str(a), str(b))
