"""The shipped word lists: cards a table can tell apart by ear and the recognizer can hear."""

from __future__ import annotations

import itertools
import re
from functools import lru_cache
from pathlib import Path

import pocketsphinx
import pronouncing
import pytest
from lemminflect import getAllInflections, getAllLemmas

from voicemaster.card_files import read_wordlist
from voicemaster.understand.requests import vocabulary
from voicemaster.vocabulary import CLUE_NUMBER_WORDS

WORDLISTS = Path(__file__).resolve().parents[1] / "wordlists"
MINIMUM_SIZE = {"default.txt": 420, "kids.txt": 200}
LIST_NAMES = sorted(MINIMUM_SIZE)


@lru_cache(maxsize=None)
def cards(name: str) -> tuple[str, ...]:
    return read_wordlist(WORDLISTS / name)


@lru_cache(maxsize=1)
def pocketsphinx_words() -> frozenset[str]:
    dictionary = Path(pocketsphinx.get_model_path()) / "en-us" / "cmudict-en-us.dict"
    return frozenset(line.split(maxsplit=1)[0] for line in dictionary.read_text().splitlines())


def sounds(word: str) -> list[tuple[str, ...]]:
    """Each CMU pronunciation as phonemes without stress marks."""
    return [tuple(re.sub(r"\d", "", p) for p in ph.split()) for ph in pronouncing.phones_for_word(word)]


def related_forms(word: str) -> set[str]:
    forms = {word}
    for table in (getAllInflections(word), getAllLemmas(word)):
        for variants in table.values():
            forms.update(variants)
    return forms


def one_sound_apart(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """True when one phoneme substituted, inserted or deleted turns a into b."""
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b)) == 1
    short, long_ = sorted((a, b), key=len)
    if len(long_) - len(short) != 1:
        return False
    return any(long_[:i] + long_[i + 1 :] == short for i in range(len(long_)))


@pytest.mark.parametrize("name", LIST_NAMES)
def test_list_is_large_enough_and_has_no_duplicates(name: str) -> None:
    words = cards(name)
    assert len(words) >= MINIMUM_SIZE[name]
    assert len({w.lower() for w in words}) == len(words)


@pytest.mark.parametrize("name", LIST_NAMES)
def test_cards_are_single_lower_case_words_of_3_to_10_letters(name: str) -> None:
    bad = [w for w in cards(name) if not re.fullmatch(r"[a-z]{3,10}", w)]
    assert bad == []


@pytest.mark.parametrize("name", LIST_NAMES)
def test_every_card_is_in_the_pronouncing_dictionaries(name: str) -> None:
    unknown_cmu = [w for w in cards(name) if not pronouncing.phones_for_word(w)]
    unknown_recognizer = [w for w in cards(name) if w not in pocketsphinx_words()]
    assert unknown_cmu == []
    assert unknown_recognizer == []


@pytest.mark.parametrize("name", LIST_NAMES)
def test_no_card_is_a_prefix_or_compound_tail_of_another(name: str) -> None:
    words = cards(name)
    clashes = [
        (a, b)
        for a, b in itertools.permutations(words, 2)
        if b.startswith(a)
        or (b.endswith(a) and len(b) - len(a) >= 3 and pronouncing.phones_for_word(b[: -len(a)]))
    ]
    assert clashes == []


@pytest.mark.parametrize("name", LIST_NAMES)
def test_no_card_is_an_inflection_of_another(name: str) -> None:
    words = set(cards(name))
    clashes = sorted((w, other) for w in words for other in related_forms(w) & words if other != w)
    assert clashes == []


@pytest.mark.parametrize("name", LIST_NAMES)
def test_no_two_cards_sound_alike(name: str) -> None:
    """Same sounds, or short words one sound apart (cake/lake), would make the referee ask."""
    heard = {w: sounds(w) for w in cards(name)}
    clashes = [
        (a, b)
        for a, b in itertools.combinations(heard, 2)
        for x in heard[a]
        for y in heard[b]
        if x == y or (min(len(x), len(y)) <= 4 and one_sound_apart(x, y))
    ]
    assert clashes == []


@pytest.mark.parametrize("name", LIST_NAMES)
def test_no_card_is_a_word_the_referee_listens_for(name: str) -> None:
    spoken = vocabulary("clue") | vocabulary("guess") | set(CLUE_NUMBER_WORDS)
    assert sorted(set(cards(name)) & spoken) == []


def test_the_checks_catch_what_they_guard_against() -> None:
    assert "banks" in related_forms("bank")
    assert sounds("knight") == sounds("night")
    assert one_sound_apart(sounds("cake")[0], sounds("lake")[0])
    assert not one_sound_apart(sounds("cake")[0], sounds("ocean")[0])
