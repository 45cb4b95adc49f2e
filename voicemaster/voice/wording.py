"""The small pieces every sentence of the announcer is built from: a card as said, a count in
words, a sentence's capital and full stop, a length of time."""

from __future__ import annotations

import math

from voicemaster.game.clue_number import UNLIMITED, ClueNumber
from voicemaster.vocabulary import number_words


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def said_card(word: str) -> str:
    """A card as said in a sentence: board files are often written in capitals."""
    return word.lower() if word.isupper() else word


def as_sentence(text: str) -> str:
    text = cap(text.strip())
    return text if text.endswith((".", "?", "!")) else text + "."


def plural(n: int, one: str, many: str) -> str:
    return f"{number_words(n)} {one if n == 1 else many}"


def clue_number(number: ClueNumber) -> str:
    return UNLIMITED if number == UNLIMITED else number_words(number)


def duration(seconds: float) -> str:
    """Whole seconds rounded up, as the displays show them: "zero seconds" only when time is up."""
    total = max(0, math.ceil(seconds))
    minutes, secs = divmod(total, 60)
    parts = []
    if minutes:
        parts.append(plural(minutes, "minute", "minutes"))
    if secs or not minutes:
        parts.append(plural(secs, "second", "seconds"))
    return " ".join(parts)
