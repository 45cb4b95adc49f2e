"""English words and every card, a closed but large vocabulary, and what in it sounds near a heard word.

Both Whisper ears read it: the setup's grid ear settles each card of a table read aloud
among its entries (grid/), and the game's ear scores the words that sound like a clue word
written as a number or as no word (whisper/clue_reading.py). The group plays with the real
box, whose cards are not the project's own lists (a box has cities, planets, people), so the
vocabulary is every card of the bundled word lists, a few common two-word things, and
wordfreq's English words down to a frequency floor (about 29,000 entries at Zipf 3, i.e. once
per million words). A heard word that is not an entry is matched to the entries that are
spelled or sound most like it: spelling by rapidfuzz, sound by a Levenshtein distance over CMU
phones (one character per phone).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rapidfuzz import fuzz, process
from rapidfuzz.distance import Levenshtein
from wordfreq import top_n_list, zipf_frequency

from voicemaster.card_files import TWO_WORD_CARDS, wordlist_cards
from voicemaster.game.cards import plain_letters
from voicemaster.sharing import built_once
from voicemaster.speech.ears.pronounce import dictionary, pronunciation


@dataclass(frozen=True)
class VocabularySettings:
    """What an entry may be, and how near a heard word is to it. Set by hand when the grid ear
    was written (2d1740a), gathered in grid/settings.py (9611a2b) and moved here with the
    vocabulary: the grid benchmark's calibration split (bench/setup_grid.py) was run with them,
    but nothing records a measurement that chose one. The game ear's clue sound-alikes
    (whisper/thresholds.clue_sound_alikes, a2bba82) were set with them as they are."""

    min_zipf: float = 3.0
    """wordfreq's floor: "kathmandu" (3.1), "cleopatra" (3.2) and "loch" (3.5) are in. Set by hand."""
    common_words: int = 60_000
    """wordfreq's commonest words read for it (about 29,000 are at the floor or above). Set by hand."""
    phone_weight: float = 0.4
    class_weight: float = 0.3
    spelling_weight: float = 0.3
    """Nearness: phones, sound classes and spelling, weighted so (sound weighs more: it is what
    was heard). Set by hand."""


VOCABULARY = VocabularySettings()

_LETTERS = re.compile(r"[a-z]+(?: [a-z]+)*")
PHONE_CHARS = {p: chr(0x41 + i) for i, p in enumerate(
    "AA AE AH AO AW AY B CH D DH EH ER EY F G HH IH IY JH K L M N NG OW OY P R S SH T TH UH UW V W Y Z ZH".split()
)}

COARSE = {p: c for group, c in (
    ("AA AE AH AO AW AY EH ER EY IH IY OW OY UH UW", "a"), ("P B", "p"), ("T D", "t"), ("K G", "k"),
    ("CH JH SH ZH", "s"), ("S Z", "z"), ("F V TH DH", "f"), ("M N NG", "n"), ("L", "l"), ("R", "r"),
    ("W", "w"), ("Y", "y"),
) for p in group.split()}
"""Phones that sound alike to a recognizer in one class ("chaville" and "shovel" are the
same consonants; vowels are one class): a second, forgiving sound key."""


_COARSE_OF_CHAR = {ch: COARSE.get(p, "") for p, ch in PHONE_CHARS.items()}


def coarse(sound: str) -> str:
    """A phone string (phone_string) in sound classes."""
    return "".join(_COARSE_OF_CHAR.get(ch, "") for ch in sound)


def phone_string(phones: tuple[str, ...]) -> str:
    """CMU phones (stress marks dropped), one character each, for a string distance."""
    return "".join(PHONE_CHARS.get(p.rstrip("012"), "") for p in phones)


@dataclass(frozen=True)
class Near:
    entry: str
    similarity: float
    """0..1: how alike in spelling and sound."""


class Vocabulary:
    """The entries (lower case, words separated by one space) and their phone strings."""

    def __init__(self, entries: list[str]) -> None:
        self.entries = tuple(dict.fromkeys(entries))
        self.position = {e: i for i, e in enumerate(self.entries)}
        known = dictionary()
        self.sounds = [
            phone_string(tuple(p for w in e.split() for p in known.get(w, ()))) if all(w in known for w in e.split()) else ""
            for e in self.entries
        ]
        self.coarse = [coarse(sound) for sound in self.sounds]

    def __contains__(self, text: str) -> bool:
        return text in self.position

    def __len__(self) -> int:
        return len(self.entries)

    def near(self, heard: str, limit: int) -> list[Near]:
        """The entries nearest to `heard` (lower-case words), best first: `limit` by spelling
        and `limit` by sound, each scored by both (sound weighs more: it is what was heard), and `limit` by sound class."""
        sound = self.sound_of(heard)
        found = {e for e, _, _ in process.extract(heard, self.entries, scorer=fuzz.ratio, limit=limit)}
        if sound:
            for key, keys in ((sound, self.sounds), (coarse(sound), self.coarse)):
                hits = process.extract(key, keys, scorer=Levenshtein.normalized_similarity, limit=limit)
                found |= {self.entries[i] for _, _, i in hits}
        scored = [Near(e, self.similarity(heard, sound, e)) for e in found]
        return sorted(scored, key=lambda n: n.similarity, reverse=True)

    @staticmethod
    def sound_of(heard: str) -> str:
        return phone_string(tuple(p for w in heard.split() for p in pronunciation(w)))

    def similarity(self, heard: str, sound: str, entry: str) -> float:
        spelling = fuzz.ratio(heard.replace(" ", ""), entry.replace(" ", "")) / 100.0
        entry_sound = self.sounds[self.position[entry]] if entry in self.position else ""
        if not sound or not entry_sound:
            return spelling
        phones = Levenshtein.normalized_similarity(sound, entry_sound)
        classes = Levenshtein.normalized_similarity(coarse(sound), coarse(entry_sound))
        v = VOCABULARY
        return v.phone_weight * phones + v.class_weight * classes + v.spelling_weight * spelling


def entry_of(card: str) -> str:
    """A card as the vocabulary holds it: "Ice-Cream" → "ice cream", "Théâtre" → "theatre"."""
    return " ".join(re.split(r"[\s-]+", plain_letters(card.strip())))


@built_once
def english_vocabulary(extra: tuple[str, ...] = ()) -> Vocabulary:
    """The listed cards, `extra` cards and English words. Built once per process (about 2 s:
    wordfreq's list and the CMU dictionary)."""
    common = [w for w in top_n_list("en", VOCABULARY.common_words) if zipf_frequency(w, "en") >= VOCABULARY.min_zipf]
    entries = [entry_of(c) for c in (*wordlist_cards(), *TWO_WORD_CARDS, *extra, *common)]
    return Vocabulary([e for e in entries if _LETTERS.fullmatch(e)])
