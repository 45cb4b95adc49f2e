"""Clues about letters, letter counts, table positions and rhymes."""

from __future__ import annotations

from voicemaster.referee.sounds import rhymes
from voicemaster.vocabulary import spoken_number

POSITION_WORDS = frozenset(
    """corner corners top bottom left right middle center centre row rows column columns
    edge edges side sides diagonal diagonally upper lower above below beside adjacent
    neighbor neighbour neighbors neighbours grid first second third fourth fifth last""".split()
)
"""Words that can point at places in the 5x5 grid; the opposing spymaster decides."""


def letter_count(card: str) -> int:
    return sum(ch.isalpha() for ch in card)


MAX_NAMED = 3


def spoken_list(cards: list[str]) -> str:
    """BUG, BED and BOW; past three cards, the rest are counted, not named."""
    names = [c.upper() for c in cards[:MAX_NAMED]]
    if len(cards) > MAX_NAMED:
        return ", ".join(names) + f" and {len(cards) - MAX_NAMED} more"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def starting_with(letter: str, visible: list[str]) -> list[str]:
    """Visible cards that a single-letter clue points at."""
    return [card for card in visible if card.lower().startswith(letter)]


def counted_by(word: str, visible: list[str]) -> list[str]:
    """Visible cards whose letter count a number-word clue may be about."""
    count = int(word) if word.isdigit() else spoken_number(word)
    if count is None:
        return []
    return [card for card in visible if letter_count(card) == count]


def is_position_word(word: str) -> bool:
    return word in POSITION_WORDS


def rhyming_cards(word: str, visible: list[str]) -> list[str]:
    return [card for card in visible if " " not in card and rhymes(word, card.lower())]
