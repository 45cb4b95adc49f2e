"""Meaning is never form: do two words WordNet ties share a form, so that one may be made from the other?

WordNet links a word to what it is derived from, but also, as pertainyms and
"related" senses, to a word of another root that means the same: equine to horse,
lunar to moon, papal to pope. A clue of the same meaning is what a clue is (issue
49), so such a tie alone never makes a form. Two words share a form when one is
spelled inside the other (with affixes: hand + -ful), when a table lists the one as
made from the other (Wiktionary's suffixed words, the irregular derivations,
demonyms and clippings of listed_forms.py; an irregular inflection: better, good),
or when they share a stem: their first letters alike, as many as
`DERIVATIONS.min_shared_stem` (explode, explosion; receive, reception), or two and
then the shorter word's every consonant in order, its vowels changed (abound,
abundance; omen, ominous; ice, icy), reading the voiced consonants English makes
verbs with as voiceless (life, live). Star and stellar share two letters but not
their consonants, pope and papal one letter: another root.
"""

from __future__ import annotations

from functools import lru_cache

from voicemaster.referee.affixes import remainder
from voicemaster.referee.lexicon import lexicon
from voicemaster.referee.listed_forms import demonym_bases, listed_bases
from voicemaster.referee.tuning import DERIVATIONS
from voicemaster.referee.wiktionary import suffixed_from

VOICELESS = str.maketrans("vz", "fs")
"""The voiced consonants of verbs made from nouns (live, glaze) read as the nouns' (life, glass)."""
VOWELS = frozenset("aeiouy")


def _stem_length(a: str, b: str) -> int:
    """How many first letters `a` and `b` share, voiced consonants read as voiceless."""
    n = 0
    for x, y in zip(a.translate(VOICELESS), b.translate(VOICELESS)):
        if x != y:
            break
        n += 1
    return n


def _consonants(word: str) -> str:
    return "".join(ch for ch in word.translate(VOICELESS) if ch not in VOWELS)


def _listed(word: str, base: str) -> bool:
    """A table says `word` is made from `base`, or is a form of it."""
    if base in suffixed_from(word) or base in listed_bases(word) or base in demonym_bases(word):
        return True
    return any(lemma == base for lemma, _ in lexicon().lemmas_of(word))


@lru_cache(maxsize=65536)
def shares_form(a: str, b: str) -> bool:
    """May one of `a` and `b` be made from the other by its form, not only its meaning?"""
    shorter, longer = sorted((a, b), key=len)
    if remainder(longer, shorter) is not None or _listed(a, b) or _listed(b, a):
        return True
    stem = _stem_length(shorter, longer)
    if stem >= DERIVATIONS.min_shared_stem:
        return True
    return stem == DERIVATIONS.min_shared_stem - 1 and _consonants(longer).startswith(_consonants(shorter))
