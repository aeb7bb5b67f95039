"""The answer-independent explanation of a drill is rendered once per drill.

The feedback frame shows the kind's verdict lines, then ``drill.solution_html()``,
which renders the kind's ``solution(drill)`` macro once per :class:`Drill`
object; a lesson edit builds new drills, so the explanation is never stale.
Nothing that depends on the answer is kept: each answer's feedback is rendered
from its own outcome.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.support.client import HTMX, Answering, verdict
from tutor import storage
from tutor.drills import base, kinds
from tutor.storage.progress import SaveResult


def _count_renders(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    rendered: list[str] = []
    original = base.get_template_attribute

    def counting(template: str, name: str):  # noqa: ANN202
        rendered.append(template if name == "solution" else f"{template}:{name}")
        return original(template, name)

    monkeypatch.setattr(base, "get_template_attribute", counting)
    return rendered


def test_every_kind_template_has_a_solution_macro(app: Flask) -> None:
    with app.app_context():
        env = app.jinja_env
        missing = [
            name
            for name in kinds()
            if not hasattr(env.get_template(f"drills/{name}.html").module, "solution")
        ]
    assert missing == []


def test_explanation_is_rendered_once_for_many_answers(
    answer: Answering, monkeypatch: pytest.MonkeyPatch
) -> None:
    rendered = _count_renders(monkeypatch)
    first = answer.post("basics", "nobetan", {"tiles": ["3m"]}).get_data(as_text=True)
    second = answer.post("basics", "nobetan", {"tiles": ["3m", "6m"]}).get_data(as_text=True)
    shown = answer.post("basics", "nobetan", {"action": "solution"}).get_data(as_text=True)
    assert [r for r in rendered if ":" not in r] == ["drills/waits.html"]
    assert verdict(first) == "incorrect" and verdict(second) == "correct"
    assert verdict(shown) == "solution"
    for html in (first, second, shown):
        assert '<ul class="waits">' in html  # the cached explanation is in every answer
    assert "Вы пропустили" in first and "Вы пропустили" not in second


def test_edited_explanation_shows_on_the_next_answer(answer: Answering, content_dir: Path) -> None:
    before = answer.post("basics", "set-size", {"option": "3"}).get_data(as_text=True)
    assert "Видов 34, каждого по четыре — 136." in before
    path = content_dir / "01-basics.md"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("каждого по четыре", "каждого вида по четыре"), encoding="utf-8")
    after = answer.post("basics", "set-size", {"option": "3"}).get_data(as_text=True)
    assert "Видов 34, каждого вида по четыре — 136." in after


def test_unanswered_questions_of_a_lesson_page_are_rendered_once(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    waits = type(kinds()["waits"])
    calls: list[object] = []
    original = waits.kept_answer

    def counting(self: object, form: object) -> list[str]:
        calls.append(form)
        return original(self, form)  # type: ignore[arg-type]

    monkeypatch.setattr(waits, "kept_answer", counting)
    first = client.get("/lessons/basics").get_data(as_text=True)
    drawn = len(calls)
    second = client.get("/lessons/basics").get_data(as_text=True)
    assert drawn > 0 and len(calls) == drawn  # the second view draws no waits question
    assert second.count('class="drill ') == first.count('class="drill ') > 0


def test_a_plain_post_keeps_the_learners_choice_in_its_own_drill(answer: Answering) -> None:
    """The answered drill shows the submitted form, not the cached blank question."""
    html = answer.post("basics", "set-size", {"option": "2"}, htmx=False).get_data(as_text=True)
    assert 'value="2" required checked' in html


def test_the_same_answer_twice_gives_the_same_feedback(answer: Answering) -> None:
    wrong = [answer.post("basics", "nobetan", {"tiles": ["3m"]}).get_data(as_text=True)
             for _ in range(2)]
    right = answer.post("basics", "nobetan", {"tiles": ["3m", "6m"]}).get_data(as_text=True)
    assert wrong[0] == wrong[1]
    assert "Вы пропустили" in wrong[0] and "Вы пропустили" not in right


def test_an_answer_that_could_not_be_saved_says_so_and_only_that_one(
    app: Flask, answer: Answering, monkeypatch: pytest.MonkeyPatch
) -> None:
    saved = answer.post("basics", "nobetan", {"tiles": ["3m"]}).get_data(as_text=True)
    store = storage.opened_store(app)

    def broken(*_args: object, **_kwargs: object) -> SaveResult:
        return SaveResult.FAILED  # what record says when the database cannot take the answer

    with monkeypatch.context() as patch:
        patch.setattr(store, "record", broken)
        lost = answer.post("basics", "nobetan", {"tiles": ["3m"]}).get_data(as_text=True)
    saved_again = answer.post("basics", "nobetan", {"tiles": ["3m"]}).get_data(as_text=True)
    assert "Не удалось сохранить прогресс" in lost
    assert "Не удалось сохранить прогресс" not in saved
    assert "Не удалось сохранить прогресс" not in saved_again
    assert verdict(lost) == verdict(saved) == verdict(saved_again) == "incorrect"


def test_an_answer_links_under_each_requests_script_root(answer: Answering) -> None:
    def post(base: str) -> str:
        response = answer.client.post(
            "/lessons/basics/drills/nobetan",
            data={"csrf_token": answer.token, "tiles": ["3m"]},
            headers=HTMX,
            base_url=base,
        )
        return response.get_data(as_text=True)

    plain = post("http://localhost/")
    mounted = post("http://localhost/club/")
    assert 'href="/lessons/basics#drill-nobetan"' in plain
    assert 'href="/club/lessons/basics#drill-nobetan"' in mounted
    assert "/club/" not in plain
