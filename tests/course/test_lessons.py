"""The content loader: front matter, problems with file:line, the mtime cache, isolation."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tutor.course.content import load_lesson, parse_front_matter, split_front_matter, store
from tutor.course.problems import Problem

GOOD_HEAD = "---\ntitle: Т\nslug: t\norder: 9\nsummary: С.\n---\n"


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def bump_mtime(path: Path) -> None:
    """Make sure the cache key changes even on filesystems with coarse timestamps."""
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 2_000_000_000))


def test_front_matter_is_split_and_body_offset_counts_its_lines() -> None:
    yaml_text, body, offset = split_front_matter(GOOD_HEAD + "Текст\n")
    assert yaml_text == "title: Т\nslug: t\norder: 9\nsummary: С."
    assert body == "Текст\n"
    assert offset == 6


@pytest.mark.parametrize(
    ("yaml_text", "expected"),
    [
        pytest.param(None, (1, "Нет шапки урока"), id="no-front-matter"),
        pytest.param(
            "title: Т\nslug: t\norder: 1",
            (1, "В шапке урока нет поля «summary»."),
            id="missing-field",
        ),
        pytest.param(
            "title: Т\nslug: Bad Slug\norder: 1\nsummary: С", (3, "Поле «slug»"), id="bad-slug"
        ),
        pytest.param(
            "title: Т\nslug: t\norder: -2\nsummary: С", (4, "Поле «order»"), id="bad-order"
        ),
        pytest.param(
            "title: Т\nslug: t\norder: true\nsummary: С", (4, "Поле «order»"), id="bool-order"
        ),
        pytest.param("title: [unclosed\nslug: t", (3, "Шапка урока — не YAML"), id="not-yaml"),
        pytest.param("- a\n- b", (2, "«поле: значение»"), id="not-a-mapping"),
    ],
)
def test_bad_front_matter_is_a_problem_with_its_line(
    yaml_text: str | None, expected: tuple[int, str]
) -> None:
    _, problems = parse_front_matter(yaml_text, "x.md")
    assert problems, "bad front matter must be reported"
    line, start = expected
    assert problems[0].file == "x.md"
    assert problems[0].line == line
    assert start in problems[0].message


def test_problem_prints_as_file_line_message() -> None:
    assert str(Problem("content/ru/01-a.md", 7, "Плохо.")) == "content/ru/01-a.md:7: Плохо."


def test_broken_lesson_lists_each_problem_with_its_line(app: Flask, content_dir: Path) -> None:
    with app.app_context():
        lesson = store().get("broken")
    assert lesson is not None
    lines = [(p.line, p.message.split(":")[0]) for p in lesson.problems]
    assert lines == [
        (7, "Тайлы «12x3m»"),  # a mistyped group is an error too
        (7, "Тайлы «99z»"),
        (11, "Рука не в темпае"),  # the hand: line, not the block's first
        (14, "Неизвестный вид упражнения «nosuchkind». Есть"),
    ]
    assert all(p.file.endswith("03-broken.md") for p in lesson.problems)


def test_broken_lesson_page_shows_the_error_box_and_good_lessons_still_work(
    client: FlaskClient,
) -> None:
    broken = client.get("/lessons/broken")
    html = broken.get_data(as_text=True)
    assert broken.status_code == 200
    assert '<div class="lesson-problems" role="alert">' in html
    assert "03-broken.md:11: Рука не в темпае" in html
    assert client.get("/lessons/basics").status_code == 200
    assert client.get("/").status_code == 200


def test_lesson_with_unreadable_front_matter_still_gets_a_page(
    client: FlaskClient, content_dir: Path
) -> None:
    write(content_dir / "07-no-head.md", "Просто текст без шапки.\n")
    response = client.get("/lessons/no-head")
    assert response.status_code == 200
    assert "07-no-head.md:1: Нет шапки урока" in response.get_data(as_text=True)
    assert client.get("/lessons/basics").status_code == 200


def test_changed_file_is_re_read_on_the_next_request(
    client: FlaskClient, content_dir: Path
) -> None:
    path = content_dir / "02-second.md"
    assert "Новый абзац" not in client.get("/lessons/second").get_data(as_text=True)
    write(path, path.read_text(encoding="utf-8") + "\nНовый абзац.\n")
    bump_mtime(path)
    assert "Новый абзац" in client.get("/lessons/second").get_data(as_text=True)


def test_unchanged_file_is_rendered_once(app: Flask) -> None:
    with app.app_context():
        first = store().get("basics")
        second = store().get("basics")
    assert first is second


def test_new_and_deleted_files_appear_and_vanish(client: FlaskClient, content_dir: Path) -> None:
    write(content_dir / "05-extra.md", GOOD_HEAD.replace("slug: t", "slug: extra") + "Ещё урок.\n")
    assert client.get("/lessons/extra").status_code == 200
    (content_dir / "05-extra.md").unlink()
    assert client.get("/lessons/extra").status_code == 404


def test_duplicate_slug_and_order_are_problems_of_the_later_file(
    app: Flask, content_dir: Path
) -> None:
    write(
        content_dir / "09-dup.md",
        "---\ntitle: Д\nslug: basics\norder: 2\nsummary: С.\n---\nТекст\n",
    )
    with app.app_context():
        problems = [str(p) for p in store().problems() if "09-dup.md" in p.file]
    assert any("«slug» = basics уже занято" in p for p in problems)
    assert any("«order» = 2 уже занято" in p for p in problems)


def test_files_not_named_like_lessons_are_ignored(app: Flask, content_dir: Path) -> None:
    write(content_dir / "АВТОРАМ.md", "# Руководство\n")
    with app.app_context():
        slugs = [lesson.slug for lesson in store().lessons()]
    assert slugs == ["basics", "second", "broken"]


def test_load_lesson_never_raises_on_binary_garbage(tmp_path: Path) -> None:
    path = tmp_path / "01-bin.md"
    path.write_bytes(b"\xff\xfe\x00garbage")
    lesson = load_lesson(path)
    assert lesson.problems and "UTF-8" in lesson.problems[0].message


def test_unknown_glossary_term_is_a_problem(app: Flask, content_dir: Path) -> None:
    write(
        content_dir / "06-terms.md",
        GOOD_HEAD.replace("slug: t", "slug: terms") + "\nСлово [[абракадабра]].\n",
    )
    with app.app_context():
        lesson = store().get("terms")
    assert lesson is not None
    assert [(p.line, p.message) for p in lesson.problems] == [
        (8, "Термина «абракадабра» нет в глоссарии.")
    ]


def test_known_glossary_term_opens_its_definition_on_the_page(client: FlaskClient) -> None:
    html = client.get("/lessons/basics").get_data(as_text=True)
    assert re.search(
        r'<button class="term" popovertarget="(term-tip-\d+)" type="button">фуритена</button>'
        r'<span class="term-tip" id="\1" popover=""><strong>фуритен</strong> — '
        r"Запрет на рон, пока тайл своего ожидания лежит в своём дискарде\. "
        r'<a href="/glossary#furiten">В глоссарии</a></span>',
        html,
    )


def test_glossary_change_re_renders_lessons(client: FlaskClient, content_dir: Path) -> None:
    path = content_dir / "glossary.yaml"
    write(path, path.read_text(encoding="utf-8").replace("Запрет на рон,", "Новое определение,"))
    bump_mtime(path)
    assert "Новое определение," in client.get("/lessons/basics").get_data(as_text=True)


def test_broken_glossary_is_a_problem_and_pages_still_render(
    app: Flask, client: FlaskClient, content_dir: Path
) -> None:
    path = content_dir / "glossary.yaml"
    # An unquoted colon inside a value is a YAML error.
    write(path, path.read_text(encoding="utf-8").replace("Запрет на рон,", "Запрет: на рон,"))
    assert client.get("/lessons/basics").status_code == 200
    with app.app_context():
        problems = [p for p in store().problems() if p.file.endswith("glossary.yaml")]
    assert len(problems) == 1 and problems[0].line == 9
    assert problems[0].message.startswith("Глоссарий: ")


def test_a_file_vanishing_while_listed_is_skipped_not_a_500(
    client: FlaskClient, content_dir: Path
) -> None:
    # A dangling symlink is listed by glob but cannot be stat-ed, like a file an
    # editor is replacing at that very moment.
    (content_dir / "08-gone.md").symlink_to(content_dir / "nowhere.md")
    response = client.get("/")
    assert response.status_code == 200
    assert "Основы для тестов" in response.get_data(as_text=True)


def test_error_box_never_shows_absolute_server_paths() -> None:
    """A broken lesson's page shows its file:line: message without the server's directories."""
    from tutor.course.lessons import public_problem
    from tutor.course.problems import Problem

    shown = public_problem(Problem("/srv/tempai/content/ru/05-x.md", 3, "Ошибка."))
    assert shown == "ru/05-x.md:3: Ошибка."
    relative = Problem("content/ru/05-x.md", 3, "Ошибка.")
    assert public_problem(relative) == "content/ru/05-x.md:3: Ошибка."
