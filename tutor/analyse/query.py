"""The analyser's whole input as one value that round-trips through the URL.

Every state of the page is a GET query (``/analyse?hand=123m…&by=tsumo``), so
any analysis can be bookmarked or shared and the palette works without
JavaScript: each palette tile is a link to the query with that tile added.
Reading the query never raises: unknown choices fall back to their defaults,
text fields are kept as typed (the engine explains what is wrong with them).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from engine.errors import HandError
from engine.rules.sets import RULESETS
from engine.tiles import SUIT_LETTERS, Tile, parse_tiles, tile_code

MAX_TEXT = 120  # longer fields are cut: no real hand needs more
MAX_POND = 24  # discards of one player in a hand
RULESET_CHOICES = tuple(RULESETS)
WIND_CHOICES = ("E", "S", "W", "N")
BY_CHOICES = ("ron", "tsumo")

# What a click on a palette tile does, in the order the mode switch shows them.
MODES: tuple[tuple[str, str], ...] = (
    ("hand", "в руку"),
    ("chi", "чи"),
    ("pon", "пон"),
    ("minkan", "открытый кан"),
    ("ankan", "закрытый кан"),
    ("win", "выигрышный тайл"),
    ("dora", "индикатор доры"),
    ("discards", "в свой сброс"),
    ("visible", "в видимые"),
)
MODE_NAMES = dict(MODES)
TILE_LIST_MODES = ("dora", "discards", "visible")  # a click appends the tile to that field
_MELD_SPLIT = re.compile(r"[,;]+")


@dataclass(frozen=True)
class Query:
    """The analyser input. Field names are the URL parameter names."""

    hand: str = ""  # concealed tiles in typing order (the last one is the default winning tile)
    melds: str = ""  # "pon 555z, chi 123p"
    win: str = ""  # one tile, or empty
    by: str = "ron"
    riichi: bool = False
    seat: str = "E"
    round: str = "E"
    dora: str = ""  # dora indicators
    discards: str = ""  # own discards
    visible: str = ""  # other tiles in sight (other ponds and melds): ukeire counts them out
    opp: str = ""  # a riichi player's discards in order: every tile's danger against him
    opp_at: int = 0  # his riichi tile's number in ``opp`` (1-based; 0: the last one)
    open_melds: str = ""  # an opponent with calls: his melds, "pon 222p, pon 777p"
    open_pond: str = ""  # his discards (with ``open_melds``: the danger against him too)
    rules: str = "online"
    honba: int = 0
    sticks: int = 0
    no_atozuke: bool = (
        False  # a table option: a yaku that only the winning tile brings is not enough
    )
    mode: str = "hand"
    export: bool = False

    @classmethod
    def from_args(cls, args: Mapping[str, str]) -> Query:
        """Read the query leniently: a forged value never causes an error page."""

        def choice(name: str, options: tuple[str, ...]) -> str:
            value = str(args.get(name, "")).strip()
            return value if value in options else getattr(cls, name)

        return cls(
            hand=_text(args.get("hand")),
            melds=_text(args.get("melds")),
            win=_text(args.get("win"))[:8],
            by=choice("by", BY_CHOICES),
            riichi=_flag(args.get("riichi")),
            seat=choice("seat", WIND_CHOICES),
            round=choice("round", WIND_CHOICES),
            dora=_text(args.get("dora")),
            discards=_text(args.get("discards")),
            visible=_text(args.get("visible")),
            opp=_text(args.get("opp")),
            opp_at=_count(args.get("opp_at"), MAX_POND),
            open_melds=_text(args.get("open_melds")),
            open_pond=_text(args.get("open_pond")),
            rules=choice("rules", RULESET_CHOICES),
            honba=_count(args.get("honba")),
            sticks=_count(args.get("sticks")),
            no_atozuke=_flag(args.get("no_atozuke")),
            mode=choice("mode", tuple(MODE_NAMES)),
            export=_flag(args.get("export")),
        )

    def to_args(self) -> dict[str, str]:
        """Only the fields that differ from the defaults, as URL parameters."""
        out: dict[str, str] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if value == f.default:
                continue
            out[f.name] = ("1" if value else "") if isinstance(value, bool) else str(value)
        return out

    @property
    def meld_texts(self) -> list[str]:
        """The melds as separate ``"pon 555z"`` strings."""
        return meld_list(self.melds)

    @property
    def open_meld_texts(self) -> list[str]:
        """The opponent's melds (``open_melds``) as separate ``"pon 555z"`` strings."""
        return meld_list(self.open_melds)

    def with_changes(self, **changes: Any) -> Query:
        """A copy with some fields changed (field names as in the URL)."""
        return replace(self, **changes)

    def add_tile(self, tile: Tile, red: bool = False) -> Query:
        """The query after a palette click on ``tile`` in the current mode."""
        code = ("0" + SUIT_LETTERS[tile // 9]) if red else tile_code(tile)
        number, suit = tile_code(tile)[0], tile_code(tile)[1]
        if self.mode == "hand":
            return replace(self, hand=join_codes([*codes(self.hand), code]))
        if self.mode == "win":
            return replace(self, win=code)
        if self.mode in TILE_LIST_MODES:
            current = getattr(self, self.mode)
            return self.with_changes(**{self.mode: join_codes([*codes(current), code])})
        if self.mode == "chi":
            tiles = "".join(str(int(number) + i) for i in range(3)) + suit
        else:
            tiles = number * (4 if self.mode.endswith("kan") else 3) + suit
        return replace(self, melds=", ".join([*self.meld_texts, f"{self.mode} {tiles}"]))

    def remove_at(self, field: str, index: int) -> Query:
        """The query without the ``index``-th tile of ``field`` (or meld, for ``melds``)."""
        if field == "melds":
            kept = [m for i, m in enumerate(self.meld_texts) if i != index]
            return replace(self, melds=", ".join(kept))
        kept_codes = [c for i, c in enumerate(codes(getattr(self, field))) if i != index]
        return self.with_changes(**{field: join_codes(kept_codes)})


def codes(text: str) -> list[str]:
    """Tiles of ``text`` in written order as codes (``"0p"``: red five); [] if unreadable."""
    try:
        parsed = parse_tiles(text)
    except HandError:
        return []
    return [
        ("0" + SUIT_LETTERS[k // 9]) if red else tile_code(k)
        for k, red in zip(parsed.kinds, parsed.red, strict=True)
    ]


def join_codes(items: list[str]) -> str:
    """``["1m", "2m", "5p", "3m"]`` → ``"12m5p3m"``: order kept, suit letters merged."""
    out: list[str] = []
    for code in items:
        if out and out[-1][-1] == code[-1]:
            out[-1] = out[-1][:-1] + code
        else:
            out.append(code)
    return "".join(out)


def meld_list(text: str) -> list[str]:
    """``"pon 555z, chi:123p"`` → ``["pon 555z", "chi 123p"]``."""
    return [" ".join(m.replace(":", " ").split()) for m in _MELD_SPLIT.split(text) if m.strip()]


def _text(value: object) -> str:
    return " ".join(str(value or "").split())[:MAX_TEXT]


def _flag(value: object) -> bool:
    return str(value or "").strip().lower() in {"1", "on", "true", "yes", "да"}


def _count(value: object, most: int = 20) -> int:
    text = str(value or "").strip()
    return min(int(text), most) if text.isdigit() and len(text) <= 3 else 0
