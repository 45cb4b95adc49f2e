"""Dealing cards and key cards from a random generator: seeded, so a deal can be repeated."""

from __future__ import annotations

import random
from collections.abc import Collection

from voicemaster.game.cards import Identity, Team, card_key


def deal_key(rng: random.Random, starting: Team | None = None) -> tuple[Identity, ...]:
    """A random key card: the starting team (random unless given) has 9 agents."""
    first = starting or rng.choice([Team.RED, Team.BLUE])
    key = [Identity.of_team(first)] * 9 + [Identity.of_team(first.other)] * 8
    key += [Identity.BYSTANDER] * 7 + [Identity.ASSASSIN]
    rng.shuffle(key)
    return tuple(key)


def deal_cards(words: tuple[str, ...], rng: random.Random, avoid: Collection[str] = ()) -> tuple[str, ...]:
    """25 cards, none from `avoid` while the list has enough others."""
    fresh = [w for w in words if card_key(w) not in avoid]
    pool = fresh if len(fresh) >= 25 else list(words)
    return tuple(rng.sample(pool, 25))
