"""Decisions built by hand for the review tests (tests/engine/test_review.py): real hands.

``visible`` is computed as the table computes it (own hand and melds, every
pond, the opponents' melds, the dora indicators), so a test states only the
position.
"""

from __future__ import annotations

from dataclasses import replace

from engine.melds import Meld
from engine.table.decision import Decision, Opponent
from engine.table.view import PondTile
from engine.tiles import EAST, counts_of, parse_tiles

SCORES = (25000, 25000, 25000, 25000)


def tiles(text: str) -> tuple[int, ...]:
    return parse_tiles(text).kinds


def opponent(seat: int, pond: str, riichi_at: int | None = None, passed: str = "",
             melds: tuple[Meld, ...] = ()) -> Opponent:
    kinds = tiles(pond)
    return Opponent(seat, riichi_at,
                    tuple(PondTile(t, riichi=i == riichi_at) for i, t in enumerate(kinds)),
                    melds, tiles(passed))


def decision(concealed: str, action: str = "discard", played: str = "", *,
             options: tuple[str, ...] | None = None, opponents: tuple[Opponent, ...] = (),
             melds: tuple[Meld, ...] = (), dora: str = "8p", event: int = 10, hand: int = 0,
             seat: int = 0, seat_wind: int = EAST, scores: tuple[int, int, int, int] = SCORES,
             offered: str = "", wall_left: int = 50, is_all_last: bool = False,
             riichi: bool = False, sticks: int = 0, discards: str = "") -> Decision:
    """A decision of ``seat``; ``concealed`` in mpsz, the drawn tile written last.

    ``discards``: the seat's own discards of the hand so far (not added to ``visible``).
    """
    held = tiles(concealed)
    indicators = tiles(dora)
    seen = [*held, *(t for m in melds for t in m.tiles), *indicators]
    for o in opponents:
        seen += [p.tile for p in o.pond] + [t for m in o.melds for t in m.tiles]
    if options is None:
        options = tuple(sorted({_code(t) for t in held}, key=lambda c: tiles(c)[0]))
    return Decision(
        hand=hand, event=event, seat=seat, action=action, played=played,
        concealed=tuple(sorted(held[:-1])) + held[-1:] if held else (), melds=melds,
        visible=counts_of(seen), dora_indicators=indicators, round_wind=EAST,
        seat_wind=seat_wind, turn=8, wall_left=wall_left, scores=scores, honba=0,
        sticks=sticks, is_all_last=is_all_last, opponents=opponents, options=options,
        offered=tiles(offered)[0] if offered else None,
        drawn=held[-1] if action in ("discard", "riichi", "dama") and held else None,
        riichi=riichi, discards=tiles(discards))


def with_(d: Decision, **changes: object) -> Decision:
    return replace(d, **changes)  # type: ignore[arg-type]


def _code(tile: int) -> str:
    return f"{tile % 9 + 1}{'mpsz'[tile // 9]}"
