"""A problem found in a lesson file, as a value (``flask content check`` prints them)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Problem:
    """``file:line: message``; ``line`` is 1-based in the lesson file (0 = the whole file)."""

    file: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.message}"
