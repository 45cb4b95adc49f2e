"""Deals from word-list files, and fresh cards across consecutive games (remembered on disk)."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from voicemaster.card_files import read_wordlist
from voicemaster.game.cards import Deal, card_key
from voicemaster.game.dealing import deal_cards, deal_key
from voicemaster.sharing import write_whole


def bundled_wordlist(name: str = "default") -> Path:
    """A word list shipped with VoiceMaster (wordlists/ of the project, carried inside the wheel)."""
    return Path(str(resources.files("voicemaster.wordlists") / f"{name}.txt"))


@dataclass
class RecentCards:
    """Cards of the last games, kept on disk so the next game deals others."""

    path: Path
    games_kept: int = 3

    def load(self) -> set[str]:
        try:
            games = json.loads(self.path.read_text())
            return {card_key(c) for game in games[-self.games_kept :] for c in game}
        except (OSError, ValueError, TypeError):
            return set()

    def remember(self, cards: tuple[str, ...]) -> None:
        """Best effort: a read-only home must not stop a game from starting. Written whole, so
        a game starting meanwhile in another process never reads half a file."""
        try:
            games = json.loads(self.path.read_text())
            if not isinstance(games, list):
                games = []
        except (OSError, ValueError):
            games = []
        games = (games + [list(cards)])[-self.games_kept :]
        try:
            write_whole(self.path, json.dumps(games).encode())
        except OSError:
            pass


def new_deal(
    wordlist: Path | None = None, seed: int | None = None, recent: RecentCards | None = None
) -> Deal:
    """Cards from the word list (fresh ones first) and a random key, both from one seed."""
    rng = random.Random(seed)
    words = read_wordlist(wordlist or bundled_wordlist())
    avoid = recent.load() if recent else set()
    cards = deal_cards(words, rng, avoid)
    if recent:
        recent.remember(cards)
    return Deal(cards, deal_key(rng))
