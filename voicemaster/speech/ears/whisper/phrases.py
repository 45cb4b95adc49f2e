"""What may be said now, as Whisper would *write* it, tokenized.

The literal forms come from the request table (understand/requests.py: `forms`): every
saying of every request allowed now, slots left as markers. Teacher-forced
scores depend on spelling: Whisper writes " We pick umbrella" (leading space, capital
first word) and " Umbrella" is three tokens where " umbrella" is one. Each phrase is
therefore scored in the few written variants the model plausibly produces (first word
capitalised or not; card in lower case, capitalised, or as written on the board; a
number as a word, capitalised, a digit, after a comma, or as "to/too/for"), and a
phrase scores as its best variant.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Callable

from voicemaster.game.clue_number import ClueNumber
from voicemaster.understand.parse import card_words
from voicemaster.understand.requests import CARD, Form
from voicemaster.vocabulary import CLUE_NUMBER_WORDS

Meaning = tuple[str, bool, str | None, str | None, ClueNumber | None]

DIGITS = {word: str(value) for word, value in CLUE_NUMBER_WORDS.items() if isinstance(value, int)}
HOMOPHONES = {"two": ("to", "too"), "four": ("for",)}


@dataclass(frozen=True)
class Phrase:
    """One written variant of one saying."""

    request: str
    """The request it says (understand/requests.py): phrases of another request compete in the margins."""
    text: str
    """As written for the model, e.g. " We pick umbrella"."""
    tokens: tuple[int, ...]
    card: str | None = None
    """As written on the board."""
    clue: str | None = None
    number: ClueNumber | None = None
    opener_deficit: float = 0.0
    """A clue read after a misheard opener: how much likelier the written opener was than
    the clue openings forced on the same audio (clue_openers.py); 0 for an opening as written."""
    distractor: bool = False
    """A guess said in the clue phase: it may win, and then nothing is accepted."""

    @property
    def meaning(self) -> Meaning:
        """Variants of one meaning do not compete with each other."""
        return (self.request, self.distractor, self.card, self.clue, self.number)


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


class Writer:
    """Writes and tokenizes the variants (tokens cached: the same phrases recur every utterance)."""

    def __init__(self, encode: Callable[[str], list[int]]) -> None:
        self.tokens: Callable[[str], tuple[int, ...]] = functools.lru_cache(maxsize=100_000)(
            lambda text: tuple(encode(text))
        )

    def card_phrases(self, forms: tuple[Form, ...], cards: tuple[str, ...], distractor: bool = False) -> list[Phrase]:
        """Every card form × card × casing (first word; card); as distractors, when they are."""
        out: list[Phrase] = []
        for form in forms:
            if form.slot != CARD:
                continue
            at = form.words.index(CARD)
            for card in cards:
                spoken = card_words(card)
                variants = dict.fromkeys((" ".join(spoken), " ".join(capitalised(w) for w in spoken), card.strip()))
                for variant in variants:
                    words = " ".join((*form.words[:at], variant, *form.words[at + 1 :]))
                    for first in (capitalised, str):
                        text = " " + first(words)
                        out.append(Phrase(form.request, text, self.tokens(text), card=card, distractor=distractor))
        return out

    def plain_phrases(self, forms: tuple[Form, ...]) -> list[Phrase]:
        """Commands: the forms without a slot, first word capitalised or not."""
        out: list[Phrase] = []
        for form in forms:
            if form.slot is None:
                for first in (capitalised, str):
                    text = " " + first(" ".join(form.words))
                    out.append(Phrase(form.request, text, self.tokens(text)))
        return out

    def number_phrases(self, head: tuple[int, ...], head_text: str, clue: str, opener_deficit: float = 0.0) -> list[Phrase]:
        """The model's own tokens up to the clue word (`head`), then each clue number in its
        written variants; only the number's tokens are encoded here."""
        out: list[Phrase] = []
        for word, value in CLUE_NUMBER_WORDS.items():
            homophones = HOMOPHONES.get(word, ())
            for spelling in (word, capitalised(word), *([DIGITS[word]] if word in DIGITS else []), *homophones):
                for separator in (" ",) if spelling in homophones else (" ", ", "):
                    text = head_text + separator.rstrip(" ") + " " + spelling
                    tokens = head + self.tokens(text[len(head_text) :])
                    out.append(Phrase("clue", text, tokens, clue=clue, number=value, opener_deficit=opener_deficit))
        return out
