"""Russian wording for everything the engine explains, in one place.

The site, the lessons, the drills and the CLI all read their text from here,
so a rule is explained the same way everywhere. Templates use ``str.format``
fields; plural forms come from :mod:`engine.plural`. Sections are owned by the
modules that produce the values they name.

This module is a leaf: it imports nothing from the engine, so every layer
(the core included) may take its wording from here. Tables about an enum are
therefore keyed by the enum's ``.value`` string (``WAIT_NAMES[kind.value]``);
tests check that each table covers its enum.
"""

from __future__ import annotations

# --- structure: blocks, forms, waits (engine.shape.decompose, engine.shape.waits) ---------

BLOCK_NAMES: dict[str, str] = {
    "shuntsu": "шунцу",
    "koutsu": "коцу",
    "kantsu": "канцу",
    "toitsu": "пара",
}

FORM_NAMES: dict[str, str] = {
    "standard": "четыре сета и пара",
    "chiitoitsu": "чиитойцу (семь пар)",
    "kokushi": "кокушимусо",
}

WAIT_NAMES: dict[str, str] = {
    "ryanmen": "рянмен",
    "kanchan": "канчан",
    "penchan": "пенчан",
    "shanpon": "шанпон",
    "tanki": "танки",
    "chiitoitsu_tanki": "танки в чиитойцу",
    "kokushi_single": "кокушимусо: ожидание одного тайла",
    "kokushi_13": "кокушимусо: ожидание на 13 сторон",
}

WAIT_EXPLANATIONS: dict[str, str] = {
    "ryanmen": "два соседних тайла ждут тайл с любой стороны",
    "kanchan": "не хватает среднего тайла шунцу",
    "penchan": "крайняя пара 1-2 или 8-9 ждёт единственный тайл",
    "shanpon": "две пары, и одна из них станет коцу",
    "tanki": "одиночный тайл ждёт себе пару",
    "chiitoitsu_tanki": "шесть пар готовы, седьмой тайл ждёт пару",
    "kokushi_single": "не хватает одного из терминальных или благородных тайлов",
    "kokushi_13": "собраны все 13 видов, подходит любой из них",
}

# --- shanten and furiten (engine.shape.shanten, engine.shape.furiten) ---------------------

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

FURITEN_NAMES: dict[str, str] = {
    "discard": "постоянный фуритен",
    "temporary": "временный фуритен",
    "riichi": "фуритен в риичи",
}

# {what} — FURITEN_TILE_WORDS by the number of tiles; {tiles} — their names, comma-separated.
FURITEN_TILE_WORDS = ("тайл вашего ожидания", "тайлы вашего ожидания")
FURITEN_EXPLANATIONS: dict[str, str] = {
    "discard": (
        "В вашем дискарде есть {what}: {tiles}. Пока ожидание не изменится, рон нельзя "
        "объявить ни на один из ожидаемых тайлов; победа по цумо разрешена."
    ),
    "temporary": (
        "После вашего последнего набора из стены вы пропустили {what}: {tiles}. До следующего "
        "набора рон запрещён на любой тайл ожидания; победа по цумо разрешена."
    ),
    "riichi": (
        "После объявления риичи вы пропустили {what}: {tiles}. В риичи ожидание менять "
        "нельзя, поэтому рон запрещён до конца раздачи; победа по цумо разрешена."
    ),
}

FURITEN_NONE = (
    "Фуритена нет: ни одного тайла ожидания нет ни в вашем дискарде, ни среди пропущенных."
)
FURITEN_NOT_TENPAI = "Рука не в темпае, поэтому о фуритене речи нет."

# --- scoring: yaku, fu, limits, payments (engine.scoring: yaku, fu, points)
# Yaku names follow docs/glossary.md where it has them (риичи, иппацу, мензен цумо,
# пинфу, иипейко, якухай, риншан кайхо, чанкан, чиитойцу, кокушимусо, ренхо);
# the rest are transliterated the same way ("ш"/"ч" for sh/ch, no long vowels
# doubled except where the glossary doubles them).

YAKU_NAMES: dict[str, str] = {
    "riichi": "риичи",
    "double_riichi": "двойное риичи",
    "ippatsu": "иппацу",
    "menzen_tsumo": "мензен цумо",
    "haitei": "хайтей",
    "houtei": "хотей",
    "rinshan": "риншан кайхо",
    "chankan": "чанкан",
    "renhou_mangan": "ренхо (манган)",
    "pinfu": "пинфу",
    "tanyao": "таняо",
    "iipeikou": "иипейко",
    "yakuhai_haku": "якухай: хаку",
    "yakuhai_hatsu": "якухай: хацу",
    "yakuhai_chun": "якухай: чун",
    "yakuhai_seat_wind": "якухай: ветер места",
    "yakuhai_round_wind": "якухай: ветер раунда",
    "sanshoku_doujun": "саншоку доджун",
    "sanshoku_doukou": "саншоку доко",
    "ittsu": "иццу",
    "chanta": "чанта",
    "junchan": "джунчан",
    "honroutou": "хонрото",
    "toitoi": "тойтой",
    "sanankou": "сананко",
    "sankantsu": "санканцу",
    "shousangen": "шосанген",
    "chiitoitsu": "чиитойцу",
    "ryanpeikou": "рянпейко",
    "honitsu": "хоницу",
    "chinitsu": "чиницу",
    "kokushi": "кокушимусо",
    "kokushi_13": "кокушимусо с ожиданием на 13 сторон",
    "suuankou": "сууанко",
    "suuankou_tanki": "сууанко с ожиданием танки",
    "chuuren": "чуурен поото",
    "chuuren_9": "чуурен поото с ожиданием на 9 сторон",
    "daisangen": "дайсанген",
    "shousuushii": "шосууши",
    "daisuushii": "дайсууши",
    "tsuuiisou": "цуисо",
    "ryuuiisou": "рюисо",
    "chinroutou": "чинрото",
    "suukantsu": "сууканцу",
    "tenhou": "тенхо",
    "chiihou": "чихо",
    "renhou": "ренхо",
}

YAKU_ROMAJI: dict[str, str] = {
    "riichi": "riichi",
    "double_riichi": "daburu riichi",
    "ippatsu": "ippatsu",
    "menzen_tsumo": "menzen tsumo",
    "haitei": "haitei raoyue",
    "houtei": "houtei raoyui",
    "rinshan": "rinshan kaihou",
    "chankan": "chankan",
    "renhou_mangan": "renhou",
    "pinfu": "pinfu",
    "tanyao": "tanyao",
    "iipeikou": "iipeikou",
    "yakuhai_haku": "yakuhai: haku",
    "yakuhai_hatsu": "yakuhai: hatsu",
    "yakuhai_chun": "yakuhai: chun",
    "yakuhai_seat_wind": "yakuhai: jikaze",
    "yakuhai_round_wind": "yakuhai: bakaze",
    "sanshoku_doujun": "sanshoku doujun",
    "sanshoku_doukou": "sanshoku doukou",
    "ittsu": "ikkitsuukan",
    "chanta": "chantaiyao",
    "junchan": "junchan taiyao",
    "honroutou": "honroutou",
    "toitoi": "toitoihou",
    "sanankou": "sanankou",
    "sankantsu": "sankantsu",
    "shousangen": "shousangen",
    "chiitoitsu": "chiitoitsu",
    "ryanpeikou": "ryanpeikou",
    "honitsu": "honiisou",
    "chinitsu": "chiniisou",
    "kokushi": "kokushi musou",
    "kokushi_13": "kokushi musou juusanmen machi",
    "suuankou": "suuankou",
    "suuankou_tanki": "suuankou tanki",
    "chuuren": "chuuren poutou",
    "chuuren_9": "junsei chuuren poutou",
    "daisangen": "daisangen",
    "shousuushii": "shousuushii",
    "daisuushii": "daisuushii",
    "tsuuiisou": "tsuuiisou",
    "ryuuiisou": "ryuuiisou",
    "chinroutou": "chinroutou",
    "suukantsu": "suukantsu",
    "tenhou": "tenhou",
    "chiihou": "chiihou",
    "renhou": "renhou",
}

YAKU_RULES: dict[str, str] = {
    "riichi": "закрытая рука в темпае объявила риичи и поставила 1000 очков",
    "double_riichi": "риичи объявлено первым же сбросом, пока никто ничего не объявлял; "
    "вместе с риичи стоит 2 хан",
    "ippatsu": "победа в течение круга после риичи, пока никто не объявлял сетов",
    "menzen_tsumo": "закрытая рука выиграла на тайле, взятом со стены",
    "haitei": "победа цумо на последнем тайле живой стены",
    "houtei": "победа рон на последнем сбросе раздачи",
    "rinshan": "победа на тайле замены, взятом после кана",
    "chankan": "рон на тайл, который соперник доложил к своему пону",
    "renhou_mangan": "недилер выиграл роном в первом круге, до своего первого набора; "
    "стоит манган (европейские и российские турнирные правила)",
    "pinfu": "закрытая рука из четырёх шунцу, пара не якухай, ожидание рянмен",
    "tanyao": "в руке только простые тайлы, от 2 до 8",
    "iipeikou": "закрытая рука с двумя одинаковыми шунцу одной масти",
    "yakuhai_haku": "коцу или канцу белых драконов",
    "yakuhai_hatsu": "коцу или канцу зелёных драконов",
    "yakuhai_chun": "коцу или канцу красных драконов",
    "yakuhai_seat_wind": "коцу или канцу своего ветра места",
    "yakuhai_round_wind": "коцу или канцу ветра раунда",
    "sanshoku_doujun": "одинаковые по номиналам шунцу во всех трёх мастях",
    "sanshoku_doukou": "коцу одного номинала во всех трёх мастях",
    "ittsu": "шунцу 1-2-3, 4-5-6 и 7-8-9 одной масти",
    "chanta": "в каждом сете и в паре есть терминал или благородный тайл, "
    "есть хотя бы один шунцу",
    "junchan": "в каждом сете и в паре есть терминал, благородных тайлов нет, "
    "есть хотя бы один шунцу",
    "honroutou": "рука только из терминальных и благородных тайлов",
    "toitoi": "все четыре сета — коцу или канцу",
    "sanankou": "три закрытых коцу (коцу, собранный роном на шанпон, закрытым не считается)",
    "sankantsu": "три кана",
    "shousangen": "два коцу драконов и пара третьего дракона",
    "chiitoitsu": "семь разных пар",
    "ryanpeikou": "закрытая рука из двух пар одинаковых шунцу",
    "honitsu": "тайлы одной масти и благородные тайлы",
    "chinitsu": "все тайлы одной масти, благородных нет",
    "kokushi": "по одному каждого терминала и благородного тайла и пара к одному из них",
    "kokushi_13": "кокушимусо, в котором до победы были все 13 видов",
    "suuankou": "четыре закрытых коцу",
    "suuankou_tanki": "четыре закрытых коцу, победа на тайл к паре",
    "chuuren": "закрытая рука одной масти: 1112345678999 и ещё один тайл этой масти",
    "chuuren_9": "чуурен поото, в котором до победы было ровно 1112345678999",
    "daisangen": "коцу или канцу всех трёх драконов",
    "shousuushii": "коцу трёх ветров и пара четвёртого",
    "daisuushii": "коцу всех четырёх ветров",
    "tsuuiisou": "рука только из благородных тайлов",
    "ryuuiisou": "рука только из зелёных тайлов: 2, 3, 4, 6, 8 соу и хацу",
    "chinroutou": "рука только из терминальных тайлов",
    "suukantsu": "четыре кана",
    "tenhou": "дилер выиграл на руке с раздачи",
    "chiihou": "недилер выиграл цумо первым же набором, до любых объявлений",
    "renhou": "недилер выиграл роном в первом круге, до своего первого набора",
}

DORA_NAMES: dict[str, str] = {"dora": "дора", "aka": "акадора", "ura": "урадора"}

FU_REASONS: dict[str, str] = {
    "base": "базовые фу",
    "chiitoitsu": "чиитойцу: всегда ровно 25 фу, без округления",
    "menzen_ron": "рон закрытой рукой",
    "tsumo": "победа цумо",
    "wait_kanchan": "ожидание канчан",
    "wait_penchan": "ожидание пенчан",
    "wait_tanki": "ожидание танки",
    "pair_dragon": "пара драконов",
    "pair_seat_wind": "пара своего ветра места",
    "pair_round_wind": "пара ветра раунда",
    "pair_double_wind": "пара ветра, который и ветер места, и ветер раунда",
    "open_triplet_simple": "открытый коцу простых тайлов",
    "open_triplet_terminal": "открытый коцу из терминальных или благородных тайлов",
    "ron_triplet_simple": "коцу простых тайлов, собранный роном на шанпон: "
    "считается открытым",
    "ron_triplet_terminal": "коцу из терминальных или благородных тайлов, собранный роном "
    "на шанпон: считается открытым",
    "closed_triplet_simple": "закрытый коцу простых тайлов",
    "closed_triplet_terminal": "закрытый коцу из терминальных или благородных тайлов",
    "open_kan_simple": "открытый кан простых тайлов",
    "open_kan_terminal": "открытый кан из терминальных или благородных тайлов",
    "closed_kan_simple": "закрытый кан простых тайлов",
    "closed_kan_terminal": "закрытый кан из терминальных или благородных тайлов",
    "open_pinfu": "открытая рука без фу сверх базовых выиграла роном: считается как 30 фу",
}

# Why an expected fu item is absent (shown under the fu table).
FU_NOTE_PINFU_TSUMO = "За цумо 2 фу не дают: у руки пинфу, и она остаётся ровно 20 фу."
FU_NOTE_RINSHAN_NO_TSUMO = (
    "За цумо 2 фу не дают: победа на тайле замены после кана (риншан кайхо), "
    "а по {rules} за неё фу за цумо не начисляют."
)

LIMIT_NAMES: dict[str, str] = {
    "none": "без предела",
    "mangan": "манган",
    "haneman": "ханеман",
    "baiman": "байман",
    "sanbaiman": "санбайман",
    "kazoe_yakuman": "счётный якуман (казоэ)",
    "yakuman": "якуман",
}

PAYMENT_NAMES: dict[str, str] = {
    "ron": "платит сбросивший",
    "dealer": "платит дилер",
    "non_dealer": "платит каждый недилер",
    "all": "платит каждый из трёх соперников",
}

NO_YAKU = "В руке нет яку, а без яку победить нельзя (дора яку не дают)."
NOT_A_WIN = (
    "Рука не выигрышная: её нельзя разложить на четыре сета и пару, "
    "и это не чиитойцу и не кокушимусо."
)

# Rule sets and their comparison table (engine.rules.sets, engine.rules.table).
# The short Russian name is the only way lessons and feedback name a set;
# the documents behind each set are listed on /rules.
RULESET_NAMES: dict[str, str] = {
    "online": "онлайн (по умолчанию)",
    "ema": "европейские турнирные",
    "jpml": "клуб «Фуритен»",
    "fenix": "клуб «Феникс»",
    "rrc": "российские турнирные",
}
# The same rule sets after «по …» («по правилам EMA»), to name one or several in a sentence.
RULESET_BY: dict[str, str] = {
    "online": "онлайн-правилам",
    "ema": "европейским турнирным правилам",
    "jpml": "правилам клуба «Фуритен»",
    "fenix": "правилам клуба «Феникс»",
    "rrc": "российским турнирным правилам",
}

RULE_LABELS: dict[str, str] = {
    "open_tanyao": "Таняо с открытой рукой",
    "red_fives": "Красные пятёрки (акадора)",
    "ura_dora": "Урадора у победителя с риичи",
    "kan_dora": "Кандора после каждого кана",
    "kiriage": "Кирияге-манган (4 хан 30 фу и 3 хан 60 фу)",
    "kazoe_yakuman": "Счётный якуман с 13 хан",
    "double_yakuman": "Двойные якуманы",
    "yakuman_stacking": "Разные якуманы складываются",
    "renhou": "Ренхо",
    "rinshan_tsumo_fu": "2 фу за цумо при риншан кайхо",
    "double_wind_pair_fu": "Фу за пару двойного ветра",
    "starting_points": "Начальные очки",
    "multiple_ron": "Несколько рон на один сброс",
    "kuikae": "Куикаэ",
    "atozuke": "Атодзуке",
    "riichi_min_points": "Очков нужно для риичи",
    "riichi_min_wall": "Тайлов в стене нужно для риичи",
    "negative_points": "Игра продолжается при счёте ниже нуля",
    "noten_payment": "Штраф за нотен при ничьей (всего)",
    # Table procedure.
    "claim_pause": "Пауза 3–4 секунды перед набором: объявленный в ней сет отменяет набор",
    "added_kan_dora": "Кандора после доложенного кана открывается",
    "riichi_tile_ron_refund": "Рон на тайл объявления риичи: риичи не состоялось, 1000 возвращают",
}

RULE_VALUE_NAMES: dict[str | bool, str] = {
    True: "да",
    False: "нет",
    "none": "не яку",
    "mangan": "манган",
    "yakuman": "якуман",
    "head_bump": "атама хане: выигрывает ближайший",
    "double": "двойной рон; при тройном — ничья",
    "all": "выигрывают все",
    "allowed": "разрешено",
    "after_chi": "запрещено после чи",
    "after_chi_and_pon": "запрещено после чи и пона",
    "at_once": "сразу после объявления",
    "after_discard": "после сброса",
}
RULE_SOURCE_SILENT = "в документах нет — наш выбор"

# --- CLI and batch (engine.cli, engine.batch, engine.cli.render_text) -------------
# Owned by the command line. Errors of the batch contract go to programs, the
# rest is what `python -m engine ...` prints for people.

BATCH_TYPES: dict[str, str] = {
    "tiles": "строкой с тайлами в нотации mpsz",
    "wind": "строкой E, S, W или N",
    "str": "строкой",
    "melds": 'списком сетов вида {"type": "pon", "tiles": "555z"}',
    "bool": "логическим значением true или false",
    "int": "целым числом",
    "list": "списком",
    "object": "объектом",
    "log": "объектом tenhou.net/6 или строкой с записью партии (tenhou.net/6 или mjai JSON Lines)",
}
BATCH_WRONG_TYPE = "Поле «{name}» должно быть {type}."
BATCH_UNKNOWN_FIELD = "Неизвестное поле «{name}» в запросе вида «{kind}»."
BATCH_MISSING_FIELD = "Не хватает обязательного поля «{name}»."
BATCH_NOT_OBJECT = (
    'Каждая строка должна быть JSON-объектом, например {"kind": "waits", "hand": "..."}.'
)
BATCH_UNKNOWN_KIND = "Неизвестный вид запроса «{kind}». Допустимы: {known}."
BATCH_EMPTY_LINE = "Пустая строка: ожидался JSON-объект."
BATCH_BAD_JSON = "Строка не разбирается как JSON: {text}."
BATCH_INTERNAL = "Внутренняя ошибка движка ({name}: {text}). Это ошибка программы: сообщите о ней."

# Command line: descriptions and help for argparse.
CLI_DESCRIPTION = "Движок правил «Темпай»: ожидания, фуритен, шантен и подсчёт очков с объяснением."
CLI_EPILOG = "Пример: python -m engine score 123m456p789s234p55s --win 5s --ron --riichi"
CLI_HELP = "показать эту справку и выйти"
CLI_USAGE_PREFIX = "использование: "
CLI_COMMANDS_TITLE = "команды"
CLI_ARGS_TITLE = "аргументы"
CLI_COMMAND_METAVAR = "команда"
CLI_METAVARS: dict[str, str] = {
    "hand": "РУКА",
    "meld": "СЕТ",
    "tile": "ТАЙЛ",
    "tiles": "ТАЙЛЫ",
    "wind": "ВЕТЕР",
    "file": "ФАЙЛ",
}
CLI_COMMAND_HELP: dict[str, str] = {
    "waits": "ожидания руки из 13 тайлов: выигрышные тайлы, формы ожидания и разбор",
    "furiten": "фуритен: есть ли он и какой именно",
    "shanten": "шантен: сколько тайлов не хватает до темпая",
    "score": "подсчёт очков выигрышной руки: яку, фу, лимит и выплаты",
    "batch": "JSON Lines: по одному запросу в строке на входе, по одному ответу на выходе",
    "review": "разбор сыгранной партии: решения одного места, которые стоили очков",
}
CLI_ARG_HELP: dict[str, str] = {
    "hand": "закрытые тайлы в нотации mpsz, например 1112345678999m (0 — красная пятёрка)",
    "melds": "объявленные сеты: тип:тайлы, например pon:555z chi:123p ankan:1111s",
    "json": "вывести ответ в JSON, как в batch",
    "discards": "ваш дискард (сброшенные вами тайлы)",
    "missed": (
        "тайлы, которые соперники сбросили после вашего последнего набора, "
        "а вы не объявили рон"
    ),
    "riichi": "объявлено риичи",
    "since_riichi": "тайлы, пропущенные после объявления риичи",
    "win": "выигрышный тайл, например 5s",
    "ron": "победа по рон",
    "tsumo": "победа по цумо",
    "double_riichi": "двойное риичи (вместе с ним считается и риичи: всего 2 хан)",
    "ippatsu": "иппацу",
    "rinshan": "победа на тайле замены после кана (риншан кайхо)",
    "chankan": "чанкан: рон на тайл, доложенный к пону",
    "haitei": "хайтей: цумо на последнем тайле стены",
    "houtei": "хотей: рон на последнем сбросе",
    "tenhou": "тенхо: цумо дилера с раздачи",
    "chiihou": "чихо: цумо недилера первым набором",
    "renhou": "ренхо: рон недилера до его первого набора",
    "seat": "ветер места: E, S, W или N (дилер — E)",
    "round": "ветер раунда: E, S, W или N",
    "dora": "индикаторы доры, например 4s1z",
    "ura": "индикаторы урадоры (считаются только при риичи)",
    "honba": "число хонбы",
    "sticks": "число палочек риичи на столе",
    "rules": "свод правил: online, ema, jpml, fenix или rrc",
    "red_fives": "считать красные пятёрки дорой (on) или нет (off) вопреки своду правил",
    "file": "файл с записью партии: JSON tenhou.net/6 или mjai JSON Lines (формат узнаётся сам)",
    "review_seat": "место, чьи решения разбираются: 0–3 (0 — первый дилер партии)",
}
CLI_ERROR = "Ошибка: {text}"
CLI_FILE_UNREADABLE = "не удалось прочитать файл «{path}»: {reason}."
CLI_FILE_REASONS = {  # by the exception's class name
    "FileNotFoundError": "такого файла нет",
    "PermissionError": "нет прав на чтение",
    "IsADirectoryError": "это папка, а не файл",
    "OSError": "ошибка чтения",
}
CLI_FILE_TOO_LARGE = "файл «{path}» больше {limit} МБ — это не запись одной партии."
CLI_ERROR_HINT = "Справка: python -m engine {command} --help"
# argparse's own English messages, recognised by pattern and said in Russian.
CLI_ARGPARSE_ERRORS: tuple[tuple[str, str], ...] = (
    (r"the following arguments are required: (?P<a>.+)", "не хватает обязательных аргументов: {a}"),
    (r"unrecognized arguments: (?P<a>.+)", "неизвестные аргументы: {a}"),
    (r"argument (?P<a>\S+): invalid choice: (?P<v>.+?) \(choose from (?P<c>.+)\)",
     "аргумент {a}: недопустимое значение {v}; можно: {c}"),
    (r"argument (?P<a>\S+): invalid int value: (?P<v>.+)", "аргумент {a}: {v} — не целое число"),
    (r"argument (?P<a>\S+): expected one argument", "после {a} нужно указать значение"),
    (r"argument (?P<a>\S+): expected at least one argument",
     "после {a} нужно указать хотя бы одно значение"),
    (r"argument (?P<a>\S+): not allowed with argument (?P<b>\S+)",
     "{a} и {b} нельзя указывать вместе"),
    (r"one of the arguments (?P<a>.+) is required", "нужно указать один из аргументов: {a}"),
)

# Plain-text explanations (engine.cli.render_text).
TEXT_HAND = "Рука: {hand}"
TEXT_MELDS = "Объявленные сеты: {melds}"
TEXT_TENPAI = "Темпай. Ожидания ({count}): {tiles}."
TEXT_WAIT_TILE = "• {code} — {name}: {shapes}"
TEXT_READING = "    {blocks} — ожидание {wait} ({explanation})"
TEXT_PAIR = "пара {tiles}"
TEXT_BLOCK = "{tiles} ({kind})"
TEXT_BLOCK_MELD = "{tiles} ({kind}, {meld})"
TEXT_FORM_ONLY = "{form}"
TEXT_FURITEN_WAITS = "Ожидания: {tiles}."
TEXT_FURITEN_YES = "Фуритен: {kinds}."
TEXT_SHANTEN_LINE = "{form}: {value}"
TEXT_SHANTEN_MIN = "Итог: {value}."
TEXT_YAKU_HEADER = "Яку:"
TEXT_YAKU_LINE = "  {name} — {han} хан"
TEXT_YAKUMAN_LINE = "  {name} — якуман"
TEXT_DORA_LINE = "  {name} — {han} хан"
TEXT_DORA_NAMES = {"dora": "дора", "aka": "акадора", "ura": "урадора"}
TEXT_HAN_TOTAL = "Всего: {han} хан."
TEXT_YAKUMAN_TOTAL = "Всего: якуман ×{count}."
TEXT_FU_HEADER = "Фу:"
TEXT_FU_LINE = "  {fu} фу — {reason}"
TEXT_FU_BLOCK = "  {fu} фу — {reason}: {tiles}"
TEXT_FU_ROUNDING = "Итого {raw} фу, округляем вверх до десятков: {fu} фу."
TEXT_FU_FIXED = "Итого {fu} фу."
TEXT_LIMIT = "Предел: {limit}."
TEXT_WINNER = "Победитель: {who}, {how}."
TEXT_DEALER = "дилер"
TEXT_NON_DEALER = "недилер"
TEXT_RON = "рон"
TEXT_TSUMO = "цумо"
TEXT_POINTS = "Стоимость руки: {points} очков (без хонбы и палочек риичи)."
TEXT_PAY_RON = "Платит сбросивший: {ron}."
TEXT_PAY_ALL = "Платит каждый из трёх соперников: {all}."
TEXT_PAY_SPLIT = "Платят: дилер — {dealer}, каждый недилер — {non_dealer}."
TEXT_HONBA = "С учётом хонбы ({honba}): +300 за каждую."
TEXT_STICKS = "Палочки риичи на столе ({sticks}): +1000 за каждую."
TEXT_TOTAL = "Всего победитель получает: {total} очков."
TEXT_RULES = "Свод правил: {name}."
TEXT_WIN_TILE = "Выигрышный тайл: {code} ({name}), {how}."
TEXT_WINDS = "Ветер места: {seat}; ветер раунда: {round}."
TEXT_INDICATORS = "Индикаторы доры: {pairs}."
TEXT_URA_INDICATORS = "Индикаторы урадоры: {pairs}."
TEXT_INDICATOR_PAIR = "{indicator} → дора {dora}"

# --- The whole game: draws, penalties, next hand, final result -----
GAME_BAD_SEAT = "Поле «{what}»: места указываются ветрами E, S, W, N."
GAME_DUPLICATE_SEAT = "Поле «{what}»: одно и то же место указано дважды."
GAME_BAD_COUNT = "Поле «{what}» должно быть целым неотрицательным числом."
GAME_NO_NAGASHI = "В этом своде правил нагаси манган не играется."
GAME_NO_PAO = "В этом своде правил нет ответственности (пао) за якуман «{yaku}»."
GAME_NO_RON = "Нужен хотя бы один игрок, объявивший рон."
GAME_SELF_RON = "Сбросивший не может объявить рон на свой сброс."
GAME_BAD_SCORES = "Очки задаются для всех четырёх мест E, S, W, N целыми числами."
GAME_BAD_ROUND = "Ветер раунда — E, S или W (западный раунд — только продление онлайн-партии)."
GAME_BAD_RESULT = "Поле «result»: неизвестный исход раздачи «{type}»."
GAME_BAD_HAN = "Стоимость руки: хан и фу — целые положительные числа (или якуман)."
GAME_BAD_ABORTIVE = "Неизвестная прерванная ничья «{kind}». Допустимы: {known}."
GAME_BAD_LIST = "Поле «{name}» должно быть списком мест, например [\"E\", \"W\"]."

# Labels of the game rows in the comparison table (engine.rules.table.game_rule_rows).
GAME_RULE_LABELS: dict[str, str] = {
    # «каратен» is the course's word for the held-four case only (glossary, the waits
    # lesson); a wait whose copies are all out on the table is not karaten.
    "held_four_tenpai": "Каратен — ожидание только на тайл, все 4 копии которого у вас "
    "в руке, — считается темпаем",
    "visible_karaten_tenpai": "Темпай, если все копии ожидания уже вышли в сбросы и чужие "
    "сеты (это не каратен)",
    "nagashi_mangan": "Нагаси манган",
    "nagashi_noten_payments": "Штраф за нотен платится и при нагаси мангане",
    "abortive_draws": "Прерванные ничьи",
    "abortive_dealer_repeats": "После прерванной ничьей дилер остаётся",
    "abortive_adds_honba": "Прерванная ничья добавляет хонбу",
    "multi_ron_honba_each": "При нескольких ронах хонбу получает каждый победитель",
    "multi_ron_sticks": "При нескольких ронах палочки риичи со стола получает",
    "chombo": "Штраф за чомбо",
    "chombo_deduction": "Вычет за чомбо в конце игры",
    "chombo_replay": "После чомбо раздача переигрывается",
    "pao_yakuman": "Ответственность (пао) за якуманы",
    "pao_ron_split": "Пао при рон: пополам со сбросившим",
    "pao_ron_liable_honba": "Пао при рон с третьего игрока: хонбу платит ответственный",
    "bust_at_zero": "Игра заканчивается уже при нуле очков (не только ниже нуля)",
    "last_dealer_stops_on_win": "Последний дилер, лидируя, может остановиться после победы",
    "last_dealer_stops_on_tenpai": "Последний дилер, лидируя, может остановиться при темпае",
    "west_extension": "Западный раунд, если никто не набрал цель",
    "target_score": "Цель для окончания партии (очков)",
    "return_score": "Очки возврата (от них считается итог)",
    "uma": "Ума за места (очков)",
    "floating_uma": "Ума зависит от числа игроков выше очков возврата",
    "tiebreak": "Равенство очков",
    "leftover_sticks_to_first": "Оставшиеся палочки риичи — первому месту",
}
GAME_VALUE_NAMES: dict[str, str] = {
    "reverse_mangan": "обратный манган",
    "end_deduction": "вычет в конце игры",
    "share": "делят уму поровну",
    "seat_order": "выше тот, кто ближе к первому дилеру",
    "kyuushu": "кюсю кюхай",
    "four_winds": "четыре одинаковых ветра",
    "four_riichi": "четыре риичи",
    "four_kans": "четыре кана (чьи — в строке «Четыре кана в одной раздаче»)",
    "nearest": "все — победитель, ближайший к сбросившему по ходу игры",
    "own_back": "каждый победитель берёт назад свою палочку этой раздачи, "
    "остальные — ближайший к сбросившему",
    "triple_ron": "тройной рон",
}
GAME_NONE = "нет"
# The uma row of a rule set with floating uma: the fixed uma does not apply there.
GAME_UMA_FLOATING = "плавающая — по числу игроков не ниже очков возврата: {tables}"
GAME_UMA_FLOATING_ITEM = "{count}: {uma}"
# Labels and values of the table-procedure rows (engine.rules.table.procedure_rule_rows).
PROCEDURE_LABELS: dict[str, str] = {
    "closed_kan_dora": "Кандора после закрытого кана открывается",
    "open_kan_dora": "Кандора после открытого кана на чужой сброс открывается",
    "four_kans": "Четыре кана в одной раздаче",
    "riichi_closed_kan": "Закрытый кан после риичи",
    "dealing": "Как раздают стартовые руки",
}
PROCEDURE_VALUE_NAMES: dict[str, str] = {
    "no_fifth": "пятый кан объявить нельзя, раздача продолжается",
    "different_players": "ничья, если каны у разных игроков",
    "any": "пересдача, если на сброс после четвёртого кана никто не выиграл",
    "same_waits": "можно, только если ожидание не меняется",
    "same_reading_else_chombo": "можно, только если не меняются ни ожидание, ни "
    "разбор руки на сеты; иначе чомбо",
    "fours_then_ones": "трижды по 4 тайла, потом по одному и ещё один дилеру",
    "fours_then_jump": "по 4 тайла до 12, потом дилер берёт 1-й и 5-й тайлы, "
    "остальные по одному",
    "by_program": "раздаёт программа: по 13 тайлов, дилеру 14",
}
# --- Where a rule value comes from (engine.rules.documents, engine.rules.sources) --
# A value not taken from the seed documents says so, then names its document.
RULE_SOURCE_PUBLISHED = "не из исходных документов: {source}"
RULE_SOURCE_SEED_TOO = "то же в {seeds}"
RULE_SOURCE_SECTION = "{doc}, {sections}"
RULE_SOURCE_POINT = "п. {section}"
RULE_SOURCE_UNCHECKED = "{doc} (раздел не назван)"
RULE_SOURCE_SET = "как в своде «{name}» (документ об этом молчит)"
RULE_SOURCE_CHOICE = "в документах нет — наш выбор: {reason}"
RULE_NOTE_BEFORE_2016 = "до 2016 года: {value} {seed}"
RULE_YEAR_UNKNOWN = "год не указан"
# Short Russian names of the published documents, as a citation names them.
DOCUMENT_SHORT: dict[str, str] = {
    "ema2016": "Правила Европейской ассоциации маджонга 2016 г.",
    "tenhou": "Страница правил Тэнхо",
    "rrc": "Регламент российских турниров, версия 1.5",
}
# A section name that is not a number.
DOCUMENT_SECTIONS: dict[str, str] = {"notes": "список изменений"}
# What each document is and what it covers (the /rules list of documents).
DOCUMENT_ABOUT: dict[str, tuple[str, str]] = {
    "000": ("Руководство для начинающих, основанное на официальных правилах Европейской "
            "ассоциации маджонга (до их редакции 2016 года)",
            "все правила от тайлов до подсчёта очков, с оговорками о популярных отклонениях; "
            "нарушения: чомбо и мёртвая рука"),
    "001": ("Раздел справки программы для игры в маджонг",
            "общие («японские») правила и короткий список отличий европейского варианта до "
            "2016 года ([001-EMA]); вариант Кансай только назван, его раздела в тексте нет"),
    "002": ("Новосибирский клуб маджонга «Фуритен», на основе официальных правил Японской "
            "профессиональной лиги маджонга",
            "ход игры, фуритен, риичи, ничьи, хонба, очки; часть списков в сохранённом тексте "
            "утрачена: пересдачи, чомбо, мёртвая рука, большая часть правил фу"),
    "003": ("Клуб настольных игр «Феникс», Архангельск (автор Njuse4ka); по ним проходят "
            "турниры клуба",
            "подготовка, раздача, ход, объявления, риичи, куикаэ, атама хане, кандора, чомбо "
            "за ошибочную победу; текст обрывается: нет списка яку и таблиц очков"),
    "004": ("Страница справки онлайн-игры в риичи (настройки игры по умолчанию)",
            "ход, чи, пон, кан, риичи, цумо и рон, двойной рон, штраф за нотен; подробности "
            "матча вынесены на другую страницу, которой в курсе нет"),
    "ema2016": ("Турнирные правила Европейской ассоциации маджонга, редакция апреля 2016 года; "
                "номера пунктов — по её оглавлению",
                "полный турнирный свод: без красных пятёрок, с открытым таняо, без прерванных "
                "ничьих и нагаси мангана, ума 15000/5000, чомбо −20000 после умы"),
    "tenhou": ("Справочная страница крупной японской онлайн-игры Тэнхо (рейтинговые столы); "
               "названия разделов мы не приводим",
               "правила, о которых документ 004 молчит: дора, яку, ничьи, конец партии, ума"),
    "rrc": ("Правила и регламенты сообщества игроков в риичи-маджонг, версия 1.5 от 20 апреля "
            "2026 года; номера пунктов — по нумерации самого документа",
            "основные правила по умолчанию (пункты 3–4) и вариации, которые турнир может "
            "объявить (пункт 5; в свод не входят)"),
}
# Why a value no document states is what it is: (rule set, field) -> reason.
RULE_CHOICE_REASONS: dict[tuple[str, str], str] = {
    ("online", "claim_pause"): "программа сама ждёт объявлений",
    ("online", "chombo"): "в онлайн-игре программа не даёт ошибиться; для упражнений — "
    "клубный обратный манган, как в [000]",
    ("online", "chombo_deduction"): "вычета нет: чомбо платится сразу",
    ("online", "chombo_replay"): "как в [000]",
    ("jpml", "red_fives"): "002 делает их договорённостью стола и не говорит, что по "
    "умолчанию; мы играем без них",
    ("jpml", "nagashi_mangan"): "002 его не называет, а правило, которого нет в документе, "
    "мы не добавляем",
    ("jpml", "pao_yakuman"): "002 молчит; пао за эти два якумана есть во всех остальных "
    "сводах сайта, пао за сууканцу — ни в одном",
    ("jpml", "leftover_sticks_to_first"): "002 молчит; так во всех остальных сводах сайта",
    ("jpml", "multiple_ron"): "002 молчит; атама хане, как в [003] — втором клубном своде",
    ("jpml", "riichi_min_points"): "002 прерывает игру, когда у игрока не остаётся очков, "
    "поэтому риичи без 1000 очков не объявить",
    ("jpml", "chombo"): "002 называет чомбо, но не его размер; взят турнирный вычет из [000]",
    ("jpml", "chombo_deduction"): "размер турнирного вычета из [000]",
    ("jpml", "riichi_closed_kan"): "002 молчит; как в [003]",
    ("jpml", "return_score"): "002 не называет оку: очки возврата равны начальным",
    ("jpml", "last_dealer_stops_on_win"): "002 не делает исключений из ренчана: дилер, "
    "который выиграл, остаётся и в последней раздаче",
    ("jpml", "last_dealer_stops_on_tenpai"): "002 не делает исключений из ренчана: дилер "
    "в темпае остаётся и в последней раздаче",
}
RULE_CHOICE_DEFAULT = "документы об этом молчат"
GAME_NOT_PLAYED = "В этом своде правил такая прерванная ничья не играется: раздача продолжается."
# --- Defence against a riichi (engine.table.safety) --------------------------------
# One explanation per class of engine.table.safety.SafetyTier (keyed by its value).
SAFETY_TIERS: dict[str, str] = {
    "genbutsu": "тайл из сброса игрока в риичи: рон на нём запрещён фуритеном, 100 % безопасно",
    "passed": (
        "тайл сбросили после риичи, а рона не было: выиграть на нём он уже не может, "
        "100 % безопасно, как генбуцу"
    ),
    "no_wait": "видны все копии и соседи: ни одно ожидание на него невозможно",
    "honor_4": "видны все четыре копии благородного тайла: ждать его может только кокушимусо",
    "honor_3": "видны три копии благородного тайла: возможен только танки",
    "honor_2": "видны две копии благородного тайла: возможны шанпон и танки, примерно как суджи",
    "honor_1": "других копий благородного тайла не видно: шанпон и танки вполне возможны",
    "suji_19": "суджи 1 или 9: рянмена нет, ждать могут только шанпон и танки",
    "suji_28": "суджи 2 или 8: рянмена нет, остаются канчан, шанпон и танки",
    "suji_37": "суджи 3 или 7: рянмена нет, но возможны канчан и пенчан — самое слабое суджи",
    "suji_456": "суджи 4–6 (обе стороны закрыты): остаются канчан, шанпон и танки",
    "no_chance": "кабе (ноу-чанс): все копии соседнего тайла видны, рянмена через него нет",
    "one_chance": (
        "ван-чанс: видны три копии соседнего тайла — рянмен возможен, только если "
        "последняя у игрока в риичи"
    ),
    "riichi_suji": (
        "суджи тайла риичи: рянмена нет, но такое суджи не защищает — "
        "ловушка из канчана (135 → сброс 5, ожидание 2) опасна как тайл без суджи"
    ),
    "tedashi_suji": (
        "суджи последнего тедаши перед риичи: тайл риичи был цумогири и о руке не говорит, "
        "а ловушка из канчана могла остаться от тайла, ушедшего из руки последним"
    ),
    "half_suji": "полусуджи: у тайла 4–6 закрыта одна из двух сторон рянмена",
    "open_19": "1 или 9 без суджи: рянмен с одной стороны, канчана и пенчана нет",
    "open_28": "2 или 8 без суджи: рянмен с одной стороны и канчан",
    "open_37": "3 или 7 без суджи: рянмен с одной стороны, канчан и пенчан",
    "open_456": "4–6 без суджи: рянмен с обеих сторон и канчан — самый опасный",
    "flush_other_suit": (
        "против открытой руки, собирающей одну масть (хоницу или чиницу): тайл другой масти "
        "почти безопасен"
    ),
    "not_tanyao": (
        "против открытой руки из простых тайлов (таняо): крайний или благородный тайл "
        "почти безопасен"
    ),
    "pair_only": (
        "против открытой руки из одних понов (тойтой): рянмена нет, суджи и кабе не помогают, "
        "ждать можно только шанпон или танки — опасны тайлы, которых видно мало"
    ),
}
# Short names of the classes for lists (the long ones: SAFETY_TIERS).
SAFETY_TIER_NAMES: dict[str, str] = {
    "genbutsu": "генбуцу",
    "passed": "прошёл после риичи",
    "no_wait": "ждать нечем",
    "honor_4": "благородный, видны все четыре",
    "honor_3": "благородный, видны три",
    "honor_2": "благородный, видны два",
    "honor_1": "благородный, других не видно",
    "suji_19": "суджи 1–9",
    "suji_28": "суджи 2–8",
    "suji_37": "суджи 3–7",
    "suji_456": "суджи 4–6",
    "no_chance": "кабе (ноу-чанс)",
    "one_chance": "ван-чанс",
    "riichi_suji": "суджи тайла риичи",
    "tedashi_suji": "суджи последнего тедаши",
    "half_suji": "полусуджи",
    "open_19": "1–9 без суджи",
    "open_28": "2–8 без суджи",
    "open_37": "3–7 без суджи",
    "open_456": "4–6 без суджи",
    "flush_other_suit": "другая масть против хоницу",
    "not_tanyao": "крайний или благородный против таняо",
    "pair_only": "против тойтой: только шанпон и танки",
}
# Why this tile got its danger: the waits still possible and the ones closed.
SAFETY_REASON_GENBUTSU = "лежит в сбросе игрока в риичи: рон на нём запрещён"
SAFETY_REASON_PASSED = "сброшен после риичи, и рона не было"
SAFETY_HONOUR_SEEN = "видно копий вместе с вашими: {seen} из четырёх"
SAFETY_HONOUR_KOKUSHI = "ждать его может только кокушимусо"
SAFETY_HONOUR_NONE = "ждать его нечем: кокушимусо тоже невозможен"
SAFETY_POSSIBLE = "возможны: {waits}"
SAFETY_NOTHING = "ни одно ожидание невозможно"
SAFETY_CLOSED = "закрыты: {waits}"
SAFETY_RYANMEN = "рянмен {first}-{second} {suit}"
SAFETY_KANCHAN = "канчан {first}-{second} {suit}"
SAFETY_PENCHAN = "пенчан {first}-{second} {suit}"
SAFETY_SHANPON = "шанпон"
SAFETY_TANKI = "танки"
SAFETY_WHY_SUJI = "{other} безопасен (суджи)"
SAFETY_WHY_KABE = "все четыре {wall} видны (кабе)"
SAFETY_WHY_ONE = "видны три {wall} (ван-чанс)"
SAFETY_WHY_RIICHI = "{other} — тайл риичи, его суджи не защищает"
SAFETY_WHY_TEDASHI = (
    "{other} — последний тедаши перед риичи (тайл риичи был цумогири), его суджи не защищает"
)
SAFETY_WHY_DRAWN_RIICHI = "{other} безопасен (суджи; тайл риичи был цумогири — это не ловушка)"
SAFETY_DORA = "это дора: на ней ждут чаще"
SAFETY_DORA_NEAR = "рядом с дорой: на нём ждут чуть чаще"
SAFETY_AGAINST = "против риичи №{n}: {reason}"
# Against an open hand (engine.table.safety_open).
SAFETY_AGAINST_OPEN = "против открытой руки №{n}: {reason}"
SAFETY_OPEN_GENBUTSU = "лежит в сбросе открытой руки: рон на нём запрещён фуритеном"
SAFETY_OPEN_FLUSH_OUT = (
    "все его открытые сеты — {suit} или благородные (похоже на хоницу или чиницу): "
    "тайл другой масти почти безопасен"
)
SAFETY_OPEN_FLUSH_IN = (
    "все его открытые сеты — {suit} или благородные (похоже на хоницу или чиницу): "
    "его ожидания, скорее всего, в этой масти или в благородных"
)
SAFETY_OPEN_TANYAO_OUT = (
    "все его открытые сеты из простых тайлов (похоже на таняо): "
    "крайний или благородный тайл почти безопасен"
)
SAFETY_OPEN_TANYAO_IN = (
    "все его открытые сеты из простых тайлов (похоже на таняо): его ожидания в простых тайлах"
)
SAFETY_OPEN_TOITOI = (
    "у него только поны (похоже на тойтой): рянмена нет, суджи и кабе не помогают, "
    "ждать можно только шанпон или танки"
)
SAFETY_OPEN_UNSEEN = "не видно копий: {unseen} из четырёх"
SAFETY_OPEN_MAYBE_NOT_READY = "открытых сетов меньше трёх: он может быть ещё не в темпае"
SAFETY_OPEN_NO_MELDS = "У открытой руки должен быть хотя бы один открытый сет."
SAFETY_OPEN_NOT_VISIBLE = (
    "Сброс и открытые сеты открытой руки должны входить в видимые тайлы: "
    "«{tile}» встречается в них чаще, чем среди видимых."
)
SAFETY_NO_RIICHI = "Укажите хотя бы одного игрока в риичи или с открытой рукой."
SAFETY_BAD_RIICHI_INDEX = (
    "Номер тайла риичи ({index}) должен указывать на тайл в сбросе игрока в риичи "
    "(от 0 до {last})."
)
SAFETY_BAD_TSUMOGIRI = (
    "Отметок цумогири должно быть столько же, сколько тайлов в сбросе игрока в риичи: "
    "отметок — {marks}, тайлов — {pond}."
)
SAFETY_POND_NOT_VISIBLE = (
    "Тайлы сброса игрока в риичи и сброшенные после риичи должны входить в видимые тайлы: "
    "«{tile}» встречается в них чаще, чем среди видимых."
)
SAFETY_TOO_MANY = "Видимых тайлов «{tile}» вместе с рукой {count}, а в комплекте их только четыре."

# --- Ukeire (engine.shape.ukeire) ---------------------------------------------------
UKEIRE_TOO_MANY = (
    "Тайлов «{tile}» в руке, в её сетах и среди видимых вместе {count}, "
    "а в комплекте их только четыре."
)
BATCH_RIICHI_SHAPE = (
    'Каждый риичи записывается объектом вида {"pond": "1m9p3z", "riichi_index": 2, '
    '"passed": "5s"}: сброс и тайлы после риичи — строками mpsz, номер тайла риичи — целым числом; '
    'необязательный "tsumogiri" — список true/false, по одному на каждый тайл сброса.'
)
BATCH_RIICHI_UNKNOWN = "Неизвестное поле «{name}» в описании риичи."
BATCH_RIICHI_MISSING = "В описании риичи не хватает поля «{name}»."
BATCH_OPEN_SHAPE = (
    'Каждая открытая рука записывается объектом вида {"melds": [{"type": "pon", "tiles": '
    '"666z"}], "pond": "1m9p3z", "seat_wind": "S", "round_wind": "E"}: не больше четырёх '
    "сетов, сброс — строкой mpsz, ветра — буквами E, S, W, N."
)
BATCH_OPEN_UNKNOWN = "Неизвестное поле «{name}» в описании открытой руки."
BATCH_OPEN_MISSING = "В описании открытой руки не хватает поля «{name}»."
UKEIRE_SHANTEN_SHORT = {-1: "рука собрана", 0: "темпай"}  # else "{n}-шантен"


def shanten_short(n: int) -> str:
    """«темпай», «2-шантен»: how far a hand is, in the discard ranking's short words.

    >>> shanten_short(0), shanten_short(2)
    ('темпай', '2-шантен')
    """
    return UKEIRE_SHANTEN_SHORT.get(n, f"{n}-шантен")
UKEIRE_DISCARD = "Сброс {tile}: {shanten}, улучшают {tiles} — всего {count}."
UKEIRE_DISCARD_NONE = "Сброс {tile}: {shanten}, улучшающих тайлов не осталось."
UKEIRE_QUALITY = (
    "Из них {good} позволяют выйти в темпай с хорошей формой (рянмен); "
    "в среднем такой темпай ждёт {average}."
)
UKEIRE_EXPLANATION = (
    "Укейре — тайлы, которые уменьшают шантен, и сколько их копий ещё не видно: "
    "в руке, в сбросах и на индикаторах доры их уже нет."
)

# --- impossible situations (engine.scoring.situation) ----------------------------------
# Two facts of engine.scoring.situation.EXCLUSIONS that cannot hold together: both are
# named ({first}, {second}: SITUATION_FACT_NAMES), then the reason.

SITUATION_CONFLICT = "Так не бывает: «{first}» и «{second}» вместе. {reason}"
SITUATION_BAD_WINDS = "Ветер места и ветер раунда — один из E, S, W, N."
SITUATION_BAD_COUNTERS = "Хонба и палочки риичи — целые числа от 0 до 100."
SITUATION_TOO_MANY_INDICATORS = "Индикаторов доры не больше пяти: один и по одному за каждый кан."

SITUATION_FACT_NAMES: dict[str, str] = {
    "riichi": "риичи",
    "double_riichi": "двойное риичи",
    "ippatsu": "иппацу",
    "tsumo": "цумо",
    "rinshan": "риншан кайхо",
    "chankan": "чанкан",
    "haitei": "хайтей",
    "houtei": "хотей",
    "tenhou": "тенхо",
    "chiihou": "чихо",
    "renhou": "ренхо",
    "ron": "рон",
    "no_riichi": "без риичи",
    "open": "открытая рука",
    "kan": "кан в руке",
    "no_kan": "рука без кана",
    "dealer": "победитель — дилер",
    "non_dealer": "победитель — недилер",
    "win_tile_twice": "ещё один такой же тайл у победителя",
}

_SITUATION_FIRST_TURN = {
    "tenhou": "Тенхо — победа дилера на руке с раздачи, ещё до первого сброса",
    "chiihou": "Чихо — победа недилера цумо первым же набором, до первого сброса",
    "renhou": "Ренхо — победа недилера на чужом сбросе ещё до своего первого набора",
}
_SITUATION_FIRST_TSUMO = {
    "tenhou": "Тенхо — цумо дилера на руке с раздачи",
    "chiihou": "Чихо — цумо недилера первым набором",
}

SITUATION_REASONS: dict[tuple[str, str], str] = {
    **{
        (riichi, win): f"{_SITUATION_FIRST_TURN[win]}, а риичи объявляют вместе со сбросом."
        for riichi in ("riichi", "double_riichi")
        for win in _SITUATION_FIRST_TURN
    },
    ("ippatsu", "rinshan"): (
        "Риншан кайхо бывает только после своего кана, а любое объявление после риичи, "
        "даже свой закрытый кан, отменяет иппацу."
    ),
    **{
        ("ippatsu", win): f"{_SITUATION_FIRST_TURN[win]}, а иппацу бывает только после риичи."
        for win in _SITUATION_FIRST_TURN
    },
    ("tsumo", "chankan"): "Чанкан — рон на тайл, который соперник доложил к пону, а не цумо.",
    ("tsumo", "houtei"): "Хотей — рон на последний сброс раздачи, а не цумо.",
    ("tsumo", "renhou"): "Ренхо — победа на чужом сбросе, то есть рон, а не цумо.",
    ("rinshan", "chankan"): (
        "Риншан кайхо — цумо на тайле замены после своего кана, а чанкан — рон на тайл, "
        "доложенный соперником к пону."
    ),
    ("rinshan", "haitei"): (
        "Тайл замены берут из мёртвой стены, поэтому победа на нём никогда не бывает "
        "победой на последнем тайле стены."
    ),
    ("rinshan", "houtei"): "Риншан кайхо — цумо на тайле замены, а хотей — рон на последний сброс.",
    ("rinshan", "tenhou"): (
        "Тенхо — победа на руке с раздачи, до любого объявления, а тайл замены берут после кана."
    ),
    ("rinshan", "chiihou"): (
        "Чихо — победа первым набором, до любого объявления, а тайл замены берут после кана."
    ),
    ("rinshan", "renhou"): "Ренхо — рон до своего первого набора, а риншан кайхо — цумо.",
    ("chankan", "haitei"): (
        "Чанкан — рон на доложенный к пону тайл, а хайтей — цумо на последнем тайле стены."
    ),
    ("chankan", "houtei"): (
        "Хотей — рон на последний сброс раздачи, а тайл, доложенный к пону, не сброс."
    ),
    ("chankan", "tenhou"): "Тенхо — цумо дилера на руке с раздачи, а чанкан — рон.",
    ("chankan", "chiihou"): "Чихо — цумо первым набором, а чанкан — рон.",
    ("chankan", "renhou"): (
        "Доложить тайл к пону можно только после объявленного пона, а любое объявление "
        "прерывает первый круг, в котором бывает ренхо."
    ),
    ("haitei", "houtei"): (
        "Хайтей — цумо последним тайлом стены, хотей — рон на сброс после него: "
        "одна победа не бывает и тем и другим."
    ),
    ("haitei", "tenhou"): "Тенхо — на руке с раздачи, а хайтей — на последнем тайле стены.",
    ("haitei", "chiihou"): "Чихо — на первом наборе, а хайтей — на последнем тайле стены.",
    ("haitei", "renhou"): "Ренхо — рон в первом круге, а хайтей — цумо на последнем тайле стены.",
    ("houtei", "tenhou"): "Тенхо — цумо на руке с раздачи, а хотей — рон на последний сброс.",
    ("houtei", "chiihou"): "Чихо — цумо первым набором, а хотей — рон на последний сброс.",
    ("houtei", "renhou"): "Ренхо — в первом круге, а хотей — на последнем сбросе раздачи.",
    ("tenhou", "chiihou"): "Тенхо бывает только у дилера, чихо — только у недилера.",
    ("tenhou", "renhou"): "Тенхо — цумо дилера, ренхо — рон недилера.",
    ("chiihou", "renhou"): "Чихо — цумо первым набором, ренхо — рон до первого набора.",
    ("ippatsu", "no_riichi"): "Иппацу — победа в течение круга после риичи, а риичи не объявлено.",
    ("haitei", "ron"): "Хайтей — победа цумо на последнем тайле стены.",
    ("rinshan", "ron"): "Риншан кайхо — победа цумо на тайле замены после кана.",
    **{(win, "ron"): f"{text}." for win, text in _SITUATION_FIRST_TSUMO.items()},
    ("riichi", "open"): "Риичи объявляют только с закрытой рукой.",
    ("double_riichi", "open"): "Двойное риичи, как и риичи, объявляют только с закрытой рукой.",
    ("ippatsu", "open"): "Иппацу бывает только после риичи, а риичи — только с закрытой рукой.",
    ("rinshan", "no_kan"): "Тайл замены берут только после кана, а в руке нет кана.",
    **{
        (win, "open"): f"{_SITUATION_FIRST_TURN[win]}, а в руке открытый сет — было объявление."
        for win in _SITUATION_FIRST_TURN
    },
    **{
        (win, "kan"): f"{_SITUATION_FIRST_TURN[win]}, а кан, даже закрытый, — уже объявление."
        for win in _SITUATION_FIRST_TURN
    },
    ("tenhou", "non_dealer"): "Тенхо бывает только у дилера (ветер места — восток).",
    ("chiihou", "dealer"): "Чихо бывает только у недилера: первый набор дилера — это тенхо.",
    ("renhou", "dealer"): (
        "Ренхо бывает только у недилера: дилер начинает с 14 тайлов и сбрасывает первым."
    ),
    ("chankan", "win_tile_twice"): (
        "Тайл для чанкана — четвёртый экземпляр: три лежат в поне соперника, поэтому "
        "другого такого тайла у победителя быть не может."
    ),
}

# --- shanten and the four-copy rule (engine.shape.shanten) ---------------------------
# {tiles}: kinds the hand holds all four of that a fifth copy would have helped.
SHANTEN_EXHAUSTED = (
    "Руку улучшили бы ещё {tiles}, но все четыре экземпляра уже у вас: их не взять, "
    "поэтому шантен считается без них."
)


# --- strategy decisions (engine.rules.strategy, engine.table.judgement) ---------------------

STRATEGY_NEED_13 = "Для решения о вызове нужна рука из 13 тайлов до вызова."
STRATEGY_BAD_CALL = "Вызов — chi или pon, и предложенный тайл должен быть в его сете."
STRATEGY_CALL_NOT_HELD = "Для этого вызова в руке нет двух других тайлов сета."
STRATEGY_PUSH_NOT_HELD = "Тайла, которым идти вперёд, нет среди закрытых тайлов руки."
STRATEGY_NEED_CLOSED = "Риичи объявляют только с закрытой рукой из 13 тайлов."
STRATEGY_NOT_READY = "Рука не в темпае: объявлять риичи не с чем."

# The Russian wording of each table row (engine.rules.strategy.*_TABLE), by row id.
STRATEGY_ROWS: dict[str, str] = {
    "call_no_yaku": "после вызова у руки не остаётся яку — выиграть открытой рукой нельзя",
    "call_no_progress": "вызов не приближает руку к темпаю и не делает её дороже",
    "call_value_drop": "вызов роняет цену руки с 7700 и выше до 2000 и ниже",
    "call_ready": "вызов сразу даёт темпай",
    "call_value_set": "рука дешёвая и медленная, но в ней закрытый сет якухая — три "
                      "безопасных тайла на случай защиты",
    "call_cheap_slow": "после вызова рука дешёвая (2000 и меньше) и медленная (2 шага до "
                       "темпая и больше)",
    "call_fast_or_expensive": "после вызова рука либо быстрая, либо дорогая",
    "push_two_of_three": "из трёх условий — темпай, дорогая рука (от 7700), хорошее "
                         "ожидание — выполнены хотя бы два",
    "fold_two_of_three": "из трёх условий — темпай, дорогая рука (от 7700), хорошее "
                         "ожидание — выполнено не больше одного",
    "dama_haneman": "рука и без риичи стоит не меньше ханемана",
    "riichi_expensive_wide": "рука дорогая и без риичи, но ожидание широкое и ещё рано",
    "dama_expensive": "рука и без риичи дорогая, а ожидание узкое или уже поздно",
    "dama_few_tiles": "яку есть, а выигрышных тайлов осталось один-два, и все простые",
    "riichi_one_of_three": "есть хотя бы одно из трёх: хан кроме риичи (дора тоже), хорошее "
                           "ожидание, вы дилер",
    "dama_riichi_only_bad": "недилер, кроме риичи ни одного хана, ожидание плохое",
}
# Where each row comes from, as the learner reads it (the English source is the row's data).
STRATEGY_SOURCES: dict[str, str] = {
    "call_no_yaku": "гл. 9, раздел о вызове ради яку: открытая рука выигрывает только с яку",
    "call_no_progress": "гл. 9: вызов, который не двигает руку и не делает её дороже, не нужен",
    "call_value_drop": "гл. 9, правило вызова 2",
    "call_ready": "гл. 9, правило вызова 3",
    "call_value_set": "гл. 9, правило вызова 4",
    "call_cheap_slow": "гл. 9, правило вызова 1",
    "call_fast_or_expensive": "гл. 9: вызов допустим, только если рука дорогая или быстрая",
    "push_two_of_three": "гл. 8, правило «идти или сдаваться»",
    "fold_two_of_three": "гл. 8, правило «идти или сдаваться»",
    "dama_haneman": "гл. 7, риичи с дорогой рукой",
    "riichi_expensive_wide": "гл. 7, риичи с дорогой рукой",
    "dama_expensive": "гл. 7, раздел о дорогой руке",
    "dama_few_tiles": "гл. 7, дама из-за плохого ожидания",
    "riichi_one_of_three": "гл. 7, главное правило риичи",
    "dama_riichi_only_bad": "гл. 7: единственный случай, который главное правило риичи "
                            "запрещает",
}
STRATEGY_BOOK = "«Riichi Book I» Дайны Тибы"
STRATEGY_VERDICTS: dict[str, str] = {
    "call": "брать", "pass": "не брать", "push": "идти", "fold": "сдаваться",
    "riichi": "риичи", "dama": "дама",
}
# The yaku a hand is already sure of (engine.table.hand_value.estimate): the scorer's names, and
# one «якухай» for any value triplet (the estimate does not say which).
STRATEGY_YAKU: dict[str, str] = {
    **{name: YAKU_NAMES[name] for name in ("riichi", "tanyao", "honitsu", "chinitsu")},
    "yakuhai": "якухай",
}

# --- all-last (engine.table.all_last) -------------------------------------------------------

ALL_LAST_RON = "рон {value} ({hand})"
ALL_LAST_TSUMO = "цумо {other}/{dealer} ({hand})"
ALL_LAST_TSUMO_ALL = "цумо по {each} со всех ({hand})"
ALL_LAST_HAN_FU = "{han} хан {fu} фу"  # from 5 han the hand is named by LIMIT_NAMES
ALL_LAST_BAD_INPUT = "Нужны очки четырёх игроков, место (E, S, W, N), хонба и палочки от нуля."

# --- The table: a played game replayed event by event (engine/table/state.py, logs) ---------

TABLE_SEAT_NAMES = ("Восток", "Юг", "Запад", "Север")  # by this hand's seat wind
TABLE_CALL_NAMES: dict[str, str] = {
    "chi": "чи", "pon": "пон", "daiminkan": "открытый кан",
    "ankan": "закрытый кан", "shouminkan": "доложенный кан",
}
TABLE_ABORT_NAMES: dict[str, str] = {
    "kyuushu": "девять разных терминалов и благородных (кюсю кюхай)",
    "four_winds": "четыре одинаковых ветра в первом круге",
    "four_riichi": "риичи всех четырёх",
    "four_kans": "четыре кана у разных игроков",
    "triple_ron": "три рона на один сброс",
}
TABLE_LAST_DEAL = "Раздача сдана."
TABLE_LAST_DRAW = "{seat} берёт тайл."
TABLE_LAST_DISCARD: dict[str, str] = {
    "hand": "{seat} сбрасывает {tile} (из руки)",
    "tsumogiri": "{seat} сбрасывает {tile} (только что взятый)",
    "riichi": "{seat} объявляет риичи, сбрасывая {tile}",
}
TABLE_LAST_CALL = "{seat}: {call} на {tile}"
TABLE_LAST_KAN: dict[str, str] = {
    "ankan": "{seat}: закрытый кан {tile}",
    "shouminkan": "{seat}: доложенный кан {tile}",
}
TABLE_LAST_RON = "{seat}: рон на {tile} от игрока {frm}"
TABLE_LAST_TSUMO = "{seat}: цумо"
TABLE_LAST_EXHAUSTIVE = "Стена кончилась: ничья."
TABLE_LAST_ABORT = "Прерванная ничья: {name}."

TABLE_BAD_HAIPAI = "Раздача: каждому игроку должно быть сдано 13 тайлов."
TABLE_FIVE_COPIES = "Тайл {tile} встречается больше четырёх раз."
TABLE_BAD_TILE = "Неизвестный тайл."
TABLE_BAD_RED = "Красной может быть только пятёрка, по одной каждой масти."
TABLE_NO_RED_FIVES = (
    "В записи есть красные пятёрки, а в выбранном своде правил их нет: выберите свод с красными "
    "пятёрками (например, online)."
)
TABLE_HAND_OVER = "Раздача уже закончилась, а в записи есть ещё события."
TABLE_HAND_UNFINISHED = "Запись раздачи обрывается: нет ни победы, ни ничьей."
TABLE_NOT_TURN = "Сейчас не ход игрока {seat}."
TABLE_WALL_EMPTY = "Стена уже кончилась: брать больше нечего."
TABLE_WALL_NOT_EMPTY = "Ничья по стене, а в стене ещё есть тайлы (или ход не закончен)."
TABLE_NOT_HELD = "{seat} сбрасывает {tile}, которого нет в руке."
TABLE_NOT_DRAWN = "Сброс {tile} отмечен как только что взятый, но взят был другой тайл."
TABLE_RIICHI_DISCARD = "После риичи сбрасывается только взятый тайл."
TABLE_KUIKAE = "Сразу после вызова нельзя сбросить {tile}: это замена вызванного тайла (куикаэ)."
TABLE_RIICHI_TWICE = "Риичи уже объявлено."
TABLE_RIICHI_OPEN = "Риичи объявляют только с закрытой рукой."
TABLE_RIICHI_POINTS = "Для риичи нужно не меньше 1000 очков."
TABLE_RIICHI_WALL = "Риичи нельзя объявить: в стене осталось меньше четырёх тайлов."
TABLE_RIICHI_NOT_TENPAI = "Риичи без темпая: после сброса {tile} рука не ждёт ни одного тайла."
TABLE_NO_DISCARD_TO_CALL = "Вызов без сброса, который можно взять."
TABLE_CALL_WRONG_TILE = "Вызов на {tile}, а последний сброс другой (или другого игрока)."
TABLE_CALL_NOT_ALLOWED = (
    "{seat} не может объявить {call} на {tile}: нет нужных тайлов или вызов не разрешён."
)
TABLE_KAN_NOT_ALLOWED = "{seat} не может объявить кан {tile} сейчас."
TABLE_BAD_DORA = "Индикатор доры {tile} не записан среди индикаторов раздачи."
TABLE_NO_RON_TILE = "Рон не на последний сброс (или не от того игрока)."
TABLE_RON_TWICE = "Один игрок объявил рон дважды."
TABLE_RON_NOT_WAIT = "{seat} объявляет рон на {tile}, но рука его не ждёт."
TABLE_RON_FURITEN = "{seat} объявляет рон в фуритене: ожидание уже было в его сбросе или пропущено."
TABLE_ROB_CLOSED_KAN = "{seat}: закрытый кан можно ограбить только с ожиданием кокуши мусо."
TABLE_NO_YAKU = "{seat} объявляет победу без яку."
TABLE_TSUMO_INCOMPLETE = "{seat} объявляет цумо с незаконченной рукой."
TABLE_HEAD_BUMP = (
    "Второй рон на один сброс: в выбранном своде правил выигрывает только ближайший игрок "
    "(атамахане). Выберите свод правил, по которому играли."
)
TABLE_BAD_ABORT = "Неизвестная прерванная ничья «{reason}»."
TABLE_ABORT_NOT_PLAYED = (
    "Прерванная ничья «{name}» в выбранном своде правил не играется. Выберите свод правил, "
    "по которому играли."
)
TABLE_ABORT_NOT_SO = "Прерванная ничья «{name}» записана, но на столе её условия не выполнены."
TABLE_NO_NAGASHI = (
    "В записи нагаси манган, а в выбранном своде правил его нет. Выберите свод правил, "
    "по которому играли."
)

# --- Game logs in (engine/table/logs.py, log_tenhou.py, log_mjai.py) ---------------------------

LOG_NOT_TEXT = "Запись партии должна быть текстом JSON или объектом."
LOG_UNKNOWN_FORMAT = (
    "Не удалось узнать формат записи: ожидается JSON tenhou.net/6 (объект с полем «log») "
    "или mjai (строки JSON с полем «type»)."
)
LOG_NOT_JSON = "Запись не разбирается как JSON: {text}."
LOG_THREE_PLAYER = (
    "Партии на троих не поддерживаются: разбор понимает только маджонг на четверых."
)
LOG_BAD_FIELD = "Поле «{name}» записи заполнено неверно."
LOG_NO_HANDS = "В записи нет ни одной раздачи."
LOG_TOO_MANY_HANDS = "В записи больше {limit} раздач: это не одна партия."
LOG_BAD_HAND = "Раздача записана неверно: ожидается массив из 17 элементов tenhou.net/6."
LOG_BAD_TILE = "Неизвестный код тайла «{code}»."
LOG_BAD_CALL = "Неверная запись вызова «{text}»."
LOG_CALL_OUT_OF_TURN = "Вызов записан там, где ни один сброс его не допускает."
LOG_TSUMOGIRI_NO_DRAW = "Сброс только что взятого тайла без взятого тайла."
LOG_BAD_RESULT = "Итог раздачи записан неверно."
LOG_UNKNOWN_RESULT = "Неизвестный итог раздачи «{name}»."
LOG_MJAI_EVENT = "Строка {line}: неизвестное или неполное событие mjai «{type}»."
LOG_MJAI_LINE = "Строка {line} не разбирается как JSON."
LOG_TOO_LONG = "Запись слишком длинная: больше {limit} событий."

# --- Replay of a game log (engine/table/replay.py) ---------------------------------------------

REPLAY_RESULT_NAMES: dict[str, str] = {
    "win": "победа", "draw": "ничья", "abortive": "прерванная ничья", "nagashi": "нагаси манган",
}
REPLAY_DIFFERENT_END = "По записи раздача кончилась так: {log}; по выбранным правилам — {engine}."
REPLAY_OTHER_RULES = (
    "Партия сыграна по правилам «{log}», а разбор идёт по своду «{rules}»: очки считаются по нему."
)
REPLAY_MULTI_RON = (
    "Несколько рон на один сброс: своды правил по-разному делят хонбу и палочки риичи."
)
# engine/table/explain.py: the rule value that reproduces the log's result.
REPLAY_EXPLAINED = "По правилам лога, похоже, {named}."
REPLAY_OPTION = "{label}: {theirs}; у нас — {ours}"
REPLAY_OR = ", или "
REPLAY_EXPLAINED_SET = "По правилам лога, похоже, свод «{log}»; у нас — «{rules}»"
REPLAY_SET_DIFFERS = "; для этой раздачи в них различаются: {named}"
REPLAY_UNEXPLAINED = (
    "Ни одно правило из известных нам сводов не даёт результата из записи: возможно, партия "
    "сыграна по правилам, которых у нас нет, или запись неполна."
)
REPLAY_NOT_SEARCHED = "Очки по записи отличаются от подсчёта движка."
REPLAY_NO_HAND = "Раздачи {hand} нет: в записи {count}."
HAND_FORMS = ("раздача", "раздачи", "раздач")
DECISION_BAD_SEAT = "Место для разбора — число от 0 до 3 (0 — первый дилер партии)."
