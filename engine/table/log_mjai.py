"""mjai JSON Lines: read a game into a :class:`GameLog`.

mjai writes one JSON object per line, each with a ``type``: ``start_game``
(``names``), ``start_kyoku`` (``bakaze`` E/S/W/N, ``kyoku`` 1–4, ``honba``,
``kyotaku``, ``oya``, ``dora_marker``, ``scores``, ``tehais``), ``tsumo``
and ``dahai`` (``actor``, ``pai``, ``tsumogiri``), ``reach`` before the
declaration discard, ``chi``/``pon``/``daiminkan`` (``actor``, ``target``,
``pai``, ``consumed``), ``ankan`` and ``kakan``, ``dora`` (a new
indicator), ``hora`` (``actor``, ``target``, ``deltas``, ``ura_markers``),
``ryukyoku`` (``deltas``, sometimes a ``reason``), ``end_kyoku``,
``end_game``. Tiles are ``1m``…``9s``, ``5mr`` for a red five, ``E S W N``
for the winds and ``P F C`` for haku, hatsu, chun. Seats are the log's
(``oya`` of the first hand deals first). A ``dora`` event is not kept as an
event: the table flips indicators by the rule set's timing from the list.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

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
from engine.tiles import Tile

MAX_LINES = 20000  # a hanchan has ~1500 lines
_HONORS = {"E": 27, "S": 28, "W": 29, "N": 30, "P": 31, "F": 32, "C": 33}
_SUITS = {"m": 0, "p": 9, "s": 18}
_ABORTS = {
    "kyushukyuhai": "kyuushu", "kyuushu": "kyuushu", "kyushu": "kyuushu",
    "suufonrenda": "four_winds", "sufonrenda": "four_winds", "four_winds": "four_winds",
    "suuchariichi": "four_riichi", "suucharichi": "four_riichi", "four_riichi": "four_riichi",
    "suukaikan": "four_kans", "sukaikan": "four_kans", "four_kans": "four_kans",
    "sanchahou": "triple_ron", "sanchaho": "triple_ron", "triple_ron": "triple_ron",
}


def mjai_tile(code: object, line: int) -> tuple[Tile, bool]:
    """``"5mr"`` → (4, True); ``"C"`` → (33, False)."""
    if isinstance(code, str):
        if code in _HONORS:
            return _HONORS[code], False
        if len(code) in (2, 3) and code[0] in "123456789" and code[1] in _SUITS:
            red = code[2:] == "r"
            if len(code) == 3 and (not red or code[0] != "5"):
                raise LogError(msg.LOG_BAD_TILE.format(code=code))
            return _SUITS[code[1]] + int(code[0]) - 1, red
    raise LogError(msg.LOG_MJAI_EVENT.format(line=line, type=code))


def write_mjai_tile(tile: Tile, red: bool = False) -> str:
    """The inverse of :func:`mjai_tile`."""
    if tile >= 27:
        return "ESWNPFC"[tile - 27]
    return f"{tile % 9 + 1}{'mps'[tile // 9]}{'r' if red else ''}"


class _Hand:
    """A hand being read: its start and the events so far."""

    def __init__(self, start: Mapping[str, object], line: int) -> None:
        bakaze, kyoku = start.get("bakaze"), start.get("kyoku")
        if bakaze not in ("E", "S", "W", "N") or type(kyoku) is not int or not 1 <= kyoku <= 4:
            raise LogError(msg.LOG_MJAI_EVENT.format(line=line, type="start_kyoku"))
        self.round = f"{bakaze}{kyoku}"
        self.honba = _int(start.get("honba", 0), line)
        self.sticks = _int(start.get("kyotaku", 0), line)
        self.dealer = _int(start.get("oya"), line)
        scores = start.get("scores")
        tehais = start.get("tehais")
        if not isinstance(scores, list) or len(scores) != 4 or not isinstance(tehais, list) \
                or len(tehais) != 4:
            if isinstance(scores, list) and len(scores) == 3:
                raise LogError(msg.LOG_THREE_PLAYER)
            raise LogError(msg.LOG_MJAI_EVENT.format(line=line, type="start_kyoku"))
        self.scores = tuple(_int(s, line) for s in scores)
        self.haipai: list[tuple[Tile, ...]] = []
        self.red: list[tuple[bool, ...]] = []
        for tiles in tehais:
            if not isinstance(tiles, list) or len(tiles) != 13:
                raise LogError(msg.LOG_MJAI_EVENT.format(line=line, type="start_kyoku"))
            read = [mjai_tile(t, line) for t in tiles]
            self.haipai.append(tuple(t for t, _ in read))
            self.red.append(tuple(r for _, r in read))
        self.dora = [mjai_tile(start.get("dora_marker"), line)[0]]
        self.ura: list[Tile] = []
        self.events: list[Event] = []
        self.riichi_next = [False] * 4
        self.drawn: list[Tile | None] = [None] * 4
        self.deltas = [0, 0, 0, 0]
        self.has_deltas = False
        self.result: str | None = None

    def build(self) -> HandLog:
        s = self.scores
        deltas: Scores | None = None
        if self.has_deltas:
            deltas = (self.deltas[0], self.deltas[1], self.deltas[2], self.deltas[3])
        return HandLog(
            self.round, self.honba, self.sticks, (s[0], s[1], s[2], s[3]), self.dealer,
            tuple(self.dora), tuple(self.ura), tuple(self.haipai), tuple(self.events),
            tuple(self.red), deltas, self.result,
        )


def _int(value: object, line: int) -> int:
    if type(value) is not int:
        raise LogError(msg.LOG_MJAI_EVENT.format(line=line, type=value))
    return value


def read_mjai(text: str) -> GameLog:
    """mjai JSON Lines as a :class:`GameLog`."""
    game = _Game()
    for number, ev in enumerate(_lines(text), start=1):
        game.take(ev, number)
    game.close()
    if not game.hands:
        raise LogError(msg.LOG_NO_HANDS)
    return GameLog(game.names, "mjai", None, tuple(game.hands), game.red_fives)


def _lines(text: str) -> list[dict[str, object]]:
    """The events, one per non-empty line (a JSON array of events is accepted too)."""
    lines = [ln for ln in text.splitlines() if ln.strip()]
    if len(lines) > MAX_LINES:
        raise LogError(msg.LOG_TOO_LONG.format(limit=MAX_LINES))
    out: list[dict[str, object]] = []
    for number, raw in enumerate(lines, start=1):
        try:
            ev = json.loads(raw)
        except ValueError:
            raise LogError(msg.LOG_MJAI_LINE.format(line=number)) from None
        items = ev if isinstance(ev, list) and len(lines) == 1 else [ev]
        for item in items:
            if not isinstance(item, dict) or not isinstance(item.get("type"), str):
                raise LogError(msg.LOG_MJAI_EVENT.format(line=number, type="?"))
            out.append(item)
    return out


class _Game:
    """The hands read so far."""

    def __init__(self) -> None:
        self.names: tuple[str, str, str, str] = ("", "", "", "")
        self.hands: list[HandLog] = []
        self.current: _Hand | None = None
        self.red_fives = False

    def close(self) -> None:
        if self.current is not None:
            hand = self.current.build()
            if hand.round not in ROUND_NAMES:
                raise LogError(msg.LOG_BAD_FIELD.format(name="bakaze"))
            self.hands.append(hand)
            self.current = None

    def take(self, ev: dict[str, object], number: int) -> None:
        kind = ev["type"]
        if kind == "start_game":
            got = ev.get("names", ["", "", "", ""])
            if isinstance(got, list) and len(got) == 3:
                raise LogError(msg.LOG_THREE_PLAYER)
            if isinstance(got, list) and len(got) == 4:
                self.names = (str(got[0]), str(got[1]), str(got[2]), str(got[3]))
        elif kind == "start_kyoku":
            self.close()
            self.current = _Hand(ev, number)
            self.red_fives = self.red_fives or any(any(r) for r in self.current.red)
        elif kind in ("end_kyoku", "end_game"):
            self.close()
        elif self.current is None:
            raise LogError(msg.LOG_MJAI_EVENT.format(line=number, type=kind))
        else:
            self.red_fives = _event(self.current, ev, number) or self.red_fives


def _seat(ev: Mapping[str, object], key: str, line: int) -> int:
    value = ev.get(key)
    if type(value) is not int or not 0 <= value < 4:
        raise LogError(msg.LOG_MJAI_EVENT.format(line=line, type=ev.get("type")))
    return value


def _event(h: _Hand, ev: Mapping[str, object], line: int) -> bool:
    """Add one in-hand event; True when it shows a red five."""
    kind = ev["type"]
    if kind == "tsumo":
        seat = _seat(ev, "actor", line)
        tile, red = mjai_tile(ev.get("pai"), line)
        h.events.append(Draw(seat, tile, red))
        h.drawn[seat] = tile
        return red
    if kind == "dahai":
        seat = _seat(ev, "actor", line)
        tile, red = mjai_tile(ev.get("pai"), line)
        tsumogiri = bool(ev.get("tsumogiri", False))
        h.events.append(Discard(seat, tile, tsumogiri, h.riichi_next[seat], red))
        h.riichi_next[seat] = False
        return red
    if kind == "reach":
        h.riichi_next[_seat(ev, "actor", line)] = True
        return False
    if kind in ("reach_accepted", "none"):
        return False
    if kind in ("chi", "pon", "daiminkan", "ankan", "kakan"):
        return _meld_event(h, ev, line)
    if kind == "dora":
        h.dora.append(mjai_tile(ev.get("dora_marker"), line)[0])
        return False
    if kind == "hora":
        seat, frm = _seat(ev, "actor", line), _seat(ev, "target", line)
        h.events.append(Tsumo(seat) if seat == frm else Ron(seat, frm))
        ura = ev.get("ura_markers")
        if isinstance(ura, list) and ura and not h.ura:
            h.ura = [mjai_tile(t, line)[0] for t in ura]
        _add_deltas(h, ev, line)
        h.result = "win"
        return False
    if kind == "ryukyoku":
        reason = str(ev.get("reason", "")).lower()
        if reason in _ABORTS:
            h.events.append(Abort(_ABORTS[reason]))
            h.result = "abortive"
        elif not reason and h.events and isinstance(h.events[-1], Draw):
            h.events.append(Abort("kyuushu"))  # a draw and no discard: only kyuushu ends so
            h.result = "abortive"
        else:
            h.events.append(ExhaustiveDraw())
            h.result = "nagashi" if "nagashi" in reason else "draw"
        _add_deltas(h, ev, line)
        return False
    raise LogError(msg.LOG_MJAI_EVENT.format(line=line, type=kind))


def _meld_event(h: _Hand, ev: Mapping[str, object], line: int) -> bool:
    """A call or a kan; True when it shows a red five."""
    kind = ev["type"]
    if kind in ("chi", "pon", "daiminkan"):
        seat, frm = _seat(ev, "actor", line), _seat(ev, "target", line)
        tile, red = mjai_tile(ev.get("pai"), line)
        own = [mjai_tile(t, line) for t in _list(ev.get("consumed"), line)]
        tiles = tuple(sorted([tile] + [t for t, _ in own]))
        reds = int(red) + sum(1 for _, r in own if r)
        h.events.append(Call(seat, str(kind), tiles, tile, frm, reds))
        return reds > 0
    if kind in ("ankan", "kakan"):
        seat = _seat(ev, "actor", line)
        own = [mjai_tile(t, line) for t in _list(ev.get("consumed"), line)]
        if kind == "kakan":
            tile, red = mjai_tile(ev.get("pai"), line)
            h.events.append(Kan(seat, "shouminkan", (tile,) * 4, int(red)))
            return red
        if len(own) != 4:
            raise LogError(msg.LOG_MJAI_EVENT.format(line=line, type=kind))
        reds = sum(1 for _, r in own if r)
        h.events.append(Kan(seat, "ankan", (own[0][0],) * 4, reds))
        return reds > 0
    raise LogError(msg.LOG_MJAI_EVENT.format(line=line, type=kind))


def _list(value: object, line: int) -> list[object]:
    if not isinstance(value, list):
        raise LogError(msg.LOG_MJAI_EVENT.format(line=line, type="consumed"))
    return value


def _add_deltas(h: _Hand, ev: Mapping[str, object], line: int) -> None:
    deltas = ev.get("deltas")
    if isinstance(deltas, list) and len(deltas) == 4:
        h.deltas = [a + _int(b, line) for a, b in zip(h.deltas, deltas, strict=True)]
        h.has_deltas = True
