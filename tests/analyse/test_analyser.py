"""/analyse: each output section against the engine, URL round trip, drill export, bad input."""

from __future__ import annotations

import gzip
import html as html_lib
import re
from pathlib import Path

import pytest
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from werkzeug.datastructures import MultiDict

from engine.hand import parse_hand
from engine.rules.sets import get_ruleset
from engine.scoring.score import NoYakuError, WinSituation, score_hand
from engine.shape.decompose import arrangements
from engine.shape.furiten import check_furiten
from engine.shape.shanten import improving_tiles, shanten
from engine.shape.waits import find_waits
from engine.text.messages import YAKU_NAMES
from engine.tiles import parse_tile, tile_code
from tests.support.analyse import get, page
from tests.support.client import HTMX
from tests.support.site import make_app
from tutor.accounts.store import User
from tutor.analyse import views as analyser_views
from tutor.analyse.analysis import ATOZUKE, FURITEN, NO_YAKU, analyse
from tutor.analyse.export import drill_blocks
from tutor.analyse.query import Query, codes, join_codes
from tutor.course.content import load_lesson
from tutor.drills.explain import distinct_readings, reading

OPEN_HAND = {"hand": "567m345s88s23s", "melds": "chi 234p"}  # waits 1s (no yaku) and 4s (tanyao)
CHINITSU = "2223334456678p"  # five waits: 2p 3p 4p 5p 7p


def kind(code: str) -> int:
    return parse_tile(code).kinds[0]


# --- the query and the URL ------------------------------------------------------------


def test_query_round_trips_through_its_url_parameters() -> None:
    q = Query(hand="123m456p789s23455s", melds="", win="5s", by="tsumo", riichi=True, seat="S",
              round="S", dora="4p", discards="19m", rules="ema", honba=2, sticks=1, mode="dora",
              export=True)  # fmt: skip
    assert Query.from_args(q.to_args()) == q
    assert Query().to_args() == {}  # defaults stay out of the URL


def test_forged_choices_fall_back_to_defaults_and_text_is_kept() -> None:
    q = Query.from_args({"by": "steal", "seat": "X", "rules": "casino", "honba": "-3",
                         "mode": "<script>", "hand": "12x"})  # fmt: skip
    assert (q.by, q.seat, q.rules, q.honba, q.mode, q.hand) == (
        "ron",
        "E",
        "online",
        0,
        "hand",
        "12x",
    )


def test_page_shows_the_input_from_the_url_in_the_form(client: FlaskClient) -> None:
    html = page(client, hand=CHINITSU, by="tsumo", seat="S", rules="ema", dora="1z", honba="2")
    assert f'name="hand" type="text" value="{CHINITSU}"' in html
    assert '<input type="radio" name="by" value="tsumo" checked>' in html
    assert '<input type="radio" name="seat" value="S" checked> Юг' in html
    assert '<option value="ema" selected>' in html
    assert 'name="dora" type="text" value="1z"' in html
    assert 'name="honba" type="number" min="0" max="20" inputmode="numeric" value="2"' in html


def test_palette_links_are_the_current_url_plus_one_tile(client: FlaskClient) -> None:
    html = page(client, hand="123m", dora="4p")
    link = re.search(r'id="pal-9s" class="builder__tile" href="([^"]+)"', html)
    assert link
    follow = Query.from_args(MultiDict(_query_of(link.group(1))))
    assert (follow.hand, follow.dora) == ("123m9s", "4p")


def test_clicking_a_hand_tile_removes_exactly_that_tile(client: FlaskClient) -> None:
    html = page(client, hand="1m2m3m1m")
    removers = re.findall(r'href="([^"]+)"[^>]*aria-label="Убрать 1 ман"', html)
    assert len(removers) == 2
    assert Query.from_args(MultiDict(_query_of(removers[0]))).hand in {
        "231m",
        "123m",
    }  # one of the two 1m gone, order kept


@pytest.mark.parametrize(
    ("mode", "tile", "field", "value"),
    [
        pytest.param("chi", "3p", "melds", "chi 345p", id="chi-from-lowest"),
        pytest.param("pon", "7z", "melds", "pon 777z", id="pon"),
        pytest.param("minkan", "1m", "melds", "minkan 1111m", id="open-kan"),
        pytest.param("ankan", "9s", "melds", "ankan 9999s", id="closed-kan"),
        pytest.param("win", "5p", "win", "5p", id="winning-tile"),
        pytest.param("dora", "4s", "dora", "4s", id="dora-indicator"),
        pytest.param("discards", "1z", "discards", "1z", id="own-discard"),
    ],
)
def test_palette_mode_decides_what_a_click_adds(
    mode: str, tile: str, field: str, value: str
) -> None:
    q = Query(mode=mode).add_tile(kind(tile))
    assert getattr(q, field) == value
    assert q.hand == ""


def test_red_five_keeps_its_notation_and_order_is_kept() -> None:
    q = Query(hand="13m").add_tile(kind("5p"), red=True).add_tile(kind("2m"))
    assert q.hand == "13m0p2m"
    assert codes(q.hand) == ["1m", "3m", "0p", "2m"]
    assert join_codes(["1m", "2m", "5p", "3m"]) == "12m5p3m"


def test_impossible_clicks_are_not_links(client: FlaskClient) -> None:
    html = page(client, hand="1111m", mode="chi")
    assert 'id="pal-8m"' not in html and "Объявить чи с 8 ман — нельзя" in html
    assert 'id="pal-1m"' not in html  # chi 123m needs a fifth 1m
    assert 'id="pal-2m"' in html


# --- 13 tiles -------------------------------------------------------------------------


def test_every_wait_with_its_shapes_as_the_engine_finds_them() -> None:
    analysis = analyse(Query(hand=CHINITSU))
    engine_waits = find_waits(parse_hand(CHINITSU, size=13))
    assert analysis.waiting is not None
    assert tuple(row.tile for row in analysis.waiting.waits) == engine_waits.waits
    for row, option in zip(analysis.waiting.waits, engine_waits.options, strict=True):
        assert row.readings == distinct_readings(option.arrangements)
        assert len(row.shapes) == len(option.shapes)


def test_each_wait_has_the_engines_ron_and_tsumo_value() -> None:
    analysis = analyse(Query(hand=CHINITSU, seat="S", dora="1p"))
    hand = parse_hand(CHINITSU, size=13)
    assert analysis.waiting is not None
    for row in analysis.waiting.waits:
        for tsumo, shown in ((False, row.ron), (True, row.tsumo)):
            sit = WinSituation(tsumo=tsumo, seat_wind=kind("2z"), dora_indicators=(kind("1p"),))
            expected = score_hand(hand.with_tile(row.tile), row.tile, sit, get_ruleset("online"))
            assert shown.result is not None
            assert (shown.result.han, shown.result.fu, shown.result.points) == (
                expected.han, expected.fu, expected.points)  # fmt: skip


def test_wait_values_are_drawn_with_yaku_and_payments(client: FlaskClient) -> None:
    html = page(client, hand=CHINITSU, seat="S")
    hand = parse_hand(CHINITSU, size=13)
    best = score_hand(hand.with_tile(kind("5p")), kind("5p"), WinSituation(seat_wind=kind("2z")),
                      get_ruleset("online"))  # fmt: skip
    card = _between(html, 'data-wait="5p"', 'data-wait="7p"')
    assert "чиницу" in card
    assert f"платит сбросивший: {best.payments.ron}" in card
    assert "Темпай: 5 ожиданий" in html


def test_open_hand_without_yaku_says_no_yaku_on_that_tile_only(client: FlaskClient) -> None:
    analysis = analyse(Query(**OPEN_HAND))
    assert analysis.waiting is not None
    rows = {tile_code(r.tile): r for r in analysis.waiting.waits}
    assert (rows["1s"].ron.reason, rows["1s"].tsumo.reason) == (NO_YAKU, NO_YAKU)
    assert rows["4s"].ron.result is not None
    assert [y.id for y in rows["4s"].ron.result.yaku] == ["tanyao"]
    with pytest.raises(NoYakuError):
        hand = parse_hand("567m345s88s123s", ["chi 234p"], size=14)
        score_hand(hand, kind("1s"), WinSituation(), get_ruleset("online"))
    html = page(client, **OPEN_HAND)
    assert 'data-outcome="нет яку"' in _between(html, 'data-wait="1s"', "</li>")
    assert "Рука открыта" in html


def test_own_discard_makes_ron_furiten_and_names_the_tile(client: FlaskClient) -> None:
    hand_text = "123m456p789s2345s"  # nobetan: waits 2s and 5s
    analysis = analyse(Query(hand=hand_text, discards="1s5s"))
    engine = check_furiten(parse_hand(hand_text, size=13), discards=(kind("1s"), kind("5s")))
    assert analysis.waiting is not None and engine.furiten
    for row in analysis.waiting.waits:
        assert row.ron.reason == FURITEN
        assert row.tsumo.result is not None  # furiten never forbids tsumo
        assert row.ron.detail == f"{engine.reasons[0].name.capitalize()}: 5 соу."
    html = page(client, hand=hand_text, discards="1s5s")
    assert 'data-furiten="yes"' in html
    assert engine.reasons[0].explanation in html_lib.unescape(
        _between(html, 'data-furiten="yes"', "</p>")
    )


def test_not_tenpai_shows_shanten_and_improving_tiles_with_copies(client: FlaskClient) -> None:
    text = "159m159p159s1234z"
    hand = parse_hand(text, size=13)
    analysis = analyse(Query(hand=text))
    assert analysis.waiting is not None
    assert analysis.waiting.shanten == shanten(hand)
    assert analysis.waiting.improving == improving_tiles(hand)
    html = page(client, hand=text)
    total = sum(i.remaining for i in improving_tiles(hand))
    assert f"всего {total} " in html
    assert "кокушимусо" in html


def test_a_hand_still_being_built_is_not_an_error(client: FlaskClient) -> None:
    html = page(client, hand="123m4p")
    assert "До 13 тайлов не хватает 9 тайлов" in html
    assert 'class="analyse-error"' not in html
    assert "не хватает 1 тайла" in page(client, hand="123m456p789s112z")


# --- 14 tiles -------------------------------------------------------------------------


def test_winning_hand_best_reading_is_marked_and_matches_score_hand(client: FlaskClient) -> None:
    text = "111222333m456p99s"  # three sequences or three triplets
    q = Query(hand=text, win="3m", by="tsumo", riichi=True)
    analysis = analyse(q)
    assert analysis.complete is not None
    hand = parse_hand(text, size=14)
    best = score_hand(
        hand, kind("3m"), WinSituation(tsumo=True, riichi=True), get_ruleset("online")
    )
    assert analysis.complete.outcome.result is not None
    assert analysis.complete.outcome.result.points == best.points
    marked = [r for r in analysis.complete.readings if r.best]
    assert [r.view for r in marked] == [reading(best.arrangement)]
    assert len(analysis.complete.readings) == len(distinct_readings(arrangements(hand, kind("3m"))))
    assert all(
        r.result is None or r.result.points <= best.points for r in analysis.complete.readings
    )
    html = page(client, hand=text, win="3m", by="tsumo", riichi="1")
    assert html.count('data-best="true"') == 1
    assert "лучший разбор" in html


def test_winning_hand_shows_yaku_fu_table_rounding_and_payments(client: FlaskClient) -> None:
    text, win = "234m456p678s23455s", "5s"
    result = score_hand(parse_hand(text, size=14), kind(win),
                        WinSituation(riichi=True, seat_wind=kind("3z"), honba=2, riichi_sticks=1),
                        get_ruleset("online"))  # fmt: skip
    html = page(client, hand=text, win=win, riichi="1", seat="W", honba="2", sticks="1")
    assert f'Сумма до округления</th><td class="num">{result.fu_raw}</td>' in html
    assert "Округляем вверх до десятков" in html and f"<strong>{result.fu}</strong>" in html
    for item in result.yaku:
        assert f"<li>{YAKU_NAMES[item.id]} — {item.han} хан</li>" in html
    assert f"Платит сбросивший</th><td>{result.payments.ron} (с хонбой" in html
    assert "(с хонбой: +300 × 2)" in html and "Палочки риичи</th><td>+1000" in html
    assert f"<strong>{result.total} очков</strong>" in html


def test_last_typed_tile_is_the_winning_tile_when_none_is_given() -> None:
    analysis = analyse(Query(hand="23455s234m456p678s"))
    assert analysis.complete is not None and analysis.complete.win == kind("8s")


def test_complete_hand_without_yaku_says_so(client: FlaskClient) -> None:
    html = page(client, hand="567m345s88s123s", melds="chi 234p", win="1s")
    assert "Выиграть нельзя: нет яку" in html


def test_fourteen_tiles_that_do_not_win_are_explained(client: FlaskClient) -> None:
    html = page(client, hand="13579m13579p1234s")
    assert "Рука не собрана" in html and 'class="analyse-error"' not in html


def test_ron_on_a_complete_hand_with_a_wait_in_the_own_discards_is_furiten(tmp_path: Path) -> None:
    q = Query(hand="123m456p789s2345s5s", discards="2s", export=True)
    analysis = analyse(q)
    assert analysis.complete is not None
    assert analysis.complete.outcome.reason == FURITEN
    assert "2 соу" in analysis.complete.outcome.detail
    tsumo = analyse(Query(hand="123m456p789s2345s5s", discards="2s", by="tsumo"))
    assert tsumo.complete is not None and tsumo.complete.outcome.result is not None
    blocks = drill_blocks(analysis)
    assert [b.kind for b in blocks] == ["furiten"]
    lesson = _lesson_with(tmp_path, [blocks[0].text])
    assert lesson.problems == []
    drill = next(iter(lesson.drills.values()))
    assert drill.kind.grade(drill, MultiDict([("ron", "no"), ("kinds", "discard")])).correct


# --- rule sets ------------------------------------------------------------------------


def test_compare_shows_red_fives_differ_under_ema(client: FlaskClient) -> None:
    """EMA 2016 (1.3) plays without red fives; online (Tenhou) and rules-ru (3.6) with them."""
    analysis = analyse(Query(hand="067m345s88s23s", melds="chi 234p"))
    rows = {(tile_code(r.tile or 0), r.how): r for r in analysis.compare}
    assert ("4s", "рон") in rows
    outcomes = rows[("4s", "рон")].outcomes
    assert outcomes["ema"].result is not None and outcomes["online"].result is not None
    assert outcomes["online"].result.han == outcomes["rrc"].result.han == 2  # type: ignore[union-attr]
    assert outcomes["ema"].result.han == 1
    html = page(client, hand="067m345s88s23s", melds="chi 234p")
    assert "Сравнить правила" in html


def test_ema_2016_open_tanyao_the_issue_example(client: FlaskClient) -> None:
    """EMA 2016, revision notes: open tanyao. The page a new user tried answered «нет яку»."""
    html = page(client, hand="234m567p45s33s6s", melds="chi 234p", win="6s", rules="ema")
    assert "таняо" in html.lower() and "нет яку" not in html


def test_compare_says_when_all_rule_sets_agree(client: FlaskClient) -> None:
    html = page(client, hand="123m456p789s1122z")
    assert 'data-compare="same"' in html


def test_selected_rule_set_drives_the_main_result() -> None:
    """A red five counts under rrc (rules-ru 3.6), not under EMA 2016 (1.3)."""
    hand = {"hand": "067m345s88s23s", "melds": "chi 234p"}
    for rules, han in (("rrc", 2), ("ema", 1)):
        analysis = analyse(Query(**hand, rules=rules))
        assert analysis.waiting is not None
        rows = {tile_code(r.tile): r for r in analysis.waiting.waits}
        assert rows["1s"].ron.reason == NO_YAKU
        assert rows["4s"].ron.result is not None and rows["4s"].ron.result.han == han


def test_without_atozuke_a_yaku_that_only_some_waits_bring_does_not_count(
    client: FlaskClient,
) -> None:
    analysis = analyse(Query(**OPEN_HAND, no_atozuke=True))
    assert analysis.waiting is not None
    rows = {tile_code(r.tile): r for r in analysis.waiting.waits}
    assert rows["4s"].ron.reason == ATOZUKE and "1 соу" in rows["4s"].ron.detail
    assert rows["1s"].ron.reason == NO_YAKU
    assert analyse(Query(**OPEN_HAND)).waiting.waits[1].ron.result is not None  # type: ignore[union-attr]
    html = page(client, hand="567m345s88s234s", melds="chi 234p", win="4s", no_atozuke="1")
    assert "Выиграть нельзя: атодзуке" in html


def test_a_settled_yaku_wins_even_without_atozuke() -> None:
    analysis = analyse(Query(hand=CHINITSU, no_atozuke=True))
    assert analysis.waiting is not None
    assert all(row.ron.result is not None for row in analysis.waiting.waits)


# --- drill export ---------------------------------------------------------------------


def _lesson_with(tmp_path: Path, blocks: list[str]):  # noqa: ANN202
    text = (
        "---\ntitle: Экспорт\nslug: export\norder: 1\nsummary: Проверка.\n---\n\n"
        + "\n\n".join(blocks)
        + "\n"
    )
    path = tmp_path / "01-export.md"
    path.write_text(text, encoding="utf-8")
    return load_lesson(path)


def test_exported_waits_and_furiten_blocks_load_and_grade_the_analysers_answer(
    tmp_path: Path,
) -> None:
    q = Query(hand="123m456p789s2345s", discards="5s", export=True)
    analysis = analyse(q)
    blocks = drill_blocks(analysis)
    assert [b.kind for b in blocks] == ["waits", "furiten"]
    lesson = _lesson_with(tmp_path, [b.text for b in blocks])
    assert lesson.problems == []
    waits = next(d for d in lesson.drills.values() if d.kind.name == "waits")
    assert analysis.waiting is not None
    shown = [tile_code(row.tile) for row in analysis.waiting.waits]
    assert waits.kind.grade(waits, MultiDict([("tiles", t) for t in shown])).correct
    furiten = next(d for d in lesson.drills.values() if d.kind.name == "furiten")
    answer = MultiDict(
        [("ron", "no"), ("kinds", "discard")]
    )  # the analyser says: furiten by own discard
    assert furiten.kind.grade(furiten, answer).correct


def test_exported_scoring_blocks_load_and_grade_the_analysers_numbers(tmp_path: Path) -> None:
    q = Query(
        hand="234m456p678s23455s",
        win="5s",
        riichi=True,
        dora="4s",
        seat="S",
        honba="1",
        sticks="2",
        rules="ema",
        export=True,
    )  # type: ignore[arg-type]
    q = Query.from_args(q.to_args())
    analysis = analyse(q)
    assert analysis.complete is not None and analysis.complete.outcome.result is not None
    result = analysis.complete.outcome.result
    blocks = drill_blocks(analysis)
    assert [b.kind for b in blocks] == ["fu", "han", "payment"]
    assert "rules: ema" in blocks[0].text and "honba: 1" in blocks[2].text
    lesson = _lesson_with(tmp_path, [b.text for b in blocks])
    assert lesson.problems == []
    drills = {d.kind.name: d for d in lesson.drills.values()}
    assert drills["fu"].kind.grade(drills["fu"], MultiDict({"fu": str(result.fu)})).correct
    han_answer = MultiDict([("han", str(result.han)), *(("yaku", y.id) for y in result.yaku)])
    assert drills["han"].kind.grade(drills["han"], han_answer).correct
    pay = MultiDict(
        {**{k: str(v) for k, v in result.payments.as_dict().items()}, "total": str(result.total)}
    )
    assert drills["payment"].kind.grade(drills["payment"], pay).correct


def test_exported_blocks_pass_content_check(tmp_path: Path) -> None:
    from tests.support.site import FIXTURE_CONTENT
    from tutor.course.content import store

    content = tmp_path / "content"
    content.mkdir()
    (content / "glossary.yaml").write_text(
        (FIXTURE_CONTENT / "glossary.yaml").read_text("utf-8"), "utf-8"
    )
    blocks = [
        *drill_blocks(analyse(Query(**OPEN_HAND, discards="9m", export=True))),
        *drill_blocks(analyse(Query(hand="234m456p678s23455s", win="5s", honba=1, export=True))),
    ]
    assert [b.kind for b in blocks] == ["waits", "furiten", "fu", "han", "payment"]
    lesson = _lesson_with(content, [b.text for b in blocks])
    assert lesson.problems == []
    app = make_app(content, SECRET_KEY="t")
    with app.app_context():  # the lesson and glossary problems `flask content check` reports
        problems = store().problems()
        drills = [d.kind.name for lesson in store().lessons() for d in lesson.drills.values()]
    assert problems == []
    assert drills == ["waits", "furiten", "fu", "han", "payment"]


def test_not_tenpai_exports_a_shanten_drill(tmp_path: Path) -> None:
    blocks = drill_blocks(analyse(Query(hand="159m159p159s1234z", export=True)))
    assert [b.kind for b in blocks] == ["shanten"]
    assert _lesson_with(tmp_path, [blocks[0].text]).problems == []


def test_export_is_a_readonly_textarea_on_the_page(client: FlaskClient,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    teacher = User(1, "coach", "Coach", "instructor", "l-1", False)
    monkeypatch.setattr(analyser_views, "current_user", lambda: teacher)
    html = page(client, **OPEN_HAND, export="1")
    block = _between(html, 'data-drill-kind="waits"', "</div>")
    assert "readonly" in block and "/// waits" in html_lib.unescape(block)
    assert "melds: [chi 234p]" in block
    assert "Сделать упражнение" in page(client, **OPEN_HAND)


def test_a_learner_sees_no_author_tool(client: FlaskClient) -> None:
    """«Сделать упражнение» is for instructors and admins (learner-and-instructor review)."""
    assert "Сделать упражнение" not in page(client, **OPEN_HAND)
    assert 'data-drill-kind="waits"' not in page(client, **OPEN_HAND, export="1")


def test_the_seat_is_said_and_a_yakuman_has_no_fu_table(client: FlaskClient) -> None:
    html = page(client, hand="19m19p19s1234567z1m")
    assert "Считаем за Восток: вы дилер." in html and "якуман" in html
    assert 'id="fu-head"' not in html and "Сумма до округления" not in html
    assert "Считаем за Юг: вы не дилер." in page(client, hand=CHINITSU, seat="S")


def test_the_palette_comes_before_the_form_and_the_placed_tiles(client: FlaskClient) -> None:
    html = page(client, hand="123m")
    assert html.index('class="builder__palette"') < html.index('class="builder__placed"')
    assert html.index('class="builder__palette"') < html.index('class="analyse-form"')


# --- bad input ------------------------------------------------------------------------


BAD_INPUT = {
    "five-copies": ({"hand": "22222m456p789s123z"}, "hand", "только четыре"),
    "twenty-tiles": ({"hand": "123456789m123456789p12s"}, "hand", "указано 20"),
    "unknown-letter": ({"hand": "123x456p"}, "hand", "Неизвестный символ «x»"),
    "bad-meld": ({"hand": "123m456p", "melds": "pon 123m"}, "melds", "не пон"),
    "meld-kind": ({"hand": "123m456p", "melds": "steal 123m"}, "melds", "Неизвестный тип сета"),
    "bad-win": ({"hand": "123m456p789s1122z", "win": "9z"}, "win", "нет такого тайла"),
    "win-not-in-hand": ({"hand": "123m456p789s11223z", "win": "5m"}, "win", "нет среди закрытых"),
    "open-riichi": ({**OPEN_HAND, "riichi": "1"}, "riichi", "закрытой рукой"),
    "fifth-copy-as-indicator": ({"hand": "123m456p789s1122z", "dora": "1z1z1z"}, "dora", "1z"),
}


@pytest.mark.parametrize(
    ("args", "field", "words"),
    [pytest.param(*case, id=name) for name, case in BAD_INPUT.items()],
)
def test_bad_input_is_a_russian_message_next_to_its_field(
    client: FlaskClient, args: dict[str, str], field: str, words: str
) -> None:
    response = get(client, **args)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    slot = _between(html, f'id="err-{field}"', "</span>")
    assert words.lower() in html_lib.unescape(slot).lower()
    fragment = client.get("/analyse", query_string=args, headers={**HTMX, "HX-Target": "analysis"})
    assert fragment.status_code == 400
    assert words.lower() in html_lib.unescape(fragment.get_data(as_text=True)).lower()


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    hand=st.text(alphabet="0123456789mpsz ,x", max_size=40),
    melds=st.text(alphabet="ponchimkau 0123456789mpsz,:", max_size=30),
    win=st.text(alphabet="0123456789mpsz", max_size=3),
    dora=st.text(alphabet="0123456789mpsz", max_size=6),
)
def test_no_query_ever_causes_a_server_error(
    client: FlaskClient, hand: str, melds: str, win: str, dora: str
) -> None:
    response = get(client, hand=hand, melds=melds, win=win, dora=dora, discards=dora, riichi="1")
    assert response.status_code == 200


# --- htmx and the page ----------------------------------------------------------------


def test_typing_fragment_is_the_analysis_with_builder_and_errors_out_of_band(
    client: FlaskClient,
) -> None:
    response = client.get(
        "/analyse", query_string={"hand": CHINITSU}, headers={**HTMX, "HX-Target": "analysis"}
    )
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and "<form" not in html and "<html" not in html
    assert (
        '<section id="builder" class="builder" aria-labelledby="builder-head" hx-swap-oob="true">'
        in html
    )
    assert 'id="err-hand" role="status" hx-swap-oob="true"' in html
    assert "HX-Request" in response.headers["Vary"]


def test_palette_fragment_carries_the_form_so_the_text_stays_in_sync(client: FlaskClient) -> None:
    response = client.get(
        "/analyse", query_string={"hand": "12m"}, headers={**HTMX, "HX-Target": "analyse-app"}
    )
    html = response.get_data(as_text=True)
    assert '<form class="analyse-form"' in html and 'value="12m"' in html and "<html" not in html


def test_page_is_accessible_and_works_without_javascript(client: FlaskClient) -> None:
    html = page(client, hand=CHINITSU)
    assert '<section id="analysis" class="analysis" aria-live="polite"' in html
    assert (
        'method="get"' in html and '<button class="button button--primary" type="submit">' in html
    )
    for name in ("hand", "melds", "win", "dora", "discards", "round", "rules"):
        assert f'<label for="a-{name}">' in html and f'id="a-{name}"' in html
    assert "style=" not in html and "<script>" not in html  # CSP: no inline styles or scripts


def test_page_with_its_assets_stays_under_150_kb(client: FlaskClient) -> None:
    def transfer(path: str) -> tuple[int, str]:
        response = client.get(path, headers={"Accept-Encoding": "gzip"})
        body = response.get_data()
        gzipped = response.headers.get("Content-Encoding") == "gzip"
        return len(body), (gzip.decompress(body) if gzipped else body).decode("utf-8")

    size, html = transfer(f"/analyse?hand={CHINITSU}&export=1")
    assets = sorted(set(re.findall(r'(?:src|href)="(/static/[^"#]+)', html)))
    paths = {a.split("?")[0] for a in assets}
    assert {"/static/css/analyse.css", "/static/js/analyse.js"} <= paths
    assert size + sum(transfer(html_lib.unescape(a))[0] for a in assets) < 150 * 1024


def test_nav_links_to_the_analyser(client: FlaskClient) -> None:
    assert 'href="/analyse">Анализ руки</a>' in page(client)


# --- helpers --------------------------------------------------------------------------


def _between(text: str, start: str, end: str) -> str:
    i = text.index(start)
    return text[i : text.index(end, i)]


def _query_of(href: str) -> list[tuple[str, str]]:
    from urllib.parse import parse_qsl, urlsplit

    return parse_qsl(urlsplit(html_lib.unescape(href)).query)
