"""Russian plural forms: one rule used by the engine, the site and the CLI.

>>> plural(1, "тайл", "тайла", "тайлов"), plural(3, "тайл", "тайла", "тайлов")
('тайл', 'тайла')
>>> plural(11, "тайл", "тайла", "тайлов"), plural(22, "тайл", "тайла", "тайлов")
('тайлов', 'тайла')
"""

from __future__ import annotations


def plural(n: int, one: str, few: str, many: str) -> str:
    """Pick the form for ``n``: 1, 21 → one; 2–4, 22–24 → few; else many."""
    n = abs(n)
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


def count_word(n: int, one: str, few: str, many: str) -> str:
    """``"3 тайла"``, ``"25 фу"``: the number and the agreeing noun."""
    return f"{n} {plural(n, one, few, many)}"


def tiles_word(n: int) -> str:
    return count_word(n, "тайл", "тайла", "тайлов")
