"""The table at one moment of a hand: tiles, ponds, melds, riichi, and what each seat may do.

:class:`Position` holds the state the one state machine
(:class:`engine.table.state.Table`) moves forward, and answers the
legal-move queries the table, the bots and the decision points share:
which discards are legal (riichi, kuikae), which calls a discard allows,
which kans, whether a seat may ron (a wait, no furiten by
:func:`engine.shape.furiten.check_furiten`, a yaku) or tsumo, whether a
riichi is possible, whether an abortive draw is due. Seats are the log's
(0 = the game's first dealer). The live wall holds 70 tiles after the deal;
every draw, a kan's replacement included, takes one (the dead wall is
topped up from the live wall), so haitei comes one tile earlier after each
kan.

Kan-dora timing follows the rule set: a closed kan turns its indicator at
once (all five sets); an open kan and an added kan turn it at once or after
the kan maker's next discard (:class:`engine.rules.sets.Procedure`,
``Ruleset.added_kan_dora``); a pending indicator is turned before a further
kan and never when the kan maker wins on the replacement tile.
"""

from __future__ import annotations

from enum import Enum

from engine.hand import Hand
from engine.melds import Meld, MeldKind
from engine.rules.sets import (
    PROCEDURES,
    AbortiveDraw,
    GameRules,
    KanDoraTiming,
    Procedure,
    Ruleset,
    base_name,
    get_game_rules,
)
from engine.scoring.score import NoYakuError, ScoreResult, WinSituation, score_hand
from engine.shape.furiten import check_furiten
from engine.shape.shanten import kokushi_shanten, shanten
from engine.shape.waits import find_waits
from engine.table.draws import abortive_draw, draw_tenpai
from engine.table.events import Event, HandLog, IllegalEvent, LogError
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
)

Scores = tuple[int, int, int, int]
LIVE_WALL = 70  # 136 tiles − 4 × 13 dealt − 14 in the dead wall
MAX_KANS = 4
ROUND_WINDS = {"E": EAST, "S": EAST + 1, "W": EAST + 2, "N": EAST + 3}
PAO_GROUPS = {"daisangen": DRAGONS, "daisuushii": WINDS}  # yaku with a liable feeder


class Phase(Enum):
    """What the table waits for."""

    DRAW = "draw"  # ``turn`` draws
    DISCARD = "discard"  # ``turn`` holds 14: discards, kans, wins or aborts
    CLAIM = "claim"  # a discard lies: calls, rons, or the next draw
    CHANKAN = "chankan"  # an added kan: a ron on it, or the replacement draw
    OVER = "over"


class Position:
    """A hand's table at one moment (built and moved by :class:`engine.table.state.Table`)."""

    def __init__(self, log: HandLog, rules: Ruleset, hand_index: int = 0) -> None:
        self.log = log
        self.rules = rules
        self.game: GameRules = get_game_rules(rules)
        self.procedure: Procedure = PROCEDURES.get(base_name(rules), PROCEDURES["online"])
        self.hand_index = hand_index
        self.index = 0  # events applied
        self.dealer = log.dealer
        self.counts: list[list[int]] = [[0] * 34 for _ in range(4)]
        self.red: list[list[bool]] = [[False] * 3 for _ in range(4)]
        self.melds: list[list[Meld]] = [[] for _ in range(4)]
        self.ponds: list[list[PondTile]] = [[] for _ in range(4)]
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
        self.closed_kan = False  # the kan that may be robbed is closed: only by kokushi
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

    # --- the table now ------------------------------------------------------------------

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

    def own_discards(self, seat: int) -> tuple[Tile, ...]:
        """Every tile the seat discarded this hand, called ones too (furiten counts them all)."""
        return tuple(p.tile for p in self.ponds[seat])

    def concealed(self, seat: int) -> tuple[Tile, ...]:
        """The seat's concealed tiles, sorted, the tile just drawn last."""
        tiles = [k for k in range(34) for _ in range(self.counts[seat][k])]
        drawn = self.drawn[seat]
        if drawn is not None and drawn in tiles:
            tiles.remove(drawn)
            tiles.append(drawn)
        return tuple(tiles)

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

    def visible_outside(self, seat: int) -> list[Tile]:
        """Tiles the seat sees outside its hand: ponds, others' melds, indicators."""
        out: list[Tile] = list(self.dora_indicators())
        for s in range(4):
            out += [p.tile for p in self.ponds[s] if not p.called]
            if s != seat:
                for m in self.melds[s]:
                    out += list(m.tiles)
        return out

    def visible_counts(self, seat: int) -> tuple[int, ...]:
        """34 counts of the tiles ``seat`` sees: own hand and melds, ponds, melds, indicators."""
        counts = list(self.counts[seat])
        for tile in self.visible_outside(seat):
            counts[tile] += 1
        for m in self.melds[seat]:
            for tile in m.tiles:
                counts[tile] += 1
        return tuple(counts)

    def _seen_count(self, tile: Tile) -> int:
        n = sum(self.counts[s][tile] for s in range(4))
        n += sum(m.tiles.count(tile) for s in range(4) for m in self.melds[s])
        n += sum(1 for s in range(4) for p in self.ponds[s] if p.tile == tile and not p.called)
        n += self.dora_indicators().count(tile)
        return n

    def _place_stick(self, seat: int) -> None:
        self.riichi_pending = None
        self.deposits.append(seat)

    def _name(self, seat: int) -> str:
        return msg.TABLE_SEAT_NAMES[(seat - self.dealer) % 4]

    def _rel(self, seat: int | None) -> int:
        return 0 if seat is None else (seat - self.dealer) % 4

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    # --- legal-move queries -------------------------------------------------------------

    def is_furiten(self, seat: int) -> bool:
        """Furiten of the seat's 13-tile hand: own discards, a passed win, a pass in riichi."""
        hand = self.hand_of(seat)
        if hand.size != 13:
            return False
        result = check_furiten(
            hand, discards=self.own_discards(seat), missed=self.missed[seat],
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
        """The seat may ron the lying discard or added-kan tile: a wait, no furiten, a yaku."""
        source = self._ron_source()
        if source is None or seat == source[0] or tile not in self.waits(seat):
            return False
        if self.is_furiten(seat) or not self.may_rob(seat):
            return False
        try:
            self._score(seat, source[0], tile, source[2])
        except NoYakuError:
            return False
        return True

    def may_rob(self, seat: int) -> bool:
        """A closed kan may be robbed only by a kokushi musou wait (Tenhou); others any time."""
        if not (self.phase is Phase.CHANKAN and self.closed_kan):
            return True
        hand = self.hand_of(seat)
        return not hand.melds and kokushi_shanten(hand.concealed) == 0

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

    def abort_allowed(self, kind: AbortiveDraw) -> bool:
        """Whether the rule set plays this abortive draw at all."""
        return abortive_draw(kind, self.rules).played

    def abort_due(self, kind: AbortiveDraw) -> bool:
        """Whether the table is in the position that abortive draw needs (kyuushu: a choice)."""
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

    def draw_tenpai(self, seat: int) -> bool:
        """Tenpai at an exhaustive draw as the rule set counts it."""
        return self._draw_tenpai(seat)

    def _draw_tenpai(self, seat: int) -> bool:
        hand = self.hand_of(seat)
        if hand.size != 13:
            return False
        return draw_tenpai(hand, self.rules, self.visible_outside(seat))

    # --- scoring ------------------------------------------------------------------------

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
