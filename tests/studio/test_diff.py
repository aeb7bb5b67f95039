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


def test_huge_versions_are_diffed_in_bounded_work(monkeypatch) -> None:  # noqa: ANN001
    """The security review's attack: two versions of 49 000 lines held a worker for 255 s.

    The line-by-line matcher only ever sees a middle of at most MAX_PAIRS line pairs;
    the page shows at most MAX_ROWS rows.
    """
    import difflib

    from tutor.studio import diff

    seen: list[int] = []
    real = difflib.SequenceMatcher

    def counting(junk, a, b, autojunk=True):  # noqa: ANN001, ANN202, FBT002
        seen.append(len(a) * len(b))
        return real(junk, a, b, autojunk=autojunk)

    monkeypatch.setattr(diff.difflib, "SequenceMatcher", counting)
    same = "a\n" * 49_000
    assert not changed(diff_rows(same, same))
    shuffled = "a\nb\n" * 24_500, "b\na\n" * 24_500
    rows = diff_rows(*shuffled)
    assert changed(rows) and len(rows) <= diff.MAX_ROWS + 1 and rows[-1].kind == "cut"
    small = diff_rows("x\n" + "a\nb\n" * 150, "y\n" + "b\na\n" * 150)
    assert changed(small)
    assert seen and max(seen) <= diff.MAX_PAIRS
