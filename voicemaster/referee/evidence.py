"""Is the evidence that a word is derived from another strong enough to refuse a clue?

A refusal ends a turn and hands the other team a cover; a question costs one answer.
So the referee refuses only on evidence that holds whatever reading the table takes,
and asks the opposing spymaster, with the reason, on anything weaker. Strong:
- an inflection lemminflect generates (teachers, taught);
- for a tie WordNet gives: the base heard whole at the start of the word, the suffix
  one that makes words of the word's part of speech from words of the base's, and
  the word, as it is used (the senses WordNet's tagged corpus met), the kind that
  suffix makes: an artist is a person; a liver, met as an organ and as food, is no
  one who lives (derivations WordNet does not give are weak: derivation.py);
- a compound WordNet confirms (compounds.py), the base one of its parts;
- a derivation WordNet gives with a changed spelling (France, French; deep, depth).
Weak: an ending that only inflects (dig + -est is no superlative of dig: digest), a
suffix whose sound, part of speech or kind does not fit (tot, TOH-tal), or a rest that
is no affix at all (cow + -ard, lap + -el, cut + -lery): accidental spellings, however
WordNet came to link the two words.
"""

from __future__ import annotations

from functools import lru_cache

from voicemaster.referee import kinship
from voicemaster.referee.affixes import BEGINNINGS, ENDINGS, affixal, remainder
from voicemaster.referee.compounds import SURE, parts
from voicemaster.referee.derivation import KINDS, used_classes
from voicemaster.referee.lexicon import lexicon
from voicemaster.referee.listed_forms import demonym_bases, listed_bases
from voicemaster.referee.sounds import has_sound_prefix
from voicemaster.referee.suffixes import SUFFIXES, Suffix, heard_as_derived, sound_mode

INFLECTING_ONLY = frozenset({"s", "es", "ed", "ing", "est", "n"})
"""Endings that only inflect: a word that has one and is not an inflection lemminflect
knows of the base holds the base by accident (digest, pawn)."""
PEOPLE = ("person", "female")
MIN_ENDING = 1
MIN_WORD = 3
INSTRUMENT = frozenset({"artifact"})
"""-er and -or make things that do as well as people (a printer, a toaster, a computer)."""


def _pos(word: str) -> set[str]:
    """The word's own parts of speech: not those it has only as an inflection of
    another word (broke is an adjective of its own; its verb is break's)."""
    lex = lexicon()
    inflected = {pos for _, pos in lex.lemmas_of(word)}
    return set(kinship.wordnet_pos(word)) | (set(lex.pos.get(word, "")) - inflected)


def _inflection_of(word: str, base: str) -> bool:
    return any(lemma == base for lemma, _ in lexicon().lemmas_of(word))


def _fits(word: str, base: str, suffix: Suffix) -> bool:
    """Does `word` = `base` + `suffix` hold in sound, part of speech and, for a suffix
    that makes people, kind (the rare sense WordNet ties by: liver, one who lives)?"""
    word_pos, base_pos = _pos(word), _pos(base)
    if word_pos and not word_pos & set(suffix.derived):
        return False
    if base_pos and not base_pos & set(suffix.base):
        return False
    mode = sound_mode(base, suffix)
    if mode == "full" and not heard_as_derived(word, base, suffix.text):
        return False
    if mode == "loose" and has_sound_prefix(word, base, loose=True) is False:
        return False
    if suffix.makes in PEOPLE:
        kinds = KINDS[suffix.makes] | (INSTRUMENT if suffix.text in ("er", "or") else frozenset())
        used = used_classes(word)
        return not used or bool(used & kinds)
    return True


@lru_cache(maxsize=32768)
def derived_soundly(word: str, base: str) -> bool:
    """Is the tie between `word` and the shorter `base` (WordNet's, or a listed
    derivation) strong: see the module's docstring."""
    if word == base or _inflection_of(word, base) or base in listed_bases(word) | demonym_bases(word):
        return True
    rest = remainder(word, base)
    if rest is None or rest in ("", "e") or not (word.startswith(base) or word.endswith(base)):
        return True
    if not affixal(rest):
        return base in parts(word, SURE) or _a_word_left(rest)
    if rest in BEGINNINGS:
        return True
    rests = {rest, base[-1] + rest} if base.endswith("e") and not rest.startswith("e") else {rest}
    suffixes = [suffix for suffix in SUFFIXES if suffix.text in rests]
    if suffixes:
        return any(_fits(word, base, suffix) for suffix in suffixes)
    if rest in INFLECTING_ONLY:
        return False
    if rest in ENDINGS or not word.startswith(base):
        return has_sound_prefix(word, base, loose=True) is not False
    return any(
        derived_soundly(word[: len(base) + cut], base) and derived_soundly(word, word[: len(base) + cut])
        for cut in range(MIN_ENDING, len(rest))
        if rest[:cut] in ENDINGS and rest[cut:] in ENDINGS
    )


def _a_word_left(rest: str) -> bool:
    """Is what a compound WordNet ties to its base adds a word, maybe after a suffix
    of the base (tooth + brush, fish + -er + man), not a spelling's leftover (cow + ard,
    tan + gent)?"""
    pos = lexicon().pos
    return any(
        len(rest) - cut >= MIN_WORD and rest[cut:] in pos and affixal(rest[:cut]) for cut in range(len(rest))
    )


def tie_holds(a: str, b: str, middle: str) -> bool:
    """Do both words hold the base `middle` they are tied through (each derived from
    it, or it from them) on strong evidence?"""
    for word in (a, b):
        longer, shorter = (word, middle) if len(word) >= len(middle) else (middle, word)
        if not derived_soundly(longer, shorter):
            return False
    return True
