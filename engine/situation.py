"""How a hand was won: the facts scoring needs besides the tiles.

:class:`WinSituation` is re-exported by :mod:`engine.score` (its public home);
it lives here so that yaku and fu code can use it without importing the scorer.
:func:`check_situation` rejects impossible combinations (ippatsu without
riichi, haitei on a ron, …) with a Russian :class:`HandError`, because a drill
built on an impossible situation would teach a wrong rule.
"""

from __future__ import annotations

from collections.abc import Callable
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


# (flag, impossible when, Russian reason): checked only when the flag is set.
_FLAG_RULES: tuple[tuple[str, Callable[[WinSituation, bool], bool], str], ...] = (
    ("ippatsu", lambda s, closed: not s.in_riichi, "Иппацу бывает только после риичи."),
    (
        "haitei",
        lambda s, closed: not s.tsumo,
        "Хайтей — победа цумо на последнем тайле стены, а указан рон.",
    ),
    (
        "houtei",
        lambda s, closed: s.tsumo,
        "Хотей — победа рон на последнем сбросе, а указано цумо.",
    ),
    (
        "rinshan",
        lambda s, closed: not s.tsumo,
        "Риншан кайхо — победа цумо на тайле замены, а указан рон.",
    ),
    (
        "chankan",
        lambda s, closed: s.tsumo,
        "Чанкан — рон на тайл, доложенный к пону, а указано цумо.",
    ),
    ("tenhou", lambda s, closed: not (s.tsumo and s.is_dealer), "Тенхо — цумо дилера с раздачи."),
    (
        "chiihou",
        lambda s, closed: not s.tsumo or s.is_dealer,
        "Чихо — цумо недилера первым набором.",
    ),
    (
        "renhou",
        lambda s, closed: s.tsumo or s.is_dealer,
        "Ренхо — рон недилера до его первого набора.",
    ),
    *[
        (flag, lambda s, closed: not closed, "Победа в первом ходе — только с закрытой рукой.")
        for flag in ("tenhou", "chiihou", "renhou")
    ],
)


def check_situation(s: WinSituation, *, closed: bool, has_kan: bool) -> None:
    """Raise :class:`HandError` if the situation cannot happen with this hand."""
    if not (EAST <= s.seat_wind <= NORTH and EAST <= s.round_wind <= NORTH):
        raise HandError("Ветер места и ветер раунда — один из E, S, W, N.")
    if s.in_riichi and not closed:
        raise HandError("Риичи объявляют только с закрытой рукой.")
    if not (0 <= s.honba <= 100 and 0 <= s.riichi_sticks <= 100):
        raise HandError("Хонба и палочки риичи — целые числа от 0 до 100.")
    if len(s.dora_indicators) > 5 or len(s.ura_indicators) > 5:
        raise HandError("Индикаторов доры не больше пяти: один и по одному за каждый кан.")
    rare = s.ippatsu or s.haitei or s.houtei or s.rinshan or s.chankan
    if rare or s.tenhou or s.chiihou or s.renhou:
        for flag, impossible, message in _FLAG_RULES:
            if getattr(s, flag) and impossible(s, closed):
                raise HandError(message)
    if s.rinshan and not has_kan:
        raise HandError("Риншан кайхо возможен только после кана, а в руке нет кана.")
    if (s.tenhou or s.chiihou or s.renhou) and has_kan:
        raise HandError("Победа в первом ходе невозможна после кана.")
