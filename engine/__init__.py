"""«Темпай» rules engine: pure Python, no web imports.

Tiles are ints 0–33 (:mod:`engine.tiles`); hands are validated once at the
edge (:mod:`engine.hand`); every result is a frozen dataclass that the site,
the CLI and the batch command render in Russian through :mod:`engine.text.messages`.
The one exception for bad input is :class:`engine.errors.HandError`.

The same source also runs compiled. ``make native`` (part of ``make test``
and ``make bench``) compiles the typed modules with mypyc into
``build/native/``; when that build matches the sources byte for byte, this
package takes its modules from there (:data:`NATIVE` is then true), else
from the ``.py`` files beside this one. ``TEMPAI_ENGINE=python`` forces the
Python modules (``make test`` runs the suite both ways). The value classes
built for every scored hand (``ScoreResult``, ``Payments``, ``FuResult``,
``Decomposition``, ``Arrangement``) write their ``__init__`` out: mypyc
compiles a written method to C but leaves a dataclass-generated one
interpreted (~1 µs of a 6–8 µs hand). Why compile at all: the issue's
speed targets (scoring 5× the ``mahjong`` package, the batch 3×) were out
of reach for interpreted code after every algorithmic saving; the compiled
modules are the same code, checked by the same tests.
"""

import os
import sys
import zlib

# Modules that stay Python even in the compiled build (paths inside engine/): the
# package itself, its command-line entry, the error type (the site subclasses
# it, and mypyc's compiled classes cannot be subclassed by interpreted code) and
# the generators' seeded stream (a subclass of random.Random, which a compiled
# class cannot be: the module builds, and the first instance crashes the
# interpreter). Everything else is compiled, sub-packages' __init__ too.
PYTHON_ONLY = ("__init__.py", "__main__.py", "errors.py", "generate/mix.py")
_HERE = os.path.dirname(os.path.abspath(__file__))
NATIVE_BUILD = os.path.join(os.path.dirname(_HERE), "build", "native")
STAMP = "SOURCES"  # in build/native/engine/: what the build was made from


def _relative_sources() -> list[str]:
    """Every ``.py`` file of the package, sub-packages included, as sorted ``a/b.py`` paths."""
    found = []
    for folder, dirs, files in os.walk(_HERE):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        inside = os.path.relpath(folder, _HERE)
        for name in files:
            if name.endswith(".py"):
                found.append(name if inside == "." else f"{inside}/{name}".replace(os.sep, "/"))
    return sorted(found)


def compiled_modules() -> list[str]:
    """The source files ``make native`` compiles (paths, sorted): all but :data:`PYTHON_ONLY`."""
    return [os.path.join(_HERE, *rel.split("/")) for rel in _relative_sources()
            if rel not in PYTHON_ONLY]


def copied_modules() -> list[str]:
    """Interpreted modules inside a compiled sub-package: the build holds a copy of each.

    A compiled package's ``__path__`` is its folder in the build alone, so a
    ``.py`` of it left only in the source tree would not be found.
    """
    return [rel for rel in PYTHON_ONLY if "/" in rel]


def sources_fingerprint() -> str:
    """What a compiled build must have been made from: interpreter, then each module's bytes.

    The top-level interpreted modules are read from the source tree and left out;
    :func:`copied_modules` are part of the build, so they count.
    """
    parts = [sys.implementation.cache_tag]
    for rel in _relative_sources():
        if rel in PYTHON_ONLY and rel not in copied_modules():
            continue
        with open(os.path.join(_HERE, *rel.split("/")), "rb") as source:
            parts.append(f"{rel} {zlib.crc32(source.read()):08x}")
    return "\n".join(parts) + "\n"


def _use_native() -> bool:
    if os.environ.get("TEMPAI_ENGINE", "").lower() == "python":
        return False
    try:
        with open(os.path.join(NATIVE_BUILD, "engine", STAMP), encoding="utf-8") as stamp:
            built_from = stamp.read()
    except OSError:
        return False  # never built here: the Python modules
    if built_from != sources_fingerprint():
        sys.stderr.write(
            "engine: build/native не совпадает с исходниками, работают модули на Python "
            "(пересоберите: make native)\n"
        )
        return False
    __path__.insert(0, os.path.join(NATIVE_BUILD, "engine"))
    sys.path.append(NATIVE_BUILD)  # mypyc's shared library of the build, imported by name
    return True


NATIVE = _use_native()

from engine.errors import HandError  # noqa: E402  (after the module path is settled)

__all__ = ["NATIVE", "HandError"]
