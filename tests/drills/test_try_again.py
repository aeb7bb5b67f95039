"""A wrong answer is a chance, not the solution; progress you can feel.

Rules (the site's own, docs/architecture.md «Путь ответа»): a first miss marks
the chosen option and asks to try again, without the solution or what the
drill keeps hidden (the riichi player's hand); the second miss, «Показать
решение» or a right answer shows it; the form carries the next attempt's
number, with htmx and without JavaScript. A right answer moves the lesson's
«решено N из M» on (out of band), and the one that solves the lesson says
«Урок пройден» with the next lesson. A discard's feedback leads with the one
point that matters and folds the long lists behind «Все сбросы».
"""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from tests.support.client import HTMX, Answering
from tests.support.practice import answer_practice, form_fields, right_answer
from tutor.course.content import store

FIRST = {"attempt": "1"}


def test_a_first_miss_marks_the_choice_and_shows_no_solution(answer: Answering) -> None:
    html = answer.post("basics", "set-size", {"option": "2", **FIRST}).get_data(as_text=True)
    assert 'data-verdict="incorrect"' in html and "data-retry" in html
    assert "Правильный ответ" not in html and "Видов 34" not in html
    assert 'href="#drill-set-size" data-try-again' in html
    # the form moves on to attempt 2 and its question is redrawn with the choice marked
    assert 'name="attempt" value="2" id="attempt-set-size" hx-swap-oob="true"' in html
    marked = re.search(r'<div class="drill__question drill__question--missed" '
                       r'id="q-set-size" hx-swap-oob="true">(.*?)</div>', html, re.S)
    assert marked and 'value="2" required checked' in marked.group(1)


def test_the_second_miss_and_show_solution_reveal_it(answer: Answering) -> None:
    second = answer.post("basics", "set-size", {"option": "2"}).get_data(as_text=True)
    assert "data-retry" not in second and "Правильный ответ" in second and "Видов 34" in second
    shown = answer.post("basics", "set-size", {"action": "solution", **FIRST})
    assert "Видов 34" in shown.get_data(as_text=True)


def test_without_javascript_the_page_keeps_the_answer_marked_and_counts_on(
        answer: Answering) -> None:
    page = answer.post("basics", "set-size", {"option": "2", **FIRST},
                       htmx=False).get_data(as_text=True)
    assert "<html" in page and "data-retry" in page and "Правильный ответ" not in page
    assert 'name="attempt" value="2" id="attempt-set-size"' in page
    assert '<div class="drill__question drill__question--missed" id="q-set-size">' in page
    assert 'href="#drill-set-size" data-try-again' in page


def test_a_safety_miss_keeps_the_riichi_hand_hidden_until_revealed(client: FlaskClient) -> None:
    first = answer_practice(client, "safety", "player", 4, right=False)
    assert "data-retry" in first and "игрока в риичи:" not in first
    second = answer_practice(client, "safety", "player", 4, right=False, attempt=2)
    assert "игрока в риичи:" in second and "<summary>Все сбросы</summary>" in second


def test_a_right_answer_moves_the_lesson_count_and_the_last_one_finishes_it(
        client: FlaskClient, answer: Answering) -> None:
    with client.application.app_context():
        lesson = store().get("basics")
        assert lesson is not None
        drills = list(lesson.drills.values())
    for number, drill in enumerate(drills, start=1):
        html = answer.post("basics", drill.id, {**right_answer(drill), **FIRST}).get_data(
            as_text=True)
        assert (f'<span id="lesson-solved" data-lesson-solved hx-swap-oob="true">'
                f'решено {number} из') in html
        assert ("data-lesson-done" in html) == (number == len(drills))
    assert "Урок пройден!" in html and "data-next-lesson" not in html  # the last drill: one way on
    assert "Следующий урок: " in html


def test_a_discard_leads_with_the_better_discard_and_folds_the_lists(client: FlaskClient) -> None:
    html = answer_practice(client, "discard", "master", 8, right=False, attempt=2)
    lead = re.search(r'<p class="feedback__line feedback__lead">(.*?)</p>', html)
    assert lead and lead.group(1).startswith("Лучше «")
    assert html.index("feedback__lead") < html.index("Вы сбросили")
    assert html.index("<summary>Все сбросы</summary>") < html.index("discard-ranking")


def test_the_solution_asked_first_spends_the_attempt_and_counts_on(answer: Answering) -> None:
    # «Показать решение» before any answer is the first attempt given up: the form, and
    # «Попробовать ещё раз» after it, carry on with attempt 2 (htmx and without JavaScript).
    html = answer.post("basics", "set-size", {"action": "solution", **FIRST}).get_data(as_text=True)
    assert "Видов 34" in html and "data-retry" not in html
    assert 'name="attempt" value="2" id="attempt-set-size" hx-swap-oob="true"' in html
    assert re.search(r'hx-get="[^"]*set-size[^"]*attempt=2"', html)
    page = answer.post("basics", "set-size", {"action": "solution", **FIRST},
                       htmx=False).get_data(as_text=True)
    assert "Видов 34" in page and 'name="attempt" value="2" id="attempt-set-size"' in page


def test_a_redrawn_question_marks_each_answer_around_the_same_situation(
        client: FlaskClient) -> None:
    # The won hand with its situation is drawn once per drill (Drill.part) and kept; the
    # yaku ticked are each answer's own, so a kept part must never carry an answer.
    url = "/practice/han/novice/3"
    asked = {}
    for ticked in ("chiitoitsu", "honitsu"):
        form = {**form_fields(client, url), "yaku": ticked, "han": "0", **FIRST}
        html = client.post(url, data=form, headers=HTMX).get_data(as_text=True)
        marked = re.search(r'id="q-[^"]+" hx-swap-oob="true">(.*?)<div class="feedback',
                           html, re.S)
        assert marked and "data-retry" in html
        situation, _, choices = marked.group(1).partition('<fieldset class="choices yaku-list">')
        assert 'class="tiles tiles--hand' in situation and '<dl class="situation">' in situation
        assert f'value="{ticked}" checked' in choices and choices.count(" checked") == 1
        asked[ticked] = situation
    assert asked["chiitoitsu"] == asked["honitsu"]
