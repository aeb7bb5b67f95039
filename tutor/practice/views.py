"""Endless practice: generated problems per drill kind and level, shareable by seed.

Routes (blueprint ``practice``):

- ``GET /practice`` — the kinds × levels (новичок, игрок, мастер) and the
  mistakes waiting to be answered right («Повторить ошибки»);
- ``GET /practice/<kind>/<level>`` — a redirect to a fresh random seed;
- ``GET|POST /practice/<kind>/<level>/<seed>`` — the problem :func:`engine.generate.generate`
  makes for that seed; POST grades it through the same drill kind a lesson
  uses (htmx gets the feedback fragment, a plain form the whole page);
- ``GET /practice/retry`` — the latest problem (practice or lesson drill) answered wrong;
- ``GET /practice/mixed?level=`` — «вперемешку»: a fresh problem of a random kind
  among those whose lesson the learner has started (:mod:`tutor.practice.catalogue`);
  its page carries ``?mix=1`` so that «Следующая задача» mixes on.

The index groups the kinds by the lesson that teaches them, each with the
learner's first-attempt accuracy (:mod:`tutor.practice.catalogue`).

Every practice URL takes ``?rules=<name>``: the rule set the problems are
shown and graded under (:mod:`tutor.practice.rules` — by default the rule
set of the learner's class; lesson drills keep their lesson's). The stored
problem key names it unless it is the default (:func:`tutor.practice.rules.key`),
and a mistake's link reopens the problem under it.

Bounded reads: the mistakes come from the store's kept list of pending mistakes
(one query, at most ``aggregates.MISTAKES_KEPT`` rows), the index's accuracy and
the mixed kinds from the per-kind aggregates and the solved lesson drills (one
bounded summary read), never from the history.
"""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass
from functools import lru_cache

from flask import (
    Blueprint,
    abort,
    g,
    get_template_attribute,
    redirect,
    render_template,
    url_for,
)
from flask.typing import ResponseReturnValue
from htmx_flask import request

from engine.errors import HandError
from engine.generate import KINDS, LEVELS, generate, level_hints
from engine.rules.sets import DEFAULT_RULESET
from engine.text.messages import RULESET_BY, RULESET_NAMES
from tutor import storage
from tutor.accounts.current import learner_id
from tutor.course import regrade
from tutor.course.drill_names import course_numbers
from tutor.drills import Drill, DrillError, build_drill, grading
from tutor.drills.grading import Outcome, Record
from tutor.practice import catalogue, rules
from tutor.progress.mistakes import LEVEL_NAMES, MAX_SEED, mistake_link
from tutor.review import positions as review_positions
from tutor.storage.errors import StorageError
from tutor.storage.progress import Summary

bp = Blueprint("practice", __name__, url_prefix="/practice")
log = logging.getLogger(__name__)

# The pages depend on the learner's class (its rule set) and carry their CSRF token.
PRIVATE = {"Cache-Control": "private", "Vary": "Cookie"}
NO_PROBLEM = "Такой задачи нет: проверьте вид упражнения, уровень и номер."
MISTAKES_SHOWN = 10


@dataclass(frozen=True)
class Task:
    """One practice problem as shown: its coordinates, the prepared drill and its rules.

    ``choice`` is the rule set picked by hand (carried on in every link and
    form), ``asked`` the one wanted (the choice or the class's), ``drill``
    prepared under ``asked`` unless ``fell_back`` (impossible under it).
    """

    kind: str
    level: str
    seed: int
    drill: Drill
    choice: str | None = None
    asked: str | None = None
    fell_back: bool = False

    @property
    def key(self) -> str:
        """The stored key: the rules asked for are part of the problem (:func:`rules.key`)."""
        return rules.key(self.kind, self.level, self.seed, self.asked)

    @property
    def level_name(self) -> str:
        return LEVEL_NAMES[self.level]

    @property
    def answer_rules(self) -> str | None:
        """The ``?rules=`` of the answer form: the rule set the page was shown under.

        The class's default is asked again on the POST, and the learner may have
        joined or left a class in between: the answer must be graded under the
        rules the page showed, so the form names them even when nobody chose them.
        """
        return self.choice or self.asked

    @property
    def rules(self) -> str:
        """The rule set the problem is graded under."""
        return str(self.drill.params.get("rules") or "online")

    @property
    def rules_name(self) -> str:
        return RULESET_NAMES.get(self.rules, self.rules)

    @property
    def fallback_note(self) -> str:
        """Why the problem is not under the wanted rules (empty when it is)."""
        if not self.fell_back or self.asked is None:
            return ""
        return (f"По {RULESET_BY[self.asked]} такая задача невозможна, поэтому она "
                f"показана по {RULESET_BY.get(self.rules, self.rules)}.")


@lru_cache(maxsize=512)
def _params(kind: str, level: str, seed: int) -> dict[str, object] | None:
    """The generated problem's parameters (generation is pure, so caching is safe)."""
    try:
        return {"id": "task", **generate(kind, level, seed).params}
    except HandError:
        log.exception("practice problem %s/%s/%s could not be generated", kind, level, seed)
        return None


@lru_cache(maxsize=512)
def _prepare(kind: str, level: str, seed: int, ruleset: str | None = None) -> Drill | None:
    """The problem prepared under ``ruleset`` (None: its own rules); None if it cannot be."""
    params = _params(kind, level, seed)
    if params is None:
        return None
    if ruleset is not None:
        params = {**params, "rules": ruleset}
    try:
        return build_drill(kind, params, 0)
    except (HandError, DrillError):
        if ruleset is None:
            log.exception("practice problem %s/%s/%s could not be built", kind, level, seed)
        return None


def prepared(kind: str, level: str, seed: int, ruleset: str | None) -> Drill | None:
    """The problem a practice key names (``ruleset``: the key's, None for the default).

    A kind whose generator draws the rules keeps its own; None when the key
    names no problem that can be prepared.
    """
    if kind not in KINDS or level not in LEVELS or not 0 <= seed < MAX_SEED:
        return None
    params = _params(kind, level, seed)
    if params is None:
        return None
    if "rules" in params:
        return _prepare(kind, level, seed)
    return _prepare(kind, level, seed, ruleset or DEFAULT_RULESET.name)


def task(kind: str, level: str, seed: int) -> Task:
    """The problem at this URL under the learner's rules, or a 404 with a Russian message."""
    if kind not in KINDS or level not in LEVELS or not 0 <= seed < MAX_SEED:
        abort(404, description=NO_PROBLEM)
    params = _params(kind, level, seed)
    if params is None:
        abort(404, description=NO_PROBLEM)
    own_rules = "rules" in params  # the generator drew them: they are part of the problem
    asked = None if own_rules else rules.wanted()
    drill = _prepare(kind, level, seed, asked) if asked is not None else None
    fell_back = asked is not None and drill is None
    if drill is None:
        drill = _prepare(kind, level, seed)
    if drill is None:
        abort(404, description=NO_PROBLEM)
    return Task(kind, level, seed, drill, rules.chosen(), asked, fell_back)


def _mistakes() -> list[str]:
    """Problems whose latest answer was wrong, newest first, after the positions of
    reviewed games made drills and not yet solved (a flagged decision is a mistake
    already made at the table).

    One query on the kept mistakes (``aggregates.MISTAKES_KEPT`` rows at most) and one
    on the pending positions (``MISTAKES_SHOWN`` at most), read once per request.
    """
    if "tempai_mistakes" not in g:
        # a rule value or a club lesson changed: grade again (how many retired, for a note)
        g.tempai_retired = regrade.refresh([learner_id()], prepared)
        try:
            found = storage.store().mistakes(learner_id())
            g.tempai_mistakes = [m.problem for m in found]
            fresh = [key for key in review_positions.pending_keys(MISTAKES_SHOWN)
                     if key not in g.tempai_mistakes]
            g.tempai_mistakes = fresh + g.tempai_mistakes
        except (StorageError, KeyError, ImportError):
            g.tempai_mistakes = []
    mistakes: list[str] = g.tempai_mistakes
    return mistakes


def _mistake_link(key: str, numbers: dict[str, int] | None = None) -> tuple[str, str] | None:
    """(url, label) for a practice problem key, a lesson drill's key or ``review/<id>``."""
    if key.startswith(review_positions.KEY_PREFIX):
        return review_positions.link_of(key)
    return mistake_link(key, numbers)


def _mistake_links(keys: list[str]) -> list[tuple[str, str]]:
    links = []
    numbers = course_numbers()
    # a generator: stops at the first MISTAKES_SHOWN that resolve
    for link in (_mistake_link(key, numbers) for key in keys):
        if link is not None:
            links.append(link)
            if len(links) == MISTAKES_SHOWN:
                break
    return links


def _summary() -> Summary | None:
    """The learner's per-kind aggregates and solved drills (one bounded read), or None."""
    try:
        return storage.store().summary(learner_id())
    except StorageError:
        return None


@bp.get("")
def index() -> ResponseReturnValue:
    hints = {k: level_hints(k) for k in KINDS}
    html = render_template("practice/page.html", groups=catalogue.groups(_summary()),
                           hints=hints, levels=LEVEL_NAMES,
                           mistakes=_mistake_links(_mistakes()), rulesets=RULESET_NAMES,
                           retired=regrade.retired_note(g.get("tempai_retired", 0)),
                           choice=rules.chosen(), wanted=rules.wanted() or "online")
    return html, 200, PRIVATE


@bp.get("/mixed")
def mixed() -> ResponseReturnValue:
    """«Вперемешку»: a fresh problem of a kind whose lesson the learner has started."""
    level = request.args.get("level", "novice")
    if level not in LEVELS:
        abort(404, description=NO_PROBLEM)
    summary = _summary()
    pool = catalogue.mixed_kinds(summary.solved if summary else frozenset())
    kind = pool[secrets.randbelow(len(pool))] if pool else KINDS[0]
    response = redirect(url_for("practice.problem", kind=kind, level=level,
                                seed=secrets.randbelow(1_000_000_000), rules=rules.chosen(),
                                mix=1))
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/<kind>/<level>")
def fresh(kind: str, level: str) -> ResponseReturnValue:
    """A new random problem: redirect, so the seed is in the URL and can be shared."""
    if kind not in KINDS or level not in LEVELS:
        abort(404, description=NO_PROBLEM)
    seed = secrets.randbelow(1_000_000_000)
    response = redirect(url_for("practice.problem", kind=kind, level=level, seed=seed,
                                rules=rules.chosen()))
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/retry")
def retry() -> ResponseReturnValue:
    """The latest problem still answered wrong, practice or lesson («Повторить ошибку»)."""
    first = next(filter(None, map(_mistake_link, _mistakes())), None)  # only the first is used
    return redirect(first[0] if first else url_for("practice.index"))


def _mixing() -> bool:
    """This problem came from «вперемешку»: its next problem mixes on."""
    return request.args.get("mix") == "1"


def _respond(current: Task, outcome: Outcome | None) -> ResponseReturnValue:
    headers = {**PRIVATE, "Vary": "HX-Request, Cookie"}
    others = [key for key in _mistakes() if key != current.key and key.startswith("practice/")]
    mistakes = [url for url, _ in _mistake_links(others)]
    status = outcome.status if outcome else 200
    if request.htmx and outcome is not None:
        area = get_template_attribute("practice/feedback.html", "feedback_area")
        return str(area(current, outcome, mistakes, oob=True, mixed=_mixing())), status, headers
    html = render_template("practice/problem.html", task=current, outcome=outcome,
                           mistakes=mistakes, levels=LEVEL_NAMES, rulesets=RULESET_NAMES,
                           mixed=_mixing())
    return html, status, headers


@bp.route("/<kind>/<level>/<int:seed>", methods=["GET", "POST"])
def problem(kind: str, level: str, seed: int) -> ResponseReturnValue:
    """Show the problem, or grade the answer posted to it."""
    current = task(kind, level, seed)
    if request.method == "GET":
        return _respond(current, None)
    record = Record(current.key, source="practice", level=level)
    return _respond(current, grading.answer(current.drill, request.form, record))


def _this_task() -> tuple[Task, Drill]:
    args = request.view_args or {}
    current = task(str(args.get("kind")), str(args.get("level")), int(args.get("seed", -1)))
    return current, current.drill


grading.refuse_in_place(bp, _this_task, _respond)
