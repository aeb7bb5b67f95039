"""«Идти или сдаваться?»: an opponent is in riichi; push the tile the hand wants to cut, or fold?

The block gives the hand of 14 (after the draw), the tile it would push,
the riichi pond (the riichi tile's position) and optionally a second riichi
pond; the engine (:func:`engine.table.judgement.judge_push`) reads whether
the hand is ready, high-scoring and on a good wait, prices the pushed tile
with the danger model (:func:`engine.table.safety.hand_safety`) and decides
by *Riichi Book I*'s push/fold box (:data:`engine.rules.strategy.PUSH_TABLE`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.errors import HandError
from engine.hand import Hand
from engine.table.judgement import PushVerdict, judge_push
from engine.table.safety import Riichi
from engine.tiles import Tile, tile_name
from tutor.drills import params as p
from tutor.drills import register
from tutor.drills.base import DrillError, Param, drill_hand
from tutor.drills.danger import danger_text
from tutor.drills.judging import SITUATION_PARAMS, JudgementKind
from tutor.drills.params import drill_rules

POND_ROW = 6


def ponds_of(params: Mapping[str, Any]) -> tuple[tuple[Tile, ...], ...]:
    return tuple(pond for pond in (params["pond"], params["second_pond"]) if pond)


def riichis_of(params: Mapping[str, Any]) -> tuple[Riichi, ...]:
    """Each riichi with the position of its riichi tile (1-based in the block)."""
    out = []
    for pond, at, key in ((params["pond"], params["riichi_at"], "riichi_at"),
                          (params["second_pond"], params["second_at"], "second_at")):
        if not pond:
            continue
        if not 1 <= at <= len(pond):
            raise DrillError(f"{key} — номер тайла риичи в дискарде, от 1 до {len(pond)}.", key)
        out.append(Riichi(pond, at - 1))
    return tuple(out)


@register
class Push(JudgementKind):
    name = "push"
    title = "Идти или сдаваться?"
    default_prompt = ("Соперник объявил риичи. Чтобы играть на победу, нужно сбросить {tile}. "
                      "Идти вперёд или сдаваться?")
    verdicts = ("push", "fold")
    params = (
        Param("hand", p.tiles_text, help="ваша рука после набора, 14 тайлов mpsz"),
        Param("melds", p.melds, (), help="объявленные сеты"),
        Param("push", p.tile, help="тайл, который рука сбросит, если идти вперёд"),
        Param("pond", p.tile_list, help="дискард игрока в риичи по порядку: `1z 9m 2p`"),
        Param("riichi_at", p.positive_int, help="номер тайла риичи в этом дискарде, с 1"),
        Param("second_pond", p.tile_list, (), help="дискард второго игрока в риичи"),
        Param("second_at", p.positive_int, 1, help="номер тайла риичи во втором дискарде"),
        *SITUATION_PARAMS,
        Param("seen", p.tile_list, (), help="другие тайлы, видные на столе"),
    )

    def prompt_fields(self, params: Mapping[str, Any]) -> Mapping[str, Any]:
        return {"tile": tile_name(params["push"])}

    def prepare(self, params: Mapping[str, Any]) -> PushVerdict:
        hand = drill_hand(params, 14)
        riichis = riichis_of(params)
        visible = (*(t for pond in ponds_of(params) for t in pond), *params["dora"],
                   *params["seen"])
        try:
            return judge_push(hand, params["push"], riichis, visible, params["dora"],
                              params["seat"], params["round"], drill_rules(params))
        except HandError as exc:
            raise DrillError(str(exc), "push") from None

    def view(self, params: Mapping[str, Any], solution: Any) -> Hand:
        return drill_hand(params, 14)

    def rows(self, pond: tuple[Tile, ...], at: int) -> list[list[tuple[Tile, bool]]]:
        """A pond in rows of six, each tile with «is the riichi tile» (drawn sideways)."""
        marked = [(t, i == at - 1) for i, t in enumerate(pond)]
        return [marked[i:i + POND_ROW] for i in range(0, len(marked), POND_ROW)]

    def wait_text(self, v: PushVerdict) -> str:
        if v.wait is not None:
            tiles = ", ".join(tile_name(t) for t in v.wait.tiles)
            return f"{tiles}: видов {v.wait.kinds}, копий {v.wait.live}"
        if v.shanten == 1 and v.good:
            return "какой бы тайл ни пришёл, в темпае можно выбрать хорошее ожидание"
        if v.shanten == 1:
            return "не при каждом наборе темпай получится с хорошим ожиданием"
        return "до темпая далеко: ожидание считается плохим"

    def value_text(self, v: PushVerdict) -> str:
        """The smallest ron; for a dealer, said to be in a dealer's points (the book's 7700
        is the pusher's own points, and a dealer's ron pays half as much again)."""
        text = f"самый дешёвый рон {self.points(v.value)}"
        if v.dealer:
            text += " в очках дилера: дилеру платят в полтора раза больше, чем недилеру"
        return text

    def danger_text(self, v: PushVerdict) -> str:
        return danger_text(v.danger.danger)

    def held_text(self, v: PushVerdict) -> str:
        """Which of the three conditions hold and which do not, for this hand."""
        names = (("темпай", v.ready), ("дорогая рука", v.high), ("хорошее ожидание", v.good))
        held = [n for n, ok in names if ok]
        failed = [n for n, ok in names if not ok]
        parts = [f"выполнено: {', '.join(held)}" if held else "не выполнено ни одно"]
        if held and failed:
            parts.append(f"нет: {', '.join(failed)}")
        return "; ".join(parts)

    def mark(self, ok: bool) -> str:
        return "да" if ok else "нет"


__all__ = ["Push"]
