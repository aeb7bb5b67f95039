"""``python -m engine``: Russian explanations, ``--json``, exit codes, no tracebacks."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from engine import batch as batch_module
from engine.batch import answer, score_fields, situation_from
from engine.cli import main
from engine.cli.render_text import render_score
from engine.errors import HandError
from engine.hand import parse_hand
from tests.support import handgen

ROOT = Path(__file__).resolve().parents[2]


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run the CLI in-process; return (exit code, stdout, stderr)."""
    try:
        code = main(list(argv))
    except SystemExit as stop:  # argparse: --help (0) or a usage error (2)
        code = int(stop.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_waits_lists_every_winning_tile_with_russian_name_and_shape(capsys) -> None:
    code, out, _ = cli(capsys, "waits", "1112345678999m")
    assert code == 0
    assert "Темпай. Ожидания (9): 1m, 2m, 3m, 4m, 5m, 6m, 7m, 8m, 9m." in out
    for n in range(1, 10):
        assert f"• {n}m — {n} ман:" in out
    assert "рянмен" in out and "пенчан" in out and "танки" in out and "шанпон" in out


def test_waits_shows_the_decomposition(capsys) -> None:
    _, out, _ = cli(capsys, "waits", "123m456p789s1122z")
    assert "• 1z — Восток: шанпон" in out
    assert "123m (шунцу), 456p (шунцу), 789s (шунцу), 111z (коцу), пара 22z" in out


def test_waits_with_melds_names_them(capsys) -> None:
    code, out, _ = cli(capsys, "waits", "2345m456p789s", "--melds", "pon:555z")
    assert code == 0
    assert "Объявленные сеты: пон 555z" in out
    assert "555z (коцу, пон)" in out


def test_waits_not_tenpai_and_karaten_are_explained(capsys) -> None:
    _, out, _ = cli(capsys, "waits", "1111m234p567s789s")
    assert "1 ман" in out and "не в темпае" in out


def test_waits_json_is_the_batch_answer(capsys) -> None:
    code, out, _ = cli(capsys, "waits", "2345m456p789s", "--melds", "pon:555z", "--json")
    expected = answer(
        {"kind": "waits", "hand": "2345m456p789s", "melds": [{"type": "pon", "tiles": "555z"}]}
    )
    assert code == 0 and json.loads(out) == expected


def test_furiten_names_each_kind_and_its_tiles(capsys) -> None:
    code, out, _ = cli(
        capsys, "furiten", "23456m456p789s11z",
        "--discards", "7m", "--missed", "1m", "--riichi", "--since-riichi", "4m",
    )
    assert code == 0
    assert "Ожидания: 1m, 4m, 7m." in out
    assert "постоянный фуритен" in out and "7 ман" in out
    assert "временный фуритен" in out and "фуритен в риичи" in out


def test_furiten_none_and_json(capsys) -> None:
    _, out, _ = cli(capsys, "furiten", "23456m456p789s11z", "--discards", "9p")
    assert "Фуритена нет" in out
    _, out, _ = cli(capsys, "furiten", "23456m456p789s11z", "--discards", "1m", "--json")
    assert json.loads(out) == {
        "tenpai": True, "waits": ["1m", "4m", "7m"], "furiten": True, "reasons": ["discard"],
    }


def test_shanten_per_form_and_improving_tiles(capsys) -> None:
    code, out, _ = cli(capsys, "shanten", "123m456p789s1122z")
    assert code == 0
    assert "четыре сета и пара: темпай" in out
    assert "Улучшают руку" in out and "1z, 2z" in out
    _, out, _ = cli(capsys, "shanten", "123m456p789s1122z", "--json")
    data = json.loads(out)
    assert data["minimum"] == 0 and [i["tile"] for i in data["improving"]] == ["1z", "2z"]


def test_score_explains_yaku_fu_rounding_and_payments(capsys) -> None:
    code, out, _ = cli(
        capsys, "score", "123m456p789s234p55s", "--win", "5s", "--ron", "--riichi",
        "--dora", "4s", "--seat", "S",
    )
    assert code == 0
    assert "Выигрышный тайл: 5s (5 соу), рон." in out
    assert "Ветер места: Юг; ветер раунда: Восток." in out
    assert "Индикаторы доры: 4s → дора 5s." in out
    assert "риичи — 1 хан" in out and "дора — 2 хан" in out and "Всего: 3 хан." in out
    assert "20 фу — " in out and "10 фу — " in out and "2 фу — " in out
    assert "Итого 32 фу, округляем вверх до десятков: 40 фу." in out
    assert "Победитель: недилер, рон." in out
    assert "Стоимость руки: 5200 очков" in out and "Платит сбросивший: 5200." in out


def test_score_names_the_limit_and_tsumo_payments(capsys) -> None:
    _, out, _ = cli(
        capsys, "score", "22334455667788p", "--win", "8p", "--tsumo", "--seat", "S",
    )
    # menzen tsumo, pinfu, tanyao, ryanpeikou, chinitsu: 1+1+1+3+6 = 12 han, sanbaiman
    assert "Всего: 12 хан." in out and "Предел:" in out
    assert "Платят: дилер — 12000, каждый недилер — 6000." in out


def test_score_honba_and_sticks_in_total(capsys) -> None:
    _, out, _ = cli(
        capsys, "score", "123m456p789s234p55s", "--win", "5s", "--tsumo", "--riichi",
        "--honba", "1", "--sticks", "2",
    )
    assert "Платит каждый из трёх соперников: 1100." in out
    assert "хонбы (1)" in out and "Палочки риичи на столе (2)" in out
    assert "Всего победитель получает: 5300 очков." in out


def test_score_json_is_the_batch_answer(capsys) -> None:
    args = ["123m456p789s234p55s", "--win", "5s", "--ron", "--riichi", "--dora", "4s"]
    _, out, _ = cli(capsys, "score", *args, "--json")
    request = {"kind": "score", "hand": args[0], "win_tile": "5s", "riichi": True}
    expected = answer({**request, "dora_indicators": "4s"})
    assert json.loads(out) == expected


def test_score_rules_and_red_five_switch(capsys) -> None:
    hand = ["123m406p789s234p55s", "--win", "5s", "--ron", "--riichi", "--json"]
    _, out, _ = cli(capsys, "score", *hand, "--rules", "ema")
    assert json.loads(out)["dora"] == 0
    _, out, _ = cli(capsys, "score", *hand, "--rules", "ema", "--red-fives", "on")
    assert json.loads(out)["dora"] == 1


RON = ["score", "123m456p789s234p55s", "--win", "5s", "--ron"]


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        pytest.param(["waits", "123m"], "13", id="wrong-tile-count"),
        pytest.param(["waits", "123x456p789s1122z"], "x", id="bad-letter"),
        pytest.param(["waits", "1m456p789s1122z", "--melds", "chi:135m"], "чи", id="bad-meld"),
        pytest.param(RON, "яку", id="no-yaku"),
        pytest.param(RON[:-1], "--ron", id="no-ron-or-tsumo"),
        pytest.param(["score", "123m456p789s234p55s", "--ron"], "--win", id="no-win-tile"),
        pytest.param([*RON, "--honba", "x"], "целое", id="bad-int"),
        pytest.param([*RON, "--rules", "wrc"], "wrc", id="bad-rules"),
        pytest.param([*RON, "--tsumo"], "вместе", id="ron-and-tsumo"),
        pytest.param([*RON, "--ippatsu"], "риичи", id="ippatsu-alone"),
        pytest.param(["furiten", "123m456p789s1122z", "--discards", "9q"], "q", id="bad-discards"),
        pytest.param(["deal"], "deal", id="unknown-command"),
        pytest.param([], "команда", id="no-command"),
        pytest.param(["waits", "123m456p789s1122z", "--wait"], "--wait", id="unknown-option"),
    ],
)
def test_bad_input_is_russian_on_stderr_with_exit_two(capsys, argv: list[str], needle: str) -> None:
    code, out, err = cli(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.startswith("Ошибка: ") and needle in err
    assert "Traceback" not in err


def test_help_is_russian(capsys) -> None:
    code, out, _ = cli(capsys, "score", "--help")
    assert code == 0
    assert out.startswith("использование: python -m engine score")
    assert "выигрышный тайл" in out


def test_module_entry_point_exit_codes() -> None:
    ok = subprocess.run(
        [sys.executable, "-m", "engine", "waits", "1112345678999m"],
        capture_output=True, cwd=ROOT, text=True,
    )
    bad = subprocess.run(
        [sys.executable, "-m", "engine", "waits", "11111m"],
        capture_output=True, cwd=ROOT, text=True,
    )
    assert ok.returncode == 0 and "Темпай" in ok.stdout
    assert bad.returncode == 2 and bad.stdout == "" and "Traceback" not in bad.stderr
    assert "четыре" in bad.stderr


def test_the_test_hand_generators_docstring_examples_hold() -> None:
    # The engine's own examples: tests/engine/test_engine_docstrings.py.
    import doctest

    from tests.support import handgen

    result = doctest.testmod(handgen)
    assert result.attempted > 0 and result.failed == 0


def test_batch_through_the_argument_parser_matches_the_fast_path() -> None:
    data = b'{"kind": "waits", "hand": "123m456p789s1122z"}\nnot json\n'
    code = "import sys; from engine.cli import main; sys.exit(main(['batch']))"
    via_parser = subprocess.run(
        [sys.executable, "-c", code], input=data, capture_output=True, cwd=ROOT
    )
    fast = subprocess.run(
        [sys.executable, "-m", "engine", "batch"], input=data, capture_output=True, cwd=ROOT
    )
    assert via_parser.returncode == fast.returncode == 0
    assert via_parser.stdout == fast.stdout and len(fast.stdout.splitlines()) == 2


def test_every_explained_yaku_and_fu_line_is_in_russian() -> None:
    """Generated wins of every kind render with Russian names (no raw ids leak through)."""
    seen = 0
    for line in handgen.score_lines(seed=31, count=400, rules="online"):
        fields = batch_module._fields(line, "score")
        try:
            result = score_fields(fields)
        except HandError:
            continue
        hand = parse_hand(fields["hand"], fields["melds"], size=14)
        text = render_score(hand, result, situation_from(fields))
        for row in text.splitlines():
            if row.startswith("  "):  # "name — N хан" and "N фу — reason" items
                left, right = row.split(" — ", 1)
                assert re.search("[а-яё]", left) and re.search("[а-яё]", right), row
        seen += 1
    assert seen > 300
