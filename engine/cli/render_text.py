"""Plain-text Russian explanations of engine results, for the command line.

Every sentence comes from :mod:`engine.text.messages` (the ``TEXT_*`` templates of
the CLI section and the names owned by the other producers), so the CLI says
exactly what the site says. Functions take the typed results and return a
string of lines; nothing here computes a rule.

>>> from engine.hand import parse_hand
>>> from engine.shape.waits import find_waits
>>> print(render_waits(find_waits(parse_hand("123m456p789s1122z", size=13))).splitlines()[1])
Темпай. Ожидания (2): 1z, 2z.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.hand import Hand
from engine.plural import tiles_word
from engine.scoring.points import Limit
from engine.scoring.score import ScoreResult, WinSituation
from engine.shape.blocks import Arrangement, Block, Form
from engine.shape.furiten import FuritenResult
from engine.shape.shanten import Improvement, ShantenResult
from engine.shape.waits import WaitsResult
from engine.text import messages as msg
from engine.text.core import MELD_NAMES
from engine.tiles import Tile, dora_from_indicator, tile_code, tile_name, to_mpsz


def _codes(tiles: Iterable[Tile]) -> str:
    return ", ".join(tile_code(t) for t in tiles)


def _names(tiles: Iterable[Tile]) -> str:
    return ", ".join(tile_name(t) for t in tiles)


def render_hand(hand: Hand) -> list[str]:
    """The hand as written (and its melds), the first lines of every answer."""
    lines = [msg.TEXT_HAND.format(hand=hand.to_mpsz() or "—")]
    if hand.melds:
        melds = ", ".join(f"{MELD_NAMES[m.kind.value]} {m.to_mpsz()}" for m in hand.melds)
        lines.append(msg.TEXT_MELDS.format(melds=melds))
    return lines


def _block(block: Block) -> str:
    tiles = to_mpsz(block.tiles)
    kind = msg.BLOCK_NAMES[block.kind.value]
    if block.meld is not None:
        meld = MELD_NAMES[block.meld.kind.value]
        return msg.TEXT_BLOCK_MELD.format(tiles=tiles, kind=kind, meld=meld)
    return msg.TEXT_BLOCK.format(tiles=tiles, kind=kind)


def render_reading(arrangement: Arrangement) -> str:
    """One reading of a complete hand: its blocks and the wait it was won on."""
    dec = arrangement.decomposition
    if dec.form is Form.STANDARD:
        parts = [_block(b) for b in sorted(dec.sets, key=Block.sort_key)]
        if dec.pair is not None:
            parts.append(msg.TEXT_PAIR.format(tiles=to_mpsz((dec.pair, dec.pair))))
        blocks = ", ".join(parts)
    elif dec.form is Form.CHIITOITSU:
        pairs = " ".join(to_mpsz((t, t)) for t in dec.pairs)
        blocks = f"{msg.FORM_NAMES[dec.form.value]}: {pairs}"
    else:
        blocks = msg.TEXT_FORM_ONLY.format(form=msg.FORM_NAMES[dec.form.value])
    wait = arrangement.wait
    return msg.TEXT_READING.format(
        blocks=blocks,
        wait=msg.WAIT_NAMES[wait.value],
        explanation=msg.WAIT_EXPLANATIONS[wait.value],
    )


def render_waits(result: WaitsResult) -> str:
    """Tenpai or not; each winning tile with its Russian name, shapes and readings."""
    lines = render_hand(result.hand)
    if result.tenpai:
        lines.append(msg.TEXT_TENPAI.format(count=len(result.waits), tiles=_codes(result.waits)))
        for option in result.options:
            shapes = ", ".join(msg.WAIT_NAMES[s.value] for s in option.shapes)
            lines.append(
                msg.TEXT_WAIT_TILE.format(
                    code=tile_code(option.tile), name=tile_name(option.tile), shapes=shapes
                )
            )
            lines.extend(render_reading(a) for a in option.arrangements)
    elif result.karaten:
        lines.append(msg.KARATEN_ONLY.format(tiles=_names(result.karaten)))
    else:
        lines.append(msg.NOT_TENPAI)
    if result.tenpai and result.karaten:
        lines.append(msg.KARATEN_NOTE.format(tiles=_names(result.karaten)))
    return "\n".join(lines)


def render_furiten(hand: Hand, result: FuritenResult) -> str:
    """Waits, then each kind of furiten with the tiles responsible, or why there is none."""
    lines = render_hand(hand)
    if result.tenpai:
        lines.append(msg.TEXT_FURITEN_WAITS.format(tiles=_codes(result.waits)))
    if not result.furiten:
        lines.append(result.summary)
        return "\n".join(lines)
    lines.append(msg.TEXT_FURITEN_YES.format(kinds=", ".join(r.name for r in result.reasons)))
    lines.extend(f"• {r.name}: {r.explanation}" for r in result.reasons)
    return "\n".join(lines)


def _shanten_value(value: int | None) -> str:
    if value is None:
        return msg.SHANTEN_FORM_IMPOSSIBLE
    if value < 0:
        return msg.SHANTEN_COMPLETE
    if value == 0:
        return msg.SHANTEN_TENPAI
    return msg.SHANTEN_N.format(n=value, tiles=tiles_word(value))


def render_shanten(
    hand: Hand,
    result: ShantenResult,
    improving: Iterable[Improvement] = (),
    exhausted: Iterable[Tile] = (),
) -> str:
    """Shanten per form, the minimum, and (for 13 tiles) the tiles that improve the hand.

    ``exhausted``: kinds that would improve it but are all in the hand
    (:func:`engine.shape.shanten.exhausted_tiles`), named so the count is not a surprise.
    """
    lines = [*render_hand(hand), msg.SHANTEN_EXPLANATION]
    forms = (
        (Form.STANDARD, result.standard),
        (Form.CHIITOITSU, result.chiitoitsu),
        (Form.KOKUSHI, result.kokushi),
    )
    for form, value in forms:
        text = _shanten_value(value)
        lines.append(msg.TEXT_SHANTEN_LINE.format(form=msg.FORM_NAMES[form.value], value=text))
    lines.append(msg.TEXT_SHANTEN_MIN.format(value=_shanten_value(result.minimum)))
    tiles = list(improving)
    if tiles:
        remaining = sum(i.remaining for i in tiles)
        lines.append(
            msg.IMPROVING_TILES_HEADER.format(
                tiles=_codes(i.tile for i in tiles), count=tiles_word(remaining)
            )
        )
    dead = list(exhausted)
    if dead:
        lines.append(msg.SHANTEN_EXHAUSTED.format(tiles=_codes(dead)))
    return "\n".join(lines)


def _yaku_lines(result: ScoreResult) -> list[str]:
    lines = [msg.TEXT_YAKU_HEADER]
    for item in result.yaku:
        name = msg.YAKU_NAMES.get(item.id, item.id)
        if item.yakuman:
            lines.append(msg.TEXT_YAKUMAN_LINE.format(name=name) + _times(item.yakuman))
        else:
            lines.append(msg.TEXT_YAKU_LINE.format(name=name, han=item.han))
    for key in ("dora", "aka", "ura"):
        count = getattr(result, key)
        if count:
            lines.append(msg.TEXT_DORA_LINE.format(name=msg.TEXT_DORA_NAMES[key], han=count))
    if result.yakuman:
        lines.append(msg.TEXT_YAKUMAN_TOTAL.format(count=result.yakuman))
    else:
        lines.append(msg.TEXT_HAN_TOTAL.format(han=result.han))
    return lines


def _times(multiple: int) -> str:
    return f" ×{multiple}" if multiple > 1 else ""


def _fu_lines(result: ScoreResult) -> list[str]:
    if result.yakuman or not result.fu_items:
        return []
    lines = [msg.TEXT_FU_HEADER]
    for item in result.fu_items:
        reason = msg.FU_REASONS[item.reason.value]
        if item.block is not None:
            tiles = to_mpsz(item.block.tiles)
            lines.append(msg.TEXT_FU_BLOCK.format(fu=item.fu, reason=reason, tiles=tiles))
        else:
            lines.append(msg.TEXT_FU_LINE.format(fu=item.fu, reason=reason))
    if result.fu_raw != result.fu:
        lines.append(msg.TEXT_FU_ROUNDING.format(raw=result.fu_raw, fu=result.fu))
    else:
        lines.append(msg.TEXT_FU_FIXED.format(fu=result.fu))
    return lines


def _money_lines(result: ScoreResult, tsumo: bool, honba: int, sticks: int) -> list[str]:
    who = msg.TEXT_DEALER if result.is_dealer else msg.TEXT_NON_DEALER
    lines = [msg.TEXT_WINNER.format(who=who, how=msg.TEXT_TSUMO if tsumo else msg.TEXT_RON)]
    if result.limit is not Limit.NONE:
        lines.append(msg.TEXT_LIMIT.format(limit=msg.LIMIT_NAMES[result.limit.value]))
    lines.append(msg.TEXT_POINTS.format(points=result.points))
    pay = result.payments
    if pay.ron is not None:
        lines.append(msg.TEXT_PAY_RON.format(ron=pay.ron))
    elif pay.all is not None:
        lines.append(msg.TEXT_PAY_ALL.format(all=pay.all))
    else:
        lines.append(msg.TEXT_PAY_SPLIT.format(dealer=pay.dealer, non_dealer=pay.non_dealer))
    if honba:
        lines.append(msg.TEXT_HONBA.format(honba=honba))
    if sticks:
        lines.append(msg.TEXT_STICKS.format(sticks=sticks))
    lines.append(msg.TEXT_TOTAL.format(total=result.total))
    return lines


def _situation_lines(win: Tile, sit: WinSituation) -> list[str]:
    how = msg.TEXT_TSUMO if sit.tsumo else msg.TEXT_RON
    lines = [
        msg.TEXT_WIN_TILE.format(code=tile_code(win), name=tile_name(win), how=how),
        msg.TEXT_WINDS.format(seat=tile_name(sit.seat_wind), round=tile_name(sit.round_wind)),
    ]
    kinds = (
        (msg.TEXT_INDICATORS, sit.dora_indicators),
        (msg.TEXT_URA_INDICATORS, sit.ura_indicators),
    )
    for template, indicators in kinds:
        if indicators:
            pairs = ", ".join(
                msg.TEXT_INDICATOR_PAIR.format(
                    indicator=tile_code(i), dora=tile_code(dora_from_indicator(i))
                )
                for i in indicators
            )
            lines.append(template.format(pairs=pairs))
    return lines


def render_score(
    hand: Hand, result: ScoreResult, situation: WinSituation, *, rules: str = "online"
) -> str:
    """The situation, the reading, yaku with han, fu item by item with rounding, the payments."""
    lines = [*render_hand(hand), msg.TEXT_RULES.format(name=rules)]
    lines += _situation_lines(result.arrangement.win_tile, situation)
    lines.append(render_reading(result.arrangement).strip())
    lines += _yaku_lines(result)
    lines += _fu_lines(result)
    lines += _money_lines(result, situation.tsumo, situation.honba, situation.riichi_sticks)
    return "\n".join(lines)
