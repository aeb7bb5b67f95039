"""Time zones of classes and accounts, and Russian dates and times shown in them.

The database keeps moments in UTC; a person reads them in their own zone. A
class has the zone its instructor set (a due date means the end of that day
there); a learner outside a class reads times in their account's zone. Both
default to Moscow, where most of the site's learners are. The list is short
and named in Russian, so a select box stays readable; a zone a database holds
that is not in the list (or that this system's zone data lacks) reads as Moscow.
"""

from __future__ import annotations

import datetime as dt
from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

DEFAULT_ZONE = "Europe/Moscow"
MONTHS = ("января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа",
          "сентября", "октября", "ноября", "декабря")
# (IANA name, label) in order of the UTC offset in winter.
ZONES: dict[str, str] = {
    "Europe/London": "Лондон (UTC+0)",
    "Europe/Berlin": "Берлин, Варшава (UTC+1)",
    "Europe/Kaliningrad": "Калининград (UTC+2)",
    "Europe/Kyiv": "Киев (UTC+2)",
    "Europe/Moscow": "Москва (UTC+3)",
    "Europe/Minsk": "Минск (UTC+3)",
    "Europe/Samara": "Самара (UTC+4)",
    "Asia/Tbilisi": "Тбилиси (UTC+4)",
    "Asia/Yerevan": "Ереван (UTC+4)",
    "Asia/Yekaterinburg": "Екатеринбург (UTC+5)",
    "Asia/Tashkent": "Ташкент (UTC+5)",
    "Asia/Almaty": "Алматы (UTC+5)",
    "Asia/Omsk": "Омск (UTC+6)",
    "Asia/Novosibirsk": "Новосибирск (UTC+7)",
    "Asia/Krasnoyarsk": "Красноярск (UTC+7)",
    "Asia/Irkutsk": "Иркутск (UTC+8)",
    "Asia/Yakutsk": "Якутск (UTC+9)",
    "Asia/Vladivostok": "Владивосток (UTC+10)",
    "Asia/Magadan": "Магадан (UTC+11)",
    "Asia/Kamchatka": "Петропавловск-Камчатский (UTC+12)",
}
_MOSCOW_FIXED = dt.timezone(dt.timedelta(hours=3), "MSK")  # Moscow has kept UTC+3 since 2014


def known(name: str | None) -> str:
    """``name`` when it is one of :data:`ZONES`, else the default."""
    return name if name in ZONES else DEFAULT_ZONE


@cache
def zone(name: str | None) -> dt.tzinfo:
    """The tzinfo of a listed zone (Moscow for anything else or missing zone data)."""
    try:
        return ZoneInfo(known(name))
    except ZoneInfoNotFoundError:
        return _MOSCOW_FIXED


def today(name: str | None, now: dt.datetime | None = None) -> dt.date:
    """The date it is now in zone ``name``."""
    return (now or dt.datetime.now(dt.UTC)).astimezone(zone(name)).date()


def russian(day: dt.date, this_year: int | None = None) -> str:
    """``12 декабря`` in the current year, ``12 декабря 2027 г.`` otherwise.

    >>> russian(dt.date(2026, 12, 12), this_year=2026)
    '12 декабря'
    >>> russian(dt.date(2027, 3, 3), this_year=2026)
    '3 марта 2027 г.'
    """
    year = this_year if this_year is not None else dt.date.today().year
    text = f"{day.day} {MONTHS[day.month - 1]}"
    return text if day.year == year else f"{text} {day.year} г."


def moment_text(moment: dt.datetime, name: str | None, *, with_time: bool = True) -> str:
    """A stored moment as a person in zone ``name`` reads it: «7 декабря, 14:05».

    A naive moment is UTC (how the database gives it back on SQLite).

    >>> moment_text(dt.datetime(2026, 12, 7, 21, 30), "Europe/Moscow").startswith("8 декабря")
    True
    """
    aware = moment if moment.tzinfo else moment.replace(tzinfo=dt.UTC)
    local = aware.astimezone(zone(name))
    day = russian(local.date(), today(name).year)
    return f"{day}, {local:%H:%M}" if with_time else day
