"""Progress follows a drill: the content check guards slug + drill id, the stored key.

Rules (docs/lesson-format.md «Перенос упражнений»): a published slug must
still be a lesson's slug, in some lesson's ``moved_from`` or the first place of
a moved drill; every lesson's slug is published; a drill's ``moved_from`` names
a published slug; one stored key must name one drill; ``moved_from`` must be a
list of slugs and must not name the lesson itself; a key listed in
``retired-drills.txt`` (a drill removed, or retired under a new id because its
answer changed) is never claimed again, by id or by ``moved_from``; the real
course passes.
"""

from __future__ import annotations

from pathlib import Path

from flask.testing import FlaskCliRunner

from tutor.course.content import display_path


def _check(runner: FlaskCliRunner) -> list[str]:
    result = runner.invoke(args=["content", "check"])
    return [line for line in result.output.splitlines() if ": " in line and ".md:" in line
            or "published-slugs.txt:" in line]


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_vanished_published_slug_is_an_error_at_its_line(
        runner: FlaskCliRunner, content_dir: Path) -> None:
    (content_dir / "published-slugs.txt").write_text("# comment\nbasics\nsecond\n",
                                                     encoding="utf-8")
    assert [p for p in _check(runner) if "published-slugs" in p] == [
        f"{display_path(content_dir / '03-broken.md')}:1: Slug урока «broken» не записан в "
        "published-slugs.txt: допишите его туда (так делает «flask content new»), чтобы "
        "прогресс учеников по уроку не потерялся при переименовании."]
    _edit(content_dir / "published-slugs.txt", "second\n", "second\nbroken\n")
    assert not [p for p in _check(runner) if "published-slugs" in p]
    _edit(content_dir / "01-basics.md", "slug: basics\n", "slug: first-steps\n")
    file = display_path(content_dir / "published-slugs.txt")
    assert [p for p in _check(runner) if "published-slugs" in p] == [
        f"{display_path(content_dir / '01-basics.md')}:1: Slug урока «first-steps» не записан "
        "в published-slugs.txt: допишите его туда (так делает «flask content new»), чтобы "
        "прогресс учеников по уроку не потерялся при переименовании.",
        f"{file}:2: Урока со slug «basics» больше нет: прогресс учеников по нему потеряется. "
        "Верните slug или добавьте «moved_from: [basics]» в шапку урока, куда перешли его "
        "упражнения."]
    _edit(content_dir / "01-basics.md", "slug: first-steps\n",
          "slug: first-steps\nmoved_from: [basics]\n")
    assert not [p for p in _check(runner) if "published-slugs" in p]


def test_a_split_that_keeps_a_drill_id_on_both_sides_is_an_error(
        runner: FlaskCliRunner, content_dir: Path) -> None:
    basics = (content_dir / "01-basics.md").read_text(encoding="utf-8")
    split = basics.replace("slug: basics\n", "slug: basics-2\nmoved_from: [basics]\n").replace(
        "order: 1\n", "order: 5\n")
    (content_dir / "05-basics-2.md").write_text(split, encoding="utf-8")
    file = display_path(content_dir / "05-basics-2.md")
    found = [p for p in _check(runner) if "moved_from" in p and "засчитался" in p]
    assert found[0] == (
        f"{file}:14: Упражнение «nobetan»: прогресс «lesson/basics/nobetan» засчитался бы и "
        f"здесь, и в уроке {display_path(content_dir / '01-basics.md')} (упражнение «nobetan», "
        "через moved_from). Дайте одному из них другой id.")
    assert len(found) == 4  # every drill of the copy


def test_moved_from_must_be_a_list_of_other_slugs(
        runner: FlaskCliRunner, content_dir: Path) -> None:
    path = content_dir / "02-second.md"
    file = display_path(path)
    _edit(path, "slug: second\n", "slug: second\nmoved_from: second-old\n")
    assert (f"{file}:4: Поле «moved_from»: нужен список прежних slug урока, например "
            "[old-slug], а не «second-old».") in _check(runner)
    _edit(path, "moved_from: second-old\n", "moved_from: [second]\n")
    assert (f"{file}:1: Поле «moved_from» называет собственный slug урока «second»: "
            "уберите его.") in _check(runner)


def test_a_moved_drill_keeps_its_key_and_must_name_a_published_slug(
        runner: FlaskCliRunner, content_dir: Path) -> None:
    (content_dir / "published-slugs.txt").write_text("basics\nsecond\nbroken\n",
                                                     encoding="utf-8")
    basics = content_dir / "01-basics.md"
    _edit(basics, "id: nobetan\n", "id: nobetan\nmoved_from: basic\n")
    assert (f"{display_path(basics)}:13: Упражнение «nobetan»: moved_from «basic» — такого "
            "slug нет в published-slugs.txt. Укажите slug урока, где упражнение было "
            "опубликовано впервые.") in _check(runner)
    # pointing at another drill's key is a clash at the later drill
    _edit(basics, "moved_from: basic\n", "moved_from: basics/discard\n")
    assert (f"{display_path(basics)}:21: Упражнение «discard»: прогресс "
            "«lesson/basics/discard» засчитался бы и здесь, и здесь же (упражнение «nobetan», "
            "через moved_from). Дайте одному из них другой id.") in _check(runner)


def _retired_lines(runner: FlaskCliRunner) -> list[str]:
    result = runner.invoke(args=["content", "check"])
    return [line for line in result.output.splitlines()
            if "снят с курса" in line or "retired-drills.txt:" in line]


def test_a_retired_drill_key_is_never_claimed_again(
        runner: FlaskCliRunner, content_dir: Path) -> None:
    """Its old answers would count as the new drill's, and its learners' pending mistakes,
    retired or not yet, would be graded by the new drill's answer (tutor/course/identity.py)."""
    (content_dir / "published-slugs.txt").write_text("basics\nsecond\nbroken\n",
                                                     encoding="utf-8")
    retired = content_dir / "retired-drills.txt"
    retired.write_text("# removed\nbasics/set-size  # another answer now\nbasic/gone\nloose\n",
                       encoding="utf-8")
    basics = content_dir / "01-basics.md"
    reuse = (f"{display_path(basics)}:39: Упражнение «set-size»: ключ «basics/set-size» снят "
             "с курса (retired-drills.txt). Ответы учеников под ним относятся к прежнему "
             "упражнению, и его ответ мог быть другим: дайте упражнению новый id (или уберите "
             "moved_from).")
    assert _retired_lines(runner) == [
        reuse,
        *(f"{display_path(retired)}:{n}: «{key}» — не ключ упражнения: пишите «slug/id» с "
          "опубликованным slug урока (из published-slugs.txt), где упражнение было "
          "опубликовано впервые." for n, key in ((3, "basic/gone"), (4, "loose")))]
    _edit(basics, "id: set-size\n", "id: tile-count\n")  # a new id: nothing claims it
    retired.write_text("basics/set-size\n", encoding="utf-8")
    assert _retired_lines(runner) == []
    _edit(basics, "id: tile-count\n", "id: tile-count\nmoved_from: basics/set-size\n")
    assert _retired_lines(runner) == [reuse.replace("«set-size»: ключ", "«tile-count»: ключ")]
