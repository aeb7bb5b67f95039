"""The yaku table: one row per yaku, predicates from :mod:`engine.yaku_checks`.

A row gives the han of a closed hand, the han of an open hand (``None`` =
closed only; one less for chanta, junchan, ittsu, sanshoku, honitsu,
chinitsu), or the yakuman multiple. Which yaku hides which is data too
(:data:`SUPERSEDES`): ryanpeikou hides iipeikou, chinitsu honitsu, junchan
chanta, double riichi riichi, daisuushii shousuushii, the two-yakuman forms
their plain forms. Any yakuman hides every ordinary yaku.

>>> from engine.hand import parse_hand
>>> from engine.decompose import arrangements
>>> from engine.yaku_checks import WinContext, hand_facts
>>> from engine.situation import WinSituation
>>> from engine.rules import ONLINE
>>> h = parse_hand("112233m22456p789s", size=14)
>>> ctx = WinContext.build(arrangements(h, 24)[0], hand_facts(h), WinSituation(), ONLINE)
>>> [(y.id, y.han) for y in find_yaku(ctx)]
[('iipeikou', 1)]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine import yaku_checks as c
from engine.tiles import CHUN, HAKU, HATSU


@dataclass(frozen=True, slots=True)
class YakuDef:
    """A row of the table. ``yakuman`` > 0 marks a yakuman (then ``han`` is unused)."""

    id: str
    han: int
    open_han: int | None
    check: Callable[[c.WinContext], bool]
    yakuman: int = 0
    double: bool = False  # worth two yakuman where the rule set has double yakuman


@dataclass(frozen=True, slots=True)
class YakuItem:
    """A yaku in a result: ``han`` is 13 × ``yakuman`` for a yakuman."""

    id: str
    han: int
    yakuman: int = 0


def _y(id_: str, han: int, open_han: int | None, check: Callable[[c.WinContext], bool]) -> YakuDef:
    return YakuDef(id_, han, open_han, check)


def _ym(
    id_: str, check: Callable[[c.WinContext], bool], *, closed: bool = False, double: bool = False
) -> YakuDef:
    return YakuDef(id_, 0, None if closed else 0, check, 1, double)


YAKU: tuple[YakuDef, ...] = (
    # situations
    _y("riichi", 1, None, c.riichi),
    _y("double_riichi", 2, None, c.double_riichi),
    _y("ippatsu", 1, None, c.ippatsu),
    _y("menzen_tsumo", 1, None, c.menzen_tsumo),
    _y("haitei", 1, 1, c.haitei),
    _y("houtei", 1, 1, c.houtei),
    _y("rinshan", 1, 1, c.rinshan),
    _y("chankan", 1, 1, c.chankan),
    _y("renhou_mangan", 5, None, c.renhou_mangan),
    # shapes
    _y("pinfu", 1, None, c.pinfu),
    _y("tanyao", 1, 1, c.tanyao),
    _y("iipeikou", 1, None, c.iipeikou),
    _y("yakuhai_haku", 1, 1, c.yakuhai_triplet(HAKU)),
    _y("yakuhai_hatsu", 1, 1, c.yakuhai_triplet(HATSU)),
    _y("yakuhai_chun", 1, 1, c.yakuhai_triplet(CHUN)),
    _y("yakuhai_seat_wind", 1, 1, c.yakuhai_seat_wind),
    _y("yakuhai_round_wind", 1, 1, c.yakuhai_round_wind),
    _y("sanshoku_doujun", 2, 1, c.sanshoku_doujun),
    _y("sanshoku_doukou", 2, 2, c.sanshoku_doukou),
    _y("ittsu", 2, 1, c.ittsu),
    _y("chanta", 2, 1, c.chanta),
    _y("junchan", 3, 2, c.junchan),
    _y("honroutou", 2, 2, c.honroutou),
    _y("toitoi", 2, 2, c.toitoi),
    _y("sanankou", 2, 2, c.sanankou),
    _y("sankantsu", 2, 2, c.sankantsu),
    _y("shousangen", 2, 2, c.shousangen),
    _y("chiitoitsu", 2, None, c.chiitoitsu),
    _y("ryanpeikou", 3, None, c.ryanpeikou),
    _y("honitsu", 3, 2, c.honitsu),
    _y("chinitsu", 6, 5, c.chinitsu),
    # yakuman
    _ym("kokushi", c.kokushi, closed=True),
    _ym("kokushi_13", c.kokushi_13, closed=True, double=True),
    _ym("suuankou", c.suuankou, closed=True),
    _ym("suuankou_tanki", c.suuankou_tanki, closed=True, double=True),
    _ym("chuuren", c.chuuren, closed=True),
    _ym("chuuren_9", c.chuuren_9, closed=True, double=True),
    _ym("daisangen", c.daisangen),
    _ym("shousuushii", c.shousuushii),
    _ym("daisuushii", c.daisuushii, double=True),
    _ym("tsuuiisou", c.tsuuiisou),
    _ym("ryuuiisou", c.ryuuiisou),
    _ym("chinroutou", c.chinroutou),
    _ym("suukantsu", c.suukantsu),
    _ym("tenhou", c.tenhou, closed=True),
    _ym("chiihou", c.chiihou, closed=True),
    _ym("renhou", c.renhou_yakuman, closed=True),
)

YAKU_BY_ID: dict[str, YakuDef] = {y.id: y for y in YAKU}

# yaku -> the yaku it hides when both hold
SUPERSEDES: dict[str, tuple[str, ...]] = {
    "double_riichi": ("riichi",),
    "ryanpeikou": ("iipeikou",),
    "chinitsu": ("honitsu",),
    "junchan": ("chanta",),
    "daisuushii": ("shousuushii",),
    "kokushi_13": ("kokushi",),
    "suuankou_tanki": ("suuankou",),
    "chuuren_9": ("chuuren",),
}
_HIDDEN_BY: dict[str, frozenset[str]] = {
    hidden: frozenset(k for k, v in SUPERSEDES.items() if hidden in v)
    for hidden in {h for v in SUPERSEDES.values() for h in v}
}


def find_yaku(ctx: c.WinContext) -> tuple[YakuItem, ...]:
    """Every yaku of one reading, after closed-only rules, reductions and superseding.

    A yakuman reading returns only yakuman; where the rule set does not stack
    yakuman only the most valuable one is kept.
    """
    closed = ctx.facts.closed
    found = [y for y in YAKU if (closed or y.open_han is not None) and y.check(ctx)]
    if not found:
        return ()
    ids = {y.id for y in found}
    found = [y for y in found if not (_HIDDEN_BY.get(y.id, frozenset()) & ids)]
    yakuman = [y for y in found if y.yakuman]
    if yakuman:
        return _yakuman_items(yakuman, ctx)
    return tuple(
        YakuItem(y.id, y.han if closed or y.open_han is None else y.open_han) for y in found
    )


def _yakuman_items(rows: list[YakuDef], ctx: c.WinContext) -> tuple[YakuItem, ...]:
    rules = ctx.rules
    items = [
        YakuItem(y.id, 13 * m, m)
        for y in rows
        for m in (2 if y.double and rules.double_yakuman else 1,)
    ]
    if not rules.yakuman_stacking:
        best = max(items, key=lambda item: item.yakuman)
        return (best,)
    return tuple(items)
