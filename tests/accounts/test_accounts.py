"""Accounts: registering, signing in and out, progress merged exactly, revocation, recovery."""

from __future__ import annotations

import json
import re

import sqlalchemy as sa
from flask import Flask
from flask.testing import FlaskClient

from tests.support.accounts import (
    PASSWORD,
    make_user,
    register,
    sign_in,
    sign_out,
    summary_of,
    user_by_login,
)
from tests.support.client import csrf_token
from tests.support.practice import answer_lesson, answer_practice
from tutor import storage
from tutor.storage.accounts import users
from tutor.storage.learner import COOKIE, cookie_learner_id

SESSION = "session"


def _stored(app: Flask, login: str) -> tuple[str, str | None]:
    with app.test_request_context():
        with storage.store().transaction() as conn:
            row = conn.execute(sa.select(users.c.password_hash, users.c.recovery_hash)
                               .where(users.c.login == login)).one()
    return row[0], row[1]


def _history_len(app: Flask, learner_id: str) -> int:
    with app.test_request_context():
        return len(storage.store().history(learner_id))


def test_registering_hashes_the_password_with_argon2id_and_shows_a_recovery_code(
    app: Flask,
) -> None:
    client = app.test_client()
    code = register(client, "alice", "Алиса")
    assert re.fullmatch(r"[A-Z2-9]{4}(-[A-Z2-9]{4}){3}", code)
    password_hash, recovery_hash = _stored(app, "alice")
    assert password_hash.startswith("$argon2id$") and PASSWORD not in password_hash
    assert recovery_hash and recovery_hash.startswith("$argon2id$") and code not in recovery_hash
    page = client.get("/account").get_data(as_text=True)
    assert 'value="Алиса"' in page and "alice" in page


def test_a_taken_login_and_a_short_password_are_refused_with_a_message(app: Flask) -> None:
    register(app.test_client(), "alice")
    other = app.test_client()
    response = other.post("/account/register", data={
        "csrf_token": csrf_token(other, "/account/register"), "login": "ALICE",
        "password": PASSWORD, "password2": PASSWORD})
    assert response.status_code == 400 and "уже занят" in response.get_data(as_text=True)
    response = other.post("/account/register", data={
        "csrf_token": csrf_token(other, "/account/register"), "login": "bob",
        "password": "short", "password2": "short"})
    assert response.status_code == 400 and "слишком короткий" in response.get_data(as_text=True)


def test_display_names_are_escaped(app: Flask) -> None:
    client = app.test_client()
    register(client, "mallory", "<script>alert(1)</script>")
    page = client.get("/account").get_data(as_text=True)
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def test_progress_on_both_sides_is_merged_with_nothing_lost_or_counted_twice(app: Flask) -> None:
    first = app.test_client()  # the account's own progress, made on one device
    answer_lesson(first, "basics", "nobetan", True)
    answer_practice(first, "waits", "novice", 11, False)
    register(first, "alice")
    alice = user_by_login(app, "alice")
    second = app.test_client()  # anonymous progress in another browser
    answer_lesson(second, "basics", "nobetan", False)
    answer_lesson(second, "basics", "pinfu-ron", True)
    answer_practice(second, "fu", "novice", 5, False)
    anonymous = second.get_cookie(COOKIE)
    assert anonymous is not None
    assert sign_in(second, "alice") == 302
    summary = summary_of(second, alice.learner_id)
    assert summary.overall is not None
    assert (summary.overall.total, summary.overall.correct) == (5, 2)
    by_kind = {k.kind: (k.correct, k.total) for k in summary.kinds}
    assert by_kind == {"waits": (1, 3), "fu": (1, 2)}
    assert summary.solved == {"lesson/basics/nobetan", "lesson/basics/pinfu-ron"}
    with app.test_request_context():
        mistakes = {m.problem for m in storage.store().mistakes(alice.learner_id)}
        assert mistakes == {"practice/waits/novice/11", "lesson/basics/nobetan",
                            "practice/fu/novice/5"}
    with app.test_request_context(headers={"Cookie": f"{COOKIE}={anonymous.value}"}):
        anonymous_id = cookie_learner_id()
        assert anonymous_id and anonymous_id != alice.learner_id
        assert storage.store().summary(anonymous_id).overall is None
    assert _history_len(app, alice.learner_id) == 5
    # signing in again from the same browser merges nothing more
    sign_out(second)
    assert sign_in(second, "alice") == 302
    again = summary_of(second, alice.learner_id)
    assert again.overall is not None and again.overall.total == 5


def test_a_second_device_sees_the_same_progress_mistakes_and_lessons(app: Flask) -> None:
    phone = app.test_client()
    register(phone, "alice")
    answer_lesson(phone, "basics", "nobetan", True)
    answer_lesson(phone, "basics", "pinfu-ron", False)
    laptop = app.test_client()
    assert sign_in(laptop, "alice") == 302
    progress = laptop.get("/progress").get_data(as_text=True)
    assert 'data-total="2"' in progress and 'data-correct="1"' in progress
    retry = laptop.get("/practice/retry")
    assert retry.headers["Location"] == "/lessons/basics#drill-pinfu-ron"
    home = laptop.get("/").get_data(as_text=True)
    assert 'data-lesson-state="started"' in home


def test_answers_while_signed_in_go_to_the_account_not_the_browser(app: Flask) -> None:
    client = app.test_client()
    register(client, "alice")
    answer_lesson(client, "basics", "nobetan", True)
    alice = user_by_login(app, "alice")
    assert _history_len(app, alice.learner_id) == 1
    sign_out(client)
    # signed out: this browser is a new anonymous learner and sees none of it
    assert 'data-total="0"' in client.get("/progress").get_data(as_text=True)


def test_logout_kills_every_copy_of_the_session_cookie(app: Flask) -> None:
    client = app.test_client()
    register(client, "alice")
    cookie = client.get_cookie(SESSION)
    assert cookie is not None
    copy = app.test_client()
    copy.set_cookie(SESSION, cookie.value)
    assert copy.get("/account").status_code == 200
    sign_out(client)
    assert copy.get("/account").status_code == 302  # the copy is signed out too


def test_a_password_change_ends_other_sessions_and_keeps_this_one(app: Flask) -> None:
    client = app.test_client()
    register(client, "alice")
    other = app.test_client()
    assert sign_in(other, "alice") == 302
    response = client.post("/account/password", data={
        "csrf_token": csrf_token(client, "/account"), "current": PASSWORD,
        "password": "another long password"})
    assert response.status_code == 302
    assert client.get("/account").status_code == 200
    assert other.get("/account").status_code == 302
    assert sign_in(app.test_client(), "alice", "another long password") == 302


def test_a_wrong_current_password_changes_nothing(app: Flask) -> None:
    client = app.test_client()
    register(client, "alice")
    response = client.post("/account/password", data={
        "csrf_token": csrf_token(client, "/account"), "current": "wrong password",
        "password": "another long password"})
    assert response.status_code == 400 and "неверно" in response.get_data(as_text=True)
    assert sign_in(app.test_client(), "alice") == 302


def test_an_admin_disabling_an_account_signs_it_out_everywhere(app: Flask) -> None:
    make_user(app, "root", "admin")
    learner = app.test_client()
    register(learner, "alice")
    alice = user_by_login(app, "alice")
    admin = app.test_client()
    assert sign_in(admin, "root") == 302
    response = admin.post(f"/admin/users/{alice.id}/disabled",
                          data={"csrf_token": csrf_token(admin, "/admin/users"), "disabled": "1"})
    assert response.status_code == 302
    assert learner.get("/account").status_code == 302
    assert sign_in(app.test_client(), "alice") == 403


def test_an_admin_makes_an_instructor_and_the_last_admin_stays(app: Flask) -> None:
    root = make_user(app, "root", "admin")
    register(app.test_client(), "teacher")
    teacher = user_by_login(app, "teacher")
    admin = app.test_client()
    sign_in(admin, "root")
    admin.post(f"/admin/users/{teacher.id}/role",
               data={"csrf_token": csrf_token(admin, "/admin/users"), "role": "instructor"})
    assert user_by_login(app, "teacher").role == "instructor"
    response = admin.post(f"/admin/users/{root.id}/role",
                          data={"csrf_token": csrf_token(admin, "/admin/users"), "role": "learner"},
                          follow_redirects=True)
    assert "Свою учётную запись менять нельзя" in response.get_data(as_text=True)
    assert user_by_login(app, "root").role == "admin"


def test_sign_in_rotates_the_session(app: Flask) -> None:
    register(app.test_client(), "alice")
    client = app.test_client()
    before = csrf_token(client, "/account/login")
    assert sign_in(client, "alice") == 302
    after = csrf_token(client, "/account")
    assert before != after


def test_a_post_without_cookies_or_token_mints_no_cookie(app: Flask) -> None:
    client = app.test_client()
    response = client.post("/account/login", data={"login": "alice", "password": PASSWORD})
    assert response.status_code == 400
    assert "Set-Cookie" not in response.headers


def test_wrong_passwords_are_counted_and_the_right_one_clears_them(app: Flask) -> None:
    register(app.test_client(), "alice")
    client = app.test_client()
    for _ in range(3):
        assert sign_in(client, "alice", "wrong password") == 403
    with app.test_request_context():
        with storage.store().transaction() as conn:
            counts = dict(conn.execute(sa.text(
                "SELECT key, failures FROM login_throttle WHERE key NOT LIKE 'register:%'")).all())
    assert counts == {"address:127.0.0.1": 3, "login:alice": 3}
    assert sign_in(client, "alice") == 302
    with app.test_request_context():
        with storage.store().transaction() as conn:
            left = conn.execute(sa.text("SELECT key FROM login_throttle")).scalars().all()
    assert left == ["register:127.0.0.1"]


def test_the_recovery_code_works_once_and_a_new_one_is_shown(app: Flask) -> None:
    code = register(app.test_client(), "alice")
    client = app.test_client()
    data = {"login": "alice", "code": code.lower().replace("-", " "),
            "password": "a brand new password"}
    response = client.post("/account/recover",
                           data={"csrf_token": csrf_token(client, "/account/recover"), **data})
    assert response.status_code == 200
    new_code = re.search(r"data-recovery-code>([A-Z0-9-]+)<", response.get_data(as_text=True))
    assert new_code and new_code.group(1) != code
    other = app.test_client()
    again = other.post("/account/recover",
                       data={"csrf_token": csrf_token(other, "/account/recover"), **data})
    assert again.status_code == 403
    assert sign_in(app.test_client(), "alice", "a brand new password") == 302


def test_export_is_the_account_and_its_answers_as_json(app: Flask) -> None:
    client = app.test_client()
    register(client, "alice", "Алиса")
    answer_lesson(client, "basics", "nobetan", False)
    response = client.get("/account/export")
    assert response.mimetype == "application/json"
    body = json.loads(response.get_data(as_text=True))
    assert body["account"] == {"login": "alice", "display_name": "Алиса", "role": "learner"}
    assert body["answers_total"] == 1
    assert [(a["kind"], a["problem"], a["correct"]) for a in body["answers"]] == [
        ("waits", "lesson/basics/nobetan", False)]


def _delete(client: FlaskClient, choice: str) -> int:
    return client.post("/account/delete", data={
        "csrf_token": csrf_token(client, "/account"), "answers": choice,
        "current": PASSWORD}).status_code


def test_deleting_with_removal_leaves_no_answer(app: Flask) -> None:
    client = app.test_client()
    register(client, "alice")
    answer_lesson(client, "basics", "nobetan", True)
    alice = user_by_login(app, "alice")
    assert _delete(client, "remove") == 302
    assert _history_len(app, alice.learner_id) == 0
    with app.test_request_context():
        with storage.store().transaction() as conn:
            assert conn.execute(sa.text("SELECT count(*) FROM answers")).scalar() == 0
            assert conn.execute(sa.text("SELECT count(*) FROM users")).scalar() == 0
    assert sign_in(app.test_client(), "alice") == 403


def test_deleting_with_anonymisation_keeps_the_answers_under_no_one(app: Flask) -> None:
    client = app.test_client()
    register(client, "alice")
    answer_lesson(client, "basics", "nobetan", True)
    alice = user_by_login(app, "alice")
    assert _delete(client, "anonymise") == 302
    assert _history_len(app, alice.learner_id) == 0
    with app.test_request_context():
        with storage.store().transaction() as conn:
            assert conn.execute(sa.text("SELECT count(*) FROM answers")).scalar() == 1
            assert conn.execute(sa.text("SELECT count(*) FROM users")).scalar() == 0


def test_create_admin_reads_the_password_from_stdin(app: Flask) -> None:
    result = app.test_cli_runner().invoke(args=["users", "create-admin", "Root"],
                                          input="a long admin password\n")
    assert result.exit_code == 0, result.output
    assert "Администратор root готов" in result.output
    assert user_by_login(app, "root").role == "admin"
    assert sign_in(app.test_client(), "root", "a long admin password") == 302
    short = app.test_cli_runner().invoke(args=["users", "create-admin", "other"], input="x\n")
    assert short.exit_code == 1 and "слишком короткий" in short.output
    empty = app.test_cli_runner().invoke(args=["users", "create-admin", "other"], input="")
    assert empty.exit_code == 1 and "Пароль не передан" in empty.output


def test_an_instructor_account_opens_the_author_preview(app: Flask) -> None:
    make_user(app, "teacher", "instructor")
    client = app.test_client()
    assert client.get("/author/preview").status_code == 302
    sign_in(client, "teacher")
    assert client.get("/author/preview").status_code == 200
    learner = app.test_client()
    register(learner, "alice")
    assert learner.get("/author/preview").status_code == 403
