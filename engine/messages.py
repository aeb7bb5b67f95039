"""Russian wording for everything the engine explains, in one place.

The site, the lessons, the drills and the CLI all read their text from here,
so a rule is explained the same way everywhere. Templates use ``str.format``
fields; plural forms come from :mod:`engine.plural`. Sections are owned by the
modules that produce the values they name.
"""

from __future__ import annotations

from engine.blocks import BlockKind, Form, WaitKind
from engine.furiten_kind import FuritenKind

# --- structure: blocks, forms, waits (engine.decompose, engine.waits) ---------

BLOCK_NAMES: dict[BlockKind, str] = {
    BlockKind.SHUNTSU: "шунцу",
    BlockKind.KOUTSU: "коцу",
    BlockKind.KANTSU: "канцу",
    BlockKind.TOITSU: "пара",
}

FORM_NAMES: dict[Form, str] = {
    Form.STANDARD: "четыре сета и пара",
    Form.CHIITOITSU: "чиитойцу (семь пар)",
    Form.KOKUSHI: "кокушимусо",
}

WAIT_NAMES: dict[WaitKind, str] = {
    WaitKind.RYANMEN: "рянмен",
    WaitKind.KANCHAN: "канчан",
    WaitKind.PENCHAN: "пенчан",
    WaitKind.SHANPON: "шанпон",
    WaitKind.TANKI: "танки",
    WaitKind.CHIITOITSU_TANKI: "танки в чиитойцу",
    WaitKind.KOKUSHI_SINGLE: "кокушимусо: ожидание одного тайла",
    WaitKind.KOKUSHI_13: "кокушимусо: ожидание на 13 сторон",
}

WAIT_EXPLANATIONS: dict[WaitKind, str] = {
    WaitKind.RYANMEN: "два соседних тайла ждут тайл с любой стороны",
    WaitKind.KANCHAN: "не хватает среднего тайла последовательности",
    WaitKind.PENCHAN: "крайняя пара 1-2 или 8-9 ждёт единственный тайл",
    WaitKind.SHANPON: "две пары: одна из них станет тройкой",
    WaitKind.TANKI: "одиночный тайл ждёт себе пару",
    WaitKind.CHIITOITSU_TANKI: "шесть пар готовы, седьмой тайл ждёт пару",
    WaitKind.KOKUSHI_SINGLE: "не хватает одного из терминальных или благородных тайлов",
    WaitKind.KOKUSHI_13: "собраны все 13 видов, подходит любой из них",
}

# --- shanten and furiten (engine.shanten, engine.furiten) ---------------------

# Errors for hands of the wrong size (the hand parser checks most input first).
WAITS_NEED_13 = (
    "Ожидания считаются для руки из 13 тайлов (каждый сет — три тайла), а в руке {size}."
)
SHANTEN_NEED_13_OR_14 = (
    "Шантен считается для руки из 13 или 14 тайлов (каждый сет — три тайла), а в руке {size}."
)
BAD_TILE_KIND = "Тайл задаётся номером вида от 0 до 33, а не «{value}»."

# Shanten: how many tiles a hand lacks to tenpai. "-1" is a complete hand.
SHANTEN_COMPLETE = "рука собрана: это выигрышная рука"
SHANTEN_TENPAI = "темпай: до победы не хватает одного тайла"
# {n} — число, {tiles} — «1 тайл», «2 тайла»… (engine.plural.tiles_word)
SHANTEN_N = "{n}-шантен: до темпая нужно заменить ещё {tiles}"
SHANTEN_FORM_IMPOSSIBLE = "невозможно: в руке есть объявленные сеты"
SHANTEN_EXPLANATION = (
    "Шантен — сколько тайлов руке не хватает до темпая. Считается отдельно для "
    "четырёх сетов и пары, для чиитойцу и для кокушимусо; итог — наименьшее из трёх."
)
IMPROVING_TILES_HEADER = (
    "Улучшают руку (уменьшают шантен): {tiles}; всего {count} в стене и у соперников."
)

# Waits and karaten.
NOT_TENPAI = "Рука не в темпае: ни один тайл не делает её выигрышной."
KARATEN_NOTE = (
    "Каратен — {tiles}: такой тайл достроил бы руку, но все четыре его экземпляра уже у вас, "
    "поэтому ожиданием он не считается."
)
KARATEN_ONLY = (
    "Форма руки ждёт только {tiles}, но все четыре экземпляра уже у вас: выиграть не на чем, "
    "рука не в темпае."
)

FURITEN_NAMES: dict[FuritenKind, str] = {
    FuritenKind.DISCARD: "постоянный фуритен",
    FuritenKind.TEMPORARY: "временный фуритен",
    FuritenKind.RIICHI: "фуритен в риичи",
}

# {what} — FURITEN_TILE_WORDS by the number of tiles; {tiles} — their names, comma-separated.
FURITEN_TILE_WORDS = ("тайл вашего ожидания", "тайлы вашего ожидания")
FURITEN_EXPLANATIONS: dict[FuritenKind, str] = {
    FuritenKind.DISCARD: (
        "В вашем дискарде есть {what}: {tiles}. Пока ожидание не изменится, рон нельзя "
        "объявить ни на один из ожидаемых тайлов; победа по цумо разрешена."
    ),
    FuritenKind.TEMPORARY: (
        "После своего последнего хода вы пропустили {what}: {tiles}. Пока вы не возьмёте "
        "тайл из стены, рон запрещён на любой тайл ожидания; победа по цумо разрешена."
    ),
    FuritenKind.RIICHI: (
        "После объявления риичи вы пропустили {what}: {tiles}. В риичи ожидание менять "
        "нельзя, поэтому рон запрещён до конца раздачи; победа по цумо разрешена."
    ),
}

FURITEN_NONE = (
    "Фуритена нет: ни одного тайла ожидания нет ни в вашем дискарде, ни среди пропущенных."
)
FURITEN_NOT_TENPAI = "Рука не в темпае, поэтому о фуритене речи нет."

# --- scoring: yaku, fu, limits, payments (engine.yaku, engine.fu, engine.points)
