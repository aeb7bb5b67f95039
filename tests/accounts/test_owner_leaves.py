"""An instructor leaves: ids are never given out again, and his classes and lessons pass on.

The attack (docs/deployment.md, «Учётные записи»): on SQLite an ``INTEGER
PRIMARY KEY`` without ``AUTOINCREMENT`` hands the id of the newest deleted
row to the next insert, so the next registration became the deleted
instructor and, once promoted, opened his class (learners, join code) and
his studio lesson. Rules: ids of accounts, classes and lessons are never
reused; when an instructor's account is deleted or demoted, his classes and
studio lessons pass to the earliest active admin, or with no admin are kept
read-only until one exists; the old owner reaches none of them.
Runs on SQLite and on PostgreSQL (``tests/support/databases.py``).
"""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.support.accounts import (
    PASSWORD,
    Site,
    make_user,
    register,
    sign_in,
    user_by_login,
)
from tests.support.classes import create_class
from tests.support.client import csrf_token
from tests.support.studio import new_lesson, save, source
from tutor import storage
from tutor.storage.accounts import users
from tutor.storage.classes import classes
from tutor.storage.studio import club_lessons


def _delete_account(client: FlaskClient) -> None:
    response = client.post("/account/delete", data={
        "csrf_token": csrf_token(client, "/account"), "answers": "remove", "current": PASSWORD})
    assert response.status_code == 302


def _set_role(admin: FlaskClient, user_id: int, role: str) -> None:
    response = admin.post(f"/admin/users/{user_id}/role", data={
        "csrf_token": csrf_token(admin, "/admin/users"), "role": role})
    assert response.status_code == 302


def _owners(site: Site, class_id: int, lesson_id: int) -> tuple[int, int]:
    app = site.apps[0]
    with app.app_context(), storage.store().transaction() as conn:
        klass = conn.execute(classes.select().where(classes.c.id == class_id)).one()
        lesson = conn.execute(club_lessons.select().where(club_lessons.c.id == lesson_id)).one()
    return int(klass.owner_id), int(lesson.owner_id)


def _teacher_with_work(site: Site, admin: FlaskClient, login: str) -> tuple[FlaskClient, int,
                                                                           int, int]:
    """A registered account promoted to instructor, with a class and a studio lesson."""
    app = site.apps[0]
    register(app.test_client(), login)
    user_id = user_by_login(app, login).id
    _set_role(admin, user_id, "instructor")
    teacher = app.test_client()  # signed in afresh, with the new role
    assert sign_in(teacher, login) == 302
    class_id, _code = create_class(teacher, "Кружок")
    lesson_id = new_lesson(teacher)
    save(teacher, lesson_id, source())
    return teacher, user_id, class_id, lesson_id


def test_a_deleted_instructors_id_is_never_given_again_and_his_work_goes_to_the_admin(
        site: Site) -> None:
    app = site.app()
    root_id = make_user(app, "root", "admin").id
    make_user(app, "later", "admin")  # a later admin: the earliest one inherits
    admin = app.test_client()
    assert sign_in(admin, "root") == 302
    teacher, teacher_id, class_id, lesson_id = _teacher_with_work(site, admin, "teacher2")
    _delete_account(teacher)
    assert _owners(site, class_id, lesson_id) == (root_id, root_id)
    register(app.test_client(), "newcomer2")
    newcomer_id = user_by_login(app, "newcomer2").id
    assert newcomer_id > teacher_id  # never the deleted account's id
    _set_role(admin, newcomer_id, "instructor")
    newcomer = app.test_client()
    assert sign_in(newcomer, "newcomer2") == 302
    assert newcomer.get(f"/classes/{class_id}").status_code == 404
    assert newcomer.get(f"/studio/{lesson_id}").status_code == 404
    assert "Кружок" in admin.get("/classes").get_data(as_text=True)
    # a class and a lesson made now get new ids too
    other_class, _ = create_class(newcomer, "Новый")
    assert other_class > class_id and new_lesson(newcomer) > lesson_id


def test_a_demoted_instructor_loses_his_classes_and_lessons_to_the_admin(site: Site) -> None:
    app = site.app()
    root_id = make_user(app, "root", "admin").id
    admin = app.test_client()
    assert sign_in(admin, "root") == 302
    teacher, teacher_id, class_id, lesson_id = _teacher_with_work(site, admin, "teacher3")
    _set_role(admin, teacher_id, "learner")
    teacher = app.test_client()
    assert sign_in(teacher, "teacher3") == 302
    assert _owners(site, class_id, lesson_id) == (root_id, root_id)
    assert teacher.get(f"/classes/{class_id}").status_code == 404
    assert teacher.get(f"/studio/{lesson_id}").status_code == 404
    assert teacher.get(f"/classes/{class_id}/lessons/club-rules").status_code == 404


def test_without_an_admin_the_work_waits_read_only_for_the_first_one(site: Site) -> None:
    app = site.app()
    make_user(app, "root", "admin")
    admin = app.test_client()
    assert sign_in(admin, "root") == 302
    teacher, teacher_id, class_id, lesson_id = _teacher_with_work(site, admin, "teacher4")
    root_id = user_by_login(app, "root").id
    with app.app_context(), storage.store().transaction() as conn:  # the only admin goes
        conn.execute(users.delete().where(users.c.id == root_id))
    _delete_account(teacher)
    assert _owners(site, class_id, lesson_id) == (teacher_id, teacher_id)  # kept as it was
    runner = app.test_cli_runner()
    made = runner.invoke(args=["users", "create-admin", "boss"], input=f"{PASSWORD}\n")
    assert made.exit_code == 0, made.output
    boss_id = user_by_login(app, "boss").id
    assert _owners(site, class_id, lesson_id) == (boss_id, boss_id)
    boss = app.test_client()
    assert sign_in(boss, "boss") == 302
    assert "Кружок" in boss.get("/classes").get_data(as_text=True)
