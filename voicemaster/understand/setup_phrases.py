"""Text → setup intent: what is said (or typed) while a physical table is laid out (SPEC §2).

"row one: apple, bear, castle, loch ness, pilot" (rows in any order) or just the cards; the
answers and requests of the request table that a setup hears ("yes", "no", "again",
"repeat": understand/requests.py); "third is pilot" (a card of the row being read back);
"card seven is pilot" (a card of the whole table). Typed text takes this path; the grid ear
reads the same intents from what Whisper wrote.
Commas (and "and" between them) separate cards; without commas (speech) every word is
a card, except the two-word cards the caller knows of ("loch ness").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Union

from voicemaster.game.cards import plain_letters
from voicemaster.understand.intents import Command
from voicemaster.understand.requests import setup_forms, shortest_sayings
from voicemaster.vocabulary import FILLERS, number_words, spoken_number

ORDINALS = ("first", "second", "third", "fourth", "fifth")
SETUP_EXAMPLES = (
    "row one: apple, bear, castle, loch ness, pilot",
    "apple",
    *shortest_sayings(setup=True),
    "third is pilot",
    "card seven is pilot",
)
"""One saying of each form, for the typed help."""
SETUP_HELP = (
    "Read or type the cards row by row: " + ", ".join(f"'{saying}'" for saying in SETUP_EXAMPLES) + ". 'quit' ends."
)
_ROW_START = re.compile(r"^\s*row\s+(\w+)\s*[:.,]?\s*", re.IGNORECASE)
_CORRECTION = re.compile(
    r"^(?:the\s+)?(?P<ordinal>first|second|third|fourth|fifth)(?:\s+(?:card|one))?\s+is\s+(?P<card>.+)$"
    r"|^card\s+(?:number\s+)?(?P<number>[\w-]+(?:\s+\w+)?)\s+is\s+(?P<card2>.+)$"
)
SAID_TWICE = 2
"""A setup request said up to this many times over is said once ("yes, yes", "no, read it again")."""


@dataclass(frozen=True)
class RowCards:
    """Cards of the row being laid out, in order (a whole row, or the next few)."""

    cards: tuple[str, ...]
    row: int | None = None
    """1..5 when the row was named ("row two: ..."); None for cards said on their own."""


@dataclass(frozen=True)
class Correct:
    """One card replaced: `position` 1..5 in the row being read back, or 1..25 on the table."""

    position: int
    card: str
    in_row: bool


SetupIntent = Union[RowCards, Correct, Command]
"""A row, a correction, or a request of the table the setup hears (yes, no, again, repeat)."""


def parse_setup(text: str, pairs: frozenset[str] = frozenset()) -> SetupIntent | None:
    """The setup intent of one utterance, or None when it is none (chatter, an empty line).

    `pairs`: two-word cards (plain lower-case letters, "loch ness") kept together in text
    without commas."""
    words = _plain(text)
    if not words:
        return None
    request = setup_request(tuple(words))
    if request is not None:
        return Command(request)
    correction = _correction(" ".join(words), text)
    if correction is not None:
        return correction
    return _row(text, pairs)


def typed_as(intent: SetupIntent | None) -> str:
    """The intent as a player would type it ("row two: apple, bear, castle, loch ness, pilot",
    "third is pilot", "card seven is pilot", "yes"): what the setup took an utterance for,
    shown beside what was heard; parse_setup reads it back as the same intent."""
    if isinstance(intent, RowCards):
        return (f"row {number_words(intent.row)}: " if intent.row else "") + ", ".join(intent.cards)
    if isinstance(intent, Correct):
        place = ORDINALS[intent.position - 1] if intent.in_row else f"card {number_words(intent.position)}"
        return f"{place} is {intent.card}"
    return intent.kind if isinstance(intent, Command) else ""


def setup_request(words: tuple[str, ...]) -> str | None:
    """The request the words say, said once or again ("yes yes"; "no, read it again" is "again"),
    when they are nothing but that."""
    sayings = {form.words: form.request for form in setup_forms()}
    for parts in _split(words, SAID_TWICE):
        said = [sayings.get(part) for part in parts]
        if None not in said and (len(set(said)) == 1 or set(said) == {"no", "again"}):
            return said[-1]
    return None


def _split(words: tuple[str, ...], most: int) -> list[tuple[tuple[str, ...], ...]]:
    """Every way of cutting `words` into 1..`most` non-empty runs, fewest runs first."""
    if most == 1 or len(words) < 2:
        return [(words,)] if words else []
    whole = [(words,)]
    return whole + [(words[:cut], *rest) for cut in range(1, len(words)) for rest in _split(words[cut:], most - 1)]


def _plain(text: str) -> list[str]:
    return [w for w in re.findall(r"[\w'-]+", plain_letters(text)) if w not in FILLERS]


def _correction(plain: str, text: str) -> Correct | None:
    found = _CORRECTION.match(plain)
    if found is None:
        return None
    card = _card_as_written(text, found.group("card") or found.group("card2"))
    if found.group("ordinal"):
        return Correct(ORDINALS.index(found.group("ordinal")) + 1, card, in_row=True)
    number = _number(found.group("number"))
    return None if number is None else Correct(number, card, in_row=False)


def _card_as_written(text: str, plain_card: str) -> str:
    """The card's words as typed (capitals kept: "Loch Ness"), found after the last " is "."""
    tail = re.split(r"\s+is\s+", text.strip(), flags=re.IGNORECASE)[-1]
    written = " ".join(tail.strip(" .,!?").split())
    return written if plain_letters(written) == plain_card else plain_card


def _number(said: str) -> int | None:
    """1..25, as digits or words ("seven", "twenty five", "twenty-five")."""
    if said.isdigit():
        return int(said)
    return spoken_number("-".join(said.split()))


def _row(text: str, pairs: frozenset[str]) -> RowCards | None:
    row: int | None = None
    start = _ROW_START.match(text)
    if start is not None:
        row = _number(plain_letters(start.group(1)))
        if row is None:
            return None
        text = text[start.end() :]
    if "," in text:
        cards = [_tidy(part) for part in re.split(r",|\band\b", text, flags=re.IGNORECASE)]
        cards = [c for c in cards if c]
    else:
        cards = _pair_up([w for w in _tidy(text).split() if w.lower() != "and"], pairs)
    if not cards:
        return None
    return RowCards(tuple(cards), row)


def _tidy(part: str) -> str:
    """One card from a piece of text: surrounding punctuation and hesitations gone."""
    return " ".join(w for w in part.strip(" .!?;:").split() if plain_letters(w) not in FILLERS)


def _pair_up(words: list[str], pairs: frozenset[str]) -> list[str]:
    """Words to cards: two neighbours that make a known two-word card stay together."""
    cards: list[str] = []
    i = 0
    while i < len(words):
        two = " ".join(words[i : i + 2])
        if i + 1 < len(words) and plain_letters(two) in pairs:
            cards.append(two)
            i += 2
        else:
            cards.append(words[i])
            i += 1
    return cards
