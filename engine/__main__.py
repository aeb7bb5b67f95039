"""``python -m engine``: the command line (see :mod:`engine.cli`).

``batch`` alone skips argparse and the text renderer: programs start it once
per run, and its start-up time is part of every whole-process measurement.
"""

import sys

if sys.argv[1:] == ["batch"]:
    from engine.batch import main_batch

    raise SystemExit(main_batch())

from engine.cli import main

raise SystemExit(main())
