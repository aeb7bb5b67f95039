"""The batch JSON Lines contract (docs/engine.md), rule by rule."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.batch import answer, answer_line, run
from tests.support.batch import _json_values, _tiles_text

ROOT = Path(__file__).resolve().parents[2]


def batch(*lines: Any) -> list[dict[str, Any]]:
    """Run the in-process batch on objects (dumped) or raw strings."""
    text = "\n".join(line if isinstance(line, str) else json.dumps(line) for line in lines)
    out = run((text + "\n").encode()).decode()
    return [json.loads(row) for row in out.splitlines()]


def score(**fields: Any) -> dict[str, Any]:
    return answer({"kind": "score", **fields})


# --- framing: one answer per line, same order, errors in place, exit 0 ---------


def test_one_answer_per_line_in_input_order() -> None:
    answers = batch(
        {"kind": "waits", "hand": "123m456p789s1122z"},
        "not json",
        {"kind": "waits", "hand": "1112345678999m"},
    )
    assert answers[0] == {"tenpai": True, "waits": ["1z", "2z"]}
    assert "error" in answers[1]
    assert len(answers[2]["waits"]) == 9


def test_process_exits_zero_without_traceback_on_bad_lines() -> None:
    data = b'{"kind": "waits", "hand": "5555m"}\n[1, 2]\n{\n\xff\xfe\n{"kind": "waits"}\n'
    done = subprocess.run(
        [sys.executable, "-m", "engine", "batch"], input=data, capture_output=True, cwd=ROOT
    )
    assert done.returncode == 0
    assert done.stderr == b""
    rows = [json.loads(r) for r in done.stdout.decode().splitlines()]
    assert len(rows) == 5 and all(set(r) == {"error"} for r in rows)


def test_empty_input_gives_empty_output() -> None:
    assert run(b"") == b""


def test_crlf_and_missing_final_newline_are_accepted() -> None:
    line = b'{"kind": "waits", "hand": "123m456p789s1122z"}'
    out = run(line + b"\r\n" + line)
    assert out.decode().splitlines() == ['{"tenpai": true, "waits": ["1z", "2z"]}'] * 2


def test_blank_line_in_the_middle_is_an_error_line() -> None:
    answers = batch({"kind": "waits", "hand": "123m456p789s1122z"}, "", {"kind": "x"})
    assert len(answers) == 3 and "error" in answers[1]


WAIT = '{"kind": "waits", "hand": "123m456p789s1122z", '
SCORE = '{"kind": "score", "hand": "123m456p789s234p55s", "win_tile": "5s", '
CHI_135 = '"melds": [{"type": "chi", "tiles": "135m"}]}'


@pytest.mark.parametrize(
    ("line", "needle"),
    [
        pytest.param("{oops", "JSON", id="not-json"),
        pytest.param("[1, 2]", "JSON-объектом", id="not-an-object"),
        pytest.param('"waits"', "JSON-объектом", id="a-string"),
        pytest.param('{"hand": "123m"}', "вид запроса", id="no-kind"),
        pytest.param('{"kind": "discard"}', "discard", id="unknown-kind"),
        pytest.param('{"kind": ["waits"]}', "вид запроса", id="unhashable-kind"),
        pytest.param('{"kind": "waits"}', "hand", id="missing-hand"),
        pytest.param('{"kind": "waits", "hand": 123}', "hand", id="hand-not-string"),
        pytest.param(WAIT + '"richi": true}', "richi", id="unknown-field"),
        pytest.param(WAIT + '"melds": "pon"}', "melds", id="melds-not-list"),
        pytest.param(WAIT + '"melds": null}', "списком", id="melds-null"),
        pytest.param('{"kind": "waits", "hand": null}', "Поле «hand»", id="hand-null"),
        pytest.param(SCORE + '"rules": null}', "Поле «rules»", id="rules-null"),
        pytest.param(WAIT.replace("waits", "furiten") + '"riichi": 1}', "riichi", id="bool-as-int"),
        pytest.param(SCORE + '"honba": true}', "honba", id="int-as-bool"),
        pytest.param(SCORE + '"honba": 1.5}', "honba", id="int-as-float"),
        pytest.param('{"kind": "waits", "hand": "123x"}', "x", id="bad-letter"),
        pytest.param('{"kind": "waits", "hand": "11111m456p789s12z"}', "четыре", id="5-copies"),
        pytest.param('{"kind": "waits", "hand": "123m"}', "13", id="wrong-count"),
        pytest.param('{"kind": "waits", "hand": "00m123456789p11z"}', "Красная 5 ман",
                     id="two-red-5m"),  # one red five per suit (engine.hand.check_red_fives)
        pytest.param(WAIT.replace("123m", "1m") + CHI_135, "чи", id="bad-meld"),
        pytest.param(SCORE + '"rules": "wrc"}', "wrc", id="unknown-rules"),
        pytest.param(SCORE + '"seat_wind": "X"}', "E, S, W", id="bad-wind"),
        pytest.param(SCORE.replace('"5s"', '"5s5s"') + '"riichi": true}', "один", id="2-wins"),
        pytest.param("[" * 100000 + "]" * 100000, "JSON", id="deep-nesting"),
    ],
)
def test_invalid_line_yields_error_object(line: str, needle: str) -> None:
    result = answer_line(line)
    assert set(result) == {"error"}
    assert needle in result["error"]
    assert "Внутренняя ошибка" not in result["error"]


# --- tile lists: sorted m, p, s, z ascending; red five printed as 5 -------------


def test_waits_are_sorted_across_suits() -> None:
    result = answer({"kind": "waits", "hand": "19m19p19s1234567z"})
    assert result["waits"] == [
        "1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z",
    ]


def test_red_five_is_printed_as_plain_five() -> None:
    assert answer({"kind": "waits", "hand": "0566m456p789s111z"})["waits"] == ["5m", "6m"]


def test_four_copy_rule_karaten_is_not_tenpai() -> None:
    result = answer({"kind": "waits", "hand": "1111m234p567s789s"})
    assert result == {"tenpai": False, "waits": []}


def test_melds_count_toward_the_four_copy_rule() -> None:
    hand = {"kind": "waits", "hand": "1m234p567s789s", "melds": [{"type": "pon", "tiles": "111m"}]}
    assert answer(hand) == {"tenpai": False, "waits": []}


# --- furiten --------------------------------------------------------------------


def test_furiten_reasons_in_contract_order() -> None:
    result = answer(
        {
            "kind": "furiten",
            "hand": "23456m456p789s11z",
            "discards": "7m",
            "missed": "1m",
            "riichi": True,
            "missed_since_riichi": "4m",
        }
    )
    assert result == {
        "tenpai": True,
        "waits": ["1m", "4m", "7m"],
        "furiten": True,
        "reasons": ["discard", "temporary", "riichi"],
    }


def test_riichi_furiten_needs_riichi() -> None:
    result = answer({"kind": "furiten", "hand": "23456m456p789s11z", "missed_since_riichi": "4m"})
    assert result["furiten"] is False and result["reasons"] == []


def test_not_tenpai_is_never_furiten() -> None:
    result = answer({"kind": "furiten", "hand": "13579m13579p135s", "discards": "2m"})
    assert result == {"tenpai": False, "waits": [], "furiten": False, "reasons": []}


# --- score ------------------------------------------------------------------------


def test_score_output_has_exactly_the_contract_keys() -> None:
    result = score(hand="123m456p789s234p55s", win_tile="5s", riichi=True)
    assert set(result) == {
        "han", "fu", "yakuman", "yaku", "dora", "points", "payments", "total", "fu_breakdown",
    }
    assert result["yaku"] == [{"id": "riichi", "han": 1}]
    assert sum(item["fu"] for item in result["fu_breakdown"]) == 32 and result["fu"] == 40


def test_han_includes_dora_aka_and_ura() -> None:
    result = score(
        hand="123m406p789s234p55s", win_tile="5s", riichi=True,
        dora_indicators="4s", ura_indicators="1p", seat_wind="S",
    )
    # riichi 1 + dora 2 (5s 5s) + aka 1 + ura 1 (2p)
    assert result["dora"] == 4 and result["han"] == 5
    assert result["han"] == sum(y["han"] for y in result["yaku"]) + result["dora"]


def test_double_riichi_is_two_han_in_all() -> None:
    result = score(hand="123m456p789s23455s", win_tile="5s", riichi=True, double_riichi=True)
    assert result["yaku"] == [{"id": "double_riichi", "han": 2}]
    assert result["han"] == 2


def test_different_yakuman_stack_under_online() -> None:
    result = score(hand="22m555666777z111p", win_tile="2m", tsumo=True)
    assert result["yakuman"] == 2 and result["han"] == 26
    assert result["points"] == 96000 and result["payments"] == {"all": 32000}


def test_daisangen_and_tsuuiisou_make_two_yakuman_under_online() -> None:
    # The contract's own example; the open pon keeps suuankou out.
    hand = {"hand": "55566677722z", "win_tile": "2z", "seat_wind": "S"}
    result = score(**hand, melds=[{"type": "pon", "tiles": "111z"}])
    assert sorted(y["id"] for y in result["yaku"]) == ["daisangen", "tsuuiisou"]
    assert result["yakuman"] == 2 and result["han"] == 26 and result["points"] == 64000


def test_no_single_yakuman_is_doubled_under_online() -> None:
    result = score(hand="19m19p19s12345677z", win_tile="7z", seat_wind="S")
    assert result["yaku"] == [{"id": "kokushi_13", "han": 13}]
    assert result["yakuman"] == 1 and result["points"] == 32000


def test_yakuman_ignores_dora() -> None:
    result = score(hand="19m19p19s12345677z", win_tile="7z", seat_wind="S", dora_indicators="6z")
    assert result["dora"] == 0 and result["han"] == 13


def test_kazoe_yakuman_keeps_real_han_and_yakuman_zero() -> None:
    result = score(
        hand="22334455667788p", win_tile="8p", riichi=True, tsumo=True, seat_wind="S",
    )
    assert result["yakuman"] == 0 and result["han"] >= 13
    assert result["points"] == 32000


@pytest.mark.parametrize(
    ("fields", "payments", "points"),
    [
        # riichi, tanki on 5s: ron 1 han 32→40 fu; tsumo 2 han 24→30 fu
        pytest.param({"seat_wind": "S"}, {"ron": 1300}, 1300, id="non-dealer-ron"),
        pytest.param({"seat_wind": "E"}, {"ron": 2000}, 2000, id="dealer-ron"),
        pytest.param(
            {"seat_wind": "S", "tsumo": True}, {"dealer": 1000, "non_dealer": 500}, 2000,
            id="non-dealer-tsumo",
        ),
        pytest.param({"seat_wind": "E", "tsumo": True}, {"all": 1000}, 3000, id="dealer-tsumo"),
    ],
)
def test_payment_shapes(fields: dict[str, Any], payments: dict[str, int], points: int) -> None:
    result = score(hand="123m456p789s234p55s", win_tile="5s", riichi=True, **fields)
    assert result["payments"] == payments
    assert result["points"] == points == result["total"]


def test_payments_include_honba_and_total_adds_sticks() -> None:
    result = score(
        hand="123m456p789s234p55s", win_tile="5s", riichi=True, seat_wind="S",
        tsumo=True, honba=2, riichi_sticks=3,
    )
    pay = result["payments"]
    assert pay["dealer"] + 2 * pay["non_dealer"] == result["points"] + 600
    assert result["total"] == result["points"] + 2 * 300 + 3 * 1000


def test_ron_payment_includes_honba() -> None:
    plain = score(hand="123m456p789s234p55s", win_tile="5s", riichi=True, seat_wind="S")
    bump = score(hand="123m456p789s234p55s", win_tile="5s", riichi=True, seat_wind="S", honba=3)
    assert bump["points"] == plain["points"]
    assert bump["payments"]["ron"] == plain["payments"]["ron"] + 900


def test_no_yaku_is_the_no_yaku_error() -> None:
    result = score(hand="123m456p789s234p55s", win_tile="5s")
    assert result["error"] == "no yaku"


def test_not_a_winning_hand_is_an_error() -> None:
    result = score(hand="123m456p789s234p56s", win_tile="5s", riichi=True)
    assert "error" in result and result["error"] != "no yaku"


OPEN_TANYAO = {
    "hand": "234m406p234s88s",
    "win_tile": "8s",
    "melds": [{"type": "pon", "tiles": "666p"}],
    "tsumo": True,
    "seat_wind": "S",
}


def test_default_rules_are_online_with_open_tanyao_and_red_fives() -> None:
    result = score(**OPEN_TANYAO)
    assert {"id": "tanyao", "han": 1} in result["yaku"]
    assert result["dora"] == 1  # the red 5p
    assert score(**OPEN_TANYAO, rules="online") == result


def test_ema_2016_plays_open_tanyao() -> None:
    """EMA 2016, revision notes: tanyao may be open (001-EMA's closed-only rule is older)."""
    assert "tanyao" in {y["id"] for y in score(**OPEN_TANYAO, rules="ema")["yaku"]}


def test_ema_counts_no_red_fives() -> None:
    result = score(hand="123m406p789s234p55s", win_tile="5s", riichi=True, rules="ema")
    assert result["dora"] == 0 and result["han"] == 1


def test_every_answer_is_one_json_line_without_raw_newlines() -> None:
    out = run(b'{"kind": "score", "hand": "123m456p789s234p55s", "win_tile": "5s"}\n').decode()
    assert out.count("\n") == 1 and json.loads(out)["error"] == "no yaku"


# --- properties: nothing a program can send makes the batch crash ------------------

_field_names = st.sampled_from(
    ["kind", "hand", "melds", "win_tile", "discards", "missed", "riichi", "tsumo",
     "seat_wind", "dora_indicators", "honba", "riichi_sticks", "rules", "double_riichi"]
)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200))
def test_any_text_line_gets_one_answer_and_no_internal_error(line: str) -> None:
    data = line.replace("\n", " ") + "\n"
    out = run(data.encode("utf-8", "surrogatepass")).decode()
    rows = out.splitlines()
    assert len(rows) == 1
    assert "Внутренняя ошибка" not in json.loads(rows[0]).get("error", "")


@settings(max_examples=400, deadline=None)
@given(
    st.sampled_from(["waits", "furiten", "score"]),
    st.dictionaries(_field_names, _json_values | _tiles_text, max_size=6),
    _tiles_text,
)
def test_any_request_object_is_answered_or_refused_cleanly(
    kind: str, fields: dict[str, Any], hand: str
) -> None:
    result = answer({"hand": hand, "win_tile": hand[:2], **fields, "kind": kind})
    assert isinstance(result, dict)
    assert "Внутренняя ошибка" not in result.get("error", "")


def test_run_writes_exactly_the_encoded_answer_of_every_line() -> None:
    """run() writes score answers from ScoreResult.to_json_text, not by encoding
    to_json(): on generated score lines (all four rule sets, dora, melds, no-yaku
    and invalid lines among them) the text must be byte for byte what encoding
    the public answer gives."""
    from tests.support import handgen

    lines = [
        *handgen.score_lines(11, 300, "online"),
        *handgen.score_lines(12, 150, "ema"),
        *handgen.score_lines(13, 100, "jpml"),
        *handgen.score_lines(14, 100, "fenix"),
    ]
    texts = [json.dumps(line) for line in lines]
    written = run(("\n".join(texts) + "\n").encode()).decode().splitlines()
    expected = [json.dumps(answer_line(text), ensure_ascii=False) for text in texts]
    assert written == expected
    assert sum('"fu_breakdown"' in row for row in written) > 400  # most lines scored
