"""A clue's opener carries no information: a misheard one must not cost the clue.

Whisper often writes the opener as words that sound like it — "glue insect tube" (clue
insect two), "Mike Lewis fruit free" (my clue is fruit three), "climb space free" — and
the reading that wants the opener's exact words then refuses the clue although its word
and number were heard. Here the opener is judged by sound instead of spelling: the words
the model wrote before the clue word count as an opener when the clue openings forced on
the same audio (" Clue", " My clue is", the reader's continuations) score nearly as well
as what it wrote. The clue phrase then keeps the model's own tokens up to the clue word,
so its score against the transcript costs only the (possibly misheard) number.

Table talk rarely passes: "maybe apple two" is heard plainly as "maybe", and " My clue"
forced on that audio scores far below it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from voicemaster.speech.ears.whisper.search import PrefixCache


@dataclass(frozen=True)
class Split:
    """The written words of a transcript cut into opener, clue word(s) and number words."""

    opener: int
    """Words before the clue word."""
    clue: int
    """Words of the clue."""


def prefix_logprob(cache: PrefixCache, tokens: tuple[int, ...]) -> float | None:
    """log P(tokens) as a prefix (no end), or None when a step is not cached."""
    total = 0.0
    for k, token in enumerate(tokens):
        row = cache.rows.get(tokens[:k])
        if row is None:
            return None
        total += float(row[token])
    return total


def best_opening(cache: PrefixCache, openings: list[tuple[int, ...]]) -> float:
    """The best prefix score among the forced clue openings (-inf when none was forced)."""
    scores = [s for s in (prefix_logprob(cache, o) for o in openings) if s is not None]
    return max(scores, default=-math.inf)


def opener_deficit(cache: PrefixCache, written: tuple[int, ...], openings: list[tuple[int, ...]]) -> float:
    """How much likelier the written opener is than the best clue opening on the same audio."""
    mine = prefix_logprob(cache, written)
    return math.inf if mine is None else mine - best_opening(cache, openings)


def splits(n_words: int, max_opener_words: int, max_clue_words: int, number_words: int) -> list[Split]:
    """Every cut with an opener of 1..max_opener_words words, a clue of 1..max_clue_words words
    and 1..number_words words left for the number (scored in their place)."""
    return [
        Split(opener, clue)
        for opener in range(1, max_opener_words + 1)
        for clue in range(1, max_clue_words + 1)
        if 1 <= n_words - opener - clue <= number_words
    ]
