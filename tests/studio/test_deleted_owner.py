"""An instructor deletes their account: their club lessons stay with the club.

The class keeps its learners and assignments when its instructor leaves
(:mod:`tutor.accounts.views`), so its lessons stay too: learners read and
answer them as before, the author of their versions shows as a deleted
account, and the lessons pass to the earliest admin
(:func:`tutor.storage.accounts.hand_over`), who opens, unpublishes or fixes
them in ``/studio``.
"""

from __future__ import annotations

from tests.support.accounts import PASSWORD
from tests.support.classes import World
from tests.support.client import HTMX, csrf_token
from tests.support.practice import form_fields, right_answer
from tests.support.studio import club_url, drill_of, new_lesson, publish, save, source
from tutor.studio import published


def test_a_deleted_instructors_lessons_stay_for_the_club(world: World) -> None:
    teacher = world.client("teacher")
    lesson_id = new_lesson(teacher)
    save(teacher, lesson_id, source())
    assert publish(teacher, lesson_id, world.ids["club"]) == 302
    assert teacher.post(f"/studio/{lesson_id}/request",
                        data={"csrf_token": csrf_token(teacher, "/studio")}).status_code == 302
    root = world.client("root")
    assert root.post(f"/studio/review/{lesson_id}", data={
        "csrf_token": csrf_token(root, "/studio"), "decision": "approve",
        "version": "2"}).status_code == 302
    settings = teacher.get("/account").get_data(as_text=True)
    assert "data-club-stays" in settings  # the instructor is told before deleting
    response = teacher.post("/account/delete", data={
        "csrf_token": csrf_token(teacher, "/account"), "answers": "remove", "current": PASSWORD})
    assert response.status_code == 302
    assert teacher.get("/studio").status_code == 302  # signed out
    published._cache.clear()  # as on a server that has not drawn the lesson yet
    alice = world.client("alice")
    assert alice.get(club_url(world)).status_code == 200
    assert "data-club-lesson" in alice.get("/").get_data(as_text=True)
    drill = drill_of(world, source(), "club-waits")
    answer = alice.post(f"{club_url(world)}/2/drills/club-waits", headers=HTMX,
                        data={**form_fields(alice, club_url(world)), **right_answer(drill)})
    assert 'data-verdict="correct"' in answer.get_data(as_text=True)
    anonymous = world.client("anonymous")
    assert anonymous.get(f"/club/{lesson_id}").status_code == 200
    # an admin still reaches the lesson; its versions name a deleted account
    versions = root.get(f"/studio/{lesson_id}/versions")
    assert versions.status_code == 200
    assert "удалённая учётная запись" in versions.get_data(as_text=True)
    assert root.get(f"/studio/{lesson_id}").status_code == 200
    assert f'data-studio-lesson="{lesson_id}"' in root.get("/studio").get_data(as_text=True)
    assert "data-studio-lesson" not in world.client("other").get("/studio").get_data(as_text=True)
    assert root.get("/studio/review").status_code == 200
    assert root.post(f"/studio/{lesson_id}/unpublish", data={
        "csrf_token": csrf_token(root, "/studio"),
        "class_id": str(world.ids["club"])}).status_code == 302
    assert alice.get(club_url(world)).status_code == 404
