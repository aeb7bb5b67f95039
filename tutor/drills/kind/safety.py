"""«Самый безопасный сброс»: a riichi is declared; the learner picks the safest tile in hand.

Parameters describe the table as the learner sees it: the riichi player's
pond in order with the position of the riichi tile, the other three ponds
in turn order after him (the last one is the learner's own), the dora
indicator; optionally a second riichi among the two other opponents, and
the riichi hands (shown once the solution is shown); optionally the
tsumogiri marks of each riichi pond (``tsumogiri``, ``second_tsumogiri``:
1-based positions of the tiles thrown as drawn — every other one was cut from
the hand; none given: the riichi tile is read as cut from the hand), drawn
greyed with a Russian text alternative; optionally an opponent with calls
among the two others (his melds shown, his hand once the solution is shown),
read by :mod:`engine.table.safety_open`. Tiles discarded after a riichi passed
him without ron. :func:`engine.table.safety.hand_safety` gives each
kind its deal-in chance; a pick within ``RIGHT_WITHIN`` points of the
smallest is right (every 100 %-safe tile is equally right) — the grading of
danger the kinds share, :mod:`tutor.drills.danger`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from werkzeug.datastructures import MultiDict

from engine.errors import HandError
from engine.hand import Hand, parse_hand
from engine.melds import Meld
from engine.shape.waits import wait_tiles
from engine.table.safety import Riichi, SafetyTier, TileSafety, hand_safety
from engine.table.safety_open import OpenHand
from engine.tiles import Tile, parse_tiles, tile_code, tile_name
from tutor.drills import params as p
from tutor.drills import register
from tutor.drills.base import (
    PARTIAL,
    Drill,
    DrillError,
    DrillKind,
    Fields,
    Param,
    Rule,
    Verdict,
    drill_hand,
    picked_discard,
)
from tutor.drills.danger import danger_text, gap, graded_dangers
from tutor.drills.params import FULL_HAND_PARAMS

POND_ROW = 6  # a pond is laid out in rows of six
MAX_POND = 24


def pond_tiles(value: Any) -> tuple[Tile, ...]:
    """One pond in discard order, mpsz (``1z 9m 2p``): 1 to 24 tiles."""
    kinds = parse_tiles(p.tiles_text(value)).kinds
    if not 1 <= len(kinds) <= MAX_POND:
        raise ValueError(f"В дискарде от 1 до {MAX_POND} тайлов, а указано {len(kinds)}.")
    return kinds


def other_ponds(value: Any) -> tuple[tuple[Tile, ...], ...]:
    """The three other ponds in turn order after the riichi player; the last is yours."""
    if not isinstance(value, list) or len(value) != 3:
        raise ValueError(
            "ponds — список из трёх дискардов по порядку хода после игрока в риичи "
            "(последний — ваш), например [\"1z 9m\", \"2z 1p\", \"9s\"]."
        )
    return tuple(parse_tiles(p.tiles_text(v)).kinds if v else () for v in value)


def second_seat(value: Any) -> int:
    """0 (one riichi), or 1 / 2: the owner of the first or second of the other ponds."""
    if value in (0, 1, 2) and not isinstance(value, bool):
        return int(value)
    raise ValueError(f"second — 0, 1 или 2, а не «{value}».")


def open_seat(value: Any) -> int:
    """0 (nobody called), or 1 / 2: the owner of the first or second of the other ponds."""
    if value in (0, 1, 2) and not isinstance(value, bool):
        return int(value)
    raise ValueError(f"open_seat — 0, 1 или 2, а не «{value}».")


def concealed_tiles(value: Any) -> tuple[Tile, ...]:
    """An opponent's concealed tiles, shown with the solution; empty: not given."""
    if not value:
        return ()
    return tuple(sorted(parse_tiles(p.tiles_text(value)).kinds))


def turn_or_zero(value: Any) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    raise ValueError(f"Здесь нужно целое неотрицательное число, а не «{value}».")


def optional_hand(value: Any) -> tuple[Tile, ...]:
    """A riichi player's 13 concealed tiles, shown with the solution; empty: not given."""
    if not value:
        return ()
    hand = parse_hand(p.tiles_text(value), size=13)
    return tuple(t for t in range(34) for _ in range(hand.concealed[t]))


def positions(value: Any) -> tuple[int, ...]:
    """1-based pond positions (``[3, 7, 8]``): the tsumogiri discards; empty: none known."""
    if not value:
        return ()
    if not isinstance(value, list) or not all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 1 for v in value):
        raise ValueError("tsumogiri — список номеров сбросов, сделанных цумогири, считая с 1, "
                         "например [3, 7, 8].")
    return tuple(sorted(set(value)))


def drawn_marks(at: tuple[int, ...], pond: tuple[Tile, ...], name: str) -> tuple[bool, ...]:
    """One mark per pond tile from the 1-based positions; () when none are given."""
    if not at:
        return ()
    if at[-1] > len(pond):
        raise DrillError(f"{name} — номера сбросов от 1 до {len(pond)}.", name)
    return tuple(i + 1 in at for i in range(len(pond)))


def passed_after(seats: tuple[tuple[Tile, ...], ...], seat: int, at: int) -> tuple[Tile, ...]:
    """Tiles the other seats discarded after ``seat``'s discard number ``at`` (0-based).

    ``seats``: the four ponds in turn order, the first riichi player's first;
    turn ``j`` goes seat 0, 1, 2, 3, so a later seat's ``j``-th discard comes after.
    """
    return tuple(t for other, pond in enumerate(seats) if other != seat
                 for j, t in enumerate(pond) if (j, other) > (at, seat))


@dataclass(frozen=True)
class SafetySolution:
    hand: Hand
    riichis: tuple[Riichi, ...]  # the first is the player on the left of the first pond
    seats: tuple[int, ...]  # which pond each riichi player owns (0: the riichi pond, 1, 2)
    ponds: tuple[tuple[Tile, ...], ...]
    dora: tuple[Tile, ...]
    ranked: tuple[TileSafety, ...]  # least dangerous first
    hands: tuple[tuple[Tile, ...], ...] = ()  # the riichi hands, when the drill gives them
    tedashi_decided: bool = False  # the tsumogiri marks changed some tile's danger
    opens: tuple[OpenHand, ...] = ()  # the opponent with calls, if any
    open_seat: int = 0  # which pond he owns (1, 2); 0: nobody called
    open_hand: tuple[Tile, ...] = ()  # his concealed tiles, when the drill gives them

    @property
    def open_melds(self) -> tuple[Meld, ...]:
        return self.opens[0].melds if self.opens else ()

    @property
    def open_waits(self) -> tuple[Tile, ...]:
        if not self.open_hand:
            return ()
        return tuple(wait_tiles(parse_hand(_mpsz(self.open_hand), self.open_melds, size=13)))

    @property
    def riichi(self) -> Riichi:
        return self.riichis[0]

    @property
    def least(self) -> float:
        return round(self.ranked[0].danger, 1)

    @property
    def best(self) -> SafetyTier:
        return self.ranked[0].tier

    def gap(self, tile: Tile) -> float:
        """Points of deal-in chance above the safest tile (one decimal, as shown)."""
        return gap(self.ranked, tile)

    @property
    def correct(self) -> frozenset[Tile]:
        """Every tile within ``RIGHT_WITHIN`` of the smallest danger (tutor.drills.danger)."""
        return graded_dangers(self.ranked)[0]

    @property
    def near(self) -> frozenset[Tile]:
        """Not right, but within ``NEAR_WITHIN``: «почти»."""
        return graded_dangers(self.ranked)[1]

    def of(self, tile: Tile) -> TileSafety:
        return next(s for s in self.ranked if s.tile == tile)

    def deals_in(self, tile: Tile) -> bool | None:
        """Would ``tile`` have won a threat's hand? None when the hands are not given."""
        if not self.hands or (self.opens and not self.open_hand):
            return None
        return any(tile in waits for waits in self.waits) or tile in self.open_waits

    @property
    def waits(self) -> tuple[tuple[Tile, ...], ...]:
        return tuple(wait_tiles(parse_hand(_mpsz(h), size=13)) for h in self.hands)

    @property
    def riichi_rows(self) -> list[list[tuple[Tile, bool, bool]]]:
        """The riichi pond in rows of six: (tile, is the riichi tile, was tsumogiri)."""
        return self.marked_rows(0)

    def marked_rows(self, pond_index: int) -> list[list[tuple[Tile, bool, bool]]]:
        """A pond (0: the first riichi player's, 1–3: the others): riichi tile, tsumogiri marks."""
        pond = self.riichi.pond if pond_index == 0 else self.ponds[pond_index - 1]
        riichi = next((r for r, seat in zip(self.riichis, self.seats, strict=True)
                       if seat == pond_index), None)
        at = riichi.riichi_index if riichi else -1
        drawn = riichi.tsumogiri if riichi and riichi.tsumogiri else (False,) * len(pond)
        marked = [(t, i == at, drawn[i]) for i, t in enumerate(pond)]
        return [marked[i:i + POND_ROW] for i in range(0, len(marked), POND_ROW)]

    @property
    def has_marks(self) -> bool:
        return any(r.tsumogiri for r in self.riichis)



    def rows(self, pond: tuple[Tile, ...]) -> list[tuple[Tile, ...]]:
        return [pond[i:i + POND_ROW] for i in range(0, len(pond), POND_ROW)]

    @property
    def has_genbutsu(self) -> bool:
        return any(s.tier is SafetyTier.GENBUTSU for s in self.ranked)


def _mpsz(tiles: tuple[Tile, ...]) -> str:
    return "".join(tile_code(t) for t in tiles)


def solve_safety(hand: Hand, pond: tuple[Tile, ...], riichi_at: int,
                 ponds: tuple[tuple[Tile, ...], ...], dora: tuple[Tile, ...],
                 second: int = 0, second_at: int = 0,
                 hands: tuple[tuple[Tile, ...], ...] = (),
                 drawn: tuple[tuple[int, ...], tuple[int, ...]] = ((), ()), called: int = 0,
                 melds: tuple[Meld, ...] = (),
                 open_hand: tuple[Tile, ...] = ()) -> SafetySolution:
    """Danger of every kind in hand; ``riichi_at``: 1-based position of the riichi tile.

    ``second``: 1 or 2 when the opponent owning ``ponds[second - 1]`` has also
    declared riichi, on his discard number ``second_at`` (1-based); 0: one riichi.
    ``drawn``: the 1-based tsumogiri positions of the first and the second riichi pond.
    ``called``: 1 or 2 when the owner of ``ponds[called - 1]`` has called ``melds``
    (his concealed tiles ``open_hand``, shown with the solution); 0: nobody.
    """
    if not 1 <= riichi_at <= len(pond):
        raise DrillError(f"riichi_at — номер тайла риичи в дискарде, от 1 до {len(pond)}.",
                         "riichi_at")
    seats = (pond, *ponds)
    riichis = [Riichi(pond, riichi_at - 1, passed_after(seats, 0, riichi_at - 1),
                      drawn_marks(drawn[0], pond, "tsumogiri"))]
    owners = [0]
    if second:
        other = ponds[second - 1] if second in (1, 2) else ()
        if not 1 <= second_at <= len(other):
            raise DrillError("second_at — номер тайла риичи во втором дискарде в риичи.",
                             "second_at")
        riichis.append(Riichi(other, second_at - 1, passed_after(seats, second, second_at - 1),
                              drawn_marks(drawn[1], other, "second_tsumogiri")))
        owners.append(second)
    opens = _open_of(ponds, called, second, melds, open_hand)
    visible = (*pond, *(t for other in ponds for t in other), *dora,
               *(t for m in melds for t in m.tiles))
    ranked = hand_safety(hand, riichis, visible, dora, opens)
    decided = any(r.tsumogiri for r in riichis) and _dangers(ranked) != _dangers(
        hand_safety(hand, [replace(r, tsumogiri=()) for r in riichis], visible, dora, opens))
    return SafetySolution(hand, tuple(riichis), tuple(owners), ponds, dora, ranked, hands,
                          decided, opens, called if opens else 0, open_hand)


def _dangers(ranked: tuple[TileSafety, ...]) -> list[tuple[Tile, float]]:
    return [(s.tile, round(s.danger, 1)) for s in ranked]


def _open_of(ponds: tuple[tuple[Tile, ...], ...], called: int, second: int,
             melds: tuple[Meld, ...], open_hand: tuple[Tile, ...]) -> tuple[OpenHand, ...]:
    if not called:
        return ()
    if called == second or not melds:
        raise DrillError("open_seat — владелец одного из двух первых дискардов в `ponds`, "
                         "не второй игрок в риичи, и у него должны быть сеты в `open_melds`.",
                         "open_seat")
    if open_hand:
        try:
            parse_hand(_mpsz(open_hand), melds, size=13)
        except HandError as exc:
            raise DrillError(f"open_hand: {exc}", "open_hand") from None
    return (OpenHand(melds, ponds[called - 1]),)


# --- what a wrong answer most likely missed: the kind's diagnosis rows ---------

def _tier_of_pick(drill: Drill, verdict: Verdict) -> SafetyTier:
    solution: SafetySolution = drill.solution  # Drill.solution is each kind's own type
    return solution.of(verdict.details["picked"]).tier


def _best_tiles(drill: Drill) -> str:
    return ", ".join(tile_name(t) for t in sorted(drill.solution.correct))


def _reading_over_certain(drill: Drill, verdict: Verdict) -> Fields | None:
    s = drill.solution
    if s.best.certain and not _tier_of_pick(drill, verdict).certain:
        certain = sorted(x.tile for x in s.ranked if x.tier.certain)
        return {"tiles": ", ".join(tile_name(t) for t in certain)}
    return None


def _honour_as_safe(drill: Drill, verdict: Verdict) -> Fields | None:
    if _tier_of_pick(drill, verdict) in (SafetyTier.HONOR_1, SafetyTier.HONOR_2):
        return {"tiles": _best_tiles(drill)}
    return None


def _riichi_tile_suji(drill: Drill, verdict: Verdict) -> Fields | None:
    return {} if _tier_of_pick(drill, verdict) is SafetyTier.RIICHI_SUJI else None


def _tedashi_suji(drill: Drill, verdict: Verdict) -> Fields | None:
    return {} if _tier_of_pick(drill, verdict) is SafetyTier.TEDASHI_SUJI else None


def _half_suji_as_suji(drill: Drill, verdict: Verdict) -> Fields | None:
    if _tier_of_pick(drill, verdict) is SafetyTier.HALF_SUJI:
        return {"tile": tile_name(verdict.details["picked"])}
    return None


def _dangerous(drill: Drill, verdict: Verdict) -> Fields | None:
    return {} if _tier_of_pick(drill, verdict) is SafetyTier.OPEN_456 else None


SAFETY_RULES: tuple[Rule, ...] = (
    Rule(_reading_over_certain, "Суджи и кабе лишь уменьшают риск, а в руке был тайл, на "
         "котором рон невозможен вовсе ({tiles}): генбуцу или тайл, прошедший после риичи."),
    Rule(_honour_as_safe, "Благородный тайл, других копий которого видно мало, ещё может "
         "ждать шанпон или танки; безопаснее был {tiles}."),
    Rule(_riichi_tile_suji, "Суджи тайла риичи не защищает: игрок часто объявляет риичи, "
         "разбирая форму вроде 1-3-5, и ждёт как раз на суджи сброшенного тайла."),
    Rule(_tedashi_suji, "Тайл риичи был цумогири — он пришёл из стены и о руке не говорит. "
         "Ловушка из формы вроде 1-3-5 могла остаться от последнего тедаши перед риичи: "
         "его суджи не защищает."),
    Rule(_half_suji_as_suji, "У 4, 5 и 6 две стороны рянмена: тайл в сбросе закрывает только "
         "одну из них, у {tile} открыта вторая."),
    Rule(_dangerous, "Средний тайл без суджи — самый опасный сброс против риичи: рянмен на "
         "него возможен с обеих сторон, и ещё канчан.", fallback=True),
)


@register
class Safety(DrillKind):
    name = "safety"
    diagnoses = SAFETY_RULES
    title = "Самый безопасный сброс"
    default_prompt = "Соперник объявил риичи. Какой тайл из руки сбросить безопаснее всего?"
    params = (
        *FULL_HAND_PARAMS,
        Param("pond", pond_tiles, help="дискард игрока в риичи по порядку, mpsz: `1z 9m 2p 5s`"),
        Param("riichi_at", p.positive_int,
              help="номер тайла риичи в этом дискарде, считая с 1 (он лежит боком)"),
        Param("ponds", other_ponds, ((), (), ()),
              help="три других дискарда по порядку хода после игрока в риичи; последний — ваш"),
        Param("dora", p.tile_list, (), help="индикатор доры"),
        Param("second", second_seat, 0,
              help="второй риичи: 1 или 2 — у владельца первого или второго из `ponds`"),
        Param("second_at", turn_or_zero, 0,
              help="номер тайла риичи во втором дискарде в риичи, считая с 1"),
        Param("riichi_hand", optional_hand, (),
              help="рука игрока в риичи (13 тайлов): её покажут вместе с решением"),
        Param("second_hand", optional_hand, (), help="рука второго игрока в риичи"),
        Param("tsumogiri", positions, (),
              help="номера сбросов игрока в риичи, сделанных цумогири (считая с 1), "
                   "например `[2, 5, 7]`; остальные — тедаши; не указано — не известно"),
        Param("second_tsumogiri", positions, (),
              help="то же для второго игрока в риичи"),
        Param("open_seat", open_seat, 0,
              help="соперник с открытыми сетами: 1 или 2 — владелец первого или второго из "
                   "`ponds`"),
        Param("open_melds", p.melds, (), help="его открытые сеты: `[pon 666z, chi 789p]`"),
        Param("open_hand", concealed_tiles, (),
              help="его закрытые тайлы: их покажут вместе с решением"),
    )

    def prepare(self, params: Mapping[str, Any]) -> SafetySolution:
        hand = drill_hand(params, 14)
        hands = tuple(h for h in (params["riichi_hand"], params["second_hand"]) if h)
        try:
            return solve_safety(hand, params["pond"], params["riichi_at"], params["ponds"],
                                params["dora"], params["second"], params["second_at"], hands,
                                (params["tsumogiri"], params["second_tsumogiri"]),
                                params["open_seat"], params["open_melds"], params["open_hand"])
        except HandError as exc:
            raise DrillError(str(exc), "pond") from None

    def grade(self, drill: Drill, form: MultiDict[str, str]) -> Verdict:
        solution: SafetySolution = drill.solution
        tile = picked_discard(form, solution.hand)
        near = tile in solution.near
        return Verdict(tile in solution.correct, {"picked": tile, "near": near},
                       credit=PARTIAL if near else None)

    def choices(self, drill: Drill) -> list[tuple[Tile, str]]:
        """(tile, code) for every distinct concealed tile, in tile order: the radio buttons."""
        return [(t, tile_code(t)) for t, n in enumerate(drill.solution.hand.concealed) if n]

    def tier_name(self, tier: SafetyTier) -> str:
        return tier.name_ru

    def danger_text(self, s: TileSafety) -> str:
        """«2,6 %»: the chance as the learner reads it (a decimal comma)."""
        return danger_text(s.danger)

    def kept_answer(self, form: MultiDict[str, str] | None) -> str:
        return (form or MultiDict()).get("discard", "")[:8]
