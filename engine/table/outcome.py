"""A hand's result written as data, read into an engine outcome.

Programs and the site describe what ended a hand as a plain object: seats
are this hand's seat winds ``"E"``, ``"S"``, ``"W"``, ``"N"`` (E is the
dealer) and a hand's value is ``{"han": 3, "fu": 30}`` or ``{"yakuman": 1}``
(13+ han and 130+ fu are valid: the rule set decides what they pay).
The readers here check each field and raise :class:`HandError` with a
Russian message; :func:`outcome_of` gives the :class:`Outcome` that
:func:`engine.table.game.next_state` takes. The batch front end
(:mod:`engine.batch.game`), the practice generator and the site's drills all
read results through this module.

>>> from engine.rules.sets import get_ruleset
>>> outcome_of({"type": "tsumo", "winner": "S", "han": 3, "fu": 30}, get_ruleset("online"))
Tsumo(winner=1, basic=960, pao=None)
"""

from __future__ import annotations

from engine.errors import HandError
from engine.rules.sets import AbortiveDraw, Ruleset, counted_yakuman
from engine.scoring.points import basic_points
from engine.table.game import Abortive, ChomboHand, ExhaustiveDraw, Outcome, Ron, Tsumo
from engine.text import messages as msg

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    Obj = dict[str, Any]

SEAT_NAMES = ("E", "S", "W", "N")
_SEAT = {name: i for i, name in enumerate(SEAT_NAMES)}


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


def basic_of(value: object, rules: Ruleset) -> int:
    """Basic points of ``{"han": h, "fu": f}`` or ``{"yakuman": n}`` under ``rules``.

    Any han from 1 and fu from 20 are valid (13+ han, 130+ fu): the rule set
    decides what they pay — a counted yakuman or a sanbaiman, several yakuman
    in full or as one.

    >>> from engine.rules.sets import get_ruleset
    >>> basic_of({"han": 14, "fu": 30}, get_ruleset("online"))
    8000
    >>> basic_of({"han": 14, "fu": 30}, get_ruleset("ema"))
    6000
    >>> basic_of({"han": 2, "fu": 140}, get_ruleset("rrc"))
    2000
    >>> basic_of({"yakuman": 2}, get_ruleset("fenix")), basic_of({"yakuman": 2}, get_ruleset("rrc"))
    (8000, 16000)
    """
    if type(value) is not dict:
        raise HandError(msg.GAME_BAD_HAN)
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


def abortive_kind(value: object) -> AbortiveDraw:
    """``"four_winds"`` etc. as an :class:`AbortiveDraw`."""
    for kind in AbortiveDraw:
        if kind.value == value:
            return kind
    known = ", ".join(k.value for k in AbortiveDraw)
    raise HandError(msg.GAME_BAD_ABORTIVE.format(kind=value, known=known))


def ron_values(items: object, rules: Ruleset) -> dict[int, int]:
    """The ``winners`` list of a multiple ron: each winner's seat and basic points."""
    if type(items) is not list:
        raise HandError(msg.GAME_BAD_LIST.format(name="winners"))
    values: dict[int, int] = {}
    for item in items:
        who = seat(item.get("seat") if type(item) is dict else None, "winners")
        if who in values:
            raise HandError(msg.GAME_DUPLICATE_SEAT.format(what="winners"))
        values[who] = basic_of(item, rules)
    return values


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
        return Ron(seat(value.get("from"), "from"), ron_values(value.get("winners"), rules))
    if kind == "draw":
        return ExhaustiveDraw(seats(value.get("tenpai"), "tenpai"),
                              seats(value.get("nagashi", []), "nagashi"))
    if kind == "abortive":
        return Abortive(abortive_kind(value.get("draw")))
    return ChomboHand(seat(value.get("offender"), "offender"))
