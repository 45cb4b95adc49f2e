"""The words of numbers and hesitations, written once for every layer that hears or says them:
the phrase templates and their parser, the clue referee's text reading, the announcer
and the demo's players."""

from __future__ import annotations

from voicemaster.game.clue_number import UNLIMITED, ClueNumber

DIGIT_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
"""DIGIT_WORDS[n] is how n is said."""
_TEENS = ("ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen")
_TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")

UNLIMITED_WORDS = ("unlimited", "infinity")
CLUE_NUMBER_WORDS: dict[str, ClueNumber] = {word: n for n, word in enumerate(DIGIT_WORDS)} | {
    word: UNLIMITED for word in UNLIMITED_WORDS
}
"""Every way to say a clue's number: the twelve number phrases a recognizer may hear."""

HESITATIONS = frozenset({"um", "uh", "umm", "uhm", "er", "erm", "ah", "eh", "hm", "hmm", "mm"})
"""Sounds, not words: dropped wherever they occur."""
FILLERS = HESITATIONS | {"okay", "ok", "so", "please"}
"""Dropped anywhere in an utterance before it is matched to a template."""


def number_words(n: int) -> str:
    """0..99 in words ("twenty-five"); larger numbers as digits."""
    if 0 <= n < 10:
        return DIGIT_WORDS[n]
    if 10 <= n < 20:
        return _TEENS[n - 10]
    if 20 <= n < 100:
        tens, ones = divmod(n, 10)
        return _TENS[tens] + (f"-{DIGIT_WORDS[ones]}" if ones else "")
    return str(n)


def spoken_number(word: str) -> int | None:
    """The value of a number said as a word, zero to ninety-nine ("twenty-one" included)."""
    return _SPOKEN.get(word)


_SPOKEN = {number_words(n): n for n in range(100)}


_ORDINAL_STEMS = {"one": "", "two": "", "three": "thir", "five": "fif", "eight": "eigh", "nine": "nin", "twelve": "twelf"}
"""How a number's word changes before -th; "" where the ordinal is another word (first, second)."""


def ordinal_words(n: int) -> str | None:
    """The ordinal made from n's word (three: third, twenty: twentieth, forty-five:
    forty-fifth), or None when it is another word (first, second)."""
    said = number_words(n)
    head, _, last = said.rpartition("-")
    stem = _ORDINAL_STEMS.get(last, last[:-1] + "ie" if last.endswith("y") else last)
    if not stem or n >= 100:
        return None
    ending = "d" if last == "three" else "th"
    return f"{head}-{stem}{ending}" if head else stem + ending


_ORDINALS = {word: n for n in range(100) if (word := ordinal_words(n))}


def ordinal_number(word: str) -> int | None:
    """The number an ordinal word is made from (third: 3), None for any other word."""
    return _ORDINALS.get(word)

