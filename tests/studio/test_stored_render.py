"""A published version is rendered once, at publish time, and served from the database.

The security review of December 2026 (finding «the lesson check and Markdown
rendering are attackable»: render a published version once, at publish
time, keeping the per-request parts — drill forms, tokens, the learner's
state — dynamic). Before, each app process kept the rendering in memory
only and rendered the Markdown again after every restart. Rule:
tutor/studio/published.py; the stored columns: migration 14
(tutor/storage/studio.py). On SQLite, and on PostgreSQL when
TEMPAI_TEST_PG_URL is set.
"""

from __future__ import annotations

import re

import pytest
import sqlalchemy as sa
from flask import Flask

from tests.support.accounts import Site, sign_in
from tests.support.classes import World
from tests.support.client import HTMX
from tests.support.practice import form_fields, right_answer
from tests.support.studio import new_lesson, publish, save, source
from tutor import storage
from tutor.course import content
from tutor.storage import migrations
from tutor.storage import studio as studio_tables
from tutor.storage.studio import club_checks, club_lesson_versions
from tutor.studio import check, published

MARK = "Вступление урока"  # in the published text only (not the course, not the template)
NONCE = re.compile(r'name="nonce" value="([^"]+)"')


@pytest.fixture
def renders(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every Markdown render of the published lesson's body (:data:`MARK`), in any app."""
    found: list[str] = []
    real = content._render_body

    def counted(lesson: content.Lesson, body: str, *rest: object) -> None:
        if MARK in body:
            found.append(body)
        real(lesson, body, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(content, "_render_body", counted)
    return found


def _restarted(site: Site) -> Flask:
    """A new app process over the same database: nothing of the old one's memory."""
    published._cache.clear()
    published._meta_cache.clear()
    return site.app()


def _learner(app: Flask, login: str = "alice"):  # noqa: ANN202
    client = app.test_client()
    assert sign_in(client, login) == 302
    return client


def _url(world: World) -> str:
    return f"/classes/{world.ids['club']}/lessons/club-rules"


def _publish(world: World, text: str | None = None) -> int:
    teacher = world.client("teacher")
    lesson_id = new_lesson(teacher)
    save(teacher, lesson_id, text or source(body="Вступление урока: **правила** клуба."))
    assert publish(teacher, lesson_id, world.ids["club"]) == 302
    return lesson_id


def test_a_restart_serves_the_stored_rendering_and_renders_nothing(
    site: Site, world: World, renders: list[str]
) -> None:
    _publish(world)
    assert renders  # in the author's requests: saving checks it, publishing keeps it rendered
    drill = _drill(world, "club-waits")
    renders.clear()
    alice = _learner(_restarted(site))
    first = alice.get(_url(world)).get_data(as_text=True)
    second = alice.get(_url(world)).get_data(as_text=True)
    assert renders == []  # the new process rendered no Markdown
    assert "<strong>правила</strong>" in first and len(NONCE.findall(first)) == 2  # two drills
    # the per-request parts stay dynamic: a fresh nonce for every drawn form
    assert NONCE.findall(first) and set(NONCE.findall(first)).isdisjoint(NONCE.findall(second))
    answer = alice.post(f"{_url(world)}/2/drills/club-waits", headers=HTMX,
                        data={**form_fields(alice, _url(world)), **right_answer(drill)})
    assert 'data-verdict="correct"' in answer.get_data(as_text=True)
    page = alice.post(f"{_url(world)}/2/drills/club-waits",
                      data={**form_fields(alice, _url(world)), **right_answer(drill)})
    assert 'data-verdict="correct"' in page.get_data(as_text=True)  # the learner's answer, shown
    assert renders == []


def _drill(world: World, drill_id: str):  # noqa: ANN202
    with world.app.test_request_context():
        return check.check_source(source()).lesson.drills[drill_id]


def _forget_renderings(app: Flask) -> None:
    """As a database migrated from version 13 holds them: check results without HTML."""
    with app.app_context(), storage.store().transaction() as conn:
        conn.execute(club_checks.update().values(html=None, drill_list=None))


def test_a_version_published_before_the_migration_is_rendered_once_then_served(
    site: Site, world: World, renders: list[str]
) -> None:
    _publish(world)
    _forget_renderings(world.app)
    with world.app.app_context(), storage.store().engine.begin() as conn:
        conn.exec_driver_sql("ALTER TABLE club_checks DROP COLUMN html")
        conn.exec_driver_sql("ALTER TABLE club_checks DROP COLUMN drill_list")
        before = migrations.MIGRATIONS.index(studio_tables.migrate_renders)
        conn.exec_driver_sql(f"UPDATE schema_version SET version = {before}")
    renders.clear()
    app = _restarted(site)  # migrates: the columns come back, empty
    alice = _learner(app)
    assert alice.get(_url(world)).status_code == 200
    assert len(renders) == 1  # rendered once, in its first view, and stored
    assert _learner(_restarted(site)).get(_url(world)).status_code == 200
    assert _learner(_restarted(site), "carol").get(_url(world)).status_code == 200
    assert len(renders) == 1
    with app.app_context(), storage.store().transaction() as conn:
        assert conn.execute(sa.select(sa.func.count()).select_from(club_checks)
                            .where(club_checks.c.html.is_not(None))).scalar_one() == 1


def test_a_hostile_version_without_a_rendering_is_checked_under_the_bounds_not_rendered(
    site: Site, world: World, renders: list[str]
) -> None:
    """A version stored as passing under older, looser checks, with no rendering kept."""
    _publish(world)
    _forget_renderings(world.app)
    hostile = source(body=MARK + "[a](https://e.x/" * 5000)  # rendered in 18 s before the limits
    with world.app.app_context(), storage.store().transaction() as conn:
        conn.execute(club_lesson_versions.update().values(source=hostile))
    renders.clear()
    alice = _learner(_restarted(site))
    page = alice.get(_url(world))
    assert page.status_code == 404  # hidden: the check of today refuses it
    assert "временно скрыт" in page.get_data(as_text=True)
    assert renders == []  # the text itself was never rendered
    assert alice.get(_url(world)).status_code == 404
    assert renders == []
