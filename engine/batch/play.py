"""The ``ukeire`` and ``safety`` kinds of ``python -m engine batch``.

:mod:`engine.batch` checks the field names and JSON types and calls these
with the checked fields; the contract of both kinds is in its docstring.
Tiles are written as sorted mpsz codes, red fives as plain fives.

>>> ukeire_answer({"hand": "24m68m456p789s115z", "melds": [], "visible": "3m"})
{'shanten': 1, 'tiles': ['3m', '7m'], 'count': 7}
"""

from __future__ import annotations

from engine.errors import HandError
from engine.hand import Hand, parse_hand
from engine.melds import meld_from_json
from engine.shape.ukeire import rank_discards, ukeire
from engine.table.safety import Riichi, hand_safety
from engine.table.safety_open import OpenHand
from engine.text import messages as msg
from engine.tiles import Tile, parse_tiles, parse_wind, tile_code

# Annotations only (as in engine.batch).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    Obj = dict[str, Any]

_CODES = tuple(tile_code(t) for t in range(34))
# A riichi in a safety request: field -> (JSON type, required).
_RIICHI_FIELDS: dict[str, tuple[type, bool]] = {
    "pond": (str, True),
    "riichi_index": (int, True),
    "passed": (str, False),
    "tsumogiri": (list, False),
}
# An opponent with calls in a safety request: field -> (JSON type, required).
_OPEN_FIELDS: dict[str, tuple[type, bool]] = {
    "melds": (list, True),
    "pond": (str, True),
    "seat_wind": (str, False),
    "round_wind": (str, False),
}


def _hand(f: Obj) -> Hand:
    """13 or 14 tiles (melds counted as three), melds as the batch writes them."""
    return parse_hand(f["hand"], f["melds"])


def _kinds(text: str) -> tuple[Tile, ...]:
    return parse_tiles(text).kinds


def ukeire_answer(f: Obj) -> Obj:
    """13 tiles: shanten, improving kinds, copies left; 14: the same per discard, ranked."""
    hand = _hand(f)
    visible = _kinds(f["visible"])
    if hand.size == 13:
        result = ukeire(hand, visible)
        return {
            "shanten": result.shanten,
            "tiles": [_CODES[i.tile] for i in result.tiles],
            "count": result.count,
        }
    ranking = rank_discards(hand, visible)
    return {
        "shanten": ranking.shanten,
        "discards": [
            {
                "tile": _CODES[o.tile],
                "shanten": o.shanten,
                "tiles": [_CODES[i.tile] for i in o.tiles],
                "count": o.count,
            }
            for o in ranking.options
        ],
    }


def _checked(item: object, fields: dict[str, tuple[type, bool]],
             texts: tuple[str, str, str]) -> Obj:
    """``item`` as an object with only ``fields``, each of its JSON type; ``texts``: the
    messages for a wrong shape, an unknown field and a missing one."""
    shape, unknown, missing = texts
    if type(item) is not dict:
        raise HandError(shape)
    for name in item:
        if name not in fields:
            raise HandError(unknown.format(name=name))
    for name, (kind, required) in fields.items():
        if name in item and type(item[name]) is not kind:
            raise HandError(shape)
        if required and name not in item:
            raise HandError(missing.format(name=name))
    return item


def _riichi(raw: object) -> Riichi:
    item = _checked(raw, _RIICHI_FIELDS, (msg.BATCH_RIICHI_SHAPE, msg.BATCH_RIICHI_UNKNOWN,
                                          msg.BATCH_RIICHI_MISSING))
    passed = item.get("passed", "")
    marks = item.get("tsumogiri", [])
    if not all(type(m) is bool for m in marks):
        raise HandError(msg.BATCH_RIICHI_SHAPE)
    return Riichi(_kinds(item["pond"]), item["riichi_index"], _kinds(passed), tuple(marks))


def _open(raw: object) -> OpenHand:
    item = _checked(raw, _OPEN_FIELDS, (msg.BATCH_OPEN_SHAPE, msg.BATCH_OPEN_UNKNOWN,
                                        msg.BATCH_OPEN_MISSING))
    # His melds are written as the hand's are in the batch contract.
    melds = tuple(meld_from_json(m) for m in item["melds"])
    if len(melds) > 4:
        raise HandError(msg.BATCH_OPEN_SHAPE)
    winds = [parse_wind(item[w]) if w in item else None for w in ("seat_wind", "round_wind")]
    return OpenHand(melds, _kinds(item["pond"]), *winds)


def safety_answer(f: Obj) -> Obj:
    """Each concealed kind's deal-in chance, class and reason, least dangerous first."""
    hand = _hand(f)
    riichis = tuple(_riichi(item) for item in f["riichi"])
    opens = tuple(_open(item) for item in f["open"])
    found = hand_safety(hand, riichis, _kinds(f["visible"]), _kinds(f["dora"]), opens)
    return {
        "tiles": [
            {"tile": _CODES[s.tile], "tier": s.tier.value, "reason": s.reason,
             "danger": round(s.danger, 1)}
            for s in found
        ]
    }
