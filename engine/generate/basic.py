"""Seeded problems of the first seven kinds: waits, shanten, dora, furiten, fu, han, payment.

Built as :mod:`engine.generate` describes: a hand is assembled from
realistic blocks (:mod:`engine.generate.hands`), then the engine checks it
against the level's definition (the level table is in :mod:`engine.generate`);
a candidate that does not fit is dropped and the next one comes from the
same random stream.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.errors import HandError
from engine.generate.hands import (
    KAN_KINDS,
    MAX_TRIES,
    Builder,
    build_complete,
    melds_param,
    spare_tile,
    with_red,
)
from engine.hand import Hand, parse_hand
from engine.melds import MeldKind
from engine.rules.sets import get_ruleset
from engine.scoring.score import NoYakuError, WinSituation, score_hand
from engine.shape.shanten import shanten
from engine.shape.waits import find_waits
from engine.tiles import NUM_KINDS, Tile, parse_tiles, parse_wind, to_mpsz

WIND_CODES = ("E", "S", "W", "N")


# --- waits and shanten ---------------------------------------------------------

_WAIT_LEVELS: dict[str, Callable[[int, bool], bool]] = {
    # (number of winning tiles, one-suit hand) -> fits the level?
    "novice": lambda n, one_suit: 1 <= n <= 2 and not one_suit,
    "player": lambda n, one_suit: 2 <= n <= 3,
    "master": lambda n, one_suit: n >= 3 and one_suit,
}


def gen_waits(rng: random.Random, level: str) -> dict[str, Any]:
    for _ in range(MAX_TRIES):
        one_suit = level == "master"
        suits = (rng.randrange(3),) if one_suit else tuple(rng.sample(range(3), 3))
        opened = rng.choice((0, 0, 1, 2)) if level == "player" else 0
        b = build_complete(rng, suits=suits, triplet_rate=0.25 if one_suit else 0.15,
                            honor_rate=0.0 if one_suit else 0.08, open_melds=opened)
        b.concealed.remove(rng.choice(b.concealed))
        hand = parse_hand(to_mpsz(b.concealed), melds_param(b), size=13)
        result = find_waits(hand)
        if result.tenpai and _WAIT_LEVELS[level](len(result.waits), one_suit):
            return {"hand": to_mpsz(b.concealed), "melds": melds_param(b)}
    raise HandError("Не удалось подобрать руку для этого уровня.")


_SHANTEN_RANGE = {"novice": (0, 1), "player": (1, 2), "master": (2, 4)}


def gen_shanten(rng: random.Random, level: str) -> dict[str, Any]:
    low, high = _SHANTEN_RANGE[level]
    for _ in range(MAX_TRIES):
        b = build_complete(rng, suits=tuple(rng.sample(range(3), 3)),
                            triplet_rate=0.15, honor_rate=0.1)
        b.concealed.remove(rng.choice(b.concealed))
        for _swap in range(rng.randint(low, high + 1)):
            b.concealed.remove(rng.choice(b.concealed))
            tile = rng.randrange(NUM_KINDS)
            while b.counts[tile] >= 4:
                tile = rng.randrange(NUM_KINDS)
            b.counts[tile] += 1
            b.concealed.append(tile)
        hand = parse_hand(to_mpsz(b.concealed), size=13)
        if low <= shanten(hand).minimum <= high:
            return {"hand": to_mpsz(b.concealed), "melds": []}
    raise HandError("Не удалось подобрать руку для этого уровня.")


# --- dora ------------------------------------------------------------------------

def gen_dora(rng: random.Random, level: str) -> dict[str, Any]:
    if level == "novice":
        pool = [t for t in range(27) if t % 9 not in (8,)]
        return {"indicators": to_mpsz([rng.choice(pool)])}
    if level == "player":
        edge = [t for t in range(27) if t % 9 == 8] + list(range(27, 34))
        return {"indicators": to_mpsz([rng.choice(edge)])}
    picks = rng.sample(range(NUM_KINDS), rng.randint(2, 3))
    return {"indicators": to_mpsz(picks)}


# --- winning hands: fu, han, payment -----------------------------------------------

_WIN_SHAPES = {
    # level -> (open melds choices, kans choices, triplet rate, honour rate)
    "novice": ((0,), (0,), 0.1, 0.05),
    "player": ((0, 1, 2), (0,), 0.25, 0.15),
    "master": ((0, 1, 2), (0, 1, 1, 2), 0.35, 0.2),
}


def _situation(rng: random.Random, b: Builder, dealer_ok: bool) -> dict[str, Any]:
    closed = all(kind is MeldKind.ANKAN for kind, _ in b.melds)
    seat = rng.choice(WIND_CODES if dealer_ok else WIND_CODES[1:])
    params: dict[str, Any] = {
        "by": rng.choice(("ron", "tsumo")),
        "seat": seat,
        "round": rng.choice(("E", "E", "S")),
        "riichi": closed and rng.random() < 0.5,
    }
    return params


def _dora_params(rng: random.Random, b: Builder, params: dict[str, Any], level: str) -> None:
    """One dora indicator plus one per kan; ura and ippatsu for a master's riichi."""
    kans = sum(1 for kind, _ in b.melds if kind in KAN_KINDS)
    params["dora"] = to_mpsz([spare_tile(rng, b) for _ in range(1 + kans)])
    if level == "master" and params["riichi"]:
        if rng.random() < 0.5:
            params["ura"] = to_mpsz([spare_tile(rng, b) for _ in range(1 + kans)])
        params["ippatsu"] = rng.random() < 0.15



def _win_fits(kind: str, level: str, result: Any) -> bool:
    """Level rules checked on the scored hand (novice han: one to three yaku, no yakuman)."""
    if result.yakuman:
        return False
    return not (kind == "han" and level == "novice" and len(result.yaku) > 3)


def gen_win(rng: random.Random, level: str, kind: str) -> dict[str, Any]:
    opens, kans, triplet_rate, honor_rate = _WIN_SHAPES[level]
    rules = get_ruleset("online")
    for _ in range(MAX_TRIES):
        b = build_complete(rng, suits=tuple(rng.sample(range(3), rng.choice((2, 3)))),
                            triplet_rate=triplet_rate, honor_rate=honor_rate,
                            open_melds=rng.choice(opens), kans=rng.choice(kans))
        win = rng.choice(b.concealed)
        # Novices start with non-dealer payments; the dealer comes at the next level.
        params = _situation(rng, b, dealer_ok=not (kind == "payment" and level == "novice"))
        red_chance = 0.0 if level == "novice" else 0.3
        params.update({"hand": with_red(rng, b.concealed, red_chance),
                       "win": to_mpsz([win]), "melds": melds_param(b)})
        if kind in ("han", "payment"):
            _dora_params(rng, b, params, level)
        if kind == "payment" and level != "novice":
            params["honba"] = rng.choice((0, 0, 1, 2, 3))
            params["riichi_sticks"] = rng.choice((0, 0, 1, 2)) if level == "master" else 0
        hand = parse_hand(params["hand"], params["melds"], size=14)
        situation = WinSituation(
            tsumo=params["by"] == "tsumo",
            riichi=params["riichi"],
            ippatsu=params.get("ippatsu", False),
            seat_wind=parse_wind(params["seat"]),
            round_wind=parse_wind(params["round"]),
            dora_indicators=parse_tiles(params.get("dora", "")).kinds,
            ura_indicators=parse_tiles(params.get("ura", "")).kinds,
        )
        try:
            result = score_hand(hand, win, situation, rules)
        except NoYakuError:
            continue
        if _win_fits(kind, level, result):
            return params
    raise HandError("Не удалось подобрать выигрышную руку для этого уровня.")


def _ron_has_yaku(hand: Hand, tile: Tile, riichi: bool) -> bool:
    """A ron on ``tile`` has a yaku (East seat and round, the default rules): every furiten
    problem asks about furiten, never about a win that would be a chombo."""
    try:
        score_hand(hand.with_tile(tile), tile, WinSituation(tsumo=False, riichi=riichi),
                   get_ruleset())
    except NoYakuError:
        return False
    return True


def gen_furiten(rng: random.Random, level: str) -> dict[str, Any]:
    wait_level = level  # master: a one-suit hand with three or more waits
    for _ in range(MAX_TRIES):
        params = gen_waits(rng, wait_level)
        hand = parse_hand(params["hand"], params["melds"], size=13)
        waits = list(find_waits(hand).waits)
        held = hand.all_counts()
        spare = [t for t in range(NUM_KINDS) if t not in waits and held[t] < 3]
        scenario = rng.choice(("none", "none", "discard", "temporary", "riichi"))
        if (level == "novice" or not hand.is_closed) and scenario == "riichi":
            scenario = "discard"  # riichi needs a closed hand
        asked = rng.choice(waits)
        discards = rng.sample(spare, 5)
        missed: list[Tile] = []
        since: list[Tile] = []
        riichi = hand.is_closed and level != "novice" and rng.random() < 0.5
        if scenario == "discard":
            others = [w for w in waits if w != asked]
            discards.append(rng.choice(others) if others and level != "novice" else asked)
        elif scenario == "temporary":
            missed.append(rng.choice(waits))
        elif scenario == "riichi":
            riichi = True
            since.append(rng.choice(waits))
        if not _ron_has_yaku(hand, asked, riichi):
            if not hand.is_closed or level == "novice":
                # An open hand without yaku: a «можно» would be a chombo; a novice's
                # problem keeps riichi out of the question (its level), so it needs a
                # hand with a yaku of its own.
                continue
            riichi = True  # a closed hand wins by riichi (the question stays furiten)
        rng.shuffle(discards)
        params.update({
            "discards": to_mpsz(discards), "missed": to_mpsz(missed), "riichi": riichi,
            "missed_since_riichi": to_mpsz(since), "tile": to_mpsz([asked]),
        })
        return params
    raise HandError("Не удалось подобрать ситуацию.")


GENERATORS: dict[str, Callable[[random.Random, str], dict[str, Any]]] = {
    "waits": gen_waits,
    "shanten": gen_shanten,
    "dora": gen_dora,
    "furiten": gen_furiten,
    "fu": lambda rng, level: gen_win(rng, level, "fu"),
    "han": lambda rng, level: gen_win(rng, level, "han"),
    "payment": lambda rng, level: gen_win(rng, level, "payment"),
}
