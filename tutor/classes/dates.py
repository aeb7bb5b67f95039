"""Russian dates for due dates and end dates: «до 12 декабря», «до 3 марта 2027 г.».

Dates are ``YYYY-MM-DD`` strings in the database and in ``<input type="date">``.
"""

from __future__ import annotations

import datetime as dt

MONTHS = ("января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа",
          "сентября", "октября", "ноября", "декабря")


def parse(text: str | None) -> dt.date | None:
    """A date from a form (``2026-12-12``), or None when empty or not a date."""
    if not text:
        return None
    try:
        return dt.date.fromisoformat(text.strip()[:10])
    except ValueError:
        return None


def russian(day: dt.date, today: dt.date | None = None) -> str:
    """``12 декабря`` in the current year, ``12 декабря 2027 г.`` otherwise.

    >>> russian(dt.date(2026, 12, 12), today=dt.date(2026, 12, 2))
    '12 декабря'
    >>> russian(dt.date(2027, 3, 3), today=dt.date(2026, 12, 2))
    '3 марта 2027 г.'
    """
    today = today or dt.date.today()
    text = f"{day.day} {MONTHS[day.month - 1]}"
    return text if day.year == today.year else f"{text} {day.year} г."


def due_text(iso: str | None, today: dt.date | None = None) -> str:
    """«до 12 декабря» for a stored date; empty when there is none."""
    day = parse(iso)
    return f"до {russian(day, today)}" if day else ""
