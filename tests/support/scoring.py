"""Shared helper of the scoring tests: score a hand written in mpsz notation."""

from __future__ import annotations

from typing import Any

from engine.hand import parse_hand
from engine.rules.sets import Ruleset, get_ruleset
from engine.scoring.score import ScoreResult, WinSituation, score_hand
from engine.tiles import parse_tile, parse_tiles, parse_wind


def score(
    hand: str,
    win: str,
    melds: tuple[str, ...] = (),
    rules: str | Ruleset = "online",
    *,
    seat: str = "S",
    round_: str = "E",
    dora: str = "",
    ura: str = "",
    **flags: Any,
) -> ScoreResult:
    """Score ``hand`` (14 tiles incl. the winning tile) won on ``win``; South seat by default."""
    ruleset = rules if isinstance(rules, Ruleset) else get_ruleset(rules)
    situation = WinSituation(
        seat_wind=parse_wind(seat),
        round_wind=parse_wind(round_),
        dora_indicators=parse_tiles(dora).kinds,
        ura_indicators=parse_tiles(ura).kinds,
        **flags,
    )
    parsed = parse_hand(hand, melds, size=14)
    return score_hand(parsed, parse_tile(win).kinds[0], situation, ruleset)


PLAIN_NOTE = "123m456789p12399s"  # closed, no yaku on a ron of 2s (kanchan)


def yaku_of(result: ScoreResult) -> dict[str, int]:
    """``{id: han}`` of a result."""
    return {y.id: y.han for y in result.yaku}
