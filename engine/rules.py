"""Rule systems as data: one frozen :class:`Ruleset` per system of RULESETS.md.

Every option that changes a result is a field. Each field of each rule set
records where it comes from in :data:`SOURCES` (a seed document code such as
``"000"`` or ``"001-EMA"``; an empty string means the seeds are silent and the
value is our stated choice). The comments beside the values say the same for
readers of the code. Russian labels for the comparison table live in
:mod:`engine.messages`; :mod:`engine.rule_table` joins the two.

>>> get_ruleset("ema").open_tanyao
False
>>> get_ruleset("ema").with_options(red_fives=True).red_fives
True
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from enum import Enum

from engine.errors import HandError


class Renhou(Enum):
    """What a non-dealer's ron in the first go-around is worth."""

    NONE = "none"  # not a yaku
    MANGAN = "mangan"  # a 5-han yaku (at least a mangan)
    YAKUMAN = "yakuman"


class MultipleRon(Enum):
    """Several players call ron on one discard."""

    HEAD_BUMP = "head_bump"  # atama hane: only the nearest in turn order wins
    DOUBLE = "double"  # two may win; three → abortive draw
    ALL = "all"  # everyone who can win does


class KanDoraTiming(Enum):
    """When the new indicator is flipped after an added kan (shouminkan)."""

    AT_ONCE = "at_once"  # right after the declaration
    AFTER_DISCARD = "after_discard"  # after the replacement tile's discard


class Kuikae(Enum):
    """Which swap-calls are forbidden right after a call."""

    ALLOWED = "allowed"
    AFTER_CHI = "after_chi"
    AFTER_CHI_AND_PON = "after_chi_and_pon"


@dataclass(frozen=True)
class Ruleset:
    """One rule system. Invariant: ``name`` is a key of :data:`RULESETS` or a derived copy."""

    name: str
    source: str  # seed file(s) the system is taken from
    open_tanyao: bool = True  # tanyao counts with an open hand
    red_fives: bool = True  # red fives (0m 0p 0s) are dora
    ura_dora: bool = True  # riichi winner counts ura-dora
    kan_dora: bool = True  # each kan flips a new indicator (000, 001, 002, 003, 004 all say so)
    kiriage: bool = False  # 4 han 30 fu and 3 han 60 fu are rounded up to mangan
    kazoe_yakuman: bool = True  # 13+ han counts as yakuman (else sanbaiman cap)
    double_yakuman: bool = (
        False  # kokushi 13-sided, suuankou tanki, 9-sided chuuren, daisuushii = 2
    )
    yakuman_stacking: bool = True  # different yakuman in one hand add up
    renhou: Renhou = Renhou.NONE
    rinshan_tsumo_fu: bool = True  # +2 tsumo fu for a win on the kan replacement tile
    double_wind_pair_fu: int = 4  # fu for a pair of the seat wind that is also the round wind
    starting_points: int = 25000
    multiple_ron: MultipleRon = MultipleRon.DOUBLE
    kuikae: Kuikae = Kuikae.AFTER_CHI_AND_PON
    atozuke: bool = True  # a win whose only yaku depends on the winning tile
    riichi_min_points: int = 1000  # points needed to declare riichi (0: no condition)
    riichi_min_wall: int = 4  # tiles that must remain in the live wall
    negative_points: bool = False  # play goes on below zero (else the game ends)
    noten_payment: int = 3000  # paid in total by noten players at an exhaustive draw
    # Table procedure (issue 18): where the club documents 002 and 003 differ.
    claim_pause: bool = False  # next player waits 3–4 s to draw; a claim in it undoes the draw
    added_kan_dora: KanDoraTiming = KanDoraTiming.AFTER_DISCARD
    riichi_tile_ron_refund: bool = True  # ron on the riichi tile: riichi void, the 1000 returned

    def with_options(self, **changes: object) -> Ruleset:
        """A copy with some options changed (a drill switching red fives on).

        Unknown option names raise :class:`HandError` rather than ``TypeError``.
        """
        known = {f.name for f in fields(self)}
        unknown = sorted(set(changes) - known)
        if unknown:
            raise HandError(f"Неизвестная опция правил: {', '.join(unknown)}.")
        for key, value in changes.items():
            current = getattr(self, key)
            if type(value) is not type(current):
                raise HandError(f"Опция правил «{key}» задана значением неверного типа.")
        return replace(self, **changes)  # type: ignore[arg-type]


ONLINE = Ruleset(
    name="online",
    source="004",
    open_tanyao=True,  # 004 silent; the default
    red_fives=True,  # 004 silent; the default (online games play with them)
    ura_dora=True,  # 004: riichi gives a chance at ura-dora
    kiriage=False,  # seeds silent; the default
    kazoe_yakuman=True,  # seeds silent; the default
    double_yakuman=False,  # seeds silent; the default
    yakuman_stacking=True,  # seeds silent; the issue: different yakuman stack
    renhou=Renhou.NONE,  # 004 silent; most online games do not play it
    rinshan_tsumo_fu=True,  # 004 silent; online games award it
    starting_points=25000,  # 004 defers to another page; chosen as in online games
    multiple_ron=MultipleRon.DOUBLE,  # 004: double ron, a triple ron is a draw
    kuikae=Kuikae.AFTER_CHI_AND_PON,  # 004: no swap after chi or pon
    atozuke=True,  # 004 silent; allowed
    riichi_min_points=1000,  # 004: at least 1000 points
    riichi_min_wall=4,  # 004: at least 4 tiles in the wall
    negative_points=False,  # 004 defers to the match page; chosen: game ends below zero
    noten_payment=3000,  # 004
    claim_pause=False,  # 004 silent; the game waits for calls itself
    added_kan_dora=KanDoraTiming.AFTER_DISCARD,  # 004: a new indicator, timing not given
    riichi_tile_ron_refund=True,  # 004 silent; as in online games
)

EMA = Ruleset(
    name="ema",
    source="000; 001 (раздел EMA)",
    open_tanyao=False,  # 001-EMA: an all-simples hand must be closed
    red_fives=False,  # 000 only names aka-dora; EMA plays without red fives (the issue)
    ura_dora=True,  # 000
    kiriage=False,  # seeds silent; the issue: no kiriage
    kazoe_yakuman=False,  # seeds silent; EMA caps counted hands at sanbaiman (choice)
    double_yakuman=False,  # seeds silent; the issue: no double yakuman
    yakuman_stacking=True,  # seeds silent; kept as online
    renhou=Renhou.YAKUMAN,  # 001-EMA: renhou is a yakuman
    rinshan_tsumo_fu=False,  # 000: no tsumo fu for pinfu or rinshan kaihou
    starting_points=30000,  # 000
    multiple_ron=MultipleRon.ALL,  # 001-EMA: multiple ron allowed
    kuikae=Kuikae.AFTER_CHI,  # 000: forbidden after chi
    atozuke=True,  # seeds silent; allowed
    riichi_min_points=0,  # 000 states no points condition (scores may go negative)
    riichi_min_wall=4,  # 000: not later than 4 tiles before the end of the wall
    negative_points=True,  # 000: scores may go below zero
    noten_payment=3000,  # 000
    claim_pause=False,  # 000 silent
    added_kan_dora=KanDoraTiming.AT_ONCE,  # 000: "after the declaration"
    riichi_tile_ron_refund=True,  # 000 silent; as 003
)

JPML = Ruleset(
    name="jpml",
    source="002",
    open_tanyao=True,  # 002 silent; allowed
    red_fives=False,  # 002: an optional table rule, off unless agreed
    ura_dora=True,  # 002
    kiriage=False,  # seeds silent
    kazoe_yakuman=True,  # seeds silent; kept as online
    double_yakuman=False,  # seeds silent
    yakuman_stacking=True,  # seeds silent; kept as online
    renhou=Renhou.NONE,  # 002 silent
    rinshan_tsumo_fu=True,  # 002's fu list is lost; kept as online
    starting_points=30000,  # 002
    multiple_ron=MultipleRon.HEAD_BUMP,  # 002 silent; JPML plays head bump (choice)
    kuikae=Kuikae.AFTER_CHI,  # 002: forbidden after chi
    atozuke=True,  # 002 silent; allowed
    riichi_min_points=1000,  # 002 silent (game cut short when out of points); choice
    riichi_min_wall=4,  # 002
    negative_points=False,  # 002: the game is cut short when a player runs out
    noten_payment=3000,  # 002
    claim_pause=False,  # 002 silent
    added_kan_dora=KanDoraTiming.AFTER_DISCARD,  # 002: after the discard
    riichi_tile_ron_refund=True,  # 002 silent; as 003
)

FENIX = Ruleset(
    name="fenix",
    source="003",
    open_tanyao=True,  # 003 silent (its yaku list is missing); allowed
    red_fives=False,  # 003: 136 tiles, no red fives mentioned
    ura_dora=True,  # 003
    kiriage=False,  # 003's score tables are missing; no kiriage
    kazoe_yakuman=True,  # 003 silent; kept as online
    double_yakuman=False,  # 003: at most 32000 for a non-dealer
    yakuman_stacking=False,  # 003: yakuman do not combine
    renhou=Renhou.NONE,  # 003 silent
    rinshan_tsumo_fu=True,  # 003 silent; kept as online
    starting_points=25000,  # 003
    multiple_ron=MultipleRon.HEAD_BUMP,  # 003: atama hane
    kuikae=Kuikae.ALLOWED,  # 003: kuikae does not apply
    atozuke=True,  # 003: atozuke ari
    riichi_min_points=1000,  # 003: must have 1000 points
    riichi_min_wall=4,  # 003: not with fewer than 4 tiles in the live wall
    negative_points=False,  # 003 silent; choice
    noten_payment=3000,  # 003 silent; kept as the others
    claim_pause=True,  # 003: wait 3–4 s; a claim within it returns the drawn tile
    added_kan_dora=KanDoraTiming.AFTER_DISCARD,  # 003: only a closed kan flips before the discard
    riichi_tile_ron_refund=True,  # 003: riichi void, the 1000 returned
)

RULESETS: dict[str, Ruleset] = {r.name: r for r in (ONLINE, EMA, JPML, FENIX)}
DEFAULT_RULESET = ONLINE

# Where each value comes from: ruleset name -> field -> seed code ("" = silent, our choice).
_ALL_SILENT = {f.name: "" for f in fields(Ruleset) if f.name not in ("name", "source")}
SOURCES: dict[str, dict[str, str]] = {
    "online": {
        **_ALL_SILENT,
        "ura_dora": "004",
        "kan_dora": "004",
        "multiple_ron": "004",
        "kuikae": "004",
        "riichi_min_points": "004",
        "riichi_min_wall": "004",
        "noten_payment": "004",
    },
    "ema": {
        **_ALL_SILENT,
        "open_tanyao": "001-EMA",
        "ura_dora": "000",
        "kan_dora": "000",
        "renhou": "001-EMA",
        "rinshan_tsumo_fu": "000",
        "double_wind_pair_fu": "000",
        "starting_points": "000",
        "multiple_ron": "001-EMA",
        "kuikae": "000",
        "riichi_min_wall": "000",
        "negative_points": "000",
        "noten_payment": "000",
        "added_kan_dora": "000",
    },
    "jpml": {
        **_ALL_SILENT,
        "red_fives": "002",
        "ura_dora": "002",
        "kan_dora": "002",
        "starting_points": "002",
        "kuikae": "002",
        "riichi_min_wall": "002",
        "negative_points": "002",
        "noten_payment": "002",
        "added_kan_dora": "002",
    },
    "fenix": {
        **_ALL_SILENT,
        "ura_dora": "003",
        "kan_dora": "003",
        "double_yakuman": "003",
        "yakuman_stacking": "003",
        "starting_points": "003",
        "multiple_ron": "003",
        "kuikae": "003",
        "atozuke": "003",
        "riichi_min_points": "003",
        "riichi_min_wall": "003",
        "claim_pause": "003",
        "added_kan_dora": "003",
        "riichi_tile_ron_refund": "003",
    },
}

# Fields shown in the comparison table, in display order.
TABLE_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(Ruleset))[2:]


def get_ruleset(name: str | None = None) -> Ruleset:
    """The rule set called ``name`` (``None`` or ``""``: the default ``online``)."""
    if not name:
        return DEFAULT_RULESET
    key = name.strip().lower() if isinstance(name, str) else name
    if key not in RULESETS:
        known = ", ".join(RULESETS)
        raise HandError(f"Неизвестный свод правил «{name}». Допустимы: {known}.")
    return RULESETS[key]
