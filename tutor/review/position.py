"""A flagged decision as the parameters of a «Позиция из вашей партии» drill (plain JSON).

Made once, when the game is imported, from the engine's :class:`Decision`
(the position) and :class:`Flag` (what the review said), and stored with the
review; «Решить как задачу» copies them into the drill's own row
(:mod:`tutor.storage.review`), so the drill no longer needs the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.melds import Meld
from engine.review import Flag
from engine.table.decision import Decision
from engine.text.messages import TABLE_SEAT_NAMES
from engine.text.review import ROUND_WORDS
from engine.tiles import EAST, Tile, tile_code, to_mpsz

DISCARD_ACTIONS = frozenset({"discard"})


def round_name(code: str) -> str:
    """«Восток 2» for ``E2``."""
    return f"{ROUND_WORDS.get(code[:1], code[:1])} {code[1:]}"


def mode_of(flag: Flag) -> str:
    """discard (efficiency), defence, or choice (every other decision)."""
    decision = flag.decision
    if flag.action in DISCARD_ACTIONS and len(decision.concealed) % 3 == 2:
        riichi = any(o.riichi_turn is not None for o in decision.opponents)
        if flag.category == "defence":
            # the drill's defence mode prices riichi only: a deal-in into an open hand
            # becomes a choice among the hand's tiles, the safest one right
            return "defence" if riichi else "choice"
        return "discard"
    return "choice"


def _meld_text(meld: Meld) -> str:
    kind = meld.kind.value
    return f"{kind} {meld.to_mpsz()}"


def _visible_outside(decision: Decision) -> str:
    """The tiles the seat sees outside its own concealed tiles and melds (mpsz)."""
    counts = list(decision.visible)
    for tile in decision.concealed:
        counts[tile] -= 1
    for meld in decision.melds:
        for tile in meld.tiles:
            counts[tile] -= 1
    tiles: list[Tile] = [t for t, n in enumerate(counts) for _ in range(max(0, n))]
    return to_mpsz(tiles)


def _riichis(decision: Decision) -> list[dict[str, Any]]:
    return [
        {"pond": _in_order([t.tile for t in o.pond]), "at": o.riichi_turn,
         "passed": _in_order(o.passed_after_riichi)}
        for o in decision.opponents if o.riichi_turn is not None and o.pond
    ]


def _in_order(tiles: Sequence[Tile]) -> str:
    """Tiles as codes in their order (``9m1z5s``): a pond's order is what suji reading reads."""
    return "".join(tile_code(t) for t in tiles)


def situation(decision: Decision, round_code: str) -> str:
    """«Восток 2, хонба 1. Вы — Юг, ваш 7-й ход, в стене 40 тайлов.»"""
    seat = TABLE_SEAT_NAMES[decision.seat_wind - EAST]  # the engine's seat wind: EAST + 0…3
    return (f"{round_name(round_code)}, хонба {decision.honba}. Вы — {seat}, ваш "
            f"{decision.turn + 1}-й ход, в стене осталось {decision.wall_left}.")


def drill_params(flag: Flag, round_code: str) -> dict[str, Any]:
    """The drill's parameters for ``flag`` (JSON data; the drill kind checks them)."""
    decision = flag.decision
    mode = mode_of(flag)
    params: dict[str, Any] = {
        "id": "position",
        "mode": mode,
        "situation": situation(decision, round_code),
        "hand": to_mpsz(decision.concealed),
        "melds": [_meld_text(m) for m in decision.melds],
        "visible": _visible_outside(decision),
        "dora": to_mpsz(decision.dora_indicators),
        "played": flag.played or None,
        "message": flag.message or None,
        "lesson": flag.lesson or None,
    }
    if mode == "defence":
        params["riichis"] = _riichis(decision)
    if mode == "choice":
        params["options"] = list(decision.options)
        params["answer"] = flag.better
        if flag.better not in decision.options and flag.better in _hand_codes(decision):
            # the review's better move is a discard (a riichi whose wait is furiten: cut
            # another tile): the question becomes which tile to let go
            params["options"] = _hand_codes(decision)
    return params


def _hand_codes(decision: Decision) -> list[str]:
    """The distinct concealed tiles, in tile order, as codes (5p)."""
    return [tile_code(t) for t in sorted(set(decision.concealed))]

