"""The versions' line diff: changes with their line numbers, long unchanged runs folded."""

from __future__ import annotations

from tutor.studio.diff import CONTEXT, Row, changed, diff_rows


def test_a_change_in_a_long_text_keeps_only_its_context() -> None:
    old = "\n".join(f"строка {n}" for n in range(1, 41))
    new = old.replace("строка 20", "строка двадцать")
    rows = diff_rows(old, new)
    assert Row("removed", 20, None, "строка 20") in rows
    assert Row("added", None, 20, "строка двадцать") in rows
    same = [row for row in rows if row.kind == "same"]
    assert len(same) == 2 * CONTEXT  # three lines either side of the change
    assert [row.text for row in rows if row.kind == "fold"] == ["16", "17"]  # 19 − 3, 20 − 3
    assert changed(rows)


def test_equal_texts_and_added_lines() -> None:
    assert not changed(diff_rows("a\nb", "a\nb"))
    rows = diff_rows("a", "a\nb\nc")
    assert [(r.kind, r.new) for r in rows if r.kind == "added"] == [("added", 2), ("added", 3)]
