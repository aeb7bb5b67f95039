"""The «Яку» (``/yaku``) and «Правила клубов» (``/rules``) reference pages.

Both are generated from the engine's own data — the yaku table
(:data:`engine.scoring.yaku.YAKU`), its Russian names and rules in
:mod:`engine.text.messages`, and the rule-set rows of :mod:`engine.rules.table` — so
they cannot drift from what the drills grade. Only the example hands are
written by hand (``content/ru/yaku-examples.yaml``), and a test scores each
one with the engine.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml
from flask import Blueprint, Flask, current_app, has_request_context, render_template, url_for
from markupsafe import Markup, escape

from engine.errors import HandError
from engine.hand import Hand, parse_hand
from engine.rules.documents import DOCUMENTS
from engine.rules.sets import RULESETS, Renhou, Ruleset, get_ruleset
from engine.rules.sources import SourceKind
from engine.rules.table import (
    RuleRow,
    document_line,
    game_rule_rows,
    procedure_rule_rows,
    rule_rows,
    set_documents,
)
from engine.scoring.score import ScoreResult, WinSituation, score_hand
from engine.scoring.yaku import YAKU, YakuDef
from engine.text import messages as msg
from engine.tiles import Tile, parse_tile, parse_wind
from tutor.course.files import escapes_folder
from tutor.course.markdown.sources import CITATION_RE, source_anchor

bp = Blueprint("handbook", __name__)

# Group headings of the yaku page, in order: (title, predicate on the table row).
_GROUPS: tuple[tuple[str, Any], ...] = (
    ("Яку на 1 хан", lambda y: not y.yakuman and y.han == 1),
    ("Яку на 2 хан", lambda y: not y.yakuman and y.han == 2),
    ("Яку на 3 хан и больше", lambda y: not y.yakuman and y.han >= 3),
    ("Якуманы", lambda y: bool(y.yakuman)),
)


@dataclass(frozen=True)
class YakuExample:
    """A hand that scores one yaku, with everything needed to score it."""

    yaku_id: str
    hand: Hand
    win: Tile
    situation: WinSituation
    rules: Ruleset

    @property
    def shown(self) -> Hand:
        """The hand without the winning tile (drawn apart from it)."""
        return self.hand.without_tile(self.win)

    def score(self) -> ScoreResult:
        return score_hand(self.hand, self.win, self.situation, self.rules)


def parse_example(yaku_id: str, data: Mapping[str, Any]) -> YakuExample:
    """One entry of ``yaku-examples.yaml`` (raises :class:`HandError` if malformed)."""
    hand = parse_hand(str(data["hand"]), [str(m) for m in data.get("melds", ())], size=14)
    win = parse_tile(str(data["win"])).kinds[0]

    def flag(name: str) -> bool:
        return bool(data.get(name, False))

    # Each flag by name, so the type checker sees every keyword WinSituation gets.
    situation = WinSituation(
        tsumo=data.get("by") == "tsumo",
        seat_wind=parse_wind(str(data.get("seat", "E"))),
        round_wind=parse_wind(str(data.get("round", "E"))),
        riichi=flag("riichi"), double_riichi=flag("double_riichi"), ippatsu=flag("ippatsu"),
        rinshan=flag("rinshan"), chankan=flag("chankan"), haitei=flag("haitei"),
        houtei=flag("houtei"), tenhou=flag("tenhou"), chiihou=flag("chiihou"),
        renhou=flag("renhou"),
    )
    rules = get_ruleset(str(data.get("rules", "online")))
    if "renhou_rule" in data:
        rules = rules.with_options(renhou=Renhou(data["renhou_rule"]))
    return YakuExample(yaku_id, hand, win, situation, rules)


@lru_cache(maxsize=4)
def _load_examples(path: str, mtime: float) -> dict[str, YakuExample]:
    raw = yaml.safe_load(Path(path).read_text(encoding="utf-8")) or {}
    return {key: parse_example(key, value) for key, value in raw.items()}


def load_examples(path: Path) -> dict[str, YakuExample]:
    """Examples by yaku id, re-read when the file changes; none from a file outside the course."""
    if escapes_folder(path):
        return {}
    return _load_examples(str(path), path.stat().st_mtime)


def examples_path() -> Path:
    return Path(current_app.config["CONTENT_DIR"]) / "yaku-examples.yaml"


@dataclass(frozen=True)
class YakuRow:
    """What the page shows for one yaku."""

    id: str
    name: str
    romaji: str
    rule: str
    closed: str
    opened: str
    example: YakuExample | None


def han_text(y: YakuDef, opened: bool) -> str:
    """'1 хан', 'якуман', 'двойной якуман' where doubled, '—' where not allowed open."""
    han = y.open_han if opened else y.han
    if opened and y.open_han is None:
        return "—"
    if y.yakuman:
        return "якуман (×2 при двойных якуманах)" if y.double else "якуман"
    return f"{han} хан"


def yaku_rows(examples: Mapping[str, YakuExample]) -> list[tuple[str, list[YakuRow]]]:
    rows = [
        YakuRow(y.id, msg.YAKU_NAMES[y.id], msg.YAKU_ROMAJI.get(y.id, ""),
                msg.YAKU_RULES.get(y.id, ""), han_text(y, False), han_text(y, True),
                examples.get(y.id))
        for y in YAKU
    ]
    by_id = {y.id: y for y in YAKU}
    return [(title, [r for r in rows if test(by_id[r.id])]) for title, test in _GROUPS]


@bp.get("/yaku")
def yaku() -> str:
    try:
        examples = load_examples(examples_path())
    except (OSError, yaml.YAMLError, HandError, KeyError, ValueError) as exc:
        current_app.logger.error("yaku examples: %s", exc)
        examples = {}
    return render_template("course/yaku.html", groups=yaku_rows(examples))


@dataclass(frozen=True)
class SourceDoc:
    """A document of the list on ``/rules``: the engine's entry and its Russian description."""

    code: str
    line: str  # its own title and year (engine.rules.table.document_line)
    origin: str  # who wrote it, or where it comes from
    covers: str
    address: str

    @property
    def anchor(self) -> str:
        return source_anchor(self.code)


def source_docs() -> tuple[SourceDoc, ...]:
    """Every document a rule value may cite, seeds first, from the engine's table."""
    return tuple(SourceDoc(d.code, document_line(d), *msg.DOCUMENT_ABOUT[d.code], d.address)
                 for d in DOCUMENTS.values())


def ruleset_documents() -> dict[str, tuple[str, ...]]:
    """Each rule set's documents as the site names them (the selector and ``/rules`` show them)."""
    return {key: tuple(document_line(d) for d in set_documents(key)) for key in RULESETS}


@dataclass(frozen=True)
class RuleTable:
    """One table of ``/rules``: a heading, a short note, the rows."""

    id: str
    title: str
    note: str
    rows: tuple[RuleRow, ...]


def rule_tables() -> tuple[RuleTable, ...]:
    """The hand rules, the whole-game rules and the table procedure, in that order."""
    return (
        RuleTable("hand", "Раздача и подсчёт очков",
                  "То, что меняет ответ в упражнениях на руку: яку, дора, фу, объявления.",
                  rule_rows()),
        RuleTable("game", "Ничьи, штрафы и конец партии",
                  "По ним движок считает расчёт после ничьей, несколько рон, пао, чомбо, "
                  "следующую раздачу и итог партии с умой и окой.",
                  game_rule_rows()),
        RuleTable("procedure", "Порядок за столом",
                  "Где документы описывают процедуру по-разному: кандора, четыре кана, кан "
                  "после риичи, раздача тайлов.",
                  procedure_rule_rows()),
    )


_CITATION = re.compile(CITATION_RE)


def cite(text: object) -> Markup:
    """A source note with every ``[00N]`` linked to its entry in the legend of ``/rules``."""
    escaped = str(escape(str(text)))
    page = url_for("handbook.rules") if has_request_context() else "/rules"

    def link(m: re.Match[str]) -> str:
        code = m.group(1) + (m.group(2) or "")
        return f'<a class="cite" href="{page}#{source_anchor(code)}">[{code}]</a>'

    return Markup(_CITATION.sub(link, escaped))


@bp.get("/rules")
def rules() -> str:
    names = {key: msg.RULESET_NAMES.get(key, key) for key in RULESETS}
    return render_template("course/rules.html", tables=rule_tables(), names=names,
                           set_docs=ruleset_documents(), docs=source_docs(), kinds=SourceKind)


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)


__all__ = ["bp", "init_app", "load_examples", "parse_example", "yaku_rows"]
