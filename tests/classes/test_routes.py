"""Every route of the app (``app.url_map``) walked as each role: the status is the expected one.

Roles: anonymous, a learner of the class (alice), another class's learner
(bob), the class's instructor (teacher), another instructor (other), admin
(root). Ids in the URLs are the first class's, its learner's and its practice
set's, so «another id» is exercised for every role that does not own them.
A new route fails here until it is given its expectations.
"""

from __future__ import annotations

import pytest
from flask import Flask

from tests.support.classes import World, build
from tests.support.client import csrf_token
from tests.support.studio import new_lesson, publish, save, source

ROLES = ("anonymous", "alice", "bob", "teacher", "other", "root")
LOGIN = 302  # an anonymous GET is sent to the login form
_ = None  # public: 200 or a redirect for everyone

# endpoint -> GET status per role, in ROLES order
GET_EXPECTED: dict[str, tuple[int, ...] | None] = {
    "accounts.settings": (LOGIN, 200, 200, 200, 200, 200),
    "accounts.export": (LOGIN, 200, 200, 200, 200, 200),
    "accounts.login": (200, 302, 302, 302, 302, 302),
    "accounts.register": (200, 302, 302, 302, 302, 302),
    "accounts.recover": (200, 200, 200, 200, 200, 200),
    "admin.users": (LOGIN, 404, 404, 404, 404, 200),
    "classes.index": (LOGIN, 200, 200, 200, 200, 200),
    "classes.join": (LOGIN, 200, 200, 200, 200, 200),
    "classes.dashboard_page": (LOGIN, 404, 404, 200, 404, 200),
    "classes.export": (LOGIN, 404, 404, 200, 404, 200),
    "classes.learner_page": (LOGIN, 404, 404, 200, 404, 200),
    "classes.practice_set": (LOGIN, 200, 404, 200, 404, 200),
    "authoring.preview": (LOGIN, 403, 403, 200, 200, 200),
    "authoring.login": (403, 403, 403, 403, 403, 403),  # no INSTRUCTOR_PASSWORD: closed
    # teacher's studio lesson 1, published to «Клуб» as /classes/<club>/lessons/basics and
# waiting for the admin's review to be published to everyone
    "studio.index": (LOGIN, 404, 404, 200, 200, 200),
    "studio.editor": (LOGIN, 404, 404, 200, 404, 200),
    "studio.versions": (LOGIN, 404, 404, 200, 404, 200),
    "studio.show_diff": (LOGIN, 404, 404, 200, 404, 200),
    "studio.export": (LOGIN, 404, 404, 200, 404, 200),
    "studio.review": (LOGIN, 404, 404, 404, 404, 200),
    # the exact version the teacher asked to publish to everyone: the admin's alone
    "studio.review_version": (LOGIN, 404, 404, 404, 404, 200),
    "club.class_lesson": (LOGIN, 200, 404, 200, 404, 200),
    "club.everyone": (404, 404, 404, 404, 404, 404),  # not approved for everyone
    # nobody of the world reviewed a game: game 1 and position 1 are no one's here
    "review.game": (404, 404, 404, 404, 404, 404),
    "positions.position": (404, 404, 404, 404, 404, 404),
}

# Public pages the fixture course cannot render (it has no yaku examples: logged as an error).
SKIPPED = frozenset({"handbook.yaku"})

# endpoint -> POST status per role for the roles that must be refused (others: not checked
# here, since they change things; their own tests cover them). None: not refused.
POST_REFUSED: dict[str, tuple[int | None, ...]] = {
    "classes.create": (403, 404, 404, None, None, None),
    "classes.assign": (403, 404, 404, None, 404, None),
    "classes.unassign": (403, 404, 404, None, 404, None),
    "classes.remove": (403, 404, 404, None, 404, None),
    "classes.reset": (403, 404, 404, None, 404, None),
    "classes.leave": (403, None, 404, 404, 404, 404),
    "classes.join": (403, None, None, None, None, None),
    "admin.set_role": (403, 404, 404, 404, 404, None),
    "admin.set_disabled": (403, 404, 404, 404, 404, None),
    "accounts.rename": (403, None, None, None, None, None),
    "accounts.change_password": (403, None, None, None, None, None),
    "accounts.delete": (403, None, None, None, None, None),
    "authoring.preview": (403, 403, 403, None, None, None),
    "authoring.preview_drill": (403, 403, 403, None, None, None),
    "studio.new": (403, 404, 404, None, None, None),
    "studio.import_file": (403, 404, 404, None, None, None),
    "studio.preview": (403, 404, 404, None, 404, None),
    "studio.save": (403, 404, 404, None, 404, None),
    "studio.restore": (403, 404, 404, None, 404, None),
    "studio.publish": (403, 404, 404, None, 404, None),
    "studio.unpublish": (403, 404, 404, None, 404, None),
    "studio.request_everyone": (403, 404, 404, None, 404, None),
    "studio.decide": (403, 404, 404, 404, 404, None),
    "club.class_answer": (403, None, 404, None, 404, None),
}


@pytest.fixture
def world(app: Flask) -> World:
    made = build(app)
    teacher = made.client("teacher")
    lesson_id = new_lesson(teacher)
    save(teacher, lesson_id, source(slug="basics"))
    assert publish(teacher, lesson_id, made.ids["club"]) == 302
    asked = teacher.post(f"/studio/{lesson_id}/request",
                         data={"csrf_token": csrf_token(teacher, f"/studio/{lesson_id}")})
    assert asked.status_code == 302  # pending, so the admin has a version to review
    return made


def _values(world: World) -> dict[str, object]:
    return {"class_id": world.ids["club"], "user_id": world.ids["alice"],
            "assignment_id": world.ids["practice_task"], "slug": "basics",
            "drill_id": "nobetan", "kind": "waits", "level": "novice", "seed": 7,
            "filename": "css/site.css", "lesson_id": 1, "number": 1, "version": 2,
            "game_id": 1, "flag": 0, "position_id": 1}


def _url(world: World, rule: object) -> str:
    from werkzeug.routing import Rule

    assert isinstance(rule, Rule)
    values = _values(world)
    missing = set(rule.arguments) - set(values)
    assert not missing, f"{rule.rule}: no test value for {missing}"
    with world.app.test_request_context():
        from flask import url_for

        return url_for(rule.endpoint, **{a: values[a] for a in rule.arguments})


def test_every_get_route_answers_each_role_as_expected(world: World) -> None:
    wrong = []
    for rule in world.app.url_map.iter_rules():
        if "GET" not in (rule.methods or ()) or rule.endpoint in SKIPPED:
            continue
        url = _url(world, rule)
        expected = GET_EXPECTED.get(rule.endpoint)
        private = url.startswith(("/classes", "/account", "/admin", "/author/"))
        assert expected is not None or not private, f"{rule.endpoint}: give it expectations"
        for role, want in zip(ROLES, expected or (None,) * len(ROLES), strict=True):
            response = world.client(role).get(url)
            got = response.status_code
            response.close()  # static files are streamed
            if (want is None and got not in (200, 302)) or (want is not None and got != want):
                wrong.append(f"GET {url} as {role}: {got}, expected {want or '200/302'}")
    assert wrong == []


def test_every_post_route_refuses_who_it_must(world: World) -> None:
    wrong = []
    for rule in world.app.url_map.iter_rules():
        if "POST" not in (rule.methods or ()) or rule.endpoint not in POST_REFUSED:
            continue
        url = _url(world, rule)
        for role, want in zip(ROLES, POST_REFUSED[rule.endpoint], strict=True):
            if want is None:
                continue
            client = world.client(role)
            data = {"csrf_token": csrf_token(client, "/account/recover"), "role": "admin",
                    "disabled": "1", "kind": "lesson", "lesson": "basics", "name": "x",
                    "rules": "ema", "code": world.code, "source": "x"}
            got = client.post(url, data=data).status_code
            if got != want:
                wrong.append(f"POST {url} as {role}: {got}, expected {want}")
    assert wrong == []
    # and nothing changed for the class's learner
    page = world.client("teacher").get(f"/classes/{world.ids['club']}").get_data(as_text=True)
    assert 'data-learner="alice"' in page


def test_another_instructors_class_and_learner_ids_are_404(world: World) -> None:
    teacher = world.client("teacher")
    second, club = world.ids["second"], world.ids["club"]
    assert teacher.get(f"/classes/{second}").status_code == 404
    assert teacher.get(f"/classes/{second}/export.csv").status_code == 404
    assert teacher.get(f"/classes/{second}/learners/{world.ids['bob']}").status_code == 404
    assert teacher.get(f"/classes/{club}/learners/{world.ids['bob']}").status_code == 404
    assert teacher.get(f"/classes/{club}/sets/999").status_code == 404
    assert world.client("alice").get(f"/classes/{second}/sets/1").status_code == 404
