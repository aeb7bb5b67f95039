"""``python -m engine``: waits, furiten, shanten and scoring explained in Russian.

Commands (``--json`` prints what the batch command would answer)::

    python -m engine waits 1112345678999m [--melds pon:555z ...] [--json]
    python -m engine furiten 23456m456p789s11z --discards 1m --missed 4m [--riichi ...]
    python -m engine shanten 123m456p789s1122z
    python -m engine score 123m456p789s234p55s --win 5s --ron --riichi --dora 4s
    python -m engine batch < requests.jsonl
    python -m engine review game.json --seat 0 [--rules online] [--json]

Exit codes: 0 — answered; 2 — bad input (unknown option, bad tiles, an
impossible situation, a hand that is not a win or has no yaku). The message
goes to stderr in Russian; there is never a traceback.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from engine import batch
from engine.cli.render_text import render_furiten, render_score, render_shanten, render_waits
from engine.cli.review_text import render_review
from engine.errors import HandError
from engine.hand import parse_hand
from engine.review import review
from engine.rules.sets import RULESETS, get_ruleset
from engine.shape.furiten import check_furiten
from engine.shape.shanten import exhausted_tiles, improving_tiles, shanten
from engine.shape.waits import find_waits
from engine.table.logs import read_log
from engine.text import messages as msg

MAX_LOG_BYTES = 8 * 2**20  # an mjai hanchan is a few MB at most; a bigger file is not a log
_SITUATION_FLAGS = (
    "riichi", "double_riichi", "ippatsu", "rinshan", "chankan",
    "haitei", "houtei", "tenhou", "chiihou", "renhou",
)


def _translate(message: str) -> str:
    """argparse's English error in Russian (by the patterns of messages.CLI_ARGPARSE_ERRORS)."""
    for pattern, template in msg.CLI_ARGPARSE_ERRORS:
        found = re.fullmatch(pattern, message)
        if found:
            return template.format(**found.groupdict())
    return message


class _Formatter(argparse.HelpFormatter):
    def add_usage(self, usage: Any, actions: Any, groups: Any, prefix: str | None = None) -> None:
        prefix = msg.CLI_USAGE_PREFIX if prefix is None else prefix
        super().add_usage(usage, actions, groups, prefix)


class _Parser(argparse.ArgumentParser):
    """ArgumentParser that speaks Russian and exits 2 with a one-line message."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        kwargs["add_help"] = False  # our own -h with a Russian help line
        super().__init__(*args, **kwargs)
        self._positionals.title = msg.CLI_ARGS_TITLE
        self._optionals.title = msg.CLI_ARGS_TITLE
        self.add_argument("-h", "--help", action="help", help=msg.CLI_HELP)

    def error(self, message: str) -> NoReturn:
        command = self.prog.removeprefix("python -m engine").strip()
        sys.stderr.write(msg.CLI_ERROR.format(text=_translate(message)) + "\n")
        sys.stderr.write(msg.CLI_ERROR_HINT.format(command=command).replace("  ", " ") + "\n")
        raise SystemExit(2)


def _hand_args(parser: argparse.ArgumentParser) -> None:
    help_ = msg.CLI_ARG_HELP
    meta = msg.CLI_METAVARS
    parser.add_argument("hand", metavar=meta["hand"], help=help_["hand"])
    parser.add_argument(
        "--melds", nargs="+", action="extend", default=[], metavar=meta["meld"], help=help_["melds"]
    )
    parser.add_argument("--json", action="store_true", help=help_["json"])


def _score_args(parser: argparse.ArgumentParser) -> None:
    help_, meta = msg.CLI_ARG_HELP, msg.CLI_METAVARS
    parser.add_argument("--win", required=True, metavar=meta["tile"], help=help_["win"])
    how = parser.add_mutually_exclusive_group(required=True)
    how.add_argument("--ron", action="store_true", help=help_["ron"])
    how.add_argument("--tsumo", action="store_true", help=help_["tsumo"])
    for flag in _SITUATION_FLAGS:
        parser.add_argument("--" + flag.replace("_", "-"), action="store_true", help=help_[flag])
    parser.add_argument("--seat", default="E", metavar=meta["wind"], help=help_["seat"])
    parser.add_argument("--round", default="E", metavar=meta["wind"], help=help_["round"])
    parser.add_argument("--dora", default="", metavar=meta["tiles"], help=help_["dora"])
    parser.add_argument("--ura", default="", metavar=meta["tiles"], help=help_["ura"])
    parser.add_argument("--honba", type=int, default=0, metavar="N", help=help_["honba"])
    parser.add_argument("--sticks", type=int, default=0, metavar="N", help=help_["sticks"])
    parser.add_argument("--rules", default="online", choices=sorted(RULESETS), help=help_["rules"])
    parser.add_argument("--red-fives", choices=("on", "off"), help=help_["red_fives"])


def _furiten_args(parser: argparse.ArgumentParser) -> None:
    help_, tiles = msg.CLI_ARG_HELP, msg.CLI_METAVARS["tiles"]
    parser.add_argument("--discards", default="", metavar=tiles, help=help_["discards"])
    parser.add_argument("--missed", default="", metavar=tiles, help=help_["missed"])
    parser.add_argument("--riichi", action="store_true", help=help_["riichi"])
    parser.add_argument("--since-riichi", default="", metavar=tiles, help=help_["since_riichi"])


def _review_args(parser: argparse.ArgumentParser) -> None:
    help_ = msg.CLI_ARG_HELP
    parser.add_argument("file", metavar=msg.CLI_METAVARS["file"], help=help_["file"])
    parser.add_argument("--seat", type=int, required=True, choices=range(4), metavar="N",
                        help=help_["review_seat"])
    parser.add_argument("--rules", default="online", choices=sorted(RULESETS), help=help_["rules"])
    parser.add_argument("--json", action="store_true", help=help_["json"])


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``python -m engine`` (Russian help, exit 2 on errors)."""
    parser = _Parser(
        prog="python -m engine", description=msg.CLI_DESCRIPTION, epilog=msg.CLI_EPILOG
    )
    sub = parser.add_subparsers(
        dest="command",
        required=True,
        title=msg.CLI_COMMANDS_TITLE,
        metavar=msg.CLI_COMMAND_METAVAR,
        parser_class=_Parser,
    )
    for name, help_text in msg.CLI_COMMAND_HELP.items():
        command = sub.add_parser(name, help=help_text, description=help_text)
        if name == "review":
            _review_args(command)
        elif name != "batch":
            _hand_args(command)
        if name == "furiten":
            _furiten_args(command)
        if name == "score":
            _score_args(command)
    return parser


def _json(obj: object) -> str:
    return json.dumps(obj, ensure_ascii=False)


def _waits(args: argparse.Namespace) -> str:
    fields = {"hand": args.hand, "melds": args.melds}
    if args.json:
        return _json(batch.HANDLERS["waits"](fields))
    return render_waits(find_waits(parse_hand(args.hand, args.melds, size=13)))


def _furiten(args: argparse.Namespace) -> str:
    fields = {
        "hand": args.hand,
        "melds": args.melds,
        "discards": args.discards,
        "missed": args.missed,
        "riichi": args.riichi,
        "missed_since_riichi": args.since_riichi,
    }
    if args.json:
        return _json(batch.HANDLERS["furiten"](fields))
    hand = parse_hand(args.hand, args.melds, size=13)
    kinds = batch.tile_kinds
    result = check_furiten(
        hand,
        discards=kinds(args.discards),
        missed=kinds(args.missed),
        riichi=args.riichi,
        missed_since_riichi=kinds(args.since_riichi),
    )
    return render_furiten(hand, result)


def _shanten(args: argparse.Namespace) -> str:
    hand = parse_hand(args.hand, args.melds)
    result = shanten(hand)
    improving = improving_tiles(hand) if hand.size == 13 else ()
    exhausted = exhausted_tiles(hand) if hand.size == 13 else ()
    if args.json:
        return _json(
            {
                "standard": result.standard,
                "chiitoitsu": result.chiitoitsu,
                "kokushi": result.kokushi,
                "minimum": result.minimum,
                "improving": [{"tile": batch.tile_codes([i.tile])[0], "remaining": i.remaining}
                              for i in improving],
                "exhausted": batch.tile_codes(exhausted),
            }
        )
    return render_shanten(hand, result, improving, exhausted)


def _score(args: argparse.Namespace) -> str:
    fields: dict[str, Any] = {flag: getattr(args, flag) for flag in _SITUATION_FLAGS}
    fields.update(
        hand=args.hand, melds=args.melds, win_tile=args.win, tsumo=args.tsumo,
        seat_wind=args.seat, round_wind=args.round, dora_indicators=args.dora,
        ura_indicators=args.ura, honba=args.honba, riichi_sticks=args.sticks, rules=args.rules,
    )
    rules = get_ruleset(args.rules)
    if args.red_fives is not None:
        rules = rules.with_options(red_fives=args.red_fives == "on")
    result = batch.score_fields(fields, rules)
    if args.json:
        return _json(result.to_json())
    hand = parse_hand(args.hand, args.melds, size=14)
    return render_score(hand, result, batch.situation_from(fields), rules=rules.name)


def _batch(_args: argparse.Namespace) -> str | None:
    batch.main_batch()
    return None


def _review(args: argparse.Namespace) -> str:
    """Read the file as it is (the log's format is told from its content) and review the seat."""
    try:
        with open(args.file, "rb") as handle:
            data = handle.read(MAX_LOG_BYTES + 1)
    except OSError as err:
        reason = msg.CLI_FILE_REASONS.get(type(err).__name__, msg.CLI_FILE_REASONS["OSError"])
        raise HandError(msg.CLI_FILE_UNREADABLE.format(path=args.file, reason=reason)) from None
    if len(data) > MAX_LOG_BYTES:
        raise HandError(msg.CLI_FILE_TOO_LARGE.format(path=args.file, limit=MAX_LOG_BYTES // 2**20))
    log = read_log(data)
    found = review(log, args.seat, args.rules)
    if args.json:
        return _json(found.to_json())
    return render_review(found, log, args.seat, args.rules)


COMMANDS: dict[str, Callable[[argparse.Namespace], str | None]] = {
    "waits": _waits,
    "furiten": _furiten,
    "shanten": _shanten,
    "score": _score,
    "batch": _batch,
    "review": _review,
}


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; return the exit code (0 answered, 2 bad input)."""
    args = build_parser().parse_args(argv)
    try:
        text = COMMANDS[args.command](args)
    except HandError as err:
        sys.stderr.write(msg.CLI_ERROR.format(text=err.message) + "\n")
        return 2
    if text is not None:
        sys.stdout.write(text + "\n")
    return 0
