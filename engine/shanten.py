"""Shanten: how many tiles a hand lacks to tenpai, per form, and what improves it.

``-1`` is a complete hand, ``0`` tenpai, ``n`` means n draws (each with a
discard) are still needed. The four-copy rule of :mod:`engine.waits` holds at
every distance, not only at tenpai: a tile the hand holds four of (concealed
and melds together) cannot be drawn, so a block that needs a fifth copy does
not count. ``shanten == 0`` is exactly "tenpai" as the waits say (a shape that
waits only on such tiles, karaten, is 1).

How it is counted. A hand's shanten is the distance to the nearest complete
hand it could still become, minus one: with ``T`` a complete hand (the same
melds, four sets and a pair, no kind more than four times counting the
melds) and ``H`` the concealed tiles, ``shanten = min over T of (tiles of T
not in H) - 1``, for 13 and 14 tiles alike. Why this is the step count: a
draw and a discard bring the hand at most one tile nearer any ``T``; and
drawing the tiles ``T`` lacks, discarding the others, gets there, because a
kind ``T`` needs more of is held fewer than ``T``'s count, at most four,
times, so a copy is always left. For the same reason some tile of the
nearest ``T`` always improves the hand: a hand at shanten ``n >= 0`` always
has improving tiles. The tiles the count cannot use are reported apart
(:func:`exhausted_tiles`): kinds held four times that a fifth copy would
have helped.

Standard form. "Tiles of T not in H" is ``|T| - overlap`` and the overlap
sums over suits, so each suit's count tuple (with the copies the melds leave
of each kind) is read once into a table: the largest overlap of any
arrangement of ``s`` sets and ``p`` pairs in that suit (:func:`_suit_table`,
cached), and the hand combines its four suits' tables (:func:`_merge`).
Sets and a pair that overlap nothing can always go on a kind nobody holds
(a 14-tile hand leaves at least 20), so fewer blocks than needed are fine.

Chiitoitsu: ``6 - pairs + max(0, 7 - kinds)`` — a four of a kind is one pair
only, because the seven pairs must be different. Kokushi: ``13 - kinds of
terminals and honours - (1 if one of them is paired)``. Both need a closed
hand without any meld (a closed kan is a meld too), and in both the four-copy
rule never bites: every tile they lack is a kind the hand holds at most once.

>>> from engine.hand import parse_hand
>>> r = shanten(parse_hand("11223344556677z", size=14))
>>> r.standard, r.chiitoitsu, r.kokushi, r.minimum
(3, -1, 5, -1)
>>> shanten(parse_hand("1111223344556p", size=13)).chiitoitsu  # 1111p is one pair, not two
2
>>> shanten(parse_hand("1111222233334z", size=13)).standard  # a fourth set from nothing
3
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from engine.blocks import Form
from engine.errors import HandError
from engine.hand import Hand
from engine.messages import SHANTEN_COMPLETE, SHANTEN_N, SHANTEN_NEED_13_OR_14, SHANTEN_TENPAI
from engine.plural import tiles_word
from engine.tiles import KOKUSHI_TILES, Counts, Tile

# A suit's table: index 2*s + p -> largest overlap with at most s sets (0..4) and p pairs (0..1).
_Table = tuple[int, ...]
_EMPTY: _Table = (0,) * 10


@dataclass(frozen=True)
class ShantenResult:
    """Shanten per form; ``None`` for a form the melds make impossible."""

    standard: int
    chiitoitsu: int | None
    kokushi: int | None

    @property
    def minimum(self) -> int:
        return min(n for n in (self.standard, self.chiitoitsu, self.kokushi) if n is not None)

    @property
    def best_forms(self) -> tuple[Form, ...]:
        """The forms that reach :attr:`minimum` (standard first)."""
        pairs = (
            (Form.STANDARD, self.standard),
            (Form.CHIITOITSU, self.chiitoitsu),
            (Form.KOKUSHI, self.kokushi),
        )
        return tuple(form for form, n in pairs if n == self.minimum)


@dataclass(frozen=True)
class Improvement:
    """A tile kind that lowers the shanten, and how many copies are not in the hand."""

    tile: Tile
    remaining: int


def shanten(hand: Hand) -> ShantenResult:
    """Shanten of a 13- or 14-tile hand (each meld counts as three tiles).

    >>> from engine.hand import parse_hand
    >>> shanten(parse_hand("123m456p789s1122z", size=13)).minimum
    0
    >>> shanten(parse_hand("159m159p159s1234z", size=13)).best_forms  # 10 of 13 orphans
    (<Form.KOKUSHI: 'kokushi'>,)
    >>> shanten(parse_hand("1111m234p567s789s", size=13)).minimum  # waits only on a 5th 1m
    1
    """
    if hand.size not in (13, 14):
        raise HandError(SHANTEN_NEED_13_OR_14.format(size=hand.size))
    counts = hand.concealed
    standard = standard_shanten(counts, len(hand.melds), hand.all_counts())
    if hand.melds:
        return ShantenResult(standard, None, None)
    return ShantenResult(standard, chiitoitsu_shanten(counts), kokushi_shanten(counts))


def standard_shanten(counts: Counts, melds: int = 0, held: Counts | None = None) -> int:
    """Shanten for four sets and a pair; ``melds`` fixed sets are already made.

    ``held`` is every copy the player holds, melds included (default: only
    ``counts``, as for a hand without melds): a kind held four times cannot
    be drawn again, so no set or pair may need one more of it.

    >>> from engine.tiles import parse_tiles
    >>> standard_shanten(parse_tiles("13m").counts(), melds=4)  # 2 tiles, no pair
    0
    >>> standard_shanten(parse_tiles("1111z").counts(), melds=3)  # 111z, then a pair elsewhere
    1
    """
    caps = _caps(counts, held)
    best = _EMPTY
    for suit in range(4):
        best = _merge(best, _suit_of(counts, caps, suit))
    return 13 - 3 * melds - best[9 - 2 * melds]


def _caps(counts: Counts, held: Counts | None) -> Counts:
    """How many copies of each kind the concealed part may end with: 4 minus those in melds."""
    if held is None or held == counts:
        return (4,) * 34
    return tuple([4 - h + c for h, c in zip(held, counts, strict=True)])


_BOUNDS = ((0, 9), (9, 18), (18, 27), (27, 34))


def _suit_of(counts: Counts, caps: Counts, suit: int) -> _Table:
    a, b = _BOUNDS[suit]
    part = counts[a:b]
    if not any(part):
        return _EMPTY
    return _suit_table(part, caps[a:b], suit == 3)


def _merge(a: _Table, b: _Table) -> _Table:
    """The table of two parts together: the best split of at most ``s`` sets and ``p`` pairs."""
    if b is _EMPTY:
        return a
    out: list[int] = []
    for s in range(5):
        none = both = 0
        for s1 in range(s + 1):
            i, j = 2 * s1, 2 * (s - s1)
            x0, y0 = a[i], b[j]
            if x0 + y0 > none:
                none = x0 + y0
            pair = max(a[i + 1] + y0, x0 + b[j + 1])
            if pair > both:
                both = pair
        out += (none, both)
    return tuple(out)


@lru_cache(maxsize=65536)
def _suit_table(part: tuple[int, ...], caps: tuple[int, ...], honors: bool) -> _Table:
    """Largest overlap with ``part`` of at most ``s`` sets and ``p`` pairs in this suit.

    Index ``2 * s + p``. ``caps`` bounds how many copies of each kind the
    arrangement may use. Honours are independent kinds (a pair or a triplet
    each); a number suit is walked index by index carrying the sequences
    still open, so every kind's total is known when the walk leaves it.

    >>> _suit_table((1, 1, 1, 0, 0, 0, 0, 2, 0), (4,) * 9, False)[:4]  # 123 and 88
    (0, 2, 3, 5)
    >>> _suit_table((4, 0, 0, 0, 0, 0, 0), (4,) * 7, True)[:4]  # 1111z: a pair or a triplet
    (0, 2, 3, 3)
    """
    if honors:
        return _honor_table(part, caps)
    # State key: (5 * x + y) * 10 + 2 * s + p -> best overlap so far, where x
    # sequences end at this index, y pass through it, s sets and p pairs are placed.
    states = {0: 0}
    padded = (*part, 0, 0)
    for i in range(9):
        states = _step(states, padded, i, caps[i])
    out = [0] * 10
    for key, value in states.items():  # x = y = 0 after the last index
        for j in range(key, 10, 2):
            out[j] = max(out[j], value)
    for j in range(1, 10, 2):
        out[j] = max(out[j], out[j - 1])
    return tuple(out)


def _step(states: dict[int, int], part: tuple[int, ...], i: int, cap: int) -> dict[int, int]:
    """One index of a number suit: ``x`` sequences end here, ``y`` pass, ``z`` start.

    Blocks that overlap no tile of the hand are never placed here (they can
    go on a kind nobody holds): a pair or triplet only on a held kind, and no
    more sequences from ``i`` than any of their three kinds is held.
    """
    h = part[i]
    starts = max(part[i], part[i + 1], part[i + 2]) if i <= 6 else 0
    new: dict[int, int] = {}
    for key, value in states.items():
        xy, sp = divmod(key, 10)
        x, y = divmod(xy, 5)
        s, p = sp >> 1, sp & 1
        base = x + y
        for z in range(min(cap - base, 4 - s, starts) + 1):
            for extra, ds, dp in _EXTRAS:
                used = base + z + extra
                if used > cap or s + z + ds > 4 or p + dp > 1 or (extra and not h):
                    continue
                k = (5 * y + z) * 10 + 2 * (s + z + ds) + p + dp
                v = value + (used if used < h else h)
                if v > new.get(k, -1):
                    new[k] = v
    return new


# (copies, sets, pairs) added at one index besides sequences: nothing, a pair,
# a triplet, both (five copies: only when a cap above four is asked for).
_EXTRAS = ((0, 0, 0), (2, 0, 1), (3, 1, 0), (5, 1, 1))


def _honor_table(part: tuple[int, ...], caps: tuple[int, ...]) -> _Table:
    vec = list(_EMPTY)
    for h, cap in zip(part, caps, strict=True):
        if not h:
            continue
        new = vec[:]
        for used, ds, dp in _EXTRAS[1:]:  # a pair, a triplet, both (only past a cap of 4)
            if used > cap:
                continue
            gain = used if used < h else h
            for s in range(ds, 5):
                for p in range(dp, 2):
                    v = vec[2 * (s - ds) + p - dp] + gain
                    if v > new[2 * s + p]:
                        new[2 * s + p] = v
        vec = new
    return tuple(vec)


def chiitoitsu_shanten(counts: Counts) -> int:
    """Seven different pairs; a four of a kind gives one pair, not two."""
    pairs = sum(1 for n in counts if n >= 2)
    kinds = sum(1 for n in counts if n)
    return 6 - pairs + max(0, 7 - kinds)


def kokushi_shanten(counts: Counts) -> int:
    """One of each terminal and honour plus one more of any of them."""
    kinds = sum(1 for t in KOKUSHI_TILES if counts[t])
    paired = any(counts[t] >= 2 for t in KOKUSHI_TILES)
    return 13 - kinds - (1 if paired else 0)


def improving_tiles(hand: Hand) -> tuple[Improvement, ...]:
    """Tile kinds whose draw lowers the minimum shanten of a 13-tile hand (ukeire).

    ``remaining`` is 4 minus the copies the hand holds (melds included); a
    kind with no copy left cannot be drawn and is left out. Never empty for
    a hand that is not complete (see the module's docstring).

    >>> from engine.hand import parse_hand
    >>> [(i.tile, i.remaining) for i in improving_tiles(parse_hand("123m456p789s1122z", size=13))]
    [(27, 2), (28, 2)]
    """
    held = hand.all_counts()
    return tuple(
        Improvement(tile, 4 - held[tile]) for tile in _lowering(hand, held, exhausted=False)
    )


def exhausted_tiles(hand: Hand) -> tuple[Tile, ...]:
    """Kinds the hand holds all four of whose fifth copy would lower its shanten.

    Such a tile cannot be drawn, so it is not among :func:`improving_tiles`
    and the shanten is counted without it; this names them for the
    explanation (like :attr:`engine.waits.WaitsResult.karaten` at tenpai).

    >>> from engine.hand import parse_hand
    >>> from engine.tiles import to_mpsz
    >>> to_mpsz(exhausted_tiles(parse_hand("1111m234p567s789s", size=13)))
    '1m'
    """
    return _lowering(hand, hand.all_counts(), exhausted=True)


def _lowering(hand: Hand, held: Counts, *, exhausted: bool) -> tuple[Tile, ...]:
    """Kinds whose draw lowers the minimum shanten: drawable ones, or (``exhausted``) held 4."""
    if hand.size != 13:
        raise HandError(SHANTEN_NEED_13_OR_14.format(size=hand.size))
    counts, melds = hand.concealed, len(hand.melds)
    current = shanten(hand).minimum
    caps = list(_caps(counts, held))
    # Drawing a tile changes one suit only: merge the other three once per suit.
    others = [_others(counts, tuple(caps), suit) for suit in range(4)]
    out = []
    for tile in range(34):
        if (held[tile] >= 4) != exhausted:
            continue
        grown = counts[:tile] + (counts[tile] + 1,) + counts[tile + 1 :]
        suit = tile // 9 if tile < 27 else 3
        if exhausted:
            caps[tile] += 1  # pretend a fifth copy existed
        table = _suit_of(grown, tuple(caps), suit)
        if exhausted:
            caps[tile] -= 1
        best = 13 - 3 * melds - _merge(others[suit], table)[9 - 2 * melds]
        if not melds:
            best = min(best, chiitoitsu_shanten(grown), kokushi_shanten(grown))
        if best < current:
            out.append(tile)
    return tuple(out)


def _others(counts: Counts, caps: Counts, skip: int) -> _Table:
    best = _EMPTY
    for suit in range(4):
        if suit != skip:
            best = _merge(best, _suit_of(counts, caps, suit))
    return best


def describe_shanten(n: int) -> str:
    """Russian phrase for a shanten number: complete, tenpai or «2-шантен: …».

    >>> describe_shanten(2)
    '2-шантен: до темпая нужно заменить ещё 2 тайла'
    """
    if n < 0:
        return SHANTEN_COMPLETE
    if n == 0:
        return SHANTEN_TENPAI
    return SHANTEN_N.format(n=n, tiles=tiles_word(n))
