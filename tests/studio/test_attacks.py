"""The studio and club-lesson routes as an attacker sees them.

What :mod:`tests.studio.test_studio` already covers (another instructor's
lesson on every route, a class not owned in publish, a forged source or hand
next to a club answer, an older version, XSS in a title, a body and an import
name, a non-UTF-8 file) is not repeated here. This module adds: anonymous
visitors and learners on every route, CSRF on every POST, version numbers
another lesson has, oversized or odd ids in paths, queries and forms, NUL and
binary bytes, attr_list attributes, raw links and tiles as XSS carriers,
path traversal in slugs, forged drill ids — and no 500 anywhere.
"""

from __future__ import annotations

import io
from html.parser import HTMLParser

import pytest

from tests.support.classes import World
from tests.support.client import HTMX, csrf_token
from tests.support.practice import form_fields, right_answer
from tests.support.studio import (
    assert_clean,
    club_url,
    drill_of,
    new_lesson,
    publish,
    published_lesson,
    save,
    source,
)

HUGE = "9" * 30


class Strict(HTMLParser):
    """Markup no lesson may bring, beyond :class:`tests.studio.test_studio.Unsafe`'s."""

    TAGS = ("style", "link", "meta", "base", "form", "svg", "math", "object", "embed")

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        ours = (tag == "form" and (dict(attrs).get("action") or "").startswith("/")) or (
            tag == "link" and (dict(attrs).get("href") or "").startswith("/static/"))
        if tag in self.TAGS and not ours:
            self.found.append(tag)
        for name, value in attrs:
            url = (value or "").strip().lower()
            if name == "formaction" or (name in ("href", "src", "action", "xlink:href") and
                                        url.startswith(("data:", "vbscript:", "javascript:"))):
                self.found.append(f"{tag}[{name}={url[:20]}]")
GETS = ["", "/versions", "/diff?a=1&b=2", "/export.md"]
POSTS = ["/preview", "/preview/drills/club-waits", "/save", "/versions/1/restore", "/publish",
         "/unpublish", "/request"]


def test_visitors_and_learners_get_nothing_from_the_studio(world: World) -> None:
    lesson_id = published_lesson(world)
    anonymous, alice = world.client("anonymous"), world.client("alice")
    for tail in GETS:
        assert anonymous.get(f"/studio/{lesson_id}{tail}").status_code == 302, tail
        assert alice.get(f"/studio/{lesson_id}{tail}").status_code == 404, tail
    data = {"source": source(), "class_id": str(world.ids["club"]), "decision": "approve"}
    for who, csrf_page in ((anonymous, "/account/login"), (alice, "/classes")):
        data["csrf_token"] = csrf_token(who, csrf_page)
        for tail in POSTS:
            status = who.post(f"/studio/{lesson_id}{tail}", data=data).status_code
            assert status in (403, 404), (tail, status)
        for url in ("/studio/new", "/studio/import", f"/studio/review/{lesson_id}"):
            assert who.post(url, data=data).status_code in (403, 404), url
        assert who.get("/studio/review").status_code in (302, 404)


def test_every_post_needs_its_csrf_token(world: World) -> None:
    lesson_id = published_lesson(world)
    teacher, root = world.client("teacher"), world.client("root")
    data = {"source": source(body="Подмена."), "class_id": str(world.ids["club"]),
            "title": "x", "decision": "approve"}
    for tail in POSTS:
        assert teacher.post(f"/studio/{lesson_id}{tail}", data=data).status_code == 400, tail
    assert teacher.post("/studio/new", data=data).status_code == 400
    assert teacher.post("/studio/import", content_type="multipart/form-data", data={
        "file": (io.BytesIO(b"x"), "a.md")}).status_code == 400
    assert root.post(f"/studio/review/{lesson_id}", data=data).status_code == 400
    assert world.client("alice").post(f"{club_url(world)}/2/drills/club-waits",
                                      data={"tiles": "1m"}).status_code == 400
    # nothing changed: still two versions, still published, no new lessons
    assert teacher.get(f"/studio/{lesson_id}/versions").get_data(as_text=True).count(
        "<tr data-version=") == 2
    assert teacher.get("/studio").get_data(as_text=True).count("data-studio-lesson=") == 1
    assert world.client("alice").get(club_url(world)).status_code == 200


def test_version_numbers_and_ids_that_are_not_this_lessons(world: World) -> None:
    teacher = world.client("teacher")
    long_one = new_lesson(teacher)
    for n in range(3):
        save(teacher, long_one, source(body=f"Версия {n}."))
    short = new_lesson(teacher, "Короткий")  # only version 1
    csrf = csrf_token(teacher, "/studio")
    for query in ("a=3&b=1", "a=1&b=4", "a=0&b=1", "a=-1&b=1", f"a={HUGE}&b=1",
                  f"a=1&b={HUGE}", "a=x&b=1", "a=1.5&b=1"):
        status = teacher.get(f"/studio/{short}/diff?{query}").status_code
        assert status in (200, 404), (query, status)
    assert teacher.get(f"/studio/{short}/diff?a=4&b=1").status_code == 404
    for number in ("3", "4", "0", HUGE):
        response = teacher.post(f"/studio/{short}/versions/{number}/restore",
                                data={"csrf_token": csrf})
        assert response.status_code == 404, number
    for path in (f"/studio/{HUGE}", f"/studio/{HUGE}/versions", "/studio/-1", "/studio/0",
                 f"/classes/{HUGE}/lessons/club-rules", f"/club/{HUGE}", "/club/0"):
        assert teacher.get(path).status_code in (302, 404), path
    # a class id that is too big, negative or not a number, a position too
    for class_id in (HUGE, "-1", "0", "x", str(2**31), "1e3"):
        for tail in ("/publish", "/unpublish"):
            response = teacher.post(f"/studio/{long_one}{tail}", data={
                "csrf_token": csrf, "class_id": class_id, "position": HUGE})
            assert response.status_code in (400, 404), (tail, class_id, response.status_code)
    assert teacher.post(f"/studio/{long_one}/publish", data={
        "csrf_token": csrf, "class_id": str(world.ids["club"]),
        "position": HUGE}).status_code == 302


def test_forged_drill_ids_and_versions_in_club_answers(world: World) -> None:
    lesson_id = published_lesson(world)
    alice = world.client("alice")
    form = form_fields(alice, club_url(world))
    drill = drill_of(world, source(), "club-waits")
    base = club_url(world)
    for tail in ("2/drills/club-waits%00", "2/drills/" + "x" * 5000, "2/drills/..%2Fclub-waits",
                 "2/drills/<script>", f"{HUGE}/drills/club-waits", "0/drills/club-waits",
                 "-1/drills/club-waits", "2/drills/", "3/drills/club-waits"):
        status = alice.post(f"{base}/{tail}", headers=HTMX,
                            data={**form, **right_answer(drill)}).status_code
        assert status in (404, 405, 409), (tail, status)
    for tail in (f"{HUGE}/drills/club-waits", "1/drills/club-waits", "2/drills/nope"):
        status = alice.post(f"/club/{lesson_id}/{tail}", headers=HTMX, data=form).status_code
        assert status == 404, tail  # not approved for everyone
    # the lesson of another class, through a class the learner is in
    for slug in ("club-rules%00", "..%2F..%2Fetc%2Fpasswd", "x" * 500, "CLUB-RULES"):
        assert alice.get(f"/classes/{world.ids['club']}/lessons/{slug}").status_code == 404, slug
    assert alice.get(f"/classes/{world.ids['second']}/lessons/club-rules").status_code == 404


PAYLOADS = [
    "Абзац {: onclick=\"alert(1)\" }\n\nДругой {: style=\"background:url(javascript:alert(2))\" }",
    "## Заголовок {: #x onmouseover=alert(3) data-x=\"1\" }\n\n"
    "[ссылка](/lessons/tiles){: onclick=alert(4) }",
    '<a href="javascript:alert(5)">сырая ссылка</a> <a href="JaVaScRiPt:alert(6)">ещё</a>',
    "[данные](data:text/html;base64,PHNjcmlwdD5hbGVydCg3KTwvc2NyaXB0Pg==) "
    "[пробел]( javascript:alert(8)) [vb](vbscript:alert(9))",
    ':123m<script>alert(10)</script>: :1m" onerror="alert(11): :<img src=x onerror=alert(12)>:',
    "<svg><script>alert(13)</script></svg>"
    "<math><mi xlink:href=\"javascript:alert(14)\">x</mi></math>",
    '<form action="javascript:alert(15)">'
    '<button formaction="javascript:alert(16)">x</button></form>',
    "<style>body{display:none}</style><link rel=stylesheet href=//evil.example/x.css>"
    "<meta http-equiv=refresh content=\"0;url=javascript:alert(17)\">",
]


@pytest.mark.parametrize("payload, published", [
    (PAYLOADS[0], True),  # `{: …}` inside a line is text: passes, sanitised
    ("\n\n".join(PAYLOADS[i] for i in (2, 4, 5, 6, 7)), False),  # raw HTML: refused
    ("\n\n".join(PAYLOADS[i] for i in (1, 3)), False)])  # attributes, schemes: refused
def test_xss_carriers_never_reach_a_page(world: World, payload: str, published: bool) -> None:
    teacher = world.client("teacher")
    lesson_id = new_lesson(teacher)
    text = source(title='Урок "><svg onload=alert(0)>', body=payload)
    save(teacher, lesson_id, text)
    csrf = csrf_token(teacher, "/studio")
    fragment = teacher.post(f"/studio/{lesson_id}/preview", headers=HTMX,
                            data={"csrf_token": csrf, "source": text})
    assert fragment.status_code == 200
    pages = [fragment.get_data(as_text=True)]
    for url in (f"/studio/{lesson_id}", f"/studio/{lesson_id}/versions",
                f"/studio/{lesson_id}/diff?a=1&b=2", "/studio"):
        response = teacher.get(url)
        assert response.status_code == 200, url
        pages.append(response.get_data(as_text=True))
    assert publish(teacher, lesson_id, world.ids["club"]) == (302 if published else 409)
    if published:
        for who in ("alice", "teacher"):
            pages.append(world.client(who).get(club_url(world)).get_data(as_text=True))
            pages.append(world.client(who).get("/").get_data(as_text=True))
    for page in pages:
        assert_clean(page)
        strict = Strict()
        strict.feed(page.split("<main", 1)[-1])  # the page's own head links its stylesheets
        assert strict.found == []


def test_slugs_cannot_leave_their_place(world: World) -> None:
    teacher = world.client("teacher")
    lesson_id = new_lesson(teacher)
    for slug in ("../../etc/passwd", "..", "a/b", 'x"; filename=evil.exe', "x\\y", "%2e%2e",
                 "'\"><script>alert(1)</script>"):
        text = source(slug=slug)
        save(teacher, lesson_id, text)
        for url in (f"/studio/{lesson_id}", "/studio"):
            assert_clean(teacher.get(url).get_data(as_text=True))
        export = teacher.get(f"/studio/{lesson_id}/export.md")
        assert export.status_code == 200
        disposition = export.headers["Content-Disposition"]
        assert disposition == 'attachment; filename="new-lesson.md"' or (
            disposition.startswith('attachment; filename="') and "/" not in disposition
            and ".." not in disposition and disposition.count('"') == 2), disposition
        assert publish(teacher, lesson_id, world.ids["club"]) in (302, 409)
    home = world.client("alice").get("/").get_data(as_text=True)
    assert "/lessons/../" not in home and "etc/passwd" not in home


ODD_FILES = [
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)), "picture.md"),
    (b"---\ntitle: \x00\n---\n\x00\x00", "nul.md"),
    ("Текст\x00с нулём".encode(), "nul2.md"),
    (b"\xef\xbb\xbf" + "Урок с BOM\n".encode(), "../../../etc/passwd.md"),
    (b"", "empty.md"),
    ("щ".encode() * 60_000, "huge.md"),

]


def test_imports_of_odd_files_never_fail(world: World) -> None:
    teacher = world.client("teacher")
    statuses = []
    for data, name in ODD_FILES:
        response = teacher.post("/studio/import", content_type="multipart/form-data", data={
            "csrf_token": csrf_token(teacher, "/studio"), "file": (io.BytesIO(data), name)})
        statuses.append(response.status_code)
        if response.status_code == 302:
            editor = teacher.get(response.headers["Location"])
            assert editor.status_code == 200
            assert "\x00" not in editor.get_data(as_text=True)
    assert statuses == [400, 400, 400, 302, 302, 413]
    assert teacher.get("/studio").status_code == 200


def test_nul_and_odd_text_in_forms_never_fail(world: World) -> None:
    teacher = world.client("teacher")
    csrf = csrf_token(teacher, "/studio")
    response = teacher.post("/studio/new", data={"csrf_token": csrf,
                                                 "title": "Урок\x00" + "я" * 500})
    assert response.status_code in (302, 400)
    lesson_id = new_lesson(teacher)
    for text in ("Текст\x00урока", source(body="Нуль\x00внутри"), "---\n---\n"):
        response = teacher.post(f"/studio/{lesson_id}/save", data={"csrf_token": csrf,
                                                                    "source": text})
        assert response.status_code in (302, 400), response.status_code
        preview = teacher.post(f"/studio/{lesson_id}/preview", headers=HTMX,
                               data={"csrf_token": csrf, "source": text})
        assert preview.status_code in (200, 400)
    assert teacher.get(f"/studio/{lesson_id}").status_code == 200
    assert teacher.get(f"/studio/{lesson_id}/versions").status_code == 200
