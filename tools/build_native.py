"""Compile the engine with mypyc into ``build/native/`` (``make native``).

The modules are the engine's own ``.py`` files, unchanged: mypyc turns
their type annotations (checked by ``mypy --strict engine``) into C. The
build goes beside the source tree, never into ``engine/``, so the Python
modules stay importable (``TEMPAI_ENGINE=python``) and a stale build can be
told from a fresh one: ``build/native/engine/SOURCES`` records
:func:`engine.sources_fingerprint` of what was compiled, and the package
uses the build only while that still matches.

    .venv/bin/python tools/build_native.py
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
os.environ["TEMPAI_ENGINE"] = "python"  # fingerprint the sources, not a previous build
sys.path.insert(0, str(ROOT))

from mypyc.build import mypycify  # noqa: E402
from setuptools import setup  # noqa: E402

import engine  # noqa: E402


def main() -> int:
    fingerprint = engine.sources_fingerprint()
    modules = engine.compiled_modules()
    target = Path(engine.NATIVE_BUILD)
    with tempfile.TemporaryDirectory(prefix="tempai-native-") as scratch:
        os.chdir(scratch)  # mypy's cache and setuptools' scratch files stay out of the tree
        fresh = Path(scratch) / "native"
        setup(
            name="tempai-engine-native",
            # multi_file: C in several files, so build_ext compiles them on every core
            ext_modules=mypycify(modules, opt_level="3", multi_file=True,
                                 target_dir=str(Path(scratch) / "c")),
            script_args=["--quiet", "build_ext", "--parallel", str(os.cpu_count() or 1),
                         "--build-lib", str(fresh),
                         "--build-temp", str(Path(scratch) / "tmp")],
        )
        for rel in engine.copied_modules():  # interpreted, inside a compiled sub-package
            shutil.copyfile(ROOT / "engine" / rel, fresh / "engine" / rel)
        (fresh / "engine" / engine.STAMP).write_text(fingerprint, encoding="utf-8")
        # Replace the old build only once the new one is complete.
        shutil.rmtree(target, ignore_errors=True)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(str(fresh), target)
    print(f"engine: {len(modules)} modules compiled into {target.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
