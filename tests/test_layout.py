"""The layout of ``tutor/``: one package per feature, imports only downwards, no circles.

Every import is read with :mod:`ast` — at the top of a module, inside a
function and under ``TYPE_CHECKING`` alike, since each ties the modules
together just the same. A failure names the import (file:line) or the circle.

The floors, bottom first (docs/architecture.md draws the same picture). A
module may import from its own package and from any package on a lower floor;
two packages on one floor never import each other.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
TUTOR = REPO / "tutor"

FLOORS: tuple[tuple[str, ...], ...] = (
    ("web",),  # plumbing: security, compression, logs, errors, health, static files
    ("tiles",),  # the SVG tile art
    ("storage",),  # the database, the learner's identity, history statistics
    ("accounts",),  # sign-in, roles, revocable sessions
    ("drills",),  # drill kinds: grading, diagnosis, solutions
    ("course",),  # the content store, Markdown, lesson and reference pages, answers
    ("progress", "analyse"),
    ("practice",),
    ("classes",),  # an instructor's classes, assignments and dashboard
    ("authoring",),
    ("studio",),  # club lessons written in the browser, published to classes
)
RANK = {package: rank for rank, floor in enumerate(FLOORS) for package in floor}


def module_name(path: Path) -> str:
    parts = path.relative_to(REPO).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in sorted(TUTOR.rglob("*.py"))}


def imports_of(name: str, path: Path) -> list[tuple[str, int]]:
    """``(module of tutor/, line)`` for every import in ``path`` of another module of tutor/."""
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                head = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*head, base] if base else head)
            targets = [f"{base}.{alias.name}" for alias in node.names] + [base]
        for target in targets:
            if target in MODULES and target != name and not name.startswith(target + "."):
                found.append((target, node.lineno))
                break  # `from tutor.x import y`: one edge, to the most precise module
    return found


EDGES = {name: imports_of(name, path) for name, path in MODULES.items()}


def floor_of(name: str) -> str | None:
    """``tutor.course.content`` → ``course``; ``tutor`` itself (the app factory) → None."""
    parts = name.split(".")
    return parts[1] if len(parts) > 1 else None


def test_every_package_has_a_floor() -> None:
    packages = {floor_of(name) for name in MODULES} - {None}
    assert packages <= set(RANK), f"packages without a floor in FLOORS: {packages - set(RANK)}"


def test_no_module_is_left_at_the_top_of_tutor() -> None:
    """Features live in packages; no old flat module or re-export shim stays behind."""
    loose = sorted(p.name for p in TUTOR.glob("*.py") if p.name != "__init__.py")
    assert loose == []


@pytest.mark.parametrize("name", sorted(MODULES))
def test_imports_go_down_or_stay_in_the_package(name: str) -> None:
    here = floor_of(name)
    if here is None:
        return  # create_app plugs every feature in
    upward = [
        f"{MODULES[name].relative_to(REPO)}:{line} imports {target}"
        for target, line in EDGES[name]
        if floor_of(target) != here and RANK[floor_of(target) or ""] >= RANK[here]
    ]
    assert upward == [], "imports upward or sideways:\n" + "\n".join(upward)


def find_cycle(edges: dict[str, list[tuple[str, int]]]) -> list[str] | None:
    """A circle of imports, as the list of modules that form it, or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(name: str) -> list[str] | None:
        state[name] = 1
        path.append(name)
        for target, _line in edges.get(name, []):
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


def test_no_import_circle_in_tutor() -> None:
    cycle = find_cycle(EDGES)
    assert cycle is None, "import circle: " + " -> ".join(cycle or [])


def test_the_cycle_finder_finds_a_circle() -> None:
    """The check above can fail: a planted circle is found and named."""
    planted = {"a": [("b", 1)], "b": [("c", 1)], "c": [("a", 1)], "d": []}
    assert find_cycle(planted) == ["a", "b", "c", "a"]
    assert find_cycle({"a": [("b", 1)], "b": []}) is None


# Storage's own modules, each with one job that belongs to no feature package. Every
# other module in tutor/storage/ keeps a feature's tables and is named after that
# feature's package (the rule is written in tutor/storage/__init__.py; the house
# style's "a newcomer who knows the feature's name knows the folder").
STORAGE_OWN = {
    "connection": "opening the database: engine, pragmas, deadlines",
    "migrations": "the schema versions of every table",
    "errors": "what storage raises",
    "answers": "the raw answers table the progress store writes",
    "aggregates": "the per-learner aggregates kept by triggers",
    "budget": "the hourly budget of stored answers",
    "sqlite_writer": "the SQLite fast path of one answer",
    "deadline": "PostgreSQL deadlines",
    "learner": "the learner's signed-cookie identity",
    "sessions": "revocable session versions",
    "throttle": "wrong-password counters",
    "stats": "statistics over a learner's history",
    "path": "which lesson drills are solved, where to continue",
}


def storage_modules_misnamed(modules: list[str], features: set[str]) -> list[str]:
    return [name for name in modules if name not in features and name not in STORAGE_OWN]


def test_storage_modules_are_named_after_their_feature() -> None:
    """A storage module is named after a feature package, or is one of storage's own."""
    modules = sorted(p.stem for p in (TUTOR / "storage").glob("*.py") if p.stem != "__init__")
    features = {p.parent.name for p in TUTOR.glob("*/__init__.py")}
    assert storage_modules_misnamed(modules, features) == []


def test_a_misnamed_storage_module_is_found() -> None:
    """The rule above can fail: the old names of the accounts and classes tables are caught."""
    assert storage_modules_misnamed(["users", "accounts", "groups"], {"accounts"}) == [
        "users", "groups"]


def test_no_string_key_names_a_store_another_package_opens() -> None:
    """The app's store is reached through ``tutor.storage.store()``, never an extensions key."""
    offending = [f"{path.relative_to(REPO)}" for path in MODULES.values()
                 if "progress_store" in path.read_text(encoding="utf-8")]
    assert offending == []


def test_the_engine_imports_nothing_of_the_site() -> None:
    offending = []
    for path in sorted((REPO / "engine").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                names = [node.module or ""]
            offending += [f"{path.relative_to(REPO)}:{node.lineno} {n}" for n in names
                          if n.split(".")[0] in {"tutor", "flask", "werkzeug", "jinja2"}]
    assert offending == []
