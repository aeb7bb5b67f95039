"""The review of a played game, category by category, on decisions built by hand.

Each category has a position it flags and a near one it does not; the
figures are the engine's own (ukeire of :mod:`engine.shape.ukeire`, danger
of :mod:`engine.table.safety`, values of the scorer). The measures are the
ones the review states as data (:mod:`engine.review.thresholds`): 80 % of the
best ukeire, 3 danger points, a wide wait of three kinds, formal tenpai in
the last 12 tiles.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine.melds import parse_meld_text
from engine.review import thresholds
from engine.review.all_last import check_all_last
from engine.review.calls import check_no_yaku
from engine.review.defence import check_defence
from engine.review.efficiency import check_efficiency
from engine.review.flags import CATEGORIES, LESSONS, Review, collect, summary_text
from engine.review.noten import check_noten
from engine.review.run import review, review_decisions
from engine.review.wins import check_furiten, check_missed_win
from engine.rules.sets import get_ruleset
from engine.table.logs import read_log
from engine.tiles import SOUTH
from tests.support.review import decision, opponent, with_

ONLINE = get_ruleset("online")
REPO = Path(__file__).resolve().parent.parent.parent
# The riichi of engine.table.safety's worked example: South discarded 9m 1z 4m, riichi on 2s.
RIICHI = (opponent(1, "9m1z4m2s", riichi_at=3), opponent(2, "1p9p"), opponent(3, "8s9s"))


# --- efficiency -------------------------------------------------------------------------
# 1188m3345567p788s (the drill's own example): 7s keeps 15 tiles, 3p 14, 8s 12, 4p 9;
# 8m steps back to 2-shanten.


def test_a_discard_under_80_percent_of_the_best_ukeire_is_flagged() -> None:
    d = decision("1188m3345567p788s", played="4p")
    flag = check_efficiency(d, ONLINE, (d,))
    assert flag is not None
    assert (flag.category, flag.better, flag.lesson) == ("efficiency", "7s", "efficiency")
    assert dict(flag.cost) == {"shanten": 1, "best_shanten": 1, "ukeire": 9, "best_ukeire": 15,
                               "lost": 6, "share": 0.6, "tiles": "6p, 7p, 7s",
                               "best_tiles": "1m, 8m, 4p, 6p, 7p, 8s"}
    assert flag.message == (
        "Сброс 4p оставляет 9 тайлов (6p, 7p, 7s) — 60 % от лучшего. "
        "Сброс 7s оставляет 15 тайлов (1m, 8m, 4p, 6p, 7p, 8s) при том же шантене.")


@pytest.mark.parametrize("played", [pytest.param("8s", id="exactly-80-percent"),
                                    pytest.param("3p", id="93-percent"),
                                    pytest.param("7s", id="the-best")])
def test_a_discard_keeping_80_percent_or_more_passes(played: str) -> None:
    d = decision("1188m3345567p788s", played=played)
    assert check_efficiency(d, ONLINE, (d,)) is None


def test_a_step_back_in_shanten_is_flagged() -> None:
    d = decision("1188m3345567p788s", played="8m")
    flag = check_efficiency(d, ONLINE, (d,))
    assert flag is not None and flag.cost["shanten"] == 2 and flag.cost["lost"] == 15
    assert flag.message.startswith("Сброс 8m отходит назад: 2-шантен вместо 1-шантен. Лучше 7s")


def test_visible_tiles_are_counted_out() -> None:
    # Two 7s and two 8s in another pond: 8s has run out, 7s keeps 13 tiles, 4p keeps 7.
    d = decision("1188m3345567p788s", played="4p", opponents=(opponent(1, "7s7s8s8s9s"),))
    flag = check_efficiency(d, ONLINE, (d,))
    assert flag is not None
    assert (flag.cost["ukeire"], flag.cost["best_ukeire"], flag.cost["best_tiles"]) == (
        7, 13, "1m, 8m, 4p, 6p, 7p")


def test_a_safer_discard_against_riichi_explains_a_slower_one() -> None:
    d = decision("1188m3345567p788s", played="4p",
                 opponents=(opponent(1, "4p9m1z", riichi_at=2),))
    assert check_efficiency(d, ONLINE, (d,)) is None


def test_a_safer_discard_against_an_open_hand_explains_a_slower_one() -> None:
    """4p is his genbutsu; 7s, the faster cut, feeds his sou flush (pons 2s, 9s)."""
    melds = (parse_meld_text("pon 222s"), parse_meld_text("pon 999s"))
    d = decision("1188m3345567p788s", played="4p", opponents=(opponent(1, "4p9m1z", melds=melds),))
    assert check_efficiency(d, ONLINE, (d,)) is None


def test_keeping_a_dora_explains_a_slower_discard() -> None:
    # Indicator 6s: 7s is dora; cutting 4p keeps it (the drill's «быстро и дорого» count).
    d = decision("1188m3345567p788s", played="4p", dora="6s")
    assert check_efficiency(d, ONLINE, (d,)) is None


def test_a_forced_discard_in_riichi_is_not_judged() -> None:
    d = decision("1188m3345567p788s", played="4p", riichi=True)
    assert check_efficiency(d, ONLINE, (d,)) is None


# --- defence ----------------------------------------------------------------------------
# 147m258p369s2225z + 5p against South's riichi: 4m genbutsu 0.0, 1m suji 1.7, 5p 8.5.


def test_a_dangerous_discard_against_riichi_is_flagged_with_both_dangers() -> None:
    d = decision("147m258p369s2225z5p", played="5p", opponents=RIICHI)
    flag = check_defence(d, ONLINE, (d,))
    assert flag is not None and flag.better == "4m" and flag.lesson == "push-or-fold"
    assert dict(flag.cost) == {"danger": 8.5, "safest": "4m", "safest_danger": 0.0, "gap": 8.5}
    assert flag.message == ("Против риичи (Юг) сброс 5p опасен: шанс набросить 8,5 %. "
                            "Самый безопасный тайл руки — 4m: 0,0 %.")


@pytest.mark.parametrize("played", [pytest.param("1m", id="suji-1.7-points"),
                                    pytest.param("5z", id="honour-2.6-points")])
def test_a_discard_less_than_3_points_above_the_safest_passes(played: str) -> None:
    d = decision("147m258p369s2225z5p", played=played, opponents=RIICHI)
    assert check_defence(d, ONLINE, (d,)) is None


def test_pushing_a_tenpai_with_a_good_wait_is_not_flagged() -> None:
    # Cutting 5p leaves 23m 456p 789s 111z 55z: tenpai on 1-4m, a ryanmen.
    d = decision("23m456p789s111z55z5p", played="5p", opponents=RIICHI)
    assert check_defence(d, ONLINE, (d,)) is None
    kanchan = decision("13m456p789s111z55z5p", played="5p", opponents=RIICHI)
    assert check_defence(kanchan, ONLINE, (kanchan,)) is not None


def test_without_a_riichi_nothing_is_dangerous() -> None:
    d = decision("147m258p369s2225z5p", played="5p", opponents=(opponent(1, "9m1z4m2s"),))
    assert check_defence(d, ONLINE, (d,)) is None


# --- defence against an open hand ----------------------------------------------------------
# West called pon 2p and pon 7p and threw 1z 9s 4m: a pin flush (or toitoi) reading
# (Riichi Book 1, ch. 8, «Defense against melded hands»). 4m is his genbutsu.

FLUSH = (opponent(1, "1p9m"), opponent(2, "1z9s4m", melds=(parse_meld_text("pon 222p"),
                                                           parse_meld_text("pon 777p"))),
         opponent(3, "8s9s"))


def test_a_dangerous_discard_against_an_open_flush_is_flagged_and_names_him() -> None:
    d = decision("4m678m139s345s45z6p5p", played="6p", opponents=FLUSH, dora="1m")
    flag = check_defence(d, ONLINE, (d,))
    assert flag is not None and flag.better == "4m" and flag.cost["safest_danger"] == 0.0
    assert isinstance(flag.cost["danger"], float) and flag.cost["danger"] >= 3
    assert flag.message.startswith("Против открытой руки (Запад) сброс 6p опасен")


def test_his_genbutsu_against_an_open_hand_passes() -> None:
    d = decision("4m678m139s345s45z6p5p", played="4m", opponents=FLUSH, dora="1m")
    assert check_defence(d, ONLINE, (d,)) is None


OPEN_FLUSH_GAME = REPO / "tests" / "fixtures" / "review" / "open_flush_deal_in.json"


def test_a_game_dealt_into_an_open_flush_is_flagged_on_the_deal_in() -> None:
    """Аня (East) throws 6p into Борис's pons 2p, 7p — his pin flush — holding his genbutsu 7s.

    The hand ends on that ron (mangan); the review flags the discard once, as defence.
    """
    game = read_log(json.loads(OPEN_FLUSH_GAME.read_text(encoding="utf-8")))
    found = review(game, 0).decisions
    assert [(f.category, f.played, f.better) for f in found] == [("defence", "6p", "7s")]
    assert found[0].message == ("Против открытой руки (Юг) сброс 6p опасен: шанс набросить "
                                "4,8 %. Самый безопасный тайл руки — 7s: 0,0 %.")
    assert not any(f.category == "defence" for f in review(game, 2).decisions)  # Вера's 1p, 6m


# --- missed win and all-last -------------------------------------------------------------
# 234m567m345p678s2p waits on 2p (tanki, tanyao); West's last discard is 2p.

WEST_THREW_2P = (opponent(1, "9m1z"), opponent(2, "1p9p2p"), opponent(3, "8s9s"))


def _ron_chance(**changes: object) -> object:
    d = decision("234m567m345p678s2p", action="no_win", played="no_win", offered="2p",
                 options=("ron", "no_win"), opponents=WEST_THREW_2P, seat_wind=SOUTH)
    return with_(d, **changes)


def test_a_ron_let_pass_is_flagged_with_its_value() -> None:
    d = _ron_chance()
    flag = check_missed_win(d, ONLINE, (d,))  # type: ignore[arg-type]
    assert flag is not None and flag.better == "ron"
    assert dict(flag.cost) == {"points": 1300, "han": 1, "fu": 40, "win": "ron"}
    assert flag.message == "Можно было объявить рон на 2p: 1300 очков. Победа не взята."


def test_a_last_hand_ron_that_would_end_the_game_in_last_place_may_pass() -> None:
    last = _ron_chance(is_all_last=True, round_wind=SOUTH, scores=(10000, 30000, 25000, 35000))
    assert check_missed_win(last, ONLINE, (last,)) is None  # type: ignore[arg-type]
    climbs = _ron_chance(is_all_last=True, round_wind=SOUTH, scores=(24000, 25000, 25000, 26000))
    assert check_missed_win(climbs, ONLINE, (climbs,)) is not None  # type: ignore[arg-type]


def test_a_last_hand_win_that_keeps_last_place_is_flagged_when_another_climbs() -> None:
    # 4th on 20000 in South 4; North, the dealer (28000), throws 2p: 1300 leaves us 4th and
    # ends the game (West has 30000), a tsumo would make us 3rd.
    north_threw = (opponent(1, "9m1z"), opponent(2, "1p9p"), opponent(3, "8s9s2p"))
    d = decision("234m567m345p678s2p", action="win", played="ron", offered="2p",
                 options=("ron", "no_win"), opponents=north_threw, seat_wind=SOUTH,
                 is_all_last=True, scores=(20000, 22000, 30000, 28000))
    flag = check_all_last(d, ONLINE, (d,))
    assert flag is not None and flag.better == "no_win" and flag.lesson == "all-last"
    assert dict(flag.cost) == {"place": 4, "needed": 3, "short": 700, "points": 1300}
    # The same ron on East (22000, just above us) makes us 3rd: nothing to say.
    east_threw = (opponent(1, "9m1z2p"), opponent(2, "1p9p"), opponent(3, "8s9s"))
    climbs = with_(d, opponents=east_threw)
    assert check_all_last(climbs, ONLINE, (climbs,)) is None


def test_a_last_hand_win_that_sends_the_game_into_west_is_no_last_place_mistake() -> None:
    """Tenhou (online): after South 4 with nobody at 30000 the West round follows, so a
    win that keeps us 4th does not end the game there; the table's own rule decides."""
    north_threw = (opponent(1, "9m1z"), opponent(2, "1p9p"), opponent(3, "8s9s2p"))
    d = decision("234m567m345p678s2p", action="win", played="ron", offered="2p",
                 options=("ron", "no_win"), opponents=north_threw, seat_wind=SOUTH,
                 is_all_last=True, scores=(20000, 22000, 28000, 30000))
    assert check_all_last(d, ONLINE, (d,)) is None
    passed = with_(d, action="no_win", played="no_win")
    assert check_missed_win(passed, ONLINE, (passed,)) is not None  # type: ignore[arg-type]


def test_a_last_hand_call_that_cannot_climb_is_flagged_when_riichi_could() -> None:
    # 4th on 20000, 4000 behind East. Closed 234m567m345p22p66s waits on 2p/6s: riichi and
    # tanyao (a ron on East of 2600 lifts us to 3rd). After pon 6s the best is open tanyao
    # for 1000, and 4th stays 4th.
    threw = (opponent(1, "1z"), opponent(2, "9m"), opponent(3, "9p6s"))
    d = decision("234m567m345p22p66s", action="call", played="pon 6s", offered="6s",
                 options=("pon 6s", "pass"), opponents=threw, seat_wind=SOUTH,
                 is_all_last=True, scores=(20000, 24000, 27000, 29000))
    flag = check_all_last(d, ONLINE, (d,))
    assert flag is not None and flag.better == "pass"
    assert dict(flag.cost) == {"place": 4, "needed": 3, "short": 4000}
    assert flag.message == ("Последняя раздача: после вызова (пон 6s) даже лучшая победа "
                            "оставляет вас на 4-м месте, а риичи без вызова могло поднять на 3-е.")
    near = with_(d, scores=(20000, 21500, 28500, 30000))  # the open 1000 already climbs
    assert check_all_last(near, ONLINE, (near,)) is None
    earlier = with_(d, is_all_last=False)
    assert check_all_last(earlier, ONLINE, (earlier,)) is None


# --- furiten ----------------------------------------------------------------------------
# Riichi on 23m (1-4m) after discarding 4m earlier in the hand.


def _declared(concealed: str, action: str, discards: str = "4m") -> tuple[object, ...]:
    chance = decision(concealed, action=action, played=action, options=("riichi", "dama"),
                      discards=discards)
    discard = decision(concealed, played="9m", discards=discards)
    return chance, discard


def test_a_riichi_on_a_furiten_wait_is_said_plainly() -> None:
    chance, discard = _declared("23m456678p789s11z9m", "riichi")
    context = (chance, discard)
    flag = check_furiten(chance, ONLINE, context)  # type: ignore[arg-type]
    assert flag is not None and not flag.informational and flag.better == "dama"
    assert flag.message == "Риичи в фуритене: 4m уже в вашем сбросе, выиграть можно только цумо."
    clean = _declared("23m456678p789s11z9m", "riichi", discards="1z")
    assert check_furiten(clean[0], ONLINE, clean) is None  # type: ignore[arg-type]


def test_a_furiten_wait_is_said_once_per_hand() -> None:
    chance, discard = _declared("23m456678p789s11z9m", "dama")
    later = with_(chance, event=14)
    # the same wait, dama again
    again = decision("23m456678p789s11z1z", played="1z", event=14, discards="4m9m")
    context = (chance, discard, later, again)
    assert check_furiten(chance, ONLINE, context) is not None  # type: ignore[arg-type]
    assert check_furiten(later, ONLINE, context) is None  # type: ignore[arg-type]


def test_a_furiten_on_a_wide_wait_is_informational() -> None:
    chance, discard = _declared("23456m678p789s11z9m", "dama")  # 1-4-7m
    flag = check_furiten(chance, ONLINE, (chance, discard))  # type: ignore[arg-type]
    assert flag is not None and flag.informational and flag.cost["kinds"] == 3
    assert flag.message.endswith("Ожидание широкое (3 вида), так что это только к сведению.")


# --- no yaku ----------------------------------------------------------------------------

LEFT_THREW_5P = (opponent(3, "1m5p"),)


def _chi(concealed: str, wall_left: int = 50) -> object:
    return decision(concealed, action="call", played="chi 345p", offered="5p",
                    options=("chi 345p", "pass"), opponents=LEFT_THREW_5P, wall_left=wall_left)


def test_a_call_leaving_no_yaku_in_reach_is_flagged() -> None:
    d = _chi("19m34p129s345s4z67z")
    flag = check_no_yaku(d, ONLINE, (d,))  # type: ignore[arg-type]
    assert flag is not None and flag.better == "pass" and flag.lesson == "calling"
    assert flag.message.startswith("После чи 345p у руки нет яку и ни одного достижимого")


def test_a_value_pair_keeps_a_yaku_in_reach() -> None:
    d = _chi("19m34p129s345s4z77z")
    assert check_no_yaku(d, ONLINE, (d,)) is None  # type: ignore[arg-type]


def test_a_late_call_for_formal_tenpai_is_not_flagged() -> None:
    early = _chi("123m34p789s1199s", wall_left=40)  # tenpai on 1s/9s, no yaku
    assert check_no_yaku(early, ONLINE, (early,)) is not None  # type: ignore[arg-type]
    late = _chi("123m34p789s1199s", wall_left=thresholds.FORMAL_TENPAI_WALL)
    assert check_no_yaku(late, ONLINE, (late,)) is None  # type: ignore[arg-type]


# --- noten ------------------------------------------------------------------------------


def test_noten_at_the_draw_flags_the_discard_that_could_keep_tenpai() -> None:
    missed = decision("23m456p678p789s11s5z", played="1s", event=50, wall_left=6)
    draw = decision("23m456p678p789s1s5z", action="noten", played="noten",
                    options=("noten",), event=60, wall_left=0)
    flag = check_noten(draw, ONLINE, (missed, draw))
    assert flag is not None and (flag.event, flag.action, flag.better) == (50, "discard", "5z")
    assert flag.lesson == "push-or-fold"  # «Поздний ход и темпай при ничьей»
    assert flag.cost["waits"] == "1m, 4m"
    folded = with_(missed, opponents=(opponent(1, "1z2z3z", riichi_at=1),))
    assert check_noten(draw, ONLINE, (folded, draw)) is None


# --- the whole review -------------------------------------------------------------------


def test_flags_are_grouped_by_category_and_sorted_by_measure() -> None:
    worse = decision("1188m3345567p788s", played="8m", event=4)
    slower = decision("1188m3345567p788s", played="4p", event=3)
    danger = decision("147m258p369s2225z5p", played="5p", opponents=RIICHI, event=5, hand=1)
    found = review_decisions([slower, worse, danger])
    # 5p against the riichi is also a step back (5- instead of 4-shanten, 24 tiles given up).
    assert [(f.category, f.event, f.cost["lost"] if f.category == "efficiency" else None)
            for f in found.decisions] == [
        ("efficiency", 5, 24), ("efficiency", 4, 15), ("efficiency", 3, 6), ("defence", 5, None)]
    assert found.summary == {**{c: 0 for c in CATEGORIES}, "efficiency": 3, "defence": 1}
    assert summary_text(found) == "4 решения: 3 по эффективности, 1 в защите"


@pytest.mark.parametrize(("counts", "text"), [
    pytest.param({"efficiency": 5, "defence": 2, "missed_win": 1},
                 "8 решений: 5 по эффективности, 2 в защите, 1 пропущенная победа", id="issue"),
    pytest.param({"missed_win": 2, "noten": 1},
                 "3 решения: 2 пропущенные победы, 1 нотен на ничьей", id="few"),
    pytest.param({"no_yaku": 11, "furiten": 21},
                 "32 решения: 21 ожидание в фуритене, 11 вызовов без яку", id="teens"),
    pytest.param({}, "Ни одно решение не стоило очков по нашим меркам.", id="none"),
])
def test_the_summary_agrees_in_number(counts: dict[str, int], text: str) -> None:
    summary = {c: counts.get(c, 0) for c in CATEGORIES}
    assert summary_text(Review((), summary)) == text


def test_the_thresholds_are_stated_in_russian() -> None:
    lines = thresholds.threshold_lines()
    assert len(lines) == len(thresholds.THRESHOLDS)
    assert "80 %" in lines[0] and "3 п. п." in lines[1]
    assert not any(re.search(r"[A-Za-z]{3,}", line) for line in lines)


def test_every_category_links_to_a_lesson_of_the_course() -> None:
    slugs = set()
    for path in (REPO / "content" / "ru").glob("*.md"):
        found = re.search(r"^slug:\s*(\S+)", path.read_text(encoding="utf-8"), re.M)
        if found:
            slugs.add(found.group(1))
    assert set(LESSONS) == set(CATEGORIES)
    assert set(LESSONS.values()) <= slugs


def test_an_empty_game_has_an_empty_review() -> None:
    assert collect([]).decisions == ()
