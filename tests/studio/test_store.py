"""The club lesson queries on both backends: scoping, bounds, versions, publications, requests."""

from __future__ import annotations

from tests.support.accounts import make_user
from tests.support.classes import World
from tutor import storage
from tutor.storage.studio import source_of
from tutor.studio import store
from tutor.studio.check import check_version


def test_queries_are_scoped_and_bounded(world: World, monkeypatch) -> None:  # noqa: ANN001
    app = world.app
    teacher, other = make_user(app, "t2", "instructor"), make_user(app, "o2", "instructor")
    admin = make_user(app, "a2", "admin")
    monkeypatch.setattr(store, "VERSIONS_LISTED", 3)
    with app.test_request_context(), storage.store().transaction() as conn:
        lesson = store.create(conn, teacher, "rules", "Правила", "Коротко.", "v1")
        assert store.owned(conn, other, lesson.id) is None
        assert store.owned(conn, admin, lesson.id) == lesson
        assert [x.id for x in store.listed(conn, teacher)] == [lesson.id]
        assert store.listed(conn, other) == []
        for n in range(2, 6):
            found = store.owned(conn, teacher, lesson.id)
            assert found is not None
            assert store.save(conn, found, teacher, f"v{n}", "rules", "Правила", "") == n
        found = store.owned(conn, teacher, lesson.id)
        assert found is not None and found.latest == 5
        assert store.save(conn, found, teacher, "v5", "rules", "Правила", "") == 5  # unchanged
        assert [v.version for v in store.versions(conn, lesson.id)] == [5, 4, 3]  # bounded
        assert source_of(conn, lesson.id, 2) == "v2"
        assert source_of(conn, lesson.id, 9) is None
        store.store_check(conn, lesson.id, 5, check_version(), [(3, "плохо")], 2)
        version = store.version(conn, lesson.id, 5)
        assert version is not None and version.check_ok is False
        assert version.problems == ((3, "плохо"),)


def test_publications_and_requests(world: World) -> None:
    app = world.app
    teacher, alice = make_user(app, "t3", "instructor"), make_user(app, "nobody", "learner")
    admin = make_user(app, "a3", "admin")
    with app.test_request_context(), storage.store().transaction() as conn:
        first = store.create(conn, teacher, "same", "Первый", "", "a")
        second = store.create(conn, teacher, "same", "Второй", "", "b")
        club = world.ids["club"]
        store.publish(conn, first, club, 1, 2)
        assert store.slug_taken(conn, club, "same", second.id)
        assert not store.slug_taken(conn, club, "same", first.id)
        store.publish(conn, first, club, 1, 3)  # again: replaced, not doubled
        pubs = store.publications_of(conn, first.id)
        assert [(p.class_id, p.position, p.class_name) for p in pubs] == [(club, 3, "Клуб")]
        found = store.class_lesson(conn, club, "same")
        assert found is not None and found.lesson_id == first.id
        assert store.class_lesson(conn, world.ids["second"], "same") is None
        assert store.for_member(conn, alice) == []
        assert store.unpublish(conn, first.id, club) == 1
        assert store.class_lesson(conn, club, "same") is None
        store.request_everyone(conn, first, 1)
        assert [r.lesson_id for r in store.pending(conn)] == [first.id]
        assert store.everyone_lesson(conn, first.id) is None
        assert store.decide(conn, first.id, 1, admin, approve=True)
        assert not store.decide(conn, first.id, 1, admin, approve=True)  # no longer pending
        assert [p.lesson_id for p in store.for_everyone(conn)] == [first.id]
        store.request_everyone(conn, second, 1)
        assert store.decide(conn, second.id, 1, admin, approve=False)
        assert store.request_of(conn, second.id) is None
