"""Which rule set a practice problem is shown and graded under.

In order, the first that applies:

1. the learner's explicit choice, ``?rules=<name>`` on the practice URLs (the
   select on the practice pages sets it; the problem's form, «Другая задача»,
   «Следующая задача», the level links and the index's links carry it on, so
   the answer is graded under the rules the page showed; a mistake's link
   names the rules it was missed under). The answer form also names a rule
   set that came from the class (:attr:`tutor.practice.views.Task.answer_rules`):
   the default is asked again on the POST, and a learner who joined or left a
   class in between must still be graded under the rules they saw;
2. the default a higher package provides through :func:`set_default` — the
   classes package gives the rule set of the class the learner joined most
   recently (a class plays one rule set, and a learner who just joined a class
   is practising for it; choosing by hand covers the other classes);
3. none: the problem's own rules (online unless its generator drew another).

Lesson drills never come here: they keep the rule set their lesson is written for.

Kinds whose generator draws the rule set as part of the problem (``yaku`` and
the whole-game kinds: their starting points, payments and draws follow it, and
the level says which rules it uses) keep their own. For the others the chosen
rule set replaces the default one; a problem that cannot happen under it (an
open all-simples hand has no yaku under EMA) is shown under its own rules, and
the page says so.

Which rule set was asked is part of the stored problem key (:func:`key`):
a problem solved under EMA is not the one solved under the online rules, so
a class's practice set counts only what was solved under the class's rules,
and a mistake reopens under the rules it was made under. The default rule
set (and a kind that keeps its own) keeps the plain key the rows stored
before rule sets were recorded have.

The practice package sits below the classes package, so the default comes
through a registered function (set up by ``create_app`` via the classes
package), not an import; it is asked at most once per request.
"""

from __future__ import annotations

from collections.abc import Callable

from flask import g, request

from engine.rules.sets import RULESETS
from tutor.drills import kinds
from tutor.storage.stats import practice_problem_key

PARAM = "rules"
_providers: list[Callable[[], str | None]] = []


def set_default(provider: Callable[[], str | None]) -> None:
    """Register the function that names the learner's default rule set (or None)."""
    _providers[:] = [provider]


def chosen() -> str | None:
    """The rule set the learner picked by hand on this request (a valid name), else None."""
    name = request.args.get(PARAM, "")
    return name if name in RULESETS else None


def default() -> str | None:
    """The registered default for this learner (their class's rule set), read once per request."""
    if "tempai_practice_rules" not in g:
        found = _providers[0]() if _providers else None
        g.tempai_practice_rules = found if found in RULESETS else None
    value: str | None = g.tempai_practice_rules
    return value


def wanted() -> str | None:
    """The rule set this learner's practice problems should use; None: their own."""
    return chosen() or default()


def key(kind: str, level: str, seed: int, asked: str | None) -> str:
    """The stored key of a problem shown while ``asked`` was wanted (None: its own rules).

    A problem that fell back to its own rules keeps the asked rule set in its
    key: it is the problem a learner practising under ``asked`` is given (the
    class's set includes it), and its link reopens the same page.
    """
    registry = kinds()
    own = kind in registry and registry[kind].own_rules  # the generator drew them
    return practice_problem_key(kind, level, seed, None if own else asked)
