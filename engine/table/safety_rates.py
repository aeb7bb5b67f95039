"""Published deal-in rates against a riichi, by tile class and turn: the data of the danger model.

:mod:`engine.table.safety` decides which waits remain possible on a tile and turns
that into one of the classes below; this module only holds the figures and
says where each comes from. ``docs/danger.md`` reproduces the table in Russian.

Sources (each figure is used as published; nothing here was fitted by us):

* :data:`RATES` — deal-in rate in % of a discarded tile against a riichi, by
  tile class and by the riichi player's number of discards so far, as
  published in the open-source assistant *mahjong-helper* (EndlessCheng,
  https://github.com/EndlessCheng/mahjong-helper, ``util/risk_data.go``,
  ``RiskRate``, 2019): every figure equals that table at its commit 514bb97
  (checked cell by cell). Where it was read is all we can cite. The
  repository names no game records or publication for the table — not in the
  file, its README or its commit messages (the table arrived on 2019-02-21
  in commit 963b731 with only the rows of turns 1 and 9, the other rows half
  an hour later in e4c874a) — and our searches of Japanese, Chinese and
  English sources for the original table (by its class names and figures)
  found only copies of mahjong-helper's.
  Two of its cells are not published figures: turn 1's ``suji_5`` and
  ``suji_46`` were missing (-1) in the first version and filled on 2019-04-09
  («补充一处数据») with turn 2's 0.8 and 2.6. And turn 12's three guest-wind
  figures repeat turn 11's (5.1, 2.5, 0.3) while every other column grows —
  likely a slip, which we cannot correct without the original.
  :data:`RATES_SOURCE` says all this in the data itself.
* :data:`DORA_FACTOR`, :data:`DORA_NEIGHBOUR_FACTOR` — «Defence theory (6):
  Tile risk table», justanotherjapanesemahjongblog.blogspot.com, 31 January
  2012 (a translation of blog.jpmahjong.net/read.php/541.htm): the dora deals
  in 1.5–1.6 times as often when it is a simple, 1.8–1.9 times when a terminal
  or honour; the tiles next to the dora about 10 % more. We take the middle
  of each range.
* The riichi declaration tile's suji — D. Chiba, *Riichi Book 1*, ch. 8
  «Defense judgement», «Suji trap»: suji tiles of the tile discarded on riichi
  are «at least as dangerous as non-suji tiles». The model therefore prices
  such a side as open (:mod:`engine.table.safety`).
* Tsumogiri marks — the same section's reason (the trap is a double closed
  block cut from the hand on the riichi): a tsumogiri riichi tile came from
  no block, so its suji is plain suji and the rule moves to his last tedashi
  before the riichi (:func:`engine.table.safety.trap_index`). The move is our
  reading of that reason; no source gives a figure for it, so the tedashi's
  suji is priced as the riichi tile's.
* The order of honours by copies seen and the «fourth honour is safe except
  against Thirteen Orphans» rule — the same chapter, table «Safety ranking».
* :data:`KOKUSHI_RATE` is our own stated upper bound, not a published figure:
  the last copy of an honour can only complete a kokushi single wait.
"""

from __future__ import annotations

from typing import Final

RATES_SOURCE: Final = (
    "mahjong-helper (EndlessCheng), util/risk_data.go RiskRate, 2019, equal cell by cell at "
    "commit 514bb97: deal-in % by tile class and the riichi player's discard count; the "
    "repository names no game records or publication for it and no original was found, so "
    "the figures are cited as read there; turn 1's suji_5 and suji_46 are its fill-ins "
    "(turn 2's values) and turn 12's guest-wind cells repeat turn 11's"
)
DORA_SOURCE: Final = (
    "justanotherjapanesemahjongblog, «Defence theory (6): Tile risk table», 2012-01-31 "
    "(from blog.jpmahjong.net/read.php/541.htm)"
)
RIICHI_SUJI_SOURCE: Final = "D. Chiba, Riichi Book 1, ch. 8, «Suji trap»"
TEDASHI_SOURCE: Final = (
    "D. Chiba, Riichi Book 1, ch. 8, «Suji trap» (the trap is cut from the hand); moving it "
    "to the last tedashi before a tsumogiri riichi tile is our reading, no published figure"
)

# Column order of every row of RATES (the published table's order).
CLASSES: Final = (
    "nosuji_5", "nosuji_46", "nosuji_37", "nosuji_28", "nosuji_19",
    "halfsuji_5", "halfsuji_46_outer", "halfsuji_46_inner",
    "suji_37", "suji_28", "suji_19", "suji_5", "suji_46",
    "yakuhai_3", "yakuhai_2", "yakuhai_1", "guest_3", "guest_2", "guest_1",
)
"""``halfsuji_46_outer``: a 4 (6) whose 1 (9) side is closed; ``_inner``: whose 7 (3)
side is closed. Honours by copies still unseen: ``yakuhai`` — a value honour
(dragons; winds are priced as value honours too, since the drill does not
say the seat), ``guest`` — a guest wind."""

# RATES[turn - 1][column]: turn = the riichi player's discards so far, 1–19.
RATES: Final[tuple[tuple[float, ...], ...]] = (
    (5.7, 5.7, 5.8, 4.7, 3.4, 2.5, 2.5, 3.1, 5.6, 3.8, 1.8, 0.8, 2.6, 2.1, 1.2, 0.5, 2.4, 1.4, 1.2),
    (6.6, 6.9, 6.3, 5.2, 4.0, 3.5, 3.5, 4.1, 5.3, 3.5, 1.9, 0.8, 2.6, 2.3, 1.2, 0.5, 2.7, 1.3, 0.4),
    (7.7, 8.0, 6.7, 5.8, 4.6, 4.3, 4.1, 4.9, 5.2, 3.6, 1.8, 1.6, 2.0, 2.4, 1.2, 0.3, 2.6, 1.2, 0.3),
    (8.5, 8.9, 7.1, 6.2, 5.1, 4.8, 4.7, 5.6, 5.2, 3.8, 1.7, 1.6, 2.0, 2.6, 1.1, 0.2, 2.6, 1.2, 0.2),
    (9.4, 9.7, 7.5, 6.7, 5.5, 5.3, 5.1, 6.0, 5.3, 3.7, 1.7, 1.7, 2.0, 2.9, 1.2, 0.2, 2.8, 1.2, 0.2),
    (10.2, 10.5, 7.9, 7.1, 5.9, 5.8, 5.6, 6.4, 5.2, 3.7, 1.7, 1.8, 2.0, 3.2, 1.3, 0.2, 2.9, 1.3,
     0.2),
    (11.0, 11.3, 8.4, 7.5, 6.3, 6.3, 6.1, 6.8, 5.3, 3.7, 1.7, 2.0, 2.1, 3.6, 1.4, 0.2, 3.2, 1.4,
     0.2),
    (11.9, 12.2, 8.9, 8.0, 6.8, 6.9, 6.6, 7.4, 5.3, 3.8, 1.7, 2.1, 2.2, 4.0, 1.6, 0.2, 3.5, 1.6,
     0.2),
    (12.8, 13.1, 9.5, 8.6, 7.4, 7.4, 7.2, 7.9, 5.5, 3.9, 1.8, 2.2, 2.3, 4.6, 1.9, 0.3, 4.0, 1.8,
     0.2),
    (13.8, 14.1, 10.1, 9.2, 8.0, 8.0, 7.8, 8.5, 5.6, 4.0, 1.9, 2.4, 2.4, 5.3, 2.2, 0.3, 4.6, 2.1,
     0.3),
    (14.9, 15.1, 10.8, 9.9, 8.7, 8.7, 8.5, 9.2, 5.7, 4.2, 2.0, 2.5, 2.6, 6.0, 2.6, 0.4, 5.1, 2.5,
     0.3),
    (16.0, 16.3, 11.6, 10.6, 9.4, 9.4, 9.2, 9.9, 6.0, 4.4, 2.2, 2.7, 2.7, 6.8, 3.1, 0.4, 5.1, 2.5,
     0.3),
    (17.2, 17.5, 12.4, 11.4, 10.2, 10.2, 10.0, 10.6, 6.2, 4.6, 2.4, 3.0, 3.0, 7.8, 3.7, 0.5, 6.6,
     3.7, 0.5),
    (18.5, 18.8, 13.3, 12.3, 11.1, 11.0, 10.9, 11.4, 6.6, 4.9, 2.7, 3.2, 3.1, 8.8, 4.4, 0.7, 7.4,
     4.4, 0.6),
    (19.9, 20.1, 14.3, 13.3, 12.0, 11.9, 11.8, 12.3, 7.0, 5.3, 3.0, 3.4, 3.4, 9.9, 5.2, 0.8, 8.4,
     5.3, 0.8),
    (21.3, 21.7, 15.4, 14.3, 13.1, 12.9, 12.8, 13.3, 7.4, 5.7, 3.3, 3.7, 3.6, 11.2, 6.2, 1.0, 9.4,
     6.5, 0.9),
    (22.9, 23.2, 16.6, 15.4, 14.2, 14.0, 13.8, 14.4, 8.0, 6.1, 3.6, 3.9, 3.9, 12.4, 7.3, 1.3, 10.5,
     7.7, 1.2),
    (24.7, 24.9, 17.9, 16.7, 15.4, 15.2, 15.0, 15.6, 8.5, 6.6, 4.0, 4.3, 4.2, 13.9, 8.5, 1.7, 11.8,
     9.4, 1.6),
    (27.5, 27.8, 20.4, 19.1, 17.8, 17.5, 17.5, 17.5, 9.8, 7.4, 5.0, 5.1, 5.1, 18.1, 12.1, 2.8,
     14.7, 12.6, 2.1),
)
MAX_TURN: Final = len(RATES)

DORA_FACTOR: Final = {"simple": 1.55, "terminal_or_honour": 1.85}
DORA_NEIGHBOUR_FACTOR: Final = 1.1
KOKUSHI_RATE: Final = 0.1


def rate(column: str, turn: int) -> float:
    """The published figure of ``column`` after ``turn`` discards (clamped to 1–19).

    >>> rate("nosuji_46", 9), rate("suji_19", 9), rate("yakuhai_1", 30)
    (13.1, 1.8, 2.8)
    """
    row = RATES[min(max(turn, 1), MAX_TURN) - 1]
    return row[CLASSES.index(column)]
