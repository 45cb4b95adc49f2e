"""Starting or resuming a game from the command line: deal, key, rules, journal."""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from voicemaster.card_files import read_board, read_key
from voicemaster.errors import InputError
from voicemaster.game.actions import Action
from voicemaster.game.cards import Deal, card_key
from voicemaster.game.core import Game
from voicemaster.game.dealing import deal_key
from voicemaster.game.house_rules import HouseRules
from voicemaster.journal import Journal, JournalLock, check_journal_path, load_game
from voicemaster.paths import data_home
from voicemaster.referee import judge_clue_word
from voicemaster.setup.dealing import RecentCards, new_deal
from voicemaster.setup.table_setup import SetupProgress, TableFiles


@dataclass
class OpenGame:
    game: Game
    journal: Journal | None
    resumed: bool
    drawn_key: str | None = None
    """How the spymasters see a key card the app drew for a physical board (--random-key)."""

    def record(self, action: Action) -> None:
        if self.journal is not None:
            self.journal.append(action)

    def close(self) -> None:
        if self.journal is not None:
            self.journal.close()


def add_deal_arguments(parser: argparse.ArgumentParser) -> None:
    g = parser.add_argument_group("the deal")
    g.add_argument("--board", type=Path, help="25 lines, one card each (a physical deal)")
    g.add_argument("--key", type=Path, help="5 lines of 5 letters R/B/N/A (the physical key card)")
    g.add_argument("--random-key", action="store_true",
                   help="with --board and no key card: draw the key at random (the spymasters see it with `voicemaster key`)")
    g.add_argument("--deal", action="store_true",
                   help="deal from the word list (without --board or a deal, the table is laid out by voice first)")
    g.add_argument("--wordlist", type=Path, help="deal from this word list instead of the default")
    g.add_argument("--seed", type=int, help="deal (and key) from this seed, for a repeatable game")
    g.add_argument("--journal", type=Path, help="record the game in this file")
    g.add_argument("--resume", action="store_true", help="continue the game recorded in --journal")


def deal_from(args: argparse.Namespace, config: dict[str, Any]) -> Deal:
    """The physical deal when given, else a fresh seeded one from the word list."""
    rng = random.Random(args.seed)
    if args.board is not None:
        cards = read_board(args.board)
        if args.key is not None and args.random_key:
            raise InputError("--key and --random-key: give the key card, or have one drawn, not both")
        if args.key is None and not args.random_key:
            raise InputError(
                f"{args.board} is a deal from the table, so its key card is there too: "
                "pass --key FILE (5 lines of R/B/N/A), or --random-key to have one drawn"
            )
        key = read_key(args.key) if args.key is not None else deal_key(rng)
        return Deal(cards, key)
    if args.key is not None:
        raise InputError("--key needs --board: the key card describes a physical deal")
    recent = None if args.seed is not None else RecentCards(data_home() / "recent-cards.json")
    return new_deal(args.wordlist or configured_wordlist(config), args.seed, recent)


def deals(args: argparse.Namespace, config: dict[str, Any]) -> bool:
    """The game is dealt from a word list (--deal, --wordlist, --seed, or a word list in the config)."""
    return bool(args.deal or args.wordlist is not None or args.seed is not None or config.get("wordlist") is not None)


def lays_out_table(args: argparse.Namespace, config: dict[str, Any]) -> bool:
    """`play` with neither a board nor a deal (nor a game to resume) lays out the table first.
    A key card without its board is refused by `deal_from`, as before."""
    return not (args.resume or args.board is not None or args.key is not None or deals(args, config))


def journal_for(journal: Path | None, game: int) -> Path | None:
    """The journal of the evening's `game`-th game: the one given, then the first free
    name beside it with the game's number (tonight.jsonl, tonight.2.jsonl, tonight.3.jsonl)."""
    if journal is None or game == 1:
        return journal
    number = game
    while (path := journal.with_name(f"{journal.stem}.{number}{journal.suffix}")).exists():
        number += 1
    return path


def check_new_journal(journal: Path | None) -> None:
    """Before a table is laid out for it: a journal that already records a game is refused now."""
    if journal is None:
        return
    check_journal_path(journal)
    if journal.exists() and journal.stat().st_size > 0:
        raise InputError("a game is already recorded here; add --resume to continue it, or choose another file", str(journal))


def table_files(journal: Path | None) -> TableFiles:
    """Where `play` keeps the table it lays out: beside the journal (tonight.board.txt,
    tonight.key.txt), else in VoiceMaster's data folder."""
    base = journal if journal is not None else data_home() / "table.jsonl"
    return TableFiles(base.with_name(f"{base.stem}.board.txt"), base.with_name(f"{base.stem}.key.txt"))


def configured_wordlist(config: dict[str, Any]) -> Path | None:
    """`wordlist = "..."` in the config file (checked by load_config); a relative path is
    relative to that file."""
    value = config.get("wordlist")
    if value is None:
        return None
    source = str(config.get("_path", "config"))
    path = Path(str(value)).expanduser()
    return path if path.is_absolute() else Path(source).parent / path


def open_game(
    args: argparse.Namespace,
    rules: HouseRules,
    config: dict[str, Any],
    clock: Callable[[], float] = time.monotonic,
) -> OpenGame:
    if args.resume:
        return _resume(args, clock)
    deal = deal_from(args, config)
    opened = start_game(deal, rules, args.journal, clock)
    if args.board is not None and args.key is None:
        opened.drawn_key = _show_drawn_key(args, deal)
    return opened


def start_game(
    deal: Deal, rules: HouseRules, journal: Path | None, clock: Callable[[], float] = time.monotonic
) -> OpenGame:
    """A new game on `deal`, its clues judged by the referee, recorded in `journal` when given."""
    game = Game(deal, rules, clock, judge=judge_clue_word)
    return OpenGame(game, Journal.create(journal, deal, rules) if journal else None, resumed=False)


def _show_drawn_key(args: argparse.Namespace, deal: Deal) -> str:
    """Where the spymasters find the key drawn for a physical board: the journal holds
    it; without one it is written beside the board, for `voicemaster key`."""
    pages = " or on the spymaster page" if getattr(args, "web", None) is not None else ""
    if args.journal is not None:
        command = f"voicemaster key --journal {args.journal}"
    else:
        key_file = args.board.with_name(f"{args.board.stem}.drawn-key.txt")
        text = "".join(k.letter for k in deal.key)
        try:
            key_file.write_text("\n".join(text[i : i + 5] for i in range(0, 25, 5)) + "\n", encoding="utf-8")
        except OSError as exc:
            raise InputError(f"cannot write the drawn key card: {exc.strerror}", str(key_file)) from None
        command = f"voicemaster key --board {args.board} --key {key_file}"
    return f"I drew the key card at random. Spymasters: see it with {command}{pages}."


def _resume(args: argparse.Namespace, clock: Callable[[], float]) -> OpenGame:
    if args.journal is None:
        raise InputError("--resume needs --journal FILE: the game to continue")
    check_journal_path(args.journal)
    if not args.journal.exists():
        partial = SetupProgress.beside(table_files(args.journal).board).path
        unfinished = f"; the setup of its table is unfinished ({partial}): play without --resume goes on with it"
        raise InputError("nothing to resume: the journal does not exist" + (unfinished if partial.exists() else ""),
                         str(args.journal))
    lock = JournalLock.take(args.journal)
    try:
        game, journal = _reopen(args, lock, clock)
    except BaseException:
        lock.release()
        raise
    return OpenGame(game, journal, resumed=True)


def _reopen(args: argparse.Namespace, lock: JournalLock, clock: Callable[[], float]) -> tuple[Game, Journal]:
    """Load under the lock, so that no other session writes between loading and appending."""
    loaded = load_game(args.journal, clock, judge=judge_clue_word)
    for warning in loaded.warnings:
        print(f"voicemaster: warning: {warning}", file=sys.stderr)
    if args.board is not None:
        board = read_board(args.board)
        if [card_key(c) for c in board] != [card_key(c) for c in loaded.game.deal.cards]:
            raise InputError(f"this journal records a game on another board than {args.board}", str(args.journal))
    journal = Journal.resume(args.journal, loaded, lock)
    if journal.set_aside is not None:
        print(f"voicemaster: warning: {args.journal}: the lines that did not replay are kept in {journal.set_aside}",
              file=sys.stderr)
    return loaded.game, journal
