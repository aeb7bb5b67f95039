"""Where each rule value of :mod:`engine.rules.sets` comes from.

One string per rule set and field, in the notation of
:func:`engine.rules.documents.parse_source`: ``"004"``, ``"ema2016 3.3.9"``,
``"rrc 3.12.4; 7.1"`` (a second section of the same document may drop the
code), ``"tenhou"``, ``"jpml"`` (the fenix set's borrowed value) or ``""``
(our choice; :data:`engine.text.messages.RULE_CHOICE_REASONS` says why). A test
checks that every field of every set has an entry and that every code is a
listed document.

Sections: EMA 2016 as numbered in its contents (the revision notes are
``"notes"``); rules-ru as its LaTeX numbers them (3 «Основные правила игры»,
4 «Список яку», 5 «Вариации правил» — whose «В правилах по умолчанию» lines
are cited, 7.1 the summary of differences). Tenhou's values are cited by
the page alone (its rules section, anchor #RULE): the page itself could not be
opened here, and the copies found quote its rule lines but not the section's
heading, so no heading is given rather than a guessed one.

>>> source_kind(SOURCES["ema"]["kuikae"]), source_kind(SOURCES["jpml"]["kiriage"])
(<SourceKind.PUBLISHED: 'published'>, <SourceKind.CHOICE: 'choice'>)
>>> source_kind(GAME_SOURCES["online"]["abortive_draws"])
<SourceKind.SEED: 'seed'>
"""

from __future__ import annotations

from enum import Enum

from engine.rules.sets import Chombo, KanDoraTiming, Kuikae, Renhou


class SourceKind(Enum):
    """Where a rule value comes from (its first citation decides)."""

    SEED = "seed"  # a seed document of the course
    PUBLISHED = "published"  # a published document named with its section (or page)
    SET = "set"  # another rule set's value (fenix where 003 is silent)
    CHOICE = "choice"  # no document: our stated choice


def source_kind(code: str) -> SourceKind:
    """The kind of a source string, by its first citation.

    >>> source_kind("003"), source_kind(""), source_kind("jpml")
    (<SourceKind.SEED: 'seed'>, <SourceKind.CHOICE: 'choice'>, <SourceKind.SET: 'set'>)
    """
    if not code:
        return SourceKind.CHOICE
    if code[:3] in ("000", "001", "002", "003", "004"):
        return SourceKind.SEED
    if code.split()[0].rstrip(";") == "jpml":
        return SourceKind.SET
    return SourceKind.PUBLISHED


_T = "tenhou"
SOURCES: dict[str, dict[str, str]] = {
    "online": {
        "open_tanyao": _T, "red_fives": _T, "ura_dora": "004", "kan_dora": "004",
        "kiriage": _T, "kazoe_yakuman": _T, "double_yakuman": _T, "yakuman_stacking": _T,
        "renhou": _T, "rinshan_tsumo_fu": _T, "double_wind_pair_fu": _T,
        "starting_points": _T, "multiple_ron": "004", "kuikae": "004", "atozuke": _T,
        "riichi_min_points": "004", "riichi_min_wall": "004", "negative_points": _T,
        "noten_payment": "004", "claim_pause": "", "added_kan_dora": _T,
        "riichi_tile_ron_refund": _T,
    },
    "ema": {
        "open_tanyao": "ema2016 notes", "red_fives": "ema2016 1.3; notes",
        "ura_dora": "ema2016 3.3.14; 000", "kan_dora": "ema2016 3.3.5; 3.3.6; 3.3.7; 000",
        "kiriage": "ema2016 notes", "kazoe_yakuman": "ema2016 notes",
        "double_yakuman": "ema2016 notes", "yakuman_stacking": "ema2016",
        "renhou": "ema2016 notes", "rinshan_tsumo_fu": "000", "double_wind_pair_fu": "000",
        "starting_points": "000", "multiple_ron": "ema2016 3.4.9; notes",
        "kuikae": "ema2016 3.3.2; notes", "atozuke": "ema2016 3.3.11",
        "riichi_min_points": "ema2016 3.3.14", "riichi_min_wall": "ema2016 3.3.14; 000",
        "negative_points": "000", "noten_payment": "ema2016 3.4.2; 000",
        "claim_pause": "ema2016 notes", "added_kan_dora": "ema2016 3.3.6; 000",
        "riichi_tile_ron_refund": "ema2016 3.3.14",
    },
    "jpml": {
        "open_tanyao": "", "red_fives": "", "ura_dora": "002", "kan_dora": "002",
        "kiriage": "", "kazoe_yakuman": "", "double_yakuman": "", "yakuman_stacking": "",
        "renhou": "", "rinshan_tsumo_fu": "", "double_wind_pair_fu": "",
        "starting_points": "002", "multiple_ron": "", "kuikae": "002", "atozuke": "",
        "riichi_min_points": "", "riichi_min_wall": "002", "negative_points": "002",
        "noten_payment": "002", "claim_pause": "", "added_kan_dora": "002",
        "riichi_tile_ron_refund": "",
    },
    "fenix": {
        "open_tanyao": "jpml", "red_fives": "003", "ura_dora": "003", "kan_dora": "003",
        "kiriage": "jpml", "kazoe_yakuman": "jpml", "double_yakuman": "003",
        "yakuman_stacking": "003", "renhou": "jpml", "rinshan_tsumo_fu": "jpml",
        "double_wind_pair_fu": "jpml", "starting_points": "003", "multiple_ron": "003",
        "kuikae": "003", "atozuke": "003", "riichi_min_points": "003",
        "riichi_min_wall": "003", "negative_points": "jpml", "noten_payment": "jpml",
        "claim_pause": "003", "added_kan_dora": "003", "riichi_tile_ron_refund": "003",
    },
    "rrc": {
        "open_tanyao": "rrc 7.1", "red_fives": "rrc 3.6; 5.1", "ura_dora": "rrc 3.6",
        "kan_dora": "rrc 3.4.3; 3.6", "kiriage": "rrc 3.12.2; 7.1",
        "kazoe_yakuman": "rrc 3.12.2", "double_yakuman": "rrc 4.6",
        "yakuman_stacking": "rrc 4.7", "renhou": "rrc 4.5; 5.10",
        "rinshan_tsumo_fu": "rrc 3.11.5", "double_wind_pair_fu": "rrc 3.11.3",
        "starting_points": "rrc 3.1.1; 5.2", "multiple_ron": "rrc 3.4.5; 5.7",
        "kuikae": "rrc 3.4.4", "atozuke": "rrc 7.1", "riichi_min_points": "rrc 3.4.7; 5.5",
        "riichi_min_wall": "rrc 3.4.7", "negative_points": "rrc 5.5",
        "noten_payment": "rrc 3.7.1", "claim_pause": "", "added_kan_dora": "rrc 3.4.3",
        "riichi_tile_ron_refund": "rrc 3.4.7",
    },
}

_GAME_JPML_CHOICES = (
    "held_four_tenpai", "visible_karaten_tenpai", "nagashi_mangan", "nagashi_noten_payments",
    "multi_ron_honba_each", "multi_ron_sticks", "chombo", "chombo_deduction", "chombo_replay",
    "pao_yakuman", "pao_ron_split", "pao_ron_liable_honba", "target_score", "return_score",
    "uma", "floating_uma", "tiebreak", "leftover_sticks_to_first",
)
GAME_SOURCES: dict[str, dict[str, str]] = {
    "online": {
        "held_four_tenpai": _T, "visible_karaten_tenpai": _T, "nagashi_mangan": _T,
        "nagashi_noten_payments": _T, "abortive_draws": "004; tenhou",
        "abortive_dealer_repeats": "004", "abortive_adds_honba": _T,
        "multi_ron_honba_each": _T, "multi_ron_sticks": _T, "chombo": "",
        "chombo_deduction": "", "chombo_replay": "", "pao_yakuman": _T, "pao_ron_split": _T,
        "pao_ron_liable_honba": _T, "bust_at_zero": _T, "last_dealer_stops_on_win": _T,
        "last_dealer_stops_on_tenpai": _T, "west_extension": _T, "target_score": _T,
        "return_score": _T, "uma": _T, "floating_uma": _T, "tiebreak": _T,
        "leftover_sticks_to_first": _T,
    },
    "ema": {
        "held_four_tenpai": "ema2016 3.3.13", "visible_karaten_tenpai": "ema2016 3.3.13",
        "nagashi_mangan": "ema2016 notes", "nagashi_noten_payments": "ema2016 notes",
        "abortive_draws": "ema2016 3.4.3; notes", "abortive_dealer_repeats": "ema2016 3.4.3",
        "abortive_adds_honba": "ema2016 3.4.3", "multi_ron_honba_each": "ema2016 3.4.10",
        "multi_ron_sticks": "ema2016 3.3.14", "chombo": "ema2016 notes",
        "chombo_deduction": "ema2016 notes", "chombo_replay": "ema2016 3.4; 000",
        "pao_yakuman": "ema2016 3.3.9", "pao_ron_split": "ema2016 3.3.9",
        "pao_ron_liable_honba": "ema2016 3.3.9", "bust_at_zero": "000",
        "last_dealer_stops_on_win": "ema2016", "last_dealer_stops_on_tenpai": "ema2016",
        "west_extension": "ema2016", "target_score": "", "return_score": "ema2016 notes",
        "uma": "ema2016 notes", "floating_uma": "ema2016 notes", "tiebreak": "ema2016",
        "leftover_sticks_to_first": "ema2016 notes",
    },
    "jpml": {
        **{name: "" for name in _GAME_JPML_CHOICES},
        "abortive_draws": "002",
        "abortive_dealer_repeats": "002",
        "abortive_adds_honba": "002",
        "bust_at_zero": "002",
        "last_dealer_stops_on_win": "",
        "last_dealer_stops_on_tenpai": "",
        "west_extension": "002",
    },
    "fenix": {
        **{name: "jpml" for name in (*_GAME_JPML_CHOICES, "abortive_dealer_repeats",
                                     "abortive_adds_honba", "bust_at_zero",
                                     "last_dealer_stops_on_win", "last_dealer_stops_on_tenpai",
                                     "west_extension")},
        "abortive_draws": "003; jpml",
        "multi_ron_honba_each": "003",
        "multi_ron_sticks": "003",
        "chombo": "003; jpml",
        "return_score": "003; jpml",
    },
    "rrc": {
        "held_four_tenpai": "rrc 3.4.5", "visible_karaten_tenpai": "",
        "nagashi_mangan": "rrc 5.4", "nagashi_noten_payments": "rrc 5.4",
        "abortive_draws": "rrc 5.6", "abortive_dealer_repeats": "rrc 5.6",
        "abortive_adds_honba": "rrc 7.1", "multi_ron_honba_each": "rrc 3.8; 7.1",
        "multi_ron_sticks": "rrc 3.4.7; 7.1", "chombo": "rrc 3.13.2; 5.8",
        "chombo_deduction": "rrc 3.13.2", "chombo_replay": "rrc 3.13.2",
        "pao_yakuman": "rrc 3.12.4; 7.1", "pao_ron_split": "rrc 3.12.4",
        "pao_ron_liable_honba": "rrc 3.12.4; 7.1", "bust_at_zero": "rrc 5.5",
        "last_dealer_stops_on_win": "rrc 3.9; 7.1", "last_dealer_stops_on_tenpai": "rrc 3.9; 7.1",
        "west_extension": "rrc 3.9; 7.1", "target_score": "", "return_score": "rrc 3.10; 7.1",
        "uma": "rrc 3.10.1; 5.3", "floating_uma": "rrc 3.10.1", "tiebreak": "rrc 3.10.1",
        "leftover_sticks_to_first": "rrc 3.10",
    },
}

PROCEDURE_SOURCES: dict[str, dict[str, str]] = {
    "online": {
        "closed_kan_dora": _T, "open_kan_dora": _T, "four_kans": _T,
        "riichi_closed_kan": _T, "dealing": "004",
    },
    "ema": {
        "closed_kan_dora": "ema2016 3.3.7; 000", "open_kan_dora": "ema2016 3.3.5",
        "four_kans": "ema2016 3.3.10; 000", "riichi_closed_kan": "ema2016 3.3.14; 000",
        "dealing": "000",
    },
    "jpml": {
        "closed_kan_dora": "002", "open_kan_dora": "002", "four_kans": "002",
        "riichi_closed_kan": "", "dealing": "002",
    },
    "fenix": {
        "closed_kan_dora": "003", "open_kan_dora": "003", "four_kans": "003",
        "riichi_closed_kan": "003", "dealing": "003",
    },
    "rrc": {
        "closed_kan_dora": "rrc 3.4.3", "open_kan_dora": "rrc 3.4.3",
        "four_kans": "rrc 3.4.3; 5.6", "riichi_closed_kan": "rrc 3.4.7; 3.13.2",
        "dealing": "rrc 3.1.2",
    },
}

# Sentences of the seeds that describe the EMA rules before 2016 (001's «EMA
# Риичи» list, parts of 000): shown on /rules as notes «до 2016 года», never
# as the set's values. Field -> (seed code, the value that sentence gives).
EMA_BEFORE_2016: dict[str, tuple[str, object]] = {
    "open_tanyao": ("001-EMA", False),
    "renhou": ("001-EMA", Renhou.YAKUMAN),
    "red_fives": ("000", True),
    "kuikae": ("000", Kuikae.AFTER_CHI),
    "open_kan_dora": ("000", KanDoraTiming.AFTER_DISCARD),
    "chombo": ("000", Chombo.REVERSE_MANGAN),
}
