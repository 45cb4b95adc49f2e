"""Lines that ask for something the referee cannot do now, read so the reply can say why.

A line that fits a saying only in another state of the game ("we guess envelope" while a
clue is awaited, "new game" mid-game), that names a card no longer there or never there
("we guess dolphin" twice, "we guess elephant"), or that begins a clue and does not finish it
("clue ocean", "clue ocean ten", "my clue is") was understood: the table is told what stands
in the way ("Dolphin is already covered.", "Ocean, how many?"), never "Not understood".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from voicemaster.game.phase import Phase
from voicemaster.understand.intents import Intent
from voicemaster.understand.listening import Listening
from voicemaster.understand.parse import Token, clue_word, match_utterance, to_intent, tokenize
from voicemaster.understand.requests import CLUE, FORMS
from voicemaster.vocabulary import CLUE_NUMBER_WORDS, spoken_number

OPENINGS = frozenset(f.words[: f.words.index(CLUE)] for f in FORMS if f.request == "clue" and CLUE in f.words)
"""The clue's sayings' words before its clue word ("clue", "my clue is")."""


@dataclass(frozen=True)
class UnfinishedClue:
    """A clue begun and not finished."""

    word: str | None
    """The clue word said, None when only the opening was ("my clue is")."""
    number: str | None = None
    """What was said for the number when it is no clue number ("ten", "12"); None when nothing was."""


NotNow = Intent | UnfinishedClue


def understood_anyway(text: str, cards: Sequence[str]) -> NotNow | None:
    """What `text` asks were every saying allowed, any card of the board named (covered
    ones too) and any word taken for a card ("elephant", as said); None when nothing fits."""
    tokens = tokenize(text)
    for phase in (Phase.GUESS, Phase.CLUE):
        anything = Listening(tuple(cards), phase).anything()
        match = match_utterance(tokens, anything) or match_utterance(tokens, anything, fuzzy_cards=True)
        if match is not None:
            return to_intent(match)
    return unfinished_clue(tokens)


def unfinished_clue(tokens: Sequence[Token]) -> UnfinishedClue | None:
    """ "clue ocean" (no number), "clue ocean ten" (no clue number), "my clue is" (no word)."""
    words = [t.word for t in tokens]
    said = _number_said(words)
    body = tokens[: len(tokens) - (1 if said else 0)]
    for start in _after_opening(body):
        rest = body[start:]
        if not rest:
            return UnfinishedClue(None, said) if said is None else None
        word = clue_word(rest) if len(rest) <= 2 else None
        if word is not None:
            return UnfinishedClue(word, said)
    return None


def opens_a_clue(text: str) -> bool:
    """`text` begins with the clue's own opening words ("clue", "my clue is"): it is said to
    the referee, never the table's talk."""
    return any(start > 0 for start in _after_opening(tokenize(text)))


def _after_opening(tokens: Sequence[Token]) -> list[int]:
    """Where the clue word would start after each way of saying the opening, longest first."""
    words = tuple(t.word for t in tokens)
    return [cut for cut in range(len(words), 0, -1) if words[:cut] in OPENINGS]


def _number_said(words: list[str]) -> str | None:
    """The last word when it is a number that no clue may have (ten and up, as a word or digits)."""
    if not words or words[-1] in CLUE_NUMBER_WORDS:
        return None
    last = words[-1]
    value = int(last) if last.isdigit() else spoken_number(last)
    return last if value is not None and value >= 10 else None
