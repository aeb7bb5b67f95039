"""Fast readers for plain batch requests, each with the general parser as its fallback.

``python -m engine batch`` answers thousands of lines per run, and profiling
showed the general parsers (``parse_hand``, ``parse_tiles``, the frozen
``WinSituation`` constructor) to be a third of a waits line. The readers
here accept only plain input for which they give exactly the general
result, and return ``None`` for anything else, so the general parser still
gives every answer it gave and every error message. Tests check both claims
on generated requests and on random text.

>>> quick_kinds("0m19p7z")
(4, 9, 17, 33)
>>> quick_kinds("1 2m") is None
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import fields
from functools import lru_cache

from engine.hand import Hand
from engine.melds import Meld
from engine.scoring.situation import WinSituation
from engine.tiles import EAST, Counts, Tile

# Annotations only: importing typing at run time cost about a millisecond of every
# batch start-up (mypy treats a module-level TYPE_CHECKING flag like typing's).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

_Suits = tuple[Counts, Counts, Counts, Counts]

_WINDS = {"E": EAST, "S": EAST + 1, "W": EAST + 2, "N": EAST + 3}
_GROUPS = re.compile(r"([0-9]+)([mps])|([1-7]+)z")
# A hand written suit by suit in m, p, s, z order, each suit at most once.
_HAND = re.compile(r"(?:([0-9]+)m)?(?:([0-9]+)p)?(?:([0-9]+)s)?(?:([1-7]+)z)?")
# digit -> kind offset within a suit (0 is the red five)
_OFFSET = {str(d): d - 1 for d in range(1, 10)} | {"0": 4}
_BASE = {"m": 0, "p": 9, "s": 18}
# letter -> digit -> kind, and honour digit -> kind: digits become kinds through a C-level map.
_SUIT_KINDS = {
    letter: {digit: base + offset for digit, offset in _OFFSET.items()}
    for letter, base in _BASE.items()
}
_HONOR_KINDS = {str(d): EAST - 1 + d for d in range(1, 8)}
_Z9, _Z7 = (0,) * 9, (0,) * 7
_NO_SUIT = (_Z9, 0)


def wind(text: str) -> Tile | None:
    """``E``/``S``/``W``/``N`` to its wind; ``None`` for anything else (``parse_wind`` then)."""
    return _WINDS.get(text)


def quick_kinds(text: str) -> tuple[Tile, ...] | None:
    """``parse_tiles(text).kinds`` for plain mpsz (no spaces, honours 1z–7z); else ``None``."""
    if type(text) is not str or len(text) > 200:
        return None
    kinds: list[Tile] = []
    used = 0
    for digits, letter, honors in _GROUPS.findall(text):
        if honors:
            used += len(honors) + 1
            kinds.extend(map(_HONOR_KINDS.__getitem__, honors))
        else:
            used += len(digits) + 1
            kinds.extend(map(_SUIT_KINDS[letter].__getitem__, digits))
    return tuple(kinds) if used == len(text) else None


def quick_hand(text: object, melds: Sequence[object], size: int) -> Hand | None:
    """The :class:`Hand` of a plain, valid request; ``None`` sends it to ``parse_hand``.

    Accepts only what :func:`engine.hand.parse_hand` accepts with the same
    result (mpsz without spaces, suits once each in m, p, s, z order, ready
    :class:`Meld` values, at most four copies and one red five per suit, the right
    count); anything else, valid or not, goes to ``parse_hand``, which gives
    the answer or the precise error. Each suit's digits are counted once per
    distinct digit string (:func:`_suit_counts`, :func:`_honor_counts`),
    which also says whether any kind is held more than four times.
    """
    if type(text) is not str or len(text) > 200:
        return None
    match = _HAND.fullmatch(text)
    if match is None:
        return None
    groups = match.groups()
    # Every digit is a tile and every group one letter: the tile count costs no sum.
    if len(text) - 4 + groups.count(None) != size - 3 * len(melds):
        return None
    man, pin, sou, honors = groups
    pm, rm = _suit_counts(man) if man else _NO_SUIT
    pp, rp = _suit_counts(pin) if pin else _NO_SUIT
    ps, rs = _suit_counts(sou) if sou else _NO_SUIT
    pz = _honor_counts(honors) if honors else _Z7
    if not (pm and pp and ps and pz):
        return None  # a kind more than four times: parse_hand words the error
    if rm > 1 or rp > 1 or rs > 1:
        return None  # a second red five of a suit: parse_hand words the error
    reds = (rm > 0, rp > 0, rs > 0)
    if not melds:
        return Hand.from_suits((pm, pp, ps, pz), (), reds)
    return _with_melds((pm, pp, ps, pz), melds, reds)


def _with_melds(
    suits: _Suits, melds: Sequence[object], reds: tuple[bool, bool, bool]
) -> Hand | None:
    """The hand with its ready melds, if no kind exceeds four copies nor a suit one red five."""
    if len(melds) > 4:
        return None
    counts = [*suits[0], *suits[1], *suits[2], *suits[3]]
    ready: list[Meld] = []
    in_sight = [int(r) for r in reds]
    for m in melds:
        if not isinstance(m, Meld):
            return None
        ready.append(m)
        if m.red:
            suit = m.tiles[0] // 9
            in_sight[suit] += m.red
            if in_sight[suit] > 1:
                return None
        for t in m.tiles:
            n = counts[t] + 1
            if n > 4:
                return None
            counts[t] = n
    return Hand.from_suits(suits, tuple(ready), reds)


@lru_cache(maxsize=8192)
def _suit_counts(digits: str) -> tuple[tuple[int, ...], int]:
    """Counts of one number suit's digit string (``"1230"``) and how many are red fives.

    The counts are ``()`` if a kind appears more than four times. One string
    argument, so the cache keys on the string itself (its hash is stored).
    """
    counts = [0] * 9
    for ch in digits:
        counts[_OFFSET[ch]] += 1
    return (tuple(counts) if max(counts) <= 4 else ()), digits.count("0")


@lru_cache(maxsize=4096)
def _honor_counts(digits: str) -> tuple[int, ...]:
    """Counts of an honour digit string (``"1157"``); ``()`` if a kind exceeds four copies."""
    counts = [0] * 7
    for ch in digits:
        counts[int(ch) - 1] += 1
    return tuple(counts) if max(counts) <= 4 else ()


_SITUATION_FIELDS = frozenset(field.name for field in fields(WinSituation))
# WinSituation is a plain frozen dataclass (no __post_init__, no slots): its
# value is its __dict__, so filling that directly builds the same value as
# the constructor without 17 object.__setattr__ calls (a tenth of a score
# line). Anything else about the class and the constructor is used; so is a
# class without an instance dict (compiled by mypyc: its constructor is fast).
_PLAIN_SITUATION = (
    not hasattr(WinSituation, "__post_init__")
    and "__slots__" not in vars(WinSituation)
    and hasattr(WinSituation(), "__dict__")
)


def new_situation(values: dict[str, Any]) -> WinSituation:
    """``WinSituation(**values)``, built without the frozen constructor when that is the same."""
    if _PLAIN_SITUATION and values.keys() == _SITUATION_FIELDS:
        situation = object.__new__(WinSituation)
        situation.__dict__.update(values)
        return situation
    return WinSituation(**values)
