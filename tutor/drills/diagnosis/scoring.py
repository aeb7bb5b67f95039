"""Diagnoses for the scoring drills: fu, han and payment (see :mod:`tutor.drills.diagnosis`).

Most detectors recompute the answer with one rule left out — an itemised fu
line dropped, a kind of dora not added, the payment of a non-dealer for a
dealer — and match it against the learner's number.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.scoring.fu import FuReason
from engine.scoring.points import Basic, Limit, basic_points, payments
from engine.scoring.yaku import YAKU_BY_ID
from engine.shape.blocks import Form
from engine.text.messages import FU_REASONS, YAKU_NAMES, YAKU_RULES
from tutor.drills.base import Drill, Verdict
from tutor.drills.diagnosis.rule import Detector, Fields, Rule
from tutor.drills.fu import drill_rules


def _up10(value: int) -> int:
    return -(-value // 10) * 10


# --- fu ----------------------------------------------------------------------------

# Missing one item gives a recognisable total; a few reasons get a warmer sentence.
_FU_MISSED: dict[FuReason, str] = {
    FuReason.MENZEN_RON: "похоже, вы не учли 10 фу за рон закрытой рукой",
    FuReason.TSUMO: "похоже, вы не учли 2 фу за победу цумо",
    FuReason.WAIT_TANKI: "похоже, вы не учли 2 фу за ожидание танки (тайл к паре)",
    FuReason.WAIT_KANCHAN: "похоже, вы не учли 2 фу за ожидание канчан (тайл в середину)",
    FuReason.WAIT_PENCHAN: "похоже, вы не учли 2 фу за ожидание пенчан (край 1-2 или 8-9)",
    FuReason.PAIR_DOUBLE_WIND: "похоже, вы не учли 4 фу за пару ветра, который и ваш, и раунда",
}


def _fu_answer(verdict: Verdict) -> int | None:
    return verdict.details.get("fu")


def _fu_chiitoitsu(drill: Drill, verdict: Verdict) -> Fields | None:
    result = drill.solution
    ok = result.arrangement.decomposition.form is Form.CHIITOITSU
    return {} if ok and _fu_answer(verdict) != 25 else None


def _fu_not_rounded(drill: Drill, verdict: Verdict) -> Fields | None:
    r = drill.solution
    a = _fu_answer(verdict)
    return {"raw": r.fu_raw, "fu": r.fu} if r.fu_raw != r.fu and a == r.fu_raw else None


def _fu_missing_item(drill: Drill, verdict: Verdict) -> Fields | None:
    r = drill.solution
    a = _fu_answer(verdict)
    for item in r.fu_items:
        if item.reason in (FuReason.BASE, FuReason.CHIITOITSU, FuReason.OPEN_PINFU):
            continue
        if a == _up10(r.fu_raw - item.fu) != r.fu:
            text = _FU_MISSED.get(item.reason)
            reason = FU_REASONS[item.reason.value]
            return {"text": text or f"похоже, вы не учли {item.fu} фу: {reason}"}
    return None


def _fu_scaled_item(reasons: tuple[FuReason, ...], factor: float) -> Detector:
    """An item counted at ``factor`` of its value (open for closed, triplet for kan…)."""

    def detect(drill: Drill, verdict: Verdict) -> Fields | None:
        r = drill.solution
        for item in r.fu_items:
            if item.reason in reasons:
                other = _up10(r.fu_raw - item.fu + int(item.fu * factor))
                if other != r.fu and _fu_answer(verdict) == other:
                    return {}
        return None

    return detect


def _fu_pinfu_tsumo(drill: Drill, verdict: Verdict) -> Fields | None:
    r = drill.solution
    tsumo = drill.params.get("by") == "tsumo"
    return {} if tsumo and r.fu == 20 and _fu_answer(verdict) == 30 else None


def _fu_open_pinfu(drill: Drill, verdict: Verdict) -> Fields | None:
    r = drill.solution
    has = any(i.reason is FuReason.OPEN_PINFU for i in r.fu_items)
    return {} if has and _fu_answer(verdict) == 20 else None


_CLOSED_SETS = (FuReason.CLOSED_TRIPLET_SIMPLE, FuReason.CLOSED_TRIPLET_TERMINAL)
_RON_SETS = (FuReason.RON_TRIPLET_SIMPLE, FuReason.RON_TRIPLET_TERMINAL)
_KANS = (FuReason.OPEN_KAN_SIMPLE, FuReason.OPEN_KAN_TERMINAL,
         FuReason.CLOSED_KAN_SIMPLE, FuReason.CLOSED_KAN_TERMINAL)
_HONOR_SETS = (FuReason.OPEN_TRIPLET_TERMINAL, FuReason.CLOSED_TRIPLET_TERMINAL,
               FuReason.RON_TRIPLET_TERMINAL)

def _other_reading(field: str) -> Detector:
    """The answer is what another, cheaper reading of the hand gives (``fu`` or ``han``).

    222333444m55p tsumo is three concealed triplets (40 fu) or three runs with
    pinfu (20 fu): a learner who answers 20 read the hand the other way, which is
    not a forgotten item — the reading that pays more is the one that counts.
    """

    def detect(drill: Drill, verdict: Verdict) -> Fields | None:
        answer = verdict.details.get(field)
        truth = getattr(drill.solution, field)
        if answer is None or answer == truth:
            return None
        for value in drill.kind.readings(drill):
            if not value.best and getattr(value, field) == answer:
                return {"other": answer, "best": truth}
        return None

    return detect


FU_RULES: tuple[Rule, ...] = (
    Rule(_other_reading("fu"), "Похоже, вы разобрали руку по-другому: так тоже можно, и "
         "тогда выходит {other} фу, но считается разбор, который дороже, — {best} фу.",
         name="other-reading"),
    Rule(_fu_chiitoitsu, "Чиитойцу всегда стоит ровно 25 фу: ни надбавок, ни округления.",
         name="chiitoitsu-25"),
    Rule(_fu_pinfu_tsumo, "Пинфу цумо — ровно 20 фу: 2 фу за цумо с пинфу не начисляют.",
         name="pinfu-tsumo-20"),
    Rule(_fu_open_pinfu, "Открытая рука, выигравшая роном без единого фу сверх базовых 20, "
         "считается как 30 фу.", name="open-pinfu-30"),
    Rule(_fu_not_rounded, "Сумму фу округляют вверх до десятков: {raw} → {fu}.",
         name="fu-rounding"),
    Rule(_fu_missing_item, "{text}.", name="fu-missing-item"),
    Rule(_fu_scaled_item(_CLOSED_SETS, 0.5), "Закрытый коцу стоит вдвое больше открытого.",
         name="closed-triplet-double"),
    Rule(_fu_scaled_item(_RON_SETS, 2), "Коцу, собранный роном на шанпон, считается открытым: "
         "он стоит вдвое меньше закрытого.", name="ron-triplet-open"),
    Rule(_fu_scaled_item(_KANS, 0.25), "Кан стоит вчетверо больше такого же коцу.",
         name="kan-quadruple"),
    Rule(_fu_scaled_item(_HONOR_SETS, 0.5), "Коцу из терминальных и благородных тайлов стоит вдвое "
         "больше коцу простых тайлов.", name="terminal-triplet-double"),
)


# --- han ---------------------------------------------------------------------------

def _han_short_by(attr: str) -> Detector:
    """The han answer equals the truth minus this kind of dora."""

    def detect(drill: Drill, verdict: Verdict) -> Fields | None:
        r = drill.solution
        count = getattr(r, attr)
        d = verdict.details
        short = count and not d.get("han_ok") and d.get("han") == r.han - count
        return {"n": count} if short else None

    return detect


def _han_all_dora(drill: Drill, verdict: Verdict) -> Fields | None:
    r = drill.solution
    total = r.dora + r.aka + r.ura
    d = verdict.details
    return {"n": total} if total and not d.get("han_ok") and d.get("han") == r.han - total else None


def _han_open_reduction(drill: Drill, verdict: Verdict) -> Fields | None:
    r = drill.solution
    if not drill.params.get("melds") or r.yakuman:
        return None
    reduced = [y.id for y in r.yaku if YAKU_BY_ID[y.id].han > y.han]
    full = sum(YAKU_BY_ID[y].han - next(i.han for i in r.yaku if i.id == y) for y in reduced)
    d = verdict.details
    if reduced and not d.get("han_ok") and d.get("han") == r.han + full:
        return {"names": ", ".join(YAKU_NAMES[y] for y in reduced)}
    return None


def _han_first_yaku(key: str) -> Detector:
    """The first yaku the grader listed under ``key`` (``missed`` or ``wrong``), with its rule.

    A ticked yaku that a stronger one absorbs, or that a cheaper reading of the
    hand has, is not «wrong» in this sense: the hand meets its condition
    (:func:`_han_absorbed` and :func:`_han_other_reading` say so instead).
    """

    def detect(drill: Drill, verdict: Verdict) -> Fields | None:
        explained = {**(verdict.details.get("absorbed") or {}),
                     **(verdict.details.get("other_reading") or {})}
        listed = [y for y in verdict.details.get(key) or () if y not in explained]
        if not listed:
            return None
        return {"name": YAKU_NAMES[listed[0]], "rule": YAKU_RULES.get(listed[0], "")}

    return detect


def _han_absorbed(drill: Drill, verdict: Verdict) -> Fields | None:
    """A ticked yaku the hand has, hidden by a stronger one (chanta under junchan)."""
    absorbed = verdict.details.get("absorbed") or {}
    if not absorbed:
        return None
    weak, strong = next(iter(absorbed.items()))
    return {"name": YAKU_NAMES[weak], "stronger": YAKU_NAMES[strong]}


def _han_other_reading(drill: Drill, verdict: Verdict) -> Fields | None:
    """A ticked yaku of a reading that pays less (chiitoitsu of a ryanpeikou hand)."""
    other = verdict.details.get("other_reading") or {}
    if not other:
        return None
    return {"name": YAKU_NAMES[next(iter(other))]}


HAN_RULES: tuple[Rule, ...] = (
    Rule(_other_reading("han"), "Похоже, вы разобрали руку по-другому: так тоже можно, и "
         "тогда выходит {other} хан, но считается разбор, который дороже, — {best} хан.",
         name="other-reading"),
    Rule(_han_short_by("ura"), "Похоже, вы забыли урадору: после победы в риичи открывают "
         "индикаторы урадоры, и здесь она даёт ещё {n} хан.", name="ura-dora"),
    Rule(_han_short_by("aka"), "Похоже, вы не посчитали красные пятёрки: каждая — 1 хан "
         "акадоры (здесь {n} хан).", name="aka-dora"),
    Rule(_han_short_by("dora"), "Похоже, вы не посчитали дору: индикатор указывает на следующий "
         "тайл, и каждая его копия в руке — 1 хан (здесь {n} хан).", name="dora"),
    Rule(_han_all_dora, "Похоже, вы не прибавили доры: они не яку, но к хан прибавляются "
         "(здесь {n} хан).", name="dora-not-yaku"),
    Rule(_han_open_reduction, "В открытой руке некоторые яку стоят на 1 хан меньше: {names}.",
         name="open-hand-reduction"),
    Rule(_han_first_yaku("missed"), "Похоже, вы не заметили яку «{name}»: {rule}.",
         name="yaku-missed"),
    Rule(_han_absorbed, "Яку «{name}» здесь поглощено более сильным «{stronger}»: условия "
         "обоих выполнены, но считается только «{stronger}».", name="yaku-absorbed"),
    Rule(_han_other_reading, "Яку «{name}» есть, только если разобрать руку иначе, а тот "
         "разбор дешевле: считается разбор, который дороже.", name="yaku-other-reading"),
    Rule(_han_first_yaku("wrong"), "Яку «{name}» в этой руке нет. Его условие: {rule}.",
         name="yaku-wrong"),
)


# --- payment -----------------------------------------------------------------------

def _pay_answers(verdict: Verdict) -> Mapping[str, int]:
    return verdict.details.get("answers") or {}


def _payments_if(drill: Drill, *, dealer: bool | None = None, honba: int | None = None,
                 han: int | None = None, fu: int | None = None) -> dict[str, int]:
    """What the payments would be with one thing changed (the dealer, the honba, han/fu)."""
    r = drill.solution
    tsumo = drill.params["by"] == "tsumo"
    if han is None and fu is None:
        basic = Basic(r.basic, r.limit)
    else:
        basic = basic_points(han or r.han, fu or r.fu, drill_rules(drill.params).kiriage)
    pay = payments(basic, dealer=r.is_dealer if dealer is None else dealer, tsumo=tsumo,
                   honba=drill.params["honba"] if honba is None else honba)
    return pay.as_dict()


def _matches(verdict: Verdict, expected: Mapping[str, int]) -> bool:
    answers = _pay_answers(verdict)
    return bool(expected) and all(answers.get(k) == v for k, v in expected.items())


def _pay_dealer_as_non_dealer(drill: Drill, verdict: Verdict) -> Fields | None:
    r = drill.solution
    if not r.is_dealer or drill.params["by"] == "tsumo":
        return None
    return {} if _matches(verdict, _payments_if(drill, dealer=False)) else None


def _pay_non_dealer_as_dealer(drill: Drill, verdict: Verdict) -> Fields | None:
    r = drill.solution
    if r.is_dealer or drill.params["by"] == "tsumo":
        return None
    return {} if _matches(verdict, _payments_if(drill, dealer=True)) else None


def _pay_no_honba(drill: Drill, verdict: Verdict) -> Fields | None:
    honba = drill.params["honba"]
    return {"n": honba} if honba and _matches(verdict, _payments_if(drill, honba=0)) else None


def _pay_tsumo_honba_300(drill: Drill, verdict: Verdict) -> Fields | None:
    honba = drill.params["honba"]
    if not honba or drill.params["by"] != "tsumo":
        return None
    expected = {k: v + 200 * honba for k, v in _payments_if(drill).items()}
    return {} if _matches(verdict, expected) else None


def _pay_tsumo_swapped(drill: Drill, verdict: Verdict) -> Fields | None:
    truth = drill.solution.payments.as_dict()
    if "dealer" not in truth or truth["dealer"] == truth["non_dealer"]:
        return None
    swapped = {"dealer": truth["non_dealer"], "non_dealer": truth["dealer"]}
    return {} if _matches(verdict, swapped) else None


def _pay_no_sticks(drill: Drill, verdict: Verdict) -> Fields | None:
    sticks = drill.params["riichi_sticks"]
    r = drill.solution
    if not sticks or _pay_answers(verdict).get("total") != r.total - 1000 * sticks:
        return None
    return {"n": sticks}


def _pay_not_rounded(drill: Drill, verdict: Verdict) -> Fields | None:
    r = drill.solution
    tsumo = drill.params["by"] == "tsumo"
    factor = {(False, False): 4, (True, False): 6}.get((r.is_dealer, tsumo))
    if factor is None or r.basic * factor % 100 == 0:
        return None
    raw = r.basic * factor + 300 * drill.params["honba"]
    return {"raw": raw} if _pay_answers(verdict).get("ron") == raw else None


_FU_STEPS = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)


def _pay_other_han_fu(drill: Drill, verdict: Verdict) -> Fields | None:
    """The answer is the payment of a neighbouring han/fu: the count went wrong earlier."""
    r = drill.solution
    if r.yakuman or r.limit is not Limit.NONE and r.limit is not Limit.MANGAN:
        return None
    # One slip at a time: the right fu with other han, then the right han with other fu.
    candidates = [(h, r.fu) for h in (r.han - 1, r.han + 1, r.han - 2, r.han + 2) if h > 0]
    candidates += [(r.han, f) for f in _FU_STEPS if f != r.fu]
    for han, fu in candidates:
        if _matches(verdict, _payments_if(drill, han=han, fu=fu)):
            return {"han": han, "fu": fu, "true_han": r.han, "true_fu": r.fu}
    return None


PAYMENT_RULES: tuple[Rule, ...] = (
    Rule(_pay_dealer_as_non_dealer, "Дилер получает в полтора раза больше: рон дилера — базовые "
         "очки × 6, а не × 4.", name="dealer-ron"),
    Rule(_pay_non_dealer_as_dealer, "Это выплата дилеру. Недилеру на рон платят базовые очки × 4, "
         "в полтора раза меньше.", name="non-dealer-ron"),
    Rule(_pay_no_honba, "Не забудьте хонбу ({n}): +300 очков за каждую; на цумо — по 100 с "
         "каждого из трёх.", name="honba"),
    Rule(_pay_tsumo_honba_300, "На цумо хонбу делят: каждый из трёх платит по 100 за хонбу, "
         "а не по 300.", name="tsumo-honba-100"),
    Rule(_pay_tsumo_swapped, "На цумо недилера дилер платит вдвое больше каждого из остальных.",
         name="tsumo-dealer-share"),
    Rule(_pay_no_sticks, "Палочки риичи со стола ({n}) забирает победитель: +1000 за каждую.",
         name="riichi-sticks"),
    Rule(_pay_not_rounded, "Выплату округляют вверх до сотни: {raw} — ещё не окончательный ответ.",
         name="payment-rounding"),
    Rule(_pay_other_han_fu, "Столько платят за руку в {han} хан и {fu} фу, а эта рука — "
         "{true_han} хан и {true_fu} фу: проверьте подсчёт хан и фу.", fallback=True,
         name="han-fu-recount"),
)
