"""Drills named for people in the instructor's pages: lesson number, drill number, question.

The rule comes from the learner-and-instructor review (December 2026): «Выберите
ответ (set-size)» and three identical «Найдите ожидание» lines told an instructor
nothing. Names are computed from the course now, so renumbering renames them.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask

from tests.support.classes import World, assign, build, dashboard
from tests.support.practice import answer_lesson
from tutor.course.drill_names import plain_question


@pytest.fixture
def world(app: Flask) -> World:
    return build(app)


def test_the_drill_picker_names_drills_by_number_and_question(world: World) -> None:
    page = dashboard(world)
    picker = re.search(r"<select id=\"assign-drill\"[^>]*>(.*?)</select>", page, re.S)
    assert picker
    options = re.findall(r"<option value=\"([^\"]+)\">([^<]+)</option>", picker.group(1))
    assert options[3] == ("basics/set-size", "упр. 4: Сколько всего тайлов в комплекте?")
    assert "(set-size)" not in page and "Выберите ответ" not in picker.group(1)
    assert "Упражнение: Урок 1 «Основы для тестов»" in page


def test_the_picker_filters_by_lesson_without_javascript(world: World) -> None:
    page = dashboard(world, "?drills_of=basics")
    assert re.search(r'<option value="basics" selected>Урок 1 «Основы для тестов»</option>', page)
    # a lesson that is not in the course falls back to the first lesson with drills
    page = dashboard(world, "?drills_of=nowhere")
    assert 'value="basics/nobetan"' in page


def test_an_assigned_drill_and_the_missed_list_read_differently_per_drill(world: World) -> None:
    assign(world.client("teacher"), world.ids["club"], kind="drill", drill="basics/set-size")
    for drill in ("pinfu-ron", "set-size"):
        answer_lesson(world.client("alice"), "basics", drill, False)
    page = dashboard(world)
    assert "Урок 1 «Основы для тестов», упр. 4: Сколько всего тайлов в комплекте?" in page
    missed = re.search(r"data-missed>(.*?)</ol>", page, re.S)
    assert missed
    labels = re.findall(r'<a href="[^"]+">([^<]+)</a>', missed.group(1))
    assert len(labels) == 2 and len(set(labels)) == 2
    assert all(label.startswith("Урок 1 «Основы для тестов», упр. ") for label in labels)


def test_renumbering_lessons_renames_an_assigned_drill(world: World, content_dir: Path) -> None:
    assign(world.client("teacher"), world.ids["club"], kind="drill", drill="basics/set-size")
    assert "Урок 1 «Основы для тестов», упр. 4" in dashboard(world)
    # «basics» moves after the other two lessons: it is lesson 3 now, the same drill
    path = content_dir / "01-basics.md"
    path.write_text(path.read_text(encoding="utf-8").replace("order: 1", "order: 4"),
                    encoding="utf-8")
    page = dashboard(world)
    assert "Урок 3 «Основы для тестов», упр. 4: Сколько всего тайлов" in page
    assert "Урок 1 «Основы для тестов»" not in page


@pytest.mark.parametrize(("prompt", "plain"), [
    pytest.param("Вы взяли :5s:. Можно ли **цумо** [001]?", "Вы взяли 5 соу. Можно ли цумо?",
                 id="tiles-bold-citation"),
    pytest.param("Слово " * 30, ("Слово " * 30)[:69].rstrip() + "…", id="long-cut"),
])
def test_a_question_becomes_one_short_plain_line(prompt: str, plain: str) -> None:
    assert plain_question(prompt) == plain
