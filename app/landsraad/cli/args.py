"""argparse value types shared by the command groups; a bad value is exit 2 naming the flag."""

from __future__ import annotations

import argparse

# A seed is a whole number 0 to 2^63-1.  Negative seeds are refused (exit 2) rather than
# read: random.Random(-5) is random.Random(5), so "--seed -5" would silently repeat
# "--seed 5"'s roll (issue 13).  Drawn seeds are 0 to 2^32-1 (dice.new_seed).
SEED_MAX = 2**63 - 1


def seed(text: str) -> int:
    t = text.strip()
    if not (t.isascii() and t.isdigit()) or len(t) > 19:
        if t.startswith("-") and t[1:].isascii() and t[1:].isdigit():
            raise argparse.ArgumentTypeError(
                f"a seed is 0 or more, not {t} (a negative seed would repeat the roll of {t[1:]})"
            )
        raise argparse.ArgumentTypeError(f"a seed is a whole number 0 to {SEED_MAX}, not {text[:40]!r}")
    value = int(t)
    if value > SEED_MAX:
        raise argparse.ArgumentTypeError(f"a seed is a whole number 0 to {SEED_MAX}, not {t}")
    return value


def integer(text: str) -> int:
    """The type of every ``N`` option (argparse's ``type=int`` is replaced by this one in
    ``landsraad.cli._Parser``): ASCII digits, bounded (``limits.parse_int``)."""
    from landsraad.documents.limits import parse_int
    from landsraad.errors import ChoiceError

    try:
        return parse_int(text, "value")
    except ChoiceError as exc:
        raise argparse.ArgumentTypeError(str(exc).removeprefix("value: ")) from None


def output_file(text: str) -> str:
    """The type of every ``-o``/``--output``: a name (``-o ""`` is one message, exit 2)."""
    if not text.strip():
        raise argparse.ArgumentTypeError('no file name given (-o ""); name the file to write')
    return text


def has_surrogate(text: str) -> bool:
    """A lone surrogate: what Python makes of argument bytes that are not UTF-8."""
    return any("\ud800" <= c <= "\udfff" for c in text)
