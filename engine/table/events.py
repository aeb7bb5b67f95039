"""A played game as data: the events of each hand, read from a log or made by bots.

Every log format (tenhou.net/6 JSON, mjai JSON Lines) is read into the same
:class:`GameLog`, so the table (:mod:`engine.table.state`) and everything
built on it never look at a format. Seats are the log's: seat 0 is the
game's first dealer (East in East 1); a hand's dealer is :attr:`HandLog.dealer`.
Tiles are kinds 0–33 (:mod:`engine.tiles`); whether a five is red is carried
beside the kind (``red`` flags), because the kind alone cannot say it and red
fives are dora.

Kan-dora indicators are not events of a log: tenhou.net/6 lists the revealed
indicators without their moment, so the table flips the next one of
:attr:`HandLog.dora_indicators` when the chosen rule set's timing says so.
:class:`NewDora` exists for a log (or a test) that wants to state a reveal;
the table checks it against the list.

>>> Discard(1, 13, tsumogiri=True, riichi=False).tsumogiri
True
>>> isinstance(IllegalEvent("x", 0, 3), LogError)
True
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import HandError
from engine.tiles import Tile

Scores = tuple[int, int, int, int]
CALL_KINDS = ("chi", "pon", "daiminkan")
KAN_KINDS = ("ankan", "shouminkan")
ABORT_REASONS = ("kyuushu", "four_winds", "four_riichi", "four_kans", "triple_ron")
ROUND_NAMES = tuple(f"{w}{n}" for w in "ESWN" for n in range(1, 5))  # E1 … N4


class LogError(HandError):
    """A log that cannot be read or replayed; ``message`` is Russian and names what is wrong.

    ``hand`` and ``event`` are 0-based indexes into :attr:`GameLog.hands` and
    :attr:`HandLog.events` when the problem has a place, else ``None``.
    """

    def __init__(self, message: str, hand: int | None = None, event: int | None = None) -> None:
        super().__init__(message)
        self.hand = hand
        self.event = event


class IllegalEvent(LogError):
    """An event the table does not allow at that moment (a tile not held, a furiten ron…)."""


@dataclass(frozen=True)
class Draw:
    """``seat`` takes ``tile`` from the wall (after a kan: from the dead wall)."""

    seat: int
    tile: Tile
    red: bool = False


@dataclass(frozen=True)
class Discard:
    """``seat`` discards ``tile``; ``tsumogiri``: the tile just drawn; ``riichi``: declared."""

    seat: int
    tile: Tile
    tsumogiri: bool = False
    riichi: bool = False
    red: bool = False


@dataclass(frozen=True)
class Call:
    """``seat`` calls ``called_tile`` discarded by ``from_seat``: chi, pon or an open kan.

    ``tiles`` is the whole meld, sorted, the called tile among them; ``red``
    is how many of them are red fives.
    """

    seat: int
    kind: str  # "chi" | "pon" | "daiminkan"
    tiles: tuple[Tile, ...]
    called_tile: Tile
    from_seat: int
    red: int = 0


@dataclass(frozen=True)
class Kan:
    """``seat`` declares a closed kan (ankan) or adds a tile to a pon (shouminkan).

    ``tiles`` are the four tiles of the kan; for a shouminkan the added tile is
    their kind, and ``red`` says whether the added tile is a red five
    (an ankan: how many of the four are red).
    """

    seat: int
    kind: str  # "ankan" | "shouminkan"
    tiles: tuple[Tile, ...]
    red: int = 0


@dataclass(frozen=True)
class NewDora:
    """A kan-dora indicator turned over."""

    indicator: Tile


@dataclass(frozen=True)
class Ron:
    """``seat`` wins on ``from_seat``'s last tile; consecutive Ron events are several rons."""

    seat: int
    from_seat: int


@dataclass(frozen=True)
class Tsumo:
    """``seat`` wins on the tile just drawn."""

    seat: int


@dataclass(frozen=True)
class ExhaustiveDraw:
    """The wall ran out (the table decides who is tenpai and whether nagashi is paid)."""


@dataclass(frozen=True)
class Abort:
    """An abortive draw: ``reason`` is one of :data:`ABORT_REASONS`."""

    reason: str


Event = Draw | Discard | Call | Kan | NewDora | Ron | Tsumo | ExhaustiveDraw | Abort


@dataclass(frozen=True)
class HandLog:
    """One hand as the log has it: the state before it, the deal and the events.

    ``scores`` are before the hand, by the log's seats. ``haipai`` are the 13
    tiles dealt to each seat (by the log's seats), ``haipai_red`` the red flags
    aligned with them. ``recorded_deltas`` and ``recorded_result`` are what the
    log itself says happened — for comparison only, never used to compute a
    result.
    """

    round: str  # "E1" … "N4"
    honba: int
    sticks: int
    scores: Scores
    dealer: int
    dora_indicators: tuple[Tile, ...]
    ura_indicators: tuple[Tile, ...]
    haipai: tuple[tuple[Tile, ...], ...]
    events: tuple[Event, ...]
    haipai_red: tuple[tuple[bool, ...], ...] = ()
    recorded_deltas: Scores | None = None
    recorded_result: str | None = None  # "win" | "draw" | "abortive" | "nagashi"


@dataclass(frozen=True)
class GameLog:
    """A whole game (or the hands a log holds) read from any format."""

    players: tuple[str, str, str, str]
    source_format: str  # "tenhou6" | "mjai" | "mjlog"
    rules_hint: str | None
    hands: tuple[HandLog, ...]
    red_fives: bool = True  # the log's tile set has red fives
    last_round: str = "S4"  # the last hand of the game as scheduled: "S4" hanchan, "E4" tonpuusen
