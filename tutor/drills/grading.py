"""The one answer path: grade, diagnose once, record through storage, return an :class:`Outcome`.

Every endpoint that grades a drill — lesson drills (:mod:`tutor.course.answers`),
practice (:mod:`tutor.practice.views`), the author preview
(:mod:`tutor.authoring.views`), the studio preview and club lessons
(:mod:`tutor.studio`) — calls :func:`answer` and hands the :class:`Outcome` it
returns to its template as an argument. The outcome carries everything the
feedback shows: the verdict with its credit, the diagnoses of a wrong answer,
the notes under the verdict and what storage did with the answer. Nothing
travels beside it (no ``flask.g`` flag, no template global that reads the
request again), so a fragment rendered from one outcome can never show another
learner's saving notice.

A preview passes no :class:`Record`: nothing is stored and the outcome says
``NOT_RECORDED`` (:class:`~tutor.storage.progress.SaveResult`).

«Показать решение» before any answer (the form's first attempt) gives the
problem up: it is recorded as that first attempt, a miss with no diagnosis,
through the same :func:`_store` — so progress, a class's dashboard and
practice set, and «Повторить ошибки» (the problem is due again) count it as
they count a wrong answer. Its kept answer is the request itself
(:data:`GIVEN_UP`, ``action=solution``): graded again after a rule value
changes (:mod:`tutor.course.regrade`) it is still no answer, so the problem
stays due, where a mistake with no answer kept could not be told and would be
retired. Its stored key is the form's nonce with the reveal
(:func:`reveal_key`), whatever was ticked: asked twice, it is one row. The
form's attempt then moves on, so what is answered after it is a later
attempt; a reveal on a later attempt (after a miss, or after a right answer)
records nothing.

A wrong answer is a chance, not the solution: on a form's first attempt a
miss (or a «почти») marks the chosen answer and asks for another try, with
the diagnosis as a hint (it names the rule missed, as a teacher would); the
solution — and whatever a drill keeps hidden until then, such as the riichi
player's hand — is shown on «Показать решение», after a right answer, or
after the second miss (:attr:`Outcome.revealed`). Every attempt is recorded
with its number: the first one is what the figures count and what spaced
repetition remembers (:mod:`tutor.storage.aggregates`).

A re-sent form is counted once: each rendered question form carries a random
``nonce`` (:func:`form_nonce`); the stored key is a hash of that nonce and the
answer (:func:`answer_key`), so the same answer sent twice (a double click, a
resubmitted page) is one row, while a corrected answer in the same form is a
new one.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import secrets
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TypeVar

from flask import Blueprint, has_request_context, request
from flask.typing import ResponseReturnValue
from flask_wtf.csrf import CSRFError
from werkzeug.datastructures import MultiDict
from werkzeug.exceptions import HTTPException

from engine.plural import count_word
from engine.rules.sets import Ruleset, get_ruleset
from tutor.accounts.current import current_learner
from tutor.drills.base import BadAnswer, Drill, Verdict, wants_solution
from tutor.storage import store
from tutor.storage.accounts import note_practice_solved
from tutor.storage.errors import StorageError
from tutor.storage.progress import SaveResult
from tutor.web.errors import CSRF_MESSAGE, message_for, render_error

log = logging.getLogger(__name__)

NOT_SAVED = "Не удалось сохранить прогресс: ответ проверен, но в статистику не попал."
# The hourly budget of stored answers (tutor.storage.budget) is spent.
OVER_BUDGET = ("Ответ проверен, но не сохранён: за этот час сохранено уже {count} — больше, "
               "чем успевает решить человек. В следующем часу ответы снова будут сохраняться.")
_NONCE = re.compile(r"[0-9a-f]{8,64}")
_SKIP_FIELDS = frozenset({"csrf_token", "nonce", "action", "attempt"})


MAX_NOTES = 2  # diagnoses shown under one verdict
REVEAL_AT = 2  # the attempt whose miss shows the solution unasked
# The kept answer of a problem given up: the «Показать решение» request, which grades as
# no answer under any rule values (wants_solution), so it never becomes right.
GIVEN_UP: tuple[tuple[str, str], ...] = (("action", "solution"),)
# Sources whose right answers an instructor's assignments read (practice sets, positions of
# reviewed games): kept per account by note_practice_solved.
SOLVED_NOTED = frozenset({"practice", "review"})


@dataclass(frozen=True)
class Diagnosis:
    """A rule the wrong answer most likely missed: its stable id and the message."""

    rule: str  # "<kind>.<rule name>", kept with the stored answer
    text: str


def diagnoses(drill: Drill, verdict: Verdict) -> list[Diagnosis]:
    """The rules a wrong answer most likely missed (at most :data:`MAX_NOTES`).

    The kind's rows (:attr:`tutor.drills.base.DrillKind.diagnoses`) are tried
    most specific first; the fallback rows only when no other row matched.
    A right answer, or one no row explains, gets none.
    """
    if verdict.correct or verdict.solution_only:
        return []
    found: list[Diagnosis] = []
    for fallback in (False, True):
        for match in _matches_of(drill, verdict, fallback):
            if all(match.text != seen.text for seen in found):
                found.append(match)
            if len(found) == MAX_NOTES:
                return found
        if found:
            break
    return found


def _matches_of(drill: Drill, verdict: Verdict, fallback: bool) -> Iterator[Diagnosis]:
    kind = drill.kind.name
    for rule in drill.kind.diagnoses:
        if rule.fallback != fallback:
            continue
        try:
            fields = rule.detect(drill, verdict)
        except (KeyError, AttributeError, TypeError, ValueError):
            # A detector never breaks the feedback, but a broken one must be seen.
            log.exception("diagnosis %s.%s failed", kind, rule.name)
            continue
        if fields is not None:
            text = rule.message.format(**fields)
            yield Diagnosis(f"{kind}.{rule.name}", text[:1].upper() + text[1:])


@dataclass(frozen=True)
class Record:
    """Where an answer is stored: its problem key and how the statistics group it."""

    problem: str  # 'lesson/<slug>/<drill>', 'practice/…', 'club/…', 'review/<id>'
    source: str = "lesson"  # 'lesson' | 'practice' | 'review'
    lesson: str | None = None
    level: str | None = None


@dataclass(frozen=True)
class Note:
    """A line under the verdict: a diagnosis or a warning about saving."""

    text: str
    kind: str  # "diagnosis" | "warning"


@dataclass(frozen=True)
class Outcome:
    """One answer's result, as every feedback template receives it.

    ``verdict`` is None when the answer was refused (``error`` says why, in
    Russian, with ``status``); ``attempt`` is the learner's attempt at this
    form (1 for the first); ``notes`` are the diagnoses' lines, then the
    warning when the answer was not stored.
    """

    drill: Drill
    form: MultiDict[str, str]
    verdict: Verdict | None = None
    error: str | None = None
    status: int = 200
    attempt: int = 1
    diagnoses: tuple[Diagnosis, ...] = ()
    saved: SaveResult = SaveResult.NOT_RECORDED
    notes: tuple[Note, ...] = ()
    # The attempt the form's next answer is: one more after a graded answer or a
    # «Показать решение» before any answer (it gives the first attempt up); the same after
    # a refused answer or a later reveal (neither is an attempt).
    next_attempt: int = field(init=False, default=1)

    def __post_init__(self) -> None:
        counted = self.verdict is not None and (not self.verdict.solution_only
                                                or self.attempt == 1)
        object.__setattr__(self, "next_attempt", self.attempt + 1 if counted else self.attempt)

    @property
    def solution_shown(self) -> bool:
        """The learner asked for the solution instead of answering."""
        return self.verdict is not None and self.verdict.solution_only

    @property
    def given_up(self) -> bool:
        """A miss the figures count: a graded one, or the solution asked before any answer.

        «Попробовать ещё раз» then carries the form's attempts on, and practice offers
        «Повторить ошибку» for this very problem.
        """
        return self.missed or (self.solution_shown and self.attempt == 1)

    @property
    def missed(self) -> bool:
        """A graded answer short of full credit (wrong or «почти»): its choice is marked."""
        return self.verdict is not None and not self.verdict.solution_only \
            and not self.verdict.correct

    @property
    def revealed(self) -> bool:
        """The solution is shown: asked for, answered right, or missed a second time."""
        return self.verdict is not None and (not self.missed or self.attempt >= REVEAL_AT)

    @property
    def retry(self) -> bool:
        """A first miss: «Попробовать ещё раз» before any solution is shown."""
        return self.missed and not self.revealed


def answer(drill: Drill, form: MultiDict[str, str], record: Record | None = None) -> Outcome:
    """Grade ``form`` against ``drill`` and, with ``record``, store the answer.

    A forged or malformed answer is an outcome with its error, never an
    exception; storage failures never cost the learner the grading.
    """
    attempt = attempt_of(form)
    if wants_solution(form):
        shown = Verdict(False, solution_only=True)
        saved = SaveResult.NOT_RECORDED
        if record is not None and attempt == 1:  # the first attempt given up (module docstring)
            saved = _store(drill, form, shown, (), record)
        return Outcome(drill, form, shown, attempt=attempt, saved=saved, notes=_warnings(saved))
    try:
        verdict = drill.kind.grade(drill, form)
    except BadAnswer as exc:
        return refused(drill, form, exc.status, exc.message)
    found = tuple(diagnoses(drill, verdict))
    saved = SaveResult.NOT_RECORDED
    if record is not None:
        saved = _store(drill, form, verdict, found, record)
    notes = tuple(Note(d.text, "diagnosis") for d in found) + _warnings(saved)
    return Outcome(drill, form, verdict, attempt=attempt, diagnoses=found, saved=saved,
                   notes=notes)


def refused(drill: Drill, form: MultiDict[str, str], status: int, message: str) -> Outcome:
    """An answer that could not be graded (forged input, a failed CSRF check): its message."""
    return Outcome(drill, form, error=message, status=status, attempt=attempt_of(form))


def attempt_of(form: MultiDict[str, str]) -> int:
    """The attempt a form (or a query string) names: 1 when absent or forged."""
    text = form.get("attempt", "")
    if text.isascii() and text.isdigit() and len(text) <= 3 and text[0] != "0":
        return int(text)
    return 1  # absent or forged: the count is the form's own, shown back, never trusted


def _store(drill: Drill, form: MultiDict[str, str], verdict: Verdict,
           found: tuple[Diagnosis, ...], record: Record) -> SaveResult:
    learner = current_learner()
    try:
        progress = store()  # migrated on first use: the database may be down
    except StorageError:
        log.warning("could not save an answer: the store is unavailable", exc_info=True)
        return SaveResult.FAILED
    attempt = attempt_of(form)
    nonce = reveal_key(form.get("nonce")) if verdict.solution_only \
        else answer_key(form.get("nonce"), form)
    saved = progress.record(
        learner.id, nonce=nonce, source=record.source,
        kind=drill.kind.name, problem=record.problem, correct=verdict.correct,
        level=record.level, lesson=record.lesson, rule=found[0].rule if found else None,
        address=request.remote_addr or "?", attempt=attempt,
        partial=not verdict.correct and bool(verdict.credit),
        # a wrong answer is kept in its own row, to grade it again if a rule value changes;
        # a solution shown before answering keeps the request, which stays unanswered
        kept=() if verdict.correct else GIVEN_UP if verdict.solution_only
        else answer_fields(form),
        graded=None if verdict.correct else graded_under(drill),
    )
    if saved is SaveResult.SAVED and verdict.correct and record.source in SOLVED_NOTED \
            and learner.account:
        try:  # an instructor's assignments read which practice problems were solved
            with progress.transaction() as conn:
                note_practice_solved(conn, learner.id, record.problem, later=attempt > 1)
        except StorageError:
            log.warning("could not note a solved practice problem", exc_info=True)
    return saved


RULES_PART = 16  # graded_under's first characters: the rule values alone


def graded_under(drill: Drill) -> str:
    """A fingerprint of what a wrong answer was graded against: 32 characters.

    The first :data:`RULES_PART` are the rule values the drill is graded under
    (:func:`rules_fingerprint`), the rest its question and its answer
    (:func:`drill_fingerprint`). Stored with a wrong answer
    (:meth:`~tutor.storage.progress.ProgressStore.record`); when it differs from
    the drill's now — a value changed, or the lesson's author corrected the
    drill under the same id — the kept answer is graded again
    (:mod:`tutor.course.regrade`).
    """
    rules = rules_fingerprint(drill.params.get("rules"), drill.params.get("red_fives"))
    return rules + drill_fingerprint(drill)


def drill_fingerprint(drill: Drill) -> str:
    """A digest of the drill's parameters and its rendered solution (16 characters).

    The parameters are the question as written (and a choice drill's answer);
    the solution is the engine's answer with its explanation, so a corrected
    engine changes it too. Rendered once per drill and the same in every
    process and under either engine; a mere rewording changes it as well, which
    costs one more grading of the kept answer and keeps a still-wrong mistake.
    """
    # Worked out once per drill (and script root, as the solution is rendered): every
    # wrong answer stores it, and the digest of the whole solution cost a fiftieth of one.
    root = request.script_root if has_request_context() else ""
    return drill.derived(f"fingerprint {root}", _drill_digest)


def _drill_digest(drill: Drill) -> str:
    question = json.dumps(drill.params, sort_keys=True, default=str, ensure_ascii=False)
    text = f"{question}\0{drill.solution_html()}"
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def rules_fingerprint(rules: str | None, red_fives: bool | None = None) -> str:
    """The rule part of :func:`graded_under` for a drill under the set named ``rules``.

    ``None``: the default set.

    Pages that list mistakes compare one per kept answer: the digest is
    remembered per set's values (a changed value is another key).
    """
    return _fingerprint(get_ruleset(rules), red_fives)


@lru_cache(maxsize=64)
def _fingerprint(rules: Ruleset, red_fives: bool | None) -> str:
    return hashlib.sha256(repr((rules, red_fives)).encode()).hexdigest()[:16]


def answer_fields(form: MultiDict[str, str]) -> list[tuple[str, str]]:
    """The learner's answer in a form: its fields without the token, nonce and attempt."""
    return [(k, v) for k, v in form.items(multi=True) if k not in _SKIP_FIELDS]


def _warnings(saved: SaveResult) -> tuple[Note, ...]:
    if saved is SaveResult.FAILED:
        return (Note(NOT_SAVED, "warning"),)
    if saved is SaveResult.OVER_BUDGET:
        return (Note(_over_budget(), "warning"),)
    return ()


def _over_budget() -> str:
    try:
        limit = store().answers_per_hour() or 0
    except StorageError:
        limit = 0
    count = count_word(limit, "ответ", "ответа", "ответов") if limit else "много ответов"
    return OVER_BUDGET.format(count=count)


def answer_key(form_nonce: str | None, form: MultiDict[str, str]) -> str:
    """The stored nonce: same rendered form + same answer → same key (counted once)."""
    if not form_nonce or not _NONCE.fullmatch(form_nonce):
        return secrets.token_hex(16)  # no usable nonce: count this request on its own
    answer = sorted((k, v) for k, v in form.items(multi=True) if k not in _SKIP_FIELDS)
    digest = hashlib.sha256(json.dumps([form_nonce, answer]).encode()).hexdigest()
    return digest[:40]


def reveal_key(form_nonce: str | None) -> str:
    """The stored nonce of «Показать решение»: one per rendered form, whatever it holds."""
    return answer_key(form_nonce, MultiDict([("reveal", "solution")]))


def form_nonce() -> str:
    """A fresh nonce for one rendered question form."""
    return secrets.token_hex(12)


Page = TypeVar("Page")


def refuse_in_place(bp: Blueprint, find: Callable[[], tuple[Page, Drill]],
                    respond: Callable[[Page, Outcome], ResponseReturnValue]) -> None:
    """Show a failed CSRF check or a forged answer in the drill's feedback area.

    ``find`` returns the page and the drill of this request's URL (it aborts
    with 404 when there is none); ``respond`` renders the page or the htmx
    fragment with the refused :class:`Outcome`, as for a graded answer.
    """
    def in_place(status: int, message: str) -> ResponseReturnValue:
        try:
            page, drill = find()
        except HTTPException as missing:
            if missing.response is not None:  # a moved drill's redirect: follow it there
                return missing.response
            # No such lesson or drill: answer as any unknown page does. Raised from
            # inside an error handler it would escape Flask's handling as a 500.
            return render_error(missing.code or 404, message_for(missing))
        form = request.form if request.method == "POST" else MultiDict[str, str]()
        return respond(page, refused(drill, form, status, message))

    def bad_answer(error: BadAnswer) -> ResponseReturnValue:
        return in_place(error.status, error.message)

    def csrf_failed(error: CSRFError) -> ResponseReturnValue:
        return in_place(400, CSRF_MESSAGE)

    bp.register_error_handler(BadAnswer, bad_answer)
    bp.register_error_handler(CSRFError, csrf_failed)
