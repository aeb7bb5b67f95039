"""The answer-independent explanation of a drill is rendered once per drill (issue 8).

Every kind's ``feedback`` shows the verdict lines around ``drill_solution``,
which renders the kind's ``solution(drill)`` macro once per :class:`Drill`
object; a lesson edit builds new drills, so the explanation is never stale.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import Answering
from tests.test_drills_waits import verdict
from tutor.drills import kinds, solutions


def _count_renders(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    rendered: list[str] = []
    original = solutions.get_template_attribute

    def counting(template: str, name: str):  # noqa: ANN202
        rendered.append(template if name == "solution" else f"{template}:{name}")
        return original(template, name)

    monkeypatch.setattr(solutions, "get_template_attribute", counting)
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
    assert rendered == ["drills/waits.html"]
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
    original = waits.selected

    def counting(self: object, form: object) -> list[str]:
        calls.append(form)
        return original(self, form)  # type: ignore[arg-type]

    monkeypatch.setattr(waits, "selected", counting)
    first = client.get("/lessons/basics").get_data(as_text=True)
    drawn = len(calls)
    second = client.get("/lessons/basics").get_data(as_text=True)
    assert drawn > 0 and len(calls) == drawn  # the second view draws no waits question
    assert second.count('class="drill ') == first.count('class="drill ') > 0


def test_a_plain_post_keeps_the_learners_choice_in_its_own_drill(answer: Answering) -> None:
    """The answered drill shows the submitted form, not the cached blank question."""
    html = answer.post("basics", "set-size", {"option": "2"}, htmx=False).get_data(as_text=True)
    assert 'value="2" required checked' in html
