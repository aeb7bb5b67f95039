"""``python -m engine``: the command line (see :mod:`engine.cli`).

``batch`` alone skips argparse and the text renderer: programs start it once
per run, and its start-up time is part of every whole-process measurement.
For the same reason it leaves with ``os._exit`` once its output is flushed:
tearing down the interpreter (freeing every module, cache and table one
object at a time) took about 15 ms of a 6,000-line run and serves nobody.
"""

import os
import sys

if sys.argv[1:] == ["batch"]:
    from engine.batch import main_batch

    code = main_batch()  # flushes stdout itself
    sys.stderr.flush()
    os._exit(code)

from engine.cli import main

raise SystemExit(main())
