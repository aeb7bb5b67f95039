"""``python -m engine batch``: the JSON Lines contract of docs/engine.md, exactly.

One JSON object per input line in, one JSON object per input line out, same
order. A line that is not JSON, not an object, has an unknown ``kind``, an
unknown field, a field of the wrong type or bad tiles (a kind more than four
times, or a second red five of a suit: the set has one per suit) yields
``{"error": "<message>"}`` and the run goes on; the exit code is 0. Unknown
fields are errors rather than ignored, so a typo such as ``"richi": true``
cannot silently change an answer.

Speed: stdin is read in one piece and the answers are joined and written once;
per line there is one ``json.loads``, a table-driven field check, the engine
call and one ``json.dumps``.

Tile efficiency and defence (answered by :mod:`engine.batch.play`):

``ukeire`` — in: ``{"kind": "ukeire", "hand": "<13 or 14 concealed tiles minus
3 per meld>", "melds": [...], "visible": "<tiles seen elsewhere>"}``
(``visible`` optional, default empty). Out, 14 tiles: ``{"shanten": 1,
"discards": [{"tile": "9p", "shanten": 1, "tiles": ["3m", "6m"], "count": 8},
...]}``; 13 tiles: ``{"shanten": 1, "tiles": ["3m", "6m"], "count": 8}``.
``shanten`` is the smallest of standard form, chiitoitsu and kokushi (0 =
tenpai; with melds only the standard form); for 14 tiles the best after a
discard. ``discards`` has one entry per distinct kind of the concealed part,
sorted by shanten ascending, count descending, then tile order (m, p, s, z;
1–9). ``tiles``: the kinds whose draw (after that discard) lowers the
shanten and of which a copy remains, the discarded kind included; ``count``:
their copies left, each 4 − its copies among all the hand's tiles (the
discarded one and the melds included) − its copies in ``visible``. Red fives
count as fives; a kind that has run out is not listed; more than four copies
of a kind over hand, melds and visible is an error.

``safety`` — in: ``{"kind": "safety", "hand": "<13 or 14 tiles>", "melds":
[...], "riichi": [{"pond": "<his discards in order>", "riichi_index": 5,
"passed": "<tiles discarded by others after his riichi>", "tsumogiri": [false,
true, ...]}, ...], "visible": "<every tile seen outside the hand, ponds
included>", "dora": "<dora indicators>", "open": [{"melds": [{"type": "pon",
"tiles": "666z"}, ...], "pond": "<his discards in order>", "seat_wind": "S",
"round_wind": "E"}, ...]}`` (``passed``, ``tsumogiri``, ``visible``, ``dora``
and ``open`` optional, ``riichi`` may be empty when ``open`` is not; each
riichi's pond and passed tiles, each open hand's pond and melds must be among
``visible``; ``tsumogiri``, when given, has one boolean per pond tile —
true: the tile he had just drawn — and lets the model read a tsumogiri riichi
tile's suji as plain suji and his last tedashi's as the riichi tile's,
:func:`engine.table.safety.trap_index`; without it the riichi tile counts as
cut from the hand; without an open hand's winds every wind is priced as a
value honour, as against a riichi). ``open``: opponents with calls, read by
:mod:`engine.table.safety_open` (his melds, pond, turn and winds; the classes
``flush_other_suit``, ``not_tanyao`` and ``pair_only`` come only from them).
Out: ``{"tiles": [{"tile":
"1m", "tier": "suji_19", "reason": "<Russian>", "danger": 1.7}, ...]}``, one
entry per distinct concealed kind. ``danger`` is the estimated deal-in chance
in %, a number with one decimal, from the danger model of
:mod:`engine.table.safety` (published rates by tile class and the riichi player's
discard count, sources in :mod:`engine.table.safety_rates`); against several riichi
and open hands ``1 − Π(1 − pᵢ)``. ``tier`` names the class the chance was read from (one of
:data:`engine.table.safety.TIERS`; genbutsu and tiles passed after the riichi are
0.0 and equal); against several threats the class and reason of the most
dangerous one. Order: ``danger`` ascending, then tile order.

>>> answer_line('{"kind": "waits", "hand": "1112345678999m"}')["waits"][:3]
['1m', '2m', '3m']
>>> answer_line('{"kind": "waits", "hand": 5}')["error"]
'Поле «hand» должно быть строкой с тайлами в нотации mpsz.'

The whole game (handlers in :mod:`engine.batch.game`). Seats are this
hand's seat winds E, S, W, N (E is the dealer); ``rules`` is
``online|ema|jpml|fenix|rrc`` (default ``online``); ``honba`` and
``riichi_sticks`` default to 0 and must be non-negative integers; a hand's
value is ``{"han": 3, "fu": 30}`` (han 1–99, fu 20–990: more than 13 han or
130 fu is valid) or ``{"yakuman": n}`` (n 1–6) in every kind, and the rule
set decides what it pays: 13+ han a counted yakuman or a sanbaiman
(``kazoe_yakuman``); several yakuman (or a double one) in full, or as one
where yakuman never combine (``fenix``, ``ema``). Duplicate or unknown
seats, a seat list that is not a list, or a missing required field are errors.

``draw`` — exhaustive draw settlement::

    in:  {"kind": "draw", "rules": "online|ema|jpml|fenix|rrc", "tenpai": ["E", "W"], "honba": 0,
          "riichi_sticks": 0}
    out: {"payments": {"E": 1500, "S": -1500, "W": 1500, "N": -1500}, "dealer_repeats": true,
          "honba_next": 1, "riichi_sticks_next": 0}

  ``tenpai`` is required (a list, possibly empty). ``payments`` lists all four
  seats and sums to 0: the rule set's noten total (3000 in all five sets) is
  paid by the noten players to the tenpai players (1 tenpai: +3000 / −1000
  each; 2: ±1500; 3: +1000 each / −3000; 0 or 4: nothing). ``dealer_repeats``
  when E is tenpai; ``honba_next`` is honba + 1; the sticks stay on the table.

``nagashi`` — a draw with nagashi mangan: ``draw``'s fields plus ``"nagashi": ["W"]``
  (required); out: ``draw``'s keys plus ``"noten_paid"`` (false where nagashi
  replaces the noten payments). An error where the rule set has no nagashi.

``abortive`` — ``{"draw": "kyuushu|four_winds|four_riichi|four_kans|triple_ron"}``:
  out ``{"played": false}`` where the rule set plays on, else ``{"played": true,
  "dealer_repeats": …, "honba_next": …, "riichi_sticks_next": …}``.

``multi_ron`` — ``{"from": "E", "winners": [{"seat": "S", "han": 3, "fu": 30}, …],
  "riichi": ["W"] (optional: seats whose riichi stick of this hand is among
  ``riichi_sticks``)}``: out ``{"abortive", "winners", "riichi_sticks_to",
  "riichi_sticks_back", "honba_to", "payments", "dealer_repeats", "honba_next",
  "riichi_sticks_next"}`` (winners nearest the discarder first; a triple ron
  under double ron is ``"abortive": true``). ``online``: honba and sticks go
  to the winner nearest the discarder; ``ema`` and ``rrc``: every winner is
  paid the honba, a winner in ``riichi`` takes his own stick back
  (``riichi_sticks_back``) and the rest go to ``riichi_sticks_to``.

``pao`` — ``{"winner": "S", "liable": "N", "from": "" (tsumo) or a seat, "yaku":
  "daisangen", "yakuman": 1}``: out ``{"payments", "liable_pays", "riichi_sticks_next"}``.
  On a ron off a third player the two split the value; the honba are paid by
  the liable player (``online``) or the discarder (the other sets).

``chombo`` — ``{"offender": "W", "riichi": ["S"] (declared in the voided hand)}``:
  out ``{"payments", "deduction", "replay", "dealer_repeats", "honba_next",
  "riichi_sticks_next"}``.

``next_hand`` — ``{"round": "E|S|W", "hand": 1–4, "honba", "riichi_sticks", "scores":
  {"E": 25000, …}, "deductions": {"S": 20000} (chombo so far, optional), "riichi":
  ["S"], "result": {…}}`` where ``result`` is
  ``{"type": "tsumo", "winner": "S", "han": 3, "fu": 30}``, ``{"type": "ron", "from":
  "E", "winners": [...]}``, ``{"type": "draw", "tenpai": [...], "nagashi": [...]}``,
  ``{"type": "abortive", "draw": "four_winds"}`` or ``{"type": "chombo",
  "offender": "S"}``. Out: ``payments``, ``scores`` and ``deductions`` by this
  hand's seats, ``dealer_repeats``, ``dealer_next`` (this hand's seat that
  deals next), ``round_next``, ``hand_next``, ``honba_next``,
  ``riichi_sticks_next``, ``scores_next`` and ``deductions_next`` (by the next
  hand's seats), ``game_over``, ``reason`` (``bust``, ``last_hand``,
  ``last_dealer_stops``, ``target_reached`` or ``""``) and ``final`` (``null``,
  or when the game is over ``final_result``'s answer by this hand's seats).

``final_result`` — ``{"scores": {"E": …, …} (seats of East 1), "riichi_sticks": 0,
  "deductions": {"S": 20000}}``: out ``{"places", "points", "uma", "oka", "results"}``.

A played game (handler in :mod:`engine.batch.replay`):

``replay`` — a tenhou.net/6 game replayed by the engine's table::

    in:  {"kind": "replay", "log": <one tenhou.net/6 game object>, "rules": "online"}
    out: {"hands": [{"round": "E1", "honba": 0, "result": "win|draw|abortive|nagashi",
                     "deltas": [d0, d1, d2, d3]}, ...],
          "final": [s0, s1, s2, s3]}

  ``rules`` is optional (default ``online``). Seats are the log's (player 0
  is the game's first dealer). Each hand starts from the state the log
  records for it (scores, honba, sticks), so a log of one exported hand
  replays like a whole game; ``round`` (E1…N4) and ``honba`` are the log's.
  ``deltas``: each seat's net change over the hand — a riichi declarer's
  1000 as a loss, sticks and honba collected as gains — so the scores before
  a hand plus its deltas are the scores before the next (the log's own
  result counts the sticks but not the declarer's −1000, and is never
  used: every result comes from the engine's scorer and settlement).
  ``result``: ``win`` for any ron or tsumo, ``draw`` for an exhaustive draw,
  ``abortive`` for kyuushu, four winds, four riichi, four kans or a triple
  ron that ends the hand, ``nagashi`` for an exhaustive draw paid as nagashi
  mangan. ``final``: the scores after the last hand, sticks left on the
  table not awarded. Errors are ``{"error": "<Russian>", "hand": i, "event":
  j}`` (``hand``, ``event``: 0-based, present when they apply): an unreadable
  log, a three-player log, an illegal event (a discard of a tile not held, a
  call not allowed, a ron in furiten, a riichi without tenpai…), or an event
  the rule set does not allow (a second ron under head bump, an abortive draw
  under ``ema``, nagashi where the set has none, red fives where it has none).

``review`` — one seat's costly decisions (handler in :mod:`engine.batch.review`)::

    in:  {"kind": "review", "log": <tenhou.net/6 object, or mjai JSON Lines as a string>,
          "seat": 0, "rules": "online"}
    out: {"decisions": [{"hand": i, "event": j,
                         "action": "discard|call|pass|kan|riichi|dama|win|no_win",
                         "played": "<tile or call>", "better": "<tile or action>",
                         "category": "efficiency|defence|missed_win|furiten|no_yaku|noten|all_last",
                         "cost": {…the category's measure…}, "message": "<Russian>"}, ...],
          "summary": {"<category>": n, ...}}

  ``seat`` (required, 0–3) is the log's seat; ``rules`` optional (default
  ``online``). ``log`` may also be a tenhou.net/6 game as JSON text: the
  format is told from the content. ``hand`` and ``event`` index the log's
  hands and a hand's events (0-based; the event that answered the choice).
  Only decisions that cost something by a stated measure are listed
  (:mod:`engine.review.thresholds`), grouped by category in the order
  above and, within one, costliest first. ``cost`` per category:
  ``efficiency`` — ``shanten``, ``best_shanten``, ``best_ukeire`` (copies,
  tiles seen counted out), ``lost``, ``best_tiles`` and, at the same
  shanten, ``ukeire``, ``tiles`` and ``share`` (under 0.8);
  ``defence`` — ``danger``, ``safest``, ``safest_danger``, ``gap`` (deal-in
  chance in %, :mod:`engine.table.safety`; ``gap`` at least 3);
  ``missed_win`` — ``points``, ``han``, ``fu``, ``win`` (``ron``/``tsumo``);
  ``furiten`` — ``waits``, ``kinds``, ``furiten_tiles`` (the flag is only
  informational on a wait of three kinds or more); ``no_yaku`` —
  ``shanten``, ``wall_left``; ``noten`` — ``wall_left``, ``waits``,
  ``noten_payment`` (the flag is on the discard that could keep tenpai);
  ``all_last`` — ``place``, ``needed``, ``short`` (points below the next
  place) and, for a win, ``points``. ``summary`` counts every category, zeros included.
  Errors as for ``replay``; a seat outside 0–3 is an error too.

>>> answer({"kind": "draw", "tenpai": ["S"], "rules": "ema"})["payments"]
{'E': -1000, 'S': 3000, 'W': -1000, 'N': -1000}
>>> answer({"kind": "draw", "tenpai": ["S", "S"]})["error"]
'Поле «tenpai»: одно и то же место указано дважды.'
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterable
from functools import lru_cache

from engine.batch import game as batch_game
from engine.batch import replay as batch_replay
from engine.batch import review as batch_review
from engine.batch.play import safety_answer, ukeire_answer
from engine.batch.quick_parse import new_situation, quick_hand, quick_kinds, wind
from engine.errors import HandError
from engine.hand import Hand, parse_hand
from engine.melds import Meld, parse_meld
from engine.rules.sets import Ruleset, get_ruleset
from engine.scoring.score import NoYakuError, ScoreResult, WinSituation, score_hand
from engine.shape.furiten import FuritenKind, check_furiten
from engine.shape.waits import find_waits
from engine.table.events import LogError
from engine.text import messages as msg
from engine.tiles import Tile, parse_tile, parse_tiles, parse_wind, tile_code

# Annotations only: importing typing at run time costs start-up (see engine.batch.quick_parse).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    Obj = dict[str, Any]

# Field name -> (JSON type, default). "tiles" is an mpsz string, "wind" E/S/W/N.
_COMMON: dict[str, tuple[str, Any]] = {"hand": ("tiles", None), "melds": ("melds", ())}
FIELDS: dict[str, dict[str, tuple[str, Any]]] = {
    "waits": _COMMON,
    "furiten": {
        **_COMMON,
        "discards": ("tiles", ""),
        "missed": ("tiles", ""),
        "riichi": ("bool", False),
        "missed_since_riichi": ("tiles", ""),
    },
    "score": {
        **_COMMON,
        "win_tile": ("tiles", None),
        **{
            flag: ("bool", False)
            for flag in (
                "tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan",
                "haitei", "houtei", "tenhou", "chiihou", "renhou",
            )
        },
        "seat_wind": ("wind", "E"),
        "round_wind": ("wind", "E"),
        "dora_indicators": ("tiles", ""),
        "ura_indicators": ("tiles", ""),
        "honba": ("int", 0),
        "riichi_sticks": ("int", 0),
        "rules": ("str", "online"),
    },
    # Tile efficiency and defence (engine.batch.play).
    "ukeire": {**_COMMON, "visible": ("tiles", "")},
    "safety": {**_COMMON, "riichi": ("list", None), "visible": ("tiles", ""),
               "dora": ("tiles", ""), "open": ("list", [])},
}
FIELDS.update(batch_game.FIELDS)  # the whole game
FIELDS.update(batch_replay.FIELDS)  # a played game's log
FIELDS.update(batch_review.FIELDS)

# JSON decoding yields exactly these types, so an exact type test is enough (and
# keeps true/false out of the integer fields, since type(True) is bool).
_JSON_TYPES: dict[str, tuple[type, ...]] = {
    "tiles": (str,),
    "wind": (str,),
    "str": (str,),
    "melds": (list,),
    "bool": (bool,),
    "int": (int,),
    "list": (list,),
    "object": (dict,),
    "log": (dict, str),  # a tenhou.net/6 object, or a log's text (mjai JSON Lines)
}
_REASON_ORDER = {kind: i for i, kind in enumerate(FuritenKind)}


def _fields(obj: Obj, kind: str) -> Obj:
    """Check names and types of ``obj``'s fields; fill in defaults.

    Whether a request passes depends only on its field names and value
    types, so a shape that passed once (the same names in the same order,
    the same types) is let through with a dict merge: a batch repeats a few
    shapes thousands of times, and the full check was a tenth of a line.
    """
    shape = (kind, tuple(obj), tuple(map(type, obj.values())))
    if shape in _PASSED:
        out = {**_DEFAULTS[kind], **obj}
        out.pop("kind", None)
        return out
    out = _check_fields(obj, kind)
    if len(_PASSED) < 1024:
        _PASSED.add(shape)
    return out


_PASSED: set[tuple[str, tuple[str, ...], tuple[type, ...]]] = set()
_DEFAULTS = {kind: {name: d for name, (_t, d) in spec.items()} for kind, spec in FIELDS.items()}


def _check_fields(obj: Obj, kind: str) -> Obj:
    spec = FIELDS[kind]
    for name in obj:
        if name not in spec and name != "kind":
            raise HandError(msg.BATCH_UNKNOWN_FIELD.format(name=name, kind=kind))
    out: Obj = {}
    for name, (type_name, default) in spec.items():
        if name not in obj:
            if default is None:  # a required field
                raise HandError(msg.BATCH_MISSING_FIELD.format(name=name))
            out[name] = default
            continue
        value = obj[name]
        if type(value) not in _JSON_TYPES[type_name]:  # null included
            wanted = msg.BATCH_TYPES[type_name]
            raise HandError(msg.BATCH_WRONG_TYPE.format(name=name, type=wanted))
        out[name] = value
    return out


@lru_cache(maxsize=4096)
def tile_kinds(text: str) -> tuple[Tile, ...]:
    """Kinds of an mpsz string in written order (red fives are plain fives here).

    Cached: indicators and winning tiles repeat from line to line. Plain text
    is read by :func:`quick_kinds`; anything else goes to ``parse_tiles``,
    which gives the answer or the precise error.
    """
    kinds = quick_kinds(text)
    return parse_tiles(text).kinds if kinds is None else kinds


@lru_cache(maxsize=4096)
def _meld(kind: str, tiles: str) -> Meld:
    # Melds are frozen values and a batch repeats the same few hundred of them.
    return parse_meld(kind, tiles)


def _melds(items: Iterable[object]) -> list[object]:
    """Batch melds as :class:`Meld` values; anything unusual goes to the hand parser as is."""
    out: list[object] = []
    for item in items:
        if type(item) is dict and len(item) == 2 and "type" in item and "tiles" in item:
            kind, tiles = item["type"], item["tiles"]
            if isinstance(kind, str) and isinstance(tiles, str):
                out.append(_meld(kind, tiles))
                continue
        out.append(item)
    return out


def _hand(f: Obj, size: int) -> Hand:
    melds = _melds(f["melds"])
    return quick_hand(f["hand"], melds, size) or parse_hand(f["hand"], melds, size=size)


def tile_codes(tiles: Iterable[Tile]) -> list[str]:
    """Tiles as sorted mpsz codes (kind order is m, p, s, z ascending; red fives as 5)."""
    return [_CODES[t] for t in sorted(tiles)]


_CODES = tuple(tile_code(t) for t in range(34))  # kind -> "5p", built once


def _waits(f: Obj) -> Obj:
    result = find_waits(_hand(f, 13))
    return {"tenpai": result.tenpai, "waits": tile_codes(result.waits)}


def _furiten(f: Obj) -> Obj:
    hand = _hand(f, 13)
    result = check_furiten(
        hand,
        discards=tile_kinds(f["discards"]),
        missed=tile_kinds(f["missed"]),
        riichi=f["riichi"],
        missed_since_riichi=tile_kinds(f["missed_since_riichi"]),
    )
    kinds = sorted({r.kind for r in result.reasons}, key=_REASON_ORDER.__getitem__)
    return {
        "tenpai": result.tenpai,
        "waits": tile_codes(result.waits),
        "furiten": result.furiten,
        "reasons": [k.value for k in kinds],
    }


def situation_from(f: Obj) -> WinSituation:
    """The :class:`WinSituation` of a checked score request (also used by the CLI)."""
    return new_situation(
        {
            "tsumo": f["tsumo"],
            "riichi": f["riichi"] or f["double_riichi"],
            "double_riichi": f["double_riichi"],
            "ippatsu": f["ippatsu"],
            "rinshan": f["rinshan"],
            "chankan": f["chankan"],
            "haitei": f["haitei"],
            "houtei": f["houtei"],
            "tenhou": f["tenhou"],
            "chiihou": f["chiihou"],
            "renhou": f["renhou"],
            "seat_wind": wind(f["seat_wind"]) or parse_wind(f["seat_wind"]),
            "round_wind": wind(f["round_wind"]) or parse_wind(f["round_wind"]),
            "dora_indicators": tile_kinds(f["dora_indicators"]),
            "ura_indicators": tile_kinds(f["ura_indicators"]),
            "honba": f["honba"],
            "riichi_sticks": f["riichi_sticks"],
        }
    )


@lru_cache(maxsize=256)
def _win_tile(text: str) -> Tile:
    return parse_tile(text).kinds[0]


def score_fields(f: Obj, rules: Ruleset | None = None) -> ScoreResult:
    """Score a checked request: parse the hand, the winning tile, the situation, the rules.

    ``rules`` overrides ``f["rules"]`` (the CLI switches red fives on or off).
    """
    hand = _hand(f, 14)
    win = _win_tile(f["win_tile"])
    return score_hand(hand, win, situation_from(f), rules or get_ruleset(f["rules"]))


def _score(f: Obj) -> Obj:
    # ScoreResult.to_json is the contract's shape (engine.scoring.score owns it).
    return score_fields(f).to_json()


def _score_text(f: Obj) -> str:
    return score_fields(f).to_json_text()


HANDLERS: dict[str, Callable[[Obj], Obj]] = {
    "waits": _waits,
    "furiten": _furiten,
    "score": _score,
    "ukeire": ukeire_answer,
    "safety": safety_answer,
}
HANDLERS.update(batch_game.HANDLERS)  # the whole game
HANDLERS.update(batch_replay.HANDLERS)  # a played game's log
HANDLERS.update(batch_review.HANDLERS)
# What run() uses: a handler may answer with the JSON text itself (the score
# answer is written by ScoreResult.to_json_text, the same text as encoding
# its to_json()).
_TEXT_HANDLERS: dict[str, Callable[[Obj], Obj | str]] = {**HANDLERS, "score": _score_text}


def answer(obj: object) -> Obj:
    """Answer one decoded request; every failure becomes ``{"error": ...}``."""
    return _answer(obj, HANDLERS)  # type: ignore[return-value]  # HANDLERS give dicts


def _answer(obj: object, handlers: dict[str, Callable[[Obj], Any]]) -> Obj | str:
    try:
        if not isinstance(obj, dict):
            return {"error": msg.BATCH_NOT_OBJECT}
        kind = obj.get("kind")
        if not isinstance(kind, str) or kind not in handlers:
            return {"error": msg.BATCH_UNKNOWN_KIND.format(kind=kind, known=", ".join(handlers))}
        return handlers[kind](_fields(obj, kind))  # type: ignore[no-any-return]
    # One name per clause: compiled (engine/__init__.py), a name has one type.
    except NoYakuError as no_yaku:
        return {"error": "no yaku", "message": no_yaku.message}
    except LogError as bad_log:
        found: Obj = {"error": bad_log.message}
        if bad_log.hand is not None:
            found["hand"] = bad_log.hand
        if bad_log.event is not None:
            found["event"] = bad_log.event
        return found
    except HandError as bad:
        return {"error": bad.message}
    except Exception as bug:  # a bug in the engine: report it on this line, keep going
        return {"error": msg.BATCH_INTERNAL.format(name=type(bug).__name__, text=bug)}


def answer_line(line: str) -> Obj:
    """Answer one input line (JSON text)."""
    return _answer_line(line, HANDLERS)  # type: ignore[return-value]  # HANDLERS give dicts


def _answer_line(line: str, handlers: dict[str, Callable[[Obj], Any]]) -> Obj | str:
    try:
        # The decoder's own scanner on the whole line: json.loads minus its
        # Python wrappers (a third of the decoding time of a batch line).
        obj, end = _scan(line, 0)
    except (StopIteration, ValueError, RecursionError):
        end = -1  # json.loads below gives the precise message
    if end == len(line):
        return _answer(obj, handlers)
    if not line.strip():
        return {"error": msg.BATCH_EMPTY_LINE}
    try:
        obj = json.loads(line)
    except (ValueError, RecursionError) as err:
        return {"error": msg.BATCH_BAD_JSON.format(text=err)}
    return _answer(obj, handlers)


# What json.loads calls for a line without surrounding white space; anything
# else (white space, a BOM, trailing text, bad JSON) goes to json.loads.
# (an attribute the decoder sets in __init__, which the stubs do not declare)
_scan: Callable[[str, int], tuple[Any, int]] = json.JSONDecoder().scan_once  # type: ignore[attr-defined]


def run(data: bytes) -> bytes:
    """Answer every line of ``data`` (UTF-8 JSON Lines); the output has one line per input line."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("utf-8", errors="replace")
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()  # the newline that ends the last line does not start another
    dumps = _encoder()
    handlers = _TEXT_HANDLERS
    out = []
    for line in lines:
        reply = _answer_line(line.removesuffix("\r"), handlers)
        out.append(reply if type(reply) is str else dumps(reply))  # type: ignore[arg-type]
    return ("\n".join(out) + "\n").encode("utf-8") if out else b""


def _encoder() -> Callable[[Obj], str]:
    """``json.JSONEncoder(ensure_ascii=False).encode`` for dicts, with its C encoder made once.

    ``encode`` builds a new C encoder on every call, which cost more than
    encoding a score answer; the output is the same text.
    """
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:  # no C accelerator: the plain encoder
        return json.JSONEncoder(ensure_ascii=False).encode
    encode = make(
        None, json.JSONEncoder().default, json.encoder.encode_basestring, None,
        ": ", ", ", False, False, True,
    )  # fmt: skip

    def dumps(obj: Obj) -> str:
        return "".join(encode(obj, 0))

    return dumps


def main_batch() -> int:
    """Read all of stdin, answer, write once; always exit 0."""
    try:
        sys.stdout.buffer.write(run(sys.stdin.buffer.read()))
        sys.stdout.buffer.flush()
    except BrokenPipeError:
        # The reader stopped early (`... | head`): nothing left to say, and no traceback.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0
