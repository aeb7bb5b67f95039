"""«Сделать упражнение»: the analysed hand as drill blocks to paste into a lesson.

The blocks follow ``docs/lesson-format.md`` and the parameters the drill
kinds in :mod:`tutor.drills` accept; the answer is never written into them
(the site's engine computes it when the lesson loads). A waiting hand gives
a ``waits`` block (``shanten`` if it is not tenpai) and, with own discards,
a ``furiten`` block; a winning hand gives ``fu``, ``han`` and ``payment``.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.hand import Hand
from engine.melds import Meld
from engine.tiles import parse_tiles, tile_code, to_mpsz
from tutor.analyse.analysis import NO_YAKU, Analysis
from tutor.analyse.query import Query

KIND_TITLES = {
    "waits": "Найдите ожидание",
    "shanten": "Сколько до темпая",
    "furiten": "Фуритен или нет?",
    "fu": "Посчитайте фу",
    "han": "Посчитайте хан",
    "payment": "Посчитайте выплату",
}


@dataclass(frozen=True)
class DrillBlock:
    kind: str
    title: str
    text: str


def drill_blocks(analysis: Analysis) -> list[DrillBlock]:
    """Every drill the current hand makes sense as; [] when the input is unusable."""
    q = analysis.query
    if analysis.waiting is not None:
        w = analysis.waiting
        base = _hand_params(w.hand)
        if not w.waits:
            return [_block("shanten", base, q)]
        blocks = [_block("waits", base, q)]
        # A «можно» is never a chombo: ask about a wait whose ron is furiten or has a yaku.
        tile = next((r.tile for r in w.waits if r.ron.reason != NO_YAKU), None)
        if q.discards.strip() and tile is not None:
            asked = [*base, ("discards", to_mpsz(_discards(q))), ("riichi", _bool(q.riichi)),
                     ("tile", tile_code(tile)), ("seat", q.seat), ("round", q.round)]  # fmt: skip
            blocks.append(_block("furiten", asked, q))
        return blocks
    c = analysis.complete
    if c is None or c.not_win:
        return []
    furiten: list[DrillBlock] = []
    if q.discards.strip() and q.by == "ron" and c.outcome.reason != NO_YAKU:
        asked = [*_hand_params(c.shown), ("discards", to_mpsz(_discards(q))),
                 ("riichi", _bool(q.riichi)), ("tile", tile_code(c.win)), ("seat", q.seat),
                 ("round", q.round)]  # fmt: skip
        furiten.append(_block("furiten", asked, q))
    if c.outcome.result is None:
        return furiten
    params = [*_hand_params(c.hand), ("win", tile_code(c.win)), ("by", q.by), ("seat", q.seat),
              ("round", q.round), ("riichi", _bool(q.riichi))]  # fmt: skip
    if q.dora.strip():
        params.append(("dora", to_mpsz(_tiles(q.dora))))
    blocks = [_block("fu", params, q), _block("han", params, q)]
    sticks = [("honba", str(q.honba)), ("riichi_sticks", str(q.sticks))]
    blocks.append(_block("payment", [*params, *(p for p in sticks if p[1] != "0")], q))
    return blocks + furiten


def _hand_params(hand: Hand) -> list[tuple[str, str]]:
    params = [("hand", hand.to_mpsz())]
    if hand.melds:
        params.append(("melds", "[" + ", ".join(meld_text(m) for m in hand.melds) + "]"))
    return params


def meld_text(meld: Meld) -> str:
    """``pon 555z`` — the lesson format's meld notation."""
    return f"{meld.kind.value} {meld.to_mpsz()}"


def _block(kind: str, params: list[tuple[str, str]], q: Query) -> DrillBlock:
    hand = dict(params)["hand"]
    ident = f"{kind}-{hand}".lower()
    lines = [f"/// {kind}", f"id: {ident}", *(f"{k}: {v}" for k, v in params)]
    if q.rules != "online":
        lines.append(f"rules: {q.rules}")
    lines.append("///")
    return DrillBlock(kind, KIND_TITLES[kind], "\n".join(lines))


def _bool(value: bool) -> str:
    return "true" if value else "false"


def _tiles(text: str) -> tuple[int, ...]:
    return parse_tiles(text).kinds


def _discards(q: Query) -> tuple[int, ...]:
    return _tiles(q.discards)
