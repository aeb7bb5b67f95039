"""The measures a review flags by, as data: each value with its Russian wording.

A decision is flagged only when it cost something by one of these stated
measures; the page shows :func:`threshold_lines` so the learner can read
the rule that was applied. Change a number here and the wording follows.

>>> UKEIRE_SHARE, DANGER_GAP
(0.8, 3.0)
>>> threshold_lines()[0]
'Сброс отмечается, если оставляет меньше 80 % лучшего укэирэ при том же шантене.'
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.text.review import THRESHOLD_TEXT


@dataclass(frozen=True)
class Threshold:
    """One stated measure: its key (a key of ``THRESHOLD_TEXT``) and its value."""

    key: str
    value: float

    @property
    def text(self) -> str:
        return THRESHOLD_TEXT[self.key].format(value=self.value, percent=round(100 * self.value))


# efficiency: a discard keeping less than this share of the best ukeire at the same shanten
UKEIRE_SHARE = 0.8
# defence: danger points (deal-in chance in %, engine.table.safety) above the safest tile
DANGER_GAP = 3.0
# furiten: a wait on at least this many kinds is wide, so its flag is informational
WIDE_WAIT_KINDS = 3
# no yaku: a call in a wall this short that reaches tenpai is a deliberate formal tenpai
FORMAL_TENPAI_WALL = 12
# no yaku: a yaku counts as reachable when at most this many tiles stand in its way
OFF_TILES = 2

THRESHOLDS: tuple[Threshold, ...] = (
    Threshold("ukeire_share", UKEIRE_SHARE),
    Threshold("danger_gap", DANGER_GAP),
    Threshold("wide_wait", WIDE_WAIT_KINDS),
    Threshold("formal_tenpai_wall", FORMAL_TENPAI_WALL),
    Threshold("off_tiles", OFF_TILES),
)


def threshold_lines() -> tuple[str, ...]:
    """Every measure in Russian, in the order of the categories."""
    return tuple(t.text for t in THRESHOLDS)
