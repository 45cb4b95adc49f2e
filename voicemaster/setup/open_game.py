"""Starting or resuming a game from the command line: deal, key, rules, journal."""

from __future__ import annotations

import random
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from voicemaster.card_files import read_board, read_key
from voicemaster.errors import InputError
from voicemaster.game.actions import Action
from voicemaster.game.cards import Deal, card_key
from voicemaster.game.core import Game
from voicemaster.game.dealing import deal_key
from voicemaster.game.house_rules import HouseRules
from voicemaster.journal import DealtFrom, Journal, JournalLock, LoadedGame, check_journal_path, load_game
from voicemaster.paths import data_home
from voicemaster.referee import judge_clue_word
from voicemaster.setup.dealing import RecentCards, new_deal
from voicemaster.setup.settings import TableChoice
from voicemaster.setup.table_setup import SetupProgress, TableFiles
from voicemaster.voice.refusals import refusal_reason


@dataclass(frozen=True)
class KeyNews:
    """A key card no one at the table has seen (drawn for a physical board, or dealt with the
    cards): what is said (never a path or a command: those are read, not heard) and what is
    shown, with how the spymasters see it."""

    said: str
    shown: str


@dataclass
class OpenGame:
    game: Game
    journal: Journal | None
    resumed: bool
    drawn_key: KeyNews | None = None
    """How the spymasters see a key card the app drew or dealt."""
    dealt: DealtFrom | None = None
    """How it was dealt from a word list; None: a physical table."""

    @property
    def journal_path(self) -> Path | None:
        return self.journal.path if self.journal is not None else None

    def record(self, action: Action) -> None:
        if self.journal is not None:
            self.journal.append(action)

    def close(self) -> None:
        if self.journal is not None:
            self.journal.close()


def deal_from(table: TableChoice) -> Deal:
    """The physical deal when given, else a fresh seeded one from the word list."""
    rng = random.Random(table.seed)
    if table.board is not None:
        if table.deal:
            raise InputError("--board and --deal: play the cards of the board file, or deal from the word list, "
                             "not both")
        cards = read_board(table.board)
        if table.key is not None and table.random_key:
            raise InputError("--key and --random-key: give the key card, or have one drawn, not both")
        if table.key is None and not table.random_key:
            raise InputError(
                f"{table.board} is a deal from the table, so its key card is there too: "
                "pass --key FILE (5 lines of R/B/N/A), or --random-key to have one drawn"
            )
        key = read_key(table.key) if table.key is not None else deal_key(rng)
        return Deal(cards, key)
    if table.key is not None:
        raise InputError("--key needs --board: the key card describes a physical deal")
    return deal_anew(dealt_from(table) or DealtFrom(None, table.seed))


def dealt_from(table: TableChoice) -> DealtFrom | None:
    """How the command line's first game is dealt from a word list; None for a physical table."""
    if table.board is not None or not table.deals:
        return None
    return DealtFrom(None if table.wordlist is None else str(table.wordlist), table.seed)


def next_deal(dealt: DealtFrom) -> DealtFrom:
    """The game after: the next seed's deal (seeded evenings repeat), else a random one."""
    return DealtFrom(dealt.wordlist, None if dealt.seed is None else dealt.seed + 1)


def deal_anew(dealt: DealtFrom) -> Deal:
    """A fresh deal from the word list: the seed's, else one avoiding the cards dealt recently."""
    recent = None if dealt.seed is not None else RecentCards(data_home() / "recent-cards.json")
    return new_deal(None if dealt.wordlist is None else Path(dealt.wordlist), dealt.seed, recent)


def journal_for(journal: Path | None, game: int) -> Path | None:
    """The journal of the evening's `game`-th game: the one given, then the first free
    name beside it with the game's number (tonight.jsonl, tonight.2.jsonl, tonight.3.jsonl)."""
    if journal is None or game == 1:
        return journal
    number = game
    while (path := journal.with_name(f"{journal.stem}.{number}{journal.suffix}")).exists():
        number += 1
    return path


def evening_of(journal: Path | None) -> tuple[Path | None, int]:
    """The first journal of an evening and which game `journal` is in it: tonight.3.jsonl is
    the third of tonight.jsonl, so the game after it goes in tonight.4.jsonl (not
    tonight.3.2.jsonl)."""
    numbered = re.fullmatch(r"(.+)\.(\d+)", journal.stem) if journal is not None else None
    if journal is None or numbered is None or int(numbered[2]) < 2:
        return journal, 1
    return journal.with_name(numbered[1] + journal.suffix), int(numbered[2])


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


def unfinished_setup(journal: Path) -> Path:
    """Where the setup of the table laid out for `journal` is kept until it is finished."""
    return SetupProgress.beside(table_files(journal).board).path


def open_game(
    table: TableChoice, rules: HouseRules, clock: Callable[[], float] = time.monotonic, web: bool = False,
    named: frozenset[str] = frozenset(),
) -> OpenGame:
    """The game the command line names: resumed from its journal, or started on its deal.
    `web`: the spymaster page shows a key drawn at random too. `named`: the house rules the
    run names (Settings.rules_named), which a resumed game does not take, but for the timer."""
    if table.resume:
        opened = _resume(table, clock)
        keep_rules(opened.game, rules, named)
        return opened
    deal = deal_from(table)
    opened = start_game(deal, rules, table.journal, clock, dealt_from(table))
    if table.key is None:
        opened.drawn_key = _show_drawn_key(table, deal, web)
    return opened


def start_game(
    deal: Deal, rules: HouseRules, journal: Path | None, clock: Callable[[], float] = time.monotonic,
    dealt: DealtFrom | None = None,
) -> OpenGame:
    """A new game on `deal` (`dealt` from a word list so), its clues judged by the referee,
    recorded in `journal` when given."""
    game = Game(deal, rules, clock, judge=judge_clue_word)
    return OpenGame(game, Journal.create(journal, deal, rules, dealt) if journal else None, resumed=False, dealt=dealt)


def key_news(drawn: str, command: str, web: bool) -> KeyNews:
    """ "I dealt the cards and the key card: the spymasters' key is on their page." """
    where = "the spymasters' key is on their page" if web else "spymasters, the screen says how to see the key"
    return KeyNews(f"{drawn}: {where}.", f"Spymasters: see the key with {command}"
                   + (" or on the spymaster page." if web else "."))


def dealt_again(deal: Deal, journal: Path | None, web: bool) -> KeyNews:
    """The next game of an evening dealt from a word list: its key, like the first one's."""
    return key_news("I dealt the next cards and their key card", _key_command(journal, None, deal), web)


def _show_drawn_key(table: TableChoice, deal: Deal, web: bool) -> KeyNews:
    """Where the spymasters find a key no one at the table has seen (drawn for a physical
    board, or dealt with the cards from the word list)."""
    drawn = "I drew the key card at random" if table.board is not None else "I dealt the cards and the key card"
    return key_news(drawn, _key_command(table.journal, table.board, deal), web)


def _key_command(journal: Path | None, board: Path | None, deal: Deal) -> str:
    """The command that shows `deal`'s key: the journal holds it; without one it is written
    beside the physical `board` (a dealt table, board and key, in VoiceMaster's data folder,
    apart from a table being laid out there), for `voicemaster key`."""
    if journal is not None:
        return f"voicemaster key --journal {journal}"
    board_file = board or data_home() / "dealt.board.txt"
    key_file = board_file.with_name(f"{board_file.stem}.drawn-key.txt" if board else "dealt.key.txt")
    text = "".join(k.letter for k in deal.key)
    try:
        if board is None:
            board_file.parent.mkdir(parents=True, exist_ok=True)
            board_file.write_text("\n".join(deal.cards) + "\n", encoding="utf-8")
        key_file.write_text("\n".join(text[i : i + 5] for i in range(0, 25, 5)) + "\n", encoding="utf-8")
    except OSError as exc:
        raise InputError(f"cannot write the drawn key card: {exc.strerror}", str(key_file)) from None
    return f"voicemaster key --board {board_file} --key {key_file}"


RULE_LABELS = {"coop": "co-op"}
"""House rules whose field name is not how the table writes them."""


def keep_rules(game: Game, asked: HouseRules, named: frozenset[str]) -> None:
    """A resumed game keeps the house rules it began with (its journal replays under them), and
    says so in one line when the run names others; the timer may change mid-evening, and
    follows the run when it names one."""
    if "timer" in named and asked.timer != game.rules.timer:
        game.retime(asked.timer)
    kept = sorted(name for name in named - {"timer"} if getattr(asked, name) != getattr(game.rules, name))
    if kept:
        said = ", ".join(f"{RULE_LABELS.get(name, name.replace('_', '-'))} {'on' if getattr(game.rules, name) else 'off'}"
                         for name in kept)
        print(f"voicemaster: warning: the resumed game keeps the house rules it began with ({said}); "
              "only the timer follows the command line", file=sys.stderr)


def _resume(table: TableChoice, clock: Callable[[], float]) -> OpenGame:
    if table.journal is None:
        raise InputError("--resume needs --journal FILE: the game to continue")
    check_journal_path(table.journal)
    if not table.journal.exists():
        partial = unfinished_setup(table.journal)
        unfinished = f"; the setup of its table is unfinished ({partial}): play without --resume goes on with it"
        raise InputError("nothing to resume: the journal does not exist" + (unfinished if partial.exists() else ""),
                         str(table.journal))
    lock = JournalLock.take(table.journal)
    try:
        loaded, journal = _reopen(table, table.journal, lock, clock)
    except BaseException:
        lock.release()
        raise
    return OpenGame(loaded.game, journal, resumed=True, dealt=loaded.dealt)


def load_recorded(path: str | Path, clock: Callable[[], float] = time.monotonic) -> LoadedGame:
    """A recorded game, its replay's warnings printed, a refused record's reason in the
    words the table hears ("zebra is not on the table")."""
    loaded = load_game(path, clock, judge=judge_clue_word, refusal=refusal_reason)
    for warning in loaded.warnings:
        print(f"voicemaster: warning: {warning}", file=sys.stderr)
    return loaded


def _reopen(table: TableChoice, path: Path, lock: JournalLock, clock: Callable[[], float]) -> tuple[LoadedGame, Journal]:
    """Load under the lock, so that no other session writes between loading and appending."""
    loaded = load_recorded(path, clock)
    if table.board is not None:
        board = read_board(table.board)
        if [card_key(c) for c in board] != [card_key(c) for c in loaded.game.deal.cards]:
            raise InputError(f"this journal records a game on another board than {table.board}", str(path))
    journal = Journal.resume(path, loaded, lock)
    if journal.set_aside is not None:
        print(f"voicemaster: warning: {path}: the lines that did not replay are kept in {journal.set_aside}",
              file=sys.stderr)
    return loaded, journal
