"""The learner's mistakes and next step, named as the course names them now.

:func:`practice_link` and :func:`mistake_link` turn a stored problem key into a
link and a label a person recognises: a practice problem by its kind, level
and number; a lesson drill by its lesson, its place and its question («Урок 1
«Тайлы и их запись», упр. 3: Сколько видов…», :mod:`tutor.course.drill_names`),
computed from the course as it is, so renumbered lessons rename the mistakes
with them. Practice («Повторить ошибку»), «Мой прогресс» and a class's
practice sets all name problems through these two functions.

:func:`next_steps` says what to do next on «Мой прогресс»: the mistakes due
for repetition, the lesson to continue, the weakest skill. Bounded: it reads
only what the page already read (the per-kind aggregates, the solved set, the
kept mistakes — at most ``aggregates.MISTAKES_KEPT``) and the course in memory.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import url_for

from engine.generate import KINDS as PRACTISED
from engine.plural import count_word
from engine.rules.sets import DEFAULT_RULESET
from engine.text.messages import RULESET_NAMES
from tutor.course.content import Lesson
from tutor.course.content import store as content_store
from tutor.course.drill_names import drill_name
from tutor.course.identity import lesson_drills
from tutor.drills import kinds
from tutor.drills.labels import skill_name
from tutor.storage.path import solved_drills
from tutor.storage.progress import KindTotals, Mistake
from tutor.storage.stats import parse_practice_key

LEVEL_NAMES: dict[str, str] = {"novice": "новичок", "player": "игрок", "master": "мастер"}
MAX_SEED = 2**53  # a practice seed stays exact in JSON and JavaScript
WEAK_AFTER = 5  # first attempts of a kind before its accuracy says anything
WEAK_BELOW = 0.7  # a kind answered right less often than this is worth practising


def practice_link(key: str, rules_: str | None = None) -> tuple[str, str] | None:
    """(url, label) of a practice problem key, or None when it is not one that exists.

    The link names the rule set of the key (the plain key: the default rules,
    or ``rules_`` when given — a class's set of a kind that keeps its own
    rules), so the problem reopens under the rules it was tried under, whatever
    the learner's class now plays.
    """
    parsed = parse_practice_key(key)
    registry = kinds()
    if (parsed is None or parsed.kind not in registry or parsed.level not in LEVEL_NAMES
            or not parsed.seed < MAX_SEED):
        return None
    shown = parsed.rules or rules_ or DEFAULT_RULESET.name
    url = url_for("practice.problem", kind=parsed.kind, level=parsed.level, seed=parsed.seed,
                  rules=shown)
    label = f"{registry[parsed.kind].title} · {LEVEL_NAMES[parsed.level]} · №{parsed.seed}"
    if parsed.rules:
        label += f" · {RULESET_NAMES.get(parsed.rules, parsed.rules)}"
    return url, label


def mistake_link(key: str, numbers: dict[str, int] | None = None) -> tuple[str, str] | None:
    """(url, label) for a practice problem key or ``lesson/<slug>/<drill>``; None if gone.

    ``numbers`` (:func:`tutor.course.drill_names.course_numbers`) saves computing
    the lessons' numbers again for each key of a list.
    """
    if key.startswith("practice/"):
        return practice_link(key)
    name = drill_name(key, numbers)  # wherever the drill moved since
    found = content_store().locate(key) if name is not None else None
    if name is not None and found is not None:
        lesson, drill_id = found
        return url_for("lessons.lesson", slug=lesson.slug, _anchor=f"drill-{drill_id}"), str(name)
    return None


@dataclass(frozen=True)
class Step:
    """One suggestion of «Что дальше»: what it says and where it leads."""

    text: str
    url: str
    action: str  # the link's words


def skill_accuracy(totals: KindTotals) -> float:
    """A kind's first-attempt score, a «почти» as half (0 before any answer)."""
    return totals.score / totals.total if totals.total else 0.0


def next_steps(kind_totals: tuple[KindTotals, ...], solved: frozenset[str],
               pending: list[Mistake], has_practice: bool) -> list[Step]:
    """What «Мой прогресс» suggests next, most pressing first (at most three)."""
    steps: list[Step] = []
    if pending and has_practice:
        due = count_word(len(pending), "ошибка ждёт", "ошибки ждут", "ошибок ждут")
        steps.append(Step(f"{due} повторения.", url_for("practice.retry"), "Повторить ошибку"))
    lesson = _lesson_to_continue(solved)
    if lesson is not None:
        number, found = lesson
        steps.append(Step(f"Продолжите курс: урок {number} «{found.title}».",
                          url_for("lessons.lesson", slug=found.slug), "Открыть урок"))
    weak = _weakest(kind_totals)
    if weak is not None and has_practice:
        registry = kinds()
        name = skill_name(weak.kind, registry[weak.kind].title if weak.kind in registry
                          else weak.kind)
        percent = round(100 * skill_accuracy(weak))
        steps.append(Step(f"Слабее всего навык «{name}»: {percent} % с первой попытки.",
                          url_for("practice.fresh", kind=weak.kind, level="novice"),
                          "Потренироваться"))
    return steps


def _lesson_to_continue(solved: frozenset[str]) -> tuple[int, Lesson] | None:
    """The first course lesson with a drill not solved yet (its number and the lesson)."""
    for number, lesson in enumerate(content_store().lessons(), start=1):
        if lesson.drills and len(solved_drills(lesson_drills(lesson), solved)) < len(lesson.drills):
            return number, lesson
    return None


def _weakest(kind_totals: tuple[KindTotals, ...]) -> KindTotals | None:
    tried = [k for k in kind_totals if k.total >= WEAK_AFTER and k.kind in PRACTISED
             and skill_accuracy(k) < WEAK_BELOW]
    return min(tried, key=skill_accuracy, default=None)
