"""Replaying played games through the table: rare events from hand-written logs, each event kind.

The logs under tests/fixtures/table/ are the project's own, written by hand
as tenhou.net/6 objects; the recorded deltas in them were computed by hand
from the rules named in each test (Tenhou's rules for ``online``, EMA 2016
for ``ema``, the JPML rules for ``jpml``), and the engine's result must
match them without reading them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.hand import parse_hand
from engine.rules.sets import get_ruleset
from engine.table.events import (
    Abort,
    Call,
    Discard,
    Draw,
    GameLog,
    HandLog,
    IllegalEvent,
    Kan,
    LogError,
    NewDora,
    Ron,
    Tsumo,
)
from engine.table.logs import read_log
from engine.table.replay import replay, view_at
from engine.table.state import Table
from engine.tiles import parse_tiles

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "table"


def fixture(name: str) -> GameLog:
    return read_log(json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8")))


def t(code: str) -> int:
    return parse_tiles(code).kinds[0]


def hand_log(haipai: list[str], events: list[object], dora: str = "1z",
             scores: tuple[int, int, int, int] = (25000, 25000, 25000, 25000)) -> GameLog:
    """A one-hand game from mpsz deals and events (East 1, dealer 0)."""
    deal = tuple(parse_tiles(h).kinds for h in haipai)
    for h in haipai:
        parse_hand(h, size=13)  # a real hand
    log = HandLog("E1", 0, 0, scores, 0, parse_tiles(dora).kinds, (), deal,
                  tuple(events))  # type: ignore[arg-type]
    return GameLog(("", "", "", ""), "tenhou6", "online", (log,))


# --- rare events, by rule set ---------------------------------------------------------------


def test_kyuushu_is_an_abortive_draw_online_and_refused_under_ema() -> None:
    """Tenhou and JPML play kyuushu kyuuhai; EMA 2016 has no abortive draws (3.4.3)."""
    game = fixture("kyuushu")
    assert replay(game).hands[0].result == "abortive"
    assert replay(game, "jpml").hands[0].deltas == (0, 0, 0, 0)
    with pytest.raises(LogError) as err:
        replay(game, "ema")
    assert (err.value.hand, err.value.event) == (0, 1)
    assert "не играется" in err.value.message


def test_four_winds_and_four_kans_are_abortive_draws() -> None:
    for name in ("four_winds", "four_kans"):
        hand = replay(fixture(name)).hands[0]
        assert (hand.result, hand.deltas, hand.differs) == ("abortive", (0, 0, 0, 0), False)


def test_four_kans_flip_four_kan_dora_at_once_for_closed_kans() -> None:
    """A closed kan turns its indicator at once in every set (Procedure.closed_kan_dora)."""
    game = fixture("four_kans")
    view = view_at(game, "online", 0, len(game.hands[0].events) - 1)
    assert len(view.dora_indicators) == 5
    assert [len(m) for m in view.melds] == [2, 2, 0, 0]


def test_double_ron_pays_both_winners_online_and_is_refused_under_head_bump() -> None:
    """004 (Tenhou): double ron; 003/JPML: head bump, a second ron cannot be in the log."""
    game = fixture("double_ron")
    hand = replay(game).hands[0]
    assert hand.result == "win"
    assert hand.deltas == (-2600, 1300, 1300, 0)  # 40 fu 1 han tanyao each
    assert not hand.differs
    with pytest.raises(LogError) as err:
        replay(game, "jpml")
    assert (err.value.hand, err.value.event) == (0, 3)


def test_double_ron_before_a_first_draw_is_renhou_under_ema() -> None:
    """EMA 2016 plays renhou as a mangan: both non-dealers ron before their first draw."""
    hand = replay(fixture("double_ron"), "ema").hands[0]
    assert hand.deltas == (-16000, 8000, 8000, 0)
    assert hand.differs and hand.difference_note is not None
    # The log (Tenhou's rules) pays 1300 each: renhou as no yaku is the option that explains it.
    assert "По правилам лога, похоже, ренхо: не яку; у нас — манган." in hand.difference_note
    assert "Несколько рон на один сброс" in hand.difference_note


def test_chankan_robs_the_added_kan() -> None:
    """000: a ron on the tile added to a pon is chankan (1 han); 40 fu kanchan, 1300."""
    game = fixture("chankan")
    hand = replay(game).hands[0]
    assert hand.deltas == (0, -1300, 0, 1300)
    assert isinstance(game.hands[0].events[-2], Kan)


def test_pao_makes_the_feeder_of_the_third_dragon_pay_the_tsumo() -> None:
    """Tenhou / EMA 2016 3.3.9: the player who fed the third dragon set pays a daisangen tsumo."""
    for rules in ("online", "ema", "jpml"):
        assert replay(fixture("pao"), rules).hands[0].deltas == (0, 32000, -32000, 0)


def test_nagashi_mangan_is_paid_where_the_set_plays_it() -> None:
    """Tenhou pays nagashi as a mangan tsumo without noten payments; EMA 2016 has none."""
    hand = replay(fixture("nagashi")).hands[0]
    assert (hand.result, hand.deltas) == ("nagashi", (-4000, -2000, -2000, 8000))
    with pytest.raises(LogError) as err:
        replay(fixture("nagashi"), "ema")
    assert "нагаси" in err.value.message


# --- each event kind --------------------------------------------------------------------------

DEAL = ["1199m1199p1199s5p", "234m567m234s678s5p", "234p678p345s567m5p", "12345678m12345p"]


def test_draw_and_discard_mark_tsumogiri_in_the_pond() -> None:
    game = hand_log(DEAL, [Draw(0, t("7z")), Discard(0, t("7z"), tsumogiri=True),
                           Draw(1, t("6z")), Discard(1, t("6z"))])
    view = view_at(game, "online", 0, 4)
    assert view.ponds[0][0].tsumogiri and not view.ponds[1][0].tsumogiri
    assert view.turn == 2 and view.wall_left == 68
    assert view.last == "Юг сбрасывает 6z (из руки)"


def test_a_ronned_riichi_declaration_puts_no_stick() -> None:
    """Tenhou: a riichi whose declaration tile is ronned is void, its 1000 not paid."""
    events = [Draw(0, t("4p")), Discard(0, t("4p"), tsumogiri=True, riichi=True), Ron(1, 0)]
    with pytest.raises(IllegalEvent):  # 4p is not South's wait
        replay(hand_log(DEAL, events))
    events = [Draw(0, t("4p")), Discard(0, t("5p"), riichi=True), Ron(1, 0)]
    hand = replay(hand_log(DEAL, events)).hands[0]
    assert hand.deltas == (-1300, 1300, 0, 0) and hand.sticks_after == 0


def test_a_riichi_that_passes_puts_its_stick_and_a_call_follows() -> None:
    deal = ["1199m1199p1199s4p", "234m567m234s678s1z", "234p678p345s567m5p", "12345678m12345p"]
    events = [Draw(0, t("7z")), Discard(0, t("7z"), tsumogiri=True, riichi=True),
              Draw(1, t("1z")), Discard(1, t("2m")),
              Draw(2, t("6z")), Discard(2, t("6z"), tsumogiri=True)]
    view = view_at(hand_log(deal, events), "online", 0, 6)
    assert view.sticks == 1 and view.scores[0] == 24000 and view.riichi[0]
    assert view.ponds[0][0].riichi


def test_pon_and_chi_are_called_from_the_right_seats() -> None:
    deal = ["1199m1199p1199s4p", "234m567m234s678s1z", "5p67p234s567m11z22z", "12345678m12345p"]
    # South discards 1z; West pons it (across is not needed: pon from anyone).
    events = [Draw(0, t("7z")), Discard(0, t("7z")), Draw(1, t("6z")), Discard(1, t("1z")),
              Call(2, "pon", (t("1z"),) * 3, t("1z"), 1), Discard(2, t("2z"))]
    game = hand_log(deal, events)
    view = view_at(game, "online", 0, 6)
    assert view.melds[2][0].from_seat == 1 and view.ponds[1][0].called
    with pytest.raises(IllegalEvent) as err:  # chi only from the player on the left
        replay(hand_log(deal, events[:4] + [Call(3, "chi", (t("1z"),) * 3, t("1z"), 1)]))
    assert (err.value.hand, err.value.event) == (0, 4)


def test_tsumo_with_a_yaku_is_scored_by_the_engine() -> None:
    deal = ["123456789m1234p", *DEAL[1:3], "12345678m12355p"]
    events = [Draw(0, t("9s")), Discard(0, t("9s"), tsumogiri=True)] + [
        e for s in (1, 2, 3) for e in (Draw(s, t("7z")), Discard(s, t("7z"), tsumogiri=True))
    ] + [Draw(0, t("4p")), Tsumo(0)]
    hand = replay(hand_log(deal, events, dora="9s")).hands[0]
    # menzen tsumo + ittsu = 3 han 30 fu (tanki), dealer: 2000 all.
    assert hand.deltas == (6000, -2000, -2000, -2000)


# --- illegal events: the first one is named with its hand and event -------------------------


def _illegal(game: GameLog) -> IllegalEvent:
    with pytest.raises(IllegalEvent) as err:
        replay(game)
    return err.value


def test_a_discard_of_a_tile_not_held_is_illegal() -> None:
    err = _illegal(hand_log(DEAL, [Draw(0, t("7z")), Discard(0, t("8s"))]))
    assert (err.hand, err.event) == (0, 1) and "нет в руке" in err.message


def test_a_draw_out_of_turn_is_illegal() -> None:
    err = _illegal(hand_log(DEAL, [Draw(2, t("7z"))]))
    assert (err.hand, err.event) == (0, 0) and "не ход" in err.message


def test_a_ron_in_furiten_is_illegal() -> None:
    """West's 5p passes South, who does not discard before the dealer's 5p: temporary furiten."""
    events = [Draw(0, t("7z")), Discard(0, t("7z")), Draw(1, t("6z")), Discard(1, t("6z")),
              Draw(2, t("6z")), Discard(2, t("5p")), Draw(3, t("6z")), Discard(3, t("6z")),
              Draw(0, t("7z")), Discard(0, t("5p")), Ron(1, 0)]
    err = _illegal(hand_log(DEAL, events))
    assert (err.hand, err.event) == (0, 10) and "фуритен" in err.message


def test_a_riichi_without_tenpai_is_illegal() -> None:
    events = [Draw(0, t("7z")), Discard(0, t("7z")), Draw(1, t("6z")), Discard(1, t("6z")),
              Draw(2, t("6z")), Discard(2, t("6z")), Draw(3, t("6z")),
              Discard(3, t("6z"), tsumogiri=True, riichi=True)]
    err = _illegal(hand_log(DEAL, events))
    assert (err.hand, err.event) == (0, 7) and "без темпая" in err.message


def test_a_ron_without_yaku_and_a_tsumo_with_an_incomplete_hand_are_illegal() -> None:
    deal = ["1199m1199p1199s4z", "234m567m234s678s5p", "123p456p789s2244z", "12345678m12345p"]
    err = _illegal(hand_log(deal, [Draw(0, t("7z")), Discard(0, t("4z")), Ron(2, 0)]))
    assert "без яку" in err.message
    err = _illegal(hand_log(deal, [Draw(0, t("7z")), Tsumo(0)]))
    assert (err.event, "незаконченной" in err.message) == (1, True)


def test_a_ron_on_a_tile_not_waited_on_is_illegal() -> None:
    err = _illegal(hand_log(DEAL, [Draw(0, t("7z")), Discard(0, t("7z")), Ron(1, 0)]))
    assert (err.event, "не ждёт" in err.message) == (2, True)


def test_red_fives_are_refused_by_a_set_without_them() -> None:
    """JPML and EMA 2016 play without red fives; a log that has them is refused."""
    game = json.loads((FIXTURES / "chankan.json").read_text(encoding="utf-8"))
    game["log"][0][4][0] = 53  # the dealer's 5s becomes the red one
    log = read_log(game)
    assert replay(log).hands[0].deltas == (0, -1300, 0, 1300)
    with pytest.raises(LogError) as err:
        replay(log, "jpml")
    assert "красные" in err.value.message


def test_view_at_steps_through_one_hand() -> None:
    game = fixture("chankan")
    steps = len(game.hands[0].events)
    first, last = view_at(game, "online", 0, 0), view_at(game, "online", 0, steps)
    assert first.step == 0 and first.turn == 0 and first.last == "Раздача сдана."
    assert last.turn is None and last.steps == steps
    assert sum(len(h) for h in first.hands) == 52
    with pytest.raises(LogError):
        view_at(game, "online", 5, 0)


# --- open kan, rinshan, kan-dora timing; three rons; four riichi; a stated indicator -------

KAN_DEAL = ["1199m1199p1199s7z", "777z123m456p78s99s", "234p678p345s567m5p", "12345678m12345p"]
KAN_EVENTS = [Draw(0, t("5z")), Discard(0, t("7z")),
              Call(1, "daiminkan", (t("7z"),) * 4, t("7z"), 0), Draw(1, t("6s"))]


def test_an_open_kan_wins_on_its_replacement_tile_before_its_dora_is_turned_online() -> None:
    """Tenhou: an open kan's indicator is turned after the next discard, so a rinshan win
    has none (chun + rinshan kaihou, 2 han 40 fu: 700/1300); EMA 2016 turns it at once
    (3.3.6), and the new indicator 6z makes the four chun dora: a haneman."""
    game = hand_log(KAN_DEAL, [*KAN_EVENTS, Tsumo(1)], dora="1z6z")
    assert replay(game).hands[0].deltas == (-1300, 2700, -700, -700)
    ema = replay(game, "ema").hands[0].deltas
    assert ema == (-6000, 12000, -3000, -3000)


def test_an_open_kan_turns_its_indicator_after_the_next_discard_online() -> None:
    game = hand_log(KAN_DEAL, [*KAN_EVENTS, Discard(1, t("6s"), tsumogiri=True)], dora="1z6z")
    assert len(view_at(game, "online", 0, 4).dora_indicators) == 1
    assert len(view_at(game, "online", 0, 5).dora_indicators) == 2
    assert len(view_at(game, "ema", 0, 4).dora_indicators) == 2


THREE_WAITS = ["1199m1199p1199s5p", "234m567m234s678s5p", "234p678p345s567m5p",
               "123m456m789m234s5p"]


def test_a_triple_ron_is_an_abortive_draw_online_and_three_wins_under_ema() -> None:
    """004 (Tenhou): double ron, a third is an abortive draw; EMA 2016 3.4.9: all win."""
    rons = [Draw(0, t("7z")), Discard(0, t("5p")), Ron(1, 0), Ron(2, 0), Ron(3, 0)]
    hand = replay(hand_log(THREE_WAITS, rons)).hands[0]
    assert (hand.result, hand.deltas) == ("abortive", (0, 0, 0, 0))
    ema = replay(hand_log(THREE_WAITS, rons), "ema").hands[0]
    assert ema.result == "win" and all(d > 0 for d in ema.deltas[1:])
    stated = [Draw(0, t("7z")), Discard(0, t("5p")), Abort("triple_ron")]
    assert replay(hand_log(THREE_WAITS, stated)).hands[0].result == "abortive"


def test_four_riichi_is_an_abortive_draw_that_keeps_the_four_sticks() -> None:
    events = [e for s, x in ((0, "7z"), (1, "6z"), (2, "6z"), (3, "6z"))
              for e in (Draw(s, t(x)), Discard(s, t(x), tsumogiri=True, riichi=True))]
    hand = replay(hand_log(THREE_WAITS, [*events, Abort("four_riichi")])).hands[0]
    assert hand.result == "abortive"
    assert hand.deltas == (-1000, -1000, -1000, -1000) and hand.sticks_after == 4
    with pytest.raises(IllegalEvent):  # three riichi are not four
        replay(hand_log(THREE_WAITS, [*events[:6], Abort("four_riichi")]))


def test_a_stated_kan_indicator_must_be_one_of_the_hand() -> None:
    game = hand_log(KAN_DEAL, [*KAN_EVENTS, NewDora(t("6z"))], dora="1z6z")
    assert view_at(game, "online", 0, 5).step == 5
    with pytest.raises(IllegalEvent):
        replay(hand_log(KAN_DEAL, [*KAN_EVENTS, NewDora(t("3z")), Tsumo(1)], dora="1z6z"))


def test_the_last_tile_is_haitei_and_its_discard_houtei() -> None:
    """000: a tsumo on the last wall tile is haitei, a ron on the last discard houtei."""
    game = fixture("nagashi")
    events = game.hands[0].events
    table = Table.start(game.hands[0], get_ruleset("online"))
    for event in events[:-2]:  # up to the last draw
        table.apply(event)
    last = table.turn
    assert table.wall_left == 0 and table._situation(last, tsumo=True).haitei
    table.apply(events[-2])  # the last discard
    assert table._situation((last + 1) % 4, tsumo=False).houtei
    with pytest.raises(IllegalEvent):  # no call on the last discard, no draw after it
        table.apply(Draw((last + 1) % 4, t("1m")))


def test_only_a_kokushi_wait_robs_a_closed_kan() -> None:
    """Tenhou: a closed kan can be robbed only by kokushi musou (here a single wait on 1z)."""
    deal = ["1111z2345678m23p", "19m19p199s234567z", "234p678p345s567m5p", "12345678m12345p"]
    robbed = [Draw(0, t("5p")), Kan(0, "ankan", (t("1z"),) * 4), Ron(1, 0)]
    assert replay(hand_log(deal, robbed, dora="9m")).hands[0].deltas == (-32000, 32000, 0, 0)
    passed = [Draw(0, t("5p")), Kan(0, "ankan", (t("1z"),) * 4), Draw(0, t("6p"))]
    view = view_at(hand_log(deal, passed, dora="9m"), "online", 0, 3)
    assert view.wall_left == 68 and len(view.melds[0]) == 1


def _kiriage_log(recorded: list[int]) -> GameLog:
    raw = json.loads((FIXTURES.parent / "review" / "kiriage_ron.json").read_text(encoding="utf-8"))
    raw["log"][0][-1][1] = recorded
    return read_log(raw)


def test_a_result_paid_under_kiriage_names_kiriage() -> None:
    """Pinfu, tanyao, dora 2 on a ron: 4 han 30 fu is 7700 under Tenhou's rules (004: no
    kiriage) and a mangan, 8000, where 4 han 30 fu is rounded up (JPML 002). The log pays
    8000: the replay under ``online`` differs, and the note names kiriage, both values."""
    hand = replay(_kiriage_log([-8000, 8000, 0, 0])).hands[0]
    assert hand.deltas == (-7700, 7700, 0, 0) and hand.recorded_deltas == (-8000, 8000, 0, 0)
    assert hand.differs and hand.difference_note == (
        "По правилам лога, похоже, кирияге-манган (4 хан 30 фу и 3 хан 60 фу): да; "
        "у нас — нет.")
    assert not replay(_kiriage_log([-7700, 7700, 0, 0])).hands[0].differs


def test_a_result_no_rule_explains_is_said_honestly() -> None:
    note = replay(_kiriage_log([-9000, 9000, 0, 0])).hands[0].difference_note
    assert note is not None and note.startswith("Ни одно правило из известных нам сводов")


def test_honba_paid_to_both_winners_of_a_double_ron_names_that_game_rule() -> None:
    """Tenhou (online) pays the honba to the winner nearest the discarder only; EMA 2016
    3.4.10 and rules-ru 3.8 pay it to each. A log at 1 honba paying 1600 to both winners
    is explained by that game rule, not by an option of the set."""
    raw = json.loads((FIXTURES / "double_ron.json").read_text(encoding="utf-8"))
    raw["log"][0][0][1] = 1
    raw["log"][0][-1][1], raw["log"][0][-1][3] = [-1600, 1600, 0, 0], [-1600, 0, 1600, 0]
    hand = replay(read_log(raw)).hands[0]
    assert hand.deltas == (-2900, 1600, 1300, 0)
    assert hand.difference_note is not None and hand.difference_note.endswith(
        "По правилам лога, похоже, при нескольких ронах хонбу получает каждый победитель: да; "
        "у нас — нет.")


def test_a_result_only_a_whole_rule_set_explains_names_the_set_and_its_differences() -> None:
    """Two rons before the winners' first draw at 1 honba, paid 8000 + 300 to each: renhou
    as a mangan and honba to every winner (EMA 2016 3.4.10, and its renhou) together; no
    single option of Tenhou's rules gives it, the EMA set does."""
    raw = json.loads((FIXTURES / "double_ron.json").read_text(encoding="utf-8"))
    raw["log"][0][0][1] = 1
    raw["log"][0][-1][1], raw["log"][0][-1][3] = [-8300, 8300, 0, 0], [-8300, 0, 8300, 0]
    note = replay(read_log(raw)).hands[0].difference_note
    assert note is not None
    assert ("По правилам лога, похоже, свод «европейские турнирные»; у нас — «онлайн (по "
            "умолчанию)»; для этой раздачи в них различаются: ренхо;") in note
    assert "хонбу получает каждый победитель" in note
