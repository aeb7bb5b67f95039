"""The batch kinds of the whole game: draws, rons, penalties, next hand, result.

:mod:`engine.batch` checks field names and JSON types; the handlers here
read seats, values and counts and call the engine. Seats are this hand's
seat winds ``"E"``, ``"S"``, ``"W"``, ``"N"`` (E is the dealer); in
``final_result`` they are the seats of East 1 (E is the first dealer). A hand's
value is ``{"han": 3, "fu": 30}`` or ``{"yakuman": 1}``; any han from 1 and fu
from 20 are valid (13+ han, 130+ fu), and the rule set decides what they pay:
a counted yakuman or a sanbaiman, several yakuman in full or as one. Every error is a
:class:`HandError`, which the batch turns into ``{"error": ...}``.

>>> draw({"rules": "online", "tenpai": ["E", "W"], "honba": 0, "riichi_sticks": 0})
{'payments': {'E': 1500, 'S': -1500, 'W': 1500, 'N': -1500}, 'dealer_repeats': True, \
'honba_next': 1, 'riichi_sticks_next': 0}
"""

from __future__ import annotations

from collections.abc import Callable

from engine import messages as msg
from engine.draws import abortive_draw, settle_draw
from engine.errors import HandError
from engine.final import FinalResult, final_result
from engine.game import (
    Abortive,
    ChomboHand,
    ExhaustiveDraw,
    GameState,
    Outcome,
    Ron,
    Tsumo,
    next_state,
)
from engine.penalties import chombo, pao
from engine.points import basic_points
from engine.ron import settle_rons
from engine.rules import AbortiveDraw, Ruleset, counted_yakuman, get_ruleset

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    Obj = dict[str, Any]

SEAT_NAMES = ("E", "S", "W", "N")
_SEAT = {name: i for i, name in enumerate(SEAT_NAMES)}
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


def seat(value: object, name: str) -> int:
    """One seat wind ``"E"``…``"N"`` as 0–3."""
    if type(value) is not str or value not in _SEAT:
        raise HandError(msg.GAME_BAD_SEAT.format(what=name))
    return _SEAT[value]


def seats(value: object, name: str) -> tuple[int, ...]:
    """A list of distinct seat winds."""
    if type(value) is not list and type(value) is not tuple:
        raise HandError(msg.GAME_BAD_LIST.format(name=name))
    out = tuple(seat(v, name) for v in value)
    if len(set(out)) != len(out):
        raise HandError(msg.GAME_DUPLICATE_SEAT.format(what=name))
    return out


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


# Bounds that keep the input sane, far above any real hand (a hand holds at
# most 6 yakuman, a few dozen han, well under 200 fu).
MAX_YAKUMAN = 6
MAX_HAN = 99
MAX_FU = 990


def yakuman_basic(count: object, rules: Ruleset) -> int:
    """Basic points of ``count`` yakuman as ``rules`` pay them (:func:`counted_yakuman`)."""
    if type(count) is not int or not 1 <= count <= MAX_YAKUMAN:
        raise HandError(msg.GAME_BAD_HAN)
    return basic_points(0, 0, False, yakuman=counted_yakuman(rules, count)).points


def basic_of(value: object, rules: Ruleset | None) -> int:
    """Basic points of ``{"han": h, "fu": f}`` or ``{"yakuman": n}`` under ``rules``.

    >>> basic_of({"han": 14, "fu": 30}, get_ruleset("online"))
    8000
    >>> basic_of({"han": 14, "fu": 30}, get_ruleset("ema")), basic_of({"han": 2, "fu": 140}, None)
    (6000, 2000)
    >>> basic_of({"yakuman": 2}, get_ruleset("fenix")), basic_of({"yakuman": 2}, get_ruleset("rrc"))
    (8000, 16000)
    """
    if type(value) is not dict:
        raise HandError(msg.GAME_BAD_HAN)
    rules = rules or get_ruleset()
    keys = set(value) - {"seat"}
    if keys == {"yakuman"}:
        return yakuman_basic(value["yakuman"], rules)
    if keys != {"han", "fu"}:
        raise HandError(msg.GAME_BAD_HAN)
    han, fu = value["han"], value["fu"]
    if type(han) is not int or type(fu) is not int or not 1 <= han <= MAX_HAN \
            or not 20 <= fu <= MAX_FU:
        raise HandError(msg.GAME_BAD_HAN)
    return basic_points(han, fu, rules.kiriage, kazoe=rules.kazoe_yakuman).points


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


def abortive_kind(value: object) -> AbortiveDraw:
    """``"four_winds"`` etc. as an :class:`AbortiveDraw`."""
    for kind in AbortiveDraw:
        if kind.value == value:
            return kind
    known = ", ".join(k.value for k in AbortiveDraw)
    raise HandError(msg.GAME_BAD_ABORTIVE.format(kind=value, known=known))


def abortive(f: Obj) -> Obj:
    """``abortive``: whether the rule set plays this abortive draw and what follows."""
    a = abortive_draw(abortive_kind(f["draw"]), get_ruleset(f["rules"]),
                      f["honba"], f["riichi_sticks"])
    if not a.played:
        return {"played": False}
    return {"played": True, "dealer_repeats": a.dealer_repeats, "honba_next": a.honba_next,
            "riichi_sticks_next": a.riichi_sticks_next}


def _ron_values(items: object, rules: Ruleset) -> dict[int, int]:
    if type(items) is not list:
        raise HandError(msg.GAME_BAD_LIST.format(name="winners"))
    values: dict[int, int] = {}
    for item in items:
        who = seat(item.get("seat") if type(item) is dict else None, "winners")
        if who in values:
            raise HandError(msg.GAME_DUPLICATE_SEAT.format(what="winners"))
        values[who] = basic_of(item, rules)
    return values


def multi_ron(f: Obj) -> Obj:
    """``multi_ron``: several rons on one discard."""
    rules = get_ruleset(f["rules"])
    r = settle_rons(seat(f["from"], "from"), _ron_values(f["winners"], rules), rules,
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


_RESULT_FIELDS: dict[str, set[str]] = {
    "tsumo": {"type", "winner", "han", "fu", "yakuman"},
    "ron": {"type", "from", "winners"},
    "draw": {"type", "tenpai", "nagashi"},
    "abortive": {"type", "draw"},
    "chombo": {"type", "offender"},
}


def outcome_of(value: Obj, rules: Ruleset) -> Outcome:
    """The ``result`` object of ``next_hand`` as an engine outcome."""
    kind = value.get("type")
    if type(kind) is not str or kind not in _RESULT_FIELDS:
        raise HandError(msg.GAME_BAD_RESULT.format(type=kind))
    for name in value:
        if name not in _RESULT_FIELDS[kind]:
            raise HandError(msg.BATCH_UNKNOWN_FIELD.format(name=name, kind=kind))
    if kind == "tsumo":
        worth = {k: v for k, v in value.items() if k in ("han", "fu", "yakuman")}
        return Tsumo(seat(value.get("winner"), "winner"), basic_of(worth, rules))
    if kind == "ron":
        return Ron(seat(value.get("from"), "from"), _ron_values(value.get("winners"), rules))
    if kind == "draw":
        return ExhaustiveDraw(seats(value.get("tenpai"), "tenpai"),
                              seats(value.get("nagashi", []), "nagashi"))
    if kind == "abortive":
        return Abortive(abortive_kind(value.get("draw")))
    return ChomboHand(seat(value.get("offender"), "offender"))


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
