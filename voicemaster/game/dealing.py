"""Dealing cards and key cards: seeded, and fresh cards across consecutive games."""

from __future__ import annotations

import json
import random
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path

from voicemaster.game.cards import Deal, Identity, Team, card_key
from voicemaster.game.files import check_key_counts, read_wordlist

WORDLISTS = Path(__file__).resolve().parents[2] / "wordlists"
DEFAULT_WORDLIST = WORDLISTS / "default.txt"


def deal_key(rng: random.Random, starting: Team | None = None) -> tuple[Identity, ...]:
    """A random key card: the starting team (random unless given) has 9 agents."""
    first = starting or rng.choice([Team.RED, Team.BLUE])
    key = [Identity.of_team(first)] * 9 + [Identity.of_team(first.other)] * 8
    key += [Identity.BYSTANDER] * 7 + [Identity.ASSASSIN]
    rng.shuffle(key)
    result = tuple(key)
    check_key_counts(result, "dealt key")
    return result


def deal_cards(words: tuple[str, ...], rng: random.Random, avoid: Collection[str] = ()) -> tuple[str, ...]:
    """25 cards, none from `avoid` while the list has enough others."""
    fresh = [w for w in words if card_key(w) not in avoid]
    pool = fresh if len(fresh) >= 25 else list(words)
    return tuple(rng.sample(pool, 25))


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
        try:
            games = json.loads(self.path.read_text())
            if not isinstance(games, list):
                games = []
        except (OSError, ValueError):
            games = []
        games = (games + [list(cards)])[-self.games_kept :]
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.path.write_text(json.dumps(games))
        except OSError:
            pass


def new_deal(
    wordlist: Path | None = None, seed: int | None = None, recent: RecentCards | None = None
) -> Deal:
    """Cards from the word list (fresh ones first) and a random key, both from one seed."""
    rng = random.Random(seed)
    words = read_wordlist(wordlist or DEFAULT_WORDLIST)
    avoid = recent.load() if recent else set()
    cards = deal_cards(words, rng, avoid)
    if recent:
        recent.remember(cards)
    return Deal(cards, deal_key(rng))
