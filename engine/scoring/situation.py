"""How a hand was won: the facts scoring needs besides the tiles, and which can go together.

:class:`WinSituation` is re-exported by :mod:`engine.scoring.score` (its public home);
it lives here so that yaku and fu code can use it without importing the scorer.

Impossible situations are refused, because a drill built on one would teach a
wrong rule. Which combinations cannot happen is data, :data:`EXCLUSIONS`: each
row names two facts that never hold together and the source that says so
(a seed document code; ``""`` when the seeds are silent and the exclusion
follows from the definitions of the two situations, as
:data:`engine.text.messages.YAKU_EXPLANATIONS` states them). The facts are the
eleven situation flags (:data:`SITUATION_FLAGS`) and the facts of
:data:`OTHER_FACTS`: a flag's opposite (``ron``, ``no_riichi``) and what the
hand is (open, with or without a kan, the winner's seat, a second copy of the
winning tile). The Russian reason of each row is
:data:`engine.text.messages.SITUATION_REASONS`.

:func:`situation_problems` lists every row a situation breaks; the scorer,
the site's drill checker and the hand analyser all ask it (or
:func:`check_situation`, which raises the first one as a :class:`HandError`).

>>> s = WinSituation(tsumo=True, rinshan=True, haitei=True)
>>> [(p.first, p.second) for p in situation_problems(s, HandFacts(kans=1))]
[('rinshan', 'haitei')]
>>> print(situation_problems(WinSituation(houtei=True, chankan=True), HandFacts())[0].message)
Так не бывает: «чанкан» и «хотей» вместе. Хотей — рон на последний сброс раздачи, а тайл, \
доложенный к пону, не сброс.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import HandError
from engine.hand import Hand
from engine.text import messages as msg
from engine.tiles import EAST, NORTH, Tile


@dataclass(frozen=True)
class WinSituation:
    """The circumstances of one win. ``double_riichi`` implies ``riichi`` (2 han in all)."""

    tsumo: bool = False
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    rinshan: bool = False
    chankan: bool = False
    haitei: bool = False
    houtei: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False
    seat_wind: Tile = EAST
    round_wind: Tile = EAST
    dora_indicators: tuple[Tile, ...] = ()
    ura_indicators: tuple[Tile, ...] = ()
    honba: int = 0
    riichi_sticks: int = 0

    @property
    def is_dealer(self) -> bool:
        """The dealer is the player whose seat wind is East."""
        return self.seat_wind == EAST

    @property
    def in_riichi(self) -> bool:
        return self.riichi or self.double_riichi


@dataclass(frozen=True)
class HandFacts:
    """What the compatibility table needs to know about the hand.

    ``closed``: no called meld (a closed kan keeps the hand closed); ``kans``:
    kans among the melds; ``win_copies``: copies of the winning tile the hand
    holds, melds included, the winning tile itself counted (1 when unknown).
    """

    closed: bool = True
    kans: int = 0
    win_copies: int = 1


def hand_facts(hand: Hand, win_tile: Tile | None = None) -> HandFacts:
    """The :class:`HandFacts` of a hand (with its winning tile, if known)."""
    copies = 1 if win_tile is None else hand.all_counts()[win_tile]
    return HandFacts(hand.is_closed, sum(1 for m in hand.melds if m.is_kan), copies)


# The situation flags, in WinSituation's order but with tsumo among them.
SITUATION_FLAGS: tuple[str, ...] = (
    "riichi", "double_riichi", "ippatsu", "tsumo", "rinshan", "chankan",
    "haitei", "houtei", "tenhou", "chiihou", "renhou",
)  # fmt: skip
OTHER_FACTS: tuple[str, ...] = (
    "ron", "no_riichi", "open", "kan", "no_kan", "dealer", "non_dealer", "win_tile_twice",
)  # fmt: skip

# (fact, fact, source): the two never hold together. Flag pairs first, in
# SITUATION_FLAGS order, then flags against their opposites and the hand.
# Every flag pair not listed here is possible (tests/engine/test_situation.py
# shows a situation for each).
EXCLUSIONS: tuple[tuple[str, str, str], ...] = (
    # Riichi is declared with a discard; the first-turn wins come before any.
    ("riichi", "tenhou", ""),
    ("riichi", "chiihou", ""),
    ("riichi", "renhou", ""),
    ("double_riichi", "tenhou", ""),
    ("double_riichi", "chiihou", ""),
    ("double_riichi", "renhou", ""),
    # A rinshan win follows the winner's own kan, and any call ends ippatsu.
    ("ippatsu", "rinshan", ""),
    ("ippatsu", "tenhou", ""),
    ("ippatsu", "chiihou", ""),
    ("ippatsu", "renhou", ""),
    # Ron-only situations.
    ("tsumo", "chankan", "000"),
    ("tsumo", "houtei", "000"),
    ("tsumo", "renhou", "001"),
    # The replacement tile: the winner's own draw from the dead wall after a kan.
    ("rinshan", "chankan", "000"),
    ("rinshan", "haitei", "000"),
    ("rinshan", "houtei", "000"),
    ("rinshan", "tenhou", ""),
    ("rinshan", "chiihou", ""),
    ("rinshan", "renhou", ""),
    # Robbing a kan: a ron on a tile added to a pon, which is not a discard.
    ("chankan", "haitei", "000"),
    ("chankan", "houtei", "000"),
    ("chankan", "tenhou", ""),
    ("chankan", "chiihou", ""),
    ("chankan", "renhou", ""),
    # The last tile of the wall and the last discard against each other and the first turn.
    ("haitei", "houtei", "000"),
    ("haitei", "tenhou", ""),
    ("haitei", "chiihou", ""),
    ("haitei", "renhou", ""),
    ("houtei", "tenhou", ""),
    ("houtei", "chiihou", ""),
    ("houtei", "renhou", ""),
    # The three first-turn wins: the dealer's tsumo, a non-dealer's tsumo, a non-dealer's ron.
    ("tenhou", "chiihou", ""),
    ("tenhou", "renhou", ""),
    ("chiihou", "renhou", ""),
    # A flag against its opposite.
    ("ippatsu", "no_riichi", "004"),
    ("haitei", "ron", ""),
    ("rinshan", "ron", "000"),
    ("tenhou", "ron", ""),
    ("chiihou", "ron", ""),
    # A flag against the hand.
    ("riichi", "open", "000"),
    ("double_riichi", "open", "000"),
    ("ippatsu", "open", "000"),
    ("rinshan", "no_kan", "000"),
    ("tenhou", "open", ""),
    ("tenhou", "kan", ""),
    ("chiihou", "open", ""),
    ("chiihou", "kan", ""),
    ("renhou", "open", ""),
    ("renhou", "kan", ""),
    ("tenhou", "non_dealer", ""),
    ("chiihou", "dealer", ""),
    ("renhou", "dealer", ""),
    ("chankan", "win_tile_twice", "000"),
)

_FACTS = SITUATION_FLAGS + OTHER_FACTS
_BIT = {fact: 1 << i for i, fact in enumerate(_FACTS)}
_ROWS = tuple((_BIT[a] | _BIT[b], a, b, source) for a, b, source in EXCLUSIONS)


@dataclass(frozen=True)
class SituationProblem:
    """One broken row of :data:`EXCLUSIONS`: two facts that cannot hold together."""

    first: str
    second: str
    source: str

    @property
    def message(self) -> str:
        """Russian: names both facts and says why."""
        return msg.SITUATION_CONFLICT.format(
            first=msg.SITUATION_FACT_NAMES[self.first],
            second=msg.SITUATION_FACT_NAMES[self.second],
            reason=msg.SITUATION_REASONS[(self.first, self.second)],
        )


def situation_facts(s: WinSituation, facts: HandFacts) -> tuple[str, ...]:
    """The facts of :data:`SITUATION_FLAGS` and :data:`OTHER_FACTS` that hold."""
    mask = _mask(s, facts)
    return tuple(fact for fact in _FACTS if mask & _BIT[fact])


def _mask(s: WinSituation, h: HandFacts) -> int:
    flags = (
        s.riichi, s.double_riichi, s.ippatsu, s.tsumo, s.rinshan, s.chankan,
        s.haitei, s.houtei, s.tenhou, s.chiihou, s.renhou,
        not s.tsumo, not s.in_riichi, not h.closed, h.kans > 0, h.kans == 0,
        s.is_dealer, not s.is_dealer, h.win_copies > 1,
    )  # fmt: skip
    mask = 0
    for i, flag in enumerate(flags):
        if flag:
            mask |= 1 << i
    return mask


def situation_problems(s: WinSituation, facts: HandFacts) -> tuple[SituationProblem, ...]:
    """Every row of :data:`EXCLUSIONS` the situation breaks with this hand, in table order.

    Cached by the set of facts that hold (a handful of sets cover most wins).
    Without a rare flag only riichi with an open hand can break a row: the
    common win is answered without building the set.
    """
    if _plain(s, facts.closed):
        return ()
    mask = _mask(s, facts)
    found = _BY_MASK.get(mask)
    if found is None:
        found = tuple(
            SituationProblem(a, b, source) for both, a, b, source in _ROWS if mask & both == both
        )
        if len(_BY_MASK) < 4096:
            _BY_MASK[mask] = found
    return found


_BY_MASK: dict[int, tuple[SituationProblem, ...]] = {}


def _plain(s: WinSituation, closed: bool) -> bool:
    """No rare flag, and no riichi with an open hand: no row of the table can break."""
    rare = (
        s.ippatsu or s.rinshan or s.chankan or s.haitei or s.houtei
        or s.tenhou or s.chiihou or s.renhou
    )  # fmt: skip
    return not rare and (closed or not (s.riichi or s.double_riichi))


def first_situation_problem(s: WinSituation, facts: HandFacts) -> SituationProblem | None:
    """The first problem of :func:`situation_problems`, or ``None`` if the situation can happen."""
    problems = situation_problems(s, facts)
    return problems[0] if problems else None


def check_situation(
    s: WinSituation, *, closed: bool, has_kan: bool, win_copies: int = 1
) -> None:
    """Raise :class:`HandError` if the situation cannot happen with this hand.

    The winds, honba, sticks and number of indicators are checked first,
    then :data:`EXCLUSIONS` (the first broken row is the message).
    """
    if not (
        EAST <= s.seat_wind <= NORTH
        and EAST <= s.round_wind <= NORTH
        and 0 <= s.honba <= 100
        and 0 <= s.riichi_sticks <= 100
        and len(s.dora_indicators) <= 5
        and len(s.ura_indicators) <= 5
    ):
        _bad_numbers(s)
    if _plain(s, closed):
        return
    problem = first_situation_problem(s, HandFacts(closed, 1 if has_kan else 0, win_copies))
    if problem is not None:
        raise HandError(problem.message)


def _bad_numbers(s: WinSituation) -> None:
    """Raise for winds, honba, sticks or indicators out of range (the first one wrong)."""
    if not (EAST <= s.seat_wind <= NORTH and EAST <= s.round_wind <= NORTH):
        raise HandError(msg.SITUATION_BAD_WINDS)
    if not (0 <= s.honba <= 100 and 0 <= s.riichi_sticks <= 100):
        raise HandError(msg.SITUATION_BAD_COUNTERS)
    raise HandError(msg.SITUATION_TOO_MANY_INDICATORS)
