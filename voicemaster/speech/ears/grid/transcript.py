"""Whisper's transcript of a setup utterance as words with their token spans and separators.

A grid row read aloud comes out as a list ("Recipe, Lagoon, Berlin, Tank, Cory."): the
commas are where the reader paused, i.e. where one card ends. Every word keeps the span
of the model's own tokens it was written with, so a card's slot can be scored again with
other words in its place, and whether a separator followed it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from voicemaster.game.cards import plain_letters
from voicemaster.speech.ears.whisper.engine import until_repeat
from voicemaster.vocabulary import DIGIT_WORDS, FILLERS

_SEPARATORS = frozenset(",.;:!?")
_PIECE = re.compile(r"[0-9]+(?:st|nd|rd|th)\b|[a-z]+|[0-9]+")


@dataclass(frozen=True)
class Word:
    text: str
    """Lower case letters, or a number spelled out ("7" → "seven")."""
    start: int
    end: int
    """Its tokens [start, end) in the decoded sequence."""
    capital: bool
    """Written with a capital first letter (Whisper capitalises list items)."""
    pause_after: bool
    """A comma or full stop follows it."""


def words(tokens: list[int], decode: Callable[[list[int]], str]) -> list[Word]:
    """The tokens as words: a new word at a space, a hyphen ("grass-egypt") or a separator, letters and digits apart
    ("Rho2" → "rho", "two"), "'s" a word of its own ("Card 7's" → "card", "seven", "s"),
    hesitations and fillers ("okay", "so") left out, and cut where the words start saying
    themselves again ("Again again again ...": a short window makes Whisper repeat), by
    two words: two cards that sound alike may be written alike ("Ferret ferret canoe")."""
    spans: list[tuple[str, int, int]] = []
    pauses: set[int] = set()
    for i, token in enumerate(tokens):
        piece = decode([token])
        if piece.strip() and all(ch in _SEPARATORS for ch in piece.strip()):
            if spans:
                pauses.add(len(spans) - 1)
            spans.append(("", i + 1, i + 1))
            continue
        if piece.startswith((" ", "-")) or not spans or spans[-1][2] != i:
            spans.append(("", i, i))
        text, start, _ = spans[-1]
        spans[-1] = (text + piece, start, i + 1)
    out: list[Word] = []
    for k, (text, start, end) in enumerate(spans):
        clean = plain_letters(re.sub("['’]s\\b", " s", text).replace("'", "").replace("’", ""))
        capital = text.strip()[:1].isupper()
        pieces = [p for p in _PIECE.findall(clean) if p not in FILLERS]
        for j, piece in enumerate(pieces):
            spoken = DIGIT_WORDS[int(piece)] if piece.isdigit() and int(piece) < 10 else piece
            out.append(Word(spoken, start, end, capital, k in pauses and j == len(pieces) - 1))
    return out[: until_repeat([w.text for w in out], agree=2)]
