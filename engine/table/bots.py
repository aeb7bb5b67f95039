"""Simple rule-based bots that play whole games at the table, for tests and benchmarks.

Each bot follows a few fixed rules, all through the one table
(:class:`engine.table.state.Table`): win whenever it may; declare a kan it
holds; discard the tile that keeps the best shanten and the most tiles that
improve it (:func:`engine.shape.ukeire.rank_discards`), tile order breaking
ties; riichi when closed and tenpai; pon a pair of dragons or of its own or
the round's wind, and once open take a call that lowers its shanten; against
a riichi, unless tenpai itself, discard the safest tile by the danger model
(:func:`engine.table.safety.hand_safety`). A seeded random generator shuffles
the wall, so a seed is a game. :func:`play_game` returns the game as a
tenhou.net/6 object, its results computed by the table; reading it back
(:func:`engine.table.logs.read_log`) and replaying it gives the same scores.

>>> game = play_game(3, max_hands=1)
>>> sorted(game) == ["log", "name", "rule", "title"]
True
"""

from __future__ import annotations

import random
from dataclasses import replace

from engine.hand import Hand
from engine.melds import Meld, MeldKind
from engine.rules.sets import AbortiveDraw, MultipleRon, Ruleset, get_ruleset
from engine.shape.shanten import shanten
from engine.shape.ukeire import ukeire
from engine.table.events import (
    Abort,
    Call,
    Discard,
    Draw,
    Event,
    ExhaustiveDraw,
    GameLog,
    HandLog,
    Kan,
    Ron,
    Scores,
    Tsumo,
)
from engine.table.log_tenhou import write_tenhou
from engine.table.logs import read_log
from engine.table.replay import replay
from engine.table.safety import Riichi, hand_safety
from engine.table.state import HandResult, Phase, Table
from engine.tiles import DRAGONS, EAST, FIVES, Tile

MAX_HANDS = 40  # a hanchan that long is a bug; stop rather than loop
MAX_EVENTS = 400
_ABORTS_AFTER_DISCARD = (AbortiveDraw.FOUR_WINDS, AbortiveDraw.FOUR_RIICHI, AbortiveDraw.FOUR_KANS)


def _wall(rng: random.Random, red: bool) -> list[tuple[Tile, bool]]:
    tiles = [(k, red and k in FIVES and copy == 0) for k in range(34) for copy in range(4)]
    rng.shuffle(tiles)
    return tiles


def play_hand(
    rng: random.Random, rules: Ruleset, round_name: str, dealer: int, honba: int, sticks: int,
    scores: Scores, index: int = 0,
) -> tuple[HandLog, HandResult]:
    """Deal and play one hand; the log (revealed indicators only) and its result."""
    wall = _wall(rng, rules.red_fives)
    haipai = [wall[13 * s:13 * s + 13] for s in range(4)]
    dead = wall[52:66]
    live = wall[66:]
    dora = tuple(t for t, _ in dead[:5])
    ura = tuple(t for t, _ in dead[5:10])
    rinshan = list(dead[10:14])
    start = HandLog(
        round_name, honba, sticks, scores, dealer, dora, ura,
        tuple(tuple(t for t, _ in h) for h in haipai), (),
        tuple(tuple(r for _, r in h) for h in haipai),
    )
    table = Table.start(start, rules, index)
    events: list[Event] = []

    def do(event: Event) -> None:
        table.apply(event)
        events.append(event)

    while not table.over and len(events) < MAX_EVENTS:
        if table.phase is Phase.DISCARD:
            do(_own_move(table, rng))
            continue
        claims = _claims(table) if table.phase is not Phase.DRAW else []
        for event in claims:
            do(event)
        if not claims:
            from_dead = table.phase is Phase.CHANKAN or (
                table.phase is Phase.DRAW and table.rinshan)
            seat = table.turn
            if table.phase is Phase.CLAIM and table.last_discard is not None:
                seat = (table.last_discard[0] + 1) % 4
            tile, red = rinshan.pop(0) if from_dead else live.pop(0)
            do(Draw(seat, tile, red))
    result = table.finish()
    shown = table.revealed
    won_riichi = any(table.in_riichi(w.seat) for w in result.wins)
    log = replace(start, dora_indicators=dora[:shown],
                  ura_indicators=ura[:shown] if won_riichi else (), events=tuple(events),
                  recorded_result=result.result, recorded_deltas=_recorded(result))
    return log, result


def _recorded(result: HandResult) -> Scores:
    """Deltas in the tenhou.net/6 convention: a declarer's own 1000 not counted."""
    d = list(result.deltas)
    for seat in result.deposits:
        d[seat] += 1000
    return (d[0], d[1], d[2], d[3])


def _own_move(t: Table, rng: random.Random) -> Event:
    seat = t.turn
    if t.can_tsumo(seat):
        return Tsumo(seat)
    if t.abort_due(AbortiveDraw.KYUUSHU) and t.abort_allowed(AbortiveDraw.KYUUSHU) \
            and sum(1 for k in range(34) if t.counts[seat][k] and k in _ORPHANS) >= 10:
        return Abort("kyuushu")
    for kind, tile in t.kan_options(seat):
        if kind == "shouminkan" or not _kan_hurts(t, seat, tile):
            return Kan(seat, kind, (tile,) * 4, 0)
    drawn = t.drawn[seat]
    if t.in_riichi(seat) and drawn is not None:
        return Discard(seat, drawn, True, False, t.drawn_red[seat])
    tile = _choose_discard(t, seat, rng)
    riichi = tile in t.riichi_discards(seat)
    tsumogiri = drawn == tile and t.counts[seat][tile] == 1
    return Discard(seat, tile, tsumogiri, riichi, _red_out(t, seat, tile, tsumogiri))


_ORPHANS = frozenset({0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33})


def _red_out(t: Table, seat: int, tile: Tile, tsumogiri: bool) -> bool:
    """Whether the discarded five is the red one: only when it is the last five held."""
    if tsumogiri:
        return t.drawn_red[seat]
    return tile in FIVES and t.red[seat][tile // 9] and t.counts[seat][tile] == 1


def _kan_hurts(t: Table, seat: int, tile: Tile) -> bool:
    hand = t.hand_of(seat)
    before = shanten(hand.without_tile(tile)).minimum
    return before <= 0 and not t.in_riichi(seat)


def _choose_discard(t: Table, seat: int, rng: random.Random) -> Tile:
    legal = t.legal_discards(seat)
    hand = t.hand_of(seat)
    riichis = [s for s in range(4) if s != seat and t.in_riichi(s)]
    if riichis and shanten(hand).minimum > 0:
        # The hand's own melds go among the visible tiles: a riichi player's
        # discard this seat called is in its melds, not in a pond.
        seen = t.visible_outside(seat) + [x for m in hand.melds for x in m.tiles]
        found = hand_safety(Hand(hand.concealed, (), hand.red_suits),
                            [_riichi_of(t, s) for s in riichis], seen, t.dora_indicators())
        for option in found:
            if option.tile in legal:
                return option.tile
    # Shanten of each discard first (cheap); the ukeire of the best few then
    # decides (engine.shape.ukeire), the least connected tile breaking ties.
    after = {x: shanten(hand.without_tile(x)).minimum for x in legal}
    low = min(after.values())
    tied = sorted((x for x in legal if after[x] == low), key=lambda x: _isolation(hand, x))
    if len(tied) == 1 or low > 1:
        return tied[0]
    visible = t.visible_outside(seat)
    counts = {x: ukeire(hand.without_tile(x), visible).count for x in tied[:UKEIRE_CANDIDATES]}
    top = max(counts.values())
    best = [x for x in tied[:UKEIRE_CANDIDATES] if counts[x] == top]
    return rng.choice(best) if len(best) > 1 else best[0]


UKEIRE_CANDIDATES = 3  # ukeire is measured for this many shanten-tied discards at most


def _isolation(hand: Hand, tile: Tile) -> tuple[int, int, int]:
    """Sort key: lone honours first, then suited tiles with the fewest neighbours held."""
    c = hand.concealed
    if tile >= 27:
        return (0 if c[tile] == 1 else 2, c[tile], tile)
    base = tile - tile % 9
    near = sum(c[x] for x in range(max(base, tile - 2), min(base + 9, tile + 3)) if x != tile)
    edge = 0 if tile % 9 in (0, 8) else 1
    return (1, near * 2 + edge + 2 * (c[tile] - 1), tile)


def _riichi_of(t: Table, seat: int) -> Riichi:
    at = t.riichi_at[seat]
    assert at is not None
    pond = t.own_discards(seat)
    return Riichi(pond, at, tuple(t.missed_riichi[seat]))


def _claims(t: Table) -> list[Event]:
    """Rons, an abortive draw, a call, or nothing (the next draw) on the lying tile."""
    source = t.last_discard if t.phase is Phase.CLAIM else t.last_kakan
    assert source is not None
    frm, tile, _red = source
    order = [(frm + k) % 4 for k in (1, 2, 3)]
    winners = [s for s in order if t.can_ron(s, tile)]
    if winners:
        if t.rules.multiple_ron is MultipleRon.HEAD_BUMP:
            winners = winners[:1]
        if len(winners) == 3 and t.rules.multiple_ron is MultipleRon.DOUBLE:
            return [Abort("triple_ron")]
        return [Ron(s, frm) for s in winners]
    if t.phase is Phase.CLAIM:
        for kind in _ABORTS_AFTER_DISCARD:
            if t.abort_due(kind) and t.abort_allowed(kind):
                return [Abort(kind.value)]
        if t.wall_left == 0:
            return [ExhaustiveDraw()]
        call = _call(t, frm, tile)
        if call is not None:
            return [call]
    return []


def _call(t: Table, frm: int, tile: Tile) -> Call | None:
    round_wind = EAST + "ESWN".index(t.log.round[0])
    for step in (1, 2, 3):
        seat = (frm + step) % 4
        options = t.call_options(seat, tile)
        if not options:
            continue
        seat_wind = EAST + (seat - t.dealer) % 4
        valued = tile in DRAGONS or tile in (seat_wind, round_wind)
        opened = any(m.kind is not MeldKind.ANKAN for m in t.melds[seat])
        now = shanten(t.hand_of(seat)).minimum
        for kind, tiles in options:
            if kind == "pon" and valued:
                return Call(seat, kind, tiles, tile, frm, 0)
            if opened and kind != "daiminkan" and _lowers(t, seat, tiles, tile, now):
                return Call(seat, kind, tiles, tile, frm, 0)
    return None


def _lowers(t: Table, seat: int, tiles: tuple[Tile, ...], tile: Tile, now: int) -> bool:
    """Whether the call leaves a better shanten than the hand has now."""
    counts = list(t.counts[seat])
    own = list(tiles)
    own.remove(tile)
    for x in own:
        counts[x] -= 1
    kind = MeldKind.CHI if len(set(tiles)) > 1 else MeldKind.PON
    after = Hand(tuple(counts), (*t.melds[seat], Meld(kind, tiles, 0, tile)))
    return shanten(after).minimum < now


def play_game(seed: int, rules: str = "online", max_hands: int = MAX_HANDS) -> dict[str, object]:
    """A whole game of four bots, seeded, as a tenhou.net/6 object (``max_hands``: stop early)."""
    rs = get_ruleset(rules)
    rng = random.Random(seed)
    p = rs.starting_points
    scores: Scores = (p, p, p, p)
    round_name, dealer, honba, sticks = "E1", 0, 0, 0
    hands: list[HandLog] = []
    results: list[tuple[str, Scores, list[list[object]]]] = []
    for index in range(min(max_hands, MAX_HANDS)):
        log, result = play_hand(rng, rs, round_name, dealer, honba, sticks, scores, index)
        hands.append(log)
        wins: list[list[object]] = [
            [w.seat, w.from_seat, w.seat if w.liable is None else w.liable] for w in result.wins
        ]
        recorded = log.recorded_deltas
        assert recorded is not None
        results.append((result.result, recorded, wins))
        scores, sticks, honba = result.scores_after, result.sticks_after, result.honba_next
        if result.game_over or not result.next_round:
            break
        if not result.dealer_repeats:
            dealer = (dealer + 1) % 4
        round_name = result.next_round
    game = GameLog(("Бот 1", "Бот 2", "Бот 3", "Бот 4"), "tenhou6", rules, tuple(hands),
                   rs.red_fives)
    return write_tenhou(game, results)


def game_problems(game: dict[str, object], rules: str = "online") -> list[str]:
    """What breaks the table's properties in a bot game (empty: nothing).

    Read back and replayed, every hand must keep the points (scores plus
    sticks on the table stay the start), be settled as the bots' own table
    settled it (no difference from the recorded deltas, the same result) and
    lead to the scores the next hand starts from.
    """
    log = read_log(game)
    result = replay(log, rules)
    start = 4 * get_ruleset(rules).starting_points
    problems: list[str] = []
    for i, (hand, done) in enumerate(zip(log.hands, result.hands, strict=True)):
        where = f"hand {i} ({hand.round})"
        if sum(hand.scores) + 1000 * hand.sticks != start:
            problems.append(f"{where}: points before the hand do not sum to the start")
        if sum(done.deltas) + 1000 * (done.sticks_after - hand.sticks) != 0:
            problems.append(f"{where}: the deltas do not keep the points")
        if done.differs or done.result != hand.recorded_result:
            problems.append(f"{where}: replay {done.result} {done.deltas}, "
                            f"log {hand.recorded_result} {done.recorded_deltas}")
        if done.result == "win" and max(done.deltas) <= 0:
            problems.append(f"{where}: a win that paid nobody")
        if i + 1 < len(log.hands):
            after = tuple(a + d for a, d in zip(hand.scores, done.deltas, strict=True))
            if after != log.hands[i + 1].scores:
                problems.append(f"{where}: the next hand does not start from its scores")
    if sum(result.final) + 1000 * (result.hands[-1].sticks_after if result.hands else 0) != start:
        problems.append("final scores do not keep the points")
    return problems
