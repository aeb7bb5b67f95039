"""The Russian wording of a game review: categories, thresholds, flag messages, summary.

A leaf like the rest of ``engine/text``: plain strings with ``str.format``
fields; the numbers are filled in by :mod:`engine.review` (the plural of a
count is chosen there with :mod:`engine.plural`).
"""

from __future__ import annotations

# Per category: its name on the page, and the noun phrase of the summary in the
# three plural forms (1 / 2–4 / 5+), after the count: «5 по эффективности».
CATEGORY_NAMES: dict[str, str] = {
    "efficiency": "Эффективность",
    "defence": "Защита",
    "missed_win": "Пропущенная победа",
    "furiten": "Фуритен",
    "no_yaku": "Вызов без яку",
    "noten": "Нотен на ничьей",
    "all_last": "Последняя раздача",
}
SUMMARY_FORMS: dict[str, tuple[str, str, str]] = {
    "efficiency": ("по эффективности", "по эффективности", "по эффективности"),
    "defence": ("в защите", "в защите", "в защите"),
    "missed_win": ("пропущенная победа", "пропущенные победы", "пропущенных побед"),
    "furiten": ("ожидание в фуритене", "ожидания в фуритене", "ожиданий в фуритене"),
    "no_yaku": ("вызов без яку", "вызова без яку", "вызовов без яку"),
    "noten": ("нотен на ничьей", "нотена на ничьей", "нотенов на ничьей"),
    "all_last": ("в последней раздаче", "в последней раздаче", "в последней раздаче"),
}
DECISIONS_FORMS = ("решение", "решения", "решений")
SUMMARY_NONE = "Ни одно решение не стоило очков по нашим меркам."
SUMMARY_LINE = "{total}: {parts}"

# The thresholds, as a learner reads them on the page (filled from engine.review.thresholds).
THRESHOLD_TEXT: dict[str, str] = {
    "ukeire_share": (
        "Сброс отмечается, если оставляет меньше {percent} % лучшего укэирэ при том же шантене."
    ),
    "danger_gap": (
        "Против риичи или открытой руки сброс отмечается, если шанс набросить им выше, чем "
        "самым безопасным "
        "тайлом руки, на {value:g} п. п. или больше (кроме темпая с хорошим ожиданием)."
    ),
    "wide_wait": "Фуритен при ожидании из {value:g} и более видов тайлов — только к сведению.",
    "formal_tenpai_wall": (
        "Вызов без яку ради формального темпая не отмечается, если в стене "
        "осталось {value:g} тайлов или меньше."
    ),
    "off_tiles": (
        "Яку считается достижимым, если ему мешают не больше {value:g} тайлов руки "
        "(якухай, таняо, хоницу, тойтой, иццу, саншоку, чанта)."
    ),
}

# Flag messages. Tiles are mpsz codes; counts come with their noun (tiles_word).
EFFICIENCY_STEP_BACK = (
    "Сброс {played} отходит назад: {shanten_after} вместо {shanten_best}. "
    "Лучше {better}: {best_count}."
)
EFFICIENCY_UKEIRE = (
    "Сброс {played} оставляет {count} ({tiles}) — {share} % от лучшего. "
    "Сброс {better} оставляет {best_count} ({best_tiles}) при том же шантене."
)
DEFENCE = (
    "Против {against} сброс {played} опасен: шанс набросить {danger} %. "
    "Самый безопасный тайл руки — {better}: {safest} %."
)
DEFENCE_RIICHI = "риичи ({seats})"
DEFENCE_OPEN = ("открытой руки ({seats})", "открытых рук ({seats})")  # one, several

MISSED_WIN = "Можно было объявить {win} на {tile}: {value} очков. Победа не взята."
MISSED_WIN_ALL_LAST = (
    "Можно было объявить {win} на {tile}: {value} очков — и закончить игру на {place}-м месте."
)
FURITEN = (
    "{declared} в фуритене: {tiles} уже в вашем сбросе, выиграть можно только цумо."
)
FURITEN_BETTER = " Сброс {better} давал темпай без фуритена."
FURITEN_WIDE = " Ожидание широкое ({kinds}), так что это только к сведению."
KINDS_FORMS = ("вид", "вида", "видов")
FURITEN_DECLARED = {"riichi": "Риичи", "dama": "Темпай без риичи"}
NO_YAKU = (
    "После {call} у руки нет яку и ни одного достижимого: выиграть ею нельзя. "
    "Лучше было пропустить."
)
NOTEN = (
    "Ничья, а вы не в темпае. Сброс {better} вместо {played} оставлял темпай "
    "(ожидание {waits}), а риичи никто не объявлял — за нотен платят."
)
ALL_LAST_WIN = (
    "Последняя раздача: эта победа ({value} очков) заканчивает игру на {place}-м месте. "
    "{alternative} подняла бы вас на {needed}-е — стоило подождать."
)
ALL_LAST_CALL = (
    "Последняя раздача: после вызова ({call}) даже лучшая победа оставляет вас "
    "на {place}-м месте, а риичи без вызова могло поднять на {needed}-е."
)
ALL_LAST_TSUMO = "Победа цумо"
ALL_LAST_RON = "Рон у игрока {seat}"
WIN_NAMES = {"ron": "рон", "tsumo": "цумо"}

# The command line's text of a review (engine/cli/review_text.py).
CLI_HEADER = "Разбор партии: {who}, правила {rules}."
CLI_SEAT = "место {seat}"
CLI_SEAT_NAMED = "{name} (место {seat})"
CLI_FLAG = "  {round} {number}, хонба {honba}, событие {event}: {played} → лучше {better}"
CLI_FLAG_NO_BETTER = "  {round} {number}, хонба {honba}, событие {event}: {played}"
CLI_INFORMATIONAL = " (к сведению)"
CLI_THRESHOLDS = "Меры разбора:"
ROUND_WORDS = {"E": "Восток", "S": "Юг", "W": "Запад", "N": "Север"}
PLAYED_WORDS = {
    "discard": "сброс {played}", "call": "{played}", "pass": "пропуск", "kan": "{played}",
    "riichi": "риичи", "dama": "без риичи", "win": "победа", "no_win": "победа не объявлена",
    "tenpai": "темпай", "noten": "нотен",
}
BETTER_WORDS = {
    "no_win": "не объявлять победу", "dama": "без риичи", "riichi": "риичи",
    "pass": "пропустить", "ron": "рон", "tsumo": "цумо",
}
