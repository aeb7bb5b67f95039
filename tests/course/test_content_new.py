"""`flask content new "Название"`: a lesson file that passes the check and renders."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml
from flask import Flask

from tests.support.site import make_app
from tutor.authoring.cli import slugify

COURSE = Path(__file__).resolve().parents[2] / "content" / "ru"


@pytest.fixture
def course(tmp_path: Path) -> Path:
    """A throw-away copy of the real course's first 21 lessons, the rules half (its glossary
    has the template's terms); cut there so the expected file names stay exact as the
    course grows."""
    target = tmp_path / "ru"
    shutil.copytree(COURSE, target)
    removed = set()
    for lesson in target.glob("[0-9]*.md"):
        if int(lesson.name.split("-", 1)[0]) > 21:
            removed.add(front_matter(lesson)["slug"])
            lesson.unlink()
    published = target / "published-slugs.txt"  # a cut course never published the rest
    kept = [s for s in published.read_text(encoding="utf-8").splitlines() if s not in removed]
    published.write_text("\n".join(kept) + "\n", encoding="utf-8")
    return target


def site(content: Path) -> Flask:
    return make_app(content, SECRET_KEY="t")


def front_matter(path: Path) -> dict[str, object]:
    text = path.read_text(encoding="utf-8")
    return yaml.safe_load(text.split("---\n")[1])  # type: ignore[no-any-return]


def test_new_lesson_gets_next_order_transliterated_slug_and_passes_check(course: Path) -> None:
    app = site(course)
    runner = app.test_cli_runner()
    before = (course / "published-slugs.txt").read_text(encoding="utf-8").splitlines()
    result = runner.invoke(args=["content", "new", "Защита: безопасные тайлы"])
    assert result.exit_code == 0, result.output
    created = course / "22-zashchita-bezopasnye-tayly.md"
    assert created.is_file()
    assert front_matter(created) == {
        "title": "Защита: безопасные тайлы",
        "slug": "zashchita-bezopasnye-tayly",
        "order": 22,
        "summary": "Одна фраза о том, чему учит урок (её видно на карте курса).",
    }
    published = (course / "published-slugs.txt").read_text(encoding="utf-8").splitlines()
    # appended, nothing else touched: the progress stored under every slug is kept
    assert published == [*before, "zashchita-bezopasnye-tayly"]
    check = runner.invoke(args=["content", "check"])
    assert check.exit_code == 0, check.output
    assert check.output.startswith("Курс в порядке: 22 урока")


def test_new_lesson_has_one_commented_drill_of_each_core_kind_and_renders(course: Path) -> None:
    app = site(course)
    app.test_cli_runner().invoke(args=["content", "new", "Пробный урок"])
    text = (course / "22-probnyy-urok.md").read_text(encoding="utf-8")
    for kind in ("waits", "furiten", "fu"):
        assert text.count(f"/// {kind}\n# ") == 1, kind  # the block opens with a comment
    page = app.test_client().get("/lessons/probnyy-urok")
    html = page.get_data(as_text=True)
    assert page.status_code == 200
    assert "lesson-problems" not in html
    kinds = [k for k in ("waits", "furiten", "fu") if f'data-drill-kind="{k}"' in html]
    assert kinds == ["waits", "furiten", "fu"]
    assert 'class="tiles' in html and 'class="term"' in html


def test_taken_slug_gets_a_number(course: Path) -> None:
    runner = site(course).test_cli_runner()
    result = runner.invoke(args=["content", "new", "Фу"])
    assert result.exit_code == 0, result.output
    assert (course / "22-fu-2.md").is_file()


def test_slug_option_and_bad_input(course: Path) -> None:
    runner = site(course).test_cli_runner()
    assert runner.invoke(args=["content", "new", "Урок", "--slug", "moy-urok"]).exit_code == 0
    assert (course / "22-moy-urok.md").is_file()
    bad = runner.invoke(args=["content", "new", "Урок", "--slug", "Мой урок"])
    assert bad.exit_code == 2 and "slug" in bad.output
    empty = runner.invoke(args=["content", "new", "   "])
    assert empty.exit_code == 2 and "пустым" in empty.output


@pytest.mark.parametrize(
    ("title", "slug"),
    [
        pytest.param("Фуритен", "furiten", id="plain"),
        pytest.param("Щедрая ёмкость", "shchedraya-yomkost", id="digraphs"),
        pytest.param("Чии, пон и кан!", "chii-pon-i-kan", id="punctuation"),
        pytest.param("Урок 2: Яку", "urok-2-yaku", id="digits-and-case"),
        pytest.param("Объявление риичи", "obyavlenie-riichi", id="hard-sign"),
        pytest.param("???", "urok", id="nothing-left"),
    ],
)
def test_slug_is_transliterated_from_the_title(title: str, slug: str) -> None:
    assert slugify(title) == slug
