"""The content store's cheap lookup (issue 8): one lesson's request stats only its file.

``ContentStore.get`` answers from the last full scan after checking the
requested file, the directory and the glossary; a full scan still runs at
least once per ``RESCAN_SECONDS``. None of this may show a stale lesson.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask

from tutor import content
from tutor.content import store


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
