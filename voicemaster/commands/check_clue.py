"""`voicemaster check-clue`: the referee's verdict on clues against a board (SPEC §3)."""

from __future__ import annotations

import argparse
import json

from voicemaster.errors import InputError
from voicemaster.game.cards import card_key
from voicemaster.game.files import read_board
from voicemaster.game.house_rules import RULE_NAMES, HouseRules, UnknownHouseRule
from voicemaster.referee import judge_clue
from voicemaster.referee.verdict import ClueVerdict


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "check-clue",
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
    parser.add_argument("clues", metavar="CLUE", nargs="*", help='a clue as said: "ocean two", "pack rat 3"')
    parser.set_defaults(run=run)


def _split_rules_from_clues(items: list[str]) -> tuple[list[str], list[str]]:
    """`--house-rules allow-rhymes cat` also swallows the clue: give it back.

    Items after the last rule name are clues. With no rule name at all, every
    item stays a rule, so that a typo is reported rather than judged as a clue.
    """
    known = set(RULE_NAMES)
    rules = [i for i, item in enumerate(items) if "," in item or item.strip() in known]
    if not rules:
        return items, []
    return items[: rules[-1] + 1], items[rules[-1] + 1 :]


def _visible(board: tuple[str, ...], covered_args: list[str]) -> list[str]:
    on_board = {card_key(card): card for card in board}
    covered: set[str] = set()
    for item in covered_args:
        for word in filter(None, (w.strip() for w in item.split(","))):
            if card_key(word) not in on_board:
                raise InputError(f"--covered: '{word}' is not a card on the board")
            covered.add(card_key(word))
    return [card for card in board if card_key(card) not in covered]


def _readable(clue: str, verdict: ClueVerdict) -> str:
    if verdict.verdict == "legal":
        return f"{clue}: legal"
    return f"{clue}: {verdict.verdict} ({verdict.rule}) - {verdict.reason}"


def run(args: argparse.Namespace) -> int:
    rule_items, extra_clues = _split_rules_from_clues(list(args.house_rules))
    try:
        rules = HouseRules.from_names(rule_items)
    except UnknownHouseRule as exc:
        raise InputError(str(exc)) from None
    clues = list(args.clues) + extra_clues
    if not clues:
        raise InputError("give at least one clue to check")
    visible = _visible(read_board(args.board), args.covered)
    for clue in clues:
        verdict = judge_clue(
            clue,
            visible,
            allow_rhymes=rules.allow_rhymes,
            allow_compound=rules.allow_compound_clues,
        )
        print(json.dumps(verdict.to_json(clue)) if args.json else _readable(clue, verdict), flush=True)
    return 0
