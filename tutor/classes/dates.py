"""Due dates and end dates: a day in the class's time zone, in Russian («до 12 декабря»).

Dates are ``YYYY-MM-DD`` strings in the database and in ``<input type="date">``.
A due date means the end of that day in the class's zone
(:mod:`tutor.accounts.zones`): work is overdue from the next midnight there.
"""

from __future__ import annotations

import datetime as dt

from tutor.accounts.zones import russian, today


def parse(text: str | None) -> dt.date | None:
    """A date from a form (``2026-12-12``), or None when empty or not a date."""
    if not text:
        return None
    try:
        return dt.date.fromisoformat(text.strip()[:10])
    except ValueError:
        return None


def due_text(iso: str | None, this_year: int | None = None) -> str:
    """«до 12 декабря» for a stored date; empty when there is none."""
    day = parse(iso)
    return f"до {russian(day, this_year)}" if day else ""


def is_past(iso: str | None, zone_name: str | None, now: dt.datetime | None = None) -> bool:
    """True once the whole due day is over in the class's zone (no date: never)."""
    day = parse(iso)
    return day is not None and day < today(zone_name, now)
