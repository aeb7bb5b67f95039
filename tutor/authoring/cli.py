"""``flask --app tutor content check`` and ``flask --app tutor content new "Название"``.

``check`` prints every problem of the course as ``file:line: message`` and
exits with status 1, so ``make test`` (and CI) reject broken content.
``new`` starts a lesson from ``templates/authoring/new_lesson.md``: front matter
with a slug transliterated from the title and the next free order, and one
commented example drill of each core kind — a file that passes ``check``.
"""

from __future__ import annotations

import re
from pathlib import Path

import click
import yaml
from flask import Flask, render_template
from flask.cli import AppGroup

from tutor.authoring.guide import guide_path, guide_problems, refresh_tables
from tutor.course.checks import check_course
from tutor.course.content import display_path, store
from tutor.course.identity import publish
from tutor.course.spelling import file_problems

content_cli = AppGroup("content", help="Уроки курса: проверка и создание.")

# Russian → Latin for slugs: a simple readable scheme (ж → zh, х → kh, щ → shch).
TRANSLIT: dict[str, str] = {
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "yo", "ж": "zh",
    "з": "z", "и": "i", "й": "y", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o",
    "п": "p", "р": "r", "с": "s", "т": "t", "у": "u", "ф": "f", "х": "kh", "ц": "ts",
    "ч": "ch", "ш": "sh", "щ": "shch", "ъ": "", "ы": "y", "ь": "", "э": "e", "ю": "yu",
    "я": "ya",
}
_NOT_SLUG = re.compile(r"[^a-z0-9]+")
MAX_SLUG = 40


def slugify(title: str) -> str:
    """``«Фуритен: ловушки» → furiten-lovushki`` (lower case, Latin, hyphens).

    >>> slugify("Щедрая ёмкость 2")
    'shchedraya-yomkost-2'
    """
    latin = "".join(TRANSLIT.get(ch, ch) for ch in title.lower())
    slug = _NOT_SLUG.sub("-", latin).strip("-")
    return slug[:MAX_SLUG].rstrip("-") or "urok"


def lesson_text(title: str, slug: str, order: int) -> str:
    """The new lesson: YAML front matter plus the commented template body."""
    meta = {
        "title": title,
        "slug": slug,
        "order": order,
        "summary": "Одна фраза о том, чему учит урок (её видно на карте курса).",
    }
    head = yaml.safe_dump(meta, allow_unicode=True, sort_keys=False, width=1000)
    body = render_template("authoring/new_lesson.md", title=title)
    return f"---\n{head}---\n{body}"


def _free_slug(wanted: str, taken: set[str]) -> str:
    slug, n = wanted, 2
    while slug in taken:
        slug, n = f"{wanted}-{n}", n + 1
    return slug


@content_cli.command("new")
@click.argument("title")
@click.option("--slug", default=None, help="slug урока вместо транслитерации названия")
def new_command(title: str, slug: str | None) -> None:
    """Создать урок с шапкой и примерами упражнений."""
    title = " ".join(title.split())
    if not title:
        raise click.UsageError("Название урока не может быть пустым.")
    if slug is not None and not re.fullmatch(r"[a-z0-9-]+", slug):
        raise click.UsageError("slug — латинские строчные буквы, цифры и дефис.")
    content = store()
    lessons = content.lessons()
    slug = _free_slug(slug or slugify(title), {lesson.slug for lesson in lessons})
    order = max((x.order for x in lessons if x.order < 10_000), default=0) + 1
    path = Path(content.content_dir) / f"{order:02d}-{slug}.md"
    if path.exists():
        raise click.ClickException(f"Файл {display_path(path)} уже есть.")
    path.write_text(lesson_text(title, slug, order), encoding="utf-8")
    publish(Path(content.content_dir), slug)  # from now on the slug keeps learners' progress
    click.echo(f"Создан урок {display_path(path)} (slug: {slug}, order: {order}).")
    click.echo(f"Откройте его в редакторе. Адрес урока на сайте: /lessons/{slug}")
    click.echo("Проверьте курс: .venv/bin/flask --app tutor content check")


@content_cli.command("check")
def check_command() -> None:
    """Проверить весь курс; код выхода 1, если есть ошибки."""
    guide = guide_path()
    report = check_course((guide_problems(), file_problems(guide, display_path(guide))))
    for problem in (*report.problems, *report.warnings):
        click.echo(str(problem))
    click.echo(report.summary())
    if not report.ok:
        raise SystemExit(1)


@content_cli.command("guide")
def guide_command() -> None:
    """Обновить таблицы параметров в руководстве для авторов."""
    path = guide_path()
    text = path.read_text(encoding="utf-8")
    fresh = refresh_tables(text)
    if fresh == text:
        click.echo(f"Таблицы в {display_path(path)} уже актуальны.")
        return
    path.write_text(fresh, encoding="utf-8")
    click.echo(f"Таблицы параметров в {display_path(path)} обновлены.")


def init_app(app: Flask) -> None:
    app.cli.add_command(content_cli)
