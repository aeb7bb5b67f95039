"""A decision read as engine values: the hand, the tiles seen, the riichi, wins and places.

Everything the categories share, so each reads a :class:`Decision` the same
way: ``visible`` counts the seat's own tiles too, so the tiles seen
*outside* the hand (what :func:`engine.shape.ukeire.rank_discards` and
:func:`engine.table.safety.hand_safety` take) are ``visible`` less the hand.
"""

from __future__ import annotations

from engine.errors import HandError
from engine.hand import Hand
from engine.melds import Meld, MeldKind
from engine.rules.sets import Ruleset, get_game_rules
from engine.scoring.score import ScoreResult, WinSituation, score_hand
from engine.table.decision import Decision
from engine.table.final import four, placements
from engine.table.game import GameState, Ron, Tsumo, next_state, win_payments
from engine.table.safety import Riichi
from engine.table.safety_open import OpenHand
from engine.text import messages as msg
from engine.tiles import EAST, NUM_KINDS, Tile, counts_of, parse_tiles

Scores = tuple[int, int, int, int]


def hand_of(d: Decision) -> Hand:
    """The seat's tiles before the action: concealed (drawn tile included) and melds."""
    return Hand(counts_of(d.concealed), d.melds)


def tile_of(text: str) -> Tile:
    """``"5p"`` (or ``"0p"``) → its kind."""
    return parse_tiles(text).kinds[0]


def outside(d: Decision, hand: Hand) -> tuple[Tile, ...]:
    """Tiles seen outside ``hand``: ``visible`` less the hand, at least what the ponds need.

    A called tile may be counted in a pond and a meld alike by a log; the
    riichi ponds must be among the tiles seen (the danger model checks it),
    so a kind is raised to what they hold, never past four with the hand.
    """
    held = hand.all_counts()
    need = counts_of(t for o in d.opponents if o.riichi_turn is not None
                     for t in (*(p.tile for p in o.pond), *o.passed_after_riichi))
    shown = counts_of(t for him in opens(d) for t in (*him.pond, *(k for m in him.melds
                                                                  for k in m.tiles)))
    need = tuple(max(a, b) for a, b in zip(need, shown, strict=True))
    out: list[Tile] = []
    for kind in range(NUM_KINDS):
        seen = max(d.visible[kind] - held[kind], min(need[kind], 4 - held[kind]), 0)
        out.extend([kind] * seen)
    return tuple(out)


def riichis(d: Decision) -> tuple[Riichi, ...]:
    """The opponents in riichi as the danger model reads them, tsumogiri marks from the log."""
    return tuple(Riichi(tuple(p.tile for p in o.pond), o.riichi_turn, o.passed_after_riichi,
                        tuple(p.tsumogiri for p in o.pond))
                 for o in d.opponents
                 if o.riichi_turn is not None and 0 <= o.riichi_turn < len(o.pond))


def opens(d: Decision) -> tuple[OpenHand, ...]:
    """The opponents with calls (no riichi) as the danger model reads an open threat.

    His melds, his whole pond (tiles taken by a call included: they still make
    him furiten), his seat wind and the round wind — so an honour is priced as
    a value honour only when it gives him a yaku.
    """
    dealer = dealer_of(d)
    return tuple(OpenHand(o.melds, tuple(p.tile for p in o.pond),
                          EAST + (o.seat - dealer) % 4, d.round_wind)
                 for o in d.opponents if o.riichi_turn is None
                 and any(m.kind is not MeldKind.ANKAN for m in o.melds))


def dealer_of(d: Decision) -> int:
    """The log seat dealing this hand (the seat's wind counts from the dealer's East)."""
    return (d.seat - (d.seat_wind - EAST)) % 4


def situation(d: Decision, *, tsumo: bool, riichi: bool | None = None) -> WinSituation:
    return WinSituation(tsumo=tsumo, riichi=d.riichi if riichi is None else riichi,
                        seat_wind=d.seat_wind, round_wind=d.round_wind,
                        dora_indicators=d.dora_indicators, honba=d.honba,
                        riichi_sticks=d.sticks)


def win_value(d: Decision, hand13: Hand, tile: Tile, rules: Ruleset, *, tsumo: bool,
              riichi: bool | None = None) -> ScoreResult | None:
    """The score of ``hand13`` winning on ``tile`` (``None``: not a win, or no yaku)."""
    try:
        return score_hand(hand13.with_tile(tile), tile, situation(d, tsumo=tsumo, riichi=riichi),
                          rules)
    except HandError:  # NoYakuError included: a shape that cannot be declared
        return None


def after_win(d: Decision, result: ScoreResult, from_seat: int | None, rules: Ruleset) -> Scores:
    """The scores after the seat's win (``from_seat`` ``None``: tsumo), sticks collected.

    Paid as the table settles a hand (:func:`engine.table.game.win_payments`).
    """
    dealer = dealer_of(d)
    paid = win_payments(_outcome(d, result, from_seat), rules, d.honba, d.sticks)
    return four([d.scores[s] + paid[(s - dealer) % 4] for s in range(4)])


def win_ends_game(d: Decision, result: ScoreResult, from_seat: int | None,
                  rules: Ruleset) -> bool:
    """Whether the seat's win would end the game, decided as the table decides it.

    :func:`engine.table.game.next_state` knows every way a game ends or goes on
    under the rule set (a dealer who stops on a win, the West round when nobody
    has the target score, busting); a review asks it rather than guessing.
    """
    dealer = dealer_of(d)
    state = GameState(d.round_wind - EAST, dealer + 1, d.honba, d.sticks,
                      four([d.scores[(dealer + i) % 4] for i in range(4)]))
    try:
        return next_state(state, _outcome(d, result, from_seat), rules).game_over
    except HandError:  # a round the game sequence does not know (North): not a last hand
        return False


def _outcome(d: Decision, result: ScoreResult, from_seat: int | None) -> Tsumo | Ron:
    """The win as the table settles it, by this hand's seats (0 = dealer)."""
    dealer = dealer_of(d)
    me = (d.seat - dealer) % 4
    if from_seat is None:
        return Tsumo(me, result.basic)
    return Ron((from_seat - dealer) % 4, {me: result.basic})


def place_of(scores: Scores, seat: int, rules: Ruleset) -> int:
    """The seat's place (1 = first) by the rule set's tie-break; seat 0 dealt East 1."""
    return placements(scores, get_game_rules(rules).tiebreak)[seat]


def discarder(d: Decision) -> int | None:
    """Who threw ``offered``: the opponent whose last discard it is (``None``: not found)."""
    if d.offered is None:
        return None
    for o in d.opponents:
        if o.pond and o.pond[-1].tile == d.offered:
            return o.seat
    return None


def call_words(played: str) -> str:
    """A call as ``played`` writes it, named in Russian: ``"daiminkan 5p"`` → «открытый кан 5p»."""
    kind, _, tiles = played.partition(" ")
    return f"{msg.TABLE_CALL_NAMES.get(kind, kind)} {tiles}"


def call_meld(d: Decision) -> tuple[Hand, Meld] | None:
    """The hand after the call ``d.played`` (``"pon 5p"``, ``"chi 345p"``, ``"daiminkan 5p"``)."""
    kind, _, tiles = d.played.partition(" ")
    if d.offered is None or kind not in _CALLS:
        return None
    shown = parse_tiles(tiles).kinds
    meld_tiles = tuple(sorted(shown)) if kind == "chi" else (shown[0],) * _CALLS[kind][1]
    counts = list(counts_of(d.concealed))
    used = list(meld_tiles)
    used.remove(d.offered)
    for t in used:
        if counts[t] == 0:
            return None
        counts[t] -= 1
    meld = Meld(_CALLS[kind][0], meld_tiles, called=d.offered)
    return Hand(tuple(counts), (*d.melds, meld)), meld


_CALLS: dict[str, tuple[MeldKind, int]] = {
    "chi": (MeldKind.CHI, 3), "pon": (MeldKind.PON, 3), "daiminkan": (MeldKind.MINKAN, 4),
}
