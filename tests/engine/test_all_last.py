"""All-last needs (engine/table/all_last.py): payments, honba, sticks, ties, the West round.

Payments and honba: Tenhou's rules as the rule set «online» holds them
(engine/rules/sources.py); ties by seat order from the first dealer, who sits
South in South 4 (the dealer of South 4 is the fourth seat of East 1).
"""

from __future__ import annotations

from engine.rules.sets import get_ruleset
from engine.table.all_last import Way, all_last_needs

ONLINE = get_ruleset("online")


def test_a_direct_hit_needs_half_the_gap() -> None:
    # West 25000, East 30000: a ron off East of 2600 gives 27600 against 27400
    need = all_last_needs((30000, 24000, 25000, 21000), 2, 0, 0, ONLINE)
    assert need.smallest(Way(0), 1).value == 2600  # type: ignore[union-attr]
    assert need.smallest(Way(1), 1).value == 5200  # type: ignore[union-attr]


def test_honba_and_sticks_count_for_the_winner() -> None:
    # 1 honba, 1 stick: a ron of 2000 off East brings 2300 + 1000
    need = all_last_needs((30000, 24000, 25000, 20000), 2, 1, 1, ONLINE)
    step = need.smallest(Way(0), 1)
    assert step is not None and step.value == 2000 and step.gain == 3300


def test_a_tie_goes_to_the_first_dealer_who_sits_south_in_south_4() -> None:
    # Tenhou ranks tied players by seat from the first dealer; North's 300/500 tsumo
    # leaves South and North level at 30700 — South (the first dealer) stays first.
    need = all_last_needs((19400, 31000, 20000, 29600), 3, 0, 0, ONLINE)
    tsumo = need.ladders[Way()]
    assert tsumo[0].value == 1100 and need.places[Way()][:2] == (2, 1)


def test_the_game_goes_on_into_west_when_nobody_has_30000() -> None:
    need = all_last_needs((28000, 27000, 25000, 20000), 2, 0, 0, ONLINE)
    step = need.smallest(Way(0), 1)
    assert step is not None and need.goes_on(step)
