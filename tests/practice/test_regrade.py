"""A mistake recorded under a rule value that has since changed is graded again.

Rule (the course issue, «Nothing a learner earned is lost or left wrong»): a
mistake recorded under a value that changed is re-graded under the new value or
retired, never left as a mistake the learner cannot fix. The case that
happened: the European tournament set had no open tanyao (the pre-2016
edition) and gained it (EMA Riichi Competition Rules 2016); a learner who said
«yes, the open all-simples hand may win» was marked wrong.

The old value is played by patching the rule set while the answers are given;
then the real set comes back (as after a deploy) and the pages read again.
"""

from __future__ import annotations

import dataclasses
import uuid
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from flask.testing import FlaskClient

from engine.rules import sets
from tests.support.client import HTMX, csrf_token
from tests.support.practice import answer_practice
from tutor import storage
from tutor.accounts.current import learner_id
from tutor.drills import Drill, grading
from tutor.practice import views
from tutor.storage.aggregates import learner_mistakes
from tutor.storage.learner import COOKIE

LESSON = """---
title: Европейский таняо
slug: ema-tanyao
order: 9
summary: Открытый таняо по европейским турнирным правилам.
---
Открытая рука из одних простых тайлов.

/// yaku
id: open-tanyao
hand: 56788p345678s
melds: [chi 234m]
win: 5s
by: ron
seat: S
rules: ema
///

/// yaku
id: no-yaku
hand: 56788p345678s
melds: [chi 123m]
win: 5s
by: ron
seat: S
rules: ema
///
"""


def _answer(client: FlaskClient, drill_id: str, said: str, attempt: int = 1) -> str:
    """``attempt=2``: a second try — a miss then shows its explanation."""
    data = {"csrf_token": csrf_token(client, "/lessons/ema-tanyao"),
            "nonce": uuid.uuid4().hex[:24], "win": said, "attempt": str(attempt)}
    response = client.post(f"/lessons/ema-tanyao/drills/{drill_id}", data=data, headers=HTMX)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def _mistakes(client: FlaskClient) -> list[str]:
    cookie = client.get_cookie(COOKIE)
    assert cookie is not None
    with client.application.test_request_context(
            headers={"Cookie": f"{COOKIE}={cookie.value}"}):
        return [m.problem for m in storage.store().mistakes(learner_id())]


@pytest.fixture
def lesson(content_dir: Path) -> Path:
    path = content_dir / "09-ema-tanyao.md"
    path.write_text(LESSON, encoding="utf-8")
    return path


def test_a_mistake_right_under_the_new_value_is_retired_a_wrong_one_stays(
        client: FlaskClient, lesson: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old = dataclasses.replace(sets.RULESETS["ema"], open_tanyao=False)
    with monkeypatch.context() as before_2016:
        before_2016.setitem(sets.RULESETS, "ema", old)
        lesson.write_text(LESSON + "\n", encoding="utf-8")  # prepared under the old value
        assert "правильно — <strong>нет</strong>" in _answer(client, "open-tanyao", "yes", 2)
        assert "правильно — <strong>нет</strong>" in _answer(client, "no-yaku", "yes", 2)
    assert _mistakes(client) == ["lesson/ema-tanyao/no-yaku", "lesson/ema-tanyao/open-tanyao"]

    lesson.write_text(LESSON, encoding="utf-8")  # the deploy: the real 2016 value
    page = client.get("/practice").get_data(as_text=True)
    # «yes» is right now: the mistake is gone; the yakuless hand is still a mistake
    assert _mistakes(client) == ["lesson/ema-tanyao/no-yaku"]
    assert 'href="/lessons/ema-tanyao#drill-no-yaku"' in page
    assert 'href="/lessons/ema-tanyao#drill-open-tanyao"' not in page
    # graded under the new values already: reading again changes nothing
    client.get("/practice")
    assert _mistakes(client) == ["lesson/ema-tanyao/no-yaku"]


def test_my_progress_grades_again_too(
        client: FlaskClient, lesson: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old = dataclasses.replace(sets.RULESETS["ema"], open_tanyao=False)
    with monkeypatch.context() as before_2016:
        before_2016.setitem(sets.RULESETS, "ema", old)
        lesson.write_text(LESSON + "\n", encoding="utf-8")
        _answer(client, "open-tanyao", "yes")
    lesson.write_text(LESSON, encoding="utf-8")
    assert client.get("/progress").status_code == 200
    assert _mistakes(client) == []


def test_a_mistake_under_unchanged_rules_stays(client: FlaskClient, lesson: Path) -> None:
    _answer(client, "open-tanyao", "no")
    client.get("/practice")
    assert _mistakes(client) == ["lesson/ema-tanyao/open-tanyao"]


def _spy_on_preparing(monkeypatch: pytest.MonkeyPatch) -> list[tuple[object, ...]]:
    """The practice problems the pages prepare to grade kept answers again."""
    calls: list[tuple[object, ...]] = []
    real = views.prepared

    def spy(*key: Any) -> Drill | None:
        calls.append(key)
        return real(*key)

    monkeypatch.setattr(views, "prepared", spy)
    return calls


def test_a_practice_mistake_under_unchanged_rules_is_not_prepared_again(
        client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    answer_practice(client, "dora", "novice", 3, right=False)
    calls = _spy_on_preparing(monkeypatch)
    client.get("/practice")
    assert _mistakes(client) == ["practice/dora/novice/3"]
    assert calls == []  # its fingerprint is the default set's now: nothing to grade again


def test_a_practice_mistake_under_changed_values_is_graded_again(
        client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    old = dataclasses.replace(sets.RULESETS["online"], kiriage=True)
    with monkeypatch.context() as before:
        before.setitem(sets.RULESETS, "online", old)
        answer_practice(client, "dora", "novice", 3, right=False)
    calls = _spy_on_preparing(monkeypatch)
    client.get("/practice")
    assert ("dora", "novice", 3, None) in calls
    assert _mistakes(client) == ["practice/dora/novice/3"]  # still wrong under the new values


def _give_up(client: FlaskClient, drill_id: str) -> str:
    """«Показать решение» before any answer: the form's first attempt given up, a miss."""
    data = {"csrf_token": csrf_token(client, "/lessons/ema-tanyao"),
            "nonce": uuid.uuid4().hex[:24], "action": "solution"}
    response = client.post(f"/lessons/ema-tanyao/drills/{drill_id}", data=data, headers=HTMX)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def _graded(client: FlaskClient) -> dict[str, str | None]:
    """Each pending mistake's rule fingerprint, as stored."""
    cookie = client.get_cookie(COOKIE)
    assert cookie is not None
    with client.application.test_request_context(
            headers={"Cookie": f"{COOKIE}={cookie.value}"}):
        with storage.store().transaction() as conn:
            table = learner_mistakes
            return {problem: graded for problem, graded in conn.execute(
                sa.select(table.c.problem, table.c.graded)
                .where(table.c.learner_id == learner_id()))}


def test_a_problem_given_up_stays_due_when_a_rule_value_changes(
        client: FlaskClient, lesson: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A revealed problem has no answer to grade again: it is still unsolved, so it stays in
    «Повторить ошибки» under the new values (noted as graded under them), where a mistake
    whose answer is not known is retired."""
    old = dataclasses.replace(sets.RULESETS["ema"], open_tanyao=False)
    with monkeypatch.context() as before_2016:
        before_2016.setitem(sets.RULESETS, "ema", old)
        lesson.write_text(LESSON + "\n", encoding="utf-8")  # prepared under the old value
        _give_up(client, "open-tanyao")
        before = _graded(client)["lesson/ema-tanyao/open-tanyao"]
    assert _mistakes(client) == ["lesson/ema-tanyao/open-tanyao"]

    lesson.write_text(LESSON, encoding="utf-8")  # the deploy: the real 2016 value
    page = client.get("/practice").get_data(as_text=True)
    assert _mistakes(client) == ["lesson/ema-tanyao/open-tanyao"]
    assert 'href="/lessons/ema-tanyao#drill-open-tanyao"' in page
    assert "снята с повторения" not in page
    now = _graded(client)["lesson/ema-tanyao/open-tanyao"]
    assert before != now and now is not None and now[:grading.RULES_PART] == \
        grading.rules_fingerprint("ema")


def _as_the_old_schema_wrote_it(client: FlaskClient, problem: str) -> None:
    """A pending mistake recorded before answers were kept: no answer, no fingerprint.

    The columns the old schema wrote (``learner_id, problem, answer_id, kind,
    rule``); the kept answer's columns stay NULL, as migration 18 leaves them.
    """
    cookie = client.get_cookie(COOKIE)
    assert cookie is not None
    with client.application.test_request_context(
            headers={"Cookie": f"{COOKIE}={cookie.value}"}):
        with storage.store().transaction() as conn:
            conn.execute(learner_mistakes.insert().values(
                learner_id=learner_id(), problem=problem, answer_id=1, kind="yaku",
                rule="yaku.no-yaku"))


def test_a_mistake_recorded_before_answers_were_kept_is_retired_with_a_note(
        client: FlaskClient, lesson: Path) -> None:
    """Neither its answer nor the values it was graded under are known (tutor/course/regrade.py):
    under the pre-2016 European set the open-tanyao hand was «нет яку», so it cannot be told
    whether it is still wrong. It leaves «Повторить ошибки», and the page says so."""
    _answer(client, "no-yaku", "yes")  # a mistake recorded now: kept with its answer
    _as_the_old_schema_wrote_it(client, "lesson/ema-tanyao/open-tanyao")
    assert len(_mistakes(client)) == 2
    page = client.get("/practice").get_data(as_text=True)
    assert _mistakes(client) == ["lesson/ema-tanyao/no-yaku"]
    assert "1 ошибка снята с повторения" in page
    assert 'href="/lessons/ema-tanyao#drill-open-tanyao"' not in page
    assert "снята с повторения" not in client.get("/practice").get_data(as_text=True)


def test_my_progress_retires_an_old_schema_mistake_too(
        client: FlaskClient, lesson: Path) -> None:
    client.get("/lessons/ema-tanyao")  # the learner's cookie
    _as_the_old_schema_wrote_it(client, "lesson/ema-tanyao/open-tanyao")
    page = client.get("/progress").get_data(as_text=True)
    assert _mistakes(client) == [] and "1 ошибка снята с повторения" in page


CORRECTED = """---
title: Исправленный урок
slug: corrections
order: 9
summary: Урок, в котором автор исправил упражнение.
---
Сколько тайлов в комплекте и сколько видов.

/// choice
id: set-size
question: Сколько всего тайлов в комплекте?
options: ["34", "108", "136"]
answer: {size}
///

/// choice
id: kinds
question: Сколько видов тайлов?
options: ["34", "136"]
answer: 1
explain: {why}
///
"""


def _choose(client: FlaskClient, drill_id: str, option: int) -> None:
    data = {"csrf_token": csrf_token(client, "/lessons/corrections"),
            "nonce": uuid.uuid4().hex[:24], "option": str(option), "attempt": "1"}
    response = client.post(f"/lessons/corrections/drills/{drill_id}", data=data, headers=HTMX)
    assert response.status_code == 200


def test_a_drill_corrected_under_its_id_grades_its_kept_mistakes_again(
        client: FlaskClient, content_dir: Path) -> None:
    """An author fixes a wrong answer without a new id (docs/lesson-format.md): a learner who
    chose what is right now is no longer asked to repeat it; a mistake still wrong after a
    reworded explanation stays, graded against the drill as it is now."""
    lesson = content_dir / "09-corrections.md"
    lesson.write_text(CORRECTED.format(size=2, why="Видов 34."), encoding="utf-8")  # 108: wrong
    _choose(client, "set-size", 3)
    _choose(client, "kinds", 2)
    assert _mistakes(client) == ["lesson/corrections/kinds", "lesson/corrections/set-size"]
    before = _graded(client)

    lesson.write_text(CORRECTED.format(size=3, why="Каждый вид — по четыре копии."),
                      encoding="utf-8")
    page = client.get("/practice").get_data(as_text=True)
    assert _mistakes(client) == ["lesson/corrections/kinds"]
    assert "1 ошибка снята с повторения" in page
    after = _graded(client)["lesson/corrections/kinds"]
    assert after is not None and after != before["lesson/corrections/kinds"]
    assert "снята с повторения" not in client.get("/practice").get_data(as_text=True)


def test_an_unchanged_drill_is_not_graded_again(
        client: FlaskClient, content_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    lesson = content_dir / "09-corrections.md"
    lesson.write_text(CORRECTED.format(size=3, why="Видов 34."), encoding="utf-8")
    _choose(client, "set-size", 1)
    graded_again: list[str] = []
    real = grading.answer

    def spy(drill: Drill, *args: Any, **kwargs: Any) -> Any:
        graded_again.append(drill.id)
        return real(drill, *args, **kwargs)

    monkeypatch.setattr(grading, "answer", spy)
    lesson.write_text(CORRECTED.format(size=3, why="Видов 34.") + "\n", encoding="utf-8")
    client.get("/practice")
    assert _mistakes(client) == ["lesson/corrections/set-size"] and graded_again == []


def test_a_mistake_kept_with_the_rule_values_alone_is_graded_once_more(
        client: FlaskClient, content_dir: Path) -> None:
    """Mistakes kept before the drill's own fingerprint was stored carry the rule part only
    (16 characters): whether the drill changed since is unknown, so the kept answer is graded
    once against the drill as it is now — still wrong, it stays with the whole fingerprint."""
    lesson = content_dir / "09-corrections.md"
    lesson.write_text(CORRECTED.format(size=3, why="Видов 34."), encoding="utf-8")
    _choose(client, "set-size", 1)
    whole = _graded(client)["lesson/corrections/set-size"]
    assert whole is not None and len(whole) == 32
    cookie = client.get_cookie(COOKIE)
    assert cookie is not None
    with client.application.test_request_context(
            headers={"Cookie": f"{COOKIE}={cookie.value}"}):
        with storage.store().transaction() as conn:
            conn.execute(learner_mistakes.update().values(graded=whole[:grading.RULES_PART]))
    page = client.get("/practice").get_data(as_text=True)
    assert _mistakes(client) == ["lesson/corrections/set-size"]
    assert "снята с повторения" not in page
    assert _graded(client) == {"lesson/corrections/set-size": whole}
