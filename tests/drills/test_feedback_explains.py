"""Feedback that explains rather than only marks, through the lesson answer route.

A yaku the learner ticked that the hand has but a stronger one hides (chanta
under junchan, iipeikou under ryanpeikou) or that only a cheaper reading has
(chiitoitsu of a ryanpeikou hand) is explained as such, not as «not in the
hand»; a fu drill whose hand reads two ways shows both values and which counts;
the han table itemises dora by indicator (dora, kandora, ura dora, red fives);
the han drill offers renhou only as its rule set plays it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from tests.support.client import Answering

LESSON = """---
title: Разборы
slug: explains
order: 51
summary: Поглощённые яку, два разбора, доры по индикаторам.
---

/// han
id: junchan
hand: 123m789m123p789p99s
win: 3m
by: ron
riichi: true
seat: S
///

/// han
id: ryanpeikou
hand: 223344m556677p55s
win: 4m
by: ron
seat: S
///

/// fu
id: two-readings
hand: 222333444m678p55s
win: 4m
by: tsumo
seat: S
///

/// han
id: every-dora
hand: 234m067p22s345s
win: 5s
by: ron
riichi: true
seat: S
melds: [ankan 1111z]
dora: 3s1m
ura: 4p
///

/// dora
id: dora-and-kan
indicators: 3s1m
///
"""

RULES_LESSON = """---
title: Своды
slug: renhou-sets
order: 52
summary: Ренхо в своде правил.
---
""" + "".join(
    f"\n/// han\nid: pinfu-{name}\nhand: 123m567p22s345678s\nwin: 3s\nby: ron\nseat: S\n"
    f"rules: {name}\n///\n"
    for name in ("online", "ema", "jpml", "fenix", "rrc")
)


@pytest.fixture
def answer(client: FlaskClient, content_dir: Path) -> Answering:
    (content_dir / "51-explains.md").write_text(LESSON, encoding="utf-8")
    (content_dir / "52-renhou-sets.md").write_text(RULES_LESSON, encoding="utf-8")
    return Answering(client)


def _lines(html: str) -> list[str]:
    return re.findall(r'<p class="feedback__line"[^>]*>(.*?)</p>', html)


def test_chanta_ticked_under_junchan_is_absorbed_not_missing(answer: Answering) -> None:
    _, html = answer.words("explains", "junchan",
                           {"han": "4", "yaku": ["riichi", "junchan", "chanta"]})
    assert 'data-verdict="incorrect"' in html
    assert ("Яку «чанта» поглощено более сильным «джунчан»: рука выполняет условия обоих, "
            "но засчитывается только «джунчан».") in _lines(html)
    assert "Этих яку в руке нет" not in html and "в этой руке нет" not in html
    assert "Яку «чанта» здесь поглощено более сильным «джунчан»" in html  # the diagnosis


def test_iipeikou_under_ryanpeikou_is_absorbed(answer: Answering) -> None:
    _, html = answer.words("explains", "ryanpeikou",
                           {"han": "5", "yaku": ["tanyao", "pinfu", "ryanpeikou", "iipeikou"]})
    assert 'data-absorbed="iipeikou"' in html and "«рянпейко»" in html
    assert "в руке нет" not in html


def test_chiitoitsu_of_a_ryanpeikou_hand_is_the_cheaper_reading(answer: Answering) -> None:
    """Seven pairs is a reading of this hand (3200), ryanpeikou the one that counts (8000)."""
    _, html = answer.words("explains", "ryanpeikou",
                           {"han": "5", "yaku": ["tanyao", "pinfu", "ryanpeikou", "chiitoitsu"]})
    assert 'data-verdict="incorrect"' in html
    assert ("Яку «чиитойцу» есть в другом разборе этой руки, но тот разбор дешевле "
            "(3200 очков против 8000 очков): считается более дорогой разбор, а в нём этого "
            "яку нет.") in _lines(html)
    assert "Этих яку в руке нет" not in html and "в этой руке нет" not in html
    assert "Яку «чиитойцу» есть, только если разобрать руку иначе" in html


def test_a_yaku_no_reading_has_is_still_not_in_the_hand(answer: Answering) -> None:
    _, html = answer.words("explains", "ryanpeikou",
                           {"han": "5", "yaku": ["tanyao", "pinfu", "ryanpeikou", "toitoi"]})
    assert "Этих яку в руке нет: тойтой" in html
    assert "data-other-reading" not in html and "data-absorbed" not in html


def test_fu_with_two_readings_shows_both_values_and_the_higher_counts(answer: Answering) -> None:
    """222333444m: three triplets (sanankou, 40 fu, 8000) or three runs (pinfu, 20 fu, 5200)."""
    _, html = answer.words("explains", "two-readings", {"fu": "20"})
    assert 'data-verdict="incorrect"' in html
    assert "Ваш ответ: 20 фу, а правильно — <strong>40 фу</strong>." in html
    assert 'data-readings="2"' in html
    assert "считается тот разбор, что дороже" in html
    items = re.findall(r"<li( data-best)?>.*?: <strong>(\d+) фу</strong>, (\d+) хан, (\d+) очк",
                       html)
    assert items == [(" data-best", "40", "4", "8000"), ("", "20", "4", "5200")]
    assert html.count("считается этот") == 1
    # 20 is the other reading's value, not a forgotten item: the diagnosis says so
    assert ("Похоже, вы разобрали руку по-другому: так тоже можно, и тогда выходит 20 фу, "
            "но считается разбор, который дороже, — 40 фу.") in html
    _, html = answer.words("explains", "two-readings", {"fu": "30"})
    assert "разобрали руку по-другому" not in html  # 30 is no reading's value


def test_han_of_the_cheaper_reading_is_diagnosed_as_such(answer: Answering) -> None:
    """Seven pairs with tanyao is 3 han; the ryanpeikou reading (5 han) counts."""
    _, html = answer.words("explains", "ryanpeikou", {"han": "3", "yaku": ["tanyao", "chiitoitsu"]})
    assert 'data-verdict="incorrect"' in html
    assert ("Похоже, вы разобрали руку по-другому: так тоже можно, и тогда выходит 3 хан, "
            "но считается разбор, который дороже, — 5 хан.") in html
    assert 'data-other-reading="chiitoitsu"' in html


def test_han_table_itemises_dora_by_indicator(answer: Answering) -> None:
    """Dora 3s → 4s, kandora 1m → 2m, a red five, ura 4p → 5p (the red 0p counts as 5p)."""
    _, html = answer.words("explains", "every-dora", {"action": "solution"})
    rows = re.findall(r"<tr><td>(дора|кандора|акадора|урадора)</td><td>(.*?)</td>"
                      r'<td class="num">(\d+)</td></tr>', html)
    assert rows == [
        ("дора", 'индикатор  →  <span class="feedback__names">(4 соу)</span>, в руке 1 копия',
         "1"),
        ("кандора", 'индикатор  →  <span class="feedback__names">(2 ман)</span>, '
         "в руке 1 копия", "1"),
        ("акадора", "красные пятёрки: каждая — 1 хан", "1"),
        ("урадора", 'индикатор  →  <span class="feedback__names">(5 пин)</span>, '
         "в руке 1 копия", "1"),
    ]
    assert re.search(r"Всего</th><td class=\"num\"><strong>6</strong>", html)


def test_dora_drill_names_the_dora_and_the_kandora_indicator(answer: Answering) -> None:
    _, html = answer.words("explains", "dora-and-kan", {"tiles": ["4s"]})
    assert 'data-verdict="incorrect"' in html
    steps = re.findall(r"<li>(Индикатор \w+) ", html)
    assert steps == ["Индикатор доры", "Индикатор кандоры"]
    assert "Вы пропустили:" in html and "(2 ман)" in html


@pytest.mark.parametrize(
    ("rules", "offered"),
    [
        pytest.param("online", set(), id="online-no-renhou"),
        pytest.param("jpml", set(), id="jpml-no-renhou"),
        pytest.param("fenix", set(), id="fenix-no-renhou"),
        pytest.param("ema", {"renhou_mangan"}, id="ema-2016-renhou-is-mangan"),
        pytest.param("rrc", {"renhou_mangan"}, id="rrc-4.5-renhou-is-mangan"),
    ],
)
def test_han_drill_offers_renhou_only_as_its_rule_set_plays_it(
    client: FlaskClient, answer: Answering, rules: str, offered: set[str]
) -> None:
    """Renhou is a mangan under EMA 2016 (revision notes) and rules-ru (4.5), no yaku under
    online, jpml, fenix: no course rule set makes it a yakuman."""
    page = client.get("/lessons/renhou-sets").get_data(as_text=True)
    form = re.search(rf'id="pinfu-{rules}".*?</form>', page, re.S)
    assert form is not None
    boxes = set(re.findall(r'name="yaku" value="(renhou\w*)"', form.group(0)))
    assert boxes == offered
    assert 'value="pinfu"' in form.group(0)
