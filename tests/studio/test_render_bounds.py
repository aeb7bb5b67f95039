"""Untrusted lessons have deterministic limits, checked before anything is rendered.

The security review of December 2026 (findings «the lesson check and
Markdown rendering are attackable» and «preview amplification»): the
raw-HTML regex took 72 s on «<a x » × 19 000 and froze a worker; the text
«[a](https://e.x/» × 5 000 passed the check and rendered in 18 s — in a
learner's first view once published; a 95 kB draft of 2 088 tiny drills gave
a 213 MB preview. Limits: tutor/course/markdown/limits.py, the studio's check
(tutor/studio/check.py) and the preview (tutor/authoring/views.py).
"""

from __future__ import annotations

import subprocess
import sys
import time

import pytest

from tests.support.classes import World
from tests.support.client import HTMX, csrf_token
from tests.support.studio import WAITS_13, new_lesson, publish, save, source
from tutor.course.markdown import limits
from tutor.studio import check, published

MB = 1_000_000


def test_the_raw_html_regex_is_linear() -> None:
    """The review's input; in a child process so a catastrophic regex cannot hang the suite."""
    program = ("from tutor.course.markdown.rawhtml import START_TAG\n"
               "for text in ('<a x ' * 19000, '<a ' + 'x ' * 50000, '<a x=\"' * 20000):\n"
               "    list(START_TAG.finditer(text))\n")
    done = subprocess.run([sys.executable, "-c", program], timeout=20, check=False)
    assert done.returncode == 0


HOSTILE = {
    "links": ("[a](https://e.x/" * 5000, "ссылок"),
    "brackets": ("[" * 1500, "квадратных скобок"),
    "line": ("слово " * 1000, "Строка длиннее"),
    "depth": ("> " * 12 + "цитата", "вложенность"),
    "lines": ("# a\n" * 3000, "строк"),
    "cells": ("|a" * 3500, "ячеек таблиц"),
    "marks": ("\n\n".join(["*a" * 280] * 10), "знаков разметки"),
    "paragraph": ("`a" * 400, "В абзаце слишком много"),
    "drills": ("".join(f"/// waits\nid: w{n}\nhand: {WAITS_13}\n///\n\n" for n in range(50)),
               "можно не больше 40"),
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_a_text_over_a_limit_is_refused_with_a_message_and_never_rendered(
    world: World, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    text, words = HOSTILE[name]
    rendered: list[str] = []
    real = check.draft_lesson
    monkeypatch.setattr(check, "draft_lesson",
                        lambda s: rendered.append(s) or real(s))  # type: ignore[func-returns-value]
    with world.app.test_request_context():
        checked = check.check_source(source(body=text))
    assert not checked.ok
    assert any(words in p.message for p in checked.problems), checked.problems
    assert rendered == [""]  # only the empty placeholder: the text itself was not rendered


def test_a_course_sized_lesson_is_far_below_every_limit() -> None:
    lesson = source(body=("Абзац с **жирным**, [ссылкой](/lessons/basics) и `кодом`.\n\n" * 40))
    assert limits.text_shape(lesson) == []


def test_a_check_past_its_time_says_try_later_instead_of_refusing(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    teacher = world.client("teacher")
    lesson_id = new_lesson(teacher)
    world.app.config["STUDIO_CHECK_SECONDS"] = 0.05
    real = check._check_now

    def slow(text: str) -> check.Checked:
        time.sleep(0.3)
        return real(text)

    monkeypatch.setattr(check, "_check_now", slow)
    response = teacher.post(f"/studio/{lesson_id}/preview", headers=HTMX, data={
        "csrf_token": csrf_token(teacher, f"/studio/{lesson_id}"), "source": source()})
    assert response.status_code == 503
    assert "попробуйте позже" in response.get_data(as_text=True)
    time.sleep(0.4)  # the one checking thread finishes its work before the next test


def test_previews_stay_under_two_megabytes(world: World) -> None:
    teacher = world.client("teacher")
    lesson_id = new_lesson(teacher)
    csrf = csrf_token(teacher, f"/studio/{lesson_id}")
    tiny = source(body="".join(f"/// waits\nid: w{n}\nhand: {WAITS_13}\n///\n"
                               for n in range(2088)))
    response = teacher.post(f"/studio/{lesson_id}/preview", headers=HTMX,
                            data={"csrf_token": csrf, "source": tiny})
    assert response.status_code in (200, 400)
    assert len(response.get_data()) < 2 * MB
    # the largest draft the limits allow: 40 drills, padded to 95 kB
    drills = "".join(f"/// waits\nid: w{n}\nhand: {WAITS_13}\n///\n\n" for n in range(40))
    padded = source(body=drills + ("Текст урока. " * 20 + "\n\n") * 250)[:95_000]
    response = teacher.post(f"/studio/{lesson_id}/preview", headers=HTMX,
                            data={"csrf_token": csrf, "source": padded})
    assert len(response.get_data()) < 2 * MB
    page = response.get_data(as_text=True)
    assert page.count("<form") <= 40


def test_a_published_version_is_rendered_at_publish_time_not_in_a_learners_request(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    teacher = world.client("teacher")
    lesson_id = new_lesson(teacher)
    save(teacher, lesson_id, source())
    published._cache.clear()
    assert publish(teacher, lesson_id, world.ids["club"]) == 302
    calls: list[str] = []
    monkeypatch.setattr(published, "check_source", lambda text: calls.append(text))
    alice = world.client("alice")
    assert alice.get(f"/classes/{world.ids['club']}/lessons/club-rules").status_code == 200
    assert calls == []  # the learner's request rendered nothing
