"""Upgrade saved documents step by step, one small pure function per version step.

``MIGRATIONS[kind][n]`` turns a version-n document (a dict) into a version-(n+1) one.
``upgrade(data, kind, current)`` applies them in order; a document newer than the app
or older than the oldest step we know is refused with a message that says which
(GCS's CurrentDataVersion / MinimumDataVersion, calibre's upgrade_version_N).
Each step is tested with a frozen fixture of its old version (tests/data/documents/).
"""

from __future__ import annotations

from collections.abc import Callable

from landsraad.errors import DocumentError

Migration = Callable[[dict], dict]

# kind -> {from_version: function}.  Version 1 is the first released format of both
# document kinds, so there is nothing to upgrade yet; the first change adds
# MIGRATIONS["character"][1] = upgrade_character_1 and bumps SCHEMA_VERSION to 2.
MIGRATIONS: dict[str, dict[int, Migration]] = {"character": {}, "fief": {}}
OLDEST: dict[str, int] = {"character": 1, "fief": 1}


def upgrade_fief_1(data: dict) -> dict:
    """Fief 1 -> 2: the monthly House turn (issue 18): month 1, an empty turn log, and an
    empty domain (Neutral, no Household) on every House."""
    from landsraad.house.domain_codec import upgrade_fief_1 as step
    return step(data)


def upgrade_fief_2(data: dict) -> dict:
    """Fief 2 -> 3: a Householder records what a linked character adds and the file's stamp (issue 23)."""
    from landsraad.house.domain_codec import upgrade_fief_2 as step
    return step(data)


MIGRATIONS["fief"][1] = upgrade_fief_1
MIGRATIONS["fief"][2] = upgrade_fief_2


def upgrade(data: dict, kind: str, current: int, file: str = "<document>",
            migrations: dict[int, Migration] | None = None, oldest: int | None = None) -> dict:
    steps = MIGRATIONS.get(kind, {}) if migrations is None else migrations
    oldest = OLDEST.get(kind, 1) if oldest is None else oldest
    if "schema_version" not in data:
        raise DocumentError(file, "missing field", "schema_version")
    version = data["schema_version"]
    if not isinstance(version, int) or isinstance(version, bool):
        raise DocumentError(file, f"must be a whole number, not {_shown(version)}", "schema_version")
    if version > current:
        raise DocumentError(file, f"written by a newer Landsraad Forge (schema_version {version}; "
                            f"this one reads up to {current}); update the app", "schema_version")
    if version < oldest:
        raise DocumentError(file, f"unknown schema_version {version} (this app reads {oldest} to {current})",
                            "schema_version")
    while version < current:
        step = steps.get(version)
        if step is None:
            raise DocumentError(file, f"no upgrade from schema_version {version}", "schema_version")
        data = step(dict(data))
        version += 1
        data["schema_version"] = version
    return data


def _shown(value) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
