"""What may be said now, as Whisper would *write* it, tokenized.

The literal forms come from the template table (understand/templates.py): every
alternative of every template the phase allows, slots left as markers. Teacher-forced
scores depend on spelling: Whisper writes " We pick umbrella" (leading space, capital
first word) and " Umbrella" is three tokens where " umbrella" is one. Each phrase is
therefore scored in the few written variants the model plausibly produces (first word
capitalised or not; card in lower case, capitalised, or as written on the board; a
number as a word, capitalised, a digit, after a comma, or as "to/too/for"), and a
phrase scores as its best variant.
"""

from __future__ import annotations

import functools
import itertools
import re
from dataclasses import dataclass, replace
from typing import Callable, Literal

from voicemaster.game.cards import plain_letters
from voicemaster.game.clue_number import ClueNumber
from voicemaster.understand.intents import TimeAction
from voicemaster.understand.listening import Listening
from voicemaster.understand.templates import IntentKind, elements, templates_for
from voicemaster.vocabulary import CLUE_NUMBER_WORDS

PhraseKind = Literal[IntentKind, "distractor"]
"""A distractor is a guess phrase heard in the clue phase: it may win, and then nothing is accepted."""
Meaning = tuple[str, str, str | None, str | None, ClueNumber | None]

CARD, NUMBER, CLUE, WORD = "<card>", "<number>", "<clue>", "<word>"
SLOTS = (CARD, NUMBER, CLUE, WORD)
DIGITS = {word: str(value) for word, value in CLUE_NUMBER_WORDS.items() if isinstance(value, int)}
HOMOPHONES = {"two": ("to", "too"), "four": ("for",)}


@dataclass(frozen=True)
class Form:
    """One literal way of saying a template: words and slot markers."""

    intent: IntentKind
    action: TimeAction
    words: tuple[str, ...]

    @property
    def slot(self) -> str | None:
        return next((w for w in self.words if w in SLOTS), None)


@dataclass(frozen=True)
class Phrase:
    """One written variant of one grammar phrase."""

    intent: PhraseKind
    text: str
    """As written for the model, e.g. " We pick umbrella"."""
    tokens: tuple[int, ...]
    action: TimeAction = "query"
    card: str | None = None
    """As written on the board."""
    clue: str | None = None
    number: ClueNumber | None = None
    opener_deficit: float = 0.0
    """A clue read after a misheard opener: how much likelier the written opener was than
    the clue openings forced on the same audio (clue_openers.py); 0 for an opening as written."""

    @property
    def request(self) -> tuple[str, str]:
        """What the referee would do: phrases of another request compete in the margins."""
        return (self.intent, self.action)

    @property
    def meaning(self) -> Meaning:
        """Variants of one meaning do not compete with each other."""
        return (self.intent, self.action, self.card, self.clue, self.number)


def phase_forms(now: Listening) -> tuple[Form, ...]:
    """Every form of every template allowed now, in table order."""
    return _forms(replace(now, cards=()))


@functools.lru_cache(maxsize=16)
def _forms(now: Listening) -> tuple[Form, ...]:
    """Keyed on what may be said but not on the cards, which the forms leave as a slot."""
    forms: list[Form] = []
    for template in templates_for(now):
        choices: list[list[tuple[str, ...]]] = []
        for element in elements(template.pattern):
            if element.slot is not None:
                choices.append([(f"<{element.slot}>",)])
            else:
                alternatives = [tuple(a.split()) for a in element.words]
                choices.append(alternatives + ([()] if element.optional else []))
        for combo in itertools.product(*choices):
            forms.append(Form(template.intent, template.time_action, tuple(w for part in combo for w in part)))
    return tuple(dict.fromkeys(forms))


def card_words(card: str) -> tuple[str, ...]:
    """How a card is said: "Ice-Cream" → ("ice", "cream"), "Théâtre" → ("theatre",)."""
    return tuple(re.split(r"[\s-]+", plain_letters(card.strip())))


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


class Writer:
    """Writes and tokenizes the variants (tokens cached: the same phrases recur every utterance)."""

    def __init__(self, encode: Callable[[str], list[int]]) -> None:
        self.tokens: Callable[[str], tuple[int, ...]] = functools.lru_cache(maxsize=100_000)(
            lambda text: tuple(encode(text))
        )

    def card_phrases(self, forms: tuple[Form, ...], cards: tuple[str, ...], kind: PhraseKind | None = None) -> list[Phrase]:
        """Every card form × card × casing (first word; card), as `kind` (default: the form's intent)."""
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
                        out.append(Phrase(kind or form.intent, text, self.tokens(text), form.action, card=card))
        return out

    def plain_phrases(self, forms: tuple[Form, ...]) -> list[Phrase]:
        """Commands: the forms without a slot, first word capitalised or not."""
        out: list[Phrase] = []
        for form in forms:
            if form.slot is None:
                for first in (capitalised, str):
                    text = " " + first(" ".join(form.words))
                    out.append(Phrase(form.intent, text, self.tokens(text), form.action))
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
