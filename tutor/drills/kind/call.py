"""«Брать или нет?»: a chi or pon is offered; call it or let it pass.

The block gives the closed hand before the call (13 tiles), the call
(``chi 345m`` or ``pon 555z``) and the offered tile; the engine
(:func:`engine.table.judgement.judge_call`) compares the hand before and
after the call and its best discard — shanten, improving copies, the yaku
left and the value — and decides by *Riichi Book I*'s melding table
(:data:`engine.rules.strategy.CALL_TABLE`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.errors import HandError
from engine.melds import Meld, MeldKind, parse_meld_text
from engine.table.judgement import CallSide, CallVerdict, judge_call
from engine.text import messages
from engine.tiles import Tile, tile_name
from tutor.drills import params as p
from tutor.drills import register
from tutor.drills.base import DrillError, Param, drill_hand
from tutor.drills.judging import SITUATION_PARAMS, JudgementKind
from tutor.drills.params import drill_rules


def call_meld(value: Any) -> Meld:
    """``chi 345m`` or ``pon 555z``: the set the call would make, offered tile included."""
    meld = parse_meld_text(str(value))
    if meld.kind not in (MeldKind.CHI, MeldKind.PON):
        raise ValueError("Вызов — chi или pon, например «chi 345m» или «pon 555z».")
    return meld


@register
class Call(JudgementKind):
    name = "call"
    title = "Брать или нет?"
    default_prompt = "{who} сбрасывает {tile}. Объявить {call}?"
    verdicts = ("call", "pass")
    params = (
        Param("hand", p.tiles_text, help="ваша закрытая рука до вызова, 13 тайлов mpsz"),
        Param("melds", p.melds, (), help="уже объявленные сеты"),
        Param("call", call_meld, help="сет, который даст вызов: `chi 345m` или `pon 555z`"),
        Param("tile", p.tile, help="сброшенный тайл, который можно взять"),
        *SITUATION_PARAMS,
        Param("turn", p.positive_int, 6, help="ваш ход (номер сброса), для рассказа"),
    )

    def prompt_fields(self, params: Mapping[str, Any]) -> Mapping[str, Any]:
        meld: Meld = params["call"]
        chi = meld.kind is MeldKind.CHI
        return {"who": "Игрок слева" if chi else "Соперник",
                "tile": tile_name(params["tile"]), "call": "чи" if chi else "пон"}

    def prepare(self, params: Mapping[str, Any]) -> CallVerdict:
        hand = drill_hand(params, 13)
        try:
            return judge_call(hand, params["call"], params["tile"], params["seat"],
                              params["round"], params["dora"], drill_rules(params))
        except HandError as exc:
            raise DrillError(str(exc), "call") from None

    def yaku_text(self, side: CallSide) -> str:
        names = [messages.STRATEGY_YAKU[name] for name, _ in side.sure.yaku]
        return ", ".join(names) if names else "нет"

    def discard_name(self, tile: Tile | None) -> str:
        return tile_name(tile) if tile is not None else ""


__all__ = ["Call"]
