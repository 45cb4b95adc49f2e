"""What a setup utterance's words say: a command, a correction, a row of cards, or nothing.

Pure text, no model: the ear scores the card slots found here against the audio. A row
is the heard words cut into five cards (one or two words each, across a pause only when
the count needs it), the cut chosen so that the cards are as near to vocabulary entries as
they can be; an utterance with two grammar words in its cards ("I think the one about the
sea") is table talk, not a row.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, replace

from rapidfuzz.distance import Levenshtein
from wordfreq import zipf_frequency

from voicemaster.speech.ears.grid.settings import READING
from voicemaster.speech.ears.grid.transcript import Word
from voicemaster.speech.ears.vocabulary import Vocabulary, phone_string
from voicemaster.speech.ears.pronounce import pronunciation
from voicemaster.understand.intents import Command
from voicemaster.understand.requests import setup_forms
from voicemaster.understand.setup_phrases import setup_request
from voicemaster.vocabulary import DIGIT_WORDS, number_words, spoken_number

ROW_CARDS = 5
GRID_CARDS = 25
ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4, "5th": 5}
COMMANDS = {form.words: form.request for form in setup_forms()}
"""The requests a setup hears (yes, no, again, repeat: understand/requests.py), by their sayings."""
GRAMMAR_WORDS = frozenset(
    "a an the i you he she it we they me us them my our your his her its their is are was were be am do does did "
    "not no yes and or but of to in on at for with that this what which who if so just think maybe let lets "
    "dont than then more most very really like about would could should will shall must might yet also too "
    "how why when where there here".split()
)
"""Words no card is: a "card" made of them means the words were table talk."""
ROW_SOUND = phone_string(pronunciation("row"))
ROW_SPELLINGS = frozenset("r row rho ro roll road rose rowe bro pro grow throw".split())
"""How Whisper has written "row" before a number ("R01", "Bro to", "Pro 5")."""
MAX_CARD_WORDS = 2


@dataclass(frozen=True)
class Correction:
    card: tuple[Word, ...]
    number: int
    """3 for "third" (in the row being read), 7 for "card seven" (on the table)."""
    in_row: bool

    @property
    def position(self) -> str:
        """As the setup phrase says it: "third" or "card seven"."""
        return _ordinal_name(self.number) if self.in_row else f"card {number_words(self.number)}"

    def index(self, row: int | None) -> int | None:
        """The place (0-24) it corrects; None for an ordinal when the row is not known."""
        if not self.in_row:
            return self.number - 1
        return ROW_CARDS * (row - 1) + self.number - 1 if row is not None else None


@dataclass(frozen=True)
class Row:
    number: int | None
    """The row the reader named ("row two: ..."), if any."""
    cards: tuple[tuple[Word, ...], ...]


Reading = Command | Correction | Row | None


def read(words: list[Word], vocabulary: Vocabulary, row: int | None = None) -> Reading:
    """What one utterance's words say; `row` is the row the table is on, if known. A word "s"
    is what Whisper's "'s" became: "is" in a correction ("Card 7's pilot"), nothing in a row
    ("Dagger's spider")."""
    said = [w for w in words if w.text != "s"]
    words = [replace(w, text="is") if w.text == "s" else w for w in words]
    texts = tuple(w.text for w in words)
    request = setup_request(texts)
    if request is not None:
        return Command(request)
    answer = _answer_by_sound(texts)
    if answer is not None:
        return Command(answer)
    correction = _correction(words)
    if correction is not None:
        return correction
    number, rest = _row_opener(said, vocabulary)
    cards = cut_cards(tuple(rest), vocabulary)
    if number is None and row is not None:
        number, cards = _misheard_opener(rest, cards, row, vocabulary)
    if cards is None or len(cards) < READING.fewest_cards:
        return None
    if sum(_talk_signs(card, vocabulary) for card in cards) >= READING.talk_signs:
        return None
    return Row(number, cards)


def _misheard_opener(
    words: list[Word], cards: tuple[tuple[Word, ...], ...] | None, row: int, vocabulary: Vocabulary
) -> tuple[int | None, tuple[tuple[Word, ...], ...] | None]:
    """When the caller knows the row: one or two first words that sound like "row N" ("Roof
    war" for "row four"), N any row (rows are read in any order; the row the table is on
    when two sound alike), or a first word that is no entry and starts like "row" ("Rolfi"
    for "row five") when the cards fit the vocabulary better without it."""
    for k in (2, 1):
        said = "".join(_sound(w.text) for w in words[:k])
        likeness = {n: Levenshtein.normalized_similarity(said, ROW_SOUNDS[n]) for n in ROW_SOUNDS}
        named = max(ROW_SOUNDS, key=lambda n: (likeness[n], n == row))
        if len(words) - k >= ROW_CARDS and likeness[named] >= READING.row_sound_similarity:
            return named, cut_cards(tuple(words[k:]), vocabulary)
    if _may_be_row_word(words, vocabulary):
        without = cut_cards(tuple(words[1:]), vocabulary)
        if without is not None and cards is not None and _fit_of(without, vocabulary) > _fit_of(cards, vocabulary):
            return row, without
    return None, cards


def _answer_by_sound(texts: tuple[str, ...]) -> str | None:
    """A short utterance that sounds like an answer ("Yep" for "yes", "Agan" for "again")."""
    if not 1 <= len(texts) <= 2 or not all(t.isalpha() for t in texts):
        return None
    sound = "".join(_sound(t) for t in texts)
    best = max(COMMANDS, key=lambda said: Levenshtein.normalized_similarity(sound, ANSWER_SOUNDS[said]))
    if Levenshtein.normalized_similarity(sound, ANSWER_SOUNDS[best]) >= READING.answer_sound_similarity:
        return COMMANDS[best]
    return None


def _correction(words: list[Word]) -> Correction | None:
    """ "[the] third [one|card] is X", "card seven is X" (X one or two words), also as
    Whisper writes it in talk ("Carth 13 is", "car 22 was") or with "card" lost ("23 is
    read": a number that sounds like no ordinal is a place on the table; in the setup-time
    bench that correction went unheard seven times running)."""
    texts = [w.text for w in words]
    at = next((i for i, t in enumerate(texts) if t in LINKS), None)
    if at is None:
        return _correction_by_sound(words) or _place_without_is(words)
    head, card = _head_words(texts[:at]), tuple(words[at + 1 :])
    if not 1 <= len(card) <= MAX_CARD_WORDS:
        return None
    if len(head) == 1 and (place := _table_ordinal(head[0])) is not None:
        return Correction(card, place, in_row=False)
    if head and head[1:] in ([], ["one"], ["card"]) and (head[0] in ORDINALS or len(head) == 1):
        ordinal = ORDINALS.get(head[0]) or _ordinal_by_sound(head[0], "")
        if ordinal is not None:
            return Correction(card, ordinal, in_row=True)
    if len(head) >= 2 and _sounds_like_card(head[0]) and (n := _place(head[1:])) is not None:
        return Correction(card, n, in_row=False)
    if len(head) == 1 and head[0].isdigit() and 1 <= int(head[0]) <= GRID_CARDS:
        return Correction(card, int(head[0]), in_row=False)
    return None


def _correction_by_sound(words: list[Word]) -> Correction | None:
    """ "5th statue", "Ferdis meadow" for "third is meadow": an ordinal, or a first word that
    sounds like an ordinal and "is"."""
    if not 2 <= len(words) <= 1 + MAX_CARD_WORDS:
        return None
    ordinal = ORDINALS.get(words[0].text) or _ordinal_by_sound(words[0].text, "is")
    return Correction(tuple(words[1:]), ordinal, in_row=True) if ordinal is not None else None


def _place_without_is(words: list[Word]) -> Correction | None:
    """ "Card 17 this door", "CART 23 ISREAT", "Card 23, Izrid": in talk Whisper loses the "is"
    of "card N is X" or writes it into the card (the setup-time bench, babble 20: one
    correction unheard eleven times running)."""
    if len(words) < 3 or not _sounds_like_card(words[0].text) or (n := _place([words[1].text])) is None:
        return None
    card = list(words[2:])
    if card[0].text in IS_SPELLINGS and len(card) > 1:
        card = card[1:]
    elif card[0].text[:2] in IS_SPELLINGS and len(card[0].text) > 3:
        card[0] = replace(card[0], text=card[0].text[2:])
    return Correction(tuple(card), n, in_row=False) if len(card) <= MAX_CARD_WORDS else None


def _head_words(texts: list[str]) -> list[str]:
    """The words before "is", "the" dropped and a "card" Whisper split across a place put
    back together ("Car D18 is gentle": card 18)."""
    head = [t for t in texts if t != "the"]
    if len(head) == 3 and head[0] in CARD_SPELLINGS and head[1] == "d":
        return ["card", head[2]]
    return head


def _table_ordinal(text: str) -> int | None:
    """ "18th": an ordinal past a row's five is a place on the table (Whisper writes
    "eighteenth is jungle" so)."""
    found = _DIGIT_ORDINAL.fullmatch(text)
    n = int(found[1]) if found else None
    return n if n is not None and ROW_CARDS < n <= GRID_CARDS else None


def _sounds_like_card(text: str) -> bool:
    return text in CARD_SPELLINGS or Levenshtein.normalized_similarity(_sound(text), CARD_SOUND) >= READING.card_sound_similarity


def _ordinal_by_sound(text: str, then: str) -> int | None:
    """The ordinal `text` sounds like ("bird" → 3, "50" → 5), with `then` said after it
    ("Ferdis": "third is")."""
    sound = _sound(number_words(int(text)) if text.isdigit() else text)
    return _nearest(sound, {n: _sound(_ordinal_name(n)) + _sound(then) for n in range(1, ROW_CARDS + 1)})


def _nearest(sound: str, sounds: dict[int, str]) -> int | None:
    """The number whose sound `sound` is nearest, if near enough."""
    best = max(sounds, key=lambda n: Levenshtein.normalized_similarity(sound, sounds[n]))
    return best if Levenshtein.normalized_similarity(sound, sounds[best]) >= READING.ordinal_sound_similarity else None


def _ordinal_name(n: int) -> str:
    return next(word for word, value in ORDINALS.items() if value == n)


def _number(texts: list[str]) -> int | None:
    if len(texts) == 1 and texts[0].isdigit():
        return int(texts[0])
    return spoken_number("-".join(texts))


def _may_be_row_word(words: list[Word], vocabulary: Vocabulary) -> bool:
    """ "Rolfi" for "row five": more words than cards, the first no entry and starting with R."""
    return len(words) > ROW_CARDS and words[0].text not in vocabulary and _sound(words[0].text)[:1] == ROW_SOUND[:1]


def _fit_of(cards: tuple[tuple[Word, ...], ...], vocabulary: Vocabulary) -> float:
    return sum(card_fit(card, vocabulary) for card in cards)


def _row_opener(words: list[Word], vocabulary: Vocabulary) -> tuple[int | None, list[Word]]:
    """ "Row two", also as Whisper writes it ("Rho2", "Roll two", "Road to", "Rotu"): the
    first word sounds like "row" and a number follows, or the two are one word. (When the
    caller knows the row, `read` also tries the first word as a misheard opener.)"""
    if len(words) < 2:
        return None, words
    first = words[0].text
    sound = _sound(first)
    number = ROW_NUMBER_SOUNDS.get(words[1].text)
    if number is not None and (first in ROW_SPELLINGS or Levenshtein.normalized_similarity(sound, ROW_SOUND) >= READING.row_word_similarity):
        return number, words[2:]
    fused = max(ROW_SOUNDS, key=lambda n: Levenshtein.normalized_similarity(sound, ROW_SOUNDS[n]))
    unlike_a_card = len(words) > ROW_CARDS or first not in vocabulary
    if unlike_a_card and Levenshtein.normalized_similarity(sound, ROW_SOUNDS[fused]) >= READING.fused_row_similarity:
        return fused, words[1:]
    return None, words


def _place(texts: list[str]) -> int | None:
    """The table place (1-25) the words after "card" say, as written or, for one word, by its
    sound ("Card mine is apple pie": nine)."""
    n = _number(texts)
    if n is None and len(texts) == 1 and texts[0].isalpha():
        n = _nearest(_sound(texts[0]), NUMBER_SOUNDS)
    return n if n is not None and 1 <= n <= GRID_CARDS else None


def _sound(text: str) -> str:
    return phone_string(pronunciation(text)) if text.isalpha() else ""


ROW_NUMBER_SOUNDS = {
    "one": 1, "won": 1, "on": 1, "an": 1, "i": 1, "two": 2, "to": 2, "too": 2, "ii": 2, "three": 3, "free": 3, "iii": 3,
    "four": 4, "for": 4, "war": 4, "fore": 4, "iv": 4, "five": 5, "v": 5,
}
"""Row numbers as Whisper writes them after "row" (Roman numerals too: "Rho III")."""
ANSWER_SOUNDS = {said: "".join(_sound(w) for w in said) for said in COMMANDS}
ROW_SOUNDS = {n: _sound("row") + _sound(DIGIT_WORDS[n]) for n in range(1, ROW_CARDS + 1)}
LINKS = frozenset({"is", "was"})
"""The "is" of a correction, and what Whisper writes for it in talk."""
IS_SPELLINGS = frozenset({"is", "iz", "this", "his", "as"})
"""What else Whisper writes for that "is" after "card N" in talk, alone or run into the card."""
NUMBER_SOUNDS = {n: _sound(number_words(n)) for n in range(1, 21)}
"""The places said in one word, by sound (seven is two syllables; twenty-one on are two words)."""
CARD_SPELLINGS = frozenset({"card", "cards", "car", "cart"})
_DIGIT_ORDINAL = re.compile(r"(\d{1,2})(?:st|nd|rd|th)")
CARD_SOUND = _sound("card")


def cut_cards(words: tuple[Word, ...], vocabulary: Vocabulary) -> tuple[tuple[Word, ...], ...] | None:
    """The cut of the words into five cards (one or two words, across a pause only when the
    count needs it: "Bank, Robert") whose cards are nearest the vocabulary; with fewer
    than five words, one card each; with more than ten, as many cards as it takes."""
    n = len(words)
    if n == 0:
        return None
    target = min(ROW_CARDS, n)

    @functools.lru_cache(maxsize=None)
    def best(i: int, left: int) -> tuple[float, tuple[int, ...]] | None:
        if i == n:
            return (0.0, ()) if left == 0 else None
        if left == 0:
            return None
        options = []
        for size in range(1, MAX_CARD_WORDS + 1):
            group = words[i : i + size]
            if len(group) < size:
                continue
            rest = best(i + size, left - 1)
            if rest is not None:
                crossed = READING.pause_crossing * sum(w.pause_after for w in group[:-1])
                options.append((card_fit(group, vocabulary) - crossed + rest[0], (size, *rest[1])))
        return max(options, default=None)

    found = best(0, target)
    if found is None:
        found = max((f for k in range(target + 1, n + 1) if (f := best(0, k)) is not None), default=None)
    if found is None:
        return None
    cards, i = [], 0
    for size in found[1]:
        cards.append(words[i : i + size])
        i += size
    return tuple(cards)


@functools.lru_cache(maxsize=4096)
def _fit(text: str, vocabulary: Vocabulary) -> float:
    if text in vocabulary:
        return 1.0
    near = vocabulary.near(text, READING.fit_near)
    return near[0].similarity if near else 0.0


def card_fit(group: tuple[Word, ...], vocabulary: Vocabulary) -> float:
    """How near a group of heard words is to an entry (a two-word group also as one word:
    "Bump can" for "pumpkin"); an exact two-word entry counts twice, as the two cards it
    replaces would."""
    text = " ".join(w.text for w in group)
    score = max(_fit(text, vocabulary), _fit(text.replace(" ", ""), vocabulary) if len(group) > 1 else 0.0)
    return 2 * score if len(group) > 1 and text in vocabulary else score


def _talk_signs(card: tuple[Word, ...], vocabulary: Vocabulary) -> int:
    """Its grammar words, numbers and very common words ("could", "they": Zipf 6 and more,
    above every card of the word lists), unless the words together are an entry."""
    if len(card) > 1 and " ".join(w.text for w in card) in vocabulary:
        return 0
    return sum(w.text in GRAMMAR_WORDS or w.text.isdigit() or w.text in DIGIT_WORDS or _very_common(w.text) for w in card)


@functools.lru_cache(maxsize=4096)
def _very_common(text: str) -> bool:
    return zipf_frequency(text, "en") >= READING.common_zipf
