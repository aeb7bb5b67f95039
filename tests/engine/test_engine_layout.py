"""The layout of ``engine/``: sub-packages by layer, imports only downwards, no circles.

Like ``tests/test_layout.py`` for the site, every import is read with
:mod:`ast`. The floors, bottom first (docs/engine.md draws the same
picture): a module may import from its own sub-package and from any floor
below its own, never from a floor above or a neighbour on the same floor.
``text`` is the bottom (the Russian wording imports nothing of the engine),
``core`` is the modules directly in ``engine/``, ``rules`` is data that every
layer above may read. Besides, no import sits inside a function (a hidden
import hides a circle), and at most :data:`MAX_TOP` modules stay directly in
``engine/`` (new code goes into the sub-package of its layer).

The checker, :func:`layout_problems`, takes the sources as data, so the tests
at the end plant each kind of violation and see it reported.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.support.import_graph import find_cycle

REPO = Path(__file__).resolve().parent.parent.parent
ENGINE = REPO / "engine"
MAX_TOP = 12  # .py files directly in engine/, __init__ and __main__ included

FLOORS: tuple[str, ...] = (
    "text",  # the Russian wording: a leaf
    "core",  # engine/*.py: errors, plural, tiles, melds, hand (and the package itself)
    "rules",  # rule sets as data, and their table for the site
    "shape",  # blocks, readings, waits, shanten, ukeire, furiten
    "scoring",  # situation, yaku, fu, dora, points, score_hand
    "table",  # the whole game: draws, rons, penalties, next hand, final result, defence
    "review",  # a played game's decisions judged: what cost something, by stated measures
    "generate",  # practice problems by kind and level
    "batch",  # the JSON Lines front end
    "cli",  # the command line for people
    "entry",  # engine/__main__.py: python -m engine
)
RANK = {floor: rank for rank, floor in enumerate(FLOORS)}


@dataclass(frozen=True)
class Source:
    """One module of the engine: where it is (relative to the repository) and its text."""

    path: str  # e.g. "engine/shape/waits.py"
    text: str


@dataclass(frozen=True)
class Import:
    target: str  # the most precise engine module named
    line: int
    in_function: bool


def module_name(path: str) -> str:
    """``engine/shape/shanten/__init__.py`` → ``engine.shape.shanten``."""
    parts = path.removesuffix(".py").split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def read_engine() -> dict[str, Source]:
    return {
        module_name(p.relative_to(REPO).as_posix()): Source(
            p.relative_to(REPO).as_posix(), p.read_text(encoding="utf-8")
        )
        for p in sorted(ENGINE.rglob("*.py"))
    }


def floor_of(name: str, source: Source) -> str:
    """``engine.shape.waits`` → ``shape``; a module directly in engine/ → ``core``."""
    parts = name.split(".")
    if name == "engine.__main__":
        return "entry"
    if len(parts) == 1 or (len(parts) == 2 and source.path.count("/") == 1):
        return "core"
    return parts[1]


class _Imports(ast.NodeVisitor):
    """Every import of a module with its line and whether a function encloses it."""

    def __init__(self, name: str, is_package: bool, known: set[str]) -> None:
        self.package = name if is_package else name.rsplit(".", 1)[0]
        self.name = name
        self.known = known
        self.depth = 0
        self.found: list[Import] = []

    def _function(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> None:
        self.depth += 1
        self.generic_visit(node)
        self.depth -= 1

    visit_FunctionDef = _function
    visit_AsyncFunctionDef = _function
    visit_Lambda = _function

    def _add(self, candidates: list[str], line: int) -> None:
        """One import naming ``candidates`` (most precise first): an edge to the engine module
        it names, and in a function any import at all (an engine module or not)."""
        target = next((c for c in candidates if c in self.known), None)
        if target is not None and (target == self.name or self.name.startswith(target + ".")):
            target = None  # the module itself or its own package: not an edge
        if target is not None or self.depth:
            self.found.append(Import(target or candidates[0], line, self.depth > 0))

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            parts = alias.name.split(".")
            self._add([".".join(parts[:n]) for n in range(len(parts), 0, -1)], node.lineno)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        base = node.module or ""
        if node.level:
            head = self.package.split(".")[: len(self.package.split(".")) - node.level + 1]
            base = ".".join([*head, base] if base else head)
        for alias in node.names:
            self._add([f"{base}.{alias.name}", base], node.lineno)


def imports_of(name: str, source: Source, known: set[str]) -> list[Import]:
    visitor = _Imports(name, source.path.endswith("__init__.py"), known)
    visitor.visit(ast.parse(source.text))
    return visitor.found


def layout_problems(sources: dict[str, Source]) -> list[str]:
    """Every breach of the engine's layout in ``sources``, one line each (empty: none)."""
    problems: list[str] = []
    top = sorted(s.path for s in sources.values() if s.path.count("/") == 1)
    if len(top) > MAX_TOP:
        problems.append(f"{len(top)} modules directly in engine/ (at most {MAX_TOP}): {top}")
    floors = {name: floor_of(name, source) for name, source in sources.items()}
    problems += [
        f"{sources[name].path}: sub-package «{floor}» has no floor in FLOORS"
        for name, floor in sorted(floors.items()) if floor not in RANK
    ]
    known = set(sources)
    edges: dict[str, list[str]] = {}
    for name, source in sorted(sources.items()):
        found = imports_of(name, source, known)
        edges[name] = [i.target for i in found if i.target in known]
        here = floors[name]
        for i in found:
            where = f"{source.path}:{i.line}"
            if i.in_function:
                problems.append(f"{where} imports {i.target} inside a function")
            there = floors.get(i.target)
            if there is None or there == here or here not in RANK or there not in RANK:
                continue
            if RANK[there] >= RANK[here]:
                problems.append(f"{where} imports {i.target}: {here} may not use {there}")
    cycle = find_cycle(edges)
    if cycle:
        problems.append("import circle: " + " -> ".join(cycle))
    return problems


# --- the engine as it is ------------------------------------------------------------


def test_the_engine_keeps_its_layout() -> None:
    assert layout_problems(read_engine()) == []


def test_every_sub_package_is_on_a_floor() -> None:
    packages = {p.name for p in ENGINE.iterdir() if (p / "__init__.py").exists()}
    assert packages <= set(RANK)


def test_the_wording_imports_nothing_of_the_engine() -> None:
    sources = read_engine()
    for name, source in sources.items():
        if name.startswith("engine.text"):
            assert [i for i in imports_of(name, source, set(sources))
                    if not i.target.startswith("engine.text")] == []


# --- the checker can fail -------------------------------------------------------------

_CLEAN = {
    "engine": Source("engine/__init__.py", '"""Package."""\n'),
    "engine.tiles": Source("engine/tiles.py", "from engine.text import words\n"),
    "engine.text": Source("engine/text/__init__.py", ""),
    "engine.text.words": Source("engine/text/words.py", "NAMES = {}\n"),
    "engine.shape": Source("engine/shape/__init__.py", ""),
    "engine.shape.waits": Source("engine/shape/waits.py",
                                 "from engine.tiles import x\nfrom engine import errors\n"),
    "engine.scoring": Source("engine/scoring/__init__.py", ""),
    "engine.scoring.score": Source("engine/scoring/score.py", "from engine.shape import waits\n"),
}


def _planted(name: str, path: str, text: str) -> list[str]:
    return layout_problems({**_CLEAN, name: Source(path, text)})


def test_a_clean_layout_passes() -> None:
    assert layout_problems(_CLEAN) == []


def test_an_upward_import_is_caught() -> None:
    found = _planted("engine.shape.waits", "engine/shape/waits.py",
                     "from engine.scoring.score import score_hand\n")
    assert found == [
        "engine/shape/waits.py:1 imports engine.scoring.score: shape may not use scoring",
        "import circle: engine.scoring.score -> engine.shape.waits -> engine.scoring.score",
    ]


def test_the_wording_may_not_import_the_engine() -> None:
    found = _planted("engine.text.words", "engine/text/words.py", "import engine.tiles\n")
    assert found[0] == "engine/text/words.py:1 imports engine.tiles: text may not use core"


def test_an_import_inside_a_function_is_caught() -> None:
    text = "def f():\n    from engine.tiles import x\n    import json\n    return x\n"
    found = _planted("engine.shape.waits", "engine/shape/waits.py", text)
    assert found == [
        "engine/shape/waits.py:2 imports engine.tiles inside a function",
        "engine/shape/waits.py:3 imports json inside a function",
    ]


def test_a_circle_inside_one_sub_package_is_caught() -> None:
    sources = {
        **_CLEAN,
        "engine.shape.a": Source("engine/shape/a.py", "from engine.shape import b\n"),
        "engine.shape.b": Source("engine/shape/b.py", "from engine.shape.a import x\n"),
    }
    assert layout_problems(sources) == [
        "import circle: engine.shape.a -> engine.shape.b -> engine.shape.a"
    ]


def test_a_sub_package_without_a_floor_is_caught() -> None:
    found = _planted("engine.misc", "engine/misc/__init__.py", "")
    assert found == ["engine/misc/__init__.py: sub-package «misc» has no floor in FLOORS"]


@pytest.mark.parametrize("extra", [MAX_TOP - 2, MAX_TOP - 1])
def test_too_many_modules_directly_in_the_engine_are_caught(extra: int) -> None:
    sources = dict(_CLEAN)  # two top-level modules already: engine/__init__.py, tiles.py
    for n in range(extra):
        sources[f"engine.m{n}"] = Source(f"engine/m{n}.py", "")
    found = layout_problems(sources)
    if extra + 2 <= MAX_TOP:
        assert found == []
    else:
        assert len(found) == 1 and found[0].startswith(f"{MAX_TOP + 1} modules directly")
