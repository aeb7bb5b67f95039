"""The admin approves one version, and that version — its words too — is what everyone sees.

The security review of December 2026 (finding «the review of publish for
everyone can be bypassed»): (a) an instructor requested review of a version
with a phishing link, then saved a clean one; «прочитать» showed the clean
latest version and approving published the other; (b) after approval a new
title and summary, never reviewed, appeared on the public course map and in
the lesson's <title> and description.
"""

from __future__ import annotations

from tests.support.classes import World
from tests.support.client import csrf_token
from tests.support.studio import new_lesson, save, source

PHISH = "Войдите [здесь](https://evil.example/login), чтобы продолжить."


def _request(world: World, lesson_id: int) -> None:
    teacher = world.client("teacher")
    assert teacher.post(f"/studio/{lesson_id}/request",
                        data={"csrf_token": csrf_token(teacher, "/studio")}).status_code == 302


def test_the_admin_reads_the_requested_version_and_approves_only_that_one(world: World) -> None:
    teacher, root = world.client("teacher"), world.client("root")
    lesson_id = new_lesson(teacher)
    phishing = save(teacher, lesson_id, source(body=PHISH))
    _request(world, lesson_id)
    save(teacher, lesson_id, source(body="Чистый текст."))  # the request still names the other
    listing = root.get("/studio/review").get_data(as_text=True)
    assert f"/studio/review/{lesson_id}" in listing
    page = root.get(f"/studio/review/{lesson_id}").get_data(as_text=True)
    assert "evil.example" in page  # what the admin reads is what would be published
    assert f'data-review-version="{phishing}"' in page
    # approving a version other than the one the request names does nothing
    stale = root.post(f"/studio/review/{lesson_id}", data={
        "csrf_token": csrf_token(root, "/studio"), "decision": "approve",
        "version": str(phishing + 1)})
    assert stale.status_code == 409
    assert world.client("anonymous").get(f"/club/{lesson_id}").status_code == 404


def test_after_approval_the_public_title_and_summary_are_the_approved_versions(
    world: World,
) -> None:
    teacher, root, anonymous = (world.client(w) for w in ("teacher", "root", "anonymous"))
    lesson_id = new_lesson(teacher)
    approved = save(teacher, lesson_id, source(title="Правила клуба"))
    _request(world, lesson_id)
    assert root.post(f"/studio/review/{lesson_id}", data={
        "csrf_token": csrf_token(root, "/studio"), "decision": "approve",
        "version": str(approved)}).status_code == 302
    save(teacher, lesson_id, source(title="Урок закрыт — ПЕРЕЙДИТЕ НА evil.example")
         .replace("Как мы играем в клубе.", "Новый адрес школы — evil.example"))
    for page in (anonymous.get("/").get_data(as_text=True),
                 anonymous.get(f"/club/{lesson_id}").get_data(as_text=True)):
        assert "evil.example" not in page
        assert "Правила клуба" in page
    lesson = anonymous.get(f"/club/{lesson_id}").get_data(as_text=True)
    assert "<title>Правила клуба" in lesson
