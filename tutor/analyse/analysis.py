"""The analysis itself: from a :class:`Query` to everything the rules say about the hand.

13 tiles: shanten and improving tiles, or, in tenpai, every winning tile with
its wait shapes and its ron and tsumo value — or why it cannot win (no yaku,
furiten). 14 tiles: every reading with its value, the best one marked, and
the full score. Both under every rule set, for the comparison view.
Ukeire (:mod:`engine.shape.ukeire`): the 13-tile hand's improving tiles, and for
14 tiles every discard ranked with its improving tiles and second order,
copies counted out of everything in sight — the hand, the dora indicators,
the own discards and the «visible» field (other ponds and melds).
All numbers come from the engine; this module only arranges them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial
from typing import TypeVar

from engine.errors import HandError
from engine.hand import Hand, check_copies, check_red_fives, parse_hand, red_fives_by_suit
from engine.melds import Meld, parse_meld_text
from engine.rules.sets import RULESETS, Ruleset
from engine.scoring.score import NoYakuError, ScoreResult, WinSituation, score_hand
from engine.scoring.situation import check_situation
from engine.shape.furiten import FuritenResult, check_furiten
from engine.shape.shanten import Improvement, ShantenResult, shanten
from engine.shape.ukeire import DiscardRanking, Ukeire, rank_discards, seen_counts, ukeire
from engine.shape.waits import find_waits
from engine.table.safety import Riichi, TileSafety, hand_safety
from engine.table.safety_open import OpenHand
from engine.text import messages
from engine.tiles import Tile, parse_tile, parse_tiles, parse_wind
from tutor.analyse.query import Query
from tutor.analyse.readings import ReadingScore, score_readings
from tutor.drills.explain import ReadingView, distinct_readings
from tutor.drills.kind.discard import why_best
from tutor.tiles.render import tile_names

T = TypeVar("T")
NO_YAKU = "нет яку"
FURITEN = "фуритен"
ATOZUKE = "атодзуке"
ATOZUKE_DETAIL = (
    "Яку появляется только с выигрышным тайлом: на {tiles} яку нет, "
    "а за этим столом атодзуке запрещено — яку должен быть до выигрыша."
)
NO_YAKU_OPEN = "Рука открыта: риичи, мензен цумо и пинфу ей недоступны, нужен другой яку."
NO_YAKU_CLOSED_RON = "На рон закрытой руке нужен яку: объявите риичи или соберите яку из тайлов."
WIN_NOT_IN_HAND = "Выигрышного тайла ({tile}) нет среди закрытых тайлов руки."


class Incomplete(Exception):
    """Fewer than 13 tiles so far: the hand is being built, not wrong."""

    def __init__(self, missing: int) -> None:
        super().__init__(missing)
        self.missing = missing


class InputError(HandError):
    """Bad input; ``field`` names the form field the message belongs next to."""

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


@dataclass(frozen=True)
class Outcome:
    """Ron or tsumo on one tile: its value, or the reason it cannot win."""

    result: ScoreResult | None
    reason: str = ""  # NO_YAKU, FURITEN, or "" when it wins
    detail: str = ""

    @property
    def key(self) -> tuple[object, ...]:
        """What the rule-set comparison compares."""
        r = self.result
        if r is None:
            return (self.reason,)
        return (r.han, r.fu, r.points, tuple(y.id for y in r.yaku))


@dataclass(frozen=True)
class WaitRow:
    tile: Tile
    shapes: tuple[str, ...]
    readings: list[ReadingView]
    remaining: int
    ron: Outcome
    tsumo: Outcome


@dataclass(frozen=True)
class Waiting:
    """A 13-tile hand: shanten, improving tiles, and its waits when tenpai."""

    hand: Hand
    shanten: ShantenResult
    improving: tuple[Improvement, ...]
    waits: tuple[WaitRow, ...]
    karaten: tuple[Tile, ...]
    furiten: FuritenResult | None
    ukeire: Ukeire | None = None  # the copies left of improving (or winning) tiles


@dataclass(frozen=True)
class Complete:
    """A 14-tile hand won on ``win``: the best score and every reading."""

    hand: Hand
    win: Tile
    shown: Hand  # the hand without the winning tile
    outcome: Outcome
    readings: list[ReadingScore]
    not_win: str = ""
    shanten: ShantenResult | None = None


@dataclass(frozen=True)
class CompareRow:
    """One place where rule sets disagree: a label and each rule set's outcome."""

    tile: Tile | None
    how: str
    outcomes: dict[str, Outcome]


@dataclass(frozen=True)
class Analysis:
    query: Query
    rules: Ruleset
    error: InputError | None = None
    waiting: Waiting | None = None
    complete: Complete | None = None
    compare: list[CompareRow] = field(default_factory=list)
    missing: int = 0  # tiles still to add before anything can be said
    ranking: DiscardRanking | None = None  # 14 tiles: every discard by ukeire, best first
    why: tuple[str, ...] = ()  # why the first discard of ``ranking`` wins
    danger: tuple[TileSafety, ...] = ()  # 14 tiles and a riichi entered: least dangerous first

    @property
    def has_ranking(self) -> bool:
        """Is there a discard ranking to show (a 14-tile hand the engine could rank)?"""
        return self.ranking is not None and bool(self.ranking.options)

    @property
    def empty(self) -> bool:
        return not self.query.hand.strip()


@dataclass(frozen=True)
class Parsed:
    hand: Hand
    win: Tile | None
    situation: WinSituation
    discards: tuple[Tile, ...]
    seen: tuple[Tile, ...] = ()  # tiles in sight outside the hand: indicators, discards, visible


def parse_query(q: Query) -> Parsed:
    """Turn the text fields into engine values; :class:`InputError` names the bad field."""
    melds = _field("melds", lambda: tuple(parse_meld_text(m) for m in q.meld_texts))
    fields = {name: _field(name, partial(parse_tiles, getattr(q, name)))
              for name in ("dora", "discards", "visible")}
    dora, discards = fields["dora"].kinds, fields["discards"].kinds
    win = _field("win", lambda: parse_tile(q.win) if q.win else None)
    hand = _field("hand", lambda: _hand(q, melds, win is not None))
    win_tile: Tile | None = None
    if hand.size == 14:
        win_tile = win.kinds[0] if win is not None else parse_tiles(q.hand).kinds[-1]
        if not hand.concealed[win_tile]:
            raise InputError(WIN_NOT_IN_HAND.format(tile=q.win), "win")
    situation = WinSituation(
        tsumo=q.by == "tsumo", riichi=q.riichi, seat_wind=parse_wind(q.seat),
        round_wind=parse_wind(q.round), dora_indicators=dora, honba=q.honba,
        riichi_sticks=q.sticks,
    )  # fmt: skip
    _field(
        "riichi",
        lambda: check_situation(
            situation, closed=hand.is_closed, has_kan=any(m.is_kan for m in hand.melds)
        ),
    )
    # The whole set holds four of a kind and one red five of a suit: the field that brings
    # a kind past four copies, or a suit's second red five, is the one to blame.
    held = parse_tiles(q.hand + q.win)
    reds = red_fives_by_suit(held.kinds, held.red, melds)
    seen: tuple[Tile, ...] = ()
    for name, tiles in fields.items():
        seen += tiles.kinds
        _field(name, partial(seen_counts, hand, seen))
        added = red_fives_by_suit(tiles.kinds, tiles.red)
        reds = (reds[0] + added[0], reds[1] + added[1], reds[2] + added[2])
        _field(name, partial(check_red_fives, reds, "вместе с рукой на столе"))
    return Parsed(hand, win_tile, situation, discards, seen)


def _field(name: str, make: Callable[[], T]) -> T:
    """``make()``, with an engine error turned into an :class:`InputError` for field ``name``."""
    try:
        return make()
    except HandError as exc:
        raise InputError(str(exc), name) from None


def _hand(q: Query, melds: tuple[Meld, ...], with_win: bool) -> Hand:
    """13 or 14 tiles (a separate winning tile joins a 13-tile hand); fewer: :class:`Incomplete`."""
    parsed = parse_tiles(q.hand + q.win)
    size = len(parsed.kinds) + 3 * len(melds)
    if size < 13 and len(melds) <= 4:
        check_copies(Hand(parsed.counts(), melds).all_counts())
        raise Incomplete(13 - size)
    hand = parse_hand(q.hand, melds)
    if with_win and hand.size == 13:
        return parse_hand(q.hand + q.win, melds, size=14)
    return hand


def analyse(q: Query) -> Analysis:
    """The full analysis of ``q``; bad input becomes ``Analysis.error``, never an exception."""
    rules = rulesets(q)[q.rules]
    if not q.hand.strip():
        return Analysis(q, rules)
    try:
        parsed = parse_query(q)
    except InputError as exc:
        return Analysis(q, rules, error=exc)
    except Incomplete as exc:
        return Analysis(q, rules, missing=exc.missing)
    try:
        if parsed.win is None:
            waiting, compare = _waiting(parsed, q)
            return Analysis(q, rules, waiting=waiting, compare=compare)
        complete, compare = _complete(parsed, q)
        ranking = rank_discards(parsed.hand, parsed.seen, quality=True)
    except HandError as exc:  # e.g. a dora indicator that would be a fifth copy
        field = "dora" if "доры" in str(exc) else "hand"
        return Analysis(q, rules, error=InputError(str(exc), field))
    why = tuple(why_best(ranking)) if ranking.options else ()
    try:
        danger = _danger(parsed, q)
    except InputError as exc:
        return Analysis(q, rules, error=exc)
    except HandError as exc:
        return Analysis(q, rules, error=InputError(str(exc), "opp" if q.opp else "open_pond"))
    return Analysis(q, rules, complete=complete, compare=compare, ranking=ranking, why=why,
                    danger=danger)


def _danger(p: Parsed, q: Query) -> tuple[TileSafety, ...]:
    """Every tile's deal-in chance against the riichi player of ``q.opp`` and the opponent
    with calls of ``q.open_melds`` (engine.table.safety, engine.table.safety_open)."""
    pond = parse_tiles(q.opp).kinds
    riichis = (Riichi(pond, (q.opp_at or len(pond)) - 1),) if pond else ()
    opens = _open_threat(q)
    if not riichis and not opens:
        return ()
    shown = tuple(t for him in opens for t in (*him.pond, *(k for m in him.melds for k in m.tiles)))
    indicators = parse_tiles(q.dora).kinds
    return hand_safety(p.hand, riichis, (*p.seen, *pond, *shown), indicators, opens)


def _open_threat(q: Query) -> tuple[OpenHand, ...]:
    """The opponent with calls, when his melds are entered (winds unknown: all valued)."""
    melds = _field("open_melds", lambda: tuple(parse_meld_text(m) for m in q.open_meld_texts))
    if not melds:
        return ()
    pond = _field("open_pond", lambda: parse_tiles(q.open_pond).kinds)
    return (OpenHand(melds, pond),)


def outcome(hand14: Hand, win: Tile, sit: WinSituation, rules: Ruleset) -> Outcome:
    """Score one win, turning «no yaku» into a reason instead of an error."""
    try:
        return Outcome(score_hand(hand14, win, sit, rules))
    except NoYakuError:
        hint = NO_YAKU_OPEN if not hand14.is_closed else NO_YAKU_CLOSED_RON
        return Outcome(None, NO_YAKU, f"{messages.NO_YAKU} {hint}")


def _with(sit: WinSituation, tsumo: bool) -> WinSituation:
    return replace(sit, tsumo=tsumo)


def rulesets(q: Query) -> dict[str, Ruleset]:
    """Every rule set, with the table's «no atozuke» option applied to all of them."""
    if not q.no_atozuke:
        return dict(RULESETS)
    return {name: r.with_options(atozuke=False) for name, r in RULESETS.items()}


def _waiting(p: Parsed, q: Query) -> tuple[Waiting, list[CompareRow]]:
    hand = p.hand
    result = find_waits(hand)
    furiten = check_furiten(hand, discards=p.discards, riichi=q.riichi) if result.tenpai else None
    held = hand.all_counts()
    seen = p.seen
    tiles = [option.tile for option in result.options]
    # name -> (ron outcomes, tsumo outcomes), one per wait in ``tiles`` order
    table = {
        name: _settled(tiles, [_wait_outcomes(hand, t, p.situation, r, furiten) for t in tiles], r)
        for name, r in rulesets(q).items()
    }
    rows: list[WaitRow] = []
    compare: list[CompareRow] = []
    for i, option in enumerate(result.options):
        t = option.tile
        per_rules = {name: (rons[i], tsumos[i]) for name, (rons, tsumos) in table.items()}
        ron, tsumo = per_rules[q.rules]
        rows.append(WaitRow(
            t, tuple(messages.WAIT_NAMES[s.value] for s in option.shapes),
            distinct_readings(option.arrangements), max(0, 4 - held[t] - seen.count(t)), ron, tsumo,
        ))  # fmt: skip
        for index, how in enumerate(("рон", "цумо")):
            outcomes = {name: pair[index] for name, pair in per_rules.items()}
            if len({o.key for o in outcomes.values()}) > 1:
                compare.append(CompareRow(t, how, outcomes))
    counted = ukeire(hand, p.seen)
    improving = () if result.tenpai else counted.tiles
    waiting = Waiting(hand, shanten(hand), improving, tuple(rows), result.karaten, furiten, counted)
    return waiting, compare


def _settled(
    tiles: list[Tile], pairs: list[tuple[Outcome, Outcome]], rules: Ruleset
) -> tuple[list[Outcome], list[Outcome]]:
    """Ron and tsumo outcomes per wait; without atozuke a yaku must not depend on the tile."""
    rons, tsumos = [p[0] for p in pairs], [p[1] for p in pairs]
    if rules.atozuke:
        return rons, tsumos
    return _no_atozuke(tiles, rons), _no_atozuke(tiles, tsumos)


def _no_atozuke(tiles: list[Tile], outcomes: list[Outcome]) -> list[Outcome]:
    """If some wait has no yaku, the yaku comes only with the winning tile: no wait may win."""
    without = [t for t, o in zip(tiles, outcomes, strict=True) if o.reason == NO_YAKU]
    if not without:
        return outcomes
    detail = ATOZUKE_DETAIL.format(tiles=tile_names(without))
    return [Outcome(None, ATOZUKE, detail) if o.result is not None else o for o in outcomes]


def _wait_outcomes(
    hand: Hand, tile: Tile, sit: WinSituation, rules: Ruleset, furiten: FuritenResult | None
) -> tuple[Outcome, Outcome]:
    hand14 = hand.with_tile(tile)
    tsumo = outcome(hand14, tile, _with(sit, True), rules)
    if furiten is not None and furiten.furiten:
        # The full explanation is said once above the waits; here only who is to blame.
        detail = "; ".join(f"{r.name}: {tile_names(r.tiles)}" for r in furiten.reasons)
        return Outcome(None, FURITEN, detail[:1].upper() + detail[1:] + "."), tsumo
    return outcome(hand14, tile, _with(sit, False), rules), tsumo


def _complete(p: Parsed, q: Query) -> tuple[Complete, list[CompareRow]]:
    hand, win = p.hand, p.win
    assert win is not None
    shown = hand.without_tile(win)
    per_rules: dict[str, Outcome] = {}
    for name, rules in rulesets(q).items():
        try:
            per_rules[name] = outcome(hand, win, p.situation, rules)
        except HandError as exc:  # not a complete hand: the same under every rule set
            return Complete(hand, win, shown, Outcome(None), [], str(exc), shanten(hand)), []
        if not rules.atozuke and per_rules[name].result is not None:
            per_rules[name] = _atozuke_on(shown, win, p.situation, rules, per_rules[name])
    furiten = _ron_furiten(shown, win, p, q)
    if furiten is not None:  # the same at every table: furiten is not a rule-set option
        per_rules = dict.fromkeys(per_rules, furiten)
    best = per_rules[q.rules]
    readings = score_readings(hand, win, p.situation, rulesets(q)[q.rules], best.result)
    how = "цумо" if p.situation.tsumo else "рон"
    differs = len({o.key for o in per_rules.values()}) > 1
    compare = [CompareRow(win, how, per_rules)] if differs else []
    return Complete(hand, win, shown, best, readings), compare


def _ron_furiten(shown: Hand, win: Tile, p: Parsed, q: Query) -> Outcome | None:
    """A ron on a complete hand is refused when the own discards hold one of its waits."""
    if p.situation.tsumo or not p.discards:
        return None
    result = check_furiten(shown, discards=p.discards, riichi=q.riichi)
    if not result.furiten or win not in result.waits:
        return None
    return Outcome(None, FURITEN, result.summary)


def _atozuke_on(shown: Hand, win: Tile, sit: WinSituation, rules: Ruleset, won: Outcome) -> Outcome:
    """A complete hand under «no atozuke»: every other wait of the hand must have a yaku too."""
    others = [t for t in find_waits(shown).waits if t != win]
    pairs = [(t, outcome(shown.with_tile(t), t, sit, rules)) for t in others]
    return _no_atozuke([win, *others], [won, *(o for _, o in pairs)])[0]
