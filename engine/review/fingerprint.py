"""What a stored review was computed with: thresholds, rule values and the review's version.

A review is computed once, when a game is imported, and kept. When a measure
in :mod:`engine.review.thresholds`, a value of the rule set, or a check's own
logic changes, a kept review still shows the old flags. :func:`fingerprint`
digests everything that decides a review's flags, so the site can tell a
stale review from a current one and compute it again.

Raise :data:`REVIEW_VERSION` when a check or the replay changes what it
flags or scores in a way no threshold or rule value shows.

>>> fingerprint("online") == fingerprint("online") != fingerprint("ema")
True
>>> len(fingerprint("online"))
16
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict
from enum import Enum

from engine.review import thresholds
from engine.rules.sets import PROCEDURES, base_name, get_game_rules, get_ruleset

REVIEW_VERSION = 2  # 2: the danger model also prices opponents with calls


def _plain(value: object) -> object:
    return value.value if isinstance(value, Enum) else str(value)


def fingerprint(rules: str) -> str:
    """A short digest of the review version, the thresholds and the rule set's values."""
    ruleset = get_ruleset(rules)
    procedure = PROCEDURES.get(base_name(ruleset))
    data = {
        "version": REVIEW_VERSION,
        "thresholds": [(t.key, t.value) for t in thresholds.THRESHOLDS],
        "rules": asdict(ruleset),
        "game": asdict(get_game_rules(ruleset)),
        "procedure": asdict(procedure) if procedure is not None else None,
    }
    text = json.dumps(data, sort_keys=True, default=_plain, ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:16]
