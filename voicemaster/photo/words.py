"""Which word a card holds, from what was read on it: snapped to a known word only when
that is clear, else None (the card is asked for, never guessed).

The known words are the bundled decks, a few two-word things, and wordfreq's English words
down to Zipf 2.5 (about 51,000: "leprechaun" and "platypus" are in): a box of cards holds
cities, planets and people that are not in our decks. A card prints its word twice, so most
cards give two readings; what they say together decides:
- a known word read exactly stands, unless a confident reading says another known word
  (a reading that is a cut-off part of the other, "BALL" of "BALLET", gives way to it);
- a known word that only one reading gives, from a line that ends against something else
  on one side, is not taken alone when it is the start or the end of a longer common word
  (a hand over "BALLET" leaves "BALL");
- a reading one letter away from exactly one known word (and none at all) is snapped to it,
  for words of five letters or more;
- a word no list knows stands only when both readings give it letter for letter;
- a word that reads as another known word upside down (SNOW, MONS: a printing turned the
  wrong way) is taken as the decks' one of the two, and not at all when both or neither are
  deck words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

from voicemaster.photo.ocr import Reading
from voicemaster.photo.tuning import WORDS
from voicemaster.sharing import built_once

_DIGITS = str.maketrans({"0": "O", "1": "I", "5": "S", "8": "B", "|": "I", "$": "S"})
_NOT_CARD = re.compile(r"[^A-Z '\-]")
_TURNS_INTO = {"H": "H", "I": "I", "N": "N", "O": "O", "S": "S", "X": "X", "Z": "Z", "M": "W", "W": "M"}
"""Capitals that read as a capital when turned upside down."""


@dataclass(frozen=True)
class Vocabulary:
    spelled: dict[str, str]
    """Letters only, upper case ("LOCHNESS") → the card as written ("loch ness")."""
    common: frozenset[str]
    """Keys of the decks' words and of everyday words (Zipf 3 and up)."""
    keys: tuple[str, ...]
    upside_down: dict[str, str | None]
    """Keys that read as another key turned upside down → the decks' one of the two (None
    when both or neither are deck words)."""

    def extends(self, key: str) -> bool:
        """Whether a common word starts or ends with `key` and is two letters longer or more."""
        return any(len(k) >= len(key) + WORDS.extends_by and (k.startswith(key) or k.endswith(key)) for k in self.common)


@built_once
def vocabulary() -> Vocabulary:
    """Built once per process (about 0.7 s: wordfreq's list)."""
    from wordfreq import get_frequency_dict

    from voicemaster.card_files import TWO_WORD_CARDS, wordlist_cards

    spelled: dict[str, str] = {}
    common: set[str] = set()
    for card in (*wordlist_cards(), *TWO_WORD_CARDS):
        key = letters(card)
        if len(key) >= WORDS.min_letters:
            spelled.setdefault(key, " ".join(card.lower().split()))
            common.add(key)
    decks = frozenset(common)
    rarest, everyday = 10 ** (WORDS.min_zipf - 9), 10 ** (WORDS.common_zipf - 9)
    for word, frequency in get_frequency_dict("en", "best").items():
        if frequency < rarest or len(word) < WORDS.min_letters or not word.isascii() or not word.isalpha():
            continue
        key = word.upper()
        spelled.setdefault(key, word)
        if frequency >= everyday:
            common.add(key)
    return Vocabulary(spelled, frozenset(common), tuple(spelled), _upside_down(spelled, decks))


def _upside_down(spelled: dict[str, str], decks: frozenset[str]) -> dict[str, str | None]:
    twins: dict[str, str | None] = {}
    for key in spelled:
        if all(c in _TURNS_INTO for c in key):
            turned = "".join(_TURNS_INTO[c] for c in reversed(key))
            if turned != key and turned in spelled and (key in decks or turned in decks):
                twins[key] = None if (key in decks) == (turned in decks) else (key if key in decks else turned)
    return twins


def cleaned(text: str) -> str:
    """A reading in capitals with look-alike digits as letters, other marks dropped."""
    return " ".join(_NOT_CARD.sub("", text.upper().translate(_DIGITS)).split())


def letters(text: str) -> str:
    return re.sub(r"[^A-Z]", "", cleaned(text))


@dataclass(frozen=True)
class Sighting:
    """One printing of a card's word as read."""

    reading: Reading
    whole: bool = True
    """False when the line may be cut short (by a hand, a cup, the photo's edge)."""


@dataclass(frozen=True)
class _Seen:
    key: str
    text: str
    score: float
    whole: bool


def decide(sightings: list[Sighting], vocab: Vocabulary) -> str | None:
    """The card's word, or None when the readings do not make it clear."""
    word = _decided(sightings, vocab)
    if word is None or letters(word) not in vocab.upside_down:
        return word
    twin = vocab.upside_down[letters(word)]
    return None if twin is None else vocab.spelled[twin]


def _decided(sightings: list[Sighting], vocab: Vocabulary) -> str | None:
    """decide, before a word is checked for its upside-down twin."""
    seen = [_Seen(letters(s.reading.text), cleaned(s.reading.text), s.reading.score, s.whole) for s in sightings]
    seen = [s for s in seen if len(s.key) >= WORDS.min_letters and s.score >= WORDS.min_score]
    if not seen:
        return None
    known = {s.key for s in seen if s.key in vocab.spelled}
    sure_known = {s.key for s in seen if s.key in vocab.spelled and s.score >= WORDS.sure}
    if known:
        whole = [k for k in known if not any(k != o and k in o for o in known)]
        if len(whole) != 1:
            return None
        word = whole[0]
        if any(k != word and k not in word for k in sure_known):
            return None
        if any(s.score >= WORDS.sure and s.key not in vocab.spelled and s.key not in word
               and Levenshtein.distance(s.key, word) > WORDS.snap_edits for s in seen):
            return None
        exact = [s for s in seen if s.key == word]
        if max(s.score for s in exact) < WORDS.accept:
            return None
        if len(exact) == 1 and len(seen) == 1 and not exact[0].whole and vocab.extends(word):
            return None
        return vocab.spelled[word]
    twice = _read_twice(seen)
    if twice is not None:
        return twice
    return _snapped(seen, vocab)


def _read_twice(seen: list[_Seen]) -> str | None:
    """A word no list knows, read the same twice."""
    for i, a in enumerate(seen):
        for b in seen[i + 1:]:
            if a.key == b.key and len(a.key) >= WORDS.twice_letters and min(a.score, b.score) >= WORDS.sure:
                return (a.text if len(a.text) >= len(b.text) else b.text).lower()
    return None


def _snapped(seen: list[_Seen], vocab: Vocabulary) -> str | None:
    """The one known word one letter away from the surest reading, when every other reading
    is near it too."""
    best = max(seen, key=lambda s: s.score)
    if best.score < WORDS.sure or len(best.key) < WORDS.snap_letters:
        return None
    edits = WORDS.snap_edits
    near = process.extract(best.key, vocab.keys, scorer=Levenshtein.distance, score_cutoff=edits + 1, limit=5)
    ones = [k for k, d, _ in near if d == edits]
    if len(ones) != 1:
        return None
    word = ones[0]
    if any(Levenshtein.distance(s.key, word) > edits for s in seen):
        return None
    return vocab.spelled[word]
