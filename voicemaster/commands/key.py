"""`voicemaster key`: the spymasters' key view, on its own screen."""

from __future__ import annotations

import argparse

from rich.console import Console

from voicemaster.card_files import read_board, read_key
from voicemaster.display.key_view import render_key
from voicemaster.errors import InputError
from voicemaster.game.snapshot import CardView
from voicemaster.setup.open_game import load_recorded


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "key",
        help="show the spymasters' key card (never on the public display)",
        description="Show every card with its identity, for the spymasters' eyes only: "
        "from a board and key file, or from a game's journal (covered cards marked).",
    )
    parser.add_argument("--board", metavar="FILE", help="board file: 25 lines, one card each")
    parser.add_argument("--key", metavar="FILE", help="key file: 5 lines of 5 letters R/B/N/A")
    parser.add_argument("--journal", metavar="FILE", help="a game's journal")
    parser.set_defaults(run=run)


def key_cards(board_path: str, key_path: str) -> tuple[CardView, ...]:
    """A fresh deal from files: nothing covered yet."""
    board = read_board(board_path)
    key = read_key(key_path)
    return tuple(CardView(word=w, identity=k, covered=False) for w, k in zip(board, key))


def journal_cards(path: str) -> tuple[CardView, ...]:
    """The game as recorded: covered cards marked."""
    loaded = load_recorded(path)
    return loaded.game.snapshot().cards


def run(args: argparse.Namespace) -> int:
    if args.journal and not (args.board or args.key):
        cards = journal_cards(args.journal)
    elif args.board and args.key and not args.journal:
        cards = key_cards(args.board, args.key)
    else:
        raise InputError("give either --board FILE and --key FILE, or --journal FILE")
    Console().print(render_key(cards))
    return 0
