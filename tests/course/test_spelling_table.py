"""A broken ``spelling.yaml`` never hangs or crashes ``flask content check`` or the site.

An unreadable file, a row without its fields, a pattern that is no regex and
one that would backtrack for ever on a long word (a repeat inside a repeat:
Python's ``re`` has no time limit) are problems at their line; the good rows
still work.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskCliRunner

from tutor.course import spelling
from tutor.course.spelling import find_variants, load_table

ROWS = """variants:
  - {wrong: 'сянпон\\w*', use: шанпон}
  - {wrong: '(а+)+б', use: в}
  - {wrong: '(?:аб|а)*в', use: г}
  - {wrong: 'кан[', use: кан}
  - {wrong: 'конг', use: 3}
  - just a word
  - {wrong: 'ура-дор\\w*', use: урадора, from_lesson: первый}
"""


def _table(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "spelling.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_bad_rows_are_problems_at_their_lines_and_good_rows_still_work(tmp_path: Path) -> None:
    table = load_table(_table(tmp_path, ROWS))
    assert [v.use for v in table.variants] == ["шанпон"]
    assert [p.line for p in table.problems] == [3, 4, 5, 6, 7, 8]
    assert "повтор внутри повтора" in table.problems[0].message
    assert "повтор внутри повтора" in table.problems[1].message
    assert "не регулярное выражение" in table.problems[2].message
    assert "from_lesson" in table.problems[5].message


@pytest.mark.parametrize("text", ["variants: [", "variants: 3", "- a\n- b", "", "\ufeff\x00"])
def test_an_unreadable_table_is_one_problem(tmp_path: Path, text: str) -> None:
    table = load_table(_table(tmp_path, text))
    assert table.variants == () and len(table.problems) == 1
    assert table.problems[0].file == "tutor/course/spelling.yaml"
    assert "таблиц" in table.problems[0].message


def test_a_missing_table_is_one_problem(tmp_path: Path) -> None:
    assert len(load_table(tmp_path / "absent.yaml").problems) == 1


@pytest.fixture
def broken_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(spelling, "TABLE", _table(tmp_path, ROWS))
    for cached in (spelling._table, spelling._patterns):
        cached.cache_clear()
    yield
    for cached in (spelling._table, spelling._patterns):
        cached.cache_clear()


@pytest.mark.usefixtures("broken_table")
def test_the_content_check_reports_a_broken_table_and_finishes(runner: FlaskCliRunner) -> None:
    result = runner.invoke(args=["content", "check"])
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "tutor/course/spelling.yaml:3:" in result.output
    assert "tutor/course/spelling.yaml:6:" in result.output
    assert result.exit_code != 0


@pytest.mark.usefixtures("broken_table")
def test_a_long_word_is_checked_by_the_good_rows_only(app: Flask) -> None:
    text = "а" * 5000 + " сянпон"
    assert [hit.use for hit in find_variants(text)] == ["шанпон"]
