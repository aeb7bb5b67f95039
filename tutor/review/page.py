"""What the review templates draw: the list of games, and one game's review and table.

Data and wording only (Russian, correct plurals via :mod:`engine.plural`);
the views read the store and the engine and hand these over.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from flask import url_for

from engine.errors import HandError
from engine.plural import count_word
from engine.text.messages import RULESET_NAMES
from engine.tiles import parse_tile, tile_code, tile_name
from tutor.drills.kind.position import option_words
from tutor.review.board import Board
from tutor.review.position import round_name
from tutor.storage.review import GAMES_KEPT, Game, GameRow

CATEGORY_NAMES = {
    "efficiency": "Эффективность", "defence": "Защита", "missed_win": "Пропущенная победа",
    "furiten": "Фуритен", "no_yaku": "Без яку", "noten": "Нотен в конце раздачи",
    "all_last": "Последняя раздача",
}
ACTION_NAMES = {
    "discard": "сброс", "call": "объявление", "pass": "пропуск сброса", "kan": "кан",
    "riichi": "риичи", "dama": "дама", "win": "победа", "no_win": "отказ от победы",
    "tenpai": "темпай", "noten": "нотен",
}
KEPT_NOTE = (f"Хранятся последние {count_word(GAMES_KEPT, 'партия', 'партии', 'партий')}: "
             "при загрузке новой самая старая удаляется.")


@dataclass(frozen=True)
class Listing:
    """``/review``: the form (with what was sent, after a refusal) and the learner's games."""

    games: Sequence[GameRow]
    error: str
    form: Mapping[str, str]
    rulesets: Mapping[str, str]
    dropped: int = 0
    kept_note: str = KEPT_NOTE

    @staticmethod
    def when(row: GameRow) -> str:
        return dt.datetime.fromtimestamp(row.created_at, dt.UTC).strftime("%d.%m.%Y %H:%M UTC")


def _delta(n: int) -> str:
    return f"+{n}" if n > 0 else str(n).replace("-", "−")


@dataclass(frozen=True)
class GamePage:
    """``/review/<id>``: the stored review, the table at one step, and the learner's mode."""

    game: Game
    board: Board
    drills: Mapping[int, int]  # flag index → position id, for flags already made drills
    solve: bool = False  # «сначала решите сами»: verdicts hidden until a pick
    pick: str = ""
    dropped: int = 0
    categories: Mapping[str, str] = field(default_factory=lambda: CATEGORY_NAMES)

    @property
    def review(self) -> Mapping[str, Any]:
        return self.game.review

    @property
    def flags(self) -> list[Mapping[str, Any]]:
        return list(self.review.get("flags", []))

    @property
    def player(self) -> str:
        name = self.review["players"][self.game.seat]
        return name or f"игрок {self.game.seat + 1}"

    def grouped(self) -> list[tuple[str, list[tuple[int, Mapping[str, Any]]]]]:
        """(category name, [(flag index, flag)]) in the review's order of categories."""
        groups: dict[str, list[tuple[int, Mapping[str, Any]]]] = {}
        for i, flag in enumerate(self.flags):
            groups.setdefault(str(flag["category"]), []).append((i, flag))
        return [(CATEGORY_NAMES.get(c, c), items) for c, items in groups.items()]

    def per_hand(self) -> list[tuple[str, str]]:
        """(hand name, «3 решения») for the hands that have flags, in table order."""
        counts: dict[int, int] = {}
        for flag in self.flags:
            counts[int(flag["hand"])] = counts.get(int(flag["hand"]), 0) + 1
        hands = self.review["hands"]
        return [(self.hand_name(h), count_word(n, "решение", "решения", "решений"))
                for h, n in sorted(counts.items()) if h < len(hands)]

    def hand_name(self, index: int) -> str:
        hand = self.review["hands"][index]
        return f"{round_name(hand['round'])}, хонба {hand['honba']}"

    @staticmethod
    def flag_label(flag: Mapping[str, Any]) -> str:
        """«Раздача 3, событие 17: сброс» — short, for a drill made of the flag."""
        action = ACTION_NAMES.get(str(flag["action"]), str(flag["action"]))
        return f"раздача {int(flag['hand']) + 1}, событие {int(flag['event']) + 1}: {action}"

    def step_url(self, hand: int, step: int, **extra: Any) -> str:
        args = {"hand": hand, "step": step, **extra}
        if self.solve:
            args.setdefault("solve", 1)
        return url_for("review.game", game_id=self.game.id, **args, _anchor="table")

    def flag_url(self, index: int) -> str:
        flag = self.flags[index]
        return self.step_url(int(flag["hand"]), int(flag["event"]))

    @property
    def solve_url(self) -> str:
        """The same step with «сначала решите сами» switched on or off."""
        args: dict[str, Any] = {"hand": self.board.hand_index, "step": self.board.step}
        if not self.solve:
            args["solve"] = 1
        return url_for("review.game", game_id=self.game.id, **args, _anchor="table")

    def pick_url(self, option: str) -> str:
        return self.step_url(self.board.hand_index, self.board.step, pick=option)

    def choices_here(self) -> list[tuple[str, str]]:
        """(value, words) of the moves to pick from at this step's flagged decision."""
        for i in self.board.flags_here:
            position = self.flags[i].get("position", {})
            if position.get("mode") == "choice":
                return [(o, option_words(o)) for o in position.get("options", [])]
            tiles = sorted(set(self.board.hand))
            return [(tile_code(t), tile_name(t)) for t in tiles]
        return []

    def verdict_here(self) -> list[Mapping[str, Any]]:
        return [self.flags[i] for i in self.board.flags_here]

    def words(self, flag: Mapping[str, Any], move: str) -> str:
        """A move of a flag in words: a tile by name, an option of the table in words."""
        if flag.get("position", {}).get("mode") != "choice" and len(move) == 2:
            try:
                return tile_name(parse_tile(move).kinds[0])
            except HandError:
                return move
        return option_words(move)

    @property
    def hidden(self) -> bool:
        """In «сначала решите сами» a verdict stays hidden until the learner picks."""
        return self.solve and not self.pick

    def deltas_text(self, values: Sequence[int]) -> str:
        """«+8000 / −4000 / −2000 / −2000»: one hand's change per seat."""
        return " / ".join(_delta(int(v)) for v in values)

    @property
    def rules_name(self) -> str:
        return RULESET_NAMES.get(self.game.rules, self.game.rules)

    @property
    def kept_note(self) -> str:
        return KEPT_NOTE

    @property
    def differing(self) -> list[tuple[int, Mapping[str, Any]]]:
        return [(i, h) for i, h in enumerate(self.review["hands"]) if h.get("differs")]

    def action_name(self, action: str) -> str:
        return ACTION_NAMES.get(action, action)

    @property
    def flags_count(self) -> str:
        return count_word(len(self.flags), "решение отмечено", "решения отмечены",
                          "решений отмечено")

    @property
    def steps_text(self) -> str:
        return f"шаг {self.board.step} из {self.board.steps}"
