"""Tenhou's mjlog XML: read a game into a :class:`GameLog`.

An mjlog is a flat run of tags in table order: ``GO`` (``type``: rule bits;
16 = three players, 2 = no red fives, 8 = a hanchan), ``UN`` (the names,
URL-encoded), then per hand ``INIT`` (``seed``: round, honba, sticks, two
dice, the first dora indicator; ``ten``: scores in hundreds; ``oya``:
the dealer; ``hai0``…``hai3``: the deal), draws ``T``/``U``/``V``/``W`` and
discards ``D``/``E``/``F``/``G`` for seats 0–3 with the tile in the tag
name, ``N`` (a call or kan, ``m`` packing kind, tiles and source),
``REACH`` (``step`` 1 before the declaration tile), ``DORA`` (a new
indicator), and ``AGARI`` (a win: ``who``, ``fromWho``, ``sc`` = scores
and deltas in hundreds, ``doraHaiUra``) or ``RYUUKYOKU`` (a draw; ``type``
names an abortive one). Tiles are 0–135: the kind is ``id // 4``; with red
fives, 16, 52 and 88 are the red 5m, 5p and 5s. A discard of the very tile
just drawn is tsumogiri.

The tags are read with a regular expression, not an XML parser: the format
has no nesting, and a parser's entity expansion is work a hostile upload
could multiply.
"""

from __future__ import annotations

import re
from urllib.parse import unquote

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

MAX_TAGS = 20000  # a hanchan has ~1500
_TAG = re.compile(r"<(/?[A-Za-z]+)([0-9]*)([^>]*?)/?>")
_ATTR = re.compile(r'([A-Za-z0-9]+)="([^"]*)"')
_DRAWS, _DISCARDS = "TUVW", "DEFG"
_RED_IDS = (16, 52, 88)
_ABORTS = {"yao9": "kyuushu", "reach4": "four_riichi", "ron3": "triple_ron",
           "kan4": "four_kans", "kaze4": "four_winds"}


def _ints(text: str) -> list[int]:
    try:
        return [int(x) for x in text.split(",") if x != ""]
    except ValueError:
        raise LogError(msg.LOG_BAD_FIELD.format(name=text[:20])) from None


def decode_meld(who: int, m: int, red_fives: bool = True) -> Call | Kan:
    """The ``m`` of an ``N`` tag: chi, pon, added kan, open or closed kan.

    Copies are numbered 0–3 within a kind; copy 0 of a five is the red one
    (when the game has red fives). A chi packs each tile's copy, a pon the
    one copy it leaves out (an added kan adds that one).
    """
    source = (who + (m & 3)) % 4
    if m & 0x4:  # chi: the run and which of its tiles was called
        t = m >> 10
        called, t = t % 3, t // 3
        base = t // 7 * 9 + t % 7
        tiles = (base, base + 1, base + 2)
        reds = sum(1 for k in range(3)
                   if red_fives and base + k in FIVES and (m >> (3 + 2 * k)) & 3 == 0)
        return Call(who, "chi", tiles, tiles[called], source, reds)
    if m & 0x18:  # pon (8) or added kan (16)
        kind = (m >> 9) // 3
        left_out = (m >> 5) & 3
        if m & 0x10:
            added_red = int(red_fives and kind in FIVES and left_out == 0)
            return Kan(who, "shouminkan", (kind,) * 4, added_red)
        pon_red = int(red_fives and kind in FIVES and left_out != 0)
        return Call(who, "pon", (kind,) * 3, kind, source, pon_red)
    if m & 0x20:
        raise LogError(msg.LOG_THREE_PLAYER)  # a nuki (north) exists only with three
    kind = (m >> 8) // 4
    red = int(red_fives and kind in FIVES)
    if m & 3 == 0:
        return Kan(who, "ankan", (kind,) * 4, red)
    return Call(who, "daiminkan", (kind,) * 4, kind, source, red)


class _Reader:
    """The game read so far."""

    def __init__(self) -> None:
        self.names: list[str] = ["", "", "", ""]
        self.red = True
        self.hands: list[HandLog] = []
        self.start: dict[str, str] | None = None
        self.events: list[Event] = []
        self.dora: list[Tile] = []
        self.ura: list[Tile] = []
        self.drawn: list[int | None] = [None] * 4
        self.riichi = [False] * 4
        self.deltas = [0, 0, 0, 0]
        self.result: str | None = None

    def tile(self, tile_id: int) -> tuple[Tile, bool]:
        if not 0 <= tile_id < 136:
            raise LogError(msg.LOG_BAD_TILE.format(code=tile_id), len(self.hands))
        return tile_id // 4, self.red and tile_id in _RED_IDS

    def take(self, name: str, number: str, attrs: dict[str, str]) -> None:
        if number and name in _DRAWS:
            seat, tile_id = _DRAWS.index(name), int(number)
            kind, red = self.tile(tile_id)
            self.events.append(Draw(seat, kind, red))
            self.drawn[seat] = tile_id
        elif number and name in _DISCARDS:
            seat, tile_id = _DISCARDS.index(name), int(number)
            kind, red = self.tile(tile_id)
            self.events.append(Discard(seat, kind, self.drawn[seat] == tile_id,
                                       self.riichi[seat], red))
            self.riichi[seat] = False
            self.drawn[seat] = None
        elif name == "GO":
            bits = int(attrs.get("type", "0") or 0)
            if bits & 0x10:
                raise LogError(msg.LOG_THREE_PLAYER)
            self.red = not bits & 0x02
        elif name == "UN":
            if attrs.get("n3", "x") == "" and "n0" in attrs:
                raise LogError(msg.LOG_THREE_PLAYER)
            for seat in range(4):
                if f"n{seat}" in attrs:
                    self.names[seat] = unquote(attrs[f"n{seat}"])
        else:
            self.hand_tag(name, attrs)

    def hand_tag(self, name: str, attrs: dict[str, str]) -> None:
        if name == "INIT":
            self.close()
            self.start = attrs
            seed = _ints(attrs.get("seed", ""))
            if len(seed) != 6:
                raise LogError(msg.LOG_BAD_FIELD.format(name="seed"), len(self.hands))
            self.dora = [self.tile(seed[5])[0]]
        elif self.start is None:
            return  # tags before the first hand (SHUFFLE, TAIKYOKU) carry nothing needed
        elif name == "N":
            who = int(attrs.get("who", "0"))
            self.events.append(decode_meld(who, int(attrs.get("m", "0")), self.red))
        elif name == "REACH" and attrs.get("step") == "1":
            self.riichi[int(attrs.get("who", "0")) % 4] = True
        elif name == "DORA":
            self.dora.append(self.tile(int(attrs.get("hai", "0")))[0])
        elif name == "AGARI":
            self.agari(attrs)
        elif name == "RYUUKYOKU":
            self.ryuukyoku(attrs)

    def agari(self, attrs: dict[str, str]) -> None:
        who, frm = int(attrs.get("who", "0")), int(attrs.get("fromWho", "0"))
        self.events.append(Tsumo(who) if who == frm else Ron(who, frm))
        ura = _ints(attrs.get("doraHaiUra", ""))
        if ura and not self.ura:
            self.ura = [self.tile(u)[0] for u in ura]
        self.add_deltas(attrs)
        self.result = "win"

    def ryuukyoku(self, attrs: dict[str, str]) -> None:
        kind = attrs.get("type", "")
        if kind in _ABORTS:
            self.events.append(Abort(_ABORTS[kind]))
            self.result = "abortive"
        else:
            self.events.append(ExhaustiveDraw())
            self.result = "nagashi" if kind == "nm" else "draw"
        self.add_deltas(attrs)

    def add_deltas(self, attrs: dict[str, str]) -> None:
        sc = _ints(attrs.get("sc", ""))
        if len(sc) == 8:
            self.deltas = [d + 100 * sc[2 * s + 1] for s, d in enumerate(self.deltas)]

    def close(self) -> None:
        if self.start is None:
            return
        a, index = self.start, len(self.hands)
        seed, ten = _ints(a.get("seed", "")), _ints(a.get("ten", ""))
        if len(ten) != 4 or not 0 <= seed[0] < len(ROUND_NAMES):
            raise LogError(msg.LOG_THREE_PLAYER if len(ten) == 3 else
                           msg.LOG_BAD_FIELD.format(name="ten"), index)
        haipai, reds = [], []
        for seat in range(4):
            dealt = [self.tile(t) for t in _ints(a.get(f"hai{seat}", ""))]
            haipai.append(tuple(k for k, _ in dealt))
            reds.append(tuple(r for _, r in dealt))
        scores: Scores = (100 * ten[0], 100 * ten[1], 100 * ten[2], 100 * ten[3])
        d = self.deltas
        self.hands.append(HandLog(
            ROUND_NAMES[seed[0]], seed[1], seed[2], scores, int(a.get("oya", "0")) % 4,
            tuple(self.dora), tuple(self.ura), tuple(haipai), tuple(self.events),
            tuple(reds), (d[0], d[1], d[2], d[3]) if self.result else None, self.result,
        ))
        self.start, self.events, self.ura, self.result = None, [], [], None
        self.deltas = [0, 0, 0, 0]
        self.drawn, self.riichi = [None] * 4, [False] * 4


def read_mjlog(text: str) -> GameLog:
    """Tenhou's mjlog XML (as text) as a :class:`GameLog`."""
    reader = _Reader()
    for count, match in enumerate(_TAG.finditer(text)):
        if count > MAX_TAGS:
            raise LogError(msg.LOG_TOO_LONG.format(limit=MAX_TAGS))
        name, number, rest = match.groups()
        reader.take(name, number, dict(_ATTR.findall(rest)))
    reader.close()
    if not reader.hands:
        raise LogError(msg.LOG_NO_HANDS)
    n = reader.names
    return GameLog((n[0], n[1], n[2], n[3]), "mjlog", "online", tuple(reader.hands), reader.red)
