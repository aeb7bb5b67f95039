"""Registry of drill kinds and the builder that turns a lesson block into a :class:`Drill`.

Every module of :mod:`tutor.drills.kind` defines one kind and registers it
with :func:`register`; the modules are discovered, so adding a kind is one
module there plus one template ``templates/drills/<name>.html``.
"""

from __future__ import annotations

import importlib
import logging
import pkgutil
from collections.abc import Mapping
from typing import Any, TypeVar

from engine.errors import HandError
from tutor.drills import kind as kind_package
from tutor.drills import params as p
from tutor.drills.base import (
    REQUIRED,
    BadAnswer,
    Drill,
    DrillError,
    DrillKind,
    Param,
    Verdict,
)

__all__ = [
    "BadAnswer",
    "Drill",
    "DrillError",
    "DrillKind",
    "Param",
    "Verdict",
    "build_drill",
    "kinds",
    "register",
]

log = logging.getLogger(__name__)
_KINDS: dict[str, DrillKind] = {}
_discovered = False

# Parameters every drill accepts, whatever its kind.
COMMON_PARAMS: tuple[Param, ...] = (
    Param("id", p.identifier),
    Param("prompt", p.text, None),
    Param("rules", p.rules_name, "online"),
    Param("red_fives", p.optional_boolean, None),
    # Where a drill moved from another lesson was first published: its answers stay
    # stored under that key (tutor/storage/path.py).
    Param("moved_from", p.origin, None,
          help="только у перенесённого упражнения: slug урока, где оно опубликовано впервые "
               "(`efficiency`), или `slug/id`, если сменился и id; прогресс учеников, их "
               "ошибки и задания классов переходят вместе с ним"),
)

K = TypeVar("K", bound=type[DrillKind])


def register(cls: K) -> K:
    """Class decorator: make ``cls`` available under ``cls.name``."""
    _KINDS[cls.name] = cls()
    return cls


def kinds() -> Mapping[str, DrillKind]:
    """All registered kinds, importing the kind modules on first use."""
    global _discovered
    if not _discovered:
        for module in pkgutil.iter_modules(kind_package.__path__):
            importlib.import_module(f"{kind_package.__name__}.{module.name}")
        _discovered = True
    return _KINDS


def build_drill(kind_name: str, raw: Any, line: int) -> Drill:
    """Validate a block's YAML mapping and prepare the drill.

    Raises :class:`DrillError` (with ``key`` set when one parameter is at fault).
    """
    kind = kinds().get(kind_name)
    if kind is None:
        known = ", ".join(sorted(kinds()))
        raise DrillError(f"Неизвестный вид упражнения «{kind_name}». Есть: {known}.")
    if not isinstance(raw, dict):
        raise DrillError("Параметры упражнения записываются строками «ключ: значение».")
    values = _convert(kind, raw)
    try:
        solution = kind.prepare(values)
    except DrillError:
        raise  # the kind already named the parameter at fault
    except (HandError, ValueError) as exc:
        raise DrillError(str(exc)) from None
    except Exception as exc:  # noqa: BLE001 - an engine bug must cost one drill, not the lesson
        log.exception("preparing drill %s failed", kind_name)
        raise DrillError(
            f"Внутренняя ошибка движка при подготовке упражнения ({type(exc).__name__}). "
            "Это ошибка программы, а не урока."
        ) from None
    prompt = values["prompt"] or kind.default_prompt.format(**kind.prompt_fields(values))
    return Drill(kind, values["id"], values, prompt, line, solution, kind.view(values, solution))


def _convert(kind: DrillKind, raw: dict[Any, Any]) -> dict[str, Any]:
    declared = {param.name: param for param in (*COMMON_PARAMS, *kind.params)}
    unknown = [str(key) for key in raw if key not in declared]
    if unknown:
        allowed = ", ".join(declared)
        raise DrillError(
            f"Неизвестный параметр «{unknown[0]}» в упражнении {kind.name}. Допустимы: {allowed}.",
            unknown[0],
        )
    values: dict[str, Any] = {}
    for name, param in declared.items():
        if name not in raw or raw[name] is None and param.default is not REQUIRED:
            if param.required:
                raise DrillError(f"Не указан обязательный параметр «{name}».", None)
            values[name] = param.default
            continue
        try:
            values[name] = param.convert(raw[name])
        except (HandError, ValueError) as exc:
            raise DrillError(f"Параметр «{name}»: {exc}", name) from None
    return values
