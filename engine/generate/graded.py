"""Seeded practice problems for the engine-graded kinds «Собрана ли рука?» and «Можно ли
объявить победу?» («Что сбросить?» is :mod:`engine.generate.discard`).

Built like the first seven kinds (:mod:`engine.generate.basic`): a hand is
assembled from realistic blocks (:mod:`engine.generate.hands`), then the
engine checks it against the level's definition; a candidate that does not
fit is dropped and the next one comes from the same random stream, so a seed
always gives the same problem.

Levels (``tests/test_generate.py`` checks every generated problem against them):

=========  ======================  ============================  ==========================
kind       novice                  player                        master
=========  ======================  ============================  ==========================
complete   3 hands, 1–2 complete,  4 hands, 1–2 complete; open   4 hands, 1–2 complete; one
           the others one tile     sets, one-suit hands,         suit, chiitoitsu, kokushi
           off; closed, standard   triplets and honours          (at least one of the two)
yaku       closed hands, online    open hands, all-simples open  any of the four rule sets,
           rules                   hands, dora without yaku,     kans, wind triplets,
                                   online or EMA rules           red fives
=========  ======================  ============================  ==========================

"One tile off" means one exchange from complete: the 14-tile shanten is 0.
The one exception is deliberate: at master level a seven-pairs look-alike may
hold a four of a kind, which is not two pairs (two exchanges away). Every
yaku level answers "yes" about half the time: the side is drawn first, then
hands are built until the engine agrees; a riichi is declared only on the
"yes" side, so it never gives a "no" away.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.errors import HandError
from engine.generate.hands import (
    INDICATOR_OF,
    MAX_TRIES,
    Builder,
    build_complete,
    melds_param,
    nearby_tile,
    spare_tile,
    with_red,
)
from engine.hand import Hand, parse_hand
from engine.melds import MeldKind
from engine.rules.sets import get_ruleset
from engine.scoring.score import NoYakuError, WinSituation, score_hand
from engine.shape.decompose import is_complete
from engine.shape.shanten import shanten
from engine.tiles import KOKUSHI_TILES, NUM_KINDS, Tile, parse_tiles, parse_wind, to_mpsz

# --- complete ----------------------------------------------------------------------

_COMPLETE_LEVELS: dict[str, tuple[int, tuple[str, ...]]] = {
    # level -> (hands shown, the forms a hand is drawn from)
    "novice": (3, ("standard",)),
    "player": (4, ("standard", "open", "one_suit")),
    "master": (4, ("one_suit", "chiitoitsu", "chiitoitsu", "kokushi", "standard")),
}
_SEVEN_PAIR_FORMS = ("chiitoitsu", "kokushi")


def _standard_tiles(rng: random.Random, form: str) -> tuple[list[Tile], list[str]]:
    one_suit = form == "one_suit"
    suits = (rng.randrange(3),) if one_suit else tuple(rng.sample(range(3), 3))
    b = build_complete(rng, suits=suits, triplet_rate=0.3 if one_suit else 0.15,
                       honor_rate=0.0 if one_suit else 0.1,
                       open_melds=rng.choice((1, 1, 2)) if form == "open" else 0)
    return b.concealed, melds_param(b)


def _chiitoitsu_tiles(rng: random.Random) -> list[Tile]:
    """Seven different pairs, mostly number tiles, often neighbours (as real ones grow)."""
    kinds: set[Tile] = set()
    while len(kinds) < 7:
        near = rng.choice(sorted(kinds)) if kinds and rng.random() < 0.35 else None
        kinds.add(nearby_tile(rng, near, 0.1) if near is not None
                  else rng.randrange(27, 34) if rng.random() < 0.2 else rng.randrange(27))
    return [t for t in sorted(kinds) for _ in range(2)]


def _kokushi_tiles(rng: random.Random) -> list[Tile]:
    return [*KOKUSHI_TILES, rng.choice(KOKUSHI_TILES)]


def _complete_tiles(rng: random.Random, form: str) -> tuple[list[Tile], list[str]]:
    if form == "chiitoitsu":
        return _chiitoitsu_tiles(rng), []
    if form == "kokushi":
        return _kokushi_tiles(rng), []
    return _standard_tiles(rng, form)


def _one_tile_off(rng: random.Random, tiles: list[Tile], form: str) -> list[Tile]:
    """The hand with one tile replaced by a close one; a four-of-a-kind trap for seven pairs."""
    out = list(tiles)
    if form == "chiitoitsu" and rng.random() < 0.3:
        pairs = sorted(set(out))
        gone, doubled = rng.sample(pairs, 2)
        return [t for t in out if t != gone] + [doubled, doubled]
    old = rng.choice(out)
    new = (rng.choice([t for t in range(27) if t not in KOKUSHI_TILES]) if form == "kokushi"
           and rng.random() < 0.6 else nearby_tile(rng, old, 0.1))
    out.remove(old)
    out.append(new)
    return out


def near_miss(hand: Hand) -> bool:
    """One exchange from complete, or seven pairs with a four of a kind (never two pairs)."""
    counts = hand.concealed
    quad_pairs = (not hand.melds and sorted(n for n in counts if n) == [2, 2, 2, 2, 2, 4])
    return not is_complete(hand) and (quad_pairs or shanten(hand).minimum == 0)


def _complete_entry(rng: random.Random, form: str, complete: bool) -> tuple[Any, Hand] | None:
    tiles, melds = _complete_tiles(rng, form)
    if not complete:
        tiles = _one_tile_off(rng, tiles, form)
    counts = tuple(tiles.count(t) for t in range(NUM_KINDS))
    if max(counts) > 4 or (max(counts) == 4 and form != "chiitoitsu"):
        return None
    try:
        hand = parse_hand(to_mpsz(tiles), melds, size=14)
    except HandError:  # a called set and the concealed tiles above four copies
        return None
    if is_complete(hand) != complete or not (complete or near_miss(hand)):
        return None
    entry = {"hand": to_mpsz(tiles), "melds": melds} if melds else to_mpsz(tiles)
    return entry, hand


def gen_complete(rng: random.Random, level: str) -> dict[str, Any]:
    """«Собрана ли рука?»: 3–4 hands, 1–2 complete, the others near misses, shuffled."""
    size, forms = _COMPLETE_LEVELS[level]
    complete_count = rng.choice((1, 2))
    wanted = [True] * complete_count + [False] * (size - complete_count)
    picked = [rng.choice(forms) for _ in wanted]
    if level == "master" and not set(picked) & set(_SEVEN_PAIR_FORMS):
        picked[rng.randrange(size)] = rng.choice(_SEVEN_PAIR_FORMS)
    entries: list[Any] = []
    seen: set[str] = set()
    for complete, form in zip(wanted, picked, strict=True):
        for _ in range(MAX_TRIES):
            made = _complete_entry(rng, form, complete)
            if made is not None and made[1].to_mpsz() not in seen:
                seen.add(made[1].to_mpsz())
                entries.append(made[0])
                break
        else:
            raise HandError("Не удалось подобрать руки для этого уровня.")
    rng.shuffle(entries)
    return {"hands": entries}


# --- yaku ---------------------------------------------------------------------------

@dataclass(frozen=True)
class _YakuLevel:
    """How a level's hands and situations are drawn."""

    shapes: tuple[str, ...]  # closed, open, all_simples_open, kan
    rules: tuple[str, ...]
    dora_in_hand: float  # chance the indicator points at a tile the hand holds
    red: float
    honor_rate: float


_YAKU_LEVELS: dict[str, _YakuLevel] = {
    "novice": _YakuLevel(("closed",), ("online",), 0.2, 0.0, 0.1),
    "player": _YakuLevel(("closed", "open", "open", "all_simples_open"),
                         ("online", "online", "ema"), 0.5, 0.25, 0.12),
    "master": _YakuLevel(("closed", "open", "all_simples_open", "kan"),
                         ("online", "ema", "ema", "jpml", "fenix", "rrc"), 0.5, 0.3, 0.2),
}
_WINDS = ("E", "S", "W", "N")
_OPEN_SHAPES = ("open", "all_simples_open")


def _yaku_hand(rng: random.Random, shape: str, lv: _YakuLevel) -> Builder:
    """A complete hand of the shape; four concealed copies of a kind are left out (a player
    holding them would declare a kan)."""
    simples = shape == "all_simples_open"
    for _ in range(MAX_TRIES):
        b = build_complete(rng, suits=tuple(rng.sample(range(3), rng.choice((2, 3)))),
                           triplet_rate=0.2, honor_rate=0.0 if simples else lv.honor_rate,
                           open_melds=rng.choice((1, 2)) if shape in _OPEN_SHAPES else 0,
                           kans=1 if shape == "kan" else 0)
        if max(b.concealed_counts()) == 4:
            continue
        every = b.concealed + [t for _, tiles in b.melds for t in tiles]
        if not simples or all(t < 27 and 0 < t % 9 < 8 for t in every):
            return b
    raise HandError("Не удалось построить руку: слишком строгие условия.")


def _dora_indicator(rng: random.Random, b: Builder, lv: _YakuLevel) -> Tile:
    if rng.random() < lv.dora_in_hand:
        indicator = INDICATOR_OF[rng.choice(b.concealed)]
        if b.counts[indicator] < 4:
            b.counts[indicator] += 1
            return indicator
    return spare_tile(rng, b)


def _yaku_params(rng: random.Random, b: Builder, lv: _YakuLevel, want: bool) -> dict[str, Any]:
    closed = all(kind is MeldKind.ANKAN for kind, _ in b.melds)
    # A "no" answer must not be given away by a riichi: riichi only when a yes is wanted.
    riichi = closed and want and rng.random() < 0.2
    return {
        "hand": with_red(rng, b.concealed, lv.red),
        "melds": melds_param(b),
        "win": to_mpsz([rng.choice(b.concealed)]),
        "by": rng.choice(("ron", "ron", "tsumo")),
        "seat": rng.choice(_WINDS),
        "round": rng.choice(("E", "E", "S")),
        "riichi": riichi,
        "dora": to_mpsz([_dora_indicator(rng, b, lv)]),
        "rules": rng.choice(lv.rules),
    }


def has_yaku(params: dict[str, Any]) -> bool | None:
    """Does the block's hand have a yaku? ``None`` for a yakuman (no level deals one)."""
    hand = parse_hand(params["hand"], params["melds"], size=14)
    situation = WinSituation(
        tsumo=params["by"] == "tsumo", riichi=params["riichi"],
        seat_wind=parse_wind(params["seat"]), round_wind=parse_wind(params["round"]),
        dora_indicators=parse_tiles(params["dora"]).kinds,
    )
    try:
        result = score_hand(hand, parse_tiles(params["win"]).kinds[0], situation,
                            get_ruleset(params["rules"]))
    except NoYakuError:
        return False
    return None if result.yakuman else True


def gen_yaku(rng: random.Random, level: str) -> dict[str, Any]:
    """«Можно ли объявить победу?»: the answer's side is drawn first, then hands until it fits."""
    lv = _YAKU_LEVELS[level]
    want = rng.random() < 0.5
    for _ in range(MAX_TRIES):
        b = _yaku_hand(rng, rng.choice(lv.shapes), lv)
        params = _yaku_params(rng, b, lv, want)
        if has_yaku(params) is want:
            return params
    raise HandError("Не удалось подобрать выигрышную руку для этого уровня.")


GENERATORS: dict[str, Callable[[random.Random, str], dict[str, Any]]] = {
    "complete": gen_complete,
    "yaku": gen_yaku,
}
