"""Strategy tables from a published text, as data: calling, push or fold, riichi or dama.

Every row of the three tables below reproduces one rule of D. Chiba's
*Riichi Book I* (:data:`RIICHI_BOOK_1`) — the chapter and the box or section
it comes from are in the row's ``source``. Where the book gives a rule in
words but no number, or where the engine needs a definition the book leaves
open, the row or figure says ``OUR_CHOICE`` and why. ``docs/strategy.md``
reproduces the tables in Russian; :mod:`engine.table.judgement` applies them
(the first row whose condition holds decides), and the Russian wording of
each row is ``engine.text.messages.STRATEGY_ROWS[row.id]``.

>>> [row.id for row in PUSH_TABLE]
['push_two_of_three', 'fold_two_of_three']
>>> CALL_TABLE[0].verdict, CALL_TABLE[-1].verdict
('pass', 'call')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

RIICHI_BOOK_1: Final = (
    "D. Chiba, «Riichi Book I: A Mahjong Strategy Primer for European Players», version 13, "
    "2016–2020, https://github.com/dainachiba/RiichiBooks"
)
OUR_CHOICE: Final = "наш выбор"

CH7: Final = "Riichi Book I, ch. 7 «Riichi judgement»"
CH8: Final = "Riichi Book I, ch. 8 «Defense judgement»"
CH9: Final = "Riichi Book I, ch. 9 «Melding judgement»"


@dataclass(frozen=True)
class StrategyRow:
    """One rule of a table: its stable id, the verdict it gives and where it comes from."""

    id: str
    verdict: str
    source: str


# --- figures (points of a ron unless said otherwise) ---------------------------------

# A good wait: «at least two kinds and more than four tiles left to win on» (ch. 7,
# «Bad wait», and ch. 8 «Three conditions to push/fold»).
GOOD_WAIT_KINDS: Final = 2
GOOD_WAIT_TILES: Final = 5
# A high-scoring hand: «the minimum hand value is 7700» (ch. 8).
HIGH_VALUE: Final = 7700
CH6: Final = "Riichi Book I, ch. 6 «Scoring»"
# The dealer in the push/fold box: the box itself names no dealer; its «hand value» is the
# points the pusher's own ron would bring, and a dealer's ron pays 1.5 times a
# non-dealer's for limit hands and «roughly» 1.5 times below them (ch. 6). So a dealer's
# hand is high-scoring sooner: 3 han 40 fu is 7700 for the dealer, 5200 for a non-dealer.
PUSH_DEALER: Final = (
    f"{CH8}, «Three conditions to push/fold»: a high-scoring hand is one whose minimum value "
    f"is 7700 — the pusher's own points, which for a dealer are 1.5 times a non-dealer's "
    f"({CH6}: «scores for dealer are exactly 1.5 times the corresponding scores for "
    "non-dealer in all limit hands», «roughly» 1.5 times at 30 fu)"
)
PUSH_OPPONENT_DEALER_WHY: Final = (
    f"{OUR_CHOICE}: whether the riichi player deals is not weighed; the book's shortcut "
    "leaves out the opponent's likely hand value on purpose («It is simply impossible to "
    "take into account these and other important factors all at once», ch. 8 «A simple "
    "principle»), and the push table reproduces the shortcut"
)
# Calling: «do not meld when the hand value drops from 7700 or above to 2000 or below» (ch. 9).
CALL_DROP_FROM: Final = 7700
CALL_DROP_TO: Final = 2000
# Calling: a slow hand is «2-away or worse after melding» (ch. 9).
CALL_SLOW_SHANTEN: Final = 2
# Riichi or dama, «High scoring hand» (ch. 7): dama is OK from 7700 with red fives,
# 5200 without; «don't riichi if the minimum hand value is haneman or better».
DAMA_VALUE_RED: Final = 7700
DAMA_VALUE_PLAIN: Final = 5200
DAMA_HANEMAN_BASIC: Final = 3000
# «Riichi if it is the 6th turn or before and the wait is 2-way side wait or better;
# if it is the 10th turn or before and the wait is 3-way side wait or better» (ch. 7).
EXPENSIVE_EARLY_TURN: Final = 6
EXPENSIVE_LATE_TURN: Final = 10
EXPENSIVE_LATE_KINDS: Final = 3
# «Go dama if there are only one or two simple tiles left to win on» (ch. 7, «Bad wait»).
FEW_TILES: Final = 2

# Figures the book does not give, and why we chose them.
ESTIMATE_FU: Final = 30
ESTIMATE_FU_WHY: Final = (
    f"{OUR_CHOICE}: a hand that is not yet complete has no fu; 30 fu is the most common "
    "value of a won hand, so unfinished hands are priced at 30 fu"
)
CHEAP_VALUE: Final = CALL_DROP_TO
CHEAP_VALUE_WHY: Final = (
    f"{OUR_CHOICE}: the book calls a hand «cheap» without a number; we use its own "
    "figure from melding judgement 2 («2000 or below»)"
)
# A 2-away hand is «fast» when all its blocks have a good wait (ch. 9); the engine does not
# grade the shapes of unfinished blocks and reads it from the tiles that improve the hand.
CALL_FAST_UKEIRE: Final = 28
SLOW_WHY: Final = (
    f"{OUR_CHOICE}: the book's slow hand is 2-away or worse after the call and with bad "
    "shapes; the engine reads «bad shapes» as fewer than 28 improving copies after the "
    "call — the book's cheap-and-slow example keeps 20, its cheap-but-fast one 32"
)
FAR_WHY: Final = (
    f"{OUR_CHOICE}: the book judges the wait of a 1-away hand by the best wait it can "
    "choose in the worst case; a hand 2-away or worse is judged as having a bad wait"
)
CLOSED_RIICHI_WHY: Final = (
    f"{OUR_CHOICE}: when pushing, a closed hand is counted with riichi (the book's "
    "examples price ready closed hands with riichi); an open hand as it stands"
)


# --- «Брать или нет?» (ch. 9), tried in order: the first row that holds decides ----------

CALL_TABLE: Final[tuple[StrategyRow, ...]] = (
    StrategyRow("call_no_yaku", "pass",
                f"{CH9}, «Confirming yaku»: an open hand can win only with a yaku"),
    StrategyRow("call_no_progress", "pass",
                f"{CH9}, «Concealed set of value tiles»: do not call when it «does not "
                "advance this hand … or improve the wait/scores»"),
    StrategyRow("call_value_drop", "pass", f"{CH9}, box «Melding judgement 2»"),
    StrategyRow("call_ready", "call", f"{CH9}, box «Melding judgement 3»"),
    StrategyRow("call_value_set", "call", f"{CH9}, box «Melding judgement 4»"),
    StrategyRow("call_cheap_slow", "pass", f"{CH9}, box «Melding judgement 1»"),
    StrategyRow("call_fast_or_expensive", "call",
                f"{CH9}: «melding is acceptable only when your hand is either expensive "
                "or fast»"),
)

# --- «Идти или сдаваться?» (ch. 8, box «Push/fold judgement») -----------------------------

PUSH_TABLE: Final[tuple[StrategyRow, ...]] = (
    StrategyRow("push_two_of_three", "push",
                f"{CH8}, box «Push/fold judgement»: push if two of ready hand, high "
                "scoring hand (in the pusher's own points: a dealer's are 1.5 times, "
                f"{CH6}), good wait"),
    StrategyRow("fold_two_of_three", "fold",
                f"{CH8}, box «Push/fold judgement»: fold if two of 1-away or worse, low "
                f"scoring hand (the pusher's own points, a dealer's 1.5 times, {CH6}), "
                "bad wait"),
)

# --- «Риичи или дама?» (ch. 7) ----------------------------------------------------------

RIICHI_TABLE: Final[tuple[StrategyRow, ...]] = (
    StrategyRow("dama_haneman", "dama",
                f"{CH7}, box «Riichi judgement for an expensive hand»: don't riichi if the "
                "minimum hand value is haneman or better"),
    StrategyRow("riichi_expensive_wide", "riichi",
                f"{CH7}, box «Riichi judgement for an expensive hand»: riichi by the 6th "
                "turn with a 2-way side wait, by the 10th with a 3-way one"),
    StrategyRow("dama_expensive", "dama", f"{CH7}, section «High scoring hand»"),
    StrategyRow("dama_few_tiles", "dama",
                f"{CH7}, box «A reason to keep dama: Bad wait» (with a yaku: without "
                "one a dama hand cannot win by ron)"),
    StrategyRow("riichi_one_of_three", "riichi",
                f"{CH7}, box «Riichi judgement»: a han besides riichi, a good wait, or "
                "the dealer"),
    StrategyRow("dama_riichi_only_bad", "dama",
                f"{CH7}: «the only type of riichi these criteria prohibit is a bad-wait "
                "riichi-only hand by a non-dealer»"),
)

TABLES: Final[dict[str, tuple[StrategyRow, ...]]] = {
    "call": CALL_TABLE, "push": PUSH_TABLE, "riichi": RIICHI_TABLE,
}


def row(table: str, row_id: str) -> StrategyRow:
    """The row ``row_id`` of ``table`` (``call``, ``push`` or ``riichi``).

    >>> row("riichi", "dama_haneman").verdict
    'dama'
    """
    return next(r for r in TABLES[table] if r.id == row_id)
