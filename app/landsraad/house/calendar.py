"""The Guild Year (L4883): months are counted from 1 when the group starts play.

The Fief stores one number, the month of play (1, 2, 3 ...); the year and the month of
the year follow from the content's ``months_per_year`` (12).  Strategy timing and the
turn log use the month of play, so nothing breaks at a year's end.
"""

from __future__ import annotations

import attrs


@attrs.frozen
class Date:
    month: int  # month of play, 1-based
    year: int  # Guild Year of play, 1-based
    month_of_year: int  # 1..12

    @property
    def label(self) -> str:
        return f"Month {self.month_of_year}, Year {self.year}"

    def to_json(self) -> dict:
        return {"month": self.month, "year": self.year, "month_of_year": self.month_of_year}


def date_of(month: int, months_per_year: int = 12) -> Date:
    if month < 1:
        raise ValueError(f"months of play start at 1, not {month}")
    return Date(month, (month - 1) // months_per_year + 1, (month - 1) % months_per_year + 1)


def weeks(weeks_per_month: int = 4) -> range:
    return range(1, weeks_per_month + 1)
