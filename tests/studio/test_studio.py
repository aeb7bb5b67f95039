"""The studio through the test client, on SQLite and PostgreSQL.

Every route: who may open it, another instructor's lesson id → 404, CSRF;
the check's messages at their lines, publishing blocked by a failing check,
versions with diff and restore, import and export, limits, XSS payloads in
title, source and import, grading from the stored version whatever the form
says, the recheck hiding a lesson when the check version changes, the admin's
review of a lesson for everyone, and the course map's places.
"""

from __future__ import annotations

import html
import io
import re

from tests.support.accounts import summary_of, user_by_login
from tests.support.classes import World
from tests.support.client import HTMX, csrf_token
from tests.support.practice import form_fields, right_answer, wrong_answer
from tests.support.studio import (
    WAITS_12,
    assert_clean,
    club_url,
    drill_of,
    new_lesson,
    publish,
    published_lesson,
    save,
    source,
)
from tutor.studio import check, club
from tutor.studio.check import check_source

XSS_TITLE = '<script>alert("t")</script><img src=x onerror=alert(1)>'
XSS_BODY = """
<script>alert("s")</script>
<img src="x" onerror="alert(2)">
[ссылка](javascript:alert(3))
<iframe src="https://evil.example"></iframe>
<a href="#" onclick="alert(4)">x</a>
"""


# -- access ----------------------------------------------------------------------------


def test_studio_is_for_instructors_and_admins(world: World) -> None:
    assert world.client("anonymous").get("/studio").status_code == 302
    assert world.client("alice").get("/studio").status_code == 404
    assert world.client("teacher").get("/studio").status_code == 200
    assert world.client("root").get("/studio").status_code == 200
    assert world.client("anonymous").post("/studio/new", data={}).status_code in (400, 403)
    # a POST without its CSRF token changes nothing
    assert world.client("teacher").post("/studio/new", data={"title": "x"}).status_code == 400
    assert "Новый урок" in world.client("teacher").get("/studio").get_data(as_text=True)


def test_another_instructors_lesson_is_404_on_every_route(world: World) -> None:
    lesson_id = published_lesson(world)
    other = world.client("other")
    csrf = csrf_token(other, "/studio")
    gets = ["", "/versions", "/diff?a=1&b=2", "/export.md"]
    posts = ["/preview", "/save", "/versions/1/restore", "/publish", "/unpublish", "/request"]
    for tail in gets:
        assert other.get(f"/studio/{lesson_id}{tail}").status_code == 404, tail
    for tail in posts:
        response = other.post(f"/studio/{lesson_id}{tail}", data={
            "csrf_token": csrf, "source": source(), "class_id": str(world.ids["second"])})
        assert response.status_code == 404, tail
    assert other.get("/studio").get_data(as_text=True).count("data-studio-lesson") == 0
    # a learner is not let in at all; an admin may open any lesson
    assert world.client("alice").get(f"/studio/{lesson_id}").status_code == 404
    assert world.client("root").get(f"/studio/{lesson_id}").status_code == 200
    # and nobody publishes into a class they do not own
    teacher = world.client("teacher")
    assert publish(teacher, lesson_id, world.ids["second"]) == 404


# -- check, preview, publish -------------------------------------------------------------


def test_check_message_names_the_line_and_blocks_publishing(world: World) -> None:
    teacher = world.client("teacher")
    lesson_id = new_lesson(teacher)
    broken = source(hand=WAITS_12)
    line = broken.split("\n").index(f"hand: {WAITS_12}") + 1
    fragment = teacher.post(f"/studio/{lesson_id}/preview", headers=HTMX, data={
        "csrf_token": csrf_token(teacher, "/studio"), "source": broken}).get_data(as_text=True)
    found = re.findall(r'data-line="(\d+)">строка \d+</button> <span class="studio__message">'
                       r"([^<]+)", fragment)
    assert (str(line), "В руке должно быть 13 тайлов, а указано 12.") in found
    assert 'class="drill drill--fu"' in fragment  # the preview still draws the rest
    save(teacher, lesson_id, broken)
    page = teacher.get(f"/studio/{lesson_id}").get_data(as_text=True)
    assert "data-publish-blocked" in page
    assert publish(teacher, lesson_id, world.ids["club"]) == 409
    assert world.client("alice").get(club_url(world)).status_code == 404
    save(teacher, lesson_id, source())
    assert publish(teacher, lesson_id, world.ids["club"]) == 302
    assert world.client("alice").get(club_url(world)).status_code == 200


def test_forbidden_addresses_and_raw_html_are_named_at_their_lines(world: World) -> None:
    teacher = world.client("teacher")
    lesson_id = new_lesson(teacher)
    body = ("Смотрите [сюда](javascript:alert(1)).\n\n![схема](data:image/png;base64,AAAA)\n\n"
            'Текст <b onclick="f()">жирный</b>.\n\n<iframe src="https://x.example"></iframe>')
    text = source(body=body)
    lines = text.split("\n")
    at = {needle: next(n for n, line in enumerate(lines, 1) if needle in line)
          for needle in ("javascript:", "data:", "onclick", "iframe")}
    schemes = "(можно http, https, mailto, адреса сайта и #якоря)"
    expected = [
        (at["javascript:"], "Адрес «javascript:alert(1)»: схема «javascript:» в уроке не "
                            f"разрешена {schemes}: ссылка убрана со страницы."),
        (at["data:"], "Адрес «data:image/png;base64,AAAA»: схема «data:» в уроке не "
                      f"разрешена {schemes}: картинка убрана со страницы."),
        (at["onclick"], "Атрибут «onclick» у HTML-тега «<b>» в уроке запрещён: на странице "
                        "тег будет виден как текст."),
        (at["iframe"], "HTML-тег «<iframe>» в уроке запрещён: на странице он будет виден как "
                       "текст. Пишите разметку Markdown."),
    ]
    fragment = teacher.post(f"/studio/{lesson_id}/preview", headers=HTMX, data={
        "csrf_token": csrf_token(teacher, "/studio"), "source": text}).get_data(as_text=True)
    found = re.findall(r'data-line="(\d+)">строка (\d+)</button> <span class="studio__message">'
                       r"([^<]+)", fragment)
    shown = [(int(line), html.unescape(message).strip()) for line, label, message in found
             if line == label]
    assert shown == expected
    save(teacher, lesson_id, text)
    assert "data-publish-blocked" in teacher.get(f"/studio/{lesson_id}").get_data(as_text=True)
    assert publish(teacher, lesson_id, world.ids["club"]) == 409
    assert world.client("alice").get(club_url(world)).status_code == 404


def test_learners_of_the_class_see_and_answer_others_do_not(world: World) -> None:
    lesson_id = published_lesson(world)
    alice = world.client("alice")
    home = alice.get("/").get_data(as_text=True)
    assert "data-club-lesson" in home and "Правила клуба" in home and "«Клуб»" in home
    assert "data-club-lesson" not in world.client("bob").get("/").get_data(as_text=True)
    assert "data-club-lesson" not in world.client("anonymous").get("/").get_data(as_text=True)
    assert world.client("bob").get(club_url(world)).status_code == 404
    assert world.client("anonymous").get(club_url(world)).status_code == 302
    assert world.client("teacher").get(club_url(world)).status_code == 200  # the owner
    page = alice.get(club_url(world)).get_data(as_text=True)
    assert 'id="drill-club-waits"' in page and 'id="drill-club-fu"' in page
    text = source()
    for drill_id in ("club-waits", "club-fu"):
        drill = drill_of(world, text, drill_id)
        form = form_fields(alice, club_url(world))
        url = f"{club_url(world)}/2/drills/{drill_id}"
        wrong = alice.post(url, headers=HTMX, data={**form, **wrong_answer(drill)})
        assert 'data-verdict="incorrect"' in wrong.get_data(as_text=True)
        right = alice.post(url, headers=HTMX, data={**form, **right_answer(drill)})
        assert right.status_code == 200
        assert 'data-verdict="correct"' in right.get_data(as_text=True)
    solved = summary_of(alice, user_by_login(world.app, "alice").learner_id).solved
    assert {f"club/{lesson_id}/2/club-waits", f"club/{lesson_id}/2/club-fu"} <= set(solved)
    assert alice.get("/progress").status_code == 200  # the club answers sit among the rest
    assert alice.get("/account/export").status_code == 200
    teacher = world.client("teacher")
    assert teacher.get(f"/classes/{world.ids['club']}").status_code == 200
    # bob may not answer, even knowing the address
    bob = world.client("bob")
    drill = drill_of(world, text, "club-waits")
    response = bob.post(f"{club_url(world)}/2/drills/club-waits",
                        data={"csrf_token": csrf_token(bob, "/classes"), **right_answer(drill)})
    assert response.status_code == 404


def test_grading_uses_the_stored_version_whatever_the_form_says(world: World) -> None:
    published_lesson(world)
    alice = world.client("alice")
    form = form_fields(alice, club_url(world))
    # a forged form: another hand and source next to the answer for that hand
    forged_text = source(hand="11123456789m11z")
    forged = drill_of(world, forged_text, "club-waits")
    data = {**form, **right_answer(forged), "hand": "11123456789m11z", "source": forged_text}
    page = alice.post(f"{club_url(world)}/2/drills/club-waits", headers=HTMX, data=data)
    assert 'data-verdict="correct"' not in page.get_data(as_text=True)
    stored = drill_of(world, source(), "club-waits")
    page = alice.post(f"{club_url(world)}/2/drills/club-waits", headers=HTMX,
                      data={**form, **right_answer(stored), "hand": "11123456789m11z"})
    assert 'data-verdict="correct"' in page.get_data(as_text=True)
    # an older version, a version never published, a drill that is not there
    assert alice.post(f"{club_url(world)}/1/drills/club-waits", headers=HTMX,
                      data={**form, **right_answer(stored)}).status_code == 409
    assert alice.post(f"{club_url(world)}/2/drills/nope", headers=HTMX,
                      data=form).status_code == 404
    # a broken answer gets a message, not a 500
    bad = alice.post(f"{club_url(world)}/2/drills/club-fu", headers=HTMX,
                     data={**form, "fu": "много"})
    assert bad.status_code in (200, 400, 422)


def test_course_map_places_the_lesson_where_the_instructor_asked(world: World) -> None:
    teacher = world.client("teacher")
    lesson_id = new_lesson(teacher)
    save(teacher, lesson_id, source())
    assert publish(teacher, lesson_id, world.ids["club"], position="1") == 302
    home = world.client("alice").get("/").get_data(as_text=True)
    items = re.findall(r'<li class="course-map__item[^"]*"( data-club-lesson)?', home)
    assert items[1] == " data-club-lesson"  # right after the first course lesson
    assert publish(teacher, lesson_id, world.ids["club"], position="0") == 302
    home = world.client("alice").get("/").get_data(as_text=True)
    items = re.findall(r'<li class="course-map__item[^"]*"( data-club-lesson)?', home)
    assert items[-1] == " data-club-lesson"


def test_unpublish_takes_it_away(world: World) -> None:
    lesson_id = published_lesson(world)
    teacher = world.client("teacher")
    response = teacher.post(f"/studio/{lesson_id}/unpublish", data={
        "csrf_token": csrf_token(teacher, "/studio"), "class_id": str(world.ids["club"])})
    assert response.status_code == 302
    assert world.client("alice").get(club_url(world)).status_code == 404


# -- versions ---------------------------------------------------------------------------


def test_versions_diff_and_restore(world: World) -> None:
    teacher = world.client("teacher")
    lesson_id = new_lesson(teacher)
    first = source(body="Первая версия <b>жирно</b>.")
    assert save(teacher, lesson_id, first) == 2
    assert save(teacher, lesson_id, first) == 2  # unchanged: no new version
    assert save(teacher, lesson_id, source(body="Вторая версия.")) == 3
    listing = teacher.get(f"/studio/{lesson_id}/versions").get_data(as_text=True)
    assert listing.count("<tr data-version=") == 3 and "Teacher" in listing
    page = teacher.get(f"/studio/{lesson_id}/diff?a=2&b=3").get_data(as_text=True)
    assert "− Первая версия &lt;b&gt;жирно&lt;/b&gt;." in page
    assert "+ Вторая версия." in page
    assert teacher.get(f"/studio/{lesson_id}/diff?a=2&b=99").status_code == 404
    response = teacher.post(f"/studio/{lesson_id}/versions/2/restore",
                            data={"csrf_token": csrf_token(teacher, "/studio")})
    assert response.status_code == 302 and "saved=4" in response.headers["Location"]
    editor = teacher.get(response.headers["Location"]).get_data(as_text=True)
    assert "Первая версия &lt;b&gt;жирно&lt;/b&gt;." in editor
    export = teacher.get(f"/studio/{lesson_id}/export.md")
    assert export.get_data(as_text=True) == first
    assert 'filename="club-rules.md"' in export.headers["Content-Disposition"]


def test_import_and_export_round_trip(world: World) -> None:
    teacher = world.client("teacher")
    text = source(title="Из файла", slug="iz-faila")
    response = teacher.post("/studio/import", content_type="multipart/form-data", data={
        "csrf_token": csrf_token(teacher, "/studio"),
        "file": (io.BytesIO(("\ufeff" + text).encode()), "lesson.md")})
    assert response.status_code == 302
    lesson_id = int(response.headers["Location"].rsplit("/", 1)[1])
    assert teacher.get(f"/studio/{lesson_id}/export.md").get_data(as_text=True) == text
    assert "Из файла" in teacher.get("/studio").get_data(as_text=True)
    garbled = (io.BytesIO(b"\xff\xfe\x00x"), "a.md")
    bad = teacher.post("/studio/import", content_type="multipart/form-data", data={
        "csrf_token": csrf_token(teacher, "/studio"), "file": garbled})
    assert bad.status_code == 400 and "UTF-8" in bad.get_data(as_text=True)


# -- limits and XSS ----------------------------------------------------------------------


def test_limits_on_size_and_drills(site) -> None:  # noqa: ANN001
    from tests.support.classes import build

    world = build(site.app(STUDIO_MAX_SOURCE_BYTES=5000, STUDIO_MAX_DRILLS=3))
    teacher = world.client("teacher")
    lesson_id = new_lesson(teacher)
    huge = source(body="щ" * 3000)
    response = teacher.post(
        f"/studio/{lesson_id}/save",
        data={"csrf_token": csrf_token(teacher, "/studio"), "source": huge},
    )
    assert response.status_code == 413
    assert "можно не больше 5 000 байт" in response.get_data(as_text=True)
    assert "щ" * 3000 in response.get_data(as_text=True)  # the text is kept for trimming
    upload = teacher.post(
        "/studio/import",
        content_type="multipart/form-data",
        data={
            "csrf_token": csrf_token(teacher, "/studio"),
            "file": (io.BytesIO(huge.encode()), "big.md"),
        },
    )
    assert upload.status_code == 413
    assert "слишком длинный: можно не больше 5 000 байт" in upload.get_data(as_text=True)
    many = source(
        body="\n".join(f"/// waits\nid: w{i}\nhand: 23456m456p789s55z\n///\n" for i in range(3))
    )
    save(teacher, lesson_id, many)
    page = teacher.get(f"/studio/{lesson_id}").get_data(as_text=True)
    assert "В уроке 5 упражнений, можно не больше 3" in page
    assert publish(teacher, lesson_id, world.ids["club"]) == 409


def test_xss_in_title_source_and_import_never_reaches_a_page(world: World) -> None:
    teacher = world.client("teacher")
    lesson_id = new_lesson(teacher, XSS_TITLE)
    assert_clean(teacher.get("/studio").get_data(as_text=True))
    text = source(title="'<script>alert(5)</script>'", body=XSS_BODY)
    save(teacher, lesson_id, text)
    for url in (
        f"/studio/{lesson_id}",
        f"/studio/{lesson_id}/versions",
        f"/studio/{lesson_id}/diff?a=1&b=2",
        "/studio",
    ):
        assert_clean(teacher.get(url).get_data(as_text=True))
    fragment = teacher.post(
        f"/studio/{lesson_id}/preview",
        headers=HTMX,
        data={"csrf_token": csrf_token(teacher, "/studio"), "source": text},
    ).get_data(as_text=True)
    assert_clean(fragment)
    assert "javascript:alert(3)»: схема «javascript:» в уроке не разрешена" in fragment
    assert "HTML-тег «&lt;iframe&gt;» в уроке запрещён" in fragment  # the check refuses both
    assert publish(teacher, lesson_id, world.ids["club"]) == 409
    save(teacher, lesson_id, text.replace(XSS_BODY, "Текст."))  # the title's script stays
    assert publish(teacher, lesson_id, world.ids["club"]) == 302
    for who in ("alice", "teacher"):
        assert_clean(world.client(who).get(club_url(world)).get_data(as_text=True))
        assert_clean(world.client(who).get("/").get_data(as_text=True))
    response = teacher.post(
        "/studio/import",
        content_type="multipart/form-data",
        data={
            "csrf_token": csrf_token(teacher, "/studio"),
            "file": (io.BytesIO(XSS_BODY.encode()), "<img src=x onerror=alert(6)>.md"),
        },
    )
    assert response.status_code == 302
    assert_clean(teacher.get(response.headers["Location"]).get_data(as_text=True))
    assert_clean(teacher.get("/studio").get_data(as_text=True))


# -- recheck and review ------------------------------------------------------------------


def test_a_lesson_failing_a_new_check_version_is_hidden_and_shown_to_its_author(
    world: World,
) -> None:
    lesson_id = published_lesson(world)
    alice = world.client("alice")
    assert alice.get(club_url(world)).status_code == 200
    # a deploy whose checks allow one drill per lesson: a new check version
    world.app.config["STUDIO_MAX_DRILLS"] = 1
    check.init_app(world.app)
    page = alice.get(club_url(world))
    assert page.status_code == 404 and club.HIDDEN in page.get_data(as_text=True)
    assert "data-club-lesson" not in alice.get("/").get_data(as_text=True)
    form = {"csrf_token": csrf_token(alice, "/classes"), "tiles": ["1m", "4m", "7m"]}
    assert alice.post(f"{club_url(world)}/2/drills/club-waits", data=form).status_code == 404
    studio = world.client("teacher").get("/studio").get_data(as_text=True)
    assert "data-hidden-publication" in studio
    assert "В уроке 2 упражнения, можно не больше 1" in studio  # the error itself, with its line
    editor = world.client("teacher").get(f"/studio/{lesson_id}").get_data(as_text=True)
    assert "можно не больше 1" in editor and "скрыт от учеников" in editor
    # the checks relax again: the lesson is back without a new publication
    world.app.config["STUDIO_MAX_DRILLS"] = check.MAX_DRILLS
    check.init_app(world.app)
    assert alice.get(club_url(world)).status_code == 200


def test_publish_to_everyone_after_an_admins_review(world: World) -> None:
    teacher = world.client("teacher")
    lesson_id = new_lesson(teacher)
    save(teacher, lesson_id, source(hand=WAITS_12))
    url = f"/studio/{lesson_id}/request"
    assert teacher.post(url, data={"csrf_token": csrf_token(teacher, "/studio")}).status_code == 409
    save(teacher, lesson_id, source())
    assert teacher.post(url, data={"csrf_token": csrf_token(teacher, "/studio")}).status_code == 302
    anonymous = world.client("anonymous")
    assert anonymous.get(f"/club/{lesson_id}").status_code == 404
    assert teacher.get("/studio/review").status_code == 404  # admins only
    root = world.client("root")
    review = root.get("/studio/review").get_data(as_text=True)
    assert f'data-request="{lesson_id}"' in review
    assert (
        root.post(
            f"/studio/review/{lesson_id}",
            data={"csrf_token": csrf_token(root, "/studio"), "decision": "approve", "version": "3"},
        ).status_code
        == 302
    )
    assert "data-club-lesson" in anonymous.get("/").get_data(as_text=True)
    assert anonymous.get(f"/club/{lesson_id}").status_code == 200
    drill = drill_of(world, source(), "club-waits")
    form = form_fields(anonymous, f"/club/{lesson_id}")
    answer = anonymous.post(
        f"/club/{lesson_id}/3/drills/club-waits", headers=HTMX, data={**form, **right_answer(drill)}
    )
    assert 'data-verdict="correct"' in answer.get_data(as_text=True)
    assert (
        root.post(
            f"/studio/review/{lesson_id}",
            data={"csrf_token": csrf_token(root, "/studio"), "decision": "approve", "version": "3"},
        ).status_code
        == 404
    )


def test_a_lesson_view_renders_markdown_once_per_version(world: World, monkeypatch) -> None:  # noqa: ANN001
    from tutor.studio import published

    published_lesson(world)
    alice = world.client("alice")
    assert alice.get(club_url(world)).status_code == 200
    calls: list[str] = []
    real = published.check_source
    monkeypatch.setattr(published, "check_source", lambda text: calls.append(text) or real(text))
    for _ in range(3):
        assert alice.get(club_url(world)).status_code == 200
    assert calls == []  # kept per (lesson, version): no Markdown rendered again
    published._cache.clear()  # another app server: its own cache, the same database…
    assert alice.get(club_url(world)).status_code == 200
    assert calls == []  # …and the rendering kept there at publish time


def test_an_answer_without_javascript_gets_the_whole_page(world: World) -> None:
    published_lesson(world)
    alice = world.client("alice")
    drill = drill_of(world, source(), "club-waits")
    form = form_fields(alice, club_url(world))
    page = alice.post(
        f"{club_url(world)}/2/drills/club-waits", data={**form, **right_answer(drill)}
    ).get_data(as_text=True)
    assert "<h1>Правила клуба</h1>" in page and 'data-verdict="correct"' in page


def near_limit() -> str:
    """A lesson just under the studio's 100 000 bytes (in lines the shape limits allow)."""
    body = ("Длинный абзац урока о правилах клуба. " * 40 + "\n\n") * 35
    padding = check.MAX_SOURCE_BYTES - len(source(body=body).encode()) - 10
    text = source(
        body=body
        + "\n".join("ы" * 1000 for _ in range(padding // 2002))
        + "\n"
        + "ы" * ((padding % 2002) // 2 - 1)
    )
    assert check.MAX_SOURCE_BYTES - 20 < len(text.encode()) <= check.MAX_SOURCE_BYTES
    return text


def test_preview_drills_of_a_long_lesson_can_be_answered(world: World) -> None:
    teacher = world.client("teacher")
    lesson_id = new_lesson(teacher)
    text = near_limit()
    assert save(teacher, lesson_id, text) == 2  # the whole lesson fits through the studio
    fragment = teacher.post(
        f"/studio/{lesson_id}/preview",
        headers=HTMX,
        data={"csrf_token": csrf_token(teacher, "/studio"), "source": text},
    ).get_data(as_text=True)
    url = f"/studio/{lesson_id}/preview/drills/club-waits"
    assert f'hx-post="{url}"' in fragment and "/author/preview" not in fragment
    editor = teacher.get(f"/studio/{lesson_id}").get_data(as_text=True)
    assert f'hx-post="{url}"' in editor
    drill = drill_of(world, text, "club-waits")
    form = {"csrf_token": csrf_token(teacher, "/studio"), "source": text}
    answer = teacher.post(url, headers=HTMX, data={**form, **right_answer(drill)})
    assert answer.status_code == 200
    assert 'data-verdict="correct"' in answer.get_data(as_text=True)
    wrong = teacher.post(url, data={**form, **wrong_answer(drill)})  # without JavaScript
    assert wrong.status_code == 200 and 'data-verdict="incorrect"' in wrong.get_data(as_text=True)
    assert "<textarea" in wrong.get_data(as_text=True)  # the editor, with the draft kept
    assert (
        teacher.post(
            f"/studio/{lesson_id}/preview/drills/nope", headers=HTMX, data=form
        ).status_code
        == 404
    )
    # the author's route only: another instructor and a learner get 404
    for who, page in (("other", "/studio"), ("alice", "/classes")):
        stranger = world.client(who)
        token = csrf_token(stranger, page)
        data = {**form, "csrf_token": token, **right_answer(drill)}
        assert stranger.post(url, headers=HTMX, data=data).status_code == 404, who


def test_two_app_servers_share_the_published_lesson(site, world: World) -> None:  # noqa: ANN001
    from tests.support.accounts import sign_in
    from tutor.studio import published

    published_lesson(world)
    second = site.app()  # another server process on the same database: its own cache
    published._cache.clear()
    alice = second.test_client()
    assert sign_in(alice, "alice") == 302
    page = alice.get(club_url(world))
    assert page.status_code == 200 and 'id="drill-club-fu"' in page.get_data(as_text=True)


def test_the_check_knows_the_courses_spellings(world: World) -> None:
    with world.app.test_request_context():
        checked = check_source(source(body="Про ура-дору поговорим позже."))
    assert any("в курсе пишем «урадора»" in p.message for p in checked.problems), checked.problems


def test_the_check_version_follows_limits_and_glossary(tmp_path) -> None:  # noqa: ANN001
    glossary = tmp_path / "glossary.yaml"
    glossary.write_text("terms: []\n", encoding="utf-8")
    first = check.compute_check_version(100, 4, glossary)
    assert check.compute_check_version(100, 4, glossary) == first  # deterministic
    assert check.compute_check_version(100, 5, glossary) != first
    glossary.write_text("terms: [x]\n", encoding="utf-8")
    assert check.compute_check_version(100, 4, glossary) != first
