"""Basic points, limits and payments.

basic = fu × 2^(han + 2), capped at 2000 (mangan). Limits by han: 5 mangan,
6–7 haneman, 8–10 baiman, 11–12 sanbaiman, 13+ kazoe yakuman (or sanbaiman
where the rule set has no counted yakuman); a yakuman is 8000 basic per
multiple. Kiriage, where played, rounds 4 han 30 fu and 3 han 60 fu up to
mangan. Each payment is rounded up to 100: ron 4× basic (dealer 6×); on tsumo
the dealer pays 2× and the others 1× (a dealer's tsumo: 2× from each). Honba
add 300 per stick (the discarder pays all of it; on tsumo 100 from each
payer); riichi sticks go to the winner, 1000 each.

>>> p = payments(basic_points(3, 30, False), dealer=False, tsumo=False, honba=1)
>>> p.ron, p.points
(4200, 3900)
>>> p = payments(basic_points(1, 30, False), dealer=False, tsumo=True)
>>> p.dealer, p.non_dealer, p.points
(500, 300, 1100)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Limit(Enum):
    NONE = "none"
    MANGAN = "mangan"
    HANEMAN = "haneman"
    BAIMAN = "baiman"
    SANBAIMAN = "sanbaiman"
    KAZOE_YAKUMAN = "kazoe_yakuman"
    YAKUMAN = "yakuman"


LIMIT_BASIC: dict[Limit, int] = {
    Limit.MANGAN: 2000,
    Limit.HANEMAN: 3000,
    Limit.BAIMAN: 4000,
    Limit.SANBAIMAN: 6000,
    Limit.KAZOE_YAKUMAN: 8000,
    Limit.YAKUMAN: 8000,
}
# lowest han of each limit, highest first
_HAN_LIMITS: tuple[tuple[int, Limit], ...] = (
    (13, Limit.KAZOE_YAKUMAN),
    (11, Limit.SANBAIMAN),
    (8, Limit.BAIMAN),
    (6, Limit.HANEMAN),
    (5, Limit.MANGAN),
)


@dataclass(frozen=True, slots=True)
class Basic:
    """Basic points of a hand and the limit that capped them."""

    points: int
    limit: Limit


def basic_points(
    han: int, fu: int, kiriage: bool, *, kazoe: bool = True, yakuman: int = 0
) -> Basic:
    """Basic points for ``han``/``fu`` (or a ``yakuman`` multiple)."""
    if yakuman:
        return Basic(8000 * yakuman, Limit.YAKUMAN)
    if han < 5:
        basic = fu << (han + 2)
        if basic >= 2000 or (kiriage and (han, fu) in ((4, 30), (3, 60))):
            return _MANGAN
        return Basic(basic, Limit.NONE)
    for least, limit in _HAN_LIMITS:
        if han >= least:
            if limit is Limit.KAZOE_YAKUMAN and not kazoe:
                limit = Limit.SANBAIMAN
            return Basic(LIMIT_BASIC[limit], limit)
    basic = fu * 2 ** (han + 2)
    if basic >= 2000 or (kiriage and (han, fu) in ((4, 30), (3, 60))):
        return Basic(2000, Limit.MANGAN)
    return Basic(basic, Limit.NONE)


_MANGAN = Basic(2000, Limit.MANGAN)
# basic points by han from 5 on (index = han, capped at 13): the limits' values
_BASIC_BY_HAN = (0, 0, 0, 0, 0, 2000, 3000, 3000, 4000, 4000, 4000, 6000, 6000, 8000)


# The limit a basic value stands for (below mangan: none). 8000 is a counted
# yakuman here; the scorer names a real one itself.
LIMIT_BY_BASIC: dict[int, Limit] = {
    2000: Limit.MANGAN,
    3000: Limit.HANEMAN,
    4000: Limit.BAIMAN,
    6000: Limit.SANBAIMAN,
    8000: Limit.KAZOE_YAKUMAN,
}


def basic_value(han: int, fu: int, kiriage: bool, kazoe: bool, yakuman: int) -> int:
    """:func:`basic_points` as a bare int: what the scorer compares readings by.

    >>> basic_value(4, 30, True, True, 0), basic_value(14, 30, False, False, 0)
    (2000, 6000)
    """
    if yakuman:
        return 8000 * yakuman
    if han < 5:
        basic = fu << (han + 2)
        if basic >= 2000 or (kiriage and ((han == 4 and fu == 30) or (han == 3 and fu == 60))):
            return 2000
        return basic
    if han >= 13:
        return 8000 if kazoe else 6000
    return _BASIC_BY_HAN[han]


@dataclass(slots=True, init=False)
class Payments:
    """Who pays what, honba included. Exactly one shape is filled.

    ron: ``ron`` (the discarder); non-dealer tsumo: ``dealer`` and
    ``non_dealer`` (each of the two); dealer tsumo: ``all`` (each of three).
    ``points`` is the hand's own value (no honba, no sticks). Read-only by
    convention (not frozen: it is built for every scored hand).
    """

    points: int
    honba_bonus: int  # 300 per honba, whoever pays it
    ron: int | None = None
    dealer: int | None = None
    non_dealer: int | None = None
    all: int | None = None

    def __init__(
        self, points: int, honba_bonus: int, ron: int | None = None, dealer: int | None = None,
        non_dealer: int | None = None, all: int | None = None,  # "all": the contract's name
    ) -> None:
        # Written out, not generated: compiled, this __init__ is C (engine/__init__.py).
        self.points = points
        self.honba_bonus = honba_bonus
        self.ron = ron
        self.dealer = dealer
        self.non_dealer = non_dealer
        self.all = all

    def as_dict(self) -> dict[str, int]:
        """The batch contract's ``payments`` object."""
        if self.ron is not None:
            return {"ron": self.ron}
        if self.all is not None:
            return {"all": self.all}
        return {"dealer": self.dealer or 0, "non_dealer": self.non_dealer or 0}


def payments(basic: Basic, *, dealer: bool, tsumo: bool, honba: int = 0) -> Payments:
    """Split a hand's value between the payers and add the honba."""
    return split_payments(basic.points, dealer, tsumo, honba)


def split_payments(b: int, dealer: bool, tsumo: bool, honba: int) -> Payments:
    """:func:`payments` from the basic points as an int."""
    if not tsumo:
        value = -(-b * (6 if dealer else 4) // 100) * 100  # rounded up to 100
        return Payments(value, 300 * honba, ron=value + 300 * honba)
    from_dealer = -(-2 * b // 100) * 100
    if dealer:
        return Payments(3 * from_dealer, 300 * honba, all=from_dealer + 100 * honba)
    from_other = -(-b // 100) * 100
    return Payments(
        from_dealer + 2 * from_other,
        300 * honba,
        dealer=from_dealer + 100 * honba,
        non_dealer=from_other + 100 * honba,
    )
