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
from dataclasses import fields
from functools import lru_cache
from typing import Any

from engine.hand import Hand
from engine.melds import Meld
from engine.situation import WinSituation
from engine.tiles import EAST, Tile

_WINDS = {"E": EAST, "S": EAST + 1, "W": EAST + 2, "N": EAST + 3}
_GROUPS = re.compile(r"([0-9]+)([mps])|([1-7]+)z")
# A hand written suit by suit in m, p, s, z order, each suit at most once.
_HAND = re.compile(r"(?:([0-9]+)m)?(?:([0-9]+)p)?(?:([0-9]+)s)?(?:([1-7]+)z)?")
# digit -> kind offset within a suit (0 is the red five)
_OFFSET = {str(d): d - 1 for d in range(1, 10)} | {"0": 4}
_BASE = {"m": 0, "p": 9, "s": 18}
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
            kinds += [26 + int(ch) for ch in honors]
        else:
            used += len(digits) + 1
            base = _BASE[letter]
            kinds += [base + _OFFSET[ch] for ch in digits]
    return tuple(kinds) if used == len(text) else None


def quick_hand(text: object, melds: list[Meld | dict[str, Any]], size: int) -> Hand | None:
    """The :class:`Hand` of a plain, valid request; ``None`` sends it to ``parse_hand``.

    Accepts only what :func:`engine.hand.parse_hand` accepts with the same
    result (mpsz without spaces, suits once each in m, p, s, z order, ready
    :class:`Meld` values, at most four copies and three red fives, the right
    count); anything else, valid or not, goes to ``parse_hand``, which gives
    the answer or the precise error. Each suit's digits are counted once per
    distinct digit string (:func:`_group_counts`).
    """
    if type(text) is not str or len(text) > 200:
        return None
    match = _HAND.fullmatch(text)
    if match is None:
        return None
    man, pin, sou, honors = match.groups()
    pm, rm = _group_counts(man, False) if man else _NO_SUIT
    pp, rp = _group_counts(pin, False) if pin else _NO_SUIT
    ps, rs = _group_counts(sou, False) if sou else _NO_SUIT
    pz = _group_counts(honors, True)[0] if honors else _Z7
    concealed = pm + pp + ps + pz
    red = rm + rp + rs
    if red > 3 or sum(concealed) != size - 3 * len(melds):
        return None
    if not melds:
        return Hand(concealed, (), red) if max(concealed) <= 4 else None
    counts = list(concealed)
    ready: list[Meld] = []
    hand_red = red
    for m in melds:
        if not isinstance(m, Meld):
            return None
        ready.append(m)
        red += m.red
        for t in m.tiles:
            counts[t] += 1
    if red > 3 or max(counts) > 4 or len(ready) > 4:
        return None
    return Hand(concealed, tuple(ready), hand_red)


@lru_cache(maxsize=8192)
def _group_counts(digits: str, honors: bool) -> tuple[tuple[int, ...], int]:
    """Counts of one suit's digit string (``"1230"``) and how many of them are red fives."""
    counts = [0] * (7 if honors else 9)
    for ch in digits:
        counts[int(ch) - 1 if honors else _OFFSET[ch]] += 1
    return tuple(counts), 0 if honors else digits.count("0")


_SITUATION_FIELDS = frozenset(field.name for field in fields(WinSituation))
# WinSituation is a plain frozen dataclass (no __post_init__, no slots): its
# value is its __dict__, so filling that directly builds the same value as
# the constructor without 17 object.__setattr__ calls (a tenth of a score
# line). Anything else about the class and the constructor is used.
_PLAIN_SITUATION = not hasattr(WinSituation, "__post_init__") and "__slots__" not in vars(
    WinSituation
)


def new_situation(values: dict[str, Any]) -> WinSituation:
    """``WinSituation(**values)``, built without the frozen constructor when that is the same."""
    if _PLAIN_SITUATION and values.keys() == _SITUATION_FIELDS:
        situation = object.__new__(WinSituation)
        situation.__dict__.update(values)
        return situation
    return WinSituation(**values)
