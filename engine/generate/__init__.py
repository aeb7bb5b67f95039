"""Seeded generators of realistic practice problems, by drill kind and level.

A problem is the same set of parameters a lesson's drill block carries
(``hand``, ``melds``, ``win``, ``by``, …), so practice and lessons are graded
by the same drill code. ``generate(kind, level, seed)`` is a pure function of
its arguments: the same seed always gives the same problem, which is how a
problem is shared by URL.

Hands are built the way real hands look — mostly sequences, a few triplets,
honour tiles now and then, two or three suits — not drawn as random tile
soup, then checked with the engine against the level's definition; a
candidate that does not fit is thrown away and the next one is built from the
same random stream.

Levels (``tests/test_generate.py`` checks each generated problem against them):

=========  ===========================  ============================  ==========================
kind       novice                       player                        master
=========  ===========================  ============================  ==========================
waits      1–2 waits, several suits,    2–3 waits, open sets allowed  3+ waits, one suit
           closed                                                     (chinitsu-like), closed
shanten    0–1                          1–2                           2–4
dora       one suit indicator 1–8       one 9, wind or dragon         2–3 indicators
furiten    no riichi, 1–2 waits         2–3 waits, riichi possible    one suit, 3+ waits
fu         closed hand, no kans         up to 2 open sets, no kans    kans (their dora too)
han        closed, 1–3 yaku             open sets, red fives          kans, ura-dora, ippatsu
payment    non-dealer, no honba         dealer, honba                 honba and riichi sticks
=========  ===========================  ============================  ==========================

No level deals a yakuman: it would teach nothing about counting. What the
learner reads about each level, in Russian, is :func:`level_hints` (its
wording lives in :mod:`engine.text.levels`).

This package is the registry (:data:`KINDS`, :data:`LEVELS`, :func:`generate`);
each family of kinds is one module: the seven above in :mod:`engine.generate.basic`,
«Что сбросить?» in :mod:`engine.generate.discard`, the engine-graded complete and
yaku kinds (with their level table) in :mod:`engine.generate.graded`, ukeire in
:mod:`engine.generate.play`, defence in :mod:`engine.generate.safety`, the
whole-game kinds (draw, multi_ron, next_hand, final) in
:mod:`engine.generate.game`, the strategy decisions (call, push, riichi) in
:mod:`engine.generate.judgement` and all-last in :mod:`engine.generate.all_last`;
the hand-building blocks all generators share are in :mod:`engine.generate.hands`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.errors import HandError
from engine.generate.all_last import gen_all_last
from engine.generate.basic import GENERATORS as BASIC
from engine.generate.discard import gen_discard
from engine.generate.game import GENERATORS as WHOLE_GAME
from engine.generate.graded import GENERATORS as GRADED
from engine.generate.judgement import GENERATORS as JUDGEMENT
from engine.generate.mix import ProblemRandom
from engine.generate.play import GENERATORS as PLAY
from engine.generate.safety import gen_safety
from engine.text.levels import LEVEL_HINTS

LEVELS: tuple[str, ...] = ("novice", "player", "master")


@dataclass(frozen=True)
class Problem:
    """One generated drill: its kind, level, seed and drill-block parameters."""

    kind: str
    level: str
    seed: int
    params: dict[str, Any] = field(hash=False)


# The registry, in the order the practice page lists the kinds.
_GENERATORS: dict[str, Callable[[random.Random, str], dict[str, Any]]] = {
    **BASIC,  # waits, shanten, dora, furiten, fu, han, payment
    "discard": gen_discard,
    **GRADED,  # complete, yaku
    **PLAY,  # ukeire
    "safety": gen_safety,
    **WHOLE_GAME,  # draw, multi_ron, next_hand, final
    **JUDGEMENT,  # call, push, riichi
    "all_last": gen_all_last,
}

KINDS: tuple[str, ...] = tuple(_GENERATORS)


def level_hints(kind: str) -> dict[str, str]:
    """What each level of ``kind`` deals, in Russian, by level (for the practice page).

    The wording is :data:`engine.text.levels.LEVEL_HINTS`; the generators here
    are what makes it true.

    >>> level_hints("shanten")["master"]
    '2–4 шантена'
    """
    if kind not in _GENERATORS:
        raise HandError(f"Нет тренировки «{kind}».")
    return dict(LEVEL_HINTS[kind])


def generate(kind: str, level: str, seed: int) -> Problem:
    """The problem of ``kind`` at ``level`` for ``seed`` (deterministic).

    >>> generate("dora", "novice", 7) == generate("dora", "novice", 7)
    True
    """
    rng = problem_rng(kind, level, seed)  # checks the kind, level and seed first
    return Problem(kind, level, seed, _GENERATORS[kind](rng, level))


def problem_rng(kind: str, level: str, seed: int) -> random.Random:
    """The random stream :func:`generate` deals problem ``seed`` of ``kind`` from.

    A generator that also returns its verdict (``judged_call`` and the like in
    :mod:`engine.generate.judgement`) gives :func:`generate`'s problem when fed this
    stream. The stream carries the seed's number, over which :mod:`engine.generate.mix`
    spreads a level's mix evenly.
    """
    if kind not in _GENERATORS:
        raise HandError(f"Нет тренировки «{kind}».")
    if level not in LEVELS:
        raise HandError(f"Нет уровня «{level}»: есть {', '.join(LEVELS)}.")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
        raise HandError("Номер задачи должен быть целым неотрицательным числом.")
    return ProblemRandom(f"{kind}:{level}:{seed}", seed)
