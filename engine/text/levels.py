"""What each practice level deals, per kind, in Russian: shown beside the level's link.

The generators (:mod:`engine.generate`) enforce each level; these lines say it
to the learner. :func:`engine.generate.level_hints` is how the site reads
them, and a test checks that every generated kind has a line for every level.
Like all of :mod:`engine.text`, this module imports nothing from the engine.
"""

from __future__ import annotations

LEVEL_HINTS: dict[str, dict[str, str]] = {
    "waits": {"novice": "одно-два простых ожидания", "player": "несколько форм, открытые сеты",
              "master": "многосторонние ожидания в одной масти"},
    "shanten": {"novice": "темпай или 1-шантен", "player": "1–2 шантена",
                "master": "2–4 шантена"},
    "dora": {"novice": "простые индикаторы в мастях", "player": "девятки, ветра, драконы",
             "master": "несколько индикаторов сразу"},
    "furiten": {"novice": "свой сброс и пропущенный тайл", "player": "все виды, риичи",
                "master": "несколько тайлов ожидания"},
    "fu": {"novice": "закрытые руки", "player": "открытые сеты, коцу, благородные пары",
           "master": "каны, шанпон, цумо"},
    "han": {"novice": "закрытые руки, 1–3 яку", "player": "открытые руки, якухай, акадоры",
            "master": "каны, много яку и дор"},
    "payment": {"novice": "недилер, без хонбы", "player": "дилер и хонба",
                "master": "хонба и палочки риичи"},
    "discard": {"novice": "какой сброс оставляет руку в темпае",
                "player": "какое ожидание шире: верен сброс с большим числом тайлов",
                "master": "выбор между формами: шантен, число тайлов, потом форма"},
    "complete": {"novice": "три руки, несобранным не хватает одного тайла",
                 "player": "четыре руки, открытые сеты, одна масть",
                 "master": "чиитойцу и кокушимусо"},
    "yaku": {"novice": "закрытые руки",
             "player": "открытые руки, дора без яку, европейские правила",
             "master": "все правила, каны, ветра"},
    "draw": {"novice": "онлайн-правила, без хонбы", "player": "все правила, хонба и палочки",
             "master": "нагаси манган"},
    "multi_ron": {"novice": "двойной рон", "player": "атама хане, тройной рон, хонба",
                  "master": "пао и прерванная ничья"},
    "next_hand": {"novice": "восточный раунд, победа", "player": "ничьи и риичи",
                  "master": "конец партии, чомбо, пересдачи"},
    "final": {"novice": "онлайн-правила",
              "player": "европейские правила и клуб «Фуритен», палочки на столе",
              "master": "равные очки"},
    "ukeire": {"novice": "темпай или 1-шантен, мало видов", "player": "1-шантен, часть копий видна",
               "master": "1–2 шантена, до девяти видов, чиитойцу тоже считается"},
    "safety": {"novice": "генбуцу есть не всегда: благородные и суджи",
               "player": "чаще без генбуцу: суджи по номеру, благородные по видимым копиям",
               "master": "читать стол: суджи 1–9 против 3–7, кабе, ван-чанс, тайл риичи, "
                         "иногда два риичи"},
}
