"""The one game state machine: a hand at the table, event by event, and its settlement.

:class:`Table` starts from a :class:`~engine.table.events.HandLog`'s deal and
applies its events. Each event is checked against the table as it is (the
seat's turn, tiles held, a call the discard allows, furiten, tenpai for a
riichi, the rule set's procedure) and the first one that is not allowed
raises :class:`~engine.table.events.IllegalEvent` with the hand and event
index and a Russian message. When the hand is over, :meth:`Table.finish`
scores every win with :func:`engine.scoring.score.score_hand` and settles the
hand with :func:`engine.table.game.next_state` (which uses
:mod:`engine.table.ron` for several rons and :mod:`engine.table.draws` for
draws): the log's recorded result is never read here.

Seats are the log's (0 = the game's first dealer); the settlement works in
this hand's seat winds (0 = the dealer) and is turned back. The live wall
holds 70 tiles after the deal; every draw, a kan's replacement included,
takes one (the dead wall is topped up from the live wall), so haitei comes
one tile earlier after each kan.

Kan-dora timing follows the rule set: a closed kan flips its indicator at once
(all five sets); an open kan and an added kan flip it at once or after the
kan maker's next discard (:class:`engine.rules.sets.Procedure`,
``Ruleset.added_kan_dora``); a pending indicator is flipped before a further
kan and is never flipped when the kan maker wins on the replacement tile.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine.hand import Hand
from engine.melds import Meld, MeldKind
from engine.rules.sets import (
    PROCEDURES,
    AbortiveDraw,
    GameRules,
    KanDoraTiming,
    Kuikae,
    MultipleRon,
    Procedure,
    Ruleset,
    get_game_rules,
)
from engine.scoring.score import NoYakuError, ScoreResult, WinSituation, score_hand
from engine.shape.furiten import check_furiten
from engine.shape.shanten import shanten
from engine.shape.waits import find_waits
from engine.table.draws import abortive_draw, draw_tenpai
from engine.table.events import (
    Abort,
    Call,
    Discard,
    Draw,
    Event,
    ExhaustiveDraw,
    HandLog,
    IllegalEvent,
    Kan,
    LogError,
    NewDora,
    Ron,
    Tsumo,
)
from engine.table.game import Abortive, GameState, Outcome, next_state
from engine.table.game import ExhaustiveDraw as DrawOutcome
from engine.table.game import Ron as RonOutcome
from engine.table.game import Tsumo as TsumoOutcome
from engine.table.view import PondTile
from engine.text import messages as msg
from engine.tiles import (
    DRAGONS,
    EAST,
    FIVES,
    TERMINALS_AND_HONORS,
    WINDS,
    Tile,
    is_honor,
    number_of,
    suit_of,
    tile_code,
)

Scores = tuple[int, int, int, int]
LIVE_WALL = 70  # 136 tiles − 4 × 13 dealt − 14 in the dead wall
MAX_KANS = 4
ROUND_WINDS = {"E": EAST, "S": EAST + 1, "W": EAST + 2, "N": EAST + 3}


class Phase(Enum):
    """What the table waits for."""

    DRAW = "draw"  # ``turn`` draws
    DISCARD = "discard"  # ``turn`` holds 14: discards, kans, wins or aborts
    CLAIM = "claim"  # a discard lies: calls, rons, or the next draw
    CHANKAN = "chankan"  # an added kan: a ron on it, or the replacement draw
    OVER = "over"


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


_PAO_YAKU = {"daisangen": DRAGONS, "daisuushii": WINDS}


class Table:
    """One hand in play. Build it with :meth:`start`; feed it events with :meth:`apply`."""

    def __init__(self, log: HandLog, rules: Ruleset, hand_index: int = 0) -> None:
        self.log = log
        self.rules = rules
        self.game: GameRules = get_game_rules(rules)
        self.procedure: Procedure = PROCEDURES.get(rules.name, PROCEDURES["online"])
        self.hand_index = hand_index
        self.index = 0  # events applied
        self.dealer = log.dealer
        self.counts: list[list[int]] = [[0] * 34 for _ in range(4)]
        self.red: list[list[bool]] = [[False] * 3 for _ in range(4)]
        self.melds: list[list[Meld]] = [[] for _ in range(4)]
        self.ponds: list[list[PondTile]] = [[] for _ in range(4)]
        self.own_discards: list[list[Tile]] = [[] for _ in range(4)]
        self.drawn: list[Tile | None] = [None] * 4
        self.drawn_red: list[bool] = [False] * 4
        self.riichi_at: list[int | None] = [None] * 4  # pond index of the declaration tile
        self.double_riichi = [False] * 4
        self.ippatsu = [False] * 4
        self.riichi_pending: int | None = None  # seat whose declaration tile still lies
        self.deposits: list[int] = []
        self.missed: list[list[Tile]] = [[] for _ in range(4)]  # passed since own discard
        self.missed_riichi: list[list[Tile]] = [[] for _ in range(4)]  # passed since riichi
        self.turn = log.dealer
        self.phase = Phase.DRAW
        self.wall_left = LIVE_WALL
        self.kans: list[int] = [0] * 4
        self.revealed = min(1, len(log.dora_indicators))
        self.pending_dora = 0
        self.last_discard: tuple[int, Tile, bool] | None = None
        self.last_kakan: tuple[int, Tile, bool] | None = None
        self.rinshan = False
        self.first_go = [True] * 4  # the seat has not discarded yet and no call happened
        self.any_call = False
        self.after_call: frozenset[Tile] = frozenset()  # kuikae: forbidden after a call
        self.called_now = False  # the seat called and must discard (no tsumo, no kan)
        self.nagashi_ok = [True] * 4
        self.liable: list[int | None] = [None] * 4
        self.rons: list[int] = []
        self.ron_from: int | None = None
        self.ended: Event | None = None
        self.abort_reason: str | None = None
        self.first_winds: list[Tile] = []
        self._waits: list[tuple[Tile, ...] | None] = [None] * 4
        self.last_text = msg.TABLE_LAST_DEAL
        self.last_event: Event | None = None
        self._saved_source: tuple[int, Tile, bool] = (0, 0, False)
        self._saved_phase = Phase.CLAIM

    # --- start ---------------------------------------------------------------------------------

    @classmethod
    def start(cls, log: HandLog, rules: Ruleset, hand_index: int = 0) -> Table:
        """The table after the deal of ``log`` (checked: 13 tiles each, four copies at most)."""
        t = cls(log, rules, hand_index)
        if len(log.haipai) != 4 or any(len(h) != 13 for h in log.haipai):
            raise LogError(msg.TABLE_BAD_HAIPAI, hand_index, None)
        for seat, tiles in enumerate(log.haipai):
            flags = log.haipai_red[seat] if len(log.haipai_red) == 4 else ()
            for i, tile in enumerate(tiles):
                t.counts[seat][tile] += 1
                if i < len(flags) and flags[i]:
                    t._take_red(seat, tile, None)
        seen = [0] * 34
        for seat in range(4):
            for tile in range(34):
                seen[tile] += t.counts[seat][tile]
        for tile in log.dora_indicators[:1]:
            seen[tile] += 1
        for tile in range(34):
            if seen[tile] > 4:
                raise LogError(msg.TABLE_FIVE_COPIES.format(tile=tile_code(tile)), hand_index, None)
        return t

    # --- helpers ---------------------------------------------------------------------------------

    def _illegal(self, text: str) -> IllegalEvent:
        return IllegalEvent(text, self.hand_index, self.index)

    def _refuse(self, text: str) -> LogError:
        return LogError(text, self.hand_index, self.index)

    def _take_red(self, seat: int, tile: Tile, event: int | None) -> None:
        if not self.rules.red_fives:
            raise LogError(msg.TABLE_NO_RED_FIVES, self.hand_index, event)
        if tile not in FIVES:
            raise LogError(msg.TABLE_BAD_RED, self.hand_index, event)
        self.red[seat][suit_of(tile)] = True

    def hand_of(self, seat: int) -> Hand:
        """The seat's hand as the engine's :class:`~engine.hand.Hand`."""
        r = self.red[seat]
        return Hand(tuple(self.counts[seat]), tuple(self.melds[seat]), (r[0], r[1], r[2]))

    def waits(self, seat: int) -> tuple[Tile, ...]:
        """The waits of a 13-tile hand (cached until the hand changes)."""
        cached = self._waits[seat]
        if cached is None:
            hand = self.hand_of(seat)
            cached = find_waits(hand).waits if hand.size == 13 else ()
            self._waits[seat] = cached
        return cached

    def _changed(self, seat: int) -> None:
        self._waits[seat] = None

    def dora_indicators(self) -> tuple[Tile, ...]:
        return self.log.dora_indicators[: self.revealed]

    def in_riichi(self, seat: int) -> bool:
        return self.riichi_at[seat] is not None

    def is_closed(self, seat: int) -> bool:
        return all(m.kind is MeldKind.ANKAN for m in self.melds[seat])

    def sticks(self) -> int:
        return self.log.sticks + len(self.deposits)

    def scores(self) -> Scores:
        """Scores now, this hand's riichi deposits taken off."""
        s = list(self.log.scores)
        for seat in self.deposits:
            s[seat] -= 1000
        return (s[0], s[1], s[2], s[3])

    def _flip_pending(self) -> None:
        while self.pending_dora:
            self._reveal()
            self.pending_dora -= 1

    def _reveal(self) -> None:
        if self.rules.kan_dora and self.revealed < len(self.log.dora_indicators):
            self.revealed += 1

    def _kan_dora(self, timing: KanDoraTiming) -> None:
        if not self.rules.kan_dora:
            return
        if timing is KanDoraTiming.AT_ONCE:
            self._reveal()
        else:
            self.pending_dora += 1

    def _visible_outside(self, seat: int) -> list[Tile]:
        """Tiles the seat sees outside its hand: ponds, others' melds, indicators."""
        out: list[Tile] = list(self.dora_indicators())
        for s in range(4):
            out += [p.tile for p in self.ponds[s] if not p.called]
            if s != seat:
                for m in self.melds[s]:
                    out += list(m.tiles)
        return out

    # --- legal-move queries ----------------------------------------------------------------------

    def is_furiten(self, seat: int) -> bool:
        """Furiten of the seat's 13-tile hand: own discards, a passed win, a pass in riichi."""
        hand = self.hand_of(seat)
        if hand.size != 13:
            return False
        result = check_furiten(
            hand, discards=self.own_discards[seat], missed=self.missed[seat],
            riichi=self.in_riichi(seat), missed_since_riichi=self.missed_riichi[seat],
        )
        return bool(result.reasons)

    def legal_discards(self, seat: int) -> tuple[Tile, ...]:
        """Kinds the seat may discard now (in riichi: only the drawn tile)."""
        if self.phase is not Phase.DISCARD or seat != self.turn:
            return ()
        if self.in_riichi(seat) and self.drawn[seat] is not None:
            drawn = self.drawn[seat]
            return (drawn,) if drawn is not None else ()
        held = [t for t in range(34) if self.counts[seat][t]]
        allowed = [t for t in held if t not in self.after_call]
        return tuple(allowed or held)

    def riichi_discards(self, seat: int) -> tuple[Tile, ...]:
        """Discards that leave the seat tenpai for a riichi (empty: riichi not allowed now)."""
        if not self.can_riichi(seat):
            return ()
        hand = self.hand_of(seat)
        return tuple(
            t for t in range(34)
            if hand.concealed[t] and find_waits(hand.without_tile(t)).waits
        )

    def can_riichi(self, seat: int) -> bool:
        """Closed, not in riichi, enough points and wall, and some discard leaves tenpai."""
        if self.phase is not Phase.DISCARD or seat != self.turn or self.called_now:
            return False
        if self.in_riichi(seat) or not self.is_closed(seat):
            return False
        if self.scores()[seat] < self.rules.riichi_min_points:
            return False
        if self.wall_left < self.rules.riichi_min_wall:
            return False
        return shanten(self.hand_of(seat)).minimum <= 0

    def call_options(self, seat: int, tile: Tile) -> tuple[tuple[str, tuple[Tile, ...]], ...]:
        """Calls the seat may make on the lying discard ``tile``: (kind, the meld's tiles)."""
        if self.phase is not Phase.CLAIM or self.last_discard is None:
            return ()
        frm = self.last_discard[0]
        if seat == frm or self.in_riichi(seat) or self.wall_left == 0:
            return ()
        c = self.counts[seat]
        out: list[tuple[str, tuple[Tile, ...]]] = []
        if c[tile] >= 2:
            out.append(("pon", (tile, tile, tile)))
        if c[tile] >= 3 and self.total_kans() < MAX_KANS:
            out.append(("daiminkan", (tile, tile, tile, tile)))
        if seat == (frm + 1) % 4 and not is_honor(tile):
            n = number_of(tile)
            for start in (n - 2, n - 1, n):
                if start < 1 or start + 2 > 9:
                    continue
                run = tuple(tile - n + k for k in (start, start + 1, start + 2))
                if all(c[x] >= 1 for x in run if x != tile):
                    out.append(("chi", run))
        return tuple(out)

    def kan_options(self, seat: int) -> tuple[tuple[str, Tile], ...]:
        """Closed and added kans the seat may declare now: (kind, tile)."""
        if self.phase is not Phase.DISCARD or seat != self.turn or self.called_now:
            return ()
        if self.wall_left == 0 or self.total_kans() >= MAX_KANS:
            return ()
        out: list[tuple[str, Tile]] = []
        for t in range(34):
            if self.counts[seat][t] == 4 and self._ankan_allowed(seat, t):
                out.append(("ankan", t))
        if not self.in_riichi(seat):
            for m in self.melds[seat]:
                if m.kind is MeldKind.PON and self.counts[seat][m.first]:
                    out.append(("shouminkan", m.first))
        return tuple(out)

    def _ankan_allowed(self, seat: int, tile: Tile) -> bool:
        if not self.in_riichi(seat):
            return True
        if self.drawn[seat] != tile:
            return False
        before = self.hand_of(seat).without_tile(tile)
        after = Hand(
            tuple(c - 4 if k == tile else c for k, c in enumerate(self.counts[seat])),
            (*self.melds[seat], Meld(MeldKind.ANKAN, (tile,) * 4)), before.red_suits,
        )
        return find_waits(before).waits == find_waits(after).waits

    def total_kans(self) -> int:
        return sum(self.kans)

    def can_ron(self, seat: int, tile: Tile) -> bool:
        """The seat may ron the lying discard (or the added-kan tile): a wait, no furiten, a yaku."""
        source = self._ron_source()
        if source is None or seat == source[0] or tile not in self.waits(seat):
            return False
        if self.is_furiten(seat):
            return False
        try:
            self._score(seat, source[0], tile, source[2])
        except NoYakuError:
            return False
        return True

    def can_tsumo(self, seat: int) -> bool:
        """The seat may declare tsumo on the tile just drawn (complete, with a yaku)."""
        if self.phase is not Phase.DISCARD or seat != self.turn or self.called_now:
            return False
        drawn = self.drawn[seat]
        if drawn is None or shanten(self.hand_of(seat)).minimum != -1:
            return False
        try:
            self._score(seat, seat, drawn, self.drawn_red[seat])
        except NoYakuError:
            return False
        return True

    def _ron_source(self) -> tuple[int, Tile, bool] | None:
        if self.phase is Phase.CLAIM and self.last_discard is not None:
            return self.last_discard
        if self.phase is Phase.CHANKAN and self.last_kakan is not None:
            return self.last_kakan
        return None

    # --- scoring ---------------------------------------------------------------------------------

    def _situation(self, seat: int, tsumo: bool) -> WinSituation:
        rel = (seat - self.dealer) % 4
        riichi = self.in_riichi(seat)
        first = self.first_go[seat] and not self.any_call
        ura: tuple[Tile, ...] = ()
        if riichi and self.rules.ura_dora:
            ura = self.log.ura_indicators[: self.revealed]
        return WinSituation(
            tsumo=tsumo,
            riichi=riichi and not self.double_riichi[seat],
            double_riichi=self.double_riichi[seat],
            ippatsu=self.ippatsu[seat],
            rinshan=tsumo and self.rinshan,
            chankan=not tsumo and self.phase is Phase.CHANKAN,
            haitei=tsumo and self.wall_left == 0 and not self.rinshan,
            houtei=not tsumo and self.phase is Phase.CLAIM and self.wall_left == 0,
            tenhou=tsumo and first and rel == 0,
            chiihou=tsumo and first and rel != 0,
            renhou=(not tsumo and first and rel != 0 and self.rules.renhou.value != "none"),
            seat_wind=EAST + rel,
            round_wind=ROUND_WINDS.get(self.log.round[:1], EAST),
            dora_indicators=self.dora_indicators(),
            ura_indicators=ura,
        )

    def _score(self, seat: int, frm: int, tile: Tile, red: bool) -> ScoreResult:
        hand = self.hand_of(seat)
        if frm != seat:
            counts = list(hand.concealed)
            counts[tile] += 1
            reds = list(hand.red_suits)
            if red:
                reds[suit_of(tile)] = True
            hand = Hand(tuple(counts), hand.melds, (reds[0], reds[1], reds[2]))
        return score_hand(hand, tile, self._situation(seat, frm == seat), self.rules)

    # --- apply -----------------------------------------------------------------------------------

    def apply(self, event: Event) -> None:
        """Apply one event, or raise :class:`IllegalEvent` naming why it cannot happen now."""
        if self.phase is Phase.OVER and not (isinstance(event, Ron) and self.rons):
            raise self._illegal(msg.TABLE_HAND_OVER)
        if self.rons and not isinstance(event, Ron):
            raise self._illegal(msg.TABLE_HAND_OVER)
        if isinstance(event, Draw):
            self._draw(event)
        elif isinstance(event, Discard):
            self._discard(event)
        elif isinstance(event, Call):
            self._call(event)
        elif isinstance(event, Kan):
            self._kan(event)
        elif isinstance(event, NewDora):
            self._new_dora(event)
        elif isinstance(event, Ron):
            self._ron(event)
        elif isinstance(event, Tsumo):
            self._tsumo(event)
        elif isinstance(event, ExhaustiveDraw):
            self._exhaustive()
        else:
            self._abort(event)
        self.last_event = event
        self.index += 1

    def _commit_missed(self) -> None:
        """A discard (or added-kan tile) passed without ron: it counts for temporary furiten."""
        source = self._ron_source()
        if source is None:
            return
        seat, tile, _red = source
        for s in range(4):
            if s != seat:
                self.missed[s].append(tile)
                if self.in_riichi(s):
                    self.missed_riichi[s].append(tile)
        if self.riichi_pending is not None and self.phase is Phase.CLAIM:
            self._place_stick(self.riichi_pending)

    def _place_stick(self, seat: int) -> None:
        self.riichi_pending = None
        self.deposits.append(seat)

    def _draw(self, e: Draw) -> None:
        if self.phase is Phase.CLAIM:
            self._commit_missed()
            self._after_pass()
            self.phase = Phase.DRAW
        elif self.phase is Phase.CHANKAN:
            self._commit_missed()
            self.phase = Phase.DRAW
        if self.phase is not Phase.DRAW or e.seat != self.turn:
            raise self._illegal(msg.TABLE_NOT_TURN.format(seat=self._name(e.seat)))
        if self.wall_left == 0:
            raise self._illegal(msg.TABLE_WALL_EMPTY)
        if not 0 <= e.tile < 34:
            raise self._illegal(msg.TABLE_BAD_TILE)
        if self._seen_count(e.tile) >= 4:
            raise self._illegal(msg.TABLE_FIVE_COPIES.format(tile=tile_code(e.tile)))
        self.wall_left -= 1
        self.counts[e.seat][e.tile] += 1
        if e.red:
            if self.red[e.seat][suit_of(e.tile)]:
                raise self._illegal(msg.TABLE_BAD_RED)
            self._take_red(e.seat, e.tile, self.index)
        self.drawn[e.seat] = e.tile
        self.drawn_red[e.seat] = e.red
        self.phase = Phase.DISCARD
        self.called_now = False
        self.after_call = frozenset()
        self._changed(e.seat)
        self.last_text = msg.TABLE_LAST_DRAW.format(seat=self._name(e.seat))

    def _seen_count(self, tile: Tile) -> int:
        n = sum(self.counts[s][tile] for s in range(4))
        n += sum(m.tiles.count(tile) for s in range(4) for m in self.melds[s])
        n += sum(1 for s in range(4) for p in self.ponds[s] if p.tile == tile and not p.called)
        n += self.dora_indicators().count(tile)
        return n

    def _after_pass(self) -> None:
        """Nobody called the lying discard: the next seat draws."""
        if self.last_discard is not None:
            self.turn = (self.last_discard[0] + 1) % 4
        self.rinshan = False

    def _discard(self, e: Discard) -> None:
        if self.phase is not Phase.DISCARD or e.seat != self.turn:
            raise self._illegal(msg.TABLE_NOT_TURN.format(seat=self._name(e.seat)))
        c = self.counts[e.seat]
        if not 0 <= e.tile < 34 or c[e.tile] == 0:
            raise self._illegal(msg.TABLE_NOT_HELD.format(
                seat=self._name(e.seat), tile=tile_code(e.tile)))
        if e.red and not self.red[e.seat][suit_of(e.tile)]:
            raise self._illegal(msg.TABLE_NOT_HELD.format(
                seat=self._name(e.seat), tile="0" + tile_code(e.tile)[1]))
        drawn = self.drawn[e.seat]
        if e.tsumogiri and (drawn != e.tile or self.called_now):
            raise self._illegal(msg.TABLE_NOT_DRAWN.format(tile=tile_code(e.tile)))
        if self.in_riichi(e.seat) and drawn != e.tile:
            raise self._illegal(msg.TABLE_RIICHI_DISCARD)
        if e.tile in self.after_call:
            raise self._illegal(msg.TABLE_KUIKAE.format(tile=tile_code(e.tile)))
        if e.riichi:
            self._check_riichi(e)
        self._flip_pending()
        c[e.tile] -= 1
        red = e.red
        if red or (c[e.tile] == 0 and e.tile in FIVES and self.red[e.seat][suit_of(e.tile)]):
            red = True
            self.red[e.seat][suit_of(e.tile)] = False
        self.ponds[e.seat].append(PondTile(e.tile, e.tsumogiri, e.riichi, False, red))
        self.own_discards[e.seat].append(e.tile)
        self.missed[e.seat] = []
        if self.ippatsu[e.seat]:
            self.ippatsu[e.seat] = False
        if e.riichi:
            self.riichi_at[e.seat] = len(self.ponds[e.seat]) - 1
            self.double_riichi[e.seat] = self.first_go[e.seat] and not self.any_call
            self.ippatsu[e.seat] = True
            self.riichi_pending = e.seat
        if self.first_go[e.seat] and not self.any_call and e.tile in WINDS:
            self.first_winds.append(e.tile)
        self.first_go[e.seat] = False
        if e.tile not in TERMINALS_AND_HONORS:
            self.nagashi_ok[e.seat] = False
        self.drawn[e.seat] = None
        self.drawn_red[e.seat] = False
        self.last_discard = (e.seat, e.tile, red)
        self.last_kakan = None
        self.after_call = frozenset()
        self.called_now = False
        self.phase = Phase.CLAIM
        self._changed(e.seat)
        key = "riichi" if e.riichi else ("tsumogiri" if e.tsumogiri else "hand")
        self.last_text = msg.TABLE_LAST_DISCARD[key].format(
            seat=self._name(e.seat), tile=tile_code(e.tile))

    def _check_riichi(self, e: Discard) -> None:
        if self.in_riichi(e.seat):
            raise self._illegal(msg.TABLE_RIICHI_TWICE)
        if not self.is_closed(e.seat) or self.called_now:
            raise self._illegal(msg.TABLE_RIICHI_OPEN)
        if self.scores()[e.seat] < self.rules.riichi_min_points:
            raise self._illegal(msg.TABLE_RIICHI_POINTS)
        if self.wall_left < self.rules.riichi_min_wall:
            raise self._illegal(msg.TABLE_RIICHI_WALL)
        after = self.hand_of(e.seat).without_tile(e.tile)
        if not find_waits(after).waits:
            raise self._illegal(msg.TABLE_RIICHI_NOT_TENPAI.format(tile=tile_code(e.tile)))

    def _call(self, e: Call) -> None:
        if self.phase is not Phase.CLAIM or self.last_discard is None:
            raise self._illegal(msg.TABLE_NO_DISCARD_TO_CALL)
        frm, tile, red = self.last_discard
        if e.from_seat != frm or e.called_tile != tile:
            raise self._illegal(msg.TABLE_CALL_WRONG_TILE.format(tile=tile_code(e.called_tile)))
        options = {(k, tuple(sorted(t))) for k, t in self.call_options(e.seat, tile)}
        if (e.kind, tuple(sorted(e.tiles))) not in options:
            raise self._illegal(msg.TABLE_CALL_NOT_ALLOWED.format(
                seat=self._name(e.seat), call=msg.TABLE_CALL_NAMES.get(e.kind, e.kind),
                tile=tile_code(tile)))
        self._commit_missed()
        own = list(e.tiles)
        own.remove(tile)
        for t in own:
            self.counts[e.seat][t] -= 1
        own_red = max(0, e.red - (1 if red else 0))
        if own_red:
            if not self.red[e.seat][suit_of(own[0])]:
                raise self._illegal(msg.TABLE_BAD_RED)
            self.red[e.seat][suit_of(own[0])] = False
        elif any(t in FIVES for t in own) and self.red[e.seat][suit_of(own[0])] \
                and self.counts[e.seat][[t for t in own if t in FIVES][0]] == 0:
            self.red[e.seat][suit_of(own[0])] = False
            own_red = 1
        pond = self.ponds[frm]
        last = pond[-1]
        pond[-1] = PondTile(last.tile, last.tsumogiri, last.riichi, True, last.red)
        self.nagashi_ok[frm] = False
        kind = {"chi": MeldKind.CHI, "pon": MeldKind.PON}.get(e.kind, MeldKind.MINKAN)
        rel = (e.seat - frm) % 4
        meld = Meld(kind, tuple(sorted(e.tiles)), own_red + (1 if red else 0), tile, rel)
        self.melds[e.seat].append(meld)
        self._check_pao(e.seat, frm, tile, kind)
        self.any_call = True
        self.ippatsu = [False] * 4
        self.turn = e.seat
        self.rinshan = False
        self._changed(e.seat)
        name = self._name(e.seat)
        self.last_text = msg.TABLE_LAST_CALL.format(
            seat=name, call=msg.TABLE_CALL_NAMES[e.kind], tile=tile_code(tile))
        if kind is MeldKind.MINKAN:
            self._flip_pending()
            self.kans[e.seat] += 1
            self._kan_dora(self.procedure.open_kan_dora)
            self.phase = Phase.DRAW
            self.rinshan = True
            self.called_now = False
        else:
            self.phase = Phase.DISCARD
            self.called_now = True
            self.drawn[e.seat] = None
            self.after_call = self._kuikae(kind, tile, meld)

    def _kuikae(self, kind: MeldKind, tile: Tile, meld: Meld) -> frozenset[Tile]:
        rule = self.rules.kuikae
        if rule is Kuikae.ALLOWED or (rule is Kuikae.AFTER_CHI and kind is not MeldKind.CHI):
            return frozenset()
        banned = {tile}
        if kind is MeldKind.CHI:
            low, high = meld.tiles[0], meld.tiles[2]
            if tile == low and number_of(high) < 9:
                banned.add(high + 1)
            if tile == high and number_of(low) > 1:
                banned.add(low - 1)
        return frozenset(banned)

    def _check_pao(self, seat: int, frm: int, tile: Tile, kind: MeldKind) -> None:
        """The call that completes the third dragon (fourth wind) set makes its feeder liable."""
        for yaku, group in _PAO_YAKU.items():
            if tile not in group or yaku not in self.game.pao_yakuman:
                continue
            sets = sum(1 for m in self.melds[seat] if m.kind is not MeldKind.CHI
                       and m.first in group)
            if sets == len(group):
                self.liable[seat] = frm

    def _kan(self, e: Kan) -> None:
        if self.phase is not Phase.DISCARD or e.seat != self.turn or self.called_now:
            raise self._illegal(msg.TABLE_NOT_TURN.format(seat=self._name(e.seat)))
        tile = e.tiles[0] if e.tiles else -1
        if (e.kind, tile) not in self.kan_options(e.seat):
            raise self._illegal(msg.TABLE_KAN_NOT_ALLOWED.format(
                seat=self._name(e.seat), tile=tile_code(tile) if 0 <= tile < 34 else "?"))
        self._flip_pending()
        c = self.counts[e.seat]
        suit = suit_of(tile)
        if e.kind == "ankan":
            c[tile] -= 4
            red = 1 if tile in FIVES and self.red[e.seat][suit] else 0
            if red:
                self.red[e.seat][suit] = False
            self.melds[e.seat].append(Meld(MeldKind.ANKAN, (tile,) * 4, red))
            self.kans[e.seat] += 1
            self._kan_dora(self.procedure.closed_kan_dora)
            self.phase = Phase.DRAW
            self.last_kakan = None
        else:
            c[tile] -= 1
            red = 1 if tile in FIVES and self.red[e.seat][suit] and c[tile] == 0 else 0
            if red:
                self.red[e.seat][suit] = False
            i = next(i for i, m in enumerate(self.melds[e.seat])
                     if m.kind is MeldKind.PON and m.first == tile)
            pon = self.melds[e.seat][i]
            self.melds[e.seat][i] = Meld(MeldKind.SHOUMINKAN, (tile,) * 4, pon.red + red,
                                         pon.called, pon.from_seat)
            self.kans[e.seat] += 1
            self._kan_dora(self.rules.added_kan_dora)
            self.phase = Phase.CHANKAN
            self.last_kakan = (e.seat, tile, bool(red))
        self.any_call = True
        self.ippatsu = [False] * 4
        self.drawn[e.seat] = None
        self.rinshan = True
        self._changed(e.seat)
        self.last_text = msg.TABLE_LAST_KAN[e.kind].format(
            seat=self._name(e.seat), tile=tile_code(tile))

    def _new_dora(self, e: NewDora) -> None:
        if e.indicator not in self.log.dora_indicators[1:]:
            raise self._illegal(msg.TABLE_BAD_DORA.format(tile=tile_code(e.indicator)))

    def _ron(self, e: Ron) -> None:
        source = self._saved_source if self.rons else self._ron_source()
        if source is None or e.from_seat != source[0] or e.seat == e.from_seat:
            raise self._illegal(msg.TABLE_NO_RON_TILE)
        if e.seat in self.rons:
            raise self._illegal(msg.TABLE_RON_TWICE)
        frm, tile, red = source
        if tile not in self.waits(e.seat):
            raise self._illegal(msg.TABLE_RON_NOT_WAIT.format(
                seat=self._name(e.seat), tile=tile_code(tile)))
        if self.is_furiten(e.seat):
            raise self._illegal(msg.TABLE_RON_FURITEN.format(seat=self._name(e.seat)))
        if self.rons and self.rules.multiple_ron is MultipleRon.HEAD_BUMP:
            raise self._refuse(msg.TABLE_HEAD_BUMP)
        if self.rons:
            self.phase = self._saved_phase  # the situation of the ron (chankan, houtei)
        try:
            self._score(e.seat, frm, tile, red)
        except NoYakuError:
            raise self._illegal(msg.TABLE_NO_YAKU.format(seat=self._name(e.seat))) from None
        if not self.rons:
            self._saved_source = source
            self._saved_phase = self.phase
        self.rons.append(e.seat)
        self.ron_from = frm
        self.phase = Phase.OVER
        self.last_text = msg.TABLE_LAST_RON.format(
            seat=self._name(e.seat), frm=self._name(frm), tile=tile_code(tile))

    def _tsumo(self, e: Tsumo) -> None:
        if self.phase is not Phase.DISCARD or e.seat != self.turn or self.called_now \
                or self.drawn[e.seat] is None:
            raise self._illegal(msg.TABLE_NOT_TURN.format(seat=self._name(e.seat)))
        if shanten(self.hand_of(e.seat)).minimum != -1:
            raise self._illegal(msg.TABLE_TSUMO_INCOMPLETE.format(seat=self._name(e.seat)))
        drawn = self.drawn[e.seat]
        assert drawn is not None
        try:
            self._score(e.seat, e.seat, drawn, self.drawn_red[e.seat])
        except NoYakuError:
            raise self._illegal(msg.TABLE_NO_YAKU.format(seat=self._name(e.seat))) from None
        self.ended = e
        self.phase = Phase.OVER
        self.last_text = msg.TABLE_LAST_TSUMO.format(seat=self._name(e.seat))

    def _exhaustive(self) -> None:
        if self.phase is not Phase.CLAIM or self.wall_left != 0:
            raise self._illegal(msg.TABLE_WALL_NOT_EMPTY)
        self._commit_missed()
        self.ended = ExhaustiveDraw()
        self.phase = Phase.OVER
        self.last_text = msg.TABLE_LAST_EXHAUSTIVE

    def _abort(self, e: Abort) -> None:
        kinds = {k.value: k for k in AbortiveDraw}
        if e.reason not in kinds:
            raise self._illegal(msg.TABLE_BAD_ABORT.format(reason=e.reason))
        kind = kinds[e.reason]
        if not abortive_draw(kind, self.rules).played:
            raise self._refuse(msg.TABLE_ABORT_NOT_PLAYED.format(
                name=msg.TABLE_ABORT_NAMES[e.reason]))
        if not self._abort_happened(kind):
            raise self._illegal(msg.TABLE_ABORT_NOT_SO.format(
                name=msg.TABLE_ABORT_NAMES[e.reason]))
        if kind is not AbortiveDraw.KYUUSHU:
            self._commit_missed()
        self.ended = e
        self.abort_reason = e.reason
        self.phase = Phase.OVER
        self.last_text = msg.TABLE_LAST_ABORT.format(name=msg.TABLE_ABORT_NAMES[e.reason])

    def _abort_happened(self, kind: AbortiveDraw) -> bool:
        if kind is AbortiveDraw.KYUUSHU:
            seat = self.turn
            return (self.phase is Phase.DISCARD and self.first_go[seat] and not self.any_call
                    and not self.called_now
                    and sum(1 for t in TERMINALS_AND_HONORS if self.counts[seat][t]) >= 9)
        if self.phase is not Phase.CLAIM:
            return False
        if kind is AbortiveDraw.FOUR_WINDS:
            return (len(self.first_winds) == 4 and len(set(self.first_winds)) == 1
                    and not self.any_call and sum(len(p) for p in self.ponds) == 4)
        if kind is AbortiveDraw.FOUR_RIICHI:
            return all(r is not None for r in self.riichi_at)
        if kind is AbortiveDraw.FOUR_KANS:
            return self.total_kans() == MAX_KANS and max(self.kans) < MAX_KANS
        return self._triple_ron_possible()

    def _triple_ron_possible(self) -> bool:
        source = self._ron_source()
        if source is None:
            return False
        return sum(1 for s in range(4) if s != source[0] and source[1] in self.waits(s)) == 3

    def _name(self, seat: int) -> str:
        return msg.TABLE_SEAT_NAMES[(seat - self.dealer) % 4]

    # --- the end -----------------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    def finish(self) -> HandResult:
        """Score and settle the hand once its last event is applied."""
        if self.phase is not Phase.OVER:
            raise LogError(msg.TABLE_HAND_UNFINISHED, self.hand_index, self.index)
        wins: list[Win] = []
        tenpai: tuple[int, ...] = ()
        nagashi: tuple[int, ...] = ()
        outcome: Outcome
        if self.rons:
            frm, tile, red = self._saved_source
            self.phase = self._saved_phase
            for seat in self.rons:
                wins.append(self._win(seat, frm, tile, red))
            self.phase = Phase.OVER
            if self.riichi_pending is not None and self.riichi_pending == frm \
                    and not self.rules.riichi_tile_ron_refund:
                self._place_stick(frm)
            basics = {self._rel(w.seat): w.score.basic for w in wins}
            pao = {self._rel(w.seat): (self._rel(w.liable), self._pao_basic(w))
                   for w in wins if w.liable is not None}
            outcome = RonOutcome(self._rel(frm), basics, pao)
        elif isinstance(self.ended, Tsumo):
            seat = self.ended.seat
            drawn = self.drawn[seat]
            assert drawn is not None
            self.phase = Phase.DISCARD
            win = self._win(seat, seat, drawn, self.drawn_red[seat])
            self.phase = Phase.OVER
            wins.append(win)
            pao_t = None if win.liable is None else (self._rel(win.liable), self._pao_basic(win))
            outcome = TsumoOutcome(self._rel(seat), win.score.basic, pao_t)
        elif isinstance(self.ended, ExhaustiveDraw):
            tenpai = tuple(s for s in range(4) if self._draw_tenpai(s))
            if self.game.nagashi_mangan:
                nagashi = tuple(s for s in range(4) if self.nagashi_ok[s])
            elif self.log.recorded_result == "nagashi":
                raise LogError(msg.TABLE_NO_NAGASHI, self.hand_index, self.index - 1)
            outcome = DrawOutcome(tuple(self._rel(s) for s in tenpai),
                                  tuple(self._rel(s) for s in nagashi))
        else:
            assert self.abort_reason is not None
            kinds = {k.value: k for k in AbortiveDraw}
            outcome = Abortive(kinds[self.abort_reason])
        return self._settle(outcome, tuple(wins), tenpai, nagashi)

    def _rel(self, seat: int | None) -> int:
        return 0 if seat is None else (seat - self.dealer) % 4

    def _win(self, seat: int, frm: int, tile: Tile, red: bool) -> Win:
        score = self._score(seat, frm, tile, red)
        liable = self.liable[seat]
        if liable is not None and not any(y.id in _PAO_YAKU and y.id in self.game.pao_yakuman
                                          for y in score.yaku):
            liable = None
        if liable == seat:
            liable = None
        return Win(seat, frm, tile, score, liable)

    def _pao_basic(self, win: Win) -> int:
        units = sum(y.yakuman for y in win.score.yaku if y.id in _PAO_YAKU)
        units = min(units, max(1, win.score.yakuman))
        return 8000 * units if units * 8000 <= win.score.basic else win.score.basic

    def visible_counts(self, seat: int) -> tuple[int, ...]:
        """34 counts of the tiles ``seat`` sees: own hand and melds, ponds, melds, indicators."""
        counts = list(self.counts[seat])
        for tile in self._visible_outside(seat):
            counts[tile] += 1
        for m in self.melds[seat]:
            for tile in m.tiles:
                counts[tile] += 1
        return tuple(counts)

    def draw_tenpai(self, seat: int) -> bool:
        """Tenpai at an exhaustive draw as the rule set counts it."""
        return self._draw_tenpai(seat)

    def _draw_tenpai(self, seat: int) -> bool:
        hand = self.hand_of(seat)
        if hand.size != 13:
            return False
        return draw_tenpai(hand, self.rules, self._visible_outside(seat))

    def _settle(self, outcome: Outcome, wins: tuple[Win, ...], tenpai: tuple[int, ...],
                nagashi: tuple[int, ...]) -> HandResult:
        d = self.dealer
        rel_scores = tuple(self.log.scores[(d + i) % 4] for i in range(4))
        state = GameState(0, 1, self.log.honba, self.log.sticks,
                          (rel_scores[0], rel_scores[1], rel_scores[2], rel_scores[3]))
        done = next_state(state, outcome, self.rules, riichi=[self._rel(s) for s in self.deposits])
        pay = [done.payments[(s - d) % 4] for s in range(4)]
        deltas: Scores = (pay[0], pay[1], pay[2], pay[3])
        after = tuple(self.log.scores[s] + deltas[s] for s in range(4))
        kind = "win" if wins else ("nagashi" if nagashi else "draw")
        if isinstance(outcome, Abortive):
            kind = "abortive"
        if isinstance(outcome, RonOutcome) and len(wins) == 3 \
                and self.rules.multiple_ron is MultipleRon.DOUBLE:
            kind, wins = "abortive", ()
        return HandResult(
            kind, deltas, (after[0], after[1], after[2], after[3]), done.state.riichi_sticks,
            tuple(self.deposits), wins, tenpai, nagashi,
            self.abort_reason if kind == "abortive" else None, done.dealer_repeats,
        )
