"""The end of a hand at the table: every win scored, the hand settled.

:func:`settle_hand` reads a finished :class:`~engine.table.position.Position`
(the table after its last event): each win is scored by
:func:`engine.scoring.score.score_hand` in the situation the table records
(riichi, ippatsu, rinshan, chankan, haitei, houtei, the first go-around, the
indicators turned so far), a liable player (pao) is named where the rule
set has one for the yakuman, and the hand is settled by
:func:`engine.table.game.next_state` — several rons through
:mod:`engine.table.ron`, draws through :mod:`engine.table.draws`. Seats in
:class:`HandResult` are the log's; the settlement works in this hand's seat
winds and is turned back. The log's recorded result is never read.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import HandError
from engine.rules.sets import AbortiveDraw, MultipleRon
from engine.scoring.score import ScoreResult
from engine.table.events import ExhaustiveDraw, LogError, Tsumo
from engine.table.game import Abortive, GameState, Outcome, next_state
from engine.table.game import ExhaustiveDraw as DrawOutcome
from engine.table.game import Ron as RonOutcome
from engine.table.game import Tsumo as TsumoOutcome
from engine.table.position import PAO_GROUPS, Phase, Position
from engine.text import messages as msg
from engine.tiles import Tile

Scores = tuple[int, int, int, int]


@dataclass(frozen=True)
class Win:
    """One scored win of the hand."""

    seat: int
    from_seat: int  # == seat for a tsumo
    tile: Tile
    score: ScoreResult
    liable: int | None = None  # pao: the seat liable for the yakuman


@dataclass(frozen=True)
class HandResult:
    """How the hand ended and what it paid, by the log's seats."""

    result: str  # "win" | "draw" | "abortive" | "nagashi"
    deltas: Scores  # riichi deposits included (−1000), sticks and honba as gains
    scores_after: Scores
    sticks_after: int
    deposits: tuple[int, ...]  # seats whose riichi stick went on the table this hand
    wins: tuple[Win, ...] = ()
    tenpai: tuple[int, ...] = ()
    nagashi: tuple[int, ...] = ()
    abort: str | None = None
    dealer_repeats: bool = False
    honba_next: int = 0
    game_over: bool = False
    next_round: str = ""  # the next hand's round ("E2"…); "" when unknown


def settle_hand(p: Position) -> HandResult:
    """Score every win of the ended hand and settle it (the table's :meth:`finish`)."""
    if p.phase is not Phase.OVER:
        raise LogError(msg.TABLE_HAND_UNFINISHED, p.hand_index, p.index)
    wins: list[Win] = []
    tenpai: tuple[int, ...] = ()
    nagashi: tuple[int, ...] = ()
    outcome: Outcome
    if p.rons:
        frm, tile, red = p._saved_source
        p.phase = p._saved_phase
        for seat in p.rons:
            wins.append(_win(p, seat, frm, tile, red))
        p.phase = Phase.OVER
        if p.riichi_pending is not None and p.riichi_pending == frm \
                and not p.rules.riichi_tile_ron_refund:
            p._place_stick(frm)
        basics = {p._rel(w.seat): w.score.basic for w in wins}
        pao = {p._rel(w.seat): (p._rel(w.liable), _pao_basic(w))
               for w in wins if w.liable is not None}
        outcome = RonOutcome(p._rel(frm), basics, pao)
    elif isinstance(p.ended, Tsumo):
        seat = p.ended.seat
        drawn = p.drawn[seat]
        assert drawn is not None
        p.phase = Phase.DISCARD
        win = _win(p, seat, seat, drawn, p.drawn_red[seat])
        p.phase = Phase.OVER
        wins.append(win)
        pao_t = None if win.liable is None else (p._rel(win.liable), _pao_basic(win))
        outcome = TsumoOutcome(p._rel(seat), win.score.basic, pao_t)
    elif isinstance(p.ended, ExhaustiveDraw):
        tenpai = tuple(s for s in range(4) if p._draw_tenpai(s))
        if p.game.nagashi_mangan:
            nagashi = tuple(s for s in range(4) if p.nagashi_ok[s])
        elif p.log.recorded_result == "nagashi":
            raise LogError(msg.TABLE_NO_NAGASHI, p.hand_index, p.index - 1)
        outcome = DrawOutcome(tuple(p._rel(s) for s in tenpai),
                              tuple(p._rel(s) for s in nagashi))
    else:
        assert p.abort_reason is not None
        kinds = {k.value: k for k in AbortiveDraw}
        outcome = Abortive(kinds[p.abort_reason])
    return _settle(p, outcome, tuple(wins), tenpai, nagashi)


def _win(p: Position, seat: int, frm: int, tile: Tile, red: bool) -> Win:
    score = p._score(seat, frm, tile, red)
    liable = p.liable[seat]
    if liable is not None and not any(y.id in PAO_GROUPS and y.id in p.game.pao_yakuman
                                      for y in score.yaku):
        liable = None
    if liable == seat:
        liable = None
    return Win(seat, frm, tile, score, liable)

def _pao_basic(win: Win) -> int:
    units = sum(y.yakuman for y in win.score.yaku if y.id in PAO_GROUPS)
    units = min(units, max(1, win.score.yakuman))
    return 8000 * units if units * 8000 <= win.score.basic else win.score.basic

def _settle(p: Position, outcome: Outcome, wins: tuple[Win, ...], tenpai: tuple[int, ...],
            nagashi: tuple[int, ...]) -> HandResult:
    d = p.dealer
    rel_scores = tuple(p.log.scores[(d + i) % 4] for i in range(4))
    four = (rel_scores[0], rel_scores[1], rel_scores[2], rel_scores[3])
    declared = [p._rel(s) for s in p.deposits]
    wind = "ESWN".index(p.log.round[0])
    try:  # the real round: next_state then also says whether the game is over
        done = next_state(GameState(wind, int(p.log.round[1]), p.log.honba,
                                    p.log.sticks, four), outcome, p.rules, declared)
    except HandError:  # a round the rule set does not reach (North): payments only
        done = next_state(GameState(0, 1, p.log.honba, p.log.sticks, four),
                          outcome, p.rules, declared)
        wind = -1
    following = ""
    if wind >= 0 and done.state.round_wind < 4:
        following = f"{'ESWN'[done.state.round_wind]}{done.state.hand}"
    pay = [done.payments[(s - d) % 4] for s in range(4)]
    deltas: Scores = (pay[0], pay[1], pay[2], pay[3])
    after = tuple(p.log.scores[s] + deltas[s] for s in range(4))
    kind = "win" if wins else ("nagashi" if nagashi else "draw")
    if isinstance(outcome, Abortive):
        kind = "abortive"
    if isinstance(outcome, RonOutcome) and len(wins) == 3 \
            and p.rules.multiple_ron is MultipleRon.DOUBLE:
        kind, wins = "abortive", ()
    return HandResult(
        kind, deltas, (after[0], after[1], after[2], after[3]), done.state.riichi_sticks,
        tuple(p.deposits), wins, tenpai, nagashi,
        p.abort_reason if kind == "abortive" else None, done.dealer_repeats,
        done.state.honba, done.game_over and wind >= 0, following,
    )
