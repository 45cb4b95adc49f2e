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
- a derivation WordNet gives with a changed spelling (France, French; deep, depth), unless
  the rest is a suffix that takes no base that short (pry + -ize is no prize);
- a tie WordNet gives whose rest is a derivational suffix the affix rules lack
  (affixes.DERIVATIONAL: novel + -ty), the base heard at the start.
Weak: a suffix whose sound, part of speech or kind does not fit (tot, TOH-tal): asked.
None at all: a base at the start followed by an ending that only inflects and is no
inflection of it (dig + -est is no superlative of dig: digest), or by no affix at all
(cow + -ard, lap + -el): accidental spellings, legal however WordNet came to link the
two words (by_accident).
"""

from __future__ import annotations

from functools import lru_cache

from voicemaster.referee import kinship
from voicemaster.referee.affixes import BEGINNINGS, DERIVATIONAL, ENDINGS, affixal, remainder, suffixes_only
from voicemaster.referee.compounds import SURE, parts
from voicemaster.referee.derivation import KINDS, used_classes
from voicemaster.referee.lexicon import lexicon
from voicemaster.referee.listed_forms import demonym_bases, listed_bases
from voicemaster.referee.sounds import has_sound_prefix
from voicemaster.referee.suffixes import SUFFIXES, Suffix, heard_as_derived, heard_at_start, sound_mode
from voicemaster.referee.tuning import DERIVATIONS

INFLECTING_ONLY = frozenset({"s", "es", "ed", "ing", "est", "n"})
"""Endings that only inflect: a word that has one and is not an inflection lemminflect
knows of the base holds the base by accident (digest, pawn)."""
PEOPLE = ("person", "female")
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
    """Does `word` = `base` + `suffix` hold in sound and, for a suffix that makes
    people, in part of speech and kind (the rare sense WordNet ties by: liver, one who
    lives)? WordNet's link stands for the parts of speech of the others: hardship is
    made from an adjective, slippery is no noun, yet each is its base's."""
    word_pos, base_pos = _pos(word), _pos(base)
    people = suffix.makes in PEOPLE
    if people and word_pos and not word_pos & set(suffix.derived):
        return False
    if people and base_pos and not base_pos & set(suffix.base):
        return False
    mode = sound_mode(base, suffix)
    if mode == "full" and not heard_as_derived(word, base, suffix.text):
        return False
    if mode == "loose" and has_sound_prefix(word, base, loose=True) is False:
        return False
    if suffix.makes in PEOPLE:
        kinds = KINDS[suffix.makes] | (INSTRUMENT if suffix.text in ("er", "or") else frozenset())
        used = used_classes(word)
        return not used or bool(used & kinds) or _an_instrument_of(word, base, suffix)
    return True


def _an_instrument_of(word: str, base: str, suffix: Suffix) -> bool:
    """A word in -er or -or met only in other senses that WordNet also knows as a thing
    that does (an artifact), whose definitions share a rare word with its base's: the
    thing that does what the base names, whatever sense the tagged corpus met."""
    return suffix.text in ("er", "or") and bool(INSTRUMENT & kinship.classes(word)) and base in kinship.akin(word)


@lru_cache(maxsize=32768)
def derived_soundly(word: str, base: str) -> bool:
    """Is the tie between `word` and the shorter `base` (WordNet's, or a listed
    derivation) strong: see the module's docstring."""
    if word == base or _inflection_of(word, base) or base in listed_bases(word) | demonym_bases(word):
        return True
    rest = remainder(word, base)
    if rest is None or rest in ("", "e"):
        return True
    if not (word.startswith(base) or word.endswith(base)):
        respelled = [suffix for suffix in SUFFIXES if suffix.text == rest]
        return not respelled or any(len(base) >= suffix.min_base for suffix in respelled)
    if not affixal(rest):
        return (
            base in parts(word, SURE)
            or _a_word_left(rest)
            or _listed_suffix(word, base, rest)
        )
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
        for cut in range(DERIVATIONS.min_ending, len(rest))
        if rest[:cut] in ENDINGS and rest[cut:] in ENDINGS
    )


def by_accident(word: str, base: str) -> bool:
    """Does `word` hold `base` at its start followed by no affix at all, or by an ending
    that only inflects and is no inflection of it (cow + -ard, dig + -est), and no
    compound, older suffix or word either, nor two endings (light + -en + -ing) or one
    that takes in the base's last letter (Sparta + -an)? Then it is an accidental
    spelling, whatever tie WordNet gives (cow, to intimidate, and coward). A rest that
    is a derivational suffix the affix rules lack (novel + -ty, hose + -ier) is no
    accident: strong evidence with the base heard at the start, else weak, asked
    (affixes.DERIVATIONAL)."""
    rest = remainder(word, base)
    if rest is None or not rest or not word.startswith(base) or derived_soundly(word, base):
        return False
    if base[-1] + rest in ENDINGS or any(rest[:cut] in ENDINGS and rest[cut:] in ENDINGS for cut in range(1, len(rest))):
        return False
    if rest in INFLECTING_ONLY:
        return True
    return not (affixal(rest) or suffixes_only(rest))


def _a_word_left(rest: str) -> bool:
    """Is what a compound WordNet ties to its base adds a word, maybe after a suffix
    of the base (tooth + brush, fish + -er + man), not a spelling's leftover (cow + ard,
    tan + gent)?"""
    pos = lexicon().pos
    return any(
        len(rest) - cut >= DERIVATIONS.min_word_left and rest[cut:] in pos and affixal(rest[:cut])
        for cut in range(len(rest))
    )


def _listed_suffix(word: str, base: str, rest: str) -> bool:
    """A tie WordNet gives whose rest is a derivational suffix the affix rules lack (novel +
    -ty, hose + -ier, warrior's older -ior), the base heard at the start."""
    return (rest in DERIVATIONAL or rest == "ior") and word.startswith(base) and heard_at_start(word, base)


def tie_holds(a: str, b: str, middle: str) -> bool:
    """Do both words hold the base `middle` they are tied through (each derived from
    it, or it from them) on strong evidence?"""
    for word in (a, b):
        longer, shorter = (word, middle) if len(word) >= len(middle) else (middle, word)
        if not derived_soundly(longer, shorter):
            return False
    return True
