"""One row of a diagnosis table: a detector of a mistake and the message that names the rule."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from tutor.drills.base import Drill, Verdict

Fields = Mapping[str, Any]
Detector = Callable[[Drill, Verdict], "Fields | None"]
MAX_NOTES = 2


@dataclass(frozen=True)
class Rule:
    """One diagnosable mistake: when ``detect`` matches, show ``message`` with its fields.

    ``name`` identifies the rule for good (stored with every wrong answer as
    ``<kind>.<name>``, read by the classes dashboard): rename it never, reword
    the message freely.
    """

    detect: Detector
    message: str
    fallback: bool = False  # only when no other rule of the kind matched
    name: str = ""
