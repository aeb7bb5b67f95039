"""A rolling deploy: app servers with different check versions on one database.

Each server reads and stores the check result of its own check version, so
neither rechecks a lesson the other just checked (no flip-flop), and the
results kept per version stay bounded.
"""

from __future__ import annotations

import sqlalchemy as sa

from tests.support.accounts import Site, sign_in
from tests.support.classes import World
from tests.support.studio import new_lesson, publish, save, source
from tutor import storage
from tutor.storage.studio import CHECKS_KEPT, club_checks
from tutor.studio import published


def _checks(app, lesson_id: int) -> int:  # noqa: ANN001
    with app.test_request_context(), storage.store().transaction() as conn:
        return int(conn.execute(sa.select(sa.func.count()).select_from(club_checks)
                                .where(club_checks.c.lesson_id == lesson_id)).scalar_one())


def test_two_check_versions_each_check_a_version_once(site: Site, world: World,
                                                        monkeypatch) -> None:  # noqa: ANN001
    teacher = world.client("teacher")
    lesson_id = new_lesson(teacher)
    save(teacher, lesson_id, source())
    assert publish(teacher, lesson_id, world.ids["club"]) == 302
    url = f"/classes/{world.ids['club']}/lessons/club-rules"
    strict = site.app(STUDIO_MAX_DRILLS=1)  # the new release: one drill per lesson
    old, new = world.client("alice"), strict.test_client()
    assert sign_in(new, "alice") == 302
    calls: list[int] = []
    real = published.recheck
    monkeypatch.setattr(published, "recheck", lambda *key: calls.append(key[1]) or real(*key))
    for _ in range(3):  # the load balancer sends the learner to either server
        assert old.get(url).status_code == 200
        assert new.get(url).status_code == 404  # the new checks hide it
    assert len(calls) == 1  # only the new server checked, and only once
    assert old.get("/").get_data(as_text=True).count("data-club-lesson") == 1
    assert "data-club-lesson" not in new.get("/").get_data(as_text=True)
    assert len(calls) == 1
    assert _checks(world.app, lesson_id) == 2
    # more releases later: each checks once, and only the newest results are kept
    for most in (2, 3, 4):
        later = site.app(STUDIO_MAX_DRILLS=most)
        client = later.test_client()
        assert sign_in(client, "alice") == 302
        assert client.get(url).status_code == (404 if most < 2 else 200)
        assert client.get(url).status_code == (404 if most < 2 else 200)
    assert len(calls) == 4
    assert _checks(world.app, lesson_id) == CHECKS_KEPT
