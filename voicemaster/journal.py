"""Append-only journal: the deal, the house rules and every action, one JSON line each.

Each record is flushed and fsynced before the game moves on, so a crash loses at most
the action being written; a torn last line is dropped with a warning on load. The game
is rebuilt by replaying the actions through the rules core.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from voicemaster.errors import InputError
from voicemaster.game.actions import Action, action_from_json, action_to_json
from voicemaster.game.cards import KEY_LETTERS, Deal, key_problem
from voicemaster.game.core import Game
from voicemaster.game.errors import GameError
from voicemaster.game.events import GameEvent, GameStarted
from voicemaster.game.house_rules import HouseRules

FORMAT = "voicemaster-journal"
VERSION = 1


@dataclass
class LoadedGame:
    game: Game
    events: list[GameEvent]
    """Every event of the game so far, replayed."""
    warnings: list[str] = field(default_factory=list)
    good_bytes: int = 0
    """Length of the intact part of the file (a torn tail lies beyond it)."""


class Journal:
    """An open journal file that records actions as they are applied."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._file = open(path, "ab")

    @staticmethod
    def create(path: str | Path, deal: Deal, rules: HouseRules) -> "Journal":
        target = Path(path)
        if target.exists() and target.stat().st_size > 0:
            raise InputError("a game is already recorded here; add --resume to continue it, or choose another file", str(path))
        header = {
            "format": FORMAT,
            "version": VERSION,
            "cards": list(deal.cards),
            "key": "".join(k.letter for k in deal.key),
            "rules": rules.to_json(),
            "created": time.time(),
        }
        try:
            journal = Journal(target)
        except OSError as exc:
            raise InputError(f"cannot write the journal: {exc.strerror}", str(path)) from None
        journal._write(header)
        return journal

    @staticmethod
    def resume(path: str | Path, loaded: LoadedGame) -> "Journal":
        """Reopen for appending, cutting off a torn last line first."""
        target = Path(path)
        with open(target, "r+b") as f:
            size = f.seek(0, os.SEEK_END)
            f.truncate(min(loaded.good_bytes, size))
            f.seek(-1, os.SEEK_END)
            if f.read(1) != b"\n":
                f.write(b"\n")
        return Journal(target)

    def append(self, action: Action) -> None:
        self._write({**action_to_json(action), "t": time.time()})

    def _write(self, record: dict[str, object]) -> None:
        self._file.write(json.dumps(record).encode() + b"\n")
        self._file.flush()
        os.fsync(self._file.fileno())

    def close(self) -> None:
        self._file.close()


def _parse_header(line: bytes, path: str) -> tuple[Deal, HouseRules]:
    try:
        header = json.loads(line)
        if header.get("format") != FORMAT:
            raise ValueError
    except (ValueError, AttributeError):
        raise InputError("not a VoiceMaster journal", path, 1) from None
    if not isinstance(header.get("version"), int) or header["version"] > VERSION:
        raise InputError(
            f"journal format version {header.get('version')} is newer than this VoiceMaster understands ({VERSION}); upgrade VoiceMaster",
            path, 1,
        )
    try:
        key = tuple(KEY_LETTERS[c] for c in header["key"])
        cards = tuple(str(c) for c in header["cards"])
        if len(cards) != 25 or len(key) != 25:
            raise ValueError("a journal's deal has 25 cards")
        problem = key_problem(key)
        if problem is not None:
            raise InputError(problem, path)
        rules = HouseRules.from_json(header["rules"])
    except (KeyError, TypeError, ValueError) as exc:
        raise InputError(f"damaged journal header ({exc})", path, 1) from None
    return Deal(cards, key), rules


def load_game(path: str | Path, clock: Callable[[], float] = time.monotonic) -> LoadedGame:
    """Rebuild the game from its journal; InputError when it cannot be trusted."""
    name = str(path)
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        raise InputError("journal not found", name) from None
    except OSError as exc:
        raise InputError(f"cannot read the journal: {exc.strerror}", name) from None
    lines = data.split(b"\n")
    if not data.strip():
        raise InputError("the journal is empty", name)
    deal, rules = _parse_header(lines[0], name)
    game = Game(deal, rules, clock)
    loaded = LoadedGame(game, [GameStarted(deal.starting_team, rules.coop)], good_bytes=len(lines[0]) + 1)
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        torn = number == len(lines)
        try:
            action = action_from_json(json.loads(line))
        except (ValueError, KeyError, TypeError) as exc:
            if torn:
                loaded.warnings.append(f"{name} line {number}: incomplete last record dropped (the game stopped while writing it)")
                break
            raise InputError(f"damaged record ({exc})", name, number) from None
        try:
            loaded.events += game.apply(action)
        except GameError as exc:
            raise InputError(f"record does not fit the game ({exc})", name, number) from None
        loaded.good_bytes += len(line) + 1
    return loaded
