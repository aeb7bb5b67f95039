"""The admin page does not surprise (learner-and-instructor review, December 2026).

An admin's own row says «это вы» and cannot be changed; each change is confirmed
on the page, keeping the search; a new role does not sign its owner out; the
admin's menu and page link to the lesson review queue.
"""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from tests.support.accounts import make_user, register, sign_in, user_by_login
from tests.support.client import csrf_token


def _admin(app: Flask) -> tuple[int, FlaskClient]:
    root = make_user(app, "root", "admin")
    client = app.test_client()
    assert sign_in(client, "root") == 302
    return root.id, client


def test_the_admin_row_says_it_is_you_and_cannot_be_changed(app: Flask) -> None:
    root_id, admin = _admin(app)
    page = admin.get("/admin/users").get_data(as_text=True)
    row = re.search(r'<tr data-user="root">(.*?)</tr>', page, re.S)
    assert row and "это вы" in row.group(1) and "<form" not in row.group(1)
    for path, field in (("disabled", {"disabled": "1"}), ("role", {"role": "learner"})):
        response = admin.post(f"/admin/users/{root_id}/{path}", follow_redirects=True,
                              data={"csrf_token": csrf_token(admin, "/account"), **field})
        assert "Свою учётную запись менять нельзя" in response.get_data(as_text=True)
    root = user_by_login(app, "root")
    assert root.role == "admin" and not root.disabled


def test_promotion_is_confirmed_keeps_the_search_and_does_not_sign_out(app: Flask) -> None:
    _, admin = _admin(app)
    coach = app.test_client()
    register(coach, "coach")
    coach_id = user_by_login(app, "coach").id
    response = admin.post(f"/admin/users/{coach_id}/role", data={
        "csrf_token": csrf_token(admin, "/admin/users"), "role": "instructor", "q": "coa"})
    assert response.status_code == 302 and response.headers["Location"].endswith("?q=coa")
    page = admin.get(response.headers["Location"]).get_data(as_text=True)
    assert "coach: роль «преподаватель»" in page and 'data-flash="ok"' in page
    # the coach's next click is signed in, as an instructor
    assert coach.get("/account").status_code == 200
    assert coach.get("/classes").status_code == 200
    assert "Классы, которые я веду" in coach.get("/classes").get_data(as_text=True)


def test_disabling_and_enabling_are_confirmed(app: Flask) -> None:
    _, admin = _admin(app)
    register(app.test_client(), "alice")
    alice_id = user_by_login(app, "alice").id
    for value, said in (("1", "отключена"), ("0", "снова включена")):
        page = admin.post(
            f"/admin/users/{alice_id}/disabled",
            follow_redirects=True,
            data={"csrf_token": csrf_token(admin, "/admin/users"), "disabled": value},
        ).get_data(as_text=True)
        assert f"Учётная запись alice {said}" in page


def test_the_admin_menu_links_to_the_review_queue(app: Flask) -> None:
    _, admin = _admin(app)
    page = admin.get("/").get_data(as_text=True)
    assert 'href="/studio/review">Проверка уроков</a>' in page
    assert 'href="/studio/review">Уроки на проверке</a>' in admin.get("/admin/users").get_data(
        as_text=True
    )
