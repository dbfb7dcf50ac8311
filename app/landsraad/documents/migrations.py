"""Upgrade saved documents step by step, one small pure function per version step.

A kind's record (``documents/kinds.py``: ``migrations``, ``oldest``, registered from its
engine folder) holds its steps: ``migrations[n]`` turns a version-n document (a dict) into
a version-(n+1) one; ``MIGRATIONS[kind]``, when set (a test's, a script's), is used instead.
``upgrade(data, kind, current)`` applies them in order; a document newer than the app
or older than the oldest step we know is refused with a message that says which
(GCS's CurrentDataVersion / MinimumDataVersion, calibre's upgrade_version_N).
Each step is tested with a frozen fixture of its old version (tests/data/documents/).
"""

from __future__ import annotations

from collections.abc import Callable

from landsraad.errors import DocumentError

Migration = Callable[[dict], dict]

# kind -> {from_version: function}, and kind -> the oldest version read: what replaces a
# kind record's own steps (the records hold the app's; nothing here names a kind)
MIGRATIONS: dict[str, dict[int, Migration]] = {}
OLDEST: dict[str, int] = {}


def upgrade(
    data: dict,
    kind: str,
    current: int,
    file: str = "<document>",
    migrations: dict[int, Migration] | None = None,
    oldest: int | None = None,
) -> dict:
    from landsraad.documents import kinds

    record = kinds.get(kind)
    steps = MIGRATIONS.get(kind, record.migrations if record else {}) if migrations is None else migrations
    oldest = OLDEST.get(kind, record.oldest if record else 1) if oldest is None else oldest
    if "schema_version" not in data:
        raise DocumentError(file, "missing field", "schema_version")
    version = data["schema_version"]
    if not isinstance(version, int) or isinstance(version, bool):
        raise DocumentError(file, f"must be a whole number, not {_shown(version)}", "schema_version")
    if version > current:
        raise DocumentError(
            file,
            f"written by a newer Landsraad Forge (schema_version {version}; "
            f"this one reads up to {current}); update the app",
            "schema_version",
        )
    if version < oldest:
        raise DocumentError(
            file, f"unknown schema_version {version} (this app reads {oldest} to {current})", "schema_version"
        )
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
