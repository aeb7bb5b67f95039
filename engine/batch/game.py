"""The batch kinds of the whole game: draws, rons, penalties, next hand, result.

:mod:`engine.batch` checks field names and JSON types; the handlers here
read seats, values and counts and call the engine. Seats are this hand's
seat winds ``"E"``, ``"S"``, ``"W"``, ``"N"`` (E is the dealer); in
``final_result`` they are the seats of East 1 (E is the first dealer). A hand's
value is ``{"han": 3, "fu": 30}`` or ``{"yakuman": 1}`` (read by
:func:`engine.table.outcome.basic_of`: 13+ han and 130+ fu are valid, the rule
set decides what they pay). Every error is a
:class:`HandError`, which the batch turns into ``{"error": ...}``.

>>> draw({"rules": "online", "tenpai": ["E", "W"], "honba": 0, "riichi_sticks": 0})
{'payments': {'E': 1500, 'S': -1500, 'W': 1500, 'N': -1500}, 'dealer_repeats': True, \
'honba_next': 1, 'riichi_sticks_next': 0}
"""

from __future__ import annotations

from collections.abc import Callable

from engine.errors import HandError
from engine.rules.sets import get_ruleset
from engine.table.draws import abortive_draw, settle_draw
from engine.table.final import FinalResult, final_result
from engine.table.game import GameState, next_state
from engine.table.outcome import (
    SEAT_NAMES,
    abortive_kind,
    outcome_of,
    ron_values,
    seat,
    seats,
    yakuman_basic,
)
from engine.table.penalties import chombo, pao
from engine.table.ron import settle_rons
from engine.text import messages as msg

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    Obj = dict[str, Any]

_COUNTS: dict[str, tuple[str, Any]] = {"honba": ("int", 0), "riichi_sticks": ("int", 0)}
_RULES: dict[str, tuple[str, Any]] = {"rules": ("str", "online")}

# Field specs of the kinds, in engine.batch's form: name -> (JSON type, default; None = required).
FIELDS: dict[str, dict[str, tuple[str, Any]]] = {
    "draw": {**_RULES, "tenpai": ("list", None), **_COUNTS},
    "nagashi": {**_RULES, "tenpai": ("list", None), "nagashi": ("list", None), **_COUNTS},
    "abortive": {**_RULES, "draw": ("str", None), **_COUNTS},
    "multi_ron": {
        **_RULES, "from": ("str", None), "winners": ("list", None), "riichi": ("list", ()),
        **_COUNTS,
    },
    "pao": {
        **_RULES, "winner": ("str", None), "liable": ("str", None), "from": ("str", ""),
        "yaku": ("str", "daisangen"), "yakuman": ("int", 1), **_COUNTS,
    },
    "chombo": {**_RULES, "offender": ("str", None), "riichi": ("list", ()), **_COUNTS},
    "next_hand": {
        **_RULES, "round": ("str", "E"), "hand": ("int", 1), **_COUNTS,
        "scores": ("object", None), "riichi": ("list", ()), "result": ("object", None),
        "deductions": ("object", {}),
    },
    "final_result": {
        **_RULES, "scores": ("object", None), "riichi_sticks": ("int", 0),
        "deductions": ("object", {}),
    },
}


def by_seat(values: tuple[int, ...]) -> Obj:
    """A four-seat tuple as ``{"E": …, "S": …, "W": …, "N": …}``."""
    return dict(zip(SEAT_NAMES, values, strict=True))


def four_scores(value: object, name: str, required: bool = True) -> tuple[int, int, int, int]:
    """``{"E": int, …}`` with all four seats (or, when not ``required``, any of them, 0 else)."""
    if type(value) is not dict or not set(value) <= set(SEAT_NAMES):
        raise HandError(msg.GAME_BAD_SCORES)
    if required and len(value) != len(SEAT_NAMES):
        raise HandError(msg.GAME_BAD_SCORES)
    got = [value.get(s, 0) for s in SEAT_NAMES]
    if any(type(v) is not int for v in got):
        raise HandError(msg.GAME_BAD_SCORES)
    return (got[0], got[1], got[2], got[3])


def draw(f: Obj) -> Obj:
    """``draw``: exhaustive draw settlement, exactly the issue's contract."""
    s = settle_draw(seats(f["tenpai"], "tenpai"), get_ruleset(f["rules"]),
                    f["honba"], f["riichi_sticks"])
    return {"payments": by_seat(s.payments), "dealer_repeats": s.dealer_repeats,
            "honba_next": s.honba_next, "riichi_sticks_next": s.riichi_sticks_next}


def nagashi(f: Obj) -> Obj:
    """``nagashi``: an exhaustive draw with nagashi mangan."""
    s = settle_draw(seats(f["tenpai"], "tenpai"), get_ruleset(f["rules"]),
                    f["honba"], f["riichi_sticks"], seats(f["nagashi"], "nagashi"))
    return {"payments": by_seat(s.payments), "noten_paid": s.noten_paid,
            "dealer_repeats": s.dealer_repeats, "honba_next": s.honba_next,
            "riichi_sticks_next": s.riichi_sticks_next}


def abortive(f: Obj) -> Obj:
    """``abortive``: whether the rule set plays this abortive draw and what follows."""
    a = abortive_draw(abortive_kind(f["draw"]), get_ruleset(f["rules"]),
                      f["honba"], f["riichi_sticks"])
    if not a.played:
        return {"played": False}
    return {"played": True, "dealer_repeats": a.dealer_repeats, "honba_next": a.honba_next,
            "riichi_sticks_next": a.riichi_sticks_next}


def multi_ron(f: Obj) -> Obj:
    """``multi_ron``: several rons on one discard."""
    rules = get_ruleset(f["rules"])
    r = settle_rons(seat(f["from"], "from"), ron_values(f["winners"], rules), rules,
                    f["honba"], f["riichi_sticks"], seats(f["riichi"], "riichi"))
    res = r.resolution
    return {
        "abortive": res.abortive,
        "winners": [SEAT_NAMES[s] for s in res.winners],
        "riichi_sticks_to": None if res.sticks_to is None else SEAT_NAMES[res.sticks_to],
        "riichi_sticks_back": [SEAT_NAMES[s] for s in r.sticks_back],
        "honba_to": [SEAT_NAMES[s] for s in res.honba_to],
        "payments": by_seat(r.payments),
        "dealer_repeats": r.dealer_repeats,
        "honba_next": r.honba_next,
        "riichi_sticks_next": r.riichi_sticks_next,
    }


def pao_kind(f: Obj) -> Obj:
    """``pao``: a yakuman with a liable player."""
    rules = get_ruleset(f["rules"])
    discarder = None if f["from"] == "" else seat(f["from"], "from")
    p = pao(seat(f["winner"], "winner"), seat(f["liable"], "liable"),
            yakuman_basic(f["yakuman"], rules), rules, discarder=discarder, honba=f["honba"],
            riichi_sticks=f["riichi_sticks"], yaku=f["yaku"])
    return {"payments": by_seat(p.payments), "liable_pays": p.liable_pays,
            "riichi_sticks_next": p.riichi_sticks_next}


def chombo_kind(f: Obj) -> Obj:
    """``chombo``: the penalty, whether the hand is replayed, the next counters."""
    c = chombo(seat(f["offender"], "offender"), get_ruleset(f["rules"]), f["honba"],
               f["riichi_sticks"], seats(f["riichi"], "riichi"))
    return {"payments": by_seat(c.payments), "deduction": c.deduction, "replay": c.replay,
            "dealer_repeats": c.dealer_repeats, "honba_next": c.honba_next,
            "riichi_sticks_next": c.riichi_sticks_next}


_ROUNDS = {"E": 0, "S": 1, "W": 2}


def next_hand(f: Obj) -> Obj:
    """``next_hand``: the state after a hand."""
    rules = get_ruleset(f["rules"])
    if f["round"] not in _ROUNDS:
        raise HandError(msg.GAME_BAD_ROUND)
    state = GameState(_ROUNDS[f["round"]], f["hand"], f["honba"], f["riichi_sticks"],
                      four_scores(f["scores"], "scores"),
                      four_scores(f["deductions"], "deductions", False))
    n = next_state(state, outcome_of(f["result"], rules), rules, seats(f["riichi"], "riichi"))
    nxt = n.state
    return {
        "payments": by_seat(n.payments),
        "scores": by_seat(n.scores),
        "deductions": by_seat(n.deductions),
        "dealer_repeats": n.dealer_repeats,
        "dealer_next": SEAT_NAMES[n.dealer_next],
        "round_next": "ESW"[nxt.round_wind] if nxt.round_wind < 3 else "N",
        "hand_next": nxt.hand,
        "honba_next": nxt.honba,
        "riichi_sticks_next": nxt.riichi_sticks,
        "scores_next": by_seat(nxt.scores),
        "deductions_next": by_seat(nxt.deductions),
        "game_over": n.game_over,
        "reason": n.reason,
        "final": None if n.final is None else _final_json(n.final),
    }


def final(f: Obj) -> Obj:
    """``final_result``: placement, uma, oka and the result of each seat."""
    r = final_result(four_scores(f["scores"], "scores"), get_ruleset(f["rules"]),
                     f["riichi_sticks"], four_scores(f["deductions"], "deductions", False))
    return _final_json(r)


def _final_json(r: FinalResult) -> Obj:
    return {"places": by_seat(r.places), "points": by_seat(r.points), "uma": by_seat(r.uma),
            "oka": r.oka, "results": by_seat(r.results)}


HANDLERS: dict[str, Callable[[Obj], Obj]] = {
    "draw": draw,
    "nagashi": nagashi,
    "abortive": abortive,
    "multi_ron": multi_ron,
    "pao": pao_kind,
    "chombo": chombo_kind,
    "next_hand": next_hand,
    "final_result": final,
}
