"""Seeded problems for «Самый безопасный сброс» (``safety``): a table that follows from play.

The riichi player's hand is dealt first (a real tenpai: a complete hand less
one tile); his pond is played towards it: before the riichi he throws what his
hand does not use (honours and terminals early, tiles next to his blocks
rarely), never one of his winning tiles (he is not furiten); the riichi tile
is a plausible last cut — often a tile next to his blocks, sometimes the
suji of his wait (the 1-3-5 shape cut to a kanchan); after the riichi he
throws what he draws. At player and master levels each discard carries its
tsumogiri mark (``tsumogiri``: 1-based positions of the tiles thrown as
drawn): in :data:`DRAWN_RIICHI_SHARE` of the riichi the riichi tile itself is
the tile he drew, and the last cut — the tile the danger model then reads
instead (:func:`engine.table.safety.trap_index`) — is his discard before it.
Novice problems carry no marks (the riichi tile is read as cut from the hand).
Nobody throws a winning tile of a riichi declared before (he would have
called ron). A second riichi (master) is a chasing one.

Levels (each rate over 200 problems, checked by tests/engine/test_generate_safety.py
within 5 points of the stated share; the level's row — a 100 %-safe tile held,
a reading lead, neither — and each extra are drawn by :mod:`engine.generate.mix`,
so consecutive seeds deal them evenly):

=========  ==============================================================
novice     one riichi; a genbutsu or passed tile in 45 % of hands (the
           issue: at most 60 %); no tsumogiri marks
player     one riichi; no genbutsu in 65 % of hands (at least half); the
           tsumogiri marks change the right answer in about 15 %
master     in 72 % the best tile leads by its suji number, kabe or
           one-chance (no 100 %-safe tile; at least 60 %), in the rest it
           does not (7 % hold a 100 %-safe tile); 22 % two riichi (at least 15 %);
           the tsumogiri marks change the right answer in about 20 %;
           25 % also face an opponent with calls (his hand and pond:
           :mod:`engine.generate.safety_open`)
=========  ==============================================================
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from engine.errors import HandError
from engine.generate.hands import MAX_TRIES, Builder, build_complete, nearby_tile
from engine.generate.mix import CALLS, EXTRA, MARKS, chance, pick
from engine.generate.play import Table, discard_weights, swapped_hand
from engine.generate.safety_open import OPEN_SHARE, READY_TURNS, fitted_hand, open_hand
from engine.hand import Hand, parse_hand
from engine.melds import Meld, parse_meld_text
from engine.shape.shanten import shanten
from engine.shape.waits import wait_tiles
from engine.table.safety import Riichi, SafetyTier, TileSafety, hand_safety, tile_safety
from engine.table.safety_open import OpenHand
from engine.tiles import NUM_KINDS, Counts, Tile, counts_of, parse_tiles, tile_code, to_mpsz

GENBUTSU_SHARE: dict[str, float] = {"novice": 0.45, "player": 0.35, "master": 0.25}
READING_SHARE = 0.72  # master: the best tile leads by suji number, kabe or one-chance
TWO_RIICHI_SHARE = 0.22  # master
READING = frozenset({SafetyTier.SUJI_19, SafetyTier.SUJI_28, SafetyTier.SUJI_37,
                     SafetyTier.SUJI_456, SafetyTier.NO_CHANCE, SafetyTier.ONE_CHANCE})
LEAD = 0.5  # points: a lead smaller than this is a tie (as the drill grades)
RIICHI_TURN: dict[str, tuple[int, int]] = {"novice": (6, 9), "player": (6, 12),
                                           "master": (7, 12)}
HANDS_PER_TABLE = 30
DRAWN_RIICHI_SHARE = 0.4  # player, master: the riichi tile was the tile just drawn
EARLY_DRAWN = 0.35  # a discard before the last cut thrown as drawn
TEDASHI_SHARE = 0.2  # player, master: problems whose answer the marks decide


@dataclass
class Seat:
    """One player at the table; a riichi player has a hand, waits and a riichi turn (1-based)."""

    hand: list[Tile] = field(default_factory=list)
    waits: frozenset[Tile] = frozenset()
    riichi_at: int = 0
    pond: list[Tile] = field(default_factory=list)
    near: frozenset[Tile] = frozenset()
    melds: tuple[Meld, ...] = ()  # an opponent with calls (no riichi)
    ready_at: int = 0  # his turn (1-based) from which nobody throws his winning tiles
    drawn_riichi: bool = False  # the riichi tile was tsumogiri
    drawn: list[bool] = field(default_factory=list)  # tsumogiri marks; empty: none known

    @property
    def cut_at(self) -> int:
        """0-based index of his last tedashi before the riichi: the riichi tile or the one
        before it."""
        return self.riichi_at - (2 if self.drawn_riichi else 1)


def riichi_hand(rng: random.Random, table: Table) -> tuple[list[Tile], frozenset[Tile]] | None:
    """A tenpai hand (13 tiles) placed on the table, and its winning tiles."""
    b = build_complete(rng, suits=tuple(rng.sample(range(3), rng.choice((2, 3)))),
                       triplet_rate=0.12, honor_rate=0.08)
    b.concealed.remove(rng.choice(b.concealed))
    counts = parse_hand(to_mpsz(b.concealed), size=13).concealed
    if max(counts) > 3 or not all(table.free(t) >= n for t, n in enumerate(counts)):
        return None
    waits = frozenset(wait_tiles(parse_hand(to_mpsz(b.concealed), size=13)))
    if not waits:
        return None
    table.place(b.concealed)
    return b.concealed, waits


def near_kinds(hand: Sequence[Tile]) -> frozenset[Tile]:
    """Kinds that join a block of ``hand``: same suit within two, or an honour he holds."""
    out = set(hand)
    for t in hand:
        if t < 27:
            out.update(k for k in range(t - 2, t + 3) if k // 9 == t // 9 and 0 <= k < 27)
    return frozenset(out)


def _weights(seat: Seat, index: int, kinds: list[Tile], used: list[int]) -> list[float]:
    """Each kind's weight for his ``index``-th discard, times its copies still free."""
    near = seat.near
    if seat.riichi_at and (index >= seat.riichi_at or index > seat.cut_at):
        return [1.0 * (4 - used[t]) for t in kinds]  # tsumogiri: whatever he drew
    if seat.riichi_at and index == seat.cut_at:
        return [(6.0 if t in near else 0.3) * (4 - used[t]) for t in kinds]
    # Before his last cut, or an opponent without riichi (near is empty but for calls).
    base = discard_weights(index)
    return [base[t] * (0.1 if t in near else 1.0) * (4 - used[t]) for t in kinds]


def _riichi_tile(rng: random.Random, seat: Seat, allowed: list[Tile]) -> Tile | None:
    """Sometimes the suji of his wait: the kanchan left after cutting 5 from 1-3-5."""
    traps = [w + d for w in seat.waits if w < 27 for d in (-3, 3)
             if 0 <= w % 9 + d <= 8 and w + d in allowed]
    if traps and rng.random() < 0.3:
        return rng.choice(traps)
    return None


def _discard(rng: random.Random, table: Table, seat: Seat, index: int,
             avoid: frozenset[Tile]) -> Tile:
    used = table.used
    allowed = [t for t in range(NUM_KINDS) if used[t] < 4 and t not in avoid]
    tile = _riichi_tile(rng, seat, allowed) if seat.riichi_at and index == seat.cut_at else None
    if tile is None:
        tile = rng.choices(allowed, _weights(seat, index, allowed, used))[0]
    used[tile] += 1
    return tile


def play_ponds(rng: random.Random, table: Table, seats: list[Seat], lengths: list[int]) -> None:
    """Every discard in turn order: seat 0, 1, 2, 3 each turn, avoiding live winning tiles."""
    for index in range(max(lengths)):
        for n, seat in enumerate(seats):
            if index >= lengths[n]:
                continue
            avoid = set(seat.waits)
            for other in seats:
                ready = other.riichi_at or other.ready_at
                if ready and other is not seat and (
                        ready - 1, seats.index(other)) < (index, n):
                    avoid |= other.waits
            seat.pond.append(_discard(rng, table, seat, index, frozenset(avoid)))


@dataclass(frozen=True)
class Wish:
    """What this problem must show: a 100 %-safe tile, a reading lead, two riichi,
    an answer the tsumogiri marks decide, an opponent with calls."""

    genbutsu: bool
    reading: bool
    two: bool
    tedashi: bool = False
    open: bool = False
    strict: bool = False  # the reading row decides both ways: a plain problem has no lead


def level_rows(level: str) -> dict[str, float]:
    """The level's rows and their shares: a 100 %-safe tile held, a reading lead, neither."""
    reading = READING_SHARE if level == "master" else 0.0
    genbutsu = (1 - reading) * GENBUTSU_SHARE[level]
    return {"genbutsu": genbutsu, "reading": reading, "plain": 1 - reading - genbutsu}


def _wish(rng: random.Random, level: str) -> Wish:
    """The problem's row and extras, each its own evenly spread draw (:mod:`engine.generate.mix`).

    Over any 200 consecutive seeds every share lands within about a point of
    its figure, where coin tosses would stray by five now and then.
    """
    row = pick(rng, level_rows(level))
    two = level == "master" and chance(rng, TWO_RIICHI_SHARE, EXTRA)
    tedashi = level != "novice" and row != "genbutsu" and chance(rng, TEDASHI_SHARE, MARKS)
    called = level == "master" and chance(rng, OPEN_SHARE, CALLS)
    return Wish(row == "genbutsu", row == "reading", two, tedashi, called,
                strict=level == "master")


def _table(rng: random.Random, level: str, wish: Wish) -> tuple[list[Seat], Table] | None:
    table = Table.empty()
    low, high = RIICHI_TURN[level]
    first = Seat(riichi_at=rng.randint(low, high))
    length = first.riichi_at + rng.randint(1 if wish.two else 0, 3)
    seats = [first, Seat(), Seat(), Seat()]
    if wish.two:
        seats[rng.choice((1, 2))].riichi_at = rng.randint(first.riichi_at + 1, length)
    for seat in seats:
        if seat.riichi_at:
            made = riichi_hand(rng, table)
            if made is None:
                return None
            seat.hand, seat.waits = made
            seat.near = near_kinds(seat.hand)
    if wish.open and not _seat_calls(rng, table, seats, length):
        return None
    if level != "novice":
        for seat in seats:
            if seat.riichi_at:
                seat.drawn_riichi = rng.random() < DRAWN_RIICHI_SHARE
        first.drawn_riichi = first.drawn_riichi or wish.tedashi
    play_ponds(rng, table, seats, [length, length, length, length - 1])
    if level != "novice":
        for seat in seats:
            if seat.riichi_at:
                seat.drawn = marks(rng, seat)
    return seats, table


def _seat_calls(rng: random.Random, table: Table, seats: list[Seat], length: int) -> bool:
    """Give seat 1 or 2 (not a riichi) a ready hand with calls, dealt before any pond."""
    free = [n for n in (1, 2) if not seats[n].riichi_at]
    deal = open_hand(rng, table)
    if deal is None:
        return False
    seat = seats[rng.choice(free)]
    seat.hand, seat.melds, seat.waits = list(deal.concealed), deal.melds, deal.waits
    seat.near = near_kinds(seat.hand)
    seat.ready_at = max(length - READY_TURNS, 1)
    return True


def opens_of(seats: Sequence[Seat]) -> tuple[OpenHand, ...]:
    """Each opponent with calls as the danger model reads him (winds unknown, as in the drill)."""
    return tuple(OpenHand(s.melds, tuple(s.pond)) for s in seats if s.melds)


def meld_tiles(seats: Sequence[Seat]) -> list[Tile]:
    return [t for s in seats for m in s.melds for t in m.tiles]


def marks(rng: random.Random, seat: Seat) -> list[bool]:
    """Tsumogiri marks of a riichi pond: some early discards, none on the last cut, all after."""
    return [i > seat.cut_at or (i < seat.cut_at and rng.random() < EARLY_DRAWN)
            for i in range(len(seat.pond))]


def riichis_of(seats: list[Seat]) -> tuple[tuple[Riichi, ...], tuple[int, ...]]:
    """Each riichi with the tiles that passed him, in turn order; and which seat declared it."""
    out, owners = [], []
    for n, seat in enumerate(seats):
        if not seat.riichi_at:
            continue
        at = seat.riichi_at - 1
        passed = tuple(t for m, other in enumerate(seats) if m != n
                       for j, t in enumerate(other.pond) if (j, m) > (at, n))
        out.append(Riichi(tuple(seat.pond), at, passed, tuple(seat.drawn)))
        owners.append(n)
    return tuple(out), tuple(owners)


def fits(wish: Wish, ranked: Sequence[TileSafety]) -> bool:
    """The hand asks what the level asks: a dangerous tile, a clear best, the wished kind."""
    least = round(ranked[0].danger, 1)
    best = [s for s in ranked if round(s.danger, 1) - least <= LEAD]
    if ranked[-1].danger < 5 or len(best) > 2:
        return False
    certain = any(s.tier.certain for s in ranked)
    if certain != wish.genbutsu:
        return False
    if wish.strict:  # the row decides alone: a plain problem has no reading lead either
        return wish.reading == reading_lead(ranked)
    return not wish.reading or reading_lead(ranked)


def reading_lead(ranked: Sequence[TileSafety]) -> bool:
    """The best tile (no 100 %-safe one held) leads the next by its class: suji number,
    kabe or one-chance — not by a dora or a riichi tile within one class."""
    least = round(ranked[0].danger, 1)
    best = [s for s in ranked if round(s.danger, 1) - least <= LEAD]
    rest = [s for s in ranked if s not in best]
    return (not any(s.tier.certain for s in ranked) and best[0].tier in READING
            and bool(rest) and rest[0].tier is not best[0].tier)


def marks_decide(hand: Hand, riichis: tuple[Riichi, ...], visible: Sequence[Tile],
                 dora: Tile, opens: tuple[OpenHand, ...] = (),
                 ranked: Sequence[TileSafety] | None = None) -> bool:
    """The right tiles differ when the tsumogiri marks are read and when they are not.

    An opponent with calls is priced in both readings: the drill grades against
    him too, so the marks decide only if they still do with him at the table.
    ``ranked``: the hand's prices with the marks, when the caller has them.
    """
    if ranked is None:
        ranked = hand_safety(hand, riichis, visible, (dora,), opens)
    plain = tuple(replace(r, tsumogiri=()) for r in riichis)
    return _right(ranked) != _right(hand_safety(hand, plain, visible, (dora,), opens))


def _right(ranked: Sequence[TileSafety]) -> frozenset[Tile]:
    least = round(ranked[0].danger, 1)
    return frozenset(s.tile for s in ranked if round(s.danger, 1) - least <= LEAD)


Price = Callable[[Tile], float]


def _prices(riichi: Riichi, seen: Counts) -> tuple[Price, Price]:
    """A kind's danger against ``riichi`` with its tsumogiri marks and without them.

    Asked for the few kinds the marks re-read and the hand's tiles only, not all 34
    (:func:`engine.table.safety.tile_safety` keeps each price once computed).
    """
    plain = replace(riichi, tsumogiri=())
    marked: dict[Tile, float] = {}
    unmarked: dict[Tile, float] = {}

    def with_marks(k: Tile) -> float:
        if k not in marked:
            marked[k] = tile_safety(k, riichi, seen).danger
        return marked[k]

    def without(k: Tile) -> float:
        if k not in unmarked:
            unmarked[k] = tile_safety(k, plain, seen).danger
        return unmarked[k]

    return with_marks, without


def _suji_of_marked(riichi: Riichi) -> list[Tile]:
    """Suji of the drawn riichi tile and of the last tedashi: the tiles the marks re-read."""
    out = []
    for tile in (riichi.drawn_riichi_tile, riichi.trap_tile):
        if tile is not None and tile < 27:
            out += [tile + d for d in (-3, 3) if 0 <= tile % 9 + d <= 8]
    return out


def _read_by_marks(rng: random.Random, table: Table, mine: Builder, marked: list[Tile],
                   prices: tuple[Price, Price]) -> None:
    """Hold a suji the marks re-read, and no tile as safe as it is in the model that likes it.

    ``prices``: each kind's danger with the marks and without (the table only).
    Then the marks decide the answer when some other tile lies between the
    suji's two prices — the final check (:func:`marks_decide`) makes sure.
    """
    held = [t for t in mine.concealed if t in marked]
    new = held[0] if held else rng.choice(marked)
    if not held:
        if mine.counts[new] >= 3 or table.free(new) <= mine.counts[new]:
            return
        mine.swap(rng.choice(mine.concealed), new)
    price = min(prices, key=lambda p: p(new))
    limit = price(new) + LEAD
    for old in [t for t in mine.concealed if t != new]:
        if price(old) <= limit:
            _swap_near(rng, table, mine, old, lambda k: price(k) > limit)


def _swap_near(rng: random.Random, table: Table, mine: Builder, old: Tile,
               good: Callable[[Tile], bool]) -> None:
    for attempt in range(8):
        anchor = rng.choice(mine.concealed)
        new = nearby_tile(rng, anchor, 0.15) if attempt < 5 else rng.randrange(NUM_KINDS)
        if good(new) and mine.counts[new] < 3 and table.free(new) > mine.counts[new]:
            mine.swap(old, new)
            return


def _drop_safe(rng: random.Random, table: Table, mine: Builder, safe: frozenset[Tile]) -> None:
    """Swap each 100 %-safe tile for one near another tile of the hand (or any unsafe kind)."""
    for old in [t for t in mine.concealed if t in safe]:
        for attempt in range(8):
            anchor = rng.choice(mine.concealed)
            new = nearby_tile(rng, anchor, 0.15) if attempt < 5 else rng.randrange(NUM_KINDS)
            if new not in safe and mine.counts[new] < 3 and table.free(new) > mine.counts[new]:
                mine.swap(old, new)
                break


def _learner(rng: random.Random, table: Table, riichis: tuple[Riichi, ...],
             visible: list[Tile], dora: Tile, wish: Wish,
             opens: tuple[OpenHand, ...] = ()) -> Builder | None:
    safe = frozenset(t for r in riichis for t in (*r.pond, *r.passed))
    seen = counts_of(visible)
    prices = _prices(riichis[0], seen)
    marked = [k for k in _suji_of_marked(riichis[0]) if wish.tedashi and k not in safe
              and table.free(k) > 0 and prices[0](k) != prices[1](k)]
    if wish.tedashi and not marked:
        return None  # nothing on this table reads differently with the marks
    reading = [k for k in range(NUM_KINDS) if wish.reading and k not in safe
               and table.free(k) > 0
               and all(tile_safety(k, r, seen).tier in READING for r in riichis)]
    for _ in range(HANDS_PER_TABLE):
        # A crowded table: an opponent's 13 tiles, or a master table (long ponds, often two
        # riichi hands), where nine played hands in ten did not fit and the table was dealt
        # again (docs/performance.md). Novice and player keep their problems.
        deal = fitted_hand if opens or wish.strict else swapped_hand
        mine = deal(rng, table, rng.choice((2, 3)), 14)
        if mine is None:
            continue
        if wish.reading and reading and not any(t in reading for t in mine.concealed):
            new = rng.choice(reading)  # a tile to read: suji, kabe or one-chance
            if mine.counts[new] < 3 and table.free(new) > mine.counts[new]:
                mine.swap(rng.choice(mine.concealed), new)
        if marked:
            _read_by_marks(rng, table, mine, marked, prices)
        if not wish.genbutsu:
            _drop_safe(rng, table, mine, safe)
        if wish.genbutsu != any(t in safe for t in mine.concealed):
            continue
        hand = parse_hand(to_mpsz(mine.concealed), size=14)
        ranked = hand_safety(hand, riichis, visible, (dora,), opens)
        if fits(wish, ranked) and shanten(hand).minimum >= 0 and (
                not wish.tedashi or marks_decide(hand, riichis, visible, dora, opens, ranked)):
            return mine
    return None


def gen_safety(rng: random.Random, level: str) -> dict[str, Any]:
    """A riichi (or two) that follows from play, every pond, and a hand facing the choice."""
    wish = _wish(rng, level)
    for _ in range(MAX_TRIES):
        made = _table(rng, level, wish)
        if made is None:
            continue
        seats, table = made
        dora = rng.choices(range(NUM_KINDS), [table.free(t) for t in range(NUM_KINDS)])[0]
        table.place((dora,))
        riichis, owners = riichis_of(seats)
        visible = [t for s in seats for t in s.pond] + [dora] + meld_tiles(seats)
        mine = _learner(rng, table, riichis, visible, dora, wish, opens_of(seats))
        if mine is None:
            continue
        params: dict[str, Any] = {
            "hand": to_mpsz(mine.concealed),
            "melds": [],
            "pond": _codes(seats[0].pond),
            "riichi_at": seats[0].riichi_at,
            "ponds": [_codes(s.pond) for s in seats[1:]],
            "dora": tile_code(dora),
            "riichi_hand": to_mpsz(seats[0].hand),
        }
        if seats[0].drawn:
            params["tsumogiri"] = _positions(seats[0].drawn)
        if len(owners) > 1:
            params.update(second=owners[1], second_at=seats[owners[1]].riichi_at,
                          second_hand=to_mpsz(seats[owners[1]].hand))
            if seats[owners[1]].drawn:
                params["second_tsumogiri"] = _positions(seats[owners[1]].drawn)
        called = next((n for n, s in enumerate(seats) if s.melds), 0)
        if called:
            params.update(open_seat=called, open_hand=to_mpsz(seats[called].hand),
                          open_melds=[f"{m.kind.value} {m.to_mpsz()}"
                                      for m in seats[called].melds])
        return params
    raise HandError("Не удалось подобрать ситуацию для этого уровня.")


def _positions(drawn: Sequence[bool]) -> list[int]:
    """1-based positions of the tsumogiri discards (the drill's ``tsumogiri`` parameter)."""
    return [i + 1 for i, d in enumerate(drawn) if d]


def _marks(positions: Sequence[int] | None, length: int) -> list[bool]:
    return [i + 1 in positions for i in range(length)] if positions else []


def _codes(tiles: Sequence[Tile]) -> str:
    return " ".join(tile_code(t) for t in tiles)


def read_problem(params: dict[str, Any]) -> tuple[Hand, tuple[Riichi, ...], list[Tile], Tile]:
    """A generated problem back as the engine sees it: hand, riichis, visible tiles, indicator."""
    ponds = [parse_tiles(params["pond"]).kinds, *(parse_tiles(p).kinds for p in params["ponds"])]
    seats = [Seat(pond=list(p)) for p in ponds]
    seats[0].riichi_at = params["riichi_at"]
    seats[0].drawn = _marks(params.get("tsumogiri"), len(ponds[0]))
    if params.get("second"):
        second = seats[params["second"]]
        second.riichi_at = params["second_at"]
        second.drawn = _marks(params.get("second_tsumogiri"), len(second.pond))
    riichis, _ = riichis_of(seats)
    dora = parse_tiles(params["dora"]).kinds[0]
    visible = [t for p in ponds for t in p] + [dora] + meld_tiles(_called(params, seats))
    return parse_hand(params["hand"], size=14), riichis, visible, dora


def read_opens(params: dict[str, Any]) -> tuple[OpenHand, ...]:
    """The opponent with calls of a generated problem, if any, as the danger model reads him."""
    ponds = [parse_tiles(params["pond"]).kinds, *(parse_tiles(p).kinds for p in params["ponds"])]
    return opens_of(_called(params, [Seat(pond=list(p)) for p in ponds]))


def _called(params: dict[str, Any], seats: list[Seat]) -> list[Seat]:
    if params.get("open_seat"):
        seat = seats[params["open_seat"]]
        seat.melds = tuple(parse_meld_text(m) for m in params["open_melds"])
    return seats
