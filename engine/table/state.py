"""The one game state machine: a hand at the table, event by event.

:class:`Table` starts from a :class:`~engine.table.events.HandLog`'s deal and
applies its events to its :class:`~engine.table.position.Position`. Each
event is checked against the table as it is (the seat's turn, tiles held, a
call the discard allows, furiten, tenpai for a riichi, the rule set's
procedure) and the first one that is not allowed raises
:class:`~engine.table.events.IllegalEvent` with the hand and event index and
a Russian message; an event the chosen rule set does not play (a second ron
under head bump, an abortive draw it has not, red fives where it has none)
is a :class:`~engine.table.events.LogError`. When the hand is over,
:meth:`Table.finish` scores and settles it (:func:`engine.table.settle.settle_hand`):
the log's recorded result is never read here.
"""

from __future__ import annotations

from engine.melds import Meld, MeldKind
from engine.rules.sets import AbortiveDraw, Kuikae, MultipleRon, Ruleset
from engine.scoring.score import NoYakuError
from engine.shape.shanten import shanten
from engine.shape.waits import find_waits
from engine.table.events import (
    Abort,
    Call,
    Discard,
    Draw,
    Event,
    ExhaustiveDraw,
    HandLog,
    Kan,
    LogError,
    NewDora,
    Ron,
    Tsumo,
)
from engine.table.position import (
    LIVE_WALL,
    MAX_KANS,
    PAO_GROUPS,
    ROUND_WINDS,
    Phase,
    Position,
)
from engine.table.settle import HandResult, Win, settle_hand
from engine.table.view import PondTile
from engine.text import messages as msg
from engine.tiles import FIVES, TERMINALS_AND_HONORS, WINDS, Tile, number_of, suit_of, tile_code

__all__ = ["LIVE_WALL", "MAX_KANS", "ROUND_WINDS", "HandResult", "Phase", "Table", "Win"]


class Table(Position):
    """One hand in play. Build it with :meth:`start`; feed it events with :meth:`apply`."""

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

    # --- apply --------------------------------------------------------------------------

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
            if s != seat and self.may_rob(s):
                self.missed[s].append(tile)
                if self.in_riichi(s):
                    self.missed_riichi[s].append(tile)
        if self.riichi_pending is not None and self.phase is Phase.CLAIM:
            self._place_stick(self.riichi_pending)

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

    def _after_pass(self) -> None:
        """Nobody called the lying discard: the next seat draws."""
        if self.last_discard is not None:
            self.turn = (self.last_discard[0] + 1) % 4
        self.rinshan = False

    def _discard(self, e: Discard) -> None:
        self._check_discard(e)
        self._flip_pending()
        c = self.counts[e.seat]
        c[e.tile] -= 1
        red = e.red
        if red or (c[e.tile] == 0 and e.tile in FIVES and self.red[e.seat][suit_of(e.tile)]):
            red = True
            self.red[e.seat][suit_of(e.tile)] = False
        self.ponds[e.seat].append(PondTile(e.tile, e.tsumogiri, e.riichi, False, red))
        self.missed[e.seat] = []
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
        self.rinshan = False
        self.last_discard = (e.seat, e.tile, red)
        self.last_kakan = None
        self.after_call = frozenset()
        self.called_now = False
        self.phase = Phase.CLAIM
        self._changed(e.seat)
        key = "riichi" if e.riichi else ("tsumogiri" if e.tsumogiri else "hand")
        self.last_text = msg.TABLE_LAST_DISCARD[key].format(
            seat=self._name(e.seat), tile=tile_code(e.tile))

    def _check_discard(self, e: Discard) -> None:
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
        for yaku, group in PAO_GROUPS.items():
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
            self.phase = Phase.CHANKAN  # only a kokushi wait may rob it (may_rob)
            self.last_kakan = (e.seat, tile, bool(red))
            self.closed_kan = True
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
            self.closed_kan = False
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
        if not self.rons and not self.may_rob(e.seat):
            raise self._illegal(msg.TABLE_ROB_CLOSED_KAN.format(seat=self._name(e.seat)))
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
        if not self.abort_allowed(kind):
            raise self._refuse(msg.TABLE_ABORT_NOT_PLAYED.format(
                name=msg.TABLE_ABORT_NAMES[e.reason]))
        if not self.abort_due(kind):
            raise self._illegal(msg.TABLE_ABORT_NOT_SO.format(
                name=msg.TABLE_ABORT_NAMES[e.reason]))
        if kind is not AbortiveDraw.KYUUSHU:
            self._commit_missed()
        self.ended = e
        self.abort_reason = e.reason
        self.phase = Phase.OVER
        self.last_text = msg.TABLE_LAST_ABORT.format(name=msg.TABLE_ABORT_NAMES[e.reason])

    # --- the end ------------------------------------------------------------------------

    def finish(self) -> HandResult:
        """Score and settle the hand once its last event is applied."""
        return settle_hand(self)
