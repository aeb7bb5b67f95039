"""The drill-kind interface and the toolkit every kind uses.

A drill kind is one module in :mod:`tutor.drills.kind` with one class decorated
by :func:`tutor.drills.register`, plus one template ``templates/drills/<name>.html``
defining three macros:

- ``question(drill, form)`` — the inputs inside the drill's ``<form>`` (the
  frame in ``drills/_frame.html`` adds the title, prompt, hidden fields and the
  «Проверить»/«Показать решение» buttons); ``form`` is the submitted
  ``MultiDict`` after a plain POST or ``None`` — show it again with
  ``drill.kind.kept_answer(form)``;
- ``feedback(drill, verdict)`` — the verdict-specific lines under the verdict
  (your answer, missed tiles…); ``verdict.solution_only`` is true for
  «Показать решение»;
- ``solution(drill)`` — the answer-independent explanation (the same for
  every learner and answer), which the frame (``drills/_feedback.html``)
  places after ``feedback``, rendered once per drill
  (:meth:`Drill.solution_html`).

The class declares, as class attributes:

- ``name`` — the word after ``///`` in a lesson (``waits``);
- ``title`` — the Russian heading shown above the drill;
- ``default_prompt`` — the question when the author gives none (``str.format``
  fields are the drill's parameters);
- ``params`` — a tuple of :class:`Param` (name, converter, default), checked
  when the lesson is loaded; the converters raise ``HandError``/``ValueError``
  with a Russian message (shared sets in :mod:`tutor.drills.params`);
- ``diagnoses`` — its rows of :class:`Rule`: what a wrong answer most likely
  missed, most specific first (:func:`tutor.drills.grading.diagnoses`);
- ``own_rules`` — True when the practice generator draws the rule set, so the
  learner's own is not applied;

and the methods:

- ``prepare(params)`` — computes the engine's answer once, at load time
  (raise ``HandError`` if the drill makes no sense, e.g. the hand is not tenpai);
- ``view(params, solution)`` — optional: what the templates draw beside the
  solution, made once at load (``drill.view``), so a template reads data;
- ``grade(drill, form)`` — reads the learner's answer with the form readers
  below (they raise :class:`BadAnswer` for forged or malformed input) and
  returns a :class:`Verdict` — with ``credit`` :data:`PARTIAL` for a close
  answer, shown as «Почти»;
- ``kept_answer(form)`` — the learner's answer as the question shows it again.

Grading is stateless: parameters come from the lesson, never from the form.
``id``, ``prompt``, ``rules`` and ``red_fives`` are accepted by every kind
(:data:`tutor.drills.COMMON_PARAMS`). Endpoints never call ``grade``
themselves: :func:`tutor.drills.grading.answer` grades, diagnoses and records.

The smallest kind, «Найдите дору» (``tutor/drills/kind/dora.py`` +
``templates/drills/dora.html``), in short::

    @register
    class Dora(DrillKind):
        name = "dora"
        diagnoses = DORA_MISTAKES
        title = "Найдите дору"
        default_prompt = "Какие тайлы — дора при этих индикаторах?"
        params = (Param("indicators", indicators),)

        def prepare(self, params):
            return tuple(DoraStep(t, dora_from_indicator(t), …) for t in params["indicators"])

        def grade(self, drill, form):
            picked = picked_tiles(form)  # BadAnswer on forged tiles
            return grade_tile_set(picked, {step.dora for step in drill.solution})

        def kept_answer(self, form):
            return ticked_codes(form)
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar

from flask import current_app, get_template_attribute, has_request_context, request
from markupsafe import Markup
from werkzeug.datastructures import MultiDict

from engine.errors import HandError
from engine.hand import Hand, parse_hand
from engine.tiles import Tile, parse_tile, tile_code, tile_name


class _Required:
    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED: Any = _Required()
T = TypeVar("T")


@dataclass(frozen=True)
class Param:
    """One drill parameter: its YAML key, converter/validator and default."""

    name: str
    convert: Callable[[Any], Any]
    default: Any = REQUIRED
    help: str = ""

    @property
    def required(self) -> bool:
        return self.default is REQUIRED


class DrillError(ValueError):
    """A drill block that cannot be used; ``key`` names the offending parameter."""

    def __init__(self, message: str, key: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.key = key


def drill_hand(params: Mapping[str, Any], size: int, key: str = "hand") -> Hand:
    """The drill's hand (``params[key]`` with ``params["melds"]``), checked by the engine.

    A hand the engine refuses (wrong count, a fifth copy, a bad meld) is the
    fault of the ``hand`` parameter, so the error names it and the content
    check points at that line instead of the block's first one.
    """
    try:
        return parse_hand(params[key], params["melds"], size=size)
    except HandError as exc:
        raise DrillError(str(exc), key) from None


class BadAnswer(Exception):
    """A malformed or forged answer: the site answers 4xx with ``message``."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


FULL, PARTIAL, NONE = 1.0, 0.5, 0.0  # the credits a verdict gives


@dataclass(frozen=True)
class Verdict:
    """The grade of one answer.

    ``details`` is kind-specific data for the feedback template (missed tiles,
    the learner's number, ...); ``solution_only`` marks a «Показать решение»
    request, which shows the explanation without grading anything.

    ``credit`` is how much the answer is worth: :data:`FULL` for a right one,
    :data:`NONE` for a wrong one (the default follows ``correct``), and
    :data:`PARTIAL` for an answer that is close — a kind graded by how good a
    choice is (the ukeire it keeps, the danger it risks) gives it to a
    second-best choice, and the feedback says «Почти». Only full credit is
    ``correct``, and only it counts as solved in the progress.
    """

    correct: bool
    details: Mapping[str, Any] = field(default_factory=dict)
    solution_only: bool = False
    credit: float | None = None
    # Value of ``data-verdict`` on the feedback area: solution, correct, partial or incorrect.
    label: str = field(init=False, default="")

    def __post_init__(self) -> None:
        if self.credit is None:
            object.__setattr__(self, "credit", FULL if self.correct else NONE)
        if self.correct and self.credit != FULL:
            raise ValueError("a right answer gets full credit")
        label = ("solution" if self.solution_only else "correct" if self.correct
                 else "partial" if self.credit else "incorrect")
        object.__setattr__(self, "label", label)


Fields = Mapping[str, Any]
Detector = Callable[["Drill", Verdict], "Fields | None"]


@dataclass(frozen=True)
class Rule:
    """One row of a kind's diagnosis table: a mistake's detector and the message naming the rule.

    ``detect`` compares the learner's answer (the verdict's details) with the
    engine's itemised answer (the drill's solution) and returns the fields of
    ``message`` when the answer is exactly what forgetting that rule gives (a
    fu answer 10 short on a closed ron, a dealer paid like a non-dealer…),
    else None. ``name`` identifies the rule for good (stored with every wrong
    answer as ``<kind>.<name>``, read by the classes dashboard): rename it
    never, reword the message freely. The wording is site wording, so it
    lives with the kind rather than in the engine's text.
    """

    detect: Detector
    message: str
    fallback: bool = False  # only when no other rule of the kind matched
    name: str = ""


class DrillKind:
    """Base class of drill kinds (see the module docstring for the contract)."""

    name: ClassVar[str]
    title: ClassVar[str]
    default_prompt: ClassVar[str]
    params: ClassVar[tuple[Param, ...]] = ()
    # What a wrong answer most likely missed, most specific first (tutor.drills.grading).
    diagnoses: ClassVar[tuple[Rule, ...]] = ()
    # True when the practice generator draws the problem's rule set: the learner's (or
    # their class's) rule set is then not applied to it (tutor.practice.rules).
    own_rules: ClassVar[bool] = False

    def prompt_fields(self, params: Mapping[str, Any]) -> Mapping[str, Any]:
        """Values for the ``default_prompt`` fields; override to name tiles in Russian."""
        return params

    def prepare(self, params: Mapping[str, Any]) -> Any:
        """The engine's answer for these parameters (``HandError`` if unusable)."""
        raise NotImplementedError

    def grade(self, drill: Drill, form: MultiDict[str, str]) -> Verdict:
        """Compare the learner's answer with ``drill.solution``."""
        raise NotImplementedError

    def view(self, params: Mapping[str, Any], solution: Any) -> Any:
        """What the templates draw beside ``solution`` (``drill.view``), made once at load."""
        return None

    def kept_answer(self, form: MultiDict[str, str] | None) -> Any:
        """The learner's answer as ``question(drill, form)`` shows it again, or its blank.

        A plain (no-JS) answer re-renders the whole page; the question keeps what
        the learner ticked or chose (tile codes, a tile, letters), read leniently
        from ``form`` — a forged value shows as unticked, never as an error.
        ``form`` is None for a question no one answered yet.
        """
        return None


@dataclass(frozen=True)
class Drill:
    """One drill block of a lesson, validated and prepared.

    It also keeps its answer-independent renderings (:meth:`solution_html`,
    :meth:`blank_question`): a drill is immutable and lives in the content
    store's cache for as long as its lesson file is unchanged; an edit (or a
    glossary change) builds new drills, so a stale rendering is never shown,
    and the renderings go with the drill (practice and preview drills are built
    per request). Nothing that depends on an answer or a learner is kept.
    """

    kind: DrillKind
    id: str
    params: Mapping[str, Any]
    prompt: str
    line: int
    solution: Any
    # What the kind's templates draw beside the solution, worked out once with it
    # (:meth:`DrillKind.view`): a template reads data, it does not call the kind.
    view: Any = None
    template: str = field(init=False, compare=False)  # drills/<kind>.html
    # (template, macro, script root) -> HTML; the script root for the links an explanation
    # may hold
    _rendered: dict[tuple[str, str, str], Markup] = field(
        default_factory=dict, init=False, compare=False, repr=False)
    # name -> answer-independent data a kind works out only when an answer needs it (derived)
    _derived: dict[str, Any] = field(default_factory=dict, init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "template", f"drills/{self.kind.name}.html")

    def solution_html(self) -> Markup:
        """The kind's ``solution(drill)`` macro — the same for every answer — rendered once."""
        return self._once("solution")

    def blank_question(self) -> Markup:
        """The kind's ``question(drill, None)`` — the inputs before any answer — rendered once.

        Every view of a lesson page draws it for each of the lesson's drills.
        """
        return self._once("question", None)

    def macros(self) -> Any:
        """The kind's template as a module of its macros: what
        ``{% import drill.template as kind %}`` gives, built once per template.

        An ``import`` inside a macro runs on every call and each time compares the
        globals of both templates (a set difference over every Jinja global, about
        the cost of drawing a hand); the module it returns is this very one, since
        no template here is loaded with globals of its own.
        """
        return current_app.jinja_env.get_template(self.template).module

    def derived(self, name: str, compute: Callable[[Drill], T]) -> T:
        """``compute(self)``, worked out on the first call and kept with the drill.

        For data that depends on the drill alone but only some answers need (the
        other readings of a won hand, after a wrong tick): computing it when the
        drill is built would cost every page that draws it. Kept as the rendered
        HTML is, for the drill's life; ``compute`` must return an immutable value.
        """
        if name not in self._derived:  # two threads may both compute it: the same value
            self._derived[name] = compute(self)
        value: T = self._derived[name]
        return value

    def part(self, macro: str, template: str | None = None) -> Markup:
        """``macro(drill)`` of the kind's template (or of ``template``, whose macro the
        kind shares) — a part of the question no answer changes, such as the won hand
        with its situation or the table of ponds — rendered once.

        A wrong answer redraws its question with the learner's choice marked: the
        inputs change, what stands around them depends on the drill alone.
        """
        return self._once(macro, template=template)

    def _once(self, macro: str, *args: Any, template: str | None = None) -> Markup:
        source = template or self.template
        key = (source, macro, request.script_root if has_request_context() else "")
        html = self._rendered.get(key)
        if html is None:  # two threads may both render it: the same HTML, kept once
            html = Markup(get_template_attribute(source, macro)(self, *args))
            self._rendered[key] = html
        return html



# --- reading the learner's answer: the form readers the kinds share -------------------
# Here, beside BadAnswer and Verdict, so that a kind imports its whole toolkit
# from one module and no kind imports another kind's helpers.

TILES_FIELD = "tiles"  # the 34-tile palette's checkboxes
DISCARD_FIELD = "discard"  # the radio buttons of a hand's tiles


def picked_tiles(form: MultiDict[str, str], field: str = TILES_FIELD) -> frozenset[Tile]:
    """The tiles ticked on the palette; forged values are a :class:`BadAnswer`."""
    values = form.getlist(field)
    if len(values) > 34:
        raise BadAnswer("Слишком много тайлов: на палитре их всего 34.")
    picked: set[Tile] = set()
    for value in values:
        try:
            picked.add(parse_tile(value[:8]).kinds[0])
        except HandError:
            raise BadAnswer(f"Неизвестный тайл «{value[:8]}».") from None
    return frozenset(picked)


def grade_tile_set(picked: frozenset[Tile], truth: set[Tile]) -> Verdict:
    """Exact-set grading of a palette answer, with the missed and wrongly picked tiles."""
    missed, wrong = sorted(truth - picked), sorted(picked - truth)
    return Verdict(not missed and not wrong,
                   {"picked": sorted(picked), "missed": missed, "wrong": wrong})


def ticked_codes(form: MultiDict[str, str] | None) -> list[str]:
    """Tile codes to keep ticked when the page is re-rendered without JS."""
    if not form:
        return []
    try:
        return [tile_code(t) for t in sorted(picked_tiles(form))]
    except BadAnswer:
        return []


def read_number(form: MultiDict[str, str], field: str, what: str, upper: int,
                example: str) -> int:
    """A whole number from the form, or :class:`BadAnswer` with a Russian hint."""
    value = form.get(field, "").strip().replace(" ", "")
    if not value:
        raise BadAnswer(f"Введите {what}, например {example}.")
    if not (value.isascii() and value.isdigit()) or len(value) > 6 or not 0 <= int(value) <= upper:
        raise BadAnswer(f"Здесь нужно целое число от 0 до {upper}, например {example}.")
    return int(value)


def picked_discard(form: MultiDict[str, str], hand: Hand) -> Tile:
    """The tile the learner chose; absent, forged or not in the hand is a :class:`BadAnswer`."""
    value = form.get(DISCARD_FIELD, "")[:8]
    if not value:
        raise BadAnswer("Выберите тайл, который сбросите.")
    try:
        tile = parse_tile(value).kinds[0]
    except HandError:
        raise BadAnswer(f"Неизвестный тайл «{value}».") from None
    if not hand.concealed[tile]:
        raise BadAnswer(f"Тайла «{tile_name(tile)}» нет среди закрытых тайлов руки.")
    return tile


def chosen_option(form: MultiDict[str, str] | None, count: int) -> int | None:
    """The 1-based option number from the form; None when absent, BadAnswer when forged."""
    value = (form or MultiDict()).get("option", "")
    if not value:
        return None
    # a length bound first: int() of a 5000-digit string raises (and would be a 500)
    if not (value.isascii() and value.isdigit()) or len(value) > 4 or not 1 <= int(value) <= count:
        raise BadAnswer("Такого варианта ответа нет.")
    return int(value)


def wants_solution(form: MultiDict[str, str]) -> bool:
    """The «Показать решение» button posts ``action=solution``."""
    return form.get("action") == "solution"
