"""Russian wording of the core: tile and meld names, and what is wrong with written tiles,
sets and hands (:mod:`engine.tiles`, :mod:`engine.melds`, :mod:`engine.hand`).

A leaf like the rest of :mod:`engine.text`. Templates use ``str.format``
fields; the texts without fields are used as they are (some show JSON, braces
included). Meld names are keyed by :class:`engine.melds.MeldKind` values.
"""

from __future__ import annotations

# --- tiles (engine.tiles) -------------------------------------------------------------

SUIT_NAMES = ("ман", "пин", "соу")
HONOR_NAMES = (
    "Восток",
    "Юг",
    "Запад",
    "Север",
    "Белый дракон",
    "Зелёный дракон",
    "Красный дракон",
)
NUMBER_TILE = "{number} {suit}"
RED_TILE = "красная {name}"

TILES_NOT_TEXT = "Тайлы должны быть записаны строкой в нотации mpsz, например 123m456p77z."
TILES_TOO_LONG = "Слишком длинная запись тайлов."
TILES_NO_HONOR = (
    "«{digit}z» — нет такого тайла: благородные тайлы записываются 1z–7z "
    "(1–4 — ветра, 5–7 — драконы)."
)
TILES_BAD_SYMBOL = (
    "Неизвестный символ «{symbol}» в записи «{text}». Допустимы цифры 0–9 "
    "и буквы масти m, p, s, z."
)
TILES_NO_SUIT = (
    "В записи «{text}» после цифр должна стоять буква масти (m, p, s или z), "
    "например 123m."
)
TILES_NOT_ONE = "Ожидался один тайл, а записано {count}: «{text}»."
TILES_BAD_WIND = "Ветер записывается буквой E, S, W или N, а не «{text}»."

# --- melds (engine.melds) -------------------------------------------------------------

MELD_NAMES: dict[str, str] = {
    "chi": "чи",
    "pon": "пон",
    "minkan": "открытый кан",
    "ankan": "закрытый кан",
    "shouminkan": "доложенный кан",
}
MELD_UNKNOWN_KIND = "Неизвестный тип сета «{kind}». Допустимы: {names}."
MELD_CALLED_NOT_IN = "Взятый тайл {tile} не входит в сет «{tiles}»."
MELD_BAD_SEAT = "Игрок, у которого взят тайл: 1 — слева, 2 — напротив, 3 — справа."
MELD_CHI_FROM_LEFT = "Чи можно объявить только на сброс игрока слева."
MELD_ANKAN_NOT_CALLED = "Закрытый кан собирают из своих тайлов: его ни у кого не берут."
MELD_BAD_SIZE = "В сете {name} должно быть {size} тайла, а в «{text}» — {count}."
MELD_NOT_CHI = "«{text}» — не чи: нужны три тайла одной масти подряд, например 345p."
MELD_NOT_SAME = "«{text}» — не {name}: все тайлы должны быть одинаковыми."
MELD_NOT_OBJECT = 'Сет записывается объектом {"type": "pon", "tiles": "555z"}.'
MELD_NOT_STRINGS = 'У сета должны быть строки "type" и "tiles".'
MELD_BAD_CALLED = 'Поле "called" — один тайл, например "5p".'
MELD_BAD_FROM = 'Поле "from" — число 1, 2 или 3.'
MELD_BAD_TEXT = "Сет записывается как «тип:тайлы», например pon:555z, а не «{text}»."

# --- hands (engine.hand) --------------------------------------------------------------

HAND_TOO_MANY_MELDS = "Сетов не может быть больше четырёх, а указано {count}."
IN_HAND = "В руке"  # how check_copies names the place by default
IN_HAND_LOWER = "в руке"  # and check_red_fives
HAND_TOO_MANY_COPIES = "{what} {tiles} «{name}», а в комплекте их только четыре."
HAND_TOO_MANY_RED = (
    "Красная {five} в комплекте одна (по одной красной пятёрке в каждой масти), "
    "а {where} их {count}."
)
HAND_OR = " или "
HAND_SIZE_WITH_MELDS = (
    "Объявлено сетов: {melds}, поэтому в закрытой части должно быть {need}, а указано {have}."
)
HAND_SIZE = "В руке должно быть {need}, а указано {have}."
