"""Course files are read only from inside the content folder: no symlink escapes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from tests.support.content import course_with, run_check, site
from tutor.course.content import display_path
from tutor.course.files import OUTSIDE, escapes_folder

SECRET_LINE = "root:x:0:0:secret-marker"


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A file outside the course that looks like a lesson, and holds a secret."""
    target = tmp_path / "elsewhere" / "passwd"
    target.parent.mkdir()
    target.write_text(f"---\ntitle: Чужое\nslug: leak\norder: 50\nsummary: x\n---\n{SECRET_LINE}\n",
                      encoding="utf-8")
    return target


def test_a_lesson_linked_to_a_file_outside_is_refused_by_the_check(
    tmp_path: Path, outside: Path
) -> None:
    content = course_with(tmp_path)
    (content / "50-leak.md").symlink_to(outside)
    code, output = run_check(content)
    assert code == 1
    assert output[:-1] == [f"{display_path(content / '50-leak.md')}:0: {OUTSIDE}"]


def test_a_linked_lesson_never_shows_the_outside_file_on_the_site(
    tmp_path: Path, outside: Path
) -> None:
    content = course_with(tmp_path)
    (content / "50-leak.md").symlink_to(outside)
    client: FlaskClient = site(content).test_client()
    for path in ("/", "/lessons/leak", "/lessons/50-leak"):
        response = client.get(path)
        assert SECRET_LINE not in response.get_data(as_text=True), path
        assert response.status_code < 500
    assert client.get("/lessons/basics").status_code == 200  # the rest of the course goes on


def test_a_glossary_linked_outside_is_refused(tmp_path: Path, outside: Path) -> None:
    content = course_with(tmp_path)
    (content / "glossary.yaml").unlink()
    (content / "glossary.yaml").symlink_to(outside)
    code, output = run_check(content)
    assert code == 1
    assert f"{display_path(content / 'glossary.yaml')}:0: Глоссарий: {OUTSIDE}" in output


def test_yaku_examples_linked_outside_are_refused(tmp_path: Path, outside: Path) -> None:
    content = course_with(tmp_path)
    (content / "yaku-examples.yaml").symlink_to(outside)
    code, output = run_check(content)
    assert code == 1
    assert output[:-1] == [f"{display_path(content / 'yaku-examples.yaml')}:0: "
                           f"Примеры яку: {OUTSIDE}"]


def test_a_link_inside_the_folder_and_a_linked_folder_still_work(tmp_path: Path) -> None:
    (tmp_path / "release").mkdir()
    real = course_with(tmp_path / "release")
    drafts = real / "drafts"
    drafts.mkdir()
    (real / "02-second.md").rename(drafts / "second.md")
    (real / "02-second.md").symlink_to(Path("drafts") / "second.md")
    current = tmp_path / "current"
    current.symlink_to(real)
    code, output = run_check(current)
    assert code == 0, output


@pytest.mark.parametrize(("make", "escapes"), [
    pytest.param(lambda d, o: d / "a.md", False, id="plain-file"),
    pytest.param(lambda d, o: _link(d / "l.md", o), True, id="link-outside"),
    pytest.param(lambda d, o: _link(d / "l.md", d / "a.md"), False, id="link-inside"),
    pytest.param(lambda d, o: _link(d / "loop.md", d / "loop.md"), True, id="link-loop"),
])
def test_escapes_folder(tmp_path: Path, outside: Path, make, escapes: bool) -> None:  # noqa: ANN001
    folder = tmp_path / "c"
    folder.mkdir()
    (folder / "a.md").write_text("x", encoding="utf-8")
    assert escapes_folder(make(folder, outside)) is escapes


def _link(link: Path, target: Path) -> Path:
    os.symlink(target, link)
    return link
