"""Russian wording for everything the engine explains, in one place.

The site, the lessons, the drills and the CLI all read their text from here,
so a rule is explained the same way everywhere. Templates use ``str.format``
fields; plural forms come from :mod:`engine.plural`. Sections are owned by the
modules that produce the values they name.
"""

from __future__ import annotations

from engine.blocks import BlockKind, Form, WaitKind

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

# --- scoring: yaku, fu, limits, payments (engine.yaku, engine.fu, engine.points)
