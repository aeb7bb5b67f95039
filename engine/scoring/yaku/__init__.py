"""The yaku table: one row per yaku, predicates from :mod:`engine.scoring.yaku.checks`.

A row gives the han of a closed hand, the han of an open hand (``None`` =
closed only; one less for chanta, junchan, ittsu, sanshoku, honitsu,
chinitsu), or the yakuman multiple. Which yaku hides which is data too
(:data:`SUPERSEDES`): ryanpeikou hides iipeikou, chinitsu honitsu, junchan
chanta, double riichi riichi, daisuushii shousuushii, the two-yakuman forms
their plain forms. Any yakuman hides every ordinary yaku.

>>> from engine.hand import parse_hand
>>> from engine.scoring.readings import placements
>>> from engine.scoring.win_context import hand_context
>>> from engine.scoring.situation import WinSituation
>>> from engine.rules.sets import ONLINE
>>> h = parse_hand("112233m22456p789s", size=14)
>>> ctx, readings = hand_context(h, 24, WinSituation(), ONLINE)
>>> ctx.place(readings[0], placements(readings[0], 24)[0])
>>> [(y.id, y.han) for y in find_yaku(ctx)]
[('iipeikou', 1)]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from engine.scoring.win_context import WinContext
from engine.scoring.yaku import checks as c
from engine.shape.blocks import Form
from engine.tiles import CHUN, HAKU, HATSU

# Annotations only: importing typing at run time costs start-up (see engine.batch.quick_parse).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


class Scope(Enum):
    """What a yaku depends on, so the scorer checks it as rarely as possible."""

    SITUATION = "situation"  # only how the hand was won: once per hand
    HAND = "hand"  # only the tiles: once per hand
    READING = "reading"  # the reading and the wait: once per reading


@dataclass(frozen=True, slots=True)
class YakuDef:
    """A row of the table. ``yakuman`` > 0 marks a yakuman (then ``han`` is unused).

    ``min_shuntsu``, ``min_triplets``, ``honors`` (True: needs honours, False:
    none allowed) and ``form`` are necessary conditions the scorer uses to skip
    the predicate; the predicate alone decides.
    """

    id: str
    han: int
    open_han: int | None
    check: Callable[[WinContext], bool]
    scope: Scope = Scope.READING
    yakuman: int = 0
    double: bool = False  # worth two yakuman where the rule set has double yakuman
    min_shuntsu: int = 0
    min_triplets: int = 0
    honors: bool | None = None
    form: Form = Form.STANDARD


@dataclass(frozen=True, slots=True)
class YakuItem:
    """A yaku in a result: ``han`` is 13 × ``yakuman`` for a yakuman."""

    id: str
    han: int
    yakuman: int = 0


_SIT, _HAND = Scope.SITUATION, Scope.HAND
_Check = Callable[[WinContext], bool]


def _y(id_: str, han: int, open_han: int | None, check: _Check, **kw: Any) -> YakuDef:
    return YakuDef(id_, han, open_han, check, **kw)


def _ym(id_: str, check: _Check, *, closed: bool = False, **kw: Any) -> YakuDef:
    return YakuDef(id_, 0, None if closed else 0, check, yakuman=1, **kw)


_HONOR_TRIPLET: dict[str, Any] = {"min_triplets": 1, "honors": True}

YAKU: tuple[YakuDef, ...] = (
    # situations
    _y("riichi", 1, None, c.riichi, scope=_SIT),
    _y("double_riichi", 2, None, c.double_riichi, scope=_SIT),
    _y("ippatsu", 1, None, c.ippatsu, scope=_SIT),
    _y("menzen_tsumo", 1, None, c.menzen_tsumo, scope=_SIT),
    _y("haitei", 1, 1, c.haitei, scope=_SIT),
    _y("houtei", 1, 1, c.houtei, scope=_SIT),
    _y("rinshan", 1, 1, c.rinshan, scope=_SIT),
    _y("chankan", 1, 1, c.chankan, scope=_SIT),
    _y("renhou_mangan", 5, None, c.renhou_mangan, scope=_SIT),
    # shapes
    _y("pinfu", 1, None, c.pinfu, min_shuntsu=4),
    _y("tanyao", 1, 1, c.tanyao, scope=_HAND),
    _y("iipeikou", 1, None, c.iipeikou, min_shuntsu=2),
    _y("yakuhai_haku", 1, 1, c.yakuhai_triplet(HAKU), **_HONOR_TRIPLET),
    _y("yakuhai_hatsu", 1, 1, c.yakuhai_triplet(HATSU), **_HONOR_TRIPLET),
    _y("yakuhai_chun", 1, 1, c.yakuhai_triplet(CHUN), **_HONOR_TRIPLET),
    _y("yakuhai_seat_wind", 1, 1, c.yakuhai_seat_wind, **_HONOR_TRIPLET),
    _y("yakuhai_round_wind", 1, 1, c.yakuhai_round_wind, **_HONOR_TRIPLET),
    _y("sanshoku_doujun", 2, 1, c.sanshoku_doujun, min_shuntsu=3),
    _y("sanshoku_doukou", 2, 2, c.sanshoku_doukou, min_triplets=3),
    _y("ittsu", 2, 1, c.ittsu, min_shuntsu=3),
    _y("chanta", 2, 1, c.chanta, min_shuntsu=1, honors=True),
    _y("junchan", 3, 2, c.junchan, min_shuntsu=1, honors=False),
    _y("honroutou", 2, 2, c.honroutou, scope=_HAND),
    _y("toitoi", 2, 2, c.toitoi, min_triplets=4),
    _y("sanankou", 2, 2, c.sanankou, min_triplets=3),
    _y("sankantsu", 2, 2, c.sankantsu, min_triplets=3),
    _y("shousangen", 2, 2, c.shousangen, min_triplets=2, honors=True),
    _y("chiitoitsu", 2, None, c.chiitoitsu, form=Form.CHIITOITSU),
    _y("ryanpeikou", 3, None, c.ryanpeikou, min_shuntsu=4),
    _y("honitsu", 3, 2, c.honitsu, scope=_HAND),
    _y("chinitsu", 6, 5, c.chinitsu, scope=_HAND),
    # yakuman
    _ym("kokushi", c.kokushi, closed=True, form=Form.KOKUSHI),
    _ym("kokushi_13", c.kokushi_13, closed=True, double=True, form=Form.KOKUSHI),
    _ym("suuankou", c.suuankou, closed=True, min_triplets=4),
    _ym("suuankou_tanki", c.suuankou_tanki, closed=True, double=True, min_triplets=4),
    _ym("chuuren", c.chuuren, closed=True, scope=_HAND),
    _ym("chuuren_9", c.chuuren_9, closed=True, double=True, scope=_HAND),
    _ym("daisangen", c.daisangen, min_triplets=3, honors=True),
    _ym("shousuushii", c.shousuushii, min_triplets=3, honors=True),
    _ym("daisuushii", c.daisuushii, double=True, min_triplets=4, honors=True),
    _ym("tsuuiisou", c.tsuuiisou, scope=_HAND),
    _ym("ryuuiisou", c.ryuuiisou, scope=_HAND),
    _ym("chinroutou", c.chinroutou, scope=_HAND),
    _ym("suukantsu", c.suukantsu, scope=_HAND),
    _ym("tenhou", c.tenhou, closed=True, scope=_SIT),
    _ym("chiihou", c.chiihou, closed=True, scope=_SIT),
    _ym("renhou", c.renhou_yakuman, closed=True, scope=_SIT),
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
_NONE: frozenset[str] = frozenset()
_HIDEABLE: frozenset[str] = frozenset(h for v in SUPERSEDES.values() for h in v)
# id -> (item for a closed hand, item for an open hand); built once, results share them
_ITEMS: dict[str, tuple[YakuItem, YakuItem]] = {
    y.id: (YakuItem(y.id, y.han), YakuItem(y.id, y.open_han if y.open_han is not None else y.han))
    for y in YAKU
    if not y.yakuman
}
_HIDDEN_BY: dict[str, frozenset[str]] = {
    hidden: frozenset(k for k, v in SUPERSEDES.items() if hidden in v)
    for hidden in {h for v in SUPERSEDES.values() for h in v}
}


def fixed_yaku(ctx: WinContext) -> list[YakuDef]:
    """The yaku that do not depend on the reading (situations and whole-hand tiles).

    The scorer computes them once per hand and passes them to :func:`find_yaku`.
    Only rows whose gate (:data:`FIXED_GATES`) is open are checked. The list
    may be shared between hands: read it, do not change it.
    """
    s = ctx.situation
    rare = (
        s.ippatsu or s.haitei or s.houtei or s.rinshan or s.chankan
        or s.tenhou or s.chiihou or s.renhou
    )  # fmt: skip
    maybe_yakuman = (
        not ctx.suits or ctx.all_green or ctx.all_terminal_honor or ctx.chuuren or ctx.kans == 4
    )
    key = (
        ctx.closed, s.tsumo, s.riichi or s.double_riichi, rare, bool(maybe_yakuman),
        ctx.all_simple, ctx.all_terminal_honor, ctx.one_suit,
    )  # fmt: skip
    if not (rare or maybe_yakuman):
        # Then only riichi, double riichi, menzen tsumo, tanyao, honitsu and
        # chinitsu can hold, and these few facts decide them: one list per case.
        common = (*key, s.double_riichi, ctx.rules.open_tanyao, ctx.honors)
        found = _COMMON_FIXED.get(common)
        if found is None:
            found = _COMMON_FIXED[common] = [y for y in _rows_for(key) if y.check(ctx)]
        return found
    return [y for y in _rows_for(key) if y.check(ctx)]


def _rows_for(key: tuple[bool, ...]) -> tuple[YakuDef, ...]:
    rows = _FIXED_ROWS.get(key)
    if rows is None:
        rows = _FIXED_ROWS[key] = _fixed_rows(*key)
    return rows


# fixed_yaku's answer in the common case (no rare situation, no yakuman
# possible), by what decides it; a shared list: callers must not change it.
_COMMON_FIXED: dict[tuple[bool, ...], list[YakuDef]] = {}


# A necessary condition of each fixed row, as data: the row's predicate is
# called only when its gate is open. Situation rows not listed need "rare"
# (a flag other than tsumo and riichi); hand-scope yakuman need "yakuman".
FIXED_GATES: dict[str, str] = {
    "riichi": "riichi",
    "double_riichi": "riichi",
    "menzen_tsumo": "tsumo",
    "tanyao": "all_simple",
    "honroutou": "all_terminal_honor",
    "honitsu": "one_suit",
    "chinitsu": "one_suit",
}
_GATE_NAMES = ("tsumo", "riichi", "rare", "yakuman", "all_simple", "all_terminal_honor", "one_suit")
_FIXED_ROWS: dict[tuple[bool, ...], tuple[YakuDef, ...]] = {}


def _fixed_rows(closed: bool, *gates: bool) -> tuple[YakuDef, ...]:
    open_ = {name for name, on in zip(_GATE_NAMES, gates, strict=True) if on}
    return tuple(
        y
        for y in YAKU
        if y.scope is not Scope.READING
        and (closed or y.open_han is not None)
        and FIXED_GATES.get(y.id, "rare" if y.scope is _SIT else "yakuman" if y.yakuman else "")
        in open_ | {""}
    )


# Standard-form rows by (sequences, triplets, honours, closed, gates open); a
# plain dict of int/bool keys because hashing an Enum key runs Python code.
_STANDARD_ROWS: dict[tuple[int, int, bool, bool, bool, bool], tuple[YakuDef, ...]] = {}
# Reading rows' gates (as FIXED_GATES): "peikou" = two identical sequences,
# "yakuhai" = a triplet of a dragon or of the seat or round wind.
READING_GATES: dict[str, str] = {
    "iipeikou": "peikou",
    "ryanpeikou": "peikou",
    "yakuhai_haku": "yakuhai",
    "yakuhai_hatsu": "yakuhai",
    "yakuhai_chun": "yakuhai",
    "yakuhai_seat_wind": "yakuhai",
    "yakuhai_round_wind": "yakuhai",
}


def _reading_rows(
    shuntsu: int,
    triplets: int,
    honors: bool,
    form: Form,
    closed: bool,
    peikou: bool = True,
    yakuhai: bool = True,
) -> tuple[YakuDef, ...]:
    """Reading-scope rows whose necessary conditions this reading meets."""
    gates = {"peikou": peikou, "yakuhai": yakuhai}
    return tuple(
        y
        for y in YAKU
        if y.scope is Scope.READING
        and y.form is form
        and (closed or y.open_han is not None)
        and shuntsu >= y.min_shuntsu
        and triplets >= y.min_triplets
        and (y.honors is None or y.honors == honors)
        and gates.get(READING_GATES.get(y.id, ""), True)
    )


def find_yaku(ctx: WinContext, fixed: list[YakuDef] | None = None) -> tuple[YakuItem, ...]:
    """Every yaku of one placed reading, after closed-only rules, reductions and superseding.

    ``fixed`` is :func:`fixed_yaku` of the hand (computed here if not given).
    A yakuman reading returns only yakuman; where the rule set does not stack
    yakuman only the most valuable one is kept. Yaku come in table order
    within each group: first how the hand was won and whole-hand yaku, then
    the yaku of the reading.
    """
    if fixed is None:
        fixed = fixed_yaku(ctx)
    closed = ctx.closed
    if ctx.form is _STANDARD:
        key = (
            ctx.n_seq, ctx.n_trip, ctx.honors, closed, ctx.peikou > 0,
            ctx.trip_mask & ctx.yakuhai != 0,
        )  # fmt: skip
        rows = _STANDARD_ROWS.get(key)
        if rows is None:
            n_seq, n_trip, honors, _closed, peikou, yakuhai = key
            rows = _reading_rows(n_seq, n_trip, honors, _STANDARD, closed, peikou, yakuhai)
            _STANDARD_ROWS[key] = rows
    else:
        rows = _SPECIAL_ROWS.get((ctx.form, closed)) or _special_rows(ctx.form, closed)
    found = fixed + [y for y in rows if y.check(ctx)]
    if not found:
        return ()
    # Which rows held (and open or closed) decides the items of an ordinary
    # hand, and only a few hundred such sets occur: each is resolved once.
    found_key = (closed, *map(id, found))
    items = _ITEMS_OF.get(found_key)
    if items is not None:
        return items
    for y in found:
        if y.yakuman:  # depends on the rule set too: not memoised (rare)
            return _yakuman_items(_drop_hidden([y for y in found if y.yakuman]), ctx)
    index = 0 if closed else 1
    items = tuple([_ITEMS[y.id][index] for y in _drop_hidden(found)])
    if len(_ITEMS_OF) < 4096:
        _ITEMS_OF[found_key] = items
    return items


# (closed, ids of the rows that held) -> the items of an ordinary hand. The
# rows are the module's own YakuDef values, alive as long as the module, so
# their ids are stable keys (hashing a YakuDef runs Python code; an id does not).
_ITEMS_OF: dict[tuple[int, ...], tuple[YakuItem, ...]] = {}


_STANDARD = Form.STANDARD
# Chiitoitsu and kokushi rows by (form, closed); few keys, so Enum hashing is fine here.
_SPECIAL_ROWS: dict[tuple[Form, bool], tuple[YakuDef, ...]] = {}


def _special_rows(form: Form, closed: bool) -> tuple[YakuDef, ...]:
    rows = _SPECIAL_ROWS[form, closed] = _reading_rows(0, 0, True, form, closed)
    return rows


def _drop_hidden(found: list[YakuDef]) -> list[YakuDef]:
    for y in found:
        if y.id in _HIDEABLE:
            break
    else:
        return found
    ids = {y.id for y in found}
    return [y for y in found if not (_HIDDEN_BY.get(y.id, _NONE) & ids)]
def _yakuman_items(rows: list[YakuDef], ctx: WinContext) -> tuple[YakuItem, ...]:
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
