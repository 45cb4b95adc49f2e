"""From what the spymaster said or typed to clue word(s) and number.

"um, my clue is ocean two" -> ("ocean", 2); "pack rat 3" -> ("pack rat", 3);
"three" -> ("three", None): a lone number word is the clue word itself.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from voicemaster.game.cards import plain_letters
from voicemaster.game.clue_number import UNLIMITED, ClueNumber, is_clue_number
from voicemaster.vocabulary import HESITATIONS, UNLIMITED_WORDS, spoken_number
LEAD_INS = (
    ("my", "clue", "is"),
    ("the", "clue", "is"),
    ("our", "clue", "is"),
    ("clue", "is"),
    ("my", "clue"),
    ("the", "clue"),
    ("clue",),
    ("okay",),
    ("ok",),
    ("so",),
    ("alright",),
    ("well",),
    ("i", "say"),
    ("i'll", "say"),
    ("let's", "say"),
    ("i'm", "going", "with"),
    ("going", "with"),
    ("and", "my", "clue", "is"),
)
HINT_WORDS = frozenset(
    "not like think as but plural singular spelled sounds hint also or means meaning".split()
)
"""Words that turn a clue into a clue plus extra hints ("ocean, think water")."""
TOKEN = re.compile(r"[^\W_]+(?:['’-][^\W_]+)*")


@dataclass(frozen=True)
class SplitClue:
    words: tuple[str, ...]
    """Clue words, lower case; a hyphenated word stays one item ("mother-in-law")."""
    number: ClueNumber | None
    extra: bool
    """Something followed the number, so the clue carries extra hints."""

    @property
    def text(self) -> str:
        return " ".join(self.words)


def tokens(text: str) -> list[str]:
    """Lower-case words without accents (café -> cafe), filler dropped."""
    found = [t.replace("’", "'") for t in TOKEN.findall(plain_letters(text))]
    return [t for t in found if t not in HESITATIONS]


def _strip_lead_in(words: list[str]) -> list[str]:
    """Drop "my clue is", "okay" and the like from the front.

    A one-word lead-in stays when only a number follows: "well 2" is the clue
    "well" for two, while "my clue is three" is the clue "three".
    """
    stripped = True
    while stripped:
        stripped = False
        for lead in LEAD_INS:
            rest = words[len(lead) :]
            if tuple(words[: len(lead)]) != lead or not rest:
                continue
            if len(lead) == 1 and len(rest) == 1 and number_of(rest[0]) is not None:
                continue
            words, stripped = rest, True
            break
    return words


def number_of(token: str) -> ClueNumber | None:
    """The number a token says; any run of digits counts (so "ocean 100" is out of range)."""
    if token in UNLIMITED_WORDS:
        return UNLIMITED
    if token.isdigit():
        return int(token)
    return spoken_number(token)


def split_clue(text: str) -> SplitClue:
    words = _strip_lead_in(tokens(text))
    if len(words) >= 2 and number_of(words[-1]) is not None:
        return SplitClue(tuple(words[:-1]), number_of(words[-1]), False)
    inner = [i for i, w in enumerate(words) if i > 0 and number_of(w) is not None]
    if inner:
        at = inner[0]
        return SplitClue(tuple(words[:at]), number_of(words[at]), True)
    return SplitClue(tuple(words), None, False)


def parse_clue(text: str) -> tuple[str, ClueNumber | None]:
    """The clue word(s) and number (None when no number was given)."""
    split = split_clue(text)
    return split.text, split.number


def in_range(number: ClueNumber | None) -> bool:
    return number is None or is_clue_number(number)
