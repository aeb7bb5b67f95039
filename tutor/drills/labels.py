"""Short concept labels of the diagnosis rules (tutor.drills.diagnosis): what an instructor reads.

A rule's message speaks to the learner after one answer («Похоже, вы
пропустили одну из сторон рянмена (8 пин)»); a class's lists need the concept
it names, in a few words and no second person: «пропущена сторона рянмена».
Keyed by the rule id stored with each wrong answer (``<kind>.<name>``); the
rules without a name (the game and play kinds) share one label per kind, the
``<kind>.`` their ids read. A test checks that every rule has a label here.
"""

from __future__ import annotations

LABELS: dict[str, str] = {
    "fu.other-reading": "разбор руки не самый дорогой (фу)",
    "fu.chiitoitsu-25": "чиитойцу — ровно 25 фу",
    "fu.pinfu-tsumo-20": "пинфу цумо — ровно 20 фу",
    "fu.open-pinfu-30": "открытая рука без надбавок — 30 фу",
    "fu.fu-rounding": "округление фу",
    "fu.fu-missing-item": "пропущена надбавка фу",
    "fu.closed-triplet-double": "закрытый коцу вдвое дороже",
    "fu.ron-triplet-open": "коцу, собранный роном, — открытый",
    "fu.kan-quadruple": "кан вчетверо дороже коцу",
    "fu.terminal-triplet-double": "коцу терминалов вдвое дороже",
    "han.other-reading": "разбор руки не самый дорогой (хан)",
    "han.ura-dora": "урадора",
    "han.aka-dora": "акадора",
    "han.dora": "дора по индикатору",
    "han.dora-not-yaku": "дора прибавляется к хан",
    "han.open-hand-reduction": "открытая рука: яку дешевле",
    "han.yaku-missed": "пропущено яку",
    "han.yaku-absorbed": "яку поглощено более сильным",
    "han.yaku-other-reading": "яку только в дешёвом разборе",
    "han.yaku-wrong": "яку, которого в руке нет",
    "payment.dealer-ron": "рон дилера: базовые × 6",
    "payment.non-dealer-ron": "рон недилера: базовые × 4",
    "payment.honba": "хонба",
    "payment.tsumo-honba-100": "хонба на цумо — по 100",
    "payment.tsumo-dealer-share": "доля дилера на цумо",
    "payment.riichi-sticks": "палочки риичи со стола",
    "payment.payment-rounding": "округление выплаты",
    "payment.han-fu-recount": "подсчёт хан и фу",
    "waits.missed-tanki": "пропущен танки",
    "waits.missed-shanpon": "пропущен шанпон",
    "waits.missed-kanchan": "пропущен канчан",
    "waits.missed-penchan": "пропущен пенчан",
    "waits.missed-ryanmen": "пропущена сторона рянмена",
    "waits.karaten": "каратен",
    "shanten.chiitoitsu-form": "форма чиитойцу",
    "shanten.kokushi-form": "форма кокушимусо",
    "shanten.to-tenpai-not-win": "шантен считают до темпая",
    "dora.indicator-itself": "индикатор — не дора",
    "dora.indicator-previous": "дора — тайл после индикатора",
    "dora.nine-wraps": "после девятки — единица",
    "dora.winds-cycle": "круг ветров",
    "dora.dragons-cycle": "круг драконов",
    "furiten.furiten-discard": "постоянный фуритен",
    "furiten.furiten-temporary": "временный фуритен",
    "furiten.furiten-riichi": "фуритен в риичи",
    "furiten.furiten-imagined": "фуритен там, где его нет",
    "draw.": "расчёт ничьей",
    "multi_ron.": "несколько ронов и пао",
    "next_hand.": "следующая раздача",
    "final.": "итог партии",
    "discard.": "выбор сброса",
    "ukeire.": "подсчёт укейре",
    "safety.": "безопасный сброс против риичи",
    "all_last.more_than_needed": "последняя раздача: рука дороже нужной",
    "all_last.too_small": "последняя раздача: руки не хватает",
    "call.deciding_row": "объявлять ли чи или пон",
    "push.deciding_row": "идти вперёд или сдаваться",
    "riichi.deciding_row": "риичи или дама",
}


def label(rule_id: str) -> str | None:
    """The concept a stored rule id names, or None for an id no table has any more."""
    return LABELS.get(rule_id)
