"""`voicemaster check-clue`: the referee's verdict on clues against a board (SPEC §3)."""

from __future__ import annotations

import argparse
import json
from typing import Callable

from voicemaster.card_files import read_board
from voicemaster.errors import InputError
from voicemaster.game.cards import card_key
from voicemaster.game.house_rules import RULE_NAMES, HouseRules, UnknownHouseRule
from voicemaster.referee import judge_clue
from voicemaster.game.clue_judge import ClueVerdict


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "check-clue",
        usage="voicemaster check-clue [-h] --board FILE [--covered W1,W2] [--house-rules RULE ...] [--json] CLUE [CLUE ...]",
        help="judge clues against a board, as the referee would",
        description="Judge each clue against the board's uncovered cards: legal, illegal, "
        "or ask (the opposing spymaster decides). One JSON line per clue with --json.",
    )
    parser.add_argument("--board", metavar="FILE", required=True, help="board file: 25 lines, one card each")
    parser.add_argument(
        "--covered",
        metavar="W1,W2",
        action="append",
        default=[],
        help="cards already covered (their words are free to use); comma-separated, repeatable",
    )
    parser.add_argument(
        "--house-rules",
        metavar="RULE",
        nargs="+",
        action="extend",
        default=[],
        help=f"house rules, comma- or space-separated: {', '.join(RULE_NAMES)}",
    )
    parser.add_argument("--json", action="store_true", help="one JSON object per clue")
    parser.add_argument("clues", metavar="CLUE", nargs="*", help='a clue as said: "ocean two", "pack rat 3" (two words only with allow-compound-clues)')
    parser.set_defaults(run=run)


def _give_back_clues(items: list[str], belongs: Callable[[str], bool]) -> tuple[list[str], list[str]]:
    """An option taking several values also swallows the clues after it
    (`--house-rules allow-rhymes cat`): items after the last one that belongs
    to the option are clues. When none belongs, all stay, so that a typo is
    reported rather than judged as a clue."""
    owned = [i for i, item in enumerate(items) if "," in item or belongs(item.strip())]
    if not owned:
        return items, []
    return items[: owned[-1] + 1], items[owned[-1] + 1 :]


def _visible(board: tuple[str, ...], covered_items: list[str]) -> list[str]:
    on_board = {card_key(card) for card in board}
    covered: set[str] = set()
    for item in covered_items:
        for word in filter(None, (w.strip() for w in item.split(","))):
            if card_key(word) not in on_board:
                raise InputError(f"--covered: '{word}' is not a card on the board")
            covered.add(card_key(word))
    return [card for card in board if card_key(card) not in covered]


def _readable(clue: str, verdict: ClueVerdict) -> str:
    clue = clue.strip() or '""'
    if verdict.verdict == "legal":
        return f"{clue}: legal"
    return f"{clue}: {verdict.verdict} ({verdict.rule}) - {verdict.reason}"


def run(args: argparse.Namespace) -> int:
    rule_items, clues_after_rules = _give_back_clues(list(args.house_rules), RULE_NAMES.__contains__)
    try:
        rules = HouseRules.from_names(rule_items)
    except UnknownHouseRule as exc:
        raise InputError(str(exc)) from None
    board = read_board(args.board)
    clues = list(args.clues) + clues_after_rules
    if not clues:
        raise InputError("give at least one clue to check")
    visible = _visible(board, args.covered)
    for clue in clues:
        verdict = judge_clue(
            clue,
            visible,
            allow_rhymes=rules.allow_rhymes,
            allow_compound=rules.allow_compound_clues,
            referee_asks=rules.referee_asks,
        )
        print(json.dumps(verdict.to_json(clue)) if args.json else _readable(clue, verdict), flush=True)
    return 0
