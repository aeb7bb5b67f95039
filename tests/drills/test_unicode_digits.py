"""A digit Python's str.isdigit() accepts but int() refuses («²», «①») is a 400, never a 500.

Every number a drill reads goes through these readers: choice and rule options,
fu, han, payment, count and shanten numbers, and the whole-game kinds' points.
"""

from __future__ import annotations

import pytest
from werkzeug.datastructures import MultiDict

from tutor.drills.base import BadAnswer, chosen_option, read_number
from tutor.drills.game_parts import read_count, read_signed


@pytest.mark.parametrize("value", [pytest.param(v, id=f"U+{ord(v[-1]):04X}")
                                   for v in ("²", "①", "3²")])
def test_unicode_digits_are_a_bad_answer(value: str) -> None:
    form = MultiDict({"n": value, "option": value})
    for read in (lambda: read_number(form, "n", "число", 130, "30"),
                 lambda: chosen_option(form, 4),
                 lambda: read_signed(form, "n", "очки"),
                 lambda: read_count(form, "n", "хонба")):
        with pytest.raises(BadAnswer):
            read()
