"""The review's two front ends: batch kind ``review`` and ``python -m engine review``.

The contract is the one of the batch docstring (engine/batch/__init__.py):
``{"decisions": [{"hand", "event", "action", "played", "better", "category",
"cost", "message"}], "summary": {...}}``, errors ``{"error", "hand", "event"}``.
The game is tests/fixtures/review/two_hands.json (and the same game as mjai
JSON Lines, two_hands.mjai.jsonl): two hands written for these tests. In
East 1 Аня (seat 0) cuts 4p from 1188m3345567p788s — 9 tiles kept where 7s
keeps 15 — and in East 2 lets pass a ron on 2p (tanyao, 1300) that she wins
by tsumo two turns later.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine.batch import answer
from engine.cli import main
from engine.review import CATEGORIES, LESSONS, review
from engine.review.flags import MEASURES, sort_key
from engine.table.bots import play_game
from engine.table.logs import read_log

GAME_PATH = Path(__file__).resolve().parents[1] / "fixtures" / "review" / "two_hands.json"
GAME_TEXT = GAME_PATH.read_text(encoding="utf-8")
GAME = json.loads(GAME_TEXT)
KEYS = ["hand", "event", "action", "played", "better", "category", "cost", "message"]
EXPECTED = [
    {"hand": 0, "event": 1, "action": "discard", "played": "4p", "better": "7s",
     "category": "efficiency",
     "cost": {"shanten": 1, "best_shanten": 1, "best_ukeire": 15, "lost": 6,
              "best_tiles": "1m, 8m, 4p, 6p, 7p, 8s", "ukeire": 9, "tiles": "6p, 7p, 7s",
              "share": 0.6},
     "message": "Сброс 4p оставляет 9 тайлов (6p, 7p, 7s) — 60 % от лучшего. "
                "Сброс 7s оставляет 15 тайлов (1m, 8m, 4p, 6p, 7p, 8s) при том же шантене."},
    {"hand": 1, "event": 2, "action": "no_win", "played": "no_win", "better": "ron",
     "category": "missed_win", "cost": {"points": 1300, "han": 1, "fu": 40, "win": "ron"},
     "message": "Можно было объявить рон на 2p: 1300 очков. Победа не взята."},
]


def test_the_batch_answers_the_contract_exactly() -> None:
    found = answer({"kind": "review", "log": GAME, "seat": 0, "rules": "online"})
    assert list(found) == ["decisions", "summary"]
    assert [list(d) for d in found["decisions"]] == [KEYS, KEYS]
    assert found["decisions"] == EXPECTED
    assert found["summary"] == {**{c: 0 for c in CATEGORIES}, "efficiency": 1, "missed_win": 1}


def test_the_log_may_be_text_and_rules_default_to_online() -> None:
    assert answer({"kind": "review", "log": GAME_TEXT, "seat": 0})["decisions"] == EXPECTED


def test_the_same_game_as_mjai_json_lines_gets_the_same_review() -> None:
    mjai = (GAME_PATH.parent / "two_hands.mjai.jsonl").read_text(encoding="utf-8")
    assert answer({"kind": "review", "log": mjai, "seat": 0})["decisions"] == EXPECTED


def test_another_seat_has_its_own_review() -> None:
    found = answer({"kind": "review", "log": GAME, "seat": 2})
    assert all(d["hand"] in (0, 1) for d in found["decisions"])
    assert found["decisions"] != EXPECTED


@pytest.mark.parametrize(("request_", "error"), [
    pytest.param({"log": GAME}, "Не хватает обязательного поля «seat».", id="no-seat"),
    pytest.param({"log": GAME, "seat": "0"}, "Поле «seat» должно быть целым числом.",
                 id="seat-as-text"),
    pytest.param({"log": 5, "seat": 0}, "Поле «log» должно быть объектом tenhou.net/6 или "
                 "строкой с записью партии (tenhou.net/6 или mjai JSON Lines).", id="log-number"),
    pytest.param({"log": GAME, "seat": 0, "richi": True},
                 "Неизвестное поле «richi» в запросе вида «review».", id="unknown-field"),
])
def test_bad_requests_are_named_in_russian(request_: dict[str, object], error: str) -> None:
    assert answer({"kind": "review", **request_}) == {"error": error}


def test_a_seat_outside_the_table_and_a_bad_log_are_errors() -> None:
    assert set(answer({"kind": "review", "log": GAME, "seat": 4})) == {"error"}
    broken = json.loads(GAME_TEXT)
    broken["log"][0][6] = [35, 60]  # Аня cuts 5s, which she does not hold
    found = answer({"kind": "review", "log": broken, "seat": 0})
    assert found["hand"] == 0 and isinstance(found["event"], int) and found["error"]


def test_every_flag_carries_its_decision_and_lesson() -> None:
    found = review(read_log(GAME), 0)
    assert [(f.decision.hand, f.decision.event, f.lesson) for f in found.decisions] == [
        (0, 1, "efficiency"), (1, 2, "tsumo-ron")]


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as stop:
        code = int(stop.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_the_command_line_prints_the_same_review_as_text(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _cli(capsys, "review", str(GAME_PATH), "--seat", "0")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[:2] == ["Разбор партии: Аня (место 0), правила online.",
                         "2 решения: 1 по эффективности, 1 пропущенная победа"]
    assert "  Восток 1, хонба 0, событие 1: сброс 4p → лучше 7s" in lines
    assert "  Восток 2, хонба 0, событие 2: победа не объявлена → лучше рон" in lines
    assert "    " + EXPECTED[1]["message"] in lines
    assert "Меры разбора:" in lines


def test_the_command_line_json_is_the_batch_answer(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = tmp_path / "game.txt"  # no telling extension: the format is read from the content
    text.write_text(GAME_TEXT, encoding="utf-8")
    code, out, _ = _cli(capsys, "review", str(text), "--seat", "0", "--rules", "ema", "--json")
    assert code == 0
    assert json.loads(out) == answer({"kind": "review", "log": GAME, "seat": 0, "rules": "ema"})


@pytest.mark.parametrize(("argv", "needle"), [
    pytest.param(["review", "missing.json", "--seat", "0"], "такого файла нет", id="no-file"),
    pytest.param(["review", str(GAME_PATH), "--seat", "7"], "--seat", id="bad-seat"),
    pytest.param(["review", str(GAME_PATH)], "--seat", id="seat-required"),
    pytest.param(["review", __file__, "--seat", "0"], "формат записи", id="not-a-log"),
])
def test_bad_command_lines_exit_two_in_russian(
        capsys: pytest.CaptureFixture[str], argv: list[str], needle: str) -> None:
    code, out, err = _cli(capsys, *argv)
    assert code == 2 and out == "" and needle in err and "Traceback" not in err


# --- games the bots play ----------------------------------------------------------------

ACTIONS = ("discard", "call", "pass", "kan", "riichi", "dama", "win", "no_win")  # the contract's
TILE_CODE = re.compile(r"[1-9][mpsz]")


def test_a_bot_game_reviews_with_valid_flags() -> None:
    """Two hands of seeded bots (a few seconds): every flag well formed, the order kept."""
    seat = 0
    found = review(read_log(play_game(5, max_hands=2)), seat)
    assert sum(found.summary.values()) == len(found.decisions) > 0
    assert json.loads(json.dumps(found.to_json(), ensure_ascii=False)) == found.to_json()
    for flag in found.decisions:
        assert flag.category in CATEGORIES and flag.lesson == LESSONS[flag.category]
        assert flag.action in ACTIONS and flag.decision.seat == seat
        assert (flag.hand, flag.event, flag.played) == (
            flag.decision.hand, flag.decision.event, flag.decision.played)
        assert flag.better or flag.category == "furiten"
        assert MEASURES[flag.category][0] in flag.cost
        assert all(isinstance(v, int | float | str) for v in flag.cost.values())
        assert flag.message and not re.search(r"[A-Za-z]{2,}", TILE_CODE.sub("", flag.message))
    keys = [sort_key(f) for f in found.decisions]
    assert keys == sorted(keys)
