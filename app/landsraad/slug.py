"""Ids are slugs of the rulebook's printed names (cli-contract.md, Conventions)."""

import re
import unicodedata

_NON_WORD = re.compile(r"[^a-z0-9]+")


def slugify(name: str) -> str:
    """ "Academic Education" -> "academic-education"; "Exile/Fugitive" -> "exile-fugitive".

    Apostrophes are dropped, not turned into a separator ("Locksmith's Hand" ->
    "locksmiths-hand"); accents are folded to ASCII.
    """
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    text = text.lower().replace("'", "").replace("\u2019", "")
    return _NON_WORD.sub("-", text).strip("-")
