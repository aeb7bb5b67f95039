"""tenhou.net/6 JSON: read a game object into a :class:`GameLog`, and write one back.

The format (what Tenhou's log viewer and the common converters produce) is an
object with ``name`` (four player names), ``rule`` (``disp`` text, ``aka``:
red fives) and ``log``: one array per hand, ``[[kyoku, honba, sticks],
scores, dora indicators, ura indicators, haipai0, takes0, discards0, …
haipai3, takes3, discards3, result]``. Seats are in table order, seat 0
being the game's first dealer; ``kyoku`` 0–15 is East 1 … North 4 and its
dealer is ``kyoku % 4``.

Tiles are numbers: 11–19 man, 21–29 pin, 31–39 sou, 41–47 East South West
North haku hatsu chun, 51/52/53 the red 5m/5p/5s. A *take* is a drawn tile
or a call written as a string whose letter sits before the called tile:
``c`` chi (always from the left), ``p`` pon and ``m`` open kan, the letter's
place telling where the tile came from (first: the left, middle: across,
last: the right). A *discard* is a tile, ``60`` for the tile just drawn,
``r`` before it for a riichi declaration, ``0`` as the slot an open kan
uses, or a string with ``a`` (closed kan) or ``k`` (added kan). The result
is ``["和了", deltas, [winner, from, liable, text, yaku…], …]`` for wins
(one pair per ron), ``["流局", deltas]`` and its kin for draws.

The four columns are merged into one table order here: a seat takes, then
discards; after a discard the seat whose next take is a call on that tile
calls (a pon or kan before a chi), else the next seat draws. The recorded
deltas count the sticks a winner collects but not a declarer's own 1000.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.table.events import (
    ROUND_NAMES,
    Abort,
    Call,
    Discard,
    Draw,
    Event,
    ExhaustiveDraw,
    GameLog,
    HandLog,
    Kan,
    LogError,
    Ron,
    Scores,
    Tsumo,
)
from engine.text import messages as msg
from engine.tiles import FIVES, Tile

MAX_HANDS = 64  # a long hanchan has ~20; the cap bounds the work of a hostile log
MAX_TAKES = 40  # takes or discards of one seat in one hand (a hand has at most ~30)
TSUMOGIRI = 60
_RED_CODES = {51: 4, 52: 13, 53: 22}
_DRAWS = {
    "流局": ("draw", None), "全員聴牌": ("draw", None), "全員不聴": ("draw", None),
    "流し満貫": ("nagashi", None), "九種九牌": ("abortive", "kyuushu"),
    "四風連打": ("abortive", "four_winds"), "四家立直": ("abortive", "four_riichi"),
    "四槓散了": ("abortive", "four_kans"), "三家和了": ("abortive", "triple_ron"),
}
WIN = "和了"


def decode_tile(code: object, hand: int | None = None) -> tuple[Tile, bool]:
    """A tenhou.net/6 tile number as (kind, red)."""
    if type(code) is not int:
        raise LogError(msg.LOG_BAD_TILE.format(code=code), hand)
    if code in _RED_CODES:
        return _RED_CODES[code], True
    suit, number = divmod(code, 10)
    if 1 <= suit <= 3 and 1 <= number <= 9:
        return (suit - 1) * 9 + number - 1, False
    if suit == 4 and 1 <= number <= 7:
        return 27 + number - 1, False
    raise LogError(msg.LOG_BAD_TILE.format(code=code), hand)


def encode_tile(tile: Tile, red: bool = False) -> int:
    """A kind (and red flag) as a tenhou.net/6 tile number."""
    if red:
        return 51 + FIVES.index(tile)
    if tile >= 27:
        return 41 + tile - 27
    return (tile // 9 + 1) * 10 + tile % 9 + 1


def read_tenhou(obj: Mapping[str, object]) -> GameLog:
    """A tenhou.net/6 game object (a dict from JSON) as a :class:`GameLog`."""
    names = obj.get("name", ["", "", "", ""])
    rule = obj.get("rule", {})
    disp = str(rule.get("disp", "")) if isinstance(rule, Mapping) else ""
    if (isinstance(names, list) and len(names) == 3) or "三" in disp:
        raise LogError(msg.LOG_THREE_PLAYER)
    if not isinstance(names, list) or len(names) != 4:
        raise LogError(msg.LOG_BAD_FIELD.format(name="name"))
    hands = obj.get("log")
    if not isinstance(hands, list) or not hands:
        raise LogError(msg.LOG_NO_HANDS)
    if len(hands) > MAX_HANDS:
        raise LogError(msg.LOG_TOO_MANY_HANDS.format(limit=MAX_HANDS))
    aka = rule.get("aka", 1) if isinstance(rule, Mapping) else 1
    red = not (type(aka) is int and aka == 0)
    last = "E4" if "東" in disp and "南" not in disp else "S4"
    read = tuple(_hand(h, i) for i, h in enumerate(hands))
    players = tuple(str(n) for n in names)
    return GameLog((players[0], players[1], players[2], players[3]), "tenhou6", "online",
                   read, red, last)


def _ints(value: object, count: int | None, hand: int, name: str) -> list[int]:
    if not isinstance(value, list) or any(type(v) is not int for v in value) or (
            count is not None and len(value) != count):
        raise LogError(msg.LOG_BAD_FIELD.format(name=name), hand)
    return list(value)


def _hand(raw: object, index: int) -> HandLog:
    if not isinstance(raw, list) or len(raw) not in (16, 17):
        if isinstance(raw, list) and len(raw) in (13, 14):
            raise LogError(msg.LOG_THREE_PLAYER, index)
        raise LogError(msg.LOG_BAD_HAND, index)
    head = _ints(raw[0], 3, index, "kyoku")
    kyoku, honba, sticks = head
    if not 0 <= kyoku < len(ROUND_NAMES) or honba < 0 or sticks < 0:
        raise LogError(msg.LOG_BAD_FIELD.format(name="kyoku"), index)
    s = _ints(raw[1], 4, index, "scores")
    scores: Scores = (s[0], s[1], s[2], s[3])
    dora = tuple(decode_tile(c, index)[0] for c in _ints(raw[2], None, index, "dora"))
    ura = tuple(decode_tile(c, index)[0] for c in _ints(raw[3], None, index, "ura"))
    if not 1 <= len(dora) <= 5 or len(ura) > 5:
        raise LogError(msg.LOG_BAD_FIELD.format(name="dora"), index)
    haipai: list[tuple[Tile, ...]] = []
    reds: list[tuple[bool, ...]] = []
    takes: list[list[object]] = []
    discards: list[list[object]] = []
    for seat in range(4):
        dealt = [decode_tile(c, index) for c in _ints(raw[4 + 3 * seat], 13, index, "haipai")]
        haipai.append(tuple(t for t, _ in dealt))
        reds.append(tuple(r for _, r in dealt))
        for column, store in ((raw[5 + 3 * seat], takes), (raw[6 + 3 * seat], discards)):
            if not isinstance(column, list) or len(column) > MAX_TAKES:
                raise LogError(msg.LOG_BAD_FIELD.format(name="takes"), index)
            store.append(list(column))
    result = raw[16] if len(raw) == 17 else None
    dealer = kyoku % 4
    events = _merge(takes, discards, dealer, index)
    ending, kind, deltas = _result(result, index)
    return HandLog(
        ROUND_NAMES[kyoku], honba, sticks, scores, dealer, dora, ura, tuple(haipai),
        tuple(events + ending), tuple(reds), deltas, kind,
    )


def _split_call(text: str, index: int) -> tuple[str, list[tuple[Tile, bool]], int]:
    """A call string as (letter, tiles in written order, index of the marked tile)."""
    letters = [ch for ch in text if ch.isalpha()]
    if len(letters) != 1 or letters[0] not in "cpmakr":
        raise LogError(msg.LOG_BAD_CALL.format(text=text), index)
    letter = letters[0]
    at = text.index(letter)
    digits = text.replace(letter, "")
    if at % 2 or len(digits) % 2 or not digits.isdigit():
        raise LogError(msg.LOG_BAD_CALL.format(text=text), index)
    tiles = [decode_tile(int(digits[i:i + 2]), index) for i in range(0, len(digits), 2)]
    return letter, tiles, at // 2


def _parse_take(entry: object, seat: int, index: int) -> Call | tuple[Tile, bool]:
    if isinstance(entry, str):
        letter, tiles, mark = _split_call(entry, index)
        if letter not in "cpm" or len(tiles) != (4 if letter == "m" else 3):
            raise LogError(msg.LOG_BAD_CALL.format(text=entry), index)
        called, called_red = tiles[mark]
        if letter == "c":
            frm = (seat + 3) % 4
        elif letter == "p":
            frm = (seat + 3 - mark) % 4
        else:
            frm = (seat + 3 - min(mark, 2)) % 4
        kind = {"c": "chi", "p": "pon", "m": "daiminkan"}[letter]
        return Call(seat, kind, tuple(sorted(t for t, _ in tiles)), called, frm,
                    sum(1 for _, r in tiles if r))
    return decode_tile(entry, index)


def _merge(
    takes: list[list[object]], discards: list[list[object]], dealer: int, index: int
) -> list[Event]:
    """The four columns in table order (see the module docstring)."""
    t_at, d_at = [0] * 4, [0] * 4
    events: list[Event] = []
    drawn: list[tuple[Tile, bool] | None] = [None] * 4
    seat, must_draw = dealer, True
    for _ in range(4 * (MAX_TAKES + 1)):
        if must_draw:
            if t_at[seat] >= len(takes[seat]):
                break
            take = _parse_take(takes[seat][t_at[seat]], seat, index)
            t_at[seat] += 1
            if isinstance(take, Call):
                raise LogError(msg.LOG_CALL_OUT_OF_TURN, index, len(events))
            drawn[seat] = take
            events.append(Draw(seat, take[0], take[1]))
        if d_at[seat] >= len(discards[seat]):
            break
        move = _discard_entry(discards[seat][d_at[seat]], seat, drawn[seat], index, len(events))
        d_at[seat] += 1
        events.append(move)
        drawn[seat] = None
        if isinstance(move, Kan):
            must_draw = True
            continue
        tile = move.tile
        caller = _caller(takes, t_at, seat, tile, index)
        if caller is None:
            seat, must_draw = (seat + 1) % 4, True
            continue
        call = _parse_take(takes[caller][t_at[caller]], caller, index)
        assert isinstance(call, Call)
        t_at[caller] += 1
        events.append(call)
        seat = caller
        must_draw = call.kind == "daiminkan"
        if must_draw:
            if d_at[caller] < len(discards[caller]) and discards[caller][d_at[caller]] == 0:
                d_at[caller] += 1
    return events


def _discard_entry(
    entry: object, seat: int, drawn: tuple[Tile, bool] | None, index: int, at: int
) -> Discard | Kan:
    """One entry of a discard column: a closed or added kan, or a discard."""
    if isinstance(entry, str) and ("a" in entry or "k" in entry):
        letter, tiles, mark = _split_call(entry, index)
        if len(tiles) != 4 or len({t for t, _ in tiles}) != 1:
            raise LogError(msg.LOG_BAD_CALL.format(text=entry), index)
        reds = sum(1 for _, r in tiles if r) if letter == "a" else int(tiles[mark][1])
        kind = "ankan" if letter == "a" else "shouminkan"
        return Kan(seat, kind, tuple(t for t, _ in tiles), reds)
    riichi = isinstance(entry, str) and entry.startswith("r")
    code: object = entry
    if isinstance(entry, str) and riichi:
        code = int(entry[1:]) if entry[1:].isdigit() else entry
    if code == TSUMOGIRI:
        if drawn is None:
            raise LogError(msg.LOG_TSUMOGIRI_NO_DRAW, index, at)
        return Discard(seat, drawn[0], True, riichi, drawn[1])
    tile, red = decode_tile(code, index)
    return Discard(seat, tile, False, riichi, red)


def _caller(
    takes: list[list[object]], t_at: list[int], discarder: int, tile: Tile, index: int
) -> int | None:
    """The seat whose next take calls this discard: a pon or kan first, then a chi."""
    found: int | None = None
    for step in (1, 2, 3):
        s = (discarder + step) % 4
        if t_at[s] >= len(takes[s]) or not isinstance(takes[s][t_at[s]], str):
            continue
        call = _parse_take(takes[s][t_at[s]], s, index)
        if isinstance(call, Call) and call.called_tile == tile and call.from_seat == discarder:
            if call.kind != "chi":
                return s
            found = s
    return found


def _result(raw: object, index: int) -> tuple[list[Event], str | None, Scores | None]:
    """The closing events a result entry implies, its kind and the recorded deltas."""
    if raw is None:
        return [], None, None
    if not isinstance(raw, list) or not raw or not isinstance(raw[0], str):
        raise LogError(msg.LOG_BAD_RESULT, index)
    name = raw[0]
    if name == WIN:
        events: list[Event] = []
        total = [0, 0, 0, 0]
        pairs = raw[1:]
        if not pairs or len(pairs) % 2:
            raise LogError(msg.LOG_BAD_RESULT, index)
        for i in range(0, len(pairs), 2):
            d = _ints(pairs[i], 4, index, "deltas")
            info = pairs[i + 1]
            if not isinstance(info, list) or len(info) < 2 or type(info[0]) is not int \
                    or type(info[1]) is not int or not 0 <= info[0] < 4 or not 0 <= info[1] < 4:
                raise LogError(msg.LOG_BAD_RESULT, index)
            events.append(Tsumo(info[0]) if info[0] == info[1] else Ron(info[0], info[1]))
            total = [a + b for a, b in zip(total, d, strict=True)]
        return events, "win", (total[0], total[1], total[2], total[3])
    if name not in _DRAWS:
        raise LogError(msg.LOG_UNKNOWN_RESULT.format(name=name), index)
    kind, reason = _DRAWS[name]
    deltas: Scores | None = (0, 0, 0, 0)
    if len(raw) > 1:
        d = _ints(raw[1], 4, index, "deltas")
        deltas = (d[0], d[1], d[2], d[3])
    event: Event = ExhaustiveDraw() if reason is None else Abort(reason)
    return [event], kind, deltas


# --- writing ----------------------------------------------------------------------------


def write_tenhou(
    game: GameLog, results: Sequence[tuple[str, Scores, Sequence[Sequence[object]]]]
) -> dict[str, object]:
    """``game`` as a tenhou.net/6 object; ``results``: per hand (kind, deltas, win entries).

    A win entry is ``[winner, from, liable]``; the kind is the table's result
    ("win", "draw", "nagashi", "abortive" with the abort reason in the hand's
    last event). Deltas are in the log's convention (no declarer's −1000).
    """
    log: list[object] = []
    for hand, (kind, deltas, wins) in zip(game.hands, results, strict=True):
        log.append(_write_hand(hand, kind, deltas, wins))
    return {
        "title": ["", ""],
        "name": list(game.players),
        "rule": {"disp": "般南喰赤" if game.red_fives else "般南喰",
                 "aka": 1 if game.red_fives else 0},
        "log": log,
    }


def _write_hand(
    hand: HandLog, kind: str, deltas: Scores, wins: Sequence[Sequence[object]]
) -> list[object]:
    takes: list[list[object]] = [[] for _ in range(4)]
    discards: list[list[object]] = [[] for _ in range(4)]
    last_red = False
    pons: dict[tuple[int, Tile], int] = {}  # (seat, tile) -> where the pon's letter stood
    for e in hand.events:
        if isinstance(e, Draw):
            takes[e.seat].append(encode_tile(e.tile, e.red))
        elif isinstance(e, Discard):
            code: object = TSUMOGIRI if e.tsumogiri else encode_tile(e.tile, e.red)
            discards[e.seat].append(f"r{code}" if e.riichi else code)
            last_red = e.red
        elif isinstance(e, Call):
            takes[e.seat].append(_write_call(e, last_red, pons))
            if e.kind == "daiminkan":
                discards[e.seat].append(0)
        elif isinstance(e, Kan):
            discards[e.seat].append(_write_kan(e, pons))
    head: list[object] = [
        [ROUND_NAMES.index(hand.round), hand.honba, hand.sticks],
        list(hand.scores),
        [encode_tile(t) for t in hand.dora_indicators],
        [encode_tile(t) for t in hand.ura_indicators],
    ]
    for seat in range(4):
        flags = hand.haipai_red[seat] if hand.haipai_red else (False,) * 13
        head.append([encode_tile(t, r) for t, r in zip(hand.haipai[seat], flags, strict=True)])
        head.append(takes[seat])
        head.append(discards[seat])
    head.append(_write_result(hand, kind, deltas, wins))
    return head


def _write_call(e: Call, called_red: bool, pons: dict[tuple[int, Tile], int]) -> str:
    own = list(e.tiles)
    own.remove(e.called_tile)
    own_red = e.red - (1 if called_red else 0)
    codes = []
    for t in own:
        red = t in FIVES and own_red > 0
        own_red -= 1 if red else 0
        codes.append(str(encode_tile(t, red)))
    letter = {"chi": "c", "pon": "p", "daiminkan": "m"}[e.kind]
    marked = letter + str(encode_tile(e.called_tile, called_red))
    rel = (e.seat - e.from_seat) % 4  # 1 left, 2 across, 3 right
    at = {1: 0, 2: 1, 3: 2}[rel] if e.kind != "daiminkan" else {1: 0, 2: 1, 3: 3}[rel]
    if e.kind == "pon":
        pons[(e.seat, e.called_tile)] = at
    codes.insert(at, marked)
    return "".join(codes)


def _write_kan(e: Kan, pons: dict[tuple[int, Tile], int]) -> str:
    tile = e.tiles[0]
    if e.kind == "ankan":
        codes = [str(encode_tile(tile, i == 0 and e.red > 0)) for i in range(4)]
        codes.insert(3, "a" + codes.pop(3))
        return "".join(codes)
    at = pons.get((e.seat, tile), 0)
    codes = [str(encode_tile(tile)) for _ in range(3)]
    codes.insert(at, "k" + str(encode_tile(tile, e.red > 0)))
    return "".join(codes)


_ABORT_NAMES = {reason: name for name, (kind, reason) in _DRAWS.items() if reason}


def _write_result(
    hand: HandLog, kind: str, deltas: Scores, wins: Sequence[Sequence[object]]
) -> list[object]:
    if kind == "win":
        out: list[object] = [WIN]
        for i, w in enumerate(wins):
            out.append(list(deltas) if i == 0 else [0, 0, 0, 0])
            out.append(list(w))
        return out
    if kind == "nagashi":
        return ["流し満貫", list(deltas)]
    if kind == "abortive":
        last = hand.events[-1] if hand.events else None
        reason = last.reason if isinstance(last, Abort) else "triple_ron"
        return [_ABORT_NAMES[reason], list(deltas)]
    return ["流局", list(deltas)]
