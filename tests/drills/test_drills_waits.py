"""«Найдите ожидание»: exact-set grading and the explanation of every wait."""

from __future__ import annotations

import pytest

from tests.support.client import Answering, verdict
from tutor.drills import DrillError, build_drill


def test_exact_set_is_correct(answer: Answering) -> None:
    response = answer.post("basics", "nobetan", {"tiles": ["3m", "6m"]})
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert verdict(html) == "correct"
    assert "Вы пропустили" not in html and "Лишние" not in html


def test_missing_tile_is_incorrect_and_named(answer: Answering) -> None:
    html = answer.post("basics", "nobetan", {"tiles": ["3m"]}).get_data(as_text=True)
    assert verdict(html) == "incorrect"
    assert "Вы пропустили:" in html and "(6 ман)" in html


def test_extra_tile_is_incorrect_and_named(answer: Answering) -> None:
    html = answer.post("basics", "nobetan", {"tiles": ["3m", "6m", "9m"]}).get_data(as_text=True)
    assert verdict(html) == "incorrect"
    assert "Лишние:" in html and "(9 ман)" in html


def test_feedback_draws_each_wait_with_its_shape_and_split(answer: Answering) -> None:
    html = answer.post("basics", "nobetan", {"tiles": ["3m", "6m"]}).get_data(as_text=True)
    assert "Рука ждёт 2 тайла" in html
    # Both winning tiles of 3456m + 111z … are tanki on the nobetan shape.
    assert html.count('<li class="waits__item">') == 2
    assert "<strong>3 ман</strong> — танки" in html and "<strong>6 ман</strong> — танки" in html
    assert html.count("reading__block--win") == 2
    assert 'aria-label="3 ман"' in html


def test_empty_selection_is_graded_as_incorrect(answer: Answering) -> None:
    response = answer.post("basics", "nobetan", {})
    assert response.status_code == 200
    assert verdict(response.get_data(as_text=True)) == "incorrect"


def test_show_solution_shows_the_waits_without_grading(answer: Answering) -> None:
    html = answer.post("basics", "nobetan", {"action": "solution"}).get_data(as_text=True)
    assert verdict(html) == "solution"
    assert "Рука ждёт 2 тайла" in html


def test_show_solution_without_javascript_returns_the_page_with_the_solution(
    answer: Answering,
) -> None:
    response = answer.post("basics", "nobetan", {"action": "solution"}, htmx=False)
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and html.startswith("<!doctype html>")
    assert 'id="fb-nobetan"><div class="feedback feedback--solution"' in html
    # «Попробовать ещё раз» without JS is a plain link back to the drill on the lesson page.
    assert 'href="/lessons/basics#drill-nobetan"' in html


def test_plain_post_returns_the_lesson_with_feedback_and_ticks_kept(answer: Answering) -> None:
    response = answer.post("basics", "nobetan", {"tiles": ["3m"]}, htmx=False)
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert html.startswith("<!doctype html>")
    assert 'id="fb-nobetan"><div class="feedback feedback--incorrect"' in html
    assert 'name="tiles" value="3m" checked' in html
    assert 'name="tiles" value="6m" checked' not in html
    assert "HX-Request" in response.headers["Vary"]


@pytest.mark.parametrize(
    ("params", "message"),
    [
        pytest.param({"hand": "1357m2468p13579s"}, "Рука не в темпае", id="not-tenpai"),
        pytest.param({"hand": "123m"}, "13", id="too-few-tiles"),
        pytest.param({"hand": "1111m234p567s789s"}, "все четыре экземпляра", id="karaten-only"),
        pytest.param({}, "Не указан обязательный параметр «hand».", id="no-hand"),
        pytest.param(
            {"hand": "123m456p789s1122z", "melds": "pon 555z"}, "списком", id="melds-not-a-list"
        ),
    ],
)
def test_unusable_waits_drill_is_an_error(params: dict[str, object], message: str) -> None:
    with pytest.raises(DrillError, match=message):
        build_drill("waits", {"id": "w", **params}, 1)


def test_waits_with_melds_use_the_smaller_concealed_part() -> None:
    drill = build_drill("waits", {"id": "w", "hand": "23m456p789s11z", "melds": ["pon 555z"]}, 1)
    assert drill.solution.waits == (0, 3)
