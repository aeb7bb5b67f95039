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
import re
from pathlib import Path

import pytest

from tests.support.import_graph import find_cycle

REPO = Path(__file__).resolve().parent.parent
TUTOR = REPO / "tutor"

FLOORS: tuple[tuple[str, ...], ...] = (
    ("web",),  # plumbing: security, compression, logs, errors, health, static files
    ("tiles",),  # the SVG tile art
    ("storage",),  # the database, the learner's identity, history statistics
    ("accounts",),  # sign-in, roles, revocable sessions
    ("drills",),  # drill kinds: grading, diagnosis, solutions
    ("course",),  # the content store, Markdown, lesson and reference pages, answers
    ("progress", "analyse", "review"),
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


def test_no_import_circle_in_tutor() -> None:
    cycle = find_cycle({name: [target for target, _line in found] for name, found in EDGES.items()})
    assert cycle is None, "import circle: " + " -> ".join(cycle or [])


def test_the_cycle_finder_finds_a_circle() -> None:
    """The check above can fail: a planted circle is found and named."""
    planted = {"a": ["b"], "b": ["c"], "c": ["a"], "d": []}
    assert find_cycle(planted) == ["a", "b", "c", "a"]
    assert find_cycle({"a": ["b"], "b": []}) is None


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
    "regrade": "the answers of pending mistakes, kept to grade them again under new rules",
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


# --- no registries between packages -------------------------------------------------
# A lower package must not reach a higher one through a string key in
# ``app.extensions`` (a store, a resolver, a list of event subscribers): the
# imports would hide the call, and the floors above would pass while the code
# runs upward. A key may be used by the one package that owns it, for its own
# memo; a key named by two packages, or taken from another module, is a
# registry.

_EXTENSION_METHODS = frozenset({"get", "setdefault", "pop", "__getitem__", "__setitem__"})


def _module_strings(tree: ast.Module) -> dict[str, str]:
    """Module-level ``NAME = "text"`` constants."""
    found = {}
    for node in tree.body:
        value = node.value if isinstance(node, ast.Assign | ast.AnnAssign) else None
        targets = (node.targets if isinstance(node, ast.Assign)
                   else [node.target] if isinstance(node, ast.AnnAssign) else [])
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            found.update({t.id: value.value for t in targets if isinstance(t, ast.Name)})
    return found


def _extension_keys(path: Path) -> list[tuple[str, int]]:
    """``(key, line)`` of each ``….extensions[key]`` / ``.get(key)`` / ``.setdefault(key)``.

    A key that is another module's attribute (``learner.RESOLVER``) is given as
    ``"<foreign> …"``: naming another module's key is a registry by itself.
    """
    tree = ast.parse(path.read_text(encoding="utf-8"))
    strings = _module_strings(tree)
    keys = []
    for node in ast.walk(tree):
        key: ast.expr | None = None
        if (isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute)
                and node.value.attr == "extensions"):
            key = node.slice
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and node.func.attr in _EXTENSION_METHODS
              and isinstance(node.func.value, ast.Attribute)
              and node.func.value.attr == "extensions" and node.args):
            key = node.args[0]
        if key is None:
            continue
        if isinstance(key, ast.Constant) and isinstance(key.value, str):
            keys.append((key.value, node.lineno))
        elif isinstance(key, ast.Name):
            keys.append((strings.get(key.id, f"<local {key.id}>"), node.lineno))
        else:
            keys.append((f"<foreign {ast.unparse(key)}>", node.lineno))
    return keys


def registry_problems(paths: dict[str, Path]) -> list[str]:
    """Extension keys used by more than one package, or taken from another module."""
    users: dict[str, set[str]] = {}
    where: dict[str, list[str]] = {}
    problems = []
    for name, path in paths.items():
        for key, line in _extension_keys(path):
            place = f"{path.relative_to(REPO) if path.is_relative_to(REPO) else path.name}:{line}"
            if key.startswith("<foreign"):
                problems.append(f"{place} uses another module's extension key {key}")
                continue
            users.setdefault(key, set()).add(floor_of(name) or "tutor")
            where.setdefault(key, []).append(place)
    problems += [f"extension key {key!r} shared by {sorted(packages)}: {', '.join(where[key])}"
                 for key, packages in sorted(users.items()) if len(packages) > 1]
    return problems


def test_no_package_reaches_another_through_an_extension_key() -> None:
    assert registry_problems(MODULES) == []


def test_the_registry_finder_finds_a_shared_key(tmp_path: Path) -> None:
    """The check above can fail: a key written in one package and read in another is found."""
    low = tmp_path / "low.py"
    low.write_text('KEY = "x.store"\n\ndef put(app):\n    app.extensions[KEY] = 1\n')
    high = tmp_path / "high.py"
    high.write_text('from flask import current_app\n\ndef get():\n'
                    '    return current_app.extensions.get("x.store")\n')
    foreign = tmp_path / "foreign.py"
    foreign.write_text("def put(app, low):\n    app.extensions[low.KEY] = 2\n")
    found = registry_problems({"tutor.storage.low": low, "tutor.accounts.high": high,
                               "tutor.storage.foreign": foreign})
    assert any("'x.store' shared by ['accounts', 'storage']" in p for p in found)
    assert any("another module's extension key <foreign low.KEY>" in p for p in found)


# --- every Jinja helper registered in one place --------------------------------------
# A template names globals and filters without importing them; a reader finds
# what a name means in tutor.template_helpers, the only place that registers one.

_REGISTERS = frozenset({"add_template_global", "add_template_filter", "add_template_test",
                        "app_template_global", "app_template_filter", "app_template_test",
                        "add_app_template_global", "add_app_template_filter",
                        "template_global", "template_filter", "context_processor",
                        "app_context_processor"})


def template_helper_registrations(path: Path) -> list[int]:
    """Lines of ``path`` that register a Jinja global, filter, test or context processor."""
    lines = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Attribute) and node.attr in _REGISTERS:
            lines.append(node.lineno)
        elif (isinstance(node, ast.Attribute) and node.attr in {"globals", "filters", "tests"}
              and isinstance(node.value, ast.Attribute) and node.value.attr == "jinja_env"):
            lines.append(node.lineno)
    return lines


def test_jinja_helpers_are_registered_only_by_template_helpers() -> None:
    elsewhere = [f"{path.relative_to(REPO)}:{line}" for name, path in MODULES.items()
                 if name != "tutor" for line in template_helper_registrations(path)]
    assert elsewhere == [], "register Jinja helpers in tutor.template_helpers:\n" + \
        "\n".join(elsewhere)


# --- blueprints named after their package --------------------------------------------
# A newcomer who reads url_for('x.view') finds the view in tutor/x/ — or, in a
# package with several blueprints (course: lessons, answers, reference,
# handbook), in the module of that name.

def blueprint_names(path: Path) -> list[tuple[str, int]]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id == "Blueprint" and node.args
                and isinstance(node.args[0], ast.Constant)):
            found.append((str(node.args[0].value), node.lineno))
    return found


def test_each_blueprint_is_named_after_its_package_or_module() -> None:
    wrong = []
    for name, path in MODULES.items():
        package, module = floor_of(name), name.rsplit(".", 1)[-1]
        wrong += [f"{path.relative_to(REPO)}:{line} Blueprint({bp!r})"
                  for bp, line in blueprint_names(path) if bp not in (package, module)]
    assert wrong == []


# --- a drill kind is one module ------------------------------------------------------
# Kinds share the toolkit beside them (tutor.drills.base, params, explain,
# scoring, game_parts), never one another's helpers: a kind can be read, changed
# or deleted alone.

def test_no_drill_kind_imports_another_kind() -> None:
    kinds = {name for name in MODULES if name.startswith("tutor.drills.kind.")}
    crossing = [f"{MODULES[name].relative_to(REPO)}:{line} imports {target}"
                for name in sorted(kinds) for target, line in EDGES[name]
                if target in kinds and target != name]
    assert kinds and crossing == []


# --- the floors as docs/architecture.md draws them -----------------------------------

def drawn_floors(text: str) -> list[tuple[str, ...]]:
    """The packages of each floor in the first ``text`` block after «## Этажи», top first."""
    block = text.split("## Этажи", 1)[1].split("```text", 1)[1].split("```", 1)[0]
    floors = []
    for line in block.splitlines():
        names = re.findall(r"(?:^ {2}|\s{2,})([a-z]+)/(?=\s)", line)
        if names and not line.lstrip().startswith(("tutor/", "engine/")):
            floors.append(tuple(names))
    return floors


def test_the_architecture_page_draws_the_floors_of_the_test() -> None:
    text = (REPO / "docs" / "architecture.md").read_text(encoding="utf-8")
    assert drawn_floors(text) == list(reversed(FLOORS))
