"""The recognizer interface every backend implements, and what it returns."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import numpy as np

from voicemaster.game.phase import Phase

@dataclass(frozen=True)
class WordScore:
    word: str
    confidence: float
    """0..1"""


@dataclass(frozen=True)
class Alternative:
    text: str
    confidence: float
    """0..1"""


@dataclass(frozen=True)
class Transcript:
    text: str
    """Best hypothesis, lower case words separated by single spaces; "" if nothing."""
    confidence: float
    """0..1"""
    alternatives: tuple[Alternative, ...] = ()
    """n-best, best first (may repeat `text`)."""
    words: tuple[WordScore, ...] = ()
    decode_ms: float = 0.0


@dataclass(frozen=True)
class Grammar:
    """What may be said in one phase, in the forms each backend needs."""

    phase: Phase
    """Phase.CLUE or Phase.GUESS."""
    phrases: tuple[str, ...]
    """Complete phrases or single words, lower case: vosk's phrase list."""
    jsgf: str = ""
    """The same language as a JSGF grammar, for pocketsphinx."""
    arpa: str = ""
    """Or, for an open-vocabulary phase, an n-gram model (ARPA text) for pocketsphinx."""


class Recognizer(Protocol):
    name: str

    def decode(self, audio: np.ndarray, grammar: Grammar) -> Transcript:
        """Decode one whole utterance (16 kHz mono int16)."""
        ...
