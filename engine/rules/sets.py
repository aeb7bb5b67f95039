"""Rule systems as data: one frozen :class:`Ruleset` per system of docs/rulesets.md.

Every option that changes a result is a field. Each field of each rule set
records where it comes from in :data:`SOURCES` (a seed document code such as
``"000"`` or ``"001-EMA"``; an empty string means the seeds are silent and the
value is our stated choice). The comments beside the values say the same for
readers of the code. Russian labels for the comparison table live in
:mod:`engine.text.messages`; :mod:`engine.rules.table` joins the two.

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
    # Table procedure: where the club documents 002 and 003 differ.
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


# --- The whole game: draws, penalties, the end of a game -----------
# Kept beside Ruleset, not in it: the comparison table and the rule drill read
# Ruleset's fields, and these rows are shown by rule_table.game_rule_rows().
# Sources here have three kinds (see source_kind): a seed code, a published
# source named in words (the seeds are silent; the value follows that body's
# published rules), or "" (our stated choice).


class AbortiveDraw(Enum):
    """A hand broken off before the wall runs out."""

    KYUUSHU = "kyuushu"  # nine different terminals and honors in the first draw
    FOUR_WINDS = "four_winds"  # all four discard the same wind in the first go-around
    FOUR_RIICHI = "four_riichi"  # all four players declare riichi
    FOUR_KANS = "four_kans"  # four kans by more than one player
    TRIPLE_RON = "triple_ron"  # three players ron one discard


class Chombo(Enum):
    """How a chombo is paid."""

    REVERSE_MANGAN = "reverse_mangan"  # pays a mangan tsumo to the others at once
    END_DEDUCTION = "end_deduction"  # a fixed deduction from the final result, no payment


class Tiebreak(Enum):
    """Two players end on the same points."""

    SHARE = "share"  # they share the uma (and oka) of the places they hold
    SEAT_ORDER = "seat_order"  # the one seated nearer the first dealer ranks higher


class SourceKind(Enum):
    """Where a rule value comes from."""

    SEED = "seed"  # a seed document, cited by its code
    PUBLISHED = "published"  # not from the seeds: the body's published rules, named in words
    CHOICE = "choice"  # no document: our stated choice


@dataclass(frozen=True)
class GameRules:
    """What happens around a hand: draws, penalties, moving on, the final result."""

    name: str
    held_four_tenpai: bool = False  # a hand waiting only on a tile it holds all four of
    visible_karaten_tenpai: bool = True  # every copy of the wait already visible on the table
    nagashi_mangan: bool = True  # all discards terminals/honors, none called: a mangan tsumo
    nagashi_noten_payments: bool = False  # noten payments are also made beside nagashi
    abortive_draws: tuple[AbortiveDraw, ...] = tuple(AbortiveDraw)
    abortive_dealer_repeats: bool = True  # the same dealer deals again after an abortive draw
    abortive_adds_honba: bool = True
    multi_ron_honba_each: bool = True  # several rons: each winner gets honba (else the nearest)
    chombo: Chombo = Chombo.REVERSE_MANGAN
    chombo_deduction: int = 0  # points taken from the final result (END_DEDUCTION)
    chombo_replay: bool = True  # the hand is dealt again: same dealer, honba, sticks returned
    pao_yakuman: tuple[str, ...] = ("daisangen", "daisuushii")  # yaku ids with liability
    pao_ron_split: bool = True  # on a ron the liable player pays half, the discarder half
    last_dealer_stops_on_win: bool = True  # the dealer of the last hand, first, may stop
    last_dealer_stops_on_tenpai: bool = False
    west_extension: bool = False  # nobody reached target_score after South 4: play on in West
    target_score: int = 30000
    return_score: int = 30000  # the final result counts from here; oka = 4 × (return − start)
    uma: tuple[int, int, int, int] = (15000, 5000, -5000, -15000)
    floating_uma: bool = False  # uma by how many end at or above return_score (FLOATING_UMA)
    tiebreak: Tiebreak = Tiebreak.SEAT_ORDER
    leftover_sticks_to_first: bool = True  # riichi sticks on the table at the end go to first


# Floating uma (JPML): players at or above the return score -> uma by place.
FLOATING_UMA: dict[int, tuple[int, int, int, int]] = {
    1: (12000, -1000, -3000, -8000),
    2: (8000, 4000, -4000, -8000),
    3: (8000, 3000, 1000, -12000),
}

_A = AbortiveDraw
GAME_RULES: dict[str, GameRules] = {
    "online": GameRules(
        name="online",
        abortive_draws=tuple(AbortiveDraw),  # 004 names three; Tenhou plays all five
        pao_yakuman=("daisangen", "daisuushii"),  # Tenhou (Mahjong Soul adds suukantsu)
        last_dealer_stops_on_win=True,  # Tenhou: agari-yame
        last_dealer_stops_on_tenpai=False,  # Tenhou: no tenpai-yame
        west_extension=True,  # Tenhou / Mahjong Soul: West round until someone has 30000
        target_score=30000,
        return_score=30000,  # Tenhou: 25000 start, 30000 returned, oka 20000
        uma=(20000, 10000, -10000, -20000),  # Tenhou: uma 10-20
        tiebreak=Tiebreak.SEAT_ORDER,  # Tenhou
    ),
    "ema": GameRules(
        name="ema",
        nagashi_mangan=False,  # EMA 2016: not played
        abortive_draws=(),  # 000 lists none; EMA 2016: no abortive draws
        chombo=Chombo.END_DEDUCTION,  # 000: tournaments, -20000 after the game
        chombo_deduction=20000,  # 000
        chombo_replay=True,  # 000: dealer stays, sticks returned, no honba
        pao_yakuman=(),  # EMA 2016: no liability payments (as we recall)
        last_dealer_stops_on_win=False,  # EMA 2016: no agari-yame
        last_dealer_stops_on_tenpai=False,
        return_score=30000,  # EMA 2016: 30000 start and return, no oka
        uma=(15000, 5000, -5000, -15000),  # EMA 2016
        tiebreak=Tiebreak.SHARE,  # EMA 2016: tied players share uma
    ),
    "jpml": GameRules(
        name="jpml",
        abortive_draws=(_A.KYUUSHU, _A.FOUR_WINDS, _A.FOUR_RIICHI, _A.FOUR_KANS),  # 002; JPML
        abortive_dealer_repeats=True,  # 002: a redeal counts as renchan
        abortive_adds_honba=True,  # 002: the honba counter goes up
        multi_ron_honba_each=False,  # head bump: one winner only
        chombo=Chombo.END_DEDUCTION,  # JPML rules: 20000 deducted
        chombo_deduction=20000,
        chombo_replay=True,
        last_dealer_stops_on_win=True,  # JPML rules
        last_dealer_stops_on_tenpai=True,  # JPML rules
        return_score=30000,  # JPML: 30000 start and return, no oka
        floating_uma=True,  # JPML: floating uma
        tiebreak=Tiebreak.SHARE,  # JPML rules (as we recall)
    ),
    "fenix": GameRules(
        name="fenix",
        abortive_draws=(_A.KYUUSHU, _A.FOUR_WINDS, _A.FOUR_RIICHI, _A.FOUR_KANS),  # 003; JPML
        abortive_dealer_repeats=True,  # JPML value
        abortive_adds_honba=True,  # JPML value
        multi_ron_honba_each=False,  # 003: head bump, one winner
        chombo=Chombo.END_DEDUCTION,  # 003: a false win is chombo; the amount: JPML value
        chombo_deduction=20000,
        chombo_replay=True,
        last_dealer_stops_on_win=True,  # JPML value
        last_dealer_stops_on_tenpai=True,  # JPML value
        return_score=25000,  # 003 starts at 25000; JPML returns what it starts with (no oka)
        floating_uma=True,  # JPML value
        tiebreak=Tiebreak.SHARE,  # JPML value
    ),
}

# Published sources, named in words (the site adds «не из исходных документов»).
# Written from what we know of these rules, not checked against their texts here.
_TENHOU = "Tenhou"
_TENHOU_SOUL = "Tenhou, Mahjong Soul"
_EMA = "EMA Riichi Competition Rules 2016"
_JPML = "JPML rules"
_JPML_FOR_FENIX = "JPML rules (003 silent: the JPML value)"
# ruleset -> field -> seed code, a published source in words, or "" (our choice).
GAME_SOURCES: dict[str, dict[str, str]] = {
    "online": {
        "held_four_tenpai": _TENHOU_SOUL,
        "visible_karaten_tenpai": _TENHOU_SOUL,
        "nagashi_mangan": _TENHOU_SOUL,
        "nagashi_noten_payments": _TENHOU,
        "abortive_draws": "004; " + _TENHOU,
        "abortive_dealer_repeats": "004",
        "abortive_adds_honba": _TENHOU,
        "multi_ron_honba_each": _TENHOU,
        "chombo": "",
        "chombo_deduction": "",
        "chombo_replay": "",
        "pao_yakuman": _TENHOU,
        "pao_ron_split": _TENHOU,
        "last_dealer_stops_on_win": _TENHOU,
        "last_dealer_stops_on_tenpai": _TENHOU,
        "west_extension": _TENHOU_SOUL,
        "target_score": _TENHOU_SOUL,
        "return_score": _TENHOU,
        "uma": _TENHOU,
        "floating_uma": _TENHOU,
        "tiebreak": _TENHOU,
        "leftover_sticks_to_first": _TENHOU,
    },
    "ema": {
        "held_four_tenpai": _EMA,
        "visible_karaten_tenpai": _EMA,
        "nagashi_mangan": _EMA,
        "nagashi_noten_payments": _EMA,
        "abortive_draws": "000; " + _EMA,
        "abortive_dealer_repeats": "",
        "abortive_adds_honba": "",
        "multi_ron_honba_each": _EMA,
        "chombo": "000",
        "chombo_deduction": "000",
        "chombo_replay": "000",
        "pao_yakuman": _EMA,
        "pao_ron_split": _EMA,
        "last_dealer_stops_on_win": _EMA,
        "last_dealer_stops_on_tenpai": _EMA,
        "west_extension": _EMA,
        "target_score": "",
        "return_score": _EMA,
        "uma": _EMA,
        "floating_uma": _EMA,
        "tiebreak": _EMA,
        "leftover_sticks_to_first": _EMA,
    },
    "jpml": {
        **{name: _JPML for name in (
            "held_four_tenpai", "visible_karaten_tenpai", "nagashi_mangan",
            "nagashi_noten_payments", "chombo", "chombo_deduction", "chombo_replay",
            "pao_yakuman", "pao_ron_split", "last_dealer_stops_on_win",
            "last_dealer_stops_on_tenpai", "west_extension", "return_score", "uma",
            "floating_uma", "tiebreak", "leftover_sticks_to_first",
        )},
        "abortive_draws": "002; " + _JPML,
        "abortive_dealer_repeats": "002",
        "abortive_adds_honba": "002",
        "multi_ron_honba_each": "",
        "target_score": "",
    },
    "fenix": {
        **{name: _JPML_FOR_FENIX for name in (
            "held_four_tenpai", "visible_karaten_tenpai", "nagashi_mangan",
            "nagashi_noten_payments", "abortive_dealer_repeats", "abortive_adds_honba",
            "chombo_deduction", "chombo_replay", "pao_yakuman", "pao_ron_split",
            "last_dealer_stops_on_win", "last_dealer_stops_on_tenpai", "west_extension",
            "uma", "floating_uma", "tiebreak", "leftover_sticks_to_first",
        )},
        "abortive_draws": "003; " + _JPML_FOR_FENIX,
        "multi_ron_honba_each": "003",
        "chombo": "003; " + _JPML_FOR_FENIX,
        "return_score": "003; " + _JPML_FOR_FENIX,
        "target_score": "",
    },
}

# GameRules fields shown in the comparison table (rule_table.game_rule_rows), in order.
GAME_TABLE_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(GameRules))[1:]


def source_kind(code: str) -> SourceKind:
    """Which of the three kinds a source string is.

    >>> source_kind("003"), source_kind("001-EMA"), source_kind("")
    (<SourceKind.SEED: 'seed'>, <SourceKind.SEED: 'seed'>, <SourceKind.CHOICE: 'choice'>)
    >>> source_kind("004; Tenhou")
    <SourceKind.SEED: 'seed'>
    >>> source_kind(GAME_SOURCES["ema"]["uma"])
    <SourceKind.PUBLISHED: 'published'>
    """
    if not code:
        return SourceKind.CHOICE
    if code[:3] in ("000", "001", "002", "003", "004"):
        return SourceKind.SEED  # a seed first, perhaps completed by a published source
    return SourceKind.PUBLISHED


def get_game_rules(rules: Ruleset | str | None = None) -> GameRules:
    """The game rules of a rule set (by the :class:`Ruleset` or its name).

    >>> get_game_rules("ema").nagashi_mangan, get_game_rules(JPML).floating_uma
    (False, True)
    """
    name = rules.name if isinstance(rules, Ruleset) else get_ruleset(rules).name
    return GAME_RULES[name]


# --- Table procedure the seeds differ on (issues 18, 19) ----------------------
# Nothing the engine computes depends on these; they are data so that /rules
# shows each difference docs/rulesets.md lists beside its source, like every other
# rule, and a rule drill can ask about it. Sources have the three kinds of
# GAME_SOURCES.


class FourKans(Enum):
    """What four kans in one hand do."""

    NO_FIFTH = "no_fifth"  # no fifth kan may be declared; the hand goes on
    DIFFERENT_PLAYERS = "different_players"  # abortive draw unless one player made all four
    ANY = "any"  # a redeal if nobody wins on the discard after the fourth kan


class RiichiKan(Enum):
    """A closed kan declared while in riichi."""

    SAME_WAITS = "same_waits"  # allowed only when the waits do not change
    SAME_WAITS_ELSE_CHOMBO = "same_waits_else_chombo"  # a kan that changes the wait is chombo


class Dealing(Enum):
    """How the starting hands are dealt."""

    FOURS_THEN_ONES = "fours_then_ones"  # 3 × 4 tiles each, one each, one more for the dealer
    FOURS_THEN_JUMP = "fours_then_jump"  # 4 at a time to 12; the dealer takes the 1st and 5th
    BY_PROGRAM = "by_program"  # the client deals: 13 each, 14 to the dealer


@dataclass(frozen=True)
class Procedure:
    """Table procedure: when kan-dora are flipped, four kans, kan in riichi, dealing."""

    name: str
    closed_kan_dora: KanDoraTiming = KanDoraTiming.AT_ONCE
    open_kan_dora: KanDoraTiming = KanDoraTiming.AFTER_DISCARD  # a kan on a discard (daiminkan)
    four_kans: FourKans = FourKans.DIFFERENT_PLAYERS
    riichi_closed_kan: RiichiKan = RiichiKan.SAME_WAITS
    dealing: Dealing = Dealing.FOURS_THEN_ONES


PROCEDURES: dict[str, Procedure] = {
    "online": Procedure("online", dealing=Dealing.BY_PROGRAM),
    "ema": Procedure("ema", four_kans=FourKans.NO_FIFTH,
                     riichi_closed_kan=RiichiKan.SAME_WAITS_ELSE_CHOMBO),
    "jpml": Procedure("jpml", four_kans=FourKans.ANY),
    "fenix": Procedure("fenix", dealing=Dealing.FOURS_THEN_JUMP),
}
PROCEDURE_SOURCES: dict[str, dict[str, str]] = {
    "online": {
        "closed_kan_dora": _TENHOU,  # 004: a new indicator after any kan, timing not given
        "open_kan_dora": _TENHOU,
        "four_kans": _TENHOU,
        "riichi_closed_kan": _TENHOU,
        "dealing": "004",
    },
    "ema": {
        "closed_kan_dora": "000",
        "open_kan_dora": "000",
        "four_kans": "000",
        "riichi_closed_kan": "000",
        "dealing": "000",
    },
    "jpml": {
        "closed_kan_dora": "002",
        "open_kan_dora": "002",
        "four_kans": "002",
        "riichi_closed_kan": _JPML,
        "dealing": "002",
    },
    "fenix": {
        "closed_kan_dora": "003",
        "open_kan_dora": "003",
        "four_kans": "003",
        "riichi_closed_kan": "003",
        "dealing": "003",
    },
}
PROCEDURE_TABLE_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(Procedure))[1:]
