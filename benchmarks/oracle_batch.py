"""Answer batch-contract JSON Lines with the PyPI ``mahjong`` package (the comparison process).

``benchmarks/engine.py`` times ``python -m engine batch`` against this script on
the same input file, whole process against whole process. It reads stdin in
one piece and writes once, like ours, so the comparison is of the engines and
not of I/O. Answers come from :mod:`tests.support.oracle`; a line it cannot answer
gets ``{"error": ...}`` as in the contract.

    python benchmarks/oracle_batch.py < requests.jsonl > answers.jsonl
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "support"))

import oracle  # noqa: E402


def _answer(line: str) -> dict:
    try:
        return oracle.answer(json.loads(line))
    except Exception as err:  # the oracle has no validation of its own
        return {"error": f"{type(err).__name__}: {err}"}


def main() -> int:
    text = sys.stdin.buffer.read().decode("utf-8")
    out = [json.dumps(_answer(line)) for line in text.splitlines()]
    sys.stdout.buffer.write(("\n".join(out) + "\n").encode("utf-8") if out else b"")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
