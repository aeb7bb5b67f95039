"""Reading game logs: tenhou.net/6 JSON and mjai JSON Lines into one GameLog, and each error.

The formats as documented publicly (the tenhou.net/6 log editor's JSON, the
mjai protocol's events); every log here is written for these tests.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.batch import answer
from engine.table.events import Call, Discard, Draw, Kan, LogError, Ron, Tsumo
from engine.table.log_mjlog import decode_meld
from engine.table.log_tenhou import decode_tile, encode_tile
from engine.table.logs import read_log
from engine.table.replay import replay
from engine.tiles import parse_tiles

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "table"


def raw(name: str) -> dict[str, object]:
    return json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))


def test_tenhou_tiles_round_trip() -> None:
    """11–19 man, 21–29 pin, 31–39 sou, 41–47 honours, 51–53 the red fives."""
    for code in [*range(11, 20), *range(21, 30), *range(31, 40), *range(41, 48), 51, 52, 53]:
        assert encode_tile(*decode_tile(code)) == code
    assert decode_tile(52) == (13, True)


def test_the_columns_are_merged_in_table_order() -> None:
    game = read_log(raw("chankan"))
    hand = game.hands[0]
    assert (game.players[1], hand.round, hand.dealer, game.source_format) == (
        "Борис", "E1", 0, "tenhou6")
    kinds = [type(e).__name__ for e in hand.events]
    assert kinds[:4] == ["Draw", "Discard", "Call", "Discard"]
    call = hand.events[2]
    assert isinstance(call, Call) and (call.seat, call.kind, call.from_seat) == (1, "pon", 0)
    assert isinstance(hand.events[-2], Kan) and isinstance(hand.events[-1], Ron)


def test_calls_from_across_and_the_right_and_closed_kans_are_read() -> None:
    pao = read_log(raw("pao")).hands[0].events
    pons = [e for e in pao if isinstance(e, Call)]
    assert [(p.from_seat, p.kind) for p in pons] == [(0, "pon"), (2, "pon"), (2, "pon")]
    assert isinstance(pao[-1], Tsumo)
    kans = [e for e in read_log(raw("four_kans")).hands[0].events if isinstance(e, Kan)]
    assert [k.kind for k in kans] == ["ankan"] * 4


def test_the_json_text_and_bytes_are_read_like_the_object() -> None:
    obj = raw("double_ron")
    text = json.dumps(obj, ensure_ascii=False)
    assert read_log(text) == read_log(obj) == read_log(text.encode("utf-8"))


def test_three_player_logs_are_refused() -> None:
    obj = raw("double_ron")
    obj["name"] = ["A", "B", "C"]
    with pytest.raises(LogError) as err:
        read_log(obj)
    assert "на троих" in err.value.message
    mjai = '{"type":"start_game","names":["a","b","c"]}'
    with pytest.raises(LogError, match="на троих"):
        read_log(mjai)


@pytest.mark.parametrize(("data", "words"), [
    ("не лог", "формат"),
    ("<mjloggm ver='2.3'></mjloggm>", "нет ни одной"),
    ('{"log": []}', "нет ни одной"),
    ('{"name": ["a","b","c","d"], "log": [[[0,0,0]]]}', "17 элементов"),
    (b"\xff\xfe", "текстом"),
])
def test_unreadable_logs_say_what_is_wrong(data: str | bytes, words: str) -> None:
    with pytest.raises(LogError) as err:
        read_log(data)
    assert words in err.value.message


def test_a_bad_tile_code_and_a_bad_call_name_the_hand() -> None:
    obj = raw("chankan")
    obj["log"][0][5][0] = 99  # type: ignore[index]
    with pytest.raises(LogError) as err:
        read_log(obj)
    assert (err.value.hand, "99" in err.value.message) == (0, True)
    obj = raw("chankan")
    obj["log"][0][8][0] = "x353535"  # type: ignore[index]
    with pytest.raises(LogError, match="вызова"):
        read_log(obj)
    obj = raw("chankan")
    obj["log"][0][16] = ["謎"]  # type: ignore[index]
    with pytest.raises(LogError, match="Неизвестный итог"):
        read_log(obj)


MJAI = "\n".join(json.dumps(e, ensure_ascii=False) for e in [
    {"type": "start_game", "names": ["Аня", "Борис", "Вера", "Гриша"]},
    {"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0, "oya": 0,
     "dora_marker": "9s", "scores": [25000] * 4,
     "tehais": [
         ["1m", "2m", "3m", "4m", "5mr", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p"],
         ["2m", "3m", "4m", "5m", "6m", "7m", "2s", "3s", "4s", "6s", "7s", "8s", "5p"],
         ["2p", "3p", "4p", "6p", "7p", "8p", "3s", "4s", "5s", "5m", "6m", "7m", "5p"],
         ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "1p", "2p", "3p", "5p", "5p"]]},
    {"type": "tsumo", "actor": 0, "pai": "9s"},
    {"type": "dahai", "actor": 0, "pai": "9s", "tsumogiri": True},
    {"type": "tsumo", "actor": 1, "pai": "C"},
    {"type": "dahai", "actor": 1, "pai": "C", "tsumogiri": True},
    {"type": "tsumo", "actor": 2, "pai": "C"},
    {"type": "dahai", "actor": 2, "pai": "C", "tsumogiri": True},
    {"type": "tsumo", "actor": 3, "pai": "C"},
    {"type": "dahai", "actor": 3, "pai": "C", "tsumogiri": True},
    {"type": "tsumo", "actor": 0, "pai": "4p"},
    {"type": "hora", "actor": 0, "target": 0, "deltas": [7500, -2500, -2500, -2500]},
    {"type": "end_kyoku"},
    {"type": "end_game"},
])


def test_mjai_lines_are_read_into_the_same_events() -> None:
    """Menzen tsumo, ittsu and a red five: 4 han 30 fu for the dealer, 3900 all (Tenhou)."""
    game = read_log(MJAI)
    hand = game.hands[0]
    assert game.source_format == "mjai" and game.players[0] == "Аня"
    assert hand.haipai_red[0][4] and isinstance(hand.events[0], Draw)
    assert isinstance(hand.events[1], Discard) and hand.events[1].tsumogiri
    result = replay(game).hands[0]
    assert result.deltas == (11700, -3900, -3900, -3900)
    assert result.differs  # the log's own deltas are not the engine's: shown, never used


def test_mjai_errors_name_the_line() -> None:
    with pytest.raises(LogError, match="Строка 2"):
        read_log('{"type":"start_game"}\n{"type":"start_kyoku"}')
    with pytest.raises(LogError, match="Строка 2"):
        read_log('{"type":"tsumo","actor":0,"pai":"1m"}\n{"x": 1}')
    with pytest.raises(LogError, match="Строка 1: .*tsumo"):  # a draw before any hand
        read_log('{"type":"tsumo","actor":0,"pai":"1m"}')


# --- the batch kind ------------------------------------------------------------------------------


def test_batch_replay_answers_the_contract() -> None:
    out = answer({"kind": "replay", "log": raw("double_ron")})
    assert out == {"hands": [{"round": "E1", "honba": 0, "result": "win",
                              "deltas": [-2600, 1300, 1300, 0]}],
                   "final": [22400, 26300, 26300, 25000]}
    out = answer({"kind": "replay", "log": raw("kyuushu"), "rules": "jpml"})
    assert out["hands"][0]["result"] == "abortive"


def test_batch_replay_errors_carry_hand_and_event() -> None:
    assert answer({"kind": "replay", "log": raw("double_ron"), "rules": "jpml"})["event"] == 3
    bad = answer({"kind": "replay", "log": raw("kyuushu"), "rules": "ema"})
    assert (bad["hand"], bad["event"]) == (0, 1) and "не играется" in bad["error"]
    three = raw("kyuushu")
    three["name"] = ["a", "b", "c"]
    assert set(answer({"kind": "replay", "log": three})) == {"error"}
    assert "error" in answer({"kind": "replay", "log": "text"})
    assert "error" in answer({"kind": "replay", "log": raw("kyuushu"), "rules": "nope"})


# --- Tenhou's mjlog XML ------------------------------------------------------------------------


class Ids:
    """Tile ids 0–135 for mpsz tiles: the next free copy of each kind (copy 0 of a five is red)."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def of(self, text: str, red_ok: bool = False) -> list[int]:
        out = []
        parsed = parse_tiles(text)
        for kind, red in zip(parsed.kinds, parsed.red, strict=True):
            copies = [0] if red else ([1, 2, 3, 0] if kind in (4, 13, 22) else [0, 1, 2, 3])
            tile = next(kind * 4 + c for c in copies if kind * 4 + c not in self.used)
            self.used.add(tile)
            out.append(tile)
        return out


def mjlog_chankan() -> str:
    """The chankan fixture as mjlog, the red 5s drawn and added to South's pon."""
    ids = Ids()
    hai = [ids.of(h) for h in ("5s1199m1199p1166z", "55s2468m246p1357z",
                               "333m678p77s22255z", "123m456m678s46s99p")]
    dora = ids.of("1z")[0]
    seed = f"0,0,0,1,2,{dora}"

    def turn(seat: int, text: str) -> str:
        """Draw a tile and discard it (tsumogiri)."""
        tile = ids.of(text)[0]
        return f"<{'TUVW'[seat]}{tile}/><{'DEFG'[seat]}{tile}/>"

    def cut(seat: int, tile: int) -> str:
        return f"<{'DEFG'[seat]}{tile}/>"

    d0 = ids.of("7z")[0]
    tags = [
        '<mjloggm ver="2.3"><GO type="169" lobby="0"/>',
        '<UN n0="%D0%90%D0%BD%D1%8F" n1="B" n2="C" n3="D"/>',
        f'<INIT seed="{seed}" ten="250,250,250,250" oya="0" '
        + " ".join(f'hai{s}="{",".join(map(str, hai[s]))}"' for s in range(4)) + "/>",
        f"<T{d0}/>", cut(0, hai[0][0]),
        # South pons the 5s from the left: kind 22, called index 0, copy 0 left out.
        '<N who="1" m="33803"/>', cut(1, hai[1][-4]),
        turn(2, "3z"), turn(3, "3z"), turn(0, "4z"),
        f"<U{88}/>",  # the red 5s
        '<N who="1" m="33811"/>',
        '<AGARI ba="0,0" hai="" machi="88" ten="40,2600,0" yaku="" doraHai="" who="3" '
        'fromWho="1" sc="250,0,250,-26,250,0,250,26" owari="250,0,224,0,250,0,276,0"/>',
        "</mjloggm>",
    ]
    return "".join(tags)


def test_decode_meld_reads_pon_chi_and_kans() -> None:
    """The N tag's m: bit 2 chi, bit 3 pon, bit 4 added kan, else a kan; low bits the source."""
    pon = decode_meld(1, 47723)  # pon of 5z (kind 31, called first), from the left
    assert isinstance(pon, Call) and (pon.kind, pon.tiles, pon.from_seat) == ("pon", (31,) * 3, 0)
    # chi 234m from the left, the 3m called: run index 1, called 1 → t = 4
    chi = decode_meld(2, (4 << 10) | 0x4 | 3)
    assert isinstance(chi, Call) and (chi.tiles, chi.called_tile, chi.from_seat) == (
        (1, 2, 3), 2, 1)
    ankan = decode_meld(0, (4 * 4) << 8)  # four 5m, closed: the red one among them
    assert isinstance(ankan, Kan) and (ankan.kind, ankan.red) == ("ankan", 1)


def test_an_mjlog_game_is_read_and_replayed() -> None:
    """A red 5s added to a pon and robbed: chankan and the aka dora, 2 han 40 fu (2600)."""
    game = read_log(mjlog_chankan())
    assert game.source_format == "mjlog" and game.players[0] == "Аня"
    hand = replay(game).hands[0]
    assert hand.deltas == (0, -2600, 0, 2600) and not hand.differs


def test_a_three_player_mjlog_is_refused() -> None:
    with pytest.raises(LogError, match="на троих"):
        read_log('<mjloggm ver="2.3"><GO type="185" lobby="0"/></mjloggm>')
