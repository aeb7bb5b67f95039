"""In Chromium: an instructor writes a club lesson in the studio and publishes it.

One server for the module. The story: the instructor
creates a lesson with a waits and a fu drill, types a 12-tile hand and sees
the check's message at its line (a click puts the cursor there), fixes it,
saves and publishes to a class; a learner of that class, on a 390 px phone,
finds it on the course map and answers both drills; a learner of another
class neither sees nor opens it; the instructor restores an earlier version.
axe-core (:func:`tests.support.browser.axe_violations`) finds nothing
on ``/studio``, the editor showing a check message, the diff, the versions
and the club lesson with its drills graded.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from flask import Flask

from tests.support.accounts import make_user
from tests.support.browser import PHONE, People, axe_violations, running_site, sign_in, submit
from tests.support.practice import right_answer
from tests.support.studio import WAITS_12, source
from tutor import storage
from tutor.classes import store as classes
from tutor.studio.check import check_source

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int, int]]:
    folder = tmp_path_factory.mktemp("studio")
    made: dict[str, int] = {}

    def classes_and_people(app: Flask) -> None:
        teacher = make_user(app, "teacher", "instructor")
        other = make_user(app, "other", "instructor")
        alice, bob = make_user(app, "alice", "learner"), make_user(app, "bob", "learner")
        with app.test_request_context(), storage.store().transaction() as conn:
            club = classes.create(conn, teacher, "Клуб", "ema", None)
            elsewhere = classes.create(conn, other, "Другой", "ema", None)
            classes.join(conn, club, alice)
            classes.join(conn, elsewhere, bob)
            fu = check_source(source()).lesson.drills["club-fu"]
        made.update(fu=int(right_answer(fu)["fu"]), club=club.id)

    config = {"DATABASE_URL": f"sqlite:///{folder / 'db.sqlite3'}"}
    with running_site(folder / "content", config, prepare=classes_and_people) as url:
        yield url, made["fu"], made["club"]



def test_write_check_publish_answer_restore(browser, site) -> None:  # noqa: ANN001
    base, fu, class_id = site
    with People(browser, base) as people:
        _story(people, fu, class_id)
    assert people.errors == []


def _type_source(page, text: str) -> None:  # noqa: ANN001
    """Replace the source and wait for the preview htmx answers with."""
    with page.expect_response(lambda r: r.url.endswith("/preview") and r.request.method == "POST"):
        page.locator("#studio-source").fill(text)


def _story(people: People, fu: int, class_id: int) -> None:
    teacher = people.new()
    sign_in(teacher, "teacher")
    teacher.get_by_role("link", name="Студия").click()
    teacher.wait_for_url("**/studio")  # a click only starts the navigation
    assert axe_violations(teacher) == [], "/studio"
    teacher.get_by_label("Название нового урока").fill("Правила клуба")
    teacher.get_by_role("button", name="Новый урок").click()
    teacher.wait_for_url(re.compile(r".*/studio/\d+$"))
    editor = teacher.url

    broken = source(hand=WAITS_12)
    line = broken.split("\n").index(f"hand: {WAITS_12}") + 1
    _type_source(teacher, broken)
    message = teacher.locator(".studio__messages li", has_text="13 тайлов")
    assert message.locator("button").inner_text() == f"строка {line}"
    message.locator("button").click()
    offset = len("\n".join(broken.split("\n")[: line - 1])) + 1
    assert teacher.evaluate("document.activeElement.id") == "studio-source"
    assert teacher.locator("#studio-source").evaluate("a => a.selectionStart") == offset
    assert axe_violations(teacher) == [], "the editor with a check message"
    teacher.get_by_role("button", name="Сохранить версию").click()
    assert teacher.locator("[data-saved]").get_attribute("data-saved") == "2"
    assert teacher.locator("[data-publish-blocked]").count() == 1

    _type_source(teacher, source())
    assert "ошибок нет" in teacher.locator(".studio__checks").inner_text()
    teacher.get_by_role("button", name="Сохранить версию").click()
    assert teacher.locator("[data-saved]").get_attribute("data-saved") == "3"
    teacher.get_by_label("Клуб").check()
    teacher.get_by_role("button", name="Опубликовать версию 3").click()
    assert teacher.locator("[data-note]").inner_text() == "Урок опубликован."

    alice = people.new(phone=True)
    sign_in(alice, "alice")
    alice.locator("[data-club-lesson] a").click()
    alice.wait_for_url(re.compile(rf".*/classes/{class_id}/lessons/club-rules$"))
    assert alice.locator("h1").inner_text() == "Правила клуба"
    assert alice.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    waits = alice.locator('[data-drill-id="club-waits"]')
    for tile in ("1m", "4m", "7m"):
        waits.locator(f'label:has(input[value="{tile}"])').click()
    assert submit(alice, "club-waits") == "correct"
    alice.locator('[data-drill-id="club-fu"]').get_by_label("Сколько фу?").fill(str(fu))
    assert submit(alice, "club-fu") == "correct"
    assert axe_violations(alice) == [], "a club lesson with graded drills"

    bob = people.new(phone=True)
    sign_in(bob, "bob")
    assert bob.locator("[data-club-lesson]").count() == 0
    assert bob.goto(f"/classes/{class_id}/lessons/club-rules").status == 404

    teacher.goto(editor + "/diff?a=2&b=3")
    assert teacher.locator(".studio__diff--added").count() > 0
    assert axe_violations(teacher) == [], "the diff"
    teacher.goto(editor + "/versions")
    assert axe_violations(teacher) == [], "the versions"
    teacher.get_by_role("button", name="Восстановить версию 2").click()
    assert teacher.locator("[data-saved]").get_attribute("data-saved") == "4"
    assert f"hand: {WAITS_12}" in teacher.locator("#studio-source").input_value()
    assert teacher.locator(".studio__messages li", has_text="13 тайлов").count() == 1
    # the learners keep the published version 3 until the instructor publishes again
    alice.reload()
    assert alice.locator("article[data-version]").get_attribute("data-version") == "3"

    # the editor on a phone: the panes stack, nothing scrolls sideways
    phone = people.new(phone=True)
    sign_in(phone, "teacher")
    phone.goto(editor)
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    source_box = phone.locator("#studio-source").bounding_box()
    preview_box = phone.locator("#studio-preview").bounding_box()
    assert source_box and preview_box and preview_box["y"] > source_box["y"]
    for tail in ("/versions", "/diff?a=2&b=4"):  # four versions: the restore buttons fit too
        phone.goto(editor + tail)
        assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], tail
