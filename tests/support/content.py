"""Courses for the content-check tests: the good fixture lessons plus one broken file.

``CASES`` pairs each broken fixture with the line and the exact Russian message
an author sees for it; the studio and author tests check the same messages.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from flask import Flask

from tests.support.site import make_app

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
BROKEN = FIXTURES / "broken"
GOOD = FIXTURES / "content"


# (fixture, line, message): the exact Russian message an author sees.
CASES = [
    ("10-term-pipe-in-table.md", 9,
     "Термин «пары» в строке таблицы записан с вертикальной чертой, а она делит ячейку. "
     "Напишите термин без черты: падежные формы есть в глоссарии."),
    ("10-no-front-matter.md", 1,
     "Нет шапки урока: файл должен начинаться со строки --- и полей title, slug, order, summary."),
    ("10-front-matter-not-yaml.md", 4,
     "Шапка урока — не YAML: expected ',' or ']', but got ':'."),
    ("10-missing-field.md", 1, "В шапке урока нет поля «summary»."),
    ("10-bad-slug.md", 3,
     "Поле «slug»: нужно слово из латинских строчных букв, цифр и дефисов, а не «Фу»."),
    ("10-unknown-front-matter-field.md", 6,
     "Неизвестное поле «level» в шапке урока. Есть: title, slug, order, summary, rules, "
     "moved_from."),
    ("10-bad-order.md", 4, "Поле «order»: нужно целое положительное число, а не «первый»."),
    ("10-duplicate-slug.md", 1, "Поле «slug» = basics уже занято уроком {base}01-basics.md."),
    ("10-duplicate-order.md", 1, "Поле «order» = 1 уже занято уроком {base}01-basics.md."),
    ("10-unknown-kind.md", 9,
     "Неизвестный вид упражнения «wait». Есть: all_last, call, choice, complete, count, discard, "
     "dora, draw, final, fu, furiten, han, multi_ron, next_hand, payment, position, push, "
     "riichi, rule, safety, shanten, ukeire, waits, yaku."),
    ("10-safety-riichi-at.md", 13, "riichi_at — номер тайла риичи в дискарде, от 1 до 3."),
    ("10-safety-ponds.md", 14,
     "Параметр «ponds»: ponds — список из трёх дискардов по порядку хода после игрока в риичи "
     '(последний — ваш), например ["1z 9m", "2z 1p", "9s"].'),
    ("10-ukeire-visible.md", 12,
     "Тайлов «1z» в руке, в её сетах и среди видимых вместе 5, а в комплекте их только четыре."),
    ("10-unknown-param.md", 11,
     "Неизвестный параметр «hands» в упражнении waits. Допустимы: id, prompt, rules, "
     "red_fives, moved_from, hand, melds."),
    ("10-missing-param.md", 9, "Не указан обязательный параметр «win»."),
    ("10-bad-hand.md", 11,
     "Параметр «hand»: Неизвестный символ «x» в записи «3456m123p789x111z». Допустимы цифры "
     "0–9 и буквы масти m, p, s, z."),
    ("10-wrong-tile-count.md", 11, "В руке должно быть 13 тайлов, а указано 12."),
    ("10-bad-boolean.md", 14,
     "Параметр «riichi»: Здесь нужно true/false (или да/нет), а не «может»."),
    ("10-not-tenpai.md", 11, "Рука не в темпае: ни один тайл не делает её выигрышной."),
    ("10-fu-not-winning.md", 9,
     "Рука не выигрышная: её нельзя разложить на четыре сета и пару, и это не чиитойцу "
     "и не кокушимусо."),
    ("10-fu-no-yaku.md", 9, "В руке нет яку, а без яку победить нельзя (дора яку не дают)."),
    # A «можно» is never a chombo: a furiten drill whose answer would be «yes» needs a yaku.
    ("10-furiten-no-yaku.md", 12,
     "Рука без яку: рон на 4 соу был бы чомбо, а упражнение ответило бы «можно». "
     "Дайте руке яку на этом тайле или объявите риичи (riichi: true)."),
    ("10-choice-answer.md", 9, "Параметр «answer»: вариантов 2, а указан номер 3."),
    ("10-drill-not-yaml.md", 11,
     "Параметры упражнения — не YAML: expected ',' or ']', but got '<stream end>'."),
    ("10-drill-unclosed.md", 9, "Блок упражнения «waits» не закрыт строкой ///."),
    ("10-duplicate-drill-id.md", 14, "Упражнение с id «w» в уроке уже есть."),
    ("10-bad-inline-tiles.md", 7,
     "Тайлы «99z»: «9z» в «99z» — нет такого тайла: бывают только 1z–7z."),
    ("10-mistyped-inline-tiles.md", 9,
     "Тайлы «123q456p»: Неизвестный символ «q» в «123q456p»: допустимы цифры, буквы m, p, s, z, "
     "апостроф (тайл боком) и # (тайл рубашкой вверх)."),
    ("10-attribute-not-allowed.md", 11,
     "Атрибут «hx-post» в уроке не разрешён (можно только class, id, title): "
     "он убран со страницы."),
    ("10-unknown-term.md", 7, "Термина «рибаунд» нет в глоссарии."),
    # «кандора» is right, «кан-дорой» in guillemets is named, not used, and code is code
    ("10-spelling-variant.md", 11,
     "Написание «Кан-дора» — вариант; в курсе пишем «кандора» (глоссарий)."),
    ("10-link-missing-lesson.md", 7, "Ссылка «/lessons/fu»: урока со slug «fu» нет."),
    ("10-link-missing-anchor.md", 7,
     "Ссылка «/lessons/basics#nigde»: в уроке «basics» нет якоря «nigde». "
     "Разделы урока: ожидание, фуритен, фу, вопрос."),
    ("10-link-file-name.md", 7,
     "Ссылка «02-second.md»: на уроки ссылайтесь адресом /lessons/second, а не именем файла."),
    ("10-link-missing-page.md", 7, "Ссылка «/tablitsa»: такой страницы на сайте нет."),
    ("10-link-glossary-term.md", 7,
     "Ссылка «/glossary#ribaund»: в глоссарии нет термина с id «ribaund»."),
    ("10-link-unclear.md", 7,
     "Ссылка «urok-fu»: непонятная ссылка: пишите /lessons/<slug>, /lessons/<slug>#якорь "
     "или #якорь или полный адрес https://…"),
    # addresses and raw HTML that the allow-list (tutor.course.markdown.allowlist) forbids
    ("10-link-javascript.md", 9,
     "Адрес «javascript:alert(1)»: схема «javascript:» в уроке не разрешена (можно http, "
     "https, mailto, адреса сайта и #якоря): ссылка убрана со страницы."),
    ("10-link-vbscript.md", 7,
     "Адрес «VBScript:MsgBox(1)»: схема «vbscript:» в уроке не разрешена (можно http, "
     "https, mailto, адреса сайта и #якоря): ссылка убрана со страницы."),
    ("10-image-data.md", 9,
     "Адрес «data:image/svg+xml;base64,PHN2Zz4=»: схема «data:» в уроке не разрешена (можно "
     "http, https, mailto, адреса сайта и #якоря): картинка убрана со страницы."),
    ("10-html-link-javascript.md", 9,
     "Адрес «javascript:alert(1)»: схема «javascript:» в уроке не разрешена (можно http, "
     "https, mailto, адреса сайта и #якоря): на странице тег «<a>» будет виден как текст."),
    ("10-html-script.md", 9,
     "HTML-тег «<script>» в уроке запрещён: на странице он будет виден как текст. "
     "Пишите разметку Markdown."),
    ("10-html-event-handler.md", 9,
     "Атрибут «onclick» у HTML-тега «<b>» в уроке запрещён: на странице тег будет виден "
     "как текст."),
    ("glossary-no-definition.yaml", 10,
     "Глоссарий: У термина нет поля «definition» (непустой текст)."),
    ("yaku-example-wrong.yaml", 2,
     "Пример яку «tanyao»: рука не даёт яку «таняо» (движок насчитал: пинфу)."),
    ("10-lesson-number-stale.md", 7,
     "Ссылка «уроку 2» ведёт на урок 1 «Основы для тестов»: номер урока теперь 1, исправьте "
     "текст ссылки."),
    ("10-drill-other-rules.md", 9,
     "Урок учит и проверяет по одному своду — «онлайн» (поле rules в шапке урока; по "
     "умолчанию онлайн), а это упражнение — по своду «клуб «Феникс»». Уберите rules из "
     "упражнения, а отличие другого свода опишите во врезке "
     "«!!! variants \"Как в других правилах\"»."),
    ("10-text-other-rules.md", 8,
     "Текст урока называет свод «клуб «Феникс»», а урок учит по своду «онлайн». Учите в "
     "основном тексте только по своду урока, а сравнение с другим сводом перенесите во "
     "врезку «!!! variants \"Как в других правилах\"»."),
    ("10-drill-names-other-set.md", 14,
     "Упражнение «two-rons» называет свод «клуб «Феникс»», а урок учит и проверяет по своду "
     "«онлайн». Спрашивайте и объясняйте только по своду урока, а отличие другого свода "
     "опишите во врезке «!!! variants \"Как в других правилах\"»."),
    ("10-lesson-number-plain.md", 7,
     "«уроку 1» без ссылки: номера уроков меняются, когда в курс добавляют урок. Пишите "
     "ссылкой, например [урок 7](/lessons/kan) — проверка следит, чтобы номер совпадал с уроком."),
]


# Where a broken data file goes in the course directory.
TARGET_NAME = {
    "glossary-no-definition.yaml": "glossary.yaml",
    "glossary-term-taught-later.yaml": "glossary.yaml",
    "yaku-example-wrong.yaml": "yaku-examples.yaml",
}


def course_with(tmp_path: Path, fixture: str | None = None) -> Path:
    """The two good fixture lessons and glossary, plus one broken fixture file."""
    content = tmp_path / "content"
    content.mkdir()
    for name in ("01-basics.md", "02-second.md", "glossary.yaml"):
        shutil.copy(GOOD / name, content / name)
    if fixture:
        shutil.copy(BROKEN / fixture, content / TARGET_NAME.get(fixture, fixture))
    return content


def site(content: Path) -> Flask:
    return make_app(content)


def run_check(content: Path) -> tuple[int, list[str]]:
    result = site(content).test_cli_runner().invoke(args=["content", "check"])
    return result.exit_code, result.output.splitlines()
