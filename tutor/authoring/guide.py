"""The authoring guide (``content/ru/АВТОРАМ.md``): parameter tables and rendering.

The guide is written by hand except the parameter tables of the drill kinds,
which are generated from each kind's :class:`~tutor.drills.Param` tuple and
the descriptions below, between invisible Markdown markers::

    [//]: # (параметры: fu)
    …generated table…
    [//]: # (конец таблицы)

``flask --app tutor content guide`` rewrites them; ``content check`` reports a
stale table, so a new parameter cannot go undocumented. The file name does not
start with a digit, so the lesson loader never reads the guide as a lesson.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from flask import current_app

from engine.tiles import tile_code
from tutor.course.content import display_path, store
from tutor.course.files import escapes_folder
from tutor.course.markdown import RenderContext, make_markdown
from tutor.course.problems import Problem
from tutor.drills import COMMON_PARAMS, Param, kinds
from tutor.drills import params as p
from tutor.tiles.render import render_inline

GUIDE_NAME = "АВТОРАМ.md"
_REPO_GUIDE = Path(__file__).resolve().parents[2] / "content" / "ru" / GUIDE_NAME
KIND_ORDER = ("waits", "furiten", "fu", "han", "payment", "shanten", "dora", "choice")
COMMON = "общие"
TABLE = re.compile(
    r"(?P<start>^\[//\]: # \(параметры: (?P<kind>[\w-]+)\)\n)(?P<table>.*?)"
    r"(?P<end>^\[//\]: # \(конец таблицы\)$)",
    re.M | re.S,
)

# What each parameter means, for people. Keyed by name, or by (kind, name)
# where one kind uses a name differently. tests/test_authoring.py fails when a
# kind gains a parameter without a line here (or a ``help`` in its Param).
PARAM_HELP: dict[str | tuple[str, str], str] = {
    "id": "имя упражнения: латиница, цифры, дефис; в уроке не повторяется. "
    "По нему ссылаются: `/lessons/<slug>#drill-<id>`",
    "prompt": "вопрос над упражнением; без него — вопрос по умолчанию. "
    "Можно `:тайлы:` и `**жирный**`",
    "rules": "правила: `online`, `ema`, `jpml`, `fenix` или `rrc`",
    "red_fives": "включить (`true`) или выключить (`false`) красные пятёрки; "
    "по умолчанию — как в выбранных правилах",
    "hand": "закрытые тайлы в записи mpsz (`0` — красная пятёрка)",
    ("waits", "hand"): "13 тайлов в записи mpsz, минус 3 за каждый сет из `melds`; "
    "рука обязана быть в темпае",
    ("shanten", "hand"): "13 тайлов в записи mpsz, минус 3 за каждый сет из `melds`",
    ("furiten", "hand"): "13 тайлов в записи mpsz, минус 3 за каждый сет; рука в темпае",
    ("fu", "hand"): "закрытые тайлы вместе с выигрышным: 14, минус 3 за каждый сет",
    ("han", "hand"): "закрытые тайлы вместе с выигрышным: 14, минус 3 за каждый сет",
    ("payment", "hand"): "закрытые тайлы вместе с выигрышным: 14, минус 3 за каждый сет",
    ("yaku", "hand"): "закрытые тайлы вместе с выигрышным: 14, минус 3 за каждый сет; "
    "рука обязана быть собрана",
    ("discard", "hand"): "14 тайлов в записи mpsz, минус 3 за каждый сет из `melds`; "
    "рука ещё не собрана",
    ("count", "hand"): "от 1 до 18 тайлов в записи mpsz (`0` — красная пятёрка)",
    ("position", "hand"): "закрытые тайлы игрока, вытянутый последним; для `discard` и "
    "`defence` — 14, минус 3 за каждый сет",
    ("position", "mode"): "`discard` — сброс по укейре, `defence` — самый безопасный сброс, "
    "`choice` — выбор из `options`",
    ("position", "visible"): "тайлы, видимые вне руки (сбросы, сеты соперников, индикаторы), "
    "в записи mpsz",
    ("position", "riichis"): "игроки в риичи для `defence`: список "
    "`{pond: \"9m1z5s\", at: 2, passed: \"3p\"}` — дискард, номер тайла риичи с 0, "
    "прошедшие после него тайлы",
    ("position", "options"): "варианты хода для `choice`: `pon 5s`, `chi 345p`, `pass`, "
    "`riichi`, `dama`, `ron`, `tsumo`, `no_win`, `tenpai`, `noten`",
    ("position", "answer"): "верный вариант для `choice` — один из `options`",
    "melds": "объявленные сеты списком: `[pon 555z, chi 123p]`; виды — chi, pon, "
    "minkan, ankan, shouminkan",
    "discards": "ваш собственный сброс (дискард), например `[4p, 9s]`",
    "missed": "тайлы, которые вы пропустили после своего последнего хода",
    "riichi": "объявлен ли риичи (`true`/`false`)",
    "missed_since_riichi": "тайлы, пропущенные после объявления риичи",
    "tile": "тайл, на который спрашивают «можно ли рон?»",
    "win": "выигрышный тайл; он должен быть и в `hand`",
    "by": "как выиграли: `ron` (чужой сброс) или `tsumo` (со стены)",
    "seat": "ветер места игрока: `E`, `S`, `W`, `N`",
    "round": "ветер раунда: `E`, `S`, `W`, `N`",
    "rinshan": "победа на тайле замены после кана (риншан кайхо)",
    "dora": "индикаторы доры (не сами доры!), например `[4m]`",
    "ura": "индикаторы урадоры; считаются только при риичи",
    "ippatsu": "иппацу: победа в течение одного круга после риичи",
    "double_riichi": "двойное риичи (риичи первым ходом)",
    "chankan": "чанкан: рон на тайл, который соперник доложил к своему пону",
    "haitei": "цумо на последнем тайле стены (хайтей)",
    "houtei": "рон на последнем сбросе раздачи (хотейпай)",
    "honba": "счётчики хонбы на столе (0–20)",
    "riichi_sticks": "палочки риичи на столе, которые заберёт победитель (0–20)",
    "indicators": "индикаторы доры: от одного до пяти тайлов, например `9m7z`",
    "question": "вопрос (текст)",
    "options": "варианты ответа списком из 2–8 строк",
    "answer": "номер верного варианта, начиная с 1",
    "explain": "объяснение, которое ученик увидит после ответа",
    ("draw", "riichi_sticks"): "палочки риичи на столе; при ничьей они остаются (0–20)",
    ("next_hand", "riichi_sticks"): "палочки риичи на столе до раздачи (0–20)",
    ("next_hand", "hand"): "номер раздачи в раунде, 1–4 (Восток 1 … Восток 4)",
    ("next_hand", "riichi"): "кто объявил риичи в этой раздаче, например `[S]`",
    ("next_hand", "round"): "ветер раунда: `E`, `S` (или `W` — продление онлайн-партии)",
    ("final", "riichi_sticks"): "палочки риичи, оставшиеся на столе в конце партии (0–20)",
}

# What kind of value a converter takes, for the table's second column.
VALUE_KINDS: dict[Any, str] = {
    p.identifier: "id",
    p.text: "текст",
    p.rules_name: "правила",
    p.optional_boolean: "да/нет",
    p.boolean: "да/нет",
    p.tiles_text: "тайлы",
    p.tile: "один тайл",
    p.tile_list: "тайлы",
    p.melds: "список сетов",
    p.wind: "ветер",
    p.text_list: "список строк",
    p.positive_int: "число",
    "stick_count": "число 0–20",  # tutor.drills.kind.payment
    "indicators": "тайлы",  # tutor.drills.kind.dora
    "hand_list": "список рук",  # tutor.drills.kind.complete
    "rule_field": "правило",  # tutor.drills.kind.rule
    "distractor_list": "список",  # tutor.drills.kind.rule
    "seat_list": "список мест",  # tutor.drills.game_parts
    "score_map": "очки по местам",
    "deduction_map": "вычеты по местам",
    "claim_list": "список победителей",
    "optional_seat": "ветер места",  # tutor.drills.kind.multi_ron
    "pao_param": "пао",
    "result_param": "исход раздачи",  # tutor.drills.kind.next_hand
    "hand_number": "число 1–4",
}


def _value_kind(param: Param) -> str:
    """The second column; a ``one_of`` converter lists its choices."""
    convert = param.convert
    if convert.__qualname__.startswith("one_of."):
        choices = convert.__closure__[0].cell_contents if convert.__closure__ else ()
        return " или ".join(f"`{choice}`" for choice in choices)
    return VALUE_KINDS.get(convert, VALUE_KINDS.get(convert.__name__, "значение"))


def describe(kind: str, param: Param) -> str:
    """The Russian description of one parameter (empty when nobody wrote one)."""
    return PARAM_HELP.get((kind, param.name)) or PARAM_HELP.get(param.name) or param.help


def _default_text(param: Param) -> str:
    if param.required:
        return "**обязателен**"
    value = param.default
    if value is None or value == ():
        return "—"
    if isinstance(value, bool):
        return "`true`" if value else "`false`"
    if param.convert is p.wind:
        return f"`{'ESWN'[value - 27]}`"
    if param.convert is p.tile:
        return f"`{tile_code(value)}`"
    return f"`{value}`"


def params_table(kind: str, params: tuple[Param, ...]) -> str:
    """A Markdown table of ``params``: name, value kind, default, description."""
    rows = ["| Параметр | Значение | По умолчанию | Что это |", "|---|---|---|---|"]
    for param in params:
        value = _value_kind(param)
        rows.append(
            f"| `{param.name}` | {value} | {_default_text(param)} | {describe(kind, param)} |"
        )
    return "\n".join(rows) + "\n"


def all_tables() -> dict[str, str]:
    """Tables by marker name: the common parameters and every registered kind."""
    registered = kinds()
    names = [k for k in KIND_ORDER if k in registered]
    names += sorted(set(registered) - set(names))
    tables = {COMMON: params_table(COMMON, COMMON_PARAMS)}
    tables.update({name: params_table(name, registered[name].params) for name in names})
    return tables


def refresh_tables(text: str) -> str:
    """``text`` with every generated table rewritten from the current Param data."""
    tables = all_tables()

    def fill(match: re.Match[str]) -> str:
        table = tables.get(match["kind"], match["table"])
        return f"{match['start']}\n{table}\n{match['end']}"

    return TABLE.sub(fill, text)


def guide_path() -> Path:
    """The course's guide, or the repository's when the content directory has none."""
    local = Path(current_app.config["CONTENT_DIR"]) / GUIDE_NAME
    return local if local.is_file() and not escapes_folder(local) else _REPO_GUIDE


def render_guide(
    text: str, file: str, glossary: Any | None
) -> tuple[str, list[Any], list[Problem]]:
    """``(html, toc, problems)`` through the lessons' own Markdown pipeline, in sections."""
    context = RenderContext(file=file, render_tiles=render_inline, glossary=glossary)
    md = make_markdown(context, sections=True)
    html = md.convert(text)
    return html, list(getattr(md, "toc_tokens", [])), context.problems


def guide_problems() -> list[Problem]:
    """Problems of the course's own guide: markup, unknown kinds, stale tables."""
    path = Path(current_app.config["CONTENT_DIR"]) / GUIDE_NAME
    if not path.is_file():
        return []
    file = display_path(path)
    text = path.read_text(encoding="utf-8")
    _, _, problems = render_guide(text, file, store().glossary())
    tables = all_tables()
    seen = set()
    for match in TABLE.finditer(text):
        line = text.count("\n", 0, match.start()) + 1
        kind = match["kind"]
        seen.add(kind)
        if kind not in tables:
            problems.append(Problem(file, line, f"Таблица параметров «{kind}»: такого вида нет."))
        elif match["table"].strip() != tables[kind].strip():
            problems.append(Problem(file, line, _stale(kind)))
    problems.extend(
        Problem(file, 0, f"В руководстве нет таблицы параметров «{kind}».")
        for kind in tables
        if kind not in seen
    )
    return problems


def _stale(kind: str) -> str:
    return (
        f"Таблица параметров «{kind}» устарела: выполните flask --app tutor content guide."
    )

