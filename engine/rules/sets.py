"""Rule systems as data: one frozen :class:`Ruleset` per rule set of the site.

Each rule set is a named document: ``online`` is the seed document 004 and,
where it is silent, Tenhou's published rules; ``ema`` the EMA Riichi
Competition Rules, 2016 edition; ``jpml`` the seed document 002; ``fenix``
the seed document 003 (and the ``jpml`` values where it is silent); ``rrc``
the regulation of Russian tournaments (rules-ru, version 1.5), its default
values. Where each value comes from is in :mod:`engine.rules.sources`, the
documents in :mod:`engine.rules.documents`; the comments beside the values
say the same for readers of the code. Russian labels live in
:mod:`engine.text.messages`; :mod:`engine.rules.table` joins them.

>>> get_ruleset("ema").open_tanyao, get_ruleset("ema").red_fives
(True, False)
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
    """One rule system. Invariant: ``name`` is a key of :data:`RULESETS`, or that key and
    ``+<option>=<value>…`` for a copy with other game rules (:func:`with_game_options`)."""

    name: str
    source: str  # the document the set is (engine.rules.documents lists them all)
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
    open_tanyao=True,  # Tenhou
    red_fives=True,  # Tenhou
    ura_dora=True,  # 004
    kiriage=False,  # Tenhou
    kazoe_yakuman=True,  # Tenhou
    double_yakuman=False,  # Tenhou
    yakuman_stacking=True,  # Tenhou
    renhou=Renhou.NONE,  # Tenhou
    rinshan_tsumo_fu=True,  # Tenhou
    starting_points=25000,  # Tenhou
    multiple_ron=MultipleRon.DOUBLE,  # 004: double ron, a triple ron is a draw
    kuikae=Kuikae.AFTER_CHI_AND_PON,  # 004
    atozuke=True,  # Tenhou
    riichi_min_points=1000,  # 004
    riichi_min_wall=4,  # 004
    negative_points=False,  # Tenhou: the game ends below zero
    noten_payment=3000,  # 004
    claim_pause=False,  # our choice: the program waits for calls itself
    added_kan_dora=KanDoraTiming.AFTER_DISCARD,  # Tenhou
    riichi_tile_ron_refund=True,  # Tenhou
)

EMA = Ruleset(
    name="ema",
    source="EMA 2016",
    open_tanyao=True,  # EMA 2016, revision notes (001-EMA, before 2016: closed only)
    red_fives=False,  # EMA 2016, 1.3 and revision notes
    ura_dora=True,  # EMA 2016, 3.3.14; 000
    kiriage=False,  # EMA 2016, revision notes: 4 han 30 fu is not rounded up
    kazoe_yakuman=False,  # EMA 2016, revision notes: 13+ han is a sanbaiman
    double_yakuman=False,  # EMA 2016, revision notes: daisuushii a single yakuman
    yakuman_stacking=False,  # EMA 2016: yakuman do not combine
    renhou=Renhou.MANGAN,  # EMA 2016, revision notes (001-EMA, before 2016: yakuman)
    rinshan_tsumo_fu=False,  # 000
    starting_points=30000,  # 000
    multiple_ron=MultipleRon.ALL,  # EMA 2016, 3.4.9
    kuikae=Kuikae.AFTER_CHI_AND_PON,  # EMA 2016, 3.3.2 (000, before 2016: after chi only)
    atozuke=True,  # EMA 2016, 3.3.11
    riichi_min_points=0,  # EMA 2016, 3.3.14 states no points condition
    riichi_min_wall=4,  # EMA 2016, 3.3.14; 000
    negative_points=True,  # 000
    noten_payment=3000,  # EMA 2016, 3.4.2; 000
    claim_pause=False,  # EMA 2016, revision notes: the three-second rule removed
    added_kan_dora=KanDoraTiming.AT_ONCE,  # EMA 2016, 3.3.6; 000
    riichi_tile_ron_refund=True,  # EMA 2016, 3.3.14
)

JPML = Ruleset(
    name="jpml",
    source="002",
    open_tanyao=True,  # our choice (002 silent)
    red_fives=False,  # our choice: 002 makes them a table agreement
    ura_dora=True,  # 002
    kiriage=False,  # our choice
    kazoe_yakuman=True,  # our choice
    double_yakuman=False,  # our choice
    yakuman_stacking=True,  # our choice
    renhou=Renhou.NONE,  # our choice
    rinshan_tsumo_fu=True,  # our choice (002's fu list is lost)
    starting_points=30000,  # 002
    multiple_ron=MultipleRon.HEAD_BUMP,  # our choice
    kuikae=Kuikae.AFTER_CHI,  # 002
    atozuke=True,  # our choice
    riichi_min_points=1000,  # our choice: 002 ends the game when points run out
    riichi_min_wall=4,  # 002
    negative_points=False,  # 002
    noten_payment=3000,  # 002
    claim_pause=False,  # our choice
    added_kan_dora=KanDoraTiming.AFTER_DISCARD,  # 002
    riichi_tile_ron_refund=True,  # our choice
)

FENIX = Ruleset(
    name="fenix",
    source="003",
    open_tanyao=True,  # jpml (003's yaku list is missing)
    red_fives=False,  # 003: 136 tiles, no red fives
    ura_dora=True,  # 003
    kiriage=False,  # jpml
    kazoe_yakuman=True,  # jpml
    double_yakuman=False,  # 003: at most 32000 for a non-dealer
    yakuman_stacking=False,  # 003: yakuman do not combine
    renhou=Renhou.NONE,  # jpml
    rinshan_tsumo_fu=True,  # jpml
    starting_points=25000,  # 003
    multiple_ron=MultipleRon.HEAD_BUMP,  # 003: atama hane
    kuikae=Kuikae.ALLOWED,  # 003
    atozuke=True,  # 003
    riichi_min_points=1000,  # 003
    riichi_min_wall=4,  # 003
    negative_points=False,  # jpml
    noten_payment=3000,  # jpml
    claim_pause=True,  # 003
    added_kan_dora=KanDoraTiming.AFTER_DISCARD,  # 003
    riichi_tile_ron_refund=True,  # 003
)

RRC = Ruleset(
    name="rrc",
    source="rules-ru 1.5",
    open_tanyao=True,  # rules-ru 7.1
    red_fives=True,  # rules-ru 3.6, 5.1
    ura_dora=True,  # rules-ru 3.6
    kiriage=False,  # rules-ru 3.12.2 (4 han 30 fu = 7700), 7.1
    kazoe_yakuman=True,  # rules-ru 3.12.2: 13+ han is a yakuman
    double_yakuman=False,  # rules-ru 4.6: every yakuman is a single one
    yakuman_stacking=True,  # rules-ru 4.7
    renhou=Renhou.MANGAN,  # rules-ru 4.5, 5.10
    rinshan_tsumo_fu=True,  # rules-ru 3.11.5
    starting_points=30000,  # rules-ru 3.1.1, 5.2
    multiple_ron=MultipleRon.ALL,  # rules-ru 3.4.5, 5.7
    kuikae=Kuikae.AFTER_CHI_AND_PON,  # rules-ru 3.4.4
    atozuke=True,  # rules-ru 7.1
    riichi_min_points=0,  # rules-ru 3.4.7 (the 1000 condition is the bust variation, 5.5)
    riichi_min_wall=4,  # rules-ru 3.4.7
    negative_points=True,  # rules-ru 5.5: no bust by default
    noten_payment=3000,  # rules-ru 3.7.1
    claim_pause=False,  # our choice
    added_kan_dora=KanDoraTiming.AT_ONCE,  # rules-ru 3.4.3
    riichi_tile_ron_refund=True,  # rules-ru 3.4.7
)

RULESETS: dict[str, Ruleset] = {r.name: r for r in (ONLINE, EMA, JPML, FENIX, RRC)}
DEFAULT_RULESET = ONLINE

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


# --- The whole game: draws, penalties, the end of a game -----------------------
# Kept beside Ruleset, not in it: the comparison table and the rule drill read
# Ruleset's fields, and these rows are shown by engine.rules.table.game_rule_rows().


class AbortiveDraw(Enum):
    """A hand broken off before the wall runs out."""

    KYUUSHU = "kyuushu"  # nine different terminals and honors in the first draw
    FOUR_WINDS = "four_winds"  # all four discard the same wind in the first go-around
    FOUR_RIICHI = "four_riichi"  # all four players declare riichi
    FOUR_KANS = "four_kans"  # four kans (by whom: Procedure.four_kans of the set)
    TRIPLE_RON = "triple_ron"  # three players ron one discard


class Chombo(Enum):
    """How a chombo is paid."""

    REVERSE_MANGAN = "reverse_mangan"  # pays a mangan tsumo to the others at once
    END_DEDUCTION = "end_deduction"  # a fixed deduction from the final result, no payment


class Tiebreak(Enum):
    """Two players end on the same points."""

    SHARE = "share"  # they share the uma (and oka) of the places they hold
    SEAT_ORDER = "seat_order"  # the one seated nearer the first dealer ranks higher


class MultiRonSticks(Enum):
    """Who takes the riichi sticks when several players win on one discard."""

    NEAREST = "nearest"  # all of them go to the winner nearest the discarder
    OWN_BACK = "own_back"  # a winner takes back his own stick; the rest go to the nearest


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
    multi_ron_sticks: MultiRonSticks = MultiRonSticks.NEAREST
    chombo: Chombo = Chombo.REVERSE_MANGAN
    chombo_deduction: int = 0  # points taken from the final result (END_DEDUCTION)
    chombo_replay: bool = True  # the hand is dealt again: same dealer, honba, sticks returned
    pao_yakuman: tuple[str, ...] = ("daisangen", "daisuushii")  # yaku ids with liability
    pao_ron_split: bool = True  # on a ron the liable player pays half, the discarder half
    pao_ron_liable_honba: bool = False  # on a split ron the liable player pays the honba
    bust_at_zero: bool = False  # without negative points, the game ends at exactly 0 too
    last_dealer_stops_on_win: bool = True  # the dealer of the last hand, first, may stop
    last_dealer_stops_on_tenpai: bool = False
    west_extension: bool = False  # nobody reached target_score after South 4: play on in West
    target_score: int = 30000
    return_score: int = 30000  # the final result counts from here; oka = 4 × (return − start)
    uma: tuple[int, int, int, int] = (15000, 5000, -5000, -15000)
    floating_uma: bool = False  # uma by how many end at or above return_score (FLOATING_UMA)
    tiebreak: Tiebreak = Tiebreak.SEAT_ORDER
    leftover_sticks_to_first: bool = True  # riichi sticks on the table at the end go to first


# Floating uma: players at or above the return score -> uma by place.
FLOATING_UMA: dict[int, tuple[int, int, int, int]] = {
    1: (12000, -1000, -3000, -8000),
    2: (8000, 4000, -4000, -8000),
    3: (8000, 3000, 1000, -12000),
}

_A = AbortiveDraw
_JPML_GAME = GameRules(
    name="jpml",
    nagashi_mangan=False,  # our choice: 002 does not name it
    abortive_draws=(_A.KYUUSHU, _A.FOUR_WINDS, _A.FOUR_RIICHI, _A.FOUR_KANS),  # 002 (kans)
    abortive_dealer_repeats=True,  # 002: a redeal counts as renchan
    abortive_adds_honba=True,  # 002
    multi_ron_honba_each=False,  # head bump: one winner only
    chombo=Chombo.END_DEDUCTION,  # our choice: 002 names chombo, not its amount
    chombo_deduction=20000,
    chombo_replay=True,
    bust_at_zero=True,  # 002: the game stops when a player has no points left
    last_dealer_stops_on_win=False,  # our choice: 002 makes no exception to renchan
    last_dealer_stops_on_tenpai=False,  # our choice: the same
    return_score=30000,  # our choice: the starting points, no oka
    floating_uma=True,  # our choice
    tiebreak=Tiebreak.SHARE,  # our choice
)
GAME_RULES: dict[str, GameRules] = {
    "online": GameRules(
        name="online",
        abortive_draws=tuple(AbortiveDraw),  # 004 names three; Tenhou plays all five
        multi_ron_honba_each=False,  # Tenhou: honba to the winner nearest the discarder
        multi_ron_sticks=MultiRonSticks.NEAREST,  # Tenhou
        pao_yakuman=("daisangen", "daisuushii"),  # Tenhou
        pao_ron_liable_honba=True,  # Tenhou: on a ron off a third player
        last_dealer_stops_on_win=True,  # Tenhou: first with 30000 or more
        last_dealer_stops_on_tenpai=True,  # Tenhou: first with 30000 or more
        west_extension=True,  # Tenhou: West round until someone has 30000
        target_score=30000,
        return_score=30000,  # Tenhou: 25000 start, 30000 returned, oka 20000
        uma=(20000, 10000, -10000, -20000),  # Tenhou
        tiebreak=Tiebreak.SEAT_ORDER,  # Tenhou
    ),
    "ema": GameRules(
        name="ema",
        nagashi_mangan=False,  # EMA 2016, revision notes
        abortive_draws=(),  # EMA 2016, 3.4.3 and revision notes
        multi_ron_honba_each=True,  # EMA 2016, 3.4.10: counters raise each winning hand
        multi_ron_sticks=MultiRonSticks.OWN_BACK,  # EMA 2016, 3.3.14
        chombo=Chombo.END_DEDUCTION,  # EMA 2016, 3.4.6 and revision notes
        chombo_deduction=20000,  # EMA 2016, revision notes: after uma
        chombo_replay=True,  # EMA 2016, 3.4
        pao_yakuman=("daisangen", "daisuushii"),  # EMA 2016, 3.3.9
        pao_ron_liable_honba=False,  # EMA 2016, 3.3.9: the discarder pays the counters
        last_dealer_stops_on_win=False,  # EMA 2016
        last_dealer_stops_on_tenpai=False,  # EMA 2016
        return_score=30000,  # EMA 2016: no oka
        uma=(15000, 5000, -5000, -15000),  # EMA 2016, revision notes
        tiebreak=Tiebreak.SHARE,  # EMA 2016
    ),
    "jpml": _JPML_GAME,
    "fenix": replace(
        _JPML_GAME,
        name="fenix",
        abortive_draws=(_A.KYUUSHU, _A.FOUR_WINDS, _A.FOUR_RIICHI, _A.FOUR_KANS),  # 003; jpml
        chombo=Chombo.END_DEDUCTION,  # 003: a false win is chombo; the amount: jpml
        return_score=25000,  # 003 starts at 25000; jpml returns what it starts with
    ),
    "rrc": GameRules(
        name="rrc",
        held_four_tenpai=False,  # rules-ru 3.4.5
        nagashi_mangan=False,  # rules-ru 5.4
        abortive_draws=(),  # rules-ru 5.6
        multi_ron_honba_each=True,  # rules-ru 3.8
        multi_ron_sticks=MultiRonSticks.OWN_BACK,  # rules-ru 3.4.7
        chombo=Chombo.END_DEDUCTION,  # rules-ru 3.13.2
        chombo_deduction=40000,  # rules-ru 3.13.2: twice the uma step
        chombo_replay=True,  # rules-ru 3.13.2
        pao_yakuman=("daisangen", "daisuushii"),  # rules-ru 3.12.4
        pao_ron_liable_honba=False,  # rules-ru 3.12.4: the discarder pays the honba
        last_dealer_stops_on_win=False,  # rules-ru 3.9, 7.1
        last_dealer_stops_on_tenpai=False,  # rules-ru 3.9, 7.1
        west_extension=False,  # rules-ru 3.9, 7.1
        return_score=30000,  # rules-ru 3.10: the starting points, no oka
        uma=(30000, 10000, -10000, -30000),  # rules-ru 3.10.1
        tiebreak=Tiebreak.SHARE,  # rules-ru 3.10.1
        leftover_sticks_to_first=True,  # rules-ru 3.10
    ),
}

# GameRules fields shown in the comparison table (engine.rules.table.game_rule_rows), in order.
GAME_TABLE_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(GameRules))[1:]


# Game rules of derived rule sets (with_game_options), by the derived name. Filled on
# demand; bounded by the game-rule values anything tries (engine.table.explain: a few).
_DERIVED_GAMES: dict[str, GameRules] = {}


def get_game_rules(rules: Ruleset | str | None = None) -> GameRules:
    """The game rules of a rule set (by the :class:`Ruleset` or its name).

    >>> get_game_rules("ema").nagashi_mangan, get_game_rules(JPML).floating_uma
    (False, True)
    """
    name = rules.name if isinstance(rules, Ruleset) else get_ruleset(rules).name
    return GAME_RULES.get(name) or _DERIVED_GAMES[name]


def base_name(rules: Ruleset) -> str:
    """The key of :data:`RULESETS` a rule set is (or was derived from).

    >>> base_name(with_game_options(ONLINE, multi_ron_honba_each=True))
    'online'
    """
    return rules.name.partition("+")[0]


def with_game_options(rules: Ruleset, **changes: object) -> Ruleset:
    """A copy of ``rules`` whose game rules differ in ``changes`` (a log played with honba to
    every winner of a double ron): the game rules are found by name, so the copy is named
    ``<set>+<option>=<value>…``.

    >>> derived = with_game_options(ONLINE, multi_ron_honba_each=True)
    >>> derived.name, get_game_rules(derived).multi_ron_honba_each
    ('online+multi_ron_honba_each=True', True)
    """
    game = replace(get_game_rules(rules), **changes)  # type: ignore[arg-type]
    name = rules.name + "".join(f"+{key}={_value_key(changes[key])}" for key in sorted(changes))
    _DERIVED_GAMES.setdefault(name, replace(game, name=name))
    return replace(rules, name=name)


def _value_key(value: object) -> str:
    return str(value.value) if isinstance(value, Enum) else str(value)


def counted_yakuman(rules: Ruleset, yakuman: int) -> int:
    """How many yakuman a hand of ``yakuman`` (several, or a double one) is paid as.

    Where yakuman never combine (003, EMA 2016) a hand is paid as one
    yakuman — or two, where the set plays double yakuman; elsewhere in full.

    >>> counted_yakuman(get_ruleset("fenix"), 2), counted_yakuman(get_ruleset("online"), 2)
    (1, 2)
    """
    if rules.yakuman_stacking:
        return yakuman
    return min(yakuman, 2 if rules.double_yakuman else 1)


# --- Table procedure the documents differ on -----------------------------------
# Nothing the engine computes depends on these; they are data so that /rules
# shows each difference beside its source, like every other rule, and a rule
# drill can ask about it.


class FourKans(Enum):
    """What four kans in one hand do."""

    NO_FIFTH = "no_fifth"  # no fifth kan may be declared; the hand goes on
    DIFFERENT_PLAYERS = "different_players"  # abortive draw unless one player made all four
    ANY = "any"  # a redeal if nobody wins on the discard after the fourth kan


class RiichiKan(Enum):
    """A closed kan declared while in riichi."""

    SAME_WAITS = "same_waits"  # allowed only when the waits do not change
    SAME_READING_ELSE_CHOMBO = "same_reading_else_chombo"  # neither waits nor reading change


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
    "ema": Procedure("ema", open_kan_dora=KanDoraTiming.AT_ONCE, four_kans=FourKans.NO_FIFTH,
                     riichi_closed_kan=RiichiKan.SAME_READING_ELSE_CHOMBO),
    "jpml": Procedure("jpml", four_kans=FourKans.ANY),
    "fenix": Procedure("fenix", dealing=Dealing.FOURS_THEN_JUMP),
    "rrc": Procedure("rrc", open_kan_dora=KanDoraTiming.AT_ONCE, four_kans=FourKans.NO_FIFTH,
                     riichi_closed_kan=RiichiKan.SAME_READING_ELSE_CHOMBO,
                     dealing=Dealing.FOURS_THEN_JUMP),
}
PROCEDURE_TABLE_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(Procedure))[1:]
