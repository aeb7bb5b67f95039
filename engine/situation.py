"""How a hand was won: the facts scoring needs besides the tiles.

:class:`WinSituation` is re-exported by :mod:`engine.score` (its public home);
it lives here so that yaku and fu code can use it without importing the scorer.
:func:`check_situation` rejects impossible combinations (ippatsu without
riichi, haitei on a ron, …) with a Russian :class:`HandError`, because a drill
built on an impossible situation would teach a wrong rule.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import HandError
from engine.tiles import EAST, NORTH, Tile


@dataclass(frozen=True)
class WinSituation:
    """The circumstances of one win. ``double_riichi`` implies ``riichi`` (2 han in all)."""

    tsumo: bool = False
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    rinshan: bool = False
    chankan: bool = False
    haitei: bool = False
    houtei: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False
    seat_wind: Tile = EAST
    round_wind: Tile = EAST
    dora_indicators: tuple[Tile, ...] = ()
    ura_indicators: tuple[Tile, ...] = ()
    honba: int = 0
    riichi_sticks: int = 0

    @property
    def is_dealer(self) -> bool:
        """The dealer is the player whose seat wind is East."""
        return self.seat_wind == EAST

    @property
    def in_riichi(self) -> bool:
        return self.riichi or self.double_riichi


# (flag, condition that must hold, Russian reason). Checked in order.
def _conflicts(s: WinSituation, closed: bool) -> tuple[tuple[bool, str], ...]:
    return (
        (s.in_riichi and not closed, "Риичи объявляют только с закрытой рукой."),
        (s.ippatsu and not s.in_riichi, "Иппацу бывает только после риичи."),
        (s.haitei and not s.tsumo, "Хайтей — победа цумо на последнем тайле стены, а указан рон."),
        (s.houtei and s.tsumo, "Хотей — победа рон на последнем сбросе, а указано цумо."),
        (s.rinshan and not s.tsumo, "Риншан кайхо — победа цумо на тайле замены, а указан рон."),
        (s.chankan and s.tsumo, "Чанкан — рон на тайл, доложенный к пону, а указано цумо."),
        (s.tenhou and not (s.tsumo and s.is_dealer), "Тенхо — цумо дилера с раздачи."),
        (s.chiihou and not (s.tsumo and not s.is_dealer), "Чихо — цумо недилера первым набором."),
        (s.renhou and (s.tsumo or s.is_dealer), "Ренхо — рон недилера до его первого набора."),
        (
            (s.tenhou or s.chiihou or s.renhou) and not closed,
            "Победа в первом ходе — только с закрытой рукой без объявлений.",
        ),
        (
            s.honba < 0 or s.riichi_sticks < 0,
            "Число хонбы и палочек риичи не может быть отрицательным.",
        ),
        (s.honba > 100 or s.riichi_sticks > 100, "Слишком много хонбы или палочек риичи."),
        (
            len(s.dora_indicators) > 5 or len(s.ura_indicators) > 5,
            "Индикаторов доры не больше пяти: один и по одному за каждый кан.",
        ),
    )


def check_situation(s: WinSituation, *, closed: bool, has_kan: bool) -> None:
    """Raise :class:`HandError` if the situation cannot happen with this hand."""
    if not (EAST <= s.seat_wind <= NORTH and EAST <= s.round_wind <= NORTH):
        raise HandError("Ветер места и ветер раунда — один из E, S, W, N.")
    common = not (
        s.ippatsu or s.haitei or s.houtei or s.rinshan or s.chankan or s.tenhou or s.chiihou
    )
    if (
        common
        and not s.renhou
        and (closed or not s.in_riichi)
        and 0 <= s.honba <= 100
        and 0 <= s.riichi_sticks <= 100
        and len(s.dora_indicators) <= 5
        and len(s.ura_indicators) <= 5
    ):
        return  # the usual case: none of the checks below can fail
    for bad, message in _conflicts(s, closed):
        if bad:
            raise HandError(message)
    if s.rinshan and not has_kan:
        raise HandError("Риншан кайхо возможен только после кана, а в руке нет кана.")
    if (s.tenhou or s.chiihou or s.renhou) and has_kan:
        raise HandError("Победа в первом ходе невозможна после кана.")
