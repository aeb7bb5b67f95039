"""Whole games through the whole path: read_log → replay → review → the flag → /review/<id>.

Rules (the project's game-review issue, «The review»): *noten* — noten at an
exhaustive draw when a tenpai discard was available and no riichi made folding
the better choice; *all-last* — a win that does not reach the placement the
learner needed when one that did was available. And «The page»: where the
engine's result of a hand differs from the log's (a log played under other
rules), the page shows both and names the rule.

The fixtures in tests/fixtures/review/ are written for these tests:

- noten_draw.json — East 1, no riichi all hand. Анна (seat 0, dealer) holds
  23m456p678p789s55s, tenpai on 1m/4m; she draws 5z and cuts 5s, keeping the
  5z, then draws only honours and lets them go. The wall runs out, nobody is
  tenpai (no payments).
- all_last_win.json — South 4, Анна 4th on 20000 (22000, 30000, 28000). She
  rons 2p (tanyao tanki, 40 fu, 1300) off Глеб, the dealer on 28000: still
  4th, and the game ends (Вера has 30000). A tsumo (menzen tsumo and tanyao,
  500/1000) would have lifted her over Борис to 3rd.
- kiriage_ron.json — Борис rons 7700 worth of pinfu, tanyao, dora 2 (4 han
  30 fu); the log pays 8000, a kiriage mangan.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from flask.testing import FlaskClient

from engine.review import review
from engine.table.logs import read_log
from engine.table.replay import replay
from tests.support.client import csrf_token

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "review"
NOTEN = ("Ничья, а вы не в темпае. Сброс 5z вместо 5s оставлял темпай (ожидание 1m, 4m), "
         "а риичи никто не объявлял — за нотен платят.")
ALL_LAST = ("Последняя раздача: эта победа (1300 очков) заканчивает игру на 4-м месте. "
            "Победа цумо подняла бы вас на 3-е — стоило подождать.")
KIRIAGE = ("По правилам лога, похоже, кирияге-манган (4 хан 30 фу и 3 хан 60 фу): да; "
           "у нас — нет.")


def _text(name: str) -> str:
    return (FIXTURES / f"{name}.json").read_text(encoding="utf-8")


def _page(client: FlaskClient, name: str) -> str:
    response = client.post("/review", data={
        "csrf_token": csrf_token(client, "/review"), "log": _text(name), "link": "",
        "seat": "", "rules": ""})
    assert response.status_code == 303, response.get_data(as_text=True)
    return client.get(response.headers["Location"]).get_data(as_text=True)


def _flag_items(html: str, category: str) -> list[str]:
    return re.findall(rf'<li class="review-flag" data-decision="\d+" '
                      rf'data-category="{category}">(.*?)</li>', html, re.S)


def test_noten_at_the_draw_after_cutting_a_tenpai_is_flagged_through_the_whole_path() -> None:
    log = read_log(json.loads(_text("noten_draw")))
    hand = replay(log).hands[0]
    assert (hand.result, hand.deltas, hand.differs) == ("draw", (0, 0, 0, 0), False)
    flags = [f for f in review(log, 0).decisions if f.category == "noten"]
    assert [(f.hand, f.event, f.action, f.played, f.better) for f in flags] == [
        (0, 1, "discard", "5s", "5z")]
    assert flags[0].message == NOTEN
    assert flags[0].cost == {"wall_left": 69, "waits": "1m, 4m", "noten_payment": 3000}


def test_a_last_hand_win_that_keeps_last_place_is_flagged_through_the_whole_path() -> None:
    log = read_log(json.loads(_text("all_last_win")))
    hand = replay(log).hands[0]
    assert (hand.round, hand.deltas, hand.differs) == ("S4", (1300, 0, 0, -1300), False)
    flags = [f for f in review(log, 0).decisions if f.category == "all_last"]
    assert [(f.event, f.action, f.played, f.better) for f in flags] == [
        (10, "win", "ron", "no_win")]
    assert flags[0].message == ALL_LAST
    assert flags[0].cost == {"place": 4, "needed": 3, "short": 700, "points": 1300}
    # Борис (seat 1) is not judged in all-last for this hand: he did not win.
    assert not [f for f in review(log, 1).decisions if f.category == "all_last"]


def test_the_review_page_shows_the_noten_and_all_last_flags(client: FlaskClient) -> None:
    noten = _flag_items(_page(client, "noten_draw"), "noten")
    assert len(noten) == 1 and NOTEN in noten[0]
    last = _flag_items(_page(client, "all_last_win"), "all_last")
    assert len(last) == 1 and ALL_LAST in last[0]


def test_the_review_page_names_the_rule_a_differing_log_was_played_under(
        client: FlaskClient) -> None:
    html = _page(client, "kiriage_ron")
    found = re.search(r'<li data-difference="0">(.*?)</li>', html, re.S)
    assert found, html
    shown = " ".join(found.group(1).split())
    assert "по движку −7700 / +7700 / 0 / 0, в логе −8000 / +8000 / 0 / 0." in shown
    assert KIRIAGE in shown
