"""Text → intent: an utterance either fits one saying of the request table exactly, or it is chatter."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, replace
from typing import Callable, Iterator, Sequence

from voicemaster.game.actions import Clue, Cover, Guess
from voicemaster.game.cards import plain_letters
from voicemaster.game.clue_number import ClueNumber
from voicemaster.understand.intents import Command, Intent
from voicemaster.understand.listening import Listening
from voicemaster.understand.requests import CARD, CARD_REQUESTS, CLUE, NUMBER, WORD, Form, forms, sayings
from voicemaster.vocabulary import CLUE_NUMBER_WORDS, DIGIT_WORDS, FILLERS

CLUE_STOPWORDS = frozenset(
    "a an the i you he she it we they me us them my our your his her its their is are was "
    "were be am do does did not no and or but of to in on at for with that this what which "
    "who clue guess".split()
)
"""Words that cannot be (part of) a clue word: grammar words, so chatter like
"is it two" is not taken for a clue."""

MAX_CLUE_WORDS = 2
SoundsAlike = Callable[[str, str], bool]
DIGITS = frozenset("0123456789")


@dataclass(frozen=True)
class Token:
    word: str
    hyphen_after: bool = False
    """Written joined to the next token by a hyphen ("mother-in-law")."""


@dataclass(frozen=True)
class Match:
    """A form that fits the whole utterance, with its slot values."""

    form: Form
    card: str | None = None
    number: ClueNumber | None = None
    clue: str | None = None


_WORD = re.compile(r"(?:[^\W_]|')+(?:-(?:[^\W_]|')+)*")
"""Letters of any alphabet, digits and apostrophes, hyphens inside."""


def tokenize(text: str) -> list[Token]:
    """Lower-case words without accents; punctuation dropped, digits spelled, fillers removed."""
    tokens: list[Token] = []
    for chunk in _WORD.findall(plain_letters(text)):
        parts = [p.strip("'") for p in chunk.split("-")]
        parts = [DIGIT_WORDS[int(p)] if p in DIGITS else p for p in parts if p]
        for i, part in enumerate(parts):
            if part in FILLERS and len(parts) == 1:
                continue
            tokens.append(Token(part, hyphen_after=i < len(parts) - 1))
    return tokens


def card_words(card: str) -> tuple[str, ...]:
    """How a card is spoken: its words without accents, hyphens read as spaces ("Ice-Cream" →
    ("ice", "cream"), "Théâtre" → ("theatre",))."""
    return tuple(re.split(r"[\s-]+", plain_letters(card.strip())))


def match_utterance(tokens: Sequence[Token], now: Listening, *, fuzzy_cards: bool = False) -> Match | None:
    """The first form (in table order) that fits all the tokens.

    With `fuzzy_cards` the card slot takes any words (as many as the longest
    card has), returned as heard: the speech path matches them to the board itself.
    """
    spoken: dict[tuple[str, ...], str] | int = {card_words(c): c for c in now.cards}
    if fuzzy_cards:
        spoken = max((len(card_words(c)) for c in now.cards), default=1)
    for form in forms(now):
        for match in _fits(form.words, tokens, 0, spoken, Match(form)):
            return match
    return None


def _fits(
    pattern: Sequence[str],
    tokens: Sequence[Token],
    pos: int,
    cards: dict[tuple[str, ...], str] | int,
    found: Match,
) -> Iterator[Match]:
    if not pattern:
        if pos == len(tokens):
            yield found
        return
    head, rest = pattern[0], pattern[1:]
    words = [t.word for t in tokens]
    if head == CARD and isinstance(cards, int):
        for end in range(pos + 1, min(pos + cards, len(words)) + 1):
            if not set(words[pos:end]) & CLUE_STOPWORDS:
                yield from _fits(rest, tokens, end, cards, _with(found, card=" ".join(words[pos:end])))
    elif head == CARD and isinstance(cards, dict):
        for spoken, card in cards.items():
            if tuple(words[pos : pos + len(spoken)]) == spoken:
                yield from _fits(rest, tokens, pos + len(spoken), cards, _with(found, card=card))
    elif head == NUMBER:
        if pos < len(words) and words[pos] in CLUE_NUMBER_WORDS:
            yield from _fits(rest, tokens, pos + 1, cards, _with(found, number=CLUE_NUMBER_WORDS[words[pos]]))
    elif head in (CLUE, WORD):
        for end in _word_ends(tokens, pos, MAX_CLUE_WORDS if head == CLUE else 1):
            clue = clue_word(tokens[pos:end])
            if clue is not None:
                yield from _fits(rest, tokens, end, cards, _with(found, clue=clue))
    elif pos < len(words) and words[pos] == head:
        yield from _fits(rest, tokens, pos + 1, cards, found)


def _word_ends(tokens: Sequence[Token], pos: int, most: int) -> Iterator[int]:
    """Ends of the next 1..most words, a hyphenated word counting as one."""
    end = pos
    for _ in range(most):
        if end >= len(tokens):
            return
        while end < len(tokens) - 1 and tokens[end].hyphen_after:
            end += 1
        end += 1
        yield end


def _with(found: Match, **values: object) -> Match:
    return replace(found, **values)  # type: ignore[arg-type]


def clue_word(tokens: Sequence[Token]) -> str | None:
    """The clue as the spymaster said it ("ocean", "ice cream", "mother-in-law"),
    or None if these tokens cannot be a clue word."""
    if not tokens or any(not t.word.isalpha() for t in tokens):
        return None
    if any(
        (t.word in CLUE_STOPWORDS or t.word in CLUE_NUMBER_WORDS)
        and not t.hyphen_after
        and (i == 0 or not tokens[i - 1].hyphen_after)
        for i, t in enumerate(tokens)
    ):
        return None
    text = ""
    for token in tokens:
        text += token.word + ("-" if token.hyphen_after else " ")
    return text.strip(" -")


def to_intent(match: Match) -> Intent:
    """The typed value a fitted form stands for."""
    request = match.form.request
    if request == "clue":
        assert match.clue is not None and match.number is not None
        return Clue(match.clue, match.number)
    if request in CARD_REQUESTS:
        assert match.card is not None
        return Guess(match.card) if request == "guess" else Cover(match.card)
    return Command(request)


def says_command(text: str, kind: str, sounds_alike: SoundsAlike | None = None) -> bool:
    """The whole text is one way of saying that command, in any phase: what a recognizer
    wrote on its own must be the command itself for it to count ("Go." is not "no").

    With `sounds_alike`, a saying of three words or more may have any one word written as
    another ("in the turn", "how many less"): the others pin the command down; of two words,
    only as one that sounds like it ("and turn" for "end turn"). A one-word command never:
    "go" sounds like "no"."""
    words = tuple(t.word for t in tokenize(text))
    for saying in sayings(kind):
        if words == saying:
            return True
        if sounds_alike is not None and len(saying) > 1 and len(words) == len(saying):
            differ = [(w, s) for w, s in zip(words, saying) if w != s]
            if len(differ) == 1 and (len(saying) > 2 or sounds_alike(*differ[0])):
                return True
    return False


def names_command(text: str, kind: str) -> bool:
    """The text holds one way of saying that command among other words: "Wildfire. Stop."
    ("stop guessing" counts in "okay stop guessing now", a "no" does not in "nobody")."""
    words = tuple(t.word for t in tokenize(text))
    return any(
        words[i : i + len(saying)] == saying
        for saying in sayings(kind)
        for i in range(len(words) - len(saying) + 1)
    )


def parse_utterance(text: str, now: Listening) -> Intent | None:
    """The intent of a typed or recognized utterance, or None when it addresses no one.

    A guess or cover names one of `now.cards` exactly as written on the board.
    """
    match = match_utterance(tokenize(text), now)
    return None if match is None else to_intent(match)


def carries_a_clue(text: str) -> bool:
    """A word and then a number ("bed, zero", "house nine right", "three two" for "tree, two"):
    the shape of a clue, so never a yes or a no, whatever question is open (real clues under
    real talk were taken as "yes" and "no" before this guard, and a "yes" would confirm
    whatever was pending). An answer and a number ("yes, two") is no clue."""
    words = [t.word for t in tokenize(text)]
    answers = _answer_words()
    return any(
        number in CLUE_NUMBER_WORDS and word not in answers and (word in CLUE_NUMBER_WORDS or clue_word([Token(word)]) is not None)
        for word, number in zip(words, words[1:]))


@functools.cache
def _answer_words() -> frozenset[str]:
    """Every word of a way of saying yes or no ("yes", "correct", "cancel")."""
    return frozenset(w for kind in ("yes", "no") for saying in sayings(kind) for w in saying)


def answered_in_a_clue(intent: Intent | None, text: str) -> bool:
    """`intent` is a yes or a no heard in what carries a clue: to be dropped."""
    return isinstance(intent, Command) and intent.kind in ("yes", "no") and carries_a_clue(text)
