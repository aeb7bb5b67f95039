"""The import-circle finder both layout tests use (``tutor/`` and ``engine/``).

Edges are module -> the modules it imports; a layout test keeps its own
notion of which imports count and passes only the targets here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping


def find_cycle(edges: Mapping[str, Iterable[str]]) -> list[str] | None:
    """A circle of imports, as the list of modules that form it, or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(name: str) -> list[str] | None:
        state[name] = 1
        path.append(name)
        for target in edges.get(name, ()):
            if state.get(target) == 1:
                return path[path.index(target):] + [target]
            if target not in state and (found := visit(target)):
                return found
        path.pop()
        state[name] = 2
        return None

    for name in sorted(edges):
        if name not in state and (found := visit(name)):
            return found
    return None
