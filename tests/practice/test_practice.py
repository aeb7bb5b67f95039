"""Practice mode: /practice, problems by kind, level and seed, graded like lesson drills.

Routes: the index of kinds × levels with «Повторить ошибки»; a redirect to a
fresh seed; the problem page (same seed → same problem, shareable); grading
through htmx (fragment) or a plain form (full page) with «Следующая задача»;
bad input and a bad CSRF token in place; mistakes offered again until right.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from flask import Flask
from flask.testing import FlaskClient

from engine.generate import KINDS, LEVELS, generate, level_hints
from tests.support.client import HTMX
from tests.support.practice import answer_practice, form_fields, right_answer, wrong_answer
from tests.support.site import make_app
from tutor.drills import kinds
from tutor.practice.views import task

# Per-request values: the form's CSRF token and nonce, and the token htmx sends
# from <body hx-headers> (it changes when the two requests fall in different seconds).
_VOLATILE = re.compile(r'(name="(csrf_token|nonce)" value="|"X-CSRFToken": ")[^"]+"')


@pytest.fixture
def app(content_dir: Path, tmp_path: Path) -> Flask:
    return make_app(
        content_dir, SECRET_KEY="test", DATABASE_URL=f"sqlite:///{tmp_path / 'progress.sqlite3'}"
    )


def test_index_lists_every_kind_at_three_levels(client: FlaskClient) -> None:
    html = client.get("/practice").get_data(as_text=True)
    for kind in KINDS:
        for level in LEVELS:
            assert f'href="/practice/{kind}/{level}"' in html
    for name in ("Новичок", "Игрок", "Мастер", "Повторить ошибки"):
        assert name in html


def test_kind_and_level_redirect_to_a_fresh_seed(client: FlaskClient) -> None:
    response = client.get("/practice/waits/novice")
    assert response.status_code == 302
    assert re.fullmatch(r"/practice/waits/novice/\d+", response.headers["Location"])
    assert response.headers["Cache-Control"] == "no-store"


@pytest.mark.parametrize("kind", [pytest.param(k, id=k) for k in KINDS])
def test_the_same_seed_shows_the_same_problem(client: FlaskClient, kind: str) -> None:
    url = f"/practice/{kind}/player/12345"
    first = _VOLATILE.sub(r"\1", client.get(url).get_data(as_text=True))
    second = _VOLATILE.sub(r"\1", client.get(url).get_data(as_text=True))
    assert first == second
    assert f'data-drill-kind="{kind}"' in first and "задача №12345" in first
    other_page = client.get(f"/practice/{kind}/player/54321").get_data(as_text=True)
    other = _VOLATILE.sub(r"\1", other_page)
    assert other != first


@pytest.mark.parametrize(
    "url",
    [
        pytest.param("/practice/poker/novice/1", id="unknown-kind"),
        pytest.param("/practice/waits/expert/1", id="unknown-level"),
        pytest.param("/practice/waits/novice/99999999999999999999", id="huge-seed"),
        pytest.param("/practice/choice/novice/1", id="kind-without-generator"),
        pytest.param("/practice/waits/expert", id="fresh-unknown-level"),
    ],
)
def test_a_problem_that_does_not_exist_is_a_russian_404(client: FlaskClient, url: str) -> None:
    response = client.get(url)
    assert response.status_code == 404
    assert "Такой задачи нет" in response.get_data(as_text=True)


@pytest.mark.parametrize("kind", [pytest.param(k, id=k) for k in KINDS])
def test_a_right_answer_is_graded_correct_through_htmx(client: FlaskClient, kind: str) -> None:
    html = answer_practice(client, kind, "novice", 7, right=True)
    assert 'data-verdict="correct"' in html
    assert "<html" not in html, "htmx gets only the feedback fragment"
    assert "Следующая задача" in html and 'href="/practice/' + kind + '/novice"' in html


def test_a_wrong_answer_without_javascript_returns_the_full_page(client: FlaskClient) -> None:
    html = answer_practice(client, "fu", "player", 3, right=False, htmx=False)
    assert "<html" in html and 'data-verdict="incorrect"' in html
    assert 'data-seed="3"' in html


def test_show_solution_grades_nothing_but_the_problem_is_due_again(
        client: FlaskClient) -> None:
    url = "/practice/shanten/novice/1"
    assert "повторения, нет" in client.get("/practice").get_data(as_text=True)
    response = client.post(
        url, data={**form_fields(client, url), "action": "solution"}, headers=HTMX
    )
    assert 'data-verdict="solution"' in response.get_data(as_text=True)
    assert "повторения, нет" not in client.get("/practice").get_data(as_text=True)


def test_a_malformed_answer_is_a_400_in_the_feedback_area(client: FlaskClient) -> None:
    url = "/practice/fu/novice/1"
    response = client.post(url, data={**form_fields(client, url), "fu": "999999"}, headers=HTMX)
    assert response.status_code == 400
    assert "Фу — целое число" in response.get_data(as_text=True)


def test_a_bad_csrf_token_is_refused_in_place(tmp_path: Path, content_dir: Path) -> None:
    app = make_app(
        content_dir,
        SECRET_KEY="t",
        WTF_CSRF_ENABLED=True,
        DATABASE_URL=f"sqlite:///{tmp_path / 'p.sqlite3'}",
    )
    client = app.test_client()
    response = client.post(
        "/practice/fu/novice/1", data={"csrf_token": "forged", "fu": "30"}, headers=HTMX
    )
    assert response.status_code == 400
    assert "Страница устарела" in response.get_data(as_text=True)


def test_a_wrong_answer_comes_back_until_answered_right(client: FlaskClient) -> None:
    # The plain key is the default rules', and its link names them (a class may play others).
    answer_practice(client, "dora", "player", 11, right=False)
    index = client.get("/practice").get_data(as_text=True)
    assert 'href="/practice/dora/player/11?rules=online"' in index
    retry = client.get("/practice/retry").headers["Location"]
    assert retry == "/practice/dora/player/11?rules=online"
    page = answer_practice(client, "waits", "novice", 5, right=True)
    assert 'href="/practice/dora/player/11?rules=online">Повторить ошибку' in page
    answer_practice(client, "dora", "player", 11, right=True)
    assert "/practice/dora/player/11" not in client.get("/practice").get_data(as_text=True)
    assert client.get("/practice/retry").headers["Location"] == "/practice"


def test_the_practice_page_has_no_inline_script_or_style(client: FlaskClient) -> None:
    html = client.get("/practice/han/master/2").get_data(as_text=True)
    assert "<script>" not in html and " style=" not in html and "hx-on" not in html


def test_a_wrong_lesson_answer_is_offered_again_from_practice(client: FlaskClient) -> None:
    hidden = form_fields(client, "/lessons/basics")
    client.post("/lessons/basics/drills/pinfu-ron", data={**hidden, "fu": "40"}, headers=HTMX)
    index = client.get("/practice").get_data(as_text=True)
    assert 'href="/lessons/basics#drill-pinfu-ron"' in index
    assert client.get("/practice/retry").headers["Location"] == "/lessons/basics#drill-pinfu-ron"


# --- the engine-graded kinds: discard, complete, yaku ---------------------------------

NEW_KINDS = ("discard", "complete", "yaku")
# What the feedback on a wrong answer must say, per kind (one of these).
WRONG_SAYS = {
    "discard": ("Вы сбросили",),
    "complete": ("Вы не отметили", "Отмечены зря"),
    "yaku": ("Вы ответили",),
}


@pytest.mark.parametrize("kind", [pytest.param(k, id=k) for k in NEW_KINDS])
@pytest.mark.parametrize("level", [pytest.param(lv, id=lv) for lv in LEVELS])
def test_new_kinds_are_answered_wrong_then_right_at_every_level(
    client: FlaskClient, kind: str, level: str
) -> None:
    wrong = answer_practice(client, kind, level, 31, right=False, attempt=2)  # explained
    assert 'data-verdict="incorrect"' in wrong and "<html" not in wrong
    assert any(text in wrong for text in WRONG_SAYS[kind])
    right = answer_practice(client, kind, level, 31, right=True)
    assert 'data-verdict="correct"' in right
    assert f'href="/practice/{kind}/{level}"' in right  # «Следующая задача», same kind and level


def test_a_discard_problem_offers_each_distinct_tile_once(client: FlaskClient) -> None:
    html = client.get("/practice/discard/novice/5").get_data(as_text=True)
    with client.application.test_request_context():
        drill = task("discard", "novice", 5).drill
    radios = re.findall(r'<input type="radio" name="discard" value="(\w\w)"', html)
    assert len(radios) == len(set(radios)) == len(drill.solution.options) >= 6
    assert "рука осталась в темпае" in html


def test_a_wrong_discard_is_told_what_it_leaves(client: FlaskClient) -> None:
    html = answer_practice(client, "discard", "master", 8, right=False, attempt=2)
    assert "Вы сбросили" in html and "остаётся" in html and "шантен" in html
    assert "Быстрее всего к темпаю ведёт сброс" in html


@pytest.mark.parametrize(("level", "hands"), [("novice", 3), ("player", 4), ("master", 4)])
def test_a_complete_problem_shows_its_hands_to_tick(
    client: FlaskClient, level: str, hands: int
) -> None:
    html = client.get(f"/practice/complete/{level}/12").get_data(as_text=True)
    assert html.count('type="checkbox" name="hands"') == hands


def test_a_yaku_problem_names_its_rules_and_asks_yes_or_no(client: FlaskClient) -> None:
    html = client.get("/practice/yaku/player/4").get_data(as_text=True)
    assert "<dt>Правила</dt>" in html
    assert 'name="win" value="yes"' in html and 'name="win" value="no"' in html


def test_the_index_describes_the_levels_of_the_new_kinds(client: FlaskClient) -> None:
    html = client.get("/practice").get_data(as_text=True)
    for hint in ("какой сброс оставляет руку в темпае", "чиитойцу и кокушимусо", "дора без яку"):
        assert hint in html


def test_the_index_shows_the_engines_hint_for_every_level(client: FlaskClient) -> None:
    """The page restates nothing: each level's line is the engine's (engine.text.levels)."""
    html = client.get("/practice").get_data(as_text=True)
    shown = re.findall(r'data-level="(\w+)">.*?practice-card__hint">([^<]*)<', html)
    wanted = {(level, hint) for kind in KINDS for level, hint in level_hints(kind).items()}
    assert wanted <= set(shown)


@pytest.mark.parametrize("kind", [pytest.param(k, id=k) for k in NEW_KINDS])
def test_a_generated_problem_pasted_into_a_lesson_grades_the_same(
    client: FlaskClient, content_dir: Path, kind: str
) -> None:
    """The generator's parameters are a lesson block as authors write it (YAML in ``///``)."""
    params = generate(kind, "master", 44).params
    block = yaml.safe_dump({"id": "pasted", **params}, allow_unicode=True, sort_keys=False)
    lesson = (
        "---\ntitle: Вставленная задача\nslug: pasted\norder: 90\nsummary: Проверка.\n"
        f"---\n\nЗадача из практики.\n\n/// {kind}\n{block}///\n"
    )
    (content_dir / "90-pasted.md").write_text(lesson, encoding="utf-8")
    with client.application.test_request_context():
        practice_drill = task(kind, "master", 44).drill
    token = form_fields(client, "/lessons/pasted")["csrf_token"]
    for answer, verdict in (
        (right_answer(practice_drill), "correct"),
        (wrong_answer(practice_drill), "incorrect"),
    ):
        response = client.post(
            "/lessons/pasted/drills/pasted", headers=HTMX, data={"csrf_token": token, **answer}
        )
        assert response.status_code == 200
        assert f'data-verdict="{verdict}"' in response.get_data(as_text=True)


def test_a_wrong_discard_comes_back_under_its_title_until_answered_right(
    client: FlaskClient,
) -> None:
    answer_practice(client, "discard", "player", 6, right=False)
    index = client.get("/practice").get_data(as_text=True)
    assert 'href="/practice/discard/player/6?rules=online">Что сбросить? · игрок · №6</a>' in index
    answer_practice(client, "discard", "player", 6, right=True)
    assert "/practice/discard/player/6" not in client.get("/practice").get_data(as_text=True)


def test_the_kinds_that_keep_their_own_rules_are_the_ones_whose_generator_draws_them() -> None:
    # A kind's own_rules decides a stored key without generating the problem: it must agree.
    drawn = {
        (kind, "rules" in generate(kind, level, seed).params)
        for kind in KINDS
        for level in LEVELS
        for seed in range(2)
    }
    assert drawn == {(kind, kinds()[kind].own_rules) for kind in KINDS}


def test_a_first_miss_asks_to_try_again_and_the_second_shows_the_solution(
        client: FlaskClient) -> None:
    # The rule is the site's own (docs/architecture.md, «Путь ответа»): a wrong answer
    # is a chance, not the solution; «Повторить ошибку» then opens the mistake just made.
    first = answer_practice(client, "discard", "master", 8, right=False)
    assert "data-retry" in first and "Попробовать ещё раз" in first
    assert "Вы сбросили" not in first and "Все сбросы" not in first
    assert 'hx-swap-oob="true"' in first and "drill__question--missed" in first
    assert "data-repeat-mistake" not in first
    second = answer_practice(client, "discard", "master", 8, right=False, attempt=2)
    assert "data-retry" not in second and "Вы сбросили" in second
    assert '<details class="feedback__all">' in second and "<summary>Все сбросы</summary>" in second
    assert 'data-repeat-mistake href="/practice/discard/master/8' in second


def test_the_index_groups_kinds_by_their_lesson_with_accuracy_and_a_mixed_mode(
        client: FlaskClient) -> None:
    # Practice you can navigate (learner-and-instructor review, December 2026): kinds under
    # the lesson that teaches them, the learner's first-attempt accuracy, «вперемешку».
    answer_practice(client, "waits", "novice", 3, right=True)
    html = client.get("/practice").get_data(as_text=True)
    topics = re.findall(r'<section class="practice-topic"[^>]*data-topic="([^"]+)"', html)
    assert topics[0] == "basics" and topics[-1] == "others"  # course order, the rest last
    basics = html[html.index('data-topic="basics"'):html.index('data-topic="others"')]
    assert 'href="/lessons/basics">Урок 1 «Основы для тестов»</a>' in basics
    assert 'data-kind="waits"' in basics and 'data-kind="fu"' in basics
    assert '<span data-accuracy="100">100&nbsp;% с первой попытки</span> · 1 ответ' in basics
    mixed = client.get("/practice/mixed?level=player")
    kind = re.fullmatch(r"/practice/(\w+)/player/\d+\?(?:rules=\w+&)?mix=1",
                        mixed.headers["Location"])
    assert kind and kind[1] in ("waits", "furiten", "fu")  # the lesson started: basics
    page = client.get(mixed.headers["Location"]).get_data(as_text=True)
    assert ">вперемешку</a>" in page and "mix=1" in page
