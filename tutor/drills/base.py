"""The drill-kind interface: typed parameters, preparation, grading, hooks.

A drill kind is one module in :mod:`tutor.drills` with one class decorated by
:func:`tutor.drills.register`, plus one template ``templates/drills/<name>.html``
defining two macros:

- ``question(drill, form)`` — the inputs inside the drill's ``<form>`` (the
  frame in ``drills/_frame.html`` adds the title, prompt, CSRF field and the
  «Проверить»/«Показать решение» buttons); ``form`` is the submitted
  ``MultiDict`` after a plain POST (keep the learner's choices) or ``None``;
- ``feedback(drill, verdict)`` — the explanation under the verdict line;
  ``verdict.solution_only`` is true for «Показать решение». It shows only the
  verdict-specific lines (your answer, missed tiles…) itself and places
  ``{{ drill_solution(drill) }}`` for the rest;
- ``solution(drill)`` — the answer-independent explanation (the same for
  every learner and answer), rendered once per drill by
  :mod:`tutor.drills.solutions`.

The class declares:

- ``name`` — the word after ``///`` in a lesson (``waits``);
- ``title`` — the Russian heading shown above the drill;
- ``default_prompt`` — the question when the author gives none (``str.format``
  fields are the drill's parameters);
- ``params`` — a tuple of :class:`Param` (name, converter, default), checked
  when the lesson is loaded; the converters raise ``HandError``/``ValueError``
  with a Russian message;
- ``prepare(params)`` — computes the engine's answer once, at load time
  (raise ``HandError`` if the drill makes no sense, e.g. the hand is not tenpai);
- ``grade(drill, form)`` — reads the learner's answer from the submitted form
  (raise :class:`BadAnswer` for forged or malformed input) and returns a
  :class:`Verdict`.

Grading is stateless: parameters come from the lesson, never from the form.
``id``, ``prompt``, ``rules`` and ``red_fives`` are accepted by every kind
(:data:`tutor.drills.COMMON_PARAMS`). After each graded answer the views call
:func:`notify_graded`; the progress store subscribes with :func:`on_graded`.

A minimal kind (``tutor/drills/dora.py`` + ``templates/drills/dora.html``)::

    @register
    class Dora(DrillKind):
        name = "dora"
        title = "Какой тайл дора?"
        default_prompt = "Индикатор доры показан. Какой тайл — дора?"
        params = (Param("indicators", p.tile_list),)

        def prepare(self, params):
            return {dora_from_indicator(t) for t in params["indicators"]}

        def grade(self, drill, form):
            picked = picked_tiles(form)  # BadAnswer on forged tiles
            return Verdict(picked == drill.solution, {"picked": sorted(picked)})
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from flask import Flask, current_app
from werkzeug.datastructures import MultiDict

from engine.errors import HandError
from engine.hand import Hand, parse_hand

log = logging.getLogger(__name__)


class _Required:
    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED: Any = _Required()


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


@dataclass(frozen=True)
class Verdict:
    """The outcome of grading one answer.

    ``details`` is kind-specific data for the feedback template (missed tiles,
    the learner's number, ...); ``solution_only`` marks a «Показать решение»
    request, which shows the explanation without grading anything.
    """

    correct: bool
    details: Mapping[str, Any] = field(default_factory=dict)
    solution_only: bool = False

    @property
    def label(self) -> str:
        """Value of ``data-verdict`` on the feedback area."""
        if self.solution_only:
            return "solution"
        return "correct" if self.correct else "incorrect"


class DrillKind:
    """Base class of drill kinds (see the module docstring for the contract)."""

    name: ClassVar[str]
    title: ClassVar[str]
    default_prompt: ClassVar[str]
    params: ClassVar[tuple[Param, ...]] = ()

    def prompt_fields(self, params: Mapping[str, Any]) -> Mapping[str, Any]:
        """Values for the ``default_prompt`` fields; override to name tiles in Russian."""
        return params

    def prepare(self, params: Mapping[str, Any]) -> Any:
        """The engine's answer for these parameters (``HandError`` if unusable)."""
        raise NotImplementedError

    def grade(self, drill: Drill, form: MultiDict[str, str]) -> Verdict:
        """Compare the learner's answer with ``drill.solution``."""
        raise NotImplementedError


@dataclass(frozen=True)
class Drill:
    """One drill block of a lesson, validated and prepared."""

    kind: DrillKind
    id: str
    params: Mapping[str, Any]
    prompt: str
    line: int
    solution: Any

    @property
    def template(self) -> str:
        return f"drills/{self.kind.name}.html"


@dataclass(frozen=True)
class GradedEvent:
    """What the progress store records for every graded answer."""

    kind: str
    drill_id: str
    correct: bool
    lesson: str | None = None
    source: str = "lesson"
    level: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)
    # What was graded, so a subscriber can diagnose a wrong answer (the rule it missed).
    drill: Drill | None = None
    verdict: Verdict | None = None


GradedCallback = Callable[[GradedEvent], None]
_EXT_KEY = "tempai.on_graded"


def on_graded(app: Flask, callback: GradedCallback) -> GradedCallback:
    """Subscribe ``callback`` to every graded answer of ``app``; returns it (decorator use)."""
    app.extensions.setdefault(_EXT_KEY, []).append(callback)
    return callback


def notify_graded(event: GradedEvent) -> None:
    """Call every subscriber; a failing subscriber is logged and never breaks grading."""
    for callback in current_app.extensions.get(_EXT_KEY, ()):
        try:
            callback(event)
        except Exception:  # noqa: BLE001 - a broken store must not cost the learner an answer
            log.exception("on_graded callback %r failed", callback)


def wants_solution(form: MultiDict[str, str]) -> bool:
    """The «Показать решение» button posts ``action=solution``."""
    return form.get("action") == "solution"
