"""The answer-independent explanation of a drill is rendered once per drill.

Every kind's ``feedback`` shows the verdict lines around ``drill_solution``,
which renders the kind's ``solution(drill)`` macro once per :class:`Drill`
object; a lesson edit builds new drills, so the explanation is never stale.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.conftest import HTMX, Answering
from tests.drills.test_drills_waits import verdict
from tutor import storage
from tutor.drills import kinds, solutions
from tutor.storage.errors import StorageError


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


# -- the verdict-specific half: kept per drill and verdict -------------------------


def test_the_same_answer_renders_its_feedback_once(
    answer: Answering, monkeypatch: pytest.MonkeyPatch
) -> None:
    rendered = _count_renders(monkeypatch)
    wrong = [answer.post("basics", "nobetan", {"tiles": ["3m"]}).get_data(as_text=True)
             for _ in range(3)]
    right = answer.post("basics", "nobetan", {"tiles": ["3m", "6m"]}).get_data(as_text=True)
    assert rendered.count("drills/waits.html:feedback") == 2  # one per distinct verdict
    assert wrong[0] == wrong[1] == wrong[2]
    assert "Вы пропустили" in wrong[0] and "Вы пропустили" not in right


def test_feedback_cache_holds_a_bounded_number_of_answers_per_drill(
    answer: Answering, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(solutions, "MAX_ANSWERS", 3)
    monkeypatch.setattr(solutions, "_cache", {})  # only this test's drill in it
    tiles = ["1m", "2m", "4m", "5m", "7m", "8m", "9m"]
    for tile in tiles:
        assert answer.post("basics", "nobetan", {"tiles": [tile]}).status_code == 200
    sizes = [len(entry[1]) for entry in solutions._cache.values()]
    assert sizes and max(sizes) <= 3 * 3 + 2  # feedback, area and diagnoses per verdict
    rendered = _count_renders(monkeypatch)
    again = answer.post("basics", "nobetan", {"tiles": [tiles[-1]]}).get_data(as_text=True)
    assert "drills/waits.html:feedback" in rendered  # not kept: rendered afresh, still right
    assert verdict(again) == "incorrect"


class _Opaque:
    pass


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ({"picked": [1, 2]}, {"picked": (1, 2)}),  # a list is not a tuple
        ({"n": 1}, {"n": True}),  # 1 == True, but the feedback may differ
        ({"n": 1}, {"n": 1.0}),
        ({"tiles": {1, 2}}, {"tiles": {1, 3}}),
        ({"picked": [1, 2]}, {"picked": [True, 2]}),  # flat lists: exact element types
        ({"picked": [1]}, {"picked": [True]}),
        ({"picked": ["1"]}, {"picked": [1]}),
        ({"picked": [1, 2]}, {"picked": [1, 2.0]}),
        ({"picked": [1, "x"]}, {"picked": [1, ("x",)]}),
    ],
)
def test_feedback_key_tells_different_answers_apart(a: object, b: object) -> None:
    assert solutions._plain(a) is not None and solutions._plain(a) != solutions._plain(b)


def test_feedback_key_is_the_content_of_plain_answers() -> None:
    assert solutions._plain({"a": [1, "x"], "b": {3, 2}}) == solutions._plain(
        {"b": {2, 3}, "a": [1, "x"]}
    )


def test_flat_lists_and_mixed_lists_never_share_a_key() -> None:
    # [1, 2] keyed as is, ["a", 1] item by item: two shapes that must never meet.
    flat = solutions._plain([1, 2])
    mixed = solutions._plain([1, "2"])
    assert flat != mixed and len(flat) == 3 and len(mixed) == 2
    assert solutions._plain([]) == ("list", ())


def test_mapping_keys_that_do_not_order_still_give_one_key() -> None:
    import enum

    class Side(enum.Enum):
        EAST = "e"
        SOUTH = "s"

    assert solutions._plain({Side.SOUTH: 1, Side.EAST: 2}) == solutions._plain(
        {Side.EAST: 2, Side.SOUTH: 1}
    )


def test_a_verdict_key_is_worked_out_once_per_request(
    answer: Answering, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A new answer's area and the feedback inside it share one key (not two walks)."""
    tops: list[object] = []
    original = solutions._plain

    def counting(value: object) -> object:
        if isinstance(value, tuple) and len(value) == 3 and isinstance(value[2], dict):
            tops.append(value)  # (correct, solution_only, details): a verdict's key
        return original(value)

    monkeypatch.setattr(solutions, "_plain", counting)
    html = answer.post("basics", "nobetan", {"tiles": ["3m"]}).get_data(as_text=True)
    assert verdict(html) == "incorrect" and "Вы пропустили" in html
    assert len(tops) == 1
    tops.clear()
    html = answer.post("basics", "nobetan", {"tiles": ["6m"]}).get_data(as_text=True)
    assert verdict(html) == "incorrect" and len(tops) == 1  # another answer: its own key


def test_answers_holding_other_objects_are_never_cached() -> None:
    assert solutions._plain({"picked": _Opaque()}) is None
    assert solutions._plain({"picked": [1, _Opaque()]}) is None


# -- the whole htmx answer: kept per drill, verdict, saved-or-not and script root --------


def test_a_repeated_answer_renders_its_feedback_area_once(
    answer: Answering, monkeypatch: pytest.MonkeyPatch
) -> None:
    rendered = _count_renders(monkeypatch)
    first = answer.post("basics", "nobetan", {"tiles": ["3m"]}).get_data(as_text=True)
    again = answer.post("basics", "nobetan", {"tiles": ["3m"]}).get_data(as_text=True)
    right = answer.post("basics", "nobetan", {"tiles": ["3m", "6m"]}).get_data(as_text=True)
    assert rendered.count("drills/_frame.html:feedback_area") == 2  # one per distinct verdict
    assert first == again and verdict(first) == "incorrect" and verdict(right) == "correct"
    assert "Попробовать ещё раз" in first and 'hx-get="/lessons/basics/drills/nobetan"' in first


def test_an_answer_that_could_not_be_saved_says_so_though_the_same_answer_was_kept(
    app: Flask, answer: Answering, monkeypatch: pytest.MonkeyPatch
) -> None:
    saved = answer.post("basics", "nobetan", {"tiles": ["3m"]}).get_data(as_text=True)
    store = storage.opened_store(app)

    def broken(*_args: object, **_kwargs: object) -> None:
        raise StorageError("OperationalError")

    with monkeypatch.context() as patch:
        patch.setattr(store, "record", broken)
        lost = answer.post("basics", "nobetan", {"tiles": ["3m"]}).get_data(as_text=True)
    saved_again = answer.post("basics", "nobetan", {"tiles": ["3m"]}).get_data(as_text=True)
    assert "Не удалось сохранить прогресс" in lost
    assert "Не удалось сохранить прогресс" not in saved
    assert saved_again == saved and verdict(lost) == verdict(saved) == "incorrect"


def test_a_kept_answer_links_under_each_requests_script_root(answer: Answering) -> None:
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
