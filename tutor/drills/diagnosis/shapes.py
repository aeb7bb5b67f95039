"""Diagnoses for waits, shanten, dora and furiten (see :mod:`tutor.drills.diagnosis`)."""

from __future__ import annotations

from collections.abc import Callable

from engine.shape.blocks import WaitKind
from engine.tiles import dora_from_indicator, tile_name
from tutor.drills.base import Drill, Verdict
from tutor.drills.diagnosis.rule import Detector, Fields, Rule

# --- waits -------------------------------------------------------------------------

_WAIT_MISSED: dict[WaitKind, str] = {
    WaitKind.TANKI: "Похоже, вы пропустили ожидание танки: одиночный тайл ждёт себе пару "
    "({tiles}).",
    WaitKind.SHANPON: "Похоже, вы пропустили шанпон: две пары ждут, какая из них станет коцу "
    "({tiles}).",
    WaitKind.KANCHAN: "Похоже, вы пропустили канчан — тайл в середину шунцу ({tiles}).",
    WaitKind.PENCHAN: "Похоже, вы пропустили пенчан — край 1-2 или 8-9 ({tiles}).",
    WaitKind.RYANMEN: "Похоже, вы пропустили одну из сторон рянмена ({tiles}).",
}


def _first_shape(shapes: tuple[WaitKind, ...]) -> WaitKind | None:
    """The shape a missed tile is explained by: the least visible one, in table order."""
    return next((s for s in _WAIT_MISSED if s in shapes), None)


def _missed_shape(shape: WaitKind) -> Detector:
    # Each missed tile is named once, under its least visible shape (a tile that is
    # both tanki and ryanmen is explained as the tanki the learner overlooked).
    def detect(drill: Drill, verdict: Verdict) -> Fields | None:
        missed = set(verdict.details.get("missed") or ())
        tiles = [o.tile for o in drill.solution.options
                 if o.tile in missed and _first_shape(o.shapes) is shape]
        return {"tiles": ", ".join(tile_name(t) for t in tiles)} if tiles else None

    return detect


def _picked_karaten(drill: Drill, verdict: Verdict) -> Fields | None:
    wrong = set(verdict.details.get("wrong") or ())
    tiles = [t for t in drill.solution.karaten if t in wrong]
    return {"tiles": ", ".join(tile_name(t) for t in tiles)} if tiles else None


WAITS_RULES: tuple[Rule, ...] = (
    *(Rule(_missed_shape(shape), text, name=f"missed-{shape.name.lower()}")
      for shape, text in _WAIT_MISSED.items()),
    Rule(_picked_karaten, "Все четыре копии ({tiles}) уже у вас в руке: форма ждёт этот тайл, "
         "но выиграть на нём нельзя (каратен).", name="karaten"),
)


# --- shanten -----------------------------------------------------------------------

def _shanten_form(form: str) -> Detector:
    """The learner counted only the standard form while another form is closer."""

    def detect(drill: Drill, verdict: Verdict) -> Fields | None:
        result = drill.solution.result
        other = getattr(result, form)
        answer = verdict.details.get("shanten")
        if other is not None and other < result.standard and answer == result.standard:
            return {}
        return None

    return detect


def _shanten_to_win(drill: Drill, verdict: Verdict) -> Fields | None:
    return {} if verdict.details.get("shanten") == drill.solution.value + 1 else None


SHANTEN_RULES: tuple[Rule, ...] = (
    Rule(_shanten_form("chiitoitsu"), "Вспомните про чиитойцу: по семи парам эта рука ближе "
         "к темпаю, а шантен — наименьшее из трёх форм.", name="chiitoitsu-form"),
    Rule(_shanten_form("kokushi"), "Вспомните про кокушимусо: по терминалам и благородным "
         "тайлам эта рука ближе к темпаю.", name="kokushi-form"),
    Rule(_shanten_to_win, "Похоже, вы посчитали, сколько тайлов не хватает до победы. Шантен "
         "считают до темпая: 0 — уже темпай.", name="to-tenpai-not-win"),
)


# --- dora --------------------------------------------------------------------------

def _previous(tile: int) -> int:
    return next(t for t in range(34) if dora_from_indicator(t) == tile)


def _dora_picked(which: Callable[[int], int]) -> Detector:
    def detect(drill: Drill, verdict: Verdict) -> Fields | None:
        wrong = set(verdict.details.get("wrong") or ())
        hits = [s.indicator for s in drill.solution if which(s.indicator) in wrong]
        return {"tile": tile_name(hits[0])} if hits else None

    return detect


def _dora_group(low: int, high: int) -> Detector:
    def detect(drill: Drill, verdict: Verdict) -> Fields | None:
        missed = set(verdict.details.get("missed") or ())
        hit = any(low <= s.dora < high and s.dora in missed for s in drill.solution)
        return {} if hit else None

    return detect


def _dora_nine(drill: Drill, verdict: Verdict) -> Fields | None:
    missed = set(verdict.details.get("missed") or ())
    return {} if any(s.indicator < 27 and s.indicator % 9 == 8 and s.dora in missed
                     for s in drill.solution) else None


DORA_RULES: tuple[Rule, ...] = (
    Rule(_dora_picked(lambda t: t), "Сам индикатор ({tile}) дорой не бывает: дора — следующий "
         "за ним тайл.", name="indicator-itself"),
    Rule(_dora_picked(_previous), "Индикатор указывает на следующий тайл, а не на предыдущий.",
         name="indicator-previous"),
    Rule(_dora_nine, "После девятки масть идёт по кругу: индикатор 9 — дора 1 той же масти.",
         name="nine-wraps"),
    Rule(_dora_group(27, 31), "Ветра идут по кругу: Восток → Юг → Запад → Север → Восток.",
         name="winds-cycle"),
    Rule(_dora_group(31, 34), "Драконы идут по кругу: белый → зелёный → красный → белый.",
         name="dragons-cycle"),
)


# --- furiten -----------------------------------------------------------------------

def _furiten_missed(kind_value: str) -> Detector:
    """The learner allowed a ron that this furiten kind forbids."""

    def detect(drill: Drill, verdict: Verdict) -> Fields | None:
        sol = drill.solution
        if not verdict.details.get("said_yes") or sol.can_ron:
            return None
        for reason in sol.result.reasons:
            if reason.kind.value == kind_value:
                return {"tiles": ", ".join(tile_name(t) for t in reason.tiles)}
        return None

    return detect


def _furiten_imagined(drill: Drill, verdict: Verdict) -> Fields | None:
    sol = drill.solution
    return {} if sol.can_ron and verdict.details.get("said_yes") is False else None


FURITEN_RULES: tuple[Rule, ...] = (
    Rule(_furiten_missed("discard"), "В вашем собственном сбросе есть тайл ожидания ({tiles}): "
         "это постоянный фуритен, рон запрещён на все тайлы ожидания.", name="furiten-discard"),
    Rule(_furiten_missed("temporary"), "Вы пропустили тайл ожидания ({tiles}) после своего "
         "последнего набора: до следующего набора рон запрещён.", name="furiten-temporary"),
    Rule(_furiten_missed("riichi"), "В риичи пропущенный тайл ожидания ({tiles}) запрещает рон "
         "до конца раздачи.", name="furiten-riichi"),
    Rule(_furiten_imagined, "Фуритен бывает только из-за тайлов вашего ожидания: их нет ни в "
         "вашем сбросе, ни среди пропущенных — рон можно.", name="furiten-imagined"),
)
