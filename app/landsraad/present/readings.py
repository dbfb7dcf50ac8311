"""Every reading the project made, gathered from every pack for ``landsraad content readings``
and Help › Rules readings.

The rows and the per-pack walks are ``landsraad.rules.readings`` (the rules layer, which
knows no engine); gathering them needs the House tables and the roll engine's content, so it
lives here, above the engines (issue 24, engines in layers).
"""

from __future__ import annotations

from typing import Any

from landsraad.rules.readings import (
    ReadingRow,
    character_readings,
    condition_readings,
    domain_readings,
    house_readings,
    other_pack_readings,
)


def all_readings(content: Any = None, house_content: Any = None) -> list[ReadingRow]:
    """Every reading of the character pack and the House tables, then of the other packs."""
    if content is None:
        from landsraad.rules.content import load_content

        content = load_content()
    if house_content is None:
        from landsraad.house.content import load_house_content

        house_content = load_house_content()
    from landsraad.house.domain_tables import load_domain_content
    from landsraad.play.content import dice_readings  # the roll engine's readings (dice.toml)

    rows: list[ReadingRow] = (
        character_readings(content)
        + house_readings(house_content)
        + domain_readings(load_domain_content())
        + dice_readings()
        + condition_readings()
        + other_pack_readings()
    )
    return rows
