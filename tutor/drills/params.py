"""Drill parameters: the converters (YAML value in, checked Python value out) and the sets
of parameters several kinds share.

Each converter raises ``HandError`` or ``ValueError`` with a Russian message;
the loader turns it into a ``file:line: message`` problem. The engine parses
tiles and melds, so a lesson and the engine can never disagree on notation.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from engine.errors import HandError
from engine.melds import Meld, parse_meld_text
from engine.rules.sets import RULESETS, Ruleset, get_ruleset
from engine.tiles import EAST, Tile, parse_tile, parse_tiles, parse_wind
from tutor.drills.base import Param

_ID = re.compile(r"[a-z0-9-]+")
RULESET_NAMES = tuple(RULESETS)
_TRUE = {"true", "да", "yes"}
_FALSE = {"false", "нет", "no"}


def identifier(value: Any) -> str:
    if isinstance(value, str) and _ID.fullmatch(value):
        return value
    raise ValueError(
        "id упражнения — латинские строчные буквы, цифры и дефис (например nobetan), "
        f"а не «{value}»."
    )


_ORIGIN = re.compile(r"[a-z0-9-]+(?:/[a-z0-9-]+)?")


def origin(value: Any) -> str:
    """A moved drill's first place: ``old-slug`` or ``old-slug/old-id`` (its stored key)."""
    if isinstance(value, str) and _ORIGIN.fullmatch(value):
        return value
    raise ValueError(
        "нужен slug урока, где упражнение было опубликовано впервые, — например efficiency "
        f"или efficiency/two-kanchan (если менялся и id), а не «{value}»."
    )


def text(value: Any) -> str:
    if isinstance(value, str) and value.strip():
        return value.strip()
    raise ValueError("Здесь нужен непустой текст.")


def tiles_text(value: Any) -> str:
    """A group of tiles in mpsz notation, kept as text (the hand parser needs melds too)."""
    if not isinstance(value, str):
        raise ValueError(
            f"Тайлы записываются строкой в нотации mpsz, например 123m456p, а не «{value}»."
        )
    parse_tiles(value)
    return "".join(value.split())


def tile(value: Any) -> Tile:
    """Exactly one tile (``5p``); returns its kind."""
    return parse_tile(str(value)).kinds[0]


def tile_list(value: Any) -> tuple[Tile, ...]:
    """Tiles as one mpsz string (``1m9p``) or a YAML list of them; order kept."""
    if value is None:
        return ()
    items = value if isinstance(value, list) else [value]
    kinds: list[Tile] = []
    for item in items:
        if not isinstance(item, str):
            raise ValueError(f"Тайлы записываются в нотации mpsz, например 1m9p, а не «{item}».")
        kinds.extend(parse_tiles(item).kinds)
    return tuple(kinds)


def melds(value: Any) -> tuple[Meld, ...]:
    """``[pon 555z, chi 123p]``: a YAML list of ``"<type> <tiles>"`` strings."""
    if value is None:
        return ()
    if not isinstance(value, list):
        raise ValueError("Сеты записываются списком, например [pon 555z, chi 123p].")
    if len(value) > 4:
        raise ValueError(f"Сетов не может быть больше четырёх, а указано {len(value)}.")
    return tuple(parse_meld_text(str(item)) for item in value)


def boolean(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
        return value.strip().lower() in _TRUE
    raise ValueError(f"Здесь нужно true/false (или да/нет), а не «{value}».")


def optional_boolean(value: Any) -> bool | None:
    return None if value is None else boolean(value)


def wind(value: Any) -> Tile:
    return parse_wind(str(value))


def rules_name(value: Any) -> str:
    if value in RULESET_NAMES:
        return str(value)
    raise ValueError(f"Неизвестные правила «{value}». Допустимы: {', '.join(RULESET_NAMES)}.")


def one_of(*choices: str) -> Callable[[Any], str]:
    """A converter accepting exactly one of ``choices``."""

    def convert(value: Any) -> str:
        if value in choices:
            return str(value)
        raise ValueError(f"Допустимы значения {', '.join(choices)}, а не «{value}».")

    return convert


def positive_int(value: Any) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and value > 0:
        return value
    raise ValueError(f"Здесь нужно целое положительное число, а не «{value}».")


def text_list(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not 2 <= len(value) <= 8:
        raise ValueError("Варианты ответа — список из 2–8 строк.")
    return tuple(text(str(item)) for item in value)


# --- parameter sets several kinds share ------------------------------------------------

# The waiting (13-tile) hand of the waits, shanten, furiten and ukeire drills.
WAITING_HAND_PARAMS: tuple[Param, ...] = (
    Param("hand", tiles_text, help="13 − 3·(число сетов) тайлов в нотации mpsz"),
    Param("melds", melds, (), help="объявленные сеты: [pon 555z, chi 123p]"),
)


# The hand of 14 (discard, safety).
FULL_HAND_PARAMS: tuple[Param, ...] = (
    Param("hand", tiles_text, help="14 тайлов в записи mpsz, минус 3 за каждый сет из `melds`"),
    Param("melds", melds, (), help="объявленные сеты: [pon 555z, chi 123p]"),
)


# A won hand and its situation (fu; han, payment and yaku add to it).
SCORING_PARAMS: tuple[Param, ...] = (
    Param("hand", tiles_text, help="закрытые тайлы вместе с выигрышным"),
    Param("win", tile, help="выигрышный тайл"),
    Param("by", one_of("ron", "tsumo")),
    Param("melds", melds, ()),
    Param("seat", wind, EAST),
    Param("round", wind, EAST),
    Param("riichi", boolean, False),
    Param("rinshan", boolean, False),
    Param("dora", tile_list, ()),
)


HAN_PARAMS: tuple[Param, ...] = (
    *SCORING_PARAMS,
    Param("ura", tile_list, (), help="индикаторы урадоры (считаются только в риичи)"),
    Param("ippatsu", boolean, False),
    Param("double_riichi", boolean, False),
    Param("chankan", boolean, False),
    Param("haitei", boolean, False),
    Param("houtei", boolean, False),
    Param("renhou", boolean, False, help="рон недилера в первом круге, до его первого набора"),
)


def drill_rules(params: Mapping[str, Any]) -> Ruleset:
    """The drill's rule set with its ``red_fives`` override (shared by scoring kinds)."""
    rules = get_ruleset(params["rules"])
    if params.get("red_fives") is not None:
        rules = rules.with_options(red_fives=params["red_fives"])
    return rules


__all__ = [
    "FULL_HAND_PARAMS",
    "HAN_PARAMS",
    "SCORING_PARAMS",
    "WAITING_HAND_PARAMS",
    "HandError",
    "boolean",
    "drill_rules",
    "identifier",
    "melds",
    "one_of",
    "optional_boolean",
    "positive_int",
    "rules_name",
    "text",
    "text_list",
    "tile",
    "tile_list",
    "tiles_text",
    "wind",
]
