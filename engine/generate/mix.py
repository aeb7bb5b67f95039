"""A level's mix dealt evenly over consecutive seeds, not left to independent coin tosses.

A generator that promises a mix (40 % of problems decided by this row, a dealer
in 25 %) and draws it with ``rng.random()`` per problem delivers it only on
average: over 200 problems a 25 % share lands anywhere between about 19 % and
31 %. Problem ``n``'s draw is instead the point ``frac((n + 1) * a)`` of a Weyl
sequence (``a`` an irrational whose continued fraction has small terms: the
golden ratio, √2, √3), which any run of consecutive seeds fills evenly — every
interval of the unit line gets its share of a window of 200 seeds to within
about one point — while each seed stays one fixed problem. Each draw of a
problem (its row, its seat, its second riichi, an opponent with calls, an
answer the tsumogiri marks decide) has its own ``lane``, a different ``a``
(1 and the five irrationals are linearly independent over the rationals), so
the draws are spread independently of each other.

The seed travels with the random stream (:class:`ProblemRandom`, made by
:func:`engine.generate.problem_rng`); a plain :class:`random.Random` (a caller
that has no seed) falls back to one draw from the stream. This module stays
Python in the compiled build (``PYTHON_ONLY`` in :mod:`engine`): mypyc cannot
compile a subclass of :class:`random.Random`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from math import isqrt
from typing import TypeVar

WORD = 1 << 64
# frac(a) * 2**64 for the lanes' irrationals, exact: the golden ratio, √2, √3, √7, √6.
_STEPS = (
    (WORD + isqrt(5 * WORD * WORD)) // 2 % WORD,
    isqrt(2 * WORD * WORD) % WORD,
    isqrt(3 * WORD * WORD) % WORD,
    isqrt(7 * WORD * WORD) % WORD,
    isqrt(6 * WORD * WORD) % WORD,
)
# The lanes: which row decides, the seat, one more draw (a second riichi), an
# opponent with calls, an answer the tsumogiri marks decide.
ROW, SEAT, EXTRA, CALLS, MARKS = range(len(_STEPS))

K = TypeVar("K")


class ProblemRandom(random.Random):
    """The random stream of one seeded problem, which also knows the seed's number."""

    def __init__(self, key: str, number: int) -> None:
        super().__init__(key)
        self.number = number


def point(rng: random.Random, lane: int) -> float:
    """Where in [0, 1) this problem's draw of ``lane`` falls.

    >>> [round(point(ProblemRandom("k", n), ROW), 3) for n in range(4)]
    [0.618, 0.236, 0.854, 0.472]
    """
    if isinstance(rng, ProblemRandom):
        return (rng.number + 1) * _STEPS[lane] % WORD / WORD
    return rng.random()


def pick(rng: random.Random, mix: Mapping[K, float], lane: int = ROW) -> K:
    """The key of ``mix`` (weights) this problem's draw falls in.

    >>> mix = {"a": 0.25, "b": 0.75}
    >>> sum(pick(ProblemRandom("k", n), mix) == "a" for n in range(200))
    50
    """
    at = point(rng, lane) * sum(mix.values())
    for key, weight in mix.items():
        if at < weight:
            return key
        at -= weight
    return list(mix)[-1]  # a rounding remainder falls in the last row


def chance(rng: random.Random, share: float, lane: int) -> bool:
    """True for ``share`` of consecutive seeds (on ``lane``)."""
    return point(rng, lane) < share
