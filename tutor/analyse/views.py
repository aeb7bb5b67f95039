"""``/analyse``: any hand, fully explained, and turned into a drill in one click.

One GET endpoint. The query holds the whole input (:class:`~tutor.analyse.query.Query`),
so every analysis has a shareable URL and the page works without JavaScript.
With htmx the same endpoint returns a fragment — a macro of ``analyse/page.html``,
rendered by the same template without its ``extends`` — chosen by the
``HX-Target`` header: typing in the form swaps only the analysis
(``#analysis``, with the builder and the field errors out of band); a palette
click swaps the form too (``#analyse-app``).
Bad input is a Russian message next to the field: status 200 for the page,
400 for a fragment, never 500.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from flask import Blueprint, render_template, request, url_for
from flask.typing import ResponseReturnValue

from engine.plural import count_word, plural, tiles_word
from engine.scoring.score import ScoreResult
from engine.shape.blocks import Form
from engine.shape.shanten import Improvement, describe_shanten
from engine.shape.ukeire import Quality
from engine.text import messages
from engine.tiles import tile_code
from tutor.accounts.current import current_user
from tutor.analyse import builder
from tutor.analyse.analysis import Analysis, analyse
from tutor.analyse.export import DrillBlock, drill_blocks
from tutor.analyse.query import WIND_CHOICES, Query
from tutor.drills.scoring import FuLine, fu_lines
from tutor.tiles.render import sprite_url

bp = Blueprint("analyse", __name__)

WIND_NAMES = {"E": "Восток", "S": "Юг", "W": "Запад", "N": "Север"}
SEAT_LABELS = {"E": "Восток (дилер)", "S": "Юг", "W": "Запад", "N": "Север"}


@dataclass(frozen=True)
class View:
    """Everything ``analyse/page.html`` draws: the input, the builder links, the analysis."""

    query: Query
    analysis: Analysis
    rulesets: Mapping[str, str] = field(default_factory=lambda: messages.RULESET_NAMES)
    # «Сделать упражнение» writes a block for a lesson file: an author's tool, shown
    # to instructors and admins only (a learner has no lesson to paste it into).
    authors: bool = False

    def url(self, q: Query | None = None) -> str:
        args: dict[str, Any] = (q or self.query).to_args()
        return url_for("analyse.analyse_page", **args)

    @property
    def winds(self) -> list[tuple[str, str]]:
        return [(w, WIND_NAMES[w]) for w in WIND_CHOICES]

    @property
    def seats(self) -> list[tuple[str, str]]:
        return [(w, SEAT_LABELS[w]) for w in WIND_CHOICES]

    def error_for(self, name: str) -> str:
        error = self.analysis.error
        return error.message if error is not None and error.field == name else ""

    @cached_property
    def palette(self) -> list[tuple[str, list[builder.PaletteTile]]]:
        return builder.palette(self.query, self.url)

    def placed(self, name: str) -> list[builder.PlacedTile]:
        return builder.placed(self.query, name, self.url)

    @property
    def melds(self) -> list[builder.PlacedMeld]:
        return builder.melds(self.query, self.url)

    @property
    def modes(self) -> list[builder.ModeLink]:
        return builder.modes(self.query, self.url)

    @property
    def clear_win_url(self) -> str:
        return self.url(self.query.with_changes(win=""))

    @property
    def export_url(self) -> str:
        return self.url(self.query.with_changes(export=True)) + "#export"

    @cached_property
    def blocks(self) -> list[DrillBlock]:
        return drill_blocks(self.analysis) if self.query.export and self.authors else []

    @property
    def seat_line(self) -> str:
        """Whose seat the payments are for, said every time (East, the default, is the dealer)."""
        name = WIND_NAMES[self.query.seat]
        return f"Считаем за {name}: вы {'дилер' if self.query.seat == 'E' else 'не дилер'}."

    @property
    def danger_head(self) -> str:
        """Whom the danger panel prices: «Против риичи», «Против открытой руки» or both."""
        riichi, called = bool(self.query.opp), bool(self.query.open_melds)
        if riichi and called:
            return "Против риичи и открытой руки"
        return "Против открытой руки" if called else "Против риичи"

    @cached_property
    def sprite(self) -> str:
        """The tile sprite's URL, once per page (each tile would otherwise look it up)."""
        return sprite_url()

    def code(self, tile: int) -> str:
        return tile_code(tile)

    def codes(self, improvements: tuple[Improvement, ...]) -> str:
        """``"4m 7m 2p"``: the kinds of an ukeire, for the page's data attributes."""
        return " ".join(tile_code(i.tile) for i in improvements)

    # --- wording -------------------------------------------------------------------
    def yaku_name(self, yaku_id: str) -> str:
        return messages.YAKU_NAMES.get(yaku_id, yaku_id)

    def fu_lines(self, result: ScoreResult) -> list[FuLine]:
        return fu_lines(result)

    def dora_lines(self, result: ScoreResult) -> list[tuple[str, int]]:
        return [
            (messages.DORA_NAMES[k], getattr(result, k))
            for k in ("dora", "aka", "ura")
            if getattr(result, k)
        ]

    def payments(self, result: ScoreResult) -> list[tuple[str, int]]:
        return [(messages.PAYMENT_NAMES[k], v) for k, v in result.payments.as_dict().items()]

    def value(self, result: ScoreResult) -> str:
        """``3 хан 40 фу — 5200`` or ``манган — 8000``: a short value for tables."""
        head = f"{result.han} хан {result.fu} фу"
        if result.yakuman:
            head = "якуман" if result.yakuman == 1 else f"якуман ×{result.yakuman}"
        elif result.limit.value != "none":
            head = f"{head}, {messages.LIMIT_NAMES[result.limit.value]}"
        return f"{head} — {count_word(result.points, 'очко', 'очка', 'очков')}"

    def limit_name(self, result: ScoreResult) -> str:
        return messages.LIMIT_NAMES[result.limit.value]

    def shanten_text(self, n: int) -> str:
        return describe_shanten(n)

    def shanten_forms(self) -> list[tuple[str, str, bool]]:
        w = self.analysis.waiting
        assert w is not None
        s = w.shanten
        pairs = (
            (Form.STANDARD, s.standard),
            (Form.CHIITOITSU, s.chiitoitsu),
            (Form.KOKUSHI, s.kokushi),
        )
        return [
            (messages.FORM_NAMES[f.value], describe_shanten(n), n == s.minimum)
            for f, n in pairs
            if n is not None
        ]

    def short_shanten(self, n: int) -> str:
        return messages.shanten_short(n)

    def average_wait(self, quality: Quality) -> str:
        """«6,5 тайла», «8 тайлов»: the average wait of the tenpai the improving draws allow."""
        whole, tenth = divmod(round(10 * quality.waits / quality.draws), 10)
        # a fraction takes the genitive singular, a whole number agrees as usual
        return f"{whole},{tenth} тайла" if tenth else tiles_word(whole)

    def count(self, n: int, one: str, few: str, many: str) -> str:
        return count_word(n, one, few, many)

    def plural(self, n: int, one: str, few: str, many: str) -> str:
        return plural(n, one, few, many)


def _wants_fragment() -> str | None:
    if not request.headers.get("HX-Request") or request.headers.get("HX-History-Restore-Request"):
        return None
    return "live" if request.headers.get("HX-Target") == "analysis" else "app"


@bp.get("/analyse")
def analyse_page() -> ResponseReturnValue:
    """The analyser page, or its ``live``/``app`` fragment for htmx."""
    query = Query.from_args(request.args)
    user = current_user()
    view = View(query, analyse(query), authors=user is not None and user.teaches)
    headers = {"Vary": "HX-Request, HX-Target"}
    fragment = _wants_fragment()
    if fragment is None:
        return render_template("analyse/page.html", v=view, fragment=None), 200, headers
    status = 400 if view.analysis.error is not None else 200
    return render_template("analyse/page.html", v=view, fragment=fragment), status, headers
