"""Seeded problems for the three judgement kinds: ``call``, ``push`` and ``riichi``.

Each problem first draws which row of its *Riichi Book I* table
(:mod:`engine.rules.strategy`) should decide it — the level's mix below —
then builds hands the way real ones look (:mod:`engine.generate.hands`)
until :mod:`engine.table.judgement` decides it by that row; the drill grades
by the same judgement, so a problem can never disagree with its grading.

Levels (rates over 200 problems each in tests/engine/test_generate_call.py and
tests/engine/test_generate_judgement.py). A problem's row (or number of push
conditions), its seat and its second riichi are drawn once per problem and
spread evenly over consecutive seeds (:mod:`engine.generate.mix`), and the
search keeps building until the drawn row decides, so every level deals its
stated mix — each share within 5 points over 200 seeds, in practice within 2:

- ``call`` — novice: the call makes a ready hand with a yaku, or leaves no
  yaku; player: one factor decides (cheap and slow or not; the call does not
  advance the hand); master: the value drops, a concealed value set, the dealer.
  Every row of a level's mix (``CALL_MIX``) and its dealer share
  (``DEALER_SHARE``) is dealt within 5 points: the seat is drawn once per
  problem and the cheap rows are built at one han, which a dealer's hand is
  cheap at too (1500; at two han it is 2900, no longer cheap).
- ``push`` (``PUSH_MET``: each number of conditions met equally often) — novice:
  all three conditions agree (none or all three, 50 % each), never the dealer;
  player: exactly two agree (one or two met, 50 % each), the dealer 20 %; master:
  0–3 met, 25 % each, the dealer 40 %, two riichi 30 % (``TWO_RIICHI_SHARE``).
- ``riichi`` (``RIICHI_MIX``) — novice: a good wait and a han, or riichi-only with a
  bad wait (65 / 35 %), never the dealer; player: one reason only (a han, the wait
  or the dealer; 55 %), riichi-only with a bad wait (35 %), few tiles left (10 %,
  built as such: a random ready hand seldom has one), the dealer in 20 % of the
  hands that are not riichi-only (a dealer's riichi-only hand is worth riichi);
  master: dama at haneman 25 %, an expensive hand with a wide wait (riichi) 30 % or
  without (dama) 30 %, one of three reasons 15 %, the dealer 40 %.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, TypeVar

from engine.errors import HandError
from engine.generate.basic import WIND_CODES
from engine.generate.hands import INDICATOR_OF, Builder, build_complete, nearby_tile
from engine.generate.mix import EXTRA, SEAT, chance, pick
from engine.generate.play import Table, pond
from engine.hand import parse_hand
from engine.melds import parse_meld_text
from engine.rules.sets import get_ruleset
from engine.rules.strategy import CALL_SLOW_SHANTEN
from engine.table.judgement import (
    CallVerdict,
    PushVerdict,
    RiichiVerdict,
    judge_call,
    judge_push,
    judge_riichi,
    shanten_after_call,
)
from engine.table.safety import Riichi
from engine.tiles import FIVES, NUM_KINDS, Tile, tile_code, to_mpsz

TRIES = 60
# A call is judged in milliseconds to tens of them (the Python engine): at most this many
# are judged per problem; candidates the shanten after the call rules out cost far less
# and count only towards TRIES.
CALL_JUDGED = 12
RULES = get_ruleset("online")

# Which table row should decide, by level (weights).
CALL_MIX: dict[str, dict[str, float]] = {
    "novice": {"call_ready": 0.6, "call_no_yaku": 0.4},
    "player": {"call_cheap_slow": 0.35, "call_fast_or_expensive": 0.35,
               "call_no_progress": 0.15, "call_ready": 0.15},
    "master": {"call_value_drop": 0.3, "call_value_set": 0.2, "call_cheap_slow": 0.15,
               "call_fast_or_expensive": 0.2, "call_ready": 0.15},
}
RIICHI_MIX: dict[str, dict[str, float]] = {
    "novice": {"riichi_one_of_three": 0.65, "dama_riichi_only_bad": 0.35},
    "player": {"riichi_one_of_three": 0.55, "dama_riichi_only_bad": 0.35, "dama_few_tiles": 0.1},
    "master": {"dama_haneman": 0.25, "riichi_expensive_wide": 0.3, "dama_expensive": 0.3,
               "riichi_one_of_three": 0.15},
}
# push: how many of the three conditions (ready, high, good) hold, by level
PUSH_MET: dict[str, tuple[int, ...]] = {"novice": (0, 3), "player": (1, 2), "master": (0, 1, 2, 3)}
DEALER_SHARE: dict[str, float] = {"novice": 0.0, "player": 0.2, "master": 0.4}
TWO_RIICHI_SHARE = 0.3  # push, master


def _seat(rng: random.Random, level: str) -> Tile:
    """The learner's seat, drawn once per problem: the dealer for the level's share of seeds."""
    return 27 if chance(rng, DEALER_SHARE[level], SEAT) else rng.choice((28, 29, 30))


def _dora_for(rng: random.Random, tiles: list[Tile], rich: bool) -> Tile:
    """An indicator: with ``rich``, one whose dora the hand holds; else any kind."""
    if rich and tiles:
        return INDICATOR_OF[rng.choice(tiles)]
    return rng.randrange(NUM_KINDS)


def _dora_away(rng: random.Random, tiles: list[Tile]) -> Tile:
    """An indicator whose dora is none of ``tiles``: a cheap hand stays cheap."""
    return rng.choice([INDICATOR_OF[t] for t in range(NUM_KINDS) if t not in tiles])


def _hand(rng: random.Random, honours: float) -> Builder:
    return build_complete(rng, suits=tuple(rng.sample(range(3), rng.choice((2, 3)))),
                          triplet_rate=0.2, honor_rate=honours)


def _text(tiles: list[Tile], red: bool) -> str:
    flags = [red and t in FIVES and tiles.index(t) == i for i, t in enumerate(tiles)]
    return to_mpsz(tiles, flags)


V = TypeVar("V", CallVerdict, PushVerdict, RiichiVerdict)
# A candidate: the row (or condition count) that decided it, its parameters, the verdict.
Made = tuple[str, dict[str, Any], V]
# A candidate known not to be the wanted one before it is judged: judged only if it
# is needed as the spare (the judgement takes no random numbers, so judging it
# later gives what judging it at once would have).
Later = Callable[[], Made[V] | None]


def _search(rng: random.Random, build: Callable[[], Made[V] | Later[V] | None], wanted: str,
            judged: int = TRIES) -> tuple[dict[str, Any], V]:
    """Build until the wanted row decides; after ``TRIES`` candidates, or ``judged`` judged
    ones that missed, the first usable problem.

    The verdict comes back with the parameters: it is what the drill's grading
    computes again from them, so a caller that needs both (the level tests)
    does not judge every problem twice. Giving up early would deal another row
    than the one drawn, and the level would miss its mix.
    """
    spares: list[Made[V] | Later[V]] = []
    for _ in range(TRIES):
        made = build()
        if made is None:
            continue
        if not callable(made):
            if made[0] == wanted:
                return made[1], made[2]
            judged -= 1
        spares.append(made)
        if judged <= 0:
            break
    for spare in spares:
        got = spare() if callable(spare) else spare
        if got is not None:
            return got[1], got[2]
    raise HandError("Не удалось подобрать ситуацию для этого уровня.")


# --- «Брать или нет?» -----------------------------------------------------------------


def _simple_hand(rng: random.Random) -> list[Tile]:
    """Four sets and a pair of simples only (2–8): a hand that keeps tanyao when it opens."""
    while True:
        suits = rng.sample(range(3), rng.choice((2, 3)))
        tiles: list[Tile] = [rng.choice(suits) * 9 + rng.randint(1, 7)] * 2
        for _ in range(4):
            suit = rng.choice(suits) * 9
            if rng.random() < 0.2:
                tiles += [suit + rng.randint(1, 7)] * 3
            else:
                start = suit + rng.randint(1, 5)
                tiles += [start, start + 1, start + 2]
        if all(tiles.count(t) <= 4 for t in tiles):
            return tiles


def _iipeikou_hand(rng: random.Random) -> tuple[list[Tile], tuple[Tile, Tile, Tile]]:
    """Simples only, all runs, one run twice (iipeikou): worth much closed, little open."""
    while True:
        suits = [rng.randrange(3) for _ in range(4)]
        starts = [s * 9 + rng.randint(1, 5) for s in suits]
        starts[1] = starts[0]
        pair = rng.randrange(3) * 9 + rng.randint(1, 7)
        tiles = [pair, pair] + [t + i for t in starts for i in range(3)]
        called = (starts[2], starts[2] + 1, starts[2] + 2)
        if all(tiles.count(t) <= 4 for t in tiles) and starts[2] != starts[0]:
            return tiles, called


def _value_pon_hand(rng: random.Random, seat: Tile) -> tuple[list[Tile], tuple[Tile, Tile, Tile]]:
    """Three sets, a pair and a value honour's triplet (the one to be ponned)."""
    honour = rng.choice((31, 32, 33, seat, 27))
    b = build_complete(rng, suits=tuple(rng.sample(range(3), 2)), triplet_rate=0.1,
                       honor_rate=0.0)
    tiles = list(b.concealed)
    for t in _sets_of(tiles)[:1]:
        for x in t:
            tiles.remove(x)
    return [*tiles, honour, honour, honour][:14], (honour, honour, honour)


def _break(rng: random.Random, tiles: list[Tile], keep: list[Tile]) -> bool:
    """One step away from ready: a number tile outside ``keep`` swapped for a nearby one."""
    spare = [i for i, t in enumerate(tiles) if t not in keep and t < 27]
    if not spare:
        return False
    i = rng.choice(spare)
    tiles[i] = nearby_tile(rng, tiles[i], 0.2)
    return True


_FAR = {"call_ready": 1, "call_no_yaku": 1, "call_no_progress": 0, "call_value_drop": 1,
        "call_fast_or_expensive": 2}
# The rows of a cheap hand that the call leaves slow: built by _slow_offer, not by breaking.
SLOW_ROWS = ("call_cheap_slow", "call_value_set")
Offer = tuple[list[Tile], tuple[Tile, Tile, Tile], Tile]


def _guest_winds(seat: Tile) -> list[Tile]:
    """Winds whose triplet is no yaku for ``seat`` (the round is East)."""
    return [w for w in (28, 29, 30) if w != seat]


def _apart(blocks: list[tuple[Tile, ...]], gap: int, tile: Tile) -> bool:
    """``tile`` is at least ``gap`` steps from every number tile of ``blocks`` in its suit."""
    return tile >= 27 or all(t >= 27 or t // 9 != tile // 9 or abs(t - tile) >= gap
                             for block in blocks for t in block)


def _place(blocks: list[tuple[Tile, ...]], make: Callable[[], tuple[Tile, ...]],
           gap: int) -> bool:
    """Add a block ``make`` draws that shares no kind with ``blocks`` and stands ``gap``
    steps from them (a few draws; False if none fits)."""
    for _ in range(8):
        block = make()
        if all(_apart(blocks, gap, t) for t in block) and not set(block) & {
                t for b in blocks for t in b}:
            blocks.append(block)
            return True
    return False


def _slow_offer(rng: random.Random, seat: Tile, value_set: bool) -> Offer | None:
    """A cheap hand the call leaves 2-away with bad shapes (the book's melding judgements
    1 and 4), for a dealer as well as a non-dealer.

    After the call the hand keeps one complete set, two kanchan or penchan and lone
    tiles: 2-away with 17–25 improving copies (the book's slow example keeps 20), worth
    one han — 1000, or 1500 for a dealer, who has no cheap hand at two han (2900). The
    han is a value honour: concealed (``value_set``, beside a plain chi or pon) or the
    called one, as in the book's example; no other han (two suits at least, no simples
    only, the caller draws the dora away from the hand). The blocks stand apart, so no
    tile joins two of them into a better shape.
    """
    suits = rng.sample(range(3), rng.choice((2, 3)))
    honour = rng.choice((31, 32, 33) if value_set or seat == 27 else (31, 32, 33, seat))
    blocks: list[tuple[Tile, ...]] = []

    def place(make: Callable[[], tuple[Tile, ...]], gap: int) -> bool:
        return _place(blocks, make, gap)

    def plain_set() -> tuple[Tile, Tile, Tile]:
        start = rng.choice(suits) * 9 + rng.randint(0, 6)
        return (start,) * 3 if rng.random() < 0.2 else (start, start + 1, start + 2)

    def bad_shape() -> tuple[Tile, ...]:
        suit = rng.choice(suits) * 9
        if rng.random() < 0.25:
            return rng.choice(((suit, suit + 1), (suit + 7, suit + 8)))  # a penchan
        low = suit + rng.randint(0, 6)
        return (low, low + 2)

    honours = [t for t in (*_guest_winds(seat), 31, 32, 33) if t != honour]

    def lone() -> tuple[Tile, ...]:
        if rng.random() < 0.3:
            return (rng.choice(honours),)
        return (rng.choice(suits) * 9 + rng.randrange(9),)

    triplet = (honour, honour, honour)
    called_set = plain_set() if value_set else triplet
    blocks.append(called_set)
    if not (place(lambda: triplet if value_set else plain_set(), 2)
            and all(place(bad_shape, 2) for _ in range(2))
            and all(place(lone, rng.choice((1, 2, 3))) for _ in range(4))):
        return None
    tiles = [t for block in blocks for t in block]
    if len({t // 9 for t in tiles if t < 27}) < 2:
        return None
    called = rng.choice(called_set)
    tiles.remove(called)
    return tiles, called_set, called


def _ruled_out(wanted: str, after: int) -> bool:
    """The shanten after the call alone shows ``wanted`` cannot decide: the slow rows need
    2-away or worse; the ready row a ready hand, which the last row never sees."""
    if wanted in SLOW_ROWS:
        return after < CALL_SLOW_SHANTEN
    if wanted == "call_ready":
        return after != 0
    return wanted == "call_fast_or_expensive" and after == 0


def _call_candidate(rng: random.Random, seat: Tile,
                    wanted: str) -> Made[CallVerdict] | Later[CallVerdict] | None:
    if wanted in SLOW_ROWS:
        offer = _slow_offer(rng, seat, wanted == "call_value_set")
    else:
        offer = _offer(rng, seat, wanted)
    if offer is None:
        return None
    tiles, called_set, called = offer
    rich = wanted == "call_fast_or_expensive" or (
        wanted != "call_value_drop" and wanted not in SLOW_ROWS and rng.random() < 0.25)
    dora = (_dora_away(rng, [*tiles, called]) if wanted in SLOW_ROWS
            else _dora_for(rng, tiles, rich))
    kind = "pon" if called_set[0] == called_set[1] else "chi"
    text, call = _text(sorted(tiles), rich and rng.random() < 0.5), f"{kind} {to_mpsz(called_set)}"
    params: dict[str, Any] = {"hand": text, "call": call, "tile": tile_code(called),
              "seat": WIND_CODES[seat - 27], "round": "E", "dora": tile_code(dora),
              "turn": rng.randint(4, 10)}
    return _call_verdict(params, called, seat, dora, wanted)


def _offer(rng: random.Random, seat: Tile, wanted: str) -> Offer | None:
    """A complete hand with the called set taken apart, then ``_FAR[wanted]`` steps from ready."""
    tiles: list[Tile]
    if wanted == "call_no_yaku":
        tiles = list(_hand(rng, 0.05).concealed)
        sets = _sets_of(tiles)
    elif wanted == "call_value_drop":
        tiles, chi = _iipeikou_hand(rng)
        sets = [chi]
    elif rng.random() < 0.5:
        tiles = _simple_hand(rng)
        sets = _sets_of(tiles)
    else:
        tiles, pon = _value_pon_hand(rng, seat)
        sets = [pon]
    if not sets or len(tiles) != 14 or any(tiles.count(t) > 4 for t in tiles):
        return None
    called_set = rng.choice(sets)
    called = rng.choice(called_set)
    tiles.remove(called)
    keep = list(called_set)
    keep.remove(called)
    for _ in range(_FAR[wanted]):
        if not _break(rng, tiles, keep):
            return None
    if any(tiles.count(t) > 4 for t in tiles) or tiles.count(called) + len(called_set) > 6:
        return None
    return tiles, called_set, called


def _call_verdict(params: dict[str, Any], called: Tile, seat: Tile, dora: Tile,
                  wanted: str) -> Made[CallVerdict] | Later[CallVerdict] | None:
    """The candidate judged; or, when its shanten after the call alone rules ``wanted``
    out, the judgement for later (needed only if it becomes the spare)."""
    try:
        hand, meld = parse_hand(params["hand"], size=13), parse_meld_text(params["call"])
        after = shanten_after_call(hand, meld, called)
    except HandError:
        return None

    def judged() -> Made[CallVerdict] | None:
        try:
            v = judge_call(hand, meld, called, seat, 27, (dora,), RULES)
        except HandError:
            return None
        return v.row.id, params, v

    return judged if _ruled_out(wanted, after) else judged()


def _sets_of(tiles: list[Tile]) -> list[tuple[Tile, Tile, Tile]]:
    """Sets in ``tiles`` that could have been called: triplets and runs present in the hand."""
    out: list[tuple[Tile, Tile, Tile]] = []
    for t in set(tiles):
        if tiles.count(t) >= 3:
            out.append((t, t, t))
        if t < 27 and t % 9 <= 6 and t + 1 in tiles and t + 2 in tiles:
            out.append((t, t + 1, t + 2))
    return sorted(out)


def judged_call(rng: random.Random, level: str) -> tuple[dict[str, Any], CallVerdict]:
    """A chi or pon offered to a closed hand, and the verdict that grades it.

    The seat is drawn once per problem, not per candidate: drawn per candidate, the
    rows a dealer's points make rarer (a cheap hand) would pick the non-dealers and
    the level would deal fewer dealers than its share.
    """
    wanted = pick(rng, CALL_MIX[level])
    seat = _seat(rng, level)
    return _search(rng, lambda: _call_candidate(rng, seat, wanted), wanted, CALL_JUDGED)


def gen_call(rng: random.Random, level: str) -> dict[str, Any]:
    """A chi or pon offered to a closed hand."""
    return judged_call(rng, level)[0]


# --- «Риичи или дама?» ------------------------------------------------------------------


def _few_tiles_hand(rng: random.Random) -> list[Tile] | None:
    """A ready hand with a yaku whose one winning kind, a simple, has two copies left.

    The wait is ``x x+1 x+1 x+2`` (a run and a single wait, or a pair and a kanchan:
    either way only ``x+1``, two of whose copies the hand holds) — the book's «really bad
    wait» that keeps dama; the yaku is tanyao or a dragon triplet. The other sets stand
    three steps from the wait, so none adds a winning tile.
    """
    suits = rng.sample(range(3), rng.choice((2, 3)))
    simple = rng.random() < 0.5
    lo, hi = (1, 7) if simple else (0, 8)
    x = rng.choice(suits) * 9 + rng.randint(lo, hi - 2)
    blocks: list[tuple[Tile, ...]] = [(x, x + 1, x + 1, x + 2)]
    if not simple:
        blocks.append((rng.choice((31, 32, 33)),) * 3)

    def plain_set() -> tuple[Tile, ...]:
        start = rng.choice(suits) * 9 + rng.randint(lo, hi - 2)
        return (start,) * 3 if rng.random() < 0.25 else (start, start + 1, start + 2)

    if not all(_place(blocks, plain_set, 3) for _ in range(4 - len(blocks))):
        return None
    return [t for block in blocks for t in block]


def _riichi_candidate(rng: random.Random, level: str, wanted: str,
                      seat: Tile) -> Made[RiichiVerdict] | None:
    expensive = wanted in ("dama_haneman", "riichi_expensive_wide", "dama_expensive")
    if wanted == "dama_few_tiles":
        few = _few_tiles_hand(rng)
        if few is None:
            return None
        concealed = few
    else:
        concealed = list(_hand(rng, 0.25 if expensive else 0.1).concealed)
        concealed.remove(rng.choice(concealed))
    rich = expensive or (wanted == "riichi_one_of_three" and rng.random() < 0.5)
    dora = _dora_for(rng, concealed, rich)
    turn = rng.randint(3, 12) if level == "master" else rng.randint(4, 9)
    text = _text(sorted(concealed), rich and rng.random() < 0.6)
    params: dict[str, Any] = {"hand": text, "seat": WIND_CODES[seat - 27], "round": "E",
                              "dora": tile_code(dora), "turn": turn}
    try:
        hand = parse_hand(text, size=13)
        v = judge_riichi(hand, seat, 27, (dora,), turn, (), RULES)
    except HandError:
        return None
    if level == "novice" and v.row.id == "riichi_one_of_three" and not (
            v.wait.good and v.extra_han >= 1):
        return None  # a clear case: a good wait and a han
    if level == "player" and v.row.id == "riichi_one_of_three" and (
            (v.extra_han >= 1) + v.wait.good + v.dealer) != 1:
        return None  # one reason only
    return v.row.id, params, v


def judged_riichi(rng: random.Random, level: str) -> tuple[dict[str, Any], RiichiVerdict]:
    """A closed ready hand: riichi or dama? And the verdict that grades it.

    The row and the seat are drawn once per problem (see :func:`judged_call`); a
    riichi-only hand is a non-dealer's (a dealer's riichi-only hand is worth riichi).
    """
    wanted = pick(rng, RIICHI_MIX[level])
    seat = _seat(rng, level) if wanted != "dama_riichi_only_bad" else rng.choice((28, 29, 30))
    return _search(rng, lambda: _riichi_candidate(rng, level, wanted, seat), wanted)


def gen_riichi(rng: random.Random, level: str) -> dict[str, Any]:
    """A closed ready hand: riichi or dama?"""
    return judged_riichi(rng, level)[0]


# --- «Идти или сдаваться?» ------------------------------------------------------------


def _push_candidate(rng: random.Random, met: int, two: bool,
                    seat: Tile) -> Made[PushVerdict] | None:
    high = met >= 2 and rng.random() < 0.7 or met == 3
    b = _hand(rng, 0.15)
    concealed = list(b.concealed)
    concealed.remove(rng.choice(concealed))
    if met == 0 or met == 1 and rng.random() < 0.5:  # a 1-away hand (a ready one meets one)
        concealed[rng.randrange(13)] = nearby_tile(rng, rng.choice(concealed), 0.3)
    table = Table.empty()
    table.place(concealed)
    if any(table.free(t) < 0 for t in range(NUM_KINDS)):
        return None
    free = [t for t in range(NUM_KINDS) if table.free(t) > 0]
    push = rng.choice([t for t in free if t < 27 and 2 <= t % 9 <= 6] or free)
    table.place((push,))
    dora = _dora_for(rng, concealed, high)
    table.place((dora,))
    turn = rng.randint(6, 12)
    first = pond(rng, table, turn, frozenset({push}))
    params: dict[str, Any] = {
        "hand": _text(sorted([*concealed, push]), high and rng.random() < 0.5),
        "push": tile_code(push), "pond": " ".join(tile_code(t) for t in first),
        "riichi_at": rng.randint(max(1, turn - 3), turn), "dora": tile_code(dora),
        "seat": WIND_CODES[seat - 27], "round": "E"}
    riichis = [Riichi(tuple(first), params["riichi_at"] - 1)]
    visible = [*first, dora]
    if two:
        second = pond(rng, table, turn - 1, frozenset({push}))
        params.update(second_pond=" ".join(tile_code(t) for t in second),
                      second_at=len(second))
        riichis.append(Riichi(tuple(second), len(second) - 1))
        visible += second
    try:
        hand = parse_hand(params["hand"], size=14)
        v = judge_push(hand, push, riichis, visible, (dora,), seat, 27, RULES)
    except HandError:
        return None
    if v.danger.tier.certain or v.shanten > 1:
        return None
    return str(v.ready + v.high + v.good), params, v


def judged_push(rng: random.Random, level: str) -> tuple[dict[str, Any], PushVerdict]:
    """A riichi, a hand and the tile it would have to push; the verdict that grades it."""
    met = pick(rng, dict.fromkeys(PUSH_MET[level], 1.0))
    two = level == "master" and chance(rng, TWO_RIICHI_SHARE, EXTRA)
    seat = _seat(rng, level)
    return _search(rng, lambda: _push_candidate(rng, met, two, seat), str(met))


def gen_push(rng: random.Random, level: str) -> dict[str, Any]:
    """A riichi, a hand and the tile it would have to push."""
    return judged_push(rng, level)[0]


GENERATORS: dict[str, Callable[[random.Random, str], dict[str, Any]]] = {
    "call": gen_call,
    "push": gen_push,
    "riichi": gen_riichi,
}
