"""The choices one seat had in a game: the positions a review judges.

:func:`decisions` replays a :class:`~engine.table.events.GameLog` through the
table and yields a :class:`Decision` at every point where the seat chose:
each discard (after a draw or a call), each call offer on another's discard
(taken or passed), each kan chance, each riichi chance (riichi or dama),
each win chance (taken or not) and each exhaustive draw (tenpai or noten).
Everything a judgement needs is in the decision itself (tiles seen, the
opponents' ponds and riichi), so a review never touches the table.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from engine.melds import Meld
from engine.table.events import (
    Call,
    Discard,
    Event,
    ExhaustiveDraw,
    GameLog,
    Kan,
    LogError,
    Ron,
    Tsumo,
)
from engine.table.replay import ruleset_of
from engine.table.state import ROUND_WINDS, Phase, Table
from engine.table.view import PondTile
from engine.text import messages as msg
from engine.tiles import EAST, Tile, tile_code, to_mpsz

Scores = tuple[int, int, int, int]
ACTIONS = ("discard", "call", "pass", "kan", "riichi", "dama", "win", "no_win", "tenpai", "noten")


@dataclass(frozen=True)
class Opponent:
    """Another seat as the deciding seat sees it."""

    seat: int
    riichi_turn: int | None  # index of the riichi tile in its pond (None: no riichi)
    pond: tuple[PondTile, ...]
    melds: tuple[Meld, ...]
    passed_after_riichi: tuple[Tile, ...]  # tiles discarded by anyone after its riichi, not ronned


@dataclass(frozen=True)
class Decision:
    """One choice of the seat: where it was, what was played, what else was legal.

    ``event`` is the index of the event that answered the choice (the discard,
    the call, the win) or, for a choice let pass, of the event after which it
    was offered. ``played`` is a tile (``"5p"``), a call (``"pon 5p"``,
    ``"chi 345p"``, ``"ankan 1z"``), ``"riichi"``/``"dama"``, ``"ron"``/
    ``"tsumo"``/``"no_win"``, ``"pass"`` or ``"tenpai"``/``"noten"``;
    ``options`` are the legal alternatives in the same notation.
    """

    hand: int
    event: int
    seat: int
    action: str  # one of ACTIONS
    played: str
    concealed: tuple[Tile, ...]  # before the action, sorted, the drawn tile last
    melds: tuple[Meld, ...]
    visible: tuple[int, ...]  # 34 counts: own hand and melds, all ponds and melds, indicators
    dora_indicators: tuple[Tile, ...]
    round_wind: Tile
    seat_wind: Tile
    turn: int  # the seat's own discards so far
    wall_left: int
    scores: Scores  # by the log's seats
    honba: int
    sticks: int
    is_all_last: bool
    opponents: tuple[Opponent, ...]
    options: tuple[str, ...]
    offered: Tile | None = None  # the discard a call or ron decision is about
    furiten: bool = False
    drawn: Tile | None = None  # the tile just drawn, when the choice follows a draw
    riichi: bool = False  # the seat is in riichi
    discards: tuple[Tile, ...] = ()  # the seat's own discards of this hand so far, called or not


def decisions(log: GameLog, seat: int, rules: str = "online") -> Iterator[Decision]:
    """Every choice ``seat`` had in ``log``, in table order (raises :class:`LogError`)."""
    if not 0 <= seat < 4:
        raise LogError(msg.DECISION_BAD_SEAT)
    rs = ruleset_of(rules)
    for h, hand in enumerate(log.hands):
        table = Table.start(hand, rs, h)
        events = hand.events
        for j, event in enumerate(events):
            yield from _before(table, log, h, j, events, seat)
            table.apply(event)


def _before(
    t: Table, log: GameLog, h: int, j: int, events: tuple[Event, ...], seat: int
) -> Iterator[Decision]:
    event = events[j]
    if t.phase is Phase.DISCARD and t.turn == seat:
        yield from _own_turn(t, log, h, j, event, seat)
    elif t.phase in (Phase.CLAIM, Phase.CHANKAN):
        yield from _on_discard(t, log, h, j, events, seat)
    if isinstance(event, ExhaustiveDraw) and t.phase is Phase.CLAIM:
        ready = t.hand_of(seat).size == 13 and t.draw_tenpai(seat)
        action = "tenpai" if ready else "noten"
        yield _decision(t, log, h, j, seat, action, action, ("tenpai", "noten"))


def _own_turn(
    t: Table, log: GameLog, h: int, j: int, event: Event, seat: int
) -> Iterator[Decision]:
    if t.drawn[seat] is not None and t.can_tsumo(seat):
        won = isinstance(event, Tsumo) and event.seat == seat
        yield _decision(t, log, h, j, seat, "win" if won else "no_win",
                        "tsumo" if won else "no_win", ("tsumo", "no_win"))
    kans = t.kan_options(seat)
    if kans:
        took = isinstance(event, Kan) and event.seat == seat
        played = f"{event.kind} {tile_code(event.tiles[0])}" if isinstance(event, Kan) else "pass"
        options = tuple(f"{k} {tile_code(x)}" for k, x in kans) + ("pass",)
        yield _decision(t, log, h, j, seat, "kan" if took else "pass", played, options)
    if not isinstance(event, Discard) or event.seat != seat:
        return
    if not t.in_riichi(seat) and t.riichi_discards(seat):
        action = "riichi" if event.riichi else "dama"
        yield _decision(t, log, h, j, seat, action, action, ("riichi", "dama"))
    options = tuple(tile_code(x) for x in t.legal_discards(seat))
    yield _decision(t, log, h, j, seat, "discard", tile_code(event.tile), options)


def _on_discard(
    t: Table, log: GameLog, h: int, j: int, events: tuple[Event, ...], seat: int
) -> Iterator[Decision]:
    source = t.last_discard if t.phase is Phase.CLAIM else t.last_kakan
    if source is None or source[0] == seat:
        return
    tile = source[1]
    rons = []
    k = j
    while k < len(events) and isinstance(events[k], Ron):
        rons.append(events[k])
        k += 1
    mine = next((k2 for k2 in range(j, k) if getattr(events[k2], "seat", -1) == seat), None)
    if t.can_ron(seat, tile):
        won = mine is not None
        yield _decision(t, log, h, mine if mine is not None else j, seat,
                        "win" if won else "no_win", "ron" if won else "no_win",
                        ("ron", "no_win"), offered=tile)
        if won:
            return
    if rons or t.phase is not Phase.CLAIM:
        return
    calls = t.call_options(seat, tile)
    if not calls:
        return
    event = events[j]
    options = tuple(_call_text(kind, tiles) for kind, tiles in calls) + ("pass",)
    if isinstance(event, Call) and event.seat == seat:
        yield _decision(t, log, h, j, seat, "call", _call_text(event.kind, event.tiles),
                        options, offered=tile)
    else:
        yield _decision(t, log, h, j, seat, "pass", "pass", options, offered=tile)


def _call_text(kind: str, tiles: tuple[Tile, ...]) -> str:
    """``"pon 5p"``, ``"chi 345p"``, ``"daiminkan 5p"``."""
    if kind == "chi":
        return f"chi {to_mpsz(tiles)}"
    return f"{kind} {tile_code(tiles[0])}"


def _decision(
    t: Table, log: GameLog, h: int, event: int, seat: int, action: str, played: str,
    options: tuple[str, ...], offered: Tile | None = None,
) -> Decision:
    opponents = tuple(
        Opponent(s, t.riichi_at[s], tuple(t.ponds[s]), tuple(t.melds[s]),
                 tuple(t.missed_riichi[s]))
        for s in range(4) if s != seat
    )
    hand = t.log
    rel = (seat - t.dealer) % 4
    return Decision(
        hand=h, event=event, seat=seat, action=action, played=played,
        concealed=t.concealed(seat), melds=tuple(t.melds[seat]), visible=t.visible_counts(seat),
        dora_indicators=t.dora_indicators(), round_wind=ROUND_WINDS.get(hand.round[:1], EAST),
        seat_wind=EAST + rel, turn=len(t.ponds[seat]), wall_left=t.wall_left,
        scores=t.scores(), honba=hand.honba, sticks=t.sticks(),
        is_all_last=hand.round == log.last_round, opponents=opponents, options=options,
        offered=offered, furiten=t.is_furiten(seat), drawn=t.drawn[seat], riichi=t.in_riichi(seat),
        discards=t.own_discards(seat),
    )
