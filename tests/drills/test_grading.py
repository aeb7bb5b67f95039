"""The one answer path (tutor/drills/grading.py): what an Outcome says, and how it is drawn.

Rules (docs/architecture.md, «Путь ответа»): every endpoint that grades returns
the Outcome of grading.answer; it tells what storage did with the answer
(saved, a re-sent form's duplicate, failed, over the hourly budget, or not
recorded — previews and «Показать решение»); a verdict carries its credit (full,
partial «Почти», none); the form counts its own attempts.
"""

from __future__ import annotations

import re

import pytest
from flask import Flask, get_template_attribute
from werkzeug.datastructures import MultiDict

from tests.support.client import HTMX, Answering
from tutor import storage
from tutor.course.content import store
from tutor.drills import Drill
from tutor.drills.base import FULL, NONE, PARTIAL, Verdict
from tutor.drills.grading import Outcome, Record, answer
from tutor.storage.progress import SaveResult
from tutor.web.errors import CSRF_MESSAGE

WRONG = {"tiles": ["3m"]}
RIGHT = {"tiles": ["3m", "6m"]}


def _drill(app: Flask, slug: str = "basics", drill_id: str = "nobetan") -> Drill:
    with app.app_context():
        lesson = store().get(slug)
        assert lesson is not None
        return lesson.drills[drill_id]


def _outcome(app: Flask, data: dict[str, object], record: Record | None,
             cookie: str | None = None) -> Outcome:
    drill = _drill(app)
    headers = {"Cookie": cookie} if cookie else {}
    with app.test_request_context("/", method="POST", data=data, headers=headers):
        from flask import request

        return answer(drill, request.form, record)


RECORD = Record("lesson/basics/nobetan", lesson="basics")


def test_a_right_answer_is_saved_with_full_credit(app: Flask) -> None:
    outcome = _outcome(app, {**RIGHT, "nonce": "ab" * 8}, RECORD)
    assert outcome.verdict is not None and outcome.verdict.correct
    assert outcome.verdict.credit == FULL and outcome.saved is SaveResult.SAVED
    assert outcome.diagnoses == () and outcome.notes == () and outcome.attempt == 1


def test_a_wrong_answer_is_diagnosed_once_and_its_rule_is_the_first_note(app: Flask) -> None:
    outcome = _outcome(app, WRONG, RECORD)
    assert outcome.verdict is not None and outcome.verdict.credit == NONE
    assert outcome.diagnoses and outcome.notes[0].text == outcome.diagnoses[0].text
    assert outcome.diagnoses[0].rule.startswith("waits.")


def test_the_same_form_sent_twice_is_a_duplicate(app: Flask) -> None:
    client = app.test_client()
    client.get("/lessons/basics")
    cookie = f"tempai_learner={client.get_cookie('tempai_learner').value}"  # type: ignore[union-attr]
    form = {**WRONG, "nonce": "cd" * 8}
    assert _outcome(app, form, RECORD, cookie).saved is SaveResult.SAVED
    assert _outcome(app, form, RECORD, cookie).saved is SaveResult.DUPLICATE


def test_a_preview_records_nothing_and_a_solution_asked_first_is_a_miss(app: Flask) -> None:
    assert _outcome(app, WRONG, None).saved is SaveResult.NOT_RECORDED
    assert _outcome(app, {"action": "solution"}, None).saved is SaveResult.NOT_RECORDED
    shown = _outcome(app, {"action": "solution"}, RECORD)  # the form's first attempt, given up
    assert shown.solution_shown and shown.given_up and shown.saved is SaveResult.SAVED
    assert shown.next_attempt == 2 and not shown.diagnoses
    later = _outcome(app, {"action": "solution", "attempt": "2"}, RECORD)  # after an answer
    assert not later.given_up and later.saved is SaveResult.NOT_RECORDED


def test_a_failing_store_costs_the_saving_not_the_grading(
        app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_args: object, **_kwargs: object) -> SaveResult:
        return SaveResult.FAILED  # what record says when the database cannot take the answer

    monkeypatch.setattr(storage.opened_store(app), "record", broken)
    outcome = _outcome(app, WRONG, RECORD)
    assert outcome.saved is SaveResult.FAILED and outcome.verdict is not None
    assert outcome.notes[-1].kind == "warning" and "Не удалось сохранить" in outcome.notes[-1].text


def test_a_forged_answer_is_an_outcome_with_its_message(app: Flask) -> None:
    outcome = _outcome(app, {"tiles": ["9x"]}, RECORD)
    assert outcome.verdict is None and outcome.status == 400
    assert outcome.error == "Неизвестный тайл «9x»." and outcome.saved is SaveResult.NOT_RECORDED


def test_partial_credit_is_drawn_as_almost(app: Flask) -> None:
    drill = _drill(app)
    close = Verdict(False, {"picked": [2], "missed": [5], "wrong": []}, credit=PARTIAL)
    assert close.label == "partial" and not close.correct
    with app.test_request_context():
        box = get_template_attribute("drills/_feedback.html", "feedback_box")
        html = str(box(Outcome(drill, MultiDict(), close)))
    assert 'data-verdict="partial"' in html and "Почти." in html and "Неверно" not in html


def test_a_right_answer_must_get_full_credit() -> None:
    with pytest.raises(ValueError, match="full credit"):
        Verdict(True, credit=PARTIAL)


def test_the_form_counts_its_attempts(answer: Answering) -> None:
    fragment = answer.post("basics", "nobetan", {**WRONG, "attempt": "2"}).get_data(as_text=True)
    oob = re.search(r'<input type="hidden" name="attempt" value="(\d+)" id="attempt-nobetan" '
                    r'hx-swap-oob="true">', fragment)
    assert oob and oob.group(1) == "3"  # htmx moves the form's field on
    page = answer.post("basics", "nobetan", {**WRONG, "attempt": "1"},
                       htmx=False).get_data(as_text=True)
    assert 'name="attempt" value="2" id="attempt-nobetan"' in page  # the redrawn form
    assert page.count('id="attempt-nobetan"') == 1  # no out-of-band copy on a whole page


def test_a_forged_attempt_counts_as_the_first(answer: Answering) -> None:
    for forged in ("0", "-1", "²", "9" * 5000, "x"):
        response = answer.post("basics", "nobetan", {**WRONG, "attempt": forged})
        assert response.status_code == 200
        assert 'name="attempt" value="2" id="attempt-nobetan"' in response.get_data(as_text=True)


def test_a_failed_csrf_check_is_shown_in_the_drill(answer: Answering) -> None:
    response = answer.client.post("/lessons/basics/drills/nobetan", headers=HTMX,
                                  data={"csrf_token": "forged", **WRONG})
    assert response.status_code == 400
    assert CSRF_MESSAGE in response.get_data(as_text=True)
    assert 'class="feedback' in response.get_data(as_text=True)  # in the drill's own area


def test_a_refused_answer_or_a_shown_solution_is_not_an_attempt(answer: Answering) -> None:
    for data in ({"tiles": ["9x"], "attempt": "2"}, {"action": "solution", "attempt": "2"}):
        fragment = answer.post("basics", "nobetan", data).get_data(as_text=True)
        assert 'name="attempt"' not in fragment  # the form keeps its number
        page = answer.post("basics", "nobetan", data, htmx=False).get_data(as_text=True)
        assert 'name="attempt" value="2" id="attempt-nobetan"' in page


def test_a_lesson_drill_names_the_form_of_the_page_without_javascript(answer: Answering) -> None:
    """Every control of a lesson drill's form names the form that only <noscript> holds.

    Chromium styles and lays out every off-screen drill whose form has a control once the
    page has loaded; with JS the controls are nobody's until the drill is touched
    (static/js/app.js), without JS <noscript> parses and its form (same action) sends them.
    """
    page = answer.client.get("/lessons/basics").get_data(as_text=True)
    section = page[page.index('id="drill-nobetan"'):]
    section = section[:section.index("</section>")]
    body = re.search(r'<form class="drill__form"[^>]*data-owner="form-nobetan">(.*?)</form>',
                     section, re.S)
    assert body
    controls = re.findall(r"<(?:input|button|select|textarea|fieldset|output)\b[^>]*>",
                          body.group(1))
    assert len(controls) > 30  # the palette, the hidden fields, the buttons
    assert all(' form="form-nobetan"' in tag for tag in controls), controls
    assert ('<noscript><form id="form-nobetan" method="post" '
            'action="/lessons/basics/drills/nobetan#fb-nobetan"></form></noscript>') in section
