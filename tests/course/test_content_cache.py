"""The content store's cheap lookup: one lesson's request stats only its file.

``ContentStore.get`` answers from the last full scan after checking the
requested file, the directory and the glossary; a full scan still runs at
least once per ``RESCAN_SECONDS``. None of this may show a stale lesson.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask

from tests.support.site import make_app
from tutor.course import content
from tutor.course.content import store


def _count_globs(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    calls: list[Path] = []
    original = Path.glob

    def counting(self: Path, pattern: str):  # noqa: ANN202
        calls.append(self)
        return original(self, pattern)

    monkeypatch.setattr(Path, "glob", counting)
    return calls


def test_lookup_of_a_lesson_does_not_list_the_directory_again(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    with app.app_context():
        assert store().get("second") is not None  # the first request scans everything
        globs = _count_globs(monkeypatch)
        for _ in range(5):
            assert store().get("second") is not None
    assert globs == []


def test_edit_of_the_requested_lesson_shows_at_once(app: Flask, content_dir: Path) -> None:
    path = content_dir / "02-second.md"
    with app.app_context():
        assert store().get("second").title == "Второй урок"
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace("Второй урок", "Правка"), encoding="utf-8")
        assert store().get("second").title == "Правка"


def test_added_and_deleted_lessons_show_at_once(app: Flask, content_dir: Path) -> None:
    with app.app_context():
        assert store().get("second") is not None
        (content_dir / "07-new.md").write_text(
            "---\ntitle: Новый\nslug: new\norder: 7\nsummary: s\n---\nТекст\n", "utf-8"
        )
        assert store().get("new") is not None
        (content_dir / "02-second.md").unlink()
        assert store().get("second") is None


def test_edit_of_another_lesson_shows_after_the_rescan_interval(
    app: Flask, content_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A link to a lesson that another file stops providing is reported after a rescan."""
    basics = content_dir / "01-basics.md"
    second = content_dir / "02-second.md"
    link = "\n[к основам](/lessons/basics)\n"
    second.write_text(second.read_text(encoding="utf-8") + link, encoding="utf-8")
    now = [1000.0]
    monkeypatch.setattr(content.time, "monotonic", lambda: now[0])
    with app.app_context():
        assert not [p for p in store().get("second").problems if "basics" in p.message]
        text = basics.read_text(encoding="utf-8")
        basics.write_text(text.replace("slug: basics", "slug: basic"), encoding="utf-8")
        now[0] += content.RESCAN_SECONDS
        problems = store().get("second").problems
    assert [p for p in problems if "«basics»" in p.message], problems


# -- production: CONTENT_RECHECK_SECONDS (wsgi.py sets 1 s) ----------------------------


def _count_stats(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    calls: list[str] = []
    original_path, original_os = Path.stat, content.os.stat

    def path_stat(self: Path, *args: object, **kwargs: object):  # noqa: ANN202
        calls.append(str(self))
        return original_path(self, *args, **kwargs)

    def os_stat(path: object, *args: object, **kwargs: object):  # noqa: ANN202
        calls.append(str(path))
        return original_os(path, *args, **kwargs)

    monkeypatch.setattr(Path, "stat", path_stat)
    monkeypatch.setattr(content.os, "stat", os_stat)
    return calls


@pytest.fixture
def trusting(content_dir: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Flask, list[float]]:
    """An app that trusts its scan for 1 s, on a clock the test moves."""

    now = [1000.0]
    monkeypatch.setattr(content.time, "monotonic", lambda: now[0])
    app = make_app(content_dir, SECRET_KEY="t", CONTENT_RECHECK_SECONDS=1)
    return app, now


def test_a_young_scan_is_used_without_any_stat(
    trusting: tuple[Flask, list[float]], monkeypatch: pytest.MonkeyPatch
) -> None:
    app, now = trusting
    with app.app_context():
        assert store().get("second") is not None  # the first request scans
        stats, globs = _count_stats(monkeypatch), _count_globs(monkeypatch)
        now[0] += 0.5
        assert store().get("second") is not None and store().get("basics") is not None
        assert store().get("no-such-lesson") is None  # a made-up slug: no scan either
        assert [lesson.slug for lesson in store().lessons()][:2] == ["basics", "second"]
    assert stats == [] and globs == []


def test_an_edit_shows_once_the_scan_is_older_than_the_recheck_time(
    trusting: tuple[Flask, list[float]], content_dir: Path
) -> None:
    app, now = trusting
    path = content_dir / "02-second.md"
    with app.app_context():
        assert store().get("second").title == "Второй урок"
        path.write_text(path.read_text(encoding="utf-8").replace("Второй урок", "Правка"),
                        encoding="utf-8")
        now[0] += 0.9
        assert store().get("second").title == "Второй урок"  # trusted for a second
        now[0] += 0.1
        assert store().get("second").title == "Правка"
        (content_dir / "01-basics.md").unlink()
        assert store().get("basics") is not None  # the edit's check was a scan: trusted again
        now[0] += 1.0
        assert store().get("basics") is None


def test_the_default_checks_every_request(app: Flask) -> None:
    """``make run`` and the tests: an edit shows on the very next request."""
    with app.app_context():
        assert store().recheck_seconds == 0


@pytest.mark.parametrize("value", ["soon", [1]])
def test_a_recheck_time_that_is_not_a_number_stops_start_up_with_a_russian_message(
    content_dir: Path, value: object
) -> None:

    with pytest.raises(RuntimeError, match="CONTENT_RECHECK_SECONDS должно быть числом"):
        make_app(content_dir, CONTENT_RECHECK_SECONDS=value, SECRET_KEY=None)
