"""«Риичи или дама?»: a closed ready hand; declare riichi or stay dama?

The block gives the 13-tile ready hand, the seat, the dora indicators and
the learner's turn; the engine (:func:`engine.table.judgement.judge_riichi`)
prices the hand without riichi and with it, reads the wait and decides by
*Riichi Book I*'s riichi chapter (:data:`engine.rules.strategy.RIICHI_TABLE`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.errors import HandError
from engine.hand import Hand
from engine.table.judgement import RiichiVerdict, judge_riichi
from engine.tiles import tile_name
from tutor.drills import params as p
from tutor.drills import register
from tutor.drills.base import DrillError, Param, drill_hand
from tutor.drills.judging import SITUATION_PARAMS, JudgementKind
from tutor.drills.params import drill_rules


@register
class Riichi(JudgementKind):
    name = "riichi"
    title = "Риичи или дама?"
    default_prompt = "Рука в темпае, сейчас ваш {turn}-й ход. Объявить риичи или ждать на даме?"
    verdicts = ("riichi", "dama")
    params = (
        Param("hand", p.tiles_text, help="закрытая рука в темпае после сброса, 13 тайлов mpsz"),
        Param("melds", p.melds, (), help="только закрытые каны (`ankan`)"),
        *SITUATION_PARAMS,
        Param("turn", p.positive_int, 6, help="ваш ход (сколько тайлов вы сбросили)"),
        Param("seen", p.tile_list, (),
              help="тайлы, которые видны на столе (для подсчёта оставшихся выигрышных)"),
    )

    def prepare(self, params: Mapping[str, Any]) -> RiichiVerdict:
        hand = drill_hand(params, 13)
        try:
            return judge_riichi(hand, params["seat"], params["round"], params["dora"],
                                params["turn"], params["seen"], drill_rules(params))
        except HandError as exc:
            raise DrillError(str(exc), "hand") from None

    def view(self, params: Mapping[str, Any], solution: Any) -> Hand:
        """The hand the question draws."""
        return drill_hand(params, 13)

    def reasons_text(self, v: RiichiVerdict) -> str:
        """Which of the three reasons to riichi this hand has (the main rule's own words)."""
        reasons = [name for name, ok in (("хан кроме риичи", v.extra_han >= 1),
                                         ("хорошее ожидание", v.wait.good),
                                         ("вы дилер", v.dealer)) if ok]
        return ", ".join(reasons) if reasons else "ни одной"

    def wait_text(self, v: RiichiVerdict) -> str:
        tiles = ", ".join(tile_name(t) for t in v.wait.tiles)
        quality = "хорошее" if v.wait.good else "плохое"
        return f"{tiles}: видов {v.wait.kinds}, копий осталось {v.wait.live} — {quality}"


__all__ = ["Riichi"]
