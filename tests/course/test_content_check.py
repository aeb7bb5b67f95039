"""`flask content check`: every kind of broken content gives its own `file:line: message`.

Each fixture in tests/fixtures/broken/ holds exactly one mistake. It is put
next to two good lessons (tests/fixtures/content) and the check must print
that one problem, with its line, and exit with status 1.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.plural import count_word
from tests.support.content import (
    BROKEN,
    CASES,
    TARGET_NAME,
    course_with,
    run_check,
)
from tutor.course.checks import CourseReport
from tutor.course.content import display_path

COURSE = Path(__file__).resolve().parents[2] / "content" / "ru"

# (fixture, file it warns about, [(line, where the term is said)], term, teaching lesson):
# the course passes, the author is warned at each place.
LATER = ("а его объясняет только урок 2 «Второй урок», он дальше. Объясните термин раньше, "
         "обойдитесь без него или дайте ссылку на тот урок: [урок 2](/lessons/second).")
WARNING_CASES = [
    ("glossary-term-taught-later.yaml", "01-basics.md",
     [(7, "текст"), (18, "текст"), (20, "разбор упражнения «discard» (furiten)")], "фуритен"),
]


def test_every_broken_fixture_has_a_case() -> None:
    named = [name for name, _, _ in CASES] + [case[0] for case in WARNING_CASES]
    assert sorted(named) == sorted(p.name for p in BROKEN.iterdir())


@pytest.mark.parametrize(("fixture", "warned", "places", "term"),
                         [pytest.param(*case, id=case[0]) for case in WARNING_CASES])
def test_a_term_before_its_lesson_is_a_warning_at_its_line(
    tmp_path: Path, fixture: str, warned: str, places: list[tuple[int, str]], term: str
) -> None:
    """Rule (the learner-and-instructor review, «No term before its lesson»): lesson text,
    drill questions and a kind's feedback where it first appears use no term the course
    explains only later, unless the lesson links to that later lesson."""
    content = course_with(tmp_path, fixture)
    code, output = run_check(content)
    assert code == 0
    file = display_path(content / warned)
    assert output[:-1] == [f"{file}:{line}: Предупреждение: {where} — термин «{term}», {LATER}"
                           for line, where in places]
    assert output[-1].endswith(" 3 предупреждения — см. выше.")
    # a link to the teaching lesson anywhere in the lesson is enough
    lesson = content / warned
    text = lesson.read_text(encoding="utf-8")
    lesson.write_text(text.replace("[[фуритена|фуритен]].",
                                   "[[фуритена|фуритен]] ([урок 2](/lessons/second))."),
                      encoding="utf-8")
    assert run_check(content) == (0, [output[-1].split(" 3 предупреждения")[0]])


@pytest.mark.parametrize(
    ("fixture", "line", "message"), [pytest.param(*case, id=case[0]) for case in CASES]
)
def test_broken_content_is_reported_with_file_line_and_message(
    tmp_path: Path, fixture: str, line: int, message: str
) -> None:
    content = course_with(tmp_path, fixture)
    code, output = run_check(content)
    assert code == 1
    problems, summary = output[:-1], output[-1]
    assert len(problems) == 1, output
    file = display_path(content / TARGET_NAME.get(fixture, fixture))
    base = display_path(content) + "/"
    assert problems[0] == f"{file}:{line}: " + message.format(base=base)
    assert summary == "Найдено: 1 ошибка. Исправьте и запустите проверку снова."


def test_good_course_passes_with_a_summary(tmp_path: Path) -> None:
    code, output = run_check(course_with(tmp_path))
    assert code == 0
    assert output == [
        "Курс в порядке: 2 урока, 4 упражнения (choice — 1, fu — 1, furiten — 1, waits — 1)."
    ]


def test_the_real_course_passes_the_check() -> None:
    code, output = run_check(COURSE)
    assert code == 0, "\n".join(output)
    assert "предупрежден" not in output[-1], "\n".join(output)
    lessons = len(list(COURSE.glob("[0-9]*.md")))
    expected = count_word(lessons, "урок", "урока", "уроков")
    assert output[-1].startswith(f"Курс в порядке: {expected}")


@pytest.mark.parametrize(
    ("lessons", "drills", "expected"),
    [
        pytest.param(1, 1, "Курс в порядке: 1 урок, 1 упражнение (waits — 1).", id="one"),
        pytest.param(3, 2, "Курс в порядке: 3 урока, 2 упражнения (waits — 2).", id="few"),
        pytest.param(11, 5, "Курс в порядке: 11 уроков, 5 упражнений (waits — 5).", id="many"),
        pytest.param(21, 0, "Курс в порядке: 21 урок, 0 упражнений.", id="twenty-one"),
    ],
)
def test_summary_uses_russian_plural_forms(lessons: int, drills: int, expected: str) -> None:
    from collections import Counter

    report = CourseReport([], lessons, Counter({"waits": drills}) if drills else Counter())
    assert report.summary() == expected


@pytest.mark.parametrize(
    ("count", "word"),
    [pytest.param(2, "ошибки", id="two"), pytest.param(5, "ошибок", id="five")],
)
def test_failure_summary_counts_the_problems(count: int, word: str) -> None:
    from tutor.course.problems import Problem

    report = CourseReport([Problem("a.md", n, "x") for n in range(count)])
    assert report.summary().startswith(f"Найдено: {count} {word}.")


def test_code_examples_are_not_checked(tmp_path: Path) -> None:
    """Wrong syntax shown as an example in code (as the guide does) is not an error."""
    content = course_with(tmp_path)
    (content / "03-code.md").write_text(
        "---\ntitle: Код\nslug: code\norder: 3\nsummary: s\n---\n"
        "Пример: `:99z:` и `[[рибаунд]]` и `[x](/lessons/nope)`.\n\n"
        "```\n/// wait\nid: x\n///\n[y](/lessons/nope)\n```\n",
        encoding="utf-8",
    )
    code, output = run_check(content)
    assert code == 0, output


def test_another_rule_set_inside_the_variants_box_passes(tmp_path: Path) -> None:
    """Rule (lesson format, «Один урок — один свод»): the main text teaches the lesson's
    own set; a comparison with another set inside «Как в других правилах» is allowed,
    as is a drill asking under the lesson's own set and that set named in the text."""
    content = course_with(tmp_path)
    (content / "03-sets.md").write_text(
        "---\ntitle: Своды\nslug: sets\norder: 3\nsummary: s\n---\n"
        "По онлайн-правилам начинают с 25000 очков. Фуритен запрещает рон.\n\n"
        '!!! variants "Как в других правилах"\n'
        "    В клубе «Феникс» тоже 25000, а по европейским турнирным правилам 30000.\n\n"
        "    Российские турнирные правила и клуб «Фуритен» дают 30000.\n\n"
        "После врезки текст снова учит по онлайн-правилам.\n\n"
        "/// choice\nid: start\nquestion: Сколько очков на старте по онлайн-правилам?\n"
        'options:\n  - "25000"\n  - "30000"\nanswer: 1\nexplain: "25000."\n///\n',
        encoding="utf-8",
    )
    code, output = run_check(content)
    assert code == 0, output


@pytest.mark.parametrize(("field", "line"), [("question", 11), ("explain", 16)])
def test_a_drill_naming_another_set_is_reported_at_its_line(
    tmp_path: Path, field: str, line: int
) -> None:
    """Rule (lesson format, «Один урок — один свод»): a course lesson asks and grades
    every drill under its own set, so a question or an explanation that names another
    set («по европейским турнирным правилам») is an error on that line, even though the
    drill's own rules are the lesson's."""
    texts = {"question": "Сколько очков на старте?", "explain": "25000."}
    texts[field] += " А по европейским турнирным правилам — 30000."
    content = course_with(tmp_path)
    lesson = content / "03-sets.md"
    lesson.write_text(
        "---\ntitle: Своды\nslug: sets\norder: 3\nsummary: s\n---\n"
        "По онлайн-правилам начинают с 25000 очков.\n\n"
        f"/// choice\nid: start\nquestion: \"{texts['question']}\"\n"
        f'options:\n  - "25000"\n  - "30000"\nanswer: 1\nexplain: "{texts["explain"]}"\n///\n',
        encoding="utf-8",
    )
    code, output = run_check(content)
    assert code == 1
    assert output[0].startswith(f"{display_path(lesson)}:{line}: Упражнение «start» называет "
                                "свод «европейские турнирные»"), output


def test_anchor_links_to_headings_and_drills_pass(tmp_path: Path) -> None:
    content = course_with(tmp_path)
    (content / "03-links.md").write_text(
        "---\ntitle: Ссылки\nslug: links\norder: 3\nsummary: s\n---\n"
        "## Мой раздел\n\n[а](#мой-раздел) [б](/lessons/basics#ожидание) "
        "[в](/lessons/basics#drill-nobetan) [г](/glossary#furiten) "
        "[д](https://example.org/x) [е](/lessons/second)\n",
        encoding="utf-8",
    )
    code, output = run_check(content)
    assert code == 0, output


def test_a_drill_whose_solution_cannot_be_shown_is_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Valid parameters are not enough: the check also renders each drill's solution."""
    from tutor.drills.kind.waits import Waits

    class Broken:
        def __iter__(self) -> object:
            raise RuntimeError("boom")

    monkeypatch.setattr(Waits, "view", lambda self, params, solution: Broken())
    content = course_with(tmp_path)
    code, output = run_check(content)
    assert code == 1
    assert output[0] == (
        f"{display_path(content / '01-basics.md')}:13: Решение упражнения «nobetan» не удалось "
        "показать (RuntimeError: boom). Это ошибка программы, а не урока: сообщите разработчикам."
    )
