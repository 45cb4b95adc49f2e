"""Heard words → the uncovered card they most likely name, by spelling and by sound.

A recognizer with an open vocabulary writes what it heard ("chappell", "the
couple"); the card is found by comparing phone strings (CMU phones, a
Levenshtein distance) and spellings (rapidfuzz), against uncovered cards only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from rapidfuzz import fuzz
from rapidfuzz.distance import Levenshtein

from voicemaster.speech.ears.grammar_tuning import CARD_MATCH
from voicemaster.speech.ears.pronounce import pronunciation
from voicemaster.understand.parse import card_words


@dataclass(frozen=True)
class CardScore:
    card: str
    score: float
    """0..1, 1 = same sounds and spelling."""


def phones(words: Sequence[str]) -> tuple[str, ...]:
    return tuple(p for w in words for p in pronunciation(w))


def similarity(heard: str, card: str) -> float:
    """How alike two word strings sound and are spelled, 0..1 (grammar_tuning.CardMatchTuning:
    the weights, and what a different number of words costs)."""
    t = CARD_MATCH
    heard_words = tuple(heard.lower().split())
    card_spoken = card_words(card)
    phone_sim = Levenshtein.normalized_similarity(phones(heard_words), phones(card_spoken))
    spelling_sim = fuzz.ratio(" ".join(heard_words), " ".join(card_spoken)) / 100.0
    score = t.phone_weight * phone_sim + (1 - t.phone_weight) * spelling_sim
    return score if len(heard_words) == len(card_spoken) else score * t.word_count_penalty


def rank_cards(heard: str, cards: Sequence[str]) -> list[CardScore]:
    """Every card scored against the heard words, best first."""
    scored = [CardScore(card, similarity(heard, card)) for card in cards]
    return sorted(scored, key=lambda s: s.score, reverse=True)
